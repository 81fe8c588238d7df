/**
 * Answer-quality benchmark: search and ask over real documentation (the Hono docs site and
 * 10,000 MDN pages), against a plain BM25 baseline (title and text as one field, English stop words, Porter stems)
 * measured in the same run. Prints numbers, asserts nothing.
 *
 *   npx tsx bench/answer-quality.ts            (expands MDN into /tmp/mdn when missing)
 *   npx tsx bench/answer-quality.ts --hono     (Hono only)
 *   npx tsx bench/answer-quality.ts --mdn      (MDN only)
 *   npx tsx bench/answer-quality.ts --demo     (the demo's own docs only; flags combine)
 *   npx tsx bench/answer-quality.ts --forkful  (a shop's help centre only)
 *   npx tsx bench/answer-quality.ts --hublane  (a team inbox's user docs only)
 *
 *   npx tsx bench/answer-quality.ts --misses   (also lists what ours got wrong on the seen sets)
 *   npx tsx bench/answer-quality.ts --skip-baseline   (ours only, quicker while working)
 *   npx tsx bench/answer-quality.ts --name-offset 3   (another sample of pages whose names are typed)
 *
 * Questions are in bench/questions/, written in a visitor's words. Every other question is held
 * out of tuning: figures are given for the tuning half, the held-out half, and all. The fresh
 * sets (*-fresh.json) were written later by someone who never saw the rankings, and are not
 * tuned on, though their misses have been read while working. The second fresh sets
 * (*-fresh2.json, *-unanswerable2.json: 100 MDN and 50 Hono questions, 25 near misses each) were
 * written blind later still: the misses of their even-numbered half (`fresh2 seen`) were read
 * while working, those of the odd half (`fresh2 blind`) never are, nor printed. The third fresh
 * sets (*-fresh3.json, *-unanswerable3.json: 120 MDN and 50 Hono questions, 30 and 20 that the
 * site doesn't answer) were written blind too, by someone who saw neither the rankings nor the
 * earlier sets; none of their misses is read or printed (`fresh3 blind`). The fourth fresh sets
 * (*-fresh4.json, *-unanswerable4.json: 80 MDN and 40 Hono questions, 25 and 20 that the site
 * doesn't answer) were written blind on 2026-11-27, after the answer decision's least coverage was
 * set with the third sets' aggregates in view, to measure it on questions nobody had used; none of
 * their misses is read or printed (`fresh4 blind`). The fifth fresh sets (*-fresh5.json,
 * *-unanswerable5.json: 100 MDN and 50 Hono questions, 30 each that the site doesn't answer) were
 * written blind on 2026-11-29 by someone who read neither the code nor the rankings, before any
 * change of that day to the search; none of their misses is read or printed (`fresh5 blind`). The sixth
 * fresh sets (*-fresh6.json, *-unanswerable6.json: 100 MDN and 50 Hono questions, 30 each that
 * the site doesn't answer) were written the same way on 2026-11-29, later that day, by a helper
 * who read only the pages, before that session's changes to the search; none of their misses is
 * read or printed (`fresh6 blind`). The seventh fresh sets (*-fresh7.json, *-unanswerable7.json:
 * 100 MDN and 50 Hono questions, 30 each that the site doesn't answer) were written the same way
 * on 2026-11-29 by a helper who read only the pages, aiming at pages and details the earlier sets
 * leave out, before any change of that session to the search; as with the second fresh sets, the
 * misses of their even-numbered half (`fresh7 seen`) may be read, those of the odd half
 * (`fresh7 blind`) never are. The eighth fresh sets (*-fresh8.json, *-unanswerable8.json: 30
 * answerable questions each, and 30 each that the site doesn't answer, a third off-topic, two
 * thirds near misses checked against the corpus) were written on 2026-11-30 by a helper from the
 * pages alone, before that helper's changes to the answer decision; none of their misses is read
 * or printed (`fresh8 blind`). The tenth fresh sets (*-fresh10.json, *-unanswerable10.json: 40
 * answerable questions each, and 20 each that the site doesn't answer, half near misses checked
 * against the corpus by grep, half off-topic; the MDN questions on pages picked by random line of
 * the corpus file) were written on 2026-12-01 by a helper from the pages alone, before running
 * any search or reading the search code; none of their misses is read or printed
 * (`fresh10 blind`). The eleventh fresh sets (*-fresh11.json, *-unanswerable11.json: 50 MDN and 40
 * Hono answerable questions, a second page listed where it also answers, and 20 each that the site
 * doesn't answer, half near misses checked against the corpus by grep and kept off the topics of
 * the seen unanswerable sets, half off-topic) were written on 2026-12-03 by a helper from the pages
 * alone, without running any search, the service or this benchmark, and without reading the search
 * code or the recorded answer-quality figures. Their pages were drawn at random: MDN by
 * `seq 1 10000 | shuf -n 70` over the corpus file's lines, Hono by `shuf -n 40` over its sorted
 * pages above 700 bytes, each with `--random-source` the bytes of
 * `openssl enc -aes-256-ctr -pass pass:mdn-fresh11 (hono-fresh11) -nosalt </dev/zero`; MDN's first
 * 51 draws less a stub (/web/xml/), with two of them (SVGMaskElement, CSSScopeRule) dropped for
 * two pasted error messages on pages already drawn. None of their misses is read or printed
 * (`fresh11 blind`). The twelfth fresh sets (*-fresh12.json, *-unanswerable12.json: 50 MDN and 40
 * Hono answerable questions, a second page listed where it also answers, the Hono ones also
 * annotated with the sections that answer them for bench/answer-sections.ts, and 20 each that the
 * site doesn't answer, made as the eleventh: half near misses grep-checked absent from the corpus
 * and kept off the earlier unanswerable sets' topics, half off-topic) were written on 2026-12-03,
 * later that day, by a helper from the pages alone, before running any search, the service or this
 * benchmark, and without reading the search code or the recorded answer-quality figures. Pages
 * drawn the same way with passes mdn-fresh12 and hono-fresh12 (Hono's pages listed by
 * `find hono -name '*.md' -size +700c | sort`, 106); MDN's first 50 draws, none a stub. None of
 * their misses is read or printed (`fresh12 blind`). The thirteenth fresh sets (*-fresh13.json,
 * *-unanswerable13.json: 50 MDN and 40 Hono answerable questions, the Hono ones annotated with their
 * sections, and 20 each that the site doesn't answer, half near misses grep-checked absent from the
 * corpus, half off-topic) were written on 2026-12-03 by a helper from the pages alone, before running
 * any search, the service or this benchmark. MDN's pages drawn as before with pass mdn-fresh13
 * (`shuf -n 120`), keeping the first 50 draws that no earlier set expects and that have 1,500
 * characters of body or more; Hono's (every page is expected by some earlier set) chosen for details
 * the earlier sets leave out, by grepping their expected pages, sections and questions. None of their
 * misses is read or printed (`fresh13 blind`). The second typeahead
 * sets (*-typeahead2.json: 80 MDN and 40 Hono searches of 1–3 words, a third of them with the
 * last word half typed, a third a subject in the visitor's words, the rest keyword pairs, one
 * typo, error fragments, names in lower case) were written the same way, checked against the
 * corpus files only; as with the second fresh sets, the misses of their even-numbered half
 * (`typeahead2 seen`) were read while working, those of the odd half (`typeahead2 blind`) never
 * are. Unanswerable questions are off-topic ones shared by both corpora (unanswerable.json) and
 * near misses per corpus (hono-unanswerable.json, mdn-unanswerable.json): topics next to the
 * site's, not covered. The manual-page sets in German, French and Japanese (man-*-fresh.json, 45–48
 * questions each, a fifth of them searches of 1–3 words; man-*-unanswerable.json, 12 each) were
 * written on 2026-11-29 by a helper who read the rendered pages and never ran a search; their
 * misses were not read while the service learnt those languages that day (`--man`); the sets in
 * Russian, Spanish and Italian (35–41 questions each) were written the same way that day, later.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { components } from '@orama/orama';
import { createExtractiveAnswerer } from '../src/server/answer/extractive-answerer.js';
import type { SourceDocument } from '../src/server/content/document.js';
import type { Passage } from '../src/wire/index.js';
import { otherPages, SEE_ALSO_PAGES } from '../src/elements/ask-chat/answer-documents.js';
import { loadContentFolder } from '../src/server/content/load-folder.js';
import { createOramaIndex } from '../src/server/search/orama-index.js';
import type { SearchIndex } from '../src/server/search/search-index.js';

/** The shared corpora beside the checkout, else the project's (a clone in /tmp has none beside it). */
export const CORPORA = [
  new URL('../../shared/corpora/', import.meta.url).pathname,
  '/work/shared/corpora/',
].find((dir) => existsSync(dir)) as string;
const QUESTIONS = new URL('./questions/', import.meta.url).pathname;
export const MDN_DIR = process.env['MDN_DIR'] ?? '/tmp/mdn';

interface Question {
  question: string;
  expected: string[];
}
interface TypeaheadQuery {
  query: string;
  expected: string[];
}

const readJson = <T>(name: string): T => JSON.parse(readFileSync(`${QUESTIONS}${name}`, 'utf8')) as T;

/** A ranker: links of the top results for a query. */
export type Ranker = (query: string) => Promise<string[]>;

interface RankStats {
  hit1: number;
  hit3: number;
  mrr: number;
  n: number;
}

export async function rankStats(
  ranker: Ranker,
  items: { text: string; expected: string[] }[],
): Promise<RankStats> {
  let hit1 = 0;
  let hit3 = 0;
  let mrr = 0;
  for (const item of items) {
    const links = await ranker(item.text);
    const rank = links.findIndex((link) => item.expected.includes(link));
    if (rank === 0) hit1++;
    if (rank >= 0 && rank < 3) hit3++;
    if (rank >= 0) mrr += 1 / (rank + 1);
  }
  const n = Math.max(items.length, 1);
  return { hit1: hit1 / n, hit3: hit3 / n, mrr: mrr / n, n: items.length };
}

/**
 * Lucene's English stop words (its `EnglishAnalyzer` default): what a plain BM25 set-up drops.
 */
const PLAIN_STOP_WORDS = new Set(
  (
    'a an and are as at be but by for if in into is it no not of on or such that the their then there ' +
    'these they this to was will with'
  ).split(' '),
);

/**
 * Plain BM25, as a search engine's default English set-up gives it: title and text as one field,
 * lower-cased, split at anything that is not a letter or digit, Lucene's English stop words
 * dropped, Porter-stemmed (Orama's English stemmer), k1 1.2, b 0.75, every page holding a word
 * of the query ranked by the sum of its words' scores. (Orama's own `search` was the baseline
 * before: it puts pages holding every word of the query first, and a question's "how", "do" and
 * "I" are in every long guide, so on MDN it found the page meant for 3% of the questions.)
 */
export async function baselineIndex(documents: SourceDocument[]): Promise<{
  ranker: Ranker;
  /** The top `limit` links (the ranker gives 10). */
  top: (query: string, limit: number) => string[];
  topScore: (query: string) => Promise<{ link: string; score: number } | undefined>;
}> {
  const tokenizer = components.tokenizer.createTokenizer({
    language: 'english',
    stemming: true,
    stopWords: false,
  });
  const stem = (tokenizer as unknown as { stemmer: (word: string) => string }).stemmer;
  const stems = new Map<string, string>();
  const termsOf = (text: string): string[] =>
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((word) => {
      if (PLAIN_STOP_WORDS.has(word)) return [];
      let term = stems.get(word);
      if (term === undefined) stems.set(word, (term = stem(word)));
      return [term];
    });
  const postings = new Map<string, number[]>(); // term → page, frequency, page, frequency, …
  const lengths = documents.map((document, page) => {
    const terms = termsOf(`${document.title}\n${document.text}`);
    const frequencies = new Map<string, number>();
    for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    for (const [term, frequency] of frequencies) {
      const list = postings.get(term);
      if (list) list.push(page, frequency);
      else postings.set(term, [page, frequency]);
    }
    return terms.length;
  });
  const averageLength = lengths.reduce((sum, length) => sum + length, 0) / Math.max(lengths.length, 1);
  const k1 = 1.2;
  const b = 0.75;
  const run = (query: string, limit: number): { page: number; score: number }[] => {
    const scores = new Map<number, number>();
    for (const term of new Set(termsOf(query))) {
      const list = postings.get(term);
      if (!list) continue;
      const pages = list.length / 2;
      const idf = Math.log(1 + (documents.length - pages + 0.5) / (pages + 0.5));
      for (let i = 0; i < list.length; i += 2) {
        const page = list[i] as number;
        const frequency = list[i + 1] as number;
        const norm = k1 * (1 - b + (b * (lengths[page] as number)) / averageLength);
        scores.set(page, (scores.get(page) ?? 0) + (idf * frequency * (k1 + 1)) / (frequency + norm));
      }
    }
    return [...scores]
      .map(([page, score]) => ({ page, score }))
      .sort((x, y) => y.score - x.score || x.page - y.page)
      .slice(0, limit);
  };
  const linkOf = (page: number) => (documents[page] as SourceDocument).link;
  return {
    ranker: async (query) => run(query, 10).map((hit) => linkOf(hit.page)),
    top: (query, limit) => run(query, limit).map((hit) => linkOf(hit.page)),
    topScore: async (query) => {
      const [best] = run(query, 1);
      return best ? { link: linkOf(best.page), score: best.score } : undefined;
    },
  };
}

const pct = (value: number): string => `${(value * 100).toFixed(1)}%`.padStart(7);
const num = (value: number): string => value.toFixed(3).padStart(7);

function printRankRow(label: string, stats: RankStats): void {
  console.log(
    `  ${label.padEnd(34)} n=${String(stats.n).padStart(3)}  hit@1 ${num(stats.hit1)}  hit@3 ${num(stats.hit3)}  MRR ${num(stats.mrr)}`,
  );
}

/** A blind set's halves: misses of the even-numbered read while working, the odd never. */
export const seenAndBlind = <T>(name: string, items: T[]): Record<string, T[]> => ({
  [`${name} seen`]: items.filter((_, i) => i % 2 === 0),
  [`${name} blind`]: items.filter((_, i) => i % 2 === 1),
});

/**
 * Queries that type a page's name, for about 1,500 pages spread over the site: its title as it
 * is; its title of two or three words with the last word half typed ("grid templ"); and, for a
 * member titled `Interface: member kind`, the kind a property, method or event (MDN's
 * "HTMLDialogElement: open property"), the two names ("htmldialogelement open"; a constructor,
 * "X: X() constructor", is left out). A hit is any page of that title (MDN has many "value
 * property" pages; the interface tells them apart only in the last form). `--name-offset N`
 * takes the sample from the Nth page instead of the first.
 */
export function pageNameQueries(documents: SourceDocument[]): {
  pages: number;
  step: number;
  offset: number;
  queries: Record<string, { text: string; expected: string[] }[]>;
} {
  const title = (document: SourceDocument) => document.title.replace(/[`\\]/g, '').toLowerCase();
  const byTitle = new Map<string, string[]>();
  for (const document of documents)
    byTitle.set(title(document), [...(byTitle.get(title(document)) ?? []), document.link]);
  const step = Math.max(1, Math.round(documents.length / 1500));
  // `--name-offset N`: another sample of the same size, from the Nth page (0 by default).
  const offsetAt = process.argv.indexOf('--name-offset');
  const offset = offsetAt < 0 ? 0 : Number(process.argv[offsetAt + 1]) % step;
  const queries: Record<
    'title' | 'title, last word half typed' | 'interface and member',
    { text: string; expected: string[] }[]
  > = {
    title: [],
    'title, last word half typed': [],
    'interface and member': [],
  };
  let pages = 0;
  for (let i = offset; i < documents.length; i += step) {
    pages++;
    const text = title(documents[i]!);
    const expected = byTitle.get(text)!;
    queries.title.push({ text, expected });
    const words = text.split(/\s+/);
    const last = words.at(-1)!;
    if (words.length >= 2 && words.length <= 3 && last.length >= 4)
      queries['title, last word half typed'].push({
        text: text.slice(0, text.length - Math.floor(last.length / 2)),
        expected,
      });
    const member = /^([^:\s]+): (\S+?)(?:\(\))? (?:static |instance )?(?:property|method|event)$/.exec(text);
    if (member && member[1] !== member[2])
      queries['interface and member'].push({ text: `${member[1]} ${member[2]}`, expected });
  }
  return { pages, step, offset, queries };
}

type Ask = (query: string) => Promise<{ didAnswer: boolean; link: string; passages: Passage[] }>;

/**
 * The pages an answer links, as `<ask-chat>` shows them: its source, then as "See also" up to two
 * other pages of its passages, each page once.
 */
function linkedPages(answer: { link: string; passages: Passage[] }): string[] {
  const seeAlso = otherPages(
    { link: answer.link, context: { passages: answer.passages } },
    'http://site.invalid/',
  );
  return [answer.link, ...seeAlso.slice(0, SEE_ALSO_PAGES).map(({ link }) => link.split('#')[0] as string)];
}

/**
 * Ask: the source is right when the answer's page is an expected one; the source or see-also
 * right when an expected page is among those the chat links under the answer.
 */
async function askStats(
  ask: Ask,
  items: Question[],
): Promise<{ answered: number; sourceRight: number; linkedRight: number }> {
  let answered = 0;
  let sourceRight = 0;
  let linkedRight = 0;
  for (const q of items) {
    const answer = await ask(q.question);
    if (!answer.didAnswer) continue;
    answered++;
    if (q.expected.includes(answer.link)) sourceRight++;
    if (linkedPages(answer).some((page) => q.expected.includes(page))) linkedRight++;
  }
  const share = (count: number) => count / items.length;
  return { answered: share(answered), sourceRight: share(sourceRight), linkedRight: share(linkedRight) };
}

async function declinedShare(ask: Ask, items: string[]): Promise<number> {
  let declined = 0;
  for (const question of items) if (!(await ask(question)).didAnswer) declined++;
  return declined / Math.max(items.length, 1);
}

export const halves = <T>(items: T[]): { tune: T[]; holdout: T[] } => ({
  tune: items.filter((_, i) => i % 2 === 0),
  holdout: items.filter((_, i) => i % 2 === 1),
});

/** A corpus's question sets (see the top of this file for who wrote each and what was read). */
export interface QuestionSets {
  questions: Question[];
  typeahead: TypeaheadQuery[];
  offTopic: string[];
  nearMiss: string[];
  fresh: Question[];
  fresh2: Question[];
  nearMiss2: string[];
  fresh3: Question[];
  unanswerable3: string[];
  fresh4: Question[];
  unanswerable4: string[];
  fresh5: Question[];
  unanswerable5: string[];
  fresh6: Question[];
  unanswerable6: string[];
  fresh7: Question[];
  unanswerable7: string[];
  fresh8: Question[];
  unanswerable8: string[];
  fresh10: Question[];
  unanswerable10: string[];
  fresh11: Question[];
  unanswerable11: string[];
  fresh12: Question[];
  unanswerable12: string[];
  fresh13: Question[];
  unanswerable13: string[];
  typeahead2: TypeaheadQuery[];
}

/** The sets of one corpus, `hono` or `mdn`, from bench/questions/. */
export function questionSets(corpus: 'hono' | 'mdn'): QuestionSets {
  const questionsOf = (name: string) => readJson<Question[]>(`${corpus}-${name}.json`);
  const textsOf = (name: string) =>
    readJson<(string | Question)[]>(`${corpus}-${name}.json`).map((q) =>
      typeof q === 'string' ? q : q.question,
    );
  return {
    questions: questionsOf('questions'),
    typeahead: readJson(`${corpus}-typeahead.json`),
    offTopic: offTopicQuestions,
    nearMiss: textsOf('unanswerable'),
    fresh: questionsOf('fresh'),
    fresh2: questionsOf('fresh2'),
    nearMiss2: textsOf('unanswerable2'),
    fresh3: questionsOf('fresh3'),
    unanswerable3: textsOf('unanswerable3'),
    fresh4: questionsOf('fresh4'),
    unanswerable4: textsOf('unanswerable4'),
    fresh5: questionsOf('fresh5'),
    unanswerable5: textsOf('unanswerable5'),
    fresh6: questionsOf('fresh6'),
    unanswerable6: textsOf('unanswerable6'),
    fresh7: questionsOf('fresh7'),
    unanswerable7: textsOf('unanswerable7'),
    fresh8: questionsOf('fresh8'),
    unanswerable8: textsOf('unanswerable8'),
    fresh10: questionsOf('fresh10'),
    unanswerable10: textsOf('unanswerable10'),
    fresh11: questionsOf('fresh11'),
    unanswerable11: textsOf('unanswerable11'),
    fresh12: questionsOf('fresh12'),
    unanswerable12: textsOf('unanswerable12'),
    fresh13: questionsOf('fresh13'),
    unanswerable13: textsOf('unanswerable13'),
    typeahead2: readJson(`${corpus}-typeahead2.json`),
  };
}

async function benchmarkCorpus(name: string, documents: SourceDocument[], sets: QuestionSets): Promise<void> {
  const {
    questions,
    typeahead,
    offTopic,
    nearMiss,
    fresh,
    fresh2,
    nearMiss2,
    fresh3,
    unanswerable3,
    fresh4,
    unanswerable4,
    fresh5,
    unanswerable5,
    fresh6,
    unanswerable6,
    fresh7,
    unanswerable7,
    fresh8,
    unanswerable8,
    fresh10,
    unanswerable10,
    fresh11,
    unanswerable11,
    fresh12,
    unanswerable12,
    fresh13,
    unanswerable13,
    typeahead2,
  } = sets;
  const unanswerable = [...offTopic, ...nearMiss];
  console.log(
    `\n== ${name}: ${documents.length} pages, ${questions.length} questions, ${typeahead.length} typeahead queries, ${unanswerable.length} unanswerable ==`,
  );
  const index = createOramaIndex({ resultCacheSize: 0 });
  let started = performance.now();
  await index.load(documents);
  console.log(`  index built in ${Math.round(performance.now() - started)} ms`);
  started = performance.now();
  const baseline = SKIP_BASELINE ? undefined : await baselineIndex(documents);
  console.log(`  baseline built in ${Math.round(performance.now() - started)} ms`);
  const ours: Ranker = async (query) =>
    (await index.search(query, { limit: 10 })).map((hit) => hit.document.link);

  const questionItems = questions.map((q) => ({ text: q.question, expected: q.expected }));
  const typeaheadItems = typeahead.map((q) => ({ text: q.query, expected: q.expected }));
  const typeahead2Items = typeahead2.map((q) => ({ text: q.query, expected: q.expected }));
  const freshItems = fresh.map((q) => ({ text: q.question, expected: q.expected }));
  const fresh2Items = fresh2.map((q) => ({ text: q.question, expected: q.expected }));
  const fresh3Items = fresh3.map((q) => ({ text: q.question, expected: q.expected }));
  const fresh4Items = fresh4.map((q) => ({ text: q.question, expected: q.expected }));
  const fresh5Items = fresh5.map((q) => ({ text: q.question, expected: q.expected }));
  const fresh6Items = fresh6.map((q) => ({ text: q.question, expected: q.expected }));
  const fresh7Items = fresh7.map((q) => ({ text: q.question, expected: q.expected }));
  const fresh8Items = fresh8.map((q) => ({ text: q.question, expected: q.expected }));
  const fresh10Items = fresh10.map((q) => ({ text: q.question, expected: q.expected }));
  const fresh11Items = fresh11.map((q) => ({ text: q.question, expected: q.expected }));
  const fresh12Items = fresh12.map((q) => ({ text: q.question, expected: q.expected }));
  const fresh13Items = fresh13.map((q) => ({ text: q.question, expected: q.expected }));
  console.log('\n  Search, questions:');
  for (const [label, items] of Object.entries({
    all: questionItems,
    ...halves(questionItems),
    fresh: freshItems,
    fresh2: fresh2Items,
    ...seenAndBlind('fresh2', fresh2Items),
    'fresh3 blind': fresh3Items,
    'fresh4 blind': fresh4Items,
    'fresh5 blind': fresh5Items,
    'fresh6 blind': fresh6Items,
    ...seenAndBlind('fresh7', fresh7Items),
    'fresh8 blind': fresh8Items,
    'fresh10 blind': fresh10Items,
    'fresh11 blind': fresh11Items,
    'fresh12 blind': fresh12Items,
    'fresh13 blind': fresh13Items,
  })) {
    printRankRow(`ours (${label})`, await rankStats(ours, items));
    if (baseline) printRankRow(`baseline BM25 (${label})`, await rankStats(baseline.ranker, items));
  }
  console.log('\n  Search, 1–3-word typeahead:');
  for (const [label, items] of Object.entries({
    all: typeaheadItems,
    ...halves(typeaheadItems),
    typeahead2: typeahead2Items,
    ...seenAndBlind('typeahead2', typeahead2Items),
  })) {
    printRankRow(`ours (${label})`, await rankStats(ours, items));
    if (baseline) printRankRow(`baseline BM25 (${label})`, await rankStats(baseline.ranker, items));
  }
  // While typing: every state of each typeahead query from its second letter ("ar", "arr", …,
  // "array ma"), as the search box asks them. Empty: states that found nothing at all.
  const typingStates = typeahead.flatMap((q) =>
    Array.from({ length: Math.max(0, q.query.length - 1) }, (_, i) => ({
      text: q.query.slice(0, i + 2),
      expected: q.expected,
    })),
  );
  const emptyStates = async (ranker: Ranker) => {
    let empty = 0;
    for (const state of typingStates) if ((await ranker(state.text)).length === 0) empty++;
    return empty;
  };
  console.log(`\n  Search, while typing (${typingStates.length} states of the typeahead queries):`);
  printRankRow('ours', await rankStats(ours, typingStates));
  console.log(`  ${'ours: states with no result'.padEnd(34)} ${await emptyStates(ours)}`);
  if (baseline) printRankRow('baseline BM25', await rankStats(baseline.ranker, typingStates));

  // Typing a page's name, for pages across the whole site rather than a list someone wrote.
  const named = pageNameQueries(documents);
  const sample =
    named.step === 1
      ? 'every page'
      : `one in ${named.step} of ${documents.length} pages, from the ${named.offset + 1}${named.offset === 0 ? 'st' : 'th'}`;
  console.log(`\n  Search, typing a page's name (${named.pages} pages: ${sample}):`);
  for (const [label, items] of Object.entries(named.queries)) {
    if (items.length === 0) continue;
    printRankRow(`ours (${label})`, await rankStats(ours, items));
    if (baseline) printRankRow(`baseline BM25 (${label})`, await rankStats(baseline.ranker, items));
  }

  const answerer = createExtractiveAnswerer({ index });
  const ask = (query: string) => answerer.answer({ query, history: [], format: 'markdown', threshold: 0 });

  console.log('\n  Ask:');
  for (const [label, items] of Object.entries({
    all: questions,
    ...halves(questions),
    fresh,
    fresh2,
    ...seenAndBlind('fresh2', fresh2),
    'fresh3 blind': fresh3,
    'fresh4 blind': fresh4,
    'fresh5 blind': fresh5,
    'fresh6 blind': fresh6,
    ...seenAndBlind('fresh7', fresh7),
    'fresh8 blind': fresh8,
    'fresh10 blind': fresh10,
    'fresh11 blind': fresh11,
    'fresh12 blind': fresh12,
    'fresh13 blind': fresh13,
  })) {
    const stats = await askStats(ask, items);
    console.log(
      `  ours (${label.padEnd(12)})  source right ${pct(stats.sourceRight)}  or see also ${pct(stats.linkedRight)}  didAnswer on answerable ${pct(stats.answered)}`,
    );
  }
  for (const [label, items] of Object.entries({
    'all unanswerable': unanswerable,
    'off-topic': offTopic,
    'near-miss': nearMiss,
    ...halves(unanswerable),
    'near-miss 2': nearMiss2,
    'fresh3 blind': unanswerable3,
    'fresh4 blind': unanswerable4,
    'fresh5 blind': unanswerable5,
    'fresh6 blind': unanswerable6,
    ...seenAndBlind('fresh7', unanswerable7),
    'fresh8 blind': unanswerable8,
    'fresh10 blind': unanswerable10,
    'fresh11 blind': unanswerable11,
    'fresh12 blind': unanswerable12,
    'fresh13 blind': unanswerable13,
  }))
    console.log(
      `  ours (${label.padEnd(16)})  didAnswer false ${pct(await declinedShare(ask, items))}  n=${items.length}`,
    );
  if (!baseline) return misses();

  // The baseline answers when its top BM25 score passes a threshold, set so that it answers 90%
  // of the answerable questions (the target): how many unanswerable ones does it then decline?
  const answerableScores = (await Promise.all(questions.map((q) => baseline.topScore(q.question))))
    .map((best) => best?.score ?? 0)
    .sort((a, b) => a - b);
  const threshold = answerableScores[Math.floor(answerableScores.length * 0.1)] ?? 0;
  let baselineSourceRight = 0;
  let baselineAnswered = 0;
  for (const q of questions) {
    const best = await baseline.topScore(q.question);
    if (best && best.score >= threshold) {
      baselineAnswered++;
      if (q.expected.includes(best.link)) baselineSourceRight++;
    }
  }
  let baselineDeclined = 0;
  for (const question of unanswerable) {
    const best = await baseline.topScore(question);
    if (!best || best.score < threshold) baselineDeclined++;
  }

  console.log(
    `  baseline BM25 (top score ≥ ${threshold.toFixed(2)})  source right ${pct(baselineSourceRight / questions.length)}  didAnswer on answerable ${pct(baselineAnswered / questions.length)}  didAnswer false on unanswerable ${pct(baselineDeclined / unanswerable.length)}`,
  );

  return misses();

  async function misses(): Promise<void> {
    if (process.argv.includes('--misses')) {
      // The sets whose misses may be read: the first, the fresh ones, and the even halves of the
      // second and seventh fresh sets and of the second typeahead set; never the blind ones.
      const even = <T>(items: T[]): T[] => items.filter((_, i) => i % 2 === 0);
      console.log('\n  Misses of the seen sets (questions not in our top 3):');
      for (const item of [
        ...questionItems,
        ...freshItems,
        ...even(fresh2Items),
        ...even(fresh7Items),
        ...typeaheadItems,
        ...even(typeahead2Items),
      ]) {
        const links = await ours(item.text);
        const rank = links.findIndex((link) => item.expected.includes(link));
        if (rank < 0 || rank > 2)
          console.log(
            `    ${item.text} → ${links.slice(0, 3).join(', ')} (expected ${item.expected[0]}, rank ${rank})`,
          );
      }
      for (const q of [...questions, ...fresh, ...even(fresh2), ...even(fresh7)]) {
        const answer = await ask(q.question);
        if (!answer.didAnswer || !q.expected.includes(answer.link))
          console.log(
            `    ask: ${q.question} → ${answer.didAnswer ? answer.link : 'no answer'} (${answer.relevanceScore})`,
          );
      }
      for (const question of [...unanswerable, ...even(nearMiss2), ...even(unanswerable7)]) {
        const answer = await ask(question);
        if (answer.didAnswer)
          console.log(`    answered unanswerable: ${question} → ${answer.link} (${answer.relevanceScore})`);
      }
    }
  }
}

/**
 * A small site, with questions written blind from its pages alone, 2026-11-27: the misses of the
 * even-numbered half (`seen`) may be read while working, and `--misses` lists only theirs; the odd
 * half (`blind`) is never read.
 * - `demo`: the demo's own documentation (demo/content/, 34 pages), what `npm start` answers;
 *   demo-fresh.json (70) and demo-unanswerable.json (25 the pages don't answer). A second set,
 *   written on 2026-12-01 from the pages alone before any of it was asked: demo-visitor.json (40
 *   questions a visitor evaluating ask-elements asks: size, frameworks, self-hosting, styling,
 *   accessibility, security, stored data, limits, languages, own docs; short, chatty, misspelt)
 *   and demo-visitor-unanswerable.json (12 pricing, roadmap and community questions), in halves
 *   as above (`visitor seen`, `visitor blind`). A third, written on 2026-12-01 the same way (from
 *   the pages' titles and headings alone, before any of it was asked): demo-operator.json (40
 *   questions a site owner who runs the service asks: deploying it behind a proxy, CORS, the
 *   config file, keys, projects, analytics, retention, backups, upgrades, logs, rate limits,
 *   re-indexing, declined questions, the threshold, agents, generation, translation, theming)
 *   and demo-operator-unanswerable.json (9 near misses, 3 off-topic), in halves
 *   (`operator seen`, `operator blind`).
 * - `forkful`: a meal-kit shop's help centre (bench/corpora/forkful/, 19 pages in Markdown with
 *   and without a heading, built HTML and plain text), a site owner's own content in a
 *   customer's words; forkful-fresh.json (60) and forkful-unanswerable.json (25).
 * - `hublane`: a team inbox's user documentation (bench/corpora/hublane/, 24 pages, half of them
 *   Docusaurus MDX), in its office users' and admins' words; hublane-fresh.json (60) and
 *   hublane-unanswerable.json (25).
 */
async function benchmarkSmallSite(
  name: string,
  label: string,
  documents: SourceDocument[],
  /**
   * `language`: a site not in English, whose unanswerable questions are its own (the shared
   * off-topic ones are English) and which is also measured read as English, as it was before
   * the service read other languages.
   * `questionSet`: another pair of files than `<name>-fresh.json` and `<name>-unanswerable.json`:
   * `<name>-<set>.json` and `<name>-<set>-unanswerable.json`, measured without the shared
   * off-topic questions (the first pair's run measures those).
   */
  { language, questionSet }: { language?: string; questionSet?: string } = {},
): Promise<void> {
  const questions = readJson<Question[]>(
    questionSet === undefined ? `${name}-fresh.json` : `${name}-${questionSet}.json`,
  );
  // Near misses, as strings or marked `kind: 'near-miss'`; the site's own off-topic questions
  // join the shared ones.
  const unanswerableItems = readJson<(string | { question: string; kind: string })[]>(
    questionSet === undefined ? `${name}-unanswerable.json` : `${name}-${questionSet}-unanswerable.json`,
  ).map((item) => (typeof item === 'string' ? { question: item, kind: 'near-miss' } : item));
  const unanswerable = unanswerableItems.map((item) => item.question);
  const nearMisses = unanswerableItems
    .filter((item) => item.kind !== 'off-topic')
    .map((item) => item.question);
  const offTopic = [
    ...(language === undefined && questionSet === undefined ? offTopicQuestions : []),
    ...unanswerableItems.filter((item) => item.kind === 'off-topic').map((item) => item.question),
  ];
  console.log(
    `\n== ${label}: ${documents.length} pages, ${questions.length} questions, ${unanswerable.length} unanswerable ==`,
  );
  const index = createOramaIndex({ resultCacheSize: 0 });
  await index.load(documents);
  if (language !== undefined) console.log(`  read as ${index.language?.code}`);
  // The same site read as English: no stop words, stemming or segmentation of its language.
  const asEnglish =
    language === undefined ? undefined : createOramaIndex({ resultCacheSize: 0, language: 'en' });
  await asEnglish?.load(documents);
  const baseline = SKIP_BASELINE ? undefined : await baselineIndex(documents);
  const rankerOf =
    (searched: SearchIndex): Ranker =>
    async (query) =>
      (await searched.search(query, { limit: 10 })).map((hit) => hit.document.link);
  const ours = rankerOf(index);
  const items = questions.map((q) => ({ text: q.question, expected: q.expected }));
  console.log('\n  Search, questions:');
  for (const [set, setItems] of Object.entries({ all: items, ...seenAndBlind(questionSet ?? name, items) })) {
    printRankRow(`ours (${set})`, await rankStats(ours, setItems));
    if (asEnglish)
      printRankRow(`ours read as English (${set})`, await rankStats(rankerOf(asEnglish), setItems));
    if (baseline) printRankRow(`baseline BM25 (${set})`, await rankStats(baseline.ranker, setItems));
  }
  const askOf = (searched: SearchIndex) => {
    const answerer = createExtractiveAnswerer({ index: searched });
    return (query: string) => answerer.answer({ query, history: [], format: 'markdown', threshold: 0 });
  };
  const ask = askOf(index);
  console.log('\n  Ask:');
  for (const [who, asking] of Object.entries({
    ours: ask,
    ...(asEnglish ? { 'read as English': askOf(asEnglish) } : {}),
  })) {
    for (const [set, asked] of Object.entries({
      all: questions,
      ...seenAndBlind(questionSet ?? name, questions),
    })) {
      const stats = await askStats(asking, asked);
      console.log(
        `  ${who} (${set.padEnd(12)})  source right ${pct(stats.sourceRight)}  or see also ${pct(stats.linkedRight)}  didAnswer on answerable ${pct(stats.answered)}`,
      );
    }
    for (const [label, set] of Object.entries({
      'off-topic': offTopic,
      ...seenAndBlind('near-miss', nearMisses),
    }))
      if (set.length > 0)
        console.log(
          `  ${who} (${label.padEnd(16)})  didAnswer false ${pct(await declinedShare(asking, set))}  n=${set.length}`,
        );
  }
  if (!process.argv.includes('--misses')) return;
  console.log('\n  Misses of the seen half (not first, or not answered from an expected page):');
  for (const q of questions.filter((_, i) => i % 2 === 0)) {
    const links = await ours(q.question);
    const answer = await ask(q.question);
    if (
      links[0] !== undefined &&
      q.expected.includes(links[0]) &&
      answer.didAnswer &&
      q.expected.includes(answer.link)
    )
      continue;
    console.log(
      `    ${q.question} → ${links.slice(0, 3).join(', ')}; ask ${answer.didAnswer ? answer.link : 'no answer'} (expected ${q.expected.join(' ')})`,
    );
  }
  for (const question of unanswerable.filter((_, i) => i % 2 === 0)) {
    const answer = await ask(question);
    if (answer.didAnswer) console.log(`    answered unanswerable: ${question} → ${answer.link}`);
  }
}

/** `--skip-baseline`: ours only, for quicker runs while working. */
const SKIP_BASELINE = process.argv.includes('--skip-baseline');
/** Off-topic questions for both corpora; each corpus adds near misses (its neighbourhood, not covered). */
const offTopicQuestions = readJson<string[]>('unanswerable.json');
/** Run only as a script: bench/rank-fusion.ts imports the baseline and the question sets. */
const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
const only = isMain
  ? ['--hono', '--mdn', '--demo', '--forkful', '--hublane', '--man'].filter((flag) =>
      process.argv.includes(flag),
    )
  : [];
const runs = (flag: string) => isMain && (only.length === 0 || only.includes(flag));
if (runs('--demo')) {
  const demo = (await loadContentFolder(new URL('../demo/content/', import.meta.url).pathname)).documents;
  await benchmarkSmallSite('demo', 'demo docs', demo);
  await benchmarkSmallSite('demo', "demo docs, a first-time visitor's questions", demo, {
    questionSet: 'visitor',
  });
  await benchmarkSmallSite('demo', "demo docs, a site owner's questions on running it", demo, {
    questionSet: 'operator',
  });
}
if (runs('--forkful'))
  await benchmarkSmallSite(
    'forkful',
    "Forkful's help centre",
    (await loadContentFolder(new URL('./corpora/forkful/content/', import.meta.url).pathname)).documents,
  );
if (runs('--hublane'))
  await benchmarkSmallSite(
    'hublane',
    "Hublane's user docs",
    (await loadContentFolder(new URL('./corpora/hublane/content/', import.meta.url).pathname)).documents,
  );
if (runs('--man'))
  for (const [language, name] of [
    ['de', 'German'],
    ['fr', 'French'],
    ['ja', 'Japanese'],
    ['ru', 'Russian'],
    ['es', 'Spanish'],
    ['it', 'Italian'],
  ] as const) {
    // Debian's translated manual pages, rendered to Markdown on this machine (they are not ours
    // to commit); skipped where the system has none.
    if (!existsSync(`/usr/share/man/${language}`)) {
      console.log(`\n== Manual pages in ${name}: /usr/share/man/${language} is missing, skipped ==`);
      continue;
    }
    const dir = `/tmp/ask-elements-man-${language}`;
    if (!existsSync(dir))
      execFileSync('node', [new URL('./man-corpus.mjs', import.meta.url).pathname, language, dir], {
        stdio: 'ignore',
      });
    await benchmarkSmallSite(
      `man-${language}`,
      `Debian's manual pages in ${name}`,
      (await loadContentFolder(dir)).documents,
      { language },
    );
  }
if (runs('--hono')) {
  const hono = await loadContentFolder(`${CORPORA}hono`);
  await benchmarkCorpus('Hono docs', hono.documents, questionSets('hono'));
}

if (runs('--mdn')) {
  if (!existsSync(MDN_DIR))
    execFileSync('node', [`${CORPORA}expand.mjs`, `${CORPORA}mdn-10k.jsonl.gz`, MDN_DIR], {
      stdio: 'inherit',
    });
  const mdn = await loadContentFolder(MDN_DIR);
  await benchmarkCorpus('MDN (10,000 pages)', mdn.documents, questionSets('mdn'));
}
