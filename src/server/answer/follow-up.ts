import type { ConversationTurn } from '../store/store.js';
import type { TextAnalyser } from '../search/text-analyser.js';
import { isGenericWord } from '../search/query-analysis.js';
import { tagWords, type TaggedWord } from './language-model.js';
import { PROCEDURAL } from './question-terms.js';

/** Words that point back at something said before. */
const REFERRING_WORDS = new Set([
  'it',
  'its',
  'this',
  'that',
  'these',
  'those',
  'they',
  'them',
  'their',
  'one',
  'there',
  'same',
]);
/** Referring words that point at a property of what was said before ("its default"). */
const POSSESSIVES = new Set(['its', 'their']);
/** What a question asked with images attached calls them: "this screenshot" is the image, not the last answer. */
const ATTACHMENT_NOUNS =
  /^(screenshots?|screen|images?|pictures?|pics?|photos?|shots?|captures?|attachments?|diagrams?)$/i;
/** Openings of a question that continues the previous one ("what about…", "and…", "how about…"). */
const CONTINUING_OPENINGS = [
  /^(and|also|but|so|then|or)\b/i,
  /^(what|how)\s+about\b/i,
  /^(what|how)\s+if\b/i,
  /^(same|ok|okay)\b/i,
];
/** Parts of speech that carry a question's topic. */
const TOPIC_TAGS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM', 'X']);
/** Parts of speech a number counts ("one column", "one more page"). */
const COUNTED_TAGS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
/** Parts of speech that say what a question asks to do or know about its subject. */
const ACTION_TAGS = new Set(['VERB', 'ADJ']);
/** At most this many topic words are carried over from the earlier turn. */
const MAX_CARRIED_WORDS = 4;
/** "is it possible to…", "it is okay to…": an `it` that points at nothing. */
const DUMMY_IT =
  /\b(is it|it is|it's|isn't it)\s+(possible|ok|okay|fine|safe|necessary|recommended|better|best|a good idea)\b/i;

/**
 * Whether a question's words point back at something said before ("how do I change it?"); with
 * images attached, "this screenshot" is the image, not the last answer.
 */
function refersBack(words: ReturnType<typeof tagWords>, withImages: boolean): boolean {
  return words.some(
    (word, at) =>
      ((REFERRING_WORDS.has(word.text.toLowerCase()) &&
        (word.pos === 'PRON' || word.pos === 'DET' || word.text.toLowerCase() === 'its')) ||
        // "such a request": one like the request spoken of.
        (word.text.toLowerCase() === 'such' && /^an?$/i.test(words[at + 1]?.text ?? '')) ||
        oneForAThing(word, at, words)) &&
      !(withImages && ATTACHMENT_NOUNS.test(words[at + 1]?.text ?? '')),
  );
}

/**
 * Whether a "one" stands for a thing spoken of: one that counts nothing, done something to, picked
 * or doing ("how do I change one from JavaScript?", "which one is faster?", "when one is too
 * big?"); "files one at a time" and "one more column" count.
 */
function oneForAThing(word: TaggedWord, at: number, words: TaggedWord[]): boolean {
  return (
    word.pos === 'NUM' &&
    word.text.toLowerCase() === 'one' &&
    !COUNTED_TAGS.has(words[at + 1]?.pos ?? '') &&
    (words[at - 1]?.pos === 'VERB' ||
      /^(?:which|the|this|that)$/i.test(words[at - 1]?.text ?? '') ||
      /^(?:AUX|VERB)$/.test(words[at + 1]?.pos ?? ''))
  );
}

/** Whether a question points back at the earlier subject itself ("does it work?"), not only at its property ("its default"). */
function pointsAtTheThing(words: TaggedWord[]): boolean {
  return words.some(
    (word) =>
      REFERRING_WORDS.has(word.text.toLowerCase()) &&
      !POSSESSIVES.has(word.text.toLowerCase()) &&
      (word.pos === 'PRON' || word.pos === 'DET'),
  );
}

/**
 * Whether a question opens as the continuation of the one before ("and…", "what about…"), or is
 * a phrase without a verb that opens with a preposition ("on Node.js?", "with the RPC client?"):
 * the rest of the question it completes is the one before.
 */
function continuesPrevious(question: string, words: TaggedWord[] = tagWords(question)): boolean {
  if (CONTINUING_OPENINGS.some((opening) => opening.test(question.trim()))) return true;
  return words[0]?.pos === 'ADP' && !words.some((word) => word.pos === 'VERB' || word.pos === 'AUX');
}

/**
 * The nouns a question names with "the" ("the port", "the request body"), when it names nothing
 * else: no proper noun, no code (`app.get`, `c.json()`); else none.
 */
function definiteCommonSubject(question: string, words: ReturnType<typeof tagWords>): string[] {
  if (/[._()`/]\w/.test(question) || words.some((word) => word.pos === 'PROPN')) return [];
  const nouns: string[] = [];
  words.forEach((word, at) => {
    if (word.text.toLowerCase() !== 'the') return;
    let next = at + 1;
    while (words[next]?.pos === 'ADJ') next++;
    for (; words[next]?.pos === 'NOUN'; next++) nouns.push((words[next] as (typeof words)[number]).text);
  });
  return nouns;
}

/**
 * A question whose subject is "the" something and that names nothing ("How do I change the
 * port?" after "How do I run Hono on Node.js?") may ask about that thing of what the conversation
 * is about: this is the question with the previous question's names ("Hono Node"), and the nouns
 * it names with "the" ("port"), for the caller to check that the topic holds them (the Node.js
 * page has a port; "How do I read the request body?" after a question on Cloudflare Workers asks
 * about something else). Undefined when the question points back or continues (see
 * `resolveFollowUp`), names something, or the previous question named nothing.
 */
export function definiteFollowUp(
  question: string,
  history: ConversationTurn[],
): { resolved: string; nouns: string[] } | undefined {
  const previous = topicTurn(history);
  if (!previous) return undefined;
  const words = tagWords(question.replace(DUMMY_IT, '$2'));
  if (refersBack(words, false) || continuesPrevious(question)) return undefined;
  const nouns = definiteCommonSubject(question, words);
  if (nouns.length === 0) return undefined;
  const own = new Set(topicWords(question).map((word) => word.toLowerCase()));
  const names = [...new Set(namesIn(previous.resolvedQuery || previous.query))].filter(
    (name) => !own.has(name.toLowerCase()),
  );
  if (names.length === 0) return undefined;
  return { resolved: `${question.trim()} (${names.slice(0, MAX_CARRIED_WORDS).join(' ')})`, nouns };
}

/**
 * A question that names a subject of its own and points at nothing earlier ("how do I allow only
 * my own domain?" after "How do I enable CORS?", "show me an example with types") may still ask
 * about what the conversation is on: this is the question with the earlier topic's words, the
 * question's own nouns, its verbs and adjectives (what it asks to do or know), and the page the
 * earlier turn answered from, for the caller to check that this page holds every noun, verb and
 * adjective and is what the question finds with the topic (see
 * `ExtractiveAnswerer`). Undefined when `resolveFollowUp` or `definiteFollowUp` resolves the
 * question, when it names no noun, or when no earlier answered turn has a page.
 */
export function implicitFollowUp(
  question: string,
  history: ConversationTurn[],
): { resolved: string; nouns: string[]; asks: string[]; link: string } | undefined {
  const previous = topicTurn(history);
  if (!previous?.link || previous.didAnswer === false) return undefined;
  const words = tagWords(question.replace(DUMMY_IT, '$2'));
  if (refersBack(words, false) || continuesPrevious(question, words)) return undefined;
  const nouns = words
    .filter((word) => (word.pos === 'NOUN' || word.pos === 'PROPN') && /[\p{L}\p{N}]/u.test(word.text))
    .map((word) => word.text);
  if (nouns.length === 0) return undefined;
  const own = new Set(topicWords(question).map((word) => word.toLowerCase()));
  const carried = [...new Set(topicWords(previous.resolvedQuery || previous.query))]
    .filter((word) => !own.has(word.toLowerCase()))
    .slice(0, MAX_CARRIED_WORDS);
  if (carried.length === 0) return undefined;
  // What it asks to do or know ("translate" of "How do I translate the chat into French?"), but
  // not a request to the one answering ("show me an example").
  const asks = actionWordsOf(words)
    .filter((word) => !/^(?:me|us)$/i.test(words[words.indexOf(word) + 1]?.text ?? ''))
    .map((word) => word.text);
  return { resolved: `${question.trim()} (${carried.join(' ')})`, nouns, asks, link: previous.link };
}

/**
 * The turn a follow-up takes its topic from: the last one; past a declined follow-up, the turn
 * whose topic it carried ("How do I configure it?" after "Does it work over QUIC?", declined, after
 * "How do I enable CORS?" is about CORS); none after a declined question that stood on its own
 * ("What is the capital of France?"): the site had nothing on it, so its words are no topic.
 */
function topicTurn(history: ConversationTurn[]): ConversationTurn | undefined {
  for (let at = history.length - 1; at >= 0; at--) {
    const turn = history[at] as ConversationTurn;
    if (turn.didAnswer !== false) return turn;
    if (!turn.resolvedQuery || turn.resolvedQuery === turn.query) return undefined;
  }
  return undefined;
}

/**
 * Openings of a question asking the earlier one again in another case ("what about Bun?", "and
 * the chat?"); not "what if…", which asks what happens.
 */
const ANOTHER_CASE = /^(?:(?:and|also|or)\b|(?:what|how)\s+about\b)/i;

/** A question of its own after a continuing opening: "and what does it return?", "and can it…?". */
const ASKS_OF_ITS_OWN =
  /^\s*(?:what|which|why|when|where|who|whose|is|are|was|were|does|do|did|can|could|will|would|should|has|have)\b/i;

/**
 * Whether a question continues a how-to question before it in another case ("what about
 * server-sent events?" after "How do I stream a response?", "and the chat?" after "How do I
 * change the search box's colour?"): it asks how too, so its answer shows code as the first one's
 * did. Not one that asks something of its own after its opening ("and what does it return?").
 */
export function continuesAHowTo(question: string, history: ConversationTurn[]): boolean {
  const previous = topicTurn(history);
  const asked = question.trim();
  if (!previous || !ANOTHER_CASE.test(asked) || ASKS_OF_ITS_OWN.test(asked.replace(ANOTHER_CASE, '')))
    return false;
  return (
    PROCEDURAL.test(previous.query) ||
    continuesAHowTo(previous.query, history.slice(0, history.lastIndexOf(previous)))
  );
}

/** The names in a question: its proper nouns ("Hono", "Node", "JWT"). */
function namesIn(question: string): string[] {
  return tagWords(question)
    .filter((word) => word.pos === 'PROPN' && /[\p{L}\p{N}]/u.test(word.text))
    .map((word) => word.text);
}

/** What a "what/which X" question asks about: its X ("port" of "What port does the REST API listen on?"). */
function askedAbout(question: string): Set<string> {
  const words = tagWords(question);
  const asked = new Set<string>();
  for (let at = 0; at + 1 < words.length; at++) {
    if (!/^(?:what|which)$/i.test(words[at]!.text)) continue;
    for (let next = at + 1; next < words.length && words[next]!.pos === 'NOUN'; next++)
      asked.add(words[next]!.text.toLowerCase());
  }
  return asked;
}

/**
 * Whether the tagger read a name as a verb where a name stands: between an auxiliary and the verb
 * it goes with ("results" of "How are results ranked?", "React" of "What does React need?", "map"
 * of "What does map() do on an array?"), where "I" of "How do I install?" stands, or as what a
 * question does something with ("fetch" of "How do I send a JSON body using fetch?").
 */
function nameReadAsVerb(word: TaggedWord, at: number, words: TaggedWord[]): boolean {
  if (word.pos !== 'VERB') return false;
  const before = words[at - 1];
  const after = words[at + 1]?.pos;
  if (before?.pos === 'AUX') return after === 'VERB' || after === 'AUX';
  return (
    before?.text.toLowerCase() === 'using' && (after === undefined || after === 'PUNCT' || after === 'ADP')
  );
}

/** A dotted name, as a question writes it: `c.set`, `app.route`, `Array.prototype.map`, `Node.js`. */
const DOTTED_NAME = /(?<![\w$.])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+/g;

/**
 * The names in code with a dot that a question writes: a call (`c.set()`, `Array.prototype.map()`)
 * or a name written as code is (`c.req.param`, `app.route`), not a product's (`Node.js`) nor
 * "e.g.".
 */
function dottedCodeNames(question: string): string[] {
  const names: string[] = [];
  for (const match of question.matchAll(DOTTED_NAME)) {
    const name = match[0];
    const called = question.startsWith('()', match.index + name.length);
    if ((called || /^[a-z_$]/.test(name)) && !/^(?:e\.g|i\.e)$/i.test(name) && !names.includes(name))
      names.push(name);
  }
  return names;
}

/** The parts of a question's dotted names in code, in lower case ("c" and "set" of `c.set()`). */
function codeNameParts(question: string, codeNames = dottedCodeNames(question)): Set<string> {
  return new Set(codeNames.flatMap((name) => name.toLowerCase().split('.')));
}

/**
 * The words of a question that name what it is about, names read as verbs included. A dotted name
 * in code ("What does c.set() do?") is one word, first, rather than the parts the tagger splits it
 * into ("c.", "set"), which find other pages.
 */
export function topicWords(question: string): string[] {
  const codeNames = dottedCodeNames(question);
  const parts = codeNameParts(question, codeNames);
  return [
    ...codeNames,
    ...tagWords(question)
      .filter(
        (word, at, words) =>
          (TOPIC_TAGS.has(word.pos) || nameReadAsVerb(word, at, words)) &&
          !REFERRING_WORDS.has(word.text.toLowerCase()) &&
          !parts.has(word.text.replace(/\.$/, '').toLowerCase()) &&
          /[\p{L}\p{N}]/u.test(word.text),
      )
      .map((word) => word.text),
  ];
}

/**
 * The phrases of a question that set the circumstances of what it asks: the nouns, names and
 * adjectives after a preposition ("on a script tag", "with every request", "for the user's
 * locale", "on Cloudflare Workers"), one list per phrase.
 */
function circumstancePhrases(words: TaggedWord[]): TaggedWord[][] {
  const phrases: TaggedWord[][] = [];
  let phrase: TaggedWord[] | undefined;
  for (const [at, word] of words.entries()) {
    // The particle of a verb ("set up the chat", "turn off the cache", "back up the database")
    // opens no circumstance: what follows it is what is done something to.
    if (
      word.pos === 'ADP' &&
      PARTICLES.has(word.text.toLowerCase()) &&
      /^(?:VERB|ADV)$/.test(words[at - 1]?.pos ?? '')
    ) {
      phrase = undefined;
      continue;
    }
    if (word.pos === 'ADP') {
      // "of" belongs to the noun before it ("the accent colour of the search box"), no circumstance.
      phrase = word.text.toLowerCase() === 'of' ? undefined : [];
      if (phrase) phrases.push(phrase);
    } else if (phrase && TOPIC_TAGS.has(word.pos)) {
      if (!REFERRING_WORDS.has(word.text.toLowerCase()) && /[\p{L}\p{N}]/u.test(word.text)) phrase.push(word);
    } else if (word.pos !== 'DET' && word.pos !== 'PART') phrase = undefined;
  }
  return phrases.filter((found) => found.length > 0);
}

/** Words that after a verb are its particle, not a preposition ("set up", "turn off"). */
const PARTICLES = new Set(['up', 'off', 'out', 'down', 'away', 'back']);

/**
 * The words a turn carried over from the turns before it (its resolved query's addition): the
 * topic the conversation had when it was asked.
 */
function inheritedTopic(turn: ConversationTurn): string {
  const asked = turn.query.trim();
  const resolved = turn.resolvedQuery ?? '';
  if (!resolved.startsWith(`${asked} (`) || !resolved.endsWith(')')) return '';
  return resolved.slice(asked.length + 2, -1);
}

/**
 * The verbs and adjectives of a question: what it asks to do or know about its subject; not the
 * generic ones ("use", "make", "get"), which say nothing of it.
 */
function actionWordsOf(words: TaggedWord[]): TaggedWord[] {
  return words.filter(
    (word) =>
      ACTION_TAGS.has(word.pos) &&
      !isGenericWord(word.text) &&
      !REFERRING_WORDS.has(word.text.toLowerCase()) &&
      /[\p{L}\p{N}]/u.test(word.text),
  );
}

/**
 * Resolves a follow-up question against the conversation so far: a question that points back
 * ("how do I change it?", "what about its default?") or names no subject of its own gets the
 * topic words of the previous question appended, so the search looks for the same subject. One
 * that continues it with a subject of its own ("and the chat?", "what about Deno?") gets the
 * previous question's verbs and adjectives instead: the same asked of another subject.
 * A question that stands on its own is searched as asked, and so is one that points at the
 * images sent with it (`withImages`: "what does this screenshot show?") and one after a declined
 * question that stood on its own (see `topicTurn`).
 */
export function resolveFollowUp(question: string, history: ConversationTurn[], withImages = false): string {
  const previous = topicTurn(history);
  if (!previous) return question;
  const words = tagWords(question.replace(DUMMY_IT, '$2'));
  const refers = refersBack(words, withImages);
  const continues = continuesPrevious(question, words);
  const own = topicWords(question);
  // A question that names its own subject and points at nothing earlier stands on its own.
  if (!refers && !continues && own.length > 0) return question;

  const ownLower = new Set(own.map((word) => word.toLowerCase()));
  const carried: string[] = [];
  const earlier = previous.resolvedQuery || previous.query;
  // "What are its limits?" after "What port does the REST API listen on?" asks about a limit of
  // what was named (the REST API), not of what was asked about it (the port): one that points back
  // with a subject of its own carries the names over, when the earlier question has any. A "one"
  // is one of what was asked about: "which one is the fastest?" after "What routers does Hono
  // come with?" is a router.
  const asked =
    refers &&
    own.length > 0 &&
    namesIn(earlier).length > 0 &&
    !words.some((word, at) => oneForAThing(word, at, words))
      ? askedAbout(earlier)
      : new Set<string>();
  const candidates =
    continues && !refers && own.length > 0
      ? continuationCarries(previous, words)
      : [
          ...topicWords(earlier),
          // What was done to the subject ("reduce" of "What does reduce do on an array?", "cache"
          // of "How do I cache responses?"), after the subject's words, when the question asks
          // of that ("does it work on Deno?") rather than of something else it does ("can I make
          // it run only once?" after "how do I remove that listener?").
          // Not for one asking about a property of it ("what is its default value?").
          ...(actionWordsOf(words).some((word) => word.pos === 'VERB') || !pointsAtTheThing(words)
            ? []
            : earlierVerbs(previous.query)),
        ].filter((word) => !asked.has(word.toLowerCase()));
  for (const word of candidates) {
    const lower = word.toLowerCase();
    if (ownLower.has(lower) || carried.some((kept) => kept.toLowerCase() === lower)) continue;
    carried.push(word);
    if (carried.length === MAX_CARRIED_WORDS) break;
  }
  if (carried.length === 0) return question;
  return `${question.trim()} (${carried.join(' ')})`;
}

/**
 * The verbs of an earlier question, but for the parts of its dotted names in code ("set" of
 * `c.set()`, which is carried whole as a topic word).
 */
function earlierVerbs(question: string): string[] {
  const parts = codeNameParts(question);
  return actionWordsOf(tagWords(question.replace(DUMMY_IT, '$2')))
    .filter((word) => word.pos === 'VERB' && !parts.has(word.text.toLowerCase()))
    .map((word) => word.text);
}

/** A continuation asking what happens in another case: the case is the earlier question's. */
const WHAT_IF = /^\s*(?:and\s+)?(?:what|how)\s+(?:about\s+)?if\b/i;

/** What a continuation opens with ("and", "what about"…), the rest being what it asks. */
const OPENING = /^\s*(?:(?:and|also|but|so|then|or|same|ok|okay)\b|(?:what|how)\s+(?:about|if)\b)[\s,]*/i;

/**
 * What a continuation with a subject of its own ("and the chat?", "and on Deno?") carries over from the turn before:
 * - one that opens with a preposition ("on Node.js?", "and for Bun?") asks the same in other
 *   circumstances: the earlier topic and verbs, less the circumstances it replaces ("Hono" of
 *   "How do I use WebSockets in Hono?");
 * - one with a verb of its own ("and how do I read the headers of the response?") asks what
 *   was done before of its own subject: the earlier verbs and adjectives ("cancel");
 * - else it asks the same of another subject (see `sameAskedOf`).
 * One naming a name ("Deno") replaces the earlier names ("Cloudflare Workers") in each case.
 */
function continuationCarries(previous: ConversationTurn, words: TaggedWord[]): string[] {
  const question = words.map((word) => word.text).join(' ');
  const rest = tagWords(question.replace(OPENING, ''));
  const earlierWords = tagWords(previous.query.replace(DUMMY_IT, '$2'));
  const namesAName = words.some((word) => word.pos === 'PROPN');
  const inherited = inheritedTopic(previous);
  const earlierNames = new Set(
    [...earlierWords, ...tagWords(inherited)]
      .filter((word) => word.pos === 'PROPN')
      .flatMap((word) => [word.text, ...dottedWith(word.text, `${previous.query} ${inherited}`)])
      .map((word) => word.toLowerCase()),
  );
  const notReplacedName = (word: string) => !(namesAName && earlierNames.has(word.toLowerCase()));
  const topic = topicWords(previous.resolvedQuery || previous.query);
  if (rest[0]?.pos === 'ADP') {
    // The circumstances replaced: the earlier question's; when it had none, the names the turn
    // before carried over, when the new ones name one ("on Bun?" after "how do I change the
    // port? (Node.js)"), not those it kept ("WebSockets" of "on Node.js? (WebSockets)").
    const circumstances = circumstancePhrases(earlierWords).flat();
    const replaced = new Set(
      (circumstances.length > 0
        ? circumstances
        : tagWords(inherited).filter((word) => namesAName && earlierNames.has(word.text.toLowerCase()))
      ).map((word) => word.text.toLowerCase()),
    );
    return [...topic, ...actionWordsOf(earlierWords).map((word) => word.text)].filter(
      (word) => !replaced.has(word.toLowerCase()),
    );
  }
  // A question of its own ("and how do I read the headers of the response?") takes what was
  // done and where ("and how do I change the port?" after "How do I run Hono on Node.js?" is
  // Node.js's port), or, asking what if ("what if the same key appears several times?"), the
  // whole of the earlier question; a fragment ("and async?") borrows the rest of the question it
  // completes.
  if (rest.some((word) => word.pos === 'VERB'))
    return [
      ...(WHAT_IF.test(question) ? topic : []),
      ...actionWordsOf(earlierWords).map((word) => word.text),
      ...circumstancePhrases(earlierWords)
        .flat()
        .map((word) => word.text),
    ].filter(notReplacedName);
  return sameAskedOf(previous, earlierWords, words).filter(notReplacedName);
}

/** The other parts of a dotted name a word is part of ("js" of "Node.js"). */
function dottedWith(word: string, text: string): string[] {
  const parts: string[] = [];
  for (const [name] of text.matchAll(/[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)+/gu)) {
    const split = name.split('.');
    if (split.includes(word)) parts.push(...split.filter((part) => part !== word));
  }
  return parts;
}

/**
 * What a continuation asking the same of another subject ("and the chat?", "and async?", "what
 * about Netlify?") carries over: the earlier question's verbs and adjectives (what was done or
 * asked about: "translate" of "How do I translate the search box?"), its circumstances ("script
 * tag" of "What does the defer attribute do on a script tag?"), and the topic the earlier turn
 * itself had carried over ("RPC client" of "how do I send a header with it? (RPC client)"); not
 * its subject, which the new one replaces.
 */
function sameAskedOf(previous: ConversationTurn, earlierWords: TaggedWord[], words: TaggedWord[]): string[] {
  // A phrase sharing a word with the new subject is the one it replaces: "and the ask endpoint?"
  // after "what errors can it answer? (feedback endpoint)" asks about another endpoint.
  const own = new Set(words.map((word) => word.text.toLowerCase()));
  const kept = (phrase: TaggedWord[]) => !phrase.some((word) => own.has(word.text.toLowerCase()));
  const inherited = tagWords(inheritedTopic(previous)).filter((word) => /[\p{L}\p{N}]/u.test(word.text));
  return [
    ...(kept(inherited) ? inherited : []),
    ...actionWordsOf(earlierWords),
    ...circumstancePhrases(earlierWords).filter(kept).flat(),
  ].map((word) => word.text);
}

/**
 * Openings of a question that continues the one before, in the languages besides English that
 * have them here: "et pour Windows ?", "und unter macOS?", "¿y en Windows?", "e su Linux?",
 * "а для группы?". Matched on the question in lower case; a word of its own, not the start of
 * a longer one (`e` is no opening of `email`).
 */
const CONTINUING_OPENINGS_BY_LANGUAGE: Readonly<Record<string, RegExp>> = {
  de: /^(?:und|aber|auch|oder|dann|was ist mit|wie ist es mit)(?![\p{L}\p{N}])/u,
  es: /^¿?\s*(?:y|pero|también|tambien|o|entonces|qué tal|que tal)(?![\p{L}\p{N}])/u,
  fr: /^(?:et|mais|aussi|ou|puis|alors|sinon|même chose|pareil|qu['’]en est-il|quid)(?![\p{L}\p{N}])/u,
  it: /^(?:e|ed|ma|anche|o|oppure|poi|allora)(?![\p{L}\p{N}])/u,
  nl: /^(?:en|maar|ook|of|dan|hoe zit het met)(?![\p{L}\p{N}])/u,
  pt: /^(?:e|mas|também|tambem|ou|então|entao)(?![\p{L}\p{N}])/u,
  ru: /^(?:а|и|но|или|тогда|а как насч[её]т)(?![\p{L}\p{N}])/u,
};

/** "How" and the verb after it, opening a question ("Comment créer", "Wie erstelle"). */
const HOW_AND_VERB: Readonly<Record<string, RegExp>> = {
  de: /^\s*wie\s+\S+/iu,
  es: /^\s*¿?\s*c[óo]mo\s+\S+/iu,
  fr: /^\s*comment\s+\S+/iu,
  it: /^\s*come\s+\S+/iu,
  nl: /^\s*hoe\s+\S+/iu,
  pt: /^\s*como\s+\S+/iu,
  ru: /^\s*как\s+\S+/iu,
};

/**
 * Resolves a follow-up question on a site in another language than English, where the tagger
 * `resolveFollowUp` reads questions with doesn't know the words: a question that opens as the
 * continuation of the one before (see `CONTINUING_OPENINGS_BY_LANGUAGE`: "et avec dpkg ?", "Et
 * pour le supprimer ?") gets the words of the earlier question that it lacks, up to four, its
 * own function words (`analyser`'s stop words) left out: "et avec dpkg ? (installer paquet
 * apt-get)". Any other question, and one in a language without openings here, is searched as
 * asked (the answerer falls back to the question as asked when the resolved one finds no answer).
 */
export function resolveFollowUpIn(
  question: string,
  history: ConversationTurn[],
  analyser: TextAnalyser,
): string {
  const opening = CONTINUING_OPENINGS_BY_LANGUAGE[analyser.language.code];
  const previous = topicTurn(history);
  if (!opening || !previous || !opening.test(question.trim().toLowerCase())) return question;
  const own = new Set(analyser.terms(question));
  const carried: string[] = [];
  // Word by word as written (`apt-get`, `sources.list`, `l'installation`), punctuation at the ends
  // aside; not the verb after "how" of the earlier question ("renommer" of "Comment renommer une
  // étiquette ?"), which the continuation replaces with its own or asks of something else.
  const how = HOW_AND_VERB[analyser.language.code];
  const earlier = previous.resolvedQuery || previous.query;
  for (const token of (how ? earlier.replace(how, '') : earlier).split(/\s+/u)) {
    const word = token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    const terms = analyser.terms(word).filter((term) => !own.has(term));
    if (terms.length === 0) continue;
    for (const term of terms) own.add(term);
    carried.push(word);
    if (carried.length === MAX_CARRIED_WORDS) break;
  }
  return carried.length === 0 ? question : `${question.trim()} (${carried.join(' ')})`;
}
