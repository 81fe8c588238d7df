import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ANALYTICS_SORTS } from '../../src/server/service/analytics-report.js';
import { type ReportName, createSqliteStore, reportQuery } from '../../src/server/store/sqlite-store.js';
import { openDatabase } from '../../src/server/store/sqlite-database.js';
import type { AnalyticsFilter } from '../../src/server/store/store.js';
import { storedAnswer } from './stored-answer.js';

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 30);

/** The analytics records' filters, none and each (the top reports take none). */
const RECORD_FILTERS: Pick<AnalyticsFilter, 'didAnswer' | 'feedback'>[] = [
  {},
  { didAnswer: false },
  { feedback: -1 },
  { feedback: 'none' },
  { didAnswer: true, feedback: 1 },
];

/**
 * Every shape of a report's SQL: each sort, with an agent and without, a first and a deep page,
 * and for the analytics records each filter.
 */
function everyReport(): [ReportName, AnalyticsFilter][] {
  const shapes: [ReportName, AnalyticsFilter][] = [];
  for (const report of ['analytics', 'topquestions', 'topsearches'] as const)
    for (const sort of ANALYTICS_SORTS[report])
      for (const agentId of [undefined, 'docs'])
        for (const page of [1, 5000])
          for (const recordFilter of report === 'analytics' ? RECORD_FILTERS : [{}])
            shapes.push([
              report,
              {
                projectId: 'demo',
                startMs: NOW - DAY_MS,
                endMs: NOW,
                sort,
                page,
                limit: 20,
                ...(agentId === undefined ? {} : { agentId }),
                ...recordFilter,
              },
            ]);
  return shapes;
}

const planOf = (db: ReturnType<typeof openDatabase>, report: ReportName, filter: AnalyticsFilter) => {
  const { sql, params } = reportQuery(report, filter);
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map(
    (step) => step.detail,
  );
};

describe('the analytics reports on a big database', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ask-elements-report-plans-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("read a question's fields from an index, never its row with the answer and passages, and only the range asked", () => {
    const db = openDatabase(':memory:');
    try {
      for (const [report, filter] of everyReport()) {
        const plan = planOf(db, report, filter);
        const shape = `${report} ${JSON.stringify(filter)}: ${plan.join('; ')}`;
        // No step reads a whole table or index: each searches the range by project and time.
        assert.ok(!plan.some((step) => step.startsWith('SCAN')), shape);
        const range = '(project_id=? AND created_at>? AND created_at<?)';
        if (report === 'topsearches') {
          assert.ok(plan.includes(`SEARCH s USING INDEX searches_by_project_time ${range}`), shape);
          continue;
        }
        // A year of questions was read row by row, each with its answer and passages (2 to 5 KB):
        // 4 to 5 s for a year's top questions on a busy site, 3 s to sort a year by relevance.
        assert.ok(plan.includes(`SEARCH i USING COVERING INDEX insights_report ${range}`), shape);
        const rowReads = plan.filter((step) => /^SEARCH i USING (?!COVERING)/.test(step));
        // The analytics records read the rows of the page alone, by rowid, once it is picked.
        assert.deepEqual(
          rowReads,
          report === 'analytics' ? ['SEARCH i USING INTEGER PRIMARY KEY (rowid=?)'] : [],
          shape,
        );
        // A vote asked for is looked up by the insight's id, not searched for among all votes.
        if (filter.feedback !== undefined)
          assert.ok(
            plan.some((step) => /^SEARCH v USING (COVERING )?INDEX \S+ \(insight_id=\?\)$/.test(step)),
            shape,
          );
      }
    } finally {
      db.close();
    }
  });

  it('a database of the earlier schema gets the index when opened, and reports what it reported before', async () => {
    const file = join(dir, 'earlier.db');
    const store = createSqliteStore(file);
    for (let i = 0; i < 60; i++) {
      await store.saveInsight(
        storedAnswer({
          insightId: `q-${i}`,
          conversationId: `c-${i % 9}`,
          agentId: i % 3 === 0 ? 'support' : 'docs',
          query: `How do I install it, case ${i % 7}?`,
          didAnswer: i % 4 !== 0,
          relevanceScore: (i * 13) % 100,
          createdAt: NOW - (i % 20) * 3_600_000,
        }),
      );
      if (i % 5 === 0) await store.setFeedback(`q-${i}`, 'demo', i % 2 === 0 ? 1 : -1, 'wrong');
    }
    await store.close();
    // The schema before this index (version 4).
    const earlier = openDatabase(file);
    earlier.exec(`DROP INDEX insights_report;
      CREATE INDEX insights_by_project_time ON insights(project_id, created_at);
      PRAGMA user_version = 4;`);
    const reported = everyReport().map(([report, filter]) => {
      const { sql, params } = reportQuery(report, filter);
      return earlier.prepare(sql).all(...params);
    });
    earlier.close();

    const reopened = openDatabase(file);
    try {
      const indexes = reopened
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'insights' ORDER BY name",
        )
        .pluck()
        .all();
      assert.ok(indexes.includes('insights_report'), indexes.join(', '));
      assert.ok(!indexes.includes('insights_by_project_time'), indexes.join(', '));
      assert.ok(reported.some((rows) => rows.length > 0));
      assert.deepEqual(
        everyReport().map(([report, filter]) => {
          const { sql, params } = reportQuery(report, filter);
          return reopened.prepare(sql).all(...params);
        }),
        reported,
      );
    } finally {
      reopened.close();
    }
  });
});
