/**
 * `npx tsx bench/ask-chat.ts`: what `<ask-chat>` costs a page. Prints numbers, asserts nothing.
 *
 * 1. Bytes, gzip -9 of esbuild's minified ESM for the browser: the chat's first load (ask-chat
 *    and feedback-buttons before the first answer; the chat's behaviour, marked and DOMPurify
 *    must sit in lazily imported chunks, as must the image reading and sessionStorage code), and
 *    the whole kit with
 *    marked and DOMPurify, beside the anchors' figures. Each from `src/` as written and from the
 *    published `dist/` modules (`npm run build` minifies their css`…` and html`…` templates).
 * 2. Time to render a 20 KB markdown answer through the renderer (marked, DOMPurify, URL
 *    allow-list, attached to a live element) in Chromium: median of 40.
 */
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build, type Metafile, type OutputFile } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/chromium.js';
import { markdownAnswer } from './markdown-answer.js';

const KB = 1024;

/** Published figures of the anchors, measured the same way (FIELD-NOTES / issue 6). */
const ANCHORS: [string, number][] = [
  ['deep-chat', 126.1],
  ["Orama's web components", 148.2],
  ['DocSearch 5 with Ask AI (+8.0 KB CSS)', 184.5],
  ["Inkeep's embed", 444],
];

const gzip = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

async function bundle(entry: string, splitting: boolean) {
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts', sourcefile: 'bench-entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    splitting,
    outdir: 'bench-out', // never written (write: false)
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { files: result.outputFiles, metafile: result.metafile };
}

/** The outputs a page loads before any dynamic import runs: the entry and its static imports. */
function firstLoad(files: OutputFile[], metafile: Metafile): { eager: OutputFile[]; lazy: OutputFile[] } {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((path) => path.endsWith('/stdin.js'))!;
  const eager = new Set<string>();
  const visit = (path: string) => {
    if (eager.has(path)) return;
    eager.add(path);
    for (const imported of outputs[path]!.imports)
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  const byPath = (path: string) =>
    files.find((file) => file.path.endsWith(path.replace(/^.*bench-out/, '')))!;
  const jsOutputs = Object.keys(outputs).filter((path) => path.endsWith('.js'));
  return {
    eager: jsOutputs.filter((path) => eager.has(path)).map(byPath),
    lazy: jsOutputs.filter((path) => !eager.has(path)).map(byPath),
  };
}

async function sizesFrom(root: './src' | './dist', ext: 'ts' | 'js') {
  const chatEntry = `
    import { AskChat } from '${root}/elements/ask-chat/ask-chat.${ext}';
    import { FeedbackButtons } from '${root}/elements/feedback-buttons/feedback-buttons.${ext}';
    customElements.define('ask-chat', AskChat);
    customElements.define('feedback-buttons', FeedbackButtons);
  `;
  const chat = await bundle(chatEntry, true);
  const { eager, lazy } = firstLoad(chat.files, chat.metafile);
  const kit = await bundle(`import '${root}/define.${ext}';`, false);
  const kitSplit = await bundle(`import '${root}/define.${ext}';`, true);
  return {
    eager,
    lazy,
    eagerBytes: eager.reduce((sum, file) => sum + gzip(file.text), 0),
    lazyBytes: lazy.reduce((sum, file) => sum + gzip(file.text), 0),
    kitBytes: kit.files
      .filter((file) => file.path.endsWith('.js'))
      .reduce((sum, file) => sum + gzip(file.text), 0),
    kitFirst: firstLoad(kitSplit.files, kitSplit.metafile).eager.reduce(
      (sum, file) => sum + gzip(file.text),
      0,
    ),
  };
}

async function sizes() {
  const src = await sizesFrom('./src', 'ts');
  const dist = existsSync('dist/define.js') ? await sizesFrom('./dist', 'js') : undefined;
  const { eager, lazy } = src;
  const lazyHasLibraries = lazy.some((file) => file.text.includes('DOMPurify') || /marked/i.test(file.text));
  const eagerHasLibraries = eager.some(
    (file) => /\bDOMPurify\b|sanitize\(/.test(file.text) && file.text.includes('ALLOWED_TAGS'),
  );
  const both = (from: number | undefined, published: number | undefined) =>
    `${kb(from!)}${published === undefined ? '' : ` from src/, ${kb(published)} from dist/`}`;

  console.log('Size (esbuild --bundle --minify --format=esm --platform=browser, gzip -9)');
  console.log(
    `  ask-chat + feedback-buttons, first load      ${both(src.eagerBytes, dist?.eagerBytes)}  (target <= 12 KB; ${eager.length} file(s))`,
  );
  console.log(
    `    lazy chunks (behaviour, renderer, images, persist)  ${kb(src.lazyBytes)}  (${lazy.length} file(s); marked and DOMPurify only in them: ${lazyHasLibraries && !eagerHasLibraries})`,
  );
  console.log(
    `  whole kit with marked and DOMPurify, 1 file  ${both(src.kitBytes, dist?.kitBytes)}  (target <= 42 KB)`,
  );
  console.log(`  whole kit, split: first load                 ${both(src.kitFirst, dist?.kitFirst)}`);
  if (!dist) console.log('  (no dist/ yet: run npm run build for the published figures)');
  for (const [name, size] of ANCHORS) console.log(`  ${name.padEnd(44)} ${size.toFixed(1)} KB`);
}

async function renderTime() {
  const page = await bundle(
    `import { renderAnswer } from './src/render/answer-renderer.ts'; window.renderAnswer = renderAnswer;`,
    false,
  );
  const script = page.files.find((file) => file.path.endsWith('.js'))!.text;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const tab = await browser.newPage();
    await tab.setContent('<!doctype html><html><body><div id="answer"></div></body></html>');
    await tab.addScriptTag({ content: script, type: 'module' });
    await tab.waitForFunction(() => 'renderAnswer' in window);
    const markdown = markdownAnswer();
    const times = await tab.evaluate(async (text) => {
      const render = (window as unknown as { renderAnswer(t: string, f: string): Promise<DocumentFragment> })
        .renderAnswer;
      const target = document.getElementById('answer')!;
      const runs: number[] = [];
      for (let i = 0; i < 41; i++) {
        const start = performance.now();
        const fragment = await render(text, 'markdown');
        const body = document.createElement('div');
        body.append(fragment);
        target.replaceChildren(body);
        void target.offsetHeight; // layout included: what a visitor waits for
        runs.push(performance.now() - start);
      }
      return runs;
    }, markdown);
    const [cold, ...warm] = times;
    const sorted = [...warm].sort((a, b) => a - b);
    const median = (sorted[19]! + sorted[20]!) / 2;
    console.log(
      `\nRender a ${(markdown.length / KB).toFixed(1)} KB markdown answer (marked + DOMPurify + allow-list + layout), Chromium`,
    );
    console.log(`  median of 40   ${median.toFixed(2)} ms`);
    console.log(`  p90            ${sorted[35]!.toFixed(2)} ms`);
    console.log(`  first (cold)   ${cold!.toFixed(2)} ms`);
  } finally {
    await browser.close();
  }
}

await sizes();
await renderTime();
