import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * wink-nlp with its English lite model: sentence boundaries and parts of speech come from it
 * rather than from regexes. wink-nlp learns every word it reads that its lexicon lacks, into the
 * model it loaded, and tokenizes by what it has learned: once it has read "the quoted one's:",
 * "the second one's properties" is four tokens, not five, and tagged otherwise. So each text is
 * read as by the model as loaded: what wink-nlp learned from it is forgotten after (see `read`),
 * and a text is tokenized and tagged alike whatever was read before. Questions and the site's
 * passages are read by two readers, and a reader is loaded afresh (a few hundred milliseconds)
 * once its lists have grown by `MAX_LEARNED_WORDS`, so that visitors' words can't grow memory
 * without end.
 */
interface Reader {
  nlp: WinkMethods;
  /** The lexicon of the model this reader loaded, which grows as it learns. */
  lexemes: { list: unknown[]; hash: Record<string, number> };
  /** How many words the lexicon held as loaded. */
  loadedSize: number;
  /** A document of the model, for looking words up in its lexicon. */
  lexicon?: ReturnType<WinkMethods['readDoc']>;
}

/**
 * Words a reader may add to its lists before it is loaded afresh: about 10 MB of them (an answer
 * on MDN adds about 80).
 */
export const MAX_LEARNED_WORDS = 100_000;

type WinkModel = Parameters<typeof winkNLP>[0];

/**
 * The model's loaders, but for the custom-entity meta-model, loaded once: each call of the
 * model's own encodes the text of its machines again, doubling it (10 MB by the 15th load, a
 * RangeError by the 21st). wink-nlp only reads it.
 */
const loaders = model as unknown as { core: () => unknown; metaCER: () => unknown };
let metaCER: unknown;
const sharedModel = { ...(model as object), metaCER: () => (metaCER ??= loaders.metaCER()) };

function loadReader(): Reader {
  // The model's core is read afresh for each instance; it is what learns.
  let core: { features: { lexeme: Reader['lexemes'] } } | undefined;
  const nlp = winkNLP(
    { ...sharedModel, core: () => (core = loaders.core() as typeof core) } as unknown as WinkModel,
    ['sbd', 'pos'],
  );
  const lexemes = (core as NonNullable<typeof core>).features.lexeme;
  return { nlp, lexemes, loadedSize: lexemes.list.length };
}

/** Which reader: of visitors' questions, or of the site's passages. */
type ReaderKind = 'question' | 'passage';

const readers: Partial<Record<ReaderKind, Reader>> = {};

/** The reader of questions or of passages, loaded on first use, and again once it learned too much. */
function reader(of: ReaderKind): Reader {
  const current = readers[of];
  if (current && learnedWords(of) <= MAX_LEARNED_WORDS) return current;
  return reloadReader(of);
}

/** Loads the reader of questions or of passages afresh, as once it has learned too much. */
export function reloadReader(of: ReaderKind): Reader {
  return (readers[of] = loadReader());
}

/**
 * How many words the reader of questions or of passages has added to its lists since it was
 * loaded, those it forgot included: what `MAX_LEARNED_WORDS` bounds.
 */
export function learnedWords(of: ReaderKind): number {
  const current = readers[of];
  return current ? current.lexemes.list.length - current.loadedSize : 0;
}

/**
 * Reads a text with the reader of questions or of passages, then has it forget the words it
 * learned from it: they stay in its lists (wink-nlp finds a word's features by its place there,
 * and the document read refers to them) but are no longer looked up, so the next text is
 * tokenized by the model's own lexicon alone.
 */
function read<T>(
  of: ReaderKind,
  text: string,
  use: (doc: ReturnType<WinkMethods['readDoc']>, nlp: WinkMethods) => T,
): T {
  const current = reader(of);
  const { list, hash } = current.lexemes;
  const before = list.length;
  try {
    return use(current.nlp.readDoc(text), current.nlp);
  } finally {
    for (let at = before; at < list.length; at++) delete hash[list[at] as string];
  }
}

/**
 * Where the sentences of a paragraph stand in it, as [start, end) without the spaces around
 * them: wink-nlp finds the boundaries (token spans), and each sentence is cut from the original
 * text, since wink's own reconstruction respaces tokens (`example.com` would come out as
 * `example. com`).
 */
export function sentenceRanges(text: string): [number, number][] {
  return read('passage', text, (doc, nlpInstance) => rangesOfSentences(text, doc, nlpInstance));
}

function rangesOfSentences(
  text: string,
  doc: ReturnType<WinkMethods['readDoc']>,
  nlpInstance: WinkMethods,
): [number, number][] {
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

/**
 * A colon glued to the word after it (`::part`, `::slotted`, `:host`, `xml:lang`), or between a
 * name and its number (`localhost:3000`): the tokenizer reads `:p`, `:s` and `:3` as emoticons,
 * and what follows as another word, so `::part` was tagged as the word "art" and the port 3000 as
 * "000". Read as a space, it leaves the word or number whole; an emoticon of its own (`:D`, `:p`,
 * `:3`) has no second letter after the colon and no letter before it, and stays one; a time or a
 * ratio (`8:30`, `16:9`) has a digit before it.
 */
const COLON_BEFORE_A_WORD = /:(?=\p{L}{2})|(?<=\p{L}):(?=\d)/gu;

export interface TaggedWord {
  text: string;
  /** Universal part-of-speech tag (NOUN, PROPN, PRON, VERB, …). */
  pos: string;
  /** A unit after its number: the `MB` of "128MB" or "2 MB". */
  unit?: boolean;
}

/**
 * The words of a short text with their part of speech (punctuation left out): a question's, or
 * with `of` 'passage', a passage's of the site.
 */
export function tagWords(text: string, of: ReaderKind = 'question'): TaggedWord[] {
  const [words, tags, spaces] = read(of, text.replace(COLON_BEFORE_A_WORD, ' '), (doc, { its }) => {
    const tokens = doc.tokens();
    return [
      tokens.out(its.value) as string[],
      tokens.out(its.pos) as string[],
      tokens.out(its.precedingSpaces) as string[],
    ];
  });
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
  // A capitalised word right after a preposition is a name, not a verb: the model reads the
  // `React` of "use it with React" and the `Render` of "host it on Render" as verbs.
  for (let i = 1; i < tagged.length; i++) {
    const word = tagged[i] as TaggedWord;
    if (word.pos === 'VERB' && tagged[i - 1]?.pos === 'ADP' && CAPITALISED.test(word.text))
      word.pos = 'PROPN';
  }
  return tagged;
}

/** A word that starts with a capital and goes on in small letters (`React`, not `IT` or `iOS`). */
const CAPITALISED = /^\p{Lu}\p{Ll}/u;

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

/**
 * Whether the model's English lexicon holds the word (in lower case) or its lemma: "padding",
 * "doorstep" and "blogs" are English, "pasword", "receit" and "kubernetes" are not.
 */
export function isEnglishWord(word: string): boolean {
  const questions = reader('question');
  questions.lexicon ??= questions.nlp.readDoc('');
  const { lexicon } = questions;
  const lowerCase = word.toLowerCase();
  if (lowerCase === '' || !lexicon.isOOV(lowerCase)) return lowerCase !== '';
  // The lexicon holds many a word in the singular only ("blog", not "blogs"): the lemma is looked up too.
  const lemma = read(
    'question',
    lowerCase,
    (doc, nlpInstance) =>
      doc
        .tokens()
        .itemAt(0)
        ?.out(nlpInstance.its.lemma as never) as string | undefined,
  );
  return lemma !== undefined && lemma !== lowerCase && !lexicon.isOOV(lemma);
}

/** Loads the model now, so that the first question doesn't pay for it. */
export function warmUpLanguageModel(): void {
  read('question', 'Ready.', () => undefined);
  read('passage', 'Ready.', () => undefined);
}
