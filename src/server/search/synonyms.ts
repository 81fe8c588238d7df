/**
 * Words a visitor uses where documentation often uses another: general English and web
 * vocabulary, both directions listed where both hold, British and American spellings. A synonym
 * counts less than the word itself (`SYNONYM_WEIGHT`), so a page using
 * the visitor's own word still comes first. Deliberately general: nothing here names a page.
 */
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
  ['fast', 'performance'],
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
  ['highlight', 'selection'],
  ['popup', 'dialog', 'modal'],
  ['modal', 'dialog'],
  ['shortcut', 'keyboard'],
  ['translate', 'localization', 'i18n'],
  ['timer', 'timeout', 'interval'],
  ['upload', 'file'],
  // British and American spellings, both ways: a page may use either, and so may a visitor.
  ...[
    ['colour', 'color'],
    ['behaviour', 'behavior'],
    ['centre', 'center'],
    ['grey', 'gray'],
    ['optimise', 'optimize'],
    ['customise', 'customize'],
    ['initialise', 'initialize'],
    ['serialise', 'serialize'],
    ['authorise', 'authorize'],
  ].flatMap(bothWays),
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
  ].flatMap(bothWays),
];

/** Word → the words that may stand for it, as written (not yet stemmed). */
export const SYNONYMS: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [word, ...others] of SYNONYM_GROUPS) {
    if (!word) continue;
    const known = map.get(word) ?? [];
    for (const other of others) if (!known.includes(other)) known.push(other);
    map.set(word, known);
  }
  return map;
})();
