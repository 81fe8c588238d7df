/**
 * Where Jekyll publishes a post (a file of a `_posts` folder), or another collection's document:
 * at its permalink, a template of its date, name and categories
 * (`/:categories/:year/:month/:day/:title:output_ext` by default for a post), as Jekyll 4's
 * `Jekyll::URL` and `Drops::UrlDrop` fill it in.
 */
import { encodePath } from './document-link.js';

/** Jekyll's named permalink styles (`permalink: pretty` in `_config.yml`), as templates. */
export const PERMALINK_STYLES: Readonly<Record<string, string>> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  weekdate: '/:categories/:year/W:week/:short_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};

/**
 * A post: in a `_posts` folder (the folders above it are its categories, those below it are not),
 * its file named for its date and title (`2024-03-05-hello-world.md`).
 */
const POST = /^(?:(.*)\/)?_posts\/(?:.*\/)?(?:(\d{2,4}-\d{1,2}-\d{1,2})-)?([^/]*)\.[^./]+$/;

/** A date as front matter or a file name writes it, with a time and its offset from UTC if any. */
const DATE =
  /^(\d{2,4})-(\d{1,2})-(\d{1,2})(?:[T ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{1,2}(?::?\d{2})?)?/i;

/** English month and day names, as the generators' permalinks write them (`:month_name`, `:day_name`). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Whether a path is a post's, in a `_posts` folder: Jekyll's own (Hexo names its posts' folder so
 * too, and fills in a permalink the same way).
 */
export const isPost = (relativePath: string): boolean => POST.test(relativePath);

/** What a Jekyll site's `_config.yml` says of its pages' and documents' links (see `jekyllSettings`). */
export interface JekyllSite {
  /** The site's `permalink`, as written: a style's name (`pretty`) or a template; `date` without it. */
  permalink?: string;
  /** The site's time zone (`timezone`, an IANA name), in which a post's date is told; UTC without it. */
  timeZone?: string;
  /** `collections_dir`, with its final `/`: the folder the collections' folders (`_posts` too) are in. */
  collectionsFolder?: string;
  /** The posts collection's own permalink (`collections: posts: permalink:`). */
  postsPermalink?: string;
  /** The site's other collections, by label: whether their documents are written out, and their permalink. */
  collections?: Readonly<Record<string, { output: boolean; permalink?: string }>>;
  /** Front matter `defaults` that give a permalink: their scope's path and type, in the config's order. */
  permalinkDefaults?: readonly PermalinkDefault[];
  /** `exclude`: paths and globs Jekyll reads nothing from. */
  exclude?: readonly string[];
  /** `include`: paths and globs read though their name starts with `_` or `.`, or `exclude` names them. */
  include?: readonly string[];
}

/** A front matter default that gives a permalink: to the files under `path` (all for ``), of `type` (all without). */
export interface PermalinkDefault {
  path: string;
  type?: string;
  permalink: string;
}

/**
 * The permalink the site's front matter defaults give a file (its path, relative to the
 * collections' folder for a collection's document, and its type: `pages`, `posts` or a
 * collection's label), as Jekyll's `FrontmatterDefaults#find` picks it: of the defaults whose
 * scope holds the file, the one with the longest path, then one with a type, then the last.
 */
export function defaultPermalink(site: JekyllSite, path: string, type: string): string | undefined {
  let found: PermalinkDefault | undefined;
  for (const entry of site.permalinkDefaults ?? []) {
    if (entry.type !== undefined && entry.type !== type) continue;
    if (!path.startsWith(entry.path)) continue;
    if (
      found === undefined ||
      entry.path.length > found.path.length ||
      (entry.path.length === found.path.length && (entry.type !== undefined || found.type === undefined))
    )
      found = entry;
  }
  return found?.permalink;
}

/** A site's `permalink` as a posts' template: a style's by its name, else as written. */
const postsTemplate = (permalink: string): string =>
  Object.hasOwn(PERMALINK_STYLES, permalink) ? (PERMALINK_STYLES[permalink] as string) : permalink;

/**
 * The root-relative path of a post, percent-encoded: its front matter's `permalink`, else one a
 * front matter default gives posts, else the posts collection's, else the site's (from
 * `_config.yml`), else Jekyll's default, filled in (see `jekyllDocumentPath`). Undefined for no
 * post, and for one without a date (Jekyll publishes none).
 */
export function jekyllPostPath(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  site: JekyllSite = {},
): string | undefined {
  const inCollections = withoutCollectionsFolder(relativePath, site) ?? relativePath;
  const post = POST.exec(inCollections);
  if (!post) return undefined;
  const [, folders] = post as unknown as [string, string | undefined];
  const template =
    defaultPermalink(site, inCollections, 'posts') ??
    site.postsPermalink ??
    postsTemplate(site.permalink ?? 'date');
  return jekyllDocumentPath(relativePath, frontMatter, site, {
    collection: 'posts',
    path: inCollections.replace('_posts', ''),
    categories: (folders ?? '').split('/').filter((folder) => folder !== ''),
    template,
    needsDate: true,
  });
}

/** A path relative to the site's collections' folder (`collections_dir`); undefined for one outside it. */
export function withoutCollectionsFolder(relativePath: string, site: JekyllSite): string | undefined {
  const folder = site.collectionsFolder ?? '';
  return relativePath.startsWith(folder) ? relativePath.slice(folder.length) : undefined;
}

/** A file name with a date, as a post's (`2024-03-05-hello-world.md`), or without. */
const DOCUMENT_NAME = /(?:^|\/)(?:(\d{2,4}-\d{1,2}-\d{1,2})-)?([^/]*)\.[^./]+$/;

/**
 * The root-relative path of a collection's document (a post too), percent-encoded: its front
 * matter's `permalink`, else `document.template`, filled in as Jekyll 4's `Jekyll::URL` and
 * `Drops::UrlDrop` fill it. Its date is its front matter's `date`, else its file name's (a time
 * with an offset, `2024-04-01 23:30:00 -0500`, told in the site's time zone, as Jekyll tells it:
 * UTC, where CI and GitHub Pages build, unless `_config.yml` names one), else the time of the
 * build, now (undefined with `needsDate`, a post Jekyll publishes none of); its title its front
 * matter `slug`, else its file name's without a date; its categories `document.categories` (a
 * post's folders above `_posts`), then its front matter's `categories` and `category`.
 */
export function jekyllDocumentPath(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  site: JekyllSite,
  document: {
    collection: string;
    /** `:path`: the document's path in its collection's folder, from its `/`, with its extension. */
    path: string;
    categories: string[];
    template: string;
    needsDate?: boolean;
  },
): string | undefined {
  const [, fileDate, fileTitle = ''] = DOCUMENT_NAME.exec(relativePath) ?? [];
  const date = DATE.exec(dateText(frontMatter['date']) ?? fileDate ?? '');
  if (!date && document.needsDate) return undefined;
  // A document without a date is dated when the site is built: now.
  const time = wallClock(date ?? (DATE.exec(new Date().toISOString()) as RegExpExecArray), site.timeZone);
  const slug = typeof frontMatter['slug'] === 'string' ? frontMatter['slug'] : fileTitle.replace(/\.+$/, '');
  const categories = postCategories(document.categories, frontMatter);
  const fileName = relativePath.slice(relativePath.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  const isoWeek = isoWeekOf(time);
  const values: Record<string, string> = {
    year: String(time.getUTCFullYear()),
    month: pad(time.getUTCMonth() + 1),
    day: pad(time.getUTCDate()),
    hour: pad(time.getUTCHours()),
    minute: pad(time.getUTCMinutes()),
    second: pad(time.getUTCSeconds()),
    i_month: String(time.getUTCMonth() + 1),
    i_day: String(time.getUTCDate()),
    short_year: pad(time.getUTCFullYear() % 100),
    short_month: (MONTHS[time.getUTCMonth()] as string).slice(0, 3),
    long_month: MONTHS[time.getUTCMonth()] as string,
    short_day: (DAYS[time.getUTCDay()] as string).slice(0, 3),
    long_day: DAYS[time.getUTCDay()] as string,
    y_day: pad(dayOfYear(time), 3),
    week: pad(isoWeek.week),
    w_year: String(isoWeek.year),
    w_day: String(time.getUTCDay() || 7),
    title: slugify(slug, 'pretty', true),
    slug: slugify(slug, 'default'),
    name: slugify(fileName, 'default'),
    categories: [...new Set(categories.map((category) => category.toLowerCase()))].join('/'),
    slugified_categories: [...new Set(categories.map((category) => slugify(category, 'default')))].join('/'),
    output_ext: '.html',
    collection: document.collection,
    path: document.path.replace(/\.[^./]*$/, '').replace(/\.+$/, ''),
  };
  const written = typeof frontMatter['permalink'] === 'string' ? frontMatter['permalink'] : undefined;
  // A URL written in full is no template (`https:` holds no placeholder): taken as it is.
  if (written !== undefined && /^[a-z][a-z0-9+.-]*:\/\//i.test(written)) return written;
  const filled = (written ?? document.template).replace(/:([a-z_]+)/g, (placeholder, name: string) => {
    // `/:month_:day` is `:month`, then `_`: a name ending in `_` that is no placeholder is one without it.
    const key = [name, name.replace(/_$/, '')].find((candidate) => Object.hasOwn(values, candidate));
    if (key === undefined) return placeholder;
    return encodePath(values[key] as string) + name.slice(key.length);
  });
  return tidyUrl(filled);
}

/** A URL as Jekyll tidies it: rooted, no `..` or `./`, no empty folder (a post without categories). */
export function tidyUrl(url: string): string {
  return `/${url}`
    .replace(/\.\./g, '/')
    .replace(/\.\//g, '')
    .replace(/\/{2,}/g, '/');
}

/**
 * The date and time a post's date reads as on the site's clock, as a `Date` whose UTC fields hold
 * them: as written without an offset, else the moment it names told in `timeZone` (UTC by default;
 * a zone no runtime knows counts as UTC).
 */
function wallClock(date: RegExpExecArray, timeZone = 'UTC'): Date {
  const [year, month, day, hour, minute, second] = date.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const written = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const offset = date[7];
  if (offset === undefined) return written;
  const [, sign, hours, minutes] = /^([+-])(\d{1,2}):?(\d{2})?$/.exec(offset) ?? [];
  const offsetMinutes =
    sign === undefined ? 0 : (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes ?? 0));
  const moment = new Date(written.getTime() - offsetMinutes * 60_000);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(moment);
  } catch {
    return moment;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((each) => each.type === type)?.value);
  return new Date(
    Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')),
  );
}

/** A front matter date as text: YAML and TOML may have read it as a date already. */
function dateText(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  return typeof value === 'string' ? value.trim() : undefined;
}

/**
 * A post's tags as Jekyll gives it them, for `includeTags`: its categories (the folders above its
 * `_posts`, then its front matter's `categories` and `category`) and its front matter's `tags`,
 * each a list or words between spaces (`tags: ruby rails` is two); undefined for no post.
 */
export function jekyllPostTags(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  site: JekyllSite = {},
): string[] | undefined {
  const post = POST.exec(withoutCollectionsFolder(relativePath, site) ?? relativePath);
  if (!post) return undefined;
  const folders = (post[1] ?? '').split('/').filter((folder) => folder !== '');
  const tags = frontMatter['tags'];
  const words = Array.isArray(tags)
    ? tags.filter((tag) => typeof tag === 'string' || typeof tag === 'number').map(String)
    : typeof tags === 'string'
      ? tags.split(/\s+/)
      : [];
  return [
    ...new Set([...postCategories(folders, frontMatter), ...words].map((tag) => tag.trim()).filter(Boolean)),
  ];
}

/**
 * A document's categories, as Jekyll gathers them: `folders` (a post's, above its `_posts`
 * folder), then its front matter's `categories` (a list, or words between spaces) and `category`.
 */
function postCategories(folders: readonly string[], frontMatter: Record<string, unknown>): string[] {
  const listed = (value: unknown, split: boolean): string[] => {
    if (Array.isArray(value)) return value.filter((item) => item !== null && item !== undefined).map(String);
    if (typeof value === 'string') return split ? value.split(/\s+/).filter((word) => word !== '') : [value];
    return typeof value === 'number' ? [String(value)] : [];
  };
  return [
    ...new Set([
      ...folders,
      ...listed(frontMatter['categories'], true),
      ...listed(frontMatter['category'], false),
    ]),
  ];
}

/**
 * Jekyll's `slugify`: each run of characters not a letter, a mark or a digit (nor, in `pretty`
 * mode, one of `._~!$&'()+,;=@`) as one `-`, one at either end dropped, lower-cased unless `cased`.
 */
function slugify(text: string, mode: 'default' | 'pretty', cased = false): string {
  const run = mode === 'pretty' ? /[^\p{M}\p{L}\p{Nd}._~!$&'()+,;=@]+/gu : /[^\p{M}\p{L}\p{Nd}]+/gu;
  const slug = text.replace(run, '-').replace(/^-|-$/g, '');
  return cased ? slug : slug.toLowerCase();
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

const DAY_MS = 86_400_000;

/** The day of the year, from 1 (`%j`). */
function dayOfYear(time: Date): number {
  const year = time.getUTCFullYear();
  return (Date.UTC(year, time.getUTCMonth(), time.getUTCDate()) - Date.UTC(year, 0, 1)) / DAY_MS + 1;
}

/** ISO 8601's week of a date and the year it counts in (`%V`, `%G`). */
function isoWeekOf(time: Date): { week: number; year: number } {
  const thursday = new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() + 3 - ((thursday.getUTCDay() + 6) % 7));
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return { week, year };
}
