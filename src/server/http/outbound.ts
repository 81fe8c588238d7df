/**
 * What the service's calls to other services share (an embeddings endpoint, a language model):
 * URLs and messages safe to log, the reason a fetch failed, and bodies read within a limit.
 */

/** The URL as it may be logged: without user name or password, nor a trailing slash. */
export function withoutCredentials(url: URL): string {
  const safe = new URL(url.href);
  safe.username = '';
  safe.password = '';
  return safe.href.replace(/\/+$/, '');
}

/** `text` with every occurrence of `secret` replaced by `[name]`: a provider may echo a key. */
export function redacted(text: string, secret: string | undefined, name: string): string {
  return secret ? text.split(secret).join(`[${name}]`) : text;
}

/** Why a fetch failed: its cause's code (ECONNREFUSED, ENOTFOUND), as fetch says only "fetch failed". */
export function fetchFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  return String(cause?.code ?? cause?.message ?? (error as Error).message);
}

/** Characters of an error response quoted in a log line: enough for the provider's message. */
const ERROR_BODY_CHARS = 300;
/** Bytes of an error response read (`bodyText`'s `cut`): its start says what went wrong. */
export const ERROR_BODY_BYTES = ERROR_BODY_CHARS * 4;

/**
 * An error response's body as a log line quotes it: redacted before it is cut (a key the cut
 * falls in would be left half written), and on one line (a proxy's HTML error page, or a JSON
 * error pretty-printed, spans several).
 */
export function quotedErrorBody(text: string, redact: (text: string) => string): string {
  return redact(text).slice(0, ERROR_BODY_CHARS).replace(/\s+/g, ' ').trim();
}

/** A response body over `maxBytes`: the call is abandoned rather than its answer held in memory. */
export class TooLargeError extends Error {}

/**
 * The response's body as text, read as it arrives up to `maxBytes`; beyond, the body is
 * cancelled and `TooLargeError` thrown, or with `cut`, its first `maxBytes` returned (an error
 * body, whose start says what went wrong). When `signal` aborts, the body is cancelled and its reason
 * thrown: the signal given to fetch may no longer reach a body being read (undici links it to the
 * request by a weak reference, which a garbage collection clears), and a server that stalls
 * mid-body would be waited for until the socket closes.
 */
export async function bodyText(
  response: Response,
  maxBytes: number,
  signal?: AbortSignal,
  cut = false,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes && !cut) {
    await response.body?.cancel();
    throw new TooLargeError(`the body is ${declared} bytes, more than ${maxBytes}`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const stop = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      signal?.throwIfAborted();
      const { done, value } = await reader.read();
      // A read the abort cancelled ends as if the body had.
      signal?.throwIfAborted();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel();
        if (!cut) throw new TooLargeError(`the body is more than ${maxBytes} bytes`);
        text += decoder.decode(value.subarray(0, value.byteLength - (bytes - maxBytes)), { stream: true });
        break;
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    // Aborted before the first read too (no abort event then): the body is cancelled, its socket
    // freed now rather than when the response is collected.
    if (signal?.aborted) stop();
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
  return text + decoder.decode();
}

/**
 * The base URL and model an endpoint's variables name (`{prefix}_BASE_URL`, `{prefix}_MODEL`),
 * or undefined when neither is set. Half a configuration, a base URL that isn't http(s), or one
 * holding a user name or password (which fetch refuses) throws an error naming the variable.
 */
export function endpointFromEnv(
  env: NodeJS.ProcessEnv,
  prefix: 'LLM' | 'EMBEDDINGS',
): { url: URL; model: string } | undefined {
  const baseUrl = env[`${prefix}_BASE_URL`]?.trim();
  const model = env[`${prefix}_MODEL`]?.trim();
  if (!baseUrl && !model) return undefined;
  if (!baseUrl) throw new Error(`${prefix}_BASE_URL must be set when ${prefix}_MODEL is`);
  if (!model) throw new Error(`${prefix}_MODEL must be set when ${prefix}_BASE_URL is`);
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`${prefix}_BASE_URL is not a URL (write it with http:// or https://): "${baseUrl}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${prefix}_BASE_URL must be an http(s) URL, got "${withoutCredentials(url)}"`);
  if (url.username !== '' || url.password !== '')
    throw new Error(
      `${prefix}_BASE_URL must not hold a user name or password (fetch refuses such URLs); give the key as ${prefix}_API_KEY: "${withoutCredentials(url)}"`,
    );
  // The service appends the operation's path to the base URL: written in it, or after a query
  // string, every call would go to a path that is no API's and fail.
  const operation = ENDPOINT_PATHS[prefix];
  const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  if (base.toLowerCase().endsWith(operation))
    throw new Error(
      `${prefix}_BASE_URL is the API's base URL, without ${operation} (the service adds it): write "${base.slice(0, -operation.length)}"`,
    );
  // An empty one too ('…/v1?'): the URL keeps its '?' or '#', and the path would follow it.
  if (/[?#]/.test(url.href))
    throw new Error(
      `${prefix}_BASE_URL must not hold a query string or fragment: the service adds ${operation} to it. Write "${base}"`,
    );
  return { url, model };
}

/** The path each endpoint's calls append to its base URL. */
const ENDPOINT_PATHS = { LLM: '/chat/completions', EMBEDDINGS: '/embeddings' } as const;

/** What an error status says to check in the endpoint's variables, in brackets ('' for none). */
export function statusHint(status: number, prefix: 'LLM' | 'EMBEDDINGS'): string {
  if (status === 401 || status === 403) return ` (check ${prefix}_API_KEY)`;
  return status === 404 ? ` (check ${prefix}_BASE_URL and ${prefix}_MODEL)` : '';
}
