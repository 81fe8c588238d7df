/**
 * The embedded search index (`createOramaIndex`): the `SearchIndex` the service searches. It
 * loads a site into its storage (indexed-site.ts), answers searches from page ranking
 * (page-ranking.ts) and passage selection (passage-selection.ts), keeps their results for
 * repeated queries, and tells which words the site uses.
 */
import { warmUpLanguageModel } from '../answer/language-model.js';
import type { SourceDocument } from '../content/document.js';
import {
  buildIndexedSite,
  emptyIndexedSite,
  titleKey,
  type IndexedPage,
  type IndexedSite,
} from './indexed-site.js';
import { LruCache } from './lru-cache.js';
import { rankPages, SECTION_RANK } from './page-ranking.js';
import {
  bestPassages,
  matchedProseOf,
  namingShareOf,
  pageMatch,
  type ScoredPassage,
} from './passage-selection.js';
import { QueryAnalyser, type AnalysedQuery } from './query-analysis.js';
import type { PassageHit, SearchHit, SearchIndex, SearchOptions, StandIn } from './search-index.js';
import type { TextAnalyser } from './text-analyser.js';
import { type SiteSynonyms, synonymTable, type SynonymTable } from './synonyms.js';
import { type Language, LANGUAGE_CODES, languageCode } from './languages.js';
import { firstNotBefore, keepBest } from './vocabulary.js';

export { codeName } from './indexed-site.js';
export { PAGE_RANK, SECTION_RANK } from './page-ranking.js';

export interface OramaIndexOptions {
  /** Search results kept for repeated queries. Default 5,000 (0 turns the cache off). */
  resultCacheSize?: number;
  /**
   * Environment read for the optional embeddings endpoint (`EMBEDDINGS_BASE_URL`,
   * `EMBEDDINGS_MODEL`, `EMBEDDINGS_API_KEY`). Default: none, full-text search only.
   */
  env?: NodeJS.ProcessEnv;
  /**
   * The language of the site's text (a code of `LANGUAGE_CODES`: `en`, `de`, `ja`…), or `auto`
   * (the default): told from the text of the first pages each load (see `detectLanguage`).
   */
  language?: string;
  /**
   * The site's own synonyms, added to the built-in list or replacing it (the config file's
   * `synonyms` and `builtInSynonyms`). Default: the built-in list alone.
   */
  synonyms?: SiteSynonyms;
}

/** Pages named by a word beyond which its names give no completions in context (see `#completionsNamedWith`). */
const CONTEXT_NAMED_PAGES = 2000;
/** Pages ranked for passages when answering: the answer comes from one of these. */
const PAGES_FOR_PASSAGES = 8;
/** Passages of one page re-scored in full (the best by coverage); the rest only by coverage. */
const PASSAGES_SCORED_PER_PAGE = 3;
/** Share of a passage's rank that is its own; the rest is its page's. */
const PASSAGE_WEIGHT = 0.5;
/** Candidates ranked beyond the limit, so that a relevance threshold still fills the page. */
const EXTRA_CANDIDATES = 20;

/** The terms of the names of the pages a term names, alphabetically, and how many pages hold each. */
interface NamesOfPagesNamed {
  terms: string[];
  ids: Uint32Array;
  counts: Uint32Array;
}

/**
 * The embedded search index. Pages are ranked with BM25F from the index's own page postings
 * (flat typed arrays; see `PagePostings`), passages (the sections under headings) are scored
 * on the evidence they hold for the query (coverage, proximity, heading matches, BM25) from a
 * forward index of term ids. Orama supplies the English stemmer; it is not on the query path (see
 * demo/content/service/search-ranking.md: at 10,000 pages one Orama search took milliseconds, and
 * search must answer in a fraction of one).
 *
 * **Relevance (0–1)**, on pages and passages alike:
 *
 *     relevance = coverage × (0.55 + 0.15 × proximity + 0.2 × fieldMatch + 0.1 × saturation)
 *
 * - coverage: the share of the query's words the text contains, each word weighted by its IDF
 *   (rare words count more), with partial credit for a completed prefix (0.9, or 0.85 beside an
 *   exact match), a typo correction (0.8) or a synonym (0.6); a word the site never uses counts
 *   fully against it;
 * - proximity: the number of distinct query words found divided by the span of the smallest
 *   window holding them all (1 when side by side, or for one word);
 * - fieldMatch: the IDF-weighted share of the query's words in the title or heading;
 * - saturation: how often the matched words occur, tf / (tf + 1.2) averaged.
 *
 * It means the same across queries: 1.0 only when every word of the query is in the title or
 * heading, side by side, and in the text; a page matching one word of a three-word question
 * stays well under 0.5 however often it repeats it. It is not divided by the best score of the
 * query, so a single weak match stays weak. Ranking (the order) is a separate score: see
 * `PAGE_RANK` (page-ranking.ts).
 */
export class OramaSearchIndex implements SearchIndex {
  readonly #options: Required<Omit<OramaIndexOptions, 'env' | 'synonyms'>>;
  /** What the site's queries and questions read as synonyms, load after load. */
  readonly #synonyms: SynonymTable;
  /** The loaded site: its pages, passages, terms and what ranking reads of them. */
  #site: IndexedSite;
  #queries: QueryAnalyser;
  /**
   * Per term, the terms of the names of the pages it names, most frequent first (see
   * `#namesOfPagesNamedBy`): made on first use, since only a word typed before another asks.
   */
  #namesOfPagesNamed = new Map<number, NamesOfPagesNamed>();
  /** Scratch of `#namesOfPagesNamedBy`, by term id: zero between uses. */
  #nameCounts: Uint32Array | undefined;
  readonly #pageResults: LruCache<string, SearchHit[]>;
  readonly #passageResults: LruCache<string, PassageHit[]>;

  constructor(options: OramaIndexOptions = {}) {
    this.#options = {
      resultCacheSize: options.resultCacheSize ?? 5000,
      language: indexLanguage(options.language),
    };
    this.#pageResults = new LruCache(this.#options.resultCacheSize);
    this.#passageResults = new LruCache(this.#options.resultCacheSize);
    this.#synonyms = synonymTable(options.synonyms);
    this.#site = emptyIndexedSite(this.#synonyms);
    this.#queries = new QueryAnalyser(this.#site.analyser, this.#site.vocabulary);
  }

  get documentCount(): number {
    return this.#site.pages.length;
  }

  /** The language the index reads the site's text in, and so questions (English before a load). */
  get language(): Language {
    return this.#site.analyser.language;
  }

  /** The analyser of the site's text and of queries (for what it keeps: `TextAnalyser.cached`). */
  get analyser(): TextAnalyser {
    return this.#site.analyser;
  }

  /** What queries and questions read as synonyms: the site's, or the built-in list. */
  get synonyms(): SynonymTable {
    return this.#synonyms;
  }

  async load(source: Iterable<SourceDocument> | AsyncIterable<SourceDocument>): Promise<void> {
    const site = await buildIndexedSite(source, this.#options.language, this.#synonyms);
    // Questions are weighted by part of speech: load the tagger now, not on the first question.
    warmUpLanguageModel();
    this.#site = site;
    this.#queries = new QueryAnalyser(
      site.analyser,
      site.vocabulary,
      site.pageNames,
      (term, typed, limit) => this.#completionsNamedWith(term, typed, limit),
      site.keywordContext,
    );
    this.#namesOfPagesNamed = new Map();
    this.#nameCounts = undefined;
    this.#pageResults.clear();
    this.#passageResults.clear();
  }

  async search(query: string, options: SearchOptions): Promise<SearchHit[]> {
    const key = cacheKey(query, options);
    const cached = this.#pageResults.get(key);
    if (cached) return cached;
    const analysed = this.#queries.analyse(query, options.prefixLastTerm !== false);
    const hits = this.#searchPages(analysed, options, titleKey(query));
    this.#pageResults.set(key, hits);
    return hits;
  }

  async searchPassages(query: string, options: SearchOptions): Promise<PassageHit[]> {
    const key = cacheKey(query, options);
    const cached = this.#passageResults.get(key);
    if (cached) return cached;
    const analysed = this.#queries.analyse(query, options.prefixLastTerm !== false);
    const minRelevance = options.minRelevance ?? 0;
    const hits = this.#rankedPassages(analysed, options)
      .filter((hit) => hit.relevance > 0 && hit.relevance >= minRelevance)
      .slice(0, options.limit)
      .map(({ passage, relevance, evidence }) => ({
        document: this.#site.pages[passage.page]?.document as SourceDocument,
        section: passage.section,
        relevance,
        coverage: evidence.coverage,
      }));
    this.#passageResults.set(key, hits);
    return hits;
  }

  /**
   * A word the site uses: an identifier as a whole (`WebGPU` is not known because `web` is), a
   * word written with punctuation (`Node.js`) as a whole and by each of its parts. A hyphenated
   * word is known by its parts alone: it is made of words (`X-Api-Key`, a header a visitor
   * names, is known to a site that speaks of API keys), not a name of its own.
   */
  hasWord(word: string): boolean {
    const terms = this.#wordTerms(word);
    return terms.length > 0 && terms.every((term) => this.hasTerm(term));
  }

  hasTerm(term: string): boolean {
    return this.#site.vocabulary.id(term) !== undefined;
  }

  standInFor(word: string): StandIn | undefined {
    return this.#queries.standInFor(word);
  }

  /** The number of pages using the word (by the rarest of its parts, as `hasWord` reads it). */
  pagesWithWord(word: string): number {
    const terms = this.#wordTerms(word);
    let least = terms.length === 0 ? 0 : Infinity;
    for (const term of terms) {
      const id = this.#site.vocabulary.id(term);
      least = Math.min(
        least,
        id === undefined || !this.#site.postings ? 0 : this.#site.postings.documentFrequency(id),
      );
    }
    return least;
  }

  /**
   * The completions of `typed` in the names of the pages named by `term`, the most frequent
   * first: `split`, `splice` for `sp` in the names of the pages named `string`. A term naming
   * more pages than CONTEXT_NAMED_PAGES names a kind of page, not a context, and gives none.
   */
  #completionsNamedWith(term: number, typed: string, limit: number): number[] {
    let names = this.#namesOfPagesNamed.get(term);
    if (names === undefined) {
      names = this.#namesOfPagesNamedBy(term);
      this.#namesOfPagesNamed.set(term, names);
    }
    const { terms, ids, counts } = names;
    // The names starting with what was typed stand together in alphabetical order.
    const low = firstNotBefore(terms, typed);
    // The `limit` most frequent (of equals, the first term), kept in order while scanning.
    const best: number[] = [];
    const moreFrequent = (a: number, b: number) =>
      (counts[a] as number) > (counts[b] as number) ||
      ((counts[a] as number) === (counts[b] as number) && (ids[a] as number) < (ids[b] as number));
    for (let i = low; i < terms.length && (terms[i] as string).startsWith(typed); i++)
      if ((terms[i] as string).length !== typed.length) keepBest(best, i, limit, moreFrequent);
    return best.map((i) => ids[i] as number);
  }

  /**
   * The terms of the names of the pages named by `term`, in alphabetical order, each with the
   * number of those pages holding it: what `#completionsNamedWith` looks up a start in. None
   * when the term names more pages than CONTEXT_NAMED_PAGES.
   */
  #namesOfPagesNamedBy(term: number): NamesOfPagesNamed {
    const named = this.#site.postings?.pagesNamedBy(term) ?? [];
    const found: number[] = [];
    // Counted by id in scratch space, zeroed after: a Map of counts cost most of this.
    const counts = (this.#nameCounts ??= new Uint32Array(this.#site.vocabulary.size));
    if (named.length <= CONTEXT_NAMED_PAGES)
      for (const page of named)
        for (const id of (this.#site.pages[page] as IndexedPage).name) {
          if (counts[id] === 0) found.push(id);
          counts[id] = (counts[id] as number) + 1;
        }
    const ids = this.#site.vocabulary.inAlphabeticalOrder(Uint32Array.from(found));
    const names = {
      terms: Array.from(ids, (id) => this.#site.vocabulary.term(id)),
      ids,
      counts: ids.map((id) => counts[id] as number),
    };
    for (const id of found) counts[id] = 0;
    return names;
  }

  /** The terms a word is known by: see `hasWord`. */
  #wordTerms(word: string): string[] {
    const words = this.#site.analyser.words(word);
    const whole = words[0];
    const parts =
      whole !== undefined && whole === word.toLowerCase()
        ? [whole]
        : word.includes('-')
          ? words.filter((part) => !part.includes('-'))
          : words;
    return parts.map((part) => this.#site.analyser.term(part)).filter((term) => term !== '');
  }

  /** Whether a search runs: a load has built the postings, and ranking a word through them answers. */
  async healthy(): Promise<boolean> {
    if (!this.#site.postings) return false;
    try {
      this.#searchPages(this.#queries.analyse('health', false), { limit: 1 }, titleKey('health'));
      return true;
    } catch {
      return false;
    }
  }

  /** Passages of the best pages, each ranked on its own evidence and its page's rank. */
  #rankedPassages(query: AnalysedQuery, options: SearchOptions): (ScoredPassage & { rank: number })[] {
    const ranked = rankPages(this.#site, query, options, PAGES_FOR_PASSAGES);
    // The pages of a pasted message come first whatever their rank: the best rank is any page's.
    const topRank = Math.max(Number.MIN_VALUE, ...ranked.map((page) => page.rank));
    const passages: (ScoredPassage & { rank: number; message: number })[] = [];
    for (const { page, rank, message = 0 } of ranked) {
      const pageShare = rank / topRank;
      for (const scored of bestPassages(
        this.#site,
        query,
        this.#site.pages[page] as IndexedPage,
        PASSAGES_SCORED_PER_PAGE,
      )) {
        const own =
          0.8 * scored.relevance +
          0.2 * scored.evidence.bm25 +
          (query.question ? SECTION_RANK.namedPassage * namingShareOf(this.#site, query, scored.passage) : 0);
        passages.push({
          ...scored,
          relevance: Math.max(scored.relevance, message),
          rank: PASSAGE_WEIGHT * own + (1 - PASSAGE_WEIGHT) * pageShare,
          message,
        });
      }
    }
    return passages.sort((a, b) => b.message - a.message || b.rank - a.rank);
  }

  /** Pages for a query; `queryWords` is the query as `titleKey` writes it. */
  #searchPages(query: AnalysedQuery, options: SearchOptions, queryWords: string): SearchHit[] {
    const minRelevance = options.minRelevance ?? 0;
    const ranked = rankPages(this.#site, query, options, options.limit + EXTRA_CANDIDATES);
    const hits: SearchHit[] = [];
    for (const { page, best, message = 0 } of ranked) {
      const indexed = this.#site.pages[page] as IndexedPage;
      // A page a pasted message matches is as relevant as the match, whatever its words; a query
      // that is the page's whole title (case and punctuation aside) names it: relevance 1, which
      // is what a `score` of 0.99 keeps.
      const match = pageMatch(this.#site, query, indexed, best);
      const relevance =
        queryWords !== '' && queryWords === indexed.titleWords ? 1 : Math.max(match.relevance, message);
      if (relevance > 0 && relevance >= minRelevance) {
        const { linked } = match;
        const matchedProse = linked && matchedProseOf(this.#site, query, linked);
        hits.push(
          linked === undefined
            ? { document: indexed.document, relevance: round(relevance) }
            : matchedProse === undefined
              ? { document: indexed.document, relevance: round(relevance), section: linked.section }
              : {
                  document: indexed.document,
                  relevance: round(relevance),
                  section: linked.section,
                  matchedProse,
                },
        );
      }
      if (hits.length === options.limit) break;
    }
    return hits;
  }
}

/**
 * The result cache's key: the options, then the query. Made for every search, found or not, so
 * tags (rarely given) are the only part written as JSON, which delimits itself.
 */
function cacheKey(query: string, options: SearchOptions): string {
  const tags =
    (options.includeTags?.length ?? 0) + (options.excludeTags?.length ?? 0) === 0
      ? '-'
      : JSON.stringify([options.includeTags ?? [], options.excludeTags ?? []]);
  return `${options.limit} ${options.minRelevance ?? 0} ${options.prefixLastTerm !== false ? 'p' : 'x'} ${tags} ${query}`;
}

const round = (value: number): number => Math.round(value * 10000) / 10000;

/**
 * The language option as the index reads it: `auto`, or a language's code (`de` for `de-CH`).
 * Throws a RangeError naming the option for a language the index doesn't read.
 */
export function indexLanguage(language = 'auto'): string {
  if (language === 'auto') return language;
  const code = languageCode(language);
  if (code === undefined)
    throw new RangeError(
      `language: "${language}" is not one the index reads; use auto or one of ${LANGUAGE_CODES.join(', ')}`,
    );
  return code;
}

/** The embedded default index. */
export function createOramaIndex(options?: OramaIndexOptions): SearchIndex {
  return new OramaSearchIndex(options);
}
