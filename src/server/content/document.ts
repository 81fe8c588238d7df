/** A document of the content folder, as the index and the answerer see it. */
export interface SourceDocument {
  /** Stable id: the path relative to the content folder, with `/` separators. */
  id: string;
  title: string;
  description: string;
  tags: string[];
  /**
   * Absolute URL with `--site-url`, else the root-relative path (`/docs/api/routing`), under the
   * path the site's generator publishes it under (`/acme/docs/api/routing`: see `basePathOf`).
   */
  link: string;
  assetType: string;
  /** The document's plain text (markup removed, code spans' too), returned as `content` by search. */
  text: string;
  /** The document split at its headings; the answerer quotes from these. */
  sections: DocumentSection[];
  /**
   * Where the page links to, as written (`/docs/api/routing#base-path`, `../request`), a
   * root-relative link under the site's base path (see `linkUnderBasePath`): the site's own link
   * graph, from which the index learns which pages the site points readers to most.
   */
  links?: string[];
  /**
   * The page's paragraphs (list items, table rows) that link to other pages, each with its links'
   * targets as written: what this page says about the pages it links to (see `linkGraph`).
   */
  mentions?: LinkMention[];
}

/** A paragraph, list item or table row (in Markdown, a line) that links to other pages. */
export interface LinkMention {
  /** Its links' targets, as written. */
  targets: string[];
  /**
   * Its words, for the index: link destinations, anchors' tags and entities left out, MDN's
   * cross-references as their text; other markup stays (its punctuation separates no words).
   */
  text: string;
}

export interface DocumentSection {
  /** The heading text ('' for the text before the first heading). */
  heading: string;
  /** The heading's slug, for a deep link `link#anchor` ('' when none). */
  anchor: string;
  /** Heading level 1–6 (0 for the text before the first heading). */
  level: number;
  /**
   * Plain text of the section, markup removed but inline code kept as Markdown code spans (see
   * `code-spans.ts`; `sectionPlainText` gives it without them), paragraphs separated by blank lines.
   */
  text: string;
  /**
   * The section's code blocks, each exactly as it appears as a paragraph of `text`, so that an
   * answer can show code as code rather than quote it as a sentence. Absent when there is none.
   */
  code?: string[];
  /**
   * The language of each code block of `code` that names one (a fence's info string, a
   * `language-*` class), by the block's text: `ts`, `sh`, `json`, as the page writes it.
   * The readers build Maps, not objects keyed by the text: an object makes V8 copy each key into
   * its table of property names, which cost reading MDN's 10,000 pages about a tenth of its time.
   * An object is read too (documents a host builds itself, or keeps as JSON): see `sectionValue`.
   */
  codeLanguages?: SectionValues<string>;
  /**
   * Where each code block of `code` had blank lines, which `text` can't hold (a blank line ends a
   * paragraph there): by the block's text, the numbers of its lines (from 0) that a blank line
   * stood before on the page, so that an answer shows the code as the page does (an HTTP
   * message's body apart from its headers, a file's parts apart). Absent for blocks without.
   */
  codeBlankLines?: SectionValues<readonly number[]>;
  /**
   * The paragraphs of `text` that are items of a list, by their text, each `'unordered'` or its
   * number in a numbered list, so that an answer quotes them as the page lists them. (An item's
   * further paragraphs are text under it, not items.)
   */
  listItems?: SectionValues<ListItem>;
  /**
   * The items of `listItems` that describe the item just before them, their term: MDN's
   * definition lists (`- term` then `  - : description`), so that an answer quotes a description
   * with the term it describes and a term with its description.
   */
  definitions?: SectionValues<true>;
  /**
   * The paragraphs of `text` that are rows of a table (cells joined by `; `), by their text, when
   * the page's reader marked them: a paragraph after a table that holds a `; ` is no row. Without
   * it, rows are told from their cells (a header row, then rows of as many cells).
   */
  tableRows?: SectionValues<true>;
}

/** Values of a section's paragraphs by their text: a Map, or an object keyed by the text. */
export type SectionValues<T> = ReadonlyMap<string, T> | Readonly<Record<string, T>>;

/**
 * The value `values` holds for the paragraph `key`: from a Map, or from an object's own keys
 * (not one its prototype has: `constructor`).
 */
export function sectionValue<T>(values: SectionValues<T> | undefined, key: string): T | undefined {
  if (values === undefined) return undefined;
  if (values instanceof Map) return (values as ReadonlyMap<string, T>).get(key);
  const record = values as Readonly<Record<string, T>>;
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** An item of a list: `'unordered'`, or its number in a numbered list. */
export type ListItem = 'unordered' | number;

/**
 * True when `part` is `section` or a passage of it: a section too long to keep whole is indexed as
 * several copies of the same anchor and heading, each holding a part of its text.
 */
export function isPartOfSection(part: DocumentSection, section: DocumentSection): boolean {
  return (
    part === section ||
    (part.anchor === section.anchor &&
      part.heading === section.heading &&
      section.text.includes(part.text.slice(0, 200)))
  );
}

/** A file of the content folder that could not be read, reported and skipped. */
export interface SkippedFile {
  path: string;
  reason: string;
  /** Set when the file is read but is no page of the published site (see `NotAPage`). */
  notAPage?: NotAPageKind;
}

/**
 * Why a file that was read is no page of the published site: a page that asks not to be indexed,
 * a redirect left where a page used to be, a draft, the page shown for an address the site does
 * not have (its 404 page), a partial that other pages show (Docusaurus's `_shared.mdx`), a file
 * the site's generator publishes no page from (a Hugo bundle's resource, a Jekyll collection not output).
 */
export type NotAPageKind = 'noindex' | 'redirect' | 'draft' | 'notFound' | 'partial' | 'unpublished';

/** Thrown by a reader for a file that is no page of the site: skipped as such, not as an error. */
export class NotAPage extends Error {
  readonly kind: NotAPageKind;

  constructor(kind: NotAPageKind, message: string) {
    super(message);
    this.name = 'NotAPage';
    this.kind = kind;
  }
}

/**
 * Whether a heading is that of a section listing other pages ("See also", "Related", "Further
 * reading", "External links"): its lines are their titles, which name a question's subject
 * without answering it, and no search result should lead there.
 */
export function listsOtherPages(heading: string): boolean {
  return /^\s*(see also|related( pages| topics| links| resources| guides| articles)?|further reading|external links)\s*:?\s*$/i.test(
    heading,
  );
}
