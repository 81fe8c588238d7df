import { Marked, type Tokens } from 'marked';
import { escapeHtml, escapeMarkdown, safeLink } from './answer-format.js';

/**
 * Markdown written by a language model, turned into an HTML fragment that is safe as it is: raw
 * HTML in it is shown as text, links keep only http(s) and site paths, images become links, so
 * every tag in the output is one marked's renderer wrote.
 */
const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag): string {
      const text = escapeHtml(token.text.trim());
      return 'block' in token && token.block ? `<p>${text}</p>\n` : text;
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link): string {
      const text = this.parser.parseInline(token.tokens);
      const href = safeLink(token.href);
      return href ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
    },
    image(token: Tokens.Image): string {
      const href = safeLink(token.href);
      const text = escapeHtml(token.text || token.href);
      return href ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
    },
  },
});

export function markdownToSafeHtml(markdown: string): string {
  return (marked.parse(markdown, { async: false }) as string).trim();
}

/**
 * Markdown written by a language model, made as safe as Markdown the service quotes itself: raw
 * HTML in it is escaped to show as text, and a link or image to anything but an http(s) URL or a
 * site path is left as its text. Code (spans and blocks) is kept as written. Everything else is
 * the model's Markdown as it wrote it.
 */
export function markdownToSafeMarkdown(markdown: string): string {
  const replacements: [raw: string, safe: string][] = [];
  const visit = (token: Tokens.Generic): void => {
    if (token.type === 'html') {
      replacements.push([token.raw, token.raw.replace(/[<>]/g, '\\$&')]);
      return;
    }
    if ((token.type === 'link' || token.type === 'image') && safeLink(String(token['href'])) === undefined) {
      replacements.push([token.raw, escapeMarkdown(String(token['text'] ?? ''))]);
      return;
    }
    for (const child of childTokens(token)) visit(child);
  };
  for (const token of marked.lexer(markdown)) visit(token as Tokens.Generic);
  // The tokens come in the order of the text: each is replaced where it stands, after the last.
  let safe = '';
  let cursor = 0;
  for (const [raw, replacement] of replacements) {
    const at = markdown.indexOf(raw, cursor);
    if (at < 0) continue;
    safe += markdown.slice(cursor, at) + replacement;
    cursor = at + raw.length;
  }
  return safe + markdown.slice(cursor);
}

/** The tokens inside a token: its inline tokens, a list's items, a table's cells. */
function childTokens(token: Tokens.Generic): Tokens.Generic[] {
  const children: Tokens.Generic[] = [...((token['tokens'] as Tokens.Generic[] | undefined) ?? [])];
  for (const item of (token['items'] as Tokens.Generic[] | undefined) ?? []) children.push(item);
  const cells = [
    ...((token['header'] as { tokens: Tokens.Generic[] }[] | undefined) ?? []),
    ...((token['rows'] as { tokens: Tokens.Generic[] }[][] | undefined) ?? []).flat(),
  ];
  for (const cell of cells) children.push(...cell.tokens);
  return children;
}
