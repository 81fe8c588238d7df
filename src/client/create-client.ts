import type {
  AnalyticsRecord,
  AnswerRecord,
  AskRequest,
  FeedbackRequest,
  FeedbackResponse,
  HealthResponse,
  SearchRequest,
  SearchResponse,
  TopQuestion,
} from '../wire/index.js';
import { ApiError, NetworkError, TimeoutError } from './errors.js';
import { attemptOnce, delay, fetchOf, timeoutOf, trimBase, withKey } from './request.js';
import type { Call } from './request.js';
import { SEARCH_TIMEOUT_MS, createSearchClient } from './search-client.js';

/** Paths of the bot and health endpoints; the hosted service is also seen at `/api/search`, `/api/askai`. */
export interface ClientPaths {
  search: string;
  ask: string;
  feedback: string;
  health: string;
}

export type Operation = 'search' | 'ask' | 'feedback' | 'health' | 'analytics';

export interface ClientOptions {
  /** Origin (and optional path prefix) of the bot endpoints, e.g. `https://bot.example.com`. */
  baseUrl: string;
  /** The agent's API key: sent in the JSON body of bot requests, as a Bearer token for analytics. */
  apiKey?: string;
  /** Host of the analytics endpoints; defaults to `baseUrl`. */
  analyticsUrl?: string;
  paths?: Partial<ClientPaths>;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof fetch;
  /** Time allowed for one attempt, in ms: one number for all, or per operation. */
  timeoutMs?: number | Partial<Record<Operation, number>>;
  /** Retries for idempotent calls (GETs and feedback). Default 2. */
  retries?: number;
}

export interface RequestOptions {
  /** Aborts the request, and any backoff wait between retries, at once. */
  signal?: AbortSignal;
}

/** A date as a `Date`, epoch milliseconds or an ISO 8601 string. */
export type DateInput = Date | number | string;

export interface AnalyticsQuery {
  projectId: string;
  startDate: DateInput;
  endDate: DateInput;
  sort?: string;
  page?: number;
  limit?: number;
}

/** Requests without `apiKey`: the client adds its own. */
type WithoutKey<T> = Omit<T, 'apiKey'>;

/** The typed client of the conversational search and answer API (SPEC.md). */
export interface AskClient {
  /** `POST /bot/search`: documents matching a query, best first. */
  search(request: WithoutKey<SearchRequest>, options?: RequestOptions): Promise<SearchResponse>;
  /** `POST /bot/askai`: an answer with its source; throws ApiError when the record's `error` is set. */
  ask(request: WithoutKey<AskRequest>, options?: RequestOptions): Promise<AnswerRecord>;
  /** `POST /bot/feedback`: +1 or -1 for an answer's insightId. */
  feedback(request: WithoutKey<FeedbackRequest>, options?: RequestOptions): Promise<FeedbackResponse>;
  /** `GET /api/healthz`. */
  health(options?: RequestOptions): Promise<HealthResponse>;
  /** `GET /api/projects/{projectId}/analytics`: answered questions in a date range. */
  analytics(query: AnalyticsQuery, options?: RequestOptions): Promise<AnalyticsRecord[]>;
  /** `GET /api/projects/{projectId}/analytics/topquestions`. */
  topQuestions(query: AnalyticsQuery, options?: RequestOptions): Promise<TopQuestion[]>;
}

const DEFAULT_PATHS: ClientPaths = {
  search: '/bot/search',
  ask: '/bot/askai',
  feedback: '/bot/feedback',
  health: '/api/healthz',
};

// As-you-type search must give up fast; an answer may take a model a while.
const DEFAULT_TIMEOUTS: Record<Operation, number> = {
  search: SEARCH_TIMEOUT_MS,
  ask: 60_000,
  feedback: 10_000,
  health: 5_000,
  analytics: 30_000,
};

const MAX_BACKOFF_MS = 10_000;

interface RetryableCall extends Omit<Call, 'timeoutMs'> {
  operation: Operation;
  /** Safe to send again: GETs, and feedback (idempotent by insightId). */
  idempotent: boolean;
}

/** Creates a client for one service and key. */
export function createClient(options: ClientOptions): AskClient {
  const fetchImpl = fetchOf(options);
  const paths = { ...DEFAULT_PATHS, ...options.paths };
  const base = trimBase(options.baseUrl);
  const analyticsBase = trimBase(options.analyticsUrl ?? options.baseUrl);
  const retries = options.retries ?? 2;

  async function send<T>(call: RetryableCall, signal: AbortSignal | undefined): Promise<T> {
    const timeoutMs = timeoutOf(options, call.operation, DEFAULT_TIMEOUTS[call.operation]);
    for (let attempt = 0; ; attempt++) {
      try {
        return (await attemptOnce(fetchImpl, { ...call, timeoutMs }, signal)) as T;
      } catch (error) {
        const retryable =
          call.idempotent &&
          attempt < retries &&
          !signal?.aborted &&
          (error instanceof NetworkError ||
            error instanceof TimeoutError ||
            (error instanceof ApiError &&
              (error.status === 408 || error.status === 429 || error.status >= 500)));
        if (!retryable) throw error;
        const backoff = Math.random() * 250 * 2 ** attempt;
        const hinted =
          error instanceof ApiError && error.retryAfter !== undefined ? error.retryAfter * 1000 : 0;
        await delay(Math.min(MAX_BACKOFF_MS, Math.max(backoff, hinted)), signal);
      }
    }
  }

  const analyticsCall = async <T>(
    suffix: string,
    query: AnalyticsQuery,
    signal?: AbortSignal,
  ): Promise<T> => {
    const params = new URLSearchParams({
      startDate: String(toEpochMs(query.startDate, 'startDate')),
      endDate: String(toEpochMs(query.endDate, 'endDate')),
    });
    if (query.sort !== undefined) params.set('sort', query.sort);
    if (query.page !== undefined) params.set('page', String(query.page));
    if (query.limit !== undefined) params.set('limit', String(query.limit));
    const url = `${analyticsBase}/api/projects/${encodeURIComponent(query.projectId)}/analytics${suffix}?${params}`;
    return send<T>(
      { operation: 'analytics', method: 'GET', url, bearer: options.apiKey, idempotent: true },
      signal,
    );
  };

  return {
    // One attempt, never retried: the same code as the search-only client of <search-box>.
    search: createSearchClient({ ...options, paths }).search,
    ask: async (request, { signal } = {}) => {
      const record = await send<AnswerRecord>(
        {
          operation: 'ask',
          method: 'POST',
          url: base + paths.ask,
          body: withKey(options, request),
          idempotent: false,
        },
        signal,
      );
      if (record === null || typeof record !== 'object' || typeof record.answer !== 'string') {
        throw new ApiError('The service sent an answer in an unexpected shape.', {
          status: 200,
          code: 'invalid_response',
          body: record,
        });
      }
      if (record.error) {
        throw new ApiError(record.error.message || 'The service could not answer.', {
          status: 200,
          code: record.error.code || 'answer_error',
          body: record,
        });
      }
      return record;
    },
    feedback: (request, { signal } = {}) =>
      send(
        {
          operation: 'feedback',
          method: 'POST',
          url: base + paths.feedback,
          body: withKey(options, request),
          idempotent: true,
        },
        signal,
      ),
    health: ({ signal } = {}) =>
      send({ operation: 'health', method: 'GET', url: base + paths.health, idempotent: true }, signal),
    analytics: (query, { signal } = {}) => analyticsCall('', query, signal),
    topQuestions: (query, { signal } = {}) => analyticsCall('/topquestions', query, signal),
  };
}

function toEpochMs(value: DateInput, name: string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms))
    throw new RangeError(`${name} is not a valid date: use a Date, epoch ms or ISO 8601.`);
  return ms;
}
