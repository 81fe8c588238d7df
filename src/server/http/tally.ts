/**
 * Amounts counted per key (an address's open connections, the bytes its bodies hold so far), a
 * key forgotten once its amount is back to 0, so that the map holds only the keys in use.
 */
export class Tally {
  readonly #amounts = new Map<string, number>();

  get(key: string): number {
    return this.#amounts.get(key) ?? 0;
  }

  add(key: string, amount: number): void {
    this.#amounts.set(key, this.get(key) + amount);
  }

  remove(key: string, amount: number): void {
    const left = this.get(key) - amount;
    if (left <= 0) this.#amounts.delete(key);
    else this.#amounts.set(key, left);
  }
}
