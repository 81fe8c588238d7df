/**
 * The choice of what an extractive answer quotes (`selectAnswer`): which of the candidate
 * sections of the source page, which of its sentences, rows and code blocks, and what comes with
 * them (the sentence a chosen one leans on, the rest of a short list, a table's header row, the
 * code a sentence introduces, the page's usage example).
 */
import { codeSpan, textRuns } from '../content/code-spans.js';
import { isPartOfSection, listsOtherPages, type DocumentSection as Section } from '../content/document.js';
import { codeName } from '../search/orama-index.js';
import type { TextAnalyser } from '../search/text-analyser.js';
import type { QuestionWord } from './answer-evidence.js';
import { codeBlock, quotedBlocks, withTheNameItExplains } from './answer-blocks.js';
import type { AnswerBlock } from './answer-format.js';
import {
  ASKS_WHAT_IT_IS,
  asksWhatItMeans,
  codeNamesWritten,
  holdsCodeName,
  INFORMATIVE_SPECIFICITY,
  isTask,
  LIST_QUESTION,
  namesWritten,
  PROCEDURAL,
  rowNames,
  scoreUnit,
  weighQuestion,
  wordsScore,
  type QuestionTerms,
} from './question-terms.js';
import {
  headingTerms,
  listAround,
  MAX_LISTED,
  optionName,
  tableListing,
  unitsOf,
  sectionTermSet,
  type Unit,
} from './section-units.js';

export { codeNamesAsked, definesName, PROCEDURAL } from './question-terms.js';
export { headingTerms, paragraphSentences, sectionTermSet } from './section-units.js';

/** Prose quoted in an answer, in characters: enough for a definition and the sentence after it. */
export const ANSWER_PROSE_CHARS = 480;

/** A question word in a section's own heading counts this much towards each of its sentences. */
const HEADING_WEIGHT = 1;

/**
 * A question word in a section's heading that its sentence repeats counts this much more when
 * choosing the sentence: the section is about it. (Not in the score that decides what else joins it.)
 */
const REPEATED_HEADING_WEIGHT = 0.5;

/**
 * How much more a sentence of the page's opening counts: the opening says what the page's subject
 * is and does ("The `map()` method … creates a new array populated with the results of calling a
 * provided function on every element"), where a sentence further down that matches as well is
 * often about a detail or an example of it. Not when the question names something the opening
 * doesn't, nor when another candidate's heading holds a word of the question it lacks. Set by reading the benchmark answers it changes: 29 of 335, of which 15 read better, 5
 * worse (asked about a detail a later section gives: "change the response status code") and 9
 * as well.
 */
const LEAD_WEIGHT = 1.2;

/**
 * A section named in code by a word of the question ("redirect" and `## redirect()`, "header" and
 * `## header()`) counts this much more: an API reference's sentences are terse ("Redirect,
 * default status code is `302`."), and another section's example may hold more of the question's
 * other words ("page", "user").
 */
const NAMED_SECTION_WEIGHT = 1.5;

/**
 * A table row whose first cell is, in code, a name the question writes (`trustProxy` in "What
 * does trustProxy do?", `context.resolvedQuery` for "resolvedQuery") is that name's entry in a
 * reference table: it says what the name is. It counts this much more than a row or sentence that
 * mentions the name among others (the `connectionsPerAddress` row's "Not applied with
 * `trustProxy`", under the same heading). Only for a question asking what something is or does:
 * "Which Hono preset should I use?" names the site, not the `hono` preset's row.
 */
const NAMED_ROW_WEIGHT = 2;

/**
 * The first candidate section (the source page's best passage for the question) is quoted unless
 * another's best sentence ranks this many times its best (see `chooseSection`): the most of its
 * head start, which is less against a section search found about as relevant.
 */
const FIRST_SECTION_WEIGHT = 1.5;

/** Other sentences of the section join the answer when they score at least this share of the best. */
const RELATED_SHARE = 0.6;

/**
 * A sentence starting like this leans on the one before it: a word pointing back ("It", "This",
 * "Then"), a connective drawing on it ("And", "Or", "Therefore", "In this case", "For example",
 * "With it", "For them"), such a connective after its subject ("The mobile browser would, therefore,
 * set…"), or an opening clause about what it said ("When paired with Hono, it enables…", "If
 * you want to use it, …"). Quoted alone, such a sentence starts mid-thought.
 */
const LEANS_ON_PREVIOUS =
  /^((it|its|this|these|that|those|they|them|their|then|next|so|and|or|but|also|otherwise|however|here|there|such|both|each|the same|therefore|thus|hence|instead|likewise|similarly|moreover|furthermore|additionally|alternatively|in addition|as a result|in other words|for (example|instance|it|this|that|these|those|them)|with (it|this|that|these|those|them)|in (this|that|either|each|both|such|which|these|those|any) cases?|at (this|that) (point|stage|time))\b|[^,.;:?!]{1,40}, (therefore|thus|hence|however|instead|in turn|as a result|in that case|in this case),|(when|while|once|if|unless|after|before|though|although) \w+(ed|ing)\b[^,.;:]*, (it|they)\b|(if|when|once|unless|before|after|to) [^,.;:()]*\b(it|them),)/i;

/** The languages of a page's markup and style: a demo's page, not code that does something. */
const MARKUP_LANGUAGE = /^(?:html|xml|svg|css|scss|sass|less)$/i;

/** A sentence pointing at what follows it ("See below.", "…as follows."). */
const POINTS_AHEAD = /\b(below|as follows|the following|like this|this example)\b/i;

/**
 * Whether a sentence names in a code span (`port`, `c.env.callback()`, `mount()`) what a code
 * block shows: the block right after it is its example.
 */
function namesCodeShown(sentence: string, code: string): boolean {
  return textRuns(sentence).some((run) => {
    const name = run.text.replace(/\(.*\)$/, '');
    return (
      run.code &&
      /^[\w$][\w$.-]{2,}$/.test(name) &&
      new RegExp(`(^|[^\\w$])${name.replace(/[.$]/g, '\\$&')}(?![\\w$])`).test(code)
    );
  });
}

/**
 * A sentence ending in a colon, or in words pointing at what follows ("…, do the following.",
 * "…as follows.", "…like this."): it announces what follows it (a list, a table, code).
 */
/** A paragraph that only names what follows, as a tab's name: one to three words and a colon ("npm:", "macOS:"). */
const TAB_NAME = /^[^\s.!?:]+(?: [^\s.!?:]+){0,2}:$/;
const ENDS_ANNOUNCING = /:\s*$|\b(?:the following|as follows|like this|below)[.!]?\s*$/i;

/** A sentence announcing the list after it. */
const ANNOUNCES_A_LIST = /:\s*$|\bthe following\b/i;

/** List items quoted after a sentence announcing them. */
const MAX_LIST_ITEMS = 8;

/**
 * A list of at most this many items is quoted whole when one of its items is chosen, within
 * `LIST_PROSE_CHARS`: a list is read at a glance, and half of one misleads.
 */
const MAX_WHOLE_LIST_ITEMS = 10;

const LIST_PROSE_CHARS = 2 * ANSWER_PROSE_CHARS;

/**
 * In a how-to question, a code block matching it counts this much more than a sentence: it shows
 * how. So does a sentence right before a code block, which is quoted with it.
 */
const CODE_WEIGHT = 1.25;

/** Code blocks quoted at most, but for short ones (see `SHORT_CODE_LINES`). */
const MAX_CODE_BLOCKS = 2;

/**
 * A block of at most this many lines right after a quoted sentence that introduces it is quoted
 * beyond `MAX_CODE_BLOCKS`: "And import `zValidator`." or "…disable Vercel Node.js helpers by
 * setting up an environment variable…" without its one line (`NODEJS_HELPERS=0`) leaves the
 * visitor without what the sentence says to write.
 */
const SHORT_CODE_LINES = 3;

/** A section of the source page that the answer may quote. */
export interface AnswerCandidate {
  section: Section;
  /** The page's title. */
  title: string;
  /**
   * Its relevance to the question (0–1) as search found it, when it is one of the passages search
   * found; absent for a section taken for its words alone.
   */
  relevance?: number;
}

/** What the answer quotes: which of the candidate sections, and its blocks. */
export interface SelectedAnswer {
  /** Index of the section quoted, in the candidates given. */
  section: number;
  blocks: AnswerBlock[];
  /**
   * The page's usage section, when its code example is quoted after the opening's sentences (see
   * `usageExample`): the section the answer shows how from.
   */
  usage?: Section;
}

/**
 * Chooses what an extractive answer quotes from the candidate sections (the source page's best
 * sections, best first): the sentence or table row that matches the question best, with the
 * sentence before it when it leans on it, the sentences after it that finish the thought, other
 * sentences of the section that match nearly as well, a table's header row, and the code block
 * that follows a chosen sentence (or the section's best-matching code for a how-to question),
 * in page order.
 */
export function selectAnswer(
  question: string,
  words: QuestionWord[],
  candidates: AnswerCandidate[],
  analyser: TextAnalyser,
  /** All sections of the source page, to tell which words are specific to a section. */
  pageSections: Section[] = candidates.map((candidate) => candidate.section),
  /**
   * Whether the question asks how though its words don't say so ("what about server-sent
   * events?" continuing "How do I stream a response?"): the code that goes with the sentences
   * quoted is shown, as for a how-to question.
   */
  asksHow = false,
): SelectedAnswer {
  const first = candidates[0];
  if (!first) return { section: 0, blocks: [] };
  // "What does idempotent mean?": "mean" is how it asks, not what the sentence quoted must say.
  const formOfTheQuestion = asksWhatItMeans(question);
  if (formOfTheQuestion.size > 0)
    words = words.filter((word) => !formOfTheQuestion.has(word.word.toLowerCase()));
  const asksForAList = LIST_QUESTION.test(question);
  // "Which events…?": the section whose table lists them answers, whatever else holds the words.
  const listingSection = candidates.length > 1 ? sectionListing(question, candidates, analyser) : -1;
  if (listingSection >= 0) {
    const fromList = selectAnswer(
      question,
      words,
      [candidates[listingSection]!],
      analyser,
      pageSections,
      asksHow,
    );
    return { ...fromList, section: listingSection };
  }
  const { asked, informative, titleHolds, titleTerms, specificity, isWholeName } = weighQuestion(
    words,
    first.title,
    pageSections,
    analyser,
  );

  // The title asks the question: it holds every word asked, and asks nothing else ("Reset your
  // password"; not "Theming: colours, fonts, dark mode and parts", whose `## Parts` answers
  // "how do I theme parts?").
  const askedTerms = new Set(words.map((word) => word.term));
  const titleIsTheQuestion = (title: string): boolean => {
    const terms = new Set(analyser.terms(title));
    return (
      askedTerms.size > 0 &&
      terms.size === askedTerms.size &&
      [...terms].every((term) => askedTerms.has(term))
    );
  };

  const procedural = PROCEDURAL.test(question);
  const showsCode = procedural || isTask(question);
  // A question that asks how without saying so (see `asksHow`) chooses its section by its words,
  // as asked, and shows the code that goes with what is quoted: the block a quoted sentence
  // introduces, or the page's usage example under its opening; not the section's best-matching
  // block, which on a page that is not the question's (MDN's `<a>` for "what about data that should
  // only last as long as the tab is open?") is an example of something else.
  const showsCodeQuoted = showsCode || asksHow;
  const sections = candidates.map((candidate) => unitsOf(candidate.section, analyser));
  // Rarity within the candidates: a word in every sentence doesn't tell them apart.
  const all = sections.flat().filter((unit) => unit.kind !== 'code');
  const frequency = new Map<string, number>();
  for (const unit of all)
    for (const term of new Set(unit.terms)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const idf = (term: string): number => Math.log(1 + (all.length + 1) / ((frequency.get(term) ?? 0) + 1));

  // A section listing other pages is quoted only when nothing else is there.
  const pointsElsewhere = candidates.map((candidate) => listsOtherPages(candidate.section.heading));
  // The page's opening: its first section with text, or a passage of it (see `isPartOfSection`).
  // Not when the question names something the opening doesn't ("…with Valibot"): a section
  // further down is about it.
  const pageOpening = pageSections.find((section) => section.text !== '');
  const openingTerms = pageOpening ? sectionTermSet(pageOpening, analyser) : new Set<string>();
  // Nor when the question names a section in code ("change the response status code" and
  // `## status()` on the context reference): that section says it, the opening in passing.
  // Such a section counts more than the others (see `NAMED_SECTION_WEIGHT`).
  // The name as the question writes it: "streaming" doesn't name `## stream()`.
  const written = new Set(words.map((word) => word.word.toLowerCase()));
  const namesAsked = ASKS_WHAT_IT_IS.test(question) ? namesWritten(question) : new Set<string>();
  const codeNames = candidates.map(({ section }) =>
    section.level > 1 ? codeName(section.heading) : undefined,
  );
  const named = codeNames.map(
    (name) => name !== undefined && written.has(name.slice(name.lastIndexOf('.') + 1).toLowerCase()),
  );
  // An option's entry in an option list that the question names ("the default allowed origin"
  // and `### origin: string | …`) counts half as much again, but wins no head start over the passage
  // search prefers: options are often named by everyday words ("password", "app"). A question
  // naming two of the page's options ("…with a username and password") asks about neither alone.
  const optionNamed = (section: Section): string | undefined => {
    const option = section.level > 1 ? optionName(section.heading)?.toLowerCase() : undefined;
    return option !== undefined && written.has(option) ? option : undefined;
  };
  const optionsNamed = new Set(pageSections.map(optionNamed).filter((option) => option !== undefined));
  const namedOption = candidates.map(
    ({ section }, index) => !named[index] && optionsNamed.size === 1 && optionNamed(section) !== undefined,
  );
  const namesASection = named.includes(true);
  // The page's opening counts no more than other sections (see `LEAD_WEIGHT`) when a candidate's
  // heading holds a word of the question the opening lacks (not the title's): the question is
  // about that section's subject ("the RPC client isn't sending my session cookie to the API"
  // and `### Cookies`, not the RPC page's opening on sharing the API's types between server and
  // client). Its usage example still comes with it, when it answers a how-to question.
  const headedElsewhere = candidates.some(
    ({ section }) =>
      section.level > 1 &&
      headingTerms(section.heading, analyser).some(
        (term) =>
          askedTerms.has(term) && informative.has(term) && !titleHolds.has(term) && !openingTerms.has(term),
      ),
  );
  const lead =
    namesASection || words.some((word) => isWholeName(word) && !openingTerms.has(word.term))
      ? undefined
      : pageOpening;
  const isLead = (section: Section): boolean => lead !== undefined && isPartOfSection(section, lead);
  // A name the question writes as code, `insight_not_found` or `useState`: a code block holding it
  // is where the page shows it, whatever the question asks (see `holdsCodeName`). Not the name of
  // the page's subject, its title's words (`bodyLimit` on "Body Limit Middleware"), which every
  // example of the page holds: "Is there a size limit for uploads on Bun when I raise bodyLimit?"
  // is answered by `## Usage with Bun for large requests`, not by the usage example.
  const namesInCode = codeNamesWritten(question).filter((name) => {
    const whole = analyser.term(name.toLowerCase());
    const parts = analyser.terms(name).filter((term) => term !== whole);
    return parts.length === 0 || !parts.every((term) => titleHolds.has(term));
  });
  /** Each candidate's best unit: its index, rank, score with its heading's, and its own score. */
  const bestOf = candidates.map(() => ({ unit: -1, rank: 0, score: 0, ownScore: 0 }));
  sections.forEach((units, sectionIndex) => {
    const candidate = candidates[sectionIndex] as (typeof candidates)[number];
    if (pointsElsewhere[sectionIndex]) return;
    // A heading below the page title says what its sentences are about: its words count for
    // each of them, once.
    const heading = candidate.section.level > 1 ? headingTerms(candidate.section.heading, analyser) : [];
    // The page's opening stands under its title: when the title is the question, a sentence
    // there repeating its words is as much in the section about them as one repeating a heading's
    // ("If you forgot your password…" under "Reset your password", not "A secure password has…"
    // under `## Secure passwords`).
    const about =
      heading.length === 0 && isLead(candidate.section) && titleIsTheQuestion(candidate.title)
        ? analyser.terms(candidate.title)
        : heading;
    const aboutWords = wordsScore(about, asked, idf);
    units.forEach((unit, unitIndex) => {
      // In a how-to question, code that does it may be the answer ("How can I set a cookie?"); in
      // any question, code holding a name it writes as code ("feedback request fails with
      // insight_not_found": the error's JSON under `## Unknown insight`, not the request table
      // whose heading says "request").
      if (unit.kind === 'code' && (unit.mistake || !(procedural || holdsCodeName(unit.text, namesInCode))))
        return;
      const ownWords = new Set<string>();
      unit.score = scoreUnit(unit, asked, idf, ownWords) * (unit.kind === 'code' ? CODE_WEIGHT : 1);
      // In a how-to question, a sentence right before code is quoted with its code (see
      // `codeChosen`): it shows how as much as code does. Without the same weight, a script holding
      // the words in a comment and a name ("…after it changes the page", `color-scheme`) outranked
      // "To change the colours…, set these properties…:" and its CSS.
      const shown = units[unitIndex + 1];
      if (procedural && unit.kind !== 'code' && shown?.kind === 'code' && !shown.mistake)
        unit.score *= CODE_WEIGHT;
      const own = new Set(unit.terms);
      // Beyond its own words: the section's heading, and a row's column names, which are its own.
      const beyond = (terms: Iterable<string>): number =>
        HEADING_WEIGHT * wordsScore(terms, asked, idf, undefined, ownWords);
      if (unit.columns) unit.score += beyond(unit.columns);
      const headingScore = beyond(heading);
      // A sentence that only repeats the page title's words says no more than the section's opening.
      const telling = [...own, ...heading].some((term) => informative.has(term));
      if (!telling) {
        unit.score = 0;
        return;
      }
      const total = unit.score + headingScore;
      // A sentence repeating its heading's word is in the section about it: the word found in
      // another section's sentence is in passing ("Render JSON…" under `## json()`, not "return
      // c.json(…)" in an example about variables).
      const repeated =
        REPEATED_HEADING_WEIGHT *
        HEADING_WEIGHT *
        (aboutWords -
          (about === heading
            ? headingScore / HEADING_WEIGHT
            : wordsScore(about, asked, idf, undefined, ownWords)));
      const rank =
        (total + repeated) *
        (isLead(candidate.section) && !headedElsewhere ? LEAD_WEIGHT : 1) *
        (named[sectionIndex] || namedOption[sectionIndex] ? NAMED_SECTION_WEIGHT : 1) *
        (unit.kind === 'row' && rowNames(unit.text, namesAsked) ? NAMED_ROW_WEIGHT : 1);
      const best = bestOf[sectionIndex] as (typeof bestOf)[number];
      if (rank > best.rank + 1e-9) {
        best.rank = rank;
        best.score = total;
        best.ownScore = unit.score;
        best.unit = unitIndex;
      }
    });
  });
  // A name the question asks about that a candidate holds ("…with Valibot"): the preferred
  // candidate lacking it has no head start (see `chooseSection`).
  const askedNames = words.filter(isWholeName).map((word) => word.term);
  const heldNames = askedNames.filter((term) =>
    candidates.some(({ section }) => sectionTermSet(section, analyser).has(term)),
  );
  // A question about the page's subject as a whole ("What is Validation?", "CSRF Protection"): its
  // words are the title, or title words no heading holds ("What are parts?" on "Theming: colours,
  // fonts, dark mode and parts" asks about `## Parts`). Its opening says what the subject is.
  // Not a how-to question ("How do I validate?"): it asks how, which a section's code shows.
  const aboutTheSubject =
    !showsCode &&
    (titleIsTheQuestion(first.title) ||
      (askedTerms.size > 0 && [...askedTerms].every((term) => titleTerms.has(term))));
  const candidateHeadings = candidates.map(({ section }) =>
    section.level > 1 ? new Set(headingTerms(section.heading, analyser)) : new Set<string>(),
  );
  // A heading that is the question ("## Which preset should I use?" for "Which Hono preset should
  // I use?"): it asks nothing else, and the question asks nothing else but the page's subject
  // (a title word, or one most of the page's sections hold). A heading of one word is, when that
  // word tells the page's sections apart and is not the title's: `## Vue` for "can I use it in a
  // Vue app?" on a page titled with apps, most of whose sections say "use", rather than the
  // section on server rendering whose sentence holds "app" and "use" and names Vue in passing.
  // The heading's words are the question's as written, weighed or not: "over" in "How do I run
  // the service over my own documents?" is no word weighed, and `## Run the service over your own
  // documents` is the question.
  const questionTerms = new Set([...askedTerms, ...analyser.terms(question)]);
  const headingIsTheQuestion = candidateHeadings.map(
    (terms) =>
      (terms.size >= 2 ||
        (terms.size === 1 && [...terms].every((term) => informative.has(term) && !titleHolds.has(term)))) &&
      [...terms].every((term) => questionTerms.has(term)) &&
      [...askedTerms].every(
        (term) => terms.has(term) || titleHolds.has(term) || specificity(term) < INFORMATIVE_SPECIFICITY,
      ),
  );
  // A question that is only the page's name, or a part of it ("install" on "Install ask-elements",
  // "CORS" on "CORS Middleware"), how-to verb or not: a visitor typing a page's name wants what the
  // page is about, its opening, as one asking what it is; not the section that repeats the word
  // most. Not when a section below is headed with just those words ("parts" and `## Parts` on
  // "Theming: colours, fonts, dark mode and parts"), nor when the opening has no prose.
  const leadIndex = candidates.findIndex(({ section }) => isLead(section));
  const onlyThePageName =
    leadIndex >= 0 &&
    isOnlyTheTitle(question, first.title, analyser) &&
    !pageSections.some(
      (section) => section.level > 1 && sameTerms(headingTerms(section.heading, analyser), askedTerms),
    ) &&
    (sections[leadIndex] as Unit[]).some((unit) => unit.kind === 'text');
  const preferred = aboutTheSubject || onlyThePageName ? Math.max(0, leadIndex) : 0;
  const bestSection = chooseSection({
    ranks: bestOf.map(({ rank }) => rank),
    named,
    codeNamed: codeNames.map((name) => name !== undefined),
    pointsElsewhere,
    hasCode: sections.map((units) => units.some((unit) => unit.kind === 'code' && !unit.mistake)),
    relevances: candidates.map((candidate) => candidate.relevance),
    opening: candidates.map(
      ({ section }) => pageOpening !== undefined && isPartOfSection(section, pageOpening),
    ),
    preferred,
    preferredIsThePageName: onlyThePageName,
    headingIsTheQuestion,
    preferredLacksAName: heldNames.some(
      (term) => !sectionTermSet((candidates[preferred] ?? first).section, analyser).has(term),
    ),
    showsCode,
  });
  const {
    unit: bestUnit,
    score: bestScore,
    ownScore: bestOwnScore,
  } = bestOf[bestSection] as (typeof bestOf)[number];

  const units = sections[bestSection] as Unit[];
  const chosen = new Set<number>();
  let length = 0;
  const choose = (index: number): void => {
    const unit = units[index];
    if (!unit || unit.kind === 'code' || chosen.has(index)) return;
    chosen.add(index);
    length += unit.length;
    // A sentence starting "They…", "This…" or "At this point" comes with the sentence it leans
    // on: the one before it in its paragraph or, opening a paragraph, the last of the paragraph
    // of prose before it ("The reference service is the HTTP API…" before "It is the elements'
    // backend…"), not an item of a list.
    const previous = units[index - 1];
    // A sentence answering the question the page asks right before it ("Why is this needed?
    // Because mobile browsers tend to lie…") comes with the question: alone, it answers nothing.
    if (
      unit.kind === 'text' &&
      previous?.kind === 'text' &&
      previous.paragraph === unit.paragraph &&
      /\?$/.test(previous.text)
    )
      choose(index - 1);
    else if (
      unit.kind === 'text' &&
      previous?.kind === 'text' &&
      (previous.paragraph === unit.paragraph ||
        (previous.paragraph === unit.paragraph - 1 &&
          previous.list === undefined &&
          unit.list === undefined)) &&
      LEANS_ON_PREVIOUS.test(unit.text)
    )
      choose(index - 1);
    // Opening a paragraph right after a list, it speaks of the list ("These options are generally
    // free…" after GitHub Pages, Netlify and Fly.io): the list comes with it, each item's first
    // sentence (which names it) and the sentence announcing it, within the budget.
    else if (
      unit.kind === 'text' &&
      unit.list === undefined &&
      previous?.kind === 'text' &&
      previous.list !== undefined &&
      previous.paragraph === unit.paragraph - 1 &&
      LEANS_ON_PREVIOUS.test(unit.text)
    ) {
      const list = listAround(units, index - 1, MAX_WHOLE_LIST_ITEMS);
      if (list) {
        const firsts = itemFirsts(units, list);
        const before = units[list[0] - 1];
        const announcing =
          before?.kind === 'text' && before.list === undefined && ANNOUNCES_A_LIST.test(before.text)
            ? [list[0] - 1]
            : [];
        const added = [...announcing, ...firsts].reduce((sum, i) => sum + (units[i] as Unit).length, 0);
        if (length + added <= LIST_PROSE_CHARS) for (const i of [...announcing, ...firsts]) choose(i);
      }
    }
    // After code, it leans on the sentence before the code too: "…install the Node.js adapter
    // first. [npm i @hono/node-server] Then, you can utilize `getRequestListener`…".
    else if (unit.kind === 'text' && previous?.kind === 'code' && LEANS_ON_PREVIOUS.test(unit.text)) {
      let before = index - 1;
      while (units[before]?.kind === 'code') before--;
      if (
        units[before]?.kind === 'text' &&
        units[before]?.paragraph === (units[before + 1] as Unit).paragraph - 1
      )
        choose(before);
    }
    // A later sentence of a list item comes with the item's first, which says what the item is
    // about ("Retention.", "The page's attributes…"): alone, it would read as an item of its own.
    if (unit.kind === 'text' && unit.list !== undefined) {
      let first = index;
      while (units[first - 1]?.kind === 'text' && units[first - 1]?.paragraph === unit.paragraph) first--;
      choose(first);
      // A description comes with the term it describes (MDN's "Returns a Promise…" says nothing
      // of which method it is), and a term with its description, which is what answers.
      if (unit.defines) for (let i = first - 1; units[i]?.paragraph === unit.paragraph - 1; i--) choose(i);
      else if (units[index + 1]?.paragraph !== unit.paragraph) {
        for (let i = index + 1; units[i]?.defines && units[i]?.paragraph === unit.paragraph + 1; i++)
          if (i === index + 1 || length < ANSWER_PROSE_CHARS / 2) choose(i);
      }
    }
  };
  // Without a matching sentence, or when the section's heading is what matches the question
  // more than any of its sentences, the section's opening, which explains the heading.
  const opening = units.findIndex((unit) => unit.kind !== 'code');
  // A section headed by the question itself, written as a question (a FAQ's "## Is there an
  // official Renovate config for Hono?"), answers it in its opening ("The Hono team does not
  // currently maintain…"), whichever of its sentences repeats the question's words most ("see
  // renovate-config-hono… for more details"). A heading naming a subject ("## Deno Deploy") opens
  // by saying what it is, which a task about it ("deploy my app to Deno Deploy") doesn't ask.
  // A name's own row (see `NAMED_ROW_WEIGHT`) says what it is, whatever the heading above it
  // matches: "What is the score parameter?" had the `## Request parameters` table's first rows.
  const namedRowBest =
    units[bestUnit]?.kind === 'row' && rowNames((units[bestUnit] as Unit).text, namesAsked);
  const headingMatchesMore =
    (bestUnit >= 0 && !namedRowBest && bestOwnScore < bestScore - bestOwnScore) ||
    (headingIsTheQuestion[bestSection] === true &&
      /\?\s*$/.test(candidates[bestSection]?.section.heading ?? '') &&
      units[opening]?.kind === 'text');
  const bestIsCode = !headingMatchesMore && units[bestUnit]?.kind === 'code';
  const start =
    bestUnit < 0 || headingMatchesMore
      ? opening
      : bestIsCode
        ? // Code is quoted with the sentence that introduces it, if there is one.
          units[bestUnit - 1]?.kind === 'text'
          ? bestUnit - 1
          : -1
        : bestUnit;
  // A tab's name ("npm:", as the content reader writes a Docusaurus tab's label) introduces only
  // its code: the sentence before the tabs, if that is what comes before, introduces them all.
  if (
    bestIsCode &&
    start === bestUnit - 1 &&
    TAB_NAME.test(units[start]?.text ?? '') &&
    units[start - 1]?.kind === 'text' &&
    units[start - 1]?.paragraph === (units[start]?.paragraph ?? 0) - 1
  )
    choose(start - 1);
  // Quoted code comes with the sentence that follows it up ("Then, in your application:").
  const followUp = units[bestUnit + 1];
  if (bestIsCode && followUp?.kind === 'text' && LEANS_ON_PREVIOUS.test(followUp.text)) choose(bestUnit + 1);
  const startUnit = units[start];
  if (startUnit) {
    if (startUnit.kind === 'row') {
      // The header row names the columns.
      let header = start;
      while (
        units[header - 1]?.kind === 'row' &&
        units[header - 1]?.paragraph === (units[header]?.paragraph ?? 0) - 1
      )
        header--;
      if (header !== start) choose(header);
    }
    choose(start);
    // The sentences after it finish the thought, within its paragraph (prose only).
    if (startUnit.kind === 'text')
      for (let i = start + 1; i < units.length && length < ANSWER_PROSE_CHARS / 2; i++) {
        const unit = units[i] as Unit;
        if (unit.kind !== 'text' || unit.paragraph !== startUnit.paragraph) break;
        choose(i);
      }
    // A paragraph ending in one that announces a list ("The following libraries make it
    // possible.", "…logs the following details:") comes with the list: its items, a short
    // paragraph each, within the budget.
    if (startUnit.kind === 'text') {
      let last = start;
      while (chosen.has(last + 1) && units[last + 1]?.paragraph === startUnit.paragraph) last++;
      const next = units[last + 1];
      if (
        ANNOUNCES_A_LIST.test((units[last] as Unit).text) &&
        next?.kind === 'text' &&
        next.paragraph === startUnit.paragraph + 1
      ) {
        for (let i = last + 1, items = 0; i < units.length && items < MAX_LIST_ITEMS; i++, items++) {
          const item = units[i] as Unit;
          const single =
            units[i - 1]?.paragraph !== item.paragraph && units[i + 1]?.paragraph !== item.paragraph;
          if (item.kind !== 'text' || !single || length + item.length > ANSWER_PROSE_CHARS) break;
          choose(i);
        }
        // A short list whose first item runs to several sentences ("…check a request in this
        // order and answer the first failure:", then eight items of two or three): each item's
        // first sentence, which names it, rather than an answer ending on the colon.
        const list = chosen.has(last + 1) ? undefined : listAround(units, last + 1, MAX_WHOLE_LIST_ITEMS);
        if (list?.[0] === last + 1) {
          const firsts = itemFirsts(units, list);
          const itemsLength = firsts.reduce((sum, i) => sum + (units[i] as Unit).length, 0);
          if (length + itemsLength <= LIST_PROSE_CHARS) for (const i of firsts) choose(i);
        }
      }
      // One that announces a table ("Set two environment variables…:") comes with the table: its
      // header row, under which its first rows are quoted (see `quotedBlocks`).
      if (
        ENDS_ANNOUNCING.test((units[last] as Unit).text) &&
        next?.kind === 'row' &&
        next.paragraph === startUnit.paragraph + 1
      )
        choose(last + 1);
    }
    // Other sentences or rows that match nearly as well, best first, within the budget.
    const related = units
      .map((unit, index) => ({ unit, index }))
      .filter(
        ({ unit, index }) =>
          unit.kind !== 'code' &&
          !chosen.has(index) &&
          unit.score >= RELATED_SHARE * Math.max(bestScore, startUnit.score) &&
          unit.score > 0,
      )
      .sort((a, b) => b.unit.score - a.unit.score || a.index - b.index);
    for (const { unit, index } of related) {
      if (length + unit.length > ANSWER_PROSE_CHARS) continue;
      choose(index);
    }
    // An item of a short list comes with the list ("What is on the checklist?" quoted item 1 of
    // 9): its other items, within the budget, and the sentence announcing it. That is, a list a
    // sentence announces ("…logs the following details:"), or one the question asks for (a list,
    // or the section the list makes up, whose heading matches more than any item); not a list of
    // points of their own under a heading, asked about one of them ("Is it open source?" quoted
    // the four points of "Why use it" before "Free and open source", filling the budget).
    const asksForTheList = asksForAList || bestUnit < 0 || headingMatchesMore;
    // A list asked for is quoted whole up to as many items as a table's listing names, within the
    // budget: "what helpers are available" quoted "- Accepts", the first of twelve names.
    const wholeList = asksForAList ? MAX_LISTED : MAX_WHOLE_LIST_ITEMS;
    for (const index of [...chosen]) {
      const around = listAround(units, index, wholeList);
      if (!around) continue;
      const [first, last] = around;
      const before = units[first - 1];
      const announced =
        before?.kind === 'text' && before.list === undefined && ANNOUNCES_A_LIST.test(before.text);
      // A point quoted for matching nearly as well as the sentence that answers, from a list that
      // sentence is not part of, comes with its list or not at all: alone, "- Revoke cancels the
      // invitation…" reads as a fragment and hides its neighbour "- Resend sends a fresh email…".
      const besideTheAnswer = start >= 0 && (start < first || start > last);
      if (!announced && !asksForTheList && !besideTheAnswer && (units[index] as Unit).list === 'unordered')
        continue;
      let itemsLength = 0;
      for (let i = first; i <= last; i++) if (!chosen.has(i)) itemsLength += (units[i] as Unit).length;
      if (length + itemsLength > LIST_PROSE_CHARS) {
        if (besideTheAnswer && !announced && (units[index] as Unit).list === 'unordered')
          for (let i = first; i <= last; i++) chosen.delete(i);
        continue;
      }
      for (let i = first; i <= last; i++) choose(i);
      if (announced) choose(first - 1);
    }
  }

  // A question asking for a list, answered from an option's entry in an option list (`### alg:
  // string`), asks for the option's values, which the entry lists in a sentence of its own: a short
  // entry comes whole. "Which algorithms can the JWT middleware verify?" quoted "An algorithm type
  // that is used for verifying.", not the next paragraph's "Available types are `HS256` | …".
  const section = candidates[bestSection]?.section;
  if (
    asksForAList &&
    chosen.size > 0 &&
    section &&
    section.level > 1 &&
    optionName(section.heading) !== undefined
  ) {
    const prose = units.filter((unit) => unit.kind !== 'code');
    if (prose.reduce((sum, unit) => sum + unit.length, 0) <= ANSWER_PROSE_CHARS / 2)
      units.forEach((unit, index) => {
        if (unit.kind !== 'code') choose(index);
      });
  }

  // "Which events…?", "What options are there?": a table's first column lists them all.
  const listing = asksForAList ? tableListing(units) : undefined;
  if (listing)
    for (const index of [...chosen]) if ((units[index] as Unit).kind === 'row') chosen.delete(index);

  // Code blocks that belong to the chosen sentences: one a sentence introduces ("…like this:",
  // or any chosen sentence before it in a how-to question), one a chosen sentence follows up
  // ("Then, in your application:").
  const codeChosen = new Set<number>(bestIsCode ? [bestUnit] : []);
  // A block is pointed at by the quoted prose right before it: "…you can use `app.route()` as
  // follows." then "Pass the value returned from…", then the code. Not across a list or a table.
  const pointedAt = (index: number): boolean => {
    for (let i = index - 1; chosen.has(i); i--) {
      const unit = units[i] as Unit;
      if (unit.kind !== 'text' || (i < index - 1 && unit.list !== undefined)) return false;
      if (POINTS_AHEAD.test(unit.text)) return true;
    }
    return false;
  };
  units.forEach((unit, index) => {
    if (unit.kind !== 'code' || unit.mistake) return;
    const before = units[index - 1];
    const shortAfterItsSentence =
      before?.kind === 'text' && chosen.has(index - 1) && unit.text.split('\n').length <= SHORT_CODE_LINES;
    if (codeChosen.size >= MAX_CODE_BLOCKS && !shortAfterItsSentence) return;
    const after = units[index + 1];
    const introduced =
      before !== undefined &&
      chosen.has(index - 1) &&
      (showsCodeQuoted ||
        ENDS_ANNOUNCING.test(before.text) ||
        // The first block, right after a sentence that points at it ("See below.") or names
        // code it shows ("You can specify the port number with exporting the `port`.").
        (codeChosen.size === 0 &&
          before.kind === 'text' &&
          (pointedAt(index) || namesCodeShown(before.text, unit.text))));
    const followedUp =
      after !== undefined &&
      chosen.has(index + 1) &&
      after.kind === 'text' &&
      LEANS_ON_PREVIOUS.test(after.text);
    if (introduced) codeChosen.add(index);
    else if (followedUp) {
      // The last of blocks in a row in one language is a tab of a group ("npm i …", "yarn add
      // …", "bun add …"): the first tab, as the page shows it, rather than the last.
      let first = index;
      while (
        unit.language &&
        units[first - 1]?.kind === 'code' &&
        units[first - 1]?.language === unit.language
      )
        first--;
      codeChosen.add(first);
    }
  });
  // A sentence announcing what follows it ("…by these rules, in this order:") is quoted with it
  // or not at all: alone, it ends the answer on a promise.
  for (const index of [...chosen].sort((a, b) => b - a)) {
    const unit = units[index] as Unit;
    if (
      chosen.size > 1 &&
      unit.kind === 'text' &&
      ENDS_ANNOUNCING.test(unit.text) &&
      !chosen.has(index + 1) &&
      !codeChosen.has(index + 1)
    )
      chosen.delete(index);
  }
  // An answer opening with an item of a list too long to come whole ("- `font-display`: This line
  // specifies how the font is displayed…", the last of four long ones) opens with the short
  // sentence announcing the list ("Let's go through it to see what it does:"), which the rule
  // above drops as promising an item not quoted: alone, the item says nothing of what the list is of.
  const firstChosen = Math.min(...chosen);
  const openingList = chosen.size > 0 ? listAround(units, firstChosen, Infinity) : undefined;
  const announcing = openingList ? units[openingList[0] - 1] : undefined;
  if (
    openingList &&
    announcing?.kind === 'text' &&
    announcing.list === undefined &&
    announcing.paragraph === (units[openingList[0]] as Unit).paragraph - 1 &&
    ANNOUNCES_A_LIST.test(announcing.text) &&
    announcing.length <= ANSWER_PROSE_CHARS / 4
  )
    choose(openingList[0] - 1);
  const blocks = quotedBlocks(units, chosen, codeChosen, listing);
  // A list opening a section named by code, quoted first, is announced by that name ("- path:
  // `string`" under `### deleteCookie` of `## Options`): alone, its items don't say whose they are.
  // Not a heading in words ("Steps", "Why use it"), which the items need less than the question.
  const quoted = (candidates[bestSection] as (typeof candidates)[number]).section;
  const quotedName = quoted.level > 1 ? codeName(quoted.heading) : undefined;
  if (blocks[0]?.kind === 'list' && units[opening]?.list !== undefined && quotedName !== undefined) {
    const heading = quoted.heading.trim();
    blocks.unshift({ kind: 'text', text: `${heading.includes('`') ? heading : codeSpan(heading)}:` });
  }
  let codeShown = blocks.some((block) => block.kind === 'code');
  // A section of code alone quotes its code, for any question.
  if (!codeShown && (showsCode || blocks.length === 0)) {
    // Code marked as a mistake only when the section has nothing else: better than no answer.
    const example = bestCode(asked, units, blocks.length === 0);
    if (example) {
      blocks.push(codeBlock(example));
      codeShown = true;
    }
  }
  // A section that only points ahead to its example ("The following example calls `flashtext()`
  // once a second…"), the example's code in its subsections (`#### HTML`, `#### JavaScript`):
  // the block of those that holds most of the question, rather than a promise of one.
  const last = blocks.at(-1);
  const pointsAhead =
    last?.kind === 'text' && (POINTS_AHEAD.test(last.text) || ENDS_ANNOUNCING.test(last.text));
  // A how-to question answered by a section whose code is all in its subsections ("You can throw
  // your own HTTPExceptions…" over `### Custom Message` and `### Custom Response`): the first
  // block of those that holds a word of the question, in a language that does something. Not a
  // demo's markup or style sheet (MDN's `#### HTML`, `#### CSS`), which only a sentence pointing
  // at it makes its example.
  const showsHowBelow = showsCode && quoted.level > 1 && !isLead(quoted);
  if (!codeShown && last?.kind === 'text' && (pointsAhead || showsHowBelow)) {
    const below = pageSections.indexOf(quoted);
    const units: Unit[] = [];
    for (let i = below + 1; below >= 0 && i < pageSections.length; i++) {
      const section = pageSections[i] as Section;
      if (section.level <= quoted.level) break;
      units.push(...unitsOf(section, analyser));
    }
    const example = pointsAhead
      ? bestCode(asked, units)
      : units.find(
          (unit) =>
            unit.kind === 'code' &&
            !unit.mistake &&
            !MARKUP_LANGUAGE.test(unit.language ?? '') &&
            wordsScore(unit.terms, asked, () => 1) > 0,
        );
    // Only code that holds some of the question: a page's markup for its demo is no example of it.
    if (example && wordsScore(example.terms, asked, () => 1) > 0) {
      blocks.push(codeBlock(example));
      codeShown = true;
    }
  }
  withTheNameItExplains(blocks, quoted);
  // Code alone, from a section of code alone ("### Regular cookies", an MDN page's syntax block),
  // comes after the sentence that says what it is about: a visitor reads a block of code with no
  // word before it as no answer.
  if (blocks.length > 0 && !blocks.some((block) => block.kind !== 'code')) {
    const introduction = introductionOf(
      quoted,
      askedTerms,
      (term) => informative.has(term) && !titleHolds.has(term),
      pageSections,
      analyser,
    );
    if (introduction) blocks.unshift(introduction);
  }
  // A how-to question answered by the page's opening, which says what the page's subject does but
  // not how ("Using this middleware, you can add ETag headers easily."): the page's usage example.
  // So too one answered by what to import alone (a reference's `## Import`, whose import lines name
  // the middleware as the question does, over `## Usage`, which turns it on): imports show where
  // the thing comes from, not how to use it.
  const onlyImports = codeShown && blocks.every((block) => block.kind !== 'code' || importsAlone(block.text));
  const usage =
    showsCodeQuoted && ((!codeShown && isLead(quoted)) || onlyImports)
      ? usageExample(asked, (term) => informative.has(term) && !titleHolds.has(term), pageSections, analyser)
      : undefined;
  if (usage && !importsAlone(usage.code.text) && usage.section !== quoted) {
    blocks.push(codeBlock(usage.code));
    return { section: bestSection, blocks, usage: usage.section };
  }
  return { section: bestSection, blocks };
}

/** The first sentence of each item of a list (its units from `list[0]` to `list[1]`): the one naming it. */
function itemFirsts(units: readonly Unit[], [first, last]: [number, number]): number[] {
  const firsts: number[] = [];
  for (let i = first; i <= last; i++)
    if (i === first || units[i - 1]?.paragraph !== units[i]?.paragraph) firsts.push(i);
  return firsts;
}

/**
 * Which candidate section to quote. The preferred one is the best passage of the source page as
 * search ranks passages (by the question's words in its heading and text, their rarity and
 * nearness), or, for a question about the page's subject as a whole, the page's opening; another
 * is quoted when its best sentence outranks the preferred one's by the preferred one's head start.
 * Choosing the section of the best sentence of any candidate, as before 2026-11-29, quoted a
 * section that answers less often: 8 to 14 questions in 100 fewer on the Hono questions written
 * blind (bench/answer-sections.ts). The head start is what search found: against another section
 * it also found, the preferred one's relevance over that one's (at least 1, at most
 * `FIRST_SECTION_WEIGHT`), so that of two sections search found about as relevant, the one whose
 * sentence says more of the question is quoted ("deploy to Cloud Run using Bun instead of Node":
 * `## Changing runtimes`, 0.61, not the page's opening, 0.58, which mentions Node.js's default
 * build). Against the page's opening, whose heading is the page's title (so that the title's words,
 * a field of every passage, also count in its text), or a section taken for its words alone,
 * `FIRST_SECTION_WEIGHT`, or none when the preferred one lacks a name the question asks about that
 * another holds. A flat head start for every section, as before 2026-12-01, quoted another section for 4 seen questions of
 * that benchmark whose answering section is quoted now, and for none whose is not; of its blind
 * questions, 2 more are quoted rightly now, none fewer. A section whose heading is the
 * question is quoted first, then a section the question names in code (see below); a preferred
 * section of code alone is quoted as its code; with no sentence to quote anywhere, the preferred
 * section's opening.
 */
function chooseSection(choice: {
  ranks: number[];
  /** Sections the question names in code, and sections named in code at all. */
  named: boolean[];
  codeNamed: boolean[];
  pointsElsewhere: boolean[];
  hasCode: boolean[];
  /** Each candidate's relevance as search found it, when it did (see `AnswerCandidate`). */
  relevances: (number | undefined)[];
  /**
   * Which candidates are the page's opening, whose relevance counts the page's title in its text
   * (its heading): against it, the preferred section keeps its whole head start.
   */
  opening: boolean[];
  preferred: number;
  /** The question is only the page's name, and the preferred section its opening: it is quoted. */
  preferredIsThePageName: boolean;
  headingIsTheQuestion: boolean[];
  /**
   * The preferred section lacks a name the question asks about that another candidate holds: it
   * has no head start, whatever search's relevances say.
   */
  preferredLacksAName: boolean;
  /** The question asks how to do something, or is a task: code may answer it. */
  showsCode: boolean;
}): number {
  const { ranks, named, pointsElsewhere, hasCode, preferred } = choice;
  const rankOf = (index: number): number => ranks[index] ?? 0;
  const bestAmong = (wanted: (index: number) => boolean): number => {
    let best = -1;
    ranks.forEach((rank, index) => {
      if (wanted(index) && !pointsElsewhere[index] && rank > 0 && (best < 0 || rank > rankOf(best)))
        best = index;
    });
    return best;
  };
  // With no sentence to quote anywhere, the preferred section's opening.
  const fallback = (): number => {
    const best = bestAmong(() => true);
    if (best >= 0) return best;
    return pointsElsewhere[preferred] ? Math.max(0, pointsElsewhere.indexOf(false)) : preferred;
  };
  const asked = bestAmong((index) => choice.headingIsTheQuestion[index] === true);
  if (asked >= 0) return asked;
  if (choice.preferredIsThePageName) return preferred;
  // A section the question names in code ("sign" and `## sign()`) is quoted before a preferred
  // section in words (an opening); against another section named in code (`## queries()` for
  // "?tag=a&tag=b", which names `## param()`), it competes without the head start.
  const namedSection = named[preferred] ? -1 : bestAmong((index) => named[index] === true);
  if (namedSection >= 0 && !choice.codeNamed[preferred]) return namedSection;
  if (pointsElsewhere[preferred]) return fallback();
  // A preferred section of code alone is quoted as its code. Not for a question that code doesn't
  // answer (neither how to do something nor a task) when the code lacks a name the question asks
  // about that another candidate holds, as below: "Is there a size limit for uploads on Bun when I
  // raise bodyLimit?" is answered by `## Usage with Bun for large requests`, not by the usage
  // example whose code holds `bodyLimit`, `/upload` and `.size`.
  if (rankOf(preferred) === 0) {
    if (hasCode[preferred] && (choice.showsCode || !choice.preferredLacksAName)) return preferred;
    return fallback();
  }
  if (namedSection >= 0 && rankOf(namedSection) > rankOf(preferred)) return namedSection;
  // Another section is quoted when its best sentence outranks the preferred one's by the head start.
  const headStart = (index: number): number => {
    if (choice.preferredLacksAName) return 1;
    const own = choice.relevances[preferred];
    const other = choice.relevances[index];
    if (own !== undefined && other !== undefined && other > 0 && !choice.opening[index])
      return Math.min(FIRST_SECTION_WEIGHT, Math.max(1, own / other));
    return FIRST_SECTION_WEIGHT;
  };
  let best = preferred;
  let bestShare = 1;
  ranks.forEach((rank, index) => {
    if (index === preferred || pointsElsewhere[index] || rank <= 0) return;
    const share = rank / (headStart(index) * rankOf(preferred));
    if (share > bestShare) {
      best = index;
      bestShare = share;
    }
  });
  return best;
}

/**
 * The sentence introducing code quoted alone from `section`: the first sentence of the nearest
 * section above it that says something of the question beyond the page's title (`## HTTP2`'s "You
 * can run hono on a Node.js http2 Server." for `### Encrypted HTTP2`, asked "run my Node.js server
 * over encrypted HTTP/2"), else of the page's opening, which says what its subject is ("The
 * Cookie Helper provides an easy interface to manage cookies…") when it holds a word of the
 * question. Never a pointer nor an aside (see POINTER_OR_ASIDE); a sentence that begins "Note
 * that…" is judged by its words as any other: "Note that as numbers in JavaScript are IEEE 754…",
 * over `Math.random()`'s examples, holds only a synonym of "integer"; "Hono is very flexible."
 * none of the question's words.
 */
/**
 * A sentence that points elsewhere ("See the examples using WebSocket Helper.") or is an aside,
 * its label before a colon or a new sentence ("NOTE: Setting and retrieving signed cookies returns
 * a Promise.", "**Note** This middleware uses…"). A sentence that begins with the word ("Note that
 * paths ending with a slash…") is none: its words decide, as any other's.
 */
const POINTER_OR_ASIDE =
  /^(?:[Ss]ee\b|(?:[Nn]ote|[Ww]arning|[Tt]ip|[Ii]mportant|[Cc]aution|NOTE|WARNING|TIP|IMPORTANT|CAUTION)(?:\s*:|\s+(?=\p{Lu})|$))/u;

function introductionOf(
  section: Section,
  /** The question's own words (not their synonyms: "integer" is no "number" here). */
  askedTerms: ReadonlySet<string>,
  beyondTheTitle: (term: string) => boolean,
  pageSections: Section[],
  analyser: TextAnalyser,
): AnswerBlock | undefined {
  let index = pageSections.findIndex((candidate) => isPartOfSection(section, candidate));
  if (index <= 0) return undefined;
  let level = (pageSections[index] as Section).level;
  while (--index >= 0) {
    const above = pageSections[index] as Section;
    if (above.level >= level) continue;
    level = above.level;
    const units = unitsOf(above, analyser);
    const first = units.findIndex((unit) => unit.kind === 'text' && unit.list === undefined);
    const unit = units[first];
    if (!unit || POINTER_OR_ASIDE.test(unit.text)) continue;
    const holds = unit.terms.filter((term) => askedTerms.has(term));
    if (index === 0 ? holds.length > 0 : holds.some(beyondTheTitle))
      return quotedBlocks(units, new Set([first]), new Set(), undefined)[0];
  }
  return undefined;
}

/**
 * Whether code only imports (`import { cors } from 'hono/cors'`, `const fs = require('fs')`,
 * Python's `from x import y`): it says where a thing comes from, not how it is used.
 */
export function importsAlone(code: string): boolean {
  const rest = code
    .replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|^\s*#[^\n]*/gm, '')
    .replace(/^\s*import\s+(?:type\s+)?(?:[^;'"`]*?\s+from\s+)?(['"])[^'"\n]+\1\s*;?/gm, '')
    .replace(/^\s*(?:const|let|var)\s+[^=;\n]+=\s*require\((['"])[^'"\n]+\1\)\s*;?/gm, '')
    .replace(
      /^\s*(?:from\s+[\w.]+\s+)?import\s+[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*\s*$/gm,
      '',
    );
  return rest.trim() === '' && code.trim() !== '';
}

/** A heading naming a page's usage example: "Usage", "Basic usage", "Examples", "Getting started"… */
const USAGE_HEADING =
  /^(?:(?:basic|simple|quick|typical|example)\s+)?(?:usage|examples?|getting\s+started|quick\s*start|how\s+to\s+use(?:\s+it)?)(?:\s+examples?)?$/i;

/**
 * The code of a page's usage section: of the first section after the opening headed as one (see
 * `USAGE_HEADING`) that has code, its own or its sub-sections' ("## Examples", "### Relative
 * positioning"), the best-matching block of a sub-section whose heading holds a word of the
 * question that is not the page title's ("How do I write a file?" and "### Writing"), else the
 * first block that holds a word of the question, with the section it is in. None when no block
 * holds one: the page may not be the question's (a page about language detection for "How do I
 * get a path parameter?"), and code it doesn't ask about would look like an answer. Not code
 * marked as a mistake.
 */
function usageExample(
  asked: QuestionTerms,
  telling: (term: string) => boolean,
  pageSections: Section[],
  analyser: TextAnalyser,
): { section: Section; code: Unit } | undefined {
  for (let i = 1; i < pageSections.length; i++) {
    const heading = pageSections[i] as Section;
    if (heading.level <= 1 || !USAGE_HEADING.test(heading.heading.trim())) continue;
    let first: { section: Section; code: Unit } | undefined;
    let named: { section: Section; code: Unit } | undefined;
    let hasCode = false;
    for (let j = i; j < pageSections.length; j++) {
      const section = pageSections[j] as Section;
      if (j > i && section.level <= heading.level) break;
      const units = unitsOf(section, analyser);
      const blocks = units.filter((unit) => unit.kind === 'code' && !unit.mistake);
      if (blocks.length === 0) continue;
      hasCode = true;
      const matching = blocks.find((unit) => wordsScore(unit.terms, asked, () => 1) > 0);
      if (matching) first ??= { section, code: matching };
      const headed =
        j > i && analyser.terms(section.heading).some((term) => asked.weights.has(term) && telling(term));
      if (headed && !named) named = { section, code: bestCode(asked, units) ?? (blocks[0] as Unit) };
    }
    if (hasCode) return named ?? first;
  }
  return undefined;
}

/**
 * Whether every word of the question is a word of the page's title, as written or by its term
 * ("install" and "Install ask-elements", "theming" and "Theming: colours…", "cors" and "CORS
 * Middleware"): the question is the page's name, or a part of it, and asks nothing else. A word
 * the title lacks, a question word included ("how", "what"), asks something of it.
 */
function isOnlyTheTitle(question: string, title: string, analyser: TextAnalyser): boolean {
  const words = analyser.words(question);
  const titleWords = new Set(analyser.words(title));
  const titleTerms = new Set(analyser.terms(title));
  return (
    words.some((word) => analyser.term(word) !== '') &&
    words.every((word) => titleWords.has(word) || titleTerms.has(analyser.term(word)))
  );
}

/** Whether two lists of terms hold the same terms. */
function sameTerms(terms: readonly string[], other: ReadonlySet<string>): boolean {
  const set = new Set(terms);
  return set.size === other.size && [...set].every((term) => other.has(term));
}

/** What a question asks a list of: "event" of "Which events…?" or "What events does … fire?". */
const LISTED_THING = /^\s*(?:which|what) (\w+?)s\b/i;

/**
 * For a question asking for a list ("Which events does the search box fire?"), the first of the
 * candidate sections holding a table whose first column is headed by what is asked for (`event`): that
 * table lists them all, where a sentence elsewhere that holds the question's words ("… fires no
 * event") is an aside. -1 when none does, or the question asks no list.
 */
function sectionListing(
  question: string,
  candidates: readonly { section: Section }[],
  analyser: TextAnalyser,
): number {
  const thing = LIST_QUESTION.test(question) ? LISTED_THING.exec(question)?.[1] : undefined;
  if (thing === undefined) return -1;
  const asked = analyser.term(thing);
  return candidates.findIndex(({ section }) => {
    const header = tableListing(unitsOf(section, analyser))?.header.replace(/`/g, '');
    return header !== undefined && analyser.term(header.toLowerCase()) === asked;
  });
}

/**
 * The code block of the section sharing most weighted words with the question (the first among
 * equals), one marked as a mistake only when `mistakes` allows and none other is there.
 */
function bestCode(question: QuestionTerms, units: Unit[], mistakes = false): Unit | undefined {
  let best: Unit | undefined;
  let bestOverlap = -1;
  let bestIsMistake = true;
  for (const unit of units) {
    if (unit.kind !== 'code') continue;
    const mistake = unit.mistake === true;
    if (mistake && !mistakes) continue;
    const overlap = wordsScore(unit.terms, question, () => 1);
    if ((bestIsMistake && !mistake) || (mistake === bestIsMistake && overlap > bestOverlap)) {
      bestIsMistake = mistake;
      best = unit;
      bestOverlap = overlap;
    }
  }
  return best;
}
