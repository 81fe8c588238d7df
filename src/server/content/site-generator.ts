import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { AnchorStyle } from './heading-slug.js';
import { PERMALINK_STYLES, type PostSettings } from './jekyll-post.js';

/** The generator that publishes a content folder, when the files beside it say so. */
export interface SiteGenerator {
  /** Its name, for the start-up log ("VitePress"); undefined when none is recognised. */
  name?: string;
  /** Where it was recognised: the file or folder found. */
  evidence?: string;
  /** How it writes heading anchors: `github` when none is recognised, as GitHub shows Markdown. */
  anchors: AnchorStyle;
}

/**
 * The generators whose anchors are not GitHub's, or who publish a source elsewhere than its path
 * says (Docusaurus, see `source-path.ts`), and what they keep beside their content. Starlight
 * (Astro), Hugo and Jekyll write GitHub's anchors, the default, so they need no finding. A site
 * owner points `--content` at the documents (`docs/`), which may hold the generator's
 * configuration (VitePress's `docs/.vitepress`) or sit below it (`mkdocs.yml`,
 * `docusaurus.config.js`).
 */
const MARKERS: readonly { name: string; files: readonly string[]; anchors: AnchorStyle }[] = [
  { name: 'VitePress', files: ['.vitepress'], anchors: 'vitepress' },
  { name: 'MkDocs', files: ['mkdocs.yml', 'mkdocs.yaml'], anchors: 'mkdocs' },
  {
    name: 'Docusaurus',
    files: ['js', 'ts', 'mjs', 'cjs', 'mts', 'cts'].map((extension) => `docusaurus.config.${extension}`),
    anchors: 'github',
  },
];

/** Folders above the content folder searched: `docs/guides` is two below `mkdocs.yml`. */
const LEVELS_UP = 3;

/** The folder, its `docs/`, then up to `LEVELS_UP` folders above it. */
function foldersToSearch(dir: string): string[] {
  const folders = [dir, join(dir, 'docs')];
  for (let folder = dir, level = 0; level < LEVELS_UP; level++) {
    const parent = dirname(folder);
    if (parent === folder) break;
    folders.push(parent);
    folder = parent;
  }
  return folders;
}

/**
 * The generator of the site whose documents are in `dir`, from the marker nearest to it: in
 * `dir`, in its `docs/` (VitePress's config inside the docs a repository keeps), then in the
 * folders above it, up to three; by the path given, then by the real path of a linked folder.
 */
export function siteGeneratorOf(dir: string): SiteGenerator {
  for (const folder of foldersBeside(dir))
    for (const marker of MARKERS)
      for (const file of marker.files) {
        const path = join(folder, file);
        if (existsSync(path)) return { name: marker.name, evidence: path, anchors: marker.anchors };
      }
  return { anchors: 'github' };
}

/** The folders searched for what is beside `dir` (see `siteGeneratorOf`): by the path given, then by its real path. */
function foldersBeside(dir: string): string[] {
  const given = resolve(dir);
  let real = given;
  try {
    real = realpathSync(given);
  } catch {
    // A folder that can't be resolved is searched as given.
  }
  const folders = foldersToSearch(given);
  if (real !== given) folders.push(...foldersToSearch(real));
  return folders;
}

/**
 * What a Jekyll site's `_config.yml` (the nearest to `dir`, as `siteGeneratorOf` searches) says of
 * its posts' links: their time zone (`timezone`) and their permalink (see `postPermalink`). None
 * for no file, or one that can't be read or parsed, which Jekyll itself would not build from.
 */
export function jekyllPostSettings(dir: string): PostSettings {
  const file = foldersBeside(dir)
    .map((folder) => join(folder, '_config.yml'))
    .find((path) => existsSync(path));
  if (file === undefined) return {};
  let config: unknown;
  try {
    config = parseYaml(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  if (!isRecord(config)) return {};
  const permalink = postPermalink(config);
  const timeZone = config['timezone'];
  return {
    ...(permalink === undefined ? {} : { permalink }),
    ...(typeof timeZone === 'string' ? { timeZone } : {}),
  };
}

/**
 * The posts' permalink of a Jekyll config: a posts-wide front matter default (`defaults`, scope
 * `type: posts` or `path: _posts`), else the posts collection's, else the site's `permalink`, a
 * template or one of Jekyll's named styles (`pretty`); undefined for none (Jekyll's default, `date`).
 */
function postPermalink(config: Record<string, unknown>): string | undefined {
  const defaults = Array.isArray(config['defaults']) ? config['defaults'] : [];
  for (const entry of defaults) {
    if (!isRecord(entry) || !isRecord(entry['values']) || typeof entry['values']['permalink'] !== 'string')
      continue;
    const scope = isRecord(entry['scope']) ? entry['scope'] : {};
    const path = typeof scope['path'] === 'string' ? scope['path'].replace(/^\/+|\/+$/g, '') : '';
    if (
      (scope['type'] === 'posts' && (path === '' || path === '_posts')) ||
      (scope['type'] === undefined && path === '_posts')
    )
      return entry['values']['permalink'];
  }
  const collections = config['collections'];
  if (
    isRecord(collections) &&
    isRecord(collections['posts']) &&
    typeof collections['posts']['permalink'] === 'string'
  )
    return collections['posts']['permalink'];
  const permalink = config['permalink'];
  if (typeof permalink !== 'string') return undefined;
  return Object.hasOwn(PERMALINK_STYLES, permalink) ? PERMALINK_STYLES[permalink] : permalink;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
