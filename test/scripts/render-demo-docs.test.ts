import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startTestService } from '../server/service-harness.js';
import { documentHtml, documentPage, documentsIndex, notFoundPage } from '../../scripts/render-demo-docs.js';
import { loadContentFolder } from '../../src/server/content/load-folder.js';

const CONTENT = new URL('../../demo/content/', import.meta.url).pathname;
const DEMO_PAGE = new URL('../../demo/index.html', import.meta.url).pathname;

describe('the demo documents as pages', () => {
  it('gives every section the id its anchor in the index names, on every page of the demo', async () => {
    const { documents } = await loadContentFolder(CONTENT);
    assert.ok(documents.length >= 25);
    for (const document of documents) {
      const file = `${CONTENT}${document.link === '/' ? 'index' : document.link.slice(1)}.md`;
      const html = documentHtml(readFileSync(file, 'utf8'));
      const ids = new Set([...html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((match) => match[1]));
      for (const section of document.sections)
        if (section.anchor !== '') assert.ok(ids.has(section.anchor), `${document.link}#${section.anchor}`);
    }
  });

  it('links every page of the demo to a page it has, and to a heading that page renders', async () => {
    const { documents } = await loadContentFolder(CONTENT);
    const htmlOf = new Map<string, string>();
    for (const document of documents) {
      const file = `${CONTENT}${document.link === '/' ? 'index' : document.link.slice(1)}.md`;
      htmlOf.set(document.link, documentHtml(readFileSync(file, 'utf8')));
    }
    const idsOf = new Map(
      [...htmlOf].map(([link, html]) => [
        link,
        new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])),
      ]),
    );
    const broken: string[] = [];
    for (const [page, html] of htmlOf)
      for (const [, href] of html.matchAll(/<a href="(\/[^"]*|#[^"]*)"/g)) {
        const [path, anchor] = href!.split('#');
        const ids = idsOf.get(path || page);
        if (!ids || (anchor !== undefined && !ids.has(anchor))) broken.push(`${page} → ${href}`);
      }
    assert.deepEqual(broken, []);
  });

  it('lets the keyboard reach code blocks and tables, which scroll sideways when wide', () => {
    const html = documentHtml('```sh\nnpm install ask-elements\n```\n\n| a | b |\n| - | - |\n| 1 | 2 |\n');
    assert.match(html, /<pre tabindex="0"><code/);
    assert.match(html, /<table tabindex="0">/);
  });

  it('lists every document on the home page by folder, known folders first, titles escaped', () => {
    const html = documentsIndex([
      { path: '/service/cli', title: 'The CLI' },
      { path: '/extras/faq', title: 'FAQ' },
      { path: '/guides/theming', title: 'Theming <colours>' },
      { path: '/guides/install', title: 'Install' },
      { path: '/overview', title: 'Overview' },
      { path: '/elements/ask-chat-events', title: '<ask-chat> events' },
      { path: '/elements/ask-chat', title: '<ask-chat>: a conversation' },
    ]);
    const headings = [...html.matchAll(/<h3>([^<]+)<\/h3>/g)].map((match) => match[1]);
    // A page at the folder's root opens the list, under a name of its own, not as a folder.
    assert.deepEqual(headings, ['Start here', 'Guides', 'The elements', 'The service', 'extras']);
    // An element's own page ("<ask-chat>: …") opens the pages named after it.
    assert.match(html, /"\/elements\/ask-chat">[^<]+<\/a><\/li><li><a href="\/elements\/ask-chat-events"/);
    assert.match(
      html,
      /<li><a href="\/guides\/install">Install<\/a><\/li><li><a href="\/guides\/theming">Theming &lt;colours&gt;<\/a><\/li>/,
    );
    // The demo page has the place the build fills.
    assert.match(readFileSync(DEMO_PAGE, 'utf8'), /<nav class="documents-index"[^>]*>\s*<!-- documents -->/);
  });

  it('puts the document in place of the demo page’s introduction, with root-relative links', () => {
    const page = documentPage(
      readFileSync(DEMO_PAGE, 'utf8'),
      '---\ntitle: "Theming <colours>"\ndescription: "Change the look"\n---\n\n# Theming\n\nSee [the API](/service/api-search).\n',
    );
    assert.match(page, /<title>Theming &lt;colours&gt; · ask-elements<\/title>/);
    assert.match(page, /<meta name="description" content="Change the look" \/>/);
    assert.match(
      page,
      /<article class="document">\n<p class="to-chat"><a href="#chat">[^<]+<span[^>]*>[^<]*<\/span><\/a><\/p>\n<h1 id="theming">Theming<\/h1>/,
    );
    assert.match(page, /<a href="\/service\/api-search">the API<\/a>/);
    assert.doesNotMatch(page, /class="intro"/);
    assert.match(page, /<ask-chat id="chat"/);
    assert.doesNotMatch(page, /(href|src)="\.\//);
    assert.match(page, /<a class="brand" href="\/">/);
    assert.match(page, /href="\/#try"/);
  });

  it('writes a 404 page: the demo page saying the address has no page, with the search box, the chat and a way home', () => {
    const page = notFoundPage(readFileSync(DEMO_PAGE, 'utf8'));
    assert.match(page, /<title>Page not found · ask-elements<\/title>/);
    assert.match(page, /<article class="document">\n<h1 id="page-not-found">Page not found<\/h1>/);
    assert.match(page, /<a href="\/">home page<\/a>/);
    assert.match(page, /<search-box[\s>]/);
    assert.match(page, /<ask-chat id="chat"/);
    // Served at any depth: every asset and link is root-relative.
    assert.doesNotMatch(page, /(href|src)="\.\//);
    assert.doesNotMatch(page, /class="to-chat"/);
  });

  it("writes each page where --static serves it at the service's link: a folder's page (guides/index.md, /guides/) as its folder's index.html", async () => {
    const work = mkdtempSync(join(tmpdir(), 'ask-demo-pages-'));
    const content = join(work, 'content');
    const demo = join(work, 'demo');
    mkdirSync(join(content, 'guides'), { recursive: true });
    mkdirSync(demo);
    writeFileSync(join(content, 'guides', 'index.md'), '# All the guides\n\nWhere to start.\n');
    writeFileSync(join(content, 'guides', 'theming.md'), '# Theming\n\nChange the colours.\n');
    copyFileSync(DEMO_PAGE, join(demo, 'index.html'));
    const script = new URL('../../scripts/render-demo-docs.ts', import.meta.url).pathname;
    execFileSync(process.execPath, ['--import', 'tsx', script, content, demo], { stdio: 'pipe' });
    const service = await startTestService({ staticDir: demo });
    try {
      // The links the service gives these pages.
      const { documents } = await loadContentFolder(content);
      assert.deepEqual(documents.map((document) => document.link).sort(), ['/guides/', '/guides/theming']);
      for (const [link, title] of [
        ['/guides/', 'All the guides'],
        ['/guides/theming', 'Theming'],
        // The folder's address without its slash goes to it, as a static host sends it.
        ['/guides', 'All the guides'],
      ]) {
        const response = await fetch(`${service.url}${link}`);
        assert.equal(response.status, 200, link);
        assert.match(await response.text(), new RegExp(`<h1 id="[^"]+">${title}</h1>`), link);
      }
    } finally {
      await service.close();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
