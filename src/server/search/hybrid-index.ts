import { createHash } from 'node:crypto';
import { sectionPlainText } from '../content/code-spans.js';
import type { DocumentSection, SourceDocument } from '../content/document.js';
import { createConsoleLogger, type Logger } from '../logger.js';
import type { EmbeddingCache, EmbeddingSpace } from '../store/store.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import type { Language } from './languages.js';
import { LruCache } from './lru-cache.js';
import {
  tagPredicate,
  type MatchedProse,
  type PassageHit,
  type SearchHit,
  type SearchIndex,
  type SearchOptions,
  type StandIn,
} from './search-index.js';
import { TextAnalyser } from './text-analyser.js';
import type { SynonymTable } from './synonyms.js';

export interface HybridIndexOptions {
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /**
   * A query's embedding that takes longer is abandoned and the lexical results served: search
   * runs as the visitor types and must not wait on a slow provider. Default 1,000 ms.
   */
  queryTimeoutMs?: number;
  /** After a failed query embedding, queries skip the provider for this long. Default 30,000 ms. */
  retryAfterMs?: number;
  /** Query vectors kept for repeated queries. Default 1,000. */
  queryCacheSize?: number;
  /** β: how far semantic similarity alone can raise relevance (0–1). Default 0.6. */
  semanticWeight?: number;
  /** A semantic score (0–1) below this is no evidence: not a hit, no boost. Default 0.25. */
  minSemantic?: number;
  /** k of reciprocal rank fusion: larger flattens the advantage of the first ranks. Default 60. */
  rankConstant?: number;
  /** Lexical hits fetched per query for fusion (at least the requested limit). Default 50. */
  lexicalCandidates?: number;
  /** Characters of a document (title, description, headings, start of text) embedded. Default 2,000. */
  documentChars?: number;
  /** Characters of a section (page title, heading, text) embedded. Default 2,000. */
  sectionChars?: number;
  /**
   * Where the texts' vectors are kept across restarts (the service's database): a load sends the
   * provider only the texts it has no vector of, and deletes the vectors of texts gone.
   */
  cache?: EmbeddingCache;
}

const DEFAULTS = {
  queryTimeoutMs: 1000,
  retryAfterMs: 30_000,
  queryCacheSize: 1000,
  semanticWeight: 0.6,
  minSemantic: 0.25,
  rankConstant: 60,
  lexicalCandidates: 50,
  documentChars: 2000,
  sectionChars: 2000,
} as const;

/** How long a start whose vectors were all kept waits for the one text that checks their length. */
const LENGTH_CHECK_MS = 5000;

/** Texts per call to the provider at load: each call's vectors are kept before the next is made. */
const EMBED_CHUNK = 1024;

/** The key of a text's vector: the SHA-256 of the exact text embedded, in hex. */
const textHash = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Unit vectors of one kind of item (documents or sections), row after row in one flat array. */
interface VectorTable {
  /** count × dimensions, each row of length 1. */
  vectors: Float32Array;
  count: number;
  dimensions: number;
  /**
   * The cosine two unrelated items of this corpus typically have: embedding spaces are
   * anisotropic (with most models no two texts score near 0), so similarity is measured above it.
   */
  baseline: number;
}

interface EmbeddedSection {
  document: number;
  section: DocumentSection;
}

/** What `load` built: the corpus as embedded, and where to find a lexical hit in it. */
interface VectorCorpus {
  documents: SourceDocument[];
  documentTags: Set<string>[];
  documentVectors: VectorTable;
  sections: EmbeddedSection[];
  sectionVectors: VectorTable;
  /** First section of each document, then one past its last: a document's sections are contiguous. */
  sectionRanges: Uint32Array;
  documentById: Map<string, number>;
  sectionByObject: Map<DocumentSection, number>;
  sectionByKey: Map<string, number>;
  /** The vector of each text embedded, by its hash: what the next load need not embed again. */
  vectorByHash: Map<string, Float32Array>;
}

/** The vectors of a load's distinct texts, and how many came from where. */
interface EmbeddedTexts {
  vectors: Float32Array[];
  hashes: string[];
  /** Texts sent to the provider. */
  sent: number;
  /** Texts whose vectors were read from the cache. */
  stored: number;
}

/** An item's semantic score (0–1) and its rank among the vector hits (0 when not one). */
interface SemanticScores {
  score: Float32Array;
  rank: Uint32Array;
}

const sectionKey = (documentId: string, section: DocumentSection): string =>
  `${documentId}\u0000${section.level}\u0000${section.anchor}\u0000${section.heading}`;

/**
 * The sections a document is searched by: those with text or, for a page that has none, one made
 * of its title and description (as the lexical index does, so that their hits line up).
 */
function searchableSections(document: SourceDocument): DocumentSection[] {
  const withText = document.sections.filter((section) => section.text !== '');
  return withText.length > 0
    ? withText
    : [{ heading: document.title, anchor: '', level: 0, text: document.description }];
}

function truncate(text: string, chars: number): string {
  return text.length <= chars ? text : text.slice(0, chars);
}

function documentText(document: SourceDocument, chars: number): string {
  const headings = document.sections
    .filter((section) => section.level > 1 && section.heading !== '')
    .map((section) => section.heading);
  return truncate(
    [document.title, document.description, headings.join('\n'), document.text]
      .filter((part) => part !== '')
      .join('\n\n'),
    chars,
  );
}

function sectionText(document: SourceDocument, section: DocumentSection, chars: number): string {
  // The page title gives a section the context its heading assumes ("Options" of what?).
  const heading =
    section.heading && section.heading !== document.title
      ? `${document.title} › ${section.heading}`
      : document.title;
  return truncate(`${heading}\n\n${sectionPlainText(section)}`, chars);
}

/** The vector scaled to length 1, or undefined for a zero vector (nothing to compare). */
/**
 * Writes `vector` scaled to length 1 into `target` from `offset`; false, writing nothing, for a
 * vector of zeros.
 */
function writeUnit(vector: Float32Array, target: Float32Array, offset: number): boolean {
  let norm = 0;
  for (const value of vector) norm += value * value;
  if (norm === 0) return false;
  const scale = 1 / Math.sqrt(norm);
  for (let d = 0; d < vector.length; d++) target[offset + d] = (vector[d] as number) * scale;
  return true;
}

function unit(vector: Float32Array): Float32Array | undefined {
  const scaled = new Float32Array(vector.length);
  return writeUnit(vector, scaled, 0) ? scaled : undefined;
}

function vectorTable(vectors: Float32Array[]): VectorTable {
  const dimensions = vectors[0]?.length ?? 0;
  const flat = new Float32Array(vectors.length * dimensions);
  const centroid = new Float64Array(dimensions);
  vectors.forEach((vector, row) => {
    if (vector.length !== dimensions) throw new Error('the embeddings have different lengths');
    // Scaled straight into the table: no copy of each vector to collect (86,000 of 6 KB at 10,000 pages).
    const offset = row * dimensions;
    if (!writeUnit(vector, flat, offset)) return; // left as zeros: it scores 0 against every query
    for (let d = 0; d < dimensions; d++) centroid[d] = (centroid[d] as number) + (flat[offset + d] as number);
  });
  // The mean cosine over all pairs of distinct rows: Σᵢⱼ vᵢ·vⱼ = |Σ vᵢ|², less the n self-pairs.
  const n = vectors.length;
  let sumSquared = 0;
  for (const value of centroid) sumSquared += value * value;
  const baseline = n > 1 ? Math.min(0.9, Math.max(0, (sumSquared - n) / (n * n - n))) : 0;
  return { vectors: flat, count: n, dimensions, baseline };
}

/** Cosine of the unit query with every row of the table. */
function cosines(table: VectorTable, query: Float32Array): Float32Array {
  const { vectors, count, dimensions } = table;
  const out = new Float32Array(count);
  for (let row = 0, offset = 0; row < count; row++, offset += dimensions) {
    let dot = 0;
    for (let d = 0; d < dimensions; d++) dot += (vectors[offset + d] as number) * (query[d] as number);
    out[row] = dot;
  }
  return out;
}

/** Similarity above the corpus's baseline, stretched to 0–1 (1 only for the same direction). */
function semanticScore(cosine: number, baseline: number): number {
  return Math.min(1, Math.max(0, (cosine - baseline) / (1 - baseline)));
}

const round = (value: number): number => Math.round(value * 10000) / 10000;

/** Why a call failed, for one log line. */
const reasonOf = (error: unknown): string =>
  error instanceof Error
    ? error.name === 'TimeoutError'
      ? 'it did not answer in time'
      : error.message
    : String(error);

/**
 * Hybrid search: a lexical index (Orama by default) composed with vector similarity from an
 * embeddings endpoint. Every document and every section is embedded at `load`; a query is
 * embedded once (then cached) and compared with all of them by cosine, and the two rankings are
 * fused:
 *
 * - **semantic score** s = max(0, (cos − b) / (1 − b)), where b is the corpus's mean cosine
 *   between two of its items (what "unrelated" scores with this model); a page takes the best of
 *   its own vector and its sections'. Below `minSemantic` (0.25) s counts as 0, so a query the
 *   site knows nothing about still finds nothing.
 * - **relevance** (0–1) = 1 − (1 − lexical) × (1 − β·s), β = 0.6: semantic evidence can only add
 *   to what the words show, and a match on meaning alone reaches at most 0.6, never the near-exact
 *   scores that a `score` threshold of 0.9 keeps.
 * - **order**: reciprocal rank fusion, 1/(k + lexical rank) + 1/(k + vector rank), k = 60 (a list
 *   an item is not in adds nothing), ties broken by relevance. Rank fusion keeps the lexical
 *   index's own tie-breaking (title, BM25) where the vectors agree, whatever scale each uses.
 *
 * `coverage` of a passage is the lexical index's; for a passage found only by its meaning it is
 * the share of the query's terms it contains. Tag filters apply to vector hits as to lexical ones.
 *
 * A text is embedded once: a load takes the vectors of the texts the index already holds (a
 * re-index after an edit), then those kept in `cache` (the service's database, across restarts,
 * found by model, dimensions and the SHA-256 of the exact text), and sends the provider only the
 * rest; the cache then keeps only this load's texts.
 *
 * Nothing here makes search depend on the provider: if embedding the corpus fails the index is
 * lexical only; if a query's embedding fails or takes longer than `queryTimeoutMs`, that query
 * (and those of the next `retryAfterMs`) gets the lexical results, and the failure is logged
 * once until the provider answers again.
 */
export class HybridSearchIndex implements SearchIndex {
  readonly #lexical: SearchIndex;
  readonly #provider: EmbeddingProvider;
  readonly #options: Required<Omit<HybridIndexOptions, 'logger' | 'cache'>>;
  readonly #cache: EmbeddingCache | undefined;
  readonly #logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  #analyser = new TextAnalyser();
  readonly #queryVectors: LruCache<string, Float32Array>;
  /** Embeddings under way, so that the page and passage searches of one question share one call. */
  readonly #pending = new Map<string, Promise<Float32Array | undefined>>();
  #corpus: VectorCorpus | undefined;
  #loads = 0;
  /** Until when (ms since epoch) queries skip a provider that just failed. */
  #pausedUntil = 0;
  #failing = false;

  constructor(lexical: SearchIndex, provider: EmbeddingProvider, options: HybridIndexOptions = {}) {
    this.#lexical = lexical;
    this.#provider = provider;
    const { logger, cache, ...rest } = options;
    this.#options = { ...DEFAULTS, ...withoutUndefined(rest) };
    this.#cache = cache;
    this.#logger = logger ?? createConsoleLogger();
    this.#queryVectors = new LruCache(this.#options.queryCacheSize);
  }

  /** The embeddings endpoint (its model and credential-free URL may be logged). */
  get provider(): EmbeddingProvider {
    return this.#provider;
  }

  get language(): Language | undefined {
    return this.#lexical.language;
  }

  get synonyms(): SynonymTable | undefined {
    return this.#lexical.synonyms;
  }

  get documentCount(): number {
    return this.#lexical.documentCount;
  }

  /** True when the corpus is embedded: queries are answered by both rankings. */
  get vectorsReady(): boolean {
    return this.#corpus !== undefined;
  }

  healthy(): Promise<boolean> {
    // The lexical index alone answers every query, so a provider outage is not ill health.
    return this.#lexical.healthy();
  }

  hasWord(word: string): boolean {
    return this.#lexical.hasWord ? this.#lexical.hasWord(word) : true;
  }

  hasTerm(term: string): boolean {
    return this.#lexical.hasTerm ? this.#lexical.hasTerm(term) : true;
  }

  standInFor(word: string): StandIn | undefined {
    return this.#lexical.standInFor?.(word);
  }

  pagesWithWord(word: string): number {
    return this.#lexical.pagesWithWord ? this.#lexical.pagesWithWord(word) : Infinity;
  }

  async load(source: Iterable<SourceDocument> | AsyncIterable<SourceDocument>): Promise<void> {
    const load = ++this.#loads;
    // Every document is embedded: the stream is read to the end first.
    const documents: SourceDocument[] = [];
    for await (const document of source) documents.push(document);
    // The lexical index builds (CPU) while the provider embeds (network).
    const embedding = this.#embedCorpus(documents).catch((error: unknown) => ({ error }));
    await this.#lexical.load(documents);
    const outcome = await embedding;
    if (load !== this.#loads) return; // a later load replaced this one
    this.#analyser = this.#analyser.in(this.#lexical.language);
    if ('error' in outcome) {
      this.#corpus = undefined;
      this.#logger.error(
        `Embedding the documents with ${this.#provider.model} at ${this.#provider.endpoint} failed; search is lexical only`,
        outcome.error,
      );
      return;
    }
    this.#corpus = outcome.corpus;
    const { sent, stored, hashes } = outcome.embedded;
    const kept = stored > 0 ? `, ${stored} read from the database` : '';
    this.#logger.info(
      `Embedded ${hashes.length} texts with ${this.#provider.model}: ${sent} sent to ${this.#provider.endpoint}${kept}`,
    );
    await this.#prune(new Set(hashes));
  }

  /** The space this provider's vectors are in. */
  get #space(): EmbeddingSpace {
    return { model: this.#provider.model, dimensions: this.#provider.dimensions ?? 0 };
  }

  /** Deletes the kept vectors of texts no longer embedded (the site's, or another model's). */
  async #prune(hashes: Set<string>): Promise<void> {
    if (!this.#cache) return;
    try {
      await this.#cache.keepOnly(this.#space, hashes);
    } catch (error) {
      this.#logger.warn(
        `Could not delete the embeddings no longer used from the database: ${reasonOf(error)}`,
      );
    }
  }

  /**
   * The vectors of these distinct texts: those of the index as it stands (a re-index after an
   * edit), else those kept in the cache, else the provider's, each call's kept as it comes (a
   * start that fails half-way has paid for half the texts once). A provider that the cache
   * disagrees with on the vectors' length (another model behind the same name) embeds them all;
   * when the cache holds every text, one of them is embedded again to find out.
   */
  async #embedTexts(texts: string[]): Promise<EmbeddedTexts> {
    const hashes = texts.map(textHash);
    const previous = this.#corpus?.vectorByHash;
    const vectors = hashes.map((hash) => previous?.get(hash));
    let stored = 0;
    if (this.#cache && vectors.includes(undefined)) {
      try {
        const found = await this.#cache.vectors(
          this.#space,
          hashes.filter((_, at) => vectors[at] === undefined),
        );
        hashes.forEach((hash, at) => {
          const vector = vectors[at] ?? found.get(hash);
          if (vector && !vectors[at]) stored++;
          vectors[at] = vector;
        });
      } catch (error) {
        this.#logger.warn(
          `Could not read the embeddings kept in the database (${reasonOf(error)}): embedding every text`,
        );
      }
    }
    const reused = vectors.flatMap((vector, at) => (vector ? [at] : []));
    let sent = await this.#embedMissing(texts, hashes, vectors);
    if (sent === 0 && stored > 0) {
      // Every vector was kept: nothing fresh tells their length is still the provider's, so the
      // shortest text is embedded again (one call at a start). Else a model of another length
      // behind the same name left every query unmatched, restart after restart.
      const at = reused.reduce((shortest, next) =>
        (texts[next] as string).length < (texts[shortest] as string).length ? next : shortest,
      );
      // A provider that does not answer holds the start 5 s at most (a local one may be loading
      // its model), not its whole timeout.
      const signal = AbortSignal.timeout(Math.max(this.#options.queryTimeoutMs, LENGTH_CHECK_MS));
      try {
        const [fresh] = await this.#provider.embed([texts[at] as string], signal);
        if (fresh && fresh.length !== vectors[at]?.length) vectors[at] = fresh;
      } catch {
        // The kept vectors serve; the queries report the provider's outage.
      }
    }
    if (new Set(vectors.map((vector) => vector?.length)).size > 1) {
      for (const at of reused) vectors[at] = undefined;
      stored = 0;
      sent += await this.#embedMissing(texts, hashes, vectors);
    }
    return { vectors: vectors as Float32Array[], hashes, sent, stored };
  }

  /** Embeds the texts without a vector, in calls of `EMBED_CHUNK`, kept in the cache as they come. */
  async #embedMissing(
    texts: string[],
    hashes: string[],
    vectors: (Float32Array | undefined)[],
  ): Promise<number> {
    const missing = vectors.flatMap((vector, at) => (vector ? [] : [at]));
    for (let start = 0; start < missing.length; start += EMBED_CHUNK) {
      const chunk = missing.slice(start, start + EMBED_CHUNK);
      const fresh = await this.#provider.embed(chunk.map((at) => texts[at] as string));
      if (fresh.length !== chunk.length)
        throw new Error(`the provider returned ${fresh.length} embeddings for ${chunk.length} texts`);
      const kept = new Map<string, Float32Array>();
      chunk.forEach((at, position) => {
        vectors[at] = fresh[position] as Float32Array;
        kept.set(hashes[at] as string, fresh[position] as Float32Array);
      });
      try {
        await this.#cache?.keep(this.#space, kept);
      } catch (error) {
        this.#logger.warn(`Could not keep the new embeddings in the database: ${reasonOf(error)}`);
      }
    }
    return missing.length;
  }

  async search(query: string, options: SearchOptions): Promise<SearchHit[]> {
    const corpus = this.#corpus;
    if (!corpus) return this.#lexical.search(query, options);
    const [lexicalHits, queryVector] = await Promise.all([
      this.#lexical.search(query, this.#candidateOptions(options)),
      this.#queryVector(query, corpus.documentVectors.dimensions),
    ]);
    if (!queryVector) return this.#lexicalOnly(lexicalHits, options);

    const allowed = tagPredicate(options);
    const documentScores = this.#documentScores(corpus, queryVector, allowed);
    const fused = new Map<
      number,
      {
        document: SourceDocument;
        section?: DocumentSection;
        matchedProse?: MatchedProse;
        lexical: number;
        lexicalRank: number;
      }
    >();
    lexicalHits.forEach((hit, position) => {
      const at = corpus.documentById.get(hit.document.id);
      // A document the vectors don't know (none, unless the two loads differ) keeps its lexical score.
      fused.set(at ?? -1 - position, {
        document: hit.document,
        section: hit.section,
        matchedProse: hit.matchedProse,
        lexical: hit.relevance,
        lexicalRank: position + 1,
      });
    });
    for (let at = 0; at < corpus.documents.length; at++)
      if ((documentScores.rank[at] as number) > 0 && !fused.has(at))
        fused.set(at, { document: corpus.documents[at] as SourceDocument, lexical: 0, lexicalRank: 0 });

    const ranked = [...fused].map(([at, hit]) => {
      const semantic = at >= 0 ? (documentScores.score[at] as number) : 0;
      const vectorRank = at >= 0 ? (documentScores.rank[at] as number) : 0;
      return {
        document: hit.document,
        section: hit.section,
        matchedProse: hit.matchedProse,
        relevance: this.#relevance(hit.lexical, semantic),
        fusion: this.#fusion(hit.lexicalRank, vectorRank),
      };
    });
    // The section a page's words found; a page found by its meaning alone links to the page.
    return this.#top(ranked, options).map(({ document, section, matchedProse, relevance }) =>
      section === undefined
        ? { document, relevance }
        : matchedProse === undefined
          ? { document, relevance, section }
          : { document, relevance, section, matchedProse },
    );
  }

  async searchPassages(query: string, options: SearchOptions): Promise<PassageHit[]> {
    const corpus = this.#corpus;
    if (!corpus || options.wordsOnly) return this.#lexical.searchPassages(query, options);
    const [lexicalHits, queryVector] = await Promise.all([
      this.#lexical.searchPassages(query, this.#candidateOptions(options)),
      this.#queryVector(query, corpus.sectionVectors.dimensions),
    ]);
    if (!queryVector) return this.#lexicalOnly(lexicalHits, options);

    const allowed = tagPredicate(options);
    const sectionScores = this.#rankedScores(
      corpus.sectionVectors,
      queryVector,
      allowed &&
        ((at) =>
          allowed(corpus.documentTags[(corpus.sections[at] as EmbeddedSection).document] as Set<string>)),
    );
    const ranked: (PassageHit & { fusion: number })[] = [];
    const seen = new Set<number>();
    lexicalHits.forEach((hit, position) => {
      const at = this.#sectionOf(corpus, hit);
      // A long section is several lexical passages; each is judged by the section's vector.
      if (at !== undefined) seen.add(at);
      const semantic = at === undefined ? 0 : (sectionScores.score[at] as number);
      const vectorRank = at === undefined ? 0 : (sectionScores.rank[at] as number);
      ranked.push({
        ...hit,
        relevance: this.#relevance(hit.relevance, semantic),
        lexicalRelevance: hit.relevance,
        fusion: this.#fusion(position + 1, vectorRank),
      });
    });
    const queryTerms = new Set(this.#analyser.terms(query));
    for (let at = 0; at < corpus.sections.length; at++) {
      const vectorRank = sectionScores.rank[at] as number;
      if (vectorRank === 0 || seen.has(at)) continue;
      const { document, section } = corpus.sections[at] as EmbeddedSection;
      ranked.push({
        document: corpus.documents[document] as SourceDocument,
        section,
        relevance: this.#relevance(0, sectionScores.score[at] as number),
        lexicalRelevance: 0,
        coverage: this.#coverage(queryTerms, corpus.documents[document] as SourceDocument, section),
        fusion: this.#fusion(0, vectorRank),
      });
    }
    return this.#top(ranked, options).map(({ fusion: _fusion, ...hit }) => hit);
  }

  /** The lexical options for fusion: more candidates, and no threshold until relevance is fused. */
  #candidateOptions(options: SearchOptions): SearchOptions {
    return { ...options, limit: Math.max(options.limit, this.#options.lexicalCandidates), minRelevance: 0 };
  }

  /** The lexical hits as the lexical index would have answered the original options. */
  #lexicalOnly<T extends { relevance: number }>(hits: T[], options: SearchOptions): T[] {
    const minRelevance = options.minRelevance ?? 0;
    return hits.filter((hit) => hit.relevance >= minRelevance).slice(0, options.limit);
  }

  #relevance(lexical: number, semantic: number): number {
    return round(1 - (1 - lexical) * (1 - this.#options.semanticWeight * semantic));
  }

  #fusion(lexicalRank: number, vectorRank: number): number {
    const k = this.#options.rankConstant;
    return (lexicalRank > 0 ? 1 / (k + lexicalRank) : 0) + (vectorRank > 0 ? 1 / (k + vectorRank) : 0);
  }

  #top<T extends { relevance: number; fusion: number }>(hits: T[], options: SearchOptions): T[] {
    const minRelevance = options.minRelevance ?? 0;
    return hits
      .filter((hit) => hit.relevance > 0 && hit.relevance >= minRelevance)
      .sort((a, b) => b.fusion - a.fusion || b.relevance - a.relevance)
      .slice(0, options.limit);
  }

  /**
   * Semantic scores of the rows of a table, with their rank among the rows that count as vector
   * hits (score at least `minSemantic`, allowed by the tag filters); rank 0 for the others.
   */
  #rankedScores(table: VectorTable, query: Float32Array, allowed?: (row: number) => boolean): SemanticScores {
    const score = cosines(table, query).map((cosine) => {
      const value = semanticScore(cosine, table.baseline);
      return value >= this.#options.minSemantic ? value : 0;
    });
    return { score, rank: ranksOf(score, allowed) };
  }

  /** A document's semantic score: the best of its own vector and its sections'. */
  #documentScores(
    corpus: VectorCorpus,
    query: Float32Array,
    allowed?: (tags: Set<string>) => boolean,
  ): SemanticScores {
    const own = this.#rankedScores(corpus.documentVectors, query).score;
    const sections = this.#rankedScores(corpus.sectionVectors, query).score;
    const score = own.map((value, at) => {
      let best = value;
      const first = corpus.sectionRanges[at] as number;
      const end = corpus.sectionRanges[at + 1] as number;
      for (let section = first; section < end; section++) best = Math.max(best, sections[section] as number);
      return best;
    });
    return {
      score,
      rank: ranksOf(score, allowed && ((at) => allowed(corpus.documentTags[at] as Set<string>))),
    };
  }

  #sectionOf(corpus: VectorCorpus, hit: PassageHit): number | undefined {
    return (
      corpus.sectionByObject.get(hit.section) ??
      corpus.sectionByKey.get(sectionKey(hit.document.id, hit.section))
    );
  }

  /** The share of the query's terms a passage found by meaning contains (its title and heading included). */
  #coverage(queryTerms: Set<string>, document: SourceDocument, section: DocumentSection): number {
    if (queryTerms.size === 0) return 0;
    const present = new Set(
      this.#analyser.terms(`${document.title} ${section.heading} ${sectionPlainText(section)}`),
    );
    let covered = 0;
    for (const term of queryTerms) if (present.has(term)) covered++;
    return round(covered / queryTerms.size);
  }

  /** The unit vector of a query, or undefined when the provider can't give one in time. */
  async #queryVector(query: string, dimensions: number): Promise<Float32Array | undefined> {
    const text = query.trim().replace(/\s+/g, ' ');
    if (text === '') return undefined;
    const cached = this.#queryVectors.get(text);
    if (cached) return cached;
    if (Date.now() < this.#pausedUntil) return undefined;
    let pending = this.#pending.get(text);
    if (!pending) {
      pending = this.#embedQuery(text, dimensions).finally(() => this.#pending.delete(text));
      this.#pending.set(text, pending);
    }
    return pending;
  }

  async #embedQuery(text: string, dimensions: number): Promise<Float32Array | undefined> {
    try {
      const [vector] = await this.#provider.embed([text], AbortSignal.timeout(this.#options.queryTimeoutMs));
      if (!vector || vector.length !== dimensions)
        throw new Error(
          `the query's embedding has ${vector?.length ?? 0} dimensions, the documents' ${dimensions}`,
        );
      const normalised = unit(vector);
      if (!normalised) throw new Error("the query's embedding is a zero vector");
      this.#queryVectors.set(text, normalised);
      if (this.#failing) {
        this.#failing = false;
        this.#logger.info(
          `Embeddings endpoint ${this.#provider.endpoint} answers again: hybrid search resumed`,
        );
      }
      return normalised;
    } catch (error) {
      this.#pausedUntil = Date.now() + this.#options.retryAfterMs;
      // One line per outage, not one per keystroke.
      if (!this.#failing) {
        this.#failing = true;
        this.#logger.warn(
          `Embedding a query with ${this.#provider.model} at ${this.#provider.endpoint} failed (${reasonOf(error)}); serving lexical results, retrying after ${this.#options.retryAfterMs} ms`,
        );
      }
      return undefined;
    }
  }

  async #embedCorpus(
    documents: SourceDocument[],
  ): Promise<{ corpus: VectorCorpus; embedded: EmbeddedTexts }> {
    const { documentChars, sectionChars } = this.#options;
    const sections: EmbeddedSection[] = [];
    const sectionRanges = new Uint32Array(documents.length + 1);
    const sectionByObject = new Map<DocumentSection, number>();
    const sectionByKey = new Map<string, number>();
    documents.forEach((document, at) => {
      sectionRanges[at] = sections.length;
      for (const section of searchableSections(document)) {
        sectionByObject.set(section, sections.length);
        const key = sectionKey(document.id, section);
        if (!sectionByKey.has(key)) sectionByKey.set(key, sections.length);
        sections.push({ document: at, section });
      }
    });
    sectionRanges[documents.length] = sections.length;

    // Identical texts (a page served twice, boilerplate sections) are embedded once.
    const texts = [
      ...documents.map((document) => documentText(document, documentChars)),
      ...sections.map(({ document, section }) =>
        sectionText(documents[document] as SourceDocument, section, sectionChars),
      ),
    ];
    const distinct = [...new Set(texts)];
    const embedded = await this.#embedTexts(distinct);
    const byText = new Map(distinct.map((text, at) => [text, embedded.vectors[at] as Float32Array]));
    const vectorOf = (text: string): Float32Array => byText.get(text) as Float32Array;
    const documentVectors = vectorTable(texts.slice(0, documents.length).map(vectorOf));
    const sectionVectors = vectorTable(texts.slice(documents.length).map(vectorOf));

    // The next load's vectors of the texts it shares with this one: rows of the tables (views, no copies).
    const hashOf = new Map(distinct.map((text, at) => [text, embedded.hashes[at] as string]));
    const vectorByHash = new Map<string, Float32Array>();
    texts.forEach((text, at) => {
      const [table, row] =
        at < documents.length ? [documentVectors, at] : [sectionVectors, at - documents.length];
      const offset = row * table.dimensions;
      vectorByHash.set(hashOf.get(text) as string, table.vectors.subarray(offset, offset + table.dimensions));
    });

    const corpus: VectorCorpus = {
      documents,
      documentTags: documents.map((document) => new Set(document.tags.map((tag) => tag.toLowerCase()))),
      documentVectors,
      sections,
      sectionVectors,
      sectionRanges,
      documentById: new Map(documents.map((document, at) => [document.id, at])),
      sectionByObject,
      sectionByKey,
      vectorByHash,
    };
    return { corpus, embedded };
  }
}

/** 1-based rank of each positive, allowed score, best first; 0 for the others. */
function ranksOf(score: Float32Array, allowed?: (row: number) => boolean): Uint32Array {
  const rows: number[] = [];
  score.forEach((value, row) => {
    if (value > 0 && (!allowed || allowed(row))) rows.push(row);
  });
  rows.sort((a, b) => (score[b] as number) - (score[a] as number));
  const rank = new Uint32Array(score.length);
  rows.forEach((row, position) => {
    rank[row] = position + 1;
  });
  return rank;
}

function withoutUndefined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The lexical index with vector similarity fused in (see `HybridSearchIndex`). */
export function createHybridIndex(
  lexical: SearchIndex,
  provider: EmbeddingProvider,
  options?: HybridIndexOptions,
): HybridSearchIndex {
  return new HybridSearchIndex(lexical, provider, options);
}
