import { create, insertMultiple, search as oramaSearch, type Orama, type Tokenizer } from '@orama/orama';
import { warmUpLanguageModel } from '../answer/language-model.js';
import { sectionPlainText } from '../content/code-spans.js';
import { listsOtherPages, type DocumentSection, type SourceDocument } from '../content/document.js';
import { EXCERPT_MAX_CHARS, nextSentenceStart, paragraphProse } from '../content/summary.js';
import { MessagePages, messageTemplates } from './error-messages.js';
import { inboundLinkCounts, linkMentions, linkResolver } from './link-graph.js';
import { IdArena } from './id-arena.js';
import { LruCache } from './lru-cache.js';
import { EVIDENCE, EVIDENCE_STRIDE, PagePostings, type PageFieldTerms } from './page-postings.js';
import {
  coverageOf,
  firstMatchAt,
  matchEvidence,
  nameCoverage,
  relevanceOf,
  type MatchEvidence,
} from './passage-scoring.js';
import { PassageCoverageScorer, passageTermsOf, sortedDistinct, type PassageTerms } from './passage-terms.js';
import { QueryAnalyser, type AnalysedQuery, type QueryTerm } from './query-analysis.js';
import {
  tagPredicate,
  type MatchedProse,
  type PassageHit,
  type SearchHit,
  type SearchIndex,
  type SearchOptions,
  type StandIn,
} from './search-index.js';
import { operatorNames, TextAnalyser } from './text-analyser.js';
import {
  detectLanguage,
  ENGLISH,
  type Language,
  LANGUAGE_CODES,
  languageCode,
  loadLanguage,
} from './languages.js';
import { TermIdList, TokenTerms } from './token-terms.js';
import { firstNotBefore, keepBest, Vocabulary } from './vocabulary.js';

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
}

/** A passage as indexed: a section (or a part of a long one) and its terms. */
interface IndexedPassage {
  page: number;
  section: DocumentSection;
  /** Heading terms then text terms, in order. */
  terms: Uint32Array;
  /**
   * Its text's paragraphs (split at blank lines): how many, and where the first's entry is in
   * the index's `#paragraphStarts` and `#proseLengths` (see `#matchedProse`).
   */
  paragraphCount: number;
  firstParagraph: number;
  distinct: Uint32Array;
  heading: Uint32Array;
  /** The terms its section is named by, when its heading is one name in code (`## status()`). */
  named?: Uint32Array;
}

interface IndexedPage {
  document: SourceDocument;
  /** Its name: the terms of its title and of its link's last segment. */
  name: Uint32Array;
  /** Description and headings. */
  summary: Uint32Array;
  passages: number[];
  /** Its passages by term: which hold each term, and in their heading or not. */
  passageTerms: PassageTerms;
  /** Its mentions by term, each paragraph apart (see `linkMentions`); undefined when none. */
  mentions?: { terms: PassageTerms; count: number };
  tags: Set<string>;
  /** The words of its title and slug as written, lower-cased, each between spaces. */
  nameWords: string;
  /** Its title as `titleKey` writes it: a query that is its title names it. */
  titleWords: string;
}

/**
 * Terms are stored in Orama as the analyser made them, each with a trailing `.` (a term never
 * ends with one), so that Orama's prefix matching, always on, can't stretch `set.` into
 * `settings`: prefixes are expanded by the query analyser, where they can be limited and weighted.
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

const PAGE_SCHEMA = { title: 'string', tags: 'enum[]' } as const;
type PageDb = Orama<typeof PAGE_SCHEMA>;

/** Sections longer than this many words are indexed as several passages, split at paragraphs. */
const PASSAGE_MAX_WORDS = 350;

const NO_TERMS = new Uint32Array(0);

const NO_PASSAGE_TERMS: PassageTerms = {
  terms: new Uint32Array(0),
  offsets: new Uint32Array(1),
  entries: new Uint32Array(0),
};

/**
 * Whether `passagesOf` cuts a section of this plain text into several passages: the test of its
 * loop, over the parts `split('\n\n')` gives, each counted where it stands in the text. Only 2%
 * of MDN's sections are cut; splitting the others' paragraphs out of their text (and out of the
 * section's) only to count their words was a twentieth of what indexing allocated.
 */
function isCut(plainText: string): boolean {
  let words = 0;
  for (let start = 0; ;) {
    const separator = plainText.indexOf('\n\n', start);
    const end = separator < 0 ? plainText.length : separator;
    const count = wordCount(plainText, start, end);
    if (words > 0 && words + count > PASSAGE_MAX_WORDS) return true;
    words += count;
    if (separator < 0) return false;
    start = separator + 2;
  }
}

/**
 * The number of parts `text.slice(start, end).split(/\s+/)` gives, counted without making them:
 * one more than its runs of white space, told by character code rather than by a pattern, which
 * took twice as long over every paragraph of a large site.
 */
function wordCount(text: string, start = 0, end = text.length): number {
  let count = 1;
  let inSpace = false;
  for (let i = start; i < end; i++) {
    const space = isWhiteSpace(text.charCodeAt(i));
    if (space && !inSpace) count++;
    inSpace = space;
  }
  return count;
}

/** Whether a UTF-16 code unit is one that `\s` matches: ECMAScript's white space and line terminators. */
function isWhiteSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** A passage of a section, and its text as the index reads it (see `sectionPlainText`). */
interface SectionPart {
  section: DocumentSection;
  plainText: string;
}

/**
 * A title that is one code-like name, `let` or `for...of` (not a single letter: SVG's `x`),
 * lower-cased; else undefined.
 */
function keywordName(title: string): string | undefined {
  const written = title.trim().toLowerCase();
  return /^[a-z]{2,}(?:\.\.\.[a-z]{2,})?$/.test(written) ? written : undefined;
}

/**
 * Splits a long section at paragraph boundaries into passages of at most ~PASSAGE_MAX_WORDS
 * words. The plain text is made once for the whole section: its paragraphs are the section's,
 * one for one (a code span never spans a blank line).
 */
function passagesOf(section: DocumentSection): SectionPart[] {
  const plainText = sectionPlainText(section);
  if (!isCut(plainText)) return [{ section, plainText }];
  const paragraphs = section.text.split('\n\n');
  const plainParagraphs = plainText === section.text ? paragraphs : plainText.split('\n\n');
  const parts: SectionPart[] = [];
  let first = 0;
  let words = 0;
  const cut = (end: number): void => {
    const text = paragraphs.slice(first, end).join('\n\n');
    const part = { ...section, text };
    parts.push({
      section: section.code ? { ...part, code: section.code.filter((block) => text.includes(block)) } : part,
      plainText: plainParagraphs.slice(first, end).join('\n\n'),
    });
    first = end;
    words = 0;
  };
  plainParagraphs.forEach((paragraph, i) => {
    const count = wordCount(paragraph);
    if (words > 0 && words + count > PASSAGE_MAX_WORDS) cut(i);
    words += count;
  });
  if (parts.length === 0) return [{ section, plainText }];
  cut(paragraphs.length);
  return parts;
}

/**
 * A page's rank for a query, from what one pass over the page postings gathers: BM25F (fields
 * weighted: name, headings, description, body), the share of the query the page covers
 * anywhere, in its name, and in its outline (name, headings, description), and how much of its
 * name was asked for, and, for a question, the share of it in what other pages say where they
 * link to the page (its mentions: visitors' words for it, more often than its own) and the
 * share naming one of its sections (see SECTION_NAMING_PAGES). Tuned on
 * half of bench/questions, checked on the other half (exported, and mutable, so that a tuning
 * script can vary the weights without rebuilding the index).
 */
export const PAGE_RANK = {
  bm25: 0.35,
  coverage: 0.1,
  name: 0.25,
  slug: 0.1,
  outline: 0.15,
  description: 0.25,
  links: 0.3,
  /**
   * The site's links in a question's rank. Typing a name, the page the site sends its readers to
   * is the likeliest meant (`arr` on the way to *Array*); a question's words are the evidence,
   * and a hub linked from everywhere (*Array*, `<p>`) would otherwise outrank the page that
   * answers ("get the last item of an array": *Array.prototype.at()*).
   */
  questionLinks: 0.1,
  mentions: 0.15,
  sectionName: 0.3,
  /**
   * A typed search of two terms or more that a page's name holds whole: the visitor typed what
   * the page is called, and a page that holds one of the words in its name and the other in its
   * text (the interface of a member, `HTMLDialogElement` for `htmldialogelement open`) is a
   * step away from it. Counts by the fourth power of the share of the query the name holds, times
   * the share of the name asked, so a name holding most of the query gains little.
   */
  nameHoldsQuery: 0.3,
  /**
   * A typed search's stop words that a page's name holds (see `NAME_STOP_WORD_PAGES`), by their
   * share of the words typed: "not pseudo-class" asks for `:not()`, "all css property" for `all`,
   * "too many requests" for *429 Too Many Requests*; none of those words is a term. At 0.3 or 0.6
   * those pages stayed under the ones the site links to more (*color*, *:hover*).
   */
  nameStopWords: 1,
};
/**
 * A stop word in the names of at most this many pages, or this share of them, names them (`not`,
 * `if`, `all`, `too`); one in more names (`the`, `and`, `of`, `to`) says nothing of which.
 */
const NAME_STOP_WORD_PAGES = 3;
const NAME_STOP_WORD_SHARE = 0.006;
/**
 * A section named by one word written as code (`## header()`, `## json()` on a framework's
 * reference pages) is asked about by a question holding that word, as a page is by its name:
 * "redirect the user to another page" asks for the context reference's `redirect()`, whatever
 * other pages say about users and pages. A plain word (`## Parameters`), or a name given to
 * sections on more pages than this, names a kind of section, not a topic.
 */
const SECTION_NAMING_PAGES = 3;
const SECTION_NAMING_SHARE = 0.02;
/** Lists the page under the term, once (a page's sections are read in a row). */
function addPage(pagesByTerm: Map<number, number[]>, term: number, page: number): void {
  const pages = pagesByTerm.get(term);
  if (!pages) pagesByTerm.set(term, [page]);
  else if (pages.at(-1) !== page) pages.push(page);
}
/** A heading that is one name, possibly a call, possibly in a code span: `json()`, `` `onError` ``. */
const ONE_NAME = /^(`?)([A-Za-z_$][\w$.]*)(\(\))?\1$/;

/**
 * The name a heading gives its section when it is one name written as code: a call (`json()`,
 * `c.header()`), a code span, or a dotted, snake or camel-case identifier (`RegExpRouter`).
 * Undefined for a heading in plain words ("Usage", "if...else statements").
 */
export function codeName(heading: string): string | undefined {
  const trimmed = heading.trim();
  const match = ONE_NAME.exec(trimmed);
  const name = match?.[2];
  if (name === undefined || name.endsWith('.')) return undefined;
  return match?.[1] !== '' || match[3] !== undefined || /[._]|[a-z][A-Z]/.test(name) ? name : undefined;
}
/**
 * Second stage: the best candidates of the first are re-ranked with their best section, since a
 * page with a section about exactly what was asked (`## header()` for "read a header") answers
 * it better than one that mentions the words here and there. `section` is its share of the rank;
 * `mention`, in a question, that of the page's best mention (the share of the question one
 * paragraph linking to it holds), scaled by how much the site's links count.
 */
export const SECTION_RANK = {
  /** Candidates re-ranked with their best section: in a question, and in a typed search. */
  candidates: 20,
  /**
   * A typed search names its page, which the first stage finds near the top: 12 candidates
   * rank MDN's titles, half-typed titles and every state of typing as well as 20 or better
   * (8 lost 2 points of hit@3 while typing), and a distinct search costs a ninth less.
   */
  typedCandidates: 12,
  section: 0.4,
  mention: 0.2,
  links: 0.3,
  /**
   * The site's links in a question's second stage, as in its first (`PAGE_RANK.questionLinks`):
   * a question's words are the evidence. At 0.3, as for a typed search, MDN's hubs outranked the
   * page that answers on questions written after the weights were set (hit@1 .393 on 450 of
   * them, .427 at 0.1), most on those about pages few others link to.
   */
  questionLinks: 0.1,
  /** A typed search's words that the page's name writes as typed (see `nameAsWritten`). */
  asWritten: 0.3,
  /**
   * In answering a question, what a passage gains, by the share of the question naming its
   * section in code (see `#namingShareOf`), over one that holds the words in passing.
   */
  namedPassage: 0.3,
};
/**
 * Paragraphs of other pages that link to a page, kept per page for its mentions field: MDN's
 * `opacity` is mentioned in about 70, `Array` in thousands, whose first hundred say all they
 * have to say.
 */
const MENTIONS_PER_PAGE = 100;
/**
 * The share of a question its mentions must hold before they count: one of its words there ("the
 * reference service" for "run the service over my own docs") is no sign of what it asks about.
 */
const MENTION_SHARE_FLOOR = 0.2;
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

interface RankedPage {
  page: number;
  rank: number;
  /** Its best passage for the query, when the second stage scored it. */
  best?: ScoredPassage;
  /**
   * How well a pasted error message matches the page's (0.75–1), when it is the message's page:
   * such pages come before all others, and their relevance is at least this.
   */
  message?: number;
}

/**
 * The embedded search index. Pages are ranked with BM25F from the index's own page postings
 * (flat typed arrays; see `PagePostings`), passages (the sections under headings) are scored
 * on the evidence they hold for the query (coverage, proximity, heading matches, BM25) from a
 * forward index of term ids. Orama supplies the English stemmer and holds the pages for
 * `healthy()`; it is not on the query path (see demo/content/service/search-ranking.md: at
 * 10,000 pages one Orama search took milliseconds, and search must answer in a fraction of one).
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
 * query, so a single weak match stays weak. Ranking (the order) is a separate score, above.
 */
export class OramaSearchIndex implements SearchIndex {
  #analyser = new TextAnalyser();
  readonly #options: Required<Omit<OramaIndexOptions, 'env'>>;
  #vocabulary = new Vocabulary();
  #queries = new QueryAnalyser(this.#analyser, this.#vocabulary);
  #pages: IndexedPage[] = [];
  #passages: IndexedPassage[] = [];
  #averagePassageLength = 1;
  #postings: PagePostings | undefined;
  /** Each page's standing in the site's link graph, 0–1 (see `linkStanding`). */
  #standing: Float32Array = new Float32Array(0);
  /**
   * How much the site's links say, 0–1 (see `linkTrust`): it scales what a question's share in a
   * page's mentions adds to its rank. Mentions are indexed at all only when it is above 0.
   */
  #linksTrusted = 0;
  /** The pages that have a section named by a term alone (see `PAGE_RANK.sectionName`). */
  #pagesBySectionName = new Map<number, Uint32Array>();
  /** The names in code that sections of few pages have (`## status()`), the page's own name or not. */
  #sectionNamesOfFewPages = new Set<number>();
  /**
   * Per term, the terms of the names of the pages it names, most frequent first (see
   * `#namesOfPagesNamedBy`): made on first use, since only a word typed before another asks.
   */
  #namesOfPagesNamed = new Map<number, NamesOfPagesNamed>();
  /** Scratch of `#namesOfPagesNamedBy`, by term id: zero between uses. */
  #nameCounts: Uint32Array | undefined;
  /** The pages whose names hold a stop word, by the word (see `NAME_STOP_WORD_PAGES`). */
  #pagesByNameStopWord = new Map<string, Uint32Array>();
  /**
   * Per page, the share of the current query naming it besides its terms' own postings: of a
   * question, by the sections it names; of a typed search, by its stop words. 0 between queries.
   */
  #namingShare = new Float32Array(0);
  /** Pages titled with an error message, matched against a pasted one. */
  #messagePages = new MessagePages();
  readonly #coverage = new PassageCoverageScorer();
  /**
   * For each passage (from its `firstParagraph`), where each of its paragraphs starts in its
   * terms, then where the last ends.
   */
  #paragraphStarts = new Uint32Array(0);
  /**
   * For each passage (from its `firstParagraph`), the length of each of its paragraphs as prose
   * (see `paragraphAsProse`; up to 65,534), 0 for one that is not prose: read when a search first
   * needs it (`UNREAD` until then), since searches show few of a site's paragraphs.
   */
  #proseLengths = new Uint16Array(0);
  #pageDb: PageDb | undefined;
  readonly #pageResults: LruCache<string, SearchHit[]>;
  readonly #passageResults: LruCache<string, PassageHit[]>;

  constructor(options: OramaIndexOptions = {}) {
    this.#options = {
      resultCacheSize: options.resultCacheSize ?? 5000,
      language: indexLanguage(options.language),
    };
    this.#pageResults = new LruCache(this.#options.resultCacheSize);
    this.#passageResults = new LruCache(this.#options.resultCacheSize);
  }

  get documentCount(): number {
    return this.#pages.length;
  }

  /** The language the index reads the site's text in, and so questions (English before a load). */
  get language(): Language {
    return this.#analyser.language;
  }

  /** The analyser of the site's text and of queries (for what it keeps: `TextAnalyser.cached`). */
  get analyser(): TextAnalyser {
    return this.#analyser;
  }

  async load(source: Iterable<SourceDocument> | AsyncIterable<SourceDocument>): Promise<void> {
    const { language, documents } = await withSiteLanguage(source, this.#options.language);
    const analyser = new TextAnalyser(language);
    const vocabulary = new Vocabulary();
    const pages: IndexedPage[] = [];
    const passages: IndexedPassage[] = [];
    const pageFields: PageFieldTerms[] = [];
    const pageNames = new Set<number>();
    const sectionNames = new Map<number, number[]>();
    /** The pages with a section named so, the pages of that name among them. */
    const sectionNamePages = new Map<number, number[]>();
    const keywordPages: { page: number; keyword: string; description: number[] }[] = [];
    const messagePages = new MessagePages();
    const tokenTerms = new TokenTerms(analyser, vocabulary);
    const body = new TermIdList();
    const paragraphStarts: number[] = [];
    // The arrays of term ids the index keeps, and those only its building reads (see `IdArena`).
    const arena = new IdArena();
    const fieldArena = new IdArena();
    let totalPassageLength = 0;

    for await (const document of documents) {
      const pageIndex = pages.length;
      const tags = document.tags.map((tag) => tag.toLowerCase());
      const name = tokenTerms.ids(document.title);
      // A page titled by stop words alone (`let`, `this`, `for...of`), which no term names, is
      // named by its title as written, once every other term has its id (see `QueryAnalyser`).
      const keyword = name.length === 0 ? keywordName(document.title) : undefined;
      // "Nullish coalescing operator (??)" is also named `??`, and each of its sections is about
      // it as if its heading said so: a question naming only the operator finds its passages.
      const titleOperators = operatorNames(document.title).map((operator) => vocabulary.add(operator));
      name.push(...titleOperators);
      const nameFromTitle = new Set(name);
      // `canvas_api` and `cloudflare-workers` name their pages by their words.
      const slugText = lastLinkSegment(document.link).replace(/[-_]/g, ' ');
      const slug = tokenTerms.ids(slugText);
      // A member named by a stop word or a single letter, no term of its own (`/array/some` for
      // `Array.prototype.some()`, `/dompoint/x`), is also named `array.some`, `dompoint.x`, as
      // "array some" and "dompoint x" ask for it (see `QueryAnalyser`).
      const member = memberName(document.link);
      if (member !== undefined && analyser.term(member.name) === '') {
        const id = vocabulary.add(`${member.parent}.${member.name}`);
        if (!nameFromTitle.has(id)) name.push(id);
      }
      for (const id of slug) if (!nameFromTitle.has(id)) name.push(id);
      if (slug.length === 1) pageNames.add(slug[0] as number);
      for (const id of new Set(name)) vocabulary.countName(id);
      const description = tokenTerms.ids(document.description);
      if (keyword !== undefined) keywordPages.push({ page: pageIndex, keyword, description });
      const headings: number[] = [];
      for (const section of document.sections)
        if (section.level > 1) tokenTerms.ids(section.heading, headings);
      // The terms each section is named by in code (`## status()`), read once: for its passages
      // and for the pages a name names.
      const namedBy = new Map<DocumentSection, Uint32Array>();
      for (const section of document.sections) {
        const ids = section.level > 1 ? this.#codeNameTerms(section.heading, vocabulary, analyser) : [];
        if (ids.length > 0) namedBy.set(section, Uint32Array.from(ids));
      }
      const page: IndexedPage = {
        document,
        name: sortedDistinct(name, arena),
        summary: sortedDistinct([...description, ...headings], arena),
        passages: [],
        passageTerms: NO_PASSAGE_TERMS,
        tags: new Set(tags),
        nameWords: ` ${[...new Set(analyser.words(`${document.title} ${slugText}`))].join(' ')} `,
        titleWords: titleKey(document.title),
      };
      // The page's text, passage by passage, read into one list, copied once at the end.
      body.length = 0;
      const sections = document.sections.some((section) => section.text !== '')
        ? document.sections.filter((section) => section.text !== '')
        : [{ heading: document.title, anchor: '', level: 0, text: document.description }];
      for (const section of sections) {
        // A page's opening before its first heading is under its title: a page titled in its
        // front matter ("Shipping") whose text never says the word again is still about it.
        const heading = tokenTerms.ids(section.heading || document.title);
        heading.push(...titleOperators);
        // The passages of a section share its heading.
        const headingTerms = sortedDistinct(heading, arena);
        const named = namedBy.get(section);
        for (const { section: part, plainText } of passagesOf(section)) {
          const textStart = body.length;
          // Paragraph by paragraph (the same terms as the text read whole: no token spans a
          // blank line), to know which paragraph a result shows (see `#matchedProse`).
          const firstParagraph = paragraphStarts.length;
          for (let start = 0; ;) {
            const end = plainText.indexOf('\n\n', start);
            paragraphStarts.push(heading.length + body.length - textStart);
            tokenTerms.append(end < 0 ? plainText.slice(start) : plainText.slice(start, end), body);
            if (end < 0) break;
            start = end + 2;
          }
          const paragraphCount = paragraphStarts.length - firstParagraph;
          paragraphStarts.push(heading.length + body.length - textStart);
          const terms = arena.take(heading.length + body.length - textStart);
          terms.set(heading);
          terms.set(body.ids.subarray(textStart, body.length), heading.length);
          if (terms.length === 0) {
            paragraphStarts.length = firstParagraph;
            continue;
          }
          const distinct = sortedDistinct(terms, arena);
          vocabulary.countPassage(distinct);
          totalPassageLength += terms.length;
          page.passages.push(passages.length);
          passages.push({
            page: pageIndex,
            section: part,
            terms,
            paragraphCount,
            firstParagraph,
            distinct,
            heading: headingTerms,
            ...(named ? { named } : {}),
          });
        }
      }
      for (const ids of namedBy.values())
        for (const id of ids) {
          addPage(sectionNamePages, id, pageIndex);
          // A page named by the word already counts as named by it (`/helpers/accepts`, `## accepts()`).
          if (!name.includes(id)) addPage(sectionNames, id, pageIndex);
        }
      const templates = messageTemplates(
        document.title,
        document.sections.flatMap((section) => section.code ?? []),
      );
      if (templates.length > 0) messagePages.add(pageIndex, templates);
      page.passageTerms = passageTermsOf(
        page.passages.map((index) => passages[index] as IndexedPassage),
        arena,
      );
      pages.push(page);
      pageFields.push({
        name: Uint32Array.from(name),
        slug: Uint32Array.from(slug),
        headings: Uint32Array.from(headings),
        description: Uint32Array.from(description),
        body: fieldArena.copy(body.ids, 0, body.length),
        mentions: NO_TERMS,
      });
    }

    const keywordContext = new Map<number, Set<number>>();
    for (const { page, keyword, description } of keywordPages) {
      const id = vocabulary.add(keyword);
      vocabulary.countName(id);
      const indexedPage = pages[page] as IndexedPage;
      indexedPage.name = sortedDistinct([...indexedPage.name, id]);
      const fields = pageFields[page] as PageFieldTerms;
      fields.name = Uint32Array.from([...fields.name, id]);
      const context = keywordContext.get(id) ?? new Set<number>();
      for (const term of description) context.add(term);
      keywordContext.set(id, context);
    }

    const indexed = pages.map((page) => page.document);
    const resolveLink = linkResolver(indexed);
    const inboundLinks = inboundLinkCounts(indexed, resolveLink);
    const linksTrusted = linkTrust(inboundLinks);
    // A site that links little says little in its links (Hono's docs: its sidebar does the linking).
    if (linksTrusted > 0) {
      // A paragraph linking to several pages is a mention of each (on MDN, 65,000 paragraphs make
      // 90,000 mentions): its terms are read once.
      const mentionTerms = new Map<string, { ids: Uint32Array; distinct: Uint32Array }>();
      const mentionIds = new TermIdList();
      linkMentions(indexed, MENTIONS_PER_PAGE, resolveLink).forEach((texts, page) => {
        if (texts.length === 0) return;
        const paragraphs = texts.map((text) => {
          let read = mentionTerms.get(text);
          if (read === undefined) {
            mentionIds.length = 0;
            tokenTerms.append(text, mentionIds);
            const ids = fieldArena.copy(mentionIds.ids, 0, mentionIds.length);
            read = { ids, distinct: sortedDistinct(ids, arena) };
            mentionTerms.set(text, read);
          }
          return read;
        });
        (pageFields[page] as PageFieldTerms).mentions = concatenated(paragraphs.map(({ ids }) => ids));
        (pages[page] as IndexedPage).mentions = {
          terms: passageTermsOf(
            paragraphs.map(({ distinct }) => ({ distinct, heading: NO_TERMS })),
            arena,
          ),
          count: paragraphs.length,
        };
      });
    }
    const postings = new PagePostings(pageFields, vocabulary.size);
    // Read only to build the postings, and held by this load's scope as long as the index lives
    // (the closures made below keep it): let go.
    pageFields.length = 0;
    // Orama holds each page's title, description, tags and headings: what `healthy()` asks.
    const pageDb = create({ schema: PAGE_SCHEMA, components: { tokenizer: markedTermsTokenizer } });
    await insertMultiple(
      pageDb,
      pages.map((page, index) => ({
        id: String(index),
        title: markTerms([...page.name].map((id) => vocabulary.term(id))),
        tags: [...page.tags],
      })) as never,
      1000,
    );

    vocabulary.prepare();
    // Questions are weighted by part of speech: load the tagger now, not on the first question.
    warmUpLanguageModel();
    this.#analyser = analyser;
    this.#vocabulary = vocabulary;
    this.#queries = new QueryAnalyser(
      analyser,
      vocabulary,
      pageNames,
      (term, typed, limit) => this.#completionsNamedWith(term, typed, limit),
      keywordContext,
    );
    this.#pages = pages;
    this.#passages = passages;
    this.#paragraphStarts = Uint32Array.from(paragraphStarts);
    this.#proseLengths = new Uint16Array(paragraphStarts.length).fill(UNREAD);
    this.#postings = postings;
    this.#standing = linkStanding(inboundLinks, linksTrusted);
    const namingLimit = Math.max(SECTION_NAMING_PAGES, pages.length * SECTION_NAMING_SHARE);
    this.#pagesBySectionName = new Map();
    this.#namesOfPagesNamed = new Map();
    this.#nameCounts = undefined;
    for (const [id, named] of sectionNames)
      if (named.length <= namingLimit) this.#pagesBySectionName.set(id, Uint32Array.from(named));
    this.#sectionNamesOfFewPages = new Set(
      [...sectionNamePages].filter(([, named]) => named.length <= namingLimit).map(([id]) => id),
    );
    this.#namingShare = new Float32Array(pages.length);
    this.#pagesByNameStopWord = pagesByNameStopWord(pages, analyser);
    this.#messagePages = messagePages;
    this.#linksTrusted = linksTrusted;
    this.#averagePassageLength = passages.length === 0 ? 1 : totalPassageLength / passages.length;
    this.#pageDb = pageDb;
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
        document: this.#pages[passage.page]?.document as SourceDocument,
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
    return this.#vocabulary.id(term) !== undefined;
  }

  standInFor(word: string): StandIn | undefined {
    return this.#queries.standInFor(word);
  }

  /** The number of pages using the word (by the rarest of its parts, as `hasWord` reads it). */
  pagesWithWord(word: string): number {
    const terms = this.#wordTerms(word);
    let least = terms.length === 0 ? 0 : Infinity;
    for (const term of terms) {
      const id = this.#vocabulary.id(term);
      least = Math.min(least, id === undefined || !this.#postings ? 0 : this.#postings.documentFrequency(id));
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
    const named = this.#postings?.pagesNamedBy(term) ?? [];
    const found: number[] = [];
    // Counted by id in scratch space, zeroed after: a Map of counts cost most of this.
    const counts = (this.#nameCounts ??= new Uint32Array(this.#vocabulary.size));
    if (named.length <= CONTEXT_NAMED_PAGES)
      for (const page of named)
        for (const id of (this.#pages[page] as IndexedPage).name) {
          if (counts[id] === 0) found.push(id);
          counts[id] = (counts[id] as number) + 1;
        }
    const ids = this.#vocabulary.inAlphabeticalOrder(Uint32Array.from(found));
    const names = {
      terms: Array.from(ids, (id) => this.#vocabulary.term(id)),
      ids,
      counts: ids.map((id) => counts[id] as number),
    };
    for (const id of found) counts[id] = 0;
    return names;
  }

  /** The terms a word is known by: see `hasWord`. */
  /**
   * The terms of the name a section's heading gives it in code (see `codeName`): `c.header()` is
   * named `c.header` and, as a question says it, `header`. None for a heading in words.
   */
  #codeNameTerms(heading: string, vocabulary: Vocabulary, analyser: TextAnalyser): number[] {
    const named = codeName(heading);
    if (named === undefined) return [];
    const ids: number[] = [];
    for (const part of new Set([named, named.slice(named.lastIndexOf('.') + 1)])) {
      const id = vocabulary.id(analyser.term(part.toLowerCase()));
      if (id !== undefined) ids.push(id);
    }
    return ids;
  }

  #wordTerms(word: string): string[] {
    const words = this.#analyser.words(word);
    const whole = words[0];
    const parts =
      whole !== undefined && whole === word.toLowerCase()
        ? [whole]
        : word.includes('-')
          ? words.filter((part) => !part.includes('-'))
          : words;
    return parts.map((part) => this.#analyser.term(part)).filter((term) => term !== '');
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

  /** The best `limit` pages for the query, best first, from one pass over the page postings. */
  #rankPages(query: AnalysedQuery, options: SearchOptions, limit: number): RankedPage[] {
    const postings = this.#postings;
    if (!postings || query.totalWeight === 0 || query.terms.every((term) => term.alternatives.length === 0))
      return [];
    const allowed = tagPredicate(options);
    const namingWeight = query.question
      ? PAGE_RANK.sectionName
      : query.stopWords
        ? PAGE_RANK.nameStopWords
        : 0;
    const namingShare = this.#namingShare;
    const namedPages: Uint32Array[] = [];
    const candidateCount = query.question ? SECTION_RANK.candidates : SECTION_RANK.typedCandidates;
    const heap = new TopRanked(Math.max(limit, candidateCount));
    // The evidence and the naming shares are scratch arrays the next query starts from: released
    // whatever happens once they are written (gathering itself only adds numbers).
    const evidence = postings.gather(query);
    try {
      if (namingWeight > 0 && query.question) this.#shareNamingSections(query, namedPages);
      else if (namingWeight > 0) this.#shareNamingStopWords(query, namedPages);
      const { pages, values } = evidence;
      const { maxBm25 } = evidence;
      const total = query.totalWeight;
      // A typeahead query names what it looks for: there, what others say about a page counts in
      // its BM25F only, as its body does.
      const mentionWeight = query.question ? PAGE_RANK.mentions * this.#linksTrusted : 0;
      const standing = this.#standing;
      const { nameLength, slugLength } = postings;
      // Weights read once per query into locals: this loop runs for every page the query touches.
      const bm25Weight = PAGE_RANK.bm25 / maxBm25;
      const { coverage, name, slug, outline, description } = PAGE_RANK;
      const links = query.question ? PAGE_RANK.questionLinks : PAGE_RANK.links;
      const nameHoldsQuery = query.question || query.terms.length < 2 ? 0 : PAGE_RANK.nameHoldsQuery;
      // The offsets of the evidence values read once into locals: V8 reads a module's constants
      // from memory at every use, and checks EVIDENCE's shape (see `addWord` in page-postings.ts).
      const stride = EVIDENCE_STRIDE;
      const {
        bm25: bm25At,
        covered: coveredAt,
        coveredInName: coveredInNameAt,
        coveredInOutline: coveredInOutlineAt,
        coveredInDescription: coveredInDescriptionAt,
        nameWords: nameWordsAt,
        slugWords: slugWordsAt,
        coveredInMentions: coveredInMentionsAt,
      } = EVIDENCE;
      const mentionShareFloor = MENTION_SHARE_FLOOR;
      // `** 4` calls the C library's pow, a tenth of this loop's time: the pages a query touches
      // share a few values of the share of it their names cover (86% of them the page before's
      // on MDN's titles), so the last one's fourth power is kept.
      let poweredShare = 0;
      let shareToTheFourth = 0;
      // Most pages a query touches hold its words in their body only: a field the page has none of
      // adds exactly 0 to its rank, so it is skipped, in the order of the terms of the sum.
      for (let i = 0; i < evidence.count; i++) {
        const page = pages[i] as number;
        const at = i * stride;
        const covered = (values[at + coveredAt] as number) / total;
        let rank =
          bm25Weight * (values[at + bm25At] as number) +
          (coverage + links * (standing[page] as number)) * covered;
        const inName = values[at + coveredInNameAt] as number;
        const coveredInName = inName === 0 ? 0 : inName / total;
        if (coveredInName !== 0) {
          // "Middleware" is named by `middleware` more than "Basic Auth Middleware" is.
          const nameAsked = askedShare(values[at + nameWordsAt] as number, nameLength[page] as number);
          rank += name * coveredInName * (0.5 + 0.5 * nameAsked);
          // Typed, `htmldialogelement open` names *HTMLDialogElement: open property*, not
          // *HTMLDialogElement*, whose text says "open" too and which more pages link to.
          if (nameHoldsQuery !== 0) {
            if (coveredInName !== poweredShare) {
              poweredShare = coveredInName;
              shareToTheFourth = coveredInName ** 4;
            }
            rank += nameHoldsQuery * shareToTheFourth * nameAsked;
          }
        }
        const inOutline = values[at + coveredInOutlineAt] as number;
        if (inOutline !== 0) rank += outline * (inOutline / total);
        const inDescription = values[at + coveredInDescriptionAt] as number;
        if (inDescription !== 0) rank += description * (inDescription / total);
        if (coveredInName !== 0) {
          // The whole of the page's slug asked for: `border` for /…/properties/border. It counts by
          // the share of the query its name covers: /helpers/route is not what "send back plain
          // text from a route" asks about, though the question holds the whole of its slug.
          const slugAsked = askedShare(values[at + slugWordsAt] as number, slugLength[page] as number);
          rank += slug * slugAsked * slugAsked * coveredInName;
        }
        if (mentionWeight !== 0) {
          const mentionedShare = (values[at + coveredInMentionsAt] as number) / total;
          rank += mentionWeight * Math.max(0, (mentionedShare - mentionShareFloor) / (1 - mentionShareFloor));
        }
        if (namingWeight !== 0) rank += namingWeight * (namingShare[page] as number);
        if (heap.accepts(rank) && (!allowed || allowed((this.#pages[page] as IndexedPage).tags)))
          heap.add(page, rank);
      }
    } finally {
      postings.release(evidence);
      for (const named of namedPages) for (const page of named) namingShare[page] = 0;
    }
    const candidates = heap.sorted();
    const topRank = candidates[0]?.rank ?? 1;
    // A pasted error message names its page, whatever else its words find (see error-messages.ts).
    // Its pages are re-ranked first, found by the words or not.
    const messageMatches = this.#messagePages.match(query.message);
    if (messageMatches.size > 0) {
      const others = candidates.filter((candidate) => !messageMatches.has(candidate.page));
      const messages = [...messageMatches]
        .filter(([page]) => !allowed || allowed((this.#pages[page] as IndexedPage).tags))
        .map(([page, message]): RankedPage => {
          const found = candidates.find((candidate) => candidate.page === page);
          return { ...(found ?? { page, rank: 0 }), message };
        });
      candidates.splice(0, candidates.length, ...messages, ...others);
    }
    // In a question, the one paragraph of the site that says most of it where it links to a page
    // ("rounded corners are achieved on a box by using border-radius") names what it asks about.
    const bestMentionWeight = query.question ? SECTION_RANK.mention * this.#linksTrusted : 0;
    const writtenWords = query.question ? [] : query.terms.map((term) => ` ${term.word} `);
    // The candidates beyond those re-ranked keep their first stage's rank, on another scale: they
    // follow the re-ranked ones, in their order. Mixed in, a page the second stage never saw went
    // before ones it had ranked: 79 times in the top 3 of 5,991 MDN title searches.
    const reRanked = candidates.slice(0, candidateCount + messageMatches.size);
    const rest = candidates.slice(reRanked.length);
    for (const candidate of reRanked) {
      const page = this.#pages[candidate.page] as IndexedPage;
      const best = this.#bestPassage(query, page);
      candidate.best = best;
      const mention =
        bestMentionWeight > 0 && page.mentions
          ? this.#coverage.best(query, page.mentions.terms, page.mentions.count, 1)[0]
          : undefined;
      candidate.rank =
        ((1 - SECTION_RANK.section) * (candidate.rank / topRank) +
          SECTION_RANK.section * (best?.relevance ?? 0) +
          bestMentionWeight * ((mention?.coverage ?? 0) / query.totalWeight)) *
          (1 +
            (query.question ? SECTION_RANK.questionLinks : SECTION_RANK.links) *
              (this.#standing[candidate.page] as number)) +
        // Beside the site's links, so that it weighs the same on every page that writes the words.
        (query.question ? 0 : SECTION_RANK.asWritten * nameAsWritten(query, writtenWords, page.nameWords));
    }
    reRanked.sort((a, b) => (b.message ?? 0) - (a.message ?? 0) || b.rank - a.rank || a.page - b.page);
    return [...reRanked, ...rest].slice(0, limit);
  }

  /**
   * Adds to `#namingShare` the share of the question (by weight) that names a section of
   * each page, each word by its own term, listing in `touched` the pages it adds to (before it
   * adds), for clearing.
   */
  #shareNamingSections(query: AnalysedQuery, touched: Uint32Array[]): void {
    const share = this.#namingShare;
    for (const term of query.terms) {
      const exact = term.alternatives[0];
      const named = exact && exact.weight >= 1 ? this.#pagesBySectionName.get(exact.id) : undefined;
      if (!named) continue;
      touched.push(named);
      for (const page of named) share[page] = (share[page] as number) + term.weight / query.totalWeight;
    }
  }

  /**
   * The share of the question (by weight) that names the passage's section by its name in code,
   * as `#shareNamingSections` counts it for pages: "change the response status code" names
   * `## status()` on the context reference.
   */
  #namingShareOf(query: AnalysedQuery, passage: IndexedPassage): number {
    const named = passage.named;
    if (!named) return 0;
    let share = 0;
    for (const term of query.terms) {
      const exact = term.alternatives[0];
      if (
        exact &&
        exact.weight >= 1 &&
        named.includes(exact.id) &&
        this.#sectionNamesOfFewPages.has(exact.id)
      )
        share += term.weight / query.totalWeight;
    }
    return share;
  }

  /**
   * Adds to `#namingShare` the share of the typed words that are stop words the page's name
   * holds, listing in `touched` the pages it adds to, for clearing.
   */
  #shareNamingStopWords(query: AnalysedQuery, touched: Uint32Array[]): void {
    const share = this.#namingShare;
    const { words = [], share: wordShare = 0 } = query.stopWords ?? {};
    for (const word of words) {
      const named = this.#pagesByNameStopWord.get(word);
      if (!named) continue;
      touched.push(named);
      for (const page of named) share[page] = (share[page] as number) + wordShare;
    }
  }

  /**
   * The page's relevance (0–1): the better of its outline's (name, description, headings) and
   * its best passage's, the passage found by coverage and then scored in full. And the section
   * a result links to: that of the best passage, when it is one under a heading with an anchor
   * and holds more of the query than the page's name does ("rate limit" finds *Rate limit* on
   * the page about errors and limits; "theming" finds the page about theming as a whole): the
   * passage of that section.
   */
  #pageMatch(
    query: AnalysedQuery,
    page: IndexedPage,
    bestKnown?: ScoredPassage,
  ): { relevance: number; linked?: IndexedPassage } {
    // The outline's text is the name; its description and headings count as a field.
    const outline = matchEvidence(query, page.name, page.name, page.summary, this.#averagePassageLength);
    const best = bestKnown ?? this.#bestPassage(query, page);
    const outlineEvidence: MatchEvidence = {
      ...outline,
      proximity: Math.max(best?.evidence.proximity ?? 0, outline.proximity * outline.fieldMatch),
      saturation: best?.evidence.saturation ?? 0,
    };
    const relevance = Math.max(relevanceOf(outlineEvidence), best?.relevance ?? 0);
    const section = best?.passage.section;
    // A "See also" lists other pages: the result leads to the page, not to that list.
    if (!section || section.level < 2 || section.anchor === '' || listsOtherPages(section.heading))
      return { relevance };
    // A name that holds the word being typed in full (`Loc` of *Location*) names the page.
    return best.evidence.coverage > nameCoverage(query, page.name)
      ? { relevance, linked: best.passage }
      : { relevance };
  }

  /**
   * Where the prose of the passage's section holds the query (see `SearchHit.matchedProse`): the
   * first of its paragraphs of prose covering most of the query (`coverageOf`: each word by its
   * rarity; a completion of the word being typed, a synonym or a correction by its weight); and,
   * in a paragraph too long to show whole whose first word of the query comes too far in to be
   * shown, the sentence holding that word. Undefined for the section's opening, or when no
   * paragraph of prose holds a word of the query. The paragraphs' terms are those the index was
   * built with: only the paragraphs that would be shown are read as text.
   */
  #matchedProse(query: AnalysedQuery, passage: IndexedPassage): MatchedProse | undefined {
    const { terms, firstParagraph, paragraphCount } = passage;
    const starts = this.#paragraphStarts;
    let best = -1;
    let bestCoverage = 0;
    for (let at = firstParagraph; at < firstParagraph + paragraphCount; at++) {
      const coverage = coverageOf(query, terms, starts[at], starts[at + 1]);
      if (coverage > bestCoverage && this.#proseLength(passage, at) > 0) {
        best = at;
        bestCoverage = coverage;
      }
    }
    if (best < 0) return undefined;
    const paragraph = best - firstParagraph;
    let from = 0;
    const length = this.#proseLength(passage, best);
    if (length > EXCERPT_MAX_CHARS) {
      // The share of the paragraph's terms before its first word of the query stands for the
      // share of its text before it: well inside what is shown, it is shown from its start.
      const start = starts[best] as number;
      const first = firstMatchAt(query, terms, start, starts[best + 1]);
      if (
        (first - start) / ((starts[best + 1] as number) - start) >
        (SHOWN_SHARE * EXCERPT_MAX_CHARS) / length
      )
        from = this.#sentenceHolding(paragraphProse(passage.section, paragraph), terms[first] as number);
    }
    let opening = firstParagraph;
    while (opening < best && this.#proseLength(passage, opening) === 0) opening++;
    return best === opening && from === 0 ? undefined : { paragraph, from };
  }

  /** The length of the passage's paragraph `at` (of the index's) as prose, read on first use. */
  #proseLength(passage: IndexedPassage, at: number): number {
    const lengths = this.#proseLengths;
    if (lengths[at] === UNREAD) {
      const prose = paragraphProse(passage.section, at - passage.firstParagraph);
      lengths[at] = Math.min(prose.length, UNREAD - 1);
    }
    return lengths[at] as number;
  }

  /**
   * Where in the prose starts the sentence holding the first word the index reads as term `id`:
   * found by the term's first letters (a stem starts as its words do: `persist` for
   * "persisting"), each word so found read as the index reads it. 0 when none is found so (an
   * accent in its first letters): the paragraph is then shown from its start.
   */
  #sentenceHolding(prose: string, id: number): number {
    const lower = prose.toLowerCase();
    const needle = this.#vocabulary.term(id).slice(0, TERM_LETTERS_SOUGHT);
    // Lower case of the same length, so that its places are the prose's (`İ` is two letters lower).
    if (needle === '' || lower.length !== prose.length) return 0;
    for (let at = lower.indexOf(needle); at >= 0;) {
      let start = at;
      while (start > 0 && TOKEN_CHARACTER.test(prose.charAt(start - 1))) start--;
      let end = at + needle.length;
      while (end < prose.length && TOKEN_CHARACTER.test(prose.charAt(end))) end++;
      if (this.#analyser.terms(prose.slice(start, end)).some((term) => this.#vocabulary.id(term) === id)) {
        let sentence = 0;
        for (let next = nextSentenceStart(prose, 0); next <= start; next = nextSentenceStart(prose, next))
          sentence = next;
        return sentence;
      }
      at = lower.indexOf(needle, end);
    }
    return 0;
  }

  /** The page's `count` best passages: the best by coverage (cheap), then scored in full. */
  #bestPassages(query: AnalysedQuery, page: IndexedPage, count: number): ScoredPassage[] {
    const scored: ScoredPassage[] = [];
    for (const { local } of this.#coverage.best(query, page.passageTerms, page.passages.length, count))
      scored.push(this.#scorePassage(query, page, local));
    return scored.sort((a, b) => b.relevance - a.relevance);
  }

  /** The page's best passage by coverage, scored in full: `#bestPassages` for one. */
  #bestPassage(query: AnalysedQuery, page: IndexedPage): ScoredPassage | undefined {
    const [best] = this.#coverage.best(query, page.passageTerms, page.passages.length, 1);
    return best === undefined ? undefined : this.#scorePassage(query, page, best.local);
  }

  #scorePassage(query: AnalysedQuery, page: IndexedPage, local: number): ScoredPassage {
    const passage = this.#passages[page.passages[local] as number] as IndexedPassage;
    const evidence = matchEvidence(
      query,
      passage.terms,
      page.name,
      passage.heading,
      this.#averagePassageLength,
    );
    return { passage, evidence, relevance: relevanceOf(evidence) };
  }

  /** Passages of the best pages, each ranked on its own evidence and its page's rank. */
  #rankedPassages(query: AnalysedQuery, options: SearchOptions): (ScoredPassage & { rank: number })[] {
    const ranked = this.#rankPages(query, options, PAGES_FOR_PASSAGES);
    // The pages of a pasted message come first whatever their rank: the best rank is any page's.
    const topRank = Math.max(Number.MIN_VALUE, ...ranked.map((page) => page.rank));
    const passages: (ScoredPassage & { rank: number; message: number })[] = [];
    for (const { page, rank, message = 0 } of ranked) {
      const pageShare = rank / topRank;
      for (const scored of this.#bestPassages(
        query,
        this.#pages[page] as IndexedPage,
        PASSAGES_SCORED_PER_PAGE,
      )) {
        const own =
          0.8 * scored.relevance +
          0.2 * scored.evidence.bm25 +
          (query.question ? SECTION_RANK.namedPassage * this.#namingShareOf(query, scored.passage) : 0);
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
    const ranked = this.#rankPages(query, options, options.limit + EXTRA_CANDIDATES);
    const hits: SearchHit[] = [];
    for (const { page, best, message = 0 } of ranked) {
      const indexed = this.#pages[page] as IndexedPage;
      // A page a pasted message matches is as relevant as the match, whatever its words; a query
      // that is the page's whole title (case and punctuation aside) names it: relevance 1, which
      // is what a `score` of 0.99 keeps.
      const match = this.#pageMatch(query, indexed, best);
      const relevance =
        queryWords !== '' && queryWords === indexed.titleWords ? 1 : Math.max(match.relevance, message);
      if (relevance > 0 && relevance >= minRelevance) {
        const { linked } = match;
        const matchedProse = linked && this.#matchedProse(query, linked);
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

/** The prose length of a paragraph not read yet (see `#proseLengths`). */
const UNREAD = 0xffff;

/** How many of a term's first letters `#sentenceHolding` looks for. */
const TERM_LETTERS_SOUGHT = 3;

/** A character of a token as the index reads text (see `TokenTerms`): a letter, a digit, `_`, `.`, `-`. */
const TOKEN_CHARACTER = /[\p{L}\p{M}\p{N}_.-]/u;

/**
 * The share of what a result shows of a paragraph (`EXCERPT_MAX_CHARS`) within which its first
 * word of the query is taken to be shown, judged by its place among the paragraph's terms
 * (see `#matchedProse`): a half, as terms are not spread evenly over the text.
 */
const SHOWN_SHARE = 0.5;

interface ScoredPassage {
  passage: IndexedPassage;
  evidence: MatchEvidence;
  relevance: number;
}

/** The best `limit` pages by rank: a bounded min-heap (a common word touches thousands of pages). */
class TopRanked {
  readonly #pages: number[] = [];
  readonly #ranks: number[] = [];

  constructor(readonly limit: number) {}

  /** True when a page of this rank would be kept. */
  accepts(rank: number): boolean {
    return this.limit > 0 && (this.#ranks.length < this.limit || rank > (this.#ranks[0] as number));
  }

  add(page: number, rank: number): void {
    const pages = this.#pages;
    const ranks = this.#ranks;
    let at: number;
    if (ranks.length < this.limit) {
      // Sift up from the end.
      at = ranks.length;
      pages.push(page);
      ranks.push(rank);
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (rank >= (ranks[parent] as number)) break;
        pages[at] = pages[parent] as number;
        ranks[at] = ranks[parent] as number;
        at = parent;
      }
    } else {
      // Replace the least and sift down.
      at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= ranks.length) break;
        const right = left + 1;
        const child =
          right < ranks.length && (ranks[right] as number) < (ranks[left] as number) ? right : left;
        if ((ranks[child] as number) >= rank) break;
        pages[at] = pages[child] as number;
        ranks[at] = ranks[child] as number;
        at = child;
      }
    }
    pages[at] = page;
    ranks[at] = rank;
  }

  sorted(): RankedPage[] {
    const ranked: RankedPage[] = [];
    for (let i = 0; i < this.#pages.length; i++)
      ranked.push({ page: this.#pages[i] as number, rank: this.#ranks[i] as number });
    return ranked.sort((a, b) => b.rank - a.rank || a.page - b.page);
  }
}

/**
 * Links per page from which a site's link graph counts, and at which it counts fully (MDN's pages
 * link each other 9 times per page, Hono's docs 0.6: their visitors navigate by the sidebar).
 */
const LINKS_PER_PAGE_IGNORED = 1;
const LINKS_PER_PAGE_TRUSTED = 3;
/**
 * Pages a site needs before its links count at all: a site of a few dozen pages links by its
 * navigation (an overview linking each page of its section), so which page is linked most says
 * how it is organised, not which one a visitor means. Measured on the benchmark's three small
 * sites (24 to 34 pages): hit@1 .643 → .671 on the demo's docs, .583 → .617 on Hublane's.
 */
const LINKS_MIN_PAGES = 100;

/**
 * A page's standing from the number of pages linking to it, 0–1 on a log scale relative to the
 * most linked page: 10 links are worth much more than 1, 500 not much more than 100. A site that
 * links little says little about which pages matter, so standing is scaled by `trust` (see
 * `linkTrust`): nothing under one link per page (a sidebar-driven docs site), fully from three.
 */
function linkStanding(counts: Uint32Array, trust: number): Float32Array {
  let most = 0;
  for (const count of counts) most = Math.max(most, count);
  const standing = new Float32Array(counts.length);
  if (most === 0) return standing;
  const scale = Math.log1p(most);
  for (let i = 0; i < counts.length; i++) standing[i] = (trust * Math.log1p(counts[i] as number)) / scale;
  return standing;
}

/**
 * How much a site's links say (0–1), by how densely its pages link each other: nothing under one
 * link per page, fully from three; nothing on a site of fewer than LINKS_MIN_PAGES pages.
 */
function linkTrust(counts: Uint32Array): number {
  let total = 0;
  for (const count of counts) total += count;
  const perPage = counts.length === 0 ? 0 : total / counts.length;
  if (counts.length < LINKS_MIN_PAGES) return 0;
  return Math.min(
    1,
    Math.max(0, (perPage - LINKS_PER_PAGE_IGNORED) / (LINKS_PER_PAGE_TRUSTED - LINKS_PER_PAGE_IGNORED)),
  );
}

/** The segments of a link's path, without its query and fragment. */
const linkSegments = (link: string): string[] =>
  link
    .replace(/[?#].*$/, '')
    .split('/')
    .filter(Boolean);

/**
 * The last segment of a link's path (`/docs/helpers/cookie` → `cookie`), part of a page's name;
 * without a document's extension, which a text file's link keeps (`/notes.txt` → `notes`).
 */
function lastLinkSegment(link: string): string {
  const segment = linkSegments(link).at(-1) ?? '';
  return /^index(\.\w+)?$/i.test(segment) ? '' : segment.replace(/\.(?:txt|html?|mdx?|markdown)$/i, '');
}

/** The last two segments of a link's path, lower-cased: `/…/promise/all` → promise, all. */
function memberName(link: string): { parent: string; name: string } | undefined {
  const [parent, name] = linkSegments(link.toLowerCase()).slice(-2);
  return name !== undefined && parent !== undefined && /^\w+$/.test(name) && /^\w+$/.test(parent)
    ? { parent, name }
    : undefined;
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

/**
 * A title (or a query) with case and punctuation aside: its letters and digits, lower-cased, each
 * run joined by one space, so that `install ask elements` and `THE CLIENT: CREATECLIENT` are the
 * titles *Install ask-elements* and *The client: createClient*.
 */
function titleKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The share of the query (by weight) whose words, as typed, the page's name writes: stemming
 * makes `navigation` and `navigator` one term, but a visitor typing `navigation` means
 * *Navigation*, not *Navigator*. A word still being typed counts where a name writes it whole
 * (`set` on its way to `setTimeout` lifts *Set* until the next letter; `navig` lifts nothing).
 * `writtenWords` are the query's words between spaces, made once for all the candidates.
 */
function nameAsWritten(query: AnalysedQuery, writtenWords: readonly string[], nameWords: string): number {
  let written = 0;
  for (let i = 0; i < writtenWords.length; i++)
    if (nameWords.includes(writtenWords[i] as string)) written += (query.terms[i] as QueryTerm).weight;
  return written / query.totalWeight;
}

/**
 * The pages whose names hold each stop word, for the words few names hold (`NAME_STOP_WORD_PAGES`):
 * words of a page's title and of its link's last segment as written, not the parts of a name
 * (`is` of `isCors`).
 */
function pagesByNameStopWord(
  pages: readonly IndexedPage[],
  analyser: TextAnalyser,
): Map<string, Uint32Array> {
  const named = new Map<string, number[]>();
  pages.forEach(({ document }, index) => {
    const name = `${document.title} ${lastLinkSegment(document.link)}`.toLowerCase();
    for (const word of name.split(/[^\p{L}\p{N}]+/u))
      if (word !== '' && analyser.isStopWord(word)) {
        const list = named.get(word);
        if (list === undefined) named.set(word, [index]);
        else if (list.at(-1) !== index) list.push(index);
      }
  });
  const limit = Math.max(NAME_STOP_WORD_PAGES, pages.length * NAME_STOP_WORD_SHARE);
  const byWord = new Map<string, Uint32Array>();
  for (const [word, list] of named) if (list.length <= limit) byWord.set(word, Uint32Array.from(list));
  return byWord;
}

/** The share (0–1) of a name of `length` terms that `words` of the query ask for. */
const askedShare = (words: number, length: number): number =>
  length === 0 ? 0 : Math.min(1, words / length);

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

/** The ids of several lists one after another, in one typed array. */
function concatenated(lists: readonly ArrayLike<number>[]): Uint32Array {
  let total = 0;
  for (const list of lists) total += list.length;
  const all = new Uint32Array(total);
  let at = 0;
  for (const list of lists) {
    all.set(list, at);
    at += list.length;
  }
  return all;
}

/** How many of a site's first pages tell its language, and how much of each at most. */
const LANGUAGE_SAMPLE_PAGES = 50;
const LANGUAGE_SAMPLE_PER_PAGE = 4000;

/**
 * A page's prose, for telling its language: its title, description, headings and text without
 * code blocks or code spans, whose names (`c.header()`, `e`, `i`) are no language's words; a
 * part of each page at most, so that one long page doesn't speak for the site.
 */
function proseOf(document: SourceDocument): string {
  const parts = [document.title, document.description];
  for (const section of document.sections) {
    let text = section.text;
    for (const code of section.code ?? []) text = text.replace(code, ' ');
    parts.push(section.heading, text.replace(CODE_SPAN, ' '));
  }
  return parts.join('\n').slice(0, LANGUAGE_SAMPLE_PER_PAGE);
}
const CODE_SPAN = /`[^`\n]*`/g;

/**
 * The site's language, `configured` or told from the text of its first pages, and its documents,
 * those pages included: they are read ahead, and indexing goes on as the rest arrive.
 */
async function withSiteLanguage(
  source: Iterable<SourceDocument> | AsyncIterable<SourceDocument>,
  configured: string,
): Promise<{ language: Language; documents: AsyncIterable<SourceDocument> | Iterable<SourceDocument> }> {
  if (configured !== 'auto') return { language: await loadLanguage(configured), documents: source };
  const iterator =
    Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  const first: SourceDocument[] = [];
  let done = false;
  while (first.length < LANGUAGE_SAMPLE_PAGES) {
    const next = await iterator.next();
    if (next.done === true) {
      done = true;
      break;
    }
    first.push(next.value);
  }
  const code = await detectLanguage(first.map(proseOf));
  async function* documents(): AsyncIterable<SourceDocument> {
    yield* first;
    if (done) return;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
  }
  // Told, not asked for: without the languages' optional packages, the site is read as English.
  return { language: await loadLanguage(code).catch(() => ENGLISH), documents: documents() };
}
