/**
 * Where a site's generator publishes a Markdown source (`.md`, `.mdx`, `.markdown`): where its
 * path says (`publishedPath`), but for what each generator does with some names.
 */
import { encodePath, publishedPath } from './document-link.js';
import { frontMatterString } from './front-matter.js';

/**
 * What the generator of a folder's sources does that their paths don't say, found once for the
 * whole folder (`sourceConventionsOf`) and handed to each Markdown reader.
 */
export interface SourceConventions {
  /** The generator found beside the folder (see `siteGeneratorOf`): `VitePress` publishes a README as a page of its own. */
  generator?: string;
  /** README files with an index page beside them: pages of their own, the index being their folder's (see `readmePath`). */
  readmesBesideIndex?: readonly string[];
}

/** A README, which GitHub shows as its folder's page, and most generators publish as it. */
const README = /(?:^|\/)readme\.(?:mdx?|markdown)$/i;
/** A folder's own page among its files: `index` (Hugo's `_index` too), of any page's extension. */
const INDEX_FILE = /(?:^|\/)_?index\.(?:mdx?|markdown|html?)$/i;

/**
 * The conventions of the sources in a folder, from its generator (the name `siteGeneratorOf`
 * gives) and its files (paths relative to the folder, with `/` separators).
 */
export function sourceConventionsOf(relativePaths: readonly string[], generator?: string): SourceConventions {
  const foldersWithIndex = new Set(
    relativePaths.filter((path) => INDEX_FILE.test(path)).map((path) => folderOf(path)),
  );
  const readmesBesideIndex = relativePaths.filter(
    (path) => README.test(path) && foldersWithIndex.has(folderOf(path)),
  );
  return {
    ...(generator === undefined ? {} : { generator }),
    ...(readmesBesideIndex.length > 0 ? { readmesBesideIndex } : {}),
  };
}

/** The folder of a path, with its `/` (`guides/` for `guides/setup.md`), or `` at the root. */
const folderOf = (relativePath: string): string => relativePath.slice(0, relativePath.lastIndexOf('/') + 1);

/**
 * The link of a Markdown source, as its generator publishes it: a link written in its front matter
 * (`link`, `url`, `permalink`: taken as the URL it is), else where its `slug` moves it, else where
 * its name puts it (a README for its folder), else where its path does.
 */
export function markdownPageLink(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  conventions: SourceConventions = {},
): string {
  return (
    frontMatterString(frontMatter, 'link', 'url', 'permalink') ??
    slugPath(relativePath, frontMatter) ??
    readmePath(relativePath, conventions) ??
    encodePath(publishedPath(relativePath))
  );
}

/**
 * Where a front matter `slug` publishes the page, as a root-relative path: one starting with `/`
 * from the site's root (Docusaurus's, from its docs' root: `slug: /` for their home page); a
 * name alone in the page's folder, in place of its file's name (Hugo's, Docusaurus's). Undefined
 * for none, and for a slug of several names or one on a folder's `index` page: MDN writes the
 * page's path there (`slug: Web/CSS/opacity`), which its folders already give.
 */
function slugPath(relativePath: string, frontMatter: Record<string, unknown>): string | undefined {
  const slug = frontMatterString(frontMatter, 'slug');
  if (slug === undefined) return undefined;
  if (slug.startsWith('/')) return encodePath(slug);
  if (slug.includes('/') || publishedPath(relativePath).endsWith('/')) return undefined;
  return encodePath(`/${folderOf(relativePath)}${slug}`);
}

/**
 * A README's path: its folder's, as GitHub shows it and Docusaurus, MkDocs, VuePress, Docsify and
 * GitHub Pages (jekyll-readme-index) publish it (`guides/README.md` at `/guides/`), unless an index
 * page beside it is the folder's (MkDocs leaves the README out, GitHub Pages publishes it by its
 * name) or the site is VitePress's, which publishes every file by its name. Undefined for any
 * other page.
 */
function readmePath(relativePath: string, conventions: SourceConventions): string | undefined {
  if (!README.test(relativePath) || conventions.generator === 'VitePress') return undefined;
  if (conventions.readmesBesideIndex?.includes(relativePath)) return undefined;
  return encodePath(`/${folderOf(relativePath)}`);
}
