/**
 * Messages that ask nothing of the documentation: a greeting, thanks, a goodbye, an "ok" or a
 * thumbs-up, and "who are you?". Each gets a short reply in the site's language, never a quote
 * from the pages (whose string tables hold `thanks` and `hello`), and no model call; the record
 * says so in `context.smallTalk`, so that a chat shows the reply as it is and the analytics don't
 * count it among the questions the documentation could not answer.
 *
 * A message is small talk only when the whole of it is: "hi, how do I install it?" is a question.
 */
import type { AnswerFormat } from '../../wire/index.js';
import type { SearchIndex } from '../search/search-index.js';
import { type AnswerInput, type DraftAnswer, sourcelessAnswer } from './answerer.js';

export type SmallTalkKind = 'greeting' | 'thanks' | 'goodbye' | 'acknowledgement' | 'identity';

/** The phrases of each kind, in the languages the service has replies for, folded (see `fold`). */
const PHRASES: Record<Exclude<SmallTalkKind, 'identity'>, readonly string[]> = {
  greeting: [
    'hi',
    'hello',
    'hey',
    'hiya',
    'howdy',
    'greetings',
    'good morning',
    'good afternoon',
    'good evening',
    'hallo',
    'guten morgen',
    'guten tag',
    'guten abend',
    'servus',
    'moin',
    'hola',
    'buenos días',
    'buenos dias',
    'buenas tardes',
    'buenas noches',
    'buenas',
    'bonjour',
    'bonsoir',
    'salut',
    'coucou',
    'ciao',
    'salve',
    'buongiorno',
    'buonasera',
    'hoi',
    'goedemorgen',
    'goedemiddag',
    'goedenavond',
    'olá',
    'ola',
    'oi',
    'bom dia',
    'boa tarde',
    'boa noite',
    'привет',
    'здравствуйте',
    'добрый день',
    'добрый вечер',
    'こんにちは',
    'こんばんは',
    'おはようございます',
    'おはよう',
    '你好',
    '您好',
    '嗨',
    '👋',
  ],
  thanks: [
    'thanks',
    'thank you',
    'thx',
    'ty',
    'tysm',
    'many thanks',
    'cheers',
    'danke',
    'danke schön',
    'danke schon',
    'dankeschön',
    'danke sehr',
    'vielen dank',
    'gracias',
    'muchas gracias',
    'merci',
    'merci beaucoup',
    'grazie',
    'grazie mille',
    'bedankt',
    'dank je',
    'dank je wel',
    'dank u',
    'dank u wel',
    'obrigado',
    'obrigada',
    'muito obrigado',
    'muito obrigada',
    'спасибо',
    'спасибо большое',
    'большое спасибо',
    'ありがとう',
    'ありがとうございます',
    'ありがとうございました',
    '谢谢',
    '谢谢你',
    '多谢',
    '感谢',
    '🙏',
  ],
  goodbye: [
    'bye',
    'bye bye',
    'goodbye',
    'see you',
    'see ya',
    'cya',
    'good night',
    'tschüss',
    'tschüs',
    'auf wiedersehen',
    'adiós',
    'adios',
    'hasta luego',
    'au revoir',
    'à bientôt',
    'arrivederci',
    'tot ziens',
    'doei',
    'tchau',
    'até logo',
    'adeus',
    'пока',
    'до свидания',
    'さようなら',
    'じゃあね',
    '再见',
    '拜拜',
  ],
  acknowledgement: [
    'ok',
    'okay',
    'okey',
    'kk',
    'k',
    'great',
    'cool',
    'nice',
    'perfect',
    'awesome',
    'excellent',
    'got it',
    'understood',
    'i see',
    'alright',
    'all right',
    'sounds good',
    'super',
    'prima',
    'alles klar',
    'verstanden',
    'genial',
    'vale',
    'perfecto',
    'entendido',
    "d'accord",
    'parfait',
    'génial',
    'compris',
    'ottimo',
    'perfetto',
    'va bene',
    'capito',
    'oké',
    'duidelijk',
    'perfeito',
    'ótimo',
    'otimo',
    'entendi',
    'хорошо',
    'понятно',
    'отлично',
    'ок',
    'わかりました',
    '了解',
    'なるほど',
    '好的',
    '明白了',
    '知道了',
    '👍',
    '👌',
    '🙂',
    '😊',
    '❤',
  ],
};

/**
 * Words that may stand after or between the phrases without asking anything: "hi there", "thanks
 * a lot", "thank you so much for your help".
 */
const FILLERS: readonly string[] = [
  'there',
  'all',
  'everyone',
  'team',
  'bot',
  'again',
  'so much',
  'a lot',
  'very much',
  'for the help',
  'for your help',
  'for that',
  'for this',
  'and',
  'then',
  'very',
  'so',
];

/**
 * Asking what the chat is: "who are you?", "are you a bot?". Folded, whole, after any greeting.
 */
const IDENTITY: readonly string[] = [
  'who are you',
  'what are you',
  'what can you do',
  'what do you do',
  'are you a bot',
  'are you a robot',
  'are you an ai',
  'are you ai',
  'are you human',
  'are you a human',
  'are you a person',
  'are you a real person',
  'are you real',
  'is this a bot',
  'am i talking to a bot',
  'am i talking to a human',
  'am i talking to a person',
  'wer bist du',
  'wer sind sie',
  'was kannst du',
  'was können sie',
  'bist du ein bot',
  'bist du ein mensch',
  'sind sie ein bot',
  'sind sie ein mensch',
  'quién eres',
  'quien eres',
  'qué puedes hacer',
  'que puedes hacer',
  'eres un bot',
  'eres humano',
  'eres una persona',
  'qui es tu',
  'qui êtes vous',
  'que peux tu faire',
  'que pouvez vous faire',
  'es tu un robot',
  'es tu un bot',
  'es tu humain',
  'êtes vous un robot',
  'êtes vous humain',
  'chi sei',
  'cosa puoi fare',
  'che cosa puoi fare',
  'sei un bot',
  'sei umano',
  'sei una persona',
  'wie ben jij',
  'wie ben je',
  'wat kun je',
  'wat kun jij',
  'ben je een bot',
  'ben je een mens',
  'quem é você',
  'quem e voce',
  'quem és tu',
  'o que você pode fazer',
  'o que voce pode fazer',
  'você é um bot',
  'voce e um bot',
  'você é humano',
  'кто ты',
  'кто вы',
  'что ты умеешь',
  'что вы умеете',
  'ты бот',
  'ты человек',
  'вы бот',
  'вы человек',
  'あなたは誰ですか',
  'あなたは誰',
  '何ができますか',
  'ボットですか',
  '人間ですか',
  '你是谁',
  '你能做什么',
  '你是机器人吗',
  '你是人吗',
];

/** Longest first, so that "thank you" is read before "thank" would be, "good night" before "good". */
const byLength = (phrases: readonly string[]) => [...phrases].sort((a, b) => b.length - a.length);
const KIND_OF_PHRASE = new Map<string, Exclude<SmallTalkKind, 'identity'>>();
for (const [kind, phrases] of Object.entries(PHRASES) as [Exclude<SmallTalkKind, 'identity'>, string[]][])
  for (const phrase of phrases) if (!KIND_OF_PHRASE.has(phrase)) KIND_OF_PHRASE.set(phrase, kind);
const PHRASES_LONGEST_FIRST = byLength([...KIND_OF_PHRASE.keys(), ...FILLERS]);
const IDENTITY_SET = new Set(IDENTITY);
/** A message longer than this (folded) is not small talk, whatever it holds. */
const MAX_SMALL_TALK_CHARS = 80;
/** When a message holds several kinds ("ok, thanks, bye"), the one replied to. */
const PRECEDENCE: readonly SmallTalkKind[] = ['thanks', 'goodbye', 'greeting', 'acknowledgement'];

/**
 * A message folded for matching: letter case, accents' compatibility forms, punctuation of any
 * script (but an apostrophe within a word) and repeated letters at its end ("thanksss", "hiii")
 * aside; emoji stand as words, without skin tones or variation selectors.
 */
function fold(message: string): string {
  return message
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\uFE0F|\u200D|\p{Emoji_Modifier}/gu, '')
    .replace(/[’‘`]/g, "'")
    .replace(/(\p{Extended_Pictographic})/gu, ' $1 ')
    .replace(/[^\p{L}\p{M}\p{N}\p{Extended_Pictographic}\s']/gu, ' ')
    .replace(/'(?!(?<=\p{L}')\p{L})/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `word` is `phrase` with its last letter drawn out: "thanksss", "hiii", "okkk". */
function drawnOut(word: string, phrase: string): boolean {
  const last = phrase.at(-1);
  return (
    word.length > phrase.length &&
    !phrase.includes(' ') &&
    word.startsWith(phrase) &&
    [...word.slice(phrase.length)].every((letter) => letter === last)
  );
}

/** Each phrase the folded message is made of, in order; undefined when it holds anything else. */
function phrasesOf(folded: string): string[] | undefined {
  const phrases: string[] = [];
  let rest = folded;
  while (rest !== '') {
    const phrase = PHRASES_LONGEST_FIRST.find(
      (candidate) => rest === candidate || rest.startsWith(`${candidate} `),
    );
    if (phrase !== undefined) {
      phrases.push(phrase);
      rest = rest.slice(phrase.length).trimStart();
      continue;
    }
    const word = rest.split(' ', 1)[0] as string;
    const drawn = PHRASES_LONGEST_FIRST.find((candidate) => drawnOut(word, candidate));
    if (drawn === undefined) return undefined;
    phrases.push(drawn);
    rest = rest.slice(word.length).trimStart();
  }
  return phrases;
}

/**
 * What kind of small talk the whole message is, if it is: a greeting, thanks, a goodbye or an
 * acknowledgement, each with punctuation, emoji and a word such as "there" or "so much" around
 * it, and several of them together ("ok, thanks!" is thanks); or asking what the chat is, after
 * a greeting or not ("hi, who are you?"). Undefined for anything else, a question after a
 * greeting included ("hi, how do I install it?").
 */
export function smallTalkKind(message: string): SmallTalkKind | undefined {
  const folded = fold(message);
  if (folded === '' || folded.length > MAX_SMALL_TALK_CHARS) return undefined;
  if (IDENTITY_SET.has(folded)) return 'identity';
  const phrases = phrasesOf(folded);
  if (phrases !== undefined) {
    const kinds = new Set<SmallTalkKind | undefined>(phrases.map((phrase) => KIND_OF_PHRASE.get(phrase)));
    return PRECEDENCE.find((kind) => kinds.has(kind));
  }
  // A greeting before asking what the chat is: "hello, who are you?".
  const words = folded.split(' ');
  for (let split = 1; split < words.length; split++) {
    const rest = words.slice(split).join(' ');
    if (!IDENTITY_SET.has(rest)) continue;
    const before = phrasesOf(words.slice(0, split).join(' '));
    if (before?.some((phrase) => KIND_OF_PHRASE.has(phrase))) return 'identity';
  }
  return undefined;
}

/** Kinds of small talk that open a question without punctuation after them ("hi how do I…"). */
const OPENINGS: ReadonlySet<SmallTalkKind | undefined> = new Set(['greeting', 'thanks']);
/** How a question starts after such an opening: "hello world" is no greeting before a question. */
const QUESTION_START =
  /^(?:how|what|why|where|when|which|who|can|could|is|are|do|does|did|should|would|will|i|please)\b/i;

/**
 * The question a message asks after opening with small talk, without it: "how do I install it?"
 * for "hi, how do I install it?", "what about dark mode?" for "thanks! and what about dark mode?".
 * The opening ends with punctuation, or is a greeting or thanks before a question word ("hi how
 * do I…"): "great" or "cool" may be the question's own word, and "hello world" names a program.
 * A single word after it is not taken for a question ("Hello, world!"). The message itself
 * otherwise.
 */
export function questionAfterSmallTalk(message: string): string {
  const words = message.trim().split(/\s+/);
  // At least two words after the opening: "Hello, world!" names a program.
  for (let count = Math.min(words.length - 2, 8); count > 0; count--) {
    const opening = words.slice(0, count);
    const phrases = phrasesOf(fold(opening.join(' ')));
    const kinds = new Set(phrases?.map((phrase) => KIND_OF_PHRASE.get(phrase)));
    if (phrases === undefined || ![...kinds].some((kind) => kind !== undefined)) continue;
    const punctuated = /[,.!;:…—–-]$/u.test(opening.at(-1) as string);
    const rest = words.slice(count).join(' ');
    if (punctuated || ([...kinds].some((kind) => OPENINGS.has(kind)) && QUESTION_START.test(rest)))
      return rest;
  }
  return message;
}

/** The input asking the question after any small talk that opens it (see `questionAfterSmallTalk`). */
export function withoutSmallTalk(input: AnswerInput): AnswerInput {
  const question = questionAfterSmallTalk(input.query);
  return question === input.query ? input : { ...input, query: question };
}

/** The replies, by the site's language (see languages.ts); English for the others. */
const REPLIES: Record<string, Record<SmallTalkKind | 'identityGenerated', string>> = {
  en: {
    greeting: "Hello! Ask me a question about this documentation, and I'll answer from its pages.",
    thanks: "You're welcome! Ask me anything else about this documentation.",
    goodbye: 'Goodbye! Come back with any question about this documentation.',
    acknowledgement: 'Anything else? Ask me a question about this documentation.',
    identity:
      "I'm this site's documentation assistant, not a person: I answer questions by quoting the site's own pages, with a link to the page each answer comes from.",
    identityGenerated:
      "I'm this site's documentation assistant, not a person: a language model answers questions from the site's own pages only, with a link to the page each answer comes from.",
  },
  de: {
    greeting: 'Hallo! Stellen Sie mir eine Frage zu dieser Dokumentation, ich antworte aus ihren Seiten.',
    thanks: 'Gern geschehen! Fragen Sie mich gern noch etwas zu dieser Dokumentation.',
    goodbye: 'Auf Wiedersehen! Kommen Sie mit jeder Frage zu dieser Dokumentation wieder.',
    acknowledgement: 'Noch etwas? Stellen Sie mir eine Frage zu dieser Dokumentation.',
    identity:
      'Ich bin der Dokumentationsassistent dieser Website, kein Mensch: Ich beantworte Fragen mit Zitaten aus ihren eigenen Seiten und verlinke die Seite, aus der jede Antwort stammt.',
    identityGenerated:
      'Ich bin der Dokumentationsassistent dieser Website, kein Mensch: Ein Sprachmodell beantwortet Fragen nur aus ihren eigenen Seiten und verlinkt die Seite, aus der jede Antwort stammt.',
  },
  es: {
    greeting: '¡Hola! Hazme una pregunta sobre esta documentación y te responderé a partir de sus páginas.',
    thanks: '¡De nada! Pregúntame cualquier otra cosa sobre esta documentación.',
    goodbye: '¡Adiós! Vuelve con cualquier pregunta sobre esta documentación.',
    acknowledgement: '¿Algo más? Hazme una pregunta sobre esta documentación.',
    identity:
      'Soy el asistente de documentación de este sitio, no una persona: respondo a las preguntas citando las propias páginas del sitio, con un enlace a la página de la que sale cada respuesta.',
    identityGenerated:
      'Soy el asistente de documentación de este sitio, no una persona: un modelo de lenguaje responde a las preguntas solo a partir de las páginas del sitio, con un enlace a la página de la que sale cada respuesta.',
  },
  fr: {
    greeting: 'Bonjour ! Posez-moi une question sur cette documentation, je répondrai à partir de ses pages.',
    thanks: 'Je vous en prie ! Posez-moi toute autre question sur cette documentation.',
    goodbye: 'Au revoir ! Revenez avec toute question sur cette documentation.',
    acknowledgement: 'Autre chose ? Posez-moi une question sur cette documentation.',
    identity:
      "Je suis l'assistant de documentation de ce site, pas une personne : je réponds aux questions en citant les pages du site, avec un lien vers la page d'où vient chaque réponse.",
    identityGenerated:
      "Je suis l'assistant de documentation de ce site, pas une personne : un modèle de langage répond aux questions à partir des seules pages du site, avec un lien vers la page d'où vient chaque réponse.",
  },
  it: {
    greeting: 'Ciao! Fammi una domanda su questa documentazione e ti risponderò dalle sue pagine.',
    thanks: 'Prego! Chiedimi qualsiasi altra cosa su questa documentazione.',
    goodbye: 'Arrivederci! Torna con qualsiasi domanda su questa documentazione.',
    acknowledgement: 'Altro? Fammi una domanda su questa documentazione.',
    identity:
      "Sono l'assistente della documentazione di questo sito, non una persona: rispondo alle domande citando le pagine del sito, con un link alla pagina da cui viene ogni risposta.",
    identityGenerated:
      "Sono l'assistente della documentazione di questo sito, non una persona: un modello linguistico risponde alle domande solo dalle pagine del sito, con un link alla pagina da cui viene ogni risposta.",
  },
  ja: {
    greeting: 'こんにちは！このドキュメントについて質問してください。ページの内容からお答えします。',
    thanks: 'どういたしまして！このドキュメントについて、ほかにも何でも質問してください。',
    goodbye: 'さようなら！このドキュメントについて質問があれば、またどうぞ。',
    acknowledgement: 'ほかに何かありますか？このドキュメントについて質問してください。',
    identity:
      '私はこのサイトのドキュメントアシスタントで、人間ではありません。サイトのページを引用して質問に答え、各回答の出典ページへのリンクを示します。',
    identityGenerated:
      '私はこのサイトのドキュメントアシスタントで、人間ではありません。言語モデルがサイトのページだけをもとに質問に答え、各回答の出典ページへのリンクを示します。',
  },
  nl: {
    greeting: 'Hallo! Stel me een vraag over deze documentatie, dan antwoord ik uit de pagina’s ervan.',
    thanks: 'Graag gedaan! Vraag me gerust nog iets over deze documentatie.',
    goodbye: 'Tot ziens! Kom terug met elke vraag over deze documentatie.',
    acknowledgement: 'Nog iets? Stel me een vraag over deze documentatie.',
    identity:
      'Ik ben de documentatie-assistent van deze site, geen mens: ik beantwoord vragen met citaten uit de eigen pagina’s van de site, met een link naar de pagina waar elk antwoord vandaan komt.',
    identityGenerated:
      'Ik ben de documentatie-assistent van deze site, geen mens: een taalmodel beantwoordt vragen alleen uit de eigen pagina’s van de site, met een link naar de pagina waar elk antwoord vandaan komt.',
  },
  pt: {
    greeting: 'Olá! Faça uma pergunta sobre esta documentação e eu respondo a partir das suas páginas.',
    thanks: 'De nada! Pergunte o que mais quiser sobre esta documentação.',
    goodbye: 'Até logo! Volte com qualquer pergunta sobre esta documentação.',
    acknowledgement: 'Mais alguma coisa? Faça uma pergunta sobre esta documentação.',
    identity:
      'Sou o assistente de documentação deste site, não uma pessoa: respondo às perguntas citando as próprias páginas do site, com um link para a página de onde vem cada resposta.',
    identityGenerated:
      'Sou o assistente de documentação deste site, não uma pessoa: um modelo de linguagem responde às perguntas apenas a partir das páginas do site, com um link para a página de onde vem cada resposta.',
  },
  ru: {
    greeting: 'Здравствуйте! Задайте вопрос об этой документации, и я отвечу по её страницам.',
    thanks: 'Пожалуйста! Спрашивайте ещё что угодно об этой документации.',
    goodbye: 'До свидания! Возвращайтесь с любым вопросом об этой документации.',
    acknowledgement: 'Что-нибудь ещё? Задайте вопрос об этой документации.',
    identity:
      'Я помощник по документации этого сайта, а не человек: я отвечаю на вопросы цитатами из страниц сайта и даю ссылку на страницу, откуда взят каждый ответ.',
    identityGenerated:
      'Я помощник по документации этого сайта, а не человек: языковая модель отвечает на вопросы только по страницам сайта, со ссылкой на страницу, откуда взят каждый ответ.',
  },
  zh: {
    greeting: '你好！请提出关于本文档的问题，我会根据文档页面作答。',
    thanks: '不客气！关于本文档还有什么问题，尽管问我。',
    goodbye: '再见！有任何关于本文档的问题，欢迎再来。',
    acknowledgement: '还有别的问题吗？请提出关于本文档的问题。',
    identity: '我是本站的文档助手，不是真人：我引用本站自己的页面回答问题，并附上每个答案出处页面的链接。',
    identityGenerated:
      '我是本站的文档助手，不是真人：由语言模型仅根据本站的页面回答问题，并附上每个答案出处页面的链接。',
  },
};

/** The reply to a kind of small talk in the site's language (by its code), English by default. */
export function smallTalkText(kind: SmallTalkKind, language = 'en', generated = false): string {
  const replies = REPLIES[language] ?? (REPLIES['en'] as (typeof REPLIES)[string]);
  return replies[kind === 'identity' && generated ? 'identityGenerated' : kind];
}

/**
 * Whether the message names a page or a section of the site: its whole text (folded) is the title
 * of a page or the heading of a section that search finds for it. A site whose page is "Hello"
 * or whose section is "Thanks" is asked about it.
 */
async function namesAPlace(message: string, index: SearchIndex): Promise<boolean> {
  const folded = fold(message);
  const hits = await index.searchPassages(message, { limit: 5, prefixLastTerm: false });
  return hits.some(
    (hit) => fold(hit.document.title) === folded || fold(hit.section.heading.replace(/`/g, '')) === folded,
  );
}

/**
 * The reply to a message that is small talk (see `smallTalkKind`), unless it names a page or a
 * section of the site; undefined for anything else. Nothing was answered from the documents:
 * `didAnswer` false, no source, no passages, and `context.smallTalk` true.
 */
export async function smallTalkAnswer(
  query: string,
  format: AnswerFormat,
  index: SearchIndex,
  generated = false,
): Promise<DraftAnswer | undefined> {
  const kind = smallTalkKind(query);
  if (kind === undefined || (kind !== 'identity' && (await namesAPlace(query, index)))) return undefined;
  return {
    ...sourcelessAnswer(format, smallTalkText(kind, index.language?.code, generated), query),
    context: { smallTalk: true },
  };
}

/** Whether a stored turn's context (JSON) marks it as small talk: a follow-up takes no topic from it. */
export function isSmallTalkContext(contextJson: string | undefined): boolean {
  if (contextJson === undefined || !contextJson.includes('"smallTalk"')) return false;
  try {
    return (JSON.parse(contextJson) as { smallTalk?: unknown }).smallTalk === true;
  } catch {
    return false;
  }
}
