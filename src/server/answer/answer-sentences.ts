import {
  codeSpan,
  sectionPlainText,
  splitOutsideCode,
  textRuns,
  withoutCodeMarks,
} from '../content/code-spans.js';
import {
  isPartOfSection,
  listsOtherPages,
  sectionValue,
  type ListItem,
  type DocumentSection as Section,
} from '../content/document.js';
import { codeName } from '../search/orama-index.js';
import { SYNONYMS, SYNONYM_WEIGHT } from '../search/synonyms.js';
import type { TextAnalyser } from '../search/text-analyser.js';
import type { QuestionWord } from './answer-evidence.js';
import type { AnswerBlock } from './answer-format.js';
import { sentenceRanges, tagWords } from './language-model.js';

/** Prose quoted in an answer, in characters: enough for a definition and the sentence after it. */
export const ANSWER_PROSE_CHARS = 480;
/**
 * A question word that is also in the page title tells one sentence of the page from another
 * only this much: every section of the page is about the title.
 */
const TITLE_WORD_WEIGHT = 0.3;
/** A question word in a section's own heading counts this much towards each of its sentences. */
const HEADING_WEIGHT = 1;
/**
 * A question word in a section's heading that its sentence repeats counts this much more when
 * choosing the sentence: the section is about it. (Not in the score that decides what else joins it.)
 */
const REPEATED_HEADING_WEIGHT = 0.5;
/**
 * A name the question asks about (a product, a library, an acronym: "ArkType", "JSON") counts
 * this much more than another word: a common word ("request", "body") is in many sentences in
 * passing, the name in those about it.
 */
const NAME_WEIGHT = 1.5;
/** A part of a name (`type` of `ArkType`) counts this share of the name whole. */
const PART_WEIGHT = 0.5;
/** A title word found in at most this share of the page's sections (by specificity) still tells them apart. */
const INFORMATIVE_SPECIFICITY = 0.75;
/** The least a question word counts for being in every section of the page. */
const MIN_SPECIFICITY = 0.2;
/**
 * How much more a sentence of the page's opening counts: the opening says what the page's subject
 * is and does ("The `map()` method … creates a new array populated with the results of calling a
 * provided function on every element"), where a sentence further down that matches as well is
 * often about a detail or an example of it. Not when the question names something the opening
 * doesn't. Set by reading the benchmark answers it changes: 29 of 335, of which 15 read better, 5
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
/** A question asking what something is, does or means ("What's `c.var`?", "What does returnAll do?"). */
const ASKS_WHAT_IT_IS = /^\s*what(?:'s|\s+(?:is|are|does|do))\b/i;
/**
 * The first candidate section (the source page's best passage for the question) is quoted unless
 * another's best sentence ranks this many times its best (see `chooseSection`): the most of its
 * head start, which is less against a section search found about as relevant.
 */
const FIRST_SECTION_WEIGHT = 1.5;
/** How much standing close together adds to a sentence holding several question words. */
const PROXIMITY_WEIGHT = 0.25;
/** Other sentences of the section join the answer when they score at least this share of the best. */
const RELATED_SHARE = 0.6;
/**
 * A sentence starting like this leans on the one before it: a word pointing back ("It", "This",
 * "Then"), a connective drawing on it ("Therefore", "In this case", "For example", "With it"), or
 * an opening clause about what it said ("When paired with Hono, it enables…", "If you want to use
 * it, …"). Quoted alone, such a sentence starts mid-thought.
 */
const LEANS_ON_PREVIOUS =
  /^((it|its|this|these|that|those|they|them|their|then|next|so|but|also|otherwise|however|here|there|such|both|each|the same|therefore|thus|hence|instead|likewise|similarly|moreover|furthermore|additionally|alternatively|in addition|as a result|in other words|for (example|instance)|with (it|this|that|these|those|them)|in (this|that|either|each|both|such|which|these|those|any) cases?|at (this|that) (point|stage|time))\b|(when|while|once|if|unless|after|before|though|although) \w+(ed|ing)\b[^,.;:]*, (it|they)\b|(if|when|once|unless|before|after|to) [^,.;:()]*\b(it|them),)/i;
/**
 * Questions asking for a list of things ("Which events…", "Which status codes…", "What options
 * are there"); "which" with a plural only: "which port" asks for one, and so do "which status
 * for…" and "which class" (-us, -ss), and "which is…".
 */
const LIST_QUESTION =
  /^\s*(which (?:\w+(?:ss|us) )?(?!(?:is|was|has|does)\b)\w*[^\Wsu]s\b|list|what (\w+ )?(are|exist)|what \w+ (does|do|can|are)\b.*\b(have|has|support|fire|emit|offer|take|accept)\b)/i;
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
/** Rows quoted under a table's header row when the header alone was chosen (it matched, or was announced). */
const ROWS_UNDER_A_LONE_HEADER = 6;
/** A table's header row names its columns in a few words each. */
const MAX_HEADER_CELL = 32;
/** In a how-to question, a code block matching it counts this much more than a sentence: it shows how. */
const CODE_WEIGHT = 1.25;
/** Code blocks quoted at most. */
const MAX_CODE_BLOCKS = 2;
/** Names listed from a table's first column. */
const MAX_LISTED = 24;
/** Questions asking how to do something get a code example when the section has one. */
export const PROCEDURAL =
  /\b(how|example|code|write|use|using|set|setup|configure|create|add|make|enable|install|implement|call)\b/i;

/**
 * A task written as an order, starting with its verb: "read the query string of the URL", "round a
 * price to 2 decimal places". Its answer shows a code example beside the sentences that explain,
 * though code alone doesn't answer it as it may a how-to question (`PROCEDURAL`): a page's example
 * is often the markup of a demo around the code asked about.
 */
function isTask(question: string): boolean {
  // Tagged as if in lower case: the tagger reads a capital first word ("Sort an array…") as a name.
  // Not a name written with its member or call ("Promise.all vs …", "Mount(…)").
  const first = /^\s*\p{Lu}\p{Ll}+(?![.(\p{L}])/u.test(question)
    ? question.replace(/\p{Lu}/u, (c) => c.toLowerCase())
    : question;
  return tagWords(first)[0]?.pos === 'VERB';
}

/**
 * A comment (opening at a line's start or after a space, not the `//` of a URL; `#` only before a
 * space, not a CSS id's) marking code as a mistake: the SyntaxError it can't be parsed for, a
 * verdict ("// BAD:", "// wrong!", "// Invalid", "// DON'T DO THIS"), or ❌. Not a runtime error's
 * name: docs show the TypeError that the next access to a revoked proxy throws, as what the code
 * is for.
 */
const MARKED_A_MISTAKE =
  /(?:^|\s)(?:\/\/|\/\*|#\s|<!--)\s*(?:(?:uncaught\s+)?SyntaxError\b|(?:bad|wrong|incorrect|invalid|illegal|don't do this|do not do this)\b\s*(?:[:!.,(–—-]|$))|❌/im;
/** A comment marking code as the right way: "// GOOD:", "// Correct!", ✅. */
const MARKED_RIGHT = /(?:^|\s)(?:\/\/|\/\*|#\s|<!--)\s*(?:good|correct|valid)\b\s*(?:[:!(–—-]|$)|✅/im;

/**
 * Code that shows what not to write, and not the right way beside it. Docs set such code next to
 * the right way; quoted in an answer, which shows only a sentence or two of what surrounds it, it
 * misleads. It is quoted only when a section has nothing else to quote.
 */
function showsAMistake(code: string): boolean {
  return MARKED_A_MISTAKE.test(code) && !MARKED_RIGHT.test(code);
}

/** One sentence, table row or code block of a section, in page order. */
interface Unit {
  kind: 'text' | 'row' | 'code';
  /** As quoted: a sentence or row with its code spans (see `code-spans.ts`), a code block as it is. */
  text: string;
  /** Characters a reader sees of it: its text without code spans' marks. */
  length: number;
  paragraph: number;
  /** Its words, as the index reads them (without code spans' marks). */
  terms: string[];
  /** A table row's column names, its header row's words: "Default" says what each row's value is. */
  columns?: string[];
  /** A code block that shows what not to write (see `showsAMistake`). */
  mistake?: boolean;
  /** The language a code block is written in, when the page names it. */
  language?: string;
  /** The lines of a code block that a blank line stood before on the page (see `codeBlankLines`). */
  blankLines?: readonly number[];
  /** For a sentence of a list item, the kind of list. */
  list?: ListItem;
  /** For a sentence of a list item that describes the item before it (see `DocumentSection.definitions`). */
  defines?: boolean;
  score: number;
}

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

/** A table row's cells: a code span holding "; " is in one cell. */
function cellsOf(row: string): string[] {
  return splitOutsideCode(row, '; ');
}

/**
 * The names a question writes as code might: words with their dots and hyphens (`c.var`,
 * `min-chars`, `trustProxy`), lower-cased.
 */
function namesWritten(question: string): Set<string> {
  return new Set(
    (question.match(/[\p{L}_$][\p{L}\p{N}_$.-]*[\p{L}\p{N}_$]|[\p{L}_$]/gu) ?? []).map((name) =>
      name.toLowerCase(),
    ),
  );
}

/**
 * Whether a table row's first cell is one code span naming one of `names`, whole or by its last
 * dotted part (`context.resolvedQuery` for `resolvedquery`, `rateLimit.burst` for `burst`).
 */
function rowNames(row: string, names: ReadonlySet<string>): boolean {
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

/** A paragraph is a table row when it has as many `; ` cells as the header row. */
function cellCount(paragraph: string): number {
  return paragraph.includes('\n') ? 0 : cellsOf(paragraph).length;
}

/** Each section's terms (heading and text), read once: a page's sections outlive any question. */
const termsOfSection = new WeakMap<Section, ReadonlySet<string>>();

/** The terms of a section's heading and text, as a set. */
export function sectionTermSet(section: Section, analyser: TextAnalyser): ReadonlySet<string> {
  let terms = termsOfSection.get(section);
  if (!terms) {
    terms = new Set([...analyser.terms(section.heading), ...analyser.terms(sectionPlainText(section))]);
    termsOfSection.set(section, terms);
  }
  return terms;
}

/**
 * The sentences of a paragraph of section text. wink-nlp reads it without code spans' marks, as
 * it read it before they were kept; a boundary it finds inside a code span (`a. B` in code) is
 * none, so that no sentence holds half a code span.
 */
export function paragraphSentences(paragraph: string): string[] {
  const line = paragraph.replace(/\n/g, ' ');
  const runs = textRuns(line);
  /** Where each run starts in the plain text. */
  const plainStarts: number[] = [];
  let plain = '';
  for (const run of runs) {
    plainStarts.push(plain.length);
    plain += run.text;
  }
  const codeRuns = runs.flatMap((run, index) => {
    const start = plainStarts[index] as number;
    return run.code ? [[start, start + run.text.length]] : [];
  });
  // The prose alone, code spans blanked: a quote mark or parenthesis in code opens nothing.
  let prose = plain;
  for (const [from, to] of codeRuns) prose = prose.slice(0, from) + ' '.repeat(to - from) + prose.slice(to);
  const count = (text: string, char: string): number => text.split(char).length - 1;
  /** Whether a sentence leaves a quotation or a parenthesis open: the sentence goes on after it. */
  const leftOpen = (start: number, end: number): boolean => {
    const text = prose.slice(start, end);
    return (
      count(text, '(') > count(text, ')') ||
      count(text, '"') % 2 === 1 ||
      // Curly marks pair in each language's order: “…” in English, „…“ in German, ”…” in Swedish.
      (text.match(/[\u201c\u201d\u201e]/g)?.length ?? 0) % 2 === 1 ||
      // Guillemets open one way or the other: «…» in French, »…« in German and Danish.
      count(text, '«') !== count(text, '»') ||
      count(text, '‹') !== count(text, '›')
    );
  };
  const ranges: [number, number][] = [];
  for (const [start, end] of sentenceRanges(plain)) {
    const previous = ranges.at(-1);
    if (
      previous &&
      (codeRuns.some(([from, to]) => from < start && to > previous[1]) || leftOpen(previous[0], previous[1]))
    ) {
      // A guillemet closing the quotation, after a space as French writes it (« Exporter. »), is
      // taken as the start of the next sentence: it ends the one before, and a next sentence
      // starts after it unless the text goes on in lower case (« Prêt. » et il part.).
      const closing = /^\s*[»›]/.exec(prose.slice(start, end))?.[0].length ?? 0;
      const rest = start + closing;
      if (closing > 0 && /^\s*[^\s\p{Ll}]/u.test(prose.slice(rest, end)) && !leftOpen(previous[0], rest)) {
        previous[1] = rest;
        ranges.push([rest, end]);
      } else previous[1] = end;
    } else ranges.push([start, end]);
  }
  // A plain offset in the paragraph as written: code spans are taken whole, fences included.
  const runAt = (offset: number, isEnd: boolean): number => {
    const index = runs.findIndex((run, i) => {
      const start = plainStarts[i] as number;
      return isEnd ? offset > start && offset <= start + run.text.length : offset < start + run.text.length;
    });
    const run = runs[index];
    if (!run) return isEnd ? line.length : 0;
    if (run.code) return isEnd ? run.end : run.start;
    return run.start + offset - (plainStarts[index] as number);
  };
  return ranges
    .map(([start, end]) => line.slice(runAt(start, false), runAt(end, true)).trim())
    .filter((sentence) => sentence !== '');
}

/**
 * A sentence that was only a link's text ("[Read more.](https://…)", "Learn more"): the section's
 * text keeps no links, so quoted it points nowhere ("…set `strict` in `compilerOptions`. Read more.").
 */
const POINTER_ONLY =
  /^(?:(?:read|learn|see|find out) more|more (?:info|information|details)|details|click here)[.!…]*$/i;

/** The sentences, table rows and code blocks of a section, in order. */
function unitsOf(section: Section, analyser: TextAnalyser): Unit[] {
  const code = new Set(section.code ?? []);
  const units: Unit[] = [];
  const paragraphs = section.text.split('\n\n');
  let tableCells = 0;
  let columns: string[] = [];
  paragraphs.forEach((paragraph, index) => {
    if (code.has(paragraph)) {
      const language = sectionValue(section.codeLanguages, paragraph);
      const blankLines = sectionValue(section.codeBlankLines, paragraph);
      units.push({
        kind: 'code',
        ...(language ? { language } : {}),
        ...(blankLines ? { blankLines } : {}),
        text: paragraph,
        length: paragraph.length,
        paragraph: index,
        // In markup, what the code does is in its tags and attributes: the text between them is a
        // demo's filler ("Lorem ipsum", a header's words), not what it shows.
        terms: analyser.terms(
          isMarkup(paragraph, language) ? paragraph.replace(/>[^<]*</g, '><') : paragraph,
        ),
        mistake: showsAMistake(paragraph),
        score: 0,
      });
      tableCells = 0;
      return;
    }
    const cells = cellCount(paragraph);
    const next = paragraphs[index + 1];
    // A table: the rows its reader marked; else a header row followed by a row of as many cells,
    // and the rows after it (a cell may itself hold "; ").
    const header =
      cells >= 2 && cellsOf(paragraph).every((cell) => withoutCodeMarks(cell).length <= MAX_HEADER_CELL);
    const isRow =
      section.tableRows === undefined
        ? tableCells > 0 || (header && next !== undefined && cellCount(next) >= cells)
        : sectionValue(section.tableRows, paragraph) === true;
    if (cells >= 2 && isRow) {
      const row = proseUnit('row', paragraph, index, analyser);
      if (tableCells === 0) columns = row.terms;
      else row.columns = columns;
      tableCells = cells;
      units.push(row);
      return;
    }
    tableCells = 0;
    const list = sectionValue(section.listItems, paragraph);
    // A description is an item's only when the paragraph before it is the item it describes.
    const defines =
      list !== undefined &&
      sectionValue(section.definitions, paragraph) === true &&
      units.at(-1)?.kind === 'text' &&
      units.at(-1)?.paragraph === index - 1 &&
      units.at(-1)?.list !== undefined;
    for (const text of paragraphSentences(paragraph)) {
      if (POINTER_ONLY.test(text)) continue;
      const unit = proseUnit('text', text, index, analyser);
      if (list) unit.list = list;
      if (defines) unit.defines = true;
      units.push(unit);
    }
  });
  return units;
}

/**
 * The units of the list a list item's unit belongs to: the items of the paragraphs before and
 * after it that are items of a list of the same kind (numbered or not), up to `max` paragraphs;
 * undefined when the list has more.
 */
function listAround(units: readonly Unit[], index: number, max: number): [number, number] | undefined {
  const kind = (units[index] as Unit).list;
  if (kind === undefined) return undefined;
  const sameList = (at: number, neighbour: number) => {
    const unit = units[at];
    const next = units[neighbour] as Unit;
    return (
      unit?.kind === 'text' &&
      unit.list !== undefined &&
      (unit.list === 'unordered') === (kind === 'unordered') &&
      (unit.paragraph === next.paragraph || Math.abs(unit.paragraph - next.paragraph) === 1)
    );
  };
  let first = index;
  while (sameList(first - 1, first)) first--;
  let last = index;
  while (sameList(last + 1, last)) last++;
  const paragraphs = (units[last] as Unit).paragraph - (units[first] as Unit).paragraph + 1;
  return paragraphs <= max ? [first, last] : undefined;
}

/** A sentence or table row as a unit: measured and read without its code spans' marks. */
function proseUnit(kind: 'text' | 'row', text: string, paragraph: number, analyser: TextAnalyser): Unit {
  const plain = withoutCodeMarks(text);
  return { kind, text, length: plain.length, paragraph, terms: analyser.terms(plain), score: 0 };
}

/**
 * The question's words as the terms that match them: each term's weight, and the word it stands
 * for. One word may give several terms (`createClient` gives `createclient`, `create` and
 * `client`; `cross-site` gives `cross`, `site` and `cross-site`), and its synonyms stand for it too.
 */
interface QuestionTerms {
  weights: Map<string, number>;
  /** The question word each term stands for. */
  wordOf: Map<string, string>;
}

/**
 * The weighted question words among these terms, each word once, by its best term (and none of
 * the words in `except`); the words found are added to `found`.
 */
function wordsScore(
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
function scoreUnit(
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
): SelectedAnswer {
  const first = candidates[0];
  if (!first) return { section: 0, blocks: [] };
  const asksForAList = LIST_QUESTION.test(question);
  // "Which events…?": the section whose table lists them answers, whatever else holds the words.
  const listingSection = candidates.length > 1 ? sectionListing(question, candidates, analyser) : -1;
  if (listingSection >= 0) {
    const fromList = selectAnswer(question, words, [candidates[listingSection]!], analyser, pageSections);
    return { ...fromList, section: listingSection };
  }
  // A title that lists what its sections cover ("Theming: colours, fonts, dark mode and parts")
  // names each of them: a title word one of the page's headings holds points to that section
  // ("…in dark mode?" to `## Dark mode`), where a word of the title alone is the page's subject.
  const headingTerms = new Set(
    pageSections.flatMap((section) => (section.level > 1 ? analyser.terms(section.heading) : [])),
  );
  const titleHolds = new Set(analyser.terms(first.title));
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
    // Within a page about the question's subject, its verb says which section answers.
    const base = ((1 + word.weight) / 2) * (word.name ? NAME_WEIGHT : 1);
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
    // those of `colour` ("color"). Not a part's (`type` of `ArkType`).
    for (const synonym of SYNONYMS.get(as) ?? (whole ? SYNONYMS.get(word.term) : undefined) ?? []) {
      const term = analyser.term(synonym);
      if (term !== '' && !weights.has(term)) {
        weights.set(term, wordWeight * SYNONYM_WEIGHT);
        wordOf.set(term, as);
        // It tells sections apart as the word does: "color" in a sentence stands for "colours".
        if (informative.has(word.term)) informative.add(term);
      }
    }
  }

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
  const lead =
    namesASection || words.some((word) => isWholeName(word) && !openingTerms.has(word.term))
      ? undefined
      : pageOpening;
  const isLead = (section: Section): boolean => lead !== undefined && isPartOfSection(section, lead);
  /** Each candidate's best unit: its index, rank, score with its heading's, and its own score. */
  const bestOf = candidates.map(() => ({ unit: -1, rank: 0, score: 0, ownScore: 0 }));
  sections.forEach((units, sectionIndex) => {
    const candidate = candidates[sectionIndex] as (typeof candidates)[number];
    if (pointsElsewhere[sectionIndex]) return;
    // A heading below the page title says what its sentences are about: its words count for
    // each of them, once.
    const heading = candidate.section.level > 1 ? analyser.terms(candidate.section.heading) : [];
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
      // In a how-to question, code that does it may be the answer ("How can I set a cookie?").
      if (unit.kind === 'code' && (!procedural || unit.mistake)) return;
      const ownWords = new Set<string>();
      unit.score = scoreUnit(unit, asked, idf, ownWords) * (unit.kind === 'code' ? CODE_WEIGHT : 1);
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
        (isLead(candidate.section) ? LEAD_WEIGHT : 1) *
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
    section.level > 1 ? new Set(analyser.terms(section.heading)) : new Set<string>(),
  );
  // A heading that is the question ("## Which preset should I use?" for "Which Hono preset should
  // I use?"): it asks nothing else, and the question asks nothing else but the page's subject
  // (a title word, or one most of the page's sections hold). A heading of one word is, when that
  // word tells the page's sections apart and is not the title's: `## Vue` for "can I use it in a
  // Vue app?" on a page titled with apps, most of whose sections say "use", rather than the
  // section on server rendering whose sentence holds "app" and "use" and names Vue in passing.
  const headingIsTheQuestion = candidateHeadings.map(
    (terms) =>
      (terms.size >= 2 ||
        (terms.size === 1 && [...terms].every((term) => informative.has(term) && !titleHolds.has(term)))) &&
      [...terms].every((term) => askedTerms.has(term)) &&
      [...askedTerms].every(
        (term) => terms.has(term) || titleHolds.has(term) || specificity(term) < INFORMATIVE_SPECIFICITY,
      ),
  );
  const preferred = aboutTheSubject
    ? Math.max(
        0,
        candidates.findIndex(({ section }) => isLead(section)),
      )
    : 0;
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
    if (
      unit.kind === 'text' &&
      previous?.kind === 'text' &&
      (previous.paragraph === unit.paragraph ||
        (previous.paragraph === unit.paragraph - 1 &&
          previous.list === undefined &&
          unit.list === undefined)) &&
      LEANS_ON_PREVIOUS.test(unit.text)
    )
      choose(index - 1);
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
          const firsts: number[] = [];
          for (let i = list[0]; i <= list[1]; i++)
            if (i === list[0] || units[i - 1]?.paragraph !== units[i]?.paragraph) firsts.push(i);
          const itemsLength = firsts.reduce((sum, i) => sum + (units[i] as Unit).length, 0);
          if (length + itemsLength <= LIST_PROSE_CHARS) for (const i of firsts) choose(i);
        }
      }
      // One that announces a table ("Set two environment variables…:") comes with the table: its
      // header row, under which its first rows are quoted (below).
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

  const blocks: AnswerBlock[] = [];
  let lastParagraph = -1;
  /** The table block of each table quoted, by the index of its header row. */
  const tables = new Map<number, Extract<AnswerBlock, { kind: 'table' }>>();
  let listed = false;
  let codeShown = false;
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
    if (unit.kind !== 'code' || codeChosen.size >= MAX_CODE_BLOCKS || unit.mistake) return;
    const before = units[index - 1];
    const after = units[index + 1];
    const introduced =
      before !== undefined &&
      chosen.has(index - 1) &&
      (showsCode ||
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
  units.forEach((unit, index) => {
    if (unit.kind === 'code') {
      if (codeChosen.has(index)) {
        blocks.push(codeBlock(unit));
        codeShown = true;
        lastParagraph = -1;
      }
      return;
    }
    if (listing && !listed && unit.paragraph === listing.paragraph) {
      blocks.push({ kind: 'text', text: listing.text });
      listed = true;
      lastParagraph = -1;
    }
    if (!chosen.has(index)) return;
    const last = blocks.at(-1);
    if (unit.kind === 'row') {
      // A row is quoted in its table, under the table's header row.
      const start = tableStart(units, index);
      let table = tables.get(start);
      if (!table || table !== last) {
        table = { kind: 'table', header: cellsOf((units[start] as Unit).text), rows: [] };
        tables.set(start, table);
        blocks.push(table);
      }
      if (index !== start) table.rows.push(rowCells(unit.text, table.header.length));
      lastParagraph = -1;
      return;
    }
    if (unit.kind === 'text' && unit.list !== undefined) {
      // An item of a list, in the list block of the items before it, numbered as the page numbers it.
      const number = unit.list === 'unordered' ? undefined : unit.list;
      const next =
        last?.kind === 'list' &&
        last.ordered === (number !== undefined) &&
        unit.paragraph === lastParagraph + 1;
      if (last?.kind === 'list' && unit.paragraph === lastParagraph)
        last.items[last.items.length - 1] += ` ${unit.text}`;
      // A description on its term's line: "Cache.match() — Returns a Promise…".
      else if (last?.kind === 'list' && unit.defines && unit.paragraph === lastParagraph + 1)
        last.items[last.items.length - 1] += ` — ${unit.text}`;
      else if (next && (number === undefined || number === (last.start ?? 1) + last.items.length))
        last.items.push(unit.text);
      else
        blocks.push(
          number === undefined
            ? { kind: 'list', ordered: false, items: [unit.text] }
            : { kind: 'list', ordered: true, start: number, items: [unit.text] },
        );
    } else if (unit.kind === 'text' && last?.kind === 'text' && unit.paragraph === lastParagraph)
      last.text += ` ${unit.text}`;
    else blocks.push({ kind: 'text', text: unit.text });
    lastParagraph = unit.paragraph;
  });
  // A table chosen by its header row alone ("parts" asked, `| part | element |` matched) is
  // quoted with its first rows: a header without rows says nothing.
  for (const [start, table] of tables) {
    if (table.rows.length > 0) continue;
    for (let i = start + 1; i < units.length && table.rows.length < ROWS_UNDER_A_LONE_HEADER; i++) {
      const unit = units[i] as Unit;
      if (unit.kind !== 'row' || tableStart(units, i) !== start) break;
      table.rows.push(rowCells(unit.text, table.header.length));
    }
  }
  // A section of code alone quotes its code, for any question.
  if (!codeShown && (showsCode || blocks.length === 0)) {
    // Code marked as a mistake only when the section has nothing else: better than no answer.
    const example = bestCode(asked, units, blocks.length === 0);
    if (example) {
      blocks.push(codeBlock(example));
      codeShown = true;
    }
  }
  const quoted = (candidates[bestSection] as (typeof candidates)[number]).section;
  // A section that only points ahead to its example ("The following example calls `flashtext()`
  // once a second…"), the example's code in its subsections (`#### HTML`, `#### JavaScript`):
  // the block of those that holds most of the question, rather than a promise of one.
  const last = blocks.at(-1);
  if (
    !codeShown &&
    last?.kind === 'text' &&
    (POINTS_AHEAD.test(last.text) || ENDS_ANNOUNCING.test(last.text))
  ) {
    const below = pageSections.indexOf(quoted);
    const units: Unit[] = [];
    for (let i = below + 1; below >= 0 && i < pageSections.length; i++) {
      const section = pageSections[i] as Section;
      if (section.level <= quoted.level) break;
      units.push(...unitsOf(section, analyser));
    }
    const example = bestCode(asked, units);
    // Only code that holds some of the question: a page's markup for its demo is no example of it.
    if (example && wordsScore(example.terms, asked, () => 1) > 0) {
      blocks.push(codeBlock(example));
      codeShown = true;
    }
  }
  withTheNameItExplains(blocks, quoted);
  // A how-to question answered by the page's opening, which says what the page's subject does but
  // not how ("Using this middleware, you can add ETag headers easily."): the page's usage example.
  const usage =
    showsCode && !codeShown && isLead(quoted)
      ? usageExample(asked, (term) => informative.has(term) && !titleHolds.has(term), pageSections, analyser)
      : undefined;
  if (usage) {
    blocks.push(codeBlock(usage.code));
    return { section: bestSection, blocks, usage: usage.section };
  }
  return { section: bestSection, blocks };
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
 * A heading that is a name in code: a call (`valid()`), a dotted, camel-case or snake-case name
 * (`c.req.param`, `executionCtx`), or a lower-case name with its type (`alg: string`, `verifyUser:
 * (username, password, c) => boolean`), as API references and option lists title their sections.
 * "Usage" or "Note: …" is a heading in words.
 */
const CODE_NAME_HEADING = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(\(\))?(?:\s*:\s*(\S.*))?$/;
/**
 * The name of an option as an option list heads its section, with its type: `realm: string`,
 * `origin: string | string[] | (origin: string, c: Context) => string`. Lower case, as options
 * are written ("Note: hashes" is a heading in words).
 */
function optionName(heading: string): string | undefined {
  const match = CODE_NAME_HEADING.exec(heading.trim());
  const [, identifier, call, type] = match ?? [];
  if (identifier === undefined || call !== undefined || type === undefined) return undefined;
  return /^[a-z_$]/.test(identifier) && typeLike(type) ? identifier : undefined;
}
/** A type as an option list writes it: `string`, `number[]`, `(c: Context) => boolean`, `'a' | 'b'`. */
function typeLike(type: string): boolean {
  return /[()[\]<>|{}='"]/.test(type) || type.trim().split(/\s+/).length <= 2;
}
/** An answer of at most this much prose is one or two sentences, which may lean on their heading. */
const SHORT_ANSWER_CHARS = 160;

/**
 * An answer from a section named by code whose first sentence opens with "It" and a verb names it
 * there instead. A short one starts with the name, when its sentences don't say it: "Get the
 * validated data." answers nothing until it is `valid()`'s, nor "The function to verify the
 * user." until it is the option `verifyUser: (…) => boolean`.
 */
function withTheNameItExplains(blocks: AnswerBlock[], section: Section): void {
  const first = blocks[0];
  if (section.level < 2 || first?.kind !== 'text') return;
  const heading = section.heading.trim();
  const name = CODE_NAME_HEADING.exec(heading);
  if (!name) return;
  const [, identifier = '', call, type] = name;
  // A name alone is code when written as code is (`executionCtx`, `c.env`, `snake_case`): a
  // capitalised one may be a word ("JavaScript", "WebSocket").
  if (call === undefined && type === undefined && !/^[a-z_$].*[A-Z]|[._]/.test(identifier)) return;
  // An option and its type is named in lower case ("Note: hashes" is a heading in words), and its
  // type is a name or two, or written with a type's punctuation: not "only on the server".
  if (call === undefined && type !== undefined && (!/^[a-z_$]/.test(identifier) || !typeLike(type))) return;
  // A product is no code: "Node.js", "Vue.js".
  if (/^\p{Lu}[\w]*\.js$/u.test(identifier)) return;
  // "It allows you to stream Server-Sent Events" under `## streamSSE()`: "it" is the name, said
  // or not further on, and an answer that opens with it refers to nothing.
  // Only "It" and a verb: "It is possible to…" and "It is recommended to…" say nothing of the
  // name, and "This means…" points back at a sentence, not at the heading.
  const pronoun = /^It\s+(?=\p{Ll})/u.exec(first.text);
  if (pronoun && tagWords(first.text.slice(0, 60), 'passage')[1]?.pos === 'VERB') {
    first.text = `${codeSpan(heading)} ${first.text.slice(pronoun[0].length)}`;
    return;
  }
  // What each block says in words (a table's cells aside), and the prose among it: its paragraphs,
  // not the points of a list quoted after them ("If false, only from current origin.").
  const blockText = (block: AnswerBlock) =>
    block.kind === 'table' ? '' : block.kind === 'list' ? block.items.join('\n') : block.text;
  const prose = blocks.reduce((sum, block) => sum + (block.kind === 'text' ? block.text.length : 0), 0);
  // The name as a word of its own: "alg" is not said by "algorithm".
  const bare = (identifier.split('.').at(-1) as string).replace(/\$/g, '\\$');
  const said = new RegExp(`(?<![\\w$])${bare}(?![\\w$])`);
  if (prose > SHORT_ANSWER_CHARS || blocks.some((block) => said.test(blockText(block)))) return;
  first.text = `${codeSpan(heading)} — ${first.text}`;
}

/** Index of the header row of the table holding row `index`: the first of its run of rows. */
function tableStart(units: Unit[], index: number): number {
  let start = index;
  while (start > 0 && units[start - 1]?.kind === 'row') start--;
  return start;
}

/** A row's cells, as many as the header's: a cell that itself holds "; " is kept whole. */
function rowCells(text: string, count: number): string[] {
  const cells = cellsOf(text);
  if (cells.length <= count) return cells;
  return [...cells.slice(0, count - 1), cells.slice(count - 1).join('; ')];
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
 * The first column of the section's first table, as one line: "event: ask-question, ask-answer, …",
 * each name once: a table of status codes lists `400` for several errors, and `400, 408, 431` in
 * one cell ("Status: 400, 400, 400, 408, 431, 400, …" answered "Which status codes…?"), and a
 * placeholder ("—") is no name ("attribute: —, `base-url`, …").
 */
function tableListing(units: Unit[]): { paragraph: number; header: string; text: string } | undefined {
  const start = units.findIndex((unit) => unit.kind === 'row');
  const header = units[start];
  if (!header) return undefined;
  const listed = new Set<string>();
  for (let i = start + 1; i < units.length && units[i]?.kind === 'row'; i++)
    for (const name of splitOutsideCode(cellsOf((units[i] as Unit).text)[0] as string, ', '))
      // Not a cell that names nothing: "—" for a property that has no attribute.
      if (/[\p{L}\p{N}]/u.test(name)) listed.add(name);
  const names = [...listed];
  if (names.length < 2) return undefined;
  const shown = names.slice(0, MAX_LISTED);
  const more = names.length > shown.length ? ', …' : '';
  const column = cellsOf(header.text)[0] as string;
  return { paragraph: header.paragraph, header: column, text: `${column}: ${shown.join(', ')}${more}` };
}

/**
 * A code unit as a block of the answer, with its language when the page names it, and the blank
 * lines the page shows in it: without them an HTTP message's body runs into its headers.
 */
function codeBlock(unit: Unit): AnswerBlock {
  const blank = new Set(unit.blankLines ?? []);
  const text =
    blank.size === 0
      ? unit.text
      : unit.text
          .split('\n')
          .map((line, at) => (blank.has(at) ? `\n${line}` : line))
          .join('\n');
  return unit.language ? { kind: 'code', text, language: unit.language } : { kind: 'code', text };
}

/** Whether a code block is markup (HTML, XML, SVG), by its language or, without one, its first character. */
function isMarkup(code: string, language: string | undefined): boolean {
  return language === undefined
    ? /^\s*<[a-z!]/i.test(code)
    : /^(html|xml|svg|xhtml|vue|svelte)$/i.test(language);
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
