/**
 * Where Hugo publishes a page of its content folder: at its path, each name made a URL as Hugo
 * makes it (lower-cased, spaces as `-`), pretty (`/posts/first-post/`) or ugly
 * (`/posts/first-post.html`), or at its section's permalink pattern, filled in; and which files
 * it publishes no page from. Checked against what Hugo 0.111 builds.
 */
import { NotAPage } from './document.js';
import { encodePath } from './document-link.js';
import { frontMatterString } from './front-matter.js';
import { DAYS, MONTHS } from './jekyll-post.js';

/** What a Hugo site's configuration says of its pages' links (see `hugoSettings` in site-generator.ts). */
export interface HugoSettings {
  /** `disablePathToLower`: paths keep their case. */
  keepCase?: boolean;
  /** `removePathAccents`: accents left out of paths (`école` as `ecole`). */
  removeAccents?: boolean;
  /** `uglyURLs`: true for every section, or the sections that have them (lower-cased). */
  uglyUrls?: boolean | readonly string[];
  /** `permalinks` for regular pages, by top-level section (lower-cased). */
  pagePermalinks?: Readonly<Record<string, string>>;
  /** `permalinks.section`: for a top-level section's own page, by its name (lower-cased). */
  sectionPermalinks?: Readonly<Record<string, string>>;
  /**
   * The site's languages (`languages`' codes, lower-cased, and the default one): a page's file
   * named with one before its extension (`about.fr.md`) is that language's translation.
   */
  languages?: readonly string[];
  /** `defaultContentLanguage` (lower-cased): `en` unless set. */
  defaultLanguage?: string;
  /** `defaultContentLanguageInSubdir`: the default language's pages too are published under its code. */
  defaultLanguageInSubdir?: boolean;
  /**
   * The folders (relative to the content folder read; `` for all of it) of the languages
   * translated by content directory (a language's `contentDir`), each its language's content.
   */
  languageFolders?: readonly { folder: string; language: string }[];
}

/** A Hugo site: its settings, and what its files say of its pages (see `hugoSiteOf`). */
export interface HugoSite extends HugoSettings {
  /** Folders that hold an `index` page, a leaf bundle: every other file in them is a resource of that page. */
  leafBundles?: readonly string[];
  /** Folders below the top that hold an `_index` page: nested sections (`:sections`). */
  sections?: readonly string[];
}

/** A page's file in a Hugo content folder: its folders, its name without extension. */
const CONTENT_FILE = /^(?:(.*)\/)?([^/]*?)(?:\.[^./]*)?$/;
/** A folder's own page: a leaf bundle's `index`, a branch bundle's (a section's) `_index`. */
const BUNDLE_INDEX = /(?:^|\/)(_?)index\.(?:md|markdown|mdx|html?)$/i;

/**
 * A page's file as its language's content (see `HugoSettings`): its path within its language's
 * content folder, without the language's code its name may end with (`docs/about.fr.md` is the
 * French `docs/about.md`), and that language, undefined when neither names one (the default
 * language's). Hugo reads a code only as written in its configuration, lower-cased.
 */
export function hugoLanguageOf(
  relativePath: string,
  site: HugoSettings,
): { path: string; language: string | undefined } {
  let path = relativePath;
  let language: string | undefined;
  for (const { folder, language: code } of site.languageFolders ?? [])
    if (folder === '' || path.startsWith(`${folder}/`)) {
      path = folder === '' ? path : path.slice(folder.length + 1);
      language = code;
      break;
    }
  const named = /\.([^./]+)(\.[^./]+)$/.exec(path);
  if (named !== null && site.languages?.includes(named[1] as string)) {
    path = `${path.slice(0, named.index)}${named[2]}`;
    language = named[1];
  }
  return { path, language };
}

/** The code a page's path starts with: its language's, but the default language's unless `defaultContentLanguageInSubdir`. */
function languagePrefix(language: string | undefined, site: HugoSettings): string {
  const defaultLanguage = site.defaultLanguage ?? 'en';
  const code = language ?? defaultLanguage;
  return code !== defaultLanguage || site.defaultLanguageInSubdir ? `${code}/` : '';
}

/** The leaf bundles and nested sections a Hugo content folder's files make (paths relative to it, `/` separators). */
export function hugoSiteOf(relativePaths: readonly string[], settings: HugoSettings): HugoSite {
  const leafBundles: string[] = [];
  const sections: string[] = [];
  for (const relativePath of relativePaths) {
    const { path } = hugoLanguageOf(relativePath, settings);
    const index = BUNDLE_INDEX.exec(path);
    if (!index || index.index === 0) continue;
    (index[1] === '_' ? sections : leafBundles).push(path.slice(0, index.index));
  }
  return {
    ...settings,
    ...(leafBundles.length > 0 ? { leafBundles } : {}),
    ...(sections.length > 0 ? { sections } : {}),
  };
}

/** The bundles' and sections' folders as sets, made once per site read (a site's lists are handed to each page). */
const folderSets = new WeakMap<HugoSite, { leafBundles: Set<string>; sections: Set<string> }>();
function foldersOf(site: HugoSite): { leafBundles: Set<string>; sections: Set<string> } {
  let sets = folderSets.get(site);
  if (sets === undefined)
    folderSets.set(
      site,
      (sets = { leafBundles: new Set(site.leafBundles), sections: new Set(site.sections) }),
    );
  return sets;
}

/**
 * Throws `NotAPage` for a file Hugo publishes no page from: a file of a leaf bundle but its
 * `index` (a page resource, which the page may show).
 */
export function assertHugoPublished(pagePath: string, site: HugoSite): void {
  const relativePath = hugoLanguageOf(pagePath, site).path;
  const folders = relativePath.split('/').slice(0, -1);
  const { leafBundles } = foldersOf(site);
  const own = BUNDLE_INDEX.exec(relativePath)?.[1] === '' ? folders.length : folders.length + 1;
  for (let depth = 1; depth < own; depth++)
    if (leafBundles.has(folders.slice(0, depth).join('/')))
      throw new NotAPage(
        'unpublished',
        `a resource of the page ${folders.slice(0, depth).join('/')}/index: Hugo publishes no page of its own from it`,
      );
}

/**
 * Throws `NotAPage` for a page Hugo renders no page of: a headless bundle, a page whose build
 * options say it is never rendered (`_build: { render: never }`, or `false`, or `link`).
 */
export function assertHugoRendered(frontMatter: Record<string, unknown>): void {
  if (frontMatterValue(frontMatter, 'headless') === true)
    throw new NotAPage('unpublished', 'a headless bundle: Hugo publishes no page from it');
  const build = frontMatterValue(frontMatter, '_build') ?? frontMatterValue(frontMatter, 'build');
  const render = isRecord(build) ? frontMatterValue(build, 'render') : undefined;
  if (render === false || render === 'never' || render === 'link')
    throw new NotAPage(
      'unpublished',
      `rendered never (build render: ${String(render)}): Hugo publishes no page from it`,
    );
}

/**
 * The root-relative path, percent-encoded, where Hugo publishes a page (its `url` front matter
 * aside, which a caller takes as it is): a section's (`_index`) at its folder's path, a leaf
 * bundle's (`index`) at its folder's, any other page at its file's, its name replaced by its
 * `slug`; or, for a page of a section with a permalink pattern, that pattern filled in. Each name
 * as Hugo makes it a URL (see `pathName`), lower-cased unless `disablePathToLower`; ending in `/`,
 * or in `.html` with `uglyURLs`.
 */
export function hugoPagePath(
  pagePath: string,
  frontMatter: Record<string, unknown>,
  site: HugoSite = {},
): string {
  const { path: relativePath, language } = hugoLanguageOf(pagePath, site);
  const prefix = languagePrefix(language, site);
  const [, folderPath, fileName = ''] = CONTENT_FILE.exec(relativePath) ?? [];
  const folders = folderPath === undefined ? [] : folderPath.split('/');
  const isSection = fileName.toLowerCase() === '_index';
  // A leaf bundle is named by its folder, a page of the section above it (`about/index.md` is the home section's).
  const isBundle = fileName.toLowerCase() === 'index' && folders.length > 0;
  const baseName = isBundle ? (folders.pop() as string) : fileName;
  const top = (folders[0] ?? '').toLowerCase();
  const ugly = site.uglyUrls === true || (Array.isArray(site.uglyUrls) && site.uglyUrls.includes(top));
  const finish = (path: string): string => {
    const cased = site.keepCase ? path : path.toLowerCase();
    const trimmed = `/${prefix}${cased}`.replace(/\/{2,}/g, '/').replace(/\/$/, '');
    if (trimmed === '') return '/';
    return encodePath(ugly ? `${trimmed}.html` : `${trimmed}/`);
  };
  const name = (text: string) => pathName(text, site.removeAccents);
  if (isSection) {
    const pattern = folders.length === 1 ? site.sectionPermalinks?.[top] : undefined;
    return finish(pattern ?? folders.map(name).join('/'));
  }
  const slug = frontMatterString(frontMatter, 'slug');
  const pattern = folders.length > 0 ? site.pagePermalinks?.[top] : undefined;
  if (pattern === undefined) return finish([...folders, slug ?? baseName].map(name).join('/'));
  const title = frontMatterString(frontMatter, 'title') ?? '';
  const titleName = urlize(title, site.removeAccents);
  const slugName = slug === undefined ? titleName : urlize(slug, site.removeAccents);
  const date = pageDate(frontMatter);
  const sections = sectionsOf(relativePath, foldersOf(site).sections).map(name);
  const values: Record<string, string> = {
    year: String(date.year),
    month: pad(date.month),
    monthname: MONTHS[date.month - 1] as string,
    day: pad(date.day),
    weekday: String(date.weekday),
    weekdayname: DAYS[date.weekday] as string,
    yearday: String(date.yearDay),
    section: name(folders[0] ?? ''),
    title: titleName,
    slug: slugName,
    filename: name(baseName),
    contentbasename: name(baseName),
    slugorfilename: slug === undefined ? name(baseName) : slugName,
    slugorcontentbasename: slug === undefined ? name(baseName) : slugName,
  };
  const filled = pattern.replace(
    /:(sections)\[(\d*|last)(?::(\d*))?\]|:([a-z]+)/g,
    (token, sliced?: string, from?: string, to?: string, key?: string) => {
      if (sliced !== undefined) return sliceOf(sections, from as string, to).join('/');
      if (key === 'sections') return sections.join('/');
      return key !== undefined && Object.hasOwn(values, key) ? (values[key] as string) : token;
    },
  );
  return finish(filled);
}

/** `:sections[1:]`, `[:2]`, `[last]`, `[0]`: a part of the sections, as Hugo's permalink tokens slice them. */
function sliceOf(sections: string[], from: string, to: string | undefined): string[] {
  if (from === 'last') return sections.slice(-1);
  if (to === undefined) return sections.slice(Number(from), Number(from) + 1);
  return sections.slice(from === '' ? 0 : Number(from), to === '' ? undefined : Number(to));
}

/**
 * A page's sections, as `:sections` gives them: its top-level folder, then each folder below it
 * that is a section of its own (holds an `_index` page), down to the page's folder.
 */
function sectionsOf(relativePath: string, sections: ReadonlySet<string>): string[] {
  const folders = relativePath.split('/').slice(0, -1);
  return folders.filter((_, index) => index === 0 || sections.has(folders.slice(0, index + 1).join('/')));
}

/**
 * A name as Hugo makes it part of a URL (its `MakePath`): letters, digits and marks kept, and
 * `.`, `_`, `-`, `#`, `+`, `~`, `@`, a `%` that starts an escape; a run of spaces between them a
 * `-`; anything else left out. `What's New (v2)!` is `Whats-New-v2`.
 */
export function pathName(text: string, removeAccents = false): string {
  const source = removeAccents ? text.normalize('NFD').replace(/\p{M}/gu, '') : text;
  let name = '';
  let space = false;
  const characters = [...source];
  for (const [index, character] of characters.entries()) {
    const allowed =
      /[\p{L}\p{N}\p{M}._\-#+~@/]/u.test(character) ||
      (character === '%' && /^[0-9a-f]{2}$/i.test(characters.slice(index + 1, index + 3).join('')));
    if (allowed) {
      if (space && character !== '-') name += '-';
      space = false;
      name += character;
    } else if (name !== '' && !name.endsWith('-') && /\s/u.test(character)) space = true;
  }
  return name;
}

/** A title or slug as Hugo's `urlize` makes it part of a URL: a `+` as a space, then as `pathName`. */
const urlize = (text: string, removeAccents?: boolean): string =>
  pathName(text.replace(/\+/g, ' '), removeAccents);

const pad = (value: number): string => String(value).padStart(2, '0');

/** The front matter fields Hugo takes a page's date from, in order (its `date` setting's default). */
const DATE_FIELDS = ['date', 'publishdate', 'pubdate', 'published', 'lastmod', 'modified'];
const DATE = /^(\d{1,4})-(\d{1,2})-(\d{1,2})/;

/**
 * A page's date, as written (Hugo keeps the offset written, so a date reads as its text says):
 * from its front matter (see `DATE_FIELDS`), else Go's zero time, 1 January of year 1, which
 * Hugo fills a pattern with for a page without one.
 */
function pageDate(frontMatter: Record<string, unknown>): {
  year: number;
  month: number;
  day: number;
  weekday: number;
  yearDay: number;
} {
  let written: RegExpExecArray | null = null;
  for (const field of DATE_FIELDS) {
    const value = frontMatterValue(frontMatter, field);
    const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : undefined;
    written = text === undefined ? null : DATE.exec(text.trim());
    if (written) break;
  }
  const [year, month, day] = written ? written.slice(1, 4).map(Number) : [1, 1, 1];
  const time = new Date(0);
  time.setUTCFullYear(year as number, (month as number) - 1, day as number);
  const yearDay =
    Math.round((time.getTime() - new Date(0).setUTCFullYear(year as number, 0, 1)) / 86_400_000) + 1;
  return {
    year: time.getUTCFullYear(),
    month: time.getUTCMonth() + 1,
    day: time.getUTCDate(),
    weekday: time.getUTCDay(),
    yearDay,
  };
}

/** A front matter field, its name in any case, as Hugo reads them (`publishDate`, `publishdate`). */
function frontMatterValue(frontMatter: Record<string, unknown>, name: string): unknown {
  if (Object.hasOwn(frontMatter, name)) return frontMatter[name];
  const key = Object.keys(frontMatter).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : frontMatter[key];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
