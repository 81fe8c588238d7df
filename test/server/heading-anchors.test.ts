import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type AnchorStyle, HeadingSlugger, headingSlug } from '../../src/server/content/heading-slug.js';
import { loadContentFolder } from '../../src/server/content/load-folder.js';
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
  ];
  for (const [heading, github, vitepress, mkdocs] of cases) {
    it(`slugs ${JSON.stringify(heading)}`, () => {
      assert.equal(headingSlug(heading, 'github'), github);
      assert.equal(headingSlug(heading, 'vitepress'), vitepress);
      assert.equal(headingSlug(heading, 'mkdocs'), mkdocs);
    });
  }

  it('numbers a repeated heading as each generator does, past an anchor the page took itself', () => {
    const anchorsOf = (style: AnchorStyle) => {
      const slugger = new HeadingSlugger(style);
      return [slugger.slug('Usage'), slugger.take('usage-1'), slugger.slug('Usage'), slugger.slug('Usage')];
    };
    assert.deepEqual(anchorsOf('github'), ['usage', 'usage-1', 'usage-2', 'usage-3']);
    assert.deepEqual(anchorsOf('vitepress'), ['usage', 'usage-1', 'usage-2', 'usage-3']);
    const mkdocs = new HeadingSlugger('mkdocs');
    assert.deepEqual(
      [mkdocs.slug('Usage'), mkdocs.slug('Usage'), mkdocs.slug('Usage')],
      ['usage', 'usage_1', 'usage_2'],
    );
  });

  it('gives a heading of punctuation only no anchor', () => {
    assert.equal(new HeadingSlugger('github').slug('!?'), '');
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

  it('recognises MkDocs, Docusaurus and Astro by their config above the content folder', () => {
    writeFileSync(join(folder('mkdocs-site'), 'mkdocs.yml'), 'site_name: Docs\n');
    assert.deepEqual(
      { ...siteGeneratorOf(folder('mkdocs-site', 'docs')), evidence: undefined },
      { name: 'MkDocs', anchors: 'mkdocs', evidence: undefined },
    );
    writeFileSync(join(folder('docusaurus-site'), 'docusaurus.config.ts'), 'export default {};\n');
    assert.equal(siteGeneratorOf(folder('docusaurus-site', 'docs', 'guides')).name, 'Docusaurus');
    writeFileSync(join(folder('starlight-site'), 'astro.config.mjs'), 'export default {};\n');
    const starlight = siteGeneratorOf(folder('starlight-site', 'src', 'content', 'docs'));
    assert.deepEqual([starlight.name, starlight.anchors], ['Astro', 'github']);
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
