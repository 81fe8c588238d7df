import type { Logger } from '../logger.js';
import type { DeletedRows, Store } from '../store/store.js';

export const DAY_MS = 86_400_000;
/** The longest `keepDays` taken: a hundred years. */
export const MAX_KEEP_DAYS = 36_500;
/** How often what has grown old is deleted while the service runs. */
export const RETENTION_INTERVAL_MS = 3_600_000;
/**
 * Rows of each table deleted per commit. On a file of 200,000 old questions and as many searches
 * (`bench/retention.ts`, a busy 2-core machine), a commit of 250 of each took 5 to 8 ms (2 ms of
 * CPU, the rest the disk's), and a request arriving during the purge waited 21 ms at most; one
 * commit of them all held the service 2 to 12 s. Batches of 1,000 cost 16 to 50 ms a commit and
 * save little: the purge took 3 to 10 s either way.
 */
export const RETENTION_BATCH = 250;

export interface RetentionOptions {
  /** Questions (with their feedback and conversations) and searches older than this many days go. */
  keepDays: number;
  logger?: Pick<Logger, 'info' | 'error'>;
  /** The clock (tests). */
  now?: () => number;
  intervalMs?: number;
  batchSize?: number;
}

const NOTHING: DeletedRows = { insights: 0, feedback: 0, conversations: 0, searches: 0 };

/** What a `keepDays` must be, for the messages that refuse one. */
export const KEEP_DAYS_RULE = `must be a whole number of days from 1 to ${MAX_KEEP_DAYS}`;

/** A `keepDays` the service takes: a whole number of days from 1 to MAX_KEEP_DAYS. */
export function isKeepDays(days: unknown): days is number {
  return Number.isInteger(days) && (days as number) >= 1 && (days as number) <= MAX_KEEP_DAYS;
}

/**
 * Deletes the questions, their feedback, the conversations left without questions and the
 * searches older than `keepDays`: at `start()`, then every hour. A purge goes in batches of
 * `batchSize` rows, one commit each, and lets the requests waiting run between two, so that
 * deleting a year of a busy site never stalls the service.
 */
export class Retention {
  readonly keepDays: number;
  readonly #store: Store & Required<Pick<Store, 'deleteOlderThan'>>;
  readonly #logger: Pick<Logger, 'info' | 'error'> | undefined;
  readonly #now: () => number;
  readonly #intervalMs: number;
  readonly #batchSize: number;
  #timer: ReturnType<typeof setInterval> | undefined;
  #running: Promise<DeletedRows> | undefined;
  #closed = false;
  /** The latest purge (the one `start()` began, then each hour's): what it deleted. */
  lastPurge: Promise<DeletedRows> = Promise.resolve(NOTHING);

  constructor(store: Store, options: RetentionOptions) {
    if (!isKeepDays(options.keepDays))
      throw new Error(`keepDays ${KEEP_DAYS_RULE}, got ${String(options.keepDays)}`);
    if (store.deleteOlderThan === undefined)
      throw new Error('keepDays: this store cannot delete old rows (it has no deleteOlderThan)');
    this.#store = store as Store & Required<Pick<Store, 'deleteOlderThan'>>;
    this.keepDays = options.keepDays;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
    this.#intervalMs = options.intervalMs ?? RETENTION_INTERVAL_MS;
    this.#batchSize = options.batchSize ?? RETENTION_BATCH;
  }

  /** Purges now, and every interval after, until `close()`. */
  start(): void {
    if (this.#closed || this.#timer !== undefined) return;
    this.lastPurge = this.purge();
    this.#timer = setInterval(() => (this.lastPurge = this.purge()), this.#intervalMs);
    // Retention never keeps the process alive.
    this.#timer.unref?.();
  }

  /**
   * Deletes what is older than `keepDays` now, batch by batch; resolves with how many rows went.
   * Never rejects: a failure is logged, and the next purge tries again. Called while a purge
   * runs, it resolves with that one.
   */
  purge(): Promise<DeletedRows> {
    this.#running ??= this.#purge().finally(() => (this.#running = undefined));
    return this.#running;
  }

  async #purge(): Promise<DeletedRows> {
    const before = this.#now() - this.keepDays * DAY_MS;
    const deleted = { ...NOTHING };
    const started = performance.now();
    try {
      while (!this.#closed) {
        const batch = await this.#store.deleteOlderThan(before, this.#batchSize);
        deleted.insights += batch.insights;
        deleted.feedback += batch.feedback;
        deleted.conversations += batch.conversations;
        deleted.searches += batch.searches;
        if (batch.insights < this.#batchSize && batch.searches < this.#batchSize) break;
        // The requests that arrived meanwhile are answered before the next batch.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      this.#logger?.error(
        `Deleting what is older than ${this.keepDays} days failed (tried again in ${Math.round(this.#intervalMs / 60_000)} min):`,
        error,
      );
    }
    if (deleted.insights + deleted.searches + deleted.conversations > 0)
      this.#logger?.info(
        `Deleted ${deleted.insights} question${deleted.insights === 1 ? '' : 's'} (${deleted.feedback} with feedback), ` +
          `${deleted.conversations} conversation${deleted.conversations === 1 ? '' : 's'} and ` +
          `${deleted.searches} search${deleted.searches === 1 ? '' : 'es'} older than ${this.keepDays} days ` +
          `(before ${new Date(before).toISOString()}) in ${Math.round(performance.now() - started)} ms`,
      );
    return deleted;
  }

  /** Stops the timer, and a purge running after its current batch; resolves when it has stopped. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#running;
  }
}
