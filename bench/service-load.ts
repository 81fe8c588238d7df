/**
 * Load benchmark of the reference service over the MDN corpus (1,000 and 10,000 pages):
 * index build time and memory, search requests per second and latency under autocannon, and
 * ask latency; for searches, the CPU a request costs the main thread and the whole process. Prints
 * numbers; asserts nothing.
 *
 *   npx tsx bench/service-load.ts [--duration S] [--connections N]
 *
 * The service runs as a child process (the real CLI) so that autocannon, in this process, does
 * not share its event loop. The rate limit is raised through a config file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type RequestSpec } from 'autocannon';
import {
  type CliService,
  LOAD_KEY as KEY,
  cpuSeconds,
  rssMb,
  searchRequest,
  startCliService,
  stopService,
  writeLoadConfig,
} from './cli-service.js';
import { VISITOR_QUERIES, distinctTitleQueries, keystrokes } from './load-queries.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CORPUS = '/work/shared/corpora/mdn-10k.jsonl.gz';
const EXPAND = '/work/shared/corpora/expand.mjs';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);

/** Queries for the bundled demo documentation, where search costs little: the HTTP layer's ceiling. */
const DEMO_QUERIES = [
  'install',
  'search box attributes',
  'theming accent colour',
  'api key',
  'rate limit',
  'feedback buttons',
  'ask chat conversation',
  'config file',
  'analytics',
  'health check',
  'css parts',
  'keyboard',
];

/** Questions for /bot/askai, in a visitor's words. */
const QUESTIONS = [
  'How do I cancel a fetch request?',
  'What does Promise.all do?',
  'How do I center an element with flexbox?',
  'How do I store data in localStorage?',
  'What is the difference between let and const?',
  'How do I use CSS grid areas?',
  'What is CORS?',
  'How do I observe when an element becomes visible?',
  'How do I register a service worker?',
  'What does the Cache-Control header do?',
  'How do I parse JSON in JavaScript?',
  'How do I make a dialog modal?',
  'What is the shadow DOM?',
  'How do I define a custom element?',
  'How do I read a file the user selected?',
  'What is a WebSocket?',
  'How do I animate with keyframes?',
  'What does box-sizing border-box do?',
  'How do I get the position of an element?',
  'What is optional chaining?',
];

function ensureCorpus(dir: string, limit?: number): void {
  if (existsSync(dir)) return;
  console.log(`expanding ${limit ?? 'all'} MDN pages into ${dir}`);
  const args = [EXPAND, CORPUS, dir, ...(limit === undefined ? [] : ['--limit', String(limit)])];
  const run = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`expand.mjs failed with ${run.status}`);
}

/**
 * Search under load. Repeating queries run for the set duration after a 2 s warm-up; distinct
 * queries are each sent once (a tenth, at most 1,000, to warm up, the rest measured), so that
 * none meets a cached result, however fast the service goes through them.
 */
async function loadSearch(
  service: CliService,
  label: string,
  queries: string[],
  distinct = false,
): Promise<void> {
  const { url } = service;
  const request = searchRequest(queries);
  const warmUp = Math.min(1000, Math.floor(queries.length / 10));
  await autocannon({
    url,
    connections: CONNECTIONS,
    requests: [request],
    ...(distinct ? { amount: warmUp } : { duration: 2 }),
  });
  const cpuBefore = cpuSeconds(service.process.pid!);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    requests: [request],
    // autocannon notices that the last request is answered at its next sample: every second by
    // default, which rounds a run of a set amount up to whole seconds (16,888 requests in 8.1 s
    // read as 9 s, 1,876 req/s). Sampled every 50 ms, the duration is the run's own.
    ...(distinct ? { amount: queries.length - warmUp, sampleInt: 50 } : { duration: DURATION }),
  });
  const cpuAfter = cpuSeconds(service.process.pid!);
  const failed = result.non2xx + result.errors + result.timeouts;
  const perSecond = result.requests.total / Math.max(result.duration, 0.001);
  // CPU a request: the service's main thread (HTTP, validation, the store; ranking too unless the
  // index has its own thread) and its whole process (GC and the index's thread included).
  const cpuPerRequest = (seconds: number) =>
    ((seconds * 1e6) / Math.max(result.requests.total, 1)).toFixed(0);
  console.log(
    `  search, ${label.padEnd(44)} ${perSecond.toFixed(0).padStart(6)} req/s   ` +
      `p50 ${result.latency.p50.toFixed(1)} ms   p99 ${result.latency.p99.toFixed(1)} ms   ` +
      `CPU µs a request: main thread ${cpuPerRequest(cpuAfter.main - cpuBefore.main)}, ` +
      `process ${cpuPerRequest(cpuAfter.total - cpuBefore.total)}` +
      (failed > 0 ? `   (${failed} failed)` : ''),
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measureAsk(url: string, count: number): Promise<void> {
  const timings: number[] = [];
  let answered = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(`${url}/bot/askai`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: KEY, query: QUESTIONS[i % QUESTIONS.length], format: 'html' }),
    });
    const body = (await response.json()) as { didAnswer?: boolean };
    timings.push(performance.now() - started);
    if (body.didAnswer) answered++;
  }
  timings.sort((a, b) => a - b);
  console.log(
    `  ask, one at a time (${count}, stored with fsync)        p50 ${percentile(timings, 50).toFixed(1)} ms   ` +
      `p99 ${percentile(timings, 99).toFixed(1)} ms   (${answered} answered)`,
  );
  const result = await autocannon({
    url,
    connections: 4,
    duration: Math.max(3, Math.round(DURATION / 2)),
    requests: [
      {
        method: 'POST',
        path: '/bot/askai',
        headers: { 'content-type': 'application/json' },
        setupRequest: (() => {
          let next = 0;
          return (request: RequestSpec): RequestSpec => ({
            ...request,
            body: JSON.stringify({ apiKey: KEY, query: QUESTIONS[next++ % QUESTIONS.length] }),
          });
        })(),
      },
    ],
  });
  console.log(
    `  ask, 4 connections                                  ${result.requests.average.toFixed(0).padStart(6)} req/s   ` +
      `p50 ${result.latency.p50.toFixed(1)} ms   p99 ${result.latency.p99.toFixed(1)} ms`,
  );
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'ask-elements-bench-'));
  const configFile = join(work, 'config.json');
  writeLoadConfig(configFile);
  const corpora = [
    {
      label: 'bundled demo docs (HTTP layer ceiling)',
      dir: join(ROOT, 'demo/content'),
      limit: 0,
      queries: DEMO_QUERIES,
    },
    { label: '1,000 MDN pages', dir: '/tmp/mdn-1k', limit: 1000, queries: VISITOR_QUERIES },
    { label: '10,000 MDN pages', dir: '/tmp/mdn', limit: undefined, queries: VISITOR_QUERIES },
  ];
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${DURATION} s per run, numDocs 8; Node ${process.version}`,
  );
  try {
    for (const corpus of corpora) {
      if (corpus.limit !== 0) ensureCorpus(corpus.dir, corpus.limit);
      const typed = corpus.queries.flatMap(keystrokes);
      const distinct = distinctTitleQueries(corpus.dir);
      const service = await startCliService(
        corpus.dir,
        join(work, `${corpus.limit ?? 'all'}.db`),
        configFile,
        {
          BENCH_KEY: KEY,
        },
      );
      try {
        console.log(
          `\n${corpus.label}: ${service.documents} documents indexed in ${service.indexMs} ms, rss ${rssMb(service.process.pid!).toFixed(0)} MB`,
        );
        await loadSearch(service, `typed queries (${typed.length} keystrokes, repeating)`, typed);
        if (corpus.limit === 0) continue;
        await loadSearch(service, `distinct title queries (${distinct.length}, each once)`, distinct, true);
        await measureAsk(service.url, 200);
        console.log(`  rss after load: ${rssMb(service.process.pid!).toFixed(0)} MB`);
      } finally {
        await stopService(service);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
