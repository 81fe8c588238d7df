/**
 * One HTTP attempt, shared by `createClient` and the search-only client of `<search-box>`: a
 * timeout per attempt, the caller's abort passed through, and a parsed JSON body or a typed error.
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

/** The fetch of the options, or the global one looked up at call time (so tests can stub it). */
export const fetchOf = (options: ClientOptions): typeof fetch =>
  options.fetch ?? ((input, init) => globalThis.fetch(input, init));

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
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, call.timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (call.bearer !== undefined) headers.authorization = `Bearer ${call.bearer}`;
  try {
    const response = await fetchImpl(call.url, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: controller.signal,
    });
    const text = await response.text();
    return parseResponse(response, text);
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

function parseResponse(response: Response, text: string): unknown {
  let body: unknown = text;
  let parsed = false;
  try {
    body = JSON.parse(text);
    parsed = true;
  } catch {
    // Not JSON (an HTML error page, truncated or empty): reported below as a typed error.
  }
  if (response.ok) {
    if (parsed) return body;
    throw new ApiError(
      text === ''
        ? 'The service sent an empty answer.'
        : 'The service sent an answer that is not valid JSON.',
      { status: response.status, code: 'invalid_response', body: text },
    );
  }
  const detail = errorDetail(body);
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  throw new ApiError(
    detail?.message ?? `The service answered ${response.status} ${response.statusText}`.trim(),
    {
      status: response.status,
      code: detail?.code ?? `http_${response.status}`,
      field: detail?.field,
      body,
      retryAfter,
    },
  );
}

/** Reads `{ error: { code, message, field } }` (or `{ error: "message" }`) from an error body. */
function errorDetail(body: unknown): { code?: string; message?: string; field?: string } | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string') return { message: error };
  if (error === null || typeof error !== 'object') return undefined;
  const { code, message, field } = error as Record<string, unknown>;
  return {
    code: typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
    field: typeof field === 'string' ? field : undefined,
  };
}

function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
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
