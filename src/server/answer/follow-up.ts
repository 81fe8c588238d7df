import type { ConversationTurn } from '../store/store.js';
import { tagWords } from './language-model.js';

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
      REFERRING_WORDS.has(word.text.toLowerCase()) &&
      (word.pos === 'PRON' || word.pos === 'DET' || word.text.toLowerCase() === 'its') &&
      !(withImages && ATTACHMENT_NOUNS.test(words[at + 1]?.text ?? '')),
  );
}

/** Whether a question opens as the continuation of the one before ("and…", "what about…"). */
function continuesPrevious(question: string): boolean {
  return CONTINUING_OPENINGS.some((opening) => opening.test(question.trim()));
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

/** The words of a question that name what it is about. */
export function topicWords(question: string): string[] {
  return tagWords(question)
    .filter(
      (word) =>
        TOPIC_TAGS.has(word.pos) &&
        !REFERRING_WORDS.has(word.text.toLowerCase()) &&
        /[\p{L}\p{N}]/u.test(word.text),
    )
    .map((word) => word.text);
}

/** The verbs and adjectives of a question: what it asks to do or know about its subject. */
function actionWords(question: string, exclude: Set<string>): string[] {
  return tagWords(question)
    .filter(
      (word) =>
        ACTION_TAGS.has(word.pos) &&
        !exclude.has(word.text.toLowerCase()) &&
        !REFERRING_WORDS.has(word.text.toLowerCase()) &&
        /[\p{L}\p{N}]/u.test(word.text),
    )
    .map((word) => word.text);
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
  const continues = continuesPrevious(question);
  const own = topicWords(question);
  // A question that names its own subject and points at nothing earlier stands on its own.
  if (!refers && !continues && own.length > 0) return question;

  const ownLower = new Set(own.map((word) => word.toLowerCase()));
  const carried: string[] = [];
  const earlier = previous.resolvedQuery || previous.query;
  // "And the chat?" after "How do I translate the search box?" asks the same of another subject:
  // what was done or asked about (its verbs and adjectives) carries over, its subject doesn't.
  // "What are its limits?" after "What port does the REST API listen on?" asks about a limit of
  // what was named (the REST API), not of what was asked about it (the port): one that points back
  // with a subject of its own carries the names over, when the earlier question has any.
  const asked =
    refers && own.length > 0 && namesIn(earlier).length > 0 ? askedAbout(earlier) : new Set<string>();
  const candidates =
    continues && !refers && own.length > 0
      ? actionWords(earlier, ownLower)
      : topicWords(earlier).filter((word) => !asked.has(word.toLowerCase()));
  for (const word of candidates) {
    const lower = word.toLowerCase();
    if (ownLower.has(lower) || carried.some((kept) => kept.toLowerCase() === lower)) continue;
    carried.push(word);
    if (carried.length === MAX_CARRIED_WORDS) break;
  }
  if (carried.length === 0) return question;
  return `${question.trim()} (${carried.join(' ')})`;
}
