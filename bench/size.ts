/**
 * `npm run size`: gzip (-9) and brotli bytes of each entry point as a page would load it
 * (esbuild --bundle --minify --format=esm --platform=browser, lazy chunks split off), and of the
 * built script-tag file `dist/ask-elements.js` when `npm run build` has run. Prints numbers;
 * asserts nothing.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const CLIENT_BUDGET_GZIP = 2.5 * 1024;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizesOf(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function bundleEntry(entry: string): Promise<{ first: Sizes; lazy: Sizes }> {
  const outdir = mkdtempSync(join(tmpdir(), 'ask-size-'));
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir,
    metafile: true,
    write: true,
    logLevel: 'error',
    legalComments: 'none',
  });
  const outputs = result.metafile.outputs;
  const entryOut = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === entry);
  if (!entryOut) throw new Error(`no output for ${entry}`);
  // Files loaded at once: the entry and its static imports; the rest are lazy chunks.
  const eager = new Set<string>();
  const visit = (file: string) => {
    if (eager.has(file)) return;
    eager.add(file);
    for (const imported of outputs[file]?.imports ?? [])
      if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entryOut);
  const jsFiles = Object.keys(outputs).filter((file) => file.endsWith('.js'));
  const concat = (files: string[]) => Buffer.concat(files.map((file) => readFileSync(file)));
  return {
    first: sizesOf(concat(jsFiles.filter((file) => eager.has(file)))),
    lazy: sizesOf(concat(jsFiles.filter((file) => !eager.has(file)))),
  };
}

const entries: Array<[string, string]> = [
  ['ask-elements/client (createClient alone)', 'src/client/index.ts'],
  ['ask-elements (classes, types, client)', 'src/index.ts'],
  ['ask-elements/define (all three elements)', 'src/define.ts'],
];

console.log('entry'.padEnd(44), 'first load gzip / brotli'.padEnd(28), 'lazy chunks gzip / brotli');
for (const [name, entry] of entries) {
  const { first, lazy } = await bundleEntry(entry);
  console.log(
    name.padEnd(44),
    `${kb(first.gzip)} / ${kb(first.brotli)}`.padEnd(28),
    lazy.raw === 0 ? '—' : `${kb(lazy.gzip)} / ${kb(lazy.brotli)}`,
  );
  if (entry === 'src/client/index.ts') {
    console.log(
      `  client budget 2.5 KB gzip: ${first.gzip} B, ${((first.gzip / CLIENT_BUDGET_GZIP) * 100).toFixed(0)}% of budget`,
    );
  }
}

if (existsSync('dist/ask-elements.js')) {
  const script = sizesOf(readFileSync('dist/ask-elements.js'));
  const chunks = readdirSync('dist').filter(
    (file) => file.startsWith('ask-elements-') && file.endsWith('.js'),
  );
  const chunkSizes = sizesOf(Buffer.concat(chunks.map((file) => readFileSync(join('dist', file)))));
  console.log(
    'dist/ask-elements.js (script tag)'.padEnd(44),
    `${kb(script.gzip)} / ${kb(script.brotli)}`.padEnd(28),
    chunks.length ? `${kb(chunkSizes.gzip)} / ${kb(chunkSizes.brotli)} (${chunks.join(', ')})` : '—',
  );
} else {
  console.log('dist/ask-elements.js: not built (run npm run build)');
}
