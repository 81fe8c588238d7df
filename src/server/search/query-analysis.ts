import { pastedMessage, withoutConsolePrefix } from './error-messages.js';
import { LruCache } from './lru-cache.js';
import { tagWords, type TaggedWord } from '../answer/language-model.js';
import { SYNONYM_WEIGHT } from './synonyms.js';
import {
  CHUNK_SEPARATOR,
  negatedTerms,
  operatorNames,
  type TextAnalyser,
  versionsJoinedIn,
  isSegmented,
  typedWords,
  WORD_SEPARATOR,
} from './text-analyser.js';
import type { StandIn } from './search-index.js';
import type { Vocabulary } from './vocabulary.js';

/** One indexed term a query word may stand for, and how much a match on it counts (0–1). */
export interface TermAlternative {
  id: number;
  term: string;
  /** 1 for the word itself; less for a completion of a partial word or a typo correction. */
  weight: number;
  /**
   * A completion found in the names of the pages the query's other words name: rare by
   * construction, so it doesn't make its word the query's rarest (see `PagePostings.gather`).
   */
  inContext?: true;
  /** What stands for a word the site doesn't use: a synonym of it, or a correction of it as a typo. */
  standsInAs?: StandIn['kind'];
}

/** A content word of the query. */
export interface QueryTerm {
  /** The word as typed, lower-cased. */
  word: string;
  /** The indexed terms that count as this word; empty when the index has nothing like it. */
  alternatives: TermAlternative[];
  /** How much this word matters (its IDF): rare words decide relevance, common ones barely. */
  weight: number;
  /**
   * How much the word names what is asked (0–1), beside its rarity: 1 for most words; less for
   * the generic verbs visitors wrap a question in ("make", "get", "use"). Scales its BM25, and is
   * already part of `weight`.
   */
  importance: number;
  /** True when the word was matched as a prefix (the last word while typing). */
  prefix: boolean;
}

export interface AnalysedQuery {
  terms: QueryTerm[];
  /** Sum of the term weights, the denominator of coverage. */
  totalWeight: number;
  /** Four words or more: a question in a visitor's words rather than a name being typed. */
  question: boolean;
  /** The words of a pasted error message (`TypeError: x is not a function`), when it is one. */
  message?: string[];
  /**
   * In a typed search, its stop words, with their share of its words: no terms, but what some
   * pages are named by (`:not()`, `all`, `if()`, *429 Too Many Requests*).
   */
  stopWords?: { words: string[]; share: number };
}

/** Words before a stop word that make it a name in a question ("the let declaration"). */
const ARTICLES: ReadonlySet<string> = new Set(['the', 'a', 'an']);
/** Words that set one name against another ("let vs const"). */
const VERSUS: ReadonlySet<string> = new Set(['vs', 'versus']);

/** Completions kept for a partial last word: the most frequent ones are what visitors mean. */
const MAX_COMPLETIONS = 12;
const MAX_CORRECTIONS = 3;
/**
 * A completion of a word that is also a word itself ("work" → "workers") counts nearly as much:
 * while typing, the visitor may well be on the way to it.
 */
const COMPLETION_WEIGHT_AFTER_EXACT = 0.5;
const COMPLETION_WEIGHT = 0.9;
/**
 * Share of a completion's weight that falls with the letters it adds: a completion far longer
 * than what was typed is less likely what is meant (`fetch` → `fetchlaterresult`).
 */
const COMPLETION_LENGTH_SHARE = 0.3;
const CORRECTION_WEIGHT = 0.8;
/** A typo is corrected only to a term at least this many passages hold. */
const MIN_CORRECTION_FREQUENCY = 2;
/**
 * A word this long or longer the site doesn't know is looked up one edit away (see
 * `#oneEditAway`); a shorter one is a letter from too many others ("gluing" from `GLuint`).
 */
const MIN_EDITED_LETTERS = 7;
/**
 * No word longer than this is corrected, nor more words than `MAX_CORRECTED_WORDS` in one query:
 * the edits of a word grow with the square of its length (a 1,000-letter word took 110 ms of a
 * single-threaded service, one per request within the rate limit), and no name of a site is
 * longer (`getElementsByTagNameNS` has 22 letters).
 */
const MAX_EDITED_LETTERS = 32;
export const MAX_CORRECTED_WORDS = 8;
const EDIT_LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/**
 * Endings the stemmer takes off a word, which a visitor may be typing halfway: the site's terms
 * are stems (`geolocation` is `geoloc`), so "geoloca" starts none of them. Each ending gives what
 * may have been typed of it and what finishes it ("routin" → "routing", "geoloca" →
 * "geolocation", "managem" → "management").
 */
const STEMMED_ENDINGS = [
  'ing',
  'ion',
  'tion',
  'ation',
  'ment',
  'ness',
  'able',
  'ible',
  'ity',
  'ive',
  'ize',
  'ise',
  'ous',
  'ence',
  'ance',
];
const PARTIAL_ENDINGS: readonly (readonly [string, string])[] = STEMMED_ENDINGS.flatMap((ending) =>
  Array.from({ length: ending.length - 1 }, (_, i) => [ending.slice(0, i + 1), ending.slice(i + 1)] as const),
);
/**
 * Verbs and fillers that say what a visitor wants to do rather than what about: they count less
 * in ranking (still fully in coverage, so a passage must hold them to count as covering them).
 */
const GENERIC_WORDS = new Set([
  'make',
  'get',
  'use',
  'using',
  'used',
  'want',
  'need',
  'way',
  'work',
  'works',
  'thing',
  'things',
  'something',
  'know',
  'like',
  'possible',
  'best',
  'good',
  'right',
  'able',
  'happen',
  'happens',
  'mean',
  'means',
  'try',
  'let',
  'put',
  'give',
  'keep',
  'take',
  'go',
  'help',
  'instead',
  'really',
  'correct',
  'properly',
  'example',
  'simple',
  'easy',
  'tell',
  'find',
  'see',
  'look',
]);
export const GENERIC_IMPORTANCE = 0.4;

/** Whether a word is one of the verbs and fillers that say what a visitor wants rather than what about. */
export function isGenericWord(word: string): boolean {
  return GENERIC_WORDS.has(word.toLowerCase());
}
/**
 * A part of a dotted name typed whole (`get` of `app.get`), or of a camel- or snake-case one
 * (`script` of `TypeScript`): the name itself counts most.
 */
const PART_IMPORTANCE = 0.5;
/** A part in more passages than this IDF says (about one in five) is left out. */
const PART_MIN_IDF = 1.5;
/**
 * In a question (four words or more), how much a word names what is asked, by its part of
 * speech: nouns and names say what it is about, verbs what to do with it ("read", "sent"), and
 * visitors pick those freely where the page uses others.
 */
const QUESTION_WEIGHTING = {
  minWords: 4,
  byPartOfSpeech: { NOUN: 1, PROPN: 1, NUM: 1, X: 1, SYM: 0.7, ADJ: 0.7, VERB: 0.5, ADV: 0.4 } as Record<
    string,
    number
  >,
  other: 0.5,
  /**
   * The subject of a clause that only sets the scene, as "client" in "read the JSON body that
   * the client posted" or "a header the client sent": who does something, not what is asked about.
   */
  clauseSubject: 0.5,
} as const;

/** Words that open a subordinate clause ("… that the client posted", "… so the site works offline"). */
const SUBORDINATORS = new Set([
  'that',
  'who',
  'when',
  'whenever',
  'while',
  'where',
  'so',
  'because',
  'if',
  'unless',
  'until',
  'once',
]);
const NOUNS = new Set(['NOUN', 'PROPN']);
const MODIFIERS = new Set(['DET', 'ADJ', 'NUM']);

/**
 * The nouns that are the subject of a subordinate clause: after a subordinator ("that the client
 * posted") or right after another noun phrase (a relative clause without "that": "a header the
 * client sent"), when a verb follows them. Lower-cased.
 */
function subordinateClauseSubjects(tagged: readonly TaggedWord[]): Set<string> {
  const subjects = new Set<string>();
  for (let i = 0; i < tagged.length; i++) {
    const opener = tagged[i] as TaggedWord;
    // Not after the first word: an instruction's verb is often tagged a noun ("show a pointer …").
    const afterNoun = i > 1 && NOUNS.has((tagged[i - 1] as TaggedWord).pos) && opener.pos === 'DET';
    if (!SUBORDINATORS.has(opener.text.toLowerCase()) && !afterNoun) continue;
    let at = opener.pos === 'DET' ? i : i + 1;
    while (at < tagged.length && MODIFIERS.has((tagged[at] as TaggedWord).pos)) at++;
    const nounsFrom = at;
    while (at < tagged.length && NOUNS.has((tagged[at] as TaggedWord).pos)) at++;
    if (at === nounsFrom) continue;
    const nounsTo = at;
    while (at < tagged.length && ['AUX', 'PART', 'ADV'].includes((tagged[at] as TaggedWord).pos)) at++;
    if ((tagged[at] as TaggedWord | undefined)?.pos !== 'VERB') continue;
    for (let noun = nounsFrom; noun < nounsTo; noun++)
      subjects.add((tagged[noun] as TaggedWord).text.toLowerCase());
  }
  return subjects;
}
/** Whether a term of the query already stands for the indexed term `id`. */
const standsFor = (terms: readonly QueryTerm[], id: number): boolean =>
  terms.some((term) => term.alternatives.some((alternative) => alternative.id === id));

/**
 * What a completion counts: 0.9, or 0.5 when what was typed is a word of the site itself, less
 * the more letters it adds (down to 70% of that).
 */
function completionWeight(typed: string, completion: string, typedIsAWord: boolean): number {
  const typedShare = typed.length / Math.max(typed.length, completion.length);
  return (
    (typedIsAWord ? COMPLETION_WEIGHT_AFTER_EXACT : COMPLETION_WEIGHT) *
    (1 - COMPLETION_LENGTH_SHARE + COMPLETION_LENGTH_SHARE * typedShare)
  );
}

/** A word being typed this short weighs as its likeliest completion (see `#analyseWord`). */
const SHORT_PREFIX_LETTERS = 3;

/** Completions taken from the names of the pages the query's other words name. */
const CONTEXT_COMPLETIONS = 6;

/** Even a term found in every passage says something about the query. */
const MIN_TERM_WEIGHT = 0.2;

/**
 * Analyses queries into weighted terms against the index's vocabulary: stems each word, expands
 * the last word as a prefix, and corrects words the index doesn't know to the nearest known ones.
 * Results are cached, since as-you-type search repeats the same queries.
 */
export class QueryAnalyser {
  readonly #cache = new LruCache<string, AnalysedQuery>(2000);
  /**
   * Each word's analysis (`#queryTerm`), kept across queries: distinct queries share most of their
   * words, and a word unknown to the site costs a scan for corrections. Copied out, never handed
   * out itself, since a query adjusts its terms.
   */
  readonly #terms = new LruCache<string, QueryTerm>(20_000);
  /** Words the query being analysed may still correct as typos. */
  #correctionsLeft = MAX_CORRECTED_WORDS;
  /** The word just analysed went uncorrected for want of corrections left. */
  #correctionSkipped = false;

  /**
   * @param pageNames Ids of the terms that are the whole last segment of a page's link
   *   (`/array/includes`, `/helpers/proxy`).
   * @param namedWith The completions of a word being typed found in the names of the pages named
   *   by a term: `split` for `sp` beside `string`, from *String.prototype.split()*, most frequent first.
   * @param keywordContext The names of pages titled by stop words alone (`let`, `for...of`), each
   *   with the terms of those pages' descriptions ("The for statement creates a loop…").
   */
  constructor(
    private readonly analyser: TextAnalyser,
    private readonly vocabulary: Vocabulary,
    private readonly pageNames: ReadonlySet<number> = new Set(),
    private readonly namedWith?: (termId: number, typed: string, limit: number) => number[],
    private readonly keywordContext: ReadonlyMap<number, ReadonlySet<number>> = new Map(),
  ) {}

  analyse(query: string, prefixLastWord: boolean): AnalysedQuery {
    const key = `${prefixLastWord ? 'p' : 'x'}${query}`;
    let analysed = this.#cache.get(key);
    if (!analysed) {
      analysed = this.#analyse(query, prefixLastWord);
      this.#cache.set(key, analysed);
    }
    return analysed;
  }

  /**
   * The term search reads a whole word as when the site doesn't use the word: its first synonym
   * the site uses, else the likeliest correction of it as a typo. Undefined for a word the site
   * uses, and for one search has nothing for.
   */
  standInFor(word: string): StandIn | undefined {
    const lowerCase = word.toLowerCase();
    const term = this.analyser.term(lowerCase);
    if (term === '' || this.vocabulary.id(term) !== undefined) return undefined;
    this.#correctionsLeft = 1;
    const first = this.#queryTerm(lowerCase, term, false).alternatives[0];
    return first?.standsInAs === undefined ? undefined : { term: first.term, kind: first.standsInAs };
  }

  clear(): void {
    this.#cache.clear();
  }

  #analyse(text: string, prefixLastWord: boolean): AnalysedQuery {
    this.#correctionsLeft = MAX_CORRECTED_WORDS;
    // A pasted error message is searched without what the console printed before it: `Uncaught
    // (in promise)` would find pages about promises.
    const query = withoutConsolePrefix(text);
    // A query ending in a space or punctuation has a complete last word, but not one ending in a
    // hyphen after a letter: `z-` is on its way to `z-index`.
    const lastIsPartial = prefixLastWord && /[\p{L}\p{M}\p{N}_]-?$/u.test(query);
    // The words to look up, chunk by chunk: a hyphenated name (`z-index`, `set-cookie`) is looked
    // up whole first, since the site indexes it whole; its parts only when the site doesn't know it.
    const chunks = query.split(CHUNK_SEPARATOR).filter((chunk) => /[\p{L}\p{N}_]/u.test(chunk));
    const words: { word: string; prefix: boolean; part?: boolean; identifierPart?: boolean }[] = [];
    chunks.forEach((chunk, chunkIndex) => {
      const partialChunk = lastIsPartial && chunkIndex === chunks.length - 1;
      if (partialChunk && chunk.endsWith('-')) {
        const typed = chunk.toLowerCase();
        if (this.vocabulary.completions(typed, 1).length > 0) {
          words.push({ word: typed, prefix: true });
          return;
        }
      }
      // A word of Japanese or Chinese being typed is cut by segmentation into what it is so far
      // (`パスワ` into `パス` and `ワ`): while the site has words starting with the run, the run
      // is the word being typed.
      if (partialChunk && isSegmented(chunk)) {
        const run = this.analyser.completable(chunk.toLowerCase());
        if (this.vocabulary.completions(run, 1).length > 0) {
          words.push({ word: run, prefix: true });
          return;
        }
      }
      const chunkWords = this.analyser.words(chunk);
      const compound = chunkWords.at(-1);
      if (compound !== undefined && /[.-]/.test(compound)) {
        // Or one of the site's own synonym groups ("knowledge-base"), which stands for its synonyms.
        const known =
          this.vocabulary.id(compound) !== undefined ||
          (partialChunk && this.vocabulary.completions(compound, 1).length > 0) ||
          this.analyser.synonyms.siteWords?.has(compound) === true;
        if (known) {
          words.push({ word: compound, prefix: partialChunk });
          // A dotted name (`document.querySelector`, `c.json`) is also its parts: the reference
          // page is titled by them ("Document: querySelector() method", `## json()`).
          if (compound.includes('.'))
            for (const [index, word] of chunkWords.slice(0, -1).entries())
              words.push({
                word,
                prefix: partialChunk && index === chunkWords.length - 2 && word.length >= 2,
                part: true,
              });
          return;
        }
        chunkWords.pop();
      }
      // The parts the analyser gives of a camel- or snake-case identifier (`htmldialogelement` →
      // `html`, `dialog`, `element`) are no words typed: they don't make a name a question, and
      // count as a dotted name's parts do (`PART_IMPORTANCE`), so that "TypeScript" is not three
      // words of the question, `type` and `script` besides (a page titled "Types" took "how do I
      // store a value in TypeScript").
      const written = chunk.toLowerCase().split(WORD_SEPARATOR);
      const typed = new Set(isSegmented(chunk) ? written.flatMap(typedWords) : written);
      chunkWords.forEach((word, index) =>
        words.push({
          word,
          prefix: partialChunk && index === chunkWords.length - 1 && word.length >= 2,
          ...(typed.has(word) ? {} : { identifierPart: true, part: true }),
        }),
      );
    });
    // `HTTP/2` is also `http2`, as the site's text is read (`withVersionsJoined`): one more term,
    // not one more word typed, which would make a typed search a question.
    for (const word of versionsJoinedIn(query)) words.push({ word, prefix: false, identifierPart: true });
    const terms: QueryTerm[] = [];
    const seen = new Set<string>();
    const partOfSpeech = new Map<string, string>();
    const question = words.filter((word) => !word.identifierPart).length >= QUESTION_WEIGHTING.minWords;
    let clauseSubjects = new Set<string>();
    if (question) {
      const tagged = tagWords(query);
      for (const word of tagged) {
        const lower = word.text.toLowerCase();
        if (!partOfSpeech.has(lower)) partOfSpeech.set(lower, word.pos);
      }
      clauseSubjects = subordinateClauseSubjects(tagged);
    }
    for (const { word, prefix, part } of words) {
      const term = this.analyser.term(word);
      if (term === '' && !(prefix && words.length === 1)) continue;
      const key = term || word;
      if (seen.has(key)) continue;
      seen.add(key);
      // A part that half the site says (`app` and `get` of `app.get` on a framework's docs) says
      // nothing the whole name doesn't say better.
      const partId = part && term !== '' ? this.vocabulary.id(term) : undefined;
      if (partId !== undefined && this.vocabulary.idf(partId) < PART_MIN_IDF) continue;
      const queryTerm = this.#queryTerm(word, term, prefix);
      const pos = partOfSpeech.get(word);
      // A word that is the whole name of a page (`includes` for `Array.prototype.includes()`,
      // `sort`, `redirect`, `proxy`) names what is asked even where the question uses it as a
      // verb ("check if an array includes a value"), unless it is the subject of a clause that
      // sets the scene ("when the caller leaves it out" is not about `Function.prototype.caller`).
      const exact = queryTerm.alternatives[0];
      const namesAPage = exact?.weight === 1 && this.pageNames.has(exact.id);
      if (pos !== undefined && (!namesAPage || clauseSubjects.has(word))) {
        const byPos = clauseSubjects.has(word)
          ? QUESTION_WEIGHTING.clauseSubject
          : (QUESTION_WEIGHTING.byPartOfSpeech[pos] ?? QUESTION_WEIGHTING.other);
        queryTerm.importance = Math.min(queryTerm.importance, byPos);
      }
      if (part) queryTerm.importance = Math.min(queryTerm.importance, PART_IMPORTANCE);
      // Coverage counts what names the question too: a passage holding "cookie" covers more of
      // "read a cookie the browser sent" than one holding "sent".
      queryTerm.weight *= queryTerm.importance;
      terms.push(queryTerm);
    }
    // A stop word being typed after other words stands for the completions in context alone.
    const stopWordTyping = question ? undefined : this.#stopWordTyping(words, terms);
    if (stopWordTyping) terms.push(stopWordTyping);
    if (!question) this.#addCompletionsInContext(terms);
    if (stopWordTyping) {
      if (stopWordTyping.alternatives.length === 0) terms.pop();
      else
        stopWordTyping.weight = Math.max(
          MIN_TERM_WEIGHT,
          this.#weightStandingFor(stopWordTyping.alternatives),
        );
    }
    this.#addCompounds(words, terms, question);
    if (!question) this.#addMemberNames(words, terms);
    this.#addKeywordNames(words, terms, question);
    this.#addNegations(query, terms);
    // An operator the site names a page by (`??`, `===`): the words above have no punctuation.
    for (const operator of operatorNames(query)) {
      const id = this.vocabulary.id(operator);
      if (id !== undefined) terms.push(this.#nameTerm(operator, id, operator, false));
    }
    // A last word still being typed is the start of a word even if it is a stop word so far, when
    // nothing else of the query is a term: "z in" is on its way to "z index" (by its completions;
    // the stop word itself matches nothing).
    const last = words.at(-1);
    if (terms.length === 0 && last?.prefix && last.word.length >= 2) {
      const completing = this.#queryTerm(last.word, '', true);
      if (completing.alternatives.length > 0) terms.push(completing);
    }
    const totalWeight = terms.reduce((sum, term) => sum + term.weight, 0);
    const analysed: AnalysedQuery = { terms, totalWeight, question };
    const message = pastedMessage(query);
    if (message) analysed.message = message;
    // A last word still being typed may be on its way to another ("in" to "input").
    const stopWords = question
      ? []
      : words.filter(
          ({ word, prefix, identifierPart }) => !prefix && !identifierPart && this.analyser.isStopWord(word),
        );
    if (stopWords.length > 0)
      analysed.stopWords = {
        words: [...new Set(stopWords.map(({ word }) => word))],
        share: 1 / words.filter(({ identifierPart }) => !identifierPart).length,
      };
    return analysed;
  }

  /**
   * Two words the site writes as one (`query string` → `querystring`, `data set` → `dataset`,
   * `web socket` → `websocket`) or hyphenated (`z index` → `z-index`): a page using the compound
   * covers both, as fully as their own spelling would. When a word of the pair is not a term
   * (a stop word or a letter: `for each` → `forEach`, `z index`), the compound is a term of its
   * own, since only it can stand for that word; in a search only: in a question two stop words
   * side by side are just that ("in to" is not `into`).
   */
  #addCompounds(
    words: readonly { word: string; prefix: boolean }[],
    terms: QueryTerm[],
    question: boolean,
  ): void {
    for (let i = 0; i + 1 < words.length; i++) {
      const first = (words[i] as { word: string }).word;
      const { word: second, prefix } = words[i + 1] as { word: string; prefix: boolean };
      // An exact compound only, so a last word still being typed may count, once it is more than
      // a letter or two; a letter after a word is no part of it ("promise a" is not `promiseA`).
      if (second.length < (prefix ? 3 : 2)) continue;
      const pair = [first, second].map((word) => terms.find((candidate) => candidate.word === word));
      const bothTerms = pair.every((term) => term !== undefined);
      const noTerm = pair.every((term) => term === undefined);
      // Beside a word that is no term, only the site's spelling of the pair can stand for it, and
      // only as a name: two stop words joined (`for each` → `forEach`), a letter hyphenated
      // (`z index` → `z-index`). A stop word beside a word is just that: "is cors" is no `isCORS`.
      const missing = [first, second][pair.findIndex((term) => term === undefined)];
      const compound =
        bothTerms || noTerm || question
          ? this.analyser.term(first + second)
          : missing?.length === 1
            ? `${first}-${second}`
            : '';
      const id = compound === '' ? undefined : this.vocabulary.id(compound);
      if (id === undefined) continue;
      if (bothTerms || question) {
        for (const term of pair)
          if (term && !term.alternatives.some((alternative) => alternative.id === id))
            term.alternatives.push({ id, term: compound, weight: 1 });
      } else if (!standsFor(terms, id)) terms.push(this.#nameTerm(`${first} ${second}`, id, compound, false));
    }
  }

  /**
   * A stop word being typed after other words (`array so`, `string in`) may be the start of a
   * member's name (`sort`, `includes`): a term standing for the completions the pages named by
   * the other words give (see `#addCompletionsInContext`), and for nothing else, since on its own
   * it is likelier the stop word (`fetch with` is not on its way to `withTimeZone`). It has no
   * alternatives yet.
   */
  #stopWordTyping(
    words: readonly { word: string; prefix: boolean }[],
    terms: QueryTerm[],
  ): QueryTerm | undefined {
    const last = words.at(-1);
    if (!last?.prefix || last.word.length < 2 || terms.length === 0 || this.analyser.term(last.word) !== '')
      return undefined;
    return { word: last.word, alternatives: [], weight: 0, importance: 1, prefix: true };
  }

  /** What a word that is no term itself weighs: the rarest of what stands for it, by its weight. */
  #weightStandingFor(alternatives: readonly TermAlternative[]): number {
    let weight = 0;
    for (const alternative of alternatives)
      weight = Math.max(weight, this.vocabulary.idf(alternative.id) * alternative.weight);
    return weight;
  }

  /**
   * A word being typed after others completes, first of all, to what the pages they name are
   * called: `string sp` is on its way to *String.prototype.split()*, though `speculation` and
   * `span` are more frequent starts of `sp` across the site, which is all the word alone can say.
   * The names of the pages named by the query's rarest complete word give the completions.
   */
  #addCompletionsInContext(terms: QueryTerm[]): void {
    const typing = terms.at(-1);
    if (!typing?.prefix || !this.namedWith || terms.length < 2) return;
    // The complete words, rarest first: the first whose pages' names give completions is the
    // context (a qualifier, "javascript string sp", may be the rarest and name nothing useful).
    const context = terms
      .slice(0, -1)
      .flatMap((term) => (term.alternatives[0]?.weight === 1 ? [term.alternatives[0].id] : []))
      .sort((a, b) => this.vocabulary.idf(b) - this.vocabulary.idf(a));
    let completions: number[] = [];
    for (const id of context) {
      completions = this.namedWith(id, typing.word, CONTEXT_COMPLETIONS);
      if (completions.length > 0) break;
    }
    const hasExact = typing.alternatives[0]?.term === this.analyser.term(typing.word);
    for (const id of completions) {
      if (typing.alternatives.some((alternative) => alternative.id === id)) continue;
      const term = this.vocabulary.term(id);
      typing.alternatives.push({
        id,
        term,
        weight: completionWeight(typing.word, term, hasExact),
        inContext: true,
      });
    }
  }

  /**
   * A stop word or a single letter after the name it is a member of, when the site has that
   * member (`promise all` → `promise.all`, `array from` → `array.from`, `dompoint x` →
   * `dompoint.x`): a term of its own, matched by the member's name only. Searches only; in a
   * question "an array of numbers" is not `Array.of()`.
   */
  #addMemberNames(
    words: readonly { word: string; prefix: boolean; identifierPart?: boolean }[],
    terms: QueryTerm[],
  ): void {
    for (let i = 1; i < words.length; i++) {
      const { word, prefix } = words[i] as { word: string; prefix: boolean };
      // A last word still being typed counts too: a stop word is short, and typed whole.
      if (this.analyser.term(word) !== '') continue;
      // The member of the name as typed (`DOMPoint x` → `dompoint.x`), not of its last part.
      const parent = words.slice(0, i).findLast((candidate) => !candidate.identifierPart);
      if (parent === undefined) continue;
      const member = `${parent.word}.${word}`;
      const id = this.vocabulary.id(member);
      // Typed as `promise.all`, the member is already a term of the query.
      if (id !== undefined && !standsFor(terms, id)) terms.push(this.#nameTerm(word, id, member, prefix));
    }
  }

  /**
   * A stop word that names a page whole (`let`, `this`, `in`), or two that do joined as the site
   * writes them (`for of` → `for...of`): a term of its own, matched by that page's name only,
   * when the query is that name alone or a word beside it is in the page's description ("for
   * loop": "The for statement creates a loop…"; "in operator"). Complete words
   * only (a second stop word joined to the first is typed whole): elsewhere "for" and
   * "in" are English ("design for developers", "data in webgl"), on their way to a longer word
   * ("in" to `input`), or part of a compound (`forEach`). In a question, where those words are
   * mostly English ("how to deal with scope", "animate from one value to another"), only where
   * the visitor writes it as a name: after an article and before a word of its description ("the
   * let declaration", "a for loop"), or set against another name ("between let and var", "let vs
   * const").
   */
  #addKeywordNames(
    words: readonly { word: string; prefix: boolean }[],
    terms: QueryTerm[],
    question: boolean,
  ): void {
    if (this.keywordContext.size === 0) return;
    const isStopWord = (index: number): boolean => {
      const candidate = words[index];
      return candidate !== undefined && this.analyser.term(candidate.word) === '';
    };
    const inCompound = new Set(
      terms.flatMap((term) => (term.word.includes(' ') ? term.word.split(' ') : [])),
    );
    for (let i = 0; i < words.length; i++) {
      const { word, prefix } = words[i] as { word: string; prefix: boolean };
      if (prefix || !isStopWord(i) || inCompound.has(word)) continue;
      const next = words[i + 1];
      const joined = next && isStopWord(i + 1) ? `${word}...${next.word}` : undefined;
      const joinedId = joined === undefined ? undefined : this.vocabulary.id(joined);
      const [name, id, last] =
        joinedId === undefined ? [word, this.vocabulary.id(word), i] : [joined as string, joinedId, i + 1];
      const context = id === undefined ? undefined : this.keywordContext.get(id);
      if (id === undefined || !context) continue;
      const beside = [words[i - 1], words[last + 1]].some((neighbour) => {
        const term = neighbour === undefined ? '' : this.analyser.term(neighbour.word);
        const termId = term === '' ? undefined : this.vocabulary.id(term);
        return termId !== undefined && context.has(termId);
      });
      const alone = words.length === last - i + 1;
      const named = question ? this.#writtenAsName(words, i, last, context) : alone || beside;
      if (named && !standsFor(terms, id)) terms.push(this.#nameTerm(word, id, name, false));
      i = last;
    }
  }

  /**
   * A negation before a word the query asks for ("no results", "not found"), when a heading of
   * the site writes it (see `negatedTerms`): a term of its own, weighing what the word it negates
   * weighs, so that a section headed "No results" answers "why are there no results" before the
   * pages that list results.
   */
  #addNegations(query: string, terms: QueryTerm[]): void {
    for (const { written, term } of negatedTerms(query, this.analyser)) {
      const id = this.vocabulary.id(term);
      const negatedWord = written.slice(written.lastIndexOf(' ') + 1);
      const negated = terms.find((candidate) => candidate.word === negatedWord);
      if (id === undefined || !negated || standsFor(terms, id)) continue;
      terms.push({
        word: written,
        alternatives: [{ id, term, weight: 1 }],
        weight: negated.weight,
        importance: negated.importance,
        prefix: false,
      });
    }
  }

  /**
   * Whether a question writes the stop words from `first` to `last` as a name: after an article
   * and before a word of the named page's description ("the this keyword", "a while loop"), or
   * set against another word ("let vs const", "between let and var", "between var and let").
   * English words: on a site in another language, no question is read so.
   */
  #writtenAsName(
    words: readonly { word: string }[],
    first: number,
    last: number,
    context: ReadonlySet<number>,
  ): boolean {
    const at = (index: number): string => words[index]?.word ?? '';
    const isTerm = (index: number): boolean => at(index) !== '' && this.analyser.term(at(index)) !== '';
    const termId = (index: number): number | undefined =>
      isTerm(index) ? this.vocabulary.id(this.analyser.term(at(index))) : undefined;
    const nextId = termId(last + 1);
    if (ARTICLES.has(at(first - 1)) && nextId !== undefined && context.has(nextId)) return true;
    if (VERSUS.has(at(first - 1)) && at(first - 2) !== '') return true;
    if (VERSUS.has(at(last + 1)) && at(last + 2) !== '') return true;
    if (at(first - 1) === 'between' && at(last + 1) === 'and' && at(last + 2) !== '') return true;
    // "between X and let", where X may be a name of a few words ("between for in and for of").
    return (
      at(first - 1) === 'and' &&
      words.slice(Math.max(0, first - 5), first - 2).some(({ word }) => word === 'between')
    );
  }

  /** A term matched by one name of the site only (a compound, a member), weighted by its rarity. */
  #nameTerm(word: string, id: number, name: string, prefix: boolean): QueryTerm {
    return {
      word,
      alternatives: [{ id, term: name, weight: 1 }],
      weight: this.vocabulary.idf(id),
      importance: 1,
      prefix,
    };
  }

  #queryTerm(word: string, term: string, prefix: boolean): QueryTerm {
    const key = `${prefix ? 'p' : 'x'}${term} ${word}`;
    let known = this.#terms.get(key);
    if (!known) {
      this.#correctionSkipped = false;
      known = this.#analyseWord(word, term, prefix);
      // Left uncorrected only because its query had used up its corrections: not kept as it is.
      if (!this.#correctionSkipped) this.#terms.set(key, known);
    }
    return {
      word: known.word,
      alternatives: known.alternatives.slice(),
      weight: known.weight,
      importance: known.importance,
      prefix: known.prefix,
    };
  }

  /** Whether the query being analysed may correct one more word (see `MAX_CORRECTED_WORDS`). */
  #mayCorrect(): boolean {
    if (this.#correctionsLeft === 0) {
      this.#correctionSkipped = true;
      return false;
    }
    this.#correctionsLeft--;
    return true;
  }

  /**
   * The terms of the site's words one edit away from a word it doesn't know (a letter left out,
   * added, changed, or two swapped), the most frequent first. The site's terms are stems, often
   * far shorter than the words written (`specificity` is `specif`), so "specificty" is nowhere
   * near a term, though one letter from the word: each edit that is a word met in the site's
   * text gives its term.
   */
  #oneEditAway(word: string): TermAlternative[] {
    const found = new Map<number, string>();
    const consider = (edited: string) => {
      const term = this.analyser.termIfMet(edited);
      if (term === undefined || term === '') return;
      const id = this.vocabulary.id(term);
      if (id !== undefined && this.vocabulary.documentFrequency(id) >= MIN_CORRECTION_FREQUENCY)
        found.set(id, term);
    };
    for (let at = 0; at <= word.length; at++) {
      const before = word.slice(0, at);
      const after = word.slice(at);
      if (at < word.length) consider(before + after.slice(1));
      if (at < word.length - 1) consider(before + after[1] + after[0] + after.slice(2));
      for (const letter of EDIT_LETTERS) {
        consider(before + letter + after);
        if (at < word.length && letter !== after[0]) consider(before + letter + after.slice(1));
      }
    }
    return [...found]
      .sort(([a], [b]) => this.vocabulary.documentFrequency(b) - this.vocabulary.documentFrequency(a))
      .slice(0, MAX_CORRECTIONS)
      .map(([id, term]) => ({ id, term, weight: CORRECTION_WEIGHT, standsInAs: 'typo' as const }));
  }

  #analyseWord(word: string, term: string, prefix: boolean): QueryTerm {
    const alternatives: TermAlternative[] = [];
    const exactId = term === '' ? undefined : this.vocabulary.id(term);
    if (exactId !== undefined) alternatives.push({ id: exactId, term, weight: 1 });
    if (prefix) {
      // A one- or two-letter start fits thousands of words; the few most common are enough.
      for (const completion of this.vocabulary.completions(
        this.analyser.completable(word),
        word.length < 3 ? MAX_COMPLETIONS / 2 : MAX_COMPLETIONS,
      )) {
        const id = this.vocabulary.id(completion);
        if (id !== undefined && id !== exactId)
          alternatives.push({
            id,
            term: completion,
            weight: completionWeight(word, completion, exactId !== undefined),
          });
      }
    }
    // A word being typed in the middle of its ending: the site's terms are stems (`routing` is
    // `rout`), so "routin" or "streamin" starts none of them, or only a long identifier
    // (`streamingContext`). Finished, it is the stem it is on its way to, weighed as a completion
    // by the letters the ending adds: "replacea" is on its way to `replaceAll` (a completion of the
    // letters typed) more likely than to "replaceable" (`replac`, the stem of "replace" too).
    if (prefix && exactId === undefined)
      for (const [typed, rest] of PARTIAL_ENDINGS) {
        if (!word.endsWith(typed) || word.length - typed.length < 3) continue;
        const finishedTerm = this.analyser.term(word + rest);
        const finishedId = finishedTerm === '' ? undefined : this.vocabulary.id(finishedTerm);
        if (finishedId !== undefined && !alternatives.some((alternative) => alternative.id === finishedId))
          alternatives.push({
            id: finishedId,
            term: finishedTerm,
            weight: completionWeight(word, word + rest, false),
          });
      }
    // A partial word has no synonyms; a last word the site knows whole ("… after a delay") may be
    // complete, and its synonyms count as for any other word; so may a word of the site's own
    // groups, which its owner says visitors type ("signin" for the site's "login"), or a form of
    // one ("authenticating" of its "authenticate").
    const synonyms = this.analyser.synonymsOf(word, term);
    if (synonyms && (!prefix || exactId !== undefined || this.analyser.isSiteWord(word, term)))
      for (const synonym of synonyms) {
        const synonymTerm = this.analyser.term(synonym);
        const id = synonymTerm === '' ? undefined : this.vocabulary.id(synonymTerm);
        if (id !== undefined && !alternatives.some((alternative) => alternative.id === id))
          alternatives.push({ id, term: synonymTerm, weight: SYNONYM_WEIGHT, standsInAs: 'synonym' });
      }
    // A word the site doesn't know is corrected: to the site's words one edit away from it, else
    // to its terms near the word's own term or the word as typed.
    const corrects = alternatives.length === 0 && word.length <= MAX_EDITED_LETTERS && this.#mayCorrect();
    const edited =
      corrects && word.length >= MIN_EDITED_LETTERS && !/\d/.test(word) ? this.#oneEditAway(word) : [];
    alternatives.push(...edited);
    if (corrects && alternatives.length === 0 && term.length >= 4 && !/\d/.test(term)) {
      const tolerance = term.length >= 8 ? 2 : 1;
      const corrections = new Set([
        ...this.vocabulary.corrections(term, tolerance, MAX_CORRECTIONS),
        ...this.vocabulary.corrections(word, tolerance, MAX_CORRECTIONS),
      ]);
      // A term in fewer passages (a stem of a stray word: `plu` of `plus`) is no likelier meant
      // than the word typed, and its rarity would make it the query's strongest.
      const likely = [...corrections].flatMap((correction) => {
        const id = this.vocabulary.id(correction);
        return id !== undefined && this.vocabulary.documentFrequency(id) >= MIN_CORRECTION_FREQUENCY
          ? [{ id, term: correction, weight: CORRECTION_WEIGHT, standsInAs: 'typo' as const }]
          : [];
      });
      likely.sort(
        (a, b) => this.vocabulary.documentFrequency(b.id) - this.vocabulary.documentFrequency(a.id),
      );
      alternatives.push(...likely.slice(0, MAX_CORRECTIONS));
    }
    // Weight by the best alternative's IDF; a word the index doesn't know at all weighs like the
    // rarest term, since a question about something the site never mentions is not answered by it.
    // The word's own rarity when the site uses it; else that of what stands for it.
    let weight = exactId === undefined ? 0 : this.vocabulary.idf(exactId);
    // A few letters being typed are as rare as what they likeliest become: `st` is on its way to
    // `style` or `start`, not the rare token `st` some page holds, whose rarity would make it the
    // query's strongest word ("local st" is not about pages saying "st").
    if (prefix && exactId !== undefined && word.length <= SHORT_PREFIX_LETTERS) {
      let likeliest = exactId;
      for (const alternative of alternatives)
        if (this.vocabulary.documentFrequency(alternative.id) > this.vocabulary.documentFrequency(likeliest))
          likeliest = alternative.id;
      weight = this.vocabulary.idf(likeliest);
    }
    if (exactId === undefined) weight = this.#weightStandingFor(alternatives);
    weight = alternatives.length === 0 ? this.vocabulary.unknownTermIdf() : Math.max(MIN_TERM_WEIGHT, weight);
    const importance = GENERIC_WORDS.has(word) ? GENERIC_IMPORTANCE : 1;
    return { word, alternatives, weight, importance, prefix };
  }
}
