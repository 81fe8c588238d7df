import { create, insertMultiple, search as oramaSearch, type Orama, type Tokenizer } from '@orama/orama';
import type { DocumentSection, SourceDocument } from '../content/document.js';
import { LruCache } from './lru-cache.js';
import { PassagePostings } from './passage-postings.js';
import { containsTerm, matchEvidence, relevanceOf, type MatchEvidence } from './passage-scoring.js';
import { QueryAnalyser, type AnalysedQuery } from './query-analysis.js';
import type { PassageHit, SearchHit, SearchIndex, SearchOptions } from './search-index.js';
import { TextAnalyser } from './text-analyser.js';
import { Vocabulary } from './vocabulary.js';

export interface OramaIndexOptions {
  /** Passages taken from the postings per query for re-ranking. Default 100. */
  candidatePassages?: number;
  /** Pages fetched from Orama (on title, headings, description) per query. Default 40. */
  candidatePages?: number;
  /** Search results kept for repeated queries. Default 5,000 (0 turns the cache off). */
  resultCacheSize?: number;
  /**
   * Environment read for the optional embeddings endpoint (`EMBEDDINGS_BASE_URL`,
   * `EMBEDDINGS_MODEL`, `EMBEDDINGS_API_KEY`). Default: none, full-text search only.
   */
  env?: NodeJS.ProcessEnv;
}

/** A passage as indexed: a section (or a part of a long one) and its terms. */
interface IndexedPassage {
  page: number;
  section: DocumentSection;
  /** Heading terms then text terms, in order. */
  terms: Uint32Array;
  distinct: Uint32Array;
  heading: Uint32Array;
}

interface IndexedPage {
  document: SourceDocument;
  title: Uint32Array;
  /** Description and headings. */
  summary: Uint32Array;
  /** The terms of its title, description and headings, sorted: what the page says it is about. */
  outline: Uint32Array;
  passages: number[];
  tags: Set<string>;
  titleLength: number;
}

/**
 * Terms are stored in Orama with a trailing `.` (which never occurs inside a term), so that
 * Orama's prefix matching, always on, can't stretch `set.` into `settings`: prefixes are expanded
 * by the query analyser instead, where they can be limited and weighted.
 */
const TERM_END = '.';
const markTerms = (terms: Iterable<string>): string => {
  let out = '';
  for (const term of terms) out += `${out === '' ? '' : ' '}${term}${TERM_END}`;
  return out;
};

/** Orama's tokenizer for text the analyser has already turned into marked terms. */
const markedTermsTokenizer: Tokenizer = {
  language: 'english',
  normalizationCache: new Map(),
  tokenize: (raw: string) => (raw === '' ? [] : [...new Set(raw.split(' '))]),
};

const PAGE_SCHEMA = { title: 'string', description: 'string', headings: 'string[]', tags: 'enum[]' } as const;
type PageDb = Orama<typeof PAGE_SCHEMA>;

/** Sections longer than this many words are indexed as several passages, split at paragraphs. */
const PASSAGE_MAX_WORDS = 350;

/** Splits text into tokens as written; the analyser takes each token from there. */
const TOKEN_SEPARATOR = /[^\p{L}\p{N}_]+/u;

const sortedDistinct = (ids: Iterable<number>): Uint32Array => Uint32Array.from(new Set(ids)).sort();

/** Splits a long section at paragraph boundaries into passages of at most ~PASSAGE_MAX_WORDS words. */
function passagesOf(section: DocumentSection): DocumentSection[] {
  const paragraphs = section.text.split('\n\n');
  const parts: DocumentSection[] = [];
  let current: string[] = [];
  let words = 0;
  for (const paragraph of paragraphs) {
    const count = paragraph.split(/\s+/).length;
    if (words > 0 && words + count > PASSAGE_MAX_WORDS) {
      parts.push({ ...section, text: current.join('\n\n') });
      current = [];
      words = 0;
    }
    current.push(paragraph);
    words += count;
  }
  if (current.length > 0 || parts.length === 0) parts.push({ ...section, text: current.join('\n\n') });
  if (parts.length === 1) return [section];
  return parts.map((part) =>
    section.code ? { ...part, code: section.code.filter((block) => part.text.includes(block)) } : part,
  );
}

/** Weights of the ranking score (relevance decides; BM25 and the title break ties). */
const RANK = { relevance: 0.7, bm25: 0.2, title: 0.1 } as const;
/** Share of a passage's rank that is its own; the rest is its page's. */
const PASSAGE_WEIGHT = 0.6;
/**
 * A page's rank: its relevance, BM25 of its best passage and its title match, blended with the
 * rank of its best passage. Tuned on half of bench/questions, checked on the other half.
 */
const PAGE_RANK = { relevance: 0.6, bm25: 0.3, title: 0.1, bestPassage: 0.3 } as const;

/**
 * The embedded search index: Orama holds the inverted index (BM25 over title, heading and
 * passage text, with boosts) and finds candidates; a re-ranker then scores each candidate on the
 * evidence it holds for the query (coverage, proximity, title/heading matches, BM25) from the
 * index's own forward index of term ids.
 *
 * **Relevance (0–1)**, on pages and passages alike:
 *
 *     relevance = coverage × (0.55 + 0.15 × proximity + 0.2 × fieldMatch + 0.1 × saturation)
 *
 * - coverage: the share of the query's words the text contains, each word weighted by its IDF
 *   (rare words count more), with partial credit for a completed prefix (0.9, or 0.5 beside an
 *   exact match) or a typo correction (0.8); a word the site never uses counts fully against it;
 * - proximity: the number of distinct query words found divided by the span of the smallest
 *   window holding them all (1 when side by side, or for one word);
 * - fieldMatch: the IDF-weighted share of the query's words in the title or heading;
 * - saturation: how often the matched words occur, tf / (tf + 1.2) averaged.
 *
 * It means the same across queries: 1.0 only when every word of the query is in the title or
 * heading, side by side, and in the text; a page matching one word of a three-word question
 * stays well under 0.5 however often it repeats it. It is not divided by the best score of the
 * query, so a single weak match stays weak.
 */
export class OramaSearchIndex implements SearchIndex {
  readonly #analyser = new TextAnalyser();
  readonly #options: Required<Omit<OramaIndexOptions, 'env'>>;
  #vocabulary = new Vocabulary();
  #queries = new QueryAnalyser(this.#analyser, this.#vocabulary);
  #pages: IndexedPage[] = [];
  #passages: IndexedPassage[] = [];
  #averagePassageLength = 1;
  #postings: PassagePostings | undefined;
  #pageDb: PageDb | undefined;
  readonly #pageResults: LruCache<string, SearchHit[]>;
  readonly #passageResults: LruCache<string, PassageHit[]>;

  constructor(options: OramaIndexOptions = {}) {
    this.#options = {
      candidatePassages: options.candidatePassages ?? 100,
      candidatePages: options.candidatePages ?? 40,
      resultCacheSize: options.resultCacheSize ?? 5000,
    };
    this.#pageResults = new LruCache(this.#options.resultCacheSize);
    this.#passageResults = new LruCache(this.#options.resultCacheSize);
  }

  get documentCount(): number {
    return this.#pages.length;
  }

  async load(documents: SourceDocument[]): Promise<void> {
    const vocabulary = new Vocabulary();
    const pages: IndexedPage[] = [];
    const passages: IndexedPassage[] = [];
    const pageRows: { id: string; title: string; description: string; headings: string[]; tags: string[] }[] =
      [];
    // Token as written → its term ids: each distinct token is analysed once for the whole site,
    // which is most of the indexing speed (a docs site repeats a small vocabulary).
    const tokenIds = new Map<string, number | number[]>();
    const termIds = (text: string): number[] => {
      const out: number[] = [];
      for (const token of text.split(TOKEN_SEPARATOR)) {
        if (token === '') continue;
        let ids = tokenIds.get(token);
        if (ids === undefined) {
          const found = this.#analyser.terms(token).map((term) => vocabulary.add(term));
          ids = found.length === 1 ? (found[0] as number) : found;
          tokenIds.set(token, ids);
        }
        if (typeof ids === 'number') out.push(ids);
        else for (const id of ids) out.push(id);
      }
      return out;
    };
    const marked = (ids: Iterable<number>): string =>
      markTerms([...new Set(ids)].map((id) => vocabulary.term(id)));

    for (const document of documents) {
      const pageIndex = pages.length;
      const tags = document.tags.map((tag) => tag.toLowerCase());
      const title = termIds(document.title);
      const description = termIds(document.description);
      const headings = document.sections
        .filter((section) => section.level > 1)
        .map((section) => termIds(section.heading));
      const page: IndexedPage = {
        document,
        title: sortedDistinct(title),
        summary: sortedDistinct([...description, ...headings.flat()]),
        outline: sortedDistinct([...title, ...description, ...headings.flat()]),
        passages: [],
        tags: new Set(tags),
        titleLength: new Set(title).size,
      };
      const sections = document.sections.some((section) => section.text !== '')
        ? document.sections.filter((section) => section.text !== '')
        : [{ heading: document.title, anchor: '', level: 0, text: document.description }];
      for (const section of sections) {
        const heading = termIds(section.heading);
        for (const part of passagesOf(section)) {
          const terms = Uint32Array.from([...heading, ...termIds(part.text)]);
          if (terms.length === 0) continue;
          const distinct = sortedDistinct(terms);
          vocabulary.countPassage(distinct);
          page.passages.push(passages.length);
          passages.push({
            page: pageIndex,
            section: part,
            terms,
            distinct,
            heading: sortedDistinct(heading),
          });
        }
      }
      pages.push(page);
      pageRows.push({
        id: String(pageIndex),
        title: marked(title),
        description: marked(description),
        headings: headings.map(marked),
        tags,
      });
    }

    // Orama's ids are the positions in our arrays, so a hit maps back without a lookup table.
    const pageDb = create({ schema: PAGE_SCHEMA, components: { tokenizer: markedTermsTokenizer } });
    await insertMultiple(pageDb, pageRows as never, 1000);
    const postings = new PassagePostings(
      passages.map((passage) => passage.terms),
      vocabulary.size,
    );

    vocabulary.prepare();
    this.#vocabulary = vocabulary;
    this.#queries = new QueryAnalyser(this.#analyser, vocabulary);
    this.#pages = pages;
    this.#passages = passages;
    this.#postings = postings;
    this.#averagePassageLength = postings.averageLength;
    this.#pageDb = pageDb;
    this.#pageResults.clear();
    this.#passageResults.clear();
  }

  async search(query: string, options: SearchOptions): Promise<SearchHit[]> {
    const key = cacheKey(query, options);
    const cached = this.#pageResults.get(key);
    if (cached) return cached;
    const analysed = this.#queries.analyse(query, options.prefixLastTerm !== false);
    const hits = await this.#searchPages(analysed, options);
    this.#pageResults.set(key, hits);
    return hits;
  }

  async searchPassages(query: string, options: SearchOptions): Promise<PassageHit[]> {
    const key = cacheKey(query, options);
    const cached = this.#passageResults.get(key);
    if (cached) return cached;
    const analysed = this.#queries.analyse(query, options.prefixLastTerm !== false);
    const ranked = await this.#rankedPassages(analysed, options);
    const minRelevance = options.minRelevance ?? 0;
    const hits = ranked
      .filter((hit) => hit.relevance > 0 && hit.relevance >= minRelevance)
      .slice(0, options.limit)
      .map(({ passage, relevance, evidence }) => ({
        document: this.#pages[passage.page]?.document as SourceDocument,
        section: passage.section,
        relevance,
        coverage: evidence.coverage,
      }));
    this.#passageResults.set(key, hits);
    return hits;
  }

  hasWord(word: string): boolean {
    return this.#analyser.terms(word).some((term) => this.#vocabulary.id(term) !== undefined);
  }

  async healthy(): Promise<boolean> {
    if (!this.#pageDb || !this.#postings) return false;
    try {
      await oramaSearch(this.#pageDb, { term: 'health.', limit: 1 });
      return true;
    } catch {
      return false;
    }
  }

  /** Candidate passages from Orama, re-ranked on their evidence. */
  async #rankedPassages(
    query: AnalysedQuery,
    options: SearchOptions,
  ): Promise<{ passage: IndexedPassage; relevance: number; rank: number; evidence: MatchEvidence }[]> {
    const postings = this.#postings;
    if (!postings || query.terms.every((term) => term.alternatives.length === 0)) return [];
    const allowed = tagPredicate(options);
    const candidates = postings.top(
      query,
      this.#options.candidatePassages,
      allowed &&
        ((passage) =>
          allowed((this.#pages[(this.#passages[passage] as IndexedPassage).page] as IndexedPage).tags)),
    );
    const pageScores = new Map<number, number>();
    const ranked = candidates.map((passageIndex) => {
      const passage = this.#passages[passageIndex] as IndexedPassage;
      const page = this.#pages[passage.page] as IndexedPage;
      const evidence = matchEvidence(
        query,
        passage,
        [page.title, passage.heading],
        this.#averagePassageLength,
      );
      const relevance = relevanceOf(evidence);
      let pageScore = pageScores.get(passage.page);
      if (pageScore === undefined) {
        pageScore = this.#pageScore(query, page);
        pageScores.set(passage.page, pageScore);
      }
      // A passage is judged with its page: the same words under a page about them are worth more.
      const own = RANK.relevance * relevance + RANK.bm25 * evidence.bm25;
      return { passage, relevance, evidence, rank: PASSAGE_WEIGHT * own + (1 - PASSAGE_WEIGHT) * pageScore };
    });
    return ranked.sort((a, b) => b.rank - a.rank);
  }

  /** How well a page's outline (title, description, headings) matches the query, 0–1. */
  #pageScore(query: AnalysedQuery, page: IndexedPage): number {
    const evidence = matchEvidence(
      query,
      { terms: page.title, distinct: page.outline },
      [page.title, page.summary],
      this.#averagePassageLength,
    );
    return (1 - RANK.title) * relevanceOf(evidence) + RANK.title * titleMatch(query, page);
  }

  async #searchPages(query: AnalysedQuery, options: SearchOptions): Promise<SearchHit[]> {
    const db = this.#pageDb;
    const terms = query.terms.flatMap((term) => term.alternatives.map((alternative) => alternative.term));
    if (!db || terms.length === 0) return [];
    const [passageHits, pageResult] = await Promise.all([
      this.#rankedPassages(query, options),
      oramaSearch(db, {
        term: markTerms(terms),
        properties: ['title', 'description', 'headings'],
        boost: { title: 3, headings: 1.5 },
        limit: this.#options.candidatePages,
        where: tagFilter(options),
      } as never),
    ]);
    // Each page is judged on its best passage and on its own title, description and headings.
    const bestPassage = new Map<number, (typeof passageHits)[number]>();
    for (const hit of passageHits)
      if (!bestPassage.has(hit.passage.page)) bestPassage.set(hit.passage.page, hit);
    const candidates = new Set<number>([
      ...bestPassage.keys(),
      ...(pageResult.hits as { id: string }[]).map((hit) => Number(hit.id)),
    ]);

    const hits: { document: SourceDocument; relevance: number; rank: number }[] = [];
    for (const pageIndex of candidates) {
      const page = this.#pages[pageIndex] as IndexedPage;
      const best = bestPassage.get(pageIndex);
      const pageEvidence = matchEvidence(
        query,
        { terms: page.title, distinct: page.outline },
        [page.title, page.summary],
        this.#averagePassageLength,
      );
      const evidence: MatchEvidence = {
        coverage: pageEvidence.coverage,
        fieldMatch: pageEvidence.fieldMatch,
        proximity: Math.max(best?.evidence.proximity ?? 0, pageEvidence.proximity * pageEvidence.fieldMatch),
        saturation: best?.evidence.saturation ?? 0,
        bm25: best?.evidence.bm25 ?? 0,
      };
      const relevance = Math.max(relevanceOf(evidence), best?.relevance ?? 0);
      const own =
        PAGE_RANK.relevance * relevance +
        PAGE_RANK.bm25 * evidence.bm25 +
        PAGE_RANK.title * titleMatch(query, page);
      const rank = (1 - PAGE_RANK.bestPassage) * own + PAGE_RANK.bestPassage * (best?.rank ?? 0);
      hits.push({ document: page.document, relevance, rank });
    }
    const minRelevance = options.minRelevance ?? 0;
    return hits
      .filter((hit) => hit.relevance > 0 && hit.relevance >= minRelevance)
      .sort((a, b) => b.rank - a.rank)
      .slice(0, options.limit)
      .map(({ document, relevance }) => ({ document, relevance: round(relevance) }));
  }
}

/**
 * How well the page's title names what was asked: the IDF-weighted share of the query in the
 * title times the share of the title that was asked for, so that "Middleware" beats "Basic Auth
 * Middleware" for `middleware`.
 */
function titleMatch(query: AnalysedQuery, page: IndexedPage): number {
  if (query.totalWeight === 0 || page.titleLength === 0) return 0;
  let weight = 0;
  let matchedTitleTerms = 0;
  query.terms.forEach((term) => {
    let best = 0;
    for (const alternative of term.alternatives)
      if (alternative.weight > best && containsTerm(page.title, alternative.id)) best = alternative.weight;
    if (best > 0) matchedTitleTerms++;
    weight += term.weight * best;
  });
  return (weight / query.totalWeight) * Math.min(1, matchedTitleTerms / page.titleLength);
}

/** The tag filters as a test on a page's tags, or undefined when there are none. */
function tagPredicate(options: SearchOptions): ((tags: Set<string>) => boolean) | undefined {
  const include = options.includeTags?.map((tag) => tag.toLowerCase()) ?? [];
  const exclude = options.excludeTags?.map((tag) => tag.toLowerCase()) ?? [];
  if (include.length === 0 && exclude.length === 0) return undefined;
  return (tags) =>
    (include.length === 0 || include.some((tag) => tags.has(tag))) && !exclude.some((tag) => tags.has(tag));
}

/** The tag filters as an Orama where clause. */
function tagFilter(options: SearchOptions): Record<string, unknown> | undefined {
  const include = options.includeTags?.map((tag) => tag.toLowerCase()) ?? [];
  const exclude = options.excludeTags?.map((tag) => tag.toLowerCase()) ?? [];
  const conditions: Record<string, unknown>[] = [];
  if (include.length > 0) conditions.push({ tags: { containsAny: include } });
  if (exclude.length > 0) conditions.push({ not: { tags: { containsAny: exclude } } });
  if (conditions.length === 0) return undefined;
  return conditions.length === 1 ? conditions[0] : { and: conditions };
}

function cacheKey(query: string, options: SearchOptions): string {
  return JSON.stringify([
    query,
    options.limit,
    options.includeTags ?? [],
    options.excludeTags ?? [],
    options.minRelevance ?? 0,
    options.prefixLastTerm !== false,
  ]);
}

const round = (value: number): number => Math.round(value * 10000) / 10000;

/** The embedded default index. */
export function createOramaIndex(options?: OramaIndexOptions): SearchIndex {
  return new OramaSearchIndex(options);
}
