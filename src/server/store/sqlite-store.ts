/**
 * The embedded `Store`: conversations, insights and feedback in one SQLite file through
 * better-sqlite3.
 *
 * Durability: WAL with `synchronous = FULL` makes every commit fsync the WAL before the
 * statement returns, and each method resolves only after its commit. So an ask or a feedback
 * that was answered 200 survives `kill -9` (and a power cut), not just a clean shutdown.
 * (NORMAL would survive `kill -9` too, since the WAL sits in the OS's cache, but not a crash
 * of the machine; an fsync per answered question is cheap next to answering it.)
 */
import { realpathSync, statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { AnalyticsRecord, FeedbackValue, TopQuestion, TopSearch } from '../../wire/index.js';
import type {
  AnalyticsFilter,
  ConversationTurn,
  DeletedRows,
  InsightRow,
  SearchRow,
  Store,
} from './store.js';
import { keepPrivate } from '../private-files.js';
import { ReportReader } from './report-reader.js';
import { questionKey } from './question-key.js';
import { BUSY_TIMEOUT_MS, openDatabase } from './sqlite-database.js';

/**
 * The question key of a message that asked nothing (a greeting, thanks; see `InsightRow.smallTalk`),
 * which no question folds to (see `questionKey`): top questions skip it, and so do the records of
 * the questions not answered, through the index they are read from.
 */
const SMALL_TALK_KEY = '';
/** The condition that keeps the questions, small talk aside. */
const NOT_SMALL_TALK = `i.question_key <> '${SMALL_TALK_KEY}'`;

const ANALYTICS_ORDER: Record<AnalyticsFilter['sort'], string> = {
  createdAt: 'i.created_at ASC, i.rowid ASC',
  '-createdAt': 'i.created_at DESC, i.rowid DESC',
  // Then the latest first, and of two asked in the same millisecond the one saved last: an
  // order without ties, so that the page picked is the page read.
  relevanceScore: 'i.relevance_score ASC, i.created_at DESC, i.rowid DESC',
  '-relevanceScore': 'i.relevance_score DESC, i.created_at DESC, i.rowid DESC',
  // Each insight counts once, so count order falls back to time (the analytics report accepts
  // none of these: see ANALYTICS_SORTS).
  count: 'i.created_at ASC, i.rowid ASC',
  '-count': 'i.created_at DESC, i.rowid DESC',
  unanswered: 'i.created_at ASC, i.rowid ASC',
  '-unanswered': 'i.created_at DESC, i.rowid DESC',
  negative: 'i.created_at ASC, i.rowid ASC',
  '-negative': 'i.created_at DESC, i.rowid DESC',
  // The top searches report's (this report refuses them: see ANALYTICS_SORTS).
  unfound: 'i.created_at ASC, i.rowid ASC',
  '-unfound': 'i.created_at DESC, i.rowid DESC',
};

const TOP_QUESTION_ORDER: Record<AnalyticsFilter['sort'], string> = {
  count: 'count ASC, last_asked_at DESC',
  '-count': 'count DESC, last_asked_at DESC',
  createdAt: 'last_asked_at ASC, count DESC',
  '-createdAt': 'last_asked_at DESC, count DESC',
  relevanceScore: 'average_score ASC, count DESC',
  '-relevanceScore': 'average_score DESC, count DESC',
  // The content gap queue: what the documents don't answer, and what visitors found wrong.
  unanswered: 'count - answered ASC, count DESC, last_asked_at DESC',
  '-unanswered': 'count - answered DESC, count DESC, last_asked_at DESC',
  negative: 'negative ASC, count DESC, last_asked_at DESC',
  '-negative': 'negative DESC, count DESC, last_asked_at DESC',
  // The top searches report's (the questions report refuses them: see ANALYTICS_SORTS).
  unfound: 'count ASC, last_asked_at DESC',
  '-unfound': 'count DESC, last_asked_at DESC',
};

/** Orders of the top searches report (the sorts it accepts: see ANALYTICS_SORTS). */
const TOP_SEARCH_ORDER: Partial<Record<AnalyticsFilter['sort'], string>> = {
  count: 'count ASC, last_searched_at DESC',
  '-count': 'count DESC, last_searched_at DESC',
  createdAt: 'last_searched_at ASC, count DESC',
  '-createdAt': 'last_searched_at DESC, count DESC',
  // The searches that found nothing: pages to write, or words to add to the ones that exist.
  unfound: 'count - found ASC, count DESC, last_searched_at DESC',
  '-unfound': 'count - found DESC, count DESC, last_searched_at DESC',
};

/** The three reports. */
export type ReportName = 'analytics' | 'topquestions' | 'topsearches';

/** What each report selects, up to its WHERE, from its table (aliased as the second item). */
const REPORT_SELECT: Record<ReportName, readonly [string, string]> = {
  // The page's rows are picked from the index alone (see reportQuery), then read.
  analytics: ['SELECT i.rowid FROM insights i', 'i'],
  // SQLite takes a bare column (query) from the row holding MAX(created_at): the latest wording.
  topquestions: [
    `SELECT i.query AS question, MAX(i.created_at) AS last_asked_at, COUNT(*) AS count,
       SUM(i.did_answer) AS answered,
       SUM(CASE WHEN f.value = 1 THEN 1 ELSE 0 END) AS positive,
       SUM(CASE WHEN f.value = -1 THEN 1 ELSE 0 END) AS negative,
       AVG(i.relevance_score) AS average_score
     FROM insights i LEFT JOIN feedback f ON f.insight_id = i.insight_id`,
    'i',
  ],
  // As for top questions, the bare column (query) comes from the row of the latest search.
  topsearches: [
    `SELECT s.query, MAX(s.created_at) AS last_searched_at, COUNT(*) AS count,
       SUM(CASE WHEN s.results > 0 THEN 1 ELSE 0 END) AS found
     FROM searches s`,
    's',
  ],
};

/** A report's GROUP BY and ORDER BY for a sort. */
function reportOrder(report: ReportName, sort: AnalyticsFilter['sort']): string {
  if (report === 'analytics') return `ORDER BY ${ANALYTICS_ORDER[sort]}`;
  if (report === 'topquestions')
    return `GROUP BY i.question_key ORDER BY ${TOP_QUESTION_ORDER[sort]}, i.question_key`;
  return `GROUP BY s.query_key ORDER BY ${TOP_SEARCH_ORDER[sort] ?? TOP_SEARCH_ORDER['-count']}, s.query_key`;
}

/**
 * The SQL of one page of a report and its parameters: the filter's project, time range and
 * agent (and for the analytics records, whether answered and the vote), the report's order, the
 * page. The SQL varies only with the report, the sort and which of the filters are given (a test
 * reads its query plans).
 */
export function reportQuery(report: ReportName, filter: AnalyticsFilter): { sql: string; params: unknown[] } {
  const [select, table] = REPORT_SELECT[report];
  const params: unknown[] = [filter.projectId, filter.startMs, filter.endMs];
  let where = `${table}.project_id = ? AND ${table}.created_at >= ? AND ${table}.created_at <= ?`;
  if (report === 'topquestions') where += ` AND ${NOT_SMALL_TALK}`;
  if (filter.agentId !== undefined) {
    where += ` AND ${table}.agent_id = ?`;
    params.push(filter.agentId);
  }
  if (report === 'analytics') {
    // did_answer is in the index the page is picked from; a vote is found by the insight's id.
    if (filter.didAnswer !== undefined) {
      where += ` AND i.did_answer = ?${filter.didAnswer ? '' : ` AND ${NOT_SMALL_TALK}`}`;
      params.push(filter.didAnswer ? 1 : 0);
    }
    if (filter.feedback === 'none') {
      where += ' AND NOT EXISTS (SELECT 1 FROM feedback v WHERE v.insight_id = i.insight_id)';
    } else if (filter.feedback !== undefined) {
      where += ' AND EXISTS (SELECT 1 FROM feedback v WHERE v.insight_id = i.insight_id AND v.value = ?)';
      params.push(filter.feedback);
    }
  }
  params.push(filter.limit, (filter.page - 1) * filter.limit);
  const order = reportOrder(report, filter.sort);
  const sql = `${select} WHERE ${where} ${order} LIMIT ? OFFSET ?`;
  if (report !== 'analytics') return { sql, params };
  // The rows of a page are read once it is known which they are: sorted whole (by relevance), or
  // skipped to a deep page, a year of rows with their answers cost seconds; their index entries
  // cost a tenth of that.
  return {
    sql: `SELECT i.insight_id, i.conversation_id, i.agent_id, i.query, i.answer, i.format, i.did_answer,
       i.relevance_score, i.title, i.link, f.value AS feedback, f.reason, f.comment, i.created_at
     FROM insights i LEFT JOIN feedback f ON f.insight_id = i.insight_id
     WHERE i.rowid IN (${sql}) ${order}`,
    params,
  };
}

/**
 * The statements of `deleteOlderThan`: the oldest rows first, found through the `*_by_time`
 * indexes (a test checks their query plans). The insights of a batch are picked once, so that
 * their feedback, they and their conversations are the same rows.
 */
export const RETENTION_SQL = {
  oldInsights: 'SELECT insight_id FROM insights WHERE created_at < ? ORDER BY created_at LIMIT ?',
  deleteFeedback: 'DELETE FROM feedback WHERE insight_id IN (SELECT value FROM json_each(?))',
  deleteInsights:
    'DELETE FROM insights WHERE insight_id IN (SELECT value FROM json_each(?)) RETURNING conversation_id',
  deleteEmptyConversations: `DELETE FROM conversations WHERE id IN (SELECT value FROM json_each(?))
    AND NOT EXISTS (SELECT 1 FROM insights i WHERE i.conversation_id = conversations.id)`,
  deleteSearches: `DELETE FROM searches WHERE rowid IN
    (SELECT rowid FROM searches WHERE created_at < ? ORDER BY created_at LIMIT ?)`,
} as const;

interface TopSearchRow {
  query: string;
  count: number;
  found: number;
  last_searched_at: number;
}

interface AnalyticsRow {
  insight_id: string;
  conversation_id: string;
  agent_id: string;
  query: string;
  answer: string;
  format: string;
  did_answer: number;
  relevance_score: number;
  title: string;
  link: string;
  feedback: number | null;
  reason: string | null;
  comment: string | null;
  created_at: number;
}

/**
 * What SQLite answers when the file's pages are damaged (a disk fault, a copy taken mid-write, a
 * file written by something else): a database whose header is intact opens, and then fails
 * whatever reads the pages hit, for good.
 */
const DAMAGED = /^SQLITE_(CORRUPT|NOTADB)/;

/** Whether `error` is SQLite saying the file is damaged. */
function isDamage(error: unknown): boolean {
  return DAMAGED.test(String((error as { code?: unknown } | null)?.code ?? ''));
}

/**
 * Files up to this size are checked at start (`quickCheck`): 256 MB took 0.2 s in the OS's cache
 * and 4 s from a cold disk (829 MB: 0.7 s and 14 s). A larger one is not read whole at each
 * start; damage in it shows at the first read that meets it (see `healthy`).
 */
export const QUICK_CHECK_MAX_BYTES = 256 * 1024 * 1024;

interface TopQuestionRow {
  question: string;
  count: number;
  answered: number;
  positive: number;
  negative: number;
  last_asked_at: number;
}

class SqliteStore implements Store {
  readonly #db: Database.Database;
  readonly #statements;
  readonly #saveInsightTransaction: (row: InsightRow) => void;
  readonly #saveSearchesTransaction: (rows: readonly SearchRow[]) => void;
  readonly #deleteOlderThanTransaction: Database.Transaction<
    (beforeMs: number, limit: number) => DeletedRows
  >;
  /** The analytics statements, by their SQL (see #page). */
  readonly #pageStatements = new Map<string, Database.Statement<unknown[], unknown>>();
  /** Runs the reports off this thread, for a file (an in-memory database has no other connection). */
  readonly #reports: ReportReader | undefined;
  /**
   * Set once a statement found the file damaged: health answers 503 from then on, since the file
   * will fail again (other reads may succeed meanwhile, and a health check that read other pages
   * said ok while every question failed). A repaired or restored file takes a restart.
   */
  #damaged = false;

  constructor(db: Database.Database, reports?: ReportReader) {
    this.#db = db;
    this.#reports = reports;
    this.#statements = {
      conversationExists: db.prepare<[string, string, string], { found: number }>(
        'SELECT 1 AS found FROM conversations WHERE id = ? AND project_id = ? AND agent_id = ?',
      ),
      createConversation: db.prepare<[string, string, string, number]>(
        'INSERT OR IGNORE INTO conversations (id, project_id, agent_id, created_at) VALUES (?, ?, ?, ?)',
      ),
      turns: db.prepare<[string, number], Omit<ConversationTurn, 'didAnswer'> & { didAnswer: number }>(
        `SELECT query, resolved_query AS resolvedQuery, answer, link, title, did_answer AS didAnswer,
           context_json AS contextJson FROM insights
         WHERE conversation_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?`,
      ),
      saveInsight: db.prepare(
        `INSERT INTO insights (insight_id, conversation_id, project_id, agent_id, query, question_key,
           resolved_query, answer, format, did_answer, relevance_score, title, link, context_json, created_at)
         VALUES (@insightId, @conversationId, @projectId, @agentId, @query, @questionKey,
           @resolvedQuery, @answer, @format, @didAnswer, @relevanceScore, @title, @link, @contextJson, @createdAt)`,
      ),
      insightExists: db.prepare<[string, string], { found: number }>(
        'SELECT 1 AS found FROM insights WHERE insight_id = ? AND project_id = ?',
      ),
      setFeedback: db.prepare<[string, number, string | null, string | null, number]>(
        `INSERT INTO feedback (insight_id, value, reason, comment, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (insight_id) DO UPDATE SET
           value = excluded.value, reason = excluded.reason, comment = excluded.comment,
           updated_at = excluded.updated_at`,
      ),
      saveSearch: db.prepare<[string, string, string, string, number, number]>(
        `INSERT INTO searches (project_id, agent_id, query, query_key, results, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      oldInsights: db.prepare<[number, number], string>(RETENTION_SQL.oldInsights).pluck(),
      deleteFeedback: db.prepare<[string]>(RETENTION_SQL.deleteFeedback),
      deleteInsights: db.prepare<[string], string>(RETENTION_SQL.deleteInsights).pluck(),
      deleteEmptyConversations: db.prepare<[string]>(RETENTION_SQL.deleteEmptyConversations),
      deleteSearches: db.prepare<[number, number]>(RETENTION_SQL.deleteSearches),
      ping: db.prepare<[], { ok: number }>('SELECT 1 AS ok'),
    };
    const { createConversation, saveInsight } = this.#statements;
    this.#saveInsightTransaction = db.transaction((row: InsightRow) => {
      // The conversation and its first insight commit together: one fsync, never half a turn.
      createConversation.run(row.conversationId, row.projectId, row.agentId, row.createdAt);
      saveInsight.run({
        ...row,
        // Small talk is grouped under no question (see SMALL_TALK_KEY).
        questionKey: row.smallTalk === true ? SMALL_TALK_KEY : questionKey(row.query),
        didAnswer: row.didAnswer ? 1 : 0,
      });
    });
    const { saveSearch } = this.#statements;
    this.#saveSearchesTransaction = db.transaction((rows: readonly SearchRow[]) => {
      for (const row of rows)
        saveSearch.run(
          row.projectId,
          row.agentId,
          row.query,
          questionKey(row.query),
          row.results,
          row.createdAt,
        );
    });
    const { oldInsights, deleteFeedback, deleteInsights, deleteEmptyConversations, deleteSearches } =
      this.#statements;
    this.#deleteOlderThanTransaction = db.transaction((beforeMs: number, limit: number): DeletedRows => {
      const old = oldInsights.all(beforeMs, limit);
      const insightIds = JSON.stringify(old);
      const feedback = deleteFeedback.run(insightIds).changes;
      const conversationIds = JSON.stringify([...new Set(deleteInsights.all(insightIds))]);
      return {
        insights: old.length,
        feedback,
        conversations: deleteEmptyConversations.run(conversationIds).changes,
        searches: deleteSearches.run(beforeMs, limit).changes,
      };
    });
  }

  async deleteOlderThan(beforeMs: number, limit: number): Promise<DeletedRows> {
    // It reads before it writes: with the write lock taken first, another process's commit
    // between the two (a second service answering) cannot leave it a stale snapshot to write
    // from, which SQLite refuses at once ("database is locked") rather than wait.
    return this.#watched(() => this.#deleteOlderThanTransaction.immediate(beforeMs, limit));
  }

  /** `run`'s result; a damaged file, should it fail so, is remembered (see `#damaged`). */
  #watched<T>(run: () => T): T {
    try {
      return run();
    } catch (error) {
      return this.#failed(error);
    }
  }

  /** Throws `error`, remembering a damaged file (see `#damaged`). */
  #failed(error: unknown): never {
    if (isDamage(error)) this.#damaged = true;
    throw error;
  }

  async hasConversation(conversationId: string, projectId: string, agentId: string): Promise<boolean> {
    return this.#watched(
      () => this.#statements.conversationExists.get(conversationId, projectId, agentId) !== undefined,
    );
  }

  async conversationTurns(conversationId: string, limit: number): Promise<ConversationTurn[]> {
    return this.#watched(() => this.#statements.turns.all(conversationId, limit))
      .reverse()
      .map((turn) => ({ ...turn, didAnswer: turn.didAnswer === 1 }));
  }

  async saveInsight(row: InsightRow): Promise<void> {
    this.#watched(() => this.#saveInsightTransaction(row));
  }

  async setFeedback(
    insightId: string,
    projectId: string,
    value: FeedbackValue,
    reason?: string,
    comment?: string,
  ): Promise<boolean> {
    return this.#watched(() => {
      if (this.#statements.insightExists.get(insightId, projectId) === undefined) return false;
      this.#statements.setFeedback.run(insightId, value, reason ?? null, comment ?? null, Date.now());
      return true;
    });
  }

  /**
   * One page of a report: in the report worker for a file, else here, its statement prepared
   * once per shape of SQL and kept.
   */
  async #page<Row>(report: ReportName, filter: AnalyticsFilter): Promise<Row[]> {
    const { sql, params } = reportQuery(report, filter);
    if (this.#reports !== undefined)
      return (await this.#reports.all(sql, params).catch((error: unknown) => this.#failed(error))) as Row[];
    return this.#watched(() => {
      let statement = this.#pageStatements.get(sql);
      if (statement === undefined) {
        statement = this.#db.prepare(sql);
        this.#pageStatements.set(sql, statement);
      }
      return statement.all(...params) as Row[];
    });
  }

  async analytics(filter: AnalyticsFilter): Promise<AnalyticsRecord[]> {
    const rows = await this.#page<AnalyticsRow>('analytics', filter);
    return rows.map((row) => ({
      insightId: row.insight_id,
      conversationId: row.conversation_id,
      agentId: row.agent_id,
      query: row.query,
      answer: row.answer,
      format: row.format === 'markdown' ? 'markdown' : 'html',
      didAnswer: row.did_answer === 1,
      relevanceScore: row.relevance_score,
      title: row.title,
      link: row.link,
      feedback: row.feedback === 1 || row.feedback === -1 ? row.feedback : null,
      reason: row.reason,
      comment: row.comment,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }

  async topQuestions(filter: AnalyticsFilter): Promise<TopQuestion[]> {
    const rows = await this.#page<TopQuestionRow>('topquestions', filter);
    return rows.map((row) => ({
      question: row.question,
      count: row.count,
      answered: row.answered,
      positive: row.positive,
      negative: row.negative,
      lastAskedAt: new Date(row.last_asked_at).toISOString(),
    }));
  }

  async saveSearches(rows: readonly SearchRow[]): Promise<void> {
    if (rows.length > 0) this.#watched(() => this.#saveSearchesTransaction(rows));
  }

  async topSearches(filter: AnalyticsFilter): Promise<TopSearch[]> {
    const rows = await this.#page<TopSearchRow>('topsearches', filter);
    return rows.map((row) => ({
      query: row.query,
      count: row.count,
      found: row.found,
      lastSearchedAt: new Date(row.last_searched_at).toISOString(),
    }));
  }

  /**
   * SQLite's quick check of the file (every page read, b-trees and records checked, 0.7 s for
   * 829 MB in the OS's cache) in the reports' thread, for a file of up to `maxBytes`: the first
   * fault it finds, or undefined when it finds none or does not run (in memory, or larger).
   * A fault found makes the store unhealthy as a failed statement does.
   */
  async quickCheck(maxBytes = QUICK_CHECK_MAX_BYTES): Promise<string | undefined> {
    if (this.#reports === undefined || statSync(this.#reports.file).size > maxBytes) return undefined;
    const rows = await this.#reports.all('PRAGMA quick_check(1)', []).catch((error: unknown) => {
      if (!isDamage(error)) throw error;
      return [{ quick_check: (error as Error).message }];
    });
    const result = String(Object.values((rows[0] ?? {}) as object)[0] ?? '');
    if (result === 'ok') return undefined;
    this.#damaged = true;
    return result.replace(/^\*\*\* in database main \*\*\*\n/, '').split('\n')[0];
  }

  async healthy(): Promise<boolean> {
    if (this.#damaged) return false;
    try {
      return this.#statements.ping.get()?.ok === 1;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.#reports?.close();
    if (this.#db.open) this.#db.close();
  }
}

/**
 * Opens (creating if needed) a SQLite store at `file`, or an in-memory one for `:memory:`. The
 * file and its journals are the store's: `staticDir` never serves them (see `createApp`).
 */
export function createSqliteStore(file: string): Store {
  const db = openDatabase(file);
  const inMemory = file === ':memory:' || file === '';
  const store = new SqliteStore(
    db,
    inMemory ? undefined : new ReportReader(realpathSync(file), BUSY_TIMEOUT_MS),
  );
  // SQLite names the journals after the file a link leads to: a --db link to a file in the
  // static folder has its -wal there, under the file's name.
  if (file !== ':memory:' && file !== '')
    keepPrivate(
      store,
      [...new Set([file, realpathSync(file)])].flatMap((name) =>
        ['', '-wal', '-shm', '-journal'].map((suffix) => name + suffix),
      ),
    );
  return store;
}
