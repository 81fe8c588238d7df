import { withinEditDistance } from './edit-distance.js';
import { LruCache } from './lru-cache.js';

/** A page name holding a term counts as this many passages when ranking completions. */
const NAME_FREQUENCY_WEIGHT = 20;
/**
 * Terms starting with a prefix that are scanned for the most frequent; beyond, they are read
 * most frequent first from the terms sharing its first BUCKET_LETTERS letters.
 */
const COMPLETION_SCAN = 256;
const BUCKET_LETTERS = 2;
/** Positions of terms a sort key of `#byFrequency` has room for, beside a frequency. */
const POSITIONS = 2 ** 26;

/**
 * The terms of the index, each with an id and the number of passages holding it. Term ids let
 * passages be stored as compact arrays; document frequencies give every term its weight (IDF).
 */
export class Vocabulary {
  readonly #ids = new Map<string, number>();
  readonly #terms: string[] = [];
  #documentFrequency: Uint32Array = new Uint32Array(1024);
  /** Number of page names (titles, slugs) holding each term: what visitors type. */
  #nameFrequency: Uint32Array = new Uint32Array(1024);
  #passageCount = 0;
  /** Terms in sorted order, built on first use, for prefix look-ups. */
  #sorted: string[] | undefined;
  /** Each term's place in `#sorted` by id, and the id at each place: see `inAlphabeticalOrder`. */
  #alphabetical: { placeOf: Uint32Array; idAt: Uint32Array } | undefined;
  /** Terms bucketed by first letter and length, for typo look-ups. */
  #byLength: Map<string, string[]> | undefined;
  /** `#typedFrequency` of each term of `#sorted`, in the same order. */
  #sortedFrequencies: Float64Array | undefined;
  /** Terms by their first letters (BUCKET_LETTERS), most frequent first, for `#byFrequency`. */
  readonly #byFrequencyBuckets = new Map<string, Uint32Array>();
  /** The frequencies the buckets were made for. */
  #bucketFrequencies: Float64Array | undefined;
  /** Completions found per prefix: typing repeats the same prefixes. */
  readonly #completions = new LruCache<string, string[]>(20_000);

  get size(): number {
    return this.#terms.length;
  }

  get passageCount(): number {
    return this.#passageCount;
  }

  /** The id of a term, adding it when new. */
  add(term: string): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.#terms.length;
      this.#ids.set(term, id);
      this.#terms.push(term);
      if (id >= this.#documentFrequency.length) {
        const grown = new Uint32Array(this.#documentFrequency.length * 2);
        grown.set(this.#documentFrequency);
        this.#documentFrequency = grown;
        const grownNames = new Uint32Array(this.#nameFrequency.length * 2);
        grownNames.set(this.#nameFrequency);
        this.#nameFrequency = grownNames;
      }
      this.#sorted = undefined;
      this.#alphabetical = undefined;
      this.#sortedFrequencies = undefined;
      this.#byLength = undefined;
      this.#completions.clear();
    }
    return id;
  }

  /** Counts one passage holding each of these (distinct) term ids. */
  countPassage(distinctTermIds: Uint32Array): void {
    this.#passageCount++;
    for (const id of distinctTermIds) this.#documentFrequency[id] = (this.#documentFrequency[id] ?? 0) + 1;
  }

  /** Counts one page name holding this term id. */
  countName(id: number): void {
    this.#nameFrequency[id] = (this.#nameFrequency[id] ?? 0) + 1;
    this.#sortedFrequencies = undefined;
  }

  id(term: string): number | undefined {
    return this.#ids.get(term);
  }

  term(id: number): string {
    return this.#terms[id] ?? '';
  }

  documentFrequency(id: number): number {
    return this.#documentFrequency[id] ?? 0;
  }

  /** BM25's inverse document frequency: rare terms weigh more, a term in every passage weighs almost nothing. */
  idf(id: number): number {
    const df = this.documentFrequency(id);
    const n = Math.max(this.#passageCount, 1);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** The IDF of a term no passage holds: the highest there is. */
  unknownTermIdf(): number {
    const n = Math.max(this.#passageCount, 1);
    return Math.log(1 + (n + 0.5) / 0.5);
  }

  /** The most frequent terms starting with `prefix`, most frequent first. */
  completions(prefix: string, limit: number): string[] {
    const key = `${limit} ${prefix}`;
    let found = this.#completions.get(key);
    if (!found) {
      found = this.#findCompletions(prefix, limit);
      this.#completions.set(key, found);
    }
    return found;
  }

  #findCompletions(prefix: string, limit: number): string[] {
    const sorted = (this.#sorted ??= [...this.#terms].sort());
    const low = firstNotBefore(sorted, prefix);
    const frequencies = (this.#sortedFrequencies ??= Float64Array.from(sorted, (term) =>
      this.#typedFrequency(term),
    ));
    // Positions in `sorted`, most frequent first (of equals, the first in alphabetical order).
    const best: number[] = [];
    const high = endOfPrefix(sorted, prefix, low);
    if (prefix !== '' && high - low > COMPLETION_SCAN) {
      // Thousands of terms start with a letter or two: the most frequent of the terms sharing
      // the prefix's first letters, in that order, are read until `limit` of them start with it.
      for (const at of this.#byFrequency(prefix.slice(0, BUCKET_LETTERS), sorted, frequencies)) {
        // The terms starting with the prefix are those between `low` and `high`.
        if (at < low || at >= high) continue;
        best.push(at);
        if (best.length === limit) break;
      }
    } else {
      // The `limit` most frequent, kept in order while scanning (no sort of the matches); of
      // equals, the first in alphabetical order, as scanned.
      const moreFrequent = (a: number, b: number) => (frequencies[a] as number) > (frequencies[b] as number);
      for (let i = low; i < high; i++) keepBest(best, i, limit, moreFrequent);
    }
    const found: string[] = [];
    for (const at of best) found.push(sorted[at] as string);
    return found;
  }

  /**
   * The positions in `sorted` of the terms starting with `start`, most frequent first (of equals,
   * the first in alphabetical order), made on first use for the current frequencies.
   */
  #byFrequency(start: string, sorted: readonly string[], frequencies: Float64Array): Uint32Array {
    if (this.#bucketFrequencies !== frequencies) {
      this.#byFrequencyBuckets.clear();
      this.#bucketFrequencies = frequencies;
    }
    let bucket = this.#byFrequencyBuckets.get(start);
    if (!bucket) {
      const low = firstNotBefore(sorted, start);
      const count = endOfPrefix(sorted, start, low) - low;
      let most = 0;
      for (let i = low; i < low + count; i++) most = Math.max(most, frequencies[i] as number);
      if (sorted.length <= POSITIONS && most * POSITIONS < Number.MAX_SAFE_INTEGER) {
        // One number per term, frequency (a whole number) and position together, sorted natively:
        // a comparator called for each comparison costs milliseconds on a bucket of thousands.
        const keys = new Float64Array(count);
        for (let i = 0; i < count; i++) keys[i] = -(frequencies[low + i] as number) * POSITIONS + low + i;
        keys.sort();
        bucket = Uint32Array.from(keys, (key) => ((key % POSITIONS) + POSITIONS) % POSITIONS);
      } else
        bucket = Uint32Array.from({ length: count }, (_, i) => low + i).sort(
          (a, b) => (frequencies[b] as number) - (frequencies[a] as number) || a - b,
        );
      this.#byFrequencyBuckets.set(start, bucket);
    }
    return bucket;
  }

  /**
   * Known terms within `tolerance` edits of an unknown one, the most frequent first. Only terms
   * with the same first letter are considered: visitors rarely mistype the first letter, and
   * it keeps the scan to a few thousand terms on a large site: what a visitor most likely meant by `midleware` or `cokie`.
   */
  corrections(term: string, tolerance: number, limit: number): string[] {
    const byLength = (this.#byLength ??= this.#bucketByLength());
    const found: string[] = [];
    for (let length = Math.max(1, term.length - tolerance); length <= term.length + tolerance; length++) {
      for (const candidate of byLength.get(`${term[0]}${length}`) ?? []) {
        if (withinEditDistance(term, candidate, tolerance)) found.push(candidate);
      }
    }
    return found.sort((a, b) => this.#df(b) - this.#df(a)).slice(0, limit);
  }

  #df(term: string): number {
    const id = this.#ids.get(term);
    return id === undefined ? 0 : this.documentFrequency(id);
  }

  /**
   * How likely a visitor typing a prefix means this term: how often it occurs, a page name
   * (title or slug) holding it counting as much as NAME_FREQUENCY_WEIGHT passages.
   */
  #typedFrequency(term: string): number {
    const id = this.#ids.get(term);
    if (id === undefined) return 0;
    return this.documentFrequency(id) + NAME_FREQUENCY_WEIGHT * (this.#nameFrequency[id] ?? 0);
  }

  #bucketByLength(): Map<string, string[]> {
    const buckets = new Map<string, string[]>();
    for (const term of this.#terms) {
      const key = `${term[0]}${term.length}`;
      const bucket = buckets.get(key);
      if (bucket) bucket.push(term);
      else buckets.set(key, [term]);
    }
    return buckets;
  }

  /**
   * Term ids (each once) in the alphabetical order of their terms: their places in that order
   * sorted as numbers, natively, where comparing the strings costs a call per comparison.
   */
  inAlphabeticalOrder(ids: Uint32Array): Uint32Array {
    const { placeOf, idAt } = (this.#alphabetical ??= this.#alphabeticalPlaces());
    const places = ids.map((id) => placeOf[id] as number).sort();
    return places.map((place) => idAt[place] as number);
  }

  #alphabeticalPlaces(): { placeOf: Uint32Array; idAt: Uint32Array } {
    const sorted = (this.#sorted ??= [...this.#terms].sort());
    const placeOf = new Uint32Array(sorted.length);
    const idAt = new Uint32Array(sorted.length);
    sorted.forEach((term, place) => {
      const id = this.#ids.get(term) as number;
      placeOf[id] = place;
      idAt[place] = id;
    });
    return { placeOf, idAt };
  }

  /** Builds the look-up structures now rather than on the first query. */
  prepare(): void {
    this.#sorted ??= [...this.#terms].sort();
    this.#alphabetical ??= this.#alphabeticalPlaces();
    this.#byLength ??= this.#bucketByLength();
    this.completions('', 1);
  }
}

/**
 * The position of the first string of a sorted list that does not sort before `key`: where the
 * strings starting with it begin, when there are any.
 */
export function firstNotBefore(sorted: readonly string[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Keeps `best` the first `limit` candidates in the order `precedes` gives, `candidate` placed
 * where it goes (after those it doesn't precede), or left out: a top-k kept while scanning,
 * without sorting all the matches.
 */
export function keepBest(
  best: number[],
  candidate: number,
  limit: number,
  precedes: (a: number, b: number) => boolean,
): void {
  let at = best.length;
  while (at > 0 && precedes(candidate, best[at - 1] as number)) at--;
  if (at >= limit) return;
  best.splice(at, 0, candidate);
  if (best.length > limit) best.pop();
}

/** The end of the run of strings starting with `prefix` in a sorted list, the run starting at `low`. */
function endOfPrefix(sorted: readonly string[], prefix: string, low: number): number {
  let high = sorted.length;
  let from = low;
  while (from < high) {
    const middle = (from + high) >>> 1;
    if ((sorted[middle] as string).startsWith(prefix)) from = middle + 1;
    else high = middle;
  }
  return from;
}
