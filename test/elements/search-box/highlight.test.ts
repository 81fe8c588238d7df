import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromFirstMatch, highlightPieces, unheldTerms } from '../../../src/elements/search-box/highlight.js';

const marked = (text: string, query: string) =>
  highlightPieces(text, query)
    .map((piece) => (piece.match ? `[${piece.text}]` : piece.text))
    .join('');

describe('highlightPieces', () => {
  it('marks every term, case-insensitively, keeping the original text', () => {
    assert.equal(marked('Theming and dark THEMES', 'them dark'), '[Them]ing and [dark] [THEM]ES');
  });

  it('prefers the longest term where terms overlap', () => {
    assert.equal(marked('search-box and search', 'search search-box'), '[search-box] and [search]');
  });

  it('ignores one-letter terms unless the query is one letter', () => {
    assert.equal(marked('a guide', 'a guide'), 'a [guide]');
    assert.equal(marked('a b', 'a'), '[a] b');
  });

  it("marks a question's subject, not its function words, unless they are all it has", () => {
    assert.equal(
      marked('What is the best way to theme the chat', 'what is the theme'),
      'What is the best way to [theme] the chat',
    );
    assert.equal(marked('Is this it?', 'this'), 'Is [this] it?');
    assert.equal(marked('How to use it', 'how to'), '[How] [to] use it');
  });

  it('treats regular-expression characters literally and leaves markup as text', () => {
    assert.equal(marked('<b>c++</b> (x)', 'c++ (x)'), '<b>[c++]</b> [(x)]');
  });

  it('marks a term where a word starts, not inside one, but for the parts of a camelCase name', () => {
    assert.equal(
      marked('The combobox of the search box', 'search box'),
      'The combobox of the [search] [box]',
    );
    assert.equal(
      marked('Document: querySelector() method', 'selector'),
      'Document: query[Selector]() method',
    );
    assert.equal(marked('boxes, sandbox and a box', 'box'), '[box]es, sandbox and a [box]');
    assert.equal(marked('C++ and c++', '++'), 'C[++] and c[++]');
    // Terms that meet make one mark: two side by side read as two words ("rate Limit").
    assert.equal(marked('Default: "rateLimit": {', 'rate limit'), 'Default: "[rateLimit]": {');
    assert.equal(marked('or apiKey in createClient()', 'api key'), 'or [apiKey] in createClient()');
  });

  it('marks the names a word joins with punctuation, as the service finds them', () => {
    // `hono/cors` found *CORS Middleware* with nothing marked: the service reads `hono` and `cors`.
    assert.equal(marked('CORS Middleware', 'hono/cors'), '[CORS] Middleware');
    assert.equal(
      marked("import { cors } from 'hono/cors'", 'hono/cors'),
      "import { [cors] } from '[hono/cors]'",
    );
    assert.equal(
      marked('An object taken from c.req which wraps a Request', 'c.req.param'),
      'An object taken from c.[req] which wraps a [Req]uest',
    );
    assert.equal(marked('Set LLM_BASE_URL', 'llm_base_url'), 'Set [LLM_BASE_URL]');
    assert.equal(marked('the base URL', 'llm_base_url'), 'the [base] [URL]');
  });

  it('marks a term anywhere in scripts written without spaces or with joined small words', () => {
    assert.equal(marked('使用搜索框搜索文档', '搜索'), '使用[搜索]框[搜索]文档');
    assert.equal(marked('والبحث في المستندات', 'البحث'), 'و[البحث] في المستندات');
  });

  it('marks the words of a phrase typed without spaces where the text has them apart', () => {
    // Typed as one run, read as the service reads it: パスワード and 忘れ, not the particle を.
    assert.equal(marked('忘れたパスワードの再設定', 'パスワードを忘れた'), '[忘れ]た[パスワード]の再設定');
    assert.equal(marked('クレジットカードの変更', 'クレジットカード'), '[クレジットカード]の変更');
    // A word still being typed, and a word of one Han character, are marked whole.
    assert.equal(marked('パスワードの再設定', 'パスワ'), '[パスワ]ードの再設定');
    assert.equal(marked('背景色を変える', '背景色'), '[背景色]を変える');
    assert.equal(marked('背景と色', '背景 色'), '[背景]と[色]');
  });

  it('marks a word typed without its accents, as the service finds it', () => {
    // The service folds accents (and ß, ё, İ) before it matches: what it found is marked.
    assert.equal(
      marked('Programa para consultar la configuración de APT', 'configuracion'),
      'Programa para consultar la [configuración] de APT',
    );
    assert.equal(marked('Größe der Datei', 'grosse'), '[Größe] der Datei');
    assert.equal(marked('создаёт файл учётной записи', 'учетной'), 'создаёт файл [учётной] записи');
    assert.equal(marked('İstanbul ve izmir', 'istanbul'), '[İstanbul] ve izmir');
    // And the reverse: accents typed where the text has none, or an accent written apart.
    assert.equal(marked('Resume the download', 'résumé'), '[Resume] the download');
    assert.equal(marked('cafe\u0301 ou café', 'cafe'), '[cafe\u0301] ou [café]');
    // A mark that is a vowel, not an accent (Devanagari), is kept: no match without it.
    assert.equal(marked('कूट शब्द', 'कट'), 'कूट शब्द');
  });

  it('returns the text whole for an empty query and nothing for empty text', () => {
    assert.deepEqual(highlightPieces('Title', '  '), [{ text: 'Title', match: false }]);
    assert.deepEqual(highlightPieces('', 'x'), []);
  });
});

describe('fromFirstMatch', () => {
  const shown = (text: string, query: string) =>
    fromFirstMatch(highlightPieces(text, query))
      .map((piece) => (piece.match ? `[${piece.text}]` : piece.text))
      .join('');
  const features =
    'Every attribute, property and method of <ask-chat>: connection, answer format, min-relevance, persist, tags, suggestions and reset.';

  it('cuts a description before a match too far in for two lines, at a word, after "…"', () => {
    assert.equal(
      shown(features, 'persist'),
      '…format, min-relevance, [persist], tags, suggestions and reset.',
    );
  });

  it('leaves a description whose first match is near its start, or that has none, whole', () => {
    assert.equal(
      shown(features, 'attribute persist'),
      features.replace('attribute', '[attribute]').replace('persist', '[persist]'),
    );
    assert.equal(shown(features, 'theme'), features);
    assert.equal(shown('Short text with persist', 'persist'), 'Short text with [persist]');
  });

  it('counts a Chinese character or an emoji as two letters, and cuts none in half', () => {
    // 47 characters before the match, as wide as 94 letters: cut, keeping 15 (the room of 30).
    assert.equal(
      shown(
        '聊天组件的每一个属性、特性与方法都列在这里：连接方式、回答格式、最低相关度、标签筛选与会话保存 persist，以及重置。',
        'persist',
      ),
      '…最低相关度、标签筛选与会话保存 [persist]，以及重置。',
    );
    // The cut falls between two characters, whatever their length in UTF-16.
    const cut = shown(`${'発表🎉'.repeat(20)}：persist`, 'persist');
    assert.equal(cut, `…表🎉${'発表🎉'.repeat(4)}：[persist]`);
    // Nor is a letter parted from its accent written apart; where the only space is the match's
    // own, the text before it is kept all the same.
    assert.equal(
      shown(`${'Cafe\u0301 '.repeat(14)}x${'e\u0301'.repeat(29)} persist`, 'persist'),
      `…${'e\u0301'.repeat(29)} [persist]`,
    );
  });
});

describe('typos', () => {
  const marked = (text: string, query: string, texts: string[] = [text]) =>
    highlightPieces(text, query, unheldTerms(query, texts))
      .map((piece) => (piece.match ? `[${piece.text}]` : piece.text))
      .join('');

  it('marks what a word one letter off was corrected to, when no result holds the word as typed', () => {
    assert.equal(marked('Theming the elements', 'thme'), '[Them]ing the elements');
    assert.equal(marked('Was this answer helpful?', 'helm'), 'Was this answer [help]ful?');
    assert.equal(marked('Configure the service', 'confgure servce'), '[Configure] the [service]');
  });

  it('marks no look-alike of a word that some result holds as typed, nor of a short word', () => {
    // "theme" is on the other result: these is no typo of it.
    assert.equal(
      marked('Use these properties', 'theme', ['Use these properties', 'Theme guide']),
      'Use these properties',
    );
    assert.deepEqual(unheldTerms('how to use it', ['Theming']), []);
    assert.equal(marked('The API key', 'kye'), 'The API key');
  });
});
