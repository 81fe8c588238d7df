/**
 * What a question asks, as the choice of what to quote reads it: its kind (how to do something, a
 * task, a list, what a name is), the names it writes as code, its words as weighted terms for one
 * page's sections (`weighQuestion`), and how much of them a unit holds (`scoreUnit`).
 */
import { withoutCodeMarks } from '../content/code-spans.js';
import type { DocumentSection as Section } from '../content/document.js';
import { SYNONYM_WEIGHT } from '../search/synonyms.js';
import { GENERIC_IMPORTANCE, isGenericWord } from '../search/query-analysis.js';
import type { TextAnalyser } from '../search/text-analyser.js';
import type { QuestionWord } from './answer-evidence.js';
import { tagWords } from './language-model.js';
import { cellsOf, sectionTermSet, unitsOf, type Unit } from './section-units.js';

/**
 * A question word that is also in the page title tells one sentence of the page from another
 * only this much: every section of the page is about the title.
 */
export const TITLE_WORD_WEIGHT = 0.3;

/**
 * A name the question asks about (a product, a library, an acronym: "ArkType", "JSON") counts
 * this much more than another word: a common word ("request", "body") is in many sentences in
 * passing, the name in those about it.
 */
const NAME_WEIGHT = 1.5;

/** A part of a name (`type` of `ArkType`) counts this share of the name whole. */
const PART_WEIGHT = 0.5;

/** A title word found in at most this share of the page's sections (by specificity) still tells them apart. */
export const INFORMATIVE_SPECIFICITY = 0.75;

/** The least a question word counts for being in every section of the page. */
const MIN_SPECIFICITY = 0.2;

/** How much standing close together adds to a sentence holding several question words. */
const PROXIMITY_WEIGHT = 0.25;

/** Questions asking how to do something get a code example when the section has one. */
export const PROCEDURAL =
  /\b(how|example|code|write|use|using|set|setup|configure|create|add|make|enable|install|implement|call)\b/i;

/**
 * A task written as an order, starting with its verb: "read the query string of the URL", "round a
 * price to 2 decimal places". Its answer shows a code example beside the sentences that explain,
 * though code alone doesn't answer it as it may a how-to question (`PROCEDURAL`): a page's example
 * is often the markup of a demo around the code asked about.
 */
export function isTask(question: string): boolean {
  // Tagged as if in lower case: the tagger reads a capital first word ("Sort an array…") as a name.
  // Not a name written with its member or call ("Promise.all vs …", "Mount(…)").
  const first = /^\s*\p{Lu}\p{Ll}+(?![.(\p{L}])/u.test(question)
    ? question.replace(/\p{Lu}/u, (c) => c.toLowerCase())
    : question;
  return tagWords(first)[0]?.pos === 'VERB';
}

/** A question asking what something is, does or means ("What's `c.var`?", "What does returnAll do?"). */
export const ASKS_WHAT_IT_IS = /^\s*what(?:'s|\s+(?:is|are|does|do))\b/i;

/**
 * The verb of a question asking what a word means ("what does idempotent mean for HTTP methods?",
 * "what does CORS stand for?"): the question's form, not its subject. A definition rarely repeats
 * it ("An HTTP method is idempotent if…"), where an aside does ("…does not necessarily mean that
 * the request has no side effects"), and quoting sentences by it picked the aside.
 */
export function asksWhatItMeans(question: string): Set<string> {
  const asks = /^\s*what\s+(?:does|do|did)\b[^?]*?\b(mean|stand(?=\s+for\b))\b/i.exec(question);
  return new Set(asks ? [(asks[1] as string).toLowerCase()] : []);
}

/**
 * Questions asking for a list of things ("Which events…", "Which status codes…", "What options
 * are there"); "which" with a plural only: "which port" asks for one, and so do "which status
 * for…" and "which class" (-us, -ss), and "which is…".
 */
export const LIST_QUESTION =
  /^\s*(which (?:\w+(?:ss|us) )?(?!(?:is|was|has|does)\b)\w*[^\Wsu]s\b|list|what (\w+ )?(are|exist)|what \w+ (does|do|can|are)\b.*\b(have|has|support|fire|emit|offer|take|accept)\b)/i;

/**
 * The names a question writes as code might: words with their dots and hyphens (`c.var`,
 * `min-chars`, `trustProxy`), lower-cased.
 */
export function namesWritten(question: string): Set<string> {
  return new Set(
    (question.match(/[\p{L}_$][\p{L}\p{N}_$.-]*[\p{L}\p{N}_$]|[\p{L}_$]/gu) ?? []).map((name) =>
      name.toLowerCase(),
    ),
  );
}

/**
 * The names a question writes as only code writes them, as written: in snake case or in camel case
 * starting in lower case (`insight_not_found`, `useState`, `conversationId`). Not a name starting
 * in capitals (`TypeScript`, `WebAssembly`, products that prose names as well), nor a plain word.
 */
export function codeNamesWritten(question: string): string[] {
  return (question.match(/[\p{L}_$][\p{L}\p{N}_$.-]*[\p{L}\p{N}_$]/gu) ?? []).filter((name) =>
    /_|^\p{Ll}[\p{L}\p{N}]*\p{Lu}/u.test(name),
  );
}

/** Whether code holds one of `names` (see `codeNamesWritten`) whole: `useState`, not `useStateFor`. */
export function holdsCodeName(code: string, names: readonly string[]): boolean {
  return names.some((name) =>
    new RegExp(`(?<![\\p{L}\\p{N}_$])${name.replace(/[.$]/g, '\\$&')}(?![\\p{L}\\p{N}_$])`, 'u').test(code),
  );
}

/**
 * Whether a table row's first cell is one code span naming one of `names`, whole or by its last
 * dotted part (`context.resolvedQuery` for `resolvedquery`, `rateLimit.burst` for `burst`).
 */
export function rowNames(row: string, names: ReadonlySet<string>): boolean {
  const cell = (cellsOf(row)[0] ?? '').trim();
  const code = /^`([^`]+)`$/.exec(cell)?.[1]?.trim().toLowerCase();
  if (code === undefined) return false;
  return names.has(code) || names.has(code.slice(code.lastIndexOf('.') + 1));
}

/** "What is/are/does/do (the, a, an)" and the name that follows, in a code span or not. */
const WHAT_NAME_IS =
  /^\s*what(?:'s|\s+(?:is|are|does|do))\s+(?:(?:the|a|an)\s+)?`?([\p{L}_$][\p{L}\p{N}_$.-]*[\p{L}\p{N}_$])/iu;

/**
 * The name a question asking what it is writes as code, lower-cased: the subject right after
 * "What is (the, a, an)", dotted, hyphenated, snake or camel case starting in lower case
 * (`insightId`, `c.var`, `storage-key`). Not a plain word ("score", "public"), which names too
 * much else to choose a page by, nor a product's name ("What is a closure in JavaScript?").
 */
export function codeNamesAsked(question: string): string[] {
  const name = WHAT_NAME_IS.exec(question)?.[1];
  return name !== undefined && /[._-]|^\p{Ll}[\p{L}\p{N}]*\p{Lu}/u.test(name) ? [name.toLowerCase()] : [];
}

/** A name and its last dotted part (`c.var`, `var`). */
function nameForms(name: string): string[] {
  const last = name.slice(name.lastIndexOf('.') + 1);
  return last === name ? [name] : [name, last];
}

/**
 * Whether a section says what `name` (lower case) is: its heading is the name (`## var` for
 * `c.var`), a table row's first cell is the name in code and the row's other cells don't repeat
 * it (the feedback request's "`insightId` | … | The `insightId` of an answer from `/bot/askai`"
 * says where it comes from, not what it is), or a sentence starts "`name` is".
 */
export function definesName(section: Section, name: string, analyser: TextAnalyser): boolean {
  const forms = nameForms(name);
  const heading =
    section.level > 1
      ? section.heading
          .trim()
          .replace(/^`(.*)`$/, '$1')
          .replace(/\(\)$/, '')
      : '';
  if (heading !== '' && nameForms(heading.toLowerCase()).some((form) => forms.includes(form))) return true;
  const lower = name.toLowerCase();
  return unitsOf(section, analyser).some((unit) => {
    if (unit.kind === 'row') {
      const [first, ...rest] = cellsOf(unit.text);
      const code = /^`([^`]+)`$/
        .exec((first ?? '').trim())?.[1]
        ?.trim()
        .toLowerCase();
      return (
        code !== undefined &&
        nameForms(code).some((form) => forms.includes(form)) &&
        !rest.some((cell) => withoutCodeMarks(cell).toLowerCase().includes(lower))
      );
    }
    if (unit.kind !== 'text') return false;
    const plain = withoutCodeMarks(unit.text).toLowerCase();
    return plain.startsWith(`${lower} is `) || plain.startsWith(`${lower} are `);
  });
}

/**
 * The question's words as the terms that match them: each term's weight, and the word it stands
 * for. One word may give several terms (`createClient` gives `createclient`, `create` and
 * `client`; `cross-site` gives `cross`, `site` and `cross-site`), and its synonyms stand for it too.
 */
export interface QuestionTerms {
  weights: Map<string, number>;
  /** The question word each term stands for. */
  wordOf: Map<string, string>;
}

/** The question's words as terms weighted for choosing among one page's sections. */
export interface WeighedQuestion {
  asked: QuestionTerms;
  /** The terms that tell the page's sections apart: outside the title, or in few of its sections. */
  informative: Set<string>;
  /** The terms of the page's title. */
  titleHolds: Set<string>;
  /** The title's terms that none of the page's headings holds: its subject. */
  titleTerms: Set<string>;
  /** How few of the page's sections hold a term: 1 in one of them, down to MIN_SPECIFICITY. */
  specificity: (term: string) => number;
  /** Whether a question word is a name asked about, whole. */
  isWholeName: (word: QuestionWord) => boolean;
}

/**
 * Weighs the question's words for choosing among the sections of one page (titled `title`): a
 * name more than another word, a part of a name less than the name, a word of the title or
 * found in most of the page's sections less than one that tells them apart; and their synonyms.
 */
export function weighQuestion(
  words: QuestionWord[],
  title: string,
  pageSections: Section[],
  analyser: TextAnalyser,
): WeighedQuestion {
  // A title that lists what its sections cover ("Theming: colours, fonts, dark mode and parts")
  // names each of them: a title word one of the page's headings holds points to that section
  // ("…in dark mode?" to `## Dark mode`), where a word of the title alone is the page's subject.
  const headingTerms = new Set(
    pageSections.flatMap((section) => (section.level > 1 ? analyser.terms(section.heading) : [])),
  );
  const titleHolds = new Set(analyser.terms(title));
  const titleTerms = new Set([...titleHolds].filter((term) => !headingTerms.has(term)));
  // A word found in most sections of the page (its subject) tells one section from another less
  // than one found in a few ("translate" on a page about styling and translating the search box).
  const sectionTerms = pageSections.map((section) => sectionTermSet(section, analyser));
  const specificity = (term: string): number => {
    if (sectionTerms.length <= 1) return 1;
    const holding = sectionTerms.filter((terms) => terms.has(term)).length;
    return Math.max(MIN_SPECIFICITY, 1 - Math.max(0, holding - 1) / sectionTerms.length);
  };
  // A word that tells sections apart: outside the title, or in few of the page's sections.
  const informative = new Set<string>();
  const weights = new Map<string, number>();
  const wordOf = new Map<string, string>();
  const asked: QuestionTerms = { weights, wordOf };
  // A name asked about, whole: not a part of it (`ur` and `ls` of "URLs", `type` of `ArkType`),
  // which a section about the name needn't hold.
  const isWholeName = (word: QuestionWord): boolean =>
    word.name === true && word.term === analyser.term(word.word.toLowerCase());
  for (const word of words) {
    if (!titleTerms.has(word.term) || specificity(word.term) >= INFORMATIVE_SPECIFICITY)
      informative.add(word.term);
    // Within a page about the question's subject, its verb says which section answers; not a
    // verb that only says the visitor wants something done ("make", "get"), weighed as search does.
    const base =
      ((1 + word.weight) / 2) *
      (word.name ? NAME_WEIGHT : 1) *
      (isGenericWord(word.word) ? GENERIC_IMPORTANCE : 1);
    const wordWeight = base * (titleTerms.has(word.term) ? TITLE_WORD_WEIGHT : 1) * specificity(word.term);
    const as = word.word.toLowerCase();
    // A part of a name (`type` of `ArkType`, `site` of `cross-site`) is a word of its own
    // elsewhere ("content type"): it says less that the name is meant than the name whole.
    const whole = word.term === analyser.term(as);
    const weight = (whole ? 1 : PART_WEIGHT) * wordWeight;
    if (weight > (weights.get(word.term) ?? -1)) {
      weights.set(word.term, weight);
      wordOf.set(word.term, as);
    }
    // Synonyms by the word as written, else by its stem, as search finds them: "colours" has
    // those of `colour` ("color"). Not a part's (`type` of `ArkType`). The site's, as search's.
    for (const synonym of analyser.synonymsOf(as, whole ? word.term : undefined) ?? []) {
      const term = analyser.term(synonym);
      if (term !== '' && !weights.has(term)) {
        weights.set(term, wordWeight * SYNONYM_WEIGHT);
        wordOf.set(term, as);
        // It tells sections apart as the word does: "color" in a sentence stands for "colours".
        if (informative.has(word.term)) informative.add(term);
      }
    }
  }
  return { asked, informative, titleHolds, titleTerms, specificity, isWholeName };
}

/**
 * The weighted question words among these terms, each word once, by its best term (and none of
 * the words in `except`); the words found are added to `found`.
 */
export function wordsScore(
  terms: Iterable<string>,
  question: QuestionTerms,
  idf: (term: string) => number,
  found = new Set<string>(),
  except: ReadonlySet<string> = new Set(),
): number {
  const best = new Map<string, number>();
  for (const term of terms) {
    const weight = question.weights.get(term);
    const word = question.wordOf.get(term);
    if (weight === undefined || word === undefined || except.has(word)) continue;
    best.set(word, Math.max(best.get(word) ?? 0, weight * idf(term)));
  }
  let score = 0;
  for (const [word, value] of best) {
    found.add(word);
    score += value;
  }
  return score;
}

/**
 * How well a unit matches the question: the weighted question words it holds (rarer ones within
 * the candidates count more), each word once however many terms it gives, plus how closely they
 * stand together. The words found are added to `found`.
 */
export function scoreUnit(
  unit: Unit,
  question: QuestionTerms,
  idf: (term: string) => number,
  found = new Set<string>(),
): number {
  const positions: number[] = [];
  unit.terms.forEach((term, position) => {
    if (question.weights.has(term)) positions.push(position);
  });
  let score = wordsScore(unit.terms, question, idf, found);
  if (found.size >= 2 && positions.length >= 2) {
    // Distinct words found over the span of the words found: 1 when they stand side by side.
    const span = (positions.at(-1) as number) - (positions[0] as number) + 1;
    score *= 1 + PROXIMITY_WEIGHT * Math.min(1, found.size / span);
  }
  return score;
}
