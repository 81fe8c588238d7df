import { grown, type IdArena } from './id-arena.js';
import type { AnalysedQuery } from './query-analysis.js';

/**
 * A page's passages by term, built once at indexing time: for each term any of its passages
 * holds, which passages hold it and whether in their heading. Finding a page's passages that
 * match a query then takes one look-up per alternative of each query word, rather than one per
 * alternative, word and passage.
 */
export interface PassageTerms {
  /** The distinct term ids of the page's passages, sorted. */
  readonly terms: Uint32Array;
  /** `offsets[i]..offsets[i + 1]` delimit the entries of `terms[i]`. */
  readonly offsets: Uint32Array;
  /** Per term, in passage order: `passage << 1`, plus 1 when the term is in that passage's heading. */
  readonly entries: Uint32Array;
}

/**
 * Scratch of `sortedDistinct`: per term id, the number of the call that last saw it, so that a
 * term is kept once before sorting: a passage's text repeats its words, and only the distinct
 * ones are sorted and copied.
 */
let seenInCall = new Uint32Array(1024);
let call = 0;
let distinctScratch = new Uint32Array(1024);

/** The distinct term ids, sorted (in `arena` when given, see `IdArena`). */
export const sortedDistinct = (ids: ArrayLike<number>, arena?: IdArena): Uint32Array =>
  sortedDistinctOf([ids], arena);

/** The distinct term ids of several lists, sorted. */
function sortedDistinctOf(lists: readonly ArrayLike<number>[], arena: IdArena | undefined): Uint32Array {
  let total = 0;
  for (const ids of lists) total += ids.length;
  if (distinctScratch.length < total) distinctScratch = new Uint32Array(total * 2);
  if (call === 0xffffffff) {
    seenInCall.fill(0);
    call = 0;
  }
  const current = ++call;
  let seen = seenInCall;
  const distinct = distinctScratch;
  let count = 0;
  for (const ids of lists)
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      if (id >= seen.length) seen = seenInCall = grown(seen, Math.max(id + 1, seen.length * 2));
      if (seen[id] !== current) {
        seen[id] = current;
        distinct[count++] = id;
      }
    }
  return (arena ? arena.copy(distinct, 0, count) : distinct.slice(0, count)).sort();
}

/** Scratch of `passageTermsOf`: each term's place among a page's terms, by id. */
let slotOfTerm = new Int32Array(1024);

/** Scratch of `passageTermsOf`: where the next entry of each term goes. */
let cursorScratch = new Uint32Array(1024);

/**
 * Indexes a page's passages (in page order) by term. `distinct` and `heading` are sorted term
 * ids; a passage's heading terms are among its distinct terms. Its arrays are taken from `arena`
 * when given (see `IdArena`).
 */
export function passageTermsOf(
  passages: readonly { distinct: Uint32Array; heading: Uint32Array }[],
  arena?: IdArena,
): PassageTerms {
  let total = 0;
  for (const passage of passages) total += passage.distinct.length;
  const terms = sortedDistinctOf(
    passages.map((passage) => passage.distinct),
    arena,
  );
  const distinctCount = terms.length;
  // Each term's place in `terms`, by id (plus 1; 0 for the terms of other pages), in scratch
  // space shared across pages and cleared after: a look-up per entry, not a search.
  const largest = distinctCount === 0 ? 0 : (terms[distinctCount - 1] as number);
  if (largest >= slotOfTerm.length) slotOfTerm = new Int32Array(Math.max(largest + 1, slotOfTerm.length * 2));
  const slotOf = slotOfTerm;
  for (let i = 0; i < distinctCount; i++) slotOf[terms[i] as number] = i + 1;
  // Counting sort of (term, passage) pairs by term; passages go in in order, so stay in order.
  const offsets = arena ? arena.take(distinctCount + 1) : new Uint32Array(distinctCount + 1);
  for (const passage of passages)
    for (const id of passage.distinct) {
      const slot = slotOf[id] as number;
      offsets[slot] = (offsets[slot] as number) + 1;
    }
  for (let i = 1; i <= distinctCount; i++) offsets[i] = (offsets[i] as number) + (offsets[i - 1] as number);
  if (cursorScratch.length < distinctCount) cursorScratch = new Uint32Array(distinctCount * 2);
  const cursor = cursorScratch;
  cursor.set(offsets.subarray(0, distinctCount));
  const entries = arena ? arena.take(total) : new Uint32Array(total);
  passages.forEach(({ distinct, heading }, local) => {
    let h = 0;
    for (const id of distinct) {
      while (h < heading.length && (heading[h] as number) < id) h++;
      const inHeading = h < heading.length && heading[h] === id ? 1 : 0;
      const slot = (slotOf[id] as number) - 1;
      entries[cursor[slot] as number] = local * 2 + inHeading;
      cursor[slot] = (cursor[slot] as number) + 1;
    }
  });
  for (let i = 0; i < distinctCount; i++) slotOf[terms[i] as number] = 0;
  return { terms, offsets, entries };
}

/** The index of `id` in a sorted id array, or -1. */
export function indexOfTerm(sorted: Uint32Array, id: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = sorted[middle] as number;
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** A passage of a page (its index in the page) and how much of the query it covers. */
export interface PassageCoverage {
  local: number;
  coverage: number;
}

/**
 * Scores the coverage of a page's passages, reusing its scratch arrays across queries:
 *
 *     coverage = Σ over query words (weight × (best match in the passage + best match in its heading))
 *
 * a match counting by its alternative's weight (the word itself, a completion, a correction, a
 * synonym), as `matchEvidence` counts it.
 */
export class PassageCoverageScorer {
  /** Per passage and query word: the best weight in the passage, then in its heading. */
  #best = new Float64Array(1024);
  #touched = new Uint8Array(256);

  /**
   * The `limit` passages of the page that cover most of the query (coverage > 0), most first,
   * of equal ones the first in the page.
   */
  best(query: AnalysedQuery, index: PassageTerms, passageCount: number, limit: number): PassageCoverage[] {
    if (limit <= 0) return [];
    const words = query.terms.length;
    if (this.#best.length < passageCount * words * 2) this.#best = new Float64Array(passageCount * words * 4);
    if (this.#touched.length < passageCount) this.#touched = new Uint8Array(passageCount * 2);
    const best = this.#best;
    const touched = this.#touched;
    const { terms, offsets, entries } = index;
    let first = passageCount;
    let last = -1;
    for (let t = 0; t < words; t++) {
      for (const alternative of (query.terms[t] as AnalysedQuery['terms'][number]).alternatives) {
        const weight = alternative.weight;
        // A match counts only above 0, as in `matchEvidence`.
        if (!(weight > 0)) continue;
        const at = indexOfTerm(terms, alternative.id);
        if (at < 0) continue;
        const end = offsets[at + 1] as number;
        for (let e = offsets[at] as number; e < end; e++) {
          const entry = entries[e] as number;
          const local = entry >>> 1;
          const slot = (local * words + t) * 2;
          if (weight > (best[slot] as number)) best[slot] = weight;
          if (entry & 1 && weight > (best[slot + 1] as number)) best[slot + 1] = weight;
          touched[local] = 1;
          if (local < first) first = local;
          if (local > last) last = local;
        }
      }
    }
    const out: PassageCoverage[] = [];
    for (let local = first; local <= last; local++) {
      if (touched[local] === 0) continue;
      touched[local] = 0;
      let coverage = 0;
      for (let t = 0; t < words; t++) {
        const slot = (local * words + t) * 2;
        coverage +=
          (query.terms[t] as { weight: number }).weight *
          ((best[slot] as number) + (best[slot + 1] as number));
        best[slot] = 0;
        best[slot + 1] = 0;
      }
      if (
        !(coverage > 0) ||
        (out.length === limit && coverage <= (out[limit - 1] as PassageCoverage).coverage)
      )
        continue;
      // Kept in order: after every passage covering as much or more.
      let at = out.length;
      while (at > 0 && (out[at - 1] as PassageCoverage).coverage < coverage) at--;
      if (at === out.length) out.push({ local, coverage });
      else {
        if (out.length === limit) out.pop();
        out.splice(at, 0, { local, coverage });
      }
    }
    return out;
  }
}
