import { grown } from './id-arena.js';
import { type TextAnalyser, withVersionsJoined } from './text-analyser.js';
import type { Vocabulary } from './vocabulary.js';

/** ASCII characters that belong to a token as written: letters, digits, `_`, `.` and `-`. */
const ASCII_TOKEN_CHARACTER = Uint8Array.from({ length: 128 }, (_, code) =>
  /[\p{L}\p{N}_.-]/u.test(String.fromCharCode(code)) ? 1 : 0,
);
/** Other characters belong to a token when they are letters, combining marks or digits. */
const TOKEN_LETTER = /[\p{L}\p{M}\p{N}]/u;

/**
 * Indexed text as term ids. The text is read as tokens as written (runs of letters, digits, `_`,
 * `.` and `-`; the analyser takes each from there), and each distinct token is analysed once for
 * the whole site, which is most of the indexing speed: a docs site repeats a small vocabulary.
 * The tokens are found by one pass over the characters rather than by splitting at a pattern,
 * which would make every separator a match and cost twice as much on a large site; and a token
 * seen before is looked up where it stands in the text, by its characters, in a hash table of
 * typed arrays, rather than cut out as a string of its own to look up in a Map (making and
 * hashing millions of short strings was a third of indexing time at 10,000 pages).
 */
export class TokenTerms {
  readonly #analyser: TextAnalyser;
  readonly #vocabulary: Vocabulary;
  /**
   * Open addressing, two numbers a slot side by side (one cache line for a look-up): the hash of
   * its token, and the token's number plus 1 (0 when the slot is empty).
   */
  #slots = new Int32Array(2 << 16);
  #tokenCount = 0;
  /**
   * Per token, side by side (TOKEN_STRIDE numbers): where its characters start in `#characters`,
   * its length, where its term ids start in `#termIds`, and how many it has.
   */
  #tokens = new Int32Array(TOKEN_STRIDE << 14);
  #characters = new Uint16Array(1 << 18);
  #characterCount = 0;
  #termIds = new Uint32Array(1 << 14);
  #termIdCount = 0;
  /** Whether a character beyond ASCII is a letter or digit, by code point. */
  readonly #letters = new Map<number, boolean>();
  /** Where `ids` gathers a text's ids before handing them over. */
  readonly #scratch = new TermIdList();

  constructor(analyser: TextAnalyser, vocabulary: Vocabulary) {
    this.#analyser = analyser;
    this.#vocabulary = vocabulary;
  }

  /**
   * Appends the term ids of the text, in order, to `out`; a name and its major version as the
   * analyser reads them (`HTTP/2` also as `http2`, see `withVersionsJoined`).
   */
  ids(input: string, out: number[] = []): number[] {
    const scratch = this.#scratch;
    scratch.length = 0;
    this.append(input, scratch);
    const { ids, length } = scratch;
    for (let i = 0; i < length; i++) out.push(ids[i] as number);
    return out;
  }

  /** `ids`, into a list of term ids in a typed array: a page's text, millions of ids on a large site. */
  append(input: string, out: TermIdList): void {
    const text = withVersionsJoined(input);
    const length = text.length;
    let at = 0;
    while (at < length) {
      // A token (none where a separator stands), its hash (FNV-1a over its code units) made as it
      // is read; then the separator after it.
      const start = at;
      let hash = FNV_OFFSET;
      while (at < length) {
        const code = text.charCodeAt(at);
        if (code < 128) {
          if (ASCII_TOKEN_CHARACTER[code] !== 1) break;
          hash = Math.imul(hash ^ code, FNV_PRIME);
          at++;
        } else {
          // A character beyond the basic plane is two code units (a surrogate pair).
          const codePoint = text.codePointAt(at) as number;
          if (!this.#isLetter(codePoint)) break;
          hash = Math.imul(hash ^ code, FNV_PRIME);
          if (codePoint > 0xffff) {
            hash = Math.imul(hash ^ text.charCodeAt(at + 1), FNV_PRIME);
            at += 2;
          } else at++;
        }
      }
      if (at > start) this.#append(text, start, at, hash, out);
      // Past the separator that ended it: one character, of two code units when a surrogate pair.
      if (at < length) {
        const code = text.charCodeAt(at);
        at += code >= 0xd800 && code <= 0xdbff && (text.codePointAt(at) as number) > 0xffff ? 2 : 1;
      }
    }
  }

  /** Appends the term ids of the token `text[start, end)`, of that hash, analysing it when first seen. */
  #append(text: string, start: number, end: number, hash: number, out: TermIdList): void {
    const length = end - start;
    const slots = this.#slots;
    let tokens = this.#tokens;
    const mask = (slots.length >> 1) - 1;
    let slot = hash & mask;
    let token = -1;
    for (let entry = slots[2 * slot + 1] as number; entry !== 0; entry = slots[2 * slot + 1] as number) {
      if (slots[2 * slot] === hash && tokens[(entry - 1) * TOKEN_STRIDE + 1] === length) {
        const characters = this.#characters;
        const from = (tokens[(entry - 1) * TOKEN_STRIDE] as number) - start;
        let same = true;
        for (let i = start; i < end; i++)
          if (characters[from + i] !== text.charCodeAt(i)) {
            same = false;
            break;
          }
        if (same) {
          token = entry - 1;
          break;
        }
      }
      slot = (slot + 1) & mask;
    }
    if (token < 0) {
      token = this.#add(text, start, end, hash, slot);
      // Its arrays may have grown.
      tokens = this.#tokens;
    }
    const first = tokens[token * TOKEN_STRIDE + 2] as number;
    const count = tokens[token * TOKEN_STRIDE + 3] as number;
    out.reserve(count);
    const termIds = this.#termIds;
    const ids = out.ids;
    let at = out.length;
    for (let i = first; i < first + count; i++) ids[at++] = termIds[i] as number;
    out.length = at;
  }

  /** Analyses a new token and adds it to the table at `slot` (free), returning its number. */
  #add(text: string, start: number, end: number, hash: number, slot: number): number {
    const terms = this.#analyser.terms(text.slice(start, end)).map((term) => this.#vocabulary.add(term));
    const token = this.#tokenCount++;
    if ((token + 1) * TOKEN_STRIDE > this.#tokens.length)
      this.#tokens = grown(this.#tokens, this.#tokens.length * 2);
    const length = end - start;
    while (this.#characterCount + length > this.#characters.length)
      this.#characters = grown(this.#characters, this.#characters.length * 2);
    for (let i = 0; i < length; i++) this.#characters[this.#characterCount + i] = text.charCodeAt(start + i);
    while (this.#termIdCount + terms.length > this.#termIds.length)
      this.#termIds = grown(this.#termIds, this.#termIds.length * 2);
    this.#termIds.set(terms, this.#termIdCount);
    const at = token * TOKEN_STRIDE;
    this.#tokens[at] = this.#characterCount;
    this.#tokens[at + 1] = length;
    this.#tokens[at + 2] = this.#termIdCount;
    this.#tokens[at + 3] = terms.length;
    this.#characterCount += length;
    this.#termIdCount += terms.length;
    this.#slots[2 * slot] = hash;
    this.#slots[2 * slot + 1] = token + 1;
    // Kept at most half full, so that a look-up finds its token or an empty slot within a few.
    if (this.#tokenCount * 4 > this.#slots.length) this.#rehash();
    return token;
  }

  #rehash(): void {
    const old = this.#slots;
    const slots = new Int32Array(old.length * 2);
    const mask = (slots.length >> 1) - 1;
    for (let at = 0; at < old.length; at += 2) {
      if (old[at + 1] === 0) continue;
      let slot = (old[at] as number) & mask;
      while (slots[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      slots[2 * slot] = old[at] as number;
      slots[2 * slot + 1] = old[at + 1] as number;
    }
    this.#slots = slots;
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

/**
 * A list of term ids that grows in a typed array: a JavaScript array of millions of numbers grows
 * by copies and is copied again into a typed array to be kept.
 */
export class TermIdList {
  ids = new Uint32Array(1024);
  length = 0;

  /** Makes room for `count` more ids. */
  reserve(count: number): void {
    if (this.length + count > this.ids.length)
      this.ids = grown(this.ids, Math.max(this.ids.length * 2, this.length + count));
  }
}

/** FNV-1a's 32-bit offset basis and prime. */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Numbers per token in `TokenTerms`'s table of tokens. */
const TOKEN_STRIDE = 4;

/** A copy of a typed array in a larger one. */
