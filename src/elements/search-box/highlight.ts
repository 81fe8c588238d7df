/** A piece of a title or description: plain text, or a match of one of the query's terms. */
export interface TextPiece {
  text: string;
  match: boolean;
}

const REGEX_SPECIALS = /[.*+?^${}()|[\]\\]/g;

/** A letter or digit of a script that writes spaces between words. */
const SPACED_SCRIPT_CHARACTER = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}]/u;

/**
 * Whether a match may start at `at`: not inside a word of a script that writes spaces between
 * words ("box" is no match in "combobox"), unless a capital starts a part of a camelCase name
 * ("Selector" in "querySelector"). In Chinese, Japanese or Thai, where words run together, and
 * in Arabic or Hebrew, where small words join the next, a match may start anywhere.
 */
function startsWord(text: string, at: number): boolean {
  const before = text[at - 1];
  if (before === undefined || !SPACED_SCRIPT_CHARACTER.test(before)) return true;
  // A match starting with punctuation ("++" in "C++") is no part of the word before it.
  if (!SPACED_SCRIPT_CHARACTER.test(text[at] ?? '')) return true;
  return /\p{Ll}/u.test(before) && /\p{Lu}/u.test(text[at] ?? '');
}

/**
 * English words that carry no subject: in a query with other words ("what is the theme"), they
 * are not marked, so that every "the" of a result doesn't light up. A query of these alone
 * ("this") marks them.
 */
const FUNCTION_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it my of on or the this to what when where which why with you your'.split(
    ' ',
  ),
);

/** Letters of Chinese, Japanese and Thai, written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
/** One or two hiragana alone: in Japanese, a particle or an ending (を, した), as the service reads them. */
const HIRAGANA = /^[\p{Script=Hiragana}ー]{1,2}$/u;
const HAN = /^\p{Script=Han}$/u;
let segmenter: Intl.Segmenter | undefined;

/**
 * The words of what was typed without spaces, as the service reads it: `パスワードを忘れた`
 * marks `パスワード` and `忘れ` where a page writes them apart, not only the phrase whole.
 */
function unspacedWords(typed: string): string[] {
  if (!UNSPACED.test(typed) || typeof Intl.Segmenter !== 'function') return [typed];
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  // The run whole first (a word being typed, `パスワ`, which segmentation would cut), then its words.
  const words = [...segmenter.segment(typed)]
    .filter(({ segment, isWordLike }) => isWordLike === true && !HIRAGANA.test(segment))
    .map(({ segment }) => segment);
  return [typed, ...words.filter((word) => word !== typed)];
}

/** Letters whose marks are accents (see `foldDiacritics` in the service's text-analyser.ts). */
const ACCENTED = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
const MARK = /\p{M}/u;
const MARKS = /\p{M}/gu;

/**
 * The text as the service compares it: accents taken off letters of Latin, Greek and Cyrillic
 * (`configuración` → `configuracion`, `учётной` → `учетной`, `İ` → `I`), `ß` as `ss`; and for
 * each character of it, where in `text` the character it came from starts.
 */
function folded(text: string): { text: string; from: number[] } {
  let out = '';
  const from: number[] = [];
  let accented = false;
  for (let at = 0; at < text.length;) {
    const char = String.fromCodePoint(text.codePointAt(at) as number);
    let fold = char;
    if (MARK.test(char)) {
      // A mark written apart goes with its letter: dropped after an accented one.
      if (accented) fold = '';
    } else {
      accented = ACCENTED.test(char);
      if (accented) fold = /[ßẞ]/.test(char) ? 'ss' : char.normalize('NFKD').replace(MARKS, '');
    }
    for (let i = 0; i < fold.length; i++) from.push(at);
    out += fold;
    at += char.length;
  }
  return { text: out, from };
}

/** Whether `a` and `b` are at most one letter apart: one added, dropped, changed, or two swapped. */
function oneEditApart(a: string, b: string): boolean {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const restEqual = (skipA: number, skipB: number) => a.slice(at + skipA) === b.slice(at + skipB);
  return (
    restEqual(1, 1) ||
    restEqual(1, 0) ||
    restEqual(0, 1) ||
    (a[at] === b[at + 1] && a[at + 1] === b[at] && restEqual(2, 2))
  );
}

/**
 * The words, or starts of words, of four letters or more of `text` one letter from `typo` (see `unheldTerms`), as the
 * service corrects a typo (`thme` finds "Theming", `helm` "helpful" by `help`): so a result found
 * by a corrected word shows it marked.
 */
function typoMatches(typo: string, text: string): string[] {
  const found: string[] = [];
  for (const [word] of text.matchAll(/[\p{L}\p{N}]+/gu))
    for (const length of [typo.length + 1, typo.length, typo.length - 1]) {
      const start = word.slice(0, length);
      if (start.length === length && length >= 4 && oneEditApart(typo, start)) {
        found.push(start);
        break;
      }
    }
  return found;
}

/** The terms of the query a result's text is marked for, folded and in lower case (see `highlightPieces`). */
function queryTerms(query: string): string[] {
  const words = query
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .flatMap(unspacedWords)
    // The names punctuation joins (`hono/cors`, `c.req.param`, `LLM_BASE_URL`), which the service
    // finds apart as well as whole.
    .flatMap((word) => [word, ...word.split(/[^\p{L}\p{M}\p{N}]+/u).filter((part) => part && part !== word)]);
  const subject = words.filter((word) => !FUNCTION_WORDS.has(word.toLowerCase()));
  const asked = subject.length > 0 ? subject : words;
  // A Han character is a word of its own (色, 值).
  const terms = asked.length === 1 ? asked : asked.filter((word) => [...word].length > 1 || HAN.test(word));
  return terms.map((term) => folded(term.toLowerCase()).text);
}

/**
 * The query's terms of four letters or more that none of `texts` (the results shown) holds: words
 * the site doesn't use, which the service found corrected by a letter (`thme` for `theme`).
 * `highlightPieces` marks what they were likeliest corrected to; a word some result holds as typed
 * is no typo, and "theme" marks no "these".
 */
export function unheldTerms(query: string, texts: readonly string[]): string[] {
  const shown = texts.map((text) => folded(text).text.toLowerCase());
  return queryTerms(query).filter(
    (term) => [...term].length >= 4 && !shown.some((text) => text.includes(term)),
  );
}

/**
 * Splits `text` into pieces at the places the query's terms occur (case-insensitive, with or
 * without accents, as the service matches them: see `folded`; a name punctuation joins to another,
 * `hono/cors`, whole and apart), so that the element can render
 * matches as `<mark>` around text nodes: nothing from the service is ever parsed as HTML. One-letter terms and English function words are ignored beside other
 * words, so a query like "what is a guide" lights up "guide" only. A match starts a word (see
 * `startsWord`). `typos` (see `unheldTerms`) mark what is one letter from them.
 */
export function highlightPieces(text: string, query: string, typos: readonly string[] = []): TextPiece[] {
  const terms = queryTerms(query);
  if (text === '' || terms.length === 0) return text === '' ? [] : [{ text, match: false }];
  // Matched without accents, as the service matches (`configuracion` finds `configuración`).
  const plain = folded(text);
  const lower = plain.text.toLowerCase();
  const wanted = [...terms, ...typos.flatMap((typo) => typoMatches(typo, lower))];
  // Longest first, so "search-box" wins over "search" where both match.
  const pattern = [...new Set(wanted)]
    .sort((a, b) => b.length - a.length)
    .map((term) => term.replace(REGEX_SPECIALS, '\\$&'))
    .join('|');
  const matcher = new RegExp(pattern, 'giu');
  const pieces: TextPiece[] = [];
  let last = 0;
  for (let found = matcher.exec(plain.text); found !== null; found = matcher.exec(plain.text)) {
    const start = plain.from[found.index] as number;
    if (!startsWord(text, start)) {
      // A match inside a word: look again from the next character.
      matcher.lastIndex = found.index + 1;
      continue;
    }
    // The match ends after the whole of its last character, accents written apart included.
    let after = found.index + found[0].length;
    while (after < plain.from.length && plain.from[after] === plain.from[after - 1]) after++;
    const end = plain.from[after] ?? text.length;
    matcher.lastIndex = after;
    if (start > last) pieces.push({ text: text.slice(last, start), match: false });
    // Terms that meet (`rateLimit` for "rate limit") make one mark: two, each padded, read as two words.
    const previous = pieces.at(-1);
    if (start === last && previous?.match) previous.text += text.slice(start, end);
    else pieces.push({ text: text.slice(start, end), match: true });
    last = end;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), match: false });
  return pieces;
}

/**
 * How far into a description its first match may start and still be in its two lines on a phone,
 * in the room a Latin letter takes (see `widthOf`).
 */
const SHOWN_BEFORE_CUT = 60;
/** How much of the text before the match is kept once the description is cut, in the same room. */
const KEPT_BEFORE_MATCH = 30;

/** Characters a font draws about as wide as two Latin letters: Chinese, Japanese, Korean, emoji. */
const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Extended_Pictographic}\u3000-\u303f\uff01-\uff60]/u;
/** A mark or a joiner, which goes with the character before it and takes no room of its own. */
const MARK_OR_JOINER = /[\p{M}\u200d]/u;

/** How much room a character takes, in Latin letters: a mark none, a wide one two. */
const widthOf = (char: string): number => (MARK_OR_JOINER.test(char) ? 0 : WIDE.test(char) ? 2 : 1);

/**
 * A description's pieces, cut before its first match when that match starts too far in for the
 * two lines a result shows (`min-relevance, persist, …` rather than a page's list of features
 * clamped before the word that found it): from a word start about 30 letters' room before the
 * match, after "…"; where that stretch has no space but the one before the match (Chinese,
 * Japanese), from its first character. A Chinese character takes the room of two letters, and
 * none is cut in half.
 */
export function fromFirstMatch(pieces: TextPiece[]): TextPiece[] {
  const [lead] = pieces;
  // Pieces alternate: a lead that is no match, with more after it, comes before a match.
  if (!lead || lead.match || pieces.length < 2) return pieces;
  const chars = [...lead.text];
  let width = 0;
  for (const char of chars) width += widthOf(char);
  if (width <= SHOWN_BEFORE_CUT) return pieces;
  let kept = chars.length;
  // Back to a character that takes room: its marks, which take none, come after it.
  for (width = 0; kept > 0 && width < KEPT_BEFORE_MATCH;) width += widthOf(chars[--kept] as string);
  const from = chars.slice(0, kept).join('').length;
  const space = lead.text.indexOf(' ', from);
  const start = space >= 0 && space < lead.text.length - 1 ? space + 1 : from;
  return [{ text: `…${lead.text.slice(start)}`, match: false }, ...pieces.slice(1)];
}
