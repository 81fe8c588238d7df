/**
 * Words a visitor uses where documentation often uses another: general English and web
 * vocabulary, both directions listed where both hold (a British spelling is no synonym: it is
 * read as the American one before these, see spellings.ts). A synonym counts less than the word
 * itself (`SYNONYM_WEIGHT`), so a page using the visitor's own word still comes first. Deliberately general: nothing here names a page; a
 * site's own words come from its config file (`SiteSynonyms`, read through `synonymTable`).
 */
import { STOP_WORDS } from './stop-words.js';

/** What a general synonym of a word (`make` for `create`) counts, as a share of the word itself. */
export const SYNONYM_WEIGHT = 0.6;

/** A pair of words that stand for each other: each a synonym of the other. */
const bothWays = ([one, other]: string[]): string[][] => [
  [one as string, other as string],
  [other as string, one as string],
];

const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['make', 'create'],
  ['create', 'new'],
  ['delete', 'remove'],
  ['erase', 'delete', 'remove'],
  ['show', 'display'],
  ['hide', 'hidden'],
  ['stop', 'prevent', 'cancel', 'abort'],
  ['begin', 'start'],
  ['end', 'finish'],
  ['error', 'exception'],
  ['wait', 'await'],
  ['delay', 'timeout'],
  ['loop', 'iterate'],
  ['item', 'element', 'entry'],
  ['mandatory', 'required'],
  ['required', 'mandatory'],
  ['change', 'modify', 'update', 'set'],
  ['combine', 'join', 'merge', 'concatenate'],
  ['link', 'anchor', 'hyperlink'],
  ['parameter', 'argument'],
  ['argument', 'parameter'],
  ['check', 'test', 'verify'],
  ['verify', 'validate', 'check'],
  ['picture', 'image'],
  ['photo', 'image'],
  ['movie', 'video'],
  ['sound', 'audio'],
  ['login', 'authentication', 'auth'],
  ['log', 'logger', 'logging'],
  ['save', 'store', 'storage'],
  ['store', 'storage'],
  ['copy', 'clone'],
  ['folder', 'directory'],
  ['directory', 'folder'],
  ['webpage', 'page', 'document'],
  ['site', 'website'],
  ['website', 'site'],
  ['js', 'javascript'],
  ['javascript', 'js'],
  ['ts', 'typescript'],
  ['typescript', 'ts'],
  ['db', 'database'],
  ['database', 'db'],
  ['env', 'environment'],
  ['environment', 'env'],
  ['config', 'configuration'],
  ['configuration', 'config'],
  ['auth', 'authentication'],
  ['authentication', 'auth'],
  ['deploy', 'deployment'],
  ['publish', 'deploy'],
  ['number', 'integer'],
  ['integer', 'number'],
  ['domain', 'origin'],
  ['origin', 'domain'],
  ['forward', 'proxy'],
  ['crash', 'error'],
  ['fail', 'error'],
  ['failure', 'error'],
  ['big', 'large'],
  ['large', 'big'],
  ['fast', 'performance', 'speed'],
  ['slow', 'performance'],
  ['speed', 'performance'],
  ['protect', 'security'],
  ['secure', 'security'],
  ['order', 'sort'],
  ['sort', 'order'],
  ['alphabetical', 'sort'],
  ['transparent', 'opacity'],
  ['reply', 'response'],
  ['respond', 'response'],
  ['address', 'url'],
  ['visitor', 'user'],
  ['user', 'visitor'],
  ['highlight', 'selection'],
  ['popup', 'dialog', 'modal'],
  ['modal', 'dialog'],
  ['shortcut', 'keyboard'],
  ['translate', 'localization', 'i18n'],
  ['timer', 'timeout', 'interval'],
  ['upload', 'file'],
  // What a visitor calls an embedded piece of interface, and what docs call it.
  ['widget', 'component', 'element'],
  ['iphone', 'ios'],
  ['ipad', 'ios'],
  // British and American words for one thing, both ways, where neither has another meaning on a
  // web site ("flat", "bin", "cell" and "parcel" do: a flat array, a bin folder, a table cell, a bundler).
  ...[
    ['pudding', 'dessert'],
    ['postcode', 'zip'],
    ['holiday', 'vacation'],
    ['lorry', 'truck'],
    ['nappy', 'diaper'],
  ].flatMap(bothWays),
  // A customer's words for what a help centre calls otherwise, both ways: each pair names one
  // thing on any site that has it.
  ...[
    ['junk', 'spam'],
    ['2fa', 'two-factor'],
    ['mfa', 'multi-factor'],
    ['mfa', 'two-factor'],
    ['two-step', 'two-factor'],
    ['multi-factor', 'two-factor'],
    ['recover', 'restore'],
    ['undelete', 'restore'],
    ['receipt', 'invoice'],
    ['reimburse', 'refund'],
    ['shipping', 'delivery'],
    ['signup', 'register'],
    ['deactivate', 'disable'],
    ['coworker', 'colleague'],
    ['colleague', 'teammate'],
  ].flatMap(bothWays),
  ['undo', 'restore', 'revert'],
  ['christmas', 'holiday'],
  ['xmas', 'christmas', 'holiday'],
  ['cost', 'price'],
  ['price', 'cost'],
  // Abbreviations a visitor or a page may use for the whole word, both ways.
  ...[
    ['param', 'parameter'],
    ['params', 'parameters'],
    ['arg', 'argument'],
    ['args', 'arguments'],
    ['req', 'request'],
    ['res', 'response'],
    ['btn', 'button'],
    ['img', 'image'],
    ['nav', 'navigation'],
    ['msg', 'message'],
    ['err', 'error'],
    ['fn', 'function'],
    ['func', 'function'],
    ['obj', 'object'],
    ['str', 'string'],
    ['elem', 'element'],
    ['attr', 'attribute'],
    ['prop', 'property'],
    ['props', 'properties'],
    ['doc', 'document'],
    ['docs', 'documentation'],
    ['info', 'information'],
    ['async', 'asynchronous'],
    ['sync', 'synchronous'],
    ['regex', 'regexp'],
    ['repo', 'repository'],
    ['spec', 'specification'],
    ['app', 'application'],
    ['dev', 'development'],
    ['prod', 'production'],
    ['temp', 'temporary'],
    ['max', 'maximum'],
    ['min', 'minimum'],
    ['rtl', 'right-to-left'],
    ['ltr', 'left-to-right'],
    ['a11y', 'accessibility'],
    ['i18n', 'internationalization'],
    ['l10n', 'localization'],
  ].flatMap(bothWays),
];

/** Word → the words that may stand for it, as written (not yet stemmed). */
export interface SynonymTable extends ReadonlyMap<string, readonly string[]> {
  /**
   * The words of the site's own groups: its owner says visitors type them, so one counts as a
   * whole word as soon as it is typed (see `#analyseWord` in query-analysis.ts).
   */
  readonly siteWords?: ReadonlySet<string>;
}

/** The built-in list: what a site reads unless its config file adds to it or turns it off. */
export const SYNONYMS: SynonymTable = (() => {
  const map = new Map<string, string[]>();
  for (const [word, ...others] of SYNONYM_GROUPS) {
    if (!word) continue;
    const known = map.get(word) ?? [];
    for (const other of others) if (!known.includes(other)) known.push(other);
    map.set(word, known);
  }
  return map;
})();

/** A site's own synonyms, as its config file gives them (`synonyms` and `builtInSynonyms`). */
export interface SiteSynonyms {
  /** Groups of words, each word standing for every other of its group: one word each, lower-cased. */
  groups: readonly (readonly string[])[];
  /** Whether the built-in list (`SYNONYMS`) counts as well. */
  builtIn: boolean;
}

/**
 * What a site's search and answers read as synonyms: the built-in list (unless turned off) with
 * the site's groups added, every word of a group a synonym of every other. With no groups and the
 * built-in list on, the built-in list itself.
 */
export function synonymTable(site: SiteSynonyms | undefined): SynonymTable {
  if (site === undefined || (site.builtIn && site.groups.length === 0)) return SYNONYMS;
  const table = new Map<string, Set<string>>();
  if (site.builtIn) for (const [word, others] of SYNONYMS) table.set(word, new Set(others));
  for (const group of site.groups)
    for (const word of group) {
      const known = table.get(word) ?? new Set();
      for (const other of group) if (other !== word) known.add(other);
      table.set(word, known);
    }
  const words = new Map([...table].map(([word, others]) => [word, [...others]]));
  return Object.assign(words, { siteWords: new Set(site.groups.flat()) });
}

/** Most groups a site may list: far more than any site's own vocabulary needs. */
export const MAX_SYNONYM_GROUPS = 5000;
/** Most words in one group: more are not words for one thing. */
export const MAX_SYNONYM_GROUP_WORDS = 20;
/** Longest word of a group: as long as a name search reads whole (`border-top-left-radius`). */
export const MAX_SYNONYM_LETTERS = 40;
/**
 * One word as search reads words: letters, digits and `_`, or up to four such parts joined by
 * `-` or `.` (`sign-in`, `node.js`), which search reads whole as well.
 */
const SEARCH_WORD = /^[\p{L}\p{M}\p{N}_]+(?:[.-][\p{L}\p{M}\p{N}_]+){0,3}$/u;
const ENGLISH_STOP_WORDS = new Set(STOP_WORDS);

/**
 * Why a word of a site's synonym group can't be one (it never matches what a visitor types, or
 * what a page says), with what to write instead; undefined for a word that can.
 */
export function synonymWordProblem(word: string): string | undefined {
  const shown = JSON.stringify(word);
  const words = word.split(/\s+/).filter((part) => part !== '');
  if (words.length > 1)
    return `${shown} is ${words.length} words, and search matches a word at a time: write one word, as your pages or visitors join it ("signin" or "sign-in" for "sign in"), or leave it out`;
  if (word !== word.trim() || word === '') return `${shown} must be one word, without spaces around it`;
  if (word.length > MAX_SYNONYM_LETTERS)
    return `${shown} is longer than ${MAX_SYNONYM_LETTERS} characters: no word search reads whole is`;
  if (!SEARCH_WORD.test(word)) {
    const other = /[^\p{L}\p{M}\p{N}_.-]/u.exec(word)?.[0];
    return other === undefined
      ? `${shown} must be letters, digits and "_", or at most four such parts joined by "-" or "." ("sign-in", "node.js"): search reads a "-" or "." at either end, or two together, as a space`
      : `${shown} holds ${JSON.stringify(other)}, which search reads as a space between words: write letters, digits, "_", "-" and "." only`;
  }
  if (ENGLISH_STOP_WORDS.has(word.toLowerCase()) || (word.length === 1 && !/\p{N}/u.test(word)))
    return `${shown} is a word search leaves out (too common, or a single letter, to tell pages apart): leave it out`;
  return undefined;
}
