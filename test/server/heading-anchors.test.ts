import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type AnchorStyle, HeadingSlugger, headingSlug } from '../../src/server/content/heading-slug.js';
import { htmlDocument } from '../../src/server/content/html-document.js';
import { loadContentFolder } from '../../src/server/content/load-folder.js';
import { markdownSections } from '../../src/server/content/markdown-sections.js';
import { siteGeneratorOf } from '../../src/server/content/site-generator.js';

/**
 * Expected anchors checked against each generator's own code: github-slugger 2, @mdit-vue/shared's
 * slugify with markdown-it-anchor (VitePress), and Python-Markdown 3.4's toc extension (MkDocs).
 */
describe('heading anchors in each generator style', () => {
  const cases: [heading: string, github: string, vitepress: string, mkdocs: string][] = [
    ['Getting started', 'getting-started', 'getting-started', 'getting-started'],
    ['c.req.param()', 'creqparam', 'c-req-param', 'creqparam'],
    ['1. Setup', '1-setup', '_1-setup', '1-setup'],
    ['set / get', 'set--get', 'set-get', 'set-get'],
    ["Hono's router", 'honos-router', 'hono-s-router', 'honos-router'],
    ['snake_case name', 'snake_case-name', 'snake-case-name', 'snake_case-name'],
    ['Café résumé', 'café-résumé', 'cafe-resume', 'cafe-resume'],
    ['日本語の見出し', '日本語の見出し', '日本語の見出し', ''],
    ['issuer: string | RegExp', 'issuer-string--regexp', 'issuer-string-regexp', 'issuer-string-regexp'],
    ['C++ & C#', 'c--c', 'c-c', 'c-c'],
    ['x² + y²', 'x--y', 'x2-y2', 'x2-y2'],
  ];
  for (const [heading, github, vitepress, mkdocs] of cases) {
    it(`slugs ${JSON.stringify(heading)}`, () => {
      assert.equal(headingSlug(heading, 'github'), github);
      assert.equal(headingSlug(heading, 'vitepress'), vitepress);
      assert.equal(headingSlug(heading, 'mkdocs'), mkdocs);
    });
  }

  it('numbers a repeated heading as each generator does, past an anchor the page set itself', () => {
    const anchorsOf = (style: AnchorStyle) => {
      const slugger = new HeadingSlugger(style);
      return [slugger.slug('Usage'), slugger.take('usage-1'), slugger.slug('Usage'), slugger.slug('Usage')];
    };
    // github-slugger knows nothing of the page's own ids: Docusaurus writes usage-1 twice.
    assert.deepEqual(anchorsOf('github'), ['usage', 'usage-1', 'usage-1', 'usage-2']);
    assert.deepEqual(anchorsOf('vitepress'), ['usage', 'usage-1', 'usage-2', 'usage-3']);
  });

  it("numbers as Python-Markdown does for MkDocs: on from an _N, empty ones too, the page's ids first", () => {
    const anchors = (markdown: string) =>
      markdownSections(markdown, 'mkdocs').map((section) => section.anchor);
    assert.deepEqual(anchors('## Usage\n\n## Usage\n\n## Usage_1\n'), ['usage', 'usage_1', 'usage_2']);
    assert.deepEqual(anchors('## Step_2\n\n## Step_2\n'), ['step_2', 'step_3']);
    assert.deepEqual(anchors('## Установка\n\n## 安装\n'), ['_1', '_2']);
    assert.deepEqual(anchors('## Usage\n\n## Usage\n\n## Other {#usage_1}\n'), [
      'usage',
      'usage_2',
      'usage_1',
    ]);
  });

  it('reads a heading as the generator does: its attribute list, a setext heading, what inline HTML leaves', () => {
    const first = (markdown: string, style: AnchorStyle) => markdownSections(markdown, style)[0];
    for (const written of [
      '## Install {#setup}',
      '## Install { #setup }',
      '## Install {#setup .lead}',
      '## Install {: #setup}',
    ])
      assert.deepEqual(
        [first(written, 'vitepress')?.heading, first(written, 'mkdocs')?.anchor],
        ['Install', 'setup'],
        written,
      );
    const classOnly = first('## Install {.lead}', 'github');
    assert.deepEqual([classOnly?.heading, classOnly?.anchor], ['Install', 'install']);
    const setext = 'Use `x.y` and [link](/a)\n---\n';
    assert.equal(first(setext, 'vitepress')?.anchor, 'use-x-y-and-link');
    assert.equal(first(setext, 'github')?.anchor, 'use-xy-and-link');
    // GitHub and Docusaurus slug the text as rendered: the space before a component stays.
    const badge = first('## foo <Badge text="beta"/>', 'github');
    assert.deepEqual([badge?.heading, badge?.anchor], ['foo', 'foo-']);
    assert.equal(first('## foo <Badge text="beta"/>', 'vitepress')?.anchor, 'foo');
  });

  it("gives an HTML heading without an id the anchor of its text as shown, not of the source's line breaks", () => {
    const page = htmlDocument(
      'page.html',
      '<main><h2>\n      Getting   started\n    </h2><p>Install.</p></main>',
    );
    assert.deepEqual(
      page.sections.map((section) => [section.heading, section.anchor]),
      [['Getting started', 'getting-started']],
    );
  });

  it('gives a heading of punctuation only no anchor, and a second one what the generator gives it', () => {
    const github = new HeadingSlugger('github');
    assert.deepEqual([github.slug('!?'), github.slug('…')], ['', '-1']);
  });
});

describe('the site generator beside a content folder', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'ask-elements-generator-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  const folder = (...parts: string[]) => {
    const path = join(root, ...parts);
    mkdirSync(path, { recursive: true });
    return path;
  };
  const page =
    '# Getting started\n\n## c.req.param()\n\nRead a path parameter.\n\n## 1. Setup\n\nInstall it.\n';

  it('recognises VitePress by the .vitepress folder in the docs, or in the docs of the folder given', () => {
    const docs = folder('vitepress-site', 'docs');
    folder('vitepress-site', 'docs', '.vitepress');
    const inside = siteGeneratorOf(docs);
    assert.equal(inside.name, 'VitePress');
    assert.equal(inside.anchors, 'vitepress');
    assert.equal(inside.evidence, join(docs, '.vitepress'));
    assert.equal(siteGeneratorOf(join(root, 'vitepress-site')).anchors, 'vitepress');
  });

  it('recognises MkDocs by its config above the content folder, also through a linked folder', () => {
    writeFileSync(join(folder('mkdocs-site'), 'mkdocs.yml'), 'site_name: Docs\n');
    assert.deepEqual(
      { ...siteGeneratorOf(folder('mkdocs-site', 'docs', 'guides')), evidence: undefined },
      { name: 'MkDocs', anchors: 'mkdocs', evidence: undefined },
    );
    symlinkSync(join(root, 'mkdocs-site', 'docs'), join(folder('links'), 'docs'));
    assert.equal(siteGeneratorOf(join(root, 'links', 'docs')).name, 'MkDocs');
  });

  it("recognises Docusaurus by its config above the docs, in GitHub's style, which it writes", () => {
    const config = join(folder('docusaurus-site'), 'docusaurus.config.ts');
    writeFileSync(config, 'export default {};\n');
    assert.deepEqual(siteGeneratorOf(folder('docusaurus-site', 'docs')), {
      name: 'Docusaurus',
      evidence: config,
      anchors: 'github',
    });
  });

  it("falls back to GitHub's style when nothing names a generator", () => {
    assert.deepEqual(siteGeneratorOf(folder('plain', 'notes')), { anchors: 'github' });
  });

  it('reads a VitePress folder with VitePress anchors, in this thread and in workers, unless told otherwise', async () => {
    const docs = folder('vitepress-read', 'docs');
    folder('vitepress-read', 'docs', '.vitepress');
    writeFileSync(join(docs, 'start.md'), page);
    const anchors = (documents: { sections: { anchor: string }[] }[]) =>
      documents.flatMap((document) => document.sections.map((section) => section.anchor));
    const expected = ['getting-started', 'c-req-param', '_1-setup'];
    assert.deepEqual(anchors((await loadContentFolder(docs)).documents), expected);
    assert.deepEqual(anchors((await loadContentFolder(docs, { workers: 1 })).documents), expected);
    assert.deepEqual(anchors((await loadContentFolder(docs, { anchors: 'github' })).documents), [
      'getting-started',
      'creqparam',
      '1-setup',
    ]);
  });
});
