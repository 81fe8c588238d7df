import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, mock } from 'node:test';
import type { Logger } from '../../src/server/logger.js';
import { DAY_MS, RETENTION_INTERVAL_MS, Retention } from '../../src/server/service/retention.js';
import { RETENTION_SQL, createSqliteStore } from '../../src/server/store/sqlite-store.js';
import { openDatabase } from '../../src/server/store/sqlite-database.js';
import type { InsightRow, Store } from '../../src/server/store/store.js';
import { DEMO_KEY, configWith, startTestService } from './service-harness.js';
import { storedAnswer } from './stored-answer.js';

const insight = (insightId: string, conversationId: string, createdAt: number, query?: string): InsightRow =>
  storedAnswer({ insightId, conversationId, createdAt, ...(query === undefined ? {} : { query }) });

const search = (query: string, createdAt: number) => ({
  projectId: 'demo',
  agentId: 'docs',
  query,
  results: 1,
  createdAt,
});

/** A logger that keeps what it is told. */
function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(message),
    warn: (message) => lines.push(message),
    error: (message, error) => lines.push(`${message} ${String(error)}`),
  };
}

/** The ids of a project's insights kept in a store, oldest first. */
const keptInsights = async (store: Store) =>
  (
    await store.analytics({
      projectId: 'demo',
      startMs: 0,
      endMs: Date.now() * 2,
      sort: 'createdAt',
      page: 1,
      limit: 100,
    })
  ).map((record) => record.insightId);

describe('retention (keepDays)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ask-elements-retention-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('deletes at start what is older than keepDays: the reports show only what is kept, a vote on a deleted answer is 404', async () => {
    const file = join(dir, 'service.db');
    const now = Date.now();
    const store = createSqliteStore(file);
    // A conversation wholly old, one old and recent, one recent.
    await store.saveInsight(insight('old-1', 'c-old', now - 40 * DAY_MS, 'What did we ask last year?'));
    await store.setFeedback('old-1', 'demo', -1, 'wrong');
    await store.saveInsight(insight('old-2', 'c-mixed', now - 31 * DAY_MS));
    await store.saveInsight(insight('new-1', 'c-new', now - 2 * DAY_MS));
    await store.setFeedback('new-1', 'demo', 1);
    await store.saveInsight(insight('new-2', 'c-mixed', now - DAY_MS));
    await store.saveSearches!([
      search('forgotten search', now - 45 * DAY_MS),
      search('kept search', now - DAY_MS),
    ]);
    await store.close();

    const logger = recordingLogger();
    const service = await startTestService({ dbFile: file, keepDays: 30, config: configWith(), logger });
    try {
      assert.deepEqual(await service.retention!.lastPurge, {
        insights: 2,
        feedback: 1,
        conversations: 1,
        searches: 1,
      });
      assert.ok(
        logger.lines.some((line) =>
          /^Deleted 2 questions \(1 with feedback\), 1 conversation and 1 search older than 30 days \(before \d{4}-/.test(
            line,
          ),
        ),
        logger.lines.join('\n'),
      );

      const report = async (path: string) => {
        const range = `startDate=${now - 365 * DAY_MS}&endDate=${now + DAY_MS}`;
        const response = await service.get(`/api/projects/demo/${path}?${range}&sort=createdAt`, {
          authorization: `Bearer ${DEMO_KEY}`,
        });
        assert.equal(response.status, 200);
        return response.json();
      };
      assert.deepEqual(
        (await report('analytics')).map((record: { insightId: string }) => record.insightId),
        ['new-1', 'new-2'],
      );
      assert.deepEqual(
        (await report('analytics/topquestions')).map((row: { question: string; count: number }) => [
          row.question,
          row.count,
        ]),
        [['How do I install it?', 2]],
      );
      assert.deepEqual(
        (await report('analytics/topsearches')).map((row: { query: string }) => row.query),
        ['kept search'],
      );

      const gone = await service.postJson('/bot/feedback', {
        apiKey: DEMO_KEY,
        insightId: 'old-1',
        feedback: 1,
      });
      assert.equal(gone.status, 404);
      assert.equal(gone.body.error.code, 'insight_not_found');
      const kept = await service.postJson('/bot/feedback', {
        apiKey: DEMO_KEY,
        insightId: 'new-1',
        feedback: -1,
      });
      assert.equal(kept.status, 200);

      // A conversation with a question kept goes on; one left with none starts anew.
      const goesOn = await service.postJson('/bot/askai', {
        apiKey: DEMO_KEY,
        query: 'How do I install it?',
        conversationId: 'c-mixed',
      });
      assert.equal(goesOn.body.conversationId, 'c-mixed');
      const anew = await service.postJson('/bot/askai', {
        apiKey: DEMO_KEY,
        query: 'How do I install it?',
        conversationId: 'c-old',
      });
      assert.equal(anew.status, 200);
      assert.notEqual(anew.body.conversationId, 'c-old');
    } finally {
      await service.close();
    }
  });

  it('deletes again each hour what has grown old since', async (t) => {
    t.after(() => mock.timers.reset());
    mock.timers.enable({ apis: ['setInterval'] });
    const store = createSqliteStore(':memory:');
    let now = Date.UTC(2026, 0, 1);
    await store.saveInsight(insight('first', 'c-1', now - 10 * DAY_MS));
    await store.saveInsight(insight('second', 'c-2', now - 2 * DAY_MS));
    await store.saveSearches!([search('install', now - 10 * DAY_MS)]);
    const logger = recordingLogger();
    const retention = new Retention(store, { keepDays: 30, now: () => now, logger });
    try {
      retention.start();
      assert.deepEqual(await retention.lastPurge, {
        insights: 0,
        feedback: 0,
        conversations: 0,
        searches: 0,
      });
      assert.deepEqual(logger.lines, [], 'nothing deleted, nothing logged');

      now += 21 * DAY_MS;
      mock.timers.tick(RETENTION_INTERVAL_MS);
      assert.deepEqual(await retention.lastPurge, {
        insights: 1,
        feedback: 0,
        conversations: 1,
        searches: 1,
      });
      assert.deepEqual(await keptInsights(store), ['second']);

      now += 9 * DAY_MS;
      mock.timers.tick(RETENTION_INTERVAL_MS);
      assert.deepEqual((await retention.lastPurge).insights, 1);
      assert.deepEqual(await keptInsights(store), []);
      assert.equal(logger.lines.length, 2);
    } finally {
      await retention.close();
      await store.close();
    }
  });

  it('deletes in batches, the oldest first, until none is left older than keepDays', async () => {
    const store = createSqliteStore(':memory:');
    const now = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 5; i++)
      await store.saveInsight(insight(`old-${i}`, 'c-long', now - (40 - i) * DAY_MS));
    await store.saveInsight(insight('recent', 'c-long', now - DAY_MS));
    await store.saveSearches!(
      Array.from({ length: 5 }, (_, i) => search(`search ${i}`, now - (40 - i) * DAY_MS)),
    );
    try {
      // One batch: the two oldest of each.
      assert.deepEqual(await store.deleteOlderThan!(now - 30 * DAY_MS, 2), {
        insights: 2,
        feedback: 0,
        conversations: 0,
        searches: 2,
      });
      assert.deepEqual(await keptInsights(store), ['old-2', 'old-3', 'old-4', 'recent']);

      const retention = new Retention(store, { keepDays: 30, now: () => now, batchSize: 2 });
      assert.deepEqual(await retention.purge(), { insights: 3, feedback: 0, conversations: 0, searches: 3 });
      assert.deepEqual(await keptInsights(store), ['recent']);
      // The conversation keeps its recent question, so it goes on.
      assert.equal(await store.hasConversation('c-long', 'demo', 'docs'), true);
      await retention.close();
    } finally {
      await store.close();
    }
  });

  it('stops a purge after its batch when the service closes, so that the store closes after it', async () => {
    const store = createSqliteStore(':memory:');
    const now = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 5; i++) await store.saveInsight(insight(`old-${i}`, `c-${i}`, now - 40 * DAY_MS));
    const logger = recordingLogger();
    const retention = new Retention(store, { keepDays: 30, now: () => now, batchSize: 1, logger });
    retention.start();
    await retention.close();
    await store.close();
    assert.equal((await retention.lastPurge).insights, 1);
    assert.equal(logger.lines.filter((line) => /failed/.test(line)).length, 0, logger.lines.join('\n'));
  });

  it('logs a purge that fails, and tries again at the next', async () => {
    let fails = true;
    const store = {
      deleteOlderThan: async () => {
        if (fails) throw new Error('database is locked');
        return { insights: 1, feedback: 0, conversations: 1, searches: 0 };
      },
    } as Partial<Store> as Store;
    const logger = recordingLogger();
    const retention = new Retention(store, { keepDays: 7, logger });
    assert.deepEqual(await retention.purge(), { insights: 0, feedback: 0, conversations: 0, searches: 0 });
    assert.match(
      logger.lines[0]!,
      /^Deleting what is older than 7 days failed \(tried again in 60 min\).*database is locked/,
    );
    fails = false;
    assert.equal((await retention.purge()).insights, 1);
    await retention.close();
  });

  it('refuses a keepDays that is no whole number of days from 1 to 36500, and a store that cannot delete', () => {
    const store = createSqliteStore(':memory:');
    for (const keepDays of [0, -1, 1.5, 36_501, Number.NaN])
      assert.throws(
        () => new Retention(store, { keepDays }),
        /keepDays must be a whole number of days from 1 to 36500/,
      );
    assert.throws(
      () => new Retention({} as Store, { keepDays: 30 }),
      /keepDays: this store cannot delete old rows/,
    );
    void store.close();
  });

  it('finds the old rows through an index on their time, not by reading every row', () => {
    const db = openDatabase(':memory:');
    try {
      const plan = (sql: string, ...args: unknown[]) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[])
          .map((step) => step.detail)
          .join('; ');
      assert.match(
        plan(RETENTION_SQL.oldInsights, 0, 10),
        /SEARCH insights USING (COVERING )?INDEX insights_by_time \(created_at<\?\)/,
      );
      assert.match(
        plan(RETENTION_SQL.deleteSearches, 0, 10),
        /SEARCH searches USING (COVERING )?INDEX searches_by_time \(created_at<\?\)/,
      );
      for (const sql of Object.values(RETENTION_SQL))
        assert.doesNotMatch(
          plan(sql, ...(sql.includes('json_each') ? ['[]'] : [0, 10])),
          /SCAN (insights|searches|feedback|conversations)\b/,
        );
    } finally {
      db.close();
    }
  });
});
