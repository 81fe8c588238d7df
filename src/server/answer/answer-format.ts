import type { AnswerFormat } from '../../wire/index.js';
import { codeSpan, textRuns } from '../content/code-spans.js';

/**
 * A piece of an answer: a paragraph of prose, a block of code or a table. Prose and table cells
 * are section text, plain text with inline code as Markdown code spans (see `code-spans.ts`);
 * code is as written.
 */
export type AnswerBlock =
  | { kind: 'text'; text: string }
  /** `language` as the page names it (`ts`, `sh`), when it does. */
  | { kind: 'code'; text: string; language?: string }
  /** Rows of a table quoted under its header row, each row as many cells as the header. */
  | { kind: 'table'; header: string[]; rows: string[][] }
  /** Items of a list, numbered (from `start`, 1 by default) or not, each section text. */
  | { kind: 'list'; ordered: boolean; start?: number; items: string[] };

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);
}
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes plain text so Markdown shows it as written: no emphasis, links, HTML, headings or
 * lists come out of text quoted from a page. `atLineStart` false for text that goes on a line
 * (after a code span): its start is no line's, and a `-` there starts no list.
 */
export function escapeMarkdown(text: string, atLineStart = true): string {
  // A mark that starts a block (a heading, a list item, an underline) does so at a line's start.
  const blockMark = (match: string, space: string, mark: string, offset: number) =>
    offset === 0 && !atLineStart && !space.includes('\n') ? match : `${space}\\${mark}`;
  return (
    text
      .replace(/[\\`*_[\]<>|~]/g, '\\$&')
      // A bare URL (GFM's autolinks) runs up to a `<` and takes its escaping backslash, which
      // left the tag after it live: `https://a.test\\<img onerror=…>`. Such a URL is written as
      // text, its `:` or first `.` escaped; others stay links.
      .replace(/\b(https?|ftp):(?=\/\/\S*?\\<)/gi, '$1\\:')
      .replace(/\b(www)\.(?=\S*?\\<)/gi, '$1\\.')
      .replace(/^(\s*)([#+-]|\d+[.)])(?=\s)/gm, blockMark)
      .replace(/^(\s*)(=+|-+)(?=\s*$)/gm, blockMark)
  );
}

/**
 * Only links to web pages or to paths on the site are written into an answer. A browser drops
 * tabs and newlines from a URL and reads a backslash as a slash, so `/\evil.test` and
 * `/\t/evil.test` are links to another host, not paths.
 */
export function safeLink(written: string): string | undefined {
  const link = written.replace(/[\t\n\r]/g, '').trim();
  if (link.startsWith('/')) return /^[\\/]{2}/.test(link) ? undefined : link;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Section text in Markdown: prose escaped, inline code as code spans. */
function inlineMarkdown(text: string): string {
  return textRuns(text)
    .map((run, index) => (run.code ? codeSpan(run.text) : escapeMarkdown(run.text, index === 0)))
    .join('');
}

/** A table cell of section text in Markdown, on one line. */
function tableCellMarkdown(cell: string): string {
  return textRuns(cell)
    .map((run, index) =>
      // A pipe ends a table cell even inside a code span, unless escaped (GFM).
      run.code ? codeSpan(run.text).replace(/\|/g, '\\|') : escapeMarkdown(run.text, index === 0),
    )
    .join('')
    .replace(/\n/g, ' ');
}

/** Section text as HTML: prose escaped, inline code in `<code>`. */
function inlineHtml(text: string): string {
  return textRuns(text)
    .map((run) => (run.code ? `<code>${escapeHtml(run.text)}</code>` : escapeHtml(run.text)))
    .join('');
}

/** A code block's language as a fence's info string: a name of letters, digits, `+`, `#`, `-`. */
function infoString(language: string | undefined): string {
  return language !== undefined && /^[\w+#-]{1,30}$/.test(language) ? language : '';
}

function markdownFence(code: string): string {
  const longestRun = Math.max(2, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(longestRun + 1);
}

/**
 * The answer in Markdown: escaped prose with its code spans, and fenced code. The source is not
 * repeated in the text: the record carries it (`title`, `link`, `description`) and `<ask-chat>`
 * shows it under the answer.
 */
export function renderMarkdown(blocks: AnswerBlock[]): string {
  const parts = blocks.map((block, index) => {
    if (block.kind === 'text') return inlineMarkdown(block.text);
    if (block.kind === 'list') {
      // A list right after another of its kind (the steps of two tabs) is one list to Markdown
      // unless its marker differs: `1)` after `1.`, `*` after `-`, as the HTML has two lists.
      const swapped = listMarkerSwapped(blocks, index);
      const marker = (i: number) =>
        block.ordered ? `${(block.start ?? 1) + i}${swapped ? ')' : '.'}` : swapped ? '*' : '-';
      return block.items
        .map((item, i) => `${marker(i)} ${inlineMarkdown(item).replace(/\n/g, '\n   ')}`)
        .join('\n');
    }
    if (block.kind === 'table') {
      const row = (cells: string[]) => `| ${cells.map(tableCellMarkdown).join(' | ')} |`;
      return [row(block.header), `|${' --- |'.repeat(block.header.length)}`, ...block.rows.map(row)].join(
        '\n',
      );
    }
    const fence = markdownFence(block.text);
    return `${fence}${infoString(block.language)}\n${block.text}\n${fence}`;
  });
  return parts.join('\n\n');
}

/** Whether the list block at `index` is written with the other marker (see `renderMarkdown`). */
function listMarkerSwapped(blocks: AnswerBlock[], index: number): boolean {
  const block = blocks[index];
  const previous = blocks[index - 1];
  return (
    block?.kind === 'list' &&
    previous?.kind === 'list' &&
    previous.ordered === block.ordered &&
    !listMarkerSwapped(blocks, index - 1)
  );
}

/** The answer as an HTML fragment that is safe as it is: every text escaped, only our own tags. */
export function renderHtml(blocks: AnswerBlock[]): string {
  const cells = (tag: string, row: string[]) =>
    `<tr>${row.map((cell) => `<${tag}>${inlineHtml(cell)}</${tag}>`).join('')}</tr>`;
  const parts = blocks.map((block) => {
    if (block.kind === 'text') return `<p>${inlineHtml(block.text)}</p>`;
    if (block.kind === 'list') {
      const tag = block.ordered ? 'ol' : 'ul';
      const start = block.ordered && (block.start ?? 1) !== 1 ? ` start="${block.start}"` : '';
      return `<${tag}${start}>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</${tag}>`;
    }
    if (block.kind === 'table')
      return `<table><thead>${cells('th', block.header)}</thead><tbody>${block.rows
        .map((row) => cells('td', row))
        .join('')}</tbody></table>`;
    const language = infoString(block.language);
    return `<pre><code${language ? ` class="language-${escapeHtml(language)}"` : ''}>${escapeHtml(block.text)}</code></pre>`;
  });
  return parts.join('\n');
}

export function renderAnswer(format: AnswerFormat, blocks: AnswerBlock[]): string {
  return format === 'markdown' ? renderMarkdown(blocks) : renderHtml(blocks);
}
