import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';
import { minifyTemplateLiterals } from './scripts/minify-template-literals.js';

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
        plugins: [templateLiterals],
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
            output: {
              chunkFileNames: 'ask-elements-[name]-[hash].js',
              // Lib mode leaves ES output unminified for bundlers; a script-tag file goes to browsers as is.
              minify: true,
            },
          },
        },
      },
);
