/**
 * What one hostile request costs the reference service, against an ordinary one: queries up to
 * the 1,000-character limit built to be worst cases for the query analysis, the ranking and the
 * answer (long runs of one character, thousands of one-letter words, near-typos, prefixes,
 * nesting, dotted chains, unicode, pasted stack traces, regex-like text), sent to /bot/search and
 * /bot/askai of the real CLI over HTTP, on the bundled demo docs and on 10,000 MDN pages. Each
 * request of a kind is distinct (a counter changes one word), so no cache hides its cost. Prints
 * ms per request (median of the kind's requests, client side) and the service's CPU per request
 * (its process, all threads, from /proc), each also as a multiple of the ordinary question's;
 * then what memory long conversations and many distinct queries hold (the process's rss), and
 * what 40,000 searches of distinct 1,000-letter words leave on the heap (in this process, with
 * --expose-gc). Asserts nothing.
 *
 *   node --expose-gc --import tsx bench/adversarial-queries.ts [--demo] [--mdn] [--requests N] [--only KIND]
 *
 * Without --demo or --mdn both run. MDN is expanded into /tmp/mdn when missing (as
 * bench/answer-quality.ts does). The rate limit is lifted through a config file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseConfig } from '../src/server/config.js';
import { quietLogger } from '../src/server/logger.js';
import { startService as startServiceInProcess } from '../src/server/main.js';
import { type CliService, cpuSeconds, rssMb, startCliService } from './cli-service.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHARED = existsSync(join(ROOT, '../shared/corpora'))
  ? join(ROOT, '../shared/corpora')
  : '/work/shared/corpora';
const MDN_DIR = process.env['MDN_DIR'] ?? '/tmp/mdn';
const KEY = 'bench-key-0001';
const QUERY_LIMIT = 1000;

const { values } = parseArgs({
  options: {
    demo: { type: 'boolean', default: false },
    mdn: { type: 'boolean', default: false },
    requests: { type: 'string', default: '12' },
    only: { type: 'string' },
  },
});
const REQUESTS = Number(values.requests);

/** Repeats `unit` (made from the request's counter) up to the query limit. */
function fill(unit: (i: number) => string, separator = ' '): string {
  let text = '';
  for (let i = 0; ; i++) {
    const next = text === '' ? unit(i) : `${text}${separator}${unit(i)}`;
    if (next.length > QUERY_LIMIT) return text;
    text = next;
  }
}

/** Typos of common words of both corpora, 7 to 14 letters (corrected one edit away). */
const TYPO_WORDS = [
  'documnet',
  'elemnets',
  'propertys',
  'attribtue',
  'funtcion',
  'configuraton',
  'javscript',
  'resposne',
  'reqeusts',
  'convesation',
  'stylesheat',
  'animaton',
  'selecotr',
  'paramter',
  'anaylitcs',
  'feedbak',
  'sreach',
  'interfcae',
  'colllection',
  'implmentation',
];
const PREFIX_WORDS = ['doc', 'fe', 'ar', 'str', 'se', 'el', 'pro', 'con', 'at', 'ev', 'in', 'ob', 're', 'co'];
const ORDINARY_VERBS = [
  'cancel',
  'change',
  'set',
  'read',
  'add',
  'remove',
  'style',
  'test',
  'debug',
  'cache',
];
const ORDINARY_THINGS = [
  'a fetch request',
  'the accent colour',
  'the rate limit',
  'an element with flexbox',
  'a cookie',
  'the search box',
  'a promise',
  'the API key',
  'an event listener',
  'a web worker',
  'the chat',
  'a CSS grid',
];
/** An ordinary question, distinct for each n up to 120 (then they repeat). */
const ordinary = (n: number): string =>
  `How do I ${ORDINARY_VERBS[n % ORDINARY_VERBS.length]} ${ORDINARY_THINGS[Math.floor(n / ORDINARY_VERBS.length) % ORDINARY_THINGS.length]}?`;

/** Each adversarial kind: a query made from the request's counter `n`, distinct for each n. */
const KINDS: Record<string, (n: number) => string> = {
  ordinary: (n) => ordinary(n),
  'ordinary, 1,000 characters': (n) => fill((i) => ordinary(n * 7 + i).slice(0, -1)),
  'one letter × 1,000': (n) => String.fromCharCode(97 + (n % 26)).repeat(QUERY_LIMIT),
  'one digit × 1,000': (n) => String(n % 10).repeat(QUERY_LIMIT),
  'one-letter words × 500': (n) => fill((i) => String.fromCharCode(97 + ((n + i) % 26))),
  'two-letter words × 333': (n) =>
    fill((i) => String.fromCharCode(97 + ((n + i) % 26), 97 + ((n * 7 + i * 3) % 26))),
  'near-typos (each corrected)': (n) =>
    fill((i) => (TYPO_WORDS[(n + i) % TYPO_WORDS.length] as string) + (i % 3)),
  'distinct unknown 7-letter words': (n) =>
    fill((i) =>
      Array.from({ length: 7 }, (_, j) => String.fromCharCode(97 + ((n * 31 + i * 7 + j * 13) % 26))).join(
        '',
      ),
    ),
  'distinct 32-letter words': (n) =>
    fill((i) =>
      Array.from({ length: 32 }, (_, j) => String.fromCharCode(97 + ((n * 31 + i * 7 + j * 5) % 26))).join(
        '',
      ),
    ),
  'many prefixes': (n) =>
    fill((i) => (PREFIX_WORDS[(n + i) % PREFIX_WORDS.length] as string) + 'abcdefgh'[(n + i) % 8]),
  'prefix-ending words (routin, managem)': (n) =>
    fill(
      (i) =>
        `${['rout', 'manag', 'geoloc', 'stream', 'configur', 'anim'][(n + i) % 6]}${['in', 'em', 'atio', 'abl', 'enc'][i % 5]}`,
    ),
  'hyphen chain a-a-a-…': (n) => fill(() => String.fromCharCode(97 + (n % 26)), '-'),
  'dot chain a.a.a.…': (n) => fill(() => String.fromCharCode(97 + (n % 26)), '.'),
  'dotted names document.querySelector.…': (n) =>
    fill(
      (i) =>
        ['document', 'querySelector', 'app', 'get', 'promise', 'all', 'array', 'from'][(n + i) % 8] as string,
      '.',
    ),
  'camelCase run aBcDeF…': (n) =>
    fill((i) => (i % 2 ? 'B' : 'a') + String.fromCharCode(97 + ((n + i) % 26)), ''),
  'nested quotes, backticks, brackets': (n) =>
    '(['.repeat(120) + `"\`'${String.fromCharCode(97 + (n % 26))}`.repeat(40) + '])'.repeat(120),
  'quoted words "a" `b` (c) [d]': (n) =>
    fill((i) =>
      ['"x"', '`y`', '(z)', '[w]', "'v'"][(n + i) % 5]!.replace(/[a-z]/, 'abcdefghij'[(n + i) % 10]!),
    ),
  'regex-like text (a+)+$ \\d*': (n) =>
    fill((i) => ['(a+)+$', '\\d*\\s+', '[^a-z]*?', '.*.*.*=', '(?:x|y)*'][(n + i) % 5] as string),
  'operators ?? === => ...': (n) =>
    fill((i) => ['??', '===', '=>', '...', '?.', '!==', '**'][(n + i) % 7] as string),
  'versions HTTP/2 ES2015 v1.2.3': (n) =>
    fill((i) => ['HTTP/2', 'ES2015', `v${n}.${i}.3`, 'CSS3', 'h2', 'IPv6'][i % 6] as string),
  'combining marks a\u0301\u0302…': (n) =>
    (String.fromCharCode(97 + (n % 26)) + '\u0301\u0302\u0303\u0304\u0308'.repeat(10)).repeat(19),
  'RTL and bidi marks': (n) => fill((i) => `\u202Eword${(n + i) % 50}\u200F\u202C\u2066`),
  'emoji ZWJ chains': (n) => '👨\u200D👩\u200D👧\u200D👦'.repeat(40) + String(n),
  'CJK without spaces': (n) =>
    Array.from({ length: QUERY_LIMIT }, (_, i) =>
      String.fromCharCode(0x4e00 + ((n * 131 + i * 17) % 20000)),
    ).join(''),
  'kana without spaces': (n) =>
    Array.from({ length: QUERY_LIMIT }, (_, i) => String.fromCharCode(0x30a1 + ((n * 13 + i * 7) % 86))).join(
      '',
    ),
  'Thai without spaces': (n) =>
    Array.from({ length: QUERY_LIMIT }, (_, i) => String.fromCharCode(0x0e01 + ((n * 13 + i * 5) % 46))).join(
      '',
    ),
  'pasted stack trace': (n) =>
    `Uncaught (in promise) TypeError: x${n} is not a function\n` +
    fill((i) => `    at handler${i} (https://example.com/assets/app-${n}.js:${i}:${i * 7})`, '\n'),
  'error lines repeated': (n) =>
    fill((i) => `TypeError: Cannot read properties of undefined (reading 'f${n}${i}')`, '\n'),
  'URLs and paths': (n) => fill((i) => `https://example.com/a/b/c/${n}/${i}?q=${i}#h${i}`),
  'long word + question': (n) => `How do I use ${'x'.repeat(900)}${n} in a fetch request?`,
};

interface Corpus {
  label: string;
  dir: string;
}

async function post(url: string, body: unknown): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

interface Measured {
  ms: number;
  cpuMs: number;
  statuses: string;
}

async function measure(
  child: CliService,
  endpoint: 'search' | 'ask',
  query: (n: number) => string,
  round: number,
): Promise<Measured> {
  const pid = child.process.pid!;
  const times: number[] = [];
  const statuses = new Set<number>();
  const cpuBefore = cpuSeconds(pid).total;
  for (let i = 0; i < REQUESTS; i++) {
    const n = round * REQUESTS + i;
    const text = query(n).slice(0, QUERY_LIMIT);
    const result =
      endpoint === 'search'
        ? await post(`${child.url}/bot/search`, { apiKey: KEY, query: text, numDocs: 8 })
        : await post(`${child.url}/bot/askai`, {
            apiKey: KEY,
            query: text,
            format: 'html',
            conversationId: '',
          });
    times.push(result.ms);
    statuses.add(result.status);
  }
  const cpuMs = ((cpuSeconds(pid).total - cpuBefore) * 1000) / REQUESTS;
  return { ms: median(times), cpuMs, statuses: [...statuses].join('/') };
}

/**
 * Requests whose cost is in their size rather than their query: an ask with four images of 5 MiB
 * (the limit: 28 MB of JSON), and a search for 100 documents with their content.
 */
async function otherRequests(child: CliService): Promise<void> {
  const pid = child.process.pid!;
  const image = `data:image/png;base64,${Buffer.alloc(5 * 1024 * 1024 - 3, 7).toString('base64')}`;
  const runs: { label: string; body: (n: number) => Record<string, unknown>; path: string }[] = [
    {
      label: 'ask, ordinary',
      path: '/bot/askai',
      body: (n) => ({ apiKey: KEY, query: ordinary(n + 60), conversationId: '' }),
    },
    {
      label: 'ask with 4 images of 5 MiB',
      path: '/bot/askai',
      body: (n) => ({
        apiKey: KEY,
        query: `${ordinary(n + 60)} (see the screenshot)`,
        conversationId: '',
        base64Images: [image, image, image, image],
      }),
    },
    {
      label: 'search, ordinary',
      path: '/bot/search',
      body: (n) => ({ apiKey: KEY, query: ordinary(n + 80), numDocs: 8 }),
    },
    {
      label: 'search, 100 documents with content',
      path: '/bot/search',
      body: (n) => ({ apiKey: KEY, query: `element ${n}`, numDocs: 100, returnContent: true }),
    },
  ];
  for (const run of runs) {
    const times: number[] = [];
    const statuses = new Set<number>();
    let bytes = 0;
    const cpuBefore = cpuSeconds(pid).total;
    // Two asks of 28 MB are what an address may send at once (64 MiB): more wait or are refused.
    const count = run.label.includes('images') ? 2 : 8;
    for (let n = 0; n < count; n++) {
      const body = JSON.stringify(run.body(n));
      const started = performance.now();
      try {
        const response = await fetch(`${child.url}${run.path}`, { method: 'POST', body });
        bytes += (await response.arrayBuffer()).byteLength;
        statuses.add(response.status);
      } catch {
        // A large body refused while it is sent: its connection is closed under it.
        statuses.add(0);
      }
      times.push(performance.now() - started);
    }
    const cpuMs = ((cpuSeconds(pid).total - cpuBefore) * 1000) / count;
    console.log(
      `  ${run.label.padEnd(49)} ${median(times).toFixed(1).padStart(12)} ms ${cpuMs.toFixed(1).padStart(8)} CPU ms  response ${(bytes / count / 1e6).toFixed(2)} MB  ${[...statuses].join('/')}`,
    );
  }
}

/** A conversation continued `turns` times under one id, and searches as a visitor types. */
async function memoryRuns(child: CliService): Promise<void> {
  const pid = child.process.pid!;
  const startRss = rssMb(pid);
  let conversationId = '';
  const started = performance.now();
  const turns = 300;
  const lastTimes: number[] = [];
  for (let i = 0; i < turns; i++) {
    const response = await fetch(`${child.url}/bot/askai`, {
      method: 'POST',
      body: JSON.stringify({
        apiKey: KEY,
        query: i % 2 === 0 ? ordinary(i) : `and ${ORDINARY_THINGS[i % ORDINARY_THINGS.length]}?`,
        format: 'html',
        conversationId,
      }),
    });
    const record = (await response.json()) as { conversationId: string };
    conversationId = record.conversationId;
    if (i >= turns - 20) lastTimes.push(performance.now());
  }
  const perTurn = (performance.now() - started) / turns;
  console.log(
    `  one conversation, ${turns} turns: ${perTurn.toFixed(1)} ms a turn on average; rss ${startRss.toFixed(0)} -> ${rssMb(pid).toFixed(0)} MB`,
  );
  const distinct = 3000;
  const before = rssMb(pid);
  const searchStarted = performance.now();
  for (let i = 0; i < distinct; i++)
    await post(`${child.url}/bot/search`, {
      apiKey: KEY,
      query: `${TYPO_WORDS[i % TYPO_WORDS.length]}${i} ${PREFIX_WORDS[i % PREFIX_WORDS.length]}${i % 97}`,
      numDocs: 8,
    });
  console.log(
    `  ${distinct} distinct searches (unknown words): ${((performance.now() - searchStarted) / distinct).toFixed(1)} ms each; rss ${before.toFixed(0)} -> ${rssMb(pid).toFixed(0)} MB`,
  );
}

async function benchmark(corpus: Corpus, configFile: string, dbFile: string): Promise<void> {
  console.log(`\n${corpus.label}`);
  const child = await startCliService(corpus.dir, dbFile, configFile, { BENCH_KEY: KEY });
  try {
    // Warm up: the language model, the index's caches, the JIT.
    for (let i = 0; i < 30; i++) {
      await post(`${child.url}/bot/search`, {
        apiKey: KEY,
        query: `${ORDINARY_THINGS[i % 12]} ${i}`,
        numDocs: 8,
      });
      await post(`${child.url}/bot/askai`, {
        apiKey: KEY,
        query: `What is ${ORDINARY_THINGS[i % 12]} ${i}?`,
        conversationId: '',
      });
    }
    const kinds = Object.entries(KINDS).filter(
      ([name]) => !values.only || name === 'ordinary' || name.includes(values.only),
    );
    for (const endpoint of ['search', 'ask'] as const) {
      const base = await measure(child, endpoint, KINDS['ordinary']!, 0);
      console.log(
        `  ${endpoint.padEnd(6)} ${'kind'.padEnd(42)} ${'ms (median)'.padStart(12)} ${'×'.padStart(6)} ${'CPU ms'.padStart(8)} ${'×'.padStart(6)}  status`,
      );
      for (const [round, [name, query]] of kinds.entries()) {
        const result = name === 'ordinary' ? base : await measure(child, endpoint, query, round + 1);
        console.log(
          `  ${endpoint.padEnd(6)} ${name.padEnd(42)} ${result.ms.toFixed(1).padStart(12)} ${(result.ms / base.ms).toFixed(1).padStart(6)} ${result.cpuMs.toFixed(1).padStart(8)} ${(result.cpuMs / Math.max(base.cpuMs, 0.1)).toFixed(1).padStart(6)}  ${result.statuses}`,
        );
      }
    }
    if (!values.only) await otherRequests(child);
    if (!values.only) await memoryRuns(child);
  } finally {
    child.process.kill('SIGTERM');
  }
}

/**
 * What searches of a distinct 1,000-letter word (Cyrillic, two bytes a letter) leave on the heap,
 * after a full collection: the service in this process, in one thread, so that `gc()` reaches
 * every cache. Needs `node --expose-gc`.
 */
async function heapRun(contentDir: string, dbFile: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    console.log('\n(heap after many distinct long words: run with node --expose-gc --import tsx)');
    return;
  }
  const service = await startServiceInProcess({
    contentDir,
    dbFile,
    port: 0,
    host: '127.0.0.1',
    logger: quietLogger,
    env: {},
    indexThread: false,
    config: parseConfig(
      {
        projects: [{ id: 'bench', agents: [{ id: 'hostile', apiKey: KEY }] }],
        rateLimit: { requestsPerSecond: 1_000_000, burst: 10_000_000 },
      },
      'bench config',
    ),
  });
  const heapMb = (): number => {
    gc();
    gc();
    return process.memoryUsage().heapUsed / 1e6;
  };
  const alphabet = 'абвгдежзиклмнопрстуфхцчшщэюя';
  const longWord = (n: number): string => {
    let word = '';
    for (let i = 0, x = n + 1; i < QUERY_LIMIT; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      word += alphabet[x % alphabet.length];
    }
    return word;
  };
  console.log(`\n${contentDir}, in this process: searches of a distinct 1,000-letter word`);
  try {
    let sent = 0;
    let heap = heapMb();
    // The LRU caches (20,000 entries) fill in the first round.
    for (const count of [20_000, 10_000, 10_000]) {
      for (let i = 0; i < count; i++, sent++)
        await post(`${service.url}/bot/search`, { apiKey: KEY, query: longWord(sent), numDocs: 8 });
      const now = heapMb();
      console.log(
        `  after ${String(sent).padStart(6)}: heap ${now.toFixed(1)} MB (${(((now - heap) * 1000) / count).toFixed(2)} KB a search since the last line)`,
      );
      heap = now;
    }
  } finally {
    await service.close();
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'ask-elements-adversarial-'));
  const configFile = join(work, 'config.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      projects: [{ id: 'bench', agents: [{ id: 'hostile', apiKeyEnv: 'BENCH_KEY' }] }],
      rateLimit: { requestsPerSecond: 1_000_000, burst: 10_000_000 },
    }),
  );
  const both = !values.demo && !values.mdn;
  const corpora: Corpus[] = [];
  if (both || values.demo) corpora.push({ label: 'bundled demo docs', dir: join(ROOT, 'demo/content') });
  if (both || values.mdn) {
    if (!existsSync(MDN_DIR)) {
      const run = spawnSync(
        process.execPath,
        [join(SHARED, 'expand.mjs'), join(SHARED, 'mdn-10k.jsonl.gz'), MDN_DIR],
        {
          stdio: 'inherit',
        },
      );
      if (run.status !== 0) throw new Error(`expand.mjs failed with ${run.status}`);
    }
    corpora.push({ label: '10,000 MDN pages', dir: MDN_DIR });
  }
  console.log(`${REQUESTS} distinct requests of each kind, one at a time; Node ${process.version}`);
  try {
    for (const [i, corpus] of corpora.entries()) await benchmark(corpus, configFile, join(work, `${i}.db`));
    if (!values.only) await heapRun(join(ROOT, 'demo/content'), join(work, 'heap.db'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
