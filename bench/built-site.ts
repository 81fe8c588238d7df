/**
 * How a site's built pages read against its sources: the same documentation read from its
 * Markdown and from the HTML a generator (VitePress, Docusaurus, Starlight…) built from it, page
 * by page, then searched with the same questions. A built site should read as its sources do;
 * what differs is junk the HTML reader kept or text it lost.
 *
 *   npx tsx bench/built-site.ts --markdown DIR --html DIR [--questions 'hono-*.json']
 *
 * The built folder holds the generator's pages at the paths of their sources
 * (`docs/api/request.md` built as `docs/api/request.html`, `index.md` as `index.html`), without
 * its assets. bench/RESULTS.md's "Built sites" says how the figures there were made.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { SourceDocument } from '../src/server/content/document.js';
import { loadContentFolder } from '../src/server/content/load-folder.js';
import { createOramaIndex } from '../src/server/search/orama-index.js';

const { values } = parseArgs({
  options: {
    markdown: { type: 'string' },
    html: { type: 'string' },
    questions: { type: 'string', default: 'hono-*.json' },
  },
});
if (!values.markdown || !values.html) {
  console.error("usage: npx tsx bench/built-site.ts --markdown DIR --html DIR [--questions 'hono-*.json']");
  process.exit(2);
}

const sources = await loadContentFolder(values.markdown);
const built = await loadContentFolder(values.html);
const byLink = (documents: SourceDocument[]) =>
  new Map(documents.map((document) => [document.link, document]));
const sourceByLink = byLink(sources.documents);
const builtByLink = byLink(built.documents);

console.log(`pages: ${sources.documents.length} from Markdown, ${built.documents.length} built`);
const onlySources = [...sourceByLink.keys()].filter((link) => !builtByLink.has(link));
const onlyBuilt = [...builtByLink.keys()].filter((link) => !sourceByLink.has(link));
console.log(
  `  links only in the Markdown: ${onlySources.length}, only in the built pages: ${onlyBuilt.length}`,
);

/** A page's paragraphs, spaces tidied, each once. */
const paragraphs = (document: SourceDocument): Set<string> =>
  new Set(
    document.sections.flatMap((section) =>
      [section.heading, ...section.text.split(/\n{2,}/)].map((text) => text.replace(/\s+/g, ' ').trim()),
    ),
  );

let sameTitle = 0;
let sameDescription = 0;
const extra = new Map<string, number>();
const missing = new Map<string, number>();
let pairs = 0;
for (const [link, source] of sourceByLink) {
  const page = builtByLink.get(link);
  if (!page) continue;
  pairs++;
  if (page.title === source.title) sameTitle++;
  if (page.description === source.description) sameDescription++;
  const fromSource = paragraphs(source);
  const fromPage = paragraphs(page);
  // Short paragraphs only: junk is a label or a line ("Edit this page", "npm"), not prose.
  for (const text of fromPage)
    if (!fromSource.has(text) && text.length > 0 && text.length <= 40)
      extra.set(text, (extra.get(text) ?? 0) + 1);
  for (const text of fromSource)
    if (!fromPage.has(text) && text.length > 0 && text.length <= 40)
      missing.set(text, (missing.get(text) ?? 0) + 1);
}
console.log(`  same title: ${sameTitle} of ${pairs}; same description: ${sameDescription} of ${pairs}`);
const common = (counts: Map<string, number>) =>
  [...counts]
    .filter(([, count]) => count >= 3)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([text, count]) => `${JSON.stringify(text)} ×${count}`);
console.log(
  `  short paragraphs only the built pages have, on 3 pages or more: ${common(extra).join(', ') || 'none'}`,
);
console.log(
  `  short paragraphs only the Markdown has, on 3 pages or more: ${common(missing).join(', ') || 'none'}`,
);

const pattern = new RegExp(`^${values.questions.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
const questionFiles = readdirSync(new URL('questions/', import.meta.url)).filter((name) =>
  pattern.test(name),
);
const asked: string[] = [];
const questions = questionFiles.flatMap((name) => {
  const parsed: unknown = JSON.parse(readFileSync(new URL(`questions/${name}`, import.meta.url), 'utf8'));
  // A set of conversations (`hono-conversations.json`) is an object, not a list of questions.
  if (!Array.isArray(parsed)) return [];
  return (parsed as { question?: string; query?: string; expected?: string[] }[]).flatMap((item) => {
    const text = item.question ?? item.query;
    if (!text || !item.expected || item.expected.length === 0) return [];
    if (!asked.includes(name)) asked.push(name);
    return [{ text, expected: item.expected }];
  });
});

async function hits(documents: SourceDocument[]): Promise<[number, number]> {
  const index = createOramaIndex({ resultCacheSize: 0 });
  await index.load(documents);
  let first = 0;
  let top3 = 0;
  for (const { text, expected } of questions) {
    const links = (await index.search(text, { limit: 3 })).map((hit) => hit.document.link);
    if (expected.includes(links[0] ?? '')) first++;
    if (links.some((link) => expected.includes(link))) top3++;
  }
  return [first / questions.length, top3 / questions.length];
}

const [sourceFirst, sourceTop3] = await hits(sources.documents);
const [builtFirst, builtTop3] = await hits(built.documents);
console.log(`\nsearch, ${questions.length} questions (${asked.join(', ')}):`);
console.log(`  Markdown      hit@1 ${sourceFirst.toFixed(3)}  hit@3 ${sourceTop3.toFixed(3)}`);
console.log(`  built pages   hit@1 ${builtFirst.toFixed(3)}  hit@3 ${builtTop3.toFixed(3)}`);
