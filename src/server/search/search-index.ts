import type { DocumentSection, SourceDocument } from '../content/document.js';
import type { Language } from './languages.js';
import type { SynonymTable } from './synonyms.js';

/** Filters and limits of one search. */
export interface SearchOptions {
  /** Maximum number of hits. */
  limit: number;
  /** Only documents carrying one of these tags. */
  includeTags?: string[];
  /** No document carrying one of these tags. */
  excludeTags?: string[];
  /** Threshold on `SearchHit.relevance` (0–1); 0 keeps every match. */
  minRelevance?: number;
  /** Treat the last word as a prefix (as-you-type). Default true. */
  prefixLastTerm?: boolean;
  /** By the words alone, never embedding the query (a check of which words a passage holds). */
  wordsOnly?: boolean;
}

/** The tag filters as a test on a page's tags, or undefined when there are none. */
export function tagPredicate(options: SearchOptions): ((tags: Set<string>) => boolean) | undefined {
  const include = options.includeTags?.map((tag) => tag.toLowerCase()) ?? [];
  const exclude = options.excludeTags?.map((tag) => tag.toLowerCase()) ?? [];
  if (include.length === 0 && exclude.length === 0) return undefined;
  return (tags) =>
    (include.length === 0 || include.some((tag) => tags.has(tag))) && !exclude.some((tag) => tags.has(tag));
}

/** A document that matched, with a relevance normalised to 0–1 (documented in the README). */
export interface SearchHit {
  document: SourceDocument;
  relevance: number;
  /**
   * The section under a heading that matches the query better than the page's title does: where
   * a result links to (`link#anchor`). Absent when the page as a whole is what matched.
   */
  section?: DocumentSection;
  /**
   * Where the prose of `section` holds the query's words, for a result to show why it matched.
   * Absent when that is where the section starts, or when no paragraph of its prose holds any: a
   * result then shows its opening.
   */
  matchedProse?: MatchedProse;
}

/** A place in a section's prose that holds words of a query (see `SearchHit.matchedProse`). */
export interface MatchedProse {
  /**
   * Of the section's paragraphs of prose (`sectionProse`), the first of those holding most of
   * the query's words, by its place among the section's paragraphs (`at`).
   */
  paragraph: number;
  /**
   * Where in that paragraph's prose starts the sentence (see `nextSentenceStart`) holding its
   * first word of the query, when the paragraph is too long to show whole and that word comes
   * too far in to be shown from its start; else 0.
   */
  from: number;
}

/** A section that matched, for answering. */
export interface PassageHit {
  document: SourceDocument;
  section: DocumentSection;
  /** Relevance normalised to 0–1. */
  relevance: number;
  /**
   * The relevance of the passage's words alone (0–1), when `relevance` also holds what it means
   * (hybrid search): what the decision to answer weighs, since meaning finds passages but must
   * not make the service answer what the site doesn't cover. Absent when it is `relevance`.
   */
  lexicalRelevance?: number;
  /** Share (0–1) of the query's content terms that this passage contains. */
  coverage: number;
}

/**
 * The search index behind `/bot/search` and `/bot/askai`. Orama is the embedded default; an
 * external engine can implement this without touching a route.
 */
export interface SearchIndex {
  /**
   * Replaces the index's content with these documents: a list, or a stream of them (a content
   * folder being read, see `readContentFolder`), indexed as they come.
   */
  load(documents: Iterable<SourceDocument> | AsyncIterable<SourceDocument>): Promise<void>;
  /** Documents ranked by relevance, best first; no match is []. */
  search(query: string, options: SearchOptions): Promise<SearchHit[]>;
  /** Sections ranked by relevance, best first, for extractive answers. */
  searchPassages(query: string, options: SearchOptions): Promise<PassageHit[]>;
  /** Number of documents indexed. */
  readonly documentCount: number;
  /**
   * The language the index reads the site's text in (see languages.ts). Optional: the answerer
   * reads questions in it; without it, in English.
   */
  readonly language?: Language;
  /**
   * Word → the words search reads as standing for it (see synonyms.ts): the site's own with the
   * built-in list, or the list alone. Optional: the answerer weighs a question's words with
   * them; without it, with the built-in list.
   */
  readonly synonyms?: SynonymTable;
  /** True when the index answers a query. */
  healthy(): Promise<boolean>;
  /**
   * True when the word (after the index's normalisation: case, stemming) occurs anywhere in the
   * indexed content. Optional: the answerer uses it to tell a question about something the site
   * never mentions; without it, every word counts as known.
   */
  hasWord?(word: string): boolean;
  /**
   * The number of documents using the word, read as `hasWord` reads it (0 when none). Optional:
   * the answerer uses it to tell a name the site rarely uses, which an answer must then hold.
   */
  pagesWithWord?(word: string): number;
  /** True when this exact index term (already normalised: `x-api-key`, `cooki`) is indexed. */
  hasTerm?(term: string): boolean;
  /**
   * The index term search reads a word the site doesn't use as: a synonym the site uses
   * ("pudding" for `dessert`) or the correction of a typo ("pasword" for `password`); undefined
   * for a word the site uses, or one search has nothing for. Optional: the answerer judges the
   * word as the one search found for it.
   */
  standInFor?(word: string): StandIn | undefined;
}

/** The site's term that search reads a word as, and why. */
export interface StandIn {
  term: string;
  kind: 'synonym' | 'typo';
}
