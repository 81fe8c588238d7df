/**
 * A section as the extractive answer reads it: split into units, each a sentence (wink-nlp's
 * boundaries, never inside a code span or an open quotation), a table row or a code block, with
 * the terms it holds, its list and table; and what the choice asks of them: a table's rows and
 * listing, a list's items, a heading that names an option.
 */
import { sectionPlainText, splitOutsideCode, textRuns, withoutCodeMarks } from '../content/code-spans.js';
import { sectionValue, type ListItem, type DocumentSection as Section } from '../content/document.js';
import type { TextAnalyser } from '../search/text-analyser.js';
import { sentenceRanges } from './language-model.js';

/** A table's header row names its columns in a few words each. */
const MAX_HEADER_CELL = 32;

/** Names listed from a table's first column. */
export const MAX_LISTED = 24;

/**
 * A comment (opening at a line's start or after a space, not the `//` of a URL; `#` only before a
 * space, not a CSS id's) marking code as a mistake: the SyntaxError it can't be parsed for, a
 * verdict ("// BAD:", "// wrong!", "// Invalid", "// DON'T DO THIS"), or ❌. Not a runtime error's
 * name: docs show the TypeError that the next access to a revoked proxy throws, as what the code
 * is for.
 */
const MARKED_A_MISTAKE =
  /(?:^|\s)(?:\/\/|\/\*|#\s|<!--)\s*(?:(?:uncaught\s+)?SyntaxError\b|(?:bad|wrong|incorrect|invalid|illegal|don't do this|do not do this)\b\s*(?:[:!.,(–—-]|$))|❌/im;

/** A comment marking code as the right way: "// GOOD:", "// Correct!", ✅. */
const MARKED_RIGHT = /(?:^|\s)(?:\/\/|\/\*|#\s|<!--)\s*(?:good|correct|valid)\b\s*(?:[:!(–—-]|$)|✅/im;

/**
 * Code that shows what not to write, and not the right way beside it. Docs set such code next to
 * the right way; quoted in an answer, which shows only a sentence or two of what surrounds it, it
 * misleads. It is quoted only when a section has nothing else to quote.
 */
function showsAMistake(code: string): boolean {
  return MARKED_A_MISTAKE.test(code) && !MARKED_RIGHT.test(code);
}

/** One sentence, table row or code block of a section, in page order. */
export interface Unit {
  kind: 'text' | 'row' | 'code';
  /** As quoted: a sentence or row with its code spans (see `code-spans.ts`), a code block as it is. */
  text: string;
  /** Characters a reader sees of it: its text without code spans' marks. */
  length: number;
  paragraph: number;
  /** Its words, as the index reads them (without code spans' marks). */
  terms: string[];
  /** A table row's column names, its header row's words: "Default" says what each row's value is. */
  columns?: string[];
  /** A code block that shows what not to write (see `showsAMistake`). */
  mistake?: boolean;
  /** The language a code block is written in, when the page names it. */
  language?: string;
  /** The lines of a code block that a blank line stood before on the page (see `codeBlankLines`). */
  blankLines?: readonly number[];
  /** For a sentence of a list item, the kind of list. */
  list?: ListItem;
  /** For a sentence of a list item that describes the item before it (see `DocumentSection.definitions`). */
  defines?: boolean;
  score: number;
}

/** A table row's cells: a code span holding "; " is in one cell. */
export function cellsOf(row: string): string[] {
  return splitOutsideCode(row, '; ');
}

/** A paragraph is a table row when it has as many `; ` cells as the header row. */
function cellCount(paragraph: string): number {
  return paragraph.includes('\n') ? 0 : cellsOf(paragraph).length;
}

/**
 * A step's number before a heading ("4. Deploy", "2.1. Setup a new project", "Step 3: Run"): its
 * place in a walk-through, not what the section is about. Not a number that is part of the
 * heading's words ("2.0 release", "HTTP/2").
 */
const STEP_NUMBER = /^\s*(?:(?:step|part)\s+\d+[.:)]?|\d+(?:\.\d+)*[.):])\s+(?=\S)/i;

/**
 * The terms of a section's heading as the choice of a page's section reads them: without a step's
 * number (see `STEP_NUMBER`), which is no word of its subject. With it, `## 4. Deploy` was no
 * heading that is the question "deploy to Cloudflare Workers" (the `4` is no word of it).
 */
export function headingTerms(heading: string, analyser: TextAnalyser): string[] {
  return analyser.terms(heading.replace(STEP_NUMBER, ''));
}

/** Each section's terms (heading and text), read once: a page's sections outlive any question. */
const termsOfSection = new WeakMap<Section, ReadonlySet<string>>();

/** The terms of a section's heading and text, as a set. */
export function sectionTermSet(section: Section, analyser: TextAnalyser): ReadonlySet<string> {
  let terms = termsOfSection.get(section);
  if (!terms) {
    terms = new Set([...analyser.terms(section.heading), ...analyser.terms(sectionPlainText(section))]);
    termsOfSection.set(section, terms);
  }
  return terms;
}

/**
 * The sentences of a paragraph of section text. wink-nlp reads it without code spans' marks, as
 * it read it before they were kept; a boundary it finds inside a code span (`a. B` in code) is
 * none, so that no sentence holds half a code span.
 */
export function paragraphSentences(paragraph: string): string[] {
  const line = paragraph.replace(/\n/g, ' ');
  const runs = textRuns(line);
  /** Where each run starts in the plain text. */
  const plainStarts: number[] = [];
  let plain = '';
  for (const run of runs) {
    plainStarts.push(plain.length);
    plain += run.text;
  }
  const codeRuns = runs.flatMap((run, index) => {
    const start = plainStarts[index] as number;
    return run.code ? [[start, start + run.text.length]] : [];
  });
  // The prose alone, code spans blanked: a quote mark or parenthesis in code opens nothing.
  let prose = plain;
  for (const [from, to] of codeRuns) prose = prose.slice(0, from) + ' '.repeat(to - from) + prose.slice(to);
  const count = (text: string, char: string): number => text.split(char).length - 1;
  /** Whether a sentence leaves a quotation or a parenthesis open: the sentence goes on after it. */
  const leftOpen = (start: number, end: number): boolean => {
    const text = prose.slice(start, end);
    return (
      count(text, '(') > count(text, ')') ||
      count(text, '"') % 2 === 1 ||
      // Curly marks pair in each language's order: “…” in English, „…“ in German, ”…” in Swedish.
      (text.match(/[\u201c\u201d\u201e]/g)?.length ?? 0) % 2 === 1 ||
      // Guillemets open one way or the other: «…» in French, »…« in German and Danish.
      count(text, '«') !== count(text, '»') ||
      count(text, '‹') !== count(text, '›')
    );
  };
  const ranges: [number, number][] = [];
  for (const [start, end] of sentenceRanges(plain)) {
    const previous = ranges.at(-1);
    if (
      previous &&
      (codeRuns.some(([from, to]) => from < start && to > previous[1]) || leftOpen(previous[0], previous[1]))
    ) {
      // A guillemet closing the quotation, after a space as French writes it (« Exporter. »), is
      // taken as the start of the next sentence: it ends the one before, and a next sentence
      // starts after it unless the text goes on in lower case (« Prêt. » et il part.).
      const closing = /^\s*[»›]/.exec(prose.slice(start, end))?.[0].length ?? 0;
      const rest = start + closing;
      if (closing > 0 && /^\s*[^\s\p{Ll}]/u.test(prose.slice(rest, end)) && !leftOpen(previous[0], rest)) {
        previous[1] = rest;
        ranges.push([rest, end]);
      } else previous[1] = end;
    } else ranges.push([start, end]);
  }
  // A plain offset in the paragraph as written: code spans are taken whole, fences included.
  const runAt = (offset: number, isEnd: boolean): number => {
    const index = runs.findIndex((run, i) => {
      const start = plainStarts[i] as number;
      return isEnd ? offset > start && offset <= start + run.text.length : offset < start + run.text.length;
    });
    const run = runs[index];
    if (!run) return isEnd ? line.length : 0;
    if (run.code) return isEnd ? run.end : run.start;
    return run.start + offset - (plainStarts[index] as number);
  };
  return ranges
    .map(([start, end]) => line.slice(runAt(start, false), runAt(end, true)).trim())
    .filter((sentence) => sentence !== '');
}

/**
 * A sentence that was only a link's text ("[Read more.](https://…)", "Learn more"): the section's
 * text keeps no links, so quoted it points nowhere ("…set `strict` in `compilerOptions`. Read more.").
 */
const POINTER_ONLY =
  /^(?:(?:read|learn|see|find out) more|more (?:info|information|details)|details|click here)[.!…]*$/i;

/**
 * A string in code of two words or more and nothing else (`'You are authorized'`, `'List
 * Books'`): a demo's text, not what the code does. One word may be a value the API reads
 * (`'json'`, `'form'`). Not from an apostrophe in a comment ("// Don't…") to a quote.
 */
const DEMO_STRING = /(?<![\p{L}\p{N}])(['"])[\p{L}\p{N},.!?]+(?: [\p{L}\p{N},.!?]+)+\1(?![\p{L}\p{N}])/gu;

/** The sentences, table rows and code blocks of a section, in order. */
export function unitsOf(section: Section, analyser: TextAnalyser): Unit[] {
  const code = new Set(section.code ?? []);
  const units: Unit[] = [];
  const paragraphs = section.text.split('\n\n');
  let tableCells = 0;
  let columns: string[] = [];
  paragraphs.forEach((paragraph, index) => {
    if (code.has(paragraph)) {
      const language = sectionValue(section.codeLanguages, paragraph);
      const blankLines = sectionValue(section.codeBlankLines, paragraph);
      units.push({
        kind: 'code',
        ...(language ? { language } : {}),
        ...(blankLines ? { blankLines } : {}),
        text: paragraph,
        length: paragraph.length,
        paragraph: index,
        // In markup, what the code does is in its tags and attributes: the text between them is a
        // demo's filler ("Lorem ipsum", a header's words), not what it shows. So is a string of
        // words in code (`c.json({ message: 'You are authorized' })`).
        terms: analyser.terms(
          isMarkup(paragraph, language)
            ? paragraph.replace(/>[^<]*</g, '><')
            : paragraph.replace(DEMO_STRING, '$1$1'),
        ),
        mistake: showsAMistake(paragraph),
        score: 0,
      });
      tableCells = 0;
      return;
    }
    const cells = cellCount(paragraph);
    const next = paragraphs[index + 1];
    // A table: the rows its reader marked; else a header row followed by a row of as many cells,
    // and the rows after it (a cell may itself hold "; ").
    const header =
      cells >= 2 && cellsOf(paragraph).every((cell) => withoutCodeMarks(cell).length <= MAX_HEADER_CELL);
    const isRow =
      section.tableRows === undefined
        ? tableCells > 0 || (header && next !== undefined && cellCount(next) >= cells)
        : sectionValue(section.tableRows, paragraph) === true;
    if (cells >= 2 && isRow) {
      const row = proseUnit('row', paragraph, index, analyser);
      if (tableCells === 0) columns = row.terms;
      else row.columns = columns;
      tableCells = cells;
      units.push(row);
      return;
    }
    tableCells = 0;
    const list = sectionValue(section.listItems, paragraph);
    // A description is an item's only when the paragraph before it is the item it describes.
    const defines =
      list !== undefined &&
      sectionValue(section.definitions, paragraph) === true &&
      units.at(-1)?.kind === 'text' &&
      units.at(-1)?.paragraph === index - 1 &&
      units.at(-1)?.list !== undefined;
    for (const text of paragraphSentences(paragraph)) {
      if (POINTER_ONLY.test(text)) continue;
      const unit = proseUnit('text', text, index, analyser);
      if (list) unit.list = list;
      if (defines) unit.defines = true;
      units.push(unit);
    }
  });
  return units;
}

/** A sentence or table row as a unit: measured and read without its code spans' marks. */
function proseUnit(kind: 'text' | 'row', text: string, paragraph: number, analyser: TextAnalyser): Unit {
  const plain = withoutCodeMarks(text);
  return { kind, text, length: plain.length, paragraph, terms: analyser.terms(plain), score: 0 };
}

/**
 * The units of the list a list item's unit belongs to: the items of the paragraphs before and
 * after it that are items of a list of the same kind (numbered or not), up to `max` paragraphs;
 * undefined when the list has more.
 */
export function listAround(units: readonly Unit[], index: number, max: number): [number, number] | undefined {
  const kind = (units[index] as Unit).list;
  if (kind === undefined) return undefined;
  const sameList = (at: number, neighbour: number) => {
    const unit = units[at];
    const next = units[neighbour] as Unit;
    return (
      unit?.kind === 'text' &&
      unit.list !== undefined &&
      (unit.list === 'unordered') === (kind === 'unordered') &&
      (unit.paragraph === next.paragraph || Math.abs(unit.paragraph - next.paragraph) === 1)
    );
  };
  let first = index;
  while (sameList(first - 1, first)) first--;
  let last = index;
  while (sameList(last + 1, last)) last++;
  const paragraphs = (units[last] as Unit).paragraph - (units[first] as Unit).paragraph + 1;
  return paragraphs <= max ? [first, last] : undefined;
}

/** Whether a code block is markup (HTML, XML, SVG), by its language or, without one, its first character. */
function isMarkup(code: string, language: string | undefined): boolean {
  return language === undefined
    ? /^\s*<[a-z!]/i.test(code)
    : /^(html|xml|svg|xhtml|vue|svelte)$/i.test(language);
}

/** Index of the header row of the table holding row `index`: the first of its run of rows. */
export function tableStart(units: Unit[], index: number): number {
  let start = index;
  while (start > 0 && units[start - 1]?.kind === 'row') start--;
  return start;
}

/** A row's cells, as many as the header's: a cell that itself holds "; " is kept whole. */
export function rowCells(text: string, count: number): string[] {
  const cells = cellsOf(text);
  if (cells.length <= count) return cells;
  return [...cells.slice(0, count - 1), cells.slice(count - 1).join('; ')];
}

/** A table's first column as one line (see `tableListing`), and the paragraph of its header row. */
export interface TableListing {
  paragraph: number;
  header: string;
  text: string;
}

/**
 * The first column of the section's first table, as one line: "event: ask-question, ask-answer, …",
 * each name once: a table of status codes lists `400` for several errors, and `400, 408, 431` in
 * one cell ("Status: 400, 400, 400, 408, 431, 400, …" answered "Which status codes…?"), and a
 * placeholder ("—") is no name ("attribute: —, `base-url`, …").
 */
export function tableListing(units: Unit[]): TableListing | undefined {
  const start = units.findIndex((unit) => unit.kind === 'row');
  const header = units[start];
  if (!header) return undefined;
  const listed = new Set<string>();
  for (let i = start + 1; i < units.length && units[i]?.kind === 'row'; i++)
    for (const name of splitOutsideCode(cellsOf((units[i] as Unit).text)[0] as string, ', '))
      // Not a cell that names nothing: "—" for a property that has no attribute.
      if (/[\p{L}\p{N}]/u.test(name)) listed.add(name);
  const names = [...listed];
  if (names.length < 2) return undefined;
  const shown = names.slice(0, MAX_LISTED);
  const more = names.length > shown.length ? ', …' : '';
  const column = cellsOf(header.text)[0] as string;
  return { paragraph: header.paragraph, header: column, text: `${column}: ${shown.join(', ')}${more}` };
}

/**
 * A heading that is a name in code: a call (`valid()`), a dotted, camel-case or snake-case name
 * (`c.req.param`, `executionCtx`), or a lower-case name with its type (`alg: string`, `verifyUser:
 * (username, password, c) => boolean`), as API references and option lists title their sections.
 * "Usage" or "Note: …" is a heading in words.
 */
export const CODE_NAME_HEADING = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(\(\))?(?:\s*:\s*(\S.*))?$/;

/**
 * The name of an option as an option list heads its section, with its type: `realm: string`,
 * `origin: string | string[] | (origin: string, c: Context) => string`. Lower case, as options
 * are written ("Note: hashes" is a heading in words).
 */
export function optionName(heading: string): string | undefined {
  const match = CODE_NAME_HEADING.exec(heading.trim());
  const [, identifier, call, type] = match ?? [];
  if (identifier === undefined || call !== undefined || type === undefined) return undefined;
  return /^[a-z_$]/.test(identifier) && typeLike(type) ? identifier : undefined;
}

/** A type as an option list writes it: `string`, `number[]`, `(c: Context) => boolean`, `'a' | 'b'`. */
export function typeLike(type: string): boolean {
  return /[()[\]<>|{}='"]/.test(type) || type.trim().split(/\s+/).length <= 2;
}
