import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * wink-nlp with its English lite model, loaded on first use (a few hundred milliseconds) and
 * shared: sentence boundaries and parts of speech come from it rather than from regexes.
 */
let nlp: WinkMethods | undefined;

function language(): WinkMethods {
  nlp ??= winkNLP(model, ['sbd', 'pos']);
  return nlp;
}

/**
 * Where the sentences of a paragraph stand in it, as [start, end) without the spaces around
 * them: wink-nlp finds the boundaries (token spans), and each sentence is cut from the original
 * text, since wink's own reconstruction respaces tokens (`example.com` would come out as
 * `example. com`).
 */
export function sentenceRanges(text: string): [number, number][] {
  const nlpInstance = language();
  const doc = nlpInstance.readDoc(text);
  const tokens = doc.tokens().out() as string[];
  const starts: number[] = [];
  let cursor = 0;
  for (const token of tokens) {
    const at = text.indexOf(token, cursor);
    starts.push(at < 0 ? cursor : at);
    if (at >= 0) cursor = at + token.length;
  }
  const spans = doc.sentences().out(nlpInstance.its.span) as unknown as [number, number][];
  const ranges: [number, number][] = [];
  for (const [first, last] of spans) {
    const start = starts[first] ?? 0;
    const lastStart = starts[last] ?? start;
    const end = Math.max(lastStart + (tokens[last]?.length ?? 0), start);
    const previous = ranges.at(-1);
    // Docs quote code inline (`origin.endsWith('.example.com')`), where wink sees sentence ends:
    // a boundary with no space after it, or before a lower-case word, is not one.
    if (
      previous &&
      (!/\s/.test(text.slice(previous[1], start)) || /^[a-z(]/.test(text.slice(start, start + 1)))
    )
      previous[1] = end;
    else ranges.push([start, end]);
  }
  return ranges
    .map(([start, end]): [number, number] => {
      const sentence = text.slice(start, end);
      const leading = sentence.length - sentence.trimStart().length;
      return [start + leading, start + leading + sentence.trim().length];
    })
    .filter(([start, end]) => end > start);
}

/** Units written apart from their number ("2 MB", "60 FPS"); against it, any word is one. */
const UNITS = new Set([
  'b',
  'kb',
  'mb',
  'gb',
  'tb',
  'kib',
  'mib',
  'gib',
  'ms',
  'px',
  'em',
  'rem',
  'fps',
  'dpi',
  'hz',
  'khz',
  'mhz',
  'ghz',
]);

export interface TaggedWord {
  text: string;
  /** Universal part-of-speech tag (NOUN, PROPN, PRON, VERB, …). */
  pos: string;
  /** A unit after its number: the `MB` of "128MB" or "2 MB". */
  unit?: boolean;
}

/** The words of a short text with their part of speech (punctuation left out). */
export function tagWords(text: string): TaggedWord[] {
  const nlpInstance = language();
  const its = nlpInstance.its;
  const tokens = nlpInstance.readDoc(text).tokens();
  const words = tokens.out(its.value) as string[];
  const tags = tokens.out(its.pos) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  // A unit after its number ("128MB", "5px", "2 MB") is a noun, not a name: the model tags the
  // `MB` of "128MB" a proper noun.
  const tagged: TaggedWord[] = words
    .map((word, i) => {
      const unit =
        i > 0 &&
        tags[i - 1] === 'NUM' &&
        ((spaces[i] === '' && /^\p{L}+$/u.test(word)) ||
          (spaces[i] === ' ' && UNITS.has(word.toLowerCase())));
      return unit ? { text: word, pos: 'NOUN', unit } : { text: word, pos: tags[i] ?? 'X' };
    })
    .filter((word) => word.pos !== 'PUNCT' && word.pos !== 'SPACE');
  const [first, second] = tagged;
  if (first && second && isInstructionVerb(first, second)) first.pos = 'VERB';
  return tagged;
}

/** Nouns and adjectives that a visitor's instruction starts with are verbs in it. */
const VERB_LIKE = new Set(['NOUN', 'ADJ']);
/** What follows an instruction's verb: its object's determiner or pronoun, or a clause. */
const AFTER_INSTRUCTION = new Set(['DET', 'PRON', 'SCONJ']);
/** Pronouns that open a relative clause after a noun ("cookies that expire …"): no instruction. */
const RELATIVE_PRONOUNS = new Set(['that', 'which', 'whose', 'who', 'whom']);

/**
 * The model tags the verb of an instruction a noun or an adjective when the text starts with it
 * ("show a pointer hand …", "check if an array …", "select the first element …", "open a
 * connection …"): before a determiner, a pronoun or "if"/"whether", it is the verb. A noun
 * before a preposition ("difference between …") or a relative clause ("cookies that …") stays one.
 */
const isInstructionVerb = (first: TaggedWord, second: TaggedWord): boolean => {
  const next = second.text.toLowerCase();
  return (
    VERB_LIKE.has(first.pos) &&
    !RELATIVE_PRONOUNS.has(next) &&
    (AFTER_INSTRUCTION.has(second.pos) || next === 'whether')
  );
};

/** A document of the model, kept for looking words up in its lexicon. */
let lexicon: ReturnType<WinkMethods['readDoc']> | undefined;

/**
 * Whether the model's English lexicon holds the word (in lower case) or its lemma: "padding",
 * "doorstep" and "blogs" are English, "pasword", "receit" and "kubernetes" are not.
 */
export function isEnglishWord(word: string): boolean {
  lexicon ??= language().readDoc('');
  const lowerCase = word.toLowerCase();
  if (!lexicon.isOOV(lowerCase)) return true;
  // The lexicon holds many a word in the singular only ("blog", not "blogs"): the lemma is looked up too.
  const nlpInstance = language();
  const lemma = nlpInstance
    .readDoc(lowerCase)
    .tokens()
    .itemAt(0)
    ?.out(nlpInstance.its.lemma as never) as string | undefined;
  return lemma !== undefined && lemma !== lowerCase && !lexicon.isOOV(lemma);
}

/** Loads the model now, so that the first question doesn't pay for it. */
export function warmUpLanguageModel(): void {
  language().readDoc('Ready.');
}
