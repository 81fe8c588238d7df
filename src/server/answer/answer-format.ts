import type { AnswerFormat } from '../../wire/index.js';

/** A piece of an answer: a paragraph of prose or a block of code, both plain text. */
export type AnswerBlock = { kind: 'text'; text: string } | { kind: 'code'; text: string };

/** Where an answer came from: shown under it as a link. */
export interface AnswerSource {
  title: string;
  heading: string;
  link: string;
}

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
 * lists come out of text quoted from a page.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|~]/g, '\\$&')
    .replace(/^(\s*)([#+-]|\d+[.)])(?=\s)/gm, '$1\\$2')
    .replace(/^(\s*)(=+|-+)\s*$/gm, '$1\\$2');
}

/** Only links to web pages or to paths on the site are written into an answer. */
export function safeLink(link: string): string | undefined {
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function markdownFence(code: string): string {
  const longestRun = Math.max(2, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(longestRun + 1);
}

function sourceLabel(source: AnswerSource): string {
  return source.heading && source.heading !== source.title
    ? `${source.title} › ${source.heading}`
    : source.title;
}

/** The answer in Markdown: escaped prose, fenced code, and a source link. */
export function renderMarkdown(blocks: AnswerBlock[], source?: AnswerSource): string {
  const parts = blocks.map((block) => {
    if (block.kind === 'text') return escapeMarkdown(block.text);
    const fence = markdownFence(block.text);
    return `${fence}\n${block.text}\n${fence}`;
  });
  const link = source && safeLink(source.link);
  if (source && link)
    parts.push(
      `Source: [${escapeMarkdown(sourceLabel(source))}](<${link.replace(/[<>\s]/g, encodeURIComponent)}>)`,
    );
  return parts.join('\n\n');
}

/** The answer as an HTML fragment that is safe as it is: every text escaped, only our own tags. */
export function renderHtml(blocks: AnswerBlock[], source?: AnswerSource): string {
  const parts = blocks.map((block) =>
    block.kind === 'text'
      ? `<p>${escapeHtml(block.text)}</p>`
      : `<pre><code>${escapeHtml(block.text)}</code></pre>`,
  );
  const link = source && safeLink(source.link);
  if (source && link)
    parts.push(
      `<p class="answer-source">Source: <a href="${escapeHtml(link)}">${escapeHtml(sourceLabel(source))}</a></p>`,
    );
  return parts.join('\n');
}

export function renderAnswer(format: AnswerFormat, blocks: AnswerBlock[], source?: AnswerSource): string {
  return format === 'markdown' ? renderMarkdown(blocks, source) : renderHtml(blocks, source);
}
