import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createSqliteStore } from '../../src/server/store/sqlite-store.js';
import type { AnalyticsFilter, Store } from '../../src/server/store/store.js';
import { storedAnswer } from './stored-answer.js';

const DAY_MS = 86_400_000;

/** The same year of questions, votes and searches in a store. */
async function fill(store: Store, now: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    await store.saveInsight(
      storedAnswer({
        insightId: `insight-${i}`,
        conversationId: `conversation-${i % 70}`,
        agentId: i % 4 === 0 ? 'support' : 'docs',
        query: i % 3 === 0 ? `How do I install it, case ${i % 17}?` : `how do i install it, case ${i % 17}`,
        didAnswer: i % 5 !== 0,
        relevanceScore: (i * 37) % 100,
        createdAt: now - (i % 365) * DAY_MS - i,
      }),
    );
    if (i % 7 === 0) await store.setFeedback(`insight-${i}`, 'demo', i % 2 === 0 ? 1 : -1, 'wrong');
  }
  // Enough searches that grouping them takes a while (tens of milliseconds).
  await store.saveSearches!(
    Array.from({ length: 60_000 }, (_, i) => ({
      projectId: 'demo',
      agentId: i % 3 === 0 ? 'support' : 'docs',
      query: `search ${i % 5_000}`,
      results: i % 11,
      createdAt: now - (i % 365) * DAY_MS - i,
    })),
  );
}

describe('analytics reports over a database file', () => {
  let dir: string;
  let fileStore: Store;
  let memoryStore: Store;
  const now = Date.now();
  const year = (fields: Partial<AnalyticsFilter> = {}): AnalyticsFilter => ({
    projectId: 'demo',
    startMs: now - 366 * DAY_MS,
    endMs: now,
    sort: '-count',
    page: 1,
    limit: 100,
    ...fields,
  });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ask-elements-report-worker-'));
    fileStore = createSqliteStore(join(dir, 'service.db'));
    memoryStore = createSqliteStore(':memory:');
    await fill(fileStore, now);
    await fill(memoryStore, now);
  });
  after(async () => {
    await fileStore.close();
    await memoryStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('are read off the thread that answers visitors: it goes on turning while a report runs', async () => {
    await fileStore.topSearches!(year()); // the worker started
    const report = fileStore.topSearches!(year());
    let settled = false;
    void report.finally(() => (settled = true));
    // better-sqlite3 is synchronous: read on the service's own connection, the report was done
    // before this loop could turn once, and every search and question meanwhile waited for it.
    let turns = 0;
    while (!settled) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    assert.ok(turns > 1, `the event loop turned ${turns} time(s) while the report ran`);
    assert.equal((await report).length, 100);
  });

  it('answer what the same report reads on the service connection, for every report, sort, agent and page', async () => {
    const cases: [keyof Pick<Store, 'analytics' | 'topQuestions' | 'topSearches'>, AnalyticsFilter][] = [
      ['analytics', year({ sort: '-createdAt' })],
      ['analytics', year({ sort: 'relevanceScore', page: 2, limit: 20 })],
      ['analytics', year({ sort: '-relevanceScore', agentId: 'support' })],
      ['topQuestions', year()],
      ['topQuestions', year({ sort: '-unanswered' })],
      ['topQuestions', year({ sort: '-negative', agentId: 'docs' })],
      ['topSearches', year({ sort: '-unfound', page: 3 })],
      ['topSearches', year({ startMs: now - 30 * DAY_MS, agentId: 'support' })],
    ];
    for (const [report, filter] of cases) {
      const fromFile = await fileStore[report]!(filter);
      assert.ok(fromFile.length > 0, `${report} ${JSON.stringify(filter)} is empty`);
      assert.deepEqual(fromFile, await memoryStore[report]!(filter), `${report} ${JSON.stringify(filter)}`);
    }
  });

  it('include what was committed just before they were asked', async () => {
    await fileStore.saveInsight(
      storedAnswer({
        insightId: 'just-now',
        conversationId: 'c-now',
        query: 'A question just asked',
        createdAt: now,
      }),
    );
    await fileStore.setFeedback('just-now', 'demo', -1, 'outdated', 'asked a moment ago');
    const [latest] = await fileStore.analytics(year({ sort: '-createdAt', limit: 1 }));
    assert.equal(latest?.insightId, 'just-now');
    assert.equal(latest?.comment, 'asked a moment ago');
  });

  it('a report in flight when the store closes fails rather than hangs', async () => {
    const store = createSqliteStore(join(dir, 'closing.db'));
    await fill(store, now);
    const report = assert.rejects(store.topSearches!(year()), /closed/);
    await store.close();
    await report;
  });
});
