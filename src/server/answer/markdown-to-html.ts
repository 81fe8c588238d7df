import { Marked, type Tokens } from 'marked';
import { escapeHtml, safeLink } from './answer-format.js';

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
