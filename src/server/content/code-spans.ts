import type { DocumentSection } from './document.js';

/**
 * Section text is plain text in which inline code is written as Markdown code spans
 * (`` `shortcut="mod+k"` ``), so that an answer quoting a sentence can show its code as code.
 * Every backtick of it belongs to a code span: a backtick the page shows as a character is
 * written as a code span of its own (`` ` ``), so the text reads one way only.
 *
 * Everything that weighs words (the index, answer evidence, descriptions) reads the text with
 * the code spans' marks removed, exactly the text it read before they were kept: a mark beside a
 * word (`` `Request`s ``) would otherwise split it, and one beside an operator (`` (`??`) ``)
 * would hide it.
 */

/** A run of section text: prose, or the content of a code span. */
export interface TextRun {
  text: string;
  code: boolean;
  /** Where the run starts in the text (a code span's opening fence). */
  start: number;
  /** Where the run ends in the text (after a code span's closing fence). */
  end: number;
}

/** Code as a Markdown code span: fenced by more backticks than it holds in a row, padded if need be. */
export function codeSpan(code: string): string {
  // Nearly all code holds no backtick: one each side fences it.
  if (!code.includes('`')) return isPadded(code) ? `\` ${code} \`` : `\`${code}\``;
  const longestRun = Math.max(0, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longestRun + 1);
  // A space each side is taken off when both are there (CommonMark), so that code may start or
  // end with a backtick: padded, those spaces are kept.
  const padded = code.startsWith('`') || code.endsWith('`') || isPadded(code);
  return padded ? `${fence} ${code} ${fence}` : `${fence}${code}${fence}`;
}

/** Plain text as section text: its backticks are characters the page shows, not code. */
export function literalText(text: string): string {
  return text.includes('`') ? text.replace(/`+/g, (backticks) => codeSpan(backticks)) : text;
}

/**
 * Section text followed by more of it. Two code spans side by side (`<code>a</code><code>b</code>`,
 * or code then a backtick the page shows) become one: their fences would otherwise run together
 * into one longer run of backticks, which opens or closes neither.
 */
export function appendSectionText(text: string, addition: string): string {
  if (!text.endsWith('`') || !addition.startsWith('`')) return text + addition;
  const last = textRuns(text).at(-1);
  const first = textRuns(addition)[0];
  if (!last?.code || last.end !== text.length || !first?.code || first.start !== 0) return text + addition;
  return text.slice(0, last.start) + codeSpan(last.text + first.text) + addition.slice(first.end);
}

/**
 * Section text built part by part, as `appendSectionText` appends, in time linear in its length:
 * appending to the whole text would read it all again at every part (a paragraph of thousands of
 * code spans took seconds).
 */
export class SectionTextBuilder {
  #pieces: string[] = [];

  append(addition: string): void {
    const last = this.#pieces.length - 1;
    if (last >= 0 && addition.startsWith('`') && (this.#pieces[last] as string).endsWith('`'))
      this.#pieces[last] = appendSectionText(this.#pieces[last] as string, addition);
    else if (addition !== '') this.#pieces.push(addition);
  }

  /** The text so far, and a fresh start. */
  take(): string {
    const text = this.#pieces.join('');
    this.#pieces = [];
    return text;
  }
}

/** The runs of a paragraph of section text, in order; a backtick without its closing fence is prose. */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let proseStart = 0;
  for (let span = nextCodeSpan(text, 0); span; span = nextCodeSpan(text, span.end)) {
    if (span.start > proseStart)
      runs.push({
        text: text.slice(proseStart, span.start),
        code: false,
        start: proseStart,
        end: span.start,
      });
    runs.push({ text: spanContent(text, span), code: true, start: span.start, end: span.end });
    proseStart = span.end;
  }
  if (text.length > proseStart)
    runs.push({ text: text.slice(proseStart), code: false, start: proseStart, end: text.length });
  return runs;
}

/** Where a code span stands in a text: its opening fence, its content, the end of its closing fence. */
export interface CodeSpanBounds {
  start: number;
  contentStart: number;
  contentEnd: number;
  end: number;
}

/**
 * The code spans of a text (section text, or a line of Markdown), in order: each a run of
 * backticks closed by the next run exactly as long; a run with none is literal backticks.
 */
export function* codeSpansIn(text: string): Generator<CodeSpanBounds> {
  for (let span = nextCodeSpan(text, 0); span; span = nextCodeSpan(text, span.end)) yield span;
}

/** The first code span from `from` on: a run of backticks closed by a run exactly as long. */
export function nextCodeSpan(text: string, from: number): CodeSpanBounds | undefined {
  for (let open = text.indexOf('`', from); open >= 0;) {
    let fenceEnd = open;
    while (text[fenceEnd] === '`') fenceEnd++;
    const close = closingFence(text, text.slice(open, fenceEnd), fenceEnd);
    if (close >= 0)
      return { start: open, contentStart: fenceEnd, contentEnd: close, end: close + fenceEnd - open };
    open = text.indexOf('`', fenceEnd);
  }
  return undefined;
}

/** A code span's content, without the space each side that CommonMark takes off. */
function spanContent(text: string, span: CodeSpanBounds): string {
  const content = text.slice(span.contentStart, span.contentEnd);
  return isPadded(content) ? content.slice(1, -1) : content;
}

/** Where a run of exactly as many backticks as `fence`, from `from` on, closes a code span; -1 if none. */
function closingFence(text: string, fence: string, from: number): number {
  for (let at = text.indexOf(fence, from); at >= 0; at = text.indexOf(fence, at)) {
    let end = at + fence.length;
    if (text[end] !== '`') return at;
    while (text[end] === '`') end++;
    at = end;
  }
  return -1;
}

/** Section text without its code spans' marks: the code as the page shows it, among the prose. */
export function withoutCodeMarks(text: string): string {
  if (!text.includes('`')) return text;
  // As `textRuns` reads the text, without making its runs: this runs on every paragraph indexed.
  let plain = '';
  let copied = 0;
  for (let span = nextCodeSpan(text, 0); span; span = nextCodeSpan(text, span.end)) {
    plain += text.slice(copied, span.start) + spanContent(text, span);
    copied = span.end;
  }
  return plain + text.slice(copied);
}

/** Code span content padded by a space each side, which CommonMark takes off. */
function isPadded(content: string): boolean {
  return content.length >= 2 && content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '';
}

/** A paragraph of a section's text as the index reads it (see `sectionPlainText`). */
export function plainParagraph(paragraph: string, section: DocumentSection): string {
  return !paragraph.includes('`') || section.code?.includes(paragraph)
    ? paragraph
    : withoutCodeMarks(paragraph);
}

/**
 * A section's text as the index and the API read it: code spans' marks removed from its prose,
 * its code blocks (which may hold backticks of their own) as they are.
 */
export function sectionPlainText(section: DocumentSection): string {
  if (!section.text.includes('`')) return section.text;
  let plain = plainTexts.get(section);
  if (plain === undefined) {
    plain = section.text
      .split('\n\n')
      .map((paragraph) => plainParagraph(paragraph, section))
      .join('\n\n');
    plainTexts.set(section, plain);
  }
  return plain;
}

/**
 * Plain texts made, by section: the document's text, the index and the answerer each read a
 * section's plain text (at 10,000 pages, making it again for each was a tenth of indexing).
 */
const plainTexts = new WeakMap<DocumentSection, string>();

/**
 * Text cut at each `separator` that stands outside code spans (`a; b` in a table cell of code
 * is one cell), so that no part is left with half a code span.
 */
export function splitOutsideCode(text: string, separator: string): string[] {
  if (!text.includes('`')) return text.split(separator);
  const parts: string[] = [];
  let partStart = 0;
  for (const run of textRuns(text)) {
    if (run.code) continue;
    for (
      let at = text.indexOf(separator, run.start);
      at >= 0 && at + separator.length <= run.end;
      at = text.indexOf(separator, at + separator.length)
    ) {
      parts.push(text.slice(partStart, at));
      partStart = at + separator.length;
    }
  }
  parts.push(text.slice(partStart));
  return parts;
}
