/**
 * Build step: minifies the static text of Lit's tagged templates, which no JavaScript minifier
 * touches: the CSS of css`…` templates, and the line breaks and indentation of html`…` and svg`…`
 * templates.
 * `npm run build` runs it over the ES modules tsc writes to `dist/` (what a site's bundler
 * consumes), and vite.config.ts applies it to the script-tag file, so a page pays for the rules
 * and the markup and not for their indentation.
 *
 * Every rewrite keeps the line count, so source maps stay right:
 * - a css`…` literal without backslashes is minified by esbuild, its line breaks moved after the
 *   closing backtick, or into the `${…}` that follows them (an expression must stand where a
 *   declaration may, or the literal is left as written);
 * - in html`…`/svg`…` literals, a run of white space that holds line breaks becomes one space
 *   (none before the `>` of an end tag), its line breaks moved into the next `${…}` or after the
 *   closing backtick. White space stays white space (HTML renders a line break as a space, and
 *   no template puts one in a `pre`, `pre-wrap` or `textarea`), so nothing a visitor sees
 *   changes.
 *
 * `tsx scripts/minify-template-literals.ts dist` rewrites every .js file under dist/.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import ts from 'typescript';

/** A static piece of a template, delimiters included (` or }, and ${ or `), as offsets into the code. */
interface Piece {
  start: number;
  end: number;
  /** The template's first piece: the pieces of one template follow each other, in order. */
  first: boolean;
}

/** The static pieces of every template tagged with one of `tags`. */
function taggedPieces(code: string, fileName: string, tags: string[]): Piece[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const pieces: Piece[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && tags.includes(node.tag.text)) {
      const template = node.template;
      const literals = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      literals.forEach((literal, i) =>
        pieces.push({ start: literal.getStart(source), end: literal.end, first: i === 0 }),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return pieces;
}

/** Rewrites the pieces of `code` (last first, so that earlier offsets stay right). */
function rewrite(code: string, pieces: Piece[], change: (text: string, piece: Piece) => string): string {
  let out = code;
  for (const piece of [...pieces].sort((a, b) => b.start - a.start))
    out = out.slice(0, piece.start) + change(out.slice(piece.start, piece.end), piece) + out.slice(piece.end);
  return out;
}

/**
 * Minifies css`…` templates without backslashes. A template with `${…}` is minified too when each
 * expression stands where a declaration may (after `{` or `;`, as the theme's dark colours do):
 * it is held by a custom property while esbuild minifies the rest.
 */
export function minifyCssLiterals(code: string, fileName = 'module.js'): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const templates: Array<{ start: number; end: number; minified: string }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'css') {
      const template = node.template;
      const literals = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      // Each literal's text without its delimiters (` or }, and ${ or `); each expression's source.
      const statics = literals.map((literal, i) =>
        code.slice(literal.getStart(source) + 1, literal.end - (i === literals.length - 1 ? 1 : 2)),
      );
      const expressions = literals
        .slice(1)
        .map((literal, i) => code.slice(literals[i]!.end, literal.getStart(source)));
      const minified = minifyCssTemplate(statics, expressions);
      if (minified !== undefined)
        templates.push({ start: template.getStart(source), end: template.end, minified });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const { start, end, minified } of templates.sort((a, b) => b.start - a.start))
    out = out.slice(0, start) + minified + out.slice(end);
  return out;
}

const lineBreaks = (text: string) => '\n'.repeat(text.split('\n').length - 1);

/**
 * Drops the white space esbuild's minified CSS keeps where CSS does not need it: after the colon
 * of a custom property (a declaration's value never starts with white space), around `/` (only
 * values hold one: `rgb(0 0 0 / .14)`, `grid-area: 1 / 1`), after a comma within parentheses
 * (function arguments, `var()` fallbacks, selector lists), and around `*` in calc(), min(), max()
 * and clamp(). Quoted strings are left as they are.
 */
export function tightenCss(css: string): string {
  let out = '';
  const functions: string[] = [];
  for (let i = 0; i < css.length; i++) {
    const c = css[i]!;
    if (c === '"' || c === "'") {
      let end = i + 1;
      while (end < css.length && css[end] !== c) end += css[end] === '\\' ? 2 : 1;
      out += css.slice(i, end + 1);
      i = end;
    } else if (c === '(') {
      functions.push(/[\w-]*$/.exec(out)![0].toLowerCase());
      out += c;
    } else if (c === ')') {
      functions.pop();
      out += c;
    } else if (c === ' ') {
      const before = out.at(-1);
      const after = css[i + 1];
      const mathOperator = (op: string) =>
        (before === op || after === op) && /^(calc|min|max|clamp)$/.test(functions.at(-1) ?? '');
      const dropped =
        before === '/' ||
        after === '/' ||
        mathOperator('*') ||
        (before === ',' && functions.length > 0) ||
        (before === ':' && /(^|[;{])--[\w-]+:$/.test(out.slice(-100)));
      if (!dropped) out += c;
    } else out += c;
  }
  return out;
}

/** The minified template, backticks included, or undefined when it is better left as written. */
function minifyCssTemplate(statics: string[], expressions: string[]): string | undefined {
  if (statics.some((text) => text.includes('\\'))) return undefined;
  if (statics.slice(0, -1).some((text) => !/[{;]\s*$/.test(text))) return undefined;
  const held = statics.map((text, i) => (i === 0 ? text : `--ask-minify-${i - 1}: 0;${text}`)).join('');
  const result = transformSync(held, { loader: 'css', minify: true, charset: 'utf8' });
  const minified = tightenCss(result.code.trim());
  // A backslash would be read as a JavaScript escape inside the template: keep the original.
  if (result.warnings.length > 0 || /[\\`]|\$\{/.test(minified)) return undefined;
  const parts = minified.split(/--ask-minify-(\d+):\s*0/);
  if (parts.length !== statics.length * 2 - 1) return undefined;
  if (parts.some((part, i) => i % 2 === 1 && part !== String((i - 1) / 2))) return undefined;
  // The line breaks go where the JavaScript minifier drops them: before each expression (so it
  // stays on its line), the rest after the closing backtick.
  let out = `\`${parts[0]}`;
  expressions.forEach((expression, i) => {
    out += `\${${lineBreaks(statics[i]!)}${expression}}${parts[i * 2 + 2]}`;
  });
  return `${out}\`${lineBreaks(statics.at(-1)!)}`;
}

/**
 * Turns each run of white space that holds line breaks in html`…` and svg`…` templates into one
 * space, or into nothing before the `>` of an end tag (`</a\n>`); expressions are left alone.
 */
export function minifyHtmlLiterals(code: string, fileName = 'module.js'): string {
  return rewrite(code, taggedPieces(code, fileName, ['html', 'svg']), (text) => {
    // A backslash before a line break continues the line: leave such a piece as it is.
    if (/\\\r?\n/.test(text)) return text;
    let breaks = 0;
    const squeeze = (space: string, replacement: string) => {
      breaks += space.split('\n').length - 1;
      return replacement;
    };
    const squeezed = text
      .replace(/(<\/[a-zA-Z][\w-]*)([ \t\r]*\n[ \t\r\n]*)>/g, (_, tag: string, space: string) =>
        squeeze(space, `${tag}>`),
      )
      .replace(/[ \t\r]*\n[ \t\r\n]*/g, (space) => squeeze(space, ' '));
    // The line breaks go where the JavaScript minifier drops them: into the next `${…}`, or after
    // the closing backtick, so each expression stays on its line.
    return squeezed + '\n'.repeat(breaks);
  });
}

/**
 * In the tags of html`…` and svg`…` templates, drops the quotes of a static attribute value that
 * HTML reads the same without them (`type="button"` → `type=button`: letters, digits, `-`, `_`,
 * `.`, `,`, `:`, `#`, `%`, `+`) and the space before a tag's `>`. Each template is read from its
 * start, expressions included in place, to know whether a piece starts in a tag, an attribute
 * value or text; text and bound values are left as they are.
 */
export function tightenTags(code: string, fileName = 'module.js'): string {
  const pieces = taggedPieces(code, fileName, ['html', 'svg']);
  // Read first to last: whether a piece starts in a tag, a value or text follows from those before it.
  const tightened = new Map<Piece, string>();
  let state: MarkupState = 'text';
  for (const piece of pieces) {
    const text = code.slice(piece.start, piece.end);
    const close = text.endsWith('`') ? 1 : 2;
    const [inner, after] = tightenPiece(text.slice(1, -close), piece.first ? 'text' : state);
    tightened.set(piece, text[0] + inner + text.slice(-close));
    state = after;
  }
  return rewrite(code, pieces, (text, piece) => tightened.get(piece) ?? text);
}

/** Where a piece of markup stands: in text, in a tag, in a quoted value (by its quote), in a comment. */
type MarkupState = 'text' | 'tag' | '"' | "'" | 'comment';

/** A piece of a template's markup tightened (see `tightenTags`), read from `state`, and the state after it. */
function tightenPiece(text: string, state: MarkupState): [string, MarkupState] {
  const escaped = text.includes('\\');
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (state === 'tag' && !escaped) {
      // Only before white space or the tag's end: `x=1/>` would read as the value `1/`.
      const attribute = /^\s([^\s"'>/=]+)="([\w.,:#%+-]+)"(?=[\s>])/.exec(text.slice(i));
      if (attribute) {
        out += ` ${attribute[1]}=${attribute[2]}`;
        i += attribute[0].length - 1;
        continue;
      }
      if (c === ' ' && text[i + 1] === '>') continue;
    }
    if (state === 'text' && c === '<')
      state = text.startsWith('<!--', i) ? 'comment' : /[a-zA-Z/]/.test(text[i + 1] ?? '') ? 'tag' : state;
    else if (state === 'comment' && c === '>' && text.slice(i - 2, i) === '--') state = 'text';
    else if (state === 'tag') state = c === '"' || c === "'" ? c : c === '>' ? 'text' : state;
    else if (state === c) state = 'tag';
    out += c;
  }
  return [out, state];
}

/** All of the above. */
export function minifyTemplateLiterals(code: string, fileName?: string): string {
  return tightenTags(minifyHtmlLiterals(minifyCssLiterals(code, fileName), fileName), fileName);
}

function* jsFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* jsFiles(path);
    else if (entry.name.endsWith('.js')) yield path;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  for (const file of jsFiles(dir)) {
    const code = readFileSync(file, 'utf8');
    const minified = minifyTemplateLiterals(code, file);
    if (minified !== code) writeFileSync(file, minified);
  }
}
