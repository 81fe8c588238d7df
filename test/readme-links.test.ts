import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HeadingSlugger } from '../src/server/content/heading-slug.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Markdown without its fenced code, where a `](…)` is an example, not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** The anchors GitHub gives a file's headings (github-slugger's, as the service writes them), code left out. */
function headingAnchors(markdown: string): Set<string> {
  const slugger = new HeadingSlugger('github');
  return new Set(
    [...withoutCode(markdown).matchAll(/^#{1,6} +(.+?) *#* *$/gm)].map(([, heading = '']) =>
      slugger.slug(heading),
    ),
  );
}

/** Each relative link of a Markdown file of the repository that names a missing file or heading. */
function brokenLinks(file: string): string[] {
  const markdown = readFileSync(join(ROOT, file), 'utf8');
  const broken: string[] = [];
  for (const [, target = ''] of withoutCode(markdown)
    // A link written in code (`[text](/path)`) is an example too.
    .replace(/`[^`\n]+`/g, '')
    .matchAll(/\]\(([^)\s]+)(?: "[^"]*")?\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
    const [path = '', anchor] = target.split('#');
    const linked = path === '' ? join(ROOT, file) : join(ROOT, dirname(file), decodeURI(path));
    if (!linked.startsWith(ROOT) || !existsSync(linked)) {
      broken.push(`${target} (no ${relative(ROOT, linked)})`);
    } else if (anchor !== undefined && statSync(linked).isFile() && linked.endsWith('.md')) {
      if (!headingAnchors(readFileSync(linked, 'utf8')).has(anchor))
        broken.push(`${target} (no heading #${anchor})`);
    }
  }
  return broken;
}

describe('the README and the benchmark results, read on GitHub', () => {
  for (const file of ['README.md', 'bench/RESULTS.md']) {
    it(`${file} links only to files and headings the repository has`, () => {
      assert.deepEqual(brokenLinks(file), []);
    });
  }

  it('names headings as GitHub does: code left out, repeats numbered', () => {
    const anchors = headingAnchors(
      '# Quick start\n\n## Use it on a site\n\n```md\n# not a heading\n```\n## Use it on a site\n',
    );
    assert.deepEqual([...anchors], ['quick-start', 'use-it-on-a-site', 'use-it-on-a-site-1']);
  });
});
