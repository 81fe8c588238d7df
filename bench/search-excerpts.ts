/**
 * Whether a search result's excerpt shows why it matched: over the typeahead sets of Hono and
 * MDN (bench/questions/*typeahead*.json), every state of typing them from their second letter,
 * and the demo's questions (demo-fresh.json), each asked as `/bot/search` answers it (numDocs 8,
 * in this process, no HTTP), the share of the excerpts shown (`section.excerpt`)
 * that hold at least one of the query's words, read two ways:
 *
 * - marked: `<search-box>` marks a word of the query in it (src/elements/search-box/highlight.ts),
 *   what the visitor sees;
 * - read: it holds a word of the query as the index reads words (its term: stem, case, accents),
 *   or a word the query's last word starts (a word being typed);
 *
 * and, for scale, the share whose section has a paragraph of prose (`sectionProse`) holding one
 * (read so): the most a choice of paragraph can show, the rest found by their heading, code, a
 * table or a list of names.
 *
 * Prints numbers, asserts nothing.
 *
 *   npx tsx bench/search-excerpts.ts [--hono] [--mdn] [--demo] [--base DIR] [--misses]
 *
 * `--base DIR` also measures the search code of another checkout (DIR/src/…, e.g. the last
 * commit checked out aside, with a node_modules) over the same documents. `--misses` lists the
 * excerpts of this checkout that hold no word of the query (the first 20 of each set).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { highlightPieces } from '../src/elements/search-box/highlight.js';
import type { SourceDocument } from '../src/server/content/document.js';
import { loadContentFolder } from '../src/server/content/load-folder.js';
import { sectionProse } from '../src/server/content/summary.js';
import type { SearchIndex } from '../src/server/search/search-index.js';
import { TextAnalyser } from '../src/server/search/text-analyser.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const QUESTIONS = join(ROOT, 'bench/questions');
/** The shared corpora beside the checkout (as bench/answer-quality.ts finds them), else the project's. */
const CORPORA = [join(ROOT, '../shared/corpora'), '/work/shared/corpora'].find((dir) =>
  existsSync(dir),
) as string;
const MDN_DIR = process.env['MDN_DIR'] ?? '/tmp/mdn';

const { values } = parseArgs({
  options: {
    hono: { type: 'boolean', default: false },
    mdn: { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
    base: { type: 'string' },
    misses: { type: 'boolean', default: false },
  },
});

interface Code {
  label: string;
  createOramaIndex: () => SearchIndex;
  searchDocuments: (
    index: SearchIndex,
    request: { query: string; numDocs: number },
  ) => Promise<{ text: string }>;
}

async function loadCode(label: string, root: string): Promise<Code> {
  const orama = (await import(join(root, 'src/server/search/orama-index.ts'))) as Pick<
    Code,
    'createOramaIndex'
  >;
  const service = (await import(join(root, 'src/server/service/search-documents.ts'))) as Pick<
    Code,
    'searchDocuments'
  >;
  return { label, ...orama, ...service };
}

const read = <T>(name: string): T[] => JSON.parse(readFileSync(join(QUESTIONS, name), 'utf8')) as T[];
const typeahead = (corpus: string): string[] =>
  [`${corpus}-typeahead.json`, `${corpus}-typeahead2.json`].flatMap((name) =>
    read<{ query: string }>(name).map((item) => item.query),
  );

interface Shown {
  excerpts: number;
  marked: number;
  read: number;
  /** Excerpts whose section has a paragraph of prose holding a query word. */
  possible: number;
  misses: string[];
}

/** Whether the excerpt holds a word of the query as the index reads words (see the top). */
function holdsQueryWord(analyser: TextAnalyser, excerpt: string, query: string): boolean {
  const queryWords = analyser.words(query);
  const terms = new Set(queryWords.map((word) => analyser.term(word)).filter((term) => term !== ''));
  const typed = queryWords.at(-1);
  const typing = typed !== undefined && !analyser.isStopWord(typed) && !/\s$/.test(query);
  return analyser
    .words(excerpt)
    .some(
      (word) =>
        terms.has(analyser.term(word)) ||
        (typing && analyser.completable(word).startsWith(analyser.completable(typed))),
    );
}

/** The prose of each section, by its link (`link#anchor`): a long section's passages are one. */
function proseByLink(documents: SourceDocument[]): Map<string, string[]> {
  const byLink = new Map<string, string[]>();
  for (const document of documents)
    for (const section of document.sections) {
      const link = `${document.link}#${section.anchor}`;
      byLink.set(link, [...(byLink.get(link) ?? []), ...sectionProse(section).map(({ prose }) => prose)]);
    }
  return byLink;
}

async function measure(
  code: Code,
  index: SearchIndex,
  queries: string[],
  prose: Map<string, string[]>,
): Promise<Shown> {
  const analyser = new TextAnalyser(index.language);
  const shown: Shown = { excerpts: 0, marked: 0, read: 0, possible: 0, misses: [] };
  for (const query of queries) {
    const found = await code.searchDocuments(index, { query, numDocs: 8 });
    const items = JSON.parse(found.text) as { link: string; section?: { link: string; excerpt?: string } }[];
    for (const item of items) {
      const excerpt = item.section?.excerpt;
      if (excerpt === undefined) continue;
      shown.excerpts++;
      const marked = highlightPieces(excerpt, query).some((piece) => piece.match);
      const held = holdsQueryWord(analyser, excerpt, query);
      if (marked) shown.marked++;
      if (held) shown.read++;
      const paragraphs = prose.get(item.section?.link ?? '') ?? [];
      if (paragraphs.some((paragraph) => holdsQueryWord(analyser, paragraph, query))) shown.possible++;
      if (!marked && !held) shown.misses.push(`${query} → ${item.section?.link}: ${excerpt}`);
    }
  }
  return shown;
}

const pct = (part: number, whole: number): string => `${((100 * part) / Math.max(whole, 1)).toFixed(1)}%`;

async function benchmark(
  name: string,
  documents: SourceDocument[],
  sets: Record<string, string[]>,
): Promise<void> {
  console.log(`\n== ${name}: ${documents.length} pages ==`);
  const prose = proseByLink(documents);
  for (const code of codes) {
    const index = code.createOramaIndex();
    await index.load(documents);
    for (const [set, queries] of Object.entries(sets)) {
      const shown = await measure(code, index, queries, prose);
      console.log(
        `  ${code.label.padEnd(5)} ${set.padEnd(22)} ${String(queries.length).padStart(4)} queries, ` +
          `${String(shown.excerpts).padStart(4)} excerpts: a query word marked ${pct(shown.marked, shown.excerpts)}, ` +
          `read ${pct(shown.read, shown.excerpts)} (a paragraph of prose of the section holds one: ${pct(shown.possible, shown.excerpts)})`,
      );
      if (values.misses && code === codes[0])
        for (const miss of shown.misses.slice(0, 20)) console.log(`      ${miss}`);
    }
  }
}

/** Every state of typing the queries, from their second letter: what the box searches. */
const typing = (queries: string[]): string[] => [
  ...new Set(
    queries.flatMap((query) => Array.from({ length: query.length - 1 }, (_, i) => query.slice(0, i + 2))),
  ),
];

const codes = [await loadCode('this', ROOT)];
if (values.base !== undefined) codes.push(await loadCode('base', resolve(values.base)));
const all = !values.hono && !values.mdn && !values.demo;

if (all || values.demo) {
  const questions = read<{ question: string }>('demo-fresh.json').map((item) => item.question);
  const { documents } = await loadContentFolder(join(ROOT, 'demo/content'));
  await benchmark('demo docs', documents, { questions });
}
if (all || values.hono) {
  const queries = typeahead('hono');
  const { documents } = await loadContentFolder(join(CORPORA, 'hono'));
  await benchmark('Hono docs', documents, { typeahead: queries, 'typeahead while typing': typing(queries) });
}
if (all || values.mdn) {
  if (!existsSync(MDN_DIR)) throw new Error(`${MDN_DIR} is missing: run bench/answer-quality.ts --mdn once`);
  const queries = typeahead('mdn');
  const { documents } = await loadContentFolder(MDN_DIR);
  await benchmark('MDN (10,000 pages)', documents, {
    typeahead: queries,
    'typeahead while typing': typing(queries),
  });
}
