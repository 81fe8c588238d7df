/**
 * Index benchmark: build time and memory for 1,000 and 10,000 MDN pages, in-process search
 * latency (p50/p99 over a few hundred distinct queries, cold: the result cache is off; and warm:
 * the same queries again through the cache), and extractive ask latency. Prints numbers.
 *
 *   npx tsx bench/index-build.ts        (expands MDN into /tmp/mdn when missing)
 *
 * CPU time is printed beside wall time: on a shared machine the wall clock also counts other
 * processes' turns.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createExtractiveAnswerer } from '../src/server/answer/extractive-answerer.js';
import type { SourceDocument } from '../src/server/content/document.js';
import { loadContentFolder } from '../src/server/content/load-folder.js';
import { createOramaIndex } from '../src/server/search/orama-index.js';
import type { SearchIndex } from '../src/server/search/search-index.js';

/** The shared corpora beside the checkout, else the project's (a clone in /tmp has none beside it). */
const CORPORA = [new URL('../../shared/corpora/', import.meta.url).pathname, '/work/shared/corpora/'].find(
  (dir) => existsSync(dir),
) as string;
const QUESTIONS = new URL('./questions/', import.meta.url).pathname;
const MDN_DIR = process.env['MDN_DIR'] ?? '/tmp/mdn';

const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;
const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Wall and CPU time of an async step. */
async function timed<T>(run: () => Promise<T>): Promise<{ result: T; wall: number; cpu: number }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await run();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { result, wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** A few hundred queries a visitor might type: every prefix of the benchmark's typeahead queries, and its questions. */
function queries(): string[] {
  const read = <T>(name: string): T => JSON.parse(readFileSync(`${QUESTIONS}${name}`, 'utf8')) as T;
  const typed = [
    ...read<{ query: string }[]>('mdn-typeahead.json'),
    ...read<{ query: string }[]>('hono-typeahead.json'),
  ].map((q) => q.query);
  const prefixes = typed.flatMap((query) =>
    Array.from({ length: query.length - 1 }, (_, i) => query.slice(0, i + 2)),
  );
  const questions = [
    ...read<{ question: string }[]>('mdn-questions.json'),
    ...read<{ question: string }[]>('hono-questions.json'),
  ].map((q) => q.question);
  return [...new Set([...prefixes, ...questions])];
}

async function latency(
  run: (query: string) => Promise<unknown>,
  list: string[],
): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (const query of list) {
    const started = performance.now();
    await run(query);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function benchmark(label: string, documents: SourceDocument[]): Promise<void> {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const index: SearchIndex = createOramaIndex({ resultCacheSize: 0 });
  const build = await timed(() => index.load(documents));
  global.gc?.();
  const memory = process.memoryUsage();
  console.log(`\n== ${label}: ${documents.length} pages ==`);
  console.log(`  index build      ${ms(build.wall)} wall, ${ms(build.cpu)} CPU`);
  console.log(
    `  memory           heapUsed ${mb(memory.heapUsed)} (index ≈ ${mb(memory.heapUsed - heapBefore)}), rss ${mb(memory.rss)}`,
  );

  const list = queries();
  await latency((query) => index.search(query, { limit: 10 }), list.slice(0, 50)); // warm up the JIT
  const cold = await latency((query) => index.search(query, { limit: 10 }), list);
  console.log(
    `  search (${list.length} distinct queries, no cache)   p50 ${ms(cold.p50)}  p99 ${ms(cold.p99)}`,
  );
  const cached = createOramaIndex();
  await cached.load(documents);
  await latency((query) => cached.search(query, { limit: 10 }), list);
  const warm = await latency((query) => cached.search(query, { limit: 10 }), list);
  console.log(`  search (same queries again, result cache)      p50 ${ms(warm.p50)}  p99 ${ms(warm.p99)}`);
  const answerer = createExtractiveAnswerer({ index });
  const questions = list.filter((query) => query.includes(' ') && query.length > 20);
  const ask = await latency(
    (query) => answerer.answer({ query, history: [], format: 'html', threshold: 0 }),
    questions,
  );
  console.log(
    `  extractive ask (${questions.length} questions)              p50 ${ms(ask.p50)}  p99 ${ms(ask.p99)}`,
  );
}

if (!existsSync(MDN_DIR))
  execFileSync('node', [`${CORPORA}expand.mjs`, `${CORPORA}mdn-10k.jsonl.gz`, MDN_DIR], { stdio: 'inherit' });
const loaded = await timed(() => loadContentFolder(MDN_DIR));
console.log(
  `Loaded ${loaded.result.documents.length} MDN pages from ${MDN_DIR} in ${ms(loaded.wall)} wall, ${ms(loaded.cpu)} CPU`,
);
const all = loaded.result.documents;
// Every tenth page, so that the 1,000 cover the same sections of MDN as the 10,000.
await benchmark(
  'MDN 1,000',
  all.filter((_, i) => i % 10 === 0),
);
await benchmark('MDN 10,000', all);
