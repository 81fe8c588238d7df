/**
 * Reading a Markdown page full of brackets that open and never close (`[a](` repeated, a long
 * line of `[x](`, 200,000 `[` before one `](`, a tag's `<` with no `>`): the time to read one of 200 KB and one of half
 * that, best of three. Linear reading takes about twice as long for twice the size; quadratic,
 * four times. Prints numbers, asserts nothing.
 *
 *   npx tsx bench/markdown-brackets.ts
 */
import { markdownDocument } from '../src/server/content/markdown-document.js';

const SIZE = 200_000;

/** Each page: a unit repeated to `SIZE` characters, after its title. */
const PAGES: Record<string, (size: number) => string> = {
  '[a]( repeated': (size) => '[a]('.repeat(size / 4),
  '[a](b repeated': (size) => '[a](b '.repeat(size / 6),
  'a line of [x](': (size) => 'Some words [x](and more text '.repeat(size / 29),
  'lines of [a](': (size) => 'See [a]( here\n'.repeat(size / 14),
  'a]( repeated': (size) => 'a]('.repeat(size / 3),
  '[ repeated, one ](': (size) => `${'['.repeat(size)}](x)`,
  '[ repeated, one ][': (size) => `${'['.repeat(size)}][x]`,
  '![ repeated, one ](': (size) => `${'!['.repeat(size / 2)}](x)`,
  '[a][ repeated': (size) => '[a]['.repeat(size / 4),
  // A tag's angle bracket that never closes: the spaces after a tag name, an anchor's tag.
  '<T then spaces': (size) => `<T${' '.repeat(size)}x`,
  '<a href= repeated': (size) => '<a href="x"'.repeat(size / 11),
};

/** The best of three readings of `markdown`, in milliseconds. */
function readingMs(markdown: string): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    markdownDocument('page.md', markdown);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

console.log(`${'page'.padEnd(22)} ${'100 KB'.padStart(9)} ${'200 KB'.padStart(9)}  ratio`);
for (const [name, page] of Object.entries(PAGES)) {
  const half = readingMs(`# Page\n\n${page(SIZE / 2)}`);
  const full = readingMs(`# Page\n\n${page(SIZE)}`);
  console.log(
    `${name.padEnd(22)} ${half.toFixed(0).padStart(6)} ms ${full.toFixed(0).padStart(6)} ms  ${(full / Math.max(half, 1)).toFixed(1)}`,
  );
}
