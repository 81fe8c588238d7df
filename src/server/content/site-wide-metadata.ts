import type { SourceDocument } from './document.js';
import { sectionPlainText } from './code-spans.js';
import { firstProseParagraph, summarise } from './summary.js';

/**
 * A built site's HTML pages carry the site's own metadata beside theirs: its name in every
 * `<title>` ("Contact us | Forkful Help Centre") and, where a page has no description of its own,
 * the site's (`<meta name="description" content="A VitePress site">` on every page, as VitePress
 * and MkDocs write it). Only the pages together tell which is which: what many of them share is
 * the site's. This takes it out: the shared part of the titles, and a shared description, which
 * falls back to the page's first paragraph as a page without one does.
 */
export function withoutSiteWideMetadata(pages: readonly SourceDocument[]): SourceDocument[] {
  const enough = (count: number, share: number): boolean => count >= Math.max(2, pages.length * share);
  const affixes = new Map<string, number>();
  const descriptions = new Map<string, number>();
  const count = (map: Map<string, number>, key: string): void => void map.set(key, (map.get(key) ?? 0) + 1);
  for (const page of pages) {
    for (const affix of new Set(titleAffixes(page.title))) count(affixes, affix);
    if (page.description !== '') count(descriptions, page.description);
  }
  return pages.map((page) => {
    // The longest shared affix, so that " | Docs | Acme" goes whole rather than " | Acme".
    const siteName = titleAffixes(page.title)
      .filter((affix) => enough(affixes.get(affix) ?? 0, SITE_NAME_SHARE))
      .sort((a, b) => b.length - a.length)[0];
    const title = siteName === undefined ? page.title : withoutAffix(page.title, siteName);
    const description = enough(descriptions.get(page.description) ?? 0, SITE_DESCRIPTION_SHARE)
      ? summarise(firstProseParagraph(page.sections.map(sectionPlainText).join('\n\n')))
      : page.description;
    return title === page.title && description === page.description ? page : { ...page, title, description };
  });
}

/**
 * The share of the pages whose titles must share a part for it to be the site's name: most, since
 * a site names every page, while a part a section's pages share ("Billing - Refunds", "Billing -
 * Invoices") is theirs.
 */
const SITE_NAME_SHARE = 0.5;
/** The share of the pages that must share a description for it to be the site's (and at least two). */
const SITE_DESCRIPTION_SHARE = 0.2;

/**
 * What separates a page's name from its site's in a `<title>`: a bar, a dash or a bullet between
 * spaces; not a colon, which starts a subtitle ("Fees: What You Pay and When").
 */
const SEPARATOR = /\s+[|\-–—·•»«/:]{1,2}\s+/g;

/**
 * The title's parts that may be a site's name, with their separator: each end from a separator
 * (" | Forkful Help Centre", "Acme Docs — "), so that " | Docs | Acme" and " | Acme" are both
 * candidates.
 */
function titleAffixes(title: string): string[] {
  const affixes: string[] = [];
  for (const separator of title.matchAll(SEPARATOR)) {
    // A colon between spaces is a separator too ("Acme :: Guide"), but not one alone.
    if (separator[0].trim() === ':') continue;
    const at = separator.index;
    affixes.push(`…${title.slice(at)}`, `${title.slice(0, at + separator[0].length)}…`);
  }
  return affixes;
}

function withoutAffix(title: string, affix: string): string {
  const name = affix.startsWith('…')
    ? title.slice(0, title.length - affix.length + 1)
    : title.slice(affix.length - 1);
  // A page whose title is nothing but the site's parts keeps its title.
  return name.trim() === '' ? title : name.trim();
}
