import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running the module `name` beside `besideUrl` (a module's `import.meta.url`),
 * of the same kind: `.js` when built, `.ts` from source under tsx, whose loader Node 20 does not
 * hand on to workers, so the worker registers it first.
 */
export function startWorkerModule(besideUrl: string, name: string, options?: WorkerOptions): Worker {
  const entry = new URL(`./${name}${extname(fileURLToPath(besideUrl))}`, besideUrl);
  if (entry.pathname.endsWith('.js')) return new Worker(entry, options);
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(
    `import(${tsx}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry.href)}))`,
    { ...options, eval: true },
  );
}

/**
 * The resource limits of a thread that reads or indexes a site: a young generation of 96 MB
 * (semi-spaces of 32 MB, V8's default 16), so that its garbage is collected half as often.
 * Reading and indexing keep most of what they make (the documents, then the index), which every
 * collection of the young generation copies: 10,000 MDN pages took about half the scavenges, for
 * less CPU in all (see bench/RESULTS.md, "Indexing CPU"). The memory is only taken when used.
 */
export const INDEXING_THREAD_LIMITS = { maxYoungGenerationSizeMb: 96 };
