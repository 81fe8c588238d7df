import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PassageCoverageScorer, passageTermsOf } from '../../src/server/search/passage-terms.js';
import type { AnalysedQuery, TermAlternative } from '../../src/server/search/query-analysis.js';

/** A passage of these (sorted) term ids, those of `heading` in its heading. */
const passage = (distinct: number[], heading: number[] = []) => ({
  distinct: Uint32Array.from(distinct),
  heading: Uint32Array.from(heading),
});

/** A query of words, each given as its weight and its alternatives' ids and weights. */
const query = (...words: { weight: number; alternatives: [number, number][] }[]): AnalysedQuery => ({
  terms: words.map(({ weight, alternatives }, index) => ({
    word: `w${index}`,
    alternatives: alternatives.map(([id, match]): TermAlternative => ({
      id,
      term: String(id),
      weight: match,
    })),
    weight,
    importance: 1,
    prefix: false,
  })),
  totalWeight: words.reduce((sum, { weight }) => sum + weight, 0),
  question: false,
});

describe('PassageCoverageScorer.best', () => {
  // Five passages of a page; term 50 heads the fourth.
  const passages = [
    passage([3, 10, 20]),
    passage([10, 40]),
    passage([20, 30, 40]),
    passage([30, 50], [50]),
    passage([7]),
  ];
  const index = passageTermsOf(passages);

  it('counts each word by its best alternative in the passage, and again in its heading', () => {
    const scorer = new PassageCoverageScorer();
    // Alternatives out of id order, one id shared by two words, one weighing nothing, and
    // ids below the page's smallest term and above its largest.
    const asked = query(
      {
        weight: 2,
        alternatives: [
          [40, 0.5],
          [10, 1],
          [99, 1],
        ],
      },
      {
        weight: 1,
        alternatives: [
          [50, 1],
          [30, 0.8],
          [1, 1],
        ],
      },
      {
        weight: 3,
        alternatives: [
          [40, 1],
          [20, 0],
        ],
      },
    );
    // Most first, of equals the first in the page.
    assert.deepEqual(scorer.best(asked, index, passages.length, 5), [
      // 10 for the first word (1 × 2), 40 for the third (1 × 3).
      { local: 1, coverage: 5 },
      // 40 for the first word (0.5 × 2) and the third (1 × 3), 30 for the second (0.8 × 1).
      { local: 2, coverage: 4.8 },
      // 10 for the first word (1 × 2); 20 weighs nothing.
      { local: 0, coverage: 2 },
      // 50 for the second word, in the text and in the heading (1 × (1 + 1)).
      { local: 3, coverage: 2 },
    ]);
  });

  it('keeps the `limit` best, and reads each query afresh', () => {
    const scorer = new PassageCoverageScorer();
    const first = query({ weight: 1, alternatives: [[20, 1]] });
    assert.deepEqual(scorer.best(first, index, passages.length, 1), [{ local: 0, coverage: 1 }]);
    const second = query({
      weight: 1,
      alternatives: [
        [7, 1],
        [30, 0.9],
      ],
    });
    assert.deepEqual(scorer.best(second, index, passages.length, 2), [
      { local: 4, coverage: 1 },
      { local: 2, coverage: 0.9 },
    ]);
    // Nothing of the page: no passage.
    assert.deepEqual(
      scorer.best(query({ weight: 1, alternatives: [[60, 1]] }), index, passages.length, 3),
      [],
    );
  });
});
