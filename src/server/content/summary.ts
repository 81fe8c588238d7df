import { withoutCodeMarks } from './code-spans.js';
import { type DocumentSection, sectionValue } from './document.js';

/** Longest description derived from a page's first paragraph. */
export const DESCRIPTION_MAX_CHARS = 300;

/**
 * A short description cut from a paragraph: the whole paragraph when it is short, else cut at the
 * last sentence end that fits, else at a word end with `…`.
 */
export function summarise(paragraph: string, maxChars = DESCRIPTION_MAX_CHARS): string {
  const text = (SPACE_TO_COLLAPSE.test(paragraph) ? paragraph.replace(/\s+/g, ' ') : paragraph).trim();
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '));
  if (sentenceEnd > maxChars / 3) return head.slice(0, sentenceEnd + 1);
  const wordEnd = head.lastIndexOf(' ');
  return `${head.slice(0, wordEnd > 0 ? wordEnd : maxChars - 1).replace(/[,;:]$/, '')}…`;
}

/** The first paragraph of a plain text that reads as prose (not a code line, not a list of links). */
export function firstProseParagraph(text: string): string {
  for (const paragraph of text.includes('\n') ? text.split(/\n\s*\n/) : [text]) {
    const trimmed = paragraph.trim();
    if (trimmed.length < 20) continue;
    // Three letters, a space, two letters: `[a-z]{3,}\s+[a-z]{2,}` means the same, but at each
    // letter of a run with no space in it (a gene's sequence, a token) read the run to its end
    // again, 10 ms for 2,000 letters, 7.5 s for a 1 MB file of them.
    if (!/[a-z]{3}\s+[a-z]{2}/i.test(trimmed)) continue;
    if (/^[{}[\]()<>/$#]|;\s*$/.test(trimmed)) continue;
    return trimmed;
  }
  return '';
}

/** Characters of a section's prose a search result shows in place of its page's description. */
export const EXCERPT_MAX_CHARS = 200;

/** A paragraph of prose of a section: its text, code marks removed, and its place in the section. */
export interface ProseParagraph {
  /** Its place among the section's paragraphs (its text split at blank lines), from 0. */
  at: number;
  /** Its text, code marks removed, white space collapsed to single spaces. */
  prose: string;
}

/**
 * The section's paragraphs of prose, in order: what a search result may show of it as its
 * excerpt. Not code, not a table's row, nor what `firstProseParagraph` would not take.
 */
export function sectionProse(section: DocumentSection): ProseParagraph[] {
  const paragraphs: ProseParagraph[] = [];
  section.text.split('\n\n').forEach((paragraph, at) => {
    const prose = paragraphAsProse(section, paragraph);
    if (prose) paragraphs.push({ at, prose });
  });
  return paragraphs;
}

/** The section's first paragraph of prose (see `sectionProse`), if any. */
export function sectionOpening(section: DocumentSection): ProseParagraph | undefined {
  const paragraphs = section.text.split('\n\n');
  for (let at = 0; at < paragraphs.length; at++) {
    const prose = paragraphAsProse(section, paragraphs[at] as string);
    if (prose) return { at, prose };
  }
  return undefined;
}

/** The prose of the section's paragraph `at` (see `sectionProse`): '' when it is none. */
export function paragraphProse(section: DocumentSection, at: number): string {
  // Found by its blank lines rather than by splitting the whole text: a section may be long.
  const { text } = section;
  let start = 0;
  for (let skipped = 0; skipped < at; skipped++) {
    const blank = text.indexOf('\n\n', start);
    if (blank < 0) return '';
    start = blank + 2;
  }
  const end = text.indexOf('\n\n', start);
  return paragraphAsProse(section, end < 0 ? text.slice(start) : text.slice(start, end));
}

/**
 * A paragraph of the section's text as prose, code marks removed, white space collapsed; ''
 * when it is none (see `sectionProse`).
 */
export function paragraphAsProse(section: DocumentSection, paragraph: string): string {
  if (section.code?.includes(paragraph) || sectionValue(section.tableRows, paragraph)) return '';
  const prose = firstProseParagraph(withoutCodeMarks(paragraph));
  // Collapsed only where needed: replacing every space of every paragraph took most of the time.
  return SPACE_TO_COLLAPSE.test(prose) ? prose.replace(/\s+/g, ' ') : prose;
}

/**
 * Where the sentence after the one starting at `from` starts in the text (its length when that
 * is the last). A sentence ends at a full stop, `!` or `?` and a space, before a capital, a
 * digit, a quote or a bracket; and at a semicolon and a space, whose clauses read as sentences
 * of their own, so that a long one can be shown from the clause that matters. (An abbreviation
 * before a capital, "e.g. Safari", ends one too: a sentence's part reads well enough.)
 */
export function nextSentenceStart(text: string, from: number): number {
  SENTENCE_END.lastIndex = from;
  const end = SENTENCE_END.exec(text);
  return end === null ? text.length : end.index + end[0].length;
}

/** White space other than single spaces. */
const SPACE_TO_COLLAPSE = /[^\S ]| {2}/;
const SENTENCE_END = /[.!?]["'’”)]?\s+(?=[\p{Lu}\p{N}"'‘“(<])|;\s+/gu;
