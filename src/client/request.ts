/**
 * The HTTP calls every client shares (`createClient`, and the smaller clients of the elements):
 * one attempt with a timeout, the caller's abort passed through, and a parsed JSON body or a
 * typed error; and the retries of idempotent calls.
 */
import type { ClientOptions, Operation } from './create-client.js';
import { ApiError, NetworkError, TimeoutError } from './errors.js';

export interface Call {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  bearer?: string;
  timeoutMs: number;
}

export interface RetryableCall extends Call {
  /** Safe to send again: GETs, and feedback (idempotent by insightId). */
  idempotent: boolean;
}

const MAX_BACKOFF_MS = 10_000;

/** The fetch of the options, or the global one looked up at call time (so tests can stub it). */
export const fetchOf = (options: ClientOptions): typeof fetch =>
  options.fetch ?? ((...args) => fetch(...args));

/** A base URL without its trailing slashes, so a path can be appended. */
export const trimBase = (url: string): string => url.replace(/\/+$/, '');

/** The time allowed for one attempt of `operation`: the options' own, else `fallback`. */
export const timeoutOf = (options: ClientOptions, operation: Operation, fallback: number): number =>
  typeof options.timeoutMs === 'number' ? options.timeoutMs : (options.timeoutMs?.[operation] ?? fallback);

/** A bot request body with the client's key added (the key never goes in a URL). */
export const withKey = (options: ClientOptions, body: object): object =>
  options.apiKey === undefined ? body : { ...body, apiKey: options.apiKey };

export async function attemptOnce(
  fetchImpl: typeof fetch,
  call: Call,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  throwIfAborted(signal);
  const controller = new AbortController();
  let timedOut = false;
  // setTimeout fires at once past 2^31 - 1 ms (24.8 days): a longer limit, Infinity too, is none.
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    Math.min(call.timeoutMs, 2 ** 31 - 1),
  );
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  // SPEC 1: requests to the bot and health endpoints carry Content-Type: application/json, a GET too.
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (call.bearer !== undefined) headers.authorization = `Bearer ${call.bearer}`;
  try {
    return await Promise.race([
      parseResponse(
        fetchImpl(call.url, {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: controller.signal,
        }),
        call.bearer ?? (call.body as { apiKey?: string } | undefined)?.apiKey,
      ),
      // A page's fetch wrapper that drops the signal (some analytics scripts do) would keep a
      // stopped or timed-out call waiting for its answer: the abort ends the wait.
      new Promise<never>((_, reject) => controller.signal.addEventListener('abort', reject)),
    ]);
  } catch (error) {
    throwIfAborted(signal);
    if (timedOut) throw new TimeoutError(call.timeoutMs);
    if (error instanceof ApiError) throw error;
    throw new NetworkError({ cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * `call`, retried when it is idempotent (up to `options.retries`, default 2) after a network
 * error, a timeout, 408, 429 or 5xx, with exponential backoff, full jitter and `Retry-After`.
 */
export async function send<T>(
  fetchImpl: typeof fetch,
  options: ClientOptions,
  call: RetryableCall,
  signal: AbortSignal | undefined,
): Promise<T> {
  const retries = options.retries ?? 2;
  for (let attempt = 0; ; attempt++) {
    try {
      return (await attemptOnce(fetchImpl, call, signal)) as T;
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

/** The body of the answer to a call (awaited: a page's own fetch may give it as it is, not in a promise). */
async function parseResponse(
  answer: Response | Promise<Response>,
  key: string | undefined,
): Promise<unknown> {
  const response = await answer;
  const { ok, status } = response;
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page, truncated or empty): a typed error, whatever the status.
    if (ok)
      throw new ApiError(
        text === ''
          ? 'The service sent an empty answer.'
          : 'The service sent an answer that is not valid JSON.',
        { status, code: 'invalid_response', body: text },
      );
  }
  if (ok) return body;
  // `{ error: { code, message, field } }`, `{ error: "message" }`, or (SPEC 7 shows no shape) `{ message }`.
  const error = (body as { error?: unknown } | null)?.error;
  const detail = ((typeof error === 'string' ? { message: error } : error) ?? body ?? {}) as Record<
    string,
    unknown
  >;
  const message = stringOr(detail.message, `The service answered ${status} ${response.statusText}`.trim());
  throw new ApiError(withoutKey(message, key), {
    status,
    code: stringOr(detail.code, `http_${status}`),
    field: stringOr(detail.field, undefined),
    body,
    retryAfter: parseRetryAfter(response.headers.get('retry-after')),
  });
}

/**
 * A message of the service without the key, should it echo the request (a proxy's "invalid body
 * {…}"): the client's errors are logged, and the key must not be. A key under 8 characters,
 * which the reference service never takes, is no secret to keep, and would garble the message
 * (`a` taken out of every word of "apiKey is not valid").
 */
export const withoutKey = (message: string, key: string | undefined): string =>
  key?.[7] ? message.split(key).join('[key]') : message;

/** The value when it is a string, else the fallback. */
export function stringOr<T>(value: unknown, fallback: T): string | T {
  return typeof value === 'string' ? value : fallback;
}

function parseRetryAfter(value: string | null): number | undefined {
  // An empty header says nothing: `Number('')` would read it as "retry at once".
  if (!value?.trim()) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function abortError(signal: AbortSignal): unknown {
  const reason: unknown = signal.reason;
  return reason instanceof Error && reason.name === 'AbortError'
    ? reason
    : new DOMException('The request was aborted.', 'AbortError');
}

/**
 * Resolves after `ms` (a negative or NaN delay is none, as setTimeout has it), or rejects with
 * an AbortError as soon as `signal` aborts: the client's backoff and `<search-box>`'s debounce.
 */
export function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}
