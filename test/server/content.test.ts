import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sectionValue, type ListItem, type SourceDocument } from '../../src/server/content/document.js';
import { documentText } from '../../src/server/content/document-record.js';
import { loadContentFolder, mayChangeContent } from '../../src/server/content/load-folder.js';
import { PARAGRAPH_MAX_CHARS, SECTION_MAX_CHARS } from '../../src/server/content/section-builder.js';
import { htmlDocument } from '../../src/server/content/html-document.js';
import { markdownDocument, mdxDocument } from '../../src/server/content/markdown-document.js';
import { withoutSiteWideMetadata } from '../../src/server/content/site-wide-metadata.js';
import { createExtractiveAnswerer } from '../../src/server/answer/extractive-answerer.js';
import { createOramaIndex } from '../../src/server/search/orama-index.js';
import { inboundLinkCounts } from '../../src/server/search/link-graph.js';
import { DEMO_KEY, startTestService, type TestService } from './service-harness.js';

const HONO = new URL('../fixtures/corpora/hono/', import.meta.url).pathname;

async function writeFixture(root: string, files: Record<string, string | Uint8Array>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

/** The paragraphs of a document's first section, as its text separates them. */
const firstParagraphs = (document: SourceDocument): string[] | undefined =>
  document.sections[0]?.text.split('\n\n');

/** What the service, started over `contentDir`, answers a bot request with the demo key. */
async function askService<T = unknown>(
  contentDir: string,
  path: '/bot/search' | '/bot/askai',
  body: Record<string, unknown>,
  options: { siteUrl?: string } = {},
): Promise<T> {
  const service = await startTestService({ contentDir, ...options });
  try {
    return (await service.postJson<T>(path, { apiKey: DEMO_KEY, ...body })).body;
  } finally {
    await service.close();
  }
}

/**
 * What `service` finds searching for "installer" (the links, best first) and answers to "How do I
 * run the installer?": the pages of a fixture with a setup guide that says to run it.
 */
async function installerLinksAndAnswer(
  service: TestService,
): Promise<{ links: string[]; answer: { link: string; didAnswer: boolean } }> {
  const results = await service.postJson<{ link: string }[]>('/bot/search', {
    apiKey: DEMO_KEY,
    query: 'installer',
    numDocs: 3,
  });
  const answer = await service.postJson<{ link: string; didAnswer: boolean }>('/bot/askai', {
    apiKey: DEMO_KEY,
    query: 'How do I run the installer?',
    format: 'markdown',
    conversationId: '',
  });
  return { links: results.body.map((result) => result.link), answer: answer.body };
}

function byId(documents: SourceDocument[], id: string): SourceDocument {
  const document = documents.find((candidate) => candidate.id === id);
  assert.ok(document, `document ${id} was loaded`);
  return document;
}

describe('loadContentFolder', () => {
  let root: string;
  let documents: SourceDocument[];
  let skipped: { path: string; reason: string }[];

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'ask-content-'));
    await writeFixture(root, {
      'docs/guide/getting-started.md': [
        '---',
        'title: Getting started',
        'description: Install the package and add your first element.',
        'tags: [guide, install]',
        '---',
        '',
        '# Getting started <Badge type="tip" text="new" />',
        '',
        'Install it with **npm** and read the [client docs](/docs/client#options).',
        '',
        '::: tip Before you start',
        'You need Node 20.',
        ':::',
        '',
        '## Configure the `search-box`',
        '',
        '```ts twoslash',
        "import { hidden } from 'setup'",
        '// ---cut---',
        "const box = document.querySelector('search-box')",
        '//    ^?',
        '```',
        '',
        '## Configure the `search-box`',
        '',
        'A second section with the same heading.',
      ].join('\n'),
      'docs/api/index.md':
        '# API reference\n\nEvery endpoint of the service, with its request and response.\n\n## Search\n\nFinds documents.\n',
      'web/fetch.md': [
        '---',
        'title: "Using the Fetch API"',
        '---',
        '',
        '{{DefaultAPISidebar("Fetch API")}}',
        '',
        'Call {{domxref("Window/fetch", "fetch()")}} to get a {{domxref("Response")}}, or wait on a {{jsxref("Promise")}} inside a {{HTMLElement("div")}}.',
        '',
        '> [!NOTE]',
        '> Fetch is promise-based.',
        '',
        '- `method`',
        '  - : The request method.',
        '',
        '    > [!WARNING]',
        '    > A quoted note inside a list item.',
        '',
        'Input: touch events, <a href="/en-US/docs/Web/API/Gamepad_API"',
        '          >Gamepad API</a',
        '        >, device sensors.',
        '',
        '- `released`: The year the album was released.',
        '       > [!NOTE]',
        '       > Include at least two albums.',
        '',
        '- `value`',
        '  - : A string. If not specified,',
        '    treated as empty.',
        '    > [!NOTE]',
        '    > The value must not contain quotes.',
        '',
        '{{Compat}}',
      ].join('\n'),
      'site/page.html':
        '<!doctype html><html><head><title>HTML &amp; pages</title><meta name="description" content="A page written in HTML."><meta name="keywords" content="html, markup"><script>var secret = "not text";</script></head>' +
        '<body><nav>Home | Menu</nav><main><h1>HTML pages</h1><p>Intro paragraph about markup.</p><h2 id="custom-id">Second part</h2><p>More text &lt;here&gt;.</p><pre>const x = 1;</pre></main></body></html>',
      'notes.txt': 'Release notes\n\nVersion 2 adds streaming answers.\n\nVersion 1 was the first release.',
      'docs/install.mdx': [
        '---',
        'title: Installation',
        'sidebar_position: 2',
        '---',
        '',
        "import Tabs from '@theme/Tabs';",
        "import TabItem from '@theme/TabItem';",
        'export const Note = ({ children }) => (',
        '  <span className="note">{children}</span>',
        ');',
        '',
        '{/* Not shown to readers */}',
        '',
        'Install the package with your package manager.',
        '',
        '<Tabs>',
        '  <TabItem value="npm">',
        '',
        '```js',
        "import { SearchBox } from 'ask-elements';",
        '```',
        '',
        '  </TabItem>',
        '</Tabs>',
        '',
        '## Requirements',
        '',
        'It needs <Note>Node.js 20</Note> or later.',
      ].join('\n'),
      'index.md':
        '---\ntitle: Home\nlink: https://example.com/home\nassetType: landing\n---\n\nWelcome home.\n',
      'broken.md': '---\ntitle: [unclosed\n---\n\nBody.\n',
      'latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]),
      'image.png': 'not a document',
      '.vitepress/config.md': '# Hidden folder, not content',
    });
    ({ documents, skipped } = await loadContentFolder(root));
  });

  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('indexes .md, .mdx, .html and .txt files recursively and nothing else', () => {
    assert.deepEqual(
      documents.map((document) => document.id),
      [
        'docs/api/index.md',
        'docs/guide/getting-started.md',
        'docs/install.mdx',
        'index.md',
        'notes.txt',
        'web/fetch.md',
        // HTML pages come last, once all are read: what they share is the site's.
        'site/page.html',
      ],
    );
  });

  it("reads a built site's pages together: its name out of their titles, its description out of theirs", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-site-'));
    try {
      const page = (title: string, text: string) =>
        `<title>${title} | Acme Help</title><meta name="description" content="A VitePress site"><main><p>${text}</p></main>`;
      await writeFile(join(site, 'refunds.html'), page('Refunds', 'Refunds take five days to arrive.'));
      await writeFile(join(site, 'invoices.html'), page('Invoices', 'Invoices are sent every month.'));
      await writeFile(join(site, 'setup.html'), page('Setup', 'Install the app, then sign in.'));
      const { documents: pages } = await loadContentFolder(site);
      assert.deepEqual(
        pages.map((document) => [document.title, document.description]),
        [
          ['Invoices', 'Invoices are sent every month.'],
          ['Refunds', 'Refunds take five days to arrive.'],
          ['Setup', 'Install the app, then sign in.'],
        ],
      );
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("skips the page a site shows for an address it does not have (404), its own or a language's, but not a page about the 404 status", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-404-'));
    try {
      await writeFixture(site, {
        'install.html':
          '<title>Install | Acme</title><main><h1>Install</h1><p>Run the installer, then sign in.</p></main>',
        // As VitePress builds it: no noindex, text that a search for "page not found" would find.
        '404.html':
          '<title>404 | Acme</title><div class="NotFound"><p class="code">404</p><h1 class="title">PAGE NOT FOUND</h1>' +
          '<blockquote class="quote">But if you keep looking, you may end up where you are heading.</blockquote>' +
          '<a href="/">Take me home</a></div>',
        // A translated site's own, and a Jekyll site's source of it.
        'fr/404.html':
          '<title>Page introuvable</title><main><h1>Page introuvable</h1><p>Cette page n’existe pas.</p></main>',
        '404.md': '---\npermalink: /404.html\n---\n# Not found\n\nSorry, this page does not exist.\n',
        // Languages named with a region or a script, as Docusaurus and Hugo name their folders.
        'es-419/404.html':
          '<title>Página no encontrada</title><main><h1>Página no encontrada</h1><p>Esta página no existe.</p></main>',
        'zh-Hant/404.html':
          '<title>找不到頁面</title><main><h1>找不到頁面</h1><p>這個頁面不存在。</p></main>',
        'pt_BR/404.md': '# Página não encontrada\n\nEsta página não existe.\n',
        // A page of the docs about the status code is a page, deeper in the site or in a folder
        // whose name is shaped like a language's code but names none.
        'errors/404.md': '# 404 Not Found\n\nThe API answers 404 when the resource does not exist.\n',
        'js/404.md': '# 404 in fetch\n\nA fetch that gets 404 resolves: check `response.ok`.\n',
      });
      const { documents: pages, skipped: left } = await loadContentFolder(site);
      assert.deepEqual(
        pages.map((document) => document.id),
        ['errors/404.md', 'js/404.md', 'install.html'],
      );
      assert.deepEqual(
        left.map((file) => [file.path, file.notAPage]),
        [
          ['404.html', 'notFound'],
          ['404.md', 'notFound'],
          ['es-419/404.html', 'notFound'],
          ['fr/404.html', 'notFound'],
          ['pt_BR/404.md', 'notFound'],
          ['zh-Hant/404.html', 'notFound'],
        ],
      );
      assert.match(left[0]?.reason ?? '', /the page the site shows for an address it does not have \(404\)/);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("reads no page from a built site's files for crawlers and language models: robots.txt, llms.txt", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-machines-'));
    try {
      await writeFixture(site, {
        'install.html':
          '<title>Install</title><main><h1>Install</h1><p>Run the installer, then sign in.</p></main>',
        'robots.txt': 'User-agent: *\nDisallow: /private/\nSitemap: https://example.com/sitemap.xml\n',
        'humans.txt': '/* TEAM */\nWriter: Ada\n',
        // What VitePress's and Docusaurus's llms.txt plugins write: every page again, in one file.
        'llms.txt':
          '# Acme\n\n> Docs for Acme.\n\n- [Install](https://example.com/install.md): run the installer\n',
        'llms-full.txt': '# Acme\n\n# Install\n\nRun the installer, then sign in.\n',
        'changelog.txt': 'Changelog\n\nVersion 2 adds streaming answers.\n',
        // Deeper in the docs, a page of that name is a page.
        'guides/robots.txt': 'Robots\n\nHow the warehouse robots pick an order.\n',
      });
      const { documents: pages, skipped: left } = await loadContentFolder(site);
      assert.deepEqual(
        pages.map((document) => document.id),
        ['changelog.txt', 'guides/robots.txt', 'install.html'],
      );
      assert.deepEqual(left, []);
      assert.equal(mayChangeContent(site, 'llms-full.txt'), false);
      assert.equal(mayChangeContent(site, 'guides/robots.txt'), true);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('reads a folder linked into the content folder as if it were there, a link back up is a loop; a link to nothing and an empty page are skipped, saying why', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'ask-content-outside-'));
    const site = join(outside, 'site');
    await mkdir(site);
    await writeFile(join(outside, 'private-notes.md'), '# Private\n\nNot for the site.\n');
    const shared = await mkdtemp(join(tmpdir(), 'ask-content-shared-'));
    try {
      await writeFile(join(site, 'index.md'), '# Home\n\nWelcome.\n');
      await writeFile(join(shared, 'install.md'), '# Install\n\nRun the installer.\n');
      await symlink(shared, join(site, 'guides'));
      // Two names for one folder: each is read, as a site would publish both.
      await symlink(shared, join(site, 'latest'));
      // A link back up: read once, not forever; nor the folder above the content folder.
      await symlink(site, join(shared, 'loop'));
      await symlink(outside, join(site, 'up'));
      await symlink(join(site, 'moved.md'), join(site, 'dangling.md'));
      await writeFile(join(site, 'empty.md'), '\n');
      // No file at all: a device (endless) and a pipe (waits for a writer) would hang the start.
      await symlink('/dev/zero', join(site, 'zero.md'));
      execFileSync('mkfifo', [join(outside, 'pipe')]);
      await symlink(join(outside, 'pipe'), join(site, 'pipe.md'));
      const { documents: pages, skipped: left } = await loadContentFolder(site);
      assert.deepEqual(
        pages.map((document) => [document.id, document.link]),
        [
          ['guides/install.md', '/guides/install'],
          ['index.md', '/'],
          ['latest/install.md', '/latest/install'],
        ],
      );
      assert.deepEqual(
        left.map((file) => [file.path, file.reason]),
        [
          ['dangling.md', `ENOENT: no such file or directory, open '${join(site, 'dangling.md')}'`],
          ['empty.md', 'empty: no text to index'],
          ['guides/loop', 'a link up to a folder it is in (a loop)'],
          ['latest/loop', 'a link up to a folder it is in (a loop)'],
          ['pipe.md', 'not a file (a device, a pipe or a socket)'],
          ['up', 'a link up to a folder it is in (a loop)'],
          ['zero.md', 'not a file (a device, a pipe or a socket)'],
        ],
      );
    } finally {
      await rm(outside, { recursive: true, force: true });
      await rm(shared, { recursive: true, force: true });
    }
  });

  it('never indexes, searches or quotes what a link in the content folder leads to that is hidden, nor a /proc file', async () => {
    // A docs checkout, where a contributor committed links: to the `.env` beside the docs, to a
    // key in the home folder, into a hidden folder, and to the process's environment.
    const checkout = await mkdtemp(join(tmpdir(), 'ask-content-checkout-'));
    const site = join(checkout, 'docs');
    await mkdir(site);
    await mkdir(join(checkout, '.secrets'));
    await writeFile(join(checkout, '.env'), 'LLM_API_KEY=zebracorn-env-token\n');
    await writeFile(join(checkout, '.secrets', 'keys.md'), '# Keys\n\nThe zebracorn admin password.\n');
    await writeFile(join(site, 'install.md'), '# Install\n\nRun the installer, then sign in.\n');
    await writeFile(join(site, 'notes.md'), '# Notes\n\nRelease notes.\n');
    await symlink(join(checkout, '.env'), join(site, 'faq.md'));
    await symlink(join(checkout, '.secrets'), join(site, 'reference'));
    await symlink(join(checkout, '.secrets', 'keys.md'), join(site, 'keys.md'));
    // A link to an ordinary page elsewhere is still read, as documented.
    await symlink(join(site, 'notes.md'), join(site, 'changes.md'));
    const linux = process.platform === 'linux';
    if (linux) await symlink('/proc/self/environ', join(site, 'environment.md'));
    const service = await startTestService({ contentDir: site });
    try {
      // Every process's environment names PATH: it read as a page, found by it and quoted.
      const path = await service.postJson('/bot/search', { apiKey: DEMO_KEY, query: 'PATH', numDocs: 10 });
      assert.deepEqual(path.body, []);
      for (const query of ['zebracorn', 'LLM_API_KEY', 'admin password']) {
        const { status, body } = await service.postJson('/bot/search', {
          apiKey: DEMO_KEY,
          query,
          numDocs: 10,
        });
        assert.equal(status, 200, query);
        assert.deepEqual(body, [], query);
        const asked = await service.postJson('/bot/askai', {
          apiKey: DEMO_KEY,
          query: `What is the ${query}?`,
          format: 'markdown',
          conversationId: '',
        });
        const answer = JSON.stringify(asked.body);
        for (const secret of ['zebracorn-env-token', 'The zebracorn admin password', 'PATH='])
          assert.ok(!answer.includes(secret), `${query}: ${secret}`);
      }
      const changes = await service.postJson('/bot/search', {
        apiKey: DEMO_KEY,
        query: 'release notes',
        numDocs: 10,
      });
      assert.deepEqual(changes.body.map((item: { link: string }) => item.link).sort(), [
        '/changes',
        '/notes',
      ]);
    } finally {
      await service.close();
    }
    try {
      const { skipped: left } = await loadContentFolder(site);
      assert.deepEqual(
        left.map((file) => [file.path, file.reason]),
        [
          ...(linux ? [['environment.md', 'empty: no text to index']] : []),
          ['faq.md', 'a link to a hidden file or folder: never read'],
          ['keys.md', 'a link to a hidden file or folder: never read'],
          ['reference', 'a link to a hidden file or folder: never read'],
        ],
      );
    } finally {
      await rm(checkout, { recursive: true, force: true });
    }
  });

  it('reports unparsable and non-UTF-8 files as skipped, without failing', () => {
    assert.deepEqual(
      skipped.map((file) => file.path),
      ['broken.md', 'latin1.txt'],
    );
    for (const file of skipped) assert.ok(file.reason.length > 0);
    // One line, naming what is wrong and where in the file, not the parser's frame of the source.
    assert.match(
      skipped[0]?.reason ?? '',
      /^its front matter is not valid YAML: Flow sequence .* at line 2, column \d+$/,
    );
  });

  it('takes metadata from front matter', () => {
    const page = byId(documents, 'docs/guide/getting-started.md');
    assert.equal(page.title, 'Getting started');
    assert.equal(page.description, 'Install the package and add your first element.');
    assert.deepEqual(page.tags, ['guide', 'install']);
    // The folder holds `.vitepress`: VitePress links a page by its file's name.
    assert.equal(page.link, '/docs/guide/getting-started.html');
    assert.equal(page.assetType, 'webpage');
    const home = byId(documents, 'index.md');
    assert.equal(home.link, 'https://example.com/home');
    assert.equal(home.assetType, 'landing');
  });

  it('falls back to the first heading, first paragraph, folder tags and the path', () => {
    const api = byId(documents, 'docs/api/index.md');
    assert.equal(api.title, 'API reference');
    assert.equal(api.description, 'Every endpoint of the service, with its request and response.');
    assert.deepEqual(api.tags, ['docs', 'api']);
    assert.equal(api.link, '/docs/api/');
  });

  it('turns Markdown into plain text: links, emphasis, Badge, containers and twoslash markers removed', () => {
    const page = byId(documents, 'docs/guide/getting-started.md');
    assert.match(page.text, /Install it with npm and read the client docs\./);
    assert.match(page.text, /Before you start\n\nYou need Node 20\./);
    assert.doesNotMatch(page.text, /Badge|:::|\*\*|\]\(|---cut---|\^\?|hidden/);
    assert.match(page.text, /const box = document\.querySelector\('search-box'\)/);
  });

  it('splits sections at headings with unique slug anchors and keeps code blocks apart', () => {
    const page = byId(documents, 'docs/guide/getting-started.md');
    assert.deepEqual(
      page.sections.map((section) => [section.heading, section.anchor, section.level]),
      [
        ['Getting started', 'getting-started', 1],
        ['Configure the search-box', 'configure-the-search-box', 2],
        ['Configure the search-box', 'configure-the-search-box-1', 2],
      ],
    );
    assert.deepEqual(page.sections[1]?.code, ["const box = document.querySelector('search-box')"]);
  });

  it('keeps the indentation of a code line after a blank one (the blank line goes: it would end a paragraph)', () => {
    const page = markdownDocument(
      'p.md',
      "# P\n\n```js\napp.get('/', (c) => {\n  const secret = 's'\n\n  await sign(c, secret)\n})\n```\n",
    );
    assert.deepEqual(page.sections[0]?.code, [
      "app.get('/', (c) => {\n  const secret = 's'\n  await sign(c, secret)\n})",
    ]);
  });

  it("keeps the text of MDN's cross-reference macros and drops the others", () => {
    const page = byId(documents, 'web/fetch.md');
    assert.match(page.text, /Call fetch\(\) to get a Response, or wait on a Promise inside a <div>\./);
    assert.match(page.text, /Fetch is promise-based\./);
    assert.match(page.text, /The request method\./);
    // A callout inside a list item is indented: its markers go too.
    assert.match(page.text, /^A quoted note inside a list item\.$/m);
    assert.match(page.text, /^Include at least two albums\.$/m);
    // A callout right under a definition's wrapped second line.
    assert.match(page.text, /^The value must not contain quotes\.$/m);
    // Inline HTML wrapped with its tags' `>` at the start of indented lines is no quote.
    assert.match(page.text, /^Input: touch events, Gamepad API, device sensors\.$/m);
    assert.doesNotMatch(page.text, /\{\{|Sidebar|Compat|\[!NOTE\]|\[!WARNING\]|^\s*>|- :/m);
    assert.deepEqual(page.tags, ['web']);
  });

  it('reads HTML: title, meta description and keywords, main content, heading ids', () => {
    const page = byId(documents, 'site/page.html');
    assert.equal(page.title, 'HTML & pages');
    assert.equal(page.description, 'A page written in HTML.');
    assert.deepEqual(page.tags, ['html', 'markup']);
    assert.equal(page.link, '/site/page');
    assert.doesNotMatch(page.text, /secret|Menu/);
    assert.deepEqual(
      page.sections.map((section) => [section.heading, section.anchor]),
      [
        ['HTML pages', 'html-pages'],
        ['Second part', 'custom-id'],
      ],
    );
    assert.match(page.sections[1]?.text ?? '', /More text <here>\./);
    assert.deepEqual(page.sections[1]?.code, ['const x = 1;']);
  });

  it("reads a page's title once where the theme writes it over content that opens with it", () => {
    // As a Hugo theme writes a page: its title in an <h1>, then the content's own "# Presets".
    const page = htmlDocument(
      'presets.html',
      `<main><nav aria-label="Breadcrumb"><ol><li><a href="/docs/">Docs</a></li></ol></nav><article class="content"><h1>Presets</h1>
      <h1 id="presets">Presets <a class="anchor" href="#presets" aria-label="Permalink to this heading">#</a></h1>
      <p>Hono has several routers.</p><h2 id="hono">hono</h2><h2 id="hono-1">hono</h2><p>The default.</p></article></main>`,
    );
    assert.deepEqual(
      page.sections.map((section) => [section.heading, section.anchor, section.text]),
      [
        ['Presets', 'presets', 'Hono has several routers.'],
        ['hono', 'hono-1', 'The default.'],
      ],
    );
  });

  it('reads a template\'s empty value in a meta tag as no value: MkDocs\' home page description "None"', () => {
    // As MkDocs 1.4's own themes write the home page of a site with no site_description.
    const home = htmlDocument(
      'index.html',
      `<html><head><meta name="description" content="None"><meta name="keywords" content="undefined"><title>Acme</title></head>
      <body><div role="main"><h1 id="welcome">Welcome</h1><p>Acme makes widgets for every workshop.</p></div></body></html>`,
    );
    assert.equal(home.description, 'Acme makes widgets for every workshop.');
    assert.deepEqual(home.tags, []);
  });

  it("reads a built site's HTML table as a Markdown table's rows, without breadcrumbs, entities decoded", async () => {
    const page = htmlDocument(
      'contact.html',
      `<!doctype html><html><head><title>Contact us</title></head><body>
      <header><nav><a href="/">Home</a></nav></header>
      <main><nav class="breadcrumbs"><a href="/">Help Centre</a> &rsaquo; Contact us</nav>
      <h1>Contact us</h1>
      <h2>Opening hours</h2>
      <table>
        <thead><tr><th>How to reach us</th><th>When</th><th></th></tr></thead>
        <tbody>
          <tr><td>Live chat</td><td>Monday to Friday 8am&ndash;8pm<br>Saturday 9am&ndash;5pm</td><td></td></tr>
          <tr><td><p>Phone</p></td><td>Any time, say <code>caf&eacute;</code></td><td></td></tr>
        </tbody>
      </table>
      <h2>Support</h2>
      <table>
        <tr><th></th><th>Weekdays</th><th>Weekends</th></tr>
        <tr><td>Phone</td><td></td><td>10am to 4pm</td></tr>
        <tr><td rowspan="2">Chat</td><td colspan="2">9am to 5pm</td></tr>
        <tr><td>8am</td><td><table><tr><td>by</td><td>appointment</td></tr></table></td></tr>
      </table></main></body></html>`,
    );
    assert.doesNotMatch(page.text, /Help Centre|&rsaquo;/);
    const hours = page.sections.find((section) => section.heading === 'Opening hours');
    assert.deepEqual(hours?.text.split('\n\n'), [
      'How to reach us; When',
      'Live chat; Monday to Friday 8am–8pm Saturday 9am–5pm',
      'Phone; Any time, say `café`',
    ]);
    // Every cell stays in its column: an empty one as "—", one spanning columns or rows in each.
    assert.deepEqual(page.sections.find((section) => section.heading === 'Support')?.text.split('\n\n'), [
      '—; Weekdays; Weekends',
      'Phone; —; 10am to 4pm',
      'Chat; 9am to 5pm; 9am to 5pm',
      'Chat; 8am; by appointment',
    ]);
    // Answered with the row under its header, as from a Markdown page's table.
    const index = createOramaIndex();
    await index.load([page]);
    const answer = await createExtractiveAnswerer({ index }).answer({
      query: 'when can I reach you by live chat?',
      history: [],
      format: 'markdown',
      threshold: 0,
    });
    assert.match(
      answer.answer,
      /^\| How to reach us \| When \|\n\| --- \| --- \|\n\| Live chat \| Monday to Friday/,
    );
  });

  it('describes a page by its first prose paragraph of 20 characters or more, as cli.md says', async () => {
    const page = markdownDocument(
      'narwhals.md',
      '# Narwhals\n\nAbout narwhals.\n\n```js\nconst tusk = 1;\n```\n\nThe narwhal is a whale with a long tusk.\n',
    );
    assert.equal(page.description, 'The narwhal is a whale with a long tusk.');
    const cli = await readFile(new URL('../../demo/content/service/cli.md', import.meta.url), 'utf8');
    assert.match(cli, /first paragraph that reads as prose, that is at least 20 characters/);
  });

  it('reads MDX as Markdown, without its import and export statements and JSX comments', () => {
    const page = byId(documents, 'docs/install.mdx');
    assert.equal(page.title, 'Installation');
    assert.equal(page.link, '/docs/install.html');
    assert.deepEqual(
      page.sections.map((section) => [section.heading, section.text]),
      [
        // The tab's name (its value: it has no label) leads into what it holds.
        [
          '',
          "Install the package with your package manager.\n\nnpm:\n\nimport { SearchBox } from 'ask-elements';",
        ],
        ['Requirements', 'It needs Node.js 20 or later.'],
      ],
    );
    // An import in a code block is the page's text.
    assert.deepEqual(page.sections[0]?.code, ["import { SearchBox } from 'ask-elements';"]);
  });

  it('keeps the page when an MDX statement or comment never closes', () => {
    const text = (source: string): string[] | undefined =>
      mdxDocument('page.mdx', source).sections[0]?.text.split('\n\n');
    // A bracket in a string opens nothing.
    assert.deepEqual(text("# Smile\n\nexport const smile = ':(';\n\nThe page text stays.\n"), [
      'The page text stays.',
    ]);
    // A statement whose brackets never close ends at its first blank line.
    assert.deepEqual(text('# Broken\n\nexport const x = {\n\nFirst paragraph.\n\nSecond.\n'), [
      'First paragraph.',
      'Second.',
    ]);
    // A comment never closed is text; a code block in a closed comment is the comment's.
    assert.deepEqual(text('# C\n\nBefore {/* never closed\n\nStill here.\n'), [
      'Before {/* never closed',
      'Still here.',
    ]);
    assert.deepEqual(text('# D\n\nA {/* note\n```js\nhidden()\n```\n*/} after.\n\nTail.\n'), [
      'A\nafter.',
      'Tail.',
    ]);
    // A double-backtick code span holding a backtick and the comment's opening is the span's.
    assert.deepEqual(text('# E\n\nWrite ``a `{/*` b`` here {/* gone */} ok.\n'), [
      'Write ``a `{/*` b`` here ok.',
    ]);
  });

  it('reads a comment closed and another never closed on one line, and a statement never closed, as text', () => {
    const text = (source: string): string | undefined => mdxDocument('page.mdx', source).sections[0]?.text;
    assert.equal(
      text('# T\n\nIntro {/* internal note\n*/} middle {/* never closed\n\nRest of page.\n'),
      'Intro\nmiddle {/* never closed\n\nRest of page.',
    );
    assert.equal(text('# T\n\nexport const meta = {\ntitle: "x"\nSome text.\n'), 'title: "x"\nSome text.');
  });

  it('keeps what only looks like MDX syntax: prose, code and code spans', () => {
    const page = mdxDocument(
      'export.mdx',
      [
        'Use the Settings page to',
        'export your contacts as CSV.',
        '',
        'export default function Layout({ children }) {',
        '  const wrapped = 1;',
        '',
        '  return <div>{children}</div>;',
        '}',
        '',
        '```js',
        'function noop() { /* nothing */ }',
        '```',
        '',
        'Write `{/* note */}` for a comment, {/* left out',
        'over two lines */} not this.',
      ].join('\n'),
    );
    assert.deepEqual(firstParagraphs(page), [
      'Use the Settings page to\nexport your contacts as CSV.',
      'function noop() { /* nothing */ }',
      'Write `{/* note */}` for a comment,\nnot this.',
    ]);
  });

  it('reads HTML table rows in document order, spans bounded by the table and its row groups', () => {
    const rows = (table: string): string[] | undefined =>
      htmlDocument('t.html', `<main><h1>T</h1><table>${table}</table></main>`).sections[0]?.text.split(
        '\n\n',
      );
    assert.deepEqual(
      rows(
        '<tr><td>loose</td><td>row</td></tr><thead><tr><th>Plan</th><th>Price</th></tr></thead><tr><td>Pro</td><td>$5</td></tr>',
      ),
      ['loose; row', 'Plan; Price', 'Pro; $5'],
    );
    // One cell across the whole table is written once, however wide it says it is.
    assert.deepEqual(
      rows(
        '<tr><th>A</th><th>B</th></tr><tr><td colspan="1000">Label</td></tr><tr><td>x</td><td>y</td></tr>',
      ),
      ['A; B', 'Label', 'x; y'],
    );
    // A cell spanning rows stays in its column in a short row, and ends with its row group.
    assert.deepEqual(
      rows(
        '<tbody><tr><td>a</td><td>b</td><td rowspan="3">R</td></tr><tr><td>c</td></tr><tr><td>d</td><td>e</td></tr>' +
          '<tr><td>f</td><td>g</td><td>h</td></tr></tbody><tbody><tr><td>i</td><td rowspan="9">down</td></tr></tbody>' +
          '<tbody><tr><td>j</td><td>k</td></tr></tbody>',
      ),
      ['a; b; R', 'c; —; R', 'd; e; R', 'f; g; h', 'i; down', 'j; k'],
    );
  });

  it('reads a code block in a table cell as the code it shows, not its highlighting markup', () => {
    // As Sphinx writes a list-table of before and after: a highlighted block in each cell.
    const page = htmlDocument(
      'upgrade.html',
      `<div role="main"><h1>Upgrade</h1><table class="docutils"><thead><tr><th>Before</th><th>After</th></tr></thead>
      <tbody><tr><td><div class="highlight-ts notranslate"><div class="highlight"><pre><span></span><span class="n">app</span>.<span class="n">get</span>(<span class="s">&quot;/&quot;</span>)
</pre></div></div></td><td><pre>app.on(&quot;GET&quot;, &quot;/&quot;)</pre></td></tr></tbody></table></div>`,
    );
    assert.equal(page.sections[0]?.text, 'Before; After\n\n`app.get("/")`; `app.on("GET", "/")`');
  });

  it("reads a docs generator's built page as its author wrote it: no permalinks, highlighting, sidebars or site name", () => {
    // As Sphinx writes a page: no <main>, a role="main" block, a sidebar role="navigation".
    const sphinx = htmlDocument(
      'install.html',
      `<html><head><title>Installation &#8212; Foo 1.0 documentation</title></head><body>
      <div class="body" role="main"><section id="installation">
      <h1>Installation<a class="headerlink" href="#installation" title="Link to this heading">¶</a></h1>
      <p>Install with pip.</p>
      <div class="highlight"><pre><span></span><span class="linenos">1</span><span class="n">pip</span> install foo &amp;&amp; foo --check
</pre></div></section></div>
      <div class="sphinxsidebar" role="navigation"><h3>Navigation</h3><ul><li><a href="index.html">Home</a></li></ul></div>
      </body></html>`,
    );
    assert.deepEqual(
      sphinx.sections.map((section) => [section.heading, section.code]),
      [['Installation', ['pip install foo && foo --check']]],
    );
    // As Docusaurus writes one: a hash link in each heading, lines of code as spans and <br>, an
    // edit link in the article's footer, a table of contents and the next page's link in <main>.
    const docusaurus = htmlDocument(
      'intro.html',
      `<html><head><title>Intro | My Site</title></head><body><main><article>
      <nav aria-label="Breadcrumbs">Docs</nav><header><h1>Intro</h1></header><p>Hello there.</p>
      <h2 id="setup">Setup<a href="#setup" class="hash-link" aria-label="Direct link to Setup">\u200b</a></h2>
      <pre><code><span class="token-line">npm install</span><br><span class="token-line">npm start</span></code></pre>
      <footer class="theme-doc-footer"><a href="https://github.com/x/edit/main/intro.md">Edit this page</a></footer>
      </article><nav class="pagination-nav"><a href="/next">Next</a></nav>
      <div class="tableOfContents_bqdL"><a href="#setup">Setup</a></div></main></body></html>`,
    );
    assert.deepEqual(
      docusaurus.sections.map((section) => [section.heading, section.text]),
      [
        ['Intro', 'Hello there.'],
        ['Setup', 'npm install\nnpm start'],
      ],
    );
  });

  it("skips what a built site doesn't mean to be found, and reads what Pagefind's attributes mark", () => {
    assert.throws(
      () =>
        htmlDocument(
          'search.html',
          '<meta name="robots" content="noindex, follow"><main><p>Search</p></main>',
        ),
      /asks not to be indexed/,
    );
    // A robots "None" is none (noindex, nofollow), as search engines read it in any case.
    assert.throws(
      () => htmlDocument('tags.html', '<meta name="robots" content="None"><main><p>Tags</p></main>'),
      /asks not to be indexed/,
    );
    assert.throws(
      () => htmlDocument('old.html', '<meta http-equiv="Refresh" content="0; url=/new-page"><p>Moved.</p>'),
      /a redirect to \/new-page/,
    );
    // A page that reloads itself now and then is still a page.
    assert.equal(
      htmlDocument('live.html', '<meta http-equiv="refresh" content="300"><main><p>Live scores.</p></main>')
        .text,
      'Live scores.',
    );
    const page = htmlDocument(
      'guide.html',
      `<body><div class="shell"><div data-pagefind-body><h1>Guide</h1><p>The guide's text.</p>
      <div data-pagefind-ignore><p>Related posts</p></div></div><p>Site chrome.</p></div></body>`,
    );
    assert.equal(page.text, "Guide\n\nThe guide's text.");
  });

  it("keeps what an author wrote that only looks like a generator's furniture", () => {
    const sections = (html: string) =>
      htmlDocument('p.html', html).sections.map((section) => [section.heading, section.text]);
    // A class naming a sidebar on the content itself, or a paragraph's own class.
    assert.deepEqual(
      sections('<main class="page has-sidebar"><h1>Refunds</h1><p>Refunds take 5 days.</p></main>'),
      [['Refunds', 'Refunds take 5 days.']],
    );
    assert.deepEqual(
      sections(
        '<main><h1>X</h1><p class="sidebar-note">Keep your receipt.</p><aside class="sidebar"><p>Tip.</p></aside></main>',
      ),
      [['X', 'Keep your receipt.\n\nTip.']],
    );
    // A link named "Edit" in prose or a heading, and a quotation's own footer.
    assert.deepEqual(
      sections(
        '<main><h1>Profile</h1><p>Click <a href="/profile/edit">Edit</a> to change it.</p>' +
          '<h2 id="edit"><a href="#edit">Edit</a></h2><blockquote><p>Great.</p><footer>Jane, Acme</footer></blockquote></main>',
      ),
      [
        ['Profile', 'Click Edit to change it.'],
        ['Edit', 'Great.\n\nJane, Acme'],
      ],
    );
    // A heading that is nothing but a link to itself keeps its words.
    assert.equal(
      htmlDocument('o.html', '<main><h2 id="n"><a href="#n"><code>??</code></a></h2><p>Nullish.</p></main>')
        .sections[0]?.heading,
      '??',
    );
    // Unescaped code in a <pre> is code, not markup.
    assert.deepEqual(
      htmlDocument('c.html', '<main><pre>#include <stdio.h>\nList<String> xs;</pre></main>').sections[0]
        ?.code,
      ['#include <stdio.h>\nList<String> xs;'],
    );
  });

  it("leaves a generator's furniture out of the text and the links, however it is marked", () => {
    const page = htmlDocument(
      'guide.html',
      `<html><head><title>Guide · Docs</title></head><body>
      <header><h1>Docs</h1></header><div role="banner">Banner</div>
      <div role="navigation"><a href="/a">A</a></div><div role="complementary">Related</div>
      <h1>Guide</h1><p>See <a href="/c">the C page</a>.</p>
      <div class="md-sidebar"><a href="/b">B</a></div>
      <p><a href="https://github.com/x/y/edit/main/guide.md" title="Edit this page">e</a></p>
      <div class="language-ts"><span class="lang">ts</span><pre><code><span class="ln">1</span>let a = 1</code></pre></div>
      <table class="highlighttable"><tr><td class="linenos"><pre>1\n2</pre></td><td><pre>x = 1\ny = 2</pre></td></tr></table>
      <p>Body.</p><div class="footer" role="contentinfo">© Docs</div></body></html>`,
    );
    assert.deepEqual(
      page.sections.map((section) => [section.heading, section.text, section.code]),
      [['Guide', 'See the C page.\n\nlet a = 1\n\nx = 1\ny = 2\n\nBody.', ['let a = 1', 'x = 1\ny = 2']]],
    );
    assert.deepEqual(page.links, ['/c']);
    // An article's own footer: its tags, its date.
    assert.equal(
      htmlDocument(
        'a.html',
        '<article><h1>A</h1><p>Body.</p><footer class="meta">Tags: a, b</footer></article>',
      ).text,
      'A\n\nBody.',
    );
  });

  it("drops the site's name from a built site's titles, and its description from pages without their own", () => {
    const page = (path: string, title: string, description: string, text: string) =>
      htmlDocument(
        path,
        `<title>${title}</title><meta name="description" content="${description}"><main><p>${text}</p></main>`,
      );
    const pages = withoutSiteWideMetadata([
      page('index.html', 'Acme Help', 'Help for Acme.', 'Welcome to the help pages of Acme.'),
      page(
        'billing/refunds.html',
        'Billing - Refunds | Acme Help',
        'A VitePress site',
        'Refunds take five days to arrive.',
      ),
      page(
        'billing/invoices.html',
        'Billing - Invoices | Acme Help',
        'A VitePress site',
        'Invoices are sent every month.',
      ),
      page('setup.html', 'Setup | Acme Help', 'How to set Acme up.', 'Install the app, then sign in.'),
      page('faq.html', 'Acme - Frequently asked questions', 'Answers.', 'The questions people ask most.'),
    ]);
    assert.deepEqual(
      pages.map((document) => [document.title, document.description]),
      [
        // The site's own page keeps its name; a section's shared part ("Billing - ") is the pages'.
        ['Acme Help', 'Help for Acme.'],
        ['Billing - Refunds', 'Refunds take five days to arrive.'],
        ['Billing - Invoices', 'Invoices are sent every month.'],
        ['Setup', 'How to set Acme up.'],
        ['Acme - Frequently asked questions', 'Answers.'],
      ],
    );
    // The one part most titles share is the site's: a section's part stays beside it.
    assert.deepEqual(
      withoutSiteWideMetadata([
        page('a.html', 'Reference - Users | Acme', 'Users.', 'x'),
        page('b.html', 'Reference - Orders | Acme', 'Orders.', 'x'),
        page('c.html', 'Guide | Acme', 'Guide.', 'x'),
      ]).map((document) => document.title),
      ['Reference - Users', 'Reference - Orders', 'Guide'],
    );
    // No part is the site's name when taking it would leave two pages one title.
    const sections = [
      'Wi-Fi - Troubleshooting',
      'Wi-Fi - Setup',
      'Printers - Setup',
      'Printers - Troubleshooting',
    ];
    assert.deepEqual(
      withoutSiteWideMetadata(
        sections.map((title, index) => page(`${index}.html`, title, `${index}.`, 'x')),
      ).map((document) => document.title),
      sections,
    );
    // A page alone: the site's name is what its title adds to its first heading, when a name.
    const alone = (title: string, heading: string) =>
      withoutSiteWideMetadata([
        htmlDocument('p.html', `<title>${title}</title><main><h1>${heading}</h1><p>x</p></main>`),
      ])[0]?.title;
    assert.equal(alone('Installation — Foo 1.0 documentation', 'Installation'), 'Installation');
    assert.equal(
      alone('Hono - Web framework built on Web Standards', 'Hono'),
      'Hono - Web framework built on Web Standards',
    );
    assert.equal(alone('Fees - and how to avoid them', 'Fees'), 'Fees - and how to avoid them');
  });

  it("leaves out what most pages of a site laid out in plain <div>s repeat at their top and bottom: no cookie banner as each page's description, no footer as an answer", async () => {
    const page = (name: string, body: string) =>
      htmlDocument(
        `${name.toLowerCase().replace(/ /g, '-')}.html`,
        `<html><head><title>${name} - Acme</title></head><body>
        <div id="cookie-banner"><p>We use cookies to improve your experience. <a href="/cookies">Accept all cookies?</a></p></div>
        <div class="topbar"><a href="/">Home</a> <a href="/pricing">Pricing</a></div>
        <div class="content"><h1>${name}</h1>${body}</div>
        <div class="foot"><h3>Company</h3><p>© 2026 Acme Inc · <a href="/terms">Terms</a> · Newsletter signup</p></div>
        </body></html>`,
      );
    // The same note in the middle of pages is theirs.
    const note = '<p>Note: every request needs an API key.</p>';
    const pages = withoutSiteWideMetadata([
      page(
        'Pricing',
        `<p>Plans start at 10 dollars a month, billed yearly.</p>${note}<p>Cancel at any time.</p>`,
      ),
      page('Install', `<p>Download the installer and run it.</p>${note}<pre>npm install acme</pre>`),
      page(
        'Upgrade',
        `<p>Run the installer again over the old version.</p>${note}<pre>npm install acme</pre>`,
      ),
      page(
        'Contact',
        `<p>Write to support at any time of the day, or <a href="/pricing">see the plans</a>.</p>${note}<p>We answer within a day.</p>`,
      ),
      page('FAQ', ''),
    ]);
    assert.deepEqual(
      pages.map((document) => [document.title, document.description, document.text]),
      [
        [
          'Pricing',
          'Plans start at 10 dollars a month, billed yearly.',
          'Pricing\n\nPlans start at 10 dollars a month, billed yearly.\n\nNote: every request needs an API key.\n\nCancel at any time.',
        ],
        // The same code on most pages is still each page's.
        [
          'Install',
          'Download the installer and run it.',
          'Install\n\nDownload the installer and run it.\n\nNote: every request needs an API key.\n\nnpm install acme',
        ],
        [
          'Upgrade',
          'Run the installer again over the old version.',
          'Upgrade\n\nRun the installer again over the old version.\n\nNote: every request needs an API key.\n\nnpm install acme',
        ],
        [
          'Contact',
          'Write to support at any time of the day, or see the plans.',
          'Contact\n\nWrite to support at any time of the day, or see the plans.\n\nNote: every request needs an API key.\n\nWe answer within a day.',
        ],
        // A page with nothing of its own keeps its title, not the banner as its description.
        ['FAQ', '', 'FAQ'],
      ],
    );
    // The menu's and the footer's links say nothing about the pages they link to; the page's own do.
    assert.deepEqual(
      pages.map((document) => document.mentions?.map((mention) => mention.targets)),
      [undefined, undefined, undefined, [['/pricing']], undefined],
    );
    const index = createOramaIndex({ resultCacheSize: 0 });
    await index.load(pages);
    assert.deepEqual(await index.search('newsletter signup', { limit: 5 }), []);
    // On three pages, nothing tells the site's chrome from the pages' own repeated words.
    const few = withoutSiteWideMetadata([
      page('Pricing', '<p>Plans.</p>'),
      page('Install', '<p>Run it.</p>'),
      page('Upgrade', '<p>Again.</p>'),
    ]);
    assert.equal(few[0]?.text.includes('cookies'), true);
  });

  it('skips an HTML page left with nothing but what most pages repeat, and keeps a page with a title alone', async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-chrome-'));
    try {
      const chrome = (body: string) =>
        `<body><div><p>We use cookies to improve your experience.</p></div>${body}<div><p>© 2026 Acme Inc, all rights reserved.</p></div></body>`;
      for (const name of ['a', 'b', 'c', 'd'])
        await writeFile(
          join(site, `${name}.html`),
          chrome(`<h1>Page ${name}</h1><p>Text of page ${name}.</p>`),
        );
      await writeFile(join(site, 'blank.html'), chrome(''));
      await writeFile(join(site, 'landing.md'), '---\ntitle: Release notes\n---\n');
      const { documents: pages, skipped: left } = await loadContentFolder(site);
      assert.deepEqual(
        pages.map((document) => document.id),
        ['landing.md', 'a.html', 'b.html', 'c.html', 'd.html'],
      );
      assert.deepEqual(
        left.map((file) => [file.path, file.reason]),
        [['blank.html', 'empty: nothing but what most pages repeat']],
      );
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('links to an HTML heading by the id the page gives it, inside it or on the section it opens', () => {
    const page = htmlDocument(
      'a.html',
      '<main><h2 id="own">Own</h2><p>y</p><h2><a id="inner-id"></a>Inner</h2><p>z</p>' +
        '<h2><a name="old-name">Named</a></h2><p>w</p><section id="part-id"><h2>Part</h2><p>v</p></section>' +
        '<section id="other"><p>u</p><h2>Later</h2><p>t</p></section></main>',
    );
    assert.deepEqual(
      page.sections.map((section) => [section.heading, section.anchor]),
      [
        ['Own', 'own'],
        ['Inner', 'inner-id'],
        ['Named', 'old-name'],
        ['Part', 'part-id'],
        ['Later', 'later'],
      ],
    );
  });

  it("reads VitePress's pages as written: callout kinds, tab bars and several cards are no page text", () => {
    const text = (html: string) => htmlDocument('v.html', html).text;
    // A home page of feature cards has no <main>: the cards are the body's, not the first alone.
    assert.equal(
      text(
        '<body><a class="VPSkipLink" href="#VPContent">Skip to content</a><h1>Acme</h1>' +
          '<article class="box"><p>Fast.</p></article><article class="box"><p>Small.</p></article></body>',
      ),
      'Acme\n\nFast.\n\nSmall.',
    );
    assert.equal(
      text(
        '<main><h1>Setup</h1><div class="info custom-block"><p class="custom-block-title">INFO</p><p>Needs Node.</p></div>' +
          '<div class="tip custom-block"><p class="custom-block-title">Before you start</p><p>Sign in.</p></div>' +
          '<div class="vp-code-group"><div class="tabs"><input type="radio"><label>npm</label><label>yarn</label></div>' +
          '<div class="language-sh"><pre><code>npm i acme</code></pre></div></div>' +
          '<div role="tablist"><button role="tab">macOS</button><span role="tab">Linux</span></div>' +
          '<p><strong>Note:</strong><br>Restart after installing.</p></main>',
      ),
      'Setup\n\nNeeds Node.\n\nBefore you start\n\nSign in.\n\nnpm i acme\n\nNote:\nRestart after installing.',
    );
  });

  it("reads Starlight's and Docusaurus's built pages as written: code lines, no pager or code titles", () => {
    const starlight = htmlDocument(
      'start.html',
      `<main><div class="sl-container"><div class="sl-heading-wrapper"><h2 id="setup">Setup</h2>
      <a class="sl-anchor-link" href="#setup">Section titled “Setup”</a></div>
      <p>Install it. <img src="/flow.png" alt="The request flow"></p>
      <div class="expressive-code"><figure class="frame"><figcaption class="header"><span class="title">src/app.ts</span>
      <span class="sr-only">Terminal window</span></figcaption><pre><code><div class="ec-line"><div class="code">npm i hono</div></div><div class="ec-line"><div class="code"></div></div><div class="ec-line"><div class="code">npm start</div></div></code></pre></figure></div>
      <footer class="sl-flex"><div class="pagination-links"><a href="/prev" rel="prev">Previous</a><a href="/next" rel="next">Next</a></div></footer>
      </div></main>`,
    );
    assert.deepEqual(
      starlight.sections.map((section) => [section.heading, section.text, section.code]),
      // A code block holds no blank line (it would end a paragraph of the text).
      [['Setup', 'Install it. The request flow\n\nnpm i hono\nnpm start', ['npm i hono\nnpm start']]],
    );
    // Neither the heading's anchor link nor the pager is a link of the page.
    assert.equal(starlight.links, undefined);
    const docusaurus = htmlDocument(
      'd.html',
      '<main><article><h1>D</h1><div class="codeBlockContainer"><div class="codeBlockTitle_OeMC">npm</div>' +
        '<pre><code>npm i x</code></pre></div></article></main>',
    );
    assert.equal(docusaurus.sections[0]?.text, 'npm i x');
  });

  it("leaves out a code block's title as MkDocs Material and Sphinx write it, line numbers or not", () => {
    const page = htmlDocument(
      'app.html',
      `<main><article class="md-content__inner"><h1 id="app">App</h1>
      <div class="highlight"><span class="filename">src/index.ts</span><pre><span></span><code><a id="__codelineno-0-1" name="__codelineno-0-1" href="#__codelineno-0-1"></a><span class="kd">const</span> a = 1
</code></pre></div>
      <div class="highlight"><table class="highlighttable"><tr><th colspan="2" class="filename"><span class="filename">b.ts</span></th></tr>
      <tr><td class="linenos"><div class="linenodiv"><pre><span></span><span class="normal"><a href="#__codelineno-1-1">1</a></span>
<span class="normal"><a href="#__codelineno-1-2">2</a></span></pre></div></td><td class="code"><div><pre><span></span><code><a id="__codelineno-1-1" name="__codelineno-1-1"></a><span class="kd">const</span> b = 2
<a id="__codelineno-1-2" name="__codelineno-1-2"></a>const c = 3
</code></pre></div></td></tr></table></div>
      <div class="literal-block-wrapper docutils container" id="id1"><div class="code-block-caption"><span class="caption-text">tsconfig.json</span><a class="headerlink" href="#id1" title="Permalink to this code">#</a></div>
      <div class="highlight-json notranslate"><div class="highlight"><pre><span></span><span class="p">{}</span>
</pre></div></div></div></article></main>`,
    );
    assert.deepEqual(page.sections[0]?.code, ['const a = 1', 'const b = 2\nconst c = 3', '{}']);
    assert.equal(page.text, 'App\n\nconst a = 1\n\nconst b = 2\nconst c = 3\n\n{}');
    // What an author writes before a code block in a list item or a paragraph stays.
    assert.equal(
      htmlDocument(
        'r.html',
        '<main><ul><li><span>Run:</span><pre>npm i</pre></li></ul><div><p>Then:</p><pre>npm start</pre></div></main>',
      ).text,
      'Run:\n\nnpm i\n\nThen:\n\nnpm start',
    );
    assert.equal(
      htmlDocument(
        's.html',
        '<main><div><div class="title">Summary</div><div><p>Call it once.</p><pre>init()</pre></div></div></main>',
      ).text,
      'Summary\n\nCall it once.\n\ninit()',
    );
    // A span in the words of a block that holds a code block is a word of its sentence, and a
    // line ending in a colon before a code block leads into it: both the author's.
    assert.equal(
      htmlDocument(
        'w.html',
        '<main><div>Install the <span class="pkg">hono</span> package:<pre>npm i hono</pre></div>' +
          '<div><div>Then start the development server:</div><div class="highlight"><pre>npm run dev</pre></div></div></main>',
      ).text,
      'Install the hono package:\n\nnpm i hono\n\nThen start the development server:\n\nnpm run dev',
    );
    // A table of steps around a command is no code listing under a title: its words stay.
    assert.equal(
      htmlDocument(
        'steps.html',
        '<main><table><tr><td>Install the package first.</td></tr><tr><td><pre>npm i hono</pre></td></tr>' +
          '<tr><td>Then start the server.</td></tr></table></main>',
      ).text,
      'Install the package first.\n\nnpm i hono\n\nThen start the server.',
    );
  });

  it("reads every tab of a built page's tabs, not only the one shown first", () => {
    // As sphinx-tabs writes them (Docusaurus and Starlight alike): the tabs' names in a tablist,
    // each panel but the first `hidden` until its tab is chosen.
    const page = htmlDocument(
      'install.html',
      `<div class="body" role="main"><section id="install"><h1>Install</h1>
      <div class="sphinx-tabs docutils container"><div aria-label="Tabbed content" role="tablist">
      <button aria-selected="true" class="sphinx-tabs-tab code-tab group-tab" role="tab">npm</button>
      <button aria-selected="false" class="sphinx-tabs-tab code-tab group-tab" role="tab">yarn</button></div>
      <div class="sphinx-tabs-panel code-tab group-tab" role="tabpanel"><div class="highlight-sh notranslate">
      <div class="highlight"><pre><span></span>npm i hono</pre></div></div></div>
      <div class="sphinx-tabs-panel code-tab group-tab" hidden="true" role="tabpanel"><div class="highlight-sh notranslate">
      <div class="highlight"><pre><span></span>yarn add hono</pre></div></div></div></div>
      <p>Then start it.</p><div hidden><p>Loading…</p></div></section></div>`,
    );
    assert.deepEqual(page.sections[0]?.code, ['npm i hono', 'yarn add hono']);
    assert.equal(page.text, 'Install\n\nnpm i hono\n\nyarn add hono\n\nThen start it.');
  });

  it("leaves out the names of a built page's tabs made of radio buttons and labels", () => {
    // As MkDocs Material writes content tabs: the tabs' labels in a row of their own.
    const material = htmlDocument(
      'basic.html',
      `<main class="md-main"><article class="md-content__inner md-typeset"><h1 id="starter">Starter</h1>
      <div class="tabbed-set tabbed-alt" data-tabs="1:2"><input checked id="__tabbed_1_1" name="__tabbed_1" type="radio">
      <input id="__tabbed_1_2" name="__tabbed_1" type="radio"><div class="tabbed-labels"><label for="__tabbed_1_1">npm</label><label for="__tabbed_1_2">yarn</label></div>
      <div class="tabbed-content"><div class="tabbed-block"><div class="highlight"><pre><span></span><code>npm i hono</code></pre></div></div>
      <div class="tabbed-block"><div class="highlight"><pre><span></span><code>yarn add hono</code></pre></div></div></div></div>
      <p>Then start it.</p></article></main>`,
    );
    assert.equal(material.text, 'Starter\n\nnpm i hono\n\nyarn add hono\n\nThen start it.');
    // As sphinx-inline-tabs (Furo's) writes them: each label before its panel.
    const furo = htmlDocument(
      'basic.html',
      `<article role="main"><section id="starter"><h1>Starter</h1><div class="tab-set docutils container">
      <input checked="True" class="tab-input" id="tab-set--0-input--1" name="tab-set--0" type="radio"><label class="tab-label" for="tab-set--0-input--1">npm</label>
      <div class="tab-content docutils container"><div class="highlight-sh notranslate"><div class="highlight"><pre><span></span>npm i hono</pre></div></div></div>
      <input class="tab-input" id="tab-set--0-input--2" name="tab-set--0" type="radio"><label class="tab-label" for="tab-set--0-input--2">yarn</label>
      <div class="tab-content docutils container"><div class="highlight-sh notranslate"><div class="highlight"><pre><span></span>yarn add hono</pre></div></div></div>
      </div></section></article>`,
    );
    assert.equal(furo.text, 'Starter\n\nnpm i hono\n\nyarn add hono');
    // A task list's checkbox label is the author's text.
    assert.equal(
      htmlDocument(
        't.html',
        '<main><ul><li><input type="checkbox" id="t1" disabled><label for="t1">Ship it</label></li></ul></main>',
      ).text,
      'Ship it',
    );
  });

  it('keeps what a hand-written page says in the shapes generators use for furniture', () => {
    const text = (html: string) => htmlDocument('h.html', html).text;
    assert.equal(
      text(
        '<main><h1>Step 1</h1><p>When done, go on to <a rel="next" href="step2.html">Step 2</a> before rebooting.</p></main>',
      ),
      'Step 1\n\nWhen done, go on to Step 2 before rebooting.',
    );
    assert.equal(
      text(
        '<main><h1>Refunds</h1><section><p>Five days.</p><footer><p>Call us on 0800 123 456.</p></footer></section></main>',
      ),
      'Refunds\n\nFive days.\n\nCall us on 0800 123 456.',
    );
    assert.equal(
      text(
        '<main><h1>Dashboard</h1><figure class="frame"><img alt=""><figcaption>Unpaid invoices in red.</figcaption></figure></main>',
      ),
      'Dashboard\n\nUnpaid invoices in red.',
    );
    // A post whose comments are articles in it is one article: the body's chrome stays out.
    assert.equal(
      text(
        '<body><aside>Subscribe for 20% off!</aside><article><h1>My post</h1><p>Post body.</p>' +
          '<article><p>Nice post!</p></article></article><footer>We use cookies.</footer></body>',
      ),
      'My post\n\nPost body.\n\nNice post!',
    );
    // Two line breaks in a row end a paragraph, as a hand-written page separates them.
    assert.equal(
      text('<main><h1>Returns</h1><p>Send it back.<br><br>Refunds take 5 days.<br>By card.</p></main>'),
      'Returns\n\nSend it back.\n\nRefunds take 5 days.\nBy card.',
    );
  });

  it('decodes HTML character references once: a page that writes "&amp;amp;" shows "&amp;"', () => {
    const page = htmlDocument(
      'f.html',
      '<html><head><title>Fish &amp;amp; chips</title><meta name="description" content="Salt &amp;amp; vinegar"></head>' +
        '<body><main><h2>Tag &amp;lt;b&amp;gt;</h2><pre>a &amp;lt; b</pre></main></body></html>',
    );
    assert.equal(page.title, 'Fish &amp; chips');
    assert.equal(page.description, 'Salt &amp; vinegar');
    assert.equal(page.sections[0]?.heading, 'Tag &lt;b&gt;');
    assert.deepEqual(page.sections[0]?.code, ['a &lt; b']);
  });

  it('reads reference links in headings and table cells, but not footnotes, past a stray backtick', () => {
    const page = markdownDocument(
      'r.md',
      '# About [Vitest]\n\n| Tool | Use |\n| --- | --- |\n| [Vitest] | tests |\n\nHono is fast[^1]. Press the ` key.\n\n' +
        'Install [Vitest] first.\n\n[Vitest]: https://vitest.dev\n[^1]: Benchmarks say so.\n',
    );
    assert.equal(page.sections[0]?.heading, 'About Vitest');
    assert.deepEqual(firstParagraphs(page)?.slice(0, 4), [
      'Tool; Use',
      'Vitest; tests',
      // A backtick the page shows is written as a code span of its own in section text.
      'Hono is fast[^1]. Press the `` ` `` key.',
      'Install Vitest first.',
    ]);
    assert.deepEqual(page.links, [
      'https://vitest.dev',
      'https://vitest.dev',
      'https://vitest.dev',
      'https://vitest.dev',
    ]);
    assert.deepEqual(
      page.mentions?.map((mention) => mention.text),
      ['# About [Vitest]', '| [Vitest] | tests |', 'Install [Vitest] first.'],
    );
  });

  it("reads a Jekyll or Hugo site's sources as the built page shows them, and skips drafts", () => {
    const jekyll = markdownDocument(
      'install.md',
      [
        '---',
        'title: Install',
        '---',
        '{% include note.html content="Read this first." %}',
        'See the [guide]({{ site.baseurl }}/docs/guide) and [setup]({% link docs/setup.md %}).',
        '{: .lead }',
        '',
        '{% highlight ruby %}',
        'gem install jekyll',
        '{% endhighlight %}',
        '',
        '{% comment %}',
        'A note to ourselves.',
        '{% endcomment %}',
        '',
        'Write `{{ page.title }}` in a layout; this is version {{ site.version }}.',
      ].join('\n'),
    );
    assert.deepEqual(firstParagraphs(jekyll), [
      'See the guide and setup.',
      'gem install jekyll',
      'Write `{{ page.title }}` in a layout; this is version .',
    ]);
    assert.deepEqual(jekyll.sections[0]?.code, ['gem install jekyll']);
    // `{% link %}` names a page from the site's root, wherever the linking page is.
    assert.deepEqual(jekyll.links, ['/docs/guide', '/docs/setup.md']);
    // Hugo: TOML front matter, shortcodes (a paired one's content stays), a ref as a link's page.
    const hugo = markdownDocument(
      'hugo.md',
      '+++\ntitle = "Hugo page"\ndescription = "About Hugo"\ntags = ["a", "b"]\n+++\n' +
        '{{< notice info >}}Keep this text.{{< /notice >}}\nRead [install]({{< ref "docs/install.md" >}}).\n',
    );
    assert.deepEqual([hugo.title, hugo.description, hugo.tags], ['Hugo page', 'About Hugo', ['a', 'b']]);
    assert.equal(hugo.sections[0]?.text, 'Keep this text.\nRead install.');
    assert.deepEqual(hugo.links, ['docs/install.md']);
    // MDN's macros are no template's: they still give their text and their links.
    const mdn = markdownDocument('m.md', '# M\n\nUse {{domxref("Request")}} here.\n');
    assert.equal(mdn.sections[0]?.text, 'Use Request here.');
    assert.equal(mdn.links?.length, 1);
    assert.throws(
      () => markdownDocument('d.md', '---\ndraft: true\n---\n# Draft\n'),
      /a draft, not published/,
    );
    assert.throws(
      () => markdownDocument('p.md', '---\npublished: false\n---\n# Old\n'),
      /a draft, not published/,
    );
    assert.throws(
      () => markdownDocument('q.md', '+++\ndraft = "true"\n+++\n# Q\n'),
      /a draft, not published/,
    );
  });

  it("reads a Jekyll or Eleventy site's source folder as its generator does: not its built _site, layouts, includes or bundled gems", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-jekyll-'));
    try {
      await writeFixture(site, {
        'index.md': '---\ntitle: Home\n---\n# Welcome\n\nWelcome to the site about hedgehogs.\n',
        'docs/install.md': '# Install\n\nInstall the hedgehog toolkit with gem install.\n',
        // The built site beside its sources (`jekyll build`, Eleventy's output), which would be every page again.
        '_site/index.html':
          '<title>Home</title><main><h1>Welcome</h1><p>Welcome to the site about hedgehogs.</p></main>',
        '_site/docs/install.html': '<title>Install</title><main><p>Install the hedgehog toolkit.</p></main>',
        // Templates, not pages.
        '_layouts/default.html':
          '<html><body><main>{{ content }}</main><footer>{{ site.title }}</footer></body></html>',
        '_includes/head.html': '<head><title>{{ page.title }} | {{ site.title }}</title></head>',
        '_sass/main.md': '# Styles\n\nNotes on the styles.\n',
        '_data/team.md': '# Team\n\nData, not a page.\n',
        '_plugins/README.md': "# Plugins\n\nThe site's Ruby plugins.\n",
        // `bundle install --path vendor/bundle`, as GitHub's and Jekyll's CI guides do it.
        'vendor/bundle/ruby/3.2.0/gems/rake-13.0.6/README.md':
          '# Rake\n\nRake is a Make-like program in Ruby.\n',
        // A docs section named vendor is content.
        'vendor/onboarding.md': '# Vendor onboarding\n\nHow a new vendor signs the contract.\n',
        // MDN writes characters a file name cannot hold as words between underscores: content.
        'web/css/_colon_hover/index.md':
          '# :hover\n\nThe :hover pseudo-class matches an element under the pointer.\n',
      });
      const { documents: pages } = await loadContentFolder(site);
      assert.deepEqual(
        pages.map((document) => document.id),
        ['docs/install.md', 'index.md', 'vendor/onboarding.md', 'web/css/_colon_hover/index.md'],
      );
      // Nor does a change there start a re-index under --watch.
      assert.equal(mayChangeContent(site, join('_site', 'docs', 'install.html')), false);
      assert.equal(mayChangeContent(site, join('_layouts', 'default.html')), false);
      assert.equal(mayChangeContent(site, join('vendor', 'bundle', 'x', 'README.md')), false);
      assert.equal(mayChangeContent(site, join('vendor', 'onboarding.md')), true);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('skips a Jekyll page whose front matter sends visitors elsewhere (redirect_to), as a redirect', async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-redirect-'));
    try {
      await writeFixture(site, {
        'install.md': '# Install\n\nRun the installer.\n',
        // jekyll-redirect-from publishes a redirect page in its place: its body is never shown.
        'old-install.md': '---\ntitle: Old install\nredirect_to: /install\n---\nThis page has moved.\n',
        'moved.md': '---\nredirect_to:\n  - https://example.com/elsewhere\n---\n# Moved\n\nGone.\n',
      });
      const { documents: pages, skipped: left } = await loadContentFolder(site);
      assert.deepEqual(
        pages.map((document) => document.id),
        ['install.md'],
      );
      assert.deepEqual(
        left.map((file) => [file.path, file.reason, file.notAPage]),
        [
          ['moved.md', 'a redirect to https://example.com/elsewhere', 'redirect'],
          ['old-install.md', 'a redirect to /install', 'redirect'],
        ],
      );
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("reads the rest of Jekyll's and Hugo's syntax, and leaves prose that only looks like it", () => {
    const text = (source: string) => markdownDocument('p.md', `# P\n\n${source}`).sections[0];
    // Hugo's code block, a figure's caption.
    const hugo = text(
      '{{< highlight go >}}\n# not a heading\ngo install x@latest\n{{< /highlight >}}\n\n' +
        '{{< figure src="a.png" caption="The request pipeline" >}}\n',
    );
    assert.deepEqual(hugo?.code, ['# not a heading\ngo install x@latest']);
    assert.deepEqual(hugo?.text.split('\n\n').slice(1), ['The request pipeline']);
    // A Liquid comment starting mid-line over paragraphs; an include whose arguments hold a %;
    // a kramdown comment; {% raw %} in a code block.
    const jekyll = text(
      'Intro {% comment %}\n\nSecret paragraph.\n\n{% endcomment %} outro.\n\n' +
        '{% include image.html url="a.png" width="100%" %}\n\n{::comment}\nInternal note.\n{:/comment}\nVisible.\n\n' +
        '{% highlight liquid %}\n{% raw %}\n<h1>{{ page.title }}</h1>\n{% endraw %}\n{% endhighlight %}\n',
    );
    assert.deepEqual(jekyll?.text.split('\n\n'), ['Intro\noutro.', 'Visible.', '<h1>{{ page.title }}</h1>']);
    // Prose in braces that is no template's: Elixir's tuples, a Jinja-like word that is no tag.
    assert.equal(
      text('Returns {:ok, pid} or {:error, reason}; {% toggle %} is not Liquid.\n')?.text,
      'Returns {:ok, pid} or {:error, reason}; {% toggle %} is not Liquid.',
    );
  });

  it('hides HTML comments, in a line or over paragraphs, but not one written in a code span', () => {
    const page = markdownDocument(
      'c.md',
      '# C\n\nBefore <!-- the [`query()`](/q) method --> after; write `<!-- x -->` for one.\n\n<!--\n\nA paragraph left out.\n\n-->\n\nTail.\n',
    );
    assert.deepEqual(firstParagraphs(page), ['Before after; write `<!-- x -->` for one.', 'Tail.']);
  });

  it('reads an escaped pipe in a table cell as a pipe, in a code span too', () => {
    const page = markdownDocument(
      't.md',
      '# T\n\n| Option | Type |\n| --- | --- |\n| `cache` | `CacheType[] \\| false` |\n',
    );
    assert.deepEqual(firstParagraphs(page), ['Option; Type', '`cache`; `CacheType[] | false`']);
  });

  it("reads a backslash hard line break, and code without Shiki's highlighting notation", () => {
    const page = markdownDocument(
      'x.md',
      '# T\n\nRuns on Lambda@Edge\\\nEnvironment too, in C:\\\\\n\n```ts\nconst a = 1 // [!code ++]\n// [!code focus:2]\nfoo() # [!code hl]\n```\n',
    );
    assert.deepEqual(firstParagraphs(page), [
      'Runs on Lambda@Edge\nEnvironment too, in C:\\',
      'const a = 1\nfoo()',
    ]);
    // A backslash ending a paragraph or a heading is a character (CommonMark).
    const ending = markdownDocument('y.md', '# Save to C:\\\n\nFiles go to C:\\\n');
    assert.deepEqual(
      [ending.sections[0]?.heading, ending.sections[0]?.text],
      ['Save to C:\\', 'Files go to C:\\'],
    );
  });

  it('leaves out the lines a Shiki diff marks removed, which are the code before the change', () => {
    const page = markdownDocument(
      'x.md',
      '# T\n\n```ts\nexport default app // [!code --]\nexport default { port: 3000, fetch: app.fetch } // [!code ++]\n```\n',
    );
    assert.deepEqual(firstParagraphs(page), ['export default { port: 3000, fetch: app.fetch }']);
  });

  it('keeps the language a code block names, from a fence or a class, and marks a block it cut', () => {
    const long = Array.from({ length: 40 }, (_, i) => `line${i}()`).join('\n');
    const markdown = markdownDocument(
      'x.md',
      `# T\n\n\`\`\`ts twoslash\nconst a = 1\n\`\`\`\n\n\`\`\`\nplain()\n\`\`\`\n\n~~~{.python}\nprint(1)\n~~~\n\n\`\`\`sh\n${long}\n\`\`\`\n`,
    );
    const [section] = markdown.sections;
    const cut = section?.code?.[3] ?? '';
    assert.deepEqual(
      section?.codeLanguages,
      new Map([
        ['const a = 1', 'ts'],
        ['print(1)', 'python'],
        [cut, 'sh'],
      ]),
    );
    assert.equal(cut.split('\n').length, 31);
    assert.match(cut, /^line0\(\)\n[\s\S]*line29\(\)\n…$/);
    const html = htmlDocument(
      'x.html',
      '<html><head><title>T</title></head><body><main><h1>T</h1><pre><code class="hljs language-JavaScript">run()</code></pre><pre class="brush: css notranslate">a { color: red }</pre><pre><code>plain()</code></pre></main></body></html>',
    );
    assert.deepEqual(
      html.sections[0]?.codeLanguages,
      new Map([
        ['run()', 'javascript'],
        ['a { color: red }', 'css'],
      ]),
    );
  });

  it('knows which paragraphs are items of a list, and their numbers, in Markdown and HTML', () => {
    const markdown = markdownDocument(
      'x.md',
      '# T\n\nSteps:\n\n3. Build\n   it all.\n\n   Under step 3.\n\n4. Ship.\n\n- a dash\n* a star\n- \n\ntoString\n\nconstructor\n',
    );
    const section = markdown.sections[0];
    assert.deepEqual(
      section?.listItems,
      new Map<string, ListItem>([
        ['Build\nit all.', 3],
        ['Ship.', 4],
        ['a dash', 'unordered'],
        ['a star', 'unordered'],
      ]),
    );
    // A paragraph after an empty item, or named like a property every object has, is no item.
    assert.equal(sectionValue(section?.listItems, 'toString'), undefined);
    assert.equal(sectionValue(section?.listItems, 'constructor'), undefined);
    const html = htmlDocument(
      'x.html',
      '<html><body><main><h1>T</h1><p>Steps:</p><ol start="2"><li>Build</li><li><p>Ship.</p><p>You need Node 18.</p><ul><li>nested</li></ul></li><li value="9">Nine</li></ol><p>After.</p></main></body></html>',
    );
    assert.deepEqual(
      html.sections[0]?.listItems,
      new Map<string, ListItem>([
        ['Build', 2],
        ['Ship.', 3],
        ['nested', 'unordered'],
        ['Nine', 9],
      ]),
    );
  });

  it('reads reference links as links: their text without brackets, their lines as mentions', () => {
    const page = markdownDocument(
      'testing.md',
      '# Testing\n\nTest with [Vitest] or [Jest][] and [the runner][r]; array[0] and [optional] stay.\n\n' +
        '`[Vitest]` is code.\n\n[Vitest]: https://vitest.dev\n[jest]: /jest\n[r]: /runner\n',
    );
    assert.deepEqual(firstParagraphs(page), [
      'Test with Vitest or Jest and the runner; array[0] and [optional] stay.',
      '`[Vitest]` is code.',
    ]);
    assert.deepEqual(
      page.mentions?.map((mention) => mention.targets),
      [['https://vitest.dev', '/jest', '/runner']],
    );
  });

  it('reads a link whose destination holds brackets whole, a link text with brackets, and brackets that never close as the page shows them', () => {
    // As MDN writes a Wikipedia link: the mention of it is its words, no `>)` left of the URL.
    const page = markdownDocument(
      'abstraction.md',
      '# Abstraction\n\n- [Abstraction](<https://en.wikipedia.org/wiki/Abstraction_(computer_science)>) on Wikipedia\n\n' +
        'See [the notes [1]](/notes) and ![a diagram](/d.png) here.\n',
    );
    assert.deepEqual(page.mentions, [
      {
        targets: ['https://en.wikipedia.org/wiki/Abstraction_(computer_science)'],
        text: '- [Abstraction  on Wikipedia',
      },
      { targets: ['/notes'], text: 'See [the notes [1]  and ![a diagram  here.' },
    ]);
    assert.deepEqual(firstParagraphs(page), [
      'Abstraction on Wikipedia',
      'See the notes [1] and a diagram here.',
    ]);
    // Brackets that open and never close (`bench/markdown-brackets.ts` times these pages): their
    // words are kept, and the link among them is read.
    const unclosed = markdownDocument(
      'unclosed.md',
      `# Unclosed\n\n${'[a]('.repeat(2000)} ${'a]('.repeat(2000)} ${'['.repeat(2000)}[end](/end) ${'!['.repeat(2000)}`,
    );
    assert.ok(unclosed.links?.includes('/end'));
    // Cut into sections and paragraphs of at most 2,000 characters, each word whole.
    assert.equal(
      unclosed.sections
        .map((section) => section.text)
        .join('')
        .replace(/\s/g, ''),
      `${'[a]('.repeat(2000)}${'a]('.repeat(2000)}${'['.repeat(2000)}end${'!['.repeat(2000)}`,
    );
  });

  it("decodes a Markdown page's character references as CommonMark does: each ended by its ';'", () => {
    const page = markdownDocument(
      'search.md',
      '# Search\n\nOpen https://example.com/?q=cats&region=eu&copy=1 &rsaquo; results &amp; more.\n',
    );
    assert.equal(
      page.sections[0]?.text,
      'Open https://example.com/?q=cats&region=eu&copy=1 › results & more.',
    );
  });

  it('reads plain text with its first line as the title', () => {
    const notes = byId(documents, 'notes.txt');
    assert.equal(notes.title, 'Release notes');
    assert.equal(notes.description, 'Version 2 adds streaming answers.');
    // Published as it is: no generator makes a page of a text file, whose address keeps its extension.
    assert.equal(notes.link, '/notes.txt');
    // A text file has no anchors: its sections link to the page.
    assert.deepEqual(
      notes.sections.map((section) => section.anchor),
      notes.sections.map(() => ''),
    );
  });

  it("links a page where its front matter's slug publishes it (Docusaurus, Hugo), not at its file's path", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-slug-'));
    try {
      await writeFixture(site, {
        // Docusaurus: a slug from the docs' root, `/` for the docs' home page.
        'intro.md': '---\nslug: /\n---\n# Introduction\n\nWhat the toolkit does and who it is for.\n',
        'guides/setup.md': '---\nslug: /install\n---\n# Setup\n\nInstall the toolkit, then sign in.\n',
        // Hugo and Docusaurus: a name alone is the page's, in its folder.
        'posts/2024-01-01-release.md':
          '---\ntitle: Release 2\nslug: release-two\n---\nVersion 2 adds streaming answers.\n',
        // MDN's slug is its page's path from the root, as the folders write it: the path stays.
        'web/css/opacity/index.md':
          '---\ntitle: opacity\nslug: Web/CSS/opacity\n---\nThe opacity property.\n',
        'web/index.md': '---\ntitle: Web technology\nslug: Web\n---\nThe web platform.\n',
        // A link written in full wins.
        'old.md': '---\nslug: ignored\npermalink: /kept/\n---\n# Old\n\nAn older page of the site.\n',
      });
      const { documents: pages } = await loadContentFolder(site, { siteUrl: 'https://example.com/docs' });
      assert.deepEqual(
        pages.map((document) => [document.id, document.link]),
        [
          ['guides/setup.md', 'https://example.com/docs/install'],
          ['intro.md', 'https://example.com/docs/'],
          ['old.md', 'https://example.com/docs/kept/'],
          ['posts/2024-01-01-release.md', 'https://example.com/docs/posts/release-two'],
          ['web/css/opacity/index.md', 'https://example.com/docs/web/css/opacity/'],
          ['web/index.md', 'https://example.com/docs/web/'],
        ],
      );
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("links a README as its folder's page, as GitHub, Docusaurus, MkDocs and GitHub Pages publish it, unless an index page or VitePress says otherwise", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-readme-'));
    try {
      const files = {
        'README.md': '# Acme\n\nWhat the toolkit does and who it is for.\n',
        'guides/README.md': '# Guides\n\nStep-by-step guides to the toolkit.\n',
        'guides/setup.md': '# Setup\n\nInstall the toolkit, then sign in.\n',
        'api/readme.mdx': 'The API reference of the toolkit, one page per call.\n',
        // An index page beside it is the folder's: the README is a page by its own name.
        'cli/index.md': '# CLI\n\nThe command line of the toolkit.\n',
        'cli/README.md': '# Building the CLI\n\nHow to build the command line from its sources.\n',
        // A front matter slug still moves it.
        'faq/README.md': '---\nslug: questions\n---\n# FAQ\n\nQuestions asked often.\n',
      };
      await writeFixture(site, files);
      const links = async (folder: string, workers?: number) =>
        (await loadContentFolder(folder, { siteUrl: 'https://example.com', workers })).documents.map(
          (document) => [document.id, document.link, document.title],
        );
      const expected = [
        ['README.md', 'https://example.com/', 'Acme'],
        ['api/readme.mdx', 'https://example.com/api/', 'Api'],
        ['cli/README.md', 'https://example.com/cli/README', 'Building the CLI'],
        ['cli/index.md', 'https://example.com/cli/', 'CLI'],
        ['faq/README.md', 'https://example.com/faq/questions', 'FAQ'],
        ['guides/README.md', 'https://example.com/guides/', 'Guides'],
        ['guides/setup.md', 'https://example.com/guides/setup', 'Setup'],
      ];
      assert.deepEqual(await links(site), expected);
      assert.deepEqual(await links(site, 1), expected);
      // VitePress publishes a README by its name, as any other file (`.html`: no cleanUrls).
      const vitepress = join(site, 'vitepress');
      await writeFixture(vitepress, { 'guides/README.md': files['guides/README.md'] });
      await mkdir(join(vitepress, '.vitepress'));
      assert.deepEqual(await links(vitepress), [
        ['guides/README.md', 'https://example.com/guides/README.html', 'Guides'],
      ]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("links a MkDocs or VitePress page as the generator links it: MkDocs' folder with its slash or .html, VitePress's .html unless cleanUrls", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-page-urls-'));
    try {
      const docs = {
        'index.md': '# Acme\n\nWhat the toolkit does.\n',
        'guides/index.md': '# Guides\n\nStep-by-step guides.\n',
        'guides/first steps.md': '# First steps\n\nInstall the toolkit, then sign in.\n',
        'api.md': '# API\n\nEvery call of the toolkit.\n',
      };
      const links = async (folder: string) =>
        (await loadContentFolder(join(folder, 'docs'), { siteUrl: 'https://example.com' })).documents.map(
          (document) => [document.id, document.link],
        );
      const linked = (api: string, firstSteps: string) => [
        ['api.md', `https://example.com/${api}`],
        ['guides/first steps.md', `https://example.com/guides/${firstSteps}`],
        ['guides/index.md', 'https://example.com/guides/'],
        ['index.md', 'https://example.com/'],
      ];
      // MkDocs writes `api/index.html`, linked `api/`, unless use_directory_urls is off; its
      // configs tag values for Python, which are no reason to miss the setting.
      const mkdocs = join(site, 'mkdocs');
      await writeFixture(join(mkdocs, 'docs'), docs);
      await writeFile(
        join(mkdocs, 'mkdocs.yml'),
        'site_name: Acme\nmarkdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n',
      );
      assert.deepEqual(await links(mkdocs), linked('api/', 'first%20steps/'));
      await writeFile(join(mkdocs, 'mkdocs.yml'), 'site_name: Acme\nuse_directory_urls: false\n');
      assert.deepEqual(await links(mkdocs), linked('api.html', 'first%20steps.html'));
      // MkDocs reads YAML 1.1 (PyYAML), whose `off` and `no` are false.
      await writeFile(join(mkdocs, 'mkdocs.yml'), 'site_name: Acme\nuse_directory_urls: off\n');
      assert.deepEqual(await links(mkdocs), linked('api.html', 'first%20steps.html'));
      // VitePress writes `api.html` and links it so, unless cleanUrls drops the extension.
      const vitepress = join(site, 'vitepress');
      await writeFixture(join(vitepress, 'docs'), {
        ...docs,
        '.vitepress/config.mts': "export default { title: 'Acme' }\n",
      });
      assert.deepEqual(await links(vitepress), linked('api.html', 'first%20steps.html'));
      await writeFile(
        join(vitepress, 'docs', '.vitepress', 'config.mts'),
        "export default defineConfig({\n  title: 'Acme',\n  cleanUrls: true,\n})\n",
      );
      assert.deepEqual(await links(vitepress), linked('api', 'first%20steps'));
      // A setting commented out is not set.
      await writeFile(
        join(vitepress, 'docs', '.vitepress', 'config.mts'),
        "export default defineConfig({\n  title: 'Acme',\n  // cleanUrls: true,\n  /* cleanUrls: true */\n})\n",
      );
      assert.deepEqual(await links(vitepress), linked('api.html', 'first%20steps.html'));
      // A config kept as a folder (`.vitepress/config/index.ts`), which VitePress reads before
      // `config.ts`.
      await rm(join(vitepress, 'docs', '.vitepress', 'config.mts'));
      await writeFixture(join(vitepress, 'docs', '.vitepress', 'config'), {
        'index.ts':
          "import { defineConfig } from 'vitepress'\n\nexport default defineConfig({ cleanUrls: true })\n",
      });
      assert.deepEqual(await links(vitepress), linked('api', 'first%20steps'));
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("links a site published under a sub-path under the base path its generator's config declares (VitePress base, MkDocs site_url, Docusaurus baseUrl, Hugo baseURL, Jekyll baseurl); --site-url wins", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-base-path-'));
    try {
      const pages = {
        'index.md': '# Acme\n\nWhat the toolkit does.\n',
        'guides/setup.md': '# Setup\n\nRun the toolkit installer.\n',
      };
      const links = async (folder: string, siteUrl?: string) =>
        (await loadContentFolder(folder, siteUrl === undefined ? {} : { siteUrl })).documents
          .map((document) => document.link)
          .sort();
      // A GitHub Pages project site, https://me.github.io/acme/: VitePress's `base`, not the
      // `base` of a sidebar's group (deeper in the config), whichever comes first.
      const vitepress = join(site, 'vitepress', 'docs');
      await writeFixture(vitepress, {
        ...pages,
        '.vitepress/config.mts':
          "import { defineConfig } from 'vitepress'\n\n// The sidebar's links are under its base.\nexport default defineConfig({\n  title: 'Acme',\n  themeConfig: {\n    sidebar: { '/guides/': { base: '/guides/', items: [{ text: 'Setup', link: 'setup' }] } },\n  },\n  cleanUrls: true,\n  base: '/acme/',\n})\n",
      });
      assert.deepEqual(await links(vitepress), ['/acme/', '/acme/guides/setup']);
      // The site URL given wins, as it is.
      assert.deepEqual(await links(vitepress, 'https://docs.example.com'), [
        'https://docs.example.com/',
        'https://docs.example.com/guides/setup',
      ]);
      // A base that is no string written out (set at build time) is not known: none is taken, nor
      // a sidebar's; nor one commented out.
      await writeFile(
        join(vitepress, '.vitepress', 'config.mts'),
        "export default {\n  cleanUrls: true, // they're clean\n  base: process.env.BASE ?? '/acme/',\n  // base: '/old/',\n  themeConfig: { sidebar: [{ text: 'Guides', base: '/guides/', items: [] }] },\n}\n",
      );
      assert.deepEqual(await links(vitepress), ['/', '/guides/setup']);
      // MkDocs: the path of its site_url.
      const mkdocs = join(site, 'mkdocs');
      await writeFixture(join(mkdocs, 'docs'), pages);
      await writeFile(join(mkdocs, 'mkdocs.yml'), 'site_name: Acme\nsite_url: https://me.github.io/acme/\n');
      assert.deepEqual(await links(join(mkdocs, 'docs')), ['/acme/', '/acme/guides/setup/']);
      // Docusaurus: its baseUrl (its url is the host alone).
      const docusaurus = join(site, 'docusaurus');
      await writeFixture(join(docusaurus, 'docs'), pages);
      await writeFile(
        join(docusaurus, 'docusaurus.config.ts'),
        "const config = {\n  title: 'Acme',\n  url: 'https://me.github.io',\n  baseUrl: '/acme/',\n  i18n: { defaultLocale: 'en', locales: ['en'] },\n};\nexport default config;\n",
      );
      assert.deepEqual(await links(join(docusaurus, 'docs')), ['/acme/', '/acme/guides/setup']);
      // Hugo: the path of its baseURL.
      const hugo = join(site, 'hugo');
      await writeFixture(join(hugo, 'content'), {
        '_index.md': pages['index.md'],
        'guides/setup.md': pages['guides/setup.md'],
      });
      await writeFile(join(hugo, 'hugo.toml'), "baseURL = 'https://me.github.io/acme/'\ntitle = 'Acme'\n");
      assert.deepEqual(await links(join(hugo, 'content')), ['/acme/', '/acme/guides/setup/']);
      // Jekyll: its baseurl.
      const jekyll = join(site, 'jekyll');
      await writeFixture(jekyll, {
        ...pages,
        '_config.yml': 'title: Acme\nurl: https://me.github.io\nbaseurl: /acme\n',
      });
      assert.deepEqual(await links(jekyll), ['/acme/', '/acme/guides/setup.html']);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("resolves a page's links to pages under the site's base path whether they are written with it or without, and the service links results and answers under it", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-base-path-links-'));
    try {
      const docs = join(site, 'docs');
      await writeFixture(docs, {
        '.vitepress/config.ts': "export default { base: '/acme/' }\n",
        'index.md': '# Acme\n\nStart with the [setup](/guides/setup), then read the [API](/api).\n',
        'guides/setup.md':
          '# Setup\n\nRun the toolkit installer, then call the [API](/acme/api.html). Back [home](/).\n',
        'api.md': '# API\n\nEvery call of the toolkit, once the [setup](./guides/setup.md) is done.\n',
      });
      const { documents } = await loadContentFolder(docs);
      const counts = inboundLinkCounts(documents);
      assert.deepEqual(
        Object.fromEntries(documents.map((document, index) => [document.link, counts[index]])),
        { '/acme/': 1, '/acme/api.html': 2, '/acme/guides/setup.html': 2 },
      );
      const lines: string[] = [];
      const log = (message: string): void => void lines.push(message);
      const service = await startTestService({
        contentDir: docs,
        logger: { info: log, warn: log, error: log },
      });
      try {
        const { links, answer } = await installerLinksAndAnswer(service);
        assert.deepEqual(links, ['/acme/guides/setup.html']);
        assert.equal(answer.didAnswer, true);
        assert.match(answer.link, /^\/acme\/guides\/setup\.html(#|$)/);
        assert.ok(
          lines.includes(
            `Pages linked under /acme/, the path VitePress's configuration publishes them under (found ${join(docs, '.vitepress')}); --site-url gives the whole URL`,
          ),
          lines.join('\n'),
        );
      } finally {
        await service.close();
      }
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("keeps every link on the site when a generator's base path would read as another host's (`/.//evil.example/`)", async () => {
    // The config's path is taken, never its host: a path of two slashes is a link to another host.
    const site = await mkdtemp(join(tmpdir(), 'ask-content-base-path-host-'));
    try {
      const docs = join(site, 'docs');
      await writeFixture(docs, {
        '.vitepress/config.ts': "export default { base: '/.//evil.example/' }\n",
        'guides/setup.md': '# Setup\n\nRun the toolkit installer.\n',
      });
      const service = await startTestService({ contentDir: docs });
      try {
        const { links, answer } = await installerLinksAndAnswer(service);
        assert.deepEqual(links, ['/evil.example/guides/setup.html']);
        assert.match(answer.link, /^\/evil\.example\/guides\/setup\.html(#|$)/);
      } finally {
        await service.close();
      }
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('links and tags a Docusaurus doc where Docusaurus publishes it: no number prefixes, its id, its category index; partials are no pages', async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-docusaurus-'));
    try {
      const docs = {
        '01-intro.md': '# Introduction\n\nWhat the toolkit does and who it is for.\n',
        '02-guides/_category_.json': '{ "label": "Guides", "position": 2 }',
        '02-guides/01-install.md': '# Install\n\nInstall the toolkit with npm.\n',
        '02-guides/03 - Sign in.md': '# Sign in\n\nSign in with your key.\n',
        // Named as its folder: the category's index, at the folder's path.
        '02-guides/02-guides.md': '# Guides\n\nStep-by-step guides to the toolkit.\n',
        '03-reference/README.md': '# Reference\n\nEvery call of the toolkit.\n',
        '03-reference/1.cli.mdx': '---\nid: command-line\n---\n# CLI\n\nThe command line of the toolkit.\n',
        '03-reference/2_config.md': '---\nslug: /settings\n---\n# Config\n\nEvery setting of the toolkit.\n',
        '03-reference/3-errors.md': '---\nslug: error-codes\n---\n# Errors\n\nWhat each error code means.\n',
        // A date's and a version's digits are no number prefix; front matter can keep a prefix.
        '2024-01-release.md': '# Release\n\nThe January release of the toolkit.\n',
        '7.0-notes.md': '# Notes\n\nWhat changed in version 7.0.\n',
        '04-kept/01-verbatim.md':
          '---\nparse_number_prefixes: false\n---\n# Verbatim\n\nA page that keeps its prefixes.\n',
        // No title nor heading: titled as Docusaurus names them, by id or name without prefix.
        '02-guides/04-upgrade.md': 'Upgrade the toolkit with npm update.\n',
        '05-faq/index.md': 'Questions asked often about the toolkit.\n',
        '03-reference/4-limits.md': '---\nid: rate-limits\n---\nHow many requests a key may send.\n',
        // Nothing to read: empty, though titled by its name.
        '06-empty.md': '\n',
        // Partials, which other pages import and show: no pages of their own.
        '_install-steps.mdx': 'Run `npm install acme`, then sign in.\n',
        '_snippets/sign-in.md': 'Sign in with your key.\n',
      };
      await writeFixture(join(site, 'website', 'docs'), docs);
      await writeFile(join(site, 'website', 'docusaurus.config.ts'), 'export default {};\n');
      const read = async (folder: string) => {
        const { documents: pages, skipped: left } = await loadContentFolder(folder, {
          siteUrl: 'https://example.com/docs',
        });
        return {
          links: pages.map((document) => [document.id, document.link, document.tags.join(' ')]),
          titles: pages
            .filter((document) => document.sections.every((section) => section.heading === ''))
            .map((document) => [document.id, document.title]),
          skipped: left.map((file) => [file.path, file.notAPage]),
        };
      };
      const expected = {
        links: [
          ['01-intro.md', 'https://example.com/docs/intro', ''],
          ['02-guides/01-install.md', 'https://example.com/docs/guides/install', 'guides'],
          ['02-guides/02-guides.md', 'https://example.com/docs/guides/', 'guides'],
          ['02-guides/03 - Sign in.md', 'https://example.com/docs/guides/Sign%20in', 'guides'],
          ['02-guides/04-upgrade.md', 'https://example.com/docs/guides/upgrade', 'guides'],
          ['03-reference/1.cli.mdx', 'https://example.com/docs/reference/command-line', 'reference'],
          ['03-reference/2_config.md', 'https://example.com/docs/settings', 'reference'],
          ['03-reference/3-errors.md', 'https://example.com/docs/reference/error-codes', 'reference'],
          ['03-reference/4-limits.md', 'https://example.com/docs/reference/rate-limits', 'reference'],
          ['03-reference/README.md', 'https://example.com/docs/reference/', 'reference'],
          ['04-kept/01-verbatim.md', 'https://example.com/docs/04-kept/01-verbatim', '04-kept'],
          ['05-faq/index.md', 'https://example.com/docs/faq/', 'faq'],
          ['2024-01-release.md', 'https://example.com/docs/2024-01-release', ''],
          ['7.0-notes.md', 'https://example.com/docs/7.0-notes', ''],
        ],
        titles: [
          ['02-guides/04-upgrade.md', 'Upgrade'],
          ['03-reference/4-limits.md', 'Rate limits'],
          ['05-faq/index.md', 'Faq'],
        ],
        skipped: [
          ['_install-steps.mdx', 'partial'],
          ['_snippets/sign-in.md', 'partial'],
          ['06-empty.md', undefined],
        ],
      };
      assert.deepEqual(await read(join(site, 'website', 'docs')), expected);
      // Docs copied away from their config are still told by their categories' metadata.
      await writeFixture(join(site, 'copied'), docs);
      assert.deepEqual(await read(join(site, 'copied')), expected);
      // Another generator publishes a file by its name, prefix and all.
      await writeFixture(join(site, 'hugo'), { '01-intro.md': docs['01-intro.md'] });
      assert.deepEqual((await read(join(site, 'hugo'))).links, [
        ['01-intro.md', 'https://example.com/docs/01-intro', ''],
      ]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('links a Hugo page where Hugo publishes it: lower-cased, pretty or ugly, at its permalink; bundle resources and unrendered pages are no pages', async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-hugo-'));
    try {
      // Every expected link is what Hugo 0.111 built from these files.
      const content = {
        '_index.md': '---\ntitle: Home\n---\nThe home page of the site.\n',
        'Guides/_index.md': '---\ntitle: Guides\n---\nStep-by-step guides.\n',
        'Guides/Setup.md': '---\ntitle: Setup\n---\nInstall the toolkit.\n',
        // Hugo publishes a README by its name, as any page.
        'Guides/README.md': '# About the guides\n\nHow the guides are written.\n',
        "odd/What's New (v2)!.md": '---\ntitle: News\n---\nWhat changed in version 2.\n',
        'odd/C++ Guide.md': '---\ntitle: C++\n---\nThe C++ bindings.\n',
        'odd/Sub Dir/Page One.md': '---\ntitle: One\nslug: My Slug!\n---\nA page moved by its slug.\n',
        'Café Menu.md': '---\ntitle: Menu\n---\nWhat the café serves.\n',
        'posts/My-Post.md':
          '---\ntitle: My Post\ndate: 2024-03-05\nslug: Release-Two\n---\nThe second release.\n',
        'posts/moved.md': '---\ntitle: Moved\nurl: /Custom/Path/\n---\nA page at a URL of its own.\n',
        // A leaf bundle: its folder is the page, its other files are its resources.
        'posts/bundle/index.md': '---\ntitle: Bundle\n---\nA page with its images beside it.\n',
        'posts/bundle/extra.md': '---\ntitle: Extra\n---\nText the bundle page shows.\n',
        'posts/bundle/deeper/more.md': '---\ntitle: More\n---\nMore text the bundle page shows.\n',
        'posts/headless/index.md': '---\ntitle: Headless\nheadless: true\n---\nShown in other pages.\n',
        'posts/never.md': '---\ntitle: Never\n_build:\n  render: never\n---\nListed, never rendered.\n',
        'posts/Nested/_index.md': '---\ntitle: Nested\n---\nA section in a section.\n',
        'posts/Nested/Deep Page.md':
          "+++\ntitle = 'Deep'\ndate = 2022-01-02T03:04:05+09:00\n+++\nA page of the nested section.\n",
        'posts/Nested/Deeper/leaf.md': '---\ntitle: Leafy\n---\nIn a folder that is no section.\n',
      };
      await writeFixture(join(site, 'hugo', 'content'), content);
      await writeFile(join(site, 'hugo', 'hugo.toml'), "baseURL = 'https://example.org/'\ntitle = 'Acme'\n");
      const read = async (folder: string) => {
        const { documents: pages, skipped: left } = await loadContentFolder(join(site, folder), {
          siteUrl: 'https://example.org',
        });
        return {
          links: pages.map((document) => [document.id, document.link]),
          skipped: left.map((file) => [file.path, file.notAPage]),
        };
      };
      const unpublished = [
        ['posts/bundle/deeper/more.md', 'unpublished'],
        ['posts/bundle/extra.md', 'unpublished'],
        ['posts/headless/index.md', 'unpublished'],
        ['posts/never.md', 'unpublished'],
      ];
      assert.deepEqual(await read('hugo/content'), {
        links: [
          ['Café Menu.md', 'https://example.org/caf%C3%A9-menu/'],
          ['Guides/README.md', 'https://example.org/guides/readme/'],
          ['Guides/Setup.md', 'https://example.org/guides/setup/'],
          ['Guides/_index.md', 'https://example.org/guides/'],
          ['_index.md', 'https://example.org/'],
          ['odd/C++ Guide.md', 'https://example.org/odd/c++-guide/'],
          ['odd/Sub Dir/Page One.md', 'https://example.org/odd/sub-dir/my-slug/'],
          ["odd/What's New (v2)!.md", 'https://example.org/odd/whats-new-v2/'],
          ['posts/My-Post.md', 'https://example.org/posts/release-two/'],
          ['posts/Nested/Deep Page.md', 'https://example.org/posts/nested/deep-page/'],
          ['posts/Nested/Deeper/leaf.md', 'https://example.org/posts/nested/deeper/leaf/'],
          ['posts/Nested/_index.md', 'https://example.org/posts/nested/'],
          ['posts/bundle/index.md', 'https://example.org/posts/bundle/'],
          ['posts/moved.md', 'https://example.org/Custom/Path/'],
        ],
        skipped: unpublished,
      });
      // Ugly URLs for some sections, paths in their case, accents left out, and a section's
      // permalink pattern, from an older site's config.toml told by Hugo's keys.
      await writeFixture(join(site, 'older', 'content'), content);
      await writeFile(
        join(site, 'older', 'config.toml'),
        [
          "baseURL = 'https://example.org/'",
          'disablePathToLower = true',
          'removePathAccents = true',
          '[uglyURLs]',
          'odd = true',
          '[permalinks]',
          "posts = '/Articles/:year/:month/:sections/:title/:slugorfilename/'",
        ].join('\n'),
      );
      assert.deepEqual((await read('older/content')).links, [
        ['Café Menu.md', 'https://example.org/Cafe-Menu/'],
        ['Guides/README.md', 'https://example.org/Guides/README/'],
        ['Guides/Setup.md', 'https://example.org/Guides/Setup/'],
        ['Guides/_index.md', 'https://example.org/Guides/'],
        ['_index.md', 'https://example.org/'],
        ['odd/C++ Guide.md', 'https://example.org/odd/C++-Guide.html'],
        ['odd/Sub Dir/Page One.md', 'https://example.org/odd/Sub-Dir/My-Slug.html'],
        ["odd/What's New (v2)!.md", 'https://example.org/odd/Whats-New-v2.html'],
        ['posts/My-Post.md', 'https://example.org/Articles/2024/03/posts/My-Post/Release-Two/'],
        ['posts/Nested/Deep Page.md', 'https://example.org/Articles/2022/01/posts/Nested/Deep/Deep-Page/'],
        ['posts/Nested/Deeper/leaf.md', 'https://example.org/Articles/1/01/posts/Nested/Leafy/leaf/'],
        ['posts/Nested/_index.md', 'https://example.org/posts/Nested/'],
        ['posts/bundle/index.md', 'https://example.org/Articles/1/01/posts/Bundle/bundle/'],
        ['posts/moved.md', 'https://example.org/Custom/Path/'],
      ]);
      // Zola's config.toml is no Hugo's: its pages are linked by their paths.
      await writeFixture(join(site, 'zola', 'content'), { 'Guides/Setup.md': content['Guides/Setup.md'] });
      await writeFile(join(site, 'zola', 'config.toml'), "base_url = 'https://example.org'\n");
      assert.deepEqual((await read('zola/content')).links, [
        ['Guides/Setup.md', 'https://example.org/Guides/Setup'],
      ]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("links a multilingual Hugo site's translations where Hugo publishes them: by file name or by content folder", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-hugo-languages-'));
    const page = (title: string, text: string, more = '') => `---\ntitle: ${title}\n${more}---\n${text}\n`;
    try {
      // Every expected link is what Hugo 0.111 built from these files.
      const byName = {
        'about.md': page('About us', 'We make otters.'),
        'about.fr.md': page('A propos', 'Nous faisons des loutres.'),
        'docs/_index.md': page('Docs', 'Docs about badgers.'),
        'docs/_index.fr.md': page('Docs FR', 'Des blaireaux.'),
        'docs/bundle/index.md': page('Bundle', 'A leaf bundle about weasels.'),
        'docs/bundle/index.fr.md': page('Bundle FR', 'Une belette.'),
        'docs/slugged.fr.md': page('Slugged', 'Un slug.', 'slug: my-slug\n'),
        'docs/moved.fr.md': page('Moved', 'Ailleurs.', 'url: /custom-fr/\n'),
        // No language of the site's, nor one in another case than its configuration's: names.
        'docs/hello.de.md': page('Hallo', 'Not a language of the site.'),
        'docs/Upper.FR.md': page('Upper', 'Not in the case the site writes it.'),
        'posts/first.md': page('First post', 'About beavers.', 'date: 2024-01-02\n'),
        'posts/first.fr.md': page('Premier article', 'Des castors.', 'date: 2024-02-03\n'),
      };
      const languages = '[languages]\n[languages.en]\nweight = 1\n[languages.FR]\nweight = 2\n';
      await writeFixture(join(site, 'plain', 'content'), byName);
      await writeFile(join(site, 'plain', 'hugo.toml'), `baseURL = 'https://example.org/'\n${languages}`);
      await writeFixture(join(site, 'subdir', 'content'), byName);
      await writeFile(
        join(site, 'subdir', 'hugo.toml'),
        "baseURL = 'https://example.org/'\ndefaultContentLanguageInSubdir = true\n" +
          `[permalinks]\nposts = '/:year/:title/'\n${languages}`,
      );
      // Translation by content directory, each language's in a folder of content/.
      await writeFixture(join(site, 'folders', 'content'), {
        'english/_index.md': page('Home', 'The home page.'),
        'english/guides/setup.md': page('Setup', 'Install the toolkit.'),
        'french/guides/setup.md': page('Installer', 'Installer la boîte à outils.'),
      });
      await writeFile(
        join(site, 'folders', 'hugo.toml'),
        "defaultContentLanguage = 'en'\n[languages.en]\ncontentDir = 'content/english'\n" +
          "[languages.fr]\ncontentDir = 'content/french'\n",
      );
      const links = async (folder: string) =>
        (await loadContentFolder(join(site, folder, 'content'))).documents.map((document) => [
          document.id,
          document.link,
        ]);
      assert.deepEqual(await links('plain'), [
        ['about.fr.md', '/fr/about/'],
        ['about.md', '/about/'],
        ['docs/Upper.FR.md', '/docs/upper.fr/'],
        ['docs/_index.fr.md', '/fr/docs/'],
        ['docs/_index.md', '/docs/'],
        ['docs/bundle/index.fr.md', '/fr/docs/bundle/'],
        ['docs/bundle/index.md', '/docs/bundle/'],
        ['docs/hello.de.md', '/docs/hello.de/'],
        ['docs/moved.fr.md', '/custom-fr/'],
        ['docs/slugged.fr.md', '/fr/docs/my-slug/'],
        ['posts/first.fr.md', '/fr/posts/first/'],
        ['posts/first.md', '/posts/first/'],
      ]);
      assert.deepEqual(await links('subdir'), [
        ['about.fr.md', '/fr/about/'],
        ['about.md', '/en/about/'],
        ['docs/Upper.FR.md', '/en/docs/upper.fr/'],
        ['docs/_index.fr.md', '/fr/docs/'],
        ['docs/_index.md', '/en/docs/'],
        ['docs/bundle/index.fr.md', '/fr/docs/bundle/'],
        ['docs/bundle/index.md', '/en/docs/bundle/'],
        ['docs/hello.de.md', '/en/docs/hello.de/'],
        ['docs/moved.fr.md', '/custom-fr/'],
        ['docs/slugged.fr.md', '/fr/docs/my-slug/'],
        ['posts/first.fr.md', '/fr/2024/premier-article/'],
        ['posts/first.md', '/en/2024/first-post/'],
      ]);
      assert.deepEqual(await links('folders'), [
        ['english/_index.md', '/'],
        ['english/guides/setup.md', '/guides/setup/'],
        ['french/guides/setup.md', '/fr/guides/setup/'],
      ]);
      // What a visitor is given: the French page's link, from the service.
      const results = await askService<{ link: string }[]>(
        join(site, 'plain', 'content'),
        '/bot/search',
        { query: 'loutres', numDocs: 3 },
        { siteUrl: 'https://example.org' },
      );
      assert.deepEqual(
        results.map((result) => result.link),
        ['https://example.org/fr/about/'],
      );
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('reads a code fence indented under a list item or inside an MDX component as code', async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-indented-fence-'));
    try {
      await writeFixture(site, {
        // MkDocs indents a list item's blocks by four spaces.
        'steps.md':
          '# Steps\n\n1. Install the toolkit:\n\n    ```bash\n    npm install otter-kit\n    ```\n\n' +
          '2. Start the otter server:\n\n    ```bash\n    otter start --port 8080\n      --verbose\n    ```\n',
        // Docusaurus's tabs, each holding its code block.
        'install.mdx':
          "---\ntitle: Installation\n---\nimport Tabs from '@theme/Tabs';\n\n# Installation\n\n<Tabs>\n" +
          '  <TabItem value="npm">\n    ```bash\n    npm install otter-kit\n    ```\n  </TabItem>\n' +
          '  <TabItem value="yarn">\n    ```bash\n    yarn add otter-kit\n    ```\n  </TabItem>\n</Tabs>\n',
        // A fence shown inside a fence, deeper than three spaces: the outer one's content.
        'nested.md':
          '# Nested\n\n```md\n1. A step\n\n    ```js\n    run()\n    ```\n```\n\nAfter the example.\n',
      });
      const { documents } = await loadContentFolder(site);
      assert.deepEqual(byId(documents, 'steps.md').sections[0]?.code, [
        'npm install otter-kit',
        'otter start --port 8080\n  --verbose',
      ]);
      assert.deepEqual(byId(documents, 'install.mdx').sections[0]?.code, [
        'npm install otter-kit',
        'yarn add otter-kit',
      ]);
      assert.deepEqual(byId(documents, 'nested.md').sections[0]?.code, [
        '1. A step\n    ```js\n    run()\n    ```',
      ]);
      // What a visitor is answered: the command as a code block to copy, not "bash otter start…" in a line.
      const { answer } = await askService<{ answer: string }>(site, '/bot/askai', {
        query: 'How do I start the otter server?',
        format: 'markdown',
        conversationId: '',
      });
      assert.match(answer, /```bash\notter start --port 8080\n {2}--verbose\n```/);
      assert.doesNotMatch(answer, /`bash otter/);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("keeps a Docusaurus tab's label as the lead-in to its content, so that an answer says which tab it quotes", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-tab-labels-'));
    try {
      await writeFixture(site, {
        'install.mdx': [
          '---',
          'title: Install the otter toolkit',
          '---',
          "import Tabs from '@theme/Tabs';",
          "import TabItem from '@theme/TabItem';",
          '',
          '# Install the otter toolkit',
          '',
          'Add the toolkit to your project with your package manager.',
          '',
          '<Tabs groupId="package-manager">',
          '  <TabItem value="npm" label="npm" default>',
          '',
          '```bash',
          'npm install otter-kit',
          '```',
          '',
          '  </TabItem>',
          "  <TabItem value='yarn' label={'Yarn'}>",
          '',
          '```bash',
          'yarn add otter-kit',
          '```',
          '',
          '  </TabItem>',
          // No label: the tab bar shows its value.
          '  <TabItem value="pnpm">',
          '    ```bash',
          '    pnpm add otter-kit',
          '    ```',
          '  </TabItem>',
          '</Tabs>',
          '',
          // A tag shown in a code block is code, not a tab.
          '```mdx',
          '<TabItem value="bun" label="Bun">',
          '```',
          '',
        ].join('\n'),
      });
      const { documents } = await loadContentFolder(site);
      assert.deepEqual(firstParagraphs(byId(documents, 'install.mdx')), [
        'Add the toolkit to your project with your package manager.',
        'npm:',
        'npm install otter-kit',
        'Yarn:',
        'yarn add otter-kit',
        'pnpm:',
        'pnpm add otter-kit',
        '<TabItem value="bun" label="Bun">',
      ]);
      const answerTo = async (query: string) =>
        (
          await askService<{ answer: string }>(site, '/bot/askai', {
            query,
            format: 'markdown',
            conversationId: '',
          })
        ).answer;
      assert.equal(
        await answerTo('How do I install the otter toolkit with yarn?'),
        'Yarn:\n\n```bash\nyarn add otter-kit\n```',
      );
      // The sentence before the tabs still introduces the first one.
      assert.equal(
        await answerTo('How do I install the otter toolkit?'),
        'Add the toolkit to your project with your package manager.\n\nnpm:\n\n```bash\nnpm install otter-kit\n```',
      );
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("names a Docusaurus tab by no id when its label is an expression, and keeps a label that reads as Markdown's block markup as words", async () => {
    // `label={t('pnpm')}` and `label={`Yarn ${version}`}` show words the page does not hold: the
    // tab's value (an id, `p`, `y`) is not what its bar shows, and `label={<b>npm</b>}` is a tag
    // whose `>` ended the match. A label `# Node.js` or `1. First` is the tab's name, not a
    // heading (which cut the section) or a list.
    const page = markdownDocument(
      'install.mdx',
      [
        '# Install',
        '',
        'Pick your package manager.',
        '',
        '<Tabs>',
        '<TabItem value="p" label={t(\'pnpm\')}>',
        '',
        'pnpm add otter-kit',
        '',
        '</TabItem>',
        '<TabItem value="y" label={`Yarn ${version}`}>',
        '',
        'yarn add otter-kit',
        '',
        '</TabItem>',
        '<TabItem value="n" label={<b>npm</b>}>',
        '',
        'npm install otter-kit',
        '',
        '</TabItem>',
        '<TabItem value="node" label="# Node.js">',
        '',
        'node otter.js',
        '',
        '</TabItem>',
        '<TabItem value="first" label="1. First">',
        '',
        'otter first',
        '',
        '</TabItem>',
        '</Tabs>',
        '',
      ].join('\n'),
    );
    // One section: no heading made of a tab's name.
    assert.deepEqual(
      page.sections.map((section) => section.heading),
      ['Install'],
    );
    assert.deepEqual(firstParagraphs(page), [
      'Pick your package manager.',
      'pnpm add otter-kit',
      'yarn add otter-kit',
      'npm install otter-kit',
      '# Node.js:',
      'node otter.js',
      '1. First:',
      'otter first',
    ]);
  });

  it("reads an indented code block as code, but not a list item's indented text, nor in MDX", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-indented-code-'));
    const usage =
      '# Usage\n\nRun the otter server like this:\n\n    $ otter serve --port 9000\n\n    listening on 9000\n\n' +
      'Then open the page.\n\n- A step\n\n    The step, said at length under its item.\n\n' +
      'After the list.\n\n<table>\n  <tr>\n    <td>A cell</td>\n  </tr>\n</table>\n';
    try {
      await writeFixture(site, { 'usage.md': usage, 'usage.mdx': usage });
      const { documents } = await loadContentFolder(site);
      const [markdown] = byId(documents, 'usage.md').sections;
      assert.deepEqual(markdown?.code, ['$ otter serve --port 9000\nlistening on 9000']);
      assert.match(markdown?.text ?? '', /The step, said at length under its item\./);
      assert.match(markdown?.text ?? '', /A cell/);
      // MDX has no indented code: the lines are text.
      assert.equal(byId(documents, 'usage.mdx').sections[0]?.code, undefined);
      const { answer } = await askService<{ answer: string }>(site, '/bot/askai', {
        query: 'How do I run the otter server?',
        format: 'markdown',
        conversationId: '',
      });
      assert.match(answer, /```\n\$ otter serve --port 9000\n/);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("links an Eleventy page at its permalink's template filled in, and skips one whose permalink is false", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-eleventy-'));
    const page = (title: string, permalink: string, text: string) =>
      `---\ntitle: ${title}\npermalink: ${permalink}\n---\n${text}\n`;
    try {
      await writeFixture(site, {
        'about.md': page('About', '/about-us/', 'About the wolves of the valley.'),
        'hidden.md': page('Hidden', 'false', 'Data for other templates, about the wolves.'),
        'posts/templated.md': page('Templated', '"/posts/{{ page.fileSlug }}/"', 'A post about foxes.'),
        'blog/2024-05-01-cafe.md': page(
          'Café Post!',
          '"/blog/{{ title | slugify }}/"',
          'A post about the café.',
        ),
        'blog/stem.md': page('Stem', '"{{ page.filePathStem }}.html"', 'A page about owls.'),
        // A tag the service can't fill: the page's path, never the template's text.
        'unknown.md': page('Unknown', '"/x/{{ site.lang }}/y/"', 'A page about bears.'),
      });
      const { documents, skipped } = await loadContentFolder(site);
      assert.deepEqual(
        documents.map((document) => [document.id, document.link]),
        [
          ['about.md', '/about-us/'],
          ['blog/2024-05-01-cafe.md', '/blog/cafe-post/'],
          ['blog/stem.md', '/blog/stem.html'],
          ['posts/templated.md', '/posts/templated/'],
          ['unknown.md', '/unknown'],
        ],
      );
      assert.deepEqual(
        skipped.map((file) => [file.path, file.notAPage]),
        [['hidden.md', 'unpublished']],
      );
      const results = await askService<{ link: string }[]>(site, '/bot/search', {
        query: 'wolves',
        numDocs: 5,
      });
      assert.deepEqual(
        results.map((result) => result.link),
        ['/about-us/'],
      );
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("reads a generator's HTML source page by its front matter, as its Markdown pages are read", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-html-source-'));
    try {
      // Every link is where Jekyll 4.3 published these files.
      await writeFixture(site, {
        '_config.yml': 'title: Otters\n',
        'index.html':
          '---\nlayout: home\ntitle: Welcome\n---\n<h1>Welcome to the otter site</h1>\n' +
          '<p>We write about {{ site.title }} and otters, every week.</p>\n<ul>\n' +
          '{% for post in site.posts %}<li><a href="{{ post.url }}">{{ post.title }}</a></li>{% endfor %}\n</ul>\n',
        'blog/index.html':
          '---\ntitle: Blog\npermalink: /blog/\ndescription: Every post, newest first.\n---\n' +
          '<p>The blog of the otter site.</p>\n',
        'page.html': '---\ntitle: An HTML page\ntags: [rivers]\n---\n<p>Where otters swim and play.</p>\n',
        'draft.html': '---\ntitle: Unpublished\npublished: false\n---\n<p>Not yet.</p>\n',
        // A built page, with no front matter, is read as before.
        'built.html':
          '<!doctype html><html><head><title>Built</title></head><body><main><p>Built pages about otters.</p></main></body></html>',
      });
      const { documents, skipped } = await loadContentFolder(site);
      assert.deepEqual(
        documents.map((document) => [
          document.id,
          document.title,
          document.link,
          document.description,
          document.tags,
        ]),
        [
          ['blog/index.html', 'Blog', '/blog/', 'Every post, newest first.', ['blog']],
          ['built.html', 'Built', '/built', 'Built pages about otters.', []],
          ['index.html', 'Welcome', '/', 'We write about and otters, every week.', []],
          ['page.html', 'An HTML page', '/page.html', 'Where otters swim and play.', ['rivers']],
        ],
      );
      assert.equal(
        byId(documents, 'index.html').text,
        'Welcome to the otter site\n\nWe write about and otters, every week.',
      );
      assert.deepEqual(
        skipped.map((file) => [file.path, file.notAPage]),
        [['draft.html', 'draft']],
      );
      // What a visitor is given, from the service.
      const results = await askService(site, '/bot/search', { query: 'welcome otter site', numDocs: 1 });
      assert.deepEqual(results, [
        {
          title: 'Welcome',
          description: 'We write about and otters, every week.',
          link: '/',
          assetType: 'webpage',
        },
      ]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('tags a Jekyll post with its categories and tags as Jekyll reads them, words between spaces each one', async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-jekyll-tags-'));
    try {
      await writeFixture(site, {
        '_config.yml': 'title: Blog\n',
        '_posts/2024-01-02-hello.md':
          '---\ntitle: Hello\ncategories: news updates\ntags: ruby rails\n---\nThe first post, about owls.\n',
        '_posts/2024-01-03-second.md':
          '---\ntitle: Second\ncategory: Big News\n---\nThe second post, about hawks.\n',
        'blog/_posts/2024-01-04-third.md':
          '---\ntitle: Third\ncategories: [a, b]\ntags: [owls]\n---\nThe third post, about owls.\n',
      });
      const { documents } = await loadContentFolder(site);
      assert.deepEqual(
        documents.map((document) => [document.id, document.tags]),
        [
          ['_posts/2024-01-02-hello.md', ['news', 'updates', 'ruby', 'rails']],
          ['_posts/2024-01-03-second.md', ['Big News']],
          ['blog/_posts/2024-01-04-third.md', ['blog', 'a', 'b', 'owls']],
        ],
      );
      // What a client filtering by a tag is given.
      const results = await askService<{ title: string }[]>(site, '/bot/search', {
        query: 'owls',
        numDocs: 5,
        includeTags: ['rails'],
      });
      assert.deepEqual(
        results.map((result) => result.title),
        ['Hello'],
      );
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("links a Jekyll post at its permalink: the default, _config.yml's, or its front matter's", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-jekyll-'));
    try {
      const posts = {
        'about.md': '---\ntitle: About\n---\nWho writes this blog, and why.\n',
        '_posts/2024-03-05-hello-world.md': '---\ntitle: Hello\n---\nThe first post of the blog.\n',
        // Folders above _posts are categories, and so are the front matter's; those below are not.
        'blog/_posts/2024-03-06-second.md':
          '---\ntitle: Second\ncategories: [Release, notes]\ncategory: Big News\n---\nThe second post.\n',
        '_posts/2024/2024-03-10-nested.md': '---\ntitle: Nested\n---\nA post kept in a folder of its year.\n',
        // Its front matter's date and slug name it: a time with an offset is told in UTC, as Jekyll
        // tells it on a machine in UTC (CI's, GitHub Pages').
        '_posts/2024-03-09-fifth.md':
          '---\ntitle: Fifth\ndate: 2024-04-01 23:30:00 -0500\nslug: Fifth Post\n---\nThe fifth post.\n',
        // A permalink of its own, with placeholders or without.
        '_posts/2024-03-07-third.md':
          '---\ntitle: Third\npermalink: /news/:year/:month_:day/:title/\n---\nThe third post.\n',
        '_posts/2024-03-08-fourth.md': '---\ntitle: Fourth\npermalink: /fixed/\n---\nThe fourth post.\n',
      };
      await writeFixture(join(site, 'default'), posts);
      const links = async (folder: string) =>
        (await loadContentFolder(join(site, folder), { siteUrl: 'https://blog.example.com' })).documents.map(
          (document) => [document.id, document.link],
        );
      assert.deepEqual(await links('default'), [
        ['_posts/2024-03-05-hello-world.md', 'https://blog.example.com/2024/03/05/hello-world.html'],
        ['_posts/2024-03-07-third.md', 'https://blog.example.com/news/2024/03_07/third/'],
        ['_posts/2024-03-08-fourth.md', 'https://blog.example.com/fixed/'],
        ['_posts/2024-03-09-fifth.md', 'https://blog.example.com/2024/04/02/Fifth-Post.html'],
        ['_posts/2024/2024-03-10-nested.md', 'https://blog.example.com/2024/03/10/nested.html'],
        ['about.md', 'https://blog.example.com/about'],
        [
          'blog/_posts/2024-03-06-second.md',
          'https://blog.example.com/blog/release/notes/big%20news/2024/03/06/second.html',
        ],
      ]);
      // The site's permalink, a style's name or a template of its own, from the _config.yml beside the posts.
      await writeFixture(join(site, 'weekdate'), {
        '_config.yml': 'title: A blog\npermalink: weekdate\n',
        '_posts/2024-03-05-hello-world.md': posts['_posts/2024-03-05-hello-world.md'],
        '_posts/2024-03-08-fourth.md': posts['_posts/2024-03-08-fourth.md'],
      });
      assert.deepEqual(await links('weekdate'), [
        ['_posts/2024-03-05-hello-world.md', 'https://blog.example.com/2024/W10/Tue/hello-world.html'],
        ['_posts/2024-03-08-fourth.md', 'https://blog.example.com/fixed/'],
      ]);
      // In the site's time zone, when _config.yml names one.
      await writeFixture(join(site, 'los-angeles'), {
        '_config.yml': 'timezone: America/Los_Angeles\n',
        '_posts/2024-03-09-sixth.md': '---\ntitle: Sixth\ndate: 2024-04-01T01:30:00Z\n---\nThe sixth post.\n',
      });
      assert.deepEqual(await links('los-angeles'), [
        ['_posts/2024-03-09-sixth.md', 'https://blog.example.com/2024/03/31/sixth.html'],
      ]);
      await writeFixture(join(site, 'templated', 'site'), {
        '_config.yml': 'permalink: /:year/:y_day/:slug\n',
        '_posts/2024-03-05-Hello-World.md': posts['_posts/2024-03-05-hello-world.md'],
      });
      assert.deepEqual(await links('templated/site'), [
        ['_posts/2024-03-05-Hello-World.md', 'https://blog.example.com/2024/065/hello-world'],
      ]);
      // A default for every post, in front matter defaults, wins over the site's permalink.
      await writeFixture(join(site, 'defaults'), {
        '_config.yml':
          'permalink: pretty\ndefaults:\n  - scope:\n      path: ""\n      type: posts\n    values:\n      permalink: /posts/:title/\n',
        '_posts/2024-03-05-hello-world.md': posts['_posts/2024-03-05-hello-world.md'],
      });
      assert.deepEqual(await links('defaults'), [
        ['_posts/2024-03-05-hello-world.md', 'https://blog.example.com/posts/hello-world/'],
      ]);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("links a Jekyll page and a collection's document where Jekyll publishes them, and skips what it publishes nothing from", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-content-jekyll-pages-'));
    try {
      // Every expected link is what Debian's jekyll 4.3.1 built from these files.
      const sites: Record<string, Record<string, string>> = {
        default: {
          '_config.yml': [
            'collections:',
            '  docs:',
            '    output: true',
            '  guides:',
            '    output: true',
            '    permalink: /g/:path/',
            '  recipes:',
            '    output: false',
          ].join('\n'),
          'index.md': '---\ntitle: Home\n---\nThe home page of the toolkit.\n',
          'about.md': '---\ntitle: About\n---\nWho makes the toolkit.\n',
          'Guides Two/First Steps.md': '---\ntitle: First steps\n---\nInstall the toolkit.\n',
          'notes/index.md': '---\ntitle: Notes\n---\nRelease notes of the toolkit.\n',
          'notes/older.markdown': '---\ntitle: Older notes\n---\nNotes of older releases.\n',
          'moved.md':
            '---\ntitle: Moved\npermalink: /:path/:basename/x:output_ext\n---\nA page at its own permalink.\n',
          '_docs/index.md': '---\ntitle: Docs\n---\nThe documentation of the toolkit.\n',
          '_docs/setup/install.md': '---\ntitle: Install\n---\nRun the installer.\n',
          '_docs/ref.md': '---\ntitle: Reference\npermalink: /reference/\n---\nEvery call of the toolkit.\n',
          '_guides/deep/more.md': '---\ntitle: More\n---\nA guide in a folder.\n',
          '_recipes/cake.md': '---\ntitle: Cake\n---\nA recipe Jekyll reads, and writes out nowhere.\n',
          '_notes/thing.md': '---\ntitle: Thing\n---\nIn no collection: Jekyll reads nothing from it.\n',
          '_posts/2024-03-05-hello.md': '---\ntitle: Hello\n---\nThe first post.\n',
        },
        pretty: {
          '_config.yml': [
            'permalink: pretty',
            'collections_dir: my',
            'collections:',
            '  docs:',
            '    output: true',
            '  faqs:',
            '    output: true',
            'defaults:',
            '  - scope:',
            '      type: faqs',
            '    values:',
            '      permalink: /questions/:title:output_ext',
            '  - scope:',
            '      path: my/_docs/api',
            '    values:',
            '      permalink: /api/:name/',
          ].join('\n'),
          'about.md': '---\ntitle: About\n---\nWho makes the toolkit.\n',
          'Guides Two/First Steps.md': '---\ntitle: First steps\n---\nInstall the toolkit.\n',
          'my/_docs/index.md': '---\ntitle: Docs\n---\nThe documentation of the toolkit.\n',
          'my/_docs/setup/Install It.md': '---\ntitle: Install\n---\nRun the installer.\n',
          'my/_docs/api/Call.md': '---\ntitle: Call\n---\nCall the toolkit.\n',
          'my/_faqs/Why So.md': '---\ntitle: Why\n---\nWhy the toolkit is so.\n',
          'my/_posts/2024-03-05-hello.md': '---\ntitle: Hello\n---\nThe first post.\n',
          // Outside the collections' folder, no collection.
          '_docs/stray.md': '---\ntitle: Stray\n---\nA document Jekyll never reads.\n',
        },
        filtered: {
          '_config.yml': [
            'permalink: /:categories/:title/',
            'exclude:',
            '  - internal',
            '  - "*-old.md"',
            'include:',
            '  - _pages',
            'defaults:',
            '  - scope:',
            '      path: guides',
            '    values:',
            '      permalink: /g/:basename/',
            '  - scope:',
            '      path: guides',
            '      type: pages',
            '    values:',
            '      permalink: /gp/:basename:output_ext',
            '  - scope:',
            '      path: guides/deep',
            '    values:',
            '      permalink: /deep/:basename/',
          ].join('\n'),
          'about.md': '---\ntitle: About\n---\nWho makes the toolkit.\n',
          'internal/plans.md': '---\ntitle: Plans\n---\nExcluded by its folder.\n',
          // Excluded too: Jekyll's exclude matches the start of a path.
          'internal-notes.md': '---\ntitle: Internal notes\n---\nExcluded by the start of its name.\n',
          'page-old.md': '---\ntitle: Old\n---\nExcluded by a glob.\n',
          '_pages/special.md': '---\ntitle: Special\n---\nIncluded though its folder starts with _.\n',
          'guides/one.md': '---\ntitle: One\n---\nThe first guide.\n',
          'guides/deep/two.md': '---\ntitle: Two\n---\nThe second guide.\n',
          '#scratch.md': "---\ntitle: Scratch\n---\nAn editor's scratch file.\n",
          '_posts/2024-01-02-news.md': '---\ntitle: News\ncategories: [News]\n---\nA post.\n',
        },
      };
      const read = async (name: string) => {
        await writeFixture(join(site, name), sites[name] as Record<string, string>);
        const { documents: pages, skipped: left } = await loadContentFolder(join(site, name));
        return {
          links: pages.map((document) => [document.id, document.link]),
          skipped: left.map((file) => [file.path, file.notAPage]),
        };
      };
      assert.deepEqual(await read('default'), {
        links: [
          ['Guides Two/First Steps.md', '/Guides%20Two/First%20Steps.html'],
          ['_docs/index.md', '/docs/index.html'],
          ['_docs/ref.md', '/reference/'],
          ['_docs/setup/install.md', '/docs/setup/install.html'],
          ['_guides/deep/more.md', '/g/deep/more/'],
          ['_posts/2024-03-05-hello.md', '/2024/03/05/hello.html'],
          ['about.md', '/about.html'],
          ['index.md', '/'],
          ['moved.md', '/moved/x.html'],
          ['notes/index.md', '/notes/'],
          ['notes/older.markdown', '/notes/older.html'],
        ],
        skipped: [
          ['_notes/thing.md', 'unpublished'],
          ['_recipes/cake.md', 'unpublished'],
        ],
      });
      assert.deepEqual(await read('pretty'), {
        links: [
          ['Guides Two/First Steps.md', '/Guides%20Two/First%20Steps/'],
          ['about.md', '/about/'],
          ['my/_docs/api/Call.md', '/api/call/'],
          ['my/_docs/index.md', '/docs/index/'],
          ['my/_docs/setup/Install It.md', '/docs/setup/Install%20It/'],
          ['my/_faqs/Why So.md', '/questions/Why-So.html'],
          ['my/_posts/2024-03-05-hello.md', '/2024/03/05/hello/'],
        ],
        skipped: [['_docs/stray.md', 'unpublished']],
      });
      assert.deepEqual(await read('filtered'), {
        links: [
          ['_pages/special.md', '/_pages/special/'],
          ['_posts/2024-01-02-news.md', '/news/news/'],
          ['about.md', '/about/'],
          ['guides/deep/two.md', '/deep/two/'],
          ['guides/one.md', '/gp/one.html'],
        ],
        skipped: [
          ['#scratch.md', 'unpublished'],
          ['internal-notes.md', 'unpublished'],
          ['internal/plans.md', 'unpublished'],
          ['page-old.md', 'unpublished'],
        ],
      });
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('prefixes links with the site URL when given', async () => {
    const { documents: withSite } = await loadContentFolder(root, { siteUrl: 'https://docs.example.com/' });
    assert.equal(
      byId(withSite, 'docs/guide/getting-started.md').link,
      'https://docs.example.com/docs/guide/getting-started.html',
    );
    assert.equal(byId(withSite, 'docs/api/index.md').link, 'https://docs.example.com/docs/api/');
  });

  it('rejects a folder that does not exist', async () => {
    await assert.rejects(loadContentFolder(join(root, 'missing')));
  });

  it('reads the same documents, and skips the same files, in worker threads', async () => {
    const inWorkers = await loadContentFolder(root, { workers: 2 });
    assert.deepEqual(inWorkers.documents, documents);
    assert.deepEqual(inWorkers.skipped, skipped);
  });

  it('gives each document its text as a property like any other, made from its sections when read', async () => {
    const inWorkers = await loadContentFolder(root, { workers: 1 });
    for (const document of [...documents, ...inWorkers.documents]) {
      assert.equal(document.text, documentText(document.sections));
      // In the order of `SourceDocument`, as when the text was a field like the others.
      assert.deepEqual(Object.keys(document).slice(0, 8), [
        'id',
        'title',
        'description',
        'tags',
        'link',
        'assetType',
        'text',
        'sections',
      ]);
      assert.equal({ ...document }.text, document.text);
      assert.equal(JSON.parse(JSON.stringify(document)).text, document.text);
    }
    const page = { ...byId(documents, 'docs/guide/getting-started.md') };
    page.text = 'Set by a host.';
    assert.equal(page.text, 'Set by a host.');
    const read = byId(inWorkers.documents, 'docs/guide/getting-started.md');
    read.text = 'Set by a host.';
    assert.equal(read.text, 'Set by a host.');
    assert.notEqual(byId(documents, 'docs/guide/getting-started.md').text, 'Set by a host.');
  });
});

describe('long and large files', () => {
  let root: string;
  let documents: SourceDocument[];
  let skipped: { path: string; reason: string }[];
  // A server log: 8,000 lines and not one blank line, so one paragraph of 0.6 MB.
  const log = Array.from(
    { length: 8000 },
    (_, i) => `2026-11-24T06:00:00 worker${i} handled request status=200 duration=${i % 900}ms`,
  ).join('\n');

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'ask-content-large-'));
    await writeFixture(root, {
      'server-log.txt': `Server log\n\n${log}`,
      // One line of prose, with a code span where a cut would fall if code spans were not whole.
      'one-line.md': `# One line\n\n${'word '.repeat(390)}\`a b c d e f g h i j k l m n o p q r s t u v w x y z\` ${'more words. '.repeat(300)}`,
      'dump.txt': 'x '.repeat(600_000),
      // One byte over: its size says so, where "1.0 MiB; at most 1 MiB" read as none.
      'just-over.txt': 'x'.repeat(2 ** 20 + 1),
    });
    ({ documents, skipped } = await loadContentFolder(root));
  });

  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('skips a file over 1 MiB, saying why', () => {
    assert.deepEqual(skipped.map((file) => file.path).sort(), ['dump.txt', 'just-over.txt']);
    const reason = (path: string) => skipped.find((file) => file.path === path)?.reason;
    assert.match(reason('dump.txt')!, /too large to be a page \(1,200,000 bytes; at most 1,048,576, 1 MiB\)/);
    assert.match(reason('just-over.txt')!, /\(1,048,577 bytes; at most 1,048,576, 1 MiB\)/);
  });

  it('cuts a paragraph of more than 2,000 characters into shorter ones, at line breaks, never in a code span', () => {
    const logPage = byId(documents, 'server-log.txt');
    const paragraphs = logPage.sections.flatMap((section) => section.text.split('\n\n'));
    assert.ok(paragraphs.every((paragraph) => paragraph.length <= PARAGRAPH_MAX_CHARS));
    assert.equal(paragraphs.join('\n'), log);
    const line = byId(documents, 'one-line.md').sections.flatMap((section) => section.text.split('\n\n'));
    assert.ok(line.length > 1 && line.every((paragraph) => paragraph.length <= PARAGRAPH_MAX_CHARS));
    assert.ok(line.every((paragraph) => (paragraph.match(/`/g)?.length ?? 0) % 2 === 0));
  });

  it('goes on in another section of the same heading past 20,000 characters', () => {
    const sections = byId(documents, 'server-log.txt').sections;
    assert.ok(sections.length > 25);
    assert.ok(sections.every((section) => section.text.length <= SECTION_MAX_CHARS));
    assert.ok(sections.every((section) => section.heading === sections[0]!.heading));
  });

  it('answers from a few lines of a long log, not the whole of it', async () => {
    const index = createOramaIndex();
    await index.load(documents);
    const answer = await createExtractiveAnswerer({ index }).answer({
      query: 'worker handled request duration',
      history: [],
      format: 'markdown',
      threshold: 0,
    });
    assert.equal(answer.didAnswer, true);
    assert.ok(answer.answer.length <= 2 * PARAGRAPH_MAX_CHARS, `${answer.answer.length} characters`);
  });
});

describe('loadContentFolder over the Hono docs', () => {
  let documents: SourceDocument[];

  before(async () => {
    const loaded = await loadContentFolder(HONO);
    documents = loaded.documents;
    assert.deepEqual(loaded.skipped, []);
  });

  it('loads all 113 pages with the published links', () => {
    assert.equal(documents.length, 113);
    assert.equal(byId(documents, 'docs/api/routing.md').link, '/docs/api/routing');
    assert.equal(byId(documents, 'index.md').link, '/');
    assert.equal(byId(documents, 'docs/index.md').link, '/docs/');
  });

  it('reads them in the same order in several worker threads, each reading a batch in turn', async () => {
    assert.deepEqual((await loadContentFolder(HONO, { workers: 2 })).documents, documents);
  });

  it('titles every page and describes every page from its first paragraph', () => {
    assert.equal(byId(documents, 'docs/api/routing.md').title, 'Routing');
    assert.equal(
      byId(documents, 'docs/api/routing.md').description,
      "Routing of Hono is flexible and intuitive. Let's take a look.",
    );
    for (const document of documents) {
      assert.ok(document.title.length > 0, `${document.id} has a title`);
      assert.ok(
        document.description.length > 0 && document.description.length <= 300,
        `${document.id} has a description`,
      );
    }
  });

  it('leaves no VitePress or twoslash markup in the text', () => {
    for (const document of documents) {
      assert.doesNotMatch(
        document.text,
        /---cut---|\/\/\s*\^\?|<Badge|^:::|<script setup>|v-for=/m,
        document.id,
      );
    }
  });

  it('reads the home layout from front matter', () => {
    const home = byId(documents, 'index.md');
    assert.match(home.text, /Ultrafast & Lightweight: The router RegExpRouter is really fast\./);
    assert.match(home.description, /ultrafast web framework/);
  });
});

describe('front matter text', () => {
  it('keeps a tag name written in a title or description, and converts its Markdown', async () => {
    const { markdownDocument } = await import('../../src/server/content/markdown-document.js');
    const document = markdownDocument(
      'elements/chat.md',
      '---\ntitle: "<ask-chat> attributes"\ndescription: "Every `min-relevance` of <ask-chat>: **all** of them."\n---\n\nBody.\n',
    );
    assert.equal(document.title, '<ask-chat> attributes');
    assert.equal(document.description, 'Every min-relevance of <ask-chat>: all of them.');
  });
});

describe('front matter written as JSON (MDN writes it so)', () => {
  it('reads as YAML reads it, and a key written twice is still rejected', async () => {
    const { splitFrontMatter } = await import('../../src/server/content/front-matter.js');
    const { parse } = await import('yaml');
    const yaml = [
      'title: "caf\\u00e9 \\"quoted\\" \\/ \\ud83d\\ude00"',
      'description: "Two\\nlines, a tab\\t, a colon: and # no comment"',
      'tags: ["web", "web/api", ""]',
      'empty: []',
    ].join('\n');
    const { frontMatter, body } = splitFrontMatter(`---\n${yaml}\n---\n\nBody.\n`);
    assert.deepEqual(frontMatter, parse(yaml));
    assert.equal(body, '\nBody.\n');
    assert.throws(() => splitFrontMatter('---\ntitle: "One"\ntitle: "Two"\n---\n'));
  });
});
