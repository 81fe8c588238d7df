/**
 * What a hostile visitor's requests may make the service keep or do, through a real socket: the
 * bounds that keep one request, or many, cheap (see bench/adversarial-queries.ts for the costs).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { OramaSearchIndex } from '../../src/server/search/orama-index.js';
import { TextAnalyser } from '../../src/server/search/text-analyser.js';
import { DEMO_KEY, type TestService, configWith, startTestService } from './service-harness.js';

/** A word of `length` letters of the Cyrillic alphabet (two bytes each in memory), distinct per n. */
function longWord(n: number, length: number): string {
  const alphabet = 'абвгдежзиклмнопрстуфхцчшщэюя';
  let word = '';
  for (let i = 0, x = n + 1; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    word += alphabet[x % alphabet.length];
  }
  return word;
}

describe('hostile queries', () => {
  let service: TestService;
  const analyser = () => (service.index as OramaSearchIndex).analyser;

  before(async () => {
    // In one thread, so the test can read what the index keeps.
    service = await startTestService({ config: configWith(), indexThread: false });
  });
  after(() => service.close());

  it('keeps no term of a long word a visitor typed', async () => {
    const kept = analyser().cached;
    for (let n = 0; n < 40; n++) {
      const query = n % 2 === 0 ? longWord(n, 1000) : `${longWord(n, 65)} ${longWord(n + 1000, 300)}`;
      for (const path of ['/bot/search', '/bot/askai']) {
        const { status } = await service.postJson(path, {
          apiKey: DEMO_KEY,
          query,
          numDocs: 5,
          conversationId: '',
        });
        assert.equal(status, 200);
      }
    }
    // Each request's words were stemmed and kept: 2,000 characters or more for each.
    assert.deepEqual(analyser().cached, kept);
    // Short words are still kept, as the site's are.
    await service.postJson('/bot/search', { apiKey: DEMO_KEY, query: 'зеркальце', numDocs: 5 });
    assert.equal(analyser().cached.words, kept.words + 1);
  });
});

describe('TextAnalyser', () => {
  it('keeps the terms of 8 million characters at most', () => {
    const analyser = new TextAnalyser();
    for (let n = 0; analyser.cached.words < 200_000; n++) {
      const before = analyser.cached.words;
      analyser.term(`${n.toString(36).padStart(8, '0')}${'x'.repeat(56)}`);
      if (analyser.cached.words === before) break;
    }
    assert.ok(analyser.cached.characters <= 8_000_000 + 128, String(analyser.cached.characters));
    assert.ok(analyser.cached.words < 70_000, String(analyser.cached.words));
  });
});
