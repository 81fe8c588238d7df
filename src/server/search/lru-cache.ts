interface Entry<K, V> {
  readonly key: K;
  value: V;
  /** Read since it was added or last spared by eviction. */
  used: boolean;
}

/** Evicted places at the front of the queue beyond which it is compacted (see `#evictOne`). */
const QUEUE_COMPACT_AFTER = 1024;

/**
 * A bounded map that forgets about the least recently used entry first: for repeated queries as
 * a visitor types. A hit only marks its entry used, and eviction spares a used entry once,
 * moving it to the back ("second chance"): moving every hit to the back of the Map, as a strict
 * LRU does, cost a delete and an insert per hit and made V8 rebuild the Map's table every few
 * thousand hits, a share of a search's time on a large site.
 *
 * The order of eviction is a queue of its own, not the Map's order: V8 leaves a deleted entry's
 * place in a Map's table until it rebuilds the table, and finding the oldest entry walks past
 * every such place, up to thousands in a full cache (3.5 µs an eviction at 5,000 entries, 12 µs
 * at 20,000), which every distinct search paid for each of its caches.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, Entry<K, V>>();
  /** The entries, oldest first from `#head`; the places before it are evicted (undefined). */
  #queue: (Entry<K, V> | undefined)[] = [];
  #head = 0;

  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  set(key: K, value: V): void {
    const existing = this.#entries.get(key);
    if (existing !== undefined) {
      existing.value = value;
      existing.used = true;
      return;
    }
    const entry = { key, value, used: false };
    this.#entries.set(key, entry);
    this.#queue.push(entry);
    if (this.#entries.size > this.capacity) this.#evictOne();
  }

  clear(): void {
    // V8 gives a Map a new table at every clear, even an empty one's: the vocabulary clears its
    // completions at each new term, a hundred thousand times indexing MDN, nearly always empty.
    if (this.#entries.size > 0) this.#entries.clear();
    if (this.#queue.length > 0) this.#queue = [];
    this.#head = 0;
  }

  #evictOne(): void {
    const queue = this.#queue;
    // Ends: each used entry is spared once, its mark cleared.
    while (this.#head < queue.length) {
      const entry = queue[this.#head] as Entry<K, V>;
      queue[this.#head++] = undefined;
      if (entry.used) {
        entry.used = false;
        queue.push(entry);
        continue;
      }
      this.#entries.delete(entry.key);
      break;
    }
    // The evicted places are dropped once they are many and at least half the queue.
    if (this.#head > QUEUE_COMPACT_AFTER && this.#head * 2 > queue.length) {
      queue.splice(0, this.#head);
      this.#head = 0;
    }
  }
}
