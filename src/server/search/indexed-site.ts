/**
 * The index's storage: what loading a site builds and every search reads. Each page with its
 * names (title, link, sections named in code), its passages (a section, or a part of a long one)
 * as term ids, the page postings, the site's link standing and the pages' error messages; built
 * once per load by `buildIndexedSite`, then read by page-ranking.ts and passage-selection.ts.
 */
import { sectionPlainText } from '../content/code-spans.js';
import type { DocumentSection, SourceDocument } from '../content/document.js';
import { MessagePages, messageTemplates } from './error-messages.js';
import { linkGraph } from './link-graph.js';
import { codeUnitAt } from './code-units.js';
import { IdArena } from './id-arena.js';
import { PagePostings, type PageFieldTerms } from './page-postings.js';
import { PassageCoverageScorer, passageTermsOf, sortedDistinct, type PassageTerms } from './passage-terms.js';
import { negatedTerms, operatorNames, TextAnalyser } from './text-analyser.js';
import { SYNONYMS, type SynonymTable } from './synonyms.js';
import { detectLanguage, ENGLISH, type Language, loadLanguage } from './languages.js';
import { TermIdList, TokenTerms } from './token-terms.js';
import { Vocabulary } from './vocabulary.js';

/** A passage as indexed: a section (or a part of a long one) and its terms. */
export interface IndexedPassage {
  page: number;
  section: DocumentSection;
  /** Heading terms then text terms, in order. */
  terms: Uint32Array;
  /**
   * Its text's paragraphs (split at blank lines): how many, and where the first's entry is in
   * the site's `paragraphStarts` and `proseLengths` (see `matchedProseOf`).
   */
  paragraphCount: number;
  firstParagraph: number;
  distinct: Uint32Array;
  heading: Uint32Array;
  /** The terms its section is named by, when its heading is one name in code (`## status()`). */
  named?: Uint32Array;
}

export interface IndexedPage {
  document: SourceDocument;
  /** Its name: the terms of its title and of its link's last segment. */
  name: Uint32Array;
  /** Description and headings. */
  summary: Uint32Array;
  passages: number[];
  /** Its passages by term: which hold each term, and in their heading or not. */
  passageTerms: PassageTerms;
  /** Its mentions by term, each paragraph apart (see `linkGraph`); undefined when none. */
  mentions?: { terms: PassageTerms; count: number };
  tags: Set<string>;
  /** The words of its title and slug as written, lower-cased, each between spaces. */
  nameWords: string;
  /** Its title as `titleKey` writes it: a query that is its title names it. */
  titleWords: string;
}

/** A loaded site, as the search reads it. */
export interface IndexedSite {
  /** The analyser of the site's text and of queries, in the site's language. */
  readonly analyser: TextAnalyser;
  readonly vocabulary: Vocabulary;
  /** The terms that are the whole slug of a page (see `QueryAnalyser`). */
  readonly pageNames: Set<number>;
  /** Per name of a page titled by stop words alone (`let`), the terms of its description. */
  readonly keywordContext: Map<number, Set<number>>;
  readonly pages: IndexedPage[];
  readonly passages: IndexedPassage[];
  readonly averagePassageLength: number;
  readonly postings: PagePostings | undefined;
  /** Each page's standing in the site's link graph, 0–1 (see `linkStanding`). */
  readonly standing: Float32Array;
  /**
   * How much the site's links say, 0–1 (see `linkTrust`): it scales what a question's share in a
   * page's mentions adds to its rank. Mentions are indexed at all only when it is above 0.
   */
  readonly linksTrusted: number;
  /** The pages that have a section named by a term alone (see `PAGE_RANK.sectionName`). */
  readonly pagesBySectionName: Map<number, Uint32Array>;
  /** The names in code that sections of few pages have (`## status()`), the page's own name or not. */
  readonly sectionNamesOfFewPages: Set<number>;
  /** The pages whose names hold a stop word, by the word (see `NAME_STOP_WORD_PAGES`). */
  readonly pagesByNameStopWord: Map<string, Uint32Array>;
  /**
   * Per page, the share of the current query naming it besides its terms' own postings: of a
   * question, by the sections it names; of a typed search, by its stop words. 0 between queries.
   */
  readonly namingShare: Float32Array;
  /** Pages titled with an error message, matched against a pasted one. */
  readonly messagePages: MessagePages;
  /** Scratch space of the passages' coverage, reused by every query. */
  readonly coverage: PassageCoverageScorer;
  /**
   * For each passage (from its `firstParagraph`), where each of its paragraphs starts in its
   * terms, then where the last ends.
   */
  readonly paragraphStarts: Uint32Array;
  /**
   * For each passage (from its `firstParagraph`), the length of each of its paragraphs as prose
   * (see `paragraphAsProse`; up to 65,534), 0 for one that is not prose: read when a search first
   * needs it (`UNREAD` until then), since searches show few of a site's paragraphs.
   */
  readonly proseLengths: Uint16Array;
}

/** The storage of an index before its first load: no pages, read as English with these synonyms. */
export function emptyIndexedSite(synonyms: SynonymTable = SYNONYMS): IndexedSite {
  return {
    analyser: new TextAnalyser(ENGLISH, synonyms),
    vocabulary: new Vocabulary(),
    pageNames: new Set(),
    keywordContext: new Map(),
    pages: [],
    passages: [],
    averagePassageLength: 1,
    postings: undefined,
    standing: new Float32Array(0),
    linksTrusted: 0,
    pagesBySectionName: new Map(),
    sectionNamesOfFewPages: new Set(),
    pagesByNameStopWord: new Map(),
    namingShare: new Float32Array(0),
    messagePages: new MessagePages(),
    coverage: new PassageCoverageScorer(),
    paragraphStarts: new Uint32Array(0),
    proseLengths: new Uint16Array(0),
  };
}

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
    const space = isWhiteSpace(codeUnitAt(text, i));
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
 * Paragraphs of other pages that link to a page, kept per page for its mentions field: MDN's
 * `opacity` is mentioned in about 70, `Array` in thousands, whose first hundred say all they
 * have to say.
 */
const MENTIONS_PER_PAGE = 100;
/**
 * Reads a site's documents into the index's storage, in the site's language: `configured` (a
 * code), or `auto` to tell it from the text of the first pages. Its queries read `synonyms`.
 */
export async function buildIndexedSite(
  source: Iterable<SourceDocument> | AsyncIterable<SourceDocument>,
  configured: string,
  synonyms: SynonymTable = SYNONYMS,
): Promise<IndexedSite> {
  const { language, documents } = await withSiteLanguage(source, configured);
  const analyser = new TextAnalyser(language, synonyms);
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
    // A heading's negations ("## No results") are terms of it too (see `negatedTerms`).
    const negatedInHeading = new Map<DocumentSection, number[]>();
    for (const section of document.sections) {
      if (section.level <= 1) continue;
      tokenTerms.ids(section.heading, headings);
      const negated = negatedTerms(section.heading, analyser).map(({ term }) => vocabulary.add(term));
      if (negated.length === 0) continue;
      negatedInHeading.set(section, negated);
      headings.push(...negated);
    }
    // The terms each section is named by in code (`## status()`), read once: for its passages
    // and for the pages a name names.
    const namedBy = new Map<DocumentSection, Uint32Array>();
    for (const section of document.sections) {
      const ids = section.level > 1 ? codeNameTerms(section.heading, vocabulary, analyser) : [];
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
      heading.push(...titleOperators, ...(negatedInHeading.get(section) ?? []));
      // The passages of a section share its heading.
      const headingTerms = sortedDistinct(heading, arena);
      const named = namedBy.get(section);
      for (const { section: part, plainText } of passagesOf(section)) {
        const textStart = body.length;
        // Paragraph by paragraph (the same terms as the text read whole: no token spans a
        // blank line), to know which paragraph a result shows (see `matchedProseOf`).
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
  const { inbound: inboundLinks, mentions: mentionsByPage } = linkGraph(indexed, MENTIONS_PER_PAGE);
  const linksTrusted = linkTrust(inboundLinks);
  // A site that links little says little in its links (Hono's docs: its sidebar does the linking).
  if (linksTrusted > 0) {
    // A paragraph linking to several pages is a mention of each (on MDN, 65,000 paragraphs make
    // 90,000 mentions): its terms are read once.
    const mentionTerms = new Map<string, { ids: Uint32Array; distinct: Uint32Array }>();
    const mentionIds = new TermIdList();
    mentionsByPage.forEach((texts, page) => {
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

  vocabulary.prepare();
  const namingLimit = Math.max(SECTION_NAMING_PAGES, pages.length * SECTION_NAMING_SHARE);
  const pagesBySectionName = new Map<number, Uint32Array>();
  for (const [id, named] of sectionNames)
    if (named.length <= namingLimit) pagesBySectionName.set(id, Uint32Array.from(named));
  return {
    analyser,
    vocabulary,
    pageNames,
    keywordContext,
    pages,
    passages,
    averagePassageLength: passages.length === 0 ? 1 : totalPassageLength / passages.length,
    postings,
    standing: linkStanding(inboundLinks, linksTrusted),
    linksTrusted,
    pagesBySectionName,
    sectionNamesOfFewPages: new Set(
      [...sectionNamePages].filter(([, named]) => named.length <= namingLimit).map(([id]) => id),
    ),
    pagesByNameStopWord: pagesByNameStopWord(pages, analyser),
    namingShare: new Float32Array(pages.length),
    messagePages,
    coverage: new PassageCoverageScorer(),
    paragraphStarts: Uint32Array.from(paragraphStarts),
    proseLengths: new Uint16Array(paragraphStarts.length).fill(UNREAD),
  };
}

/**
 * The terms of the name a section's heading gives it in code (see `codeName`): `c.header()` is
 * named `c.header` and, as a question says it, `header`. None for a heading in words.
 */
function codeNameTerms(heading: string, vocabulary: Vocabulary, analyser: TextAnalyser): number[] {
  const named = codeName(heading);
  if (named === undefined) return [];
  const ids: number[] = [];
  for (const part of new Set([named, named.slice(named.lastIndexOf('.') + 1)])) {
    const id = vocabulary.id(analyser.term(part.toLowerCase()));
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

/** The prose length of a paragraph not read yet (see `IndexedSite.proseLengths`). */
export const UNREAD = 0xffff;

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
 * A title (or a query) with case and punctuation aside: its letters and digits, lower-cased, each
 * run joined by one space, so that `install ask elements` and `THE CLIENT: CREATECLIENT` are the
 * titles *Install ask-elements* and *The client: createClient*.
 */
export function titleKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
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
