import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createOramaIndex } from '../../src/server/search/orama-index.js';
import { TextAnalyser } from '../../src/server/search/text-analyser.js';
import { TokenTerms } from '../../src/server/search/token-terms.js';
import { Vocabulary } from '../../src/server/search/vocabulary.js';
import { pageWithText } from './documents.js';

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
});

describe('an identifier typed whole', () => {
  it('finds the page that writes it first, as one word typed and not a question of its parts', async () => {
    const index = createOramaIndex({ resultCacheSize: 0 });
    await index.load([
      pageWithText('/config', 'Configuration', 'Set LLM_BASE_URL to the endpoint of your model.'),
      pageWithText('/llm', 'LLM providers', 'Which LLM to use, the base of its url and its key.'),
      pageWithText('/other', 'Other', 'Nothing about models here.'),
    ]);
    const top = async (query: string) => (await index.search(query, { limit: 1 }))[0]?.document.link;
    assert.equal(await top('LLM_BASE_URL'), '/config');
    assert.equal(await top('llm'), '/llm');
  });
});
