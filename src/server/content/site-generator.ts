import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { MAX_FILE_BYTES, readRegularFile } from '../regular-file.js';
import type { AnchorStyle } from './heading-slug.js';
import type { HugoSettings } from './hugo-page.js';
import type { JekyllSite, PermalinkDefault } from './jekyll-post.js';

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
 * A configuration file's text. Only a file's, and a small one: a pipe of that name (which waits
 * for a writer) or a link to `/dev/zero` (which never ends) would hold the start, or with
 * `--watch` the whole service, whose thread reads it; throws for those.
 */
const configText = (path: string): string =>
  readRegularFile(path, MAX_FILE_BYTES, 'a configuration').toString('utf8');

/** The names Hugo reads its configuration from, at the site's root or in `config/_default/`, newest first. */
const HUGO_CONFIG_FILES = ['hugo', 'config'].flatMap((name) =>
  ['toml', 'yaml', 'yml', 'json'].flatMap((extension) => [
    `${name}.${extension}`,
    `config/_default/${name}.${extension}`,
  ]),
);

/**
 * The generators whose anchors are not GitHub's, or who publish a source elsewhere than its path
 * says (Docusaurus, Hugo and Jekyll, see `source-path.ts`), and what they keep beside their
 * content. Starlight (Astro) writes GitHub's anchors, the default, and publishes a page at its
 * path. A site owner points `--content` at the documents (`docs/`, Hugo's `content/`, a Jekyll
 * site's folder), which may hold the generator's configuration (VitePress's `docs/.vitepress`,
 * Jekyll's `_config.yml`) or sit below it (`mkdocs.yml`, `docusaurus.config.js`, `hugo.toml`).
 * A file found counts when `accepts` says it is the generator's (a `config.toml` may be another
 * tool's, a `_config.yml` Hexo's).
 */
const MARKERS: readonly {
  name: string;
  files: readonly string[];
  anchors: AnchorStyle;
  accepts?: (path: string) => boolean;
}[] = [
  { name: 'VitePress', files: ['.vitepress'], anchors: 'vitepress' },
  { name: 'MkDocs', files: ['mkdocs.yml', 'mkdocs.yaml'], anchors: 'mkdocs' },
  {
    name: 'Docusaurus',
    files: ['js', 'ts', 'mjs', 'cjs', 'mts', 'cts'].map((extension) => `docusaurus.config.${extension}`),
    anchors: 'github',
  },
  { name: 'Hugo', files: HUGO_CONFIG_FILES, anchors: 'github', accepts: isHugoConfig },
  { name: 'Jekyll', files: ['_config.yml', '_config.yaml'], anchors: 'github', accepts: isJekyllConfig },
];

/**
 * Keys only Hugo's configuration has (lower-cased, as Hugo reads them; `hugo new site` writes
 * `baseURL` and `languageCode`): a `config.toml` is also Zola's (`base_url`), and a `config.yaml`
 * anyone's, so no key other tools use too (`params`, `theme`, `title`).
 */
const HUGO_KEYS = new Set([
  'baseurl',
  'languagecode',
  'defaultcontentlanguage',
  'disablepathtolower',
  'uglyurls',
  'permalinks',
  'removepathaccents',
  'contentdir',
  'publishdir',
]);

/** Whether a file found among Hugo's names is Hugo's: `hugo.*` is; `config.*` with one of Hugo's own keys. */
function isHugoConfig(path: string): boolean {
  if (basename(path).startsWith('hugo.')) return true;
  const config = readConfig(path);
  return config !== undefined && Object.keys(config).some((key) => HUGO_KEYS.has(key.toLowerCase()));
}

/**
 * A configuration file's settings, as TOML, YAML or JSON by its extension (YAML read with
 * `yamlOptions`, printing no warning); undefined for none, or one that doesn't parse or is no mapping.
 */
function readConfig(
  path: string,
  yamlOptions?: Parameters<typeof parseYaml>[2],
): Record<string, unknown> | undefined {
  try {
    const text = configText(path);
    const extension = extname(path);
    const config: unknown =
      extension === '.toml'
        ? parseToml(text)
        : extension === '.json'
          ? JSON.parse(text)
          : parseYaml(text, { logLevel: 'error', ...yamlOptions });
    return isRecord(config) ? config : undefined;
  } catch {
    return undefined;
  }
}

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
        if (existsSync(path) && (marker.accepts?.(path) ?? true))
          return { name: marker.name, evidence: path, anchors: marker.anchors };
      }
  return { anchors: 'github' };
}

/**
 * How a generator links the page of a Markdown source that is no folder's index: as its path says
 * (`/guides/setup`), as a folder (`/guides/setup/`: MkDocs, whose `use_directory_urls` is on by
 * default), or by its file's name (`/guides/setup.html`: VitePress, unless `cleanUrls` is on,
 * and MkDocs with `use_directory_urls: false`).
 */
export type PageUrlStyle = 'path' | 'folder' | 'html';

/**
 * The names VitePress reads its configuration from in its `.vitepress` folder, in its order: a
 * folder's `config/index.*` before `config.*`.
 */
const VITEPRESS_CONFIG_FILES = ['js', 'ts', 'cjs', 'mjs', 'cts', 'mts'].flatMap((extension) => [
  `.vitepress/config/index.${extension}`,
  `.vitepress/config.${extension}`,
]);

/** `cleanUrls: true` in a VitePress config: the one setting that drops `.html` from its links. */
const CLEAN_URLS = /\bcleanUrls\s*:\s*true\b/;

/**
 * A script's text without its block comments and the lines that are a comment (`// cleanUrls:
 * true,`), which set nothing. A `//` after code may be a URL's (`'https://…'`): kept.
 */
function withoutComments(script: string): string {
  let kept = '';
  let at = 0;
  for (let open = script.indexOf('/*'); open >= 0; open = script.indexOf('/*', at)) {
    kept += script.slice(at, open);
    const close = script.indexOf('*/', open + 2);
    at = close < 0 ? script.length : close + 2;
  }
  return (kept + script.slice(at)).replace(/^[ \t]*\/\/.*$/gm, '');
}

/**
 * How the generator found beside a content folder (see `siteGeneratorOf`) links its pages (see
 * `PageUrlStyle`): MkDocs by its `mkdocs.yml`'s `use_directory_urls`, VitePress by its
 * config's `cleanUrls`; as their paths say for any other.
 */
export function pageUrlStyleOf(generator: SiteGenerator): PageUrlStyle {
  if (generator.evidence === undefined) return 'path';
  if (generator.name === 'MkDocs')
    return mkdocsConfig(generator.evidence)?.['use_directory_urls'] === false ? 'html' : 'folder';
  if (generator.name === 'VitePress') {
    const config = vitePressConfigText(generator.evidence);
    return config !== undefined && CLEAN_URLS.test(withoutComments(config)) ? 'path' : 'html';
  }
  return 'path';
}

/**
 * A `mkdocs.yml`'s settings; undefined for a file that can't be read or is no YAML mapping.
 * `logLevel: 'error'`: MkDocs configs tag values for Python (`!!python/name:…`, `!ENV`), which
 * parse as strings; only a file that is no YAML throws. YAML 1.1, as PyYAML reads it:
 * `use_directory_urls: off` (or `no`) is false.
 */
const mkdocsConfig = (path: string) => readConfig(path, { logLevel: 'error', version: '1.1' });

/** The text of the config VitePress reads in the `.vitepress` folder `folder` (see `VITEPRESS_CONFIG_FILES`); undefined for none. */
function vitePressConfigText(folder: string): string | undefined {
  const root = dirname(folder);
  for (const file of VITEPRESS_CONFIG_FILES)
    try {
      return configText(join(root, file));
    } catch {
      continue;
    }
  return undefined;
}

/**
 * The path a site is published under, as its generator's configuration declares it: `/acme` for a
 * GitHub Pages project site at `https://me.github.io/acme/`. VitePress's `base` and Docusaurus's
 * `baseUrl` (written out as strings in their scripts: see `scriptStringSetting`), the path of
 * MkDocs' `site_url` and of Hugo's `baseURL`, Jekyll's `baseurl`. Percent-encoded, without its
 * last `/`; undefined for none, or the root. The path alone, not the host the config may give:
 * the widgets are on the site itself, and a new site's host is a placeholder
 * (`https://example.org/`, as `hugo new site` writes it).
 */
export function basePathOf(generator: SiteGenerator): string | undefined {
  const { name, evidence } = generator;
  if (evidence === undefined) return undefined;
  let base: unknown;
  // VitePress's `base` in the object its config exports, not a sidebar group's (see `scriptStringSetting`).
  if (name === 'VitePress') base = scriptStringSetting(vitePressConfigText(evidence) ?? '', 'base', 1);
  else if (name === 'Docusaurus') base = scriptStringSetting(readText(evidence), 'baseUrl');
  else if (name === 'MkDocs') base = mkdocsConfig(evidence)?.['site_url'];
  else if (name === 'Hugo') base = lowerCaseKeys(readConfig(evidence) ?? {})['baseurl'];
  else if (name === 'Jekyll') base = readConfig(evidence)?.['baseurl'];
  if (typeof base !== 'string') return undefined;
  let path: string;
  try {
    // A path alone (`/acme/`, Jekyll's `acme`) from the root; a URL's path.
    path = new URL(base.trim(), 'http://site.invalid/').pathname;
  } catch {
    return undefined;
  }
  // One slash to open it: `/.//evil.example/` is the path `//evil.example`, which a link reads
  // as another host.
  const trimmed = path.replace(/\/+$/, '').replace(/^\/+/, '/');
  return trimmed === '' ? undefined : trimmed;
}

/** A file's text; '' for one that can't be read. */
function readText(path: string): string {
  try {
    return configText(path);
  } catch {
    return '';
  }
}

/**
 * The value a configuration script gives `key` as a string written out (`base: '/acme/'`), where
 * the script sets it least deep (of those, the last: a config exports its object after the
 * constants it is made of), and no deeper than `maxDepth` (objects and arrays, not calls:
 * `defineConfig({ base })` sets it at 1). A VitePress sidebar's groups set a `base` of their own,
 * deeper in the config; so do Docusaurus's locales a `baseUrl`. Strings and comments are read
 * past. A value worked out when the site is built (`base: process.env.BASE`), or a template with
 * a placeholder, says none: undefined, whatever is set deeper.
 */
function scriptStringSetting(script: string, key: string, maxDepth = Infinity): string | undefined {
  const setting = new RegExp(
    `(?:${key}|'${key}'|"${key}")\\s*:\\s*(?:'([^'\\\\\\n]*)'|"([^"\\\\\\n]*)"|\`([^\`\\\\$]*)\`)?`,
    'y',
  );
  let found: { depth: number; value: string | undefined } | undefined;
  let depth = 0;
  for (let at = 0; at < script.length; at++) {
    const char = script[at] as string;
    if (char === '/' && script[at + 1] === '/') {
      const end = script.indexOf('\n', at);
      at = end < 0 ? script.length : end;
    } else if (char === '/' && script[at + 1] === '*') {
      const end = script.indexOf('*/', at + 2);
      at = end < 0 ? script.length : end + 1;
    } else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    else if (
      (char === key[0] || char === "'" || char === '"') &&
      !/[\w$.]/.test(script[at - 1] ?? '') &&
      depth <= maxDepth &&
      (found === undefined || depth <= found.depth)
    ) {
      setting.lastIndex = at;
      const match = setting.exec(script);
      if (match) found = { depth, value: match[1] ?? match[2] ?? match[3] };
    }
    if (char === "'" || char === '"' || char === '`') {
      // A string, read past to its closing quote (a backslash escapes one).
      let end = at + 1;
      while (end < script.length && script[end] !== char) end += script[end] === '\\' ? 2 : 1;
      at = end;
    }
  }
  return found?.value;
}

/** `dir` by the path given, then by its real path where that differs (a link, or a link above it). */
function givenAndRealPaths(dir: string): string[] {
  const given = resolve(dir);
  try {
    const real = realpathSync(given);
    return real === given ? [given] : [given, real];
  } catch {
    // A folder that can't be resolved is searched as given.
    return [given];
  }
}

/** The folders searched for what is beside `dir` (see `siteGeneratorOf`): by the path given, then by its real path. */
function foldersBeside(dir: string): string[] {
  return givenAndRealPaths(dir).flatMap((path) => foldersToSearch(path));
}

/**
 * The names, relative to a folder searched (see `foldersToSearch`), of the files whose presence or
 * text decide how a content folder is read: every generator's marker, and what Hugo reads beside
 * its configuration (`config/_default/permalinks.toml`, `languages.toml`).
 */
const SITE_CONFIG_NAMES: readonly string[] = [
  ...MARKERS.flatMap((marker) => marker.files),
  ...VITEPRESS_CONFIG_FILES,
  ...['permalinks', 'languages'].flatMap((key) =>
    ['toml', 'yaml', 'yml', 'json'].map((extension) => `config/_default/${key}.${extension}`),
  ),
];

/** The same names in the content folder itself or in its `docs/`, relative to it. */
const SITE_CONFIG_INSIDE = new Set(SITE_CONFIG_NAMES.flatMap((name) => [name, `docs/${name}`]));

/**
 * Whether a path relative to a content folder (with `/` separators) is one of the files that
 * decide how the folder is read (see `SITE_CONFIG_NAMES`), as a watch of the folder sees them: a
 * generator's configuration in it or in its `docs/` (`_config.yml`, `docs/.vitepress`).
 */
export const isSiteConfigFile = (relativePath: string): boolean => SITE_CONFIG_INSIDE.has(relativePath);

/**
 * The files above the content folder `dir` whose presence or text decide how it is read (see
 * `siteGeneratorOf`, `hugoSettings`, `jekyllSettings`): every generator's configuration in each
 * folder searched above it (those in it, and in its `docs/`, are `isSiteConfigFile`'s).
 */
export function siteConfigFilesAbove(dir: string): string[] {
  const above = givenAndRealPaths(dir).flatMap((path) => foldersToSearch(path).slice(2));
  return [...new Set(above)].flatMap((folder) => SITE_CONFIG_NAMES.map((name) => join(folder, name)));
}

/**
 * What a Hugo site's configuration (the file `siteGeneratorOf` found it by, and a
 * `permalinks.*` beside it in a `config/_default/` folder) says of its pages' links:
 * `disablePathToLower`, `removePathAccents`, `uglyURLs` (for every section, or some) and
 * `permalinks` (by section, or by kind, `page` and `section`, then section). Keys in any case,
 * as Hugo reads them.
 */
export function hugoSettings(configFile: string, contentDir?: string): HugoSettings {
  const config = lowerCaseKeys(readConfig(configFile) ?? {});
  const inDefault = basename(dirname(configFile)) === '_default';
  if (inDefault)
    for (const key of ['permalinks', 'languages'])
      for (const extension of ['toml', 'yaml', 'yml', 'json']) {
        const part = readConfig(join(dirname(configFile), `${key}.${extension}`));
        if (part !== undefined) {
          config[key] = lowerCaseKeys(part);
          break;
        }
      }
  const settings: HugoSettings = {
    ...hugoLanguages(
      config,
      inDefault ? dirname(dirname(dirname(configFile))) : dirname(configFile),
      contentDir,
    ),
  };
  if (config['disablepathtolower'] === true) settings.keepCase = true;
  if (config['removepathaccents'] === true) settings.removeAccents = true;
  const ugly = config['uglyurls'];
  if (ugly === true) settings.uglyUrls = true;
  else if (isRecord(ugly))
    settings.uglyUrls = Object.entries(ugly)
      .filter(([, on]) => on === true)
      .map(([section]) => section.toLowerCase());
  const permalinks = isRecord(config['permalinks']) ? lowerCaseKeys(config['permalinks']) : {};
  const patterns = (entries: Record<string, unknown>): Record<string, string> =>
    Object.fromEntries(
      Object.entries(entries).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  const byKind = isRecord(permalinks['page']) || isRecord(permalinks['section']);
  const pages = byKind ? (isRecord(permalinks['page']) ? lowerCaseKeys(permalinks['page']) : {}) : permalinks;
  if (Object.keys(patterns(pages)).length > 0) settings.pagePermalinks = patterns(pages);
  if (byKind && isRecord(permalinks['section']))
    settings.sectionPermalinks = patterns(lowerCaseKeys(permalinks['section']));
  return settings;
}

/**
 * What a multilingual Hugo site's configuration says of its pages' languages: the languages
 * (`languages`' keys, lower-cased as Hugo reads them, and `defaultContentLanguage`, `en` unless
 * set), the default one, whether it too is published under its code
 * (`defaultContentLanguageInSubdir`), and the folders of those translated by content directory
 * (a language's `contentDir`, from the site's `root`) inside the content folder read.
 */
function hugoLanguages(
  config: Record<string, unknown>,
  root: string,
  contentDir: string | undefined,
): Pick<HugoSettings, 'languages' | 'defaultLanguage' | 'defaultLanguageInSubdir' | 'languageFolders'> {
  const defaultLanguage =
    typeof config['defaultcontentlanguage'] === 'string'
      ? config['defaultcontentlanguage'].toLowerCase()
      : 'en';
  const languages = isRecord(config['languages']) ? lowerCaseKeys(config['languages']) : {};
  const languageFolders: { folder: string; language: string }[] = [];
  if (contentDir !== undefined)
    for (const [language, settings] of Object.entries(languages)) {
      const folder = isRecord(settings) ? lowerCaseKeys(settings)['contentdir'] : undefined;
      if (typeof folder !== 'string') continue;
      const inside = relative(resolve(contentDir), resolve(root, folder)).split(sep).join('/');
      if (inside === '..' || inside.startsWith('../') || isAbsolute(inside)) continue;
      languageFolders.push({ folder: inside, language });
    }
  return {
    languages: [...new Set([defaultLanguage, ...Object.keys(languages)])],
    defaultLanguage,
    ...(config['defaultcontentlanguageinsubdir'] === true ? { defaultLanguageInSubdir: true } : {}),
    ...(languageFolders.length > 0 ? { languageFolders } : {}),
  };
}

/** An object with its keys lower-cased, as Hugo reads its configuration's. */
const lowerCaseKeys = (record: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));

/**
 * Whether a `_config.yml` is Jekyll's: one that parses (empty too), and not Hexo's, which names
 * its posts' files and its folders (`new_post_name`, `source_dir`, `public_dir`).
 */
function isJekyllConfig(path: string): boolean {
  let config: unknown;
  try {
    config = parseYaml(configText(path), { logLevel: 'error' });
  } catch {
    return false;
  }
  if (config === null || config === undefined) return true;
  return isRecord(config) && !['new_post_name', 'source_dir', 'public_dir'].some((key) => key in config);
}

/**
 * What the Jekyll `_config.yml` nearest to `dir` (as `siteGeneratorOf` searches) says of its
 * posts' links (see `jekyllSettings`), for a folder with posts whatever its generator: Hexo names
 * its posts' folder so too.
 */
export function jekyllPostSettings(dir: string): JekyllSite {
  return jekyllSettings(
    foldersBeside(dir)
      .map((folder) => join(folder, '_config.yml'))
      .find((path) => existsSync(path)),
  );
}

/**
 * What a Jekyll site's `_config.yml` says of its pages' and documents' links: the site's
 * `permalink` (a style's name or a template), `timezone`, `collections_dir`, the collections
 * (whether each is written out, `output`, and its `permalink`; the posts' own), the front matter
 * `defaults` that give a permalink, and `exclude` and `include`. None for no file, or one that
 * can't be read or parsed, which Jekyll itself would not build from.
 */
export function jekyllSettings(file: string | undefined): JekyllSite {
  const config = file === undefined ? undefined : readConfig(file);
  if (config === undefined) return {};
  const site: JekyllSite = {};
  if (typeof config['permalink'] === 'string') site.permalink = config['permalink'];
  if (typeof config['timezone'] === 'string') site.timeZone = config['timezone'];
  const collectionsDir = config['collections_dir'];
  const collectionsFolder =
    typeof collectionsDir === 'string' ? collectionsDir.replace(/^\/+|\/+$/g, '') : '';
  if (collectionsFolder !== '') site.collectionsFolder = `${collectionsFolder}/`;
  const collections = Array.isArray(config['collections'])
    ? Object.fromEntries(config['collections'].map((label) => [String(label), {}]))
    : isRecord(config['collections'])
      ? config['collections']
      : {};
  const others: Record<string, { output: boolean; permalink?: string }> = {};
  for (const [label, metadata] of Object.entries(collections)) {
    const permalink =
      isRecord(metadata) && typeof metadata['permalink'] === 'string' ? metadata['permalink'] : undefined;
    if (label === 'posts') {
      if (permalink !== undefined) site.postsPermalink = permalink;
      continue;
    }
    others[label] = {
      output: isRecord(metadata) && metadata['output'] === true,
      ...(permalink === undefined ? {} : { permalink }),
    };
  }
  if (Object.keys(others).length > 0) site.collections = others;
  const permalinkDefaults = (Array.isArray(config['defaults']) ? config['defaults'] : []).flatMap(
    (entry: unknown): PermalinkDefault[] => {
      if (!isRecord(entry) || !isRecord(entry['values']) || typeof entry['values']['permalink'] !== 'string')
        return [];
      const scope = isRecord(entry['scope']) ? entry['scope'] : {};
      const scopePath = typeof scope['path'] === 'string' ? scope['path'].replace(/^\//, '') : '';
      // A glob's files are Jekyll's to list: such a default is not followed.
      if (scopePath.includes('*')) return [];
      const type =
        typeof scope['type'] === 'string' ? (DEPRECATED_TYPES[scope['type']] ?? scope['type']) : undefined;
      return [
        {
          path: scopePath.startsWith(site.collectionsFolder ?? '/')
            ? scopePath.slice(collectionsFolder.length + 1)
            : scopePath,
          ...(type === undefined ? {} : { type }),
          permalink: entry['values']['permalink'],
        },
      ];
    },
  );
  if (permalinkDefaults.length > 0) site.permalinkDefaults = permalinkDefaults;
  for (const key of ['exclude', 'include'] as const) {
    const paths = config[key];
    if (Array.isArray(paths)) site[key] = paths.filter((path): path is string => typeof path === 'string');
  }
  return site;
}

/** The scope types Jekyll reads under their plural names. */
const DEPRECATED_TYPES: Readonly<Record<string, string>> = { page: 'pages', post: 'posts', draft: 'drafts' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
