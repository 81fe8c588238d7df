import type { AnalysedQuery } from './query-analysis.js';

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

/**
 * What a query's alternatives stand for, built once per query: for each alternative's term id,
 * the query word it counts for in term frequencies (the one it matches best, the first of
 * equals) and every word it matches, with the weight of the match. `filter` has bit
 * `id % FILTER_BITS` set for each of those ids: most terms of a text are not the query's, and one
 * bit test turns them away before the map look-up.
 */
interface TermLookup {
  words: Map<number, TermMatches>;
  filter: Int32Array;
}

interface TermMatches {
  /** The word the term's occurrences count for, and by how much. */
  index: number;
  weight: number;
  /** Every word the term matches (weight above 0), as pairs: word index, weight. */
  matches: number[];
}

const FILTER_BITS = 4096;
const FILTER_MASK = FILTER_BITS - 1;

/**
 * The last query's look-up: `matchEvidence` runs for dozens of texts of one query in a row. Its
 * filter is reused from query to query (a typed array costs more to make than to clear).
 */
let lastLookup: { query: AnalysedQuery; lookup: TermLookup } | undefined;
const lookupFilter = new Int32Array(FILTER_BITS / 32);

function wordsOfTerms(query: AnalysedQuery): TermLookup {
  if (lastLookup?.query === query) return lastLookup.lookup;
  const words = new Map<number, TermMatches>();
  const filter = lookupFilter;
  filter.fill(0);
  for (let index = 0; index < query.terms.length; index++) {
    for (const alternative of (query.terms[index] as AnalysedQuery['terms'][number]).alternatives) {
      let known = words.get(alternative.id);
      if (!known) {
        known = { index, weight: alternative.weight, matches: [] };
        words.set(alternative.id, known);
      } else if (known.weight < alternative.weight) {
        known.index = index;
        known.weight = alternative.weight;
      }
      // A match counts only above 0: a word's best match starts at 0.
      if (alternative.weight > 0) known.matches.push(index, alternative.weight);
      const bit = alternative.id & FILTER_MASK;
      filter[bit >>> 5] = (filter[bit >>> 5] as number) | (1 << (bit & 31));
    }
  }
  const lookup = { words, filter };
  lastLookup = { query, lookup };
  return lookup;
}

/**
 * Scratch arrays of `matchEvidence`, reused across calls (it runs for dozens of texts per
 * query): per query word, its frequency and best match in the text; per occurrence of a query
 * word, its position and which word it is.
 */
let frequencyOf = new Float64Array(16);
let inTextOf = new Float64Array(16);
let positionsOf: Int32Array = new Int32Array(256);
let wordAtOf: Int32Array = new Int32Array(256);
let inWindowOf = new Int32Array(16);
let inTitleOf = new Float64Array(16);
let inHeadingOf = new Float64Array(16);

/**
 * Zeroes the first `count` values of a scratch array, one per query word: a loop over the few
 * words of a query costs a tenth of a call of `fill`, six of which each text scored made.
 */
function zeroFirst(values: Float64Array | Int32Array, count: number): void {
  for (let i = 0; i < count; i++) values[i] = 0;
}

/**
 * The best match (0–1) of each query word in a sorted set of term ids, into `best` (zeroed for
 * the query's words first): the highest weight of its alternatives the set holds, 0 when none.
 * One pass over the set (a title or heading is a few terms) rather than a search of it per
 * alternative of each word.
 */
function bestMatches(sorted: Uint32Array, lookup: TermLookup, best: Float64Array, count: number): void {
  const { words: wordOfTerm, filter } = lookup;
  zeroFirst(best, count);
  for (let i = 0; i < sorted.length; i++) {
    const match = termMatches(sorted[i] as number, filter, wordOfTerm);
    if (match) raiseBest(match.matches, best);
  }
}

/** What the query's words make of term `id`: undefined when it is none of their alternatives. */
function termMatches(
  id: number,
  filter: Int32Array,
  wordOfTerm: Map<number, TermMatches>,
): TermMatches | undefined {
  const bit = id & FILTER_MASK;
  return ((filter[bit >>> 5] as number) & (1 << (bit & 31))) === 0 ? undefined : wordOfTerm.get(id);
}

/** Raises each word's best match in `best` to the weight of a match of the term (word, weight pairs). */
function raiseBest(matches: number[], best: Float64Array): void {
  for (let m = 0; m < matches.length; m += 2) {
    const index = matches[m] as number;
    const weight = matches[m + 1] as number;
    if (weight > (best[index] as number)) best[index] = weight;
  }
}

/** Scratch of `coverageOf`: the best match of each query word. */
let coveredOf = new Float64Array(16);

/**
 * The IDF-weighted share (0–1) of the query's words a text holds, its term ids `ids[start, end)`
 * (in any order), each word by its best match: a completion of the word being typed, a synonym
 * or a correction by its weight, as `matchEvidence` counts its coverage.
 */
export function coverageOf(query: AnalysedQuery, ids: Uint32Array, start = 0, end = ids.length): number {
  const count = query.terms.length;
  if (count === 0 || query.totalWeight === 0) return 0;
  if (coveredOf.length < count) coveredOf = new Float64Array(count * 2);
  const best = coveredOf;
  zeroFirst(best, count);
  const { words: wordOfTerm, filter } = wordsOfTerms(query);
  for (let i = start; i < end; i++) {
    const match = termMatches(ids[i] as number, filter, wordOfTerm);
    if (match) raiseBest(match.matches, best);
  }
  let covered = 0;
  for (let index = 0; index < count; index++)
    covered += (query.terms[index] as AnalysedQuery['terms'][number]).weight * (best[index] as number);
  return covered / query.totalWeight;
}

/**
 * Where the first of the term ids `ids[start, end)` that matches a word of the query stands
 * (weight above 0, as `coverageOf` counts), or -1 when none does.
 */
export function firstMatchAt(query: AnalysedQuery, ids: Uint32Array, start = 0, end = ids.length): number {
  const { words: wordOfTerm, filter } = wordsOfTerms(query);
  for (let i = start; i < end; i++) {
    const match = termMatches(ids[i] as number, filter, wordOfTerm);
    if (match && match.matches.length > 0) return i;
  }
  return -1;
}

/**
 * The IDF-weighted share (0–1) of the query's words a page's name (its term ids) holds: its
 * coverage, but for the word being typed, of which any completion the name holds counts whole.
 * Coverage gives a completion part credit, the less the more letters it adds, so the name
 * *Location* would hold less of `loc` than a passage saying `lock`, where the visitor is typing
 * the name. A synonym or a correction keeps its part credit.
 */
export function nameCoverage(query: AnalysedQuery, name: Uint32Array): number {
  if (query.totalWeight === 0) return 0;
  let covered = 0;
  for (const term of query.terms) {
    let held = 0;
    for (const alternative of term.alternatives)
      if (alternative.weight > held && name.includes(alternative.id))
        held = term.prefix && alternative.standsInAs === undefined ? 1 : alternative.weight;
    covered += term.weight * held;
  }
  return covered / query.totalWeight;
}

/**
 * Gathers the evidence of one text, `terms` its term ids in text order (a passage's heading,
 * then its text): `title` and `heading` are the sorted term ids of its fields, `averageLength`
 * the mean passage length in terms (BM25's length normalisation). A query word is in the text
 * when it is in its terms or in one of its fields.
 */
export function matchEvidence(
  query: AnalysedQuery,
  terms: Uint32Array,
  title: Uint32Array,
  heading: Uint32Array,
  averageLength: number,
): MatchEvidence {
  const count = query.terms.length;
  if (count === 0 || query.totalWeight === 0)
    return { coverage: 0, fieldMatch: 0, proximity: 0, saturation: 0, bm25: 0 };

  const lookup = wordsOfTerms(query);
  const { words: wordOfTerm, filter } = lookup;

  // One pass over the text: term frequencies, the best match of each query word (what
  // `bestMatches` would find in the set of its terms), and the positions of query words.
  if (frequencyOf.length < count) {
    frequencyOf = new Float64Array(count * 2);
    inTextOf = new Float64Array(count * 2);
    inWindowOf = new Int32Array(count * 2);
    inTitleOf = new Float64Array(count * 2);
    inHeadingOf = new Float64Array(count * 2);
  }
  const frequency = frequencyOf;
  const inText = inTextOf;
  zeroFirst(frequency, count);
  zeroFirst(inText, count);
  let found = 0;
  for (let position = 0; position < terms.length; position++) {
    const match = termMatches(terms[position] as number, filter, wordOfTerm);
    if (!match) continue;
    frequency[match.index] = (frequency[match.index] as number) + match.weight;
    raiseBest(match.matches, inText);
    if (found === positionsOf.length) {
      positionsOf = growInt32(positionsOf);
      wordAtOf = growInt32(wordAtOf);
    }
    positionsOf[found] = position;
    wordAtOf[found] = match.index;
    found++;
  }

  let covered = 0;
  let inFields = 0;
  let saturationSum = 0;
  let matchedWords = 0;
  let bm25 = 0;
  let bm25Max = 0;
  const inTitle = inTitleOf;
  const inHeading = inHeadingOf;
  bestMatches(title, lookup, inTitle, count);
  bestMatches(heading, lookup, inHeading, count);
  const lengthNorm = 1 - BM25_B + (BM25_B * terms.length) / Math.max(averageLength, 1);
  for (let index = 0; index < count; index++) {
    const term = query.terms[index] as AnalysedQuery['terms'][number];
    const inField = Math.max(0, inTitle[index] as number, inHeading[index] as number);
    const matched = Math.max(inText[index] as number, inField);
    covered += term.weight * matched;
    inFields += term.weight * inField;
    const tf = frequency[index] as number;
    if (matched > 0) {
      matchedWords++;
      saturationSum += tf / (tf + BM25_K1);
    }
    bm25 += (term.weight * (tf * (BM25_K1 + 1))) / (tf + BM25_K1 * lengthNorm);
    bm25Max += term.weight * (BM25_K1 + 1);
  }

  return {
    coverage: covered / query.totalWeight,
    fieldMatch: inFields / query.totalWeight,
    proximity: proximity(positionsOf, wordAtOf, found, count),
    saturation: matchedWords === 0 ? 0 : saturationSum / matchedWords,
    bm25: bm25Max === 0 ? 0 : bm25 / bm25Max,
  };
}

const growInt32 = (array: Int32Array): Int32Array => {
  const grown = new Int32Array(array.length * 2);
  grown.set(array);
  return grown;
};

/**
 * 1 when the distinct query words found stand side by side, falling towards 0 as the smallest
 * window holding all of them widens (window = number of words / span of the window). The first
 * `found` of `positions` and `wordAt` are the occurrences of query words.
 */
function proximity(positions: Int32Array, wordAt: Int32Array, found: number, wordCount: number): number {
  const inWindow = inWindowOf;
  zeroFirst(inWindow, wordCount);
  let distinct = 0;
  for (let i = 0; i < found; i++) {
    const word = wordAt[i] as number;
    if (inWindow[word] === 0) distinct++;
    inWindow[word] = 1;
  }
  if (distinct === 0) return 0;
  if (distinct === 1 || wordCount === 1) return 1;
  zeroFirst(inWindow, wordCount);
  let held = 0;
  let best = Infinity;
  let start = 0;
  for (let end = 0; end < found; end++) {
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
