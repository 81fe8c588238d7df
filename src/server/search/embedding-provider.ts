/**
 * A client for an OpenAI-compatible embeddings endpoint (`POST {base}/embeddings`), configured by
 * environment variables. Off unless `EMBEDDINGS_BASE_URL` and `EMBEDDINGS_MODEL` are both set.
 */

import {
  bodyText,
  ERROR_BODY_BYTES,
  quotedErrorBody,
  endpointFromEnv,
  fetchFailure,
  redacted,
  statusHint,
  withoutCredentials,
} from '../http/outbound.js';

/** Turns texts into vectors, one per text, in the order given. */
export interface EmbeddingProvider {
  /** The model name sent with each request (safe to log). */
  readonly model: string;
  /** The endpoint's base URL without credentials (safe to log). */
  readonly endpoint: string;
  /** The `dimensions` asked of the model, when it is asked for shorter vectors than its own. */
  readonly dimensions?: number;
  /** Vectors of the texts, in order; rejects on any failure (HTTP, shape, timeout, abort). */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export interface HttpEmbeddingProviderOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when set; never logged nor put in an error message. */
  apiKey?: string;
  /** Sent as `dimensions` (models that can shorten their vectors); absent: the model's own size. */
  dimensions?: number;
  /** Texts per request. Default 64. */
  batchSize?: number;
  /** Requests in flight at once while embedding many texts. Default 2. */
  concurrency?: number;
  /** Each request is abandoned after this many milliseconds. Default 30,000. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_EMBEDDINGS_BATCH = 64;
export const DEFAULT_EMBEDDINGS_TIMEOUT_MS = 30_000;
const DEFAULT_CONCURRENCY = 2;

interface EmbeddingsResponse {
  data?: { index?: unknown; embedding?: unknown }[];
}

export class HttpEmbeddingProvider implements EmbeddingProvider {
  readonly model: string;
  readonly endpoint: string;
  readonly dimensions: number | undefined;
  readonly #url: string;
  readonly #options: HttpEmbeddingProviderOptions;
  readonly #fetch: typeof fetch;

  constructor(options: HttpEmbeddingProviderOptions) {
    const base = new URL(options.baseUrl);
    this.model = options.model;
    this.endpoint = withoutCredentials(base);
    this.dimensions = options.dimensions;
    this.#url = `${base.href.replace(/\/+$/, '')}/embeddings`;
    this.#options = options;
    this.#fetch = options.fetch ?? fetch;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const batchSize = this.#options.batchSize ?? DEFAULT_EMBEDDINGS_BATCH;
    const batches: string[][] = [];
    for (let start = 0; start < texts.length; start += batchSize)
      batches.push(texts.slice(start, start + batchSize));
    const vectors: Float32Array[][] = new Array(batches.length);
    // A few requests at once: a site of thousands of sections embeds in seconds, without
    // tripping the provider's rate limit the way firing every batch at once would.
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < batches.length) {
        const at = next++;
        vectors[at] = await this.#request(batches[at] as string[], signal);
      }
    };
    const workers = Math.min(this.#options.concurrency ?? DEFAULT_CONCURRENCY, batches.length);
    await Promise.all(Array.from({ length: workers }, worker));
    return vectors.flat();
  }

  async #request(input: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const { model, apiKey, dimensions } = this.#options;
    const timeoutMs = this.#options.timeoutMs ?? DEFAULT_EMBEDDINGS_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const either = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await this.#fetch(this.#url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        },
        body: JSON.stringify({ model, input, ...(dimensions ? { dimensions } : {}) }),
        signal: either,
      });
    } catch (error) {
      // The caller gave up (another query superseded this one): not the endpoint's failure.
      if (signal?.aborted) throw error;
      if (timeout.aborted)
        throw new Error(`${this.endpoint}/embeddings did not answer within ${timeoutMs} ms`);
      throw new Error(
        `${this.endpoint}/embeddings could not be reached: ${this.#redact(fetchFailure(error))}`,
      );
    }
    if (!response.ok) {
      const body = await bodyText(response, ERROR_BODY_BYTES, either, true).catch(() => '');
      const detail = quotedErrorBody(body, (text) => this.#redact(text));
      const hint = statusHint(response.status, 'EMBEDDINGS');
      throw new Error(
        `${this.endpoint}/embeddings answered ${response.status} ${response.statusText}${hint}${detail ? `: ${detail}` : ''}`,
      );
    }
    // Read with the signal: a body that stalls is abandoned at the time limit, and said to be.
    let text: string;
    try {
      text = await bodyText(response, Infinity, either);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new Error(
        timeout.aborted
          ? `${this.endpoint}/embeddings did not finish its answer within ${timeoutMs} ms`
          : `${this.endpoint}/embeddings broke off its answer: ${this.#redact(fetchFailure(error))}`,
      );
    }
    let body: EmbeddingsResponse | undefined;
    try {
      body = JSON.parse(text) as EmbeddingsResponse | undefined;
    } catch {
      throw new Error(`${this.endpoint}/embeddings answered no JSON`);
    }
    return this.#vectorsOf(body, input.length);
  }

  /** The vectors of a response, placed by their `index` (the protocol lets them come in any order). */
  #vectorsOf(body: EmbeddingsResponse | undefined, expected: number): Float32Array[] {
    const data = body?.data;
    const where = `${this.endpoint}/embeddings`;
    if (!Array.isArray(data)) throw new Error(`${where} answered without a data array`);
    if (data.length !== expected)
      throw new Error(`${where} answered ${data.length} embeddings for ${expected} inputs`);
    const vectors: (Float32Array | undefined)[] = new Array(expected);
    data.forEach((item, position) => {
      const at = typeof item.index === 'number' ? item.index : position;
      if (!Number.isInteger(at) || at < 0 || at >= expected || vectors[at] !== undefined)
        throw new Error(`${where} answered an embedding with a bad or repeated index ${String(item.index)}`);
      const embedding = item.embedding;
      if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every(Number.isFinite))
        throw new Error(
          `${where} answered an embedding that is not a list of numbers (base64 encoding is not supported)`,
        );
      vectors[at] = Float32Array.from(embedding as number[]);
    });
    const length = vectors[0]?.length;
    if (vectors.some((vector) => vector?.length !== length))
      throw new Error(`${where} answered embeddings of different lengths`);
    return vectors as Float32Array[];
  }

  /** Providers may echo (part of) the key in an error; it must never reach a log. */
  #redact(text: string): string {
    return redacted(text, this.#options.apiKey, 'EMBEDDINGS_API_KEY');
  }
}

/** A positive integer from a variable, or undefined when unset; anything else names the variable. */
function positiveInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/**
 * The provider the environment configures, or undefined when embeddings are off (neither
 * `EMBEDDINGS_BASE_URL` nor `EMBEDDINGS_MODEL` set). Half a configuration or a malformed value
 * throws an error naming the variable, so a typo doesn't silently turn hybrid search off.
 *
 * - `EMBEDDINGS_BASE_URL`: base of an OpenAI-compatible API (`POST {base}/embeddings`)
 * - `EMBEDDINGS_MODEL`: the model name sent with each request
 * - `EMBEDDINGS_API_KEY`: optional, sent as a Bearer token
 * - `EMBEDDINGS_DIMENSIONS`: optional, asks the model for shorter vectors
 * - `EMBEDDINGS_BATCH`: optional, texts per request (default 64)
 * - `EMBEDDINGS_TIMEOUT_MS`: optional, per request while indexing (default 30,000)
 */
export function createEmbeddingProviderFromEnv(
  env: NodeJS.ProcessEnv,
  options: { fetch?: typeof fetch } = {},
): HttpEmbeddingProvider | undefined {
  const endpoint = endpointFromEnv(env, 'EMBEDDINGS');
  if (!endpoint) return undefined;
  const { url, model } = endpoint;
  return new HttpEmbeddingProvider({
    baseUrl: url.href,
    model,
    apiKey: env['EMBEDDINGS_API_KEY']?.trim() || undefined,
    dimensions: positiveInteger(env, 'EMBEDDINGS_DIMENSIONS'),
    batchSize: positiveInteger(env, 'EMBEDDINGS_BATCH'),
    timeoutMs: positiveInteger(env, 'EMBEDDINGS_TIMEOUT_MS'),
    fetch: options.fetch,
  });
}
