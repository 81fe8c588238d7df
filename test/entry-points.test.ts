import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import { build as viteBuild } from 'vite';

/** What esbuild makes of a browser entry, split into chunks: its inputs and outputs. */
async function browserMetafile(entry: string) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: 'unused',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

/** The inputs esbuild bundles for a browser entry, with their imports. */
async function browserInputs(entry: string) {
  return (await browserMetafile(entry)).inputs;
}

/** Every module of a browser entry's graph, as paths relative to the repository. */
async function browserModuleGraph(entry: string): Promise<string[]> {
  return Object.keys(await browserInputs(entry));
}

/** The modules reached from the entry without crossing a dynamic import(). */
async function eagerModuleGraph(entry: string): Promise<string[]> {
  const inputs = await browserInputs(entry);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of inputs[file]?.imports ?? [])
      if (imported.kind !== 'dynamic-import') visit(imported.path);
  };
  visit(entry);
  return [...seen];
}

/** The type errors of a consumer's files, checked strictly as an app's build would, one line each. */
function typeErrors(files: string[], options: ts.CompilerOptions = {}): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    ...options,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
}

/** A stand-in for a framework's types: package `name` under node_modules, its `exports`, its files' lines. */
interface TypesStandIn {
  name: string;
  exports: Record<string, { types: string }>;
  files: Record<string, string[]>;
}

/**
 * The type errors of an app's file (`file`, its `lines` given ask-elements' src/index.js, quoted)
 * using the declaration the frameworks page gives under `heading` (its first ts block, written as
 * ask-elements.d.ts with ask-elements resolved to src/), against `standIn`, in a folder of its own.
 */
function frameworkDeclarationErrors(
  heading: string,
  standIn: TypesStandIn,
  app: { file: string; lines: (index: string) => string[] },
  options: ts.CompilerOptions = {},
): string[] {
  const page = readFileSync(new URL('../demo/content/guides/ssr-and-frameworks.md', import.meta.url), 'utf8');
  const section = page.slice(page.indexOf(heading));
  const declaration = /```ts\n([\s\S]*?)```/.exec(section)![1]!;
  const index = JSON.stringify(fileURLToPath(new URL('../src/index.js', import.meta.url)));
  const dir = mkdtempSync(join(tmpdir(), `${standIn.name}-types-`));
  try {
    const framework = join(dir, 'node_modules', standIn.name);
    mkdirSync(framework, { recursive: true });
    writeFileSync(
      join(framework, 'package.json'),
      JSON.stringify({ name: standIn.name, exports: standIn.exports }),
    );
    for (const [file, lines] of Object.entries(standIn.files))
      writeFileSync(join(framework, file), lines.join('\n'));
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    writeFileSync(join(dir, 'ask-elements.d.ts'), declaration.replace("'ask-elements'", index));
    writeFileSync(join(dir, app.file), app.lines(index).join('\n'));
    return typeErrors([join(dir, app.file), join(dir, 'ask-elements.d.ts')], options);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('entry points', () => {
  it('ask-elements imports in Node without defining an element or needing a window', async () => {
    const entry = await import('../src/index.js');
    assert.equal(typeof entry.SearchBox, 'function');
    assert.equal(typeof entry.AskChat, 'function');
    assert.equal(typeof entry.FeedbackButtons, 'function');
    assert.equal(typeof entry.createClient, 'function');
    assert.equal(typeof globalThis.window, 'undefined');
    assert.equal(typeof globalThis.document, 'undefined');
    // Lit's server shim provides a customElements registry in Node, which the frameworks page
    // tells SSR code not to take for a browser (test `window`): nothing may be in it.
    assert.equal(typeof globalThis.customElements, 'object');
    for (const tag of ['search-box', 'ask-chat', 'feedback-buttons']) {
      assert.equal(
        globalThis.customElements?.get(tag),
        undefined,
        `${tag} was defined by importing ask-elements`,
      );
    }
  });

  it('ask-elements/search-box, /ask-chat and /feedback-buttons each export their class and define nothing (built by npm run build)', async () => {
    const classes = {
      'search-box': 'SearchBox',
      'ask-chat': 'AskChat',
      'feedback-buttons': 'FeedbackButtons',
    };
    for (const [tag, name] of Object.entries(classes)) {
      // By the package's own name: the path its exports map gives a site.
      const element = (await import(`ask-elements/${tag}`)) as Record<string, unknown>;
      assert.equal(typeof element[name], 'function', `ask-elements/${tag} exports ${name}`);
      assert.equal(globalThis.customElements?.get(tag), undefined, `${tag} defined by its import`);
    }
  });

  it('ask-elements/client exports the client and its errors', async () => {
    const client = await import('../src/client/index.js');
    assert.deepEqual(Object.keys(client).sort(), [
      'ApiError',
      'NetworkError',
      'TimeoutError',
      'createClient',
      'isAbortError',
    ]);
  });

  for (const entry of ['src/index.ts', 'src/define.ts', 'src/client/index.ts']) {
    it(`no browser bundle of ${entry} contains server code or a schema library`, async () => {
      const graph = await browserModuleGraph(entry);
      const forbidden = graph.filter((file) =>
        /(^|\/)src\/server\/|node_modules\/(zod|hono|@hono|better-sqlite3|@orama)\//.test(file),
      );
      assert.deepEqual(forbidden, []);
    });
  }

  it('the client alone pulls in no element, lit, marked or DOMPurify', async () => {
    const graph = await browserModuleGraph('src/client/index.ts');
    assert.deepEqual(
      graph.filter((file) => /node_modules\/|src\/elements\//.test(file)),
      [],
    );
  });

  it('the rarely used parts load only through a dynamic import', async () => {
    const eager = await eagerModuleGraph('src/define.ts');
    const lazy = [
      'src/elements/search-box/search-controller.ts',
      'src/elements/search-box/search-dialog.ts',
      'src/elements/search-box/keyboard-shortcut.ts',
      'src/elements/ask-chat/chat-behaviour.ts',
      'src/elements/ask-chat/transcript-place.ts',
      'src/elements/ask-chat/composer-place.ts',
      'src/elements/ask-chat/answer-view.ts',
      'src/elements/ask-chat/chat-connection.ts',
      'src/elements/ask-chat/conversation-storage.ts',
      'src/elements/ask-chat/image-attachments.ts',
      'src/elements/feedback-buttons/reason-form.ts',
      'src/render/sanitizer-chunk.ts',
    ];
    assert.deepEqual(
      eager.filter((file) => lazy.includes(file)),
      [],
    );
    const all = await browserModuleGraph('src/define.ts');
    assert.deepEqual(
      lazy.filter((file) => !all.includes(file)),
      [],
    );
  });

  it('the script-tag file imports nothing statically, and its lazy parts import only it, so a part needs no further round trip', async () => {
    // The lazy chunks import what they share with the first load, and with each other (the
    // connection, the strings, the length limit), from ask-elements.js itself: vite.config.ts.
    const outDir = mkdtempSync(join(tmpdir(), 'ask-elements-build-'));
    try {
      await viteBuild({
        configFile: 'vite.config.ts',
        logLevel: 'silent',
        build: { outDir, sourcemap: false },
      });
      const imports = async (file: string) => {
        const { metafile } = await build({
          entryPoints: [join(outDir, file)],
          bundle: true,
          external: ['./*'],
          write: false,
          metafile: true,
          logLevel: 'silent',
        });
        return Object.values(metafile.inputs)[0]!.imports;
      };
      const first = await imports('ask-elements.js');
      assert.deepEqual(
        first.filter((imported) => imported.kind === 'import-statement'),
        [],
      );
      const chunks = first.filter((imported) => imported.kind === 'dynamic-import');
      assert.ok(chunks.length > 0 && chunks.every(({ path }) => /^\.\/ask-elements-[\w-]+\.js$/.test(path)));
      for (const { path } of chunks) {
        const chunkImports = await imports(path);
        assert.deepEqual(
          chunkImports.filter((imported) => imported.kind === 'import-statement').map(({ path }) => path),
          chunkImports.some((imported) => imported.kind === 'import-statement') ? ['./ask-elements.js'] : [],
          path,
        );
      }
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it("search-box's first load is its shell: the search, the client and the popup come in its behaviour chunk", async () => {
    const eager = await eagerModuleGraph('src/elements/search-box/search-box.ts');
    assert.deepEqual(
      eager.filter((file) =>
        /node_modules\/@lit\/task\/|src\/client\/|search-box\/(search-controller|search-popup\.styles|highlight|recent-searches|search-cache)\.ts$/.test(
          file,
        ),
      ),
      [],
    );
  });

  it('the lazy chunks share no module with the first load, but Lit, the client and the strings the behaviours use', async () => {
    const { outputs } = await browserMetafile('src/define.ts');
    const staticImports = (file: string) =>
      outputs[file]!.imports.filter((imported) => imported.kind === 'import-statement').map(
        ({ path }) => path,
      );
    const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === 'src/define.ts')!;
    // esbuild moves what the entry shares with a lazy chunk to chunks that the entry imports, one
    // per set of sharers: the search box's and the chat's behaviours (the script-tag build keeps
    // it all in ask-elements.js: vite.config.ts, test/define.browser.test.ts).
    const shared = staticImports(entry);
    assert.ok(shared.length <= 2, `the first load is three files at most, got ${JSON.stringify(shared)}`);
    const sharedModules = shared.flatMap((file) => Object.keys(outputs[file]!.inputs));
    assert.deepEqual(
      sharedModules.filter(
        (file) =>
          !/node_modules\/(lit|lit-html|lit-element|@lit\/[^/]+)\/|src\/client\/|src\/elements\/(shared\/|search-box\/search-box\.strings\.ts|ask-chat\/(chat-strings|chat-icons)\.ts)/.test(
            file,
          ),
      ),
      [],
    );
    // The rarely used parts import nothing: one file each, whatever the bundler. The feedback
    // reason form imports only the length limit it shares with the chat's behaviour (Lit is
    // handed to it), which imports nothing itself.
    for (const [file, output] of Object.entries(outputs)) {
      if (
        output.entryPoint &&
        !/src\/define\.ts|search-controller\.ts|chat-behaviour\.ts|chat-connection\.ts|reason-form\.ts/.test(
          output.entryPoint,
        )
      )
        assert.deepEqual(staticImports(file), [], output.entryPoint);
    }
  });

  it('marked and DOMPurify load only through a dynamic import (not on first load)', async () => {
    const eager = await eagerModuleGraph('src/define.ts');
    assert.deepEqual(
      eager.filter((file) => /node_modules\/(marked|dompurify)\//.test(file)),
      [],
    );
    const all = await browserModuleGraph('src/define.ts');
    assert.ok(all.some((file) => file.includes('node_modules/marked/')));
    assert.ok(all.some((file) => file.includes('node_modules/dompurify/')));
  });

  it('gives each typed subpath its types under the legacy moduleResolution "node" too (typesVersions)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, string | { types?: string }>;
      typesVersions: Record<string, Record<string, string[]>>;
    };
    const typed = Object.entries(pkg.exports).flatMap(([path, target]) =>
      path !== '.' && typeof target === 'object' && target.types ? [[path.slice(2), target.types]] : [],
    );
    assert.ok(typed.length >= 3);
    for (const [subpath, types] of typed)
      assert.deepEqual(pkg.typesVersions['*']?.[subpath!], [types], subpath);
  });

  it('names in its custom elements manifest the modules the package ships (built by npm run build)', () => {
    const manifest = JSON.parse(
      readFileSync(new URL('../dist/custom-elements.json', import.meta.url), 'utf8'),
    ) as { modules: { path: string; declarations?: { name: string; tagName?: string }[] }[] };
    const tags = manifest.modules.flatMap((module) =>
      (module.declarations ?? []).flatMap((declaration) =>
        declaration.tagName ? [[declaration.tagName, module.path]] : [],
      ),
    );
    assert.deepEqual(Object.fromEntries(tags), {
      'ask-chat': 'dist/elements/ask-chat/ask-chat.js',
      'feedback-buttons': 'dist/elements/feedback-buttons/feedback-buttons.js',
      'search-box': 'dist/elements/search-box/search-box.js',
    });
    for (const { path } of manifest.modules)
      assert.ok(existsSync(new URL(`../${path}`, import.meta.url)), `${path} is in the package`);
  });

  it("types each element event's detail for a TypeScript page, whichever entry it imports", () => {
    // A page's own code, strict, with only a public entry imported: no cast, no import of a deep path.
    const dir = mkdtempSync(join(tmpdir(), 'event-types-'));
    try {
      const entry = (name: string) =>
        JSON.stringify(fileURLToPath(new URL(`../src/${name}`, import.meta.url)));
      const pages = {
        'classes.ts': [
          `import type { SearchBoxSelectDetail } from ${entry('index.js')};`,
          "const box = document.querySelector('search-box');",
          "box?.addEventListener('ask-select', (e) => {",
          '  const detail: SearchBoxSelectDetail = e.detail;',
          '  const link: string = e.detail.result.link;',
          '  console.log(link, detail.position);',
          '});',
          "document.body.addEventListener('ask-answer', (e) => console.log(e.detail.record.insightId));",
        ],
        // The single-page app of the README: the tags registered, nothing else imported.
        'define.ts': [
          `import ${entry('define.js')};`,
          "document.querySelector('search-box')!.addEventListener('ask-select', (e) => e.detail.result.link);",
          "document.addEventListener('ask-feedback', (e) => console.log(e.detail.value === 1));",
          "window.addEventListener('ask-error', (e) => console.log(e.detail.query));",
        ],
      };
      for (const [name, lines] of Object.entries(pages)) {
        const page = join(dir, name);
        writeFileSync(page, lines.join('\n'));
        assert.deepEqual(typeErrors([page]), [], name);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("exports the types the element pages name: each element's strings and the options of askQuestion", () => {
    // A site's translations kept in a typed module of their own, as the attributes pages type them
    // (`strings: Partial<AskChatStrings>`), importing the public entry only.
    const dir = mkdtempSync(join(tmpdir(), 'strings-types-'));
    try {
      const page = join(dir, 'translations.ts');
      writeFileSync(
        page,
        [
          'import type { AskChatStrings, AskQuestionOptions, FeedbackStrings, SearchBoxStrings, StringTemplate } from',
          `  ${JSON.stringify(fileURLToPath(new URL('../src/index.js', import.meta.url)))};`,
          "export const chat: Partial<AskChatStrings> = { send: 'Envoyer', rateLimited: (s) => `${s} s` };",
          "export const feedback: Partial<FeedbackStrings> = { helpful: 'Utile' };",
          "const results: StringTemplate<number> = '{count} résultats';",
          'export const box: Partial<SearchBoxStrings> = { resultsOther: results };',
          "export const options: AskQuestionOptions = { includeTags: ['guides'] };",
        ].join('\n'),
      );
      assert.deepEqual(typeErrors([page]), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the React (TSX) declaration of the frameworks page', () => {
  it('types the tags, their properties and their events, against a stand-in for React 19 types', () => {
    // The file the page tells a TSX app to copy, as written there, with ask-elements resolved to
    // src/. React's own types are not installed here: a stand-in with the shapes it uses (checked
    // against @types/react 19 in a Vite app by hand).
    assert.deepEqual(
      frameworkDeclarationErrors(
        '## Typing the tags in React',
        {
          name: 'react',
          exports: { '.': { types: './index.d.ts' }, './jsx-runtime': { types: './jsx-runtime.d.ts' } },
          files: {
            'index.d.ts': [
              'export interface HTMLAttributes<T> { id?: string; className?: string; onClick?: (event: MouseEvent & { currentTarget: T }) => void; children?: unknown }',
              'export interface RefObject<T> { current: T | null }',
              'export type DetailedHTMLProps<E, T> = E & { ref?: RefObject<T> | ((element: T | null) => void); key?: string | number };',
              'export function useRef<T>(initial: T | null): RefObject<T>;',
              'export namespace JSX { interface Element {} interface IntrinsicElements { div: HTMLAttributes<HTMLDivElement> } }',
            ],
            'jsx-runtime.d.ts': [
              "import type { JSX as ReactJSX } from './index';",
              'export namespace JSX { interface Element extends ReactJSX.Element {} interface IntrinsicElements extends ReactJSX.IntrinsicElements {} }',
              'export function jsx(type: unknown, props: unknown): JSX.Element;',
              'export function jsxs(type: unknown, props: unknown): JSX.Element;',
              'export const Fragment: unique symbol;',
            ],
          },
        },
        {
          file: 'page.tsx',
          lines: (index) => [
            "import { useRef } from 'react';",
            `import { createClient, type AskChat } from ${index};`,
            'export function Page() {',
            '  const chat = useRef<AskChat>(null);',
            '  return (',
            '    <div>',
            '      <search-box api-key="KEY" base-url="https://bot.example.com" ask-target="chat" num-docs={5}',
            "        client={createClient({ baseUrl: '' })} strings={{ placeholder: 'Cherchez' }}",
            '        onask-select={(e) => { e.preventDefault(); console.log(e.detail.result.link, e.detail.position); }} />',
            '      <ask-chat ref={chat} id="chat" suggestions={[\'How?\']} persist onask-answer={(e) => console.log(e.detail.record.insightId)} />',
            '      <feedback-buttons insight-id="x" onask-feedback={(e) => console.log(e.detail.value === 1)} />',
            '      {/* @ts-expect-error not a variant */}',
            '      <search-box variant="modal" />',
            '      {/* @ts-expect-error suggestions are strings */}',
            '      <ask-chat suggestions={[1]} />',
            '      {/* @ts-expect-error the detail has no such field */}',
            '      <search-box onask-select={(e) => e.detail.nope} />',
            '    </div>',
            '  );',
            '}',
          ],
        },
        { jsx: ts.JsxEmit.ReactJSX },
      ),
      [],
    );
  });
});

describe('the Vue declaration of the frameworks page', () => {
  it("types the tags' properties, attributes and events, against a stand-in for Vue 3.5 types", () => {
    // The file the page tells a Vue app to copy, as written there. vue-tsc checks a template's
    // tag against `$props` and `$emit` of its entry in GlobalComponents, with kebab-case names
    // camelized: the stand-in has the shapes the declaration uses (checked against vue 3.5 and
    // vue-tsc 3.3 in a Vite app by hand).
    assert.deepEqual(
      frameworkDeclarationErrors(
        '#### Typing the tags in Vue',
        {
          name: 'vue',
          exports: { '.': { types: './index.d.ts' } },
          files: {
            'index.d.ts': [
              'export interface HTMLAttributes { id?: string; class?: unknown; style?: unknown }',
              'export interface PublicProps { key?: string | number; ref?: unknown }',
              'export type EmitFn<E extends Record<string, (...args: any[]) => any>> = <K extends keyof E>(event: K, ...args: Parameters<E[K]>) => void;',
              'export interface GlobalComponents {}',
            ],
          },
        },
        {
          file: 'template.ts',
          lines: (index) => [
            "import type { GlobalComponents } from 'vue';",
            `import { createClient, type AskEventMap } from ${index};`,
            "type Props<T extends keyof GlobalComponents> = InstanceType<GlobalComponents[T]>['$props'];",
            "type Emit<T extends keyof GlobalComponents> = InstanceType<GlobalComponents[T]>['$emit'];",
            '// <search-box id="s" num-docs="8" variant="button" :client.prop="client" :strings.prop="…">',
            "export const box: Props<'search-box'> = { id: 's', numDocs: '8', variant: 'button', client: createClient({ baseUrl: '' }), strings: { placeholder: 'Cherchez' } };",
            '// <ask-chat persist :suggestions.prop="…" :askAttributes.prop="…">',
            "export const chat: Props<'ask-chat'> = { persist: true, minRelevance: 50, suggestions: ['How?'], askAttributes: { plan: 'pro' } };",
            "export const buttons: Props<'feedback-buttons'> = { insightId: 'x', askReason: true, value: -1 };",
            "declare const select: AskEventMap['ask-select'];",
            "declare const emitBox: Emit<'search-box'>;",
            "emitBox('ask-select', select);",
            '// @ts-expect-error not a variant',
            "export const wrongVariant: Props<'search-box'> = { variant: 'round' };",
            '// @ts-expect-error suggestions are strings',
            "export const wrongSuggestions: Props<'ask-chat'> = { suggestions: [1] };",
            '// @ts-expect-error no such string',
            "export const wrongStrings: Props<'search-box'> = { strings: { placeholderr: 'x' } };",
            "declare const answer: AskEventMap['ask-answer'];",
            '// @ts-expect-error ask-select carries the selected result, not an answer',
            "emitBox('ask-select', answer);",
          ],
        },
      ),
      [],
    );
  });
});

describe('the Svelte declaration of the frameworks page', () => {
  it("types the tags' properties, attributes and events, against a stand-in for Svelte 5 types", () => {
    // The file the page tells a Svelte app to copy, as written there. svelte-check checks a tag's
    // attributes as an object of SvelteHTMLElements' entry for it: the stand-in has the shapes the
    // declaration uses (checked against svelte 5.57 and svelte-check 4.7 in a SvelteKit app by hand).
    assert.deepEqual(
      frameworkDeclarationErrors(
        '### Svelte and SvelteKit',
        {
          name: 'svelte',
          exports: { './elements': { types: './elements.d.ts' } },
          files: {
            'elements.d.ts': [
              'export interface HTMLAttributes<T> { id?: string | null; class?: string | null; onclick?: (event: MouseEvent & { currentTarget: T }) => void }',
              'export interface SvelteHTMLElements {}',
            ],
          },
        },
        {
          file: 'template.ts',
          lines: (index) => [
            "import type { SvelteHTMLElements } from 'svelte/elements';",
            `import { createClient } from ${index};`,
            '// <search-box api-key="KEY" num-docs="8" variant="button" {client} onask-select={…}>',
            "export const box: SvelteHTMLElements['search-box'] = { 'api-key': 'KEY', 'num-docs': '8', variant: 'button', client: createClient({ baseUrl: '' }),",
            "  'onask-select': (e) => { e.preventDefault(); console.log(e.detail.result.link); } };",
            "export const chat: SvelteHTMLElements['ask-chat'] = { id: 'chat', persist: true, suggestions: ['How?'], askAttributes: { plan: 'pro' },",
            "  'onask-answer': (e) => console.log(e.detail.record.insightId) };",
            "export const buttons: SvelteHTMLElements['feedback-buttons'] = { 'insight-id': 'x', 'onask-feedback': (e) => console.log(e.detail.value === 1) };",
            '// @ts-expect-error not a variant',
            "export const wrongVariant: SvelteHTMLElements['search-box'] = { variant: 'round' };",
            '// @ts-expect-error suggestions are strings',
            "export const wrongSuggestions: SvelteHTMLElements['ask-chat'] = { suggestions: [1] };",
            "export const wrongDetail: SvelteHTMLElements['search-box'] = {",
            '  // @ts-expect-error the detail has no such field',
            "  'onask-select': (e) => e.detail.nope,",
            '};',
          ],
        },
      ),
      [],
    );
  });
});

describe('install instructions', () => {
  it('never tell an app to install with --omit=optional, which strips its own bundler of its native binaries', () => {
    // npm applies --omit=optional to the whole tree: Vite's Rolldown, esbuild and Lightning CSS
    // ship their binaries as optional dependencies, and `vite build` then fails to start.
    const root = fileURLToPath(new URL('..', import.meta.url));
    for (const file of ['README.md', 'demo/content/guides/install.md']) {
      const text = readFileSync(join(root, file), 'utf8');
      assert.doesNotMatch(text, /npm (?:install|i) ask-elements --omit=optional/, file);
      assert.match(text, /Cannot find native binding/, `${file} says why not`);
    }
  });
});

describe('the packed package (built by npm run build)', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  /** What `npm pack` would publish, listed without the network or a tarball. */
  const packedFiles = (): string[] => {
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as [{ files: { path: string }[] }];
    return packed.files.map(({ path }) => path);
  };

  it('holds every file its package.json names, and every file those import', () => {
    const shipped = new Set(packedFiles());
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      main: string;
      types: string;
      bin: Record<string, string>;
      customElements: string;
      exports: Record<string, string | Record<string, string>>;
      typesVersions: Record<string, Record<string, string[]>>;
    };
    const named = [
      pkg.main,
      pkg.types,
      pkg.customElements,
      ...Object.values(pkg.bin),
      ...Object.values(pkg.exports).flatMap((target) =>
        typeof target === 'string' ? [target] : Object.values(target),
      ),
      ...Object.values(pkg.typesVersions).flatMap((paths) => Object.values(paths).flat()),
    ].map((path) => path.replace(/^\.\//, ''));
    assert.deepEqual(
      named.filter((path) => !shipped.has(path)),
      [],
    );
    // A module or declaration of the package importing a file it does not ship (a chunk left
    // out, a .d.ts of a file outside dist/) breaks on the user's machine only.
    const unresolved: string[] = [];
    let imports = 0;
    for (const file of shipped) {
      if (!/^dist\/.*\.(js|d\.ts)$/.test(file)) continue;
      // Comments left out: they quote imports as examples.
      const text = readFileSync(join(root, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      for (const [, specifier] of text.matchAll(/(?:from|import\()\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g)) {
        const target = join(dirname(file), specifier!);
        const expected = file.endsWith('.d.ts') ? target.replace(/\.js$/, '.d.ts') : target;
        imports++;
        if (!shipped.has(expected)) unresolved.push(`${file} → ${specifier}`);
      }
    }
    assert.deepEqual(unresolved, []);
    assert.ok(imports > 500, `read ${imports} relative imports`);
    assert.match(readFileSync(join(root, pkg.bin['ask-elements']!), 'utf8'), /^#!\/usr\/bin\/env node\n/);
    assert.deepEqual(
      [...shipped].filter((path) => /^(src|test|bench|scripts)\//.test(path)),
      [],
      'sources and tests stay out of the package',
    );
  });

  it("type-checks with skipLibCheck off in a project that installed no @types package but Node's", () => {
    // The service's declarations named better-sqlite3's types, which live in a package of their
    // own: a self-hosting project importing ask-elements/server failed to compile (TS7016).
    const dir = mkdtempSync(join(tmpdir(), 'packed-types-'));
    try {
      const installed = join(dir, 'node_modules', 'ask-elements');
      for (const file of packedFiles()) {
        mkdirSync(dirname(join(installed, file)), { recursive: true });
        copyFileSync(join(root, file), join(installed, file));
      }
      // Its dependencies installed beside it, as npm would, without their @types.
      for (const name of readdirSync(join(root, 'node_modules')))
        if (!name.startsWith('.') && name !== '@types')
          symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
      mkdirSync(join(dir, 'node_modules', '@types'));
      symlinkSync(join(root, 'node_modules', '@types', 'node'), join(dir, 'node_modules', '@types', 'node'));
      writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
      const app = join(dir, 'server.ts');
      writeFileSync(
        app,
        [
          "import { createApp, createSqliteStore, startService, type ServiceConfig } from 'ask-elements/server';",
          "import { createClient } from 'ask-elements/client';",
          "import { SearchBox } from 'ask-elements';",
          "const store = createSqliteStore(':memory:');",
          'const config: ServiceConfig | undefined = undefined;',
          'console.log(store, config, createApp, startService, createClient, SearchBox);',
        ].join('\n'),
      );
      assert.deepEqual(typeErrors([app], { skipLibCheck: false, types: ['node'] }), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
