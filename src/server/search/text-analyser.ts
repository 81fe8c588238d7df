import { components } from '@orama/orama';
import { isEnglishWord } from '../answer/language-model.js';
import { ENGLISH, type Language, writtenInLatin } from './languages.js';
import { americanSpelling } from './spellings.js';
import { SYNONYMS, type SynonymTable } from './synonyms.js';

/**
 * Turns text into the terms the index holds and queries are matched on: lower-cased words,
 * diacritics folded, stop words dropped, stemmed with Orama's English (Porter) stemmer, or in
 * the site's language (see languages.ts): its stop words besides English's, and its stemmer
 * (English's for English words on a site in another script). Words of Chinese, Japanese and Thai, written
 * without spaces, are found by segmentation. Index and queries go through one analyser of the
 * site's language, so they agree on every term. It carries the site's synonyms too (the built-in
 * list unless its config file changes it), for search and the answerer to read the same.
 */
export class TextAnalyser {
  readonly #stem: (word: string) => string;
  readonly #language: Language;
  readonly #stopWords: Set<string>;
  readonly #synonyms: SynonymTable;
  /** Word → term ('' for a stop word). A docs site's vocabulary is small; stemming each word once is most of the speed. */
  readonly #termCache = new Map<string, string>();
  /** The characters of the words `#termCache` holds, and of their terms. */
  #cachedCharacters = 0;
  /** Term → the synonyms of the site's group words of that term, with the term's own; built on first use. */
  #siteSynonymsByTerm: Map<string, readonly string[]> | undefined;

  constructor(language: Language = ENGLISH, synonyms: SynonymTable = SYNONYMS) {
    this.#language = language;
    this.#synonyms = synonyms;
    // A stop word typed without its accents (`ou` for `où`, `como` for `cómo`) is one too.
    this.#stopWords = new Set([
      ...ENGLISH.stopWords,
      ...language.stopWords,
      ...language.stopWords.map(foldDiacritics),
    ]);
    const tokenizer = components.tokenizer.createTokenizer({
      language: 'english',
      stemming: true,
      stopWords: false,
    });
    const stemmer = (tokenizer as unknown as { stemmer?: (word: string) => string }).stemmer;
    if (!stemmer) throw new Error("Orama's English stemmer is not available");
    this.#stem = stemmer;
  }

  /** The language it reads text in. */
  get language(): Language {
    return this.#language;
  }

  /** Word → the words that may stand for it (see synonyms.ts): the site's, or the built-in list. */
  get synonyms(): SynonymTable {
    return this.#synonyms;
  }

  /**
   * The words that may stand for a word: those listed for it as written, else for its term
   * (`logins` has those of `login`). A site's groups are written as words ("authenticate"), so
   * any form of one of their words has its synonyms too ("authenticating"), with those the term
   * has of its own. Without `term`, by the word as written alone.
   */
  synonymsOf(word: string, term?: string): readonly string[] | undefined {
    const asWritten = this.#synonyms.get(word);
    if (asWritten !== undefined || term === undefined) return asWritten;
    return this.#siteSynonymsOfTerms().get(term) ?? this.#synonyms.get(term);
  }

  /**
   * Whether a word is one of the site's own group words, which its owner says visitors type, or
   * a form of one (the stemmer took an ending off: "authenticating" of "authenticate", not the
   * stem "authent" being typed).
   */
  isSiteWord(word: string, term: string): boolean {
    const siteWords = this.#synonyms.siteWords;
    if (siteWords === undefined) return false;
    return siteWords.has(word) || (term !== word && this.#siteSynonymsOfTerms().has(term));
  }

  #siteSynonymsOfTerms(): Map<string, readonly string[]> {
    if (this.#siteSynonymsByTerm) return this.#siteSynonymsByTerm;
    const byTerm = new Map<string, Set<string>>();
    for (const siteWord of this.#synonyms.siteWords ?? []) {
      const term = this.term(siteWord);
      if (term === '') continue;
      const known = byTerm.get(term) ?? new Set(this.#synonyms.get(term));
      for (const synonym of this.#synonyms.get(siteWord) ?? []) known.add(synonym);
      byTerm.set(term, known);
    }
    this.#siteSynonymsByTerm = new Map([...byTerm].map(([term, synonyms]) => [term, [...synonyms]]));
    return this.#siteSynonymsByTerm;
  }

  /**
   * This analyser, or one reading `language` with `synonyms` when either is another (an index's,
   * once loaded); undefined keeps this one's.
   */
  in(language: Language | undefined, synonyms: SynonymTable = this.#synonyms): TextAnalyser {
    const reading = language ?? this.#language;
    return reading === this.#language && synonyms === this.#synonyms
      ? this
      : new TextAnalyser(reading, synonyms);
  }

  /**
   * The words of a text, lower-cased, in order (stop words included): letters, digits and `_`,
   * so that `c.req.param()` gives `c`, `req`, `param` and `Content-Type` gives `content`, `type`.
   * A camelCase or snake_case identifier gives itself and its parts (`setCookie` → `setcookie`,
   * `set`, `cookie`; `LLM_BASE_URL` → `llm_base_url`, `llm`, `base`, `url`), so that both the
   * identifier and the words it is made of find it. A name with its major version after a slash
   * gives its parts and the two written together (`HTTP/2` → `http`, `2`, `http2`), as docs write
   * it either way (Node's `http2` module, MDN's HTTP/2).
   */
  words(input: string): string[] {
    const text = withVersionsJoined(input);
    const words: string[] = [];
    // Most text holds no Chinese, Japanese or Thai: one test for the whole, not one a word.
    const segmented = SEGMENTED_SCRIPT.test(text);
    if (!text.includes('-') && !text.includes('.')) {
      this.#plainWords(text, words, segmented);
      return words;
    }
    for (const chunk of text.split(CHUNK_SEPARATOR)) {
      this.#plainWords(chunk, words, segmented);
      // `z-index`, `set-cookie`, `Promise.all`, `Math.floor`: the name whole, after its parts.
      const compound = chunk.replace(EDGE_JOINERS, '');
      const parts = compound.split(JOINER);
      if (
        parts.length > 1 &&
        parts.length <= MAX_COMPOUND_PARTS &&
        compound.length <= 40 &&
        parts.every((part) => part !== '')
      )
        words.push(compound.toLowerCase());
    }
    return words;
  }

  #plainWords(text: string, words: string[], segmented: boolean): void {
    for (const raw of text.split(WORD_SEPARATOR)) {
      if (raw === '') continue;
      if (segmented && SEGMENTED_SCRIPT.test(raw)) {
        for (const word of segmentedWords(raw)) words.push(word.toLowerCase());
        continue;
      }
      words.push(raw.toLowerCase());
      // `LLM_BASE_URL`, `max_tokens`: a snake-case identifier gives its parts as well.
      if (SNAKE_JOIN.test(raw))
        for (const part of raw.split('_')) if (part !== '') words.push(part.toLowerCase());
      if (CASE_CHANGE.test(raw)) {
        for (const part of raw
          .replace(CAMEL_BOUNDARY, '$1 $2')
          .replace(ACRONYM_BOUNDARY, '$1 $2')
          .split(' ')) {
          if (part !== '' && part.length < raw.length) words.push(part.toLowerCase());
        }
      }
    }
  }

  /** The term a word stands for ('' for a stop word or a single letter). */
  term(word: string): string {
    let term = this.#termCache.get(word);
    if (term === undefined) {
      term = this.#normalise(word);
      if (
        word.length <= MAX_CACHED_WORD_LENGTH &&
        this.#termCache.size < TERM_CACHE_MAX &&
        this.#cachedCharacters < TERM_CACHE_MAX_CHARACTERS
      ) {
        this.#termCache.set(word, term);
        this.#cachedCharacters += word.length + term.length;
      }
    }
    return term;
  }

  /** How many words, and characters of words and terms, the analyser keeps the terms of. */
  get cached(): { words: number; characters: number } {
    return { words: this.#termCache.size, characters: this.#cachedCharacters };
  }

  /**
   * The term of a word this analyser has met before (in the site's text, or an earlier query),
   * else undefined: a word made up by editing another (see `#oneEditAway` in query-analysis.ts)
   * is only worth its term when someone wrote it. ("severate", a letter from "seperate", is
   * stemmed to `sever`, a term of the site's "several".)
   */
  termIfMet(word: string): string | undefined {
    return this.#termCache.get(word);
  }

  /** The terms of a text, in order, stop words left out. */
  terms(text: string): string[] {
    const terms: string[] = [];
    // Text of ASCII letters and digits alone, no camelCase in it, is one word as `words` reads
    // it: most of the tokens an index analyses (see `TokenTerms`), spared its patterns.
    if (ASCII_WORD.test(text) && !CASE_CHANGE.test(text)) {
      const term = this.term(text.toLowerCase());
      if (term !== '') terms.push(term);
      return terms;
    }
    for (const word of this.words(text)) {
      const term = this.term(word);
      if (term !== '') terms.push(term);
    }
    return terms;
  }

  isStopWord(word: string): boolean {
    return this.#stopWords.has(word.toLowerCase());
  }

  #normalise(word: string): string {
    if (this.#stopWords.has(word)) return '';
    const nonAscii = NON_ASCII.test(word);
    // A word of Chinese or Japanese is its own term: one Han character is a word (色, 值), one
    // kana a particle; folding would drop kana's voicing marks (ド to ト).
    if (nonAscii && SEGMENTED_SCRIPT.test(word)) {
      // In Japanese, a short word in hiragana alone is a particle or an ending (`を`, `した`,
      // `どう`): the subject is written in kanji or katakana. A longer one may be a title's
      // (`はじめに`, `まとめ`); the stop words hold the longer endings and phrasing.
      if (this.#language.code === 'ja' && word.length <= 2 && HIRAGANA_ONLY.test(word)) return '';
      // Half-width kana as full-width (ｶﾅ → カナ); a katakana word of four or more without its
      // closing long-vowel mark, which writers add or leave out (ユーザー and ユーザ, サーバー
      // and サーバ), as Lucene's Japanese katakana stemmer does.
      let kept = word.normalize('NFKC');
      if (kept.length >= 4 && kept.endsWith('ー') && KATAKANA_ONLY.test(kept)) kept = kept.slice(0, -1);
      return kept.length > 1 || HAN.test(kept) ? kept : '';
    }
    const folded = nonAscii ? foldDiacritics(word) : word;
    if (folded.length < 2 && !/\d/.test(folded)) return '';
    // Identifiers, hyphenated names and numbers are matched as written; only words are stemmed.
    if (/\d|_|-|\./.test(folded) || folded.length > 24)
      // `background-colour` is `background-color` (an English site's, in its own words).
      return this.#language.code === 'en' && HYPHENATED_WORDS.test(folded)
        ? folded.split('-').map(americanSpelling).join('-')
        : folded;
    // Stemmed after folding, as a visitor may type the word without its accents (`configuracion`
    // and `configuración` are one word): Snowball's rules that need an accent lose a little.
    // An English word on a site in another script (an API's name in Japanese or Russian docs)
    // is English's to stem: the site's stemmer, if any, leaves Latin letters alone.
    const english =
      this.#language.code === 'en' || (!writtenInLatin(this.#language.code) && ENGLISH_WORD.test(folded));
    if (!english) return this.#language.stem === undefined ? folded : this.#language.stem(folded);
    // "colour" is "color": one word in two spellings, as the site and its visitors write it.
    const stem = this.#stem(americanSpelling(folded));
    return folded.endsWith('oes') && stem === folded.slice(0, -1) ? this.#stemOfOes(folded, stem) : stem;
  }

  /**
   * The stem of an English word in -oes that Porter's stemmer took only the `s` off: it keeps the
   * `e` of a word of one syllable, right for "toes" (`toe`) and "shoes", wrong for "goes", left
   * `goe` where "go" is `go`. The -o word's stem when the English lexicon knows the -o word and not
   * the -oe one ("goes" → `go`), else the stemmer's ("toes", "foes"). Longer words lose the `e`
   * in the stemmer already ("echoes" and "echo" are `echo`, "canoes" and "canoe" `cano`).
   */
  #stemOfOes(word: string, stem: string): string {
    const withoutE = word.slice(0, -2);
    return isEnglishWord(withoutE) && !isEnglishWord(stem) ? this.#stem(withoutE) : stem;
  }

  /**
   * A word being typed as the site's terms are written, for completing it: accents folded
   * (`zurü` on its way to `zurücksetzen`, indexed as `zurucksetz`), kana made full-width.
   */
  completable(word: string): string {
    // "colou" is on its way to `color`, as "colour" is read.
    if (!NON_ASCII.test(word)) return this.#language.code === 'en' ? americanSpelling(word) : word;
    return SEGMENTED_SCRIPT.test(word) ? word.normalize('NFKC') : foldDiacritics(word);
  }
}

/**
 * The negations a text writes before the word they negate, each also as one term of the two ("No
 * results" → `no result`, "is not a function" → `not function`; `written` is the two words as
 * written, the article left out): a heading that says "No results" is about there being none,
 * which "results" alone, on every page that lists some, doesn't say. The negation is a stop word,
 * dropped from the text's terms. No word holds a space, so no word typed is one of these terms.
 */
export function negatedTerms(text: string, analyser: TextAnalyser): { written: string; term: string }[] {
  if (analyser.language.code !== 'en' || !NEGATION_WORD.test(text)) return [];
  const words = text.toLowerCase().split(WORD_SEPARATOR);
  const negated: { written: string; term: string }[] = [];
  for (let i = 0; i < words.length - 1; i++) {
    const negation = words[i] as string;
    if (!NEGATIONS.has(negation)) continue;
    const negatedWord = words[ARTICLES.has(words[i + 1] as string) ? i + 2 : i + 1] ?? '';
    const term = analyser.term(negatedWord);
    if (term !== '') negated.push({ written: `${negation} ${negatedWord}`, term: `${negation} ${term}` });
  }
  return negated;
}

/**
 * Stop words that negate the word after them. Not "without" nor "cannot": MDN's headings write
 * "without changing", "without nesting", "cannot be", and with them the held-out questions
 * lost more than they gained (bench/RESULTS.md, twenty-first session).
 */
const NEGATIONS = new Set(['no', 'not']);
const NEGATION_WORD = /\bno(?:t)?\b/i;
const ARTICLES = new Set(['a', 'an', 'the']);

/**
 * The operators a text writes on their own, as names: `??` in "Nullish coalescing operator (??)",
 * `===` and `?.` in a question about them. The analyser's words have no punctuation, so without
 * these a page named by its operator could not be found by it. A lone one-character operator
 * counts only in parentheses, as a title names it ("Subtraction (-)"): elsewhere `-` or `/` is
 * punctuation ("Hono - Web framework").
 */
export function operatorNames(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(OPERATOR)) {
    let operator = match[1] as string;
    // A sentence's own mark after it: "between == and ===?" asks about `===`, "is it ??." about
    // `??`. Not the last of a run of one character (`...`), nor inside parentheses.
    if (
      operator.length > 2 &&
      /[.?]$/.test(operator) &&
      operator.at(-1) !== operator.at(-2) &&
      !match[0].endsWith(')')
    )
      operator = operator.slice(0, -1);
    if (operator.length > 1 || (match[0].startsWith('(') && match[0].endsWith(')'))) names.add(operator);
  }
  return [...names];
}

/**
 * An operator: one to four operator characters, between spaces, parentheses, quotes or backticks
 * ("what does `??` do") or the text's ends.
 */
const OPERATOR = /(?<=^|[\s`'"‘“])\(?([!%&*+\-./:<=>?^|~]{1,4})\)?(?=$|[\s`'"’”,;:?!.])/g;

/**
 * Text split at anything but letters, digits, `_`, `-` and `.`: a hyphenated or dotted name
 * (`z-index`, `Promise.all`) stays one chunk.
 */
export const CHUNK_SEPARATOR = /[^\p{L}\p{M}\p{N}_.-]+/u;
/** What joins the parts of such a name, and the same at its ends (a sentence's full stop). */
const JOINER = /[.-]/;
const EDGE_JOINERS = /^[.-]+|[.-]+$/g;
/**
 * A protocol's name and its major version (`HTTP/2`, `SPDY/3`, `TLS/1`): an acronym in capitals,
 * or `http`, not a path's segments (`docs/2`, `width/2`), nor a fuller version (`HTTP/1.1`); the
 * full stop of a sentence may follow ("…called HTTP/2.").
 */
const VERSIONED_NAME =
  /(?<![\p{L}\p{N}_/.-])(\p{Lu}{2,5}|[Hh][Tt][Tt][Pp])\/(\d{1,2})(?![\p{L}\p{N}_/]|\.\p{N})/gu;
const LETTER_SLASH_DIGIT = /\p{L}\/\d/u;
/** Whether the text may hold a versioned name: most hold no slash between a letter and a digit. */
const mayHoldVersions = (text: string): boolean => text.includes('/') && LETTER_SLASH_DIGIT.test(text);

/** The text with each name and major version also written together: `HTTP/2 http2`. */
export function withVersionsJoined(text: string): string {
  return mayHoldVersions(text) ? text.replace(VERSIONED_NAME, '$& $1$2') : text;
}

/** The names and major versions of a text written together, lower-cased: `http2` for `HTTP/2`. */
export function versionsJoinedIn(text: string): string[] {
  if (!mayHoldVersions(text)) return [];
  return [...text.matchAll(VERSIONED_NAME)].map((match) => `${match[1]}${match[2]}`.toLowerCase());
}
/**
 * Letters with their accents taken off: `é` → `e`, `ü` → `u`; in Latin, Greek and Cyrillic only,
 * where the marks are accents: in Devanagari or Tamil they are the vowels (`कूटशब्द`), kept in
 * their composed form.
 */
const foldDiacritics = (word: string): string =>
  ACCENTED_SCRIPTS.test(word) ? word.normalize('NFKD').replace(/\p{M}/gu, '') : word.normalize('NFC');
const ACCENTED_SCRIPTS = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{N}_.-]+$/u;

/** Scripts written without spaces between words: Chinese, Japanese, Thai, Lao, Khmer, Burmese. */
const SEGMENTED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const HAN = /\p{Script=Han}/u;
const ENGLISH_WORD = /^[a-z]+$/;
/** Words of letters joined by hyphens (`background-colour`), not a number or an identifier. */
const HYPHENATED_WORDS = /^[a-z]+(?:-[a-z]+)+$/;
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー]+$/u;
const KATAKANA_ONLY = /^[\p{Script=Katakana}ー]+$/u;
/** ICU's dictionaries (Chinese and Japanese share one) find the words whatever the locale. */
const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });
/**
 * Text segmented in slices of this many characters at most: ICU's segmentation of one long run
 * grows faster than its length (46,400 characters took 215 ms), and a run between two marks of
 * punctuation is rarely longer.
 */
const SEGMENT_SLICE = 256;

/**
 * The words of a run of letters of a script written without spaces (`パスワードを忘れた` →
 * `パスワード`, `を`, `忘れ`, `た`); Latin letters in it stay words of their own (`APIキー`).
 */
export function segmentedWords(run: string): string[] {
  const words: string[] = [];
  for (let start = 0; start < run.length;) {
    let end = Math.min(start + SEGMENT_SLICE, run.length);
    // Not between the two halves of a character beyond the basic plane.
    if (end < run.length && /[\ud800-\udbff]/.test(run.charAt(end - 1))) end--;
    for (const { segment, isWordLike } of segmenter.segment(run.slice(start, end)))
      if (isWordLike === true) words.push(segment);
    start = end;
  }
  return words;
}

/** Whether a text holds letters of a script written without spaces (see `segmentedWords`). */
export function isSegmented(text: string): boolean {
  return SEGMENTED_SCRIPT.test(text);
}

/** The words of a run of letters and digits as typed: itself, or its words when segmented. */
export function typedWords(run: string): string[] {
  return SEGMENTED_SCRIPT.test(run) ? segmentedWords(run) : [run];
}

/** `border-top-left-radius` is a name; a longer hyphenated run is rather a rule or an id. */
const MAX_COMPOUND_PARTS = 4;
/**
 * Anything that is not a letter, a digit or `_` separates words; a combining mark belongs to its
 * letter (Thai and Devanagari vowels, an accent written apart as in `u` + `\u0308`).
 */
export const WORD_SEPARATOR = /[^\p{L}\p{M}\p{N}_]+/u;
const TERM_CACHE_MAX = 500_000;
/**
 * Words longer than this are stemmed each time rather than kept: no name or word of a site is
 * (a word over 24 letters is not even stemmed), while a visitor may type 1,000 letters as one
 * word, each distinct one holding 4 KB until the cache was full (500,000 of them: 2 GB).
 */
const MAX_CACHED_WORD_LENGTH = 64;
/**
 * Characters of words and terms kept at most, whatever their length: the site's words are met
 * first, at indexing (10,000 MDN pages: 90,853 words, 2.2 million characters); what
 * visitors type fills the rest, then is stemmed each time.
 */
const TERM_CACHE_MAX_CHARACTERS = 8_000_000;
const NON_ASCII = /[^\u0020-\u007e]/;
const ASCII_WORD = /^[A-Za-z0-9]+$/;
const SNAKE_JOIN = /[\p{L}\p{N}]_+[\p{L}\p{N}]/u;
const CASE_CHANGE = /[a-z0-9][A-Z]|[A-Z]{2}[a-z]/;
const CAMEL_BOUNDARY = /([a-z0-9])([A-Z])/g;
const ACRONYM_BOUNDARY = /([A-Z])([A-Z][a-z])/g;
