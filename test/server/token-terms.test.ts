import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SourceDocument } from '../../src/server/content/document.js';
import { createOramaIndex } from '../../src/server/search/orama-index.js';
import { QueryAnalyser } from '../../src/server/search/query-analysis.js';
import { TextAnalyser } from '../../src/server/search/text-analyser.js';
import { TokenTerms } from '../../src/server/search/token-terms.js';
import { Vocabulary } from '../../src/server/search/vocabulary.js';
import { pageWithText } from './documents.js';

/** The links a search over these pages finds for a query, best first (three at most). */
async function searchOver(documents: SourceDocument[]): Promise<(query: string) => Promise<string[]>> {
  const index = createOramaIndex({ resultCacheSize: 0 });
  await index.load(documents);
  return async (query) => (await index.search(query, { limit: 3 })).map((hit) => hit.document.link);
}

describe('TokenTerms: indexed text as term ids', () => {
  it('reads the tokens that splitting at anything but letters, digits, `_`, `.` and `-` gives', () => {
    const analyser = new TextAnalyser();
    const vocabulary = new Vocabulary();
    const text =
      'Use Promise.all() with z-index: 3; café naïve 𝒳-axis 🙂emoji\uD800lone setCookie __proto__ — ünïcode 数据 end.';
    const ids = new TokenTerms(analyser, vocabulary).ids(text);
    const tokens = text.split(/[^\p{L}\p{N}_.-]+/u).filter((token) => token !== '');
    assert.ok(tokens.includes('𝒳-axis') && tokens.includes('数据'));
    const expected = tokens.flatMap((token) => analyser.terms(token));
    assert.deepEqual(
      ids.map((id) => vocabulary.term(id)),
      expected,
    );
  });

  it('gives every token its terms as the table of tokens grows, and a token seen before the same again', () => {
    const analyser = new TextAnalyser();
    const vocabulary = new Vocabulary();
    const tokenTerms = new TokenTerms(analyser, vocabulary);
    // Enough distinct tokens to grow every array of the table several times.
    const text = Array.from({ length: 100_000 }, (_, i) => `word${i.toString(36)} setCookie${i % 7}`).join(
      ' ',
    );
    const expected = text.split(' ').flatMap((token) => analyser.terms(token));
    assert.deepEqual(
      tokenTerms.ids(text).map((id) => vocabulary.term(id)),
      expected,
    );
    assert.deepEqual(
      tokenTerms.ids(text).map((id) => vocabulary.term(id)),
      expected,
    );
  });
});

describe('TextAnalyser.words', () => {
  it('gives a camel- or snake-case identifier whole and in parts', () => {
    const analyser = new TextAnalyser();
    assert.deepEqual(analyser.words('setCookie'), ['setcookie', 'set', 'cookie']);
    assert.deepEqual(analyser.words('LLM_BASE_URL'), ['llm_base_url', 'llm', 'base', 'url']);
    assert.deepEqual(analyser.words('__proto__ max_tokens'), ['__proto__', 'max_tokens', 'max', 'tokens']);
  });

  it('gives a name with its major version after a slash also written together, not a path', () => {
    const analyser = new TextAnalyser();
    assert.deepEqual(analyser.words('over HTTP/2 today'), ['over', 'http', '2', 'http2', 'today']);
    assert.deepEqual(analyser.words('HTTP/1.1 and /docs/2'), ['http', '1', '1', '1.1', 'and', 'docs', '2']);
    // At a sentence's end too; not a relative path nor a division.
    assert.deepEqual(analyser.words('called HTTP/2.'), ['called', 'http', '2', 'http2']);
    assert.deepEqual(analyser.words('docs/2 width/2'), ['docs', '2', 'width', '2']);
  });
});

describe('a name and its version, written with a slash or without', () => {
  it('find each other: HTTP/2 finds http2, and http2 HTTP/2', async () => {
    const links = await searchOver([
      pageWithText('/node', 'Node.js', 'Serve the app with the http2 module, encrypted.'),
      pageWithText('/protocol', 'Protocols', 'HTTP/2 multiplexes streams on one connection.'),
      pageWithText('/other', 'Other', 'HTTP caching, for pages that change little.'),
    ]);
    assert.deepEqual((await links('HTTP/2')).slice(0, 2).sort(), ['/node', '/protocol']);
    assert.deepEqual((await links('http2')).sort(), ['/node', '/protocol']);
  });

  it('adds a term to a typed search, not a word that would make it a question', () => {
    const analyser = new TextAnalyser();
    const vocabulary = new Vocabulary();
    for (const word of ['http', '2', 'http2', 'server', 'push']) vocabulary.add(analyser.term(word));
    vocabulary.prepare();
    const analysed = new QueryAnalyser(analyser, vocabulary).analyse('HTTP/2 server', true);
    assert.equal(analysed.question, false);
    assert.deepEqual(
      analysed.terms.map((term) => term.word),
      ['http', '2', 'server', 'http2'],
    );
  });
});

describe('an identifier typed whole', () => {
  it('finds the page that writes it first, as one word typed and not a question of its parts', async () => {
    const links = await searchOver([
      pageWithText('/config', 'Configuration', 'Set LLM_BASE_URL to the endpoint of your model.'),
      pageWithText('/llm', 'LLM providers', 'Which LLM to use, the base of its url and its key.'),
      pageWithText('/other', 'Other', 'Nothing about models here.'),
    ]);
    const top = async (query: string) => (await links(query))[0];
    assert.equal(await top('LLM_BASE_URL'), '/config');
    assert.equal(await top('llm'), '/llm');
  });
});
