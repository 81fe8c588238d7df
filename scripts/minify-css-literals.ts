/**
 * Build step: minifies the CSS inside Lit's css`…` tagged templates, which no JavaScript minifier
 * touches. `npm run build` runs it over the ES modules tsc writes to `dist/` (what a site's
 * bundler consumes), and vite.config.ts applies it to the script-tag file, so a page pays for
 * the rules and not for their indentation.
 *
 * Only literals without `${…}` and without backslashes are rewritten, and each keeps its line
 * count (the line breaks move after the closing backtick), so source maps stay right.
 *
 * `tsx scripts/minify-css-literals.ts dist` rewrites every .js file under dist/.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const CSS_LITERAL = /\bcss(\s*)`([^`$\\]*)`/g;

export function minifyCssLiterals(code: string): string {
  return code.replace(CSS_LITERAL, (literal, space: string, text: string) => {
    const minified = transformSync(text, { loader: 'css', minify: true, charset: 'utf8' }).code.trim();
    // A backslash would be read as a JavaScript escape inside the template: keep the original.
    if (minified.includes('\\') || minified.includes('`')) return literal;
    const lineBreaks = '\n'.repeat((literal.match(/\n/g) ?? []).length);
    return `css${space}\`${minified}\`${lineBreaks}`;
  });
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
    const minified = minifyCssLiterals(code);
    if (minified !== code) writeFileSync(file, minified);
  }
}
