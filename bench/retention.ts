/**
 * Retention benchmark: how long each batch of `deleteOlderThan` holds the database (and so the
 * service's one thread) on a file of 200,000 old questions (a tenth with feedback, three to a
 * conversation) and 200,000 old searches beside 20,000 recent ones of each, for a few batch
 * sizes; the query plans of its statements; and, for `Retention.purge()` as the service runs it,
 * the event loop's delay (how long a request arriving during the purge waits). Prints numbers.
 *
 *   npx tsx bench/retention.ts
 *
 * CPU time is printed beside wall time: on a shared machine the wall clock also counts other
 * processes' turns, and each commit waits for its fsync (synchronous = FULL).
 */
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DAY_MS, RETENTION_BATCH, Retention } from '../src/server/service/retention.js';
import { RETENTION_SQL, createSqliteStore } from '../src/server/store/sqlite-store.js';
import { openDatabase } from '../src/server/store/sqlite-database.js';

const OLD = 200_000;
const RECENT = 20_000;
const KEEP_DAYS = 90;

const dir = mkdtempSync(join(tmpdir(), 'ask-elements-retention-'));
const seed = join(dir, 'seed.db');
const now = Date.now();

function fill(): void {
  const db = openDatabase(seed);
  const conversation = db.prepare(
    'INSERT INTO conversations (id, project_id, agent_id, created_at) VALUES (?, ?, ?, ?)',
  );
  const insight = db.prepare(
    `INSERT INTO insights (insight_id, conversation_id, project_id, agent_id, query, question_key,
       resolved_query, answer, format, did_answer, relevance_score, title, link, context_json, created_at)
     VALUES (?, ?, 'demo', 'docs', ?, ?, ?, ?, 'markdown', 1, 72.5, 'Install', '/guides/install', ?, ?)`,
  );
  const feedback = db.prepare('INSERT INTO feedback (insight_id, value, updated_at) VALUES (?, 1, ?)');
  const search = db.prepare(
    `INSERT INTO searches (project_id, agent_id, query, query_key, results, created_at)
     VALUES ('demo', 'docs', ?, ?, 3, ?)`,
  );
  // An answer of about 1 KB and its passages, as the extractive answerer stores them.
  const answer = 'Run npm install ask-elements, then add the script tag to the page. '.repeat(15);
  const context = JSON.stringify({ passages: ['Install it with npm. '.repeat(20)] });
  db.transaction(() => {
    // Old rows spread over the year before the cut-off; recent ones over the days kept.
    for (let i = 0; i < OLD + RECENT; i++) {
      const at =
        i < OLD
          ? now - (KEEP_DAYS + 1) * DAY_MS - Math.floor((i / OLD) * 365 * DAY_MS)
          : now - Math.floor(((i - OLD) / RECENT) * (KEEP_DAYS - 1) * DAY_MS);
      const id = `insight-${i}`;
      if (i % 3 === 0) conversation.run(`conversation-${i}`, 'demo', 'docs', at);
      const query = `How do I install ask-elements, case ${i % 5000}?`;
      insight.run(id, `conversation-${i - (i % 3)}`, query, query.toLowerCase(), query, answer, context, at);
      if (i % 10 === 0) feedback.run(id, at);
      search.run(`install ${i % 5000}`, `install ${i % 5000}`, at);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

let started = performance.now();
fill();
console.log(
  `Filled ${OLD.toLocaleString('en')} old and ${RECENT.toLocaleString('en')} recent questions and searches: ` +
    `${Math.round(statSync(seed).size / 1024 / 1024)} MB in ${ms(performance.now() - started)}`,
);

const plans = openDatabase(seed);
for (const [name, sql] of Object.entries(RETENTION_SQL)) {
  const args = sql.includes('json_each') ? ['["insight-1"]'] : [now, RETENTION_BATCH];
  const plan = plans.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[];
  console.log(`  ${name}: ${plan.map((step) => step.detail).join('; ')}`);
}
plans.close();

for (const batch of [...new Set([RETENTION_BATCH, 1_000, 5_000]), OLD]) {
  const file = join(dir, `batch-${batch}.db`);
  copyFileSync(seed, file);
  const store = createSqliteStore(file);
  const walls: number[] = [];
  const cpus: number[] = [];
  let deleted = 0;
  started = performance.now();
  for (;;) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    const rows = await store.deleteOlderThan!(now - KEEP_DAYS * DAY_MS, batch);
    walls.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
    deleted += rows.insights + rows.searches;
    if (rows.insights < batch && rows.searches < batch) break;
  }
  const total = performance.now() - started;
  console.log(
    `batch ${String(batch).padStart(6)}: ${walls.length} commits, ${deleted.toLocaleString('en')} rows in ${ms(total)}; ` +
      `per commit wall p50 ${ms(percentile(walls, 50))}, p99 ${ms(percentile(walls, 99))}, max ${ms(Math.max(...walls))}; ` +
      `cpu p50 ${ms(percentile(cpus, 50))}, max ${ms(Math.max(...cpus))}`,
  );
  await store.close();
  rmSync(file, { force: true });
  rmSync(`${file}-wal`, { force: true });
  rmSync(`${file}-shm`, { force: true });
}
// The purge as the service runs it: how long a request arriving meanwhile waits for the thread.
{
  const file = join(dir, 'service.db');
  copyFileSync(seed, file);
  const store = createSqliteStore(file);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  started = performance.now();
  const deleted = await new Retention(store, { keepDays: KEEP_DAYS }).purge();
  const total = performance.now() - started;
  delay.disable();
  console.log(
    `Retention.purge(): ${(deleted.insights + deleted.searches).toLocaleString('en')} rows in ${ms(total)}; ` +
      `event loop delay p50 ${ms(delay.percentile(50) / 1e6)}, p99 ${ms(delay.percentile(99) / 1e6)}, max ${ms(delay.max / 1e6)}`,
  );
  await store.close();
}
rmSync(dir, { recursive: true, force: true });
