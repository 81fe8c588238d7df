/**
 * The errors the client throws. Each tells the caller what to do: fix the request (ApiError
 * with a 4xx status and maybe a `field`), try again later (TimeoutError, NetworkError, ApiError
 * 429/5xx), or nothing at all (an AbortError the caller caused by aborting).
 */

/** The message of an answer record whose `error` says nothing itself. */
export const NO_ANSWER_MESSAGE = 'The service could not answer.';

/** The service answered with an error status, or with a body that is not what it should be. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status (200 when the body was unusable or an answer record carried an error). */
  readonly status: number;
  /** Machine-readable code: the service's `error.code`, or `invalid_response`, or `http_<status>`. */
  readonly code: string;
  /** The request field at fault, when the service names one. */
  readonly field: string | undefined;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  readonly body: unknown;
  /** Seconds to wait before retrying, from `Retry-After` (429, 503). */
  readonly retryAfter: number | undefined;

  constructor(
    message: string,
    init: { status: number; code: string; field?: string; body?: unknown; retryAfter?: number },
  ) {
    super(message);
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.body = init.body;
    this.retryAfter = init.retryAfter;
  }
}

/** No answer within the time allowed for one attempt (`timeoutMs`). */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly timeoutMs: number;
  constructor(timeoutMs: number) {
    super(`The service did not answer within ${timeoutMs} ms.`);
    this.timeoutMs = timeoutMs;
  }
}

/** The request never got an HTTP answer: offline, DNS, refused or reset connection, CORS. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(options?: { cause?: unknown }) {
    super('The service could not be reached. Check the connection and try again.', options);
  }
}

/** True for the AbortError thrown when the caller's own signal aborted the request. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/**
 * A 401 or 403: the service refuses the page's key or origin; a 404 or 405 to a search or a
 * question: what answers at `base-url` has no such endpoint (a `base-url` ending in `/bot`, the
 * site's own server). No retry changes it; it is the site's to fix, not the visitor's, who read
 * "The question was not accepted: No route for POST /bot/bot/askai". Feedback's 404 (an answer
 * deleted) is not judged by this.
 */
export function isRefusedSetup(error: unknown): boolean {
  return error instanceof ApiError && [401, 403, 404, 405].includes(error.status);
}
