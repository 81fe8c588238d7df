/** The extension of a document file, which its title leaves out (see `READERS` in load-folder.ts). */
const DOCUMENT_EXTENSION = /\.(?:mdx?|markdown|html?|txt)$/i;
/**
 * The extension of a page, which its published path leaves out: not `.txt`, since no generator
 * makes a page of a text file, published as it is (`notes.txt` at `/notes.txt`, where `/notes`
 * is no page).
 */
const PAGE_EXTENSION = /\.(?:mdx?|markdown|html?)$/i;

/**
 * Where a content file is published, and the tags its folders give it.
 *
 * Paths are relative to the content folder with `/` separators. The published path drops the
 * extension of a page (not a text file's), and an `index` page (Hugo's `_index` too) stands for
 * its folder, as static site generators publish them: `docs/api/routing.md` → `/docs/api/routing`, `docs/index.md` → `/docs/`,
 * `index.md` → `/`, `notes.txt` → `/notes.txt`.
 */
export function publishedPath(relativePath: string): string {
  const withoutExtension = relativePath.replace(PAGE_EXTENSION, '');
  const index = INDEX_PAGE.exec(withoutExtension);
  if (index) return `/${withoutExtension.slice(0, index.index)}`;
  return `/${withoutExtension}`;
}

/** A folder's own page: `index`, or Hugo's `_index` (a section's list page). */
const INDEX_PAGE = /(?:^|(?<=\/))_?index$/;

/** Runs of characters a URL path can't hold as they are: all but `/` and RFC 3986's `pchar` less `%`. */
const NOT_PATH = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/]+/g;

/**
 * Runs of characters no URL holds as they are: all but RFC 3986's unreserved and reserved
 * characters, and a `%` that starts no escape.
 */
const NOT_URL = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]%]+/g;

/** UTF-8 percent-encoding; a lone surrogate becomes U+FFFD instead of throwing. */
function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8'))
    encoded += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return encoded;
}

/**
 * A path from file names as a URL path: in each segment, the characters a path can't hold
 * (space, `?`, `#`, `%`, non-ASCII…) percent-encoded; `/`, letters, digits and the punctuation a
 * path may hold (`-._~!$&'()*+,;=:@`) kept readable.
 */
export function encodePath(path: string): string {
  return path.replace(NOT_PATH, percentEncode);
}

/**
 * The link of a page: the site URL (or the path the site is published under, `/acme`: see
 * `basePathOf`) joined with the published path, or the root-relative path when neither is given.
 * A link written in the page's front matter wins (resolved against the site); it is a URL
 * already, so only what no URL can hold is encoded, and its `%` escapes, `?` and `#` stay.
 */
export function documentLink(relativePath: string, siteUrl?: string, frontMatterLink?: string): string {
  const path =
    frontMatterLink === undefined
      ? encodePath(publishedPath(relativePath))
      : frontMatterLink.replace(NOT_URL, percentEncode);
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  const rooted = path.startsWith('/') ? path : `/${path}`;
  if (!siteUrl) return rooted;
  return `${siteUrl.replace(/\/+$/, '')}${rooted}`;
}

/**
 * A link written in a page of a site published under `basePath` (`/acme`), as the site's
 * generator publishes it: a root-relative one not under it is put under it (`/guides/setup` →
 * `/acme/guides/setup`), as VitePress and Docusaurus write a Markdown link, and as an author who
 * leaves the base out means it; any other as written (`/acme/guides/setup`, `../api`, a URL).
 */
export function linkUnderBasePath(written: string, basePath: string): string {
  if (!written.startsWith('/') || written.startsWith('//')) return written;
  const next = written.charAt(basePath.length);
  const under =
    written.slice(0, basePath.length).toLowerCase() === basePath.toLowerCase() &&
    (next === '' || next === '/' || next === '?' || next === '#');
  return under ? written : `${basePath}${written}`;
}

/** Tags from the folders above a page (`docs/api/routing.md` → `docs`, `api`), lower-cased. */
export function folderTags(relativePath: string): string[] {
  const folders = relativePath.split('/').slice(0, -1);
  return [...new Set(folders.map((folder) => folder.toLowerCase()).filter((folder) => folder !== ''))];
}

/**
 * A readable title from a file name, for pages with no title and no heading (`getting-started.md`);
 * a folder's page (`index`, `_index`, `README`) by its folder's name, and a Jekyll post without
 * the date its name starts with (`_posts/2024-03-05-hello-world.md`), as Jekyll titles it.
 */
export function titleFromPath(relativePath: string): string {
  const parts = relativePath.replace(DOCUMENT_EXTENSION, '').split('/');
  let name = parts.pop() ?? relativePath;
  if (/^(?:_?index|readme)$/i.test(name) && parts.length > 0) name = parts.pop() ?? name;
  if (parts.includes('_posts')) name = name.replace(/^\d{2,4}-\d{1,2}-\d{1,2}-(?=.)/, '');
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Characters a file name cannot hold on every system (`:`, `*`), written as words in the folder
 * that publishes a page, as MDN's content repository does: the page linked as `/Web/CSS/::marker`
 * is kept in `_doublecolon_marker/`, `:hover` in `_colon_hover/`, `data-*` in `data-_star_/`.
 * Longest first, so that `::` is not read as two `:`. (MDN writes `?` as `_question_` too, but a
 * link's `?` starts its query string, so no link's path holds one.)
 */
const FILE_NAME_ESCAPES: readonly (readonly [written: string, escaped: string])[] = [
  ['::', '_doublecolon_'],
  [':', '_colon_'],
  ['*', '_star_'],
];

/** A path as a folder name would write it: `/web/css/::marker` → `/web/css/_doublecolon_marker`. */
export function escapeFileNameCharacters(path: string): string {
  let escaped = path;
  for (const [written, escape] of FILE_NAME_ESCAPES) escaped = escaped.split(written).join(escape);
  return escaped;
}
