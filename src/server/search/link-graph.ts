import type { SourceDocument } from '../content/document.js';
import { escapeFileNameCharacters } from '../content/document-link.js';

/** Leading path segments a link may carry that the site's page links don't (`/en-US/docs`). */
const MAX_PREFIX_SEGMENTS = 3;

/** Runs of percent escapes, decoded together since one character may take several. */
const PERCENT_ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

function decodeEscapes(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    // Not UTF-8 (`%E9` alone): left as written, and matched only as written.
    return run;
  }
}

/**
 * A link's path (without its query or fragment) as a key: percent escapes decoded, no extension,
 * no trailing `/` or `/index` (or Hugo's `/_index`), lower case, and the characters a folder name can't hold written as
 * a folder writes them. `/Docs/API/Routing.md` and `/docs/api/routing/` are the same page, so are
 * `/docs/caf%C3%A9` and `/docs/café` (a page's own link is encoded; a document may write either),
 * and so are `/Web/CSS/::marker` and the page published from `web/css/_doublecolon_marker/`.
 */
function pathKey(path: string): string {
  const decoded = path.includes('%') ? path.replace(PERCENT_ESCAPES, decodeEscapes) : path;
  return escapeFileNameCharacters(
    decoded
      .replace(/\.(mdx?|markdown|html?|txt)$/i, '')
      .replace(/\/_?index$/i, '')
      .replace(/\/+$/, '')
      .toLowerCase(),
  );
}

/** The page's own link as a URL to resolve relative links against. */
function baseOf(link: string): URL | undefined {
  try {
    // A root-relative page link (`/docs/api/routing`) gets a placeholder origin.
    return new URL(link, 'http://site.invalid');
  } catch {
    return undefined;
  }
}

/** The page a link as written on page `from` points to, if the site has it (see `linkResolver`). */
export type LinkResolver = (written: string, from: number) => number | undefined;

/**
 * Resolves a link as written on page `from` to the index of the page it points to, if the site
 * has it (and it is not `from` itself).
 */
export function linkResolver(documents: readonly SourceDocument[]): LinkResolver {
  const byPath = new Map<string, number>();
  const paths: string[] = [];
  const origins = new Set<string>();
  const bases = documents.map((document) => baseOf(document.link));
  bases.forEach((base, index) => {
    if (!base) return;
    origins.add(base.origin);
    paths[index] = pathKey(base.pathname);
    byPath.set(paths[index], index);
  });
  // Pages by the last segment of their path, for links to a page that has moved.
  const bySegment = new Map<string, number[]>();
  for (const [path, index] of byPath) {
    const segment = path.slice(path.lastIndexOf('/') + 1);
    const pages = bySegment.get(segment);
    if (pages) pages.push(index);
    else bySegment.set(segment, [index]);
  }
  const find = (key: string): number | undefined => {
    const found = byPath.get(key);
    if (found !== undefined) return found;
    const segments = key.split('/');
    for (let drop = 1; drop <= MAX_PREFIX_SEGMENTS && drop < segments.length - 1; drop++) {
      const shorter = byPath.get(`/${segments.slice(drop + 1).join('/')}`);
      if (shorter !== undefined) return shorter;
    }
    return movedPage(segments);
  };
  // A link to a path the site no longer has (`/web/css/opacity`, since moved to
  // `/web/css/reference/properties/opacity`): the page of the same name sharing the most folders
  // with it, when it shares at least one.
  const movedPage = (segments: string[]): number | undefined => {
    const candidates = bySegment.get(segments[segments.length - 1] ?? '');
    if (!candidates) return undefined;
    const folders = new Set(segments.slice(0, -1).filter((segment) => segment !== ''));
    let best: number | undefined;
    let bestShared = 0;
    let bestLength = Infinity;
    for (const candidate of candidates) {
      const path = (paths[candidate] as string).split('/');
      let shared = 0;
      for (const folder of path.slice(0, -1)) if (folders.has(folder)) shared++;
      if (shared > bestShared || (shared === bestShared && shared > 0 && path.length < bestLength)) {
        best = candidate;
        bestShared = shared;
        bestLength = path.length;
      }
    }
    return best;
  };
  // Root-relative links, the common case, need no URL parsing, and a site links the same few
  // thousand targets again and again: each is resolved once (-1 when it is no page).
  const rootRelative = new Map<string, number>();
  const resolve = (written: string, base: URL): number | undefined => {
    if (written.startsWith('/') && !written.startsWith('//') && !written.includes('/.')) {
      let target = rootRelative.get(written);
      if (target === undefined) {
        target = find(pathKey(written.replace(/[?#].*$/, ''))) ?? -1;
        rootRelative.set(written, target);
      }
      return target >= 0 ? target : undefined;
    }
    let url: URL;
    try {
      url = new URL(written, base);
    } catch {
      return undefined;
    }
    return origins.has(url.origin) ? find(pathKey(url.pathname)) : undefined;
  };
  return (written, from) => {
    const base = bases[from];
    if (!base || written.startsWith('#') || /^(mailto|tel|javascript|data):/i.test(written)) return undefined;
    const target = resolve(written, base);
    return target === from ? undefined : target;
  };
}

/**
 * For each page, how many other pages of the site link to it: the site's own judgement of which
 * pages matter (MDN links to `Array.prototype.map()` from hundreds of pages, to
 * `SVGTransformList.appendItem()` from a handful). Links are resolved against the linking page,
 * and a link whose path the site doesn't know is tried without its first segments, so that
 * `/en-US/docs/Web/CSS/opacity` finds the page published as `/web/css/opacity`. Each linking page
 * counts once per target; links to itself don't count.
 */
export function inboundLinkCounts(
  documents: readonly SourceDocument[],
  resolve: LinkResolver = linkResolver(documents),
): Uint32Array {
  return linkGraph(documents, 0, resolve).inbound;
}

/**
 * The site's link graph read in one pass: `inbound`, as `inboundLinkCounts`; and `mentions`, for
 * each page what other pages say where they link to it: the distinct paragraphs (list items,
 * table rows) holding a link to it (`SourceDocument.mentions`), in the site's order, at most
 * `mentionLimit` of them (0: none read). A site describes a page in other words than the page's
 * own ("use `z-index` to control how boxes overlap"), often the words a visitor asks in. A
 * page's mentions link to the pages its links do (MDN: 158,000 links, 158,000 mentions'
 * targets), so each link is resolved once, for both.
 */
export function linkGraph(
  documents: readonly SourceDocument[],
  mentionLimit: number,
  resolve: LinkResolver = linkResolver(documents),
): { inbound: Uint32Array; mentions: string[][] } {
  const inbound = new Uint32Array(documents.length);
  const mentions: Set<string>[] = documents.map(() => new Set());
  // The page's links as written, each with the page it points to (-1 when none of the site's).
  const targetOf = new Map<string, number>();
  const targetOfWritten = (written: string, from: number): number => {
    let target = targetOf.get(written);
    if (target === undefined) {
      target = resolve(written, from) ?? -1;
      targetOf.set(written, target);
    }
    return target;
  };
  const linked = new Set<number>();
  documents.forEach((document, from) => {
    targetOf.clear();
    linked.clear();
    for (const written of document.links ?? []) {
      const target = targetOfWritten(written, from);
      if (target >= 0) linked.add(target);
    }
    // Each linking page counts once per target.
    for (const target of linked) inbound[target] = (inbound[target] as number) + 1;
    if (mentionLimit === 0) return;
    for (const { targets, text } of document.mentions ?? [])
      for (const written of targets) {
        const target = targetOfWritten(written, from);
        const texts = target < 0 ? undefined : (mentions[target] as Set<string>);
        if (texts && texts.size < mentionLimit) texts.add(text);
      }
  });
  return { inbound, mentions: mentions.map((texts) => [...texts]) };
}
