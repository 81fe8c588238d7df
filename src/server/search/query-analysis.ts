import { LruCache } from './lru-cache.js';
import type { TextAnalyser } from './text-analyser.js';
import type { Vocabulary } from './vocabulary.js';

/** One indexed term a query word may stand for, and how much a match on it counts (0–1). */
export interface TermAlternative {
  id: number;
  term: string;
  /** 1 for the word itself; less for a completion of a partial word or a typo correction. */
  weight: number;
}

/** A content word of the query. */
export interface QueryTerm {
  /** The word as typed, lower-cased. */
  word: string;
  /** The indexed terms that count as this word; empty when the index has nothing like it. */
  alternatives: TermAlternative[];
  /** How much this word matters (its IDF): rare words decide relevance, common ones barely. */
  weight: number;
  /** True when the word was matched as a prefix (the last word while typing). */
  prefix: boolean;
}

export interface AnalysedQuery {
  terms: QueryTerm[];
  /** Sum of the term weights, the denominator of coverage. */
  totalWeight: number;
}

/** Completions kept for a partial last word: the most frequent ones are what visitors mean. */
const MAX_COMPLETIONS = 12;
const MAX_CORRECTIONS = 3;
/**
 * A completion of a word that is also a word itself ("work" → "workers") counts nearly as much:
 * while typing, the visitor may well be on the way to it.
 */
const COMPLETION_WEIGHT_AFTER_EXACT = 0.85;
const COMPLETION_WEIGHT = 0.9;
const CORRECTION_WEIGHT = 0.8;
/** Even a term found in every passage says something about the query. */
const MIN_TERM_WEIGHT = 0.2;

/**
 * Analyses queries into weighted terms against the index's vocabulary: stems each word, expands
 * the last word as a prefix, and corrects words the index doesn't know to the nearest known ones.
 * Results are cached, since as-you-type search repeats the same queries.
 */
export class QueryAnalyser {
  readonly #cache = new LruCache<string, AnalysedQuery>(2000);

  constructor(
    private readonly analyser: TextAnalyser,
    private readonly vocabulary: Vocabulary,
  ) {}

  analyse(query: string, prefixLastWord: boolean): AnalysedQuery {
    const key = `${prefixLastWord ? 'p' : 'x'}${query}`;
    let analysed = this.#cache.get(key);
    if (!analysed) {
      analysed = this.#analyse(query, prefixLastWord);
      this.#cache.set(key, analysed);
    }
    return analysed;
  }

  clear(): void {
    this.#cache.clear();
  }

  #analyse(query: string, prefixLastWord: boolean): AnalysedQuery {
    const words = this.analyser.words(query);
    // A query ending in a space or punctuation has a complete last word.
    const lastIsPartial = prefixLastWord && /[\p{L}\p{N}_]$/u.test(query);
    const terms: QueryTerm[] = [];
    const seen = new Set<string>();
    words.forEach((word, index) => {
      const prefix = lastIsPartial && index === words.length - 1 && word.length >= 2;
      const term = this.analyser.term(word);
      if (term === '' && !(prefix && words.length === 1 && !this.analyser.isStopWord(word))) return;
      const key = term || word;
      if (seen.has(key)) return;
      seen.add(key);
      terms.push(this.#queryTerm(word, term, prefix));
    });
    const totalWeight = terms.reduce((sum, term) => sum + term.weight, 0);
    return { terms, totalWeight };
  }

  #queryTerm(word: string, term: string, prefix: boolean): QueryTerm {
    const alternatives: TermAlternative[] = [];
    const exactId = term === '' ? undefined : this.vocabulary.id(term);
    if (exactId !== undefined) alternatives.push({ id: exactId, term, weight: 1 });
    if (prefix) {
      const completionWeight = exactId === undefined ? COMPLETION_WEIGHT : COMPLETION_WEIGHT_AFTER_EXACT;
      // A one- or two-letter start fits thousands of words; the few most common are enough.
      for (const completion of this.vocabulary.completions(
        word,
        word.length < 3 ? MAX_COMPLETIONS / 2 : MAX_COMPLETIONS,
      )) {
        const id = this.vocabulary.id(completion);
        if (id !== undefined && id !== exactId)
          alternatives.push({ id, term: completion, weight: completionWeight });
      }
    }
    if (alternatives.length === 0 && term.length >= 4 && !/\d/.test(term)) {
      const tolerance = term.length >= 8 ? 2 : 1;
      const corrections = new Set([
        ...this.vocabulary.corrections(term, tolerance, MAX_CORRECTIONS),
        ...this.vocabulary.corrections(word, tolerance, MAX_CORRECTIONS),
      ]);
      for (const correction of [...corrections].slice(0, MAX_CORRECTIONS)) {
        const id = this.vocabulary.id(correction);
        if (id !== undefined) alternatives.push({ id, term: correction, weight: CORRECTION_WEIGHT });
      }
    }
    // Weight by the best alternative's IDF; a word the index doesn't know at all weighs like the
    // rarest term, since a question about something the site never mentions is not answered by it.
    const weight =
      alternatives.length === 0
        ? this.vocabulary.unknownTermIdf()
        : Math.max(
            MIN_TERM_WEIGHT,
            Math.max(
              ...alternatives.map((alternative) => this.vocabulary.idf(alternative.id) * alternative.weight),
            ),
          );
    return { word, alternatives, weight, prefix };
  }
}
