import { sectionPlainText } from '../content/code-spans.js';
import type { SourceDocument } from '../content/document.js';
import { withoutConsolePrefix } from '../search/error-messages.js';
import type { PassageHit } from '../search/search-index.js';
import { RELATIONAL_WORDS } from '../search/stop-words.js';
import { isSegmented, operatorNames, type TextAnalyser } from '../search/text-analyser.js';
import { tagWords, type TaggedWord } from './language-model.js';

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
/** A German word in lower case, a verb or an adjective: about what the tagger gives English's. */
const LOWER_CASE_GERMAN_WEIGHT = 0.5;
/** An acronym: two to six capitals or digits, starting with a capital. */
const ACRONYM = /^[A-Z][A-Z0-9]{1,5}$/;
/** Searched for, but not what a question is about: "before" in "run code before every request". */
const NOT_A_SUBJECT = new Set(RELATIONAL_WORDS);
/**
 * Languages a visitor wants text in ("translate the chat into French", "show dates in German"):
 * a value of a setting, not what the question is about. A site documents how to translate, not
 * each language, so one it never names is no sign that it can't answer (see `asLanguageValue`).
 */
const LANGUAGES = new Set(
  (
    'english french german spanish italian portuguese dutch swedish norwegian danish finnish polish czech ' +
    'slovak hungarian romanian bulgarian greek turkish russian ukrainian arabic hebrew persian hindi bengali ' +
    'urdu tamil thai vietnamese indonesian malay filipino chinese mandarin cantonese japanese korean catalan ' +
    'croatian serbian slovenian estonian latvian lithuanian'
  ).split(' '),
);

/** Words before a language that make it the value asked for: "into French", "in German", "for Arabic". */
const BEFORE_A_LANGUAGE_VALUE = new Set(['in', 'into', 'to', 'as', 'for']);
/** Words beside a language that make it a setting's value: "the French locale", "Korean translation". */
const LANGUAGE_SETTINGS = new Set([
  'language',
  'languages',
  'locale',
  'locales',
  'translation',
  'translations',
]);

/**
 * Whether the word at `at` is a language given as a value ("into French", "the German locale"),
 * not the subject ("How do I learn Spanish?", which a framework's docs don't answer).
 */
function asLanguageValue(tags: readonly TaggedWord[], at: number): boolean {
  if (!LANGUAGES.has((tags[at] as TaggedWord).text.toLowerCase())) return false;
  const before = tags[at - 1]?.text.toLowerCase() ?? '';
  const after = tags[at + 1]?.text.toLowerCase() ?? '';
  return BEFORE_A_LANGUAGE_VALUE.has(before) || LANGUAGE_SETTINGS.has(after) || LANGUAGE_SETTINGS.has(before);
}

/**
 * Whether the word at `at` is the measure a "how" question asks for ("how long", "how many",
 * "how often", "how big", and the verb of "how long does it take"): the form of the question,
 * not its subject. A page answers "how long do I have to return something?" with "within 30
 * days", and never needs the word "long". Other words after "how" are asked about: "how secure
 * is the payment page?" needs a page that speaks of security.
 */
function asksHowMuch(tags: readonly TaggedWord[], at: number): boolean {
  const tagged = tags[at] as TaggedWord;
  const word = tagged.text.toLowerCase();
  if (MEASURES.has(word) && tags[at - 1]?.text.toLowerCase() === 'how') return true;
  // "How long does shipping take?", "how long will the session last": the verb of the duration.
  return (
    tagged.pos === 'VERB' &&
    DURATION_VERBS.has(word) &&
    tags.some(
      (earlier, before) =>
        before < at - 1 &&
        earlier.text.toLowerCase() === 'how' &&
        tags[before + 1]?.text.toLowerCase() === 'long',
    )
  );
}
/** The measures "how" asks for: a duration, a number, an amount, a size, a distance, a time. */
const MEASURES = new Set(
  'long many much often far big large small old soon fast quickly early late frequently high tall wide deep heavy'.split(
    ' ',
  ),
);
/** The verbs that "how long" asks the duration of. */
const DURATION_VERBS = new Set(['take', 'takes', 'took', 'last', 'lasts']);

export interface QuestionWord {
  /** The word as asked. */
  word: string;
  term: string;
  weight: number;
  /** An operator (`??`, `===`): syntax, matched as written. */
  operator?: boolean;
  /** A proper name ("Django", "Heroku", "Google Drive"): a product, a place, a person. */
  name?: boolean;
  /**
   * A word the site doesn't use, read as the site's word search reads for it (`term`): a synonym
   * or the correction of a typo.
   */
  standIn?: boolean;
}

/** The content words of a question as index terms, weighted by their part of speech. */
export function questionWords(question: string, analyser: TextAnalyser): QuestionWord[] {
  const words = new Map<string, QuestionWord>();
  const writtenInLowerCase = /\p{Ll}/u.test(question);
  // The tagger knows English: in another language every word weighs as a noun, and only an
  // acronym is a name (German writes every noun with a capital, which the tagger reads as a name).
  const english = analyser.language.code === 'en';
  // Only a German question that capitalises its nouns tells them from its verbs: not one typed
  // all in lower case.
  const capitalisedNouns = analyser.language.code === 'de' && /\s\p{Lu}/u.test(question);
  // A pasted error message is judged by the message: "Uncaught" is no name it asks about.
  const tags = tagWords(withoutConsolePrefix(question));
  tags.forEach((tagged, at) => {
    const lowerCase = tagged.text.toLowerCase();
    if (english && (NOT_A_SUBJECT.has(lowerCase) || asLanguageValue(tags, at) || asksHowMuch(tags, at)))
      return;
    const weight = english
      ? (WEIGHT_BY_PART_OF_SPEECH[tagged.pos] ?? OTHER_WEIGHT)
      : // German writes its nouns with a capital: a word in lower case is a verb or an adjective.
        capitalisedNouns && !/^\p{Lu}/u.test(tagged.text)
        ? LOWER_CASE_GERMAN_WEIGHT
        : 1;
    // An acronym (`SOAP`, `PDF`) names a thing too, however the tagger reads it, in a question
    // written in lower case; in one written in capitals every word would look like one.
    // A unit against its number ("128MB") is neither.
    const name =
      (english && tagged.pos === 'PROPN') ||
      (writtenInLowerCase && !tagged.unit && ACRONYM.test(tagged.text));
    // A run of Chinese or Japanese is many words: each is judged on its own.
    const pieces = isSegmented(tagged.text)
      ? analyser.words(tagged.text).map((word) => ({ word, terms: [analyser.term(word)] }))
      : [{ word: tagged.text, terms: analyser.terms(tagged.text) }];
    for (const { word, terms } of pieces)
      for (const term of terms) {
        if (term === '') continue;
        const known = words.get(term);
        if (!known || known.weight < weight) words.set(term, { word, term, weight, name });
      }
  });
  // An operator asked about (`??`, `===`) is what the question is about.
  for (const operator of operatorNames(question))
    words.set(operator, { word: operator, term: operator, weight: 1, operator: true });
  return [...words.values()];
}

/** The summed weight of some of the question's words. */
function weightOf(words: QuestionWord[]): number {
  return words.reduce((sum, word) => sum + word.weight, 0);
}

/**
 * The weighted share (0–1) of the question's words among the terms of these texts, and among
 * the operators they write (`a ?? b`) when the question asks about one.
 */
function shareIn(words: QuestionWord[], texts: string[], analyser: TextAnalyser): number {
  const total = weightOf(words);
  if (total === 0) return 0;
  const asksOperator = words.some((word) => word.operator === true);
  const present = new Set<string>();
  for (const text of texts) {
    for (const term of analyser.terms(text)) present.add(term);
    if (asksOperator) for (const operator of operatorNames(text)) present.add(operator);
  }
  return weightOf(words.filter((word) => present.has(word.term))) / total;
}

/**
 * The weighted share (0–1) of the question's words that the passage, its heading or its page
 * title contain: the evidence that decides whether the passage answers the question.
 */
export function answerCoverage(words: QuestionWord[], hit: PassageHit, analyser: TextAnalyser): number {
  return shareIn(words, [hit.document.title, hit.section.heading, sectionPlainText(hit.section)], analyser);
}

/**
 * A code block's quoted strings, and the text between the tags of an HTML example. Those that
 * read as a sentence (`EXAMPLE_SENTENCE`) or are a whole address (`EXAMPLE_ADDRESS`) are example
 * data, which the code shows and does nothing with (`"What is the capital of France?"`,
 * `>FIFA World Cup top goalscorers<`, `'https://hono.dev/images/logo.png'`); a path, a header's
 * name or an option's value (`'/posts/:id'`, `'X-Message'`) is what the code does.
 */
const EXAMPLE_DATA = /(?<![\p{L}\p{N}])(?:"[^"\n]*"|'[^'\n]*'|`[^`]*`)|(?<=<[\p{L}][^<>]*)>[^<>{};=]*</gu;
/** Three words or more, with spaces between: a sentence or a title, not a value. */
const EXAMPLE_SENTENCE = /[\p{L}\p{N}]\S*\s+[\p{L}\p{N}]\S*\s+[\p{L}\p{N}]/u;
/**
 * A whole absolute address (`'https://hono.dev/images/logo.png'`): where the example points, an
 * image or a server of the example's, whose words name a file or a host, not what the code does.
 */
const EXAMPLE_ADDRESS = /^["'`][a-z][a-z\d+.-]*:\/\/[^\s"'`]*["'`]$/i;

/**
 * Whether the words of the question (`words`, those the site uses) that the passage holds all
 * stand only in its code's example data: "What is the capital of France?" matched by a prompt
 * example's `session.prompt("What is the capital of France?")`, "Who won the football world
 * cup?" by a `<footer>` example's text. Such a passage says nothing about what it holds there; a
 * word in its title, heading, prose, or its code outside example data (a name, a comment) is
 * what it shows. False when it holds none of them (coverage judges that) or the question asks
 * about an operator.
 */
export function heldOnlyInExamples(words: QuestionWord[], hit: PassageHit, analyser: TextAnalyser): boolean {
  const code = hit.section.code ?? [];
  if (code.length === 0 || words.length === 0 || words.some((word) => word.operator === true)) return false;
  let prose = sectionPlainText(hit.section);
  for (const block of code) prose = prose.replace(block, '\n\n');
  const shown = [hit.document.title, hit.section.heading, prose];
  for (const block of code)
    shown.push(
      block.replace(EXAMPLE_DATA, (data) =>
        !EXAMPLE_SENTENCE.test(data) && !EXAMPLE_ADDRESS.test(data)
          ? data
          : data.startsWith('>')
            ? '><'
            : ' ',
      ),
    );
  const shownTerms = new Set(analyser.terms(shown.join('\n')));
  if (words.some((word) => shownTerms.has(word.term))) return false;
  const exampleTerms = new Set(analyser.terms(code.join('\n')));
  return words.some((word) => exampleTerms.has(word.term));
}

/**
 * The weighted share (0–1) of the question's words in the page's outline: its title, description
 * and headings, what the page says it is about.
 */
export function outlineCoverage(words: QuestionWord[], page: SourceDocument, analyser: TextAnalyser): number {
  const headings = page.sections.map((section) => section.heading);
  return shareIn(words, [page.title, page.description, ...headings], analyser);
}

/**
 * The weighted share (0–1) of the question's words in the page's title: what the page is
 * about, more surely than its headings, which on a long page name many things.
 */
export function titleCoverage(words: QuestionWord[], page: SourceDocument, analyser: TextAnalyser): number {
  return shareIn(words, [page.title], analyser);
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

/** The terms these passages hold, in their pages' titles, their headings and their text. */
export function termsOfPassages(hits: readonly PassageHit[], analyser: TextAnalyser): Set<string> {
  return new Set(
    analyser.terms(
      hits
        .map((hit) => `${hit.document.title}\n${hit.section.heading}\n${sectionPlainText(hit.section)}`)
        .join('\n'),
    ),
  );
}

/**
 * The words (of `words`) that none of these passages holds, in its page's title, its heading or
 * its text.
 */
export function wordsNoPassageHolds(
  words: QuestionWord[],
  hits: readonly PassageHit[],
  analyser: TextAnalyser,
): QuestionWord[] {
  const held = termsOfPassages(hits, analyser);
  return words.filter((word) => !held.has(word.term));
}

/**
 * The weighted share (0–1) of the question's words that the site uses anywhere (`known`, from
 * `wordsTheSiteUses`). A question whose subject the site never mentions ("Minecraft",
 * "sourdough") is not answered by it, however well a passage matches the rest of the question.
 */
export function knownShare(words: QuestionWord[], known: QuestionWord[]): number {
  const total = weightOf(words);
  if (total === 0) return 1;
  return weightOf(known) / total;
}

/**
 * A name in the question that the site never uses (not among `known`, from `wordsTheSiteUses`):
 * "Django" in "How do I use Django templates with Hono?", "Heroku", "Google Drive". A question
 * naming a product, place or person is about it, and a site that never names it has no answer,
 * however well it matches the other words.
 */
export function unknownName(words: QuestionWord[], known: QuestionWord[]): string | undefined {
  return words.find((word) => word.name === true && !known.includes(word))?.word;
}

/**
 * A name of the question (among `names`) that the page never writes, in its title, description,
 * headings or text: the page answers something else than what the question names.
 */
export function nameThePageLacks(
  names: QuestionWord[],
  page: SourceDocument,
  analyser: TextAnalyser,
): string | undefined {
  if (names.length === 0) return undefined;
  const texts = [page.title, page.description];
  for (const section of page.sections) texts.push(section.heading, sectionPlainText(section));
  const present = new Set(analyser.terms(texts.join('\n')));
  return names.find((name) => !present.has(name.term))?.word;
}

/** The most words a name of several capitalised words has ("Azure Static Web Apps"). */
const NAME_WORDS_MAX = 4;
/** A word of a name written with a capital: letters and digits, perhaps joined by hyphens. */
const CAPITALISED_WORD = /^\p{Lu}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*$/u;
/** An HTTP status code, whose reason phrase follows in capitals ("405 Method Not Allowed"). */
const STATUS_CODE = /^[1-5]\d\d$/;
/** Short words that title case writes with a capital, and a sentence in English does not. */
const TITLE_CASE_WORDS = new Set([
  'a',
  'an',
  'the',
  'to',
  'of',
  'in',
  'on',
  'for',
  'with',
  'and',
  'or',
  'do',
  'is',
  'my',
]);

/**
 * The names of two to four words written with capitals in an English question, not at the start
 * of a sentence: "Azure Static Web Apps", "AWS App Runner", "React Native". Each of their words
 * may be the site's ("Azure", "web", "apps") while the name is of a product it never covers. A
 * word written as code (`c.set`, `app.get()`), an HTTP reason phrase after its status code and a
 * possessive end a name; a question in title case ("How Do I Deploy To Azure") or in capitals
 * has none.
 */
export function namesOfSeveralWords(question: string): string[] {
  // A line break starts a sentence; a token of no letter or digit (a dash, an emoji) ends a name.
  const tokens = question
    .replace(/\s*\n\s*/g, '. ')
    .split(/\s+/)
    .filter(Boolean);
  const endsSentence = (token: string): boolean => /[.?!:]$/.test(token);
  const names: string[] = [];
  let name: string[] = [];
  const endName = (): void => {
    if (name.length >= 2 && name.length <= NAME_WORDS_MAX) names.push(name.join(' '));
    name = [];
  };
  let titleCase = false;
  // A sentence starts after a word that ends one (`afterWordEnding`, by which title case is told),
  // or after punctuation standing alone too (`sentenceStart`, by which names are).
  let afterWordEnding = true;
  let sentenceStart = true;
  let reasonPhrase = false;
  for (const token of tokens) {
    if (!/[\p{L}\p{N}]/u.test(token)) {
      endName();
      if (endsSentence(token)) sentenceStart = true;
      continue;
    }
    if (!afterWordEnding && /^\p{Lu}/u.test(token) && TITLE_CASE_WORDS.has(token.toLowerCase()))
      titleCase = true;
    const word = token.replace(/^[("'“‘]+|[)"'”’,.;:?!]+$/gu, '').replace(/['’]s$/u, '');
    const inName = !sentenceStart && !reasonPhrase && word !== 'I' && CAPITALISED_WORD.test(word);
    reasonPhrase =
      (reasonPhrase || STATUS_CODE.test(word)) && (STATUS_CODE.test(word) || /^\p{Lu}/u.test(word));
    if (inName) name.push(word);
    else endName();
    if (/[,;:?!.)]$|['’]s\W*$/u.test(token)) endName();
    afterWordEnding = sentenceStart = endsSentence(token);
  }
  endName();
  return titleCase || !/\p{Ll}/u.test(question) ? [] : names;
}
