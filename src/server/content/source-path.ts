/**
 * Where a site's generator publishes a Markdown source (`.md`, `.mdx`, `.markdown`): where its
 * path says (`publishedPath`), but for what each generator does with some names.
 */
import { NotAPage } from './document.js';
import { encodePath, folderTags, publishedPath, titleFromPath } from './document-link.js';
import { frontMatterString } from './front-matter.js';
import {
  assertHugoPublished,
  assertHugoRendered,
  type HugoSettings,
  type HugoSite,
  hugoPagePath,
  hugoSiteOf,
} from './hugo-page.js';
import { assertJekyllPublished, jekyllCollectionPath, jekyllPagePath } from './jekyll-page.js';
import { jekyllPostPath, type JekyllSite } from './jekyll-post.js';
import type { PageUrlStyle } from './site-generator.js';

/**
 * What the generator of a folder's sources does that their paths don't say, found once for the
 * whole folder (`sourceConventionsOf`) and handed to each Markdown reader.
 */
export interface SourceConventions {
  /**
   * The generator found beside the folder (see `siteGeneratorOf`): `VitePress` publishes a README
   * as a page of its own, `Docusaurus` as it names its docs (see `docusaurusPath`).
   */
  generator?: string;
  /** README files with an index page beside them: pages of their own, the index being their folder's (see `readmePath`). */
  readmesBesideIndex?: readonly string[];
  /**
   * What a Jekyll site's `_config.yml` says of its links (see `jekyllSettings`): of its posts'
   * whatever the generator, of its pages' and collections' when it is Jekyll.
   */
  jekyll?: JekyllSite;
  /** A Hugo site's settings and bundles (see `hugoSiteOf`), when the generator is Hugo. */
  hugo?: HugoSite;
  /** How the generator links a page that is no folder's index (see `PageUrlStyle`); by its path when unset. */
  pageUrls?: PageUrlStyle;
  /**
   * The path the site is published under (`/acme`, see `basePathOf`), when no site URL is given:
   * every page's link, and every root-relative link written in one, is under it (see
   * `readContentFiles`).
   */
  basePath?: string;
}

/** A README, which GitHub shows as its folder's page, and most generators publish as it. */
const README = /(?:^|\/)readme\.(?:mdx?|markdown)$/i;
/** A folder's own page among its files: `index` (Hugo's `_index` too), of any page's extension. */
const INDEX_FILE = /(?:^|\/)_?index\.(?:mdx?|markdown|html?)$/i;

/** A Docusaurus category's metadata, which no other generator names so: a folder of Docusaurus docs. */
const DOCUSAURUS_CATEGORY = /(?:^|\/)_category_\.(?:json|ya?ml)$/;

/** What the files beside a content folder say of its generator (see `sourceConventionsOf`). */
export interface SiteSettings {
  /** The generator's name, as `siteGeneratorOf` gives it. */
  generator?: string;
  /** A Jekyll site's settings (`jekyllSettings`). */
  jekyll?: JekyllSite;
  /** A Hugo site's settings (`hugoSettings`). */
  hugo?: HugoSettings;
  /** How the generator links its pages (`pageUrlStyleOf`). */
  pageUrls?: PageUrlStyle;
  /** The path the site is published under (`basePathOf`), when no site URL is given. */
  basePath?: string;
}

/**
 * The conventions of the sources in a folder, from what the files beside it say (`site`) and its
 * files (every one, paths relative to the folder, with `/` separators): a folder with a
 * `_category_.json` is Docusaurus's docs, though copied away from its config.
 */
export function sourceConventionsOf(
  relativePaths: readonly string[],
  { generator, jekyll, hugo, pageUrls, basePath }: SiteSettings = {},
): SourceConventions {
  generator ??= relativePaths.some((path) => DOCUSAURUS_CATEGORY.test(path)) ? 'Docusaurus' : undefined;
  const foldersWithIndex = new Set(
    relativePaths.filter((path) => INDEX_FILE.test(path)).map((path) => folderOf(path)),
  );
  const readmesBesideIndex = relativePaths.filter(
    (path) => README.test(path) && foldersWithIndex.has(folderOf(path)),
  );
  return {
    ...(generator === undefined ? {} : { generator }),
    ...(readmesBesideIndex.length > 0 ? { readmesBesideIndex } : {}),
    ...(jekyll === undefined ? {} : { jekyll }),
    ...(generator === 'Hugo' ? { hugo: hugoSiteOf(relativePaths, hugo ?? {}) } : {}),
    ...(pageUrls === undefined || pageUrls === 'path' ? {} : { pageUrls }),
    ...(basePath === undefined ? {} : { basePath }),
  };
}

/** The folder of a path, with its `/` (`guides/` for `guides/setup.md`), or `` at the root. */
const folderOf = (relativePath: string): string => relativePath.slice(0, relativePath.lastIndexOf('/') + 1);

/**
 * The link of a Markdown source, as its generator publishes it: a link written in its front matter
 * (`link`, `url`, `permalink`: taken as the URL it is, but on a Jekyll site, where a permalink is
 * a template filled in), else, for Hugo, where Hugo puts it (see `hugoPagePath`), else a post at
 * its permalink, else, for Jekyll, a collection's document or a page where Jekyll puts it (see
 * `jekyll-page.ts`), else where its `slug` moves it, else where its name puts it (a README for
 * its folder), else where its path does.
 */
export function markdownPageLink(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  conventions: SourceConventions = {},
): string {
  const written = frontMatterString(frontMatter, 'link', 'url');
  if (written !== undefined) return written;
  if (conventions.generator === 'Hugo') return hugoPagePath(relativePath, frontMatter, conventions.hugo);
  const post = jekyllPostPath(relativePath, frontMatter, conventions.jekyll);
  if (post !== undefined) return post;
  if (conventions.generator === 'Jekyll') {
    const site = conventions.jekyll ?? {};
    const document = jekyllCollectionPath(relativePath, frontMatter, site);
    if (document !== undefined) return document;
    // GitHub Pages publishes a README as its folder's page (jekyll-readme-index).
    const readme =
      frontMatterString(frontMatter, 'permalink') === undefined
        ? readmePath(relativePath, conventions)
        : undefined;
    return readme ?? jekyllPagePath(relativePath, frontMatter, site);
  }
  const permalink = frontMatterString(frontMatter, 'permalink');
  const filled = permalink === undefined ? undefined : filledPermalink(permalink, relativePath, frontMatter);
  if (filled !== undefined) return filled;
  if (conventions.generator === 'Docusaurus') return docusaurusPath(relativePath, frontMatter);
  return withPageUrlStyle(
    slugPath(relativePath, frontMatter) ??
      readmePath(relativePath, conventions) ??
      encodePath(publishedPath(relativePath)),
    relativePath,
    conventions.pageUrls,
  );
}

/** A Markdown source's page (MkDocs and VitePress read no other), as its name says. */
const MARKDOWN_FILE = /\.(?:mdx?|markdown)$/i;

/**
 * A Markdown page's path as its generator links it (see `PageUrlStyle`): `/guides/setup` as
 * `/guides/setup/` or `/guides/setup.html`. A folder's page (`/guides/`) is linked so by all.
 */
function withPageUrlStyle(path: string, relativePath: string, style: PageUrlStyle = 'path'): string {
  if (style === 'path' || path.endsWith('/') || !MARKDOWN_FILE.test(relativePath)) return path;
  return style === 'folder' ? `${path}/` : `${path}.html`;
}

/**
 * A permalink as Eleventy fills its template: `{{ page.fileSlug }}` (the file's name without its
 * extension and a leading date, its folder's for an `index`), `{{ page.filePathStem }}` (its path
 * without the extension) and `{{ title | slugify }}`; undefined when it holds another tag, which
 * the page's path stands in for, rather than a link to the template's text.
 */
function filledPermalink(
  permalink: string,
  relativePath: string,
  frontMatter: Record<string, unknown>,
): string | undefined {
  if (!permalink.includes('{{') && !permalink.includes('{%')) return permalink;
  const stem = relativePath.replace(/\.[^./]+$/, '');
  const name = stem.split('/').at(-1) ?? '';
  const fileSlug =
    name === 'index' ? (stem.split('/').at(-2) ?? '') : name.replace(/^\d{4}-\d{2}-\d{2}-/, '');
  const values: Record<string, string> = {
    'page.fileSlug': fileSlug,
    'page.filePathStem': `/${stem}`,
    'page.fileSlug | slugify': slugify(fileSlug),
    'title | slugify': slugify(frontMatterString(frontMatter, 'title') ?? ''),
  };
  const filled = permalink.replace(/\{\{-?\s*([^{}]*?)\s*-?\}\}/g, (tag, expression: string) => {
    const value = values[expression.replace(/\s*\|\s*/g, ' | ')];
    return value === undefined || value === '' ? tag : value;
  });
  return filled.includes('{{') || filled.includes('{%') ? undefined : filled;
}

/** Eleventy's `slugify`: accents dropped, lower case, each run of other characters one `-`. */
const slugify = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The tags a Markdown source's folders give it (see `folderTags`): for Docusaurus, by the names it
 * publishes them under (`02-guides/` is tagged `guides`).
 */
export function markdownFolderTags(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  conventions: SourceConventions = {},
): string[] {
  if (conventions.generator !== 'Docusaurus' || frontMatter['parse_number_prefixes'] === false)
    return folderTags(relativePath);
  return folderTags(relativePath.split('/').map(withoutNumberPrefix).join('/'));
}

/**
 * The title of a Markdown source with neither a title nor a heading, from its path: for
 * Docusaurus, as it names the doc, by its front matter `id`, else its file's name without its
 * number prefix (`01-intro.md` is "Intro", not "01 intro"), a category's index by its folder's
 * name without one; else the file's name (see `titleFromPath`).
 */
export function markdownPathTitle(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  conventions: SourceConventions = {},
): string {
  if (conventions.generator !== 'Docusaurus' || frontMatter['parse_number_prefixes'] === false)
    return titleFromPath(relativePath);
  const folders = relativePath.split('/');
  const [, fileName = '', extension = ''] = /^(.*?)(\.[^.]*)?$/.exec(folders.pop() as string) ?? [];
  const name = frontMatterString(frontMatter, 'id') ?? withoutNumberPrefix(fileName);
  return titleFromPath([...folders.map(withoutNumberPrefix), `${name}${extension}`].join('/'));
}

/**
 * Throws `NotAPage` for a source its generator publishes no page from: a Docusaurus partial, a file
 * or folder whose name starts with `_` (`_shared-steps.mdx`), which other pages import and show
 * (Docusaurus's default `exclude`); a Hugo bundle's resource or a page never rendered (see
 * `assertHugoPublished`).
 */
export function assertPublished(relativePath: string, conventions: SourceConventions = {}): void {
  if (conventions.hugo !== undefined) assertHugoPublished(relativePath, conventions.hugo);
  if (conventions.generator === 'Jekyll') assertJekyllPublished(relativePath, conventions.jekyll ?? {});
  if (conventions.generator === 'Docusaurus' && /(?:^|\/)_/.test(relativePath))
    throw new NotAPage(
      'partial',
      'a partial, which other pages show: Docusaurus publishes no page from a name starting with _',
    );
}

/**
 * Throws `NotAPage` for a source whose front matter says its generator renders no page of it: a
 * Hugo page built but never rendered (see `assertHugoRendered`).
 */
export function assertRendered(
  frontMatter: Record<string, unknown>,
  conventions: SourceConventions = {},
): void {
  if (conventions.hugo !== undefined) assertHugoRendered(frontMatter);
  // Eleventy writes no file of a template whose permalink is false (a draft, data for others).
  if (frontMatter['permalink'] === false)
    throw new NotAPage('unpublished', 'permalink: false: its generator (Eleventy) writes no page of it');
}

/**
 * A Docusaurus doc's number prefix, which orders the sidebar and is no part of its URL, nor of its
 * folders': `01-intro`, `2. Setup`, `003 - API`. A date's or a version's digits are not one
 * (`2024-01-release`, `7.0-notes`), as Docusaurus's parser leaves them.
 */
const NUMBER_PREFIX = /^\d+\s*[-_.]+\s*(?=[^-_.\s])/;
const DATE_OR_VERSION = /^\d+[-_.]\d+/;

function withoutNumberPrefix(name: string): string {
  return DATE_OR_VERSION.test(name) ? name : name.replace(NUMBER_PREFIX, '');
}

/**
 * Where Docusaurus publishes a doc: a `slug` from the docs' root (`/install`) as it is; else its
 * folder's path when it is its category's index (`index`, `README` or named as its folder:
 * `guides/guides.md` at `/guides/`) and has no slug; else its slug, its front matter `id` or its
 * file's name, resolved in its folder. Number prefixes are left out of the folders' and the
 * file's names unless `parse_number_prefixes: false` says otherwise: `02-guides/03-setup.md` is
 * published at `/guides/setup`.
 */
function docusaurusPath(relativePath: string, frontMatter: Record<string, unknown>): string {
  const strip = frontMatter['parse_number_prefixes'] === false ? (name: string) => name : withoutNumberPrefix;
  const folders = relativePath.split('/');
  const fileName = (folders.pop() as string).replace(/\.[^.]*$/, '');
  const folderPath = folders.length === 0 ? '/' : `/${folders.map(strip).join('/')}/`;
  const slug = frontMatterString(frontMatter, 'slug');
  if (slug?.startsWith('/')) return encodePath(slug);
  const folder = folders[folders.length - 1]?.toLowerCase();
  if (slug === undefined && ['index', 'readme', folder].includes(fileName.toLowerCase()))
    return encodePath(folderPath);
  return encodePath(
    resolvedPath(slug ?? frontMatterString(frontMatter, 'id') ?? strip(fileName), folderPath),
  );
}

/** A relative path resolved in a folder's (`../api` in `/guides/` is `/api`), as a link in a page there is. */
function resolvedPath(relative: string, folderPath: string): string {
  const names: string[] = [];
  const parts = `${folderPath}${relative}`.split('/').slice(1);
  for (const [index, part] of parts.entries()) {
    if (part === '..') names.pop();
    else if (part !== '.') names.push(part);
    // A path ending in `.` or `..` is a folder's.
    if ((part === '.' || part === '..') && index === parts.length - 1) names.push('');
  }
  return `/${names.join('/')}`;
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
