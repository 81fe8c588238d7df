import type { AnswerFormat, Passage } from '../../wire/index.js';
import { sectionPlainText, withoutCodeMarks } from '../content/code-spans.js';
import { isPartOfSection, type DocumentSection } from '../content/document.js';
import type { PassageHit, SearchIndex, SearchOptions } from '../search/search-index.js';
import { isMessage, pastedMessage } from '../search/error-messages.js';
import { TextAnalyser } from '../search/text-analyser.js';
import { withinEditDistance } from '../search/edit-distance.js';
import { MAX_CORRECTED_WORDS } from '../search/query-analysis.js';
import { renderAnswer } from './answer-format.js';
import {
  codeNamesAsked,
  definesName,
  headingTerms,
  sectionTermSet,
  selectAnswer,
} from './answer-sentences.js';
import { type Answerer, type AnswerInput, type DraftAnswer, sourcelessAnswer } from './answerer.js';
import {
  answerCoverage,
  heldOnlyInExamples,
  knownShare,
  nameThePageLacks,
  namesOfSeveralWords,
  unknownName,
  outlineCoverage,
  wordsNoPassageHolds,
  termsOfPassages,
  questionWords,
  titleCoverage,
  wordsTheSiteUses,
  type QuestionWord,
} from './answer-evidence.js';
import {
  continuesAHowTo,
  definiteFollowUp,
  implicitFollowUp,
  resolveFollowUp,
  resolveFollowUpIn,
} from './follow-up.js';
import { isEnglishWord, warmUpLanguageModel } from './language-model.js';
import { TITLE_WORD_WEIGHT } from './question-terms.js';
import { smallTalkAnswer, withoutSmallTalk } from './small-talk.js';

export interface ExtractiveAnswererOptions {
  index: SearchIndex;
  /**
   * Least evidence for an answer: the share of the question (its content words the site uses,
   * weighted by part of speech: subjects count fully, verbs less; the others are `minKnown`'s)
   * that one of the best passages contains, plus half the share that the source page's outline
   * (title, description, headings) holds, plus the share its title holds, plus twice the best
   * passage's relevance (0–1, which weighs words by their rarity on the site; its words' alone
   * under hybrid search). Default by the site's size (see `defaultMinEvidence`): a passage
   * holding the whole question answers; one holding half of it answers only on a page about the
   * rest.
   */
  minEvidence?: number;
  /**
   * Least share of the question's words (weighted the same way) that the site uses anywhere: a
   * question about something the site never mentions is not answered. Default by the site's
   * size (see `defaultMinKnown`).
   */
  minKnown?: number;
}

/** What retrieval found for a question. */
export interface Retrieval {
  /** The question after follow-up resolution: what was searched. */
  resolvedQuery: string;
  /** Best first. */
  hits: PassageHit[];
  /** True when the best passage covers enough of the question (and passes the agent's threshold). */
  answerable: boolean;
  /** The best passage's relevance on the 0–100 scale. */
  relevanceScore: number;
  /** The largest share of the question one of the best passages covers (see `answerCoverage`). */
  coverage: number;
  /** The share of the question's words the site uses anywhere (see `knownShare`). */
  known: number;
  /** The share of the question the source page's outline holds (see `outlineCoverage`). */
  outline: number;
  /** The share of the question the source page's title holds (see `titleCoverage`). */
  title: number;
}

/**
 * A section of the source page the answer may quote: one of the passages search found for the
 * question (`searched`, with its relevance), or another section taken for its words.
 */
type CandidateHit = PassageHit & { searched: boolean };

/** Passages retrieved per question; the answer quotes the best, the others are its context. */
const PASSAGES_RETRIEVED = 20;
/** Passages listed in `context.passages`. */
const PASSAGES_IN_CONTEXT = 3;
/** Sections of the source page whose sentences may be quoted: its best few for the question. */
const CANDIDATE_SECTIONS = 3;
/** Text of a passage kept in `context.passages`. */
const CONTEXT_PASSAGE_CHARS = 1200;
/**
 * How much the source page's outline counts beside the passage's coverage. A page about the
 * question's subject (it is in its title or headings) answers with a passage that holds less of
 * the question's wording; a page that merely mentions the words, somewhere on a large site,
 * needs a passage that holds nearly all of it.
 */
const OUTLINE_WEIGHT = 0.5;
/**
 * How much the source page's title counts besides: a page titled with the question's subject
 * ("Cookie Helper", "IP Restriction") is about it, and answers a question that words the rest
 * differently from the page ("read a cookie that the browser sent").
 */
const TITLE_WEIGHT = 1;
/**
 * How much the best passage's relevance (0–1) counts besides. Coverage weighs the question's
 * words by their part of speech, relevance by their rarity on the site (and how close together and
 * how near a heading they stand): an off-topic question whose everyday words a large site happens
 * to hold in one passage ("the capital of France" in a prompt example) covers much of it, with
 * words too common to be relevant.
 */
const RELEVANCE_WEIGHT = 2;
/**
 * The least known share by default, by the number of pages: 0.7 up to 1,000 pages, 0.8 from
 * 5,000, in between by the logarithm of the count. A small site lacks many everyday words a
 * visitor may use ("visitor", "country" in a question about reading a request's country on a
 * framework's docs); a site of thousands of pages uses nearly every word of its field, so one it
 * never uses says the question is about something else. Names are judged apart (`unknownName`).
 */
export function defaultMinKnown(pageCount: number): number {
  return bySiteSize(pageCount);
}

/**
 * The least evidence by default (see `minEvidence`), by the number of pages: 1.15 up to 1,000
 * pages, 1.35 from 5,000. On a large site nearly any few words stand together in some passage, so
 * a passage must hold more of the question to answer it; on a small one a visitor's wording
 * strays further from the few pages' ("don't compress tiny responses, only ones above a certain
 * size" is the compress middleware's `threshold`, in other words). Set where both sites of the
 * answer-quality benchmark answer at least 90% of the questions they cover and decline at least
 * 80% of those they don't (`bench/answer-quality.ts`).
 */
export function defaultMinEvidence(pageCount: number): number {
  return bySiteSize(pageCount, 1.15, 1.35);
}

/** `small` up to 1,000 pages, `large` from 5,000, in between by the logarithm of the count. */
function bySiteSize(pageCount: number, small = 0.7, large = 0.8): number {
  const position = Math.min(1, Math.max(0, Math.log(Math.max(pageCount, 1) / 1000) / Math.log(5)));
  return small + (large - small) * position;
}
/**
 * A name the site uses on at most this share of its pages is rare: "Jest" and "Tailwind" are on
 * a handful of MDN's 10,000 pages, in passing. A question naming one is about it, and a source
 * page that never names it answers something else ("center a div with Tailwind utility classes"
 * is not answered by the `<div>` page). On a small site every name is on few pages (0.5% of 113
 * is less than one), and this says nothing.
 */
const RARE_NAME_SHARE = 0.005;
/**
 * A word of the question the site uses on at most this share of its pages (5 of MDN's 10,000;
 * none on a site under 2,000 pages), which none of the passages judged holds, counts as a word
 * the site doesn't use in the known share (`knownShare`). A site of thousands of pages uses
 * nearly every English word somewhere, in passing ("refund" on one of MDN's pages, "replica" on
 * three): a word on so few of them, none found for the question, no more shows that the site
 * speaks of it than a word a small site never uses. One the passages judged hold is theirs,
 * however rare.
 */
const PASSING_WORD_SHARE = 0.0005;
/** The fewest letters of a word taken for a typo of the site's word (see `#questionWords`). */
const MIN_TYPO_LETTERS = 6;
/** The fewest letters of a word the site never uses to be read as a name (see `#likeAName`). */
const MIN_NAME_LETTERS = 3;
/**
 * What a word that is likely a name, which the site never uses, weighs against the known share,
 * as a share of a noun: a product the site never names ("use hono inside an astro project")
 * is most of what a short question asks, and the lexicon lacks many words of the trade that a
 * site of a hundred pages may not use either ("cron", "chatbot"), which a longer question
 * holds beside enough others.
 */
const UNKNOWN_NAME_WEIGHT = 2;
/** A name of two words joined by a dot, not within a longer dotted name, path or address (see `#dottedNamesTheSiteLacks`). */
const DOTTED_NAME = /(?<![\w.@/-])([A-Za-z][\w-]*)\.([A-Za-z][\w-]*)(?![\w@/-]|\.\w)/g;
/** The last part of a domain a visitor writes as their own (`mysite.com`). */
const GENERIC_DOMAINS = new Set(['com', 'org', 'net', 'edu', 'gov']);
/** A domain ending in one of those. */
const DOMAIN = new RegExp(String.raw`\b[\w-]+(?:\.[\w-]+)*\.(?:${[...GENERIC_DOMAINS].join('|')})\b`, 'gi');
/**
 * Whether `a` is `b` with one letter replaced by another (`nuxt`, `next`): same length, other
 * letters. A letter missing, added or two swapped is none.
 */
function oneLetterReplaced(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const letters = (word: string): string => [...word].sort().join('');
  return letters(a) !== letters(b);
}
/**
 * Whether `a` is `b` with two neighbouring letters swapped (`mdoe`, `mode`): a slip of the
 * fingers, not a name, however short the word.
 */
function neighboursSwapped(a: string, b: string): boolean {
  // One edit between words of one length and the same letters: a swap, not a letter replaced.
  return a.length === b.length && a !== b && !oneLetterReplaced(a, b) && withinEditDistance(a, b, 1);
}
/** Pages after the first whose definition of a name asked about may be quoted (see `#definingHit`). */
const DEFINING_PAGES = 4;
/** Passages whose coverage is weighed for the decision to answer. */
const PASSAGES_JUDGED = 3;
/** Passages searched for a name of several words, among which one must hold all of it. */
const NAME_PASSAGES = 24;
/** A passage's coverage of all of a query, its words' weights summed in another order aside. */
const FULL_COVERAGE = 0.999;

export const NOT_FOUND_ANSWER =
  "Sorry, I couldn't find an answer to that in the documentation. Try rephrasing the question, or search for a related topic.";

/**
 * The "couldn't find" answer in the language the site is read in (see languages.ts), for the
 * languages it is written in here; English for the others.
 */
const NOT_FOUND_ANSWERS: Readonly<Record<string, string>> = {
  de: 'Leider habe ich in der Dokumentation keine Antwort darauf gefunden. Versuchen Sie, die Frage anders zu formulieren, oder suchen Sie nach einem verwandten Thema.',
  es: 'Lo siento, no he encontrado una respuesta en la documentación. Prueba a formular la pregunta de otra manera o busca un tema relacionado.',
  fr: "Désolé, je n'ai pas trouvé de réponse dans la documentation. Essayez de reformuler la question ou recherchez un sujet proche.",
  it: 'Non ho trovato una risposta nella documentazione. Prova a riformulare la domanda o cerca un argomento correlato.',
  ja: '申し訳ありませんが、ドキュメントに答えが見つかりませんでした。質問を言い換えるか、関連するトピックを検索してください。',
  nl: 'Sorry, ik heb hier geen antwoord op gevonden in de documentatie. Probeer de vraag anders te formuleren, of zoek naar een verwant onderwerp.',
  pt: 'Desculpe, não encontrei uma resposta na documentação. Tente reformular a pergunta ou pesquise um tema relacionado.',
  ru: 'К сожалению, в документации не нашлось ответа на этот вопрос. Попробуйте сформулировать его иначе или поищите близкую тему.',
  zh: '抱歉，没有在文档中找到答案。请换一种方式提问，或搜索相关主题。',
};

/** The polite "couldn't find" answer in the site's language (by its code), English by default. */
export function notFoundText(language = 'en'): string {
  return NOT_FOUND_ANSWERS[language] ?? NOT_FOUND_ANSWER;
}

/** The link of a passage: its page, at the section's anchor. */
export function passageLink(hit: PassageHit): string {
  return hit.section.anchor ? `${hit.document.link}#${hit.section.anchor}` : hit.document.link;
}

/**
 * A passage as listed in `context.passages`: its text plain, as `content` is, since it is not
 * rendered in the answer's format (code spans' marks are for the answer).
 */
export function passageRecord(hit: PassageHit): Passage {
  const plain = sectionPlainText(hit.section);
  const text =
    plain.length > CONTEXT_PASSAGE_CHARS ? `${plain.slice(0, CONTEXT_PASSAGE_CHARS - 1).trimEnd()}…` : plain;
  return {
    documentId: hit.document.id,
    title: hit.document.title,
    heading: hit.section.heading || undefined,
    link: passageLink(hit),
    text,
    score: Math.round(hit.relevance * 10000) / 10000,
  };
}

/**
 * The passages listed with an answer: the `quoted` first ones (the answer's), then the best of
 * each other page, then more of other pages and of the same page. A visitor reads the other pages
 * as "See also" (`<ask-chat>`), so they are as many as the list holds: when two passages of the
 * second page came before the third page's best, the third page had been left out (one of the
 * three pages listed answered 87.6% of Hono's 89 first benchmark questions; now 89.9%).
 */
export function contextPassages(hits: PassageHit[], quoted = 1): Passage[] {
  const best = hits[0];
  if (!best) return [];
  const others = hits.filter((hit) => hit.document.id !== best.document.id);
  const pages = new Set<string>();
  const bestOfPage = others.filter((hit) => !pages.has(hit.document.id) && pages.add(hit.document.id));
  const samePage = hits.slice(quoted).filter((hit) => hit.document.id === best.document.id);
  // Each link is listed once: two passages of one long section share it, and the best of each
  // other page comes again among `others`.
  const listed: Passage[] = [];
  for (const hit of [...hits.slice(0, quoted), ...bestOfPage, ...others, ...samePage]) {
    if (listed.length === PASSAGES_IN_CONTEXT) break;
    const link = passageLink(hit);
    if (!listed.some((passage) => passage.link === link)) listed.push(passageRecord(hit));
  }
  return listed;
}

/** The answer record for a question the documentation doesn't answer. */
export function notFoundAnswer(
  format: AnswerFormat,
  resolvedQuery: string,
  relevanceScore: number,
  language?: string,
): DraftAnswer {
  return sourcelessAnswer(format, notFoundText(language), resolvedQuery, relevanceScore);
}

/**
 * Answers from the documentation itself: finds the passages that best cover the (resolved)
 * question, and quotes the sentences of the best one that match it most, with a code example
 * for a how-to question and a link to the exact section it came from.
 */
export class ExtractiveAnswerer implements Answerer {
  readonly #index: SearchIndex;
  readonly #minEvidence: number | undefined;
  readonly #minKnown: number | undefined;
  /** Reads questions in the language the index reads the site in, with the synonyms its search reads. */
  #analyser = new TextAnalyser();

  constructor(options: ExtractiveAnswererOptions) {
    // Renamed on 2026-11-27 with a new scale: a value carried over would answer nearly everything.
    if ('minCoverage' in options)
      throw new TypeError(
        'createExtractiveAnswerer: minCoverage is now minEvidence, on another scale (coverage + ½ outline + title + 2 × relevance; defaults 1.15 to 1.35)',
      );
    this.#index = options.index;
    this.#minEvidence = options.minEvidence;
    this.#minKnown = options.minKnown;
    warmUpLanguageModel();
  }

  /**
   * The passages for a question and whether they answer it: shared with the LLM answerer. A
   * follow-up that answers only as asked, not with the words carried over from the conversation,
   * is answered as asked: "How do I install it with npm?" is the install page's, whatever the
   * turn before asked.
   */
  async retrieve(input: AnswerInput): Promise<Retrieval> {
    this.#analyser = this.#analyser.in(this.#index.language, this.#index.synonyms);
    const options = { includeTags: input.includeTags, excludeTags: input.excludeTags, prefixLastTerm: false };
    const resolvedQuery = await this.#resolveFollowUp(input, options);
    const retrieval = await this.#retrieveFor(input, resolvedQuery, options);
    if (resolvedQuery === input.query) return retrieval;
    if (retrieval.answerable && this.#holdsOwnWords(input.query, retrieval)) return retrieval;
    const asAsked = await this.#retrieveFor(input, input.query, options);
    return asAsked.answerable ? asAsked : retrieval;
  }

  /**
   * Whether the passage a resolved follow-up is answered from holds the follow-up's own words, on a
   * site in another language than English, whose resolution carries words without knowing what
   * they are: "Et pour le supprimer ? (nouveau groupe)" answered from the passage that creates a
   * group, which never says `supprimer`, is asked as asked. In English, always.
   */
  #holdsOwnWords(question: string, retrieval: Retrieval): boolean {
    const best = retrieval.hits[0];
    if (this.#analyser.language.code === 'en' || !best) return true;
    const held = termsOfPassages([best], this.#analyser);
    return this.#analyser.terms(question).every((term) => held.has(term));
  }

  async #retrieveFor(
    input: AnswerInput,
    resolvedQuery: string,
    options: Omit<SearchOptions, 'limit'>,
  ): Promise<Retrieval> {
    const [pages, passages] = await Promise.all([
      this.#index.search(resolvedQuery, { ...options, limit: 1 }),
      this.#index.searchPassages(resolvedQuery, { ...options, limit: PASSAGES_RETRIEVED }),
    ]);
    // The source is the page that ranks first for the question, quoted at its best passage:
    // page ranking weighs the whole page (title, headings, description), a passage only itself.
    const topPage = pages[0]?.document.id;
    const fromTopPage = passages.find((hit) => hit.document.id === topPage);
    const ranked = fromTopPage ? [fromTopPage, ...passages.filter((hit) => hit !== fromTopPage)] : passages;
    const defining = this.#definingHit(resolvedQuery, ranked);
    const hits = defining
      ? [{ ...defining.hit, section: defining.section }, ...ranked.filter((hit) => hit !== defining.hit)]
      : ranked;
    const best = hits[0];
    const relevanceScore = best ? Math.round(best.relevance * 1000) / 10 : 0;
    // Evidence, not the raw score, decides: the site must use the words of the question, and
    // one of the best passages must hold most of what was asked, not merely repeat one word.
    // A hyphenated word the site knows only by its parts (`X-Api-Key`) is judged by them: its
    // whole, which no passage holds, is left out.
    const hasWord = this.#index.hasWord?.bind(this.#index);
    const words = this.#questionWords(resolvedQuery, input.query).filter(
      (word) => !word.term.includes('-') || this.#index.hasTerm?.(word.term) !== false,
    );
    // A word the site never uses ("shop" in "a static page for every shop id") is no passage's to
    // cover: `known` judges it, once. Coverage is of the words a passage could hold. A typo of a
    // word the site uses ("pasword") is known, and no passage's to cover either: search read it
    // as a guess, and a guess can't show that a passage answers.
    const judged = wordsTheSiteUses(words, hasWord);
    const inPassing = this.#wordsInPassing(judged, hits.slice(0, PASSAGES_JUDGED));
    const known = knownShare(
      [...words, ...this.#dottedNamesTheSiteLacks(input.query)],
      [
        ...judged.filter((word) => !inPassing.includes(word)),
        ...words.filter((word) => word.standIn === true),
      ],
    );
    const unknown = unknownName(words, judged);
    const rarePageLimit = RARE_NAME_SHARE * this.#index.documentCount;
    const rareNames = judged.filter(
      (word) => word.name === true && (this.#index.pagesWithWord?.(word.word) ?? Infinity) <= rarePageLimit,
    );
    const lacked = best ? nameThePageLacks(rareNames, best.document, this.#analyser) : undefined;
    const coverage = Math.max(
      0,
      ...hits.slice(0, PASSAGES_JUDGED).map((hit) => answerCoverage(judged, hit, this.#analyser)),
    );
    const outline = best ? outlineCoverage(judged, best.document, this.#analyser) : 0;
    const title = best ? titleCoverage(judged, best.document, this.#analyser) : 0;
    // A passage that holds the question's words only in its code's example data (a prompt's
    // "What is the capital of France?") shows nothing about them, unless its page's outline names
    // them: the page is then about them, and its examples are too.
    const onlyInExamples =
      best !== undefined && outline === 0 && heldOnlyInExamples(judged, best, this.#analyser);
    const answerable =
      best !== undefined &&
      coverage +
        OUTLINE_WEIGHT * outline +
        TITLE_WEIGHT * title +
        RELEVANCE_WEIGHT * (best.lexicalRelevance ?? best.relevance) >=
        (this.#minEvidence ?? defaultMinEvidence(this.#index.documentCount)) &&
      known >= (this.#minKnown ?? defaultMinKnown(this.#index.documentCount)) &&
      unknown === undefined &&
      lacked === undefined &&
      !onlyInExamples &&
      relevanceScore >= input.threshold &&
      (await this.#nameNoPassageHolds(input.query, options)) === undefined;
    return { resolvedQuery, hits, answerable, relevanceScore, coverage, known, outline, title };
  }

  /**
   * The question's words (of `judged`, those the site uses) that the site uses only in passing,
   * on at most `PASSING_WORD_SHARE` of its pages, and that none of the passages judged holds.
   * An operator is syntax, not a word the site could use in passing.
   */
  #wordsInPassing(judged: QuestionWord[], passages: PassageHit[]): QuestionWord[] {
    const pageLimit = PASSING_WORD_SHARE * this.#index.documentCount;
    if (pageLimit < 1 || !this.#index.pagesWithWord) return [];
    const rare = judged.filter(
      (word) => word.operator !== true && (this.#index.pagesWithWord?.(word.word) ?? Infinity) <= pageLimit,
    );
    return rare.length === 0 ? [] : wordsNoPassageHolds(rare, passages, this.#analyser);
  }

  /**
   * For a question asking what a name written as code is ("What is an insightId?"), when the
   * page that ranks first never says what it is, nor is titled or has a section headed with it (the feedback page, whose request table says an
   * `insightId` is "The `insightId` of an answer from `/bot/askai`"), the section of the first
   * of the next few pages found that does (the ask page's response table: "A unique id…"), as
   * the passage to quote, with the hit of that page it stands for.
   */
  #definingHit(
    question: string,
    hits: PassageHit[],
  ): { hit: PassageHit; section: DocumentSection } | undefined {
    const names = codeNamesAsked(question);
    const top = hits[0];
    if (names.length === 0 || !top) return undefined;
    const definition = (hit: PassageHit) =>
      hit.document.sections.find((section) =>
        names.some((name) => definesName(section, name, this.#analyser)),
      );
    // A page titled with the name, or with a section about it (`## When didAnswer is false`),
    // says what it is there.
    const headed = [top.document.title, ...top.document.sections.map((section) => section.heading)].some(
      (heading) => names.some((name) => withoutCodeMarks(heading).toLowerCase().includes(name)),
    );
    if (headed || definition(top)) return undefined;
    const pages = new Set([top.document.id]);
    for (const hit of hits) {
      if (pages.has(hit.document.id)) continue;
      if (pages.size > DEFINING_PAGES) break;
      pages.add(hit.document.id);
      const section = definition(hit);
      if (section) return { hit, section };
    }
    return undefined;
  }

  /**
   * The question as searched in its conversation (see `resolveFollowUp`). One about "the"
   * something that names nothing is asked of the conversation's topic (see `definiteFollowUp`)
   * when the page that then ranks first holds every noun it names with "the", unless the page
   * the question finds alone is titled with one of them ("How do I set the cookie?" is the cookie
   * helper's, whatever came before).
   */
  async #resolveFollowUp(input: AnswerInput, options: Omit<SearchOptions, 'limit'>): Promise<string> {
    // The rules below read English; a site in another language has its own, fewer.
    if (this.#analyser.language.code !== 'en')
      return resolveFollowUpIn(input.query, input.history, this.#analyser);
    const resolved = resolveFollowUp(input.query, input.history, (input.images?.length ?? 0) > 0);
    const definite = resolved === input.query ? definiteFollowUp(input.query, input.history) : undefined;
    if (!definite) return resolved === input.query ? this.#implicitFollowUp(input, options) : resolved;
    const terms = definite.nouns.map((noun) => this.#analyser.term(noun)).filter((term) => term !== '');
    const [alone] = await this.#index.search(input.query, { ...options, limit: 1 });
    const aloneTitle = new Set(this.#analyser.terms(alone?.document.title ?? ''));
    if (terms.some((term) => aloneTitle.has(term))) return input.query;
    const [topic] = await this.#index.search(definite.resolved, { ...options, limit: 1 });
    const topicTerms = new Set(
      this.#analyser.terms(`${topic?.document.title ?? ''}\n${topic?.document.text ?? ''}`),
    );
    return terms.length > 0 && terms.every((term) => topicTerms.has(term)) ? definite.resolved : input.query;
  }

  /**
   * A question that names its own subject and points at nothing earlier is asked of the
   * conversation's topic (see `implicitFollowUp`) when it stays on the page the last answer came
   * from: the search with the topic's words ranks that page first, the question alone does not,
   * and the page holds every noun of the question and every word of what it asks ("how do I
   * allow only my own domain?" after CORS is the CORS page's; "What's the difference between hono
   * and hono/tiny?" after a question on Next.js is not the Next.js page's, which never says
   * "tiny"; nor "How do I translate the chat into French?" the theming page's, which has the
   * chat but translates nothing). Unless the page the
   * question finds alone is titled with one of its nouns: it names its own page.
   */
  async #implicitFollowUp(input: AnswerInput, options: Omit<SearchOptions, 'limit'>): Promise<string> {
    if (input.history.length === 0 || (input.images?.length ?? 0) > 0) return input.query;
    const implicit = implicitFollowUp(input.query, input.history);
    if (!implicit) return input.query;
    const terms = implicit.nouns.map((noun) => this.#analyser.term(noun)).filter((term) => term !== '');
    if (terms.length === 0) return input.query;
    const [alone] = await this.#index.search(input.query, { ...options, limit: 1 });
    if (alone?.document.link === implicit.link) return input.query;
    const aloneTitle = new Set(this.#analyser.terms(alone?.document.title ?? ''));
    if (terms.some((term) => aloneTitle.has(term))) return input.query;
    const [topic] = await this.#index.search(implicit.resolved, { ...options, limit: 1 });
    if (topic?.document.link !== implicit.link) return input.query;
    // And what it asks to do there: "How do I translate the chat into French?" after the accent
    // colour names the chat, which the theming page has, but the page translates nothing.
    const asks = implicit.asks.map((word) => this.#analyser.term(word)).filter((term) => term !== '');
    const pageTerms = new Set(this.#analyser.terms(`${topic.document.title}\n${topic.document.text}`));
    return [...terms, ...asks].every((term) => pageTerms.has(term)) ? implicit.resolved : input.query;
  }

  /**
   * The question's words, one the site doesn't use as the word search reads for it: its synonym
   * ("can I add a pudding" asks about the site's desserts) or the correction of a typo ("forgot
   * my pasword" asks about its `password`). It counts as a word the site knows, and its sentences
   * are chosen as that word's; a passage isn't judged to cover it, since search only guessed it.
   * A word of the English lexicon is no typo ("padding" is not the site's "adding"), nor is a name
   * or a short word, which is as likely a name written in lower case ("nuxt" is not "next"), but
   * for one whose two neighbouring letters are swapped ("dark mdoe?"), a slip no name makes.
   */
  #questionWords(question: string, asked = question): QuestionWord[] {
    // As many words as search corrects in one query (a question of 50 unknown words would
    // otherwise cost a correction each).
    let lookups = 0;
    // Only the visitor's own words of this question may be names (see `#likeAName`): the topic
    // words a follow-up carries over from an answered question were judged with it, and would
    // weigh far more in the few words of the follow-up. The words of a domain the visitor writes
    // (`mysite.com`) are a value of theirs, not names.
    const askedWords = new Set(asked.toLowerCase().split(/[^\p{L}\p{N}]+/u));
    for (const [domain] of asked.matchAll(DOMAIN))
      for (const part of domain.toLowerCase().split('.')) askedWords.delete(part);
    return questionWords(question, this.#analyser).map((word) => {
      if (word.name === true || word.operator === true || this.#index.hasWord?.(word.word) !== false)
        return word;
      if (++lookups > MAX_CORRECTED_WORDS) return word;
      const standIn = this.#index.standInFor?.(word.word);
      const typo =
        standIn?.kind === 'typo' &&
        (word.word.length >= MIN_TYPO_LETTERS || neighboursSwapped(word.term, standIn.term)) &&
        !isEnglishWord(word.word);
      if (standIn !== undefined && (standIn.kind === 'synonym' || typo))
        return { ...word, term: standIn.term, standIn: true };
      // A short word search reads as a typo of the site's is a typo when a letter is missing or
      // extra ("qury", "cokie"), and counts once, as any word the site lacks;
      // one with a letter of its own in its place is as likely a name ("nuxt" for "next").
      const mistyped = standIn !== undefined && !oneLetterReplaced(word.term, standIn.term);
      return !mistyped && askedWords.has(word.word.toLowerCase()) && this.#likeAName(word)
        ? { ...word, weight: word.weight * UNKNOWN_NAME_WEIGHT }
        : word;
    });
  }

  /**
   * The names written with a dot in the question (`socket.io`, `passport.js`, `fly.io`) that the
   * site never writes whole, each weighing as a word likely a name (see `UNKNOWN_NAME_WEIGHT`):
   * the tagger reads their parts as words, which a site may well use ("socket", "io"), while the
   * question is about a product it never names. A domain (`shop.example.com`, `mysite.com`) is a
   * value of the visitor's, not a name.
   */
  #dottedNamesTheSiteLacks(question: string): QuestionWord[] {
    const names: QuestionWord[] = [];
    for (const [name, , last] of question.matchAll(DOTTED_NAME)) {
      const lower = name.toLowerCase();
      if (GENERIC_DOMAINS.has((last as string).toLowerCase()) || this.#index.hasWord?.(lower) !== false)
        continue;
      if (!names.some((known) => known.term === lower))
        names.push({ word: name, term: lower, weight: UNKNOWN_NAME_WEIGHT, name: true });
    }
    return names;
  }

  /**
   * A name of several words in the visitor's question ("Azure Static Web Apps", "AWS App Runner",
   * see `namesOfSeveralWords`) whose words no passage of the site holds together: each word may
   * be the site's ("Azure" on its Azure Functions page), the product is not. Looked for among the
   * passages that search finds for the name itself, where a passage holding all of it ranks high.
   */
  async #nameNoPassageHolds(
    question: string,
    options: Omit<SearchOptions, 'limit'>,
  ): Promise<string | undefined> {
    if (this.#analyser.language.code !== 'en') return undefined;
    for (const name of namesOfSeveralWords(question)) {
      const passages = await this.#index.searchPassages(name, {
        ...options,
        limit: NAME_PASSAGES,
        wordsOnly: true,
      });
      if (!passages.some((passage) => passage.coverage >= FULL_COVERAGE)) return name;
    }
    return undefined;
  }

  /**
   * Whether a word of the question that the site never uses, and that is no stand-in for one of
   * its words, is likely a name written in lower case: a word of letters that the English lexicon
   * doesn't hold either ("astro", "nuxt", "quic", "typeorm"). It counts more against the known
   * share (see `UNKNOWN_NAME_WEIGHT`). An English word the site lacks ("visitor", "country") is
   * the visitor's wording.
   */
  #likeAName(word: QuestionWord): boolean {
    return (
      this.#analyser.language.code === 'en' &&
      word.weight >= 1 &&
      word.word.length >= MIN_NAME_LETTERS &&
      /^\p{L}+$/u.test(word.word) &&
      !isEnglishWord(word.word)
    );
  }

  async answer(input: AnswerInput): Promise<DraftAnswer> {
    const smallTalk = await smallTalkAnswer(input.query, input.format, this.#index);
    if (smallTalk) return smallTalk;
    const asked = withoutSmallTalk(input);
    return this.compose(asked, await this.retrieve(asked));
  }

  /** The extractive answer from what `retrieve` found. */
  compose(input: AnswerInput, retrieval: Retrieval): DraftAnswer {
    const { resolvedQuery, answerable, relevanceScore } = retrieval;
    const best = retrieval.hits[0];
    if (!answerable || !best)
      return notFoundAnswer(input.format, resolvedQuery, relevanceScore, this.#index.language?.code);
    // The sentences that answer may stand in another of the source page's best sections (the
    // page's introduction often names the whole question, a section below it answers it).
    const words = this.#questionWords(resolvedQuery);
    const candidates =
      this.#messageExplanation(resolvedQuery, best) ?? this.#candidateSections(best, retrieval.hits, words);
    const selected = selectAnswer(
      resolvedQuery,
      words,
      candidates.map((hit) => ({
        section: hit.section,
        title: hit.document.title,
        ...(hit.searched ? { relevance: hit.relevance } : {}),
      })),
      this.#analyser,
      best.document.sections,
      // "what about server-sent events?" after "How do I stream a response?" asks how too.
      continuesAHowTo(input.query, input.history),
    );
    const opening = candidates[selected.section] ?? best;
    // An answer showing the page's usage example is from its usage section, after its opening.
    const quoted = selected.usage ? { ...opening, section: selected.usage } : opening;
    const first = quoted === opening ? [opening] : [quoted, opening];
    // A hit of a section quoted is listed once: `contextPassages` lists each section's link once.
    const hits = [...first, ...retrieval.hits];
    return {
      answer: renderAnswer(input.format, selected.blocks),
      didAnswer: true,
      relevanceScore,
      title: quoted.document.title,
      link: quoted.document.link,
      description: quoted.document.description,
      assetType: quoted.document.assetType,
      passages: contextPassages(hits, first.length),
      resolvedQuery,
    };
  }

  /**
   * For a pasted error message answered by the page titled with it, the page's opening, which
   * says what the message means: its other sections list the message's wordings and code that
   * throws it, whose words match the pasted message better than the explanation does.
   */
  #messageExplanation(question: string, best: PassageHit): CandidateHit[] | undefined {
    const page = best.document;
    if (pastedMessage(question) === undefined || !isMessage(page.title)) return undefined;
    const opening = page.sections.find((section) => section.text !== '');
    return opening ? [{ ...best, section: opening, searched: false }] : undefined;
  }

  /**
   * The sections of the source page whose sentences may answer: its best passages for the
   * question, then its other sections whose heading or text hold most of the question's words.
   */
  #candidateSections(best: PassageHit, hits: PassageHit[], words: QuestionWord[]): CandidateHit[] {
    // A passage of a long section is read in its whole section: the sentence that answers may be
    // in another of its parts ("When any of them fails, `didAnswer` is `false`…" after the table
    // that opens `## When didAnswer is false`).
    const fromHits: CandidateHit[] = [];
    for (const hit of hits) {
      if (hit.document.id !== best.document.id) continue;
      const whole = best.document.sections.find((section) => isPartOfSection(hit.section, section));
      if (whole && fromHits.some((taken) => taken.section === whole)) continue;
      fromHits.push({ ...hit, section: whole ?? hit.section, searched: true });
      if (fromHits.length === CANDIDATE_SECTIONS) break;
    }
    const taken = (section: DocumentSection) =>
      fromHits.some(({ section: part }) => isPartOfSection(part, section));
    // A word of the page's title tells its sections apart little, as when choosing the sentence
    // (see `TITLE_WORD_WEIGHT`): counted whole, "deploy to Cloudflare Workers" on the Cloudflare
    // Workers page took `## 1. Setup`, `## 2. Hello World` and `## Serve static files`, which say
    // "Cloudflare" and "Workers", rather than `## 4. Deploy`.
    const titleTerms = new Set(this.#analyser.terms(best.document.title));
    const others = best.document.sections
      .filter((section) => !taken(section) && section.text !== '')
      .map((section) => {
        const heading = new Set(headingTerms(section.heading, this.#analyser));
        const terms = sectionTermSet(section, this.#analyser);
        let score = 0;
        for (const word of words)
          score +=
            (titleTerms.has(word.term) ? TITLE_WORD_WEIGHT : 1) *
            word.weight *
            (heading.has(word.term) ? 2 : terms.has(word.term) ? 1 : 0);
        return { section, score };
      })
      .filter((candidate) => candidate.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, CANDIDATE_SECTIONS)
      .map(({ section }) => ({ ...best, section, searched: false }));
    return [...fromHits, ...others];
  }
}

export function createExtractiveAnswerer(options: ExtractiveAnswererOptions): ExtractiveAnswerer {
  return new ExtractiveAnswerer(options);
}
