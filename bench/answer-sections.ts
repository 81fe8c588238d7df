/**
 * `npx tsx bench/answer-sections.ts [--list]`: whether an answer quotes the right SECTION of the
 * right page. Source right (bench/answer-quality.ts) counts a page; a developer who asks "How do I
 * use middleware?" and is answered from the right page's "Context access inside Middleware
 * arguments" has not been answered. Prints numbers; asserts nothing.
 *
 * The sections that answer each question were chosen by a helper who read only the questions and
 * the pages (never this code, its rankings nor its answers), in bench/questions/*-sections.json:
 * for each question, every section whose own text answers it, by page and heading (a page's
 * opening, before its first `##`, by its `#` title). An answer's section is the first passage of
 * its `context.passages`, the one it quotes.
 *
 * Sets: the Hono questions, their first and second fresh sets, and the demo's own documentation
 * (seen: the questions of all three whose answer quotes another section of the right page were
 * read while working on section choice, on 2026-11-29, both halves of fresh2 and of the demo's
 * set included), and the third to fifth fresh sets (blind: `--list` never prints them). The ninth
 * Hono set and the demo's second (30 questions each, every one answered by one section of a page
 * of several) were written on 2026-12-01 from the pages alone, before any of their answers was
 * read; each is measured in halves: the misses of the even-numbered questions (`seen`) were read
 * while working on which section an answer quotes, those of the odd ones (`blind`) never are.
 * So is the demo's visitor set (bench/questions/demo-visitor.json, 40 questions a first-time
 * visitor evaluating ask-elements asks, with every section that answers each), written on
 * 2026-12-01 from the pages alone before any of it was asked, and the demo's operator set
 * (bench/questions/demo-operator.json, 40 questions a site owner running the service asks),
 * written the same way later that day; its one question no section answers (upgrading) is left
 * out here, and the halves are taken before that. On 2026-12-02 three of its seen answers were
 * found quoting sections written or renamed after it was annotated, which answer them; those
 * sections were added to its annotations (seen half: 45.0% → 60.0% section right).
 * The twelfth fresh Hono set (hono-fresh12-sections.json, 40 questions on pages drawn at random, each
 * with every section that answers it, on its page and on a second page where that also answers) was
 * annotated on 2026-12-03 from the pages alone, before any search was run; it is blind as a whole.
 * So is the thirteenth (hono-fresh13-sections.json, 40 questions on details the earlier sets leave
 * out), annotated the same way later that day.
 *
 *   --list         also lists, for the seen sets, each question whose answer quotes another section
 *   --dump FILE    writes each seen question's quoted section and whether it is right, for diffs
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createExtractiveAnswerer } from '../src/server/answer/extractive-answerer.js';
import { loadContentFolder } from '../src/server/content/load-folder.js';
import { createOramaIndex } from '../src/server/search/orama-index.js';

const QUESTIONS = new URL('./questions/', import.meta.url).pathname;
/** The shared corpora beside the checkout, else the project's (from a clone elsewhere, such as /tmp). */
const CORPORA = [new URL('../../shared/corpora/', import.meta.url).pathname, '/work/shared/corpora/'].find(
  (dir) => existsSync(dir),
) as string;
const DEMO = new URL('../demo/content/', import.meta.url).pathname;

const { values } = parseArgs({
  options: { list: { type: 'boolean', default: false }, dump: { type: 'string' } },
});
/** `--dump FILE`: each seen question's quoted section and whether it is right, one line each, for diffs. */
const dumped: string[] = [];

interface AnnotatedQuestion {
  question: string;
  /** Missing where no one section answers the question (one of the demo's operator set). */
  sections: { page: string; heading: string }[];
}

/** Headings compared as words: case, backticks, punctuation and a trailing `()` don't count. */
const headingKey = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A page link without its fragment or a trailing `/`, as the annotations name pages. */
const pageKey = (link: string): string => link.replace(/#.*$/, '').replace(/(.)\/$/, '$1');

const pct = (share: number): string => `${(100 * share).toFixed(1).padStart(5)}%`;

/** A set of questions: its name, its file, and whose misses may be read (`halves`: the even-numbered ones'). */
type QuestionSet = [name: string, file: string, seen: boolean | 'halves'];

/** The sets as measured: a set in halves is two, `<name> seen` (even-numbered) and `<name> blind`. */
function measuredSets(sets: QuestionSet[]): { name: string; items: AnnotatedQuestion[]; seen: boolean }[] {
  return sets.flatMap(([name, file, seen]) => {
    const items = JSON.parse(readFileSync(`${QUESTIONS}${file}`, 'utf8')) as AnnotatedQuestion[];
    // A question no one section answers has no `sections`: it is not measured here.
    const annotated = (kept: AnnotatedQuestion[]) => kept.filter((item) => item.sections !== undefined);
    if (seen !== 'halves') return [{ name, items: annotated(items), seen }];
    return [
      { name: `${name} seen`, items: annotated(items.filter((_, i) => i % 2 === 0)), seen: true },
      { name: `${name} blind`, items: annotated(items.filter((_, i) => i % 2 === 1)), seen: false },
    ];
  });
}

async function measure(label: string, dir: string, sets: QuestionSet[]): Promise<void> {
  const { documents } = await loadContentFolder(dir);
  const index = createOramaIndex({});
  await index.load(documents);
  const answerer = createExtractiveAnswerer({ index });
  console.log(`\n== ${label}: ${documents.length} pages ==`);
  for (const { name, items, seen } of measuredSets(sets)) {
    let pageRight = 0;
    let sectionRight = 0;
    const misses: string[] = [];
    for (const item of items) {
      const answer = await answerer.answer({
        query: item.question,
        history: [],
        format: 'markdown',
        threshold: 0,
      });
      const quoted = answer.didAnswer ? answer.passages[0] : undefined;
      const pages = new Set(item.sections.map((section) => pageKey(section.page)));
      const onPage = quoted !== undefined && pages.has(pageKey(quoted.link));
      const right =
        onPage &&
        item.sections.some(
          (section) =>
            pageKey(section.page) === pageKey(quoted.link) &&
            headingKey(section.heading) === headingKey(quoted.heading ?? quoted.title),
        );
      if (seen)
        dumped.push(`${right ? 'RIGHT' : 'wrong'} | ${name} | ${item.question} | ${quoted?.heading ?? ''}`);
      if (onPage) pageRight++;
      if (right) sectionRight++;
      else if (onPage)
        misses.push(
          `  ${item.question}\n    quoted: ${quoted.heading ?? quoted.title}\n    wanted: ${item.sections
            .map((section) => section.heading)
            .join(' | ')}`,
        );
    }
    const n = items.length;
    console.log(
      `  ${name.padEnd(19)} n=${String(n).padStart(3)}  page right ${pct(pageRight / n)}  section right ${pct(sectionRight / n)}  (${pct(sectionRight / Math.max(pageRight, 1))} of right pages)`,
    );
    if (values.list && seen && misses.length > 0)
      console.log(`  right page, other section:\n${misses.join('\n')}`);
  }
}

await measure('Hono docs', `${CORPORA}hono`, [
  ['questions', 'hono-questions-sections.json', true],
  ['fresh', 'hono-fresh-sections.json', true],
  ['fresh2', 'hono-fresh2-sections.json', true],
  ['fresh3 blind', 'hono-fresh3-sections.json', false],
  ['fresh4 blind', 'hono-fresh4-sections.json', false],
  ['fresh5 blind', 'hono-fresh5-sections.json', false],
  ['fresh9', 'hono-fresh9-sections.json', 'halves'],
  ['fresh12 blind', 'hono-fresh12-sections.json', false],
  ['fresh13 blind', 'hono-fresh13-sections.json', false],
]);
await measure('demo docs', DEMO, [
  ['demo fresh', 'demo-fresh-sections.json', true],
  ['demo fresh2', 'demo-fresh2-sections.json', 'halves'],
  ['demo visitor', 'demo-visitor.json', 'halves'],
  ['demo operator', 'demo-operator.json', 'halves'],
]);
if (values.dump) writeFileSync(values.dump, `${dumped.join('\n')}\n`);
