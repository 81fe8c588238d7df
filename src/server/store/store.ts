import type { AnalyticsRecord, FeedbackValue, TopQuestion, TopSearch } from '../../wire/index.js';

/** One question and its answer, as stored. */
export interface InsightRow {
  insightId: string;
  conversationId: string;
  projectId: string;
  agentId: string;
  query: string;
  /** The query after follow-up resolution, what was searched. */
  resolvedQuery: string;
  answer: string;
  format: string;
  didAnswer: boolean;
  relevanceScore: number;
  title: string;
  link: string;
  /** JSON: meta, attributes, tags, passages. */
  contextJson: string;
  createdAt: number;
  /**
   * The message asked nothing (a greeting, thanks: `context.smallTalk`): it is kept with its
   * reply, but top questions don't count it, nor do the records of questions not answered.
   */
  smallTalk?: boolean;
}

/** A previous turn of a conversation, oldest first. */
export interface ConversationTurn {
  query: string;
  resolvedQuery: string;
  answer: string;
  link: string;
  title: string;
  /**
   * False when the turn was declined: the site had nothing on it, so a follow-up's "it" is no
   * word of it. Absent counts as answered.
   */
  didAnswer?: boolean;
  /** The context stored with the turn's insight, as JSON (a custom agent's pending question). */
  contextJson?: string;
}

/**
 * A search a visitor settled on: the last of a run of searches (the states of a query being
 * typed), as `SettledSearches` records it.
 */
export interface SearchRow {
  projectId: string;
  agentId: string;
  query: string;
  /** How many documents it found. */
  results: number;
  createdAt: number;
}

/** What one `deleteOlderThan` call deleted, by table. */
export interface DeletedRows {
  insights: number;
  feedback: number;
  /** Conversations left without questions. */
  conversations: number;
  searches: number;
}

export interface AnalyticsFilter {
  projectId: string;
  startMs: number;
  endMs: number;
  /** Only this agent's insights (all agents of the project when absent). */
  agentId?: string;
  sort:
    | 'createdAt'
    | '-createdAt'
    | 'relevanceScore'
    | '-relevanceScore'
    | 'count'
    | '-count'
    | 'unanswered'
    | '-unanswered'
    | 'negative'
    | '-negative'
    | 'unfound'
    | '-unfound';
  /** 1-based. */
  page: number;
  limit: number;
  /**
   * The analytics records only: just the questions answered (true) or not answered (false). A
   * store must apply this and `feedback` before paging: one that answers a record outside them
   * makes the report a 501.
   */
  didAnswer?: boolean;
  /** The analytics records only: just the answers voted up (1), down (-1), or not voted on. */
  feedback?: FeedbackValue | 'none';
}

/**
 * Conversations, insights and feedback. SQLite (better-sqlite3) is the embedded default; a
 * PostgreSQL store can implement this without touching a route.
 */
export interface Store {
  /**
   * True if the conversation exists and belongs to this project and agent, so one agent's
   * conversation id never reveals another's history.
   */
  hasConversation(conversationId: string, projectId: string, agentId: string): Promise<boolean>;
  /** The turns of a conversation, oldest first (at most `limit`, the latest ones). */
  conversationTurns(conversationId: string, limit: number): Promise<ConversationTurn[]>;
  /**
   * Stores an answered question, creating its conversation if needed; durable when the promise
   * resolves.
   */
  saveInsight(row: InsightRow): Promise<void>;
  /**
   * Sets (or replaces) the feedback of one of a project's insights; false when the project has no
   * such insight (another project's insight is not found either).
   */
  setFeedback(
    insightId: string,
    projectId: string,
    value: FeedbackValue,
    reason?: string,
    comment?: string,
  ): Promise<boolean>;
  /** Insights of a project in a date range, with their feedback. */
  analytics(filter: AnalyticsFilter): Promise<AnalyticsRecord[]>;
  /** The most asked questions of a project in a date range. */
  topQuestions(filter: AnalyticsFilter): Promise<TopQuestion[]>;
  /**
   * Stores settled searches, all in one commit. Optional (as `topSearches`): a store without it
   * records no searches, and its top searches report answers 501.
   */
  saveSearches?(rows: readonly SearchRow[]): Promise<void>;
  /** The most frequent settled searches of a project in a date range. */
  topSearches?(filter: AnalyticsFilter): Promise<TopSearch[]>;
  /**
   * Deletes, in one commit, up to `limit` of the insights created before `beforeMs` (the oldest
   * first) with their feedback and the conversations they leave without questions, and up to
   * `limit` of the searches recorded before it. `Retention` calls it again until fewer than
   * `limit` of each go, so that a large purge never holds the database for long. Optional: a
   * store without it keeps everything, and a retention setting over it stops the start.
   */
  deleteOlderThan?(beforeMs: number, limit: number): Promise<DeletedRows>;
  /**
   * True when the database answers, and no statement has found it damaged (SQLite's "database
   * disk image is malformed"): a file damaged in places answers some reads and fails others.
   */
  healthy(): Promise<boolean>;
  /**
   * Checks the database's pages, when that is cheap enough to do at each start: the first fault
   * found, or undefined when none is (or no check runs). Optional; `startService` refuses to
   * start on a fault.
   */
  quickCheck?(): Promise<string | undefined>;
  close(): Promise<void>;
}

/** What a vector was embedded with: vectors of two spaces are never compared. */
export interface EmbeddingSpace {
  /** The model name sent to the endpoint. */
  model: string;
  /** The `dimensions` asked of the model; 0 for its own size. */
  dimensions: number;
}

/**
 * The vectors of the texts the site's pages and sections were embedded as, kept across restarts
 * so that an embeddings provider paid by the token is sent only the texts it never embedded (see
 * `HybridSearchIndex`). Each vector is found by its space and the SHA-256 of the exact text
 * embedded (hex): a changed page is a new text, a change of model or dimensions a new space.
 */
export interface EmbeddingCache {
  /** The vectors kept for these hashes in this space; a hash without one is absent. */
  vectors(space: EmbeddingSpace, hashes: readonly string[]): Promise<Map<string, Float32Array>>;
  /** Keeps these vectors (replacing any of the same hash), committed when the promise resolves. */
  keep(space: EmbeddingSpace, vectors: ReadonlyMap<string, Float32Array>): Promise<void>;
  /**
   * Deletes every vector but those of these hashes in this space: the texts the site no longer
   * has, and every other model's or size's, so that the file does not grow with each edit.
   * Resolves to how many were deleted.
   */
  keepOnly(space: EmbeddingSpace, hashes: ReadonlySet<string>): Promise<number>;
  close(): Promise<void>;
}
