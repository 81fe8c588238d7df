import { codePointAt, codeUnitAt } from './code-units.js';
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
   * Open addressing, SLOT_STRIDE numbers a slot side by side (a quarter of a cache line): the
   * hash of its token, the token's length (0 when the slot is empty), where its characters start
   * in `#characters`, and its terms: the one term id of a token of one term (most), NO_TERMS for
   * a token of none (a stop word), else `MANY_TERMS - n` for the token's number n in `#tokens`.
   * A token seen before is read from its slot and its characters alone: one cache miss fewer
   * than through a table of tokens, and one more for its terms (10,000 MDN pages are 7 million
   * tokens).
   */
  #slots = new Int32Array(SLOT_STRIDE << 16);
  #tokenCount = 0;
  /**
   * Per token of several terms, side by side (TOKEN_STRIDE numbers): where its term ids start in
   * `#termIds`, and how many it has.
   */
  #tokens = new Int32Array(TOKEN_STRIDE << 10);
  #manyTermTokenCount = 0;
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
        const code = codeUnitAt(text, at);
        if (code < 128) {
          if (ASCII_TOKEN_CHARACTER[code] !== 1) break;
          hash = Math.imul(hash ^ code, FNV_PRIME);
          at++;
        } else {
          // A character beyond the basic plane is two code units (a surrogate pair).
          const codePoint = codePointAt(text, at) as number;
          if (!this.#isLetter(codePoint)) break;
          hash = Math.imul(hash ^ code, FNV_PRIME);
          if (codePoint > 0xffff) {
            hash = Math.imul(hash ^ codeUnitAt(text, at + 1), FNV_PRIME);
            at += 2;
          } else at++;
        }
      }
      if (at > start) this.#append(text, start, at, hash, out);
      // Past the separator that ended it: one character, of two code units when a surrogate pair.
      if (at < length) {
        const code = codeUnitAt(text, at);
        at += code >= 0xd800 && code <= 0xdbff && (codePointAt(text, at) as number) > 0xffff ? 2 : 1;
      }
    }
  }

  /** Appends the term ids of the token `text[start, end)`, of that hash, analysing it when first seen. */
  #append(text: string, start: number, end: number, hash: number, out: TermIdList): void {
    const length = end - start;
    const slots = this.#slots;
    const mask = slots.length / SLOT_STRIDE - 1;
    let slot = (hash & mask) * SLOT_STRIDE;
    let terms = 0;
    let found = false;
    for (
      let slotLength = slots[slot + 1] as number;
      slotLength !== 0;
      slotLength = slots[slot + 1] as number
    ) {
      if (slots[slot] === hash && slotLength === length) {
        const characters = this.#characters;
        const from = (slots[slot + 2] as number) - start;
        let same = true;
        for (let i = start; i < end; i++)
          if (characters[from + i] !== codeUnitAt(text, i)) {
            same = false;
            break;
          }
        if (same) {
          terms = slots[slot + 3] as number;
          found = true;
          break;
        }
      }
      slot = (slot + SLOT_STRIDE) & (slots.length - 1);
    }
    if (!found) terms = this.#add(text, start, end, hash, slot);
    if (terms >= 0) {
      if (out.length === out.ids.length) out.reserve(1);
      out.ids[out.length++] = terms;
      return;
    }
    if (terms === NO_TERMS) return;
    const at = (MANY_TERMS - terms) * TOKEN_STRIDE;
    const first = this.#tokens[at] as number;
    const count = this.#tokens[at + 1] as number;
    out.reserve(count);
    const termIds = this.#termIds;
    const ids = out.ids;
    let to = out.length;
    for (let i = first; i < first + count; i++) ids[to++] = termIds[i] as number;
    out.length = to;
  }

  /**
   * Analyses a new token and adds it to the table at `slot` (free, the place of its first
   * number), returning its terms as its slot holds them.
   */
  #add(text: string, start: number, end: number, hash: number, slot: number): number {
    const ids = this.#analyser.terms(text.slice(start, end)).map((term) => this.#vocabulary.add(term));
    let terms: number;
    if (ids.length === 1) terms = ids[0] as number;
    else if (ids.length === 0) terms = NO_TERMS;
    else {
      const token = this.#manyTermTokenCount++;
      if ((token + 1) * TOKEN_STRIDE > this.#tokens.length)
        this.#tokens = grown(this.#tokens, this.#tokens.length * 2);
      while (this.#termIdCount + ids.length > this.#termIds.length)
        this.#termIds = grown(this.#termIds, this.#termIds.length * 2);
      this.#termIds.set(ids, this.#termIdCount);
      this.#tokens[token * TOKEN_STRIDE] = this.#termIdCount;
      this.#tokens[token * TOKEN_STRIDE + 1] = ids.length;
      this.#termIdCount += ids.length;
      terms = MANY_TERMS - token;
    }
    const length = end - start;
    while (this.#characterCount + length > this.#characters.length)
      this.#characters = grown(this.#characters, this.#characters.length * 2);
    for (let i = 0; i < length; i++) this.#characters[this.#characterCount + i] = codeUnitAt(text, start + i);
    const slots = this.#slots;
    slots[slot] = hash;
    slots[slot + 1] = length;
    slots[slot + 2] = this.#characterCount;
    slots[slot + 3] = terms;
    this.#characterCount += length;
    this.#tokenCount++;
    // Kept at most half full, so that a look-up finds its token or an empty slot within a few.
    if (this.#tokenCount * 2 * SLOT_STRIDE > slots.length) this.#rehash();
    return terms;
  }

  #rehash(): void {
    const old = this.#slots;
    const slots = new Int32Array(old.length * 2);
    const mask = slots.length / SLOT_STRIDE - 1;
    for (let at = 0; at < old.length; at += SLOT_STRIDE) {
      if (old[at + 1] === 0) continue;
      let slot = ((old[at] as number) & mask) * SLOT_STRIDE;
      while (slots[slot + 1] !== 0) slot = (slot + SLOT_STRIDE) & (slots.length - 1);
      slots.set(old.subarray(at, at + SLOT_STRIDE), slot);
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

/** Numbers per slot of `TokenTerms`'s hash table, and per token in its table of tokens of several terms. */
const SLOT_STRIDE = 4;
const TOKEN_STRIDE = 2;
/** A slot's terms (see `TokenTerms`): none; and the first token of several terms, the next below. */
const NO_TERMS = -1;
const MANY_TERMS = -2;

/** A copy of a typed array in a larger one. */
