/**
 * A small least-recently-used map of answered searches, so that typing back to a query already
 * seen (a Backspace, a recent search) answers at once without a request.
 */
export class SearchCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(readonly capacity = 50) {}

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      // Re-insert to mark it as the most recently used.
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }
}
