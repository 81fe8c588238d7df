interface Entry<V> {
  value: V;
  /** Read since it was added or last spared by eviction. */
  used: boolean;
}

/**
 * A bounded map that forgets about the least recently used entry first: for repeated queries as
 * a visitor types. A hit only marks its entry used, and eviction spares a used entry once,
 * moving it to the back ("second chance"): moving every hit to the back of the Map, as a strict
 * LRU does, cost a delete and an insert per hit and made V8 rebuild the Map's table every few
 * thousand hits, a share of a search's time on a large site.
 */
export class LruCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();

  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    entry.used = true;
    return entry.value;
  }

  set(key: K, value: V): void {
    const entry = this.#entries.get(key);
    if (entry !== undefined) {
      entry.value = value;
      entry.used = true;
      return;
    }
    this.#entries.set(key, { value, used: false });
    if (this.#entries.size > this.capacity) this.#evictOne();
  }

  clear(): void {
    // V8 gives a Map a new table at every clear, even an empty one's: the vocabulary clears its
    // completions at each new term, a hundred thousand times indexing MDN, nearly always empty.
    if (this.#entries.size > 0) this.#entries.clear();
  }

  #evictOne(): void {
    // Ends: each used entry is spared once, its mark cleared.
    for (;;) {
      const oldest = this.#entries.entries().next();
      if (oldest.done) return;
      const [key, entry] = oldest.value;
      this.#entries.delete(key);
      if (!entry.used) return;
      entry.used = false;
      this.#entries.set(key, entry);
    }
  }
}
