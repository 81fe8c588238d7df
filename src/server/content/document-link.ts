/**
 * Where a content file is published, and the tags its folders give it.
 *
 * Paths are relative to the content folder with `/` separators. The published path drops the
 * extension, and an `index` page stands for its folder, as static site generators publish them:
 * `docs/api/routing.md` → `/docs/api/routing`, `docs/index.md` → `/docs/`, `index.md` → `/`.
 */
export function publishedPath(relativePath: string): string {
  const withoutExtension = relativePath.replace(/\.(md|markdown|html?|txt)$/i, '');
  if (withoutExtension === 'index') return '/';
  if (withoutExtension.endsWith('/index')) return `/${withoutExtension.slice(0, -'index'.length)}`;
  return `/${withoutExtension}`;
}

/**
 * The link of a page: the site URL joined with the published path, or the root-relative path when
 * no site URL is given. A link written in the page's front matter wins (resolved against the site).
 */
export function documentLink(relativePath: string, siteUrl?: string, frontMatterLink?: string): string {
  const path = frontMatterLink ?? publishedPath(relativePath);
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  const rooted = path.startsWith('/') ? path : `/${path}`;
  if (!siteUrl) return rooted;
  return `${siteUrl.replace(/\/+$/, '')}${rooted}`;
}

/** Tags from the folders above a page (`docs/api/routing.md` → `docs`, `api`), lower-cased. */
export function folderTags(relativePath: string): string[] {
  const folders = relativePath.split('/').slice(0, -1);
  return [...new Set(folders.map((folder) => folder.toLowerCase()).filter((folder) => folder !== ''))];
}

/** A readable title from a file name, for pages with no title and no heading (`getting-started.md`). */
export function titleFromPath(relativePath: string): string {
  const parts = relativePath.replace(/\.(md|markdown|html?|txt)$/i, '').split('/');
  let name = parts.pop() ?? relativePath;
  if (name === 'index' && parts.length > 0) name = parts.pop() ?? name;
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
