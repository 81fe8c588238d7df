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
 * The nouns a question names with "the" ("the port", "the default value"), when it names
 * nothing else: no proper noun, no code (`app.get`, `c.json()`); else none.
 */
function definiteCommonSubject(question: string, words: ReturnType<typeof tagWords>): string[] {
  if (/[._()`/]\w/.test(question) || words.some((word) => word.pos === 'PROPN')) return [];
  const nouns: string[] = [];
  words.forEach((word, at) => {
    if (word.text.toLowerCase() !== 'the') return;
    let next = at + 1;
    while (words[next]?.pos === 'ADJ') next++;
    const noun = words[next];
    if (noun?.pos === 'NOUN') nouns.push(noun.text);
  });
  return nouns;
}

/** The names in a question: its proper nouns ("Hono", "Node", "JWT"). */
function namesIn(question: string): string[] {
  return tagWords(question)
    .filter((word) => word.pos === 'PROPN' && /[\p{L}\p{N}]/u.test(word.text))
    .map((word) => word.text);
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
 * A question whose subject is "the" something ("how do I change the port?") and names nothing
 * gets the names of the previous question ("Hono", "Node"): the port of what the conversation is
 * about, unless `namesAPage` says one of its nouns names a page of the site of its own ("how do I
 * set the cookie?" after a question on CORS asks about cookies).
 * A question that stands on its own is searched as asked, and so is one that points at the
 * images sent with it (`withImages`: "what does this screenshot show?").
 */
export function resolveFollowUp(
  question: string,
  history: ConversationTurn[],
  withImages = false,
  namesAPage: (nouns: string[]) => boolean = () => false,
): string {
  const previous = history.at(-1);
  if (!previous) return question;
  const words = tagWords(question.replace(DUMMY_IT, '$2'));
  const refers = words.some(
    (word, at) =>
      REFERRING_WORDS.has(word.text.toLowerCase()) &&
      (word.pos === 'PRON' || word.pos === 'DET' || word.text.toLowerCase() === 'its') &&
      // "What does this screenshot show?", asked with one attached, points at the image.
      !(withImages && ATTACHMENT_NOUNS.test(words[at + 1]?.text ?? '')),
  );
  const continues = CONTINUING_OPENINGS.some((opening) => opening.test(question.trim()));
  const own = topicWords(question);
  const earlier = previous.resolvedQuery || previous.query;
  // "How do I change the port?" after "How do I run Hono on Node.js?": a subject named by "the"
  // and a common noun, and no name, is the one of the thing the conversation is about.
  const subject = !refers && !continues && own.length > 0 ? definiteCommonSubject(question, words) : [];
  if (subject.length > 0) {
    if (namesAPage(subject)) return question;
    const ownLower = new Set(own.map((word) => word.toLowerCase()));
    const names = [...new Set(namesIn(earlier))].filter((name) => !ownLower.has(name.toLowerCase()));
    return names.length === 0
      ? question
      : `${question.trim()} (${names.slice(0, MAX_CARRIED_WORDS).join(' ')})`;
  }
  // A question that names its own subject and points at nothing earlier stands on its own.
  if (!refers && !continues && own.length > 0) return question;

  const ownLower = new Set(own.map((word) => word.toLowerCase()));
  const carried: string[] = [];
  // "And the chat?" after "How do I translate the search box?" asks the same of another subject:
  // what was done or asked about (its verbs and adjectives) carries over, its subject doesn't.
  const candidates =
    continues && !refers && own.length > 0 ? actionWords(earlier, ownLower) : topicWords(earlier);
  for (const word of candidates) {
    const lower = word.toLowerCase();
    if (ownLower.has(lower) || carried.some((kept) => kept.toLowerCase() === lower)) continue;
    carried.push(word);
    if (carried.length === MAX_CARRIED_WORDS) break;
  }
  if (carried.length === 0) return question;
  return `${question.trim()} (${carried.join(' ')})`;
}
