/**
 * `npx tsx bench/kit-breakdown.ts [src|dist]`: where the whole kit's bytes go. Prints numbers,
 * asserts nothing.
 *
 * The kit as `bench/ask-chat.ts` measures it (esbuild's minified ESM of the three elements, the
 * client, Lit, @lit/task, marked and DOMPurify in one file, gzip -9), from `src/` (the default) or
 * the published `dist/` modules (whose source maps lead back to `src/`). Each character of the output is given to the source module its
 * source map names; a module's share is what the kit's gzip loses without that module's
 * characters (gzip shares its dictionary, so shares don't add up to the whole), beside its own
 * minified bytes alone, gzipped and raw. Then the libraries against our code.
 */
import { relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const from = process.argv[2] === 'dist' ? 'dist' : 'src';
const gzip = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The values of one segment of a source map's `mappings` (base64 VLQ). */
function vlqValues(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** For each line of the output, for each of its characters, the index of its source (or -1). */
function characterSources(lines: string[], mappings: string): Int32Array[] {
  const owners = lines.map((line) => new Int32Array(line.length).fill(-1));
  let source = 0;
  mappings.split(';').forEach((lineMappings, lineIndex) => {
    const owner = owners[lineIndex];
    if (owner === undefined) return;
    let column = 0;
    for (const segment of lineMappings.split(',').filter(Boolean)) {
      const [columnDelta = 0, sourceDelta] = vlqValues(segment);
      column += columnDelta;
      // A segment of one value maps to no source; else the source holds until the next segment.
      if (sourceDelta === undefined) owner.fill(-1, column);
      else {
        source += sourceDelta;
        owner.fill(source, column);
      }
    }
  });
  return owners;
}

const result = await build({
  stdin: {
    contents: `import './${from}/define.${from === 'src' ? 'ts' : 'js'}';`,
    resolveDir: process.cwd(),
    loader: 'ts',
    sourcefile: 'bench-entry.ts',
  },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  outdir: 'bench-out', // never written (write: false)
  write: false,
  sourcemap: 'external',
  sourcesContent: false,
  logLevel: 'silent',
});
const code = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
const map = JSON.parse(result.outputFiles.find((file) => file.path.endsWith('.map'))!.text) as {
  sources: string[];
  mappings: string;
};
const lines = code.split('\n');
const owners = characterSources(lines, map.mappings);
/** A library's path in its package (`lit-html/src/lit-html.ts`), or ours from the checkout's root (`src/…`). */
const moduleName = (source: string) =>
  /node_modules\//.test(source)
    ? source.replace(/^.*node_modules\//, '')
    : relative(process.cwd(), resolve('bench-out', source));
const names = map.sources.map(moduleName);
/** The output with only the characters whose module `keep` accepts. */
const kept = (keep: (name: string) => boolean) =>
  lines
    .map((line, lineIndex) => {
      const owner = owners[lineIndex]!;
      let text = '';
      for (let column = 0; column < line.length; column++) {
        const source = owner[column]!;
        if (source < 0 || keep(names[source]!)) text += line[column];
      }
      return text;
    })
    .join('\n');

const total = gzip(code);
const rows = [...new Set(names)].map((name) => {
  const alone = kept((other) => other === name);
  return { name, share: total - gzip(kept((other) => other !== name)), gzip: gzip(alone), raw: alone.length };
});
rows.sort((a, b) => b.share - a.share);
const isLibrary = (name: string) => !/^(?:src|dist)\//.test(name);
console.log(`Whole kit from ${from}/: ${total} B gzip, ${code.length} B minified\n`);
console.log('  share B   gzip alone   minified B   module');
for (const row of rows)
  console.log(
    `  ${String(row.share).padStart(7)}   ${String(row.gzip).padStart(10)}   ${String(row.raw).padStart(10)}   ${row.name}`,
  );
const libraries = kept(isLibrary);
console.log(
  `\n  libraries alone ${gzip(libraries)} B; our code adds ${total - gzip(libraries)} B to them ` +
    `(${gzip(kept((name) => !isLibrary(name)))} B alone)`,
);
