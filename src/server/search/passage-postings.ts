import type { AnalysedQuery } from './query-analysis.js';

/**
 * For each term, the passages holding it and how often: the inverted index of passage text,
 * in flat typed arrays (a few bytes per posting), built from the forward index in one pass.
 *
 * Orama indexes pages; passages, six or more per page, are scored from here, because Orama's
 * per-token bookkeeping made a 10,000-page site take 25 s and a gigabyte to index at passage
 * granularity.
 */
export class PassagePostings {
  /** offsets[t]..offsets[t+1] delimit term t's postings. */
  readonly #offsets: Uint32Array;
  readonly #passages: Uint32Array;
  readonly #frequencies: Uint16Array;
  readonly #lengths: Uint32Array;
  readonly #averageLength: number;
  /** Scratch space for scoring, reused across queries. */
  readonly #scores: Float64Array;
  readonly #touched: Uint32Array;

  constructor(passageTerms: Uint32Array[], vocabularySize: number) {
    const counts = new Uint32Array(vocabularySize + 1);
    const seen = new Int32Array(vocabularySize).fill(-1);
    passageTerms.forEach((terms, passage) => {
      for (const term of terms) {
        if (seen[term] !== passage) {
          seen[term] = passage;
          counts[term + 1] = (counts[term + 1] as number) + 1;
        }
      }
    });
    for (let t = 1; t <= vocabularySize; t++) counts[t] = (counts[t] as number) + (counts[t - 1] as number);
    this.#offsets = counts;
    const total = counts[vocabularySize] as number;
    this.#passages = new Uint32Array(total);
    this.#frequencies = new Uint16Array(total);
    const cursor = counts.slice(0, vocabularySize);
    const last = new Int32Array(vocabularySize).fill(-1);
    this.#lengths = new Uint32Array(passageTerms.length);
    let totalLength = 0;
    passageTerms.forEach((terms, passage) => {
      this.#lengths[passage] = terms.length;
      totalLength += terms.length;
      for (const term of terms) {
        if (last[term] !== passage) {
          last[term] = passage;
          const at = cursor[term] as number;
          this.#passages[at] = passage;
          this.#frequencies[at] = 1;
          cursor[term] = at + 1;
        } else {
          const at = (cursor[term] as number) - 1;
          if ((this.#frequencies[at] as number) < 65535)
            this.#frequencies[at] = (this.#frequencies[at] as number) + 1;
        }
      }
    });
    this.#averageLength = passageTerms.length === 0 ? 1 : totalLength / passageTerms.length;
    this.#scores = new Float64Array(passageTerms.length);
    this.#touched = new Uint32Array(passageTerms.length);
  }

  get averageLength(): number {
    return this.#averageLength;
  }

  /**
   * The `limit` passages with the highest BM25 for the query's terms (each alternative weighted,
   * each word by its IDF), among those `allowed` lets through.
   */
  top(query: AnalysedQuery, limit: number, allowed?: (passage: number) => boolean): number[] {
    const scores = this.#scores;
    const touched = this.#touched;
    let touchedCount = 0;
    const k1 = 1.2;
    const b = 0.75;
    for (const term of query.terms) {
      for (const alternative of term.alternatives) {
        const start = this.#offsets[alternative.id] as number;
        const end = this.#offsets[alternative.id + 1] as number;
        const weight = term.weight * alternative.weight;
        for (let i = start; i < end; i++) {
          const passage = this.#passages[i] as number;
          const tf = this.#frequencies[i] as number;
          const norm = 1 - b + (b * (this.#lengths[passage] as number)) / this.#averageLength;
          if (scores[passage] === 0) touched[touchedCount++] = passage;
          scores[passage] = (scores[passage] as number) + (weight * tf * (k1 + 1)) / (tf + k1 * norm);
        }
      }
    }
    // The best `limit` by a bounded min-heap: a common word touches thousands of passages.
    const heap: number[] = [];
    const lower = (i: number, j: number): boolean =>
      (scores[heap[i] as number] as number) < (scores[heap[j] as number] as number);
    const swap = (i: number, j: number): void => {
      const held = heap[i] as number;
      heap[i] = heap[j] as number;
      heap[j] = held;
    };
    for (let i = 0; i < touchedCount; i++) {
      const passage = touched[i] as number;
      if (allowed && !allowed(passage)) continue;
      if (heap.length < limit) {
        heap.push(passage);
        for (let at = heap.length - 1; at > 0 && lower(at, (at - 1) >> 1); at = (at - 1) >> 1)
          swap(at, (at - 1) >> 1);
      } else if ((scores[passage] as number) > (scores[heap[0] as number] as number)) {
        heap[0] = passage;
        for (let at = 0; ;) {
          const left = 2 * at + 1;
          const right = left + 1;
          let least = at;
          if (left < heap.length && lower(left, least)) least = left;
          if (right < heap.length && lower(right, least)) least = right;
          if (least === at) break;
          swap(at, least);
          at = least;
        }
      }
    }
    const result = heap.sort((x, y) => (scores[y] as number) - (scores[x] as number));
    for (let i = 0; i < touchedCount; i++) scores[touched[i] as number] = 0;
    return result;
  }
}
