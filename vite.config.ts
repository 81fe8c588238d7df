import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { minify } from 'terser';
import { minifyTemplateLiterals } from './scripts/minify-template-literals.js';

/**
 * The script-tag file's entry: the define entry, and the small modules that its lazy parts share
 * (the connection to the service, the strings, the length limit). They are in `ask-elements.js`,
 * already loaded when a part arrives, so a part imports them from it as it imports Lit: no further
 * round trip before a part runs, and no import of theirs left failed by a connection lost mid-fetch.
 */
const SCRIPT_TAG_ENTRY = 'virtual:ask-elements-script-tag';
const SHARED_BY_PARTS = [
  'elements/shared/connection.ts',
  'elements/ask-chat/chat-connection.ts',
  'elements/shared/length-limit.ts',
  'elements/shared/strings.ts',
  'elements/shared/safe-url.ts',
].map((path) => resolve(import.meta.dirname, 'src', path));
const scriptTagEntry: Plugin = {
  name: 'ask-elements-script-tag-entry',
  resolveId: (id) => (id === SCRIPT_TAG_ENTRY ? `\0${id}` : undefined),
  load(id) {
    if (id !== `\0${SCRIPT_TAG_ENTRY}`) return;
    // Used, not merely imported: package.json says they have no side effects, so an import of
    // nothing would leave them out of the entry, in chunks of their own. Their namespaces are
    // exported as one array, `__shared` (not documented, not an API), rather than their names.
    const define = resolve(import.meta.dirname, 'src/define.ts');
    return [
      `export * from ${JSON.stringify(define)};`,
      ...SHARED_BY_PARTS.map((path, i) => `import * as shared${i} from ${JSON.stringify(path)};`),
      `export const __shared = [${SHARED_BY_PARTS.map((_, i) => `shared${i}`).join(', ')}];`,
    ].join('\n');
  },
};

/** The elements' css`…`, html`…` and svg`…` templates, minified (npm run build does the same to dist/). */
const templateLiterals: Plugin = {
  name: 'minify-template-literals',
  enforce: 'pre',
  transform(code, id) {
    // Line breaks are kept, so the source map needs no change.
    if (/\/src\/.*\.ts$/.test(id)) return { code: minifyTemplateLiterals(code, id), map: null };
  },
};

/**
 * The script-tag file and its chunks go to browsers as they are, so they are minified here (lib
 * mode leaves ES output minified but for its white space, for bundlers). Terser, two passes, over
 * what Rolldown printed: 107 B gzip less in ask-elements.js than Rolldown's own minifier (16,788
 * → 16,681), 463 B less over the nine files (72,952 → 72,489). Vite's own terser option was
 * larger than Rolldown's minifier: it keeps the bundlers' pure annotations in lib mode.
 */
const terserMinify: Plugin = {
  name: 'ask-elements-terser',
  // After Rolldown has printed every chunk (it prints again what renderChunk returns).
  async generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const mapFile = bundle[`${chunk.fileName}.map`];
      const minified = await minify(chunk.code, {
        module: true,
        ecma: 2020,
        compress: { passes: 2 },
        sourceMap: mapFile && {
          content: JSON.stringify(chunk.map),
          filename: chunk.fileName,
          url: `${chunk.fileName}.map`,
          includeSources: true,
        },
      });
      chunk.code = minified.code!;
      if (mapFile?.type === 'asset') mapFile.source = minified.map as string;
    }
  },
};

/**
 * Two builds of the browser code:
 * - `vite build`: the script-tag file `dist/ask-elements.js`, the define entry with every
 *   dependency inlined, plus its lazily loaded chunks beside it (the renderer, search-box's
 *   behaviour, the rarely used parts);
 * - `vite build --mode demo`: the demo page into `dist/demo/`, which `npm start` serves.
 */
export default defineConfig(({ mode }) =>
  mode === 'demo'
    ? {
        plugins: [templateLiterals],
        root: resolve(import.meta.dirname, 'demo'),
        base: './',
        build: {
          outDir: resolve(import.meta.dirname, 'dist/demo'),
          emptyOutDir: true,
          target: 'es2022',
        },
      }
    : {
        plugins: [scriptTagEntry, templateLiterals, terserMinify],
        build: {
          outDir: 'dist',
          emptyOutDir: false,
          target: 'es2022',
          sourcemap: true,
          lib: {
            entry: resolve(import.meta.dirname, 'src/define.ts'),
            formats: ['es'],
            fileName: () => 'ask-elements.js',
          },
          rolldownOptions: {
            // Modules that a lazy chunk shares with the first load (Lit, the client) stay in
            // ask-elements.js, which the chunks then import by its name, beside them, rather than
            // move to a third file that every page would load at once.
            preserveEntrySignatures: 'allow-extension',
            // Lib mode's entry, with the shared modules beside it (see scriptTagEntry).
            input: SCRIPT_TAG_ENTRY,
            // feedback-buttons imports the chat's client lazily (bundlers of the npm package split
            // it off); here it is in the entry already, as meant: not worth a warning each build.
            onLog(level, log, handler) {
              if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && log.message.includes('chat-connection'))
                return;
              handler(level, log);
            },
            output: {
              chunkFileNames: 'ask-elements-[name]-[hash].js',
            },
          },
        },
      },
);
