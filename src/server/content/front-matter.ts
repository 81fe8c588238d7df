/**
 * Reading page metadata out of YAML front matter, which sites write in many shapes: `tags` as a
 * list or a comma-separated string, a description in `description`, in a VitePress `head` meta
 * entry or in a home page's `hero`.
 */
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';

/** A Markdown file split into its front matter and body. */
export interface MarkdownSource {
  frontMatter: Record<string, unknown>;
  body: string;
}

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
/** TOML front matter between `+++` lines, as Hugo writes it. */
const TOML_FRONT_MATTER = /^\uFEFF?\+\+\+[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?\+\+\+[ \t]*(?:\r?\n|$)/;

/**
 * Splits off YAML front matter (or Hugo's TOML between `+++` lines); throws when it doesn't parse
 * (the loader reports the file).
 */
export function splitFrontMatter(source: string): MarkdownSource {
  const toml = TOML_FRONT_MATTER.exec(source);
  if (toml) {
    let frontMatter: Record<string, unknown>;
    try {
      frontMatter = parseToml(toml[1] ?? '');
    } catch (error) {
      throw frontMatterError('TOML', error);
    }
    return { frontMatter, body: source.slice(toml[0].length) };
  }
  const match = FRONT_MATTER.exec(source);
  if (!match) return { frontMatter: {}, body: source.replace(/^\uFEFF/, '') };
  const yaml = match[1] ?? '';
  // A tag YAML has not (`!!js/function`, `!ENV`) reads as a string, without the warning the parser
  // would print for it: a line of the page's, escapes and all, naming no file.
  let parsed: unknown;
  try {
    parsed = jsonShapedFrontMatter(yaml) ?? parseYaml(yaml, { logLevel: 'error' });
  } catch (error) {
    throw frontMatterError('YAML', error);
  }
  const frontMatter =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  return { frontMatter, body: source.slice(match[0].length) };
}

/**
 * What a parser's error says, on one line, with the line of the file it names: the parsers count
 * lines from the front matter's first (the file's second) and follow their message with a frame
 * of the source, which a one-line report of the skipped file has no room for.
 */
function frontMatterError(language: 'YAML' | 'TOML', error: unknown): Error {
  const said = error instanceof Error ? error.message : String(error);
  const first = (said.split('\n')[0] ?? '').replace(/:\s*$/, '');
  const inFile = first.replace(/\bline (\d+)/, (_, line: string) => `line ${Number(line) + 1}`);
  return new Error(`its front matter is not valid ${language}: ${inFile}`);
}

/** `key: "text"` or `key: ["text", …]`, nothing before, between or after. */
const JSON_SHAPED_LINE = /^([A-Za-z_][\w-]*): ("[^\r\t]*"|\[[^\r\t]*\])$/;
/** Keys that YAML reads as something else than their name. */
const YAML_KEYWORD = /^(true|false|null)$/i;
/**
 * Characters YAML does not take as they are in a quoted string, where JSON might (JSON itself
 * rejects the other control characters, and the line holds no tab).
 */
const NOT_PRINTABLE = /[\x7f-\x9f\ufeff\ufffe\uffff]/;

/**
 * Front matter written only in lines of `key: "text"` and `key: ["text", …]` (MDN's is), read
 * as JSON, which means the same as YAML for these and is several times quicker to read; undefined
 * for any other shape, left to the YAML parser (a key written twice, too, for the parser to reject).
 */
function jsonShapedFrontMatter(yaml: string): Record<string, unknown> | undefined {
  const frontMatter: Record<string, unknown> = {};
  for (const line of yaml.split('\n')) {
    const match = JSON_SHAPED_LINE.exec(line);
    if (!match || NOT_PRINTABLE.test(line)) return undefined;
    const [, key, value] = match as unknown as [string, string, string];
    if (key in frontMatter || YAML_KEYWORD.test(key)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined;
    }
    if (Array.isArray(parsed) && !parsed.every((item) => typeof item === 'string')) return undefined;
    frontMatter[key] = parsed;
  }
  return frontMatter;
}

function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

export function frontMatterString(
  frontMatter: Record<string, unknown>,
  ...keys: string[]
): string | undefined {
  for (const key of keys) {
    const value = asString(frontMatter[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** `tags: [a, b]`, `tags: "a, b"` or `keywords: ...`; undefined when the page names none. */
export function frontMatterTags(frontMatter: Record<string, unknown>): string[] | undefined {
  for (const key of ['tags', 'keywords', 'categories']) {
    const value = frontMatter[key];
    if (Array.isArray(value)) {
      const tags = value.map(asString).filter((tag): tag is string => tag !== undefined);
      if (tags.length > 0) return [...new Set(tags)];
    }
    const text = asString(value);
    if (text !== undefined) {
      const tags = text
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== '');
      if (tags.length > 0) return [...new Set(tags)];
    }
  }
  return undefined;
}

/** A description in VitePress `head: [['meta', { name: 'description', content }]]`. */
export function headMetaDescription(frontMatter: Record<string, unknown>): string | undefined {
  const head = frontMatter['head'];
  if (!Array.isArray(head)) return undefined;
  for (const entry of head) {
    if (!Array.isArray(entry) || entry[0] !== 'meta') continue;
    const attributes = entry[1] as Record<string, unknown> | undefined;
    if (!attributes || typeof attributes !== 'object') continue;
    const name = asString(attributes['name']) ?? asString(attributes['property']);
    if (name === 'description' || name === 'og:description') {
      const content = asString(attributes['content']);
      if (content !== undefined) return content;
    }
  }
  return undefined;
}

/** The text a VitePress home layout shows (hero and feature cards), which has no Markdown body. */
export function homeLayoutParagraphs(frontMatter: Record<string, unknown>): string[] {
  const paragraphs: string[] = [];
  const hero = frontMatter['hero'];
  if (hero && typeof hero === 'object' && !Array.isArray(hero)) {
    const h = hero as Record<string, unknown>;
    const heroText = [asString(h['name']), asString(h['text']), asString(h['tagline'])]
      .filter(Boolean)
      .join('. ');
    if (heroText !== '') paragraphs.push(heroText);
  }
  const features = frontMatter['features'];
  if (Array.isArray(features)) {
    for (const feature of features) {
      if (!feature || typeof feature !== 'object') continue;
      const f = feature as Record<string, unknown>;
      const text = [asString(f['title']), asString(f['details'])].filter(Boolean).join(': ');
      if (text !== '') paragraphs.push(text);
    }
  }
  return paragraphs;
}
