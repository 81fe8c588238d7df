/** A document an answer links: its source, or another page its passages came from. */
export interface LinkedDocument {
  link: string;
  title: string;
}

/** Other pages listed under an answer's source as "See also" (`<ask-chat>`). */
export const SEE_ALSO_PAGES = 2;

/**
 * What an answer links (the fields of an answer record read here): its source's link, and the
 * passages it was drawn from (`context.passages`), its own first.
 */
export interface LinkingAnswer {
  link: string;
  context?: { passages?: readonly LinkedDocument[] } | null;
}

/**
 * The page a link is to: without its #section or a trailing slash, and absolute, so that
 * `https://site.example/guide/`, `/guide` and `/guide#setup` are one page. A link that is no URL
 * is its own page.
 */
function pageOf(link: string, base: string): string {
  try {
    const url = new URL(link, base);
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}${url.search}`;
  } catch {
    return link;
  }
}

/**
 * The other pages an answer was drawn from, in its passages' order, each once (two passages of
 * one page differ by their #section only, under one title), none the source's page and none
 * without a link. `base` resolves relative links: the page's address.
 */
export function otherPages(
  answer: LinkingAnswer,
  base: string = globalThis.location?.href ?? 'http://localhost/',
): LinkedDocument[] {
  const seen = new Set<string>(answer.link ? [pageOf(answer.link, base)] : []);
  return (answer.context?.passages ?? []).filter(({ link }) => {
    const page = pageOf(link, base);
    return link !== '' && !seen.has(page) && seen.add(page);
  });
}

/**
 * The link of an answer's source at the section it quotes: its first passage's (`page#anchor`),
 * when that passage is of the source's page; else the source's link as sent.
 */
export function sourceLink(
  answer: LinkingAnswer,
  base: string = globalThis.location?.href ?? 'http://localhost/',
): string {
  const quoted = answer.context?.passages?.[0]?.link;
  return quoted && answer.link && pageOf(quoted, base) === pageOf(answer.link, base) ? quoted : answer.link;
}

/**
 * Whether an answer says its source's description word for word: a page without a description of
 * its own is described by its opening, which the answer often quotes. Compared by letters and
 * digits, without Markdown's marks or, in HTML, tags and entities.
 */
export function saysDescription(answer: string, description: string, html: boolean): boolean {
  const letters = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
  const said = letters(description);
  return said !== '' && letters(html ? answer.replace(/<[^>]*>|&#?\w+;/g, '') : answer).includes(said);
}
