import type { AnalysedQuery } from './query-analysis.js';

/** What the scorer needs to know of an indexed passage. */
export interface ScoredText {
  /** Term ids in text order: the passage's heading, then its text. */
  terms: Uint32Array;
  /** The distinct term ids of `terms`, sorted, for membership tests. */
  distinct: Uint32Array;
}

/** The evidence that a text answers a query, each part 0–1. */
export interface MatchEvidence {
  /** IDF-weighted share of the query's words the text contains (partial credit for completions and corrections). */
  coverage: number;
  /** IDF-weighted share of the query's words in the title or heading. */
  fieldMatch: number;
  /** How close together the matched words stand (1 when side by side). */
  proximity: number;
  /** How often the matched words occur, saturated as in BM25 (tf / (tf + k1)). */
  saturation: number;
  /** BM25 of the text for the query, divided by the most any text could score for it (0–1). */
  bm25: number;
}

const BM25_K1 = 1.2;
const BM25_B = 0.75;

/** Binary search in a sorted id array. */
export function containsTerm(sorted: Uint32Array, id: number): boolean {
  let low = 0;
  let high = sorted.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = sorted[middle] as number;
    if (value === id) return true;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** The best weight (0–1) with which a query word is matched by a sorted set of term ids. */
export function matchWeight(query: AnalysedQuery, termIndex: number, sorted: Uint32Array): number {
  let best = 0;
  for (const alternative of query.terms[termIndex]?.alternatives ?? []) {
    if (alternative.weight > best && containsTerm(sorted, alternative.id)) best = alternative.weight;
  }
  return best;
}

/** Which query word an alternative's term id stands for, with its weight. */
interface WordOfTerm {
  index: number;
  weight: number;
}

/**
 * Which query word each alternative's term id stands for, with its weight; built once per query.
 * `filter` has bit `id % FILTER_BITS` set for each of those ids: most terms of a text are not
 * the query's, and one bit test turns them away before the map look-up.
 */
interface TermLookup {
  words: Map<number, WordOfTerm>;
  filter: Int32Array;
}

const FILTER_BITS = 4096;
const FILTER_MASK = FILTER_BITS - 1;

const termLookups = new WeakMap<AnalysedQuery, TermLookup>();

function wordsOfTerms(query: AnalysedQuery): TermLookup {
  let lookup = termLookups.get(query);
  if (!lookup) {
    const words = new Map<number, WordOfTerm>();
    const filter = new Int32Array(FILTER_BITS / 32);
    for (let index = 0; index < query.terms.length; index++) {
      for (const alternative of (query.terms[index] as AnalysedQuery['terms'][number]).alternatives) {
        const known = words.get(alternative.id);
        if (!known || known.weight < alternative.weight)
          words.set(alternative.id, { index, weight: alternative.weight });
        const bit = alternative.id & FILTER_MASK;
        filter[bit >>> 5] = (filter[bit >>> 5] as number) | (1 << (bit & 31));
      }
    }
    lookup = { words, filter };
    termLookups.set(query, lookup);
  }
  return lookup;
}

/**
 * Gathers the evidence of one text: `fields` are the sorted term ids of its title and heading,
 * `averageLength` the mean passage length in terms (BM25's length normalisation).
 */
export function matchEvidence(
  query: AnalysedQuery,
  text: ScoredText,
  fields: Uint32Array[],
  averageLength: number,
): MatchEvidence {
  const count = query.terms.length;
  if (count === 0 || query.totalWeight === 0)
    return { coverage: 0, fieldMatch: 0, proximity: 0, saturation: 0, bm25: 0 };

  const { words: wordOfTerm, filter } = wordsOfTerms(query);

  // One pass over the text: term frequencies and the positions of query words.
  const frequency = new Float64Array(count);
  const positions: number[] = [];
  const wordAt: number[] = [];
  const { terms } = text;
  for (let position = 0; position < terms.length; position++) {
    const id = terms[position] as number;
    const bit = id & FILTER_MASK;
    if (((filter[bit >>> 5] as number) & (1 << (bit & 31))) === 0) continue;
    const match = wordOfTerm.get(id);
    if (!match) continue;
    frequency[match.index] = (frequency[match.index] as number) + match.weight;
    positions.push(position);
    wordAt.push(match.index);
  }

  let covered = 0;
  let inFields = 0;
  let saturationSum = 0;
  let matchedWords = 0;
  let bm25 = 0;
  let bm25Max = 0;
  const lengthNorm = 1 - BM25_B + (BM25_B * terms.length) / Math.max(averageLength, 1);
  query.terms.forEach((term, index) => {
    const inText = matchWeight(query, index, text.distinct);
    let inField = 0;
    for (const field of fields) inField = Math.max(inField, matchWeight(query, index, field));
    const matched = Math.max(inText, inField);
    covered += term.weight * matched;
    inFields += term.weight * inField;
    const tf = frequency[index] as number;
    if (matched > 0) {
      matchedWords++;
      saturationSum += tf / (tf + BM25_K1);
    }
    bm25 += (term.weight * (tf * (BM25_K1 + 1))) / (tf + BM25_K1 * lengthNorm);
    bm25Max += term.weight * (BM25_K1 + 1);
  });

  return {
    coverage: covered / query.totalWeight,
    fieldMatch: inFields / query.totalWeight,
    proximity: proximity(positions, wordAt, count),
    saturation: matchedWords === 0 ? 0 : saturationSum / matchedWords,
    bm25: bm25Max === 0 ? 0 : bm25 / bm25Max,
  };
}

/**
 * 1 when the distinct query words found stand side by side, falling towards 0 as the smallest
 * window holding all of them widens (window = number of words / span of the window).
 */
function proximity(positions: number[], wordAt: number[], wordCount: number): number {
  const inWindow = new Int32Array(wordCount);
  let distinct = 0;
  for (const word of wordAt) {
    if (inWindow[word] === 0) distinct++;
    inWindow[word] = 1;
  }
  if (distinct === 0) return 0;
  if (distinct === 1 || wordCount === 1) return 1;
  inWindow.fill(0);
  let held = 0;
  let best = Infinity;
  let start = 0;
  for (let end = 0; end < positions.length; end++) {
    const word = wordAt[end] as number;
    if (inWindow[word] === 0) held++;
    inWindow[word] = (inWindow[word] as number) + 1;
    while (held === distinct) {
      best = Math.min(best, (positions[end] as number) - (positions[start] as number) + 1);
      const first = wordAt[start] as number;
      inWindow[first] = (inWindow[first] as number) - 1;
      if (inWindow[first] === 0) held--;
      start++;
    }
  }
  return Number.isFinite(best) ? Math.min(1, distinct / best) : 0;
}

/**
 * The relevance of a text to a query, 0–1:
 *
 *   relevance = coverage × (0.55 + 0.15 × proximity + 0.2 × fieldMatch + 0.1 × saturation)
 *
 * Coverage (how much of the query the text contains, weighted by how rare each word is) bounds
 * it: a text holding one word of a five-word question scores low however often it repeats that
 * word. A text with every word, side by side, in its title or heading, and repeatedly, scores 1.
 */
export function relevanceOf(evidence: MatchEvidence): number {
  const { coverage, proximity: near, fieldMatch, saturation } = evidence;
  return Math.min(1, coverage * (0.55 + 0.15 * near + 0.2 * fieldMatch + 0.1 * saturation));
}
