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
  TopSearch,
} from '../wire/index.js';
import { ISO_DATE, ISO_DATE_TIME } from '../wire/dates.js';
import { createChatClient } from './chat-client.js';
import { fetchOf, send, timeoutOf, trimBase } from './request.js';
import { createSearchClient } from './search-client.js';

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
  /** Only the questions asked through this agent of the project. */
  agentId?: string;
  /** `analytics()` only: the answered questions (`true`), or those the documents could not answer (`false`). */
  didAnswer?: boolean;
  /** `analytics()` only: the answers voted up (`1`), down (`-1`), or not voted on (`'none'`). */
  feedback?: 1 | -1 | 'none';
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
  /** `GET /api/projects/{projectId}/analytics`: every question asked in a date range, answered or not (`didAnswer`), with its feedback. */
  analytics(query: AnalyticsQuery, options?: RequestOptions): Promise<AnalyticsRecord[]>;
  /** `GET /api/projects/{projectId}/analytics/topquestions`. */
  topQuestions(query: AnalyticsQuery, options?: RequestOptions): Promise<TopQuestion[]>;
  /** `GET /api/projects/{projectId}/analytics/topsearches`: the reference service's searches report. */
  topSearches(query: AnalyticsQuery, options?: RequestOptions): Promise<TopSearch[]>;
}

const HEALTH_TIMEOUT_MS = 5_000;
const ANALYTICS_TIMEOUT_MS = 30_000;

/**
 * Creates a client for one service and key. Search, ask and feedback are the elements' own
 * smaller clients (`createSearchClient`, `createChatClient`), so each operation has one code path.
 */
export function createClient(options: ClientOptions): AskClient {
  const fetchImpl = fetchOf(options);
  const base = trimBase(options.baseUrl);
  const analyticsBase = trimBase(options.analyticsUrl ?? options.baseUrl);
  const get = <T>(
    operation: 'health' | 'analytics',
    url: string,
    bearer: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<T> =>
    send<T>(
      fetchImpl,
      options,
      {
        method: 'GET',
        url,
        bearer,
        timeoutMs: timeoutOf(
          options,
          operation,
          operation === 'health' ? HEALTH_TIMEOUT_MS : ANALYTICS_TIMEOUT_MS,
        ),
        idempotent: true,
      },
      signal,
    );

  // async: an invalid date rejects the returned promise, as every other failure does.
  const analyticsCall = async <T>(
    suffix: string,
    query: AnalyticsQuery,
    signal?: AbortSignal,
  ): Promise<T> => {
    const params = new URLSearchParams({
      startDate: dateParam(query.startDate, 'startDate'),
      endDate: dateParam(query.endDate, 'endDate'),
    });
    for (const name of ['sort', 'page', 'limit', 'agentId', 'didAnswer', 'feedback'] as const)
      if (query[name] !== undefined) params.set(name, String(query[name]));
    const url = `${analyticsBase}/api/projects/${encodeURIComponent(query.projectId)}/analytics${suffix}?${params}`;
    // fetch would refuse it (a TypeError, read as a NetworkError and retried: beyond Latin-1, a
    // control character, DEL among them), or the service split a Bearer token at its space: a
    // mistake of the caller's, told before anything is sent. (An absent key tests as "undefined".)
    if (/[^!-~\x80-\xff]/.test(options.apiKey!)) throw new TypeError('No header can carry apiKey.');
    return get<T>('analytics', url, options.apiKey, signal);
  };

  return {
    ...createSearchClient(options),
    ...createChatClient(options),
    health: ({ signal } = {}) =>
      get('health', base + (options.paths?.health ?? '/api/healthz'), undefined, signal),
    analytics: (query, { signal } = {}) => analyticsCall('', query, signal),
    topQuestions: (query, { signal } = {}) => analyticsCall('/topquestions', query, signal),
    topSearches: (query, { signal } = {}) => analyticsCall('/topsearches', query, signal),
  };
}

/**
 * A date as the service reads it: an ISO 8601 string in one of the service's forms as written, so
 * that its rules apply (a date-only `endDate` is the whole UTC day, a time without an offset is
 * UTC), not the local time zone of the browser or server running the client; a `Date`, a number
 * or any other string `Date.parse` reads ("Jan 1 2026", "2026") as epoch milliseconds.
 */
function dateParam(value: DateInput, name: string): string {
  if (typeof value === 'string' && (ISO_DATE.test(value) || ISO_DATE_TIME.test(value))) return value;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms))
    throw new RangeError(`${name} is not a valid date: use a Date, epoch ms or ISO 8601.`);
  return String(ms);
}
