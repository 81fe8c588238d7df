/**
 * In-process search throughput over the 10,000-page MDN corpus: the distinct title queries of
 * bench/service-load.ts, each answered as `/bot/search` does (numDocs 8), without HTTP. Prints
 * CPU µs per query; quicker to iterate on than the load benchmark, whose figures are the ones that
 * count.
 *
 *   npx tsx bench/search-throughput.ts [--rounds N] [--base DIR [--base-first]] [--dump FILE]
 *
 * `--base DIR` also loads the search code of another checkout (DIR/src/…, e.g. the last commit
 * cloned aside) over the same documents and alternates rounds between the two in this process,
 * so that both meet the same load on the machine; it prints each round and the ratio of the
 * medians. The index built second answers faster (by 6–9% on 2026-12-02, whichever code built
 * it): run again with `--base-first`, which builds the base's index first, and read the
 * geometric mean of the two ratios.
 *
 * `--dump FILE` writes, for every query of the benchmarks and of bench/questions, the results of
 * a search, of a search with a complete last word and of a passage search, with scores in full,
 * and the body `/bot/search` answers (numDocs 8); for each question of bench/questions' MDN and
 * Hono sets also its extractive answer: one JSON line per query (with `--base`, also FILE.base).
 * Two dumps compare with `cmp`.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Answerer } from '../src/server/answer/answerer.js';
import type { SourceDocument } from '../src/server/content/document.js';
import { loadContentFolder } from '../src/server/content/load-folder.js';
import type { SearchIndex } from '../src/server/search/search-index.js';
import { VISITOR_QUERIES, distinctTitleQueries, keystrokes } from './load-queries.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MDN_DIR = process.env['MDN_DIR'] ?? '/tmp/mdn';
const QUESTIONS = join(ROOT, 'bench/questions');

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    base: { type: 'string' },
    'base-first': { type: 'boolean', default: false },
    dump: { type: 'string' },
  },
});

interface Code {
  label: string;
  index: SearchIndex;
  searchDocuments: (index: SearchIndex, request: { query: string; numDocs: number }) => Promise<unknown>;
  answerer: Answerer;
}

async function loadCode(label: string, root: string, documents: SourceDocument[]): Promise<Code> {
  const orama = (await import(join(root, 'src/server/search/orama-index.ts'))) as {
    createOramaIndex: () => SearchIndex;
  };
  const service = (await import(join(root, 'src/server/service/search-documents.ts'))) as Pick<
    Code,
    'searchDocuments'
  >;
  const extractive = (await import(join(root, 'src/server/answer/extractive-answerer.ts'))) as {
    createExtractiveAnswerer: (options: { index: SearchIndex }) => Answerer;
  };
  // The service's index, result cache included: distinct queries miss it, as over HTTP.
  const index = orama.createOramaIndex();
  const started = performance.now();
  await index.load(documents);
  console.log(`${label}: ${documents.length} pages indexed in ${Math.round(performance.now() - started)} ms`);
  const answerer = extractive.createExtractiveAnswerer({ index });
  return { label, index, searchDocuments: service.searchDocuments, answerer };
}

/**
 * CPU µs per query over `queries`, each answered once, as `/bot/search` with numDocs 8: the
 * process's CPU time rather than the clock's, which counts whatever else runs on the machine.
 */
async function timeQueries(code: Code, queries: string[]): Promise<number> {
  const started = process.cpuUsage();
  for (const query of queries) await code.searchDocuments(code.index, { query, numDocs: 8 });
  const { user, system } = process.cpuUsage(started);
  return (user + system) / queries.length;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const readQuestions = <T>(name: string): T[] =>
  existsSync(join(QUESTIONS, name)) ? (JSON.parse(readFileSync(join(QUESTIONS, name), 'utf8')) as T[]) : [];

/** The questions of bench/questions' MDN and Hono sets, answerable or not (a --dump answers each). */
const QUESTION_SETS = readdirSync(QUESTIONS)
  .filter((name) => /^(mdn|hono)-(questions|fresh\d*|unanswerable\d*)\.json$/.test(name))
  .flatMap((name) => readQuestions<{ question: string } | string>(name))
  .map((q) => (typeof q === 'string' ? q : q.question));

/** Every query the benchmarks and the question sets ask, each once. */
function allQueries(distinct: string[]): string[] {
  const typeahead = ['mdn-typeahead.json', 'hono-typeahead.json'].flatMap((name) =>
    readQuestions<{ query: string }>(name).map((q) => q.query),
  );
  const typing = typeahead.flatMap((query) =>
    Array.from({ length: Math.max(0, query.length - 1) }, (_, i) => query.slice(0, i + 2)),
  );
  const unanswerable = readQuestions<string>('unanswerable.json');
  return [
    ...new Set([
      ...QUESTION_SETS,
      ...typeahead,
      ...typing,
      ...unanswerable,
      ...VISITOR_QUERIES.flatMap(keystrokes),
      ...distinct,
    ]),
  ];
}

/** Results with their scores in full, one JSON line per query. */
async function dump(code: Code, queries: string[], file: string): Promise<void> {
  const lines: string[] = [];
  const questions = new Set(QUESTION_SETS);
  for (const query of queries) {
    const pages = await code.index.search(query, { limit: 13 });
    const whole = await code.index.search(query, { limit: 10, prefixLastTerm: false });
    const passages = await code.index.searchPassages(query, { limit: 8, prefixLastTerm: false });
    const { text: body } = (await code.searchDocuments(code.index, { query, numDocs: 8 })) as {
      text: string;
    };
    const answer = questions.has(query)
      ? await code.answerer.answer({ query, history: [], format: 'html', threshold: 0 })
      : undefined;
    lines.push(
      JSON.stringify({
        query,
        pages: pages.map((hit) => [hit.document.id, hit.relevance]),
        whole: whole.map((hit) => [hit.document.id, hit.relevance]),
        passages: passages.map((hit) => [hit.document.id, hit.section.anchor, hit.relevance, hit.coverage]),
        body,
        answer,
      }),
    );
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`${code.label}: ${queries.length} queries dumped to ${file}`);
}

const documents = (await loadContentFolder(MDN_DIR)).documents;
const distinct = distinctTitleQueries(MDN_DIR).map((query) => query.trim());
const codes: Code[] = [];
if (values.base !== undefined && values['base-first'])
  codes.push(await loadCode('base', resolve(values.base), documents));
codes.unshift(await loadCode('this', ROOT, documents));
if (values.base !== undefined && !values['base-first'])
  codes.push(await loadCode('base', resolve(values.base), documents));

if (values.dump !== undefined) {
  const queries = allQueries(distinct);
  await dump(codes[0] as Code, queries, values.dump);
  if (codes[1]) await dump(codes[1], queries, `${values.dump}.base`);
} else {
  // A tenth to warm up (as the load benchmark does), the rest measured once per code: each round
  // a slice of its own, answered by each code in turn (which goes first alternating), so that
  // no query meets what the same code's caches kept from it (the load benchmark's case).
  const warmUp = distinct.slice(0, Math.min(1000, Math.floor(distinct.length / 10)));
  const measured = distinct.slice(warmUp.length);
  for (const code of codes) await timeQueries(code, warmUp);
  const timings = new Map<string, number[]>(codes.map((code) => [code.label, []]));
  const rounds = Number(values.rounds);
  const size = Math.ceil(measured.length / rounds);
  for (let round = 0; round < rounds; round++) {
    const slice = measured.slice(round * size, (round + 1) * size);
    for (const code of round % 2 === 0 ? codes : [...codes].reverse()) {
      const perQuery = await timeQueries(code, slice);
      timings.get(code.label)?.push(perQuery);
      console.log(
        `round ${round + 1} ${code.label}: ${perQuery.toFixed(1)} µs/query (${slice.length} queries)`,
      );
    }
  }
  for (const code of codes) {
    const perQuery = timings.get(code.label) as number[];
    const mean = perQuery.reduce((sum, value) => sum + value, 0) / perQuery.length;
    console.log(`${code.label}: ${mean.toFixed(1)} µs/query over all rounds`);
  }
  if (codes.length === 2) {
    const [own, base] = codes.map((code) => timings.get(code.label) as number[]) as [number[], number[]];
    const ratios = own.map((value, round) => value / (base[round] as number));
    console.log(
      `this / base time: ${(own.reduce((a, b) => a + b) / base.reduce((a, b) => a + b)).toFixed(3)} overall, ` +
        `median of rounds ${median(ratios).toFixed(3)} (${ratios.map((ratio) => ratio.toFixed(2)).join(' ')})`,
    );
  }
}
