/**
 * The code of the client's pages (`demo/content/client/`), which a developer copies into an app:
 * every example compiles against the client's types, and the as-you-type search shows the results
 * of the newest query when an older search answers last.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import ts from 'typescript';
import * as clientModule from '../../src/client/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pagesDir = join(root, 'demo/content/client');
const pages = readdirSync(pagesDir).filter((name) => name.endsWith('.md'));

/** The ```js and ```ts blocks of a page, each with the heading above it. */
function codeBlocks(page: string): { heading: string; code: string }[] {
  const blocks: { heading: string; code: string }[] = [];
  let heading = '';
  for (const match of readFileSync(join(pagesDir, page), 'utf8').matchAll(
    /^(#+ .*)$|^```(?:js|ts)\n([\s\S]*?)^```$/gm,
  )) {
    if (match[1] !== undefined) heading = match[1].replace(/^#+ /, '');
    else blocks.push({ heading, code: match[2]! });
  }
  return blocks;
}

/** What the examples leave to the page: its own functions, and a client made above. */
const PLACEHOLDERS = `
declare const client: import('ask-elements/client').AskClient;
declare const input: HTMLInputElement;
declare function render(results: import('ask-elements/client').SearchResponse): void;
declare function showError(message: string): void;
declare function showFieldError(field: string, message: string): void;
`;

describe("the client's documentation", () => {
  it('has examples that compile against the client, each as a module of its own', () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-docs-'));
    try {
      const files = [join(dir, 'placeholders.d.ts')];
      writeFileSync(files[0]!, PLACEHOLDERS);
      for (const page of pages)
        codeBlocks(page).forEach(({ code }, i) => {
          const file = join(dir, `${page.replace('.md', '')}-${i + 1}.ts`);
          writeFileSync(file, `${code}\nexport {};\n`);
          files.push(file);
        });
      assert.ok(files.length > 5, 'the pages hold examples');
      const program = ts.createProgram(files, {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: [],
        strict: true,
        // The examples are JavaScript: their parameters carry no types.
        noImplicitAny: false,
        noEmit: true,
        skipLibCheck: true,
        paths: { 'ask-elements/client': [join(root, 'src/client/index.ts')] },
      });
      const errors = ts
        .getPreEmitDiagnostics(program)
        .filter((diagnostic) => diagnostic.file?.fileName.startsWith(dir))
        .map(
          (diagnostic) =>
            `${diagnostic.file!.fileName.slice(dir.length + 1)}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
        );
      assert.deepEqual(errors, []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('searches as the visitor types showing the newest query, when an older search answers last', async () => {
    const example = codeBlocks('create-client.md').find(({ heading }) => /as-you-type search/i.test(heading));
    assert.ok(example, 'create-client.md has an as-you-type search example');
    // The service: each search waits until the test answers it.
    const answers = new Map<string, (results: unknown) => void>();
    const fakeFetch = (async (_url: string, init: RequestInit) => {
      const { query } = JSON.parse(init.body as string) as { query: string };
      const results = await new Promise((resolve) => answers.set(query, resolve));
      return new Response(JSON.stringify(results), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const searches: Promise<unknown>[] = [];
    const createClient = (options: clientModule.ClientOptions) => {
      const client = clientModule.createClient({ ...options, fetch: fakeFetch });
      const search = client.search;
      client.search = (...args) => {
        const pending = search(...args);
        searches.push(pending);
        return pending;
      };
      return client;
    };
    const shown: string[][] = [];
    const errors: string[] = [];
    const input = Object.assign(new EventTarget(), { value: '' });
    const type = (value: string) => {
      input.value = value;
      input.dispatchEvent(new Event('input'));
    };
    const code = example.code.replace(/^import .*$/gm, '');
    new Function('createClient', 'isAbortError', 'render', 'showError', 'input', code)(
      createClient,
      clientModule.isAbortError,
      (results: { title: string }[]) => shown.push(results.map((result) => result.title)),
      (message: string) => errors.push(message),
      input,
    );
    const item = (title: string) => [{ title, description: '', link: `/${title}`, assetType: 'webpage' }];

    type('ro');
    type('rou');
    answers.get('rou')!(item('rou'));
    answers.get('ro')!(item('ro'));
    await Promise.allSettled(searches);
    assert.equal(searches.length, 2);
    assert.deepEqual(shown.at(-1), ['rou'], 'the newest query has the last word');
    assert.deepEqual(shown, [['rou']]);
    assert.deepEqual(errors, []);

    // Cleared, the field shows no results, and nothing is asked of the service.
    type('');
    await Promise.allSettled(searches);
    assert.equal(searches.length, 2);
    assert.deepEqual(shown.at(-1), []);
    assert.deepEqual(errors, []);
  });
});
