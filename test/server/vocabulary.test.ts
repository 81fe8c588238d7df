import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Vocabulary } from '../../src/server/search/vocabulary.js';

describe('Vocabulary completions', () => {
  it('gives the most frequent terms with a start, of equals the first in alphabetical order, however many start with it', () => {
    const vocabulary = new Vocabulary();
    const terms: string[] = [];
    // Thousands of terms starting `a` and `ab`, a few `b`, with frequencies that tie often.
    for (let i = 0; i < 3000; i++) terms.push(`a${(i * 7919).toString(36)}`, `ab${i.toString(36)}`);
    for (let i = 0; i < 20; i++) terms.push(`b${i}`);
    const ids = terms.map((term) => vocabulary.add(term));
    ids.forEach((id, i) => {
      for (let n = 0; n < (i * 31) % 17; n++) vocabulary.countPassage(Uint32Array.of(id));
      if (i % 5 === 0) vocabulary.countName(id);
    });
    const named = new Set(ids.filter((_, i) => i % 5 === 0));
    const frequency = (term: string): number => {
      const id = vocabulary.id(term) as number;
      return vocabulary.documentFrequency(id) + 20 * (named.has(id) ? 1 : 0);
    };
    const expected = (prefix: string, limit: number): string[] =>
      terms
        .filter((term) => term.startsWith(prefix))
        .sort((a, b) => frequency(b) - frequency(a) || (a < b ? -1 : 1))
        .slice(0, limit);
    for (const prefix of ['a', 'ab', 'a1', 'ab1', 'b', 'b1', 'c', 'a0zz'])
      for (const limit of [1, 6, 12])
        assert.deepEqual(vocabulary.completions(prefix, limit), expected(prefix, limit), prefix);
  });
});
