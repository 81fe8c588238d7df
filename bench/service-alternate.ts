/**
 * CPU a distinct search costs the service over HTTP, this checkout's CLI against another
 * checkout's, both running at once over the same folder and loaded in turns with the same slices
 * of bench/service-load.ts's distinct title queries (the first of each pair of turns alternating),
 * so that each slice meets the same machine: on a machine shared with other work, CPU per request
 * moves with the load (the same code 585 to 831 µs in one hour), and runs one after the other
 * compare that load more than the code. Also each one's indexing CPU, and optionally whether
 * every response body is the same for the first N queries. Prints numbers; asserts nothing.
 *
 *   npx tsx bench/service-alternate.ts --base DIR [--dir /tmp/mdn] [--slices 8] [--bodies N]
 *
 * DIR is another checkout with its own node_modules (`git worktree add DIR COMMIT`, then a link to
 * this checkout's node_modules). The folder must already be expanded (bench/service-load.ts does).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  type CliService,
  LOAD_KEY,
  cpuSeconds,
  searchRequest,
  startCliService,
  stopService,
  writeLoadConfig,
} from './cli-service.js';
import { distinctTitleQueries } from './load-queries.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    dir: { type: 'string', default: '/tmp/mdn' },
    slices: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    bodies: { type: 'string', default: '0' },
  },
});
if (values.base === undefined) throw new Error('--base DIR: the checkout to compare with');
if (!existsSync(values.dir)) throw new Error(`${values.dir} is not there: bench/service-load.ts expands it`);
const CONNECTIONS = Number(values.connections);

interface Side {
  label: string;
  service: CliService;
  /** CPU seconds and requests of the measured slices, summed. */
  main: number;
  total: number;
  requests: number;
  seconds: number;
  failed: number;
}

/** Loads `side` with each of `queries` once; adds its CPU and requests to the side's sums. */
async function loadSlice(side: Side, queries: string[]): Promise<number> {
  const pid = side.service.process.pid!;
  const before = cpuSeconds(pid);
  const result = await autocannon({
    url: side.service.url,
    connections: CONNECTIONS,
    requests: [searchRequest(queries)],
    amount: queries.length,
    // As in service-load.ts: the run's own duration, not rounded up to whole seconds.
    sampleInt: 50,
  });
  const after = cpuSeconds(pid);
  side.main += after.main - before.main;
  side.total += after.total - before.total;
  side.requests += result.requests.total;
  side.seconds += result.duration;
  side.failed += result.non2xx + result.errors + result.timeouts;
  return ((after.total - before.total) * 1e6) / Math.max(result.requests.total, 1);
}

/** The response bodies of the first `count` queries, one request at a time. */
async function bodies(side: Side, queries: string[], count: number): Promise<string[]> {
  const texts: string[] = [];
  for (const query of queries.slice(0, count)) {
    const response = await fetch(`${side.service.url}/bot/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: LOAD_KEY, query, numDocs: 8 }),
    });
    texts.push(await response.text());
  }
  return texts;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'ask-elements-alternate-'));
  const configFile = join(work, 'config.json');
  writeLoadConfig(configFile);
  const sides: Side[] = [];
  try {
    // One after the other, so that neither indexes beside the other.
    for (const [at, root] of [ROOT, resolve(values.base!)].entries()) {
      const service = await startCliService(
        values.dir,
        join(work, `${at}.db`),
        configFile,
        { BENCH_KEY: LOAD_KEY },
        root,
      );
      const label = at === 0 ? 'this checkout' : root;
      console.log(
        `${label}: ${service.documents} documents indexed in ${service.indexMs} ms, ${service.indexCpuSeconds.toFixed(2)} s of CPU`,
      );
      sides.push({ label, service, main: 0, total: 0, requests: 0, seconds: 0, failed: 0 });
    }
    const queries = distinctTitleQueries(values.dir);
    // A tenth, at most 1,000, to warm up, as service-load.ts does; the rest measured.
    const warmUp = Math.min(1000, Math.floor(queries.length / 10));
    for (const side of sides) await loadSlice(side, queries.slice(0, warmUp));
    for (const side of sides) Object.assign(side, { main: 0, total: 0, requests: 0, seconds: 0, failed: 0 });
    const measured = queries.slice(warmUp);
    const slices = Number(values.slices);
    const size = Math.ceil(measured.length / slices);
    for (let slice = 0; slice < slices; slice++) {
      const part = measured.slice(slice * size, (slice + 1) * size);
      const [first, second] = slice % 2 === 0 ? [sides[0]!, sides[1]!] : [sides[1]!, sides[0]!];
      const firstCpu = await loadSlice(first, part);
      const secondCpu = await loadSlice(second, part);
      const [ours, theirs] = first === sides[0] ? [firstCpu, secondCpu] : [secondCpu, firstCpu];
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
      console.log(
        `  slice ${slice + 1} (${part.length} queries, load ${load}): process µs a request ${ours.toFixed(0)} against ${theirs.toFixed(0)}`,
      );
    }
    for (const side of sides) {
      const perRequest = (seconds: number) => ((seconds * 1e6) / Math.max(side.requests, 1)).toFixed(0);
      console.log(
        `${side.label}: ${side.requests} distinct searches, ${(side.requests / side.seconds).toFixed(0)} req/s; ` +
          `CPU µs a request: main thread ${perRequest(side.main)}, process ${perRequest(side.total)}` +
          (side.failed > 0 ? ` (${side.failed} failed)` : ''),
      );
    }
    const count = Number(values.bodies);
    if (count > 0) {
      const [ours, theirs] = [
        await bodies(sides[0]!, queries, count),
        await bodies(sides[1]!, queries, count),
      ];
      const differing = ours.filter((text, at) => text !== theirs[at]).length;
      console.log(`response bodies of the first ${ours.length} queries: ${differing} differ`);
    }
  } finally {
    for (const side of sides) await stopService(side.service);
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
