import type { DocumentSection, SourceDocument } from './document.js';
import { sectionPlainText } from './code-spans.js';
import { withoutText, withTextOfSections } from './document-record.js';
import { firstProseParagraph, summarise } from './summary.js';

/**
 * A built site's HTML pages carry the site's own metadata beside theirs: its name in every
 * `<title>` ("Contact us | Forkful Help Centre") and, where a page has no description of its own,
 * the site's (`<meta name="description" content="A VitePress site">` on every page, as VitePress
 * and MkDocs write it). Only the pages together tell which is which: what most of them share is
 * the site's. This takes it out: the site's name from the titles (one part, the one most pages
 * share; else, page by page, what a title adds to the page's first heading), and a shared
 * description, which falls back to the page's first paragraph as a page without one does. Before
 * that, the paragraphs most pages hold word for word are taken out of their text (see
 * `withoutSharedParagraphs`), so that a cookie banner is no page's description.
 */
export function withoutSiteWideMetadata(builtPages: readonly SourceDocument[]): SourceDocument[] {
  const pages = withoutSharedParagraphs(builtPages);
  const siteName = sharedTitlePart(pages);
  const descriptions = new Map<string, number>();
  for (const page of pages)
    if (page.description !== '')
      descriptions.set(page.description, (descriptions.get(page.description) ?? 0) + 1);
  const sharedDescription = (description: string): boolean =>
    (descriptions.get(description) ?? 0) >= Math.max(2, pages.length * SITE_DESCRIPTION_SHARE);
  return pages.map((page) => {
    const title =
      siteName !== undefined && titleParts(page.title).includes(siteName)
        ? withoutPart(page.title, siteName)
        : titleOfHeading(page.title, firstHeading(page));
    const description = sharedDescription(page.description)
      ? summarise(firstProseParagraph(page.sections.map(sectionPlainText).join('\n\n')))
      : page.description;
    return title === page.title && description === page.description
      ? page
      : withTextOfSections({ ...withoutText(page), title, description });
  });
}

/**
 * The share of the pages that must hold a paragraph word for word for it to be the site's
 * furniture rather than any page's text (and four pages at least): a cookie banner, a menu and
 * a footer are on every page.
 */
const FURNITURE_SHARE = 0.8;
const MIN_FURNITURE_PAGES = 4;

/** A paragraph as compared between pages: its words, one space between them. */
const paragraphKey = (paragraph: string): string => paragraph.replace(/\s+/g, ' ').trim();
/** A heading's key, apart from paragraphs'. */
const headingKey = (heading: string): string => `\u0001${paragraphKey(heading)}`;
/** A link mention's key, apart from paragraphs'. */
const mentionKey = (text: string): string => `\u0000${paragraphKey(text)}`;

/** The prose paragraphs of a section (its code blocks left out: a page may show the same code as others). */
const proseParagraphs = (section: DocumentSection): string[] =>
  section.text.split('\n\n').filter((paragraph) => !section.code?.includes(paragraph));

/**
 * The pages without the site's chrome where a site laid out in plain `<div>`s repeats it, with
 * no `<header>`, `<nav>`, `<footer>` or class name that says what it is: a cookie banner and a
 * menu at the top of every page, a footer at the bottom would be each page's description and
 * the answer to "how do I sign up for the newsletter?". Furniture is what most pages hold word
 * for word, at a page's top or bottom only: the same note or table row in the middle of pages is
 * their text. A section that holds nothing else, under no heading or one most pages have too
 * (a footer's "Company"), goes with it, as do the link mentions these paragraphs made; a
 * description that was one of them gives way to the page's first paragraph left. Code stays.
 */
function withoutSharedParagraphs(pages: readonly SourceDocument[]): readonly SourceDocument[] {
  if (pages.length < MIN_FURNITURE_PAGES) return pages;
  const pagesHolding = new Map<string, number>();
  const count = (keys: Iterable<string>) => {
    for (const key of new Set(keys)) pagesHolding.set(key, (pagesHolding.get(key) ?? 0) + 1);
  };
  for (const page of pages) {
    count(
      page.sections
        .flatMap(proseParagraphs)
        .filter((paragraph) => paragraph.trim() !== '')
        .map(paragraphKey),
    );
    count(
      page.sections.filter((section) => section.heading !== '').map((section) => headingKey(section.heading)),
    );
    count((page.mentions ?? []).map((mention) => mentionKey(mention.text)));
  }
  const least = Math.max(MIN_FURNITURE_PAGES, pages.length * FURNITURE_SHARE);
  const isShared = (key: string): boolean => (pagesHolding.get(key) ?? 0) >= least;
  if (![...pagesHolding.values()].some((pageCount) => pageCount >= least)) return pages;
  return pages.map((page) => {
    const removed: string[] = [];
    const sections = page.sections.map((section) => ({ ...section, paragraphs: section.text.split('\n\n') }));
    const isFurniture = (section: (typeof sections)[number], paragraph: string): boolean =>
      paragraph.trim() !== '' && !section.code?.includes(paragraph) && isShared(paragraphKey(paragraph));
    const headingIsShared = (heading: string): boolean => heading === '' || isShared(headingKey(heading));
    // From each end, sections of furniture alone go; the first with text of the page's own loses
    // the furniture before (or after) that text.
    const trim = (order: number[], fromEnd: boolean): void => {
      for (const at of order) {
        const section = sections[at] as (typeof sections)[number];
        const own = section.paragraphs.filter((paragraph) => paragraph.trim() !== '');
        if (
          own.length > 0 &&
          own.every((paragraph) => isFurniture(section, paragraph)) &&
          headingIsShared(section.heading)
        ) {
          removed.push(...own);
          section.paragraphs = [];
          section.heading = '';
          continue;
        }
        const kept = [...section.paragraphs];
        while (kept.length > 0 && isFurniture(section, kept[fromEnd ? kept.length - 1 : 0] as string))
          removed.push((fromEnd ? kept.pop() : kept.shift()) as string);
        section.paragraphs = kept;
        return;
      }
    };
    const order = sections.map((_, index) => index);
    trim(order, false);
    trim(order.reverse(), true);
    const mentions = page.mentions?.filter((mention) => !isShared(mentionKey(mention.text)));
    if (removed.length === 0 && mentions?.length === page.mentions?.length) return page;
    const kept: DocumentSection[] = sections
      .filter((section) => section.heading !== '' || section.paragraphs.length > 0)
      .map(({ paragraphs, ...section }) => ({ ...section, text: paragraphs.join('\n\n') }));
    const fromFurniture = removed.some(
      (paragraph) => summarise(firstProseParagraph(paragraph)) === page.description,
    );
    const { mentions: _mentions, ...rest } = withoutText(page);
    return withTextOfSections({
      ...rest,
      sections: kept,
      description: fromFurniture
        ? summarise(firstProseParagraph(kept.map(sectionPlainText).join('\n\n')))
        : page.description,
      ...(mentions && mentions.length > 0 ? { mentions } : {}),
    });
  });
}

/** The share of the pages that must share a description for it to be the site's (and at least two). */
const SITE_DESCRIPTION_SHARE = 0.2;
/** The share of the pages whose titles must share a part for it to be the site's name (and at least three). */
const SITE_NAME_SHARE = 0.5;

/**
 * The one part of the titles that is the site's name: the part most titles share (the longest
 * of those as many share: " | Docs | Acme" rather than " | Acme"), on more than half of them
 * and three at least, and only if no two pages are left with one title by taking it away (a
 * section's part, "Wi-Fi - Setup" and "Printers - Setup", tells the pages apart).
 */
function sharedTitlePart(pages: readonly SourceDocument[]): string | undefined {
  const counts = new Map<string, number>();
  for (const page of pages)
    for (const part of new Set(titleParts(page.title))) counts.set(part, (counts.get(part) ?? 0) + 1);
  let best: [string, number] | undefined;
  for (const entry of counts)
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0].length > best[0].length))
      best = entry;
  if (!best || best[1] < 3 || best[1] <= pages.length * SITE_NAME_SHARE) return undefined;
  const [part] = best;
  const titles = new Set(pages.map((page) => page.title));
  const stripped = new Set(
    pages.map((page) => (titleParts(page.title).includes(part) ? withoutPart(page.title, part) : page.title)),
  );
  return stripped.size < titles.size ? undefined : part;
}

/** The text of the page's first level-1 heading, else ''. */
const firstHeading = (page: SourceDocument): string =>
  page.sections.find((section) => section.level === 1)?.heading ?? '';

/**
 * A lone page's own name: its title without what it adds to the page's first heading, when that
 * reads as a name ("Installation — Foo 1.0 documentation" over "Installation"; not "Hono - Web
 * framework built on Web Standards" over "Hono", nor "Fees - and how to avoid them").
 */
function titleOfHeading(title: string, heading: string): string {
  if (heading === '' || title.length > MAX_TITLE_CHARS) return title;
  for (const part of titleParts(title)) {
    const rest = withoutPart(title, part);
    if (rest.toLowerCase() !== heading.toLowerCase()) continue;
    const added = part.replace('…', '').trim().replace(SEPARATOR_AT_END, '').trim();
    const words = added.split(/\s+/);
    if (words.length <= MAX_SITE_NAME_WORDS && /^[\p{Lu}\p{N}]/u.test(added)) return rest;
  }
  return title;
}

/** Words a site's name has at most, as a page's title adds it to a heading. */
const MAX_SITE_NAME_WORDS = 4;
/** Titles longer than this are no page's name and site's: not split (and never scanned at length). */
const MAX_TITLE_CHARS = 300;

/**
 * What separates a page's name from its site's in a `<title>`: a bar, a dash or a bullet between
 * spaces; not a colon alone, which starts a subtitle ("Fees: What You Pay and When").
 */
const SEPARATOR = /(?<=\S)[ \t]+(?:[|\-–—·•»«/]{1,2}|::)[ \t]+(?=\S)/g;
const SEPARATOR_AT_END = /^(?:[|\-–—·•»«/]{1,2}|::)\s*|\s*(?:[|\-–—·•»«/]{1,2}|::)$/g;

/**
 * The parts of a title that may be a site's name, with their separator, each end from a
 * separator: " | Forkful Help Centre" as "… | Forkful Help Centre", "Acme Docs — " as
 * "Acme Docs — …".
 */
function titleParts(title: string): string[] {
  if (title.length > MAX_TITLE_CHARS) return [];
  const parts: string[] = [];
  for (const separator of title.matchAll(SEPARATOR)) {
    const at = separator.index;
    parts.push(`…${title.slice(at)}`, `${title.slice(0, at + separator[0].length)}…`);
  }
  return parts;
}

function withoutPart(title: string, part: string): string {
  const name = part.startsWith('…')
    ? title.slice(0, title.length - part.length + 1)
    : title.slice(part.length - 1);
  // A page whose title is nothing but the site's parts keeps its title.
  return name.trim() === '' ? title : name.trim();
}
