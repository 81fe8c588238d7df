/**
 * Pasted error messages. A visitor who meets `TypeError: data.map is not a function` pastes it
 * as it is, and a reference site has a page for that message, titled with it, its variable
 * parts written as placeholders (`TypeError: "x" is not a function`) and its other wordings
 * listed in code (`RangeError: Maximum call stack size exceeded` on *InternalError: too much
 * recursion*). Matched word by word, the visitor's own names (`data.map`, `foo`) are the rarest
 * words of the query and its small words (`is`, `not`, `a`) are stop words: the message page
 * loses to any page mentioning `data.map`. Here a message is matched as a template instead,
 * every word in order, a placeholder standing for the visitor's own words at its place.
 */

/** An error's type opening a message: `Error:`, `TypeError:`, `DOMException:`, `Warning:`. */
const MESSAGE_START = /^(?:(?:[A-Z][A-Za-z]*)?(?:Error|Exception)|Warning)\s*:\s*\S/;
/**
 * An error's type opening a message inside a question, after a word of it: "JSON.stringify
 * throws TypeError: BigInt value can't be serialized in JSON", or after an opening quote mark or
 * bracket, as a visitor quotes what the console said ('throw "URIError: malformed URI sequence"').
 * Not `Warning:`, which prose writes before advice as often as a console before a message.
 */
const MESSAGE_START_WITHIN = /(?<=[\s"'`‘“«([])(?:[A-Z][A-Za-z]*)?(?:Error|Exception)\s*:\s*\S/;
/** What a console prints before a message: `Uncaught `, `Uncaught (in promise) `. */
const CONSOLE_PREFIX = /^\s*(?:uncaught\s+(?:\(in promise\)\s+)?)?/i;
/**
 * A quoted value, the variable part of a message: `"x"`, `'length'`, `` `foo` ``. A quote mark
 * inside a word is an apostrophe (`can't convert 'x'`), not a quote.
 */
const QUOTED = /(?<![\p{L}\p{N}])(["'`])[^"'`\n]{0,60}\1(?![\p{L}\p{N}])/gu;
/** An engine's note at the end of a message, without quotes: `(V8-based)`, `(Firefox)`. */
const ENGINE_NOTE = /\([^()"'`]*\)\s*\.?$/;
const WILDCARD = '*';
/** Words a placeholder may stand for: `data.map` is two, `my.deep.name` three. */
const WORDS_PER_PLACEHOLDER = 3;
/** What each word a placeholder stands for counts as left over (see `templateMatch`). */
const PLACEHOLDER_WORD_COST = 0.5;
/**
 * What each word after the whole template counts as left over: the visitor's words on where the
 * message came from ("URIError: malformed URI sequence thrown by decodeURIComponent", "…is not a
 * function when my fetch returns"), not another message's. Not nothing: a longer message that
 * goes on where a shorter template ends matches its own template better.
 */
const TRAILING_WORD_COST = 0.1;
/** The least share of a template that makes a match (see `templateMatch`). */
export const MESSAGE_MATCH_FLOOR = 0.75;
/**
 * Pages whose match is this close to the best one's are all the message's pages (a message and
 * its variant with the same words); a page matching less well is another message.
 */
const MESSAGE_MATCH_MARGIN = 0.05;
/** Wordings kept per page: MDN lists up to about twenty per message, one per engine and case. */
const TEMPLATES_PER_PAGE = 32;
/** Words in a message: longer text is no message a console printed. */
const MAX_MESSAGE_WORDS = 60;

/** The words of a message, lower-cased, each quoted value one placeholder. */
function messageWords(message: string): string[] {
  return message
    .replace(QUOTED, ` ${WILDCARD} `)
    .toLowerCase()
    .split(/[^\p{L}\p{N}_*]+/u)
    .filter((word) => word !== '');
}

/** Whether a text is an error message: it opens with an error's type and a colon. */
export function isMessage(text: string): boolean {
  return MESSAGE_START.test(text);
}

/** The message a query is, without what the console printed before it, or undefined. */
function messageIn(query: string): string | undefined {
  const message = query.replace(CONSOLE_PREFIX, '');
  return isMessage(message) ? message : undefined;
}

/** A pasted message without what the console printed before it (`Uncaught `); any other query as it is. */
export function withoutConsolePrefix(query: string): string {
  return messageIn(query) ?? query;
}

/**
 * The message a query holds, as its words, or undefined when it holds none: the query itself, or
 * from an error's type within it to its end ("JSON.stringify throws TypeError: …").
 */
export function pastedMessage(query: string): string[] | undefined {
  const within = MESSAGE_START_WITHIN.exec(query);
  const message = messageIn(query) ?? (within ? query.slice(within.index) : undefined);
  const words = message === undefined ? [] : messageWords(message);
  return words.length > 0 && words.length <= MAX_MESSAGE_WORDS ? words : undefined;
}

/**
 * How well a message matches a template (0–1): the template's words found in the message in
 * order, over the template's words and the message's words left over. Each placeholder of the
 * template takes up to three words of the message at its own place, each counting half a word
 * left over: a template that says more (`"x" is not a constructor`) matches better than one
 * that leaves most to its placeholders (`"x" is (not) "y"`). Computed as the alignment of the
 * two with the least left over on either side.
 */
export function templateMatch(template: readonly string[], message: readonly string[]): number {
  let literal = 0;
  for (const word of template) if (word !== WILDCARD) literal++;
  if (literal === 0) return 0;
  // Every message word beyond the template's counts at least a tenth of a word left over: past a
  // third of the template's words, no alignment reaches the floor.
  if (TRAILING_WORD_COST * (message.length - literal) > literal / 3) return 0;
  const columns = message.length + 1;
  // cost[i][j]: the least left over on both sides aligning template[0, i) with message[0, j);
  // extra[i][j]: the message's part of it, on that alignment.
  const cost = new Float64Array((template.length + 1) * columns).fill(Infinity);
  const extra = new Float64Array((template.length + 1) * columns);
  cost[0] = 0;
  const relax = (from: number, to: number, templateLeft: number, messageLeft: number) => {
    const candidate = (cost[from] as number) + templateLeft + messageLeft;
    if (candidate < (cost[to] as number)) {
      cost[to] = candidate;
      extra[to] = (extra[from] as number) + messageLeft;
    }
  };
  for (let i = 0; i <= template.length; i++)
    for (let j = 0; j <= message.length; j++) {
      const at = i * columns + j;
      if (cost[at] === Infinity) continue;
      // A message word left over: after the whole template, the visitor's own words about it.
      if (j < message.length) relax(at, at + 1, 0, i === template.length ? TRAILING_WORD_COST : 1);
      if (i === template.length) continue;
      const word = template[i] as string;
      const below = at + columns;
      if (word === WILDCARD) {
        // A placeholder takes none to three of the message's words at its place.
        for (let taken = 0; taken <= WORDS_PER_PLACEHOLDER && j + taken <= message.length; taken++)
          relax(at, below + taken, 0, PLACEHOLDER_WORD_COST * taken);
      } else {
        // A template word left over, or matched by the message's next word.
        relax(at, below, 1, 0);
        if (message[j] === word) relax(at, below + 1, 0, 0);
      }
    }
  const end = template.length * columns + message.length;
  const messageLeft = extra[end] as number;
  const matched = literal - ((cost[end] as number) - messageLeft);
  return matched / (literal + messageLeft);
}

/** A page's message templates: its title, when it is a message, and the wordings its code lists. */
export function messageTemplates(title: string, code: readonly string[]): string[][] {
  if (!isMessage(title)) return [];
  const wordings = code
    .flatMap((block) => block.split('\n'))
    .map((line) => line.trim())
    .filter(isMessage)
    .map((line) => line.replace(ENGINE_NOTE, '').trimEnd());
  const templates = new Map<string, string[]>();
  for (const wording of [title, ...wordings]) {
    const words = messageWords(wording);
    if (words.length <= MAX_MESSAGE_WORDS) templates.set(words.join(' '), words);
  }
  return [...templates.values()].slice(0, TEMPLATES_PER_PAGE);
}

/** The pages titled with an error message, and the wordings of each. */
export class MessagePages {
  readonly #templates: { page: number; words: string[] }[] = [];

  add(page: number, templates: string[][]): void {
    for (const words of templates) this.#templates.push({ page, words });
  }

  /**
   * The pages of the pasted message, each with its best match: those matching at least the
   * floor, and nearly as well as the best page.
   */
  match(message: readonly string[] | undefined): Map<number, number> {
    const matches = new Map<number, number>();
    if (!message || this.#templates.length === 0) return matches;
    let best = 0;
    for (const { page, words } of this.#templates) {
      const match = templateMatch(words, message);
      if (match >= MESSAGE_MATCH_FLOOR && match > (matches.get(page) ?? 0)) {
        matches.set(page, match);
        best = Math.max(best, match);
      }
    }
    for (const [page, match] of matches) if (match < best - MESSAGE_MATCH_MARGIN) matches.delete(page);
    return matches;
  }
}
