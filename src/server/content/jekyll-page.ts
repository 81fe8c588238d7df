/**
 * Where Jekyll publishes a page or a collection's document (posts are `jekyll-post.ts`'s), and
 * which files of its site it publishes nothing from, as Jekyll 4.3 does: a page at
 * `/:path/:basename`, ending as the site's permalink style says (`.html` by default, `/` for
 * `pretty`), a document of a collection written out at `/:collection/:path` likewise, or at the
 * permalink its front matter, a front matter default or its collection gives.
 */
import { NotAPage } from './document.js';
import { encodePath } from './document-link.js';
import {
  defaultPermalink,
  isPost,
  type JekyllSite,
  jekyllDocumentPath,
  tidyUrl,
  withoutCollectionsFolder,
} from './jekyll-post.js';

/**
 * A template with the ending the site's permalink style gives it, as Jekyll's
 * `Utils.add_permalink_suffix` adds it: `/` for `pretty`, `:output_ext` for `date`, `ordinal` and
 * `none`, and for a template, `/` or `:output_ext` as it ends (another style, `weekdate`, adds
 * nothing).
 */
function withPermalinkSuffix(template: string, style: string): string {
  if (style === 'pretty') return `${template}/`;
  if (style === 'date' || style === 'ordinal' || style === 'none') return `${template}:output_ext`;
  if (style.endsWith('/')) return `${template}/`;
  if (style.endsWith(':output_ext')) return `${template}:output_ext`;
  return template;
}

/** A collection's document: in a folder named for its label (`_docs/…`), in the collections' folder. */
const COLLECTION_DOCUMENT = /^_([^/]+)\/(.+)$/;

/** A document of one of the site's collections but posts: its collection's label and settings, its path in its folder. */
function collectionDocument(
  relativePath: string,
  site: JekyllSite,
):
  | {
      label: string;
      collection: { output: boolean; permalink?: string };
      /** Its path from the collections' folder (`_docs/setup/install.md`). */
      inCollections: string;
      /** Its path in its collection's folder (`setup/install.md`). */
      pathInCollection: string;
    }
  | undefined {
  const inCollections = withoutCollectionsFolder(relativePath, site);
  const [, label, pathInCollection] = COLLECTION_DOCUMENT.exec(inCollections ?? '') ?? [];
  if (label === undefined || pathInCollection === undefined || !Object.hasOwn(site.collections ?? {}, label))
    return undefined;
  const collection = (site.collections as NonNullable<JekyllSite['collections']>)[label] as {
    output: boolean;
    permalink?: string;
  };
  return { label, collection, inCollections: inCollections as string, pathInCollection };
}

/**
 * The root-relative path, percent-encoded, of a document of one of the site's collections but
 * posts (`_docs/setup/install.md`): its front matter's `permalink`, else one a front matter
 * default gives its collection's documents, else its collection's own, else
 * `/:collection/:path` ending as the site's permalink style says (`/docs/setup/install.html`;
 * `/docs/setup/install/` for `pretty`), filled in (see `jekyllDocumentPath`). Undefined for a
 * file of no collection.
 */
export function jekyllCollectionPath(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  site: JekyllSite,
): string | undefined {
  const document = collectionDocument(relativePath, site);
  if (document === undefined) return undefined;
  const { label, pathInCollection, inCollections, collection } = document;
  const template =
    defaultPermalink(site, inCollections, label) ??
    collection.permalink ??
    withPermalinkSuffix('/:collection/:path', site.permalink ?? 'date');
  return jekyllDocumentPath(relativePath, frontMatter, site, {
    collection: label,
    path: `/${pathInCollection}`,
    categories: [],
    template,
  });
}

/**
 * The root-relative path, percent-encoded, of a page (a Markdown file of the site that is in no
 * collection), as Jekyll's `Page#url` makes it: its front matter's `permalink` (or a front matter
 * default's for pages), `:path`, `:basename` and `:output_ext` filled in; else an `index` page at
 * its folder's path, another at `/:path/:basename`, ending as the site's permalink style says:
 * `/guides/setup.html` by default, `/guides/setup/` for `pretty`.
 */
export function jekyllPagePath(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  site: JekyllSite,
): string {
  const slash = relativePath.lastIndexOf('/');
  const fileName = relativePath.slice(slash + 1);
  const dot = fileName.lastIndexOf('.');
  const basename = (dot > 0 ? fileName.slice(0, dot) : fileName).replace(/\.+$/, '');
  const written = typeof frontMatter['permalink'] === 'string' ? frontMatter['permalink'] : undefined;
  // A URL written in full is no template (`https:` holds no placeholder): taken as it is.
  if (written !== undefined && /^[a-z][a-z0-9+.-]*:\/\//i.test(written)) return written;
  const template =
    written ??
    defaultPermalink(site, relativePath, 'pages') ??
    (basename === 'index' ? '/:path/' : withPermalinkSuffix('/:path/:basename', site.permalink ?? 'date'));
  const values: [string, string][] = [
    ['path', relativePath.slice(0, Math.max(slash, 0))],
    ['basename', basename],
    ['output_ext', '.html'],
  ];
  let filled = template;
  for (const [name, value] of values) {
    if (!filled.includes(':')) break;
    filled = filled.split(`:${name}`).join(encodePath(value));
  }
  return tidyUrl(filled);
}

/**
 * Throws `NotAPage` for a Markdown file of a Jekyll site that Jekyll publishes nothing from: one
 * `exclude` names (a path it starts with, or a glob) and `include` does not; a document of a
 * collection not written out (`output` is false by default); and, but for a post, a document of
 * a collection or one `include` names, one whose name or folder's name starts with `_`
 * (`_notes/`, `_draft.md`), `.`, `#` or `~`, or ends with `~` (a backup).
 */
export function assertJekyllPublished(relativePath: string, site: JekyllSite): void {
  const included = matchesAny(site.include, relativePath);
  if (!included && matchesAny(site.exclude, relativePath))
    throw new NotAPage('unpublished', "excluded by _config.yml's exclude: Jekyll publishes nothing from it");
  if (isPost(relativePath)) return;
  const document = collectionDocument(relativePath, site);
  if (document !== undefined) {
    if (document.collection.output) return;
    throw new NotAPage(
      'unpublished',
      `a document of the collection ${document.label}, which _config.yml does not write out (output: true)`,
    );
  }
  if (included) return;
  const special = relativePath.split('/').find((name) => /^[_.#~]/.test(name) || name.endsWith('~'));
  if (special !== undefined)
    throw new NotAPage(
      'unpublished',
      `${special} is no collection of _config.yml, and Jekyll publishes nothing from a name starting with ${special[0]}`,
    );
}

/**
 * Whether one of Jekyll's `exclude` or `include` entries names a path (or a folder it is in): as
 * Jekyll's `EntryFilter` matches them, a path that starts with the entry, or a glob (`*.txt`,
 * `drafts/*`) that matches it or a folder it is in, or its name alone.
 */
function matchesAny(entries: readonly string[] | undefined, relativePath: string): boolean {
  if (entries === undefined || entries.length === 0) return false;
  const names = relativePath.split('/');
  const candidates = [
    ...names.map((_, index) => names.slice(0, index + 1).join('/')),
    names.at(-1) as string,
  ];
  return entries.some((entry) => {
    const pattern = entry.replace(/^\/+/, '');
    if (pattern === '') return false;
    if (relativePath.startsWith(pattern)) return true;
    const glob = globPattern(pattern);
    return glob !== undefined && candidates.some((candidate) => glob.test(candidate));
  });
}

/** A glob as Ruby's `File.fnmatch` reads it without flags (`*` and `?` match `/` too); undefined for none. */
function globPattern(pattern: string): RegExp | undefined {
  if (!/[*?[]/.test(pattern)) return undefined;
  const source = pattern
    .replace(/[.+^${}()|\\]/g, '\\$&')
    .replace(/\*+/g, '.*')
    .replace(/\?/g, '.');
  try {
    return new RegExp(`^${source}$`);
  } catch {
    return undefined;
  }
}
