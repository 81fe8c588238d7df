/**
 * The answer's blocks (answer-format.ts writes them as markdown or html) from the units chosen
 * in a section: sentences, list items, table rows and code blocks as the page shows them, and a
 * short answer from a section named in code given that name.
 */
import { codeSpan } from '../content/code-spans.js';
import type { DocumentSection as Section } from '../content/document.js';
import type { AnswerBlock } from './answer-format.js';
import { tagWords } from './language-model.js';
import {
  cellsOf,
  CODE_NAME_HEADING,
  rowCells,
  tableStart,
  typeLike,
  type TableListing,
  type Unit,
} from './section-units.js';

/** Rows quoted under a table's header row when the header alone was chosen (it matched, or was announced). */
const ROWS_UNDER_A_LONE_HEADER = 6;

/**
 * The answer's blocks for the chosen units of a section, in page order: the sentences of a
 * paragraph in one block, list items in a list numbered as the page numbers it, rows in their
 * table under its header row (a header row chosen alone with the table's first rows), the code
 * blocks chosen, and a table's `listing` where the table stands.
 */
export function quotedBlocks(
  units: Unit[],
  chosen: ReadonlySet<number>,
  codeChosen: ReadonlySet<number>,
  listing: TableListing | undefined,
): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  let lastParagraph = -1;
  /** The table block of each table quoted, by the index of its header row. */
  const tables = new Map<number, Extract<AnswerBlock, { kind: 'table' }>>();
  let listed = false;
  units.forEach((unit, index) => {
    if (unit.kind === 'code') {
      if (codeChosen.has(index)) {
        blocks.push(codeBlock(unit));
        lastParagraph = -1;
      }
      return;
    }
    if (listing && !listed && unit.paragraph === listing.paragraph) {
      blocks.push({ kind: 'text', text: listing.text });
      listed = true;
      lastParagraph = -1;
    }
    if (!chosen.has(index)) return;
    const last = blocks.at(-1);
    if (unit.kind === 'row') {
      // A row is quoted in its table, under the table's header row.
      const start = tableStart(units, index);
      let table = tables.get(start);
      if (!table || table !== last) {
        table = { kind: 'table', header: cellsOf((units[start] as Unit).text), rows: [] };
        tables.set(start, table);
        blocks.push(table);
      }
      if (index !== start) table.rows.push(rowCells(unit.text, table.header.length));
      lastParagraph = -1;
      return;
    }
    if (unit.kind === 'text' && unit.list !== undefined) {
      // An item of a list, in the list block of the items before it, numbered as the page numbers it.
      const number = unit.list === 'unordered' ? undefined : unit.list;
      const next =
        last?.kind === 'list' &&
        last.ordered === (number !== undefined) &&
        unit.paragraph === lastParagraph + 1;
      const text = quotedSentence(unit.text, continuesCutSentence(units, index));
      if (last?.kind === 'list' && unit.paragraph === lastParagraph)
        last.items[last.items.length - 1] += ` ${text}`;
      // A description on its term's line: "Cache.match() — Returns a Promise…".
      else if (last?.kind === 'list' && unit.defines && unit.paragraph === lastParagraph + 1)
        last.items[last.items.length - 1] += ` — ${text}`;
      else if (next && (number === undefined || number === (last.start ?? 1) + last.items.length))
        last.items.push(text);
      else
        blocks.push(
          number === undefined
            ? { kind: 'list', ordered: false, items: [text] }
            : { kind: 'list', ordered: true, start: number, items: [text] },
        );
    } else if (unit.kind === 'text' && last?.kind === 'text' && unit.paragraph === lastParagraph)
      last.text += ` ${quotedSentence(unit.text, continuesCutSentence(units, index))}`;
    else blocks.push({ kind: 'text', text: quotedSentence(unit.text, continuesCutSentence(units, index)) });
    lastParagraph = unit.paragraph;
  });
  // A table chosen by its header row alone ("parts" asked, `| part | element |` matched) is
  // quoted with its first rows: a header without rows says nothing.
  for (const [start, table] of tables) {
    if (table.rows.length > 0) continue;
    for (let i = start + 1; i < units.length && table.rows.length < ROWS_UNDER_A_LONE_HEADER; i++) {
      const unit = units[i] as Unit;
      if (unit.kind !== 'row' || tableStart(units, i) !== start) break;
      table.rows.push(rowCells(unit.text, table.header.length));
    }
  }
  return blocks;
}

/**
 * Longest sentence quoted whole. The reader cuts a paragraph of over 2,000 characters into pieces
 * (`PARAGRAPH_MAX_CHARS`), so one sentence that long (a run-on list of clauses, a legal text
 * without full stops) was quoted as 2,000 characters stopping mid-word-group, or starting there.
 */
export const QUOTED_SENTENCE_MAX_CHARS = 600;

/**
 * Where a clause ends inside a sentence: a comma, semicolon or colon (Arabic's too), or a dash
 * between spaces; in Chinese and Japanese, which put no space after them, a full-width one or an
 * enumeration comma (、).
 */
const CLAUSE_END = /[,;:،؛](?=\s)|[，；：、]|\s[—–-](?=\s)/g;

/** The end of a sentence, or of one that announces what follows: the reader's cut is not there. */
const SENTENCE_END = /[.!?:;…。！？：；]["'”’)\]]*$/;

/**
 * Whether the unit at `index` goes on with a sentence the reader cut (a paragraph of over 2,000
 * characters cut at a space, see `PARAGRAPH_MAX_CHARS`): the first of its paragraph, starting with
 * a lower-case letter, after a paragraph whose last sentence has no end. A sentence that starts a
 * paragraph with a lower-case word ("npm, yarn and pnpm…") after one that ends is a sentence.
 */
function continuesCutSentence(units: readonly Unit[], index: number): boolean {
  const unit = units[index] as Unit;
  const before = units[index - 1];
  return (
    /^\p{Ll}/u.test(unit.text) &&
    before?.kind === 'text' &&
    before.paragraph === unit.paragraph - 1 &&
    !SENTENCE_END.test(before.text.trimEnd())
  );
}

/**
 * A sentence as an answer quotes it: whole up to `QUOTED_SENTENCE_MAX_CHARS`; a longer one to
 * the end of its last clause within that length, then " …" (at a word's end when it has no
 * clause end past a third of it). A piece that goes on with a sentence the reader cut (`cut`,
 * see `continuesCutSentence`) starts at its first clause, after "… ".
 */
export function quotedSentence(text: string, cut: boolean): string {
  if (text.length <= QUOTED_SENTENCE_MAX_CHARS) return text;
  let start = 0;
  let opening = '';
  if (cut) {
    opening = '… ';
    CLAUSE_END.lastIndex = 0;
    const first = CLAUSE_END.exec(text.slice(0, QUOTED_SENTENCE_MAX_CHARS / 3));
    if (first) start = first.index + first[0].length;
    while (/\s/.test(text[start] ?? '')) start++;
  }
  const window = text.slice(start, start + QUOTED_SENTENCE_MAX_CHARS);
  let end = -1;
  for (const match of window.matchAll(CLAUSE_END))
    if (match.index >= QUOTED_SENTENCE_MAX_CHARS / 3) end = match.index;
  if (end < 0) end = window.lastIndexOf(' ');
  if (end <= 0) end = window.length;
  // Never half of a character outside the BMP (𠮷, an emoji): a lone surrogate is no text.
  if (/[\uD800-\uDBFF]/.test(window[end - 1] ?? '')) end--;
  return `${opening}${window.slice(0, end).trimEnd()} …`;
}

/**
 * A code unit as a block of the answer, with its language when the page names it, and the blank
 * lines the page shows in it: without them an HTTP message's body runs into its headers.
 */
export function codeBlock(unit: Unit): AnswerBlock {
  const blank = new Set(unit.blankLines ?? []);
  const text =
    blank.size === 0
      ? unit.text
      : unit.text
          .split('\n')
          .map((line, at) => (blank.has(at) ? `\n${line}` : line))
          .join('\n');
  return unit.language ? { kind: 'code', text, language: unit.language } : { kind: 'code', text };
}

/** An answer of at most this much prose is one or two sentences, which may lean on their heading. */
const SHORT_ANSWER_CHARS = 160;

/**
 * An answer from a section named by code whose first sentence opens with "It" and a verb names it
 * there instead. A short one starts with the name, when its sentences don't say it: "Get the
 * validated data." answers nothing until it is `valid()`'s, nor "The function to verify the
 * user." until it is the option `verifyUser: (…) => boolean`.
 */
export function withTheNameItExplains(blocks: AnswerBlock[], section: Section): void {
  const first = blocks[0];
  if (section.level < 2 || first?.kind !== 'text') return;
  const heading = section.heading.trim();
  const name = CODE_NAME_HEADING.exec(heading);
  if (!name) return;
  const [, identifier = '', call, type] = name;
  // A name alone is code when written as code is (`executionCtx`, `c.env`, `snake_case`): a
  // capitalised one may be a word ("JavaScript", "WebSocket").
  if (call === undefined && type === undefined && !/^[a-z_$].*[A-Z]|[._]/.test(identifier)) return;
  // An option and its type is named in lower case ("Note: hashes" is a heading in words), and its
  // type is a name or two, or written with a type's punctuation: not "only on the server".
  if (call === undefined && type !== undefined && (!/^[a-z_$]/.test(identifier) || !typeLike(type))) return;
  // A product is no code: "Node.js", "Vue.js".
  if (/^\p{Lu}[\w]*\.js$/u.test(identifier)) return;
  // "It allows you to stream Server-Sent Events" under `## streamSSE()`: "it" is the name, said
  // or not further on, and an answer that opens with it refers to nothing.
  // Only "It" and a verb: "It is possible to…" and "It is recommended to…" say nothing of the
  // name, and "This means…" points back at a sentence, not at the heading.
  const pronoun = /^It\s+(?=\p{Ll})/u.exec(first.text);
  if (pronoun && tagWords(first.text.slice(0, 60), 'passage')[1]?.pos === 'VERB') {
    first.text = `${codeSpan(heading)} ${first.text.slice(pronoun[0].length)}`;
    return;
  }
  // What each block says in words (a table's cells aside), and the prose among it: its paragraphs,
  // not the points of a list quoted after them ("If false, only from current origin.").
  const blockText = (block: AnswerBlock) =>
    block.kind === 'table' ? '' : block.kind === 'list' ? block.items.join('\n') : block.text;
  const prose = blocks.reduce((sum, block) => sum + (block.kind === 'text' ? block.text.length : 0), 0);
  // The name as a word of its own: "alg" is not said by "algorithm".
  const bare = (identifier.split('.').at(-1) as string).replace(/\$/g, '\\$');
  const said = new RegExp(`(?<![\\w$])${bare}(?![\\w$])`);
  if (prose > SHORT_ANSWER_CHARS || blocks.some((block) => said.test(blockText(block)))) return;
  first.text = `${codeSpan(heading)} — ${first.text}`;
}
