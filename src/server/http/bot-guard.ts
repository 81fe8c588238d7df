import type { Context, MiddlewareHandler } from 'hono';
import type { AgentConfig, RateLimit, ServiceConfig } from '../config.js';
import type { AgentKeys } from './agent-keys.js';
import { ApiError } from './api-error.js';
import type { AppEnv } from './app-env.js';
import { clientAddress } from './client-address.js';
import { readJsonObject } from './json-body.js';
import { RateLimiter } from './rate-limiter.js';
import { nameWrittenFor, writtenOtherwise } from './request-validation.js';
import { Tally } from './tally.js';

export interface BotGuardDependencies {
  keys: AgentKeys;
  limiter: RateLimiter;
  config: ServiceConfig;
}

/**
 * Spends a token of the request's bucket: the agent it addresses (or none, for a request without
 * a valid key, so that guessing keys is limited too) at the client's address (given when the
 * caller has read it already). Over the limit, a 429 with Retry-After.
 */
export function limitRequest(
  c: Context,
  deps: Pick<BotGuardDependencies, 'limiter' | 'config'>,
  agent: AgentConfig | undefined,
  address = clientAddress(c, deps.config.trustProxy),
): void {
  const owner = agent === undefined ? '(unauthenticated)' : `${agent.projectId}/${agent.id}`;
  spend(deps.limiter, `${owner} ${address}`, agent?.rateLimit ?? deps.config.rateLimit);
}

/** Takes a token of the bucket; none left, a 429 with Retry-After. */
export function spend(limiter: RateLimiter, bucket: string, limit: RateLimit): void {
  const decision = limiter.take(bucket, limit);
  if (!decision.allowed) {
    throw new ApiError(429, 'rate_limited', `Too many requests; retry in ${decision.retryAfterSeconds} s`, {
      headers: { 'Retry-After': String(decision.retryAfterSeconds) },
    });
  }
}

/**
 * Every bot request of an address draws from one more bucket before its body is read, whatever
 * its key, of this many times the largest limit of any agent: it never binds before an agent's
 * own, and a flood of large bodies (up to 32 MB each, with or without a key) is refused before
 * the service reads them.
 */
const ADDRESS_LIMIT_FACTOR = 3;

/** The bucket of an address before its requests' bodies are read (see ADDRESS_LIMIT_FACTOR). */
function addressLimit(config: ServiceConfig): RateLimit {
  const limits = [config.rateLimit, ...config.agents.map((agent) => agent.rateLimit)];
  return {
    requestsPerSecond: ADDRESS_LIMIT_FACTOR * Math.max(...limits.map((limit) => limit.requestsPerSecond)),
    burst: ADDRESS_LIMIT_FACTOR * Math.max(...limits.map((limit) => limit.burst)),
  };
}

/**
 * Bodies over 1 MB (an ask's images: up to 32 MB) are held in memory whole while they arrive and
 * are parsed. What they hold so far is counted as it arrives: 128 MB at most from one address,
 * 512 MB for the service. Before, the rate limit's bursts let one address send 150 bodies of
 * 32 MB at once, without a key, and the service grew to 4.8 GB; counting bodies instead of bytes
 * let a few addresses that declared large bodies and sent nothing shut every upload out. A body
 * beyond its address's share is a 429, beyond the service's a 503; both say when to retry.
 */
const LARGE_BODY_BYTES = 1024 * 1024;
const MIB = 1024 * 1024;

/**
 * What an address may send of large bodies over time, in MiB: 64 at once (two asks of four
 * 5 MiB images, 28 MB of JSON each), then 8 a second. Reading and parsing such a body costs the
 * thread every request shares about 7 ms a MiB (an ask of four 5 MiB images: 200 ms, where an
 * ordinary question costs 10), and the limits above bound only the bytes held at once: one
 * address sending four such asks at a time, each after the last, took the service 8.8 s of CPU in
 * 10 s and search's median from 4.5 ms to 289 ms for everyone (with this limit: 2.0 s and 26 ms).
 */
export const LARGE_BODY_RATE: RateLimit = { requestsPerSecond: 8, burst: 64 };

export class LargeBodyBytes {
  #total = 0;
  readonly #byAddress = new Tally();
  readonly #sent: RateLimiter;

  constructor(
    readonly perAddress = 128 * 1024 * 1024,
    readonly atOnce = 512 * 1024 * 1024,
    readonly rate: RateLimit = LARGE_BODY_RATE,
    maxTrackedAddresses = 100_000,
  ) {
    this.#sent = new RateLimiter(maxTrackedAddresses);
  }

  /**
   * Spends `bytes` of what `address` may send (see LARGE_BODY_RATE), or refuses them with the
   * seconds until it may: a body of declared length all at once, before any of it is read, so
   * that a refused one spends nothing and is allowed whole after that wait.
   */
  send(address: string, bytes: number): void {
    const sent = this.#sent.take(address, this.rate, Math.min(bytes / MIB, this.rate.burst));
    if (!sent.allowed)
      throw new ApiError(
        429,
        'rate_limited',
        `Too many large requests from this address; retry in ${sent.retryAfterSeconds} s`,
        { headers: { 'Retry-After': String(sent.retryAfterSeconds), Connection: 'close' } },
      );
  }

  /** Counts `bytes` more of a body from `address`, or refuses them. */
  take(address: string, bytes: number): void {
    if (this.#byAddress.get(address) + bytes > this.perAddress)
      throw new ApiError(
        429,
        'rate_limited',
        'Too many large requests from this address at once; retry in 1 s',
        {
          headers: { 'Retry-After': '1', Connection: 'close' },
        },
      );
    if (this.#total + bytes > this.atOnce)
      throw new ApiError(503, 'busy', 'The service is receiving too many large requests; retry in 1 s', {
        headers: { 'Retry-After': '1', Connection: 'close' },
      });
    this.#total += bytes;
    this.#byAddress.add(address, bytes);
  }

  /** Gives back what a body from `address` held, once read (or failed). */
  give(address: string, bytes: number): void {
    this.#total -= bytes;
    this.#byAddress.remove(address, bytes);
  }
}

/**
 * Finds the agent of a body's `apiKey`: a missing key means the public agent, if any. A key sent
 * in an Authorization header instead, as the analytics endpoints take theirs, is told where it goes.
 */
function agentOf(
  keys: AgentKeys,
  body: Record<string, unknown>,
  authorization: string | undefined,
): AgentConfig | ApiError {
  const apiKey = body.apiKey;
  if (apiKey === undefined || apiKey === '') {
    // A key sent as `api_key` or `apikey` is one meant, refused as a wrong key is, public agent or not.
    const written = nameWrittenFor(body, 'apiKey');
    if (written !== undefined)
      return new ApiError(
        401,
        'missing_api_key',
        `apiKey is required: ${writtenOtherwise('apiKey', written)}`,
        {
          field: 'apiKey',
        },
      );
    const message =
      authorization === undefined
        ? 'apiKey is required'
        : 'apiKey is required in the JSON body: the Authorization header is read by the analytics endpoints only';
    return keys.publicAgent ?? new ApiError(401, 'missing_api_key', message, { field: 'apiKey' });
  }
  if (typeof apiKey !== 'string')
    return new ApiError(401, 'invalid_api_key', 'apiKey must be a string', { field: 'apiKey' });
  // A key that is present but wrong is refused even when a public agent exists: it is a mistake to surface.
  return (
    keys.findByKey(apiKey) ?? new ApiError(401, 'invalid_api_key', 'apiKey is not valid', { field: 'apiKey' })
  );
}

function originAllowed(agent: AgentConfig, origin: string | undefined): boolean {
  return origin === undefined || agent.allowedOrigins.includes('*') || agent.allowedOrigins.includes(origin);
}

/** The guard of a bot endpoint, given that endpoint's body limit. */
export type BotGuard = (maxBodyBytes: number) => MiddlewareHandler<AppEnv>;

/**
 * What every bot endpoint checks before its own fields, in this order: the address's own
 * bucket (429, see ADDRESS_LIMIT_FACTOR), the body (415 when compressed, 413 over `maxBodyBytes`,
 * 400 unless a JSON object), the rate limit (429), the key (401), the page's origin (403). The
 * rate limit comes before the key check so that guessing keys is limited too; its bucket is the
 * agent and the client address (unauthenticated requests share one bucket per address).
 */
export function botGuard(deps: BotGuardDependencies, maxBodyBytes: number): MiddlewareHandler<AppEnv> {
  const limitOfAddress = addressLimit(deps.config);
  const largeBodies =
    maxBodyBytes > LARGE_BODY_BYTES
      ? new LargeBodyBytes(undefined, undefined, LARGE_BODY_RATE, deps.config.rateLimit.maxTrackedClients)
      : undefined;
  return async (c, next) => {
    const address = clientAddress(c, deps.config.trustProxy);
    spend(deps.limiter, `(address) ${address}`, limitOfAddress);
    // A body that may be large (declared so, or of no declared length) is counted as it arrives.
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    const counted = largeBodies !== undefined && !(declared <= LARGE_BODY_BYTES) ? largeBodies : undefined;
    const lengthKnown = Number.isFinite(declared);
    // A body declared over the limit is refused unread (413), and costs the address nothing.
    if (lengthKnown && declared <= maxBodyBytes) counted?.send(address, declared);
    let held = 0;
    let body: Record<string, unknown>;
    try {
      body = await readJsonObject(
        c.req.raw,
        maxBodyBytes,
        counted &&
          ((bytes) => {
            if (!lengthKnown) counted.send(address, bytes);
            counted.take(address, bytes);
            held += bytes;
          }),
      );
    } finally {
      if (held > 0) counted?.give(address, held);
    }
    // `apiKey: null` is no key (a client's `key ?? null`), for the public agent as for the 401.
    if (body.apiKey === null) delete body.apiKey;
    const agent = agentOf(deps.keys, body, c.req.header('authorization'));
    limitRequest(c, deps, agent instanceof ApiError ? undefined : agent, address);
    if (agent instanceof ApiError) throw agent;
    const origin = c.req.header('origin');
    if (!originAllowed(agent, origin)) {
      throw new ApiError(403, 'origin_not_allowed', `Origin ${origin} is not allowed for this agent`);
    }
    c.set('body', body);
    c.set('agent', agent);
    c.set('address', address);
    await next();
  };
}
