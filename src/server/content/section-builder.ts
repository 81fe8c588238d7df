import type { DocumentSection, ListItem } from './document.js';
import { type AnchorStyle, HeadingSlugger } from './heading-slug.js';

/** Longest code block kept in a section's text: enough to find an identifier, not enough to drown the prose. */
export const CODE_BLOCK_MAX_LINES = 30;
export const CODE_BLOCK_MAX_CHARS = 1500;

/**
 * Longest paragraph kept whole. A longer one (a log, text without blank lines) is cut into
 * paragraphs of at most this many characters, so that no passage, and no sentence an answer
 * quotes, is a whole file.
 */
export const PARAGRAPH_MAX_CHARS = 2000;

/**
 * Longest section kept whole; a longer one goes on in another of the same heading. An answer
 * reads the sentences of a few whole sections, which must take milliseconds, not seconds.
 * MDN's longest section is about 24,000 characters.
 */
export const SECTION_MAX_CHARS = 20_000;

/**
 * A table row as a paragraph of section text, the same from every format: its cells' texts joined
 * by "; ", which the answerer reads back as a table's cells. An empty cell keeps its column as
 * "—" (else the cells after it would stand under the wrong headers); empty cells at the end of the
 * row are left out, and a row of none is ''.
 */
export function tableRowParagraph(cells: readonly string[]): string {
  let end = cells.length;
  while (end > 0 && (cells[end - 1] as string).trim() === '') end--;
  return cells
    .slice(0, end)
    .map((cell) => (cell.trim() === '' ? EMPTY_CELL : cell.trim()))
    .join('; ');
}

/** What an empty cell in the middle of a table row reads as. */
const EMPTY_CELL = '—';

/** A line break, a tab or two spaces in a row: what `addParagraph` tidies. */
const MESSY_SPACE = /[\n\t]| {2}/;

/** A section whose paragraphs are still being read, and what is known of each paragraph. */
interface SectionInProgress {
  heading: string;
  anchor: string;
  level: number;
  paragraphs: string[];
  code: string[];
  languages: Map<string, string>;
  blankLines: Map<string, number[]>;
  listItems: Map<string, ListItem>;
  definitions: Set<string>;
  tableRows: Set<string>;
}

/** A section under a heading, nothing read into it yet. */
const sectionAt = (heading: string, anchor: string, level: number): SectionInProgress => ({
  heading,
  anchor,
  level,
  paragraphs: [],
  code: [],
  languages: new Map(),
  blankLines: new Map(),
  listItems: new Map(),
  definitions: new Set(),
  tableRows: new Set(),
});

/**
 * Collects the paragraphs of a page into sections split at its headings. Every reader (Markdown,
 * HTML, plain text) feeds one of these, so that all formats give the same shape of section.
 */
export class SectionBuilder {
  readonly #sections: DocumentSection[] = [];
  readonly #slugger: HeadingSlugger;
  #current: SectionInProgress = sectionAt('', '', 0);

  /**
   * @param anchors How the site's generator writes a heading's anchor (see `heading-slug.ts`).
   * @param reserved The anchors the page sets itself, which MkDocs takes before any other.
   */
  constructor(anchors?: AnchorStyle, reserved?: Iterable<string>) {
    this.#slugger = new HeadingSlugger(anchors, reserved);
  }

  /**
   * Starts a section at a heading; `anchor` is the heading's own id when the source gives one,
   * `null` when the page can have none (a text file): no deep link then, rather than one to an
   * anchor that can't be there. Else its anchor is made from its text as given, spaces and all,
   * as the site's generator makes it. With `oneRepeat`, a heading that repeats the one just
   * before it, nothing between them, is that one heading (a built page's title written by its
   * theme over content that opens with the same heading): the second, which carries the content's
   * anchor, starts the section, and the first is no section of its own.
   */
  startSection(heading: string, level: number, anchor?: string | null, oneRepeat = false): void {
    const text = heading.replace(/\s+/g, ' ').trim();
    const current = this.#current;
    const repeated =
      oneRepeat &&
      text !== '' &&
      current.heading === text &&
      current.level === level &&
      current.paragraphs.length === 0;
    if (!repeated) this.#flush();
    this.#current = sectionAt(
      text,
      anchor === null ? '' : anchor === undefined ? this.#slugger.slug(heading) : this.#slugger.take(anchor),
      level,
    );
  }

  /**
   * Adds a paragraph of text; `list` when it is an item of a list (see `DocumentSection.listItems`),
   * `definition` when that item describes the item before it (see `DocumentSection.definitions`).
   */
  addParagraph(text: string, list?: ListItem, definition = false): void {
    // Most paragraphs are one line of single spaces: nothing to tidy but its ends.
    const paragraph = MESSY_SPACE.test(text)
      ? text
          .split('\n')
          .map((line) => line.replace(/[ \t]+/g, ' ').trim())
          .filter((line) => line !== '')
          .join('\n')
      : text.trim();
    if (paragraph === '') return;
    // Most paragraphs are far shorter than the limit.
    const pieces = paragraph.length <= PARAGRAPH_MAX_CHARS ? [paragraph] : paragraphPieces(paragraph);
    this.#current.paragraphs.push(...pieces);
    if (list) for (const piece of pieces) this.#current.listItems.set(piece, list);
    if (list && definition) this.#current.definitions.add(pieces[0] as string);
  }

  /** Adds a row of a table, its cells joined by `; ` (see `tableRowParagraph`). */
  addTableRow(row: string): void {
    const before = this.#current.paragraphs.length;
    this.addParagraph(row);
    for (const piece of this.#current.paragraphs.slice(before)) this.#current.tableRows.add(piece);
  }

  /**
   * Adds a code block, cut to its first lines: code is searchable, but a long listing says little
   * more. A block cut ends in a line `…`, so that a reader sees it goes on. `language` is what
   * the page names it (`ts`, `sh`), if anything.
   */
  addCode(code: string, language = ''): void {
    // trimEnd, not a regular expression: /\s+$/ is quadratic on a long run of spaces mid-line.
    let lines = code.trimEnd().split('\n');
    while (lines.length > 0 && lines[0]?.trim() === '') lines = lines.slice(1);
    if (lines.length === 0) return;
    let kept = lines.slice(0, CODE_BLOCK_MAX_LINES).join('\n');
    let cut = lines.length > CODE_BLOCK_MAX_LINES;
    if (kept.length > CODE_BLOCK_MAX_CHARS) {
      const lastLine = kept.lastIndexOf('\n', CODE_BLOCK_MAX_CHARS);
      kept = lastLine > 0 ? kept.slice(0, lastLine) : kept.slice(0, CODE_BLOCK_MAX_CHARS);
      cut = true;
    }
    // Blank lines separate paragraphs in `text`, so a code block must not contain one, nor end
    // with a line break (cut at a blank line), which would join the next paragraph. The line
    // after a blank one keeps its indentation. Where they were is kept beside it (its lines that
    // one stood before), for an answer to show the code as the page does.
    const blankLines: number[] = [];
    if (/\n[ \t]*\n/.test(kept)) {
      let line = 0;
      let blank = false;
      // Blank as the replace below reads it: a line of a no-break space stays in the text.
      for (const written of kept.trimEnd().split('\n')) {
        if (/^[ \t]*$/.test(written)) blank = true;
        else {
          if (blank && line > 0) blankLines.push(line);
          blank = false;
          line++;
        }
      }
    }
    kept = kept.replace(/\n(?:[ \t]*\n)+/g, '\n').trimEnd();
    if (kept.trim() === '') return;
    if (cut) kept += '\n…';
    this.#current.paragraphs.push(kept);
    this.#current.code.push(kept);
    if (language !== '') this.#current.languages.set(kept, language);
    if (blankLines.length > 0) this.#current.blankLines.set(kept, blankLines);
  }

  /** The sections, in page order; a section with neither heading nor text is dropped. */
  finish(): DocumentSection[] {
    this.#flush();
    return this.#sections;
  }

  #flush(): void {
    const {
      heading,
      anchor,
      level,
      paragraphs,
      code,
      languages,
      blankLines,
      listItems,
      definitions,
      tableRows,
    } = this.#current;
    if (heading === '' && paragraphs.length === 0) return;
    let first = 0;
    let length = 0;
    const push = (end: number): void => {
      const kept = paragraphs.slice(first, end);
      const section: DocumentSection = { heading, anchor, level, text: kept.join('\n\n') };
      const keptCode =
        code.length > 0 && end - first < paragraphs.length
          ? code.filter((block) => kept.includes(block))
          : code;
      if (keptCode.length > 0) section.code = keptCode;
      const named = keptCode.filter((block) => languages.has(block));
      if (named.length > 0)
        section.codeLanguages = new Map(named.map((block) => [block, languages.get(block) as string]));
      const spaced = blankLines.size > 0 ? keptCode.filter((block) => blankLines.has(block)) : [];
      if (spaced.length > 0)
        section.codeBlankLines = new Map(spaced.map((block) => [block, blankLines.get(block) as number[]]));
      const items = kept.filter((paragraph) => listItems.has(paragraph));
      if (items.length > 0)
        section.listItems = new Map(items.map((item) => [item, listItems.get(item) as ListItem]));
      const described = definitions.size > 0 ? items.filter((item) => definitions.has(item)) : [];
      if (described.length > 0) section.definitions = new Map(described.map((item) => [item, true]));
      const rows = tableRows.size > 0 ? kept.filter((paragraph) => tableRows.has(paragraph)) : [];
      if (rows.length > 0) section.tableRows = new Map(rows.map((row) => [row, true]));
      this.#sections.push(section);
      first = end;
      length = 0;
    };
    // A section longer than SECTION_MAX_CHARS goes on in another under the same heading.
    paragraphs.forEach((paragraph, i) => {
      if (length > 0 && length + paragraph.length > SECTION_MAX_CHARS) push(i);
      length += paragraph.length + 2;
    });
    push(paragraphs.length);
  }
}

/**
 * A paragraph longer than PARAGRAPH_MAX_CHARS, cut into pieces no longer: each at its last line
 * break in the second half of the limit, else its last sentence end there, else its last space,
 * else at the limit (a word that long); never inside a code span.
 */
function paragraphPieces(paragraph: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (paragraph.length - start > PARAGRAPH_MAX_CHARS) {
    const end = start + cutPoint(paragraph, start);
    pieces.push(paragraph.slice(start, end).trim());
    start = end;
    while (/\s/.test(paragraph[start] ?? '')) start++;
  }
  pieces.push(paragraph.slice(start).trim());
  return pieces.filter((piece) => piece !== '');
}

/** Where to cut the paragraph's piece that starts at `start`, counted from `start`. */
function cutPoint(paragraph: string, start: number): number {
  let lineBreak = 0;
  let sentenceEnd = 0;
  let space = 0;
  let inCode = false;
  for (let i = 0; i < PARAGRAPH_MAX_CHARS; i++) {
    const c = paragraph[start + i] as string;
    if (c === '`') inCode = !inCode;
    if (inCode || i < PARAGRAPH_MAX_CHARS / 2) continue;
    if (c === '\n') lineBreak = i;
    else if (c === ' ') {
      space = i;
      if (/[.!?]/.test(paragraph[start + i - 1] ?? '')) sentenceEnd = i;
    }
  }
  return lineBreak || sentenceEnd || space || PARAGRAPH_MAX_CHARS;
}
