/**
 * `npx tsx bench/search-box.ts`: what `<search-box>` costs a page and a visitor. Prints numbers,
 * asserts nothing.
 *
 * (a) gzip -9 size of a page that imports only `search-box` (esbuild --bundle --minify
 *     --format=esm --platform=browser --splitting; the CSS lives in the JS), and whether marked or
 *     DOMPurify entered its module graph: once from `src/` as written, and once from the
 *     published `dist/` modules, what a site's bundler gets from npm (`npm run build` minifies
 *     the css`…` and html`…` templates there; run it first). The first load counts the files
 *     the page loads at once (the entry and its static imports). Chunks are counted apart: the
 *     box's behaviour (search task, client, popup), which the box fetches once the page is idle
 *     or as soon as the visitor needs it, and the dialog of variant="button" and the keyboard
 *     shortcut, fetched when a page uses them;
 * (b) search requests sent while typing a 24-character query at 60 ms and at 250 ms per key, and
 *     at 60 ms then a typo taken back with Backspace;
 * (c) median time from the last keystroke to results painted, debounce subtracted, against the
 *     reference service started in this process, in Debian's headless Chromium.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type BuildResult, type OutputFile } from 'esbuild';
import { chromium } from 'playwright-core';
import { quietLogger } from '../src/server/logger.js';
import { startService } from '../src/server/main.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/chromium.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');
const DEBOUNCE_MS = 100;
const SAMPLES = 48;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// ---- (a) size ----------------------------------------------------------------------------

const OUT = join(ROOT, 'bench-out'); // never written (write: false)

interface Page {
  result: BuildResult<{ metafile: true; write: false }>;
  /** The entry and the files it imports statically: what the page loads at once. */
  eager: OutputFile[];
  /** Chunks behind a dynamic import(). */
  lazy: OutputFile[];
}

async function pageImporting(module: string): Promise<Page> {
  const result = await build({
    stdin: {
      contents: `import { SearchBox } from '${module}';\ncustomElements.define('search-box', SearchBox);\n`,
      resolveDir: ROOT,
      sourcefile: 'page.ts',
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: OUT,
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === 'page.ts')!;
  const eager = new Set<string>();
  const visit = (path: string) => {
    if (eager.has(path)) return;
    eager.add(path);
    for (const imported of outputs[path]!.imports)
      if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entry);
  const isEager = (file: OutputFile) => eager.has(relative(ROOT, file.path));
  return {
    result,
    eager: result.outputFiles.filter(isEager),
    lazy: result.outputFiles.filter((file) => !isEager(file)),
  };
}
const gzipOf = (files: OutputFile[]) =>
  files.reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).length, 0);
const fileCount = (list: OutputFile[]) => `${list.length} file${list.length === 1 ? '' : 's'}`;
const rawOf = (files: OutputFile[]) => files.reduce((sum, file) => sum + file.contents.length, 0);

const bundle = await pageImporting('./src/elements/search-box/search-box.ts');
const gzipped = gzipOf(bundle.eager);
const published = existsSync(join(ROOT, 'dist/elements/search-box/search-box.js'))
  ? await pageImporting('./dist/elements/search-box/search-box.js')
  : undefined;
// What a site gets that imports the class from the package's main entry, `from 'ask-elements'`
// (rather than `ask-elements/search-box`): esbuild also makes entries of the other elements' lazy
// parts, and splits what the box shares with them (Lit, the connection, import-once) into files.
const throughEntry = published ? await pageImporting('./dist/index.js') : undefined;
const inputs = Object.keys(bundle.result.metafile.inputs);
const forbidden = inputs.filter((path) => /node_modules\/(marked|dompurify)\//i.test(path));
const byPackage = new Map<string, number>();
for (const file of bundle.eager) {
  for (const [path, info] of Object.entries(
    bundle.result.metafile.outputs[relative(ROOT, file.path)]!.inputs,
  )) {
    const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? 'ask-elements (src/)';
    byPackage.set(name, (byPackage.get(name) ?? 0) + info.bytesInOutput);
  }
}
const lazyChunks = (page: Page) =>
  page.lazy
    .map(
      (file) => `${/^(.*)-[A-Z0-9]+\.js$/.exec(file.path.slice(OUT.length + 1))?.[1]} ${kb(gzipOf([file]))}`,
    )
    .join(', ');

// What every element's first load pays before its own code: Lit and the shared theme.
const baseline = await build({
  stdin: {
    contents: [
      `import { LitElement, html } from 'lit';`,
      `import { themeStyles } from './src/elements/shared/theme.ts';`,
      `class Base extends LitElement {`,
      `  static styles = [themeStyles];`,
      `  render() { return html\`<p>base</p>\`; }`,
      `}`,
      `customElements.define('base-element', Base);`,
    ].join('\n'),
    resolveDir: ROOT,
    sourcefile: 'baseline.ts',
    loader: 'ts',
  },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  write: false,
  logLevel: 'silent',
});
const baselineGzip = gzipSync(baseline.outputFiles[0]!.contents, { level: 9 }).length;

console.log(
  '(a) Page that imports only <search-box> (esbuild --bundle --minify --format=esm --splitting, gzip -9)',
);
console.log(
  `    search-box from src/ ${kb(gzipped).padStart(8)} gzip first load, CSS included (${kb(rawOf(bundle.eager))} minified, ${fileCount(bundle.eager)})`,
);
console.log(
  published
    ? `    search-box from dist/ ${kb(gzipOf(published.eager)).padStart(7)} gzip first load, as 'ask-elements/search-box' bundles it (${kb(rawOf(published.eager))} minified, ${fileCount(published.eager)})`
    : '    search-box from dist/: no dist/ yet (npm run build)',
);
if (throughEntry)
  console.log(
    `    search-box through the package's entry ${kb(gzipOf(throughEntry.eager)).padStart(7)} gzip first load, as 'ask-elements' (the main entry) bundles it (${fileCount(throughEntry.eager)})`,
  );
console.log(
  `    lazy chunks (search-controller once the page is idle or the box is used; the others when a page sets them): ${lazyChunks(published ?? bundle)}`,
);
console.log(
  `    of which Lit + shared theme ${kb(baselineGzip)}, the search box's own first-load code and CSS ${kb(gzipped - baselineGzip)} (from src/)`,
);
console.log(`    target              ${'10.0 KB'.padStart(8)}`);
console.log('    DocSearch 5 keyword modal  93.3 KB + 8.0 KB CSS');
console.log('    DocSearch 3                37.9 KB + 3.2 KB CSS');
console.log('    autocomplete-js + algoliasearch-lite  30.6 KB + 4.2 KB CSS');
console.log(
  `    first load, minified bytes by package: ${[...byPackage].map(([name, bytes]) => `${name} ${kb(bytes)}`).join(', ')}`,
);
console.log(
  `    marked or DOMPurify in the module graph: ${forbidden.length ? `YES (${forbidden.join(', ')})` : 'no'} (${inputs.length} modules)`,
);

// ---- a page with the element, served by the reference service ---------------------------

const site = mkdtempSync(join(tmpdir(), 'search-box-bench-'));
// The entry as search-box.js, its chunks beside it under their own names.
for (const file of [...bundle.eager, ...bundle.lazy]) {
  const name = relative(OUT, file.path);
  writeFileSync(join(site, name === 'stdin.js' ? 'search-box.js' : name), file.contents);
}
writeFileSync(
  join(site, 'index.html'),
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>bench</title>
<body><search-box api-key="demo-key" debounce="${DEBOUNCE_MS}" no-recent></search-box>
<script type="module" src="/search-box.js"></script>
<script>
  // The last keystroke's time, and the time the next frame after results appear is painted.
  window.bench = { lastKey: 0, painted: 0 };
  document.addEventListener('keydown', (event) => { window.bench.lastKey = event.timeStamp; }, true);
  window.watch = () => {
    window.bench.painted = 0;
    const box = document.querySelector('search-box');
    const observer = new MutationObserver(() => {
      const shown = box.shadowRoot.querySelector('[role="option"], [part="message"]');
      if (!shown) return;
      observer.disconnect();
      window.bench.rendered = performance.now();
      // rAF runs before the frame is painted; the task after it runs once it is.
      requestAnimationFrame(() => setTimeout(() => { window.bench.painted = performance.now(); }));
    });
    observer.observe(box.shadowRoot, { subtree: true, childList: true, characterData: true });
  };
</script>`,
);

const service = await startService({ port: 0, staticDir: site, logger: quietLogger });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});

try {
  const page = await browser.newPage();
  let requests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/bot/search') requests++;
  });
  const input = page.locator('search-box input');

  // ---- (b) requests per typed query --------------------------------------------------------
  const query24 = 'keyboard shortcut dialog';
  console.log(
    `\n(b) Requests sent typing "${query24}" (${query24.length} characters), debounce ${DEBOUNCE_MS} ms`,
  );
  for (const delay of [60, 250]) {
    await page.goto(`${service.url}/index.html`);
    await input.focus();
    requests = 0;
    await input.pressSequentially(query24, { delay });
    await page.waitForTimeout(1000);
    console.log(
      `    ${String(delay).padStart(3)} ms per key: ${requests} request${requests === 1 ? '' : 's'}${delay === 60 ? '   (target ≤ 3)' : ''}`,
    );
  }
  // A typo taken back: the query typed back to is shown from memory, then asked again once the
  // typing pauses, so that the service records it rather than the typo.
  await page.goto(`${service.url}/index.html`);
  await input.focus();
  requests = 0;
  for (const keys of [query24, 'x', 'Backspace']) {
    if (keys === 'Backspace') await page.keyboard.press(keys);
    else await input.pressSequentially(keys, { delay: 60 });
    await page.waitForTimeout(1000);
  }
  console.log(`    the same at 60 ms per key, then "x", then Backspace, 1 s apart: ${requests} requests`);

  // ---- (c) last keystroke to results painted -------------------------------------------------
  const queries = corpusWords(SAMPLES + 2);
  await page.goto(`${service.url}/index.html`);
  await input.focus();
  const latencies: number[] = [];
  const requestTimes: number[] = [];
  const beforeTimes: number[] = [];
  const afterTimes: number[] = [];
  const renderTimes: number[] = [];
  const misses: string[] = [];
  const cached: string[] = [];
  for (const [index, query] of queries.entries()) {
    await page.evaluate(() => {
      document.querySelector('search-box')!.query = '';
    });
    await page.waitForTimeout(20);
    await page.evaluate(() => (window as unknown as { watch(): void }).watch());
    // The prefix arrives at once (within the debounce), then the last key alone.
    await page.keyboard.type(query.slice(0, -1));
    await page.keyboard.press(query.at(-1)!);
    await page.waitForFunction(
      () => (window as unknown as { bench: { painted: number } }).bench.painted > 0,
      null,
      {
        timeout: 5000,
      },
    );
    const { lastKey, painted, found, request, before, after, render } = await page.evaluate(() => {
      const { bench } = window as unknown as {
        bench: { lastKey: number; painted: number; rendered: number };
      };
      const found = document
        .querySelector('search-box')!
        .shadowRoot!.querySelectorAll('[role="option"]').length;
      const searches = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('/bot/search')) as PerformanceResourceTiming[];
      const last = searches.at(-1);
      performance.clearResourceTimings();
      // Answered from the element's own cache of recent results: no request to time.
      if (last === undefined) return { ...bench, found, request: NaN, before: NaN, after: NaN, render: NaN };
      return {
        ...bench,
        found,
        request: last.responseEnd - last.startTime,
        before: last.startTime - bench.lastKey,
        after: bench.painted - last.responseEnd,
        render: bench.rendered - last.responseEnd,
      };
    });
    if (found === 0) misses.push(query);
    if (Number.isNaN(request)) cached.push(query);
    // The first two samples warm up the page and the service.
    else if (index >= 2) {
      latencies.push(painted - lastKey - DEBOUNCE_MS);
      requestTimes.push(request);
      beforeTimes.push(before - DEBOUNCE_MS);
      afterTimes.push(after);
      renderTimes.push(render);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  console.log(
    `\n(c) Last keystroke to results painted, debounce (${DEBOUNCE_MS} ms) subtracted, ${latencies.length} samples`,
  );
  console.log(
    `    median ${at(0.5).toFixed(1)} ms (target ≤ 25 ms), p10 ${at(0.1).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
  );
  console.log(
    `    medians of its parts: keystroke to request start ${median(beforeTimes).toFixed(1)} ms, ` +
      `HTTP request to the service ${median(requestTimes).toFixed(1)} ms, ` +
      `response to painted frame ${median(afterTimes).toFixed(1)} ms ` +
      `(to the DOM updated ${median(renderTimes).toFixed(1)} ms, the rest is waiting for the next frame)`,
  );
  if (cached.length) console.log(`    answered from the element's cache, not timed: ${cached.join(', ')}`);
  if (misses.length)
    console.log(`    queries that found nothing (timed to the "no results" message): ${misses.join(', ')}`);
} finally {
  await browser.close();
  await service.close();
  rmSync(site, { recursive: true, force: true });
}

/** Distinct words of the demo corpus, so that every sample is a fresh (uncached) query with results. */
function corpusWords(count: number): string[] {
  const dir = join(ROOT, 'demo', 'content');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.md'),
  );
  const words = new Set<string>();
  for (const file of files.sort()) {
    for (const word of readFileSync(join(dir, file), 'utf8')
      .toLowerCase()
      .match(/\b[a-z]{6,12}\b/g) ?? []) {
      words.add(word);
    }
  }
  const list = [...words];
  // Spread over the corpus rather than the first file's words.
  const step = Math.max(1, Math.floor(list.length / count));
  const picked = list.filter((_, index) => index % step === 0).slice(0, count);
  if (picked.length < count) throw new Error(`only ${picked.length} words in ${relative(ROOT, dir)}`);
  return picked;
}
