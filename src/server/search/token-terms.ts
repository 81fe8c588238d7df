import type { TextAnalyser } from './text-analyser.js';
import type { Vocabulary } from './vocabulary.js';

/** ASCII characters that belong to a token as written: letters, digits, `_`, `.` and `-`. */
const ASCII_TOKEN_CHARACTER = Uint8Array.from({ length: 128 }, (_, code) =>
  /[\p{L}\p{N}_.-]/u.test(String.fromCharCode(code)) ? 1 : 0,
);
/** Other characters belong to a token when they are letters or digits. */
const TOKEN_LETTER = /[\p{L}\p{N}]/u;

/**
 * Indexed text as term ids. The text is read as tokens as written (runs of letters, digits, `_`,
 * `.` and `-`; the analyser takes each from there), and each distinct token is analysed once for
 * the whole site, which is most of the indexing speed: a docs site repeats a small vocabulary.
 * The tokens are found by one pass over the characters rather than by splitting at a pattern,
 * which would make every separator a match and cost twice as much on a large site.
 */
export class TokenTerms {
  readonly #analyser: TextAnalyser;
  readonly #vocabulary: Vocabulary;
  /** Token as written → its term id, or ids when it makes several (`setCookie`). */
  readonly #tokens = new Map<string, number | number[]>();
  /** Whether a character beyond ASCII is a letter or digit, by code point. */
  readonly #letters = new Map<number, boolean>();

  constructor(analyser: TextAnalyser, vocabulary: Vocabulary) {
    this.#analyser = analyser;
    this.#vocabulary = vocabulary;
  }

  /** Appends the term ids of the text, in order, to `out`. */
  ids(text: string, out: number[] = []): number[] {
    let start = -1;
    for (let at = 0; at <= text.length;) {
      let inToken = false;
      // A character beyond the basic plane is two code units (a surrogate pair).
      let width = 1;
      if (at < text.length) {
        const code = text.charCodeAt(at);
        if (code < 128) inToken = ASCII_TOKEN_CHARACTER[code] === 1;
        else {
          const codePoint = text.codePointAt(at) as number;
          inToken = this.#isLetter(codePoint);
          if (codePoint > 0xffff) width = 2;
        }
      }
      if (inToken) {
        if (start < 0) start = at;
      } else if (start >= 0) {
        this.#append(text.slice(start, at), out);
        start = -1;
      }
      at += width;
    }
    return out;
  }

  #append(token: string, out: number[]): void {
    let ids = this.#tokens.get(token);
    if (ids === undefined) {
      const found = this.#analyser.terms(token).map((term) => this.#vocabulary.add(term));
      ids = found.length === 1 ? (found[0] as number) : found;
      this.#tokens.set(token, ids);
    }
    if (typeof ids === 'number') out.push(ids);
    else for (const id of ids) out.push(id);
  }

  #isLetter(codePoint: number): boolean {
    let letter = this.#letters.get(codePoint);
    if (letter === undefined) {
      letter = TOKEN_LETTER.test(String.fromCodePoint(codePoint));
      this.#letters.set(codePoint, letter);
    }
    return letter;
  }
}
