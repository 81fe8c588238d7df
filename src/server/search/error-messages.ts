/**
 * Pasted error messages. A visitor who meets `TypeError: data.map is not a function` pastes it
 * as it is, and a reference site has a page for that message, titled with it, its variable
 * parts written as placeholders (`TypeError: "x" is not a function`) and its other wordings
 * listed in code (`RangeError: Maximum call stack size exceeded` on *InternalError: too much
 * recursion*). Matched word by word, the visitor's own names (`data.map`, `foo`) are the rarest
 * words of the query and its small words (`is`, `not`, `a`) are stop words: the message page
 * loses to any page mentioning `data.map`. Here a message is matched as a template instead,
 * every word in order, a placeholder standing for the visitor's own words.
 */

/** An error's type opening a message: `TypeError:`, `DOMException:`, `Warning:`. */
const MESSAGE_START = /^(?:[A-Z][A-Za-z]*(?:Error|Exception)|Warning)\s*:\s*\S/;
/** What a console prints before a message: `Uncaught `, `Uncaught (in promise) `. */
const CONSOLE_PREFIX = /^\s*(?:uncaught\s+(?:\(in promise\)\s+)?)?/i;
/** A quoted value, the variable part of a message: `"x"`, `'length'`, `` `foo` ``. */
const QUOTED = /(["'`])[^"'`\n]{0,60}\1/g;
/** An engine's note after a message, without quotes: `(V8-based)`, `(Firefox)`. */
const ENGINE_NOTE = /\s*\([^()"'`]*\)\s*\.?\s*$/;
const WILDCARD = '*';
/** Words a placeholder may stand for: `data.map` is two, `my.deep.name` three. */
const WORDS_PER_PLACEHOLDER = 3;
/** The least share of a template that makes a match (see `templateMatch`). */
export const MESSAGE_MATCH_FLOOR = 0.75;
/** Templates kept per page: its title and the wordings its code lists. */
const TEMPLATES_PER_PAGE = 8;

/** The words of a message, lower-cased, each quoted value one placeholder. */
function messageWords(message: string): string[] {
  return message
    .replace(QUOTED, ` ${WILDCARD} `)
    .toLowerCase()
    .split(/[^\p{L}\p{N}_*]+/u)
    .filter((word) => word !== '');
}

/** The message a query holds, as its words, or undefined when the query is not one. */
export function pastedMessage(query: string): string[] | undefined {
  const message = query.replace(CONSOLE_PREFIX, '');
  return MESSAGE_START.test(message) ? messageWords(message) : undefined;
}

/** A pasted message without what the console printed before it (`Uncaught `); any other query as it is. */
export function withoutConsolePrefix(query: string): string {
  const message = query.replace(CONSOLE_PREFIX, '');
  return MESSAGE_START.test(message) ? message : query;
}

/**
 * How well a message matches a template (0–1): the template's words found in the message in
 * order, over the template's words and the message's words left unmatched, each placeholder of
 * the template excusing up to three of those.
 */
export function templateMatch(template: string[], message: string[]): number {
  const literal = template.filter((word) => word !== WILDCARD);
  if (literal.length === 0) return 0;
  // Longest common subsequence of the template's words and the message's.
  let previous = new Uint8Array(message.length + 1);
  let current = new Uint8Array(message.length + 1);
  for (const word of literal) {
    for (let j = 1; j <= message.length; j++)
      current[j] =
        message[j - 1] === word
          ? (previous[j - 1] as number) + 1
          : Math.max(previous[j] as number, current[j - 1] as number);
    [previous, current] = [current, previous];
  }
  const common = previous[message.length] as number;
  const placeholders = template.length - literal.length;
  const unmatched = Math.max(0, message.length - common - WORDS_PER_PLACEHOLDER * placeholders);
  return common / (literal.length + unmatched);
}

/** A page's message templates: its title, when it is a message, and the wordings its code lists. */
export function messageTemplates(title: string, code: readonly string[]): string[][] {
  if (!MESSAGE_START.test(title)) return [];
  const wordings = code
    .flatMap((block) => block.split('\n'))
    .map((line) => line.trim())
    .filter((line) => MESSAGE_START.test(line))
    .map((line) => line.replace(ENGINE_NOTE, ''));
  return [...new Set([title, ...wordings])].slice(0, TEMPLATES_PER_PAGE).map(messageWords);
}

/** The pages titled with an error message, and the wordings of each. */
export class MessagePages {
  readonly #templates: { page: number; words: string[] }[] = [];

  add(page: number, templates: string[][]): void {
    for (const words of templates) this.#templates.push({ page, words });
  }

  /** Pages whose message matches the pasted one, each with its best match (at least the floor). */
  match(message: readonly string[] | undefined): Map<number, number> {
    const matches = new Map<number, number>();
    if (!message || this.#templates.length === 0) return matches;
    const words = [...message];
    for (const { page, words: template } of this.#templates) {
      const match = templateMatch(template, words);
      if (match >= MESSAGE_MATCH_FLOOR && match > (matches.get(page) ?? 0)) matches.set(page, match);
    }
    return matches;
  }
}
