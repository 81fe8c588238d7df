/**
 * Analytics at scale: a year of a busy site in one database file (1,000,000 answered questions
 * from four agents, a long tail of distinct questions with many repeats of the top ones, 5% with
 * a vote, some with a reason and a comment, a quarter not answered; 2,000,000 settled searches),
 * then, through the real service (`node dist/server/cli.js serve --db FILE`, built first):
 *
 * - each report's latency for a day, a month and the year, by sort, by agent and at a deep page,
 *   and its SQL's query plan;
 * - search latency (p50, p99) alone and while a dashboard polls the year's reports;
 * - start-up time, memory and health check time with this file;
 * - a first `--keep-days 30` purge of it while serving (on a copy).
 *
 *   npm run build && npx tsx bench/analytics-scale.ts [--db FILE] [--insights N] [--searches N]
 *
 * The file is filled once and kept (`--db`, default in the temporary folder: about 3 GB);
 * `--fresh` fills it again. Prints numbers; asserts nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { QUICK_CHECK_MAX_BYTES, reportQuery } from '../src/server/store/sqlite-store.js';
import { openDatabase } from '../src/server/store/sqlite-database.js';
import { questionKey } from '../src/server/store/question-key.js';
import type { AnalyticsFilter } from '../src/server/store/store.js';
import { seeded } from '../test/support/random-values.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DAY_MS = 86_400_000;
const KEY = 'scale-key-0001';
const AGENTS = [
  ['docs', 0.6],
  ['support', 0.25],
  ['api', 0.1],
  ['beta', 0.05],
] as const;

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: join(tmpdir(), 'ask-elements-analytics-scale.db') },
    insights: { type: 'string', default: '1000000' },
    searches: { type: 'string', default: '2000000' },
    fresh: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
  },
});
const FILE = values.db;
const INSIGHTS = Number(values.insights);
const SEARCHES = Number(values.searches);
const RUNS = Number(values.runs);
/** Which parts to run (reports, plans, polling, startup, purge); all by default. */
const PARTS = new Set((values.only ?? 'plans,reports,polling,startup,purge').split(','));

/** Draws ranks 0..n-1 with Zipf's law (exponent s): a few very frequent, a long tail. */
function zipf(n: number, s: number, rand: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let rank = 0; rank < n; rank++) cdf[rank] = sum += 1 / (rank + 1) ** s;
  return () => {
    const target = rand() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cdf[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

const VERBS = [
  'install',
  'configure',
  'style',
  'theme',
  'translate',
  'embed',
  'debug',
  'upgrade',
  'test',
  'secure',
];
const THINGS = [
  'the search box',
  'the chat',
  'feedback buttons',
  'the service',
  'the client',
  'analytics',
  'the config file',
  'a custom agent',
  'the index',
  'rate limits',
  'API keys',
  'the health check',
  'Markdown answers',
  'the demo page',
  'dark mode',
];
const CONTEXTS = [
  'with React',
  'in Vue',
  'on Windows',
  'behind nginx',
  'in Docker',
  'with Astro',
  'in a monorepo',
  '',
];

/** The question of a rank: ranks differ in words, and the long tail in a number too. */
function question(rank: number): string {
  const verb = VERBS[rank % VERBS.length]!;
  const thing = THINGS[Math.floor(rank / VERBS.length) % THINGS.length]!;
  const context = CONTEXTS[Math.floor(rank / (VERBS.length * THINGS.length)) % CONTEXTS.length]!;
  const tail = rank >= 1200 ? ` (case ${rank})` : '';
  return `How do I ${verb} ${thing}${context ? ` ${context}` : ''}${tail}?`;
}

/** A visitor's wording of a question: a third drop the question mark or the capital. */
function worded(text: string, rand: () => number): string {
  const roll = rand();
  if (roll < 0.15) return text.toLowerCase();
  if (roll < 0.3) return text.slice(0, -1);
  if (roll < 0.33) return `  ${text.toLowerCase().slice(0, -1)} ??`;
  return text;
}

function agentOf(roll: number): string {
  let sum = 0;
  for (const [agent, share] of AGENTS) if (roll < (sum += share)) return agent;
  return AGENTS[0][0];
}

function fill(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  const db = openDatabase(file);
  // The fill only: the service opens it with synchronous = FULL.
  db.pragma('synchronous = OFF');
  const rand = seeded(2026); // so that two fills are the same
  const questionRank = zipf(200_000, 1.05, rand);
  const searchRank = zipf(80_000, 1.1, rand);
  const end = Date.now();
  const start = end - 365 * DAY_MS;
  // Answers of 200 to 600 characters and passages of 1.5 to 4 KB, as the extractive answerer stores.
  const answers = Array.from({ length: 64 }, (_, i) =>
    'Run npm install ask-elements, then add the script tag to the page. '.repeat(3 + (i % 6)),
  );
  const contexts = Array.from({ length: 64 }, (_, i) =>
    JSON.stringify({
      meta: { title: 'Docs', origin: 'https://docs.example.com' },
      passages: Array.from({ length: 3 + (i % 4) }, (_, p) => ({
        id: `page-${i}-${p}`,
        title: 'Install',
        link: `/guides/install#step-${p}`,
        text: 'Install the package from npm and import it once in your application. '.repeat(5),
        score: 0.8 - p * 0.1,
      })),
    }),
  );
  const conversation = db.prepare(
    'INSERT INTO conversations (id, project_id, agent_id, created_at) VALUES (?, ?, ?, ?)',
  );
  const insight = db.prepare(
    `INSERT INTO insights (insight_id, conversation_id, project_id, agent_id, query, question_key,
       resolved_query, answer, format, did_answer, relevance_score, title, link, context_json, created_at)
     VALUES (?, ?, 'demo', ?, ?, ?, ?, ?, ?, ?, ?, 'Install', '/guides/install', ?, ?)`,
  );
  const feedback = db.prepare(
    'INSERT INTO feedback (insight_id, value, reason, comment, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const search = db.prepare(
    `INSERT INTO searches (project_id, agent_id, query, query_key, results, created_at)
     VALUES ('demo', ?, ?, ?, ?, ?)`,
  );
  const reasons = ['wrong', 'outdated', 'unclear', 'incomplete'];
  const currentConversation = new Map<string, string>();
  const BATCH = 50_000;
  for (let from = 0; from < INSIGHTS; from += BATCH) {
    db.transaction(() => {
      for (let i = from; i < Math.min(INSIGHTS, from + BATCH); i++) {
        const at = Math.floor(start + (i / INSIGHTS) * 365 * DAY_MS);
        const agent = agentOf(rand());
        let conversationId = currentConversation.get(agent);
        if (conversationId === undefined || rand() < 0.6) {
          conversationId = `conversation-${i}`;
          conversation.run(conversationId, 'demo', agent, at);
          currentConversation.set(agent, conversationId);
        }
        const rank = questionRank();
        const query = worded(question(rank), rand);
        // Each question is answerable or not (three in four are), and a few answers vary.
        const answered = rank % 4 !== 3 || rand() < 0.05;
        const score = answered ? 55 + ((rank * 7) % 45) + rand() * 3 : 5 + rand() * 20;
        const id = `insight-${i}`;
        insight.run(
          id,
          conversationId,
          agent,
          query,
          questionKey(query),
          query,
          answers[rank % answers.length],
          i % 3 === 0 ? 'html' : 'markdown',
          answered ? 1 : 0,
          Math.round(score * 10) / 10,
          contexts[rank % contexts.length],
          at,
        );
        if (rand() < 0.05) {
          const value = rand() < (answered ? 0.25 : 0.7) ? -1 : 1;
          const reason = value === -1 && rand() < 0.6 ? reasons[Math.floor(rand() * reasons.length)]! : null;
          const comment = reason !== null && rand() < 0.3 ? 'The command changed in v2.' : null;
          feedback.run(id, value, reason, comment, at + 30_000);
        }
      }
    })();
  }
  for (let from = 0; from < SEARCHES; from += BATCH) {
    db.transaction(() => {
      for (let i = from; i < Math.min(SEARCHES, from + BATCH); i++) {
        const at = Math.floor(start + (i / SEARCHES) * 365 * DAY_MS);
        const rank = searchRank();
        const words = `${VERBS[rank % VERBS.length]} ${THINGS[Math.floor(rank / 10) % THINGS.length]}`;
        const query = worded(rank < 500 ? words : `${words} ${rank}`, rand);
        search.run(agentOf(rand()), query, questionKey(query), rank % 7 === 6 ? 0 : 1 + (rank % 9), at);
      }
    })();
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Service {
  child: ChildProcess;
  base: string;
  log: string[];
  startedMs: number;
}

/** The services started, stopped should the benchmark fail. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

async function startService(file: string, extra: string[] = []): Promise<Service> {
  const dir = mkdtempSync(join(tmpdir(), 'ask-elements-scale-'));
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      projects: [
        {
          id: 'demo',
          agents: AGENTS.map(([id], i) => ({ id, apiKey: i === 0 ? KEY : `${KEY}-${id}` })),
        },
      ],
      rateLimit: { requestsPerSecond: 100_000, burst: 100_000, reportsPerSecond: 1000, reportBurst: 1000 },
    }),
  );
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'dist/server/cli.js'),
      'serve',
      '--db',
      file,
      '--config',
      config,
      '--port',
      '0',
      '--quiet',
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  const log: string[] = [];
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line) log.push(line);
      const address = /Listening on (http:\/\/\S+)/.exec(chunk.toString());
      if (address) resolve(address[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`service exited ${code}: ${log.join('\n')}`)));
  });
  const base = await listening;
  return { child, base, log, startedMs: performance.now() - started };
}

async function stopService(service: Service): Promise<void> {
  const exited = new Promise((resolve) => service.child.once('exit', resolve));
  service.child.kill('SIGTERM');
  await exited;
}

/** The service's resident memory now and at its peak, in MB (Linux). */
function memory(pid: number): string {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return `RSS ${Math.round(kb('VmRSS') / 1024)} MB (peak ${Math.round(kb('VmHWM') / 1024)} MB)`;
}

async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

const report = (base: string, path: string, params: Record<string, string | number>) =>
  timed(
    `${base}/api/projects/demo/${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
    { headers: { authorization: `Bearer ${KEY}` } },
  );

interface Case {
  report: 'analytics' | 'topquestions' | 'topsearches';
  range: 'day' | 'month' | 'year';
  sort?: AnalyticsFilter['sort'];
  agentId?: string;
  page?: number;
  /** The analytics records' filters, as the query string writes them. */
  didAnswer?: 'true' | 'false';
  feedback?: '1' | '-1' | 'none';
}

const PATHS = {
  analytics: 'analytics',
  topquestions: 'analytics/topquestions',
  topsearches: 'analytics/topsearches',
} as const;

function cases(): Case[] {
  const list: Case[] = [];
  const sorts = {
    analytics: ['-createdAt', 'createdAt', '-relevanceScore'],
    topquestions: ['-count', 'count', '-createdAt', '-relevanceScore', '-unanswered', '-negative'],
    topsearches: ['-count', '-createdAt', '-unfound'],
  } as const;
  for (const name of ['analytics', 'topquestions', 'topsearches'] as const) {
    for (const range of ['day', 'month', 'year'] as const) list.push({ report: name, range });
    for (const sort of sorts[name].slice(1)) list.push({ report: name, range: 'year', sort });
    list.push({ report: name, range: 'month', agentId: 'beta' });
    list.push({ report: name, range: 'year', agentId: 'beta' });
    list.push({ report: name, range: 'month', page: 5000 });
    list.push({ report: name, range: 'year', page: 5000 });
  }
  // The records of a content gap: the unanswered (a quarter), the voted down (under 2%), the
  // unvoted (95%), on a first page, by relevance and at a deep page.
  for (const filter of [{ didAnswer: 'false' }, { feedback: '-1' }, { feedback: 'none' }] as const) {
    for (const range of ['day', 'month', 'year'] as const)
      list.push({ report: 'analytics', range, ...filter });
    list.push({ report: 'analytics', range: 'year', sort: '-relevanceScore', ...filter });
    list.push({ report: 'analytics', range: 'year', agentId: 'beta', ...filter });
    list.push({ report: 'analytics', range: 'year', page: 500, ...filter });
  }
  list.push({ report: 'analytics', range: 'year', didAnswer: 'true', feedback: '-1' });
  return list;
}

function rangeOf(range: Case['range'], end: number): { startMs: number; endMs: number } {
  const days = range === 'day' ? 1 : range === 'month' ? 30 : 366;
  return { startMs: end - days * DAY_MS, endMs: end };
}

const describeCase = (c: Case) =>
  `${c.report} ${c.range}${c.sort ? ` sort=${c.sort}` : ''}${c.agentId ? ` agentId=${c.agentId}` : ''}${c.page ? ` page=${c.page}` : ''}` +
  `${c.didAnswer ? ` didAnswer=${c.didAnswer}` : ''}${c.feedback ? ` feedback=${c.feedback}` : ''}`;

// --- fill ---
if (values.fresh || !existsSync(FILE)) {
  const started = performance.now();
  fill(FILE);
  console.log(
    `Filled ${FILE}: ${INSIGHTS.toLocaleString('en')} questions, ${SEARCHES.toLocaleString('en')} searches, ` +
      `${Math.round(statSync(FILE).size / 1024 / 1024)} MB in ${ms(performance.now() - started)}`,
  );
}
const { end, insights, feedbackRows, searches } = (() => {
  const db = new Database(FILE, { readonly: true });
  const row = {
    end: (db.prepare('SELECT MAX(created_at) AS at FROM insights').get() as { at: number }).at,
    insights: (db.prepare('SELECT COUNT(*) AS n FROM insights').get() as { n: number }).n,
    feedbackRows: (db.prepare('SELECT COUNT(*) AS n FROM feedback').get() as { n: number }).n,
    searches: (db.prepare('SELECT COUNT(*) AS n FROM searches').get() as { n: number }).n,
  };
  db.close();
  return row;
})();
console.log(
  `${FILE}: ${insights.toLocaleString('en')} questions (${feedbackRows.toLocaleString('en')} with a vote), ` +
    `${searches.toLocaleString('en')} searches, ${Math.round(statSync(FILE).size / 1024 / 1024)} MB`,
);

const filterOf = (c: Case): AnalyticsFilter => ({
  projectId: 'demo',
  ...rangeOf(c.range, end),
  sort: c.sort ?? (c.report === 'analytics' ? '-createdAt' : '-count'),
  page: c.page ?? 1,
  limit: 20,
  ...(c.agentId === undefined ? {} : { agentId: c.agentId }),
  ...(c.didAnswer === undefined ? {} : { didAnswer: c.didAnswer === 'true' }),
  ...(c.feedback === undefined
    ? {}
    : { feedback: c.feedback === 'none' ? ('none' as const) : (Number(c.feedback) as 1 | -1) }),
});

// --- query plans ---
if (PARTS.has('plans')) {
  const db = new Database(FILE, { readonly: true });
  const seen = new Set<string>();
  console.log('\nQuery plans:');
  for (const c of cases()) {
    const { sql, params } = reportQuery(c.report, filterOf(c));
    if (seen.has(sql)) continue;
    seen.add(sql);
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
    console.log(
      `  ${describeCase({ ...c, range: 'year', page: undefined })}: ${plan.map((s) => s.detail).join('; ')}`,
    );
  }
  db.close();
}

// --- report latency ---
if (PARTS.has('reports')) {
  const service = await startService(FILE);
  console.log(`\nReport latency through the service (${RUNS} runs: median, max; rows answered):`);
  try {
    for (const c of cases()) {
      const { startMs, endMs } = rangeOf(c.range, end);
      const params: Record<string, string | number> = { startDate: Math.floor(startMs), endDate: endMs };
      if (c.sort) params.sort = c.sort;
      if (c.agentId) params.agentId = c.agentId;
      if (c.page) params.page = c.page;
      if (c.didAnswer) params.didAnswer = c.didAnswer;
      if (c.feedback) params.feedback = c.feedback;
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < RUNS; run++) {
        const result = await report(service.base, PATHS[c.report], params);
        if (result.status !== 200) throw new Error(`${describeCase(c)}: ${result.status} ${result.body}`);
        rows = (JSON.parse(result.body) as unknown[]).length;
        times.push(result.ms);
      }
      console.log(
        `  ${describeCase(c).padEnd(48)} ${ms(percentile(times, 50)).padStart(9)} ${ms(Math.max(...times)).padStart(9)}  ${rows} rows`,
      );
    }
    console.log(`  service after the reports: ${memory(service.child.pid!)}`);
  } finally {
    await stopService(service);
  }
}

const SEARCH_WORDS = [
  'install',
  'search box',
  'theme',
  'api key',
  'rate limit',
  'feedback',
  'analytics',
  'config',
];

async function searchOnce(base: string, i: number): Promise<number> {
  const result = await timed(`${base}/bot/search`, {
    method: 'POST',
    body: JSON.stringify({ apiKey: KEY, query: SEARCH_WORDS[i % SEARCH_WORDS.length], numDocs: 5 }),
  });
  if (result.status !== 200) throw new Error(`search: ${result.status} ${result.body}`);
  return result.ms;
}

/** Searches one after another for `durationMs`: their latencies. */
async function searchLoop(base: string, durationMs: number): Promise<number[]> {
  const times: number[] = [];
  const until = performance.now() + durationMs;
  for (let i = 0; performance.now() < until; i++) times.push(await searchOnce(base, i));
  return times;
}

/**
 * Visitors' searches at a steady 50 a second for `durationMs`, each sent on time whether or not
 * the one before was answered (as visitors do): their latencies, so a stall counts for every
 * search that waited through it.
 */
async function searchVisitors(base: string, durationMs: number): Promise<number[]> {
  const pending: Promise<number>[] = [];
  const failures: string[] = [];
  const count = Math.floor(durationMs / 20);
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const due = started + i * 20;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      searchOnce(base, i).catch((error: Error) => {
        failures.push(`${(error.cause as Error | undefined)?.message ?? error.message}`);
        return Number.NaN;
      }),
    );
  }
  const times = await Promise.all(pending);
  if (failures.length > 0)
    console.log(`  ${failures.length} searches failed: ${[...new Set(failures)].join(', ')}`);
  return times.filter((time) => !Number.isNaN(time));
}

const latencies = (times: number[]) =>
  `${times.length} searches, p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))}`;

// --- a search while a dashboard polls ---
if (PARTS.has('polling')) {
  const service = await startService(FILE);
  try {
    await searchLoop(service.base, 1000);
    console.log('\nSearch latency (50 searches a second for 10 s):');
    console.log(`  alone:                        ${latencies(await searchVisitors(service.base, 10_000))}`);
    // A dashboard: the year's three default reports, one after another, then a second's pause.
    let polling = true;
    const reports: number[] = [];
    const dashboard = (async () => {
      const { startMs, endMs } = rangeOf('year', end);
      while (polling) {
        for (const path of Object.values(PATHS)) {
          const result = await report(service.base, path, { startDate: Math.floor(startMs), endDate: endMs });
          reports.push(result.ms);
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();
    const during = await searchVisitors(service.base, 10_000);
    polling = false;
    await dashboard;
    console.log(`  while a dashboard polls:      ${latencies(during)}`);
    console.log(
      `  the dashboard's ${reports.length} reports meanwhile: p50 ${ms(percentile(reports, 50))}, max ${ms(Math.max(...reports))}`,
    );
  } finally {
    await stopService(service);
  }
}

// --- start-up, memory, health ---
if (PARTS.has('startup')) {
  const service = await startService(FILE);
  try {
    const health: number[] = [];
    for (let i = 0; i < 50; i++) health.push((await timed(`${service.base}/api/healthz`)).ms);
    console.log(
      `\nStart-up to listening: ${ms(service.startedMs)}; ${memory(service.child.pid!)}; ` +
        `health check ${ms(percentile(health, 50))} (p99 ${ms(percentile(health, 99))}, max ${ms(Math.max(...health))})`,
    );
    // What the start-up check (quickCheck, files up to QUICK_CHECK_MAX_BYTES) costs on this file.
    const reader = new Database(FILE, { readonly: true });
    const started = performance.now();
    const result = reader.pragma('quick_check(1)', { simple: true });
    console.log(
      `  PRAGMA quick_check of the ${Math.round(statSync(FILE).size / 1e6)} MB file: ${ms(performance.now() - started)} (${String(result)}; checked at start up to ${QUICK_CHECK_MAX_BYTES / 2 ** 20} MiB)`,
    );
    reader.close();
  } finally {
    await stopService(service);
  }
}

// --- the first purge with --keep-days 30, on a copy ---
if (PARTS.has('purge')) {
  const copy = `${FILE}.purge.db`;
  copyFileSync(FILE, copy);
  const started = performance.now();
  const service = await startService(copy, ['--keep-days', '30']);
  try {
    const searchesMeanwhile: number[] = [];
    let purged = false;
    const purgeDone = (async () => {
      while (!service.log.some((line) => /^Deleted|Deleting .* failed/.test(line.replace(/^.*?\] /, ''))))
        await new Promise((resolve) => setTimeout(resolve, 50));
      purged = true;
    })();
    while (!purged) searchesMeanwhile.push(...(await searchLoop(service.base, 500)));
    await purgeDone;
    const health = await timed(`${service.base}/api/healthz`);
    console.log(
      `\n--keep-days 30 on the copy: listening after ${ms(service.startedMs)}, first purge done after ` +
        `${ms(performance.now() - started)}; ${memory(service.child.pid!)}; health ${ms(health.ms)} ${health.body}`,
    );
    console.log(`  ${service.log.filter((line) => /Deleted|Deleting/.test(line)).join('\n  ')}`);
    console.log(`  searches during the purge: ${latencies(searchesMeanwhile)}`);
  } finally {
    await stopService(service);
    for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  }
}
