import type { Logger } from '../logger.js';
import type { SearchRow, Store } from '../store/store.js';

/**
 * A visitor's search counts once it has settled: when no other search of theirs follows within
 * this time. A search box asks at every pause in the typing (`res`, `resp`, `respon`…): the
 * state the visitor stopped at, and read the results of (or "No results" for), is what they
 * were looking for.
 */
export const SETTLE_MS = 2_000;
/** Visitors whose latest search is held at most; beyond, the longest held is recorded at once. */
const MAX_HELD = 10_000;

export interface SettledSearchesOptions {
  settleMs?: number;
  maxHeld?: number;
  logger?: Pick<Logger, 'error'>;
  /** The clock (tests). */
  now?: () => number;
}

/**
 * Records the searches visitors settle on, for the top searches report (and its content gaps:
 * the searches that found nothing). Each visitor (an agent's key and a client address) has one
 * search held: a new search of theirs replaces it, and one held for `SETTLE_MS` is recorded.
 * Held searches are written together, one commit a sweep, so a busy search box costs no write
 * per keystroke, and a visitor typing costs none until they stop.
 */
export class SettledSearches {
  readonly #store: Store;
  readonly #settleMs: number;
  readonly #maxHeld: number;
  readonly #logger: Pick<Logger, 'error'> | undefined;
  readonly #now: () => number;
  /** Each visitor's latest search, the longest held first (a replaced one goes to the end). */
  readonly #held = new Map<string, SearchRow>();
  /** Searches settled early (too many visitors held), written at the next sweep. */
  #settled: SearchRow[] = [];
  #timer: ReturnType<typeof setInterval> | undefined;
  #writing: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(store: Store, options: SettledSearchesOptions = {}) {
    this.#store = store;
    this.#settleMs = options.settleMs ?? SETTLE_MS;
    this.#maxHeld = options.maxHeld ?? MAX_HELD;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
  }

  /** A search answered to `visitor`: it replaces the one held for them. */
  searched(visitor: string, search: Omit<SearchRow, 'createdAt'>): void {
    // A search answered while the service stops comes after the store has its last writes.
    if (this.#closed) return;
    const now = this.#now();
    // One held for the settling time has settled, whether a sweep has come by yet or not.
    const before = this.#held.get(visitor);
    if (before !== undefined && now - before.createdAt >= this.#settleMs) this.#settled.push(before);
    this.#held.delete(visitor);
    if (this.#held.size >= this.#maxHeld) {
      const [longest, row] = this.#held.entries().next().value as [string, SearchRow];
      this.#held.delete(longest);
      this.#settled.push(row);
    }
    // Its fields written out: spread and extended (`{ ...search, createdAt }`), the row took V8's
    // generic object copy, a microsecond of every search request.
    const { projectId, agentId, query, results } = search;
    this.#held.set(visitor, { projectId, agentId, query, results, createdAt: now });
    if (this.#timer === undefined) {
      this.#timer = setInterval(() => void this.sweep(), Math.max(100, this.#settleMs / 2));
      // A held search never keeps the process alive (`close` writes what is held).
      this.#timer.unref?.();
    }
  }

  /** Writes the searches that have settled by now; resolves when they are stored. */
  sweep(): Promise<void> {
    const settled = this.#settled;
    this.#settled = [];
    const settledBefore = this.#now() - this.#settleMs;
    for (const [visitor, row] of this.#held) {
      if (row.createdAt > settledBefore) break;
      this.#held.delete(visitor);
      settled.push(row);
    }
    if (this.#held.size === 0 && this.#timer !== undefined) {
      clearInterval(this.#timer);
      this.#timer = undefined;
    }
    return this.#write(settled);
  }

  /** Writes every search held, settled or not (the service is stopping). */
  close(): Promise<void> {
    this.#closed = true;
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    const rows = [...this.#settled, ...this.#held.values()];
    this.#settled = [];
    this.#held.clear();
    return this.#write(rows);
  }

  /** Writes after the writes before it; a failed write is logged, never thrown at a visitor. */
  #write(rows: SearchRow[]): Promise<void> {
    if (rows.length === 0) return this.#writing;
    const save = this.#store.saveSearches?.bind(this.#store);
    if (!save) return this.#writing;
    this.#writing = this.#writing.then(() =>
      save(rows).catch((error: unknown) => {
        this.#logger?.error(`Recording ${rows.length} searches failed`, error);
      }),
    );
    return this.#writing;
  }
}
