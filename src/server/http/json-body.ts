import { ApiError } from './api-error.js';

/** Keys that could reach an object's prototype if later code merged the body into something. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor']);

function tooLarge(maxBytes: number): ApiError {
  // The rest of the body is never read, so the connection can't carry another request.
  return new ApiError(413, 'body_too_large', `Request body exceeds ${maxBytes} bytes`, {
    headers: { Connection: 'close' },
  });
}

/**
 * The body's text, refusing more than `maxBytes`: a declared Content-Length over the limit
 * is refused before reading; a chunked body is counted as it streams and cut off at the limit.
 */
async function readBodyText(
  request: Request,
  maxBytes: number,
  onChunk: ((bytes: number) => void) | undefined,
): Promise<string> {
  try {
    return await readWithin(request, maxBytes, onChunk);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // The stream broke: the client went away (or reset) before the body it announced arrived.
    // A client's doing, answered (if anyone still listens) as a bad request, not a fault.
    throw new ApiError(400, 'incomplete_body', 'The request body ended before all of it arrived', {
      headers: { Connection: 'close' },
    });
  }
}

async function readWithin(
  request: Request,
  maxBytes: number,
  onChunk: ((bytes: number) => void) | undefined,
): Promise<string> {
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    if (Number(declared) > maxBytes) throw tooLarge(maxBytes);
    // Node's parser never delivers more than the declared length, so no counting is needed,
    // unless the caller counts the bytes as they arrive.
    if (!onChunk) return request.text();
  }
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    try {
      if (size > maxBytes) throw tooLarge(maxBytes);
      onChunk?.(value.byteLength);
    } catch (error) {
      await reader.cancel().catch(() => {});
      throw error;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `String.prototype.isWellFormed` and `toWellFormed` (Node 20, ES2024; the types are ES2023's). */
const isWellFormed = (text: string): boolean =>
  (text as unknown as { isWellFormed(): boolean }).isWellFormed();
const toWellFormed = (text: string): string => (text as unknown as { toWellFormed(): string }).toWellFormed();

/**
 * Deletes `__proto__` and `constructor` keys from a parsed JSON value, at every depth, and makes
 * each string well-formed: a lone surrogate written as `\ud800` becomes U+FFFD, as a stray byte
 * of the body's UTF-8 does, so that what is answered is what is stored (SQLite would keep invalid
 * UTF-8, read back as three U+FFFD). Walked
 * with a stack of its own rather than by a JSON.parse reviver, which recurses: a body of 10,000
 * nested objects would overflow the call stack and be answered as invalid JSON.
 */
function dropUnsafeKeysAndLoneSurrogates(root: unknown): void {
  if (root === null || typeof root !== 'object') return;
  const pending: unknown[] = [root];
  for (let value = pending.pop(); value !== undefined; value = pending.pop()) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (UNSAFE_KEYS.has(key)) delete record[key];
      else if (child !== null && typeof child === 'object') pending.push(child);
      else if (typeof child === 'string' && !isWellFormed(child)) record[key] = toWellFormed(child);
    }
  }
}

/**
 * JSON.parse, with `__proto__` and `constructor` keys removed at every depth and strings made
 * well-formed. The walk covers the whole value, so it only runs when the text could spell such a
 * key or a lone surrogate (directly or with \u escapes).
 */
export function parseJsonSafely(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (text.includes('__proto__') || text.includes('constructor') || text.includes('\\u'))
    dropUnsafeKeysAndLoneSurrogates(value);
  return value;
}

/**
 * Commas, colons and opening brackets a body may hold beyond the smaller bodies' limit (64 KB of
 * them at most): a request of ours holds a few hundred, and the images of an ask none (base64 has
 * none of them), so more means a body of a million tiny values or nested arrays, which would take
 * JSON.parse seconds of the one thread every request shares (20 MB of keys: 4.7 s; 16 million
 * nested `[`: 12 s), from a request the rate limit lets through.
 */
const MAX_SEPARATORS = 100_000;
const SEPARATOR_CHECK_ABOVE = 64 * 1024;

/** Whether `text` holds more than `max` commas, colons and opening brackets (inside strings too). */
function moreSeparatorsThan(text: string, max: number): boolean {
  let count = 0;
  for (const separator of [',', ':', '[', '{']) {
    for (let at = text.indexOf(separator); at !== -1; at = text.indexOf(separator, at + 1))
      if (++count > max) return true;
  }
  return false;
}

/**
 * Reads a request body that must be a JSON object of at most `maxBytes`: 413 over the limit,
 * 400 for malformed JSON, an array, `null` or any other non-object. The Content-Type is not
 * checked, so a page may send `text/plain` JSON and skip the CORS preflight.
 */
export async function readJsonObject(
  request: Request,
  maxBytes: number,
  onChunk?: (bytes: number) => void,
): Promise<Record<string, unknown>> {
  // A compressed body would read as malformed JSON, and one labelled compressed but sent plain
  // would be taken as it is: neither is what the client meant.
  const encoding = request.headers.get('content-encoding')?.trim().toLowerCase();
  if (encoding && encoding !== 'identity')
    throw new ApiError(
      415,
      'unsupported_encoding',
      `Content-Encoding ${encoding} is not accepted: send the body uncompressed`,
      // Refused before its body is read: as for a body too large, the connection can't be reused.
      { headers: { 'Accept-Encoding': 'identity', Connection: 'close' } },
    );
  // A byte-order mark some editors and Windows tools write first is no part of the JSON.
  const read = await readBodyText(request, maxBytes, onChunk);
  const text = read.charCodeAt(0) === 0xfeff ? read.slice(1) : read;
  if (text.length > SEPARATOR_CHECK_ABOVE && moreSeparatorsThan(text, MAX_SEPARATORS))
    throw new ApiError(
      413,
      'body_too_large',
      `Request body holds more than ${MAX_SEPARATORS} JSON values; images go in base64Images`,
    );
  let value: unknown;
  try {
    value = parseJsonSafely(text);
  } catch {
    // An empty body fails to parse too; it is told apart only then, off the path of good requests.
    const message =
      text.trim() === '' ? 'Request body is empty; send a JSON object' : 'Request body is not valid JSON';
    throw new ApiError(400, 'invalid_json', message);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    throw new ApiError(400, 'invalid_body', `Request body must be a JSON object, not ${kind}`);
  }
  return value as Record<string, unknown>;
}
