import type { RateLimit } from '../config.js';

interface Bucket {
  tokens: number;
  updatedAt: number;
  limit: RateLimit;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const ALLOWED: RateDecision = { allowed: true };

/**
 * Token buckets, one per client key (an agent and a client address). A bucket holds up to
 * `burst` tokens and refills at `requestsPerSecond`; a request takes one token.
 *
 * At most `maxTracked` buckets are kept. A bucket that has refilled completely is the same as
 * a missing one, so those go first; if every tracked client is still active, the least
 * recently seen go. Memory stays bounded whatever addresses and keys a flood uses.
 */
export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly #maxTracked: number;
  readonly #now: () => number;

  constructor(maxTracked: number, now: () => number = () => performance.now()) {
    this.#maxTracked = maxTracked;
    this.#now = now;
  }

  /** Number of buckets currently tracked. */
  get size(): number {
    return this.#buckets.size;
  }

  /** Takes `cost` tokens (one by default) from `clientKey`'s bucket under `limit`. */
  take(clientKey: string, limit: RateLimit, cost = 1): RateDecision {
    const now = this.#now();
    const bucket = this.#buckets.get(clientKey);
    let tokens: number;
    if (bucket === undefined) {
      tokens = limit.burst;
    } else {
      tokens = Math.min(
        limit.burst,
        bucket.tokens + ((now - bucket.updatedAt) / 1000) * limit.requestsPerSecond,
      );
      // Re-inserting keeps the Map in least-recently-seen order for eviction.
      this.#buckets.delete(clientKey);
    }
    const allowed = tokens >= cost;
    const left = allowed ? tokens - cost : tokens;
    if (bucket === undefined) this.#buckets.set(clientKey, { tokens: left, updatedAt: now, limit });
    else {
      // The same bucket, updated, goes back in: one allocation fewer per request.
      bucket.tokens = left;
      bucket.updatedAt = now;
      bucket.limit = limit;
      this.#buckets.set(clientKey, bucket);
    }
    if (!allowed)
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((cost - tokens) / limit.requestsPerSecond)),
      };
    if (this.#buckets.size > this.#maxTracked) this.#evict(now);
    return ALLOWED;
  }

  #evict(now: number): void {
    // Refilled buckets first (they hold no state worth keeping), in one pass.
    for (const [key, { tokens, updatedAt, limit }] of this.#buckets) {
      if (tokens + ((now - updatedAt) / 1000) * limit.requestsPerSecond >= limit.burst) {
        this.#buckets.delete(key);
      }
    }
    // Then the least recently seen, down to 90% so that eviction is not paid on every request.
    const target = Math.floor(this.#maxTracked * 0.9);
    for (const key of this.#buckets.keys()) {
      if (this.#buckets.size <= target) break;
      this.#buckets.delete(key);
    }
  }
}
