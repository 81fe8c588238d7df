import { Marked, type Tokens } from 'marked';
import { escapeHtml, escapeMarkdown, safeLink } from './answer-format.js';

/**
 * Markdown written by a language model, turned into an HTML fragment that is safe as it is: raw
 * HTML in it is shown as text (and the text after a tag that marked reads as opening raw HTML is
 * escaped as any other), links keep only http(s) and site paths, images become links, so every
 * tag in the output is one marked's renderer wrote.
 */
/** Whether the renderer is writing a link's text, where an image becomes its text alone. */
let inLink = false;
const marked = new Marked({
  gfm: true,
  breaks: false,
  // After a <script>, <pre> or <style> tag, marked takes text for raw HTML and writes it as it
  // stands: here that tag is shown as text, and so is what follows it.
  walkTokens(token) {
    if (token.type === 'text' && token.escaped) token.escaped = false;
  },
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag): string {
      const text = escapeHtml(token.text.trim());
      return 'block' in token && token.block ? `<p>${text}</p>\n` : text;
    },
    link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link): string {
      inLink = true;
      let text: string;
      try {
        text = this.parser.parseInline(token.tokens);
      } finally {
        inLink = false;
      }
      const href = safeLink(token.href);
      return href ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
    },
    image(token: Tokens.Image): string {
      const href = safeLink(token.href);
      const text = escapeHtml(token.text || token.href);
      // Inside a link (a badge), its text only: a link in a link is no link a browser keeps.
      return href && !inLink ? `<a href="${escapeHtml(href)}">${text}</a>` : text;
    },
  },
});

export function markdownToSafeHtml(markdown: string): string {
  return (marked.parse(markdown, { async: false }) as string).trim();
}

/**
 * Markdown written by a language model, made as safe as Markdown the service quotes itself: raw
 * HTML in it is escaped to show as text, an image becomes a link to it (its alternative text, or
 * its URL, as the link's), and a link, image or link definition to anything but an http(s) URL
 * or a site path is left as its text (a definition, dropped). Code (spans and blocks)
 * is kept as written. Everything else is the model's Markdown as it wrote it. Should the result
 * still hold raw HTML or such a link as marked reads it, it throws rather than return it.
 */
export function markdownToSafeMarkdown(markdown: string): string {
  let safe = markdown;
  // Each pass escapes at least one token where it stands; a few suffice for any model's answer.
  for (let pass = 0; pass < 5; pass++) {
    const replaced = replaceUnsafe(safe);
    if (replaced === undefined) return safe;
    safe = replaced;
  }
  throw new Error('the Markdown answered could not be made safe');
}

/** What to write for a token that may not be served as written, or undefined when it may. */
function safeReplacement(token: Tokens.Generic, inLink: boolean): string | undefined {
  // Escaped, a tag is text, and a URL in its attributes becomes a bare URL, which GFM links up to
  // the next `<`: `base-url="https://a.test"\>` showed a link to `https://a.test%22%5C%3E%5C`
  // with a backslash in its text. Its `:` (or its `www`'s dot) is escaped: text, as in html. Not
  // in code: a block's raw runs on to the next blank line, and a backslash in code is shown.
  if (token.type === 'html')
    return token.raw
      .replace(/[<>]/g, '\\$&')
      .replace(/(`+)[\s\S]*?\1|\b(https?|ftp)(:)(?=\/\/)|\b(www)(\.)/gi, (match, code, scheme, colon, www) =>
        code ? match : `${scheme ?? www}\\${colon ?? '.'}`,
      );
  if (token.type === 'image') {
    // A link the visitor may follow, as in html: a browser loads an image unasked, and an
    // image a page's hidden instructions made the model write could carry the question away.
    // Inside a link (a badge), its text alone: the link around it says where it leads.
    const href = safeLink(String(token['href']));
    const text = String(token['text'] ?? '');
    if (href === undefined) return escapeMarkdown(text);
    if (inLink) return escapeMarkdown(text || href, false);
    return `[${escapeMarkdown(text || href, false)}](<${href.replace(/[\s<>\\]/g, encodeURIComponent)}>)`;
  }
  if (token.type === 'link' && safeLink(String(token['href'])) === undefined)
    return escapeMarkdown(String(token['text'] ?? ''));
  if (token.type === 'def' && safeLink(String(token['href'])) === undefined) return '';
  return undefined;
}

/**
 * `markdown` with its unsafe tokens replaced where they stand, or undefined when it holds none.
 * marked's tokens say what they are, not where: each is found by its text, after the token
 * before it, every token without children included, so that a tag's text quoted in code before
 * it (`` `<img onerror=…>` then <img onerror=…> ``) is passed over rather than escaped in its place.
 */
function replaceUnsafe(markdown: string): string | undefined {
  let safe = '';
  let cursor = 0;
  let unsafe = false;
  const visit = (token: Tokens.Generic, inLink = false): void => {
    const replacement = safeReplacement(token, inLink);
    if (replacement !== undefined) unsafe = true;
    const children = replacement === undefined ? childTokens(token) : [];
    if (children.length > 0) {
      for (const child of children) visit(child, inLink || token.type === 'link');
      return;
    }
    // A token the lexer read from text it changed (a quote's `>` removed) is not found: skipped.
    const at = markdown.indexOf(token.raw, cursor);
    if (at < 0 || token.raw === '') return;
    safe += markdown.slice(cursor, at) + (replacement ?? token.raw);
    cursor = at + token.raw.length;
  };
  for (const token of marked.lexer(markdown)) visit(token as Tokens.Generic);
  return unsafe ? safe + markdown.slice(cursor) : undefined;
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
