import { STOP_WORDS } from './stop-words.js';

/**
 * A language the analyser reads a site's text in: its function words, left out of the index and
 * of queries, and its stemmer. English is built in (`STOP_WORDS` and Orama's English stemmer);
 * the others' stop-word lists and Snowball stemmers are Orama's (`@orama/stopwords`,
 * `@orama/stemmers`), loaded only for a site written in them. Chinese and Japanese have no
 * stemmer: their words are found by `Intl.Segmenter` (see `segmentedWords` in text-analyser.ts).
 */
export interface Language {
  /** ISO 639-1 code: `en`, `de`, `ja`. */
  code: string;
  /** Its function words, lower-cased (for English, `STOP_WORDS`). */
  stopWords: readonly string[];
  /** Its stemmer, of a lower-cased word; undefined for English (the analyser's own) and for Chinese and Japanese. */
  stem?: (word: string) => string;
}

export const ENGLISH: Language = { code: 'en', stopWords: STOP_WORDS };

/** Orama's module name of each language besides English, by ISO 639-1 code. */
const ORAMA_NAMES: Readonly<Record<string, string>> = {
  ar: 'arabic',
  bg: 'bulgarian',
  da: 'danish',
  de: 'german',
  el: 'greek',
  es: 'spanish',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  ja: 'japanese',
  lt: 'lithuanian',
  ne: 'nepali',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  uk: 'ukrainian',
  zh: 'mandarin',
};
/**
 * The phrasing visitors wrap a question in, as English's list holds it ("how do I", "is it
 * possible to"), where Snowball's lists of function words leave it out: French's has no
 * `comment` or `pourquoi`, German's no `warum` or `möchte`.
 */
const QUESTION_PHRASING: Readonly<Record<string, readonly string[]>> = {
  de: [
    'warum',
    'wieso',
    'weshalb',
    'wann',
    'woran',
    'womit',
    'wofür',
    'möchte',
    'möchten',
    'bitte',
    'gibt',
    'geht',
    'mache',
    'macht',
    'lässt',
    'lassen',
    'funktioniert',
    'möglich',
    'wieviel',
    'wieviele',
    'viele',
    'vielen',
  ],
  es: [
    'cómo',
    'qué',
    'cuándo',
    'dónde',
    'cuál',
    'cuáles',
    'quiero',
    'puedo',
    'puede',
    'hacer',
    'hago',
    'posible',
  ],
  fr: [
    'comment',
    'combien',
    'pourquoi',
    'quand',
    'où',
    'quel',
    'quelle',
    'quels',
    'quelles',
    'faire',
    'fait',
    'peut',
    'peux',
    'puis',
    'veux',
    'voudrais',
    'faut',
    'possible',
  ],
  it: [
    'come',
    'perché',
    'quando',
    'dove',
    'quale',
    'quali',
    'posso',
    'può',
    'voglio',
    'fare',
    'faccio',
    'possibile',
  ],
  ja: [
    ...['方法', 'やり方', '仕方', '使い方', '場合', '何', '必要', '可能'],
    ...[
      'ですが',
      'ですか',
      'ますか',
      'したい',
      'したら',
      'すれば',
      'どうすれば',
      'ください',
      'でしょう',
      'ように',
    ],
  ],
  pt: [
    'como',
    'quanto',
    'quanta',
    'quantos',
    'quantas',
    'porque',
    'quando',
    'onde',
    'qual',
    'quais',
    'posso',
    'pode',
    'quero',
    'fazer',
    'faço',
    'possível',
  ],
  nl: ['hoeveel', 'waarom'],
  ru: ['сколько', 'почему', 'зачем'],
  // Simplified and Traditional.
  zh: [
    ...[
      '如何',
      '怎么',
      '怎么办',
      '办',
      '怎样',
      '什么',
      '为什么',
      '哪里',
      '哪个',
      '可以',
      '能',
      '吗',
      '呢',
      '我',
      '们',
      '的',
      '方法',
    ],
    ...['怎麼', '怎麼辦', '辦', '怎樣', '什麼', '為什麼', '哪裡', '哪個', '嗎', '們', '能否'],
  ],
};
/** Written without spaces between words and without inflections to stem: Chinese and Japanese. */
const WITHOUT_STEMMER = new Set(['ja', 'zh']);
/** Codes a site may write for a language above (BCP 47's Norwegian Bokmål and Nynorsk). */
const ALIASES: Readonly<Record<string, string>> = { nb: 'no', nn: 'no' };

/** The languages a site may be read in, by ISO 639-1 code. */
export const LANGUAGE_CODES: readonly string[] = ['en', ...Object.keys(ORAMA_NAMES)].sort();

/**
 * The supported language of a language tag (`de`, `de-CH`, `pt_BR`, `zh-Hans`, `NB`), or
 * undefined when it names none.
 */
export function languageCode(tag: string): string | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const code = ALIASES[primary] ?? primary;
  return code === 'en' || code in ORAMA_NAMES ? code : undefined;
}

/**
 * Content words in Orama's lists, which are not all Snowball's: Spanish's 577 hold nouns and
 * verbs a help page is found by (`estado`, `cuenta`, `modo`, `tiempo`, `usar`), and words of
 * place and time, which name things here as in English (`arriba`, `antes`).
 */
const NOT_STOP_WORDS: Readonly<Record<string, readonly string[]>> = {
  es: [
    ...[
      'acuerdo',
      'ayer',
      'breve',
      'cinco',
      'claro',
      'conocer',
      'conseguir',
      'cosas',
      'cuatro',
      'cuenta',
      'decir',
    ],
    ...[
      'dias',
      'días',
      'diferente',
      'diferentes',
      'ejemplo',
      'emplear',
      'empleo',
      'estado',
      'estados',
      'existe',
    ],
    ...[
      'existen',
      'final',
      'general',
      'gran',
      'grandes',
      'habla',
      'hablan',
      'horas',
      'igual',
      'intentar',
      'intento',
    ],
    ...[
      'lado',
      'largo',
      'lugar',
      'manera',
      'mayor',
      'medio',
      'mejor',
      'modo',
      'momento',
      'nueva',
      'nuevas',
      'nuevo',
    ],
    ...[
      'nuevos',
      'ocho',
      'pais',
      'parte',
      'partir',
      'pasado',
      'pasada',
      'peor',
      'poner',
      'primer',
      'primera',
    ],
    ...[
      'primero',
      'primeros',
      'realizar',
      'realizado',
      'saber',
      'segunda',
      'segundo',
      'seis',
      'siete',
      'siguiente',
    ],
    ...[
      'tiempo',
      'total',
      'trabaja',
      'trabajan',
      'trabajar',
      'trabajo',
      'tres',
      'usar',
      'usan',
      'uso',
      'valor',
    ],
    ...['veces', 'verdad', 'ultimo', 'último', 'últimos', 'última', 'últimas', 'tarde', 'temprano', 'pronto'],
    ...[
      'cerca',
      'lejos',
      'arriba',
      'debajo',
      'encima',
      'delante',
      'detrás',
      'atras',
      'antes',
      'después',
      'despues',
    ],
  ],
};

const loaded = new Map<string, Promise<Language>>();
const stopWordLists = new Map<string, Promise<readonly string[]>>();

/**
 * A language's function words (Orama's list less its content words, with the phrasing of
 * questions), loaded once; rejected when its package is missing.
 */
function stopWordsOf(code: string): Promise<readonly string[]> {
  let list = stopWordLists.get(code);
  if (list === undefined) {
    list = import(`@orama/stopwords/${ORAMA_NAMES[code]}`).then(({ stopwords }: { stopwords: string[] }) => {
      const kept = new Set(NOT_STOP_WORDS[code]);
      return [...stopwords.filter((word) => !kept.has(word)), ...(QUESTION_PHRASING[code] ?? [])]
        .map((word) => word.toLowerCase())
        .filter((word) => word !== '');
    });
    stopWordLists.set(code, list);
  }
  return list;
}

/** The function words of a language, for telling languages: none when its package is missing. */
const detectionStopWords = (code: string): Promise<readonly string[]> => stopWordsOf(code).catch(() => []);

/** The language of a code of `LANGUAGE_CODES`, its modules loaded once. */
export function loadLanguage(code: string): Promise<Language> {
  if (code === 'en') return Promise.resolve(ENGLISH);
  const name = ORAMA_NAMES[code];
  if (name === undefined) return Promise.reject(new RangeError(`Unsupported language "${code}"`));
  let language = loaded.get(code);
  if (language === undefined) {
    language = (async () => {
      let stopWords: readonly string[];
      let stem: ((word: string) => string) | undefined;
      try {
        stopWords = await stopWordsOf(code);
        if (!WITHOUT_STEMMER.has(code))
          stem = ((await import(`@orama/stemmers/${name}`)) as { stemmer: (word: string) => string }).stemmer;
      } catch (error) {
        throw new Error(
          `Reading a site in ${languageName(code)} needs the optional packages @orama/stopwords and @orama/stemmers: install them (npm install @orama/stopwords @orama/stemmers), or give --language en`,
          { cause: error },
        );
      }
      return { code, stopWords, ...(stem ? { stem } : {}) };
    })();
    loaded.set(code, language);
  }
  return language;
}

/** How much text of a site's first pages is read to tell its language. */
const SAMPLE_CHARACTERS = 200_000;
/** English is the site's language when its function words make this share of the sample's words. */
const ENGLISH_SHARE = 0.2;
/** Another language is, when its function words make this share and more than English's. */
const MIN_SHARE = 0.12;
/** …and this many times English's: a page of code and names holds a few of any language's. */
const LEAD_OVER_ENGLISH = 1.25;
/** Fewer words than this tell no language. */
const MIN_WORDS = 12;
/** Chinese or Japanese is, when this share of the words are Chinese or Japanese. */
const CJK_SHARE = 0.3;
/** Another script is, when this share of the letters are of it. */
const SCRIPT_SHARE = 0.3;
/** The scripts of the other languages besides Latin, and their languages (the likeliest first). */
const OTHER_SCRIPTS = [
  { letters: /\p{Script=Cyrillic}/gu, languages: ['ru', 'uk', 'bg', 'sr'] },
  { letters: /\p{Script=Greek}/gu, languages: ['el'] },
  { letters: /\p{Script=Arabic}/gu, languages: ['ar'] },
  { letters: /\p{Script=Armenian}/gu, languages: ['hy'] },
  { letters: /\p{Script=Tamil}/gu, languages: ['ta'] },
  { letters: /\p{Script=Devanagari}/gu, languages: ['ne'] },
];
/** Whether a language of `LANGUAGE_CODES` is written in Latin letters. */
export function writtenInLatin(code: string): boolean {
  return code === 'en' || LATIN_LANGUAGES.includes(code);
}
/** The languages written in Latin letters besides English. */
const LATIN_LANGUAGES = [
  'da',
  'de',
  'es',
  'fi',
  'fr',
  'ga',
  'hu',
  'id',
  'it',
  'lt',
  'nl',
  'no',
  'pt',
  'ro',
  'sv',
  'tr',
];

const WORD = /[\p{L}\p{M}]+/gu;
const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const HAN_OR_KANA_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;
/** ICU's dictionaries (Chinese and Japanese share one) find the words whatever the locale. */
let segmenter: Intl.Segmenter | undefined;

/**
 * The share of a text's words that are Chinese or Japanese, their words found by
 * `Intl.Segmenter`. Not their letters: a Chinese word has one or two, an English one five or more,
 * so that by letters a Chinese site with its commands and options in English read as English.
 */
function cjkWordShare(sample: string): number {
  segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
  let cjk = 0;
  for (const [run] of sample.matchAll(HAN_OR_KANA_RUN))
    for (const { isWordLike } of segmenter.segment(run)) if (isWordLike === true) cjk++;
  if (cjk === 0) return 0;
  const others = sample.replace(HAN_OR_KANA_RUN, ' ').match(WORD)?.length ?? 0;
  return cjk / (cjk + others);
}
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const LETTER = /\p{L}/gu;

/**
 * The language a site is written in, from the text of its first pages: Chinese or Japanese when
 * a third of the words are (Japanese when kana are among their letters; see `cjkWordShare`); a
 * language of another script (`OTHER_SCRIPTS`) when a third of the letters are of it, the one
 * whose function words make the largest share of the words; else the Latin language whose
 * function words do, English unless another's make a quarter more. A site in a language not
 * supported is read as English.
 */
export async function detectLanguage(texts: Iterable<string>): Promise<string> {
  let sample = '';
  for (const text of texts) {
    sample += `${text.slice(0, SAMPLE_CHARACTERS - sample.length)}\n`;
    if (sample.length >= SAMPLE_CHARACTERS) break;
  }
  const letters = sample.match(LETTER)?.length ?? 0;
  if (cjkWordShare(sample) >= CJK_SHARE) {
    const cjk = sample.match(HAN_OR_KANA)?.length ?? 0;
    const kana = sample.match(KANA)?.length ?? 0;
    return kana / cjk >= 0.1 ? 'ja' : 'zh';
  }
  // Another script than Latin for a third of the letters: one of its languages (the words of a
  // page only partly translated, in English, can't make it English).
  const script = OTHER_SCRIPTS.find(
    ({ letters: pattern }) => letters > 0 && (sample.match(pattern)?.length ?? 0) / letters >= SCRIPT_SHARE,
  );
  // Words of one letter say little: Spanish's stop words hold every letter, French's `c` and `l`.
  const words = (sample.match(WORD) ?? [])
    .filter((word) => word.length > 1)
    .map((word) => word.toLowerCase());
  // Too few words to tell (a site of code, or of a few titles): English.
  if (words.length < MIN_WORDS) return 'en';
  const share = (stopWords: readonly string[]) => {
    const set = new Set(stopWords);
    return words.filter((word) => set.has(word)).length / words.length;
  };
  if (script !== undefined) {
    let best = { code: script.languages[0] as string, share: -1 };
    for (const code of script.languages) {
      const candidate = share(await detectionStopWords(code));
      if (candidate > best.share) best = { code, share: candidate };
    }
    return best.code;
  }
  const english = share(ENGLISH.stopWords);
  if (english >= ENGLISH_SHARE) return 'en';
  let best = { code: 'en', share: english };
  for (const code of LATIN_LANGUAGES) {
    const candidate = share(await detectionStopWords(code));
    if (candidate > best.share) best = { code, share: candidate };
  }
  return best.share >= MIN_SHARE && best.share >= LEAD_OVER_ENGLISH * english ? best.code : 'en';
}

const names = new Intl.DisplayNames('en', { type: 'language' });

/** A language's English name: `German` for `de`. */
export function languageName(code: string): string {
  return names.of(code) ?? code;
}
