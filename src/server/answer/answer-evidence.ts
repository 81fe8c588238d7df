import { sectionPlainText } from '../content/code-spans.js';
import type { SourceDocument } from '../content/document.js';
import type { PassageHit } from '../search/search-index.js';
import { RELATIONAL_WORDS } from '../search/stop-words.js';
import { operatorNames, type TextAnalyser } from '../search/text-analyser.js';
import { tagWords } from './language-model.js';

/**
 * How much a word of the question counts when judging whether a passage answers it. Nouns and
 * names say what the question is about; verbs say what to do with it, and visitors pick them
 * freely ("enable", "make", "turn on") where the page uses another. A passage that lacks the
 * subject doesn't answer; one that lacks the visitor's verb often does.
 */
const WEIGHT_BY_PART_OF_SPEECH: Record<string, number> = {
  PROPN: 1,
  NOUN: 1,
  NUM: 1,
  X: 1,
  SYM: 0.6,
  ADJ: 0.7,
  VERB: 0.4,
  ADV: 0.3,
};
const OTHER_WEIGHT = 0.3;
/** Searched for, but not what a question is about: "before" in "run code before every request". */
const NOT_A_SUBJECT = new Set(RELATIONAL_WORDS);

export interface QuestionWord {
  /** The word as asked. */
  word: string;
  term: string;
  weight: number;
  /** An operator (`??`, `===`): syntax, matched as written. */
  operator?: boolean;
}

/** The content words of a question as index terms, weighted by their part of speech. */
export function questionWords(question: string, analyser: TextAnalyser): QuestionWord[] {
  const words = new Map<string, QuestionWord>();
  for (const tagged of tagWords(question)) {
    if (NOT_A_SUBJECT.has(tagged.text.toLowerCase())) continue;
    const weight = WEIGHT_BY_PART_OF_SPEECH[tagged.pos] ?? OTHER_WEIGHT;
    for (const term of analyser.terms(tagged.text)) {
      const known = words.get(term);
      if (!known || known.weight < weight) words.set(term, { word: tagged.text, term, weight });
    }
  }
  // An operator asked about (`??`, `===`) is what the question is about.
  for (const operator of operatorNames(question))
    words.set(operator, { word: operator, term: operator, weight: 1, operator: true });
  return [...words.values()];
}

/** The terms of a text and the operators it writes (`a ?? b`), as question words are matched. */
function termsAndOperators(text: string, analyser: TextAnalyser): string[] {
  return [...analyser.terms(text), ...operatorNames(text)];
}

/**
 * The weighted share (0–1) of the question's words that the passage, its heading or its page
 * title contain: the evidence that decides whether the passage answers the question.
 */
export function answerCoverage(words: QuestionWord[], hit: PassageHit, analyser: TextAnalyser): number {
  const total = words.reduce((sum, word) => sum + word.weight, 0);
  if (total === 0) return 0;
  const present = new Set([
    ...termsAndOperators(hit.document.title, analyser),
    ...termsAndOperators(hit.section.heading, analyser),
    ...termsAndOperators(sectionPlainText(hit.section), analyser),
  ]);
  let covered = 0;
  for (const word of words) if (present.has(word.term)) covered += word.weight;
  return covered / total;
}

/**
 * The weighted share (0–1) of the question's words in the page's outline: its title, description
 * and headings, what the page says it is about.
 */
export function outlineCoverage(words: QuestionWord[], page: SourceDocument, analyser: TextAnalyser): number {
  const total = words.reduce((sum, word) => sum + word.weight, 0);
  if (total === 0) return 0;
  const outline = new Set([
    ...termsAndOperators(page.title, analyser),
    ...termsAndOperators(page.description, analyser),
  ]);
  for (const section of page.sections)
    for (const term of termsAndOperators(section.heading, analyser)) outline.add(term);
  let covered = 0;
  for (const word of words) if (outline.has(word.term)) covered += word.weight;
  return covered / total;
}

/**
 * The weighted share (0–1) of the question's words in the page's title: what the page is
 * about, more surely than its headings, which on a long page name many things.
 */
export function titleCoverage(words: QuestionWord[], page: SourceDocument, analyser: TextAnalyser): number {
  const total = words.reduce((sum, word) => sum + word.weight, 0);
  if (total === 0) return 0;
  const title = new Set(termsAndOperators(page.title, analyser));
  let covered = 0;
  for (const word of words) if (title.has(word.term)) covered += word.weight;
  return covered / total;
}

/**
 * The question's words that the site uses somewhere. An operator always counts: it is syntax,
 * not a topic the site could lack; whether a passage holds it is what counts.
 */
export function wordsTheSiteUses(
  words: QuestionWord[],
  hasWord: ((word: string) => boolean) | undefined,
): QuestionWord[] {
  return hasWord ? words.filter((word) => word.operator === true || hasWord(word.word)) : words;
}

/**
 * The weighted share (0–1) of the question's words that the site uses anywhere. A question whose
 * subject the site never mentions ("Minecraft", "sourdough") is not answered by it, however well
 * a passage matches the rest of the question.
 */
export function knownShare(words: QuestionWord[], hasWord: ((word: string) => boolean) | undefined): number {
  const total = words.reduce((sum, word) => sum + word.weight, 0);
  if (total === 0) return 1;
  return wordsTheSiteUses(words, hasWord).reduce((sum, word) => sum + word.weight, 0) / total;
}
