import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  EVIDENCE,
  EVIDENCE_STRIDE,
  IN_NAME,
  PagePostings,
  type PageEvidence,
  type PageFieldTerms,
} from '../../src/server/search/page-postings.js';
import type { AnalysedQuery, TermAlternative } from '../../src/server/search/query-analysis.js';

const fields = (
  name: number[],
  body: number[],
  description: number[] = [],
  mentions: number[] = [],
): PageFieldTerms => ({
  name: Uint32Array.from(name),
  slug: Uint32Array.from([]),
  headings: Uint32Array.from([]),
  description: Uint32Array.from(description),
  body: Uint32Array.from(body),
  mentions: Uint32Array.from(mentions),
});

/** A query of whole words (term ids), each weighing 1. */
const query = (...ids: number[]): AnalysedQuery => ({
  terms: ids.map((id) => ({
    word: String(id),
    alternatives: [{ id, term: String(id), weight: 1 }],
    weight: 1,
    importance: 1,
    prefix: false,
  })),
  totalWeight: ids.length,
  question: false,
});

/** The query with its `index`th word standing for these alternatives (a completion, a synonym…). */
function withAlternatives(
  analysed: AnalysedQuery,
  index: number,
  alternatives: TermAlternative[],
  prefix = false,
): AnalysedQuery {
  const terms = analysed.terms.slice();
  terms[index] = { ...terms[index]!, alternatives, prefix };
  return { ...analysed, terms };
}

/** One of a page's gathered values (0 for a page the query did not touch). */
function value(evidence: PageEvidence, key: keyof typeof EVIDENCE, page: number): number {
  const row = evidence.pages.subarray(0, evidence.count).indexOf(page);
  return row < 0 ? 0 : (evidence.values[row * EVIDENCE_STRIDE + EVIDENCE[key]] as number);
}

/** The pages a query gathers, in page order. */
function pagesFound(postings: PagePostings, analysed: AnalysedQuery): number[] {
  const evidence = postings.gather(analysed);
  const found = [...evidence.pages.subarray(0, evidence.count)].sort((a, b) => a - b);
  postings.release(evidence);
  return found;
}

describe('PagePostings (BM25F over page fields)', () => {
  // Terms: 0 "cookie", 1 "helper", 2 "header", 3 "set".
  const postings = new PagePostings(
    [fields([0, 1], [0, 3]), fields([2], [0, 2, 2, 3]), fields([3], [3, 3])],
    4,
  );

  it('scores a word in the name above the same word in the body', () => {
    const evidence = postings.gather(query(0));
    try {
      assert.equal(evidence.count, 2);
      assert.ok(value(evidence, 'bm25', 0) > value(evidence, 'bm25', 1));
      assert.equal(value(evidence, 'nameWords', 0), 1);
      assert.equal(value(evidence, 'nameWords', 1), 0);
    } finally {
      postings.release(evidence);
    }
  });

  it('gathers how much of the query each page covers, and where', () => {
    const evidence = postings.gather(query(0, 2));
    try {
      assert.equal(value(evidence, 'covered', 1), 2);
      assert.equal(value(evidence, 'covered', 0), 1);
      assert.equal(value(evidence, 'coveredInName', 1), 1);
      assert.equal(value(evidence, 'bm25', 2), 0);
    } finally {
      postings.release(evidence);
    }
  });

  it('leaves nothing behind for the next query', () => {
    postings.release(postings.gather(query(0, 2, 3)));
    const evidence = postings.gather(query(1));
    try {
      assert.equal(evidence.count, 1);
      assert.equal(value(evidence, 'covered', 1), 0);
      assert.equal(value(evidence, 'bm25', 1), 0);
    } finally {
      postings.release(evidence);
    }
  });

  it('knows document frequencies and the fields of each name', () => {
    assert.equal(postings.documentFrequency(3), 3);
    assert.equal(postings.documentFrequency(1), 1);
    assert.ok(postings.idf(1) > postings.idf(3));
    assert.equal(postings.nameLength[0], 2);
    assert.equal(IN_NAME, 1);
  });

  it('counts words only other pages use for a page in its mentions and BM25F, not in what it covers', () => {
    // Page 0: name "cookie" (0), body "header" (2), mentioned with "set" (3).
    const postings = new PagePostings([fields([0], [2], [], [3]), fields([1], [2])], 4);
    const onlyMentioned = postings.gather(query(3));
    assert.ok(value(onlyMentioned, 'bm25', 0) > 0);
    assert.equal(value(onlyMentioned, 'covered', 0), 0);
    assert.equal(value(onlyMentioned, 'coveredInMentions', 0), 1);
    postings.release(onlyMentioned);
    // A word whose exact term only the mentions hold, and whose correction the body holds: the
    // page covers it as much as the correction counts.
    const corrected: AnalysedQuery = {
      ...query(3),
      terms: [
        {
          word: 'set',
          alternatives: [
            { id: 3, term: '3', weight: 1 },
            { id: 2, term: '2', weight: 0.3 },
          ],
          weight: 1,
          importance: 1,
          prefix: false,
        },
      ],
    };
    const evidence = postings.gather(corrected);
    assert.equal(value(evidence, 'covered', 0), 0.3);
    assert.equal(value(evidence, 'coveredInMentions', 0), 1);
    postings.release(evidence);
  });

  it('lets a common word add the pages it names to those rarer words found, not every page it is on', () => {
    // 1,000 pages. Term 0 (rare) on pages 0 and 1. Term 1 (common: on 80 pages, more than 2%)
    // names page 500 and is in the text of 501–579. Term 2 (on 200 pages, more than a tenth)
    // names page 600 and is in the text of 601–799.
    const pages = Array.from({ length: 1000 }, (_, page) => {
      if (page < 2) return fields([], [0]);
      if (page === 500) return fields([1], []);
      if (page > 500 && page < 580) return fields([], [1]);
      if (page === 600) return fields([2], []);
      if (page > 600 && page < 800) return fields([], [2]);
      return fields([], [3]);
    });
    const postings = new PagePostings(pages, 4);
    const found = (analysed: AnalysedQuery): number[] => pagesFound(postings, analysed);
    assert.deepEqual(found(query(0, 1)), [0, 1, 500]);
    assert.deepEqual(found(query(0, 2)), [0, 1]);
    // The word with a synonym beside it (scored through the per-word scratch) finds the same.
    const withSynonym = withAlternatives(query(0, 1), 1, [
      { id: 1, term: '1', weight: 1 },
      { id: 3, term: '3', weight: 0.6 },
    ]);
    assert.deepEqual(found(withSynonym), [0, 1, 500]);
    // A completion of what is being typed names nothing new.
    const completed = withAlternatives(query(0, 1), 1, [{ id: 1, term: '1', weight: 0.9 }], true);
    assert.deepEqual(found(completed), [0, 1]);
  });

  it("adds a common word to the few pages already found as a scan of the word's pages would", () => {
    // 1,000 pages. Term 0 (rare) on pages 3 and 700; term 2 (common, on more than a tenth of the
    // pages, so it finds none by its name) in the text of 600–799; term 1, a synonym of it, in
    // the text of 650–749. Two pages found against 200 postings: the common word is looked up
    // in each found page's postings, not its postings scanned.
    const pages = Array.from({ length: 1000 }, (_, page) => {
      const body = [...(page === 3 || page === 700 ? [0] : []), ...(page >= 600 && page < 800 ? [2] : [])];
      if (page >= 650 && page < 750) body.push(1);
      return fields([], body.length > 0 ? body : [3]);
    });
    const postings = new PagePostings(pages, 4);
    /** Page 700's row of values for the query (all 0 for a page not found). */
    const row = (analysed: AnalysedQuery): number[] => {
      const evidence = postings.gather(analysed);
      const values = (Object.keys(EVIDENCE) as (keyof typeof EVIDENCE)[]).map((key) =>
        value(evidence, key, 700),
      );
      postings.release(evidence);
      return values;
    };
    const synonym: TermAlternative = { id: 1, term: '1', weight: 0.6 };
    assert.deepEqual(pagesFound(postings, query(0, 2)), [3, 700]);
    // Alone, each word is scanned over all its pages; together, page 700 adds up the same.
    const rare = row(query(0));
    const common = row(query(2));
    assert.ok((common[EVIDENCE.bm25] as number) > 0);
    assert.deepEqual(
      row(query(0, 2)),
      rare.map((rareValue, at) => rareValue + (common[at] as number)),
    );
    // With its synonym, the word counts by its better match on page 700, as scanned alone.
    const withSynonym = withAlternatives(query(0, 2), 1, [{ id: 2, term: '2', weight: 1 }, synonym]);
    assert.deepEqual(pagesFound(postings, withSynonym), [3, 700]);
    const bySynonym = row(withAlternatives(query(1), 0, [synonym]));
    assert.equal(
      row(withSynonym)[EVIDENCE.bm25],
      (rare[EVIDENCE.bm25] as number) +
        Math.max(common[EVIDENCE.bm25] as number, bySynonym[EVIDENCE.bm25] as number),
    );
  });

  it("in a typed search, ranks a word by how rare the word itself is, not its rarest completion's", () => {
    // 1,000 pages. Term 0 (common: the text of 100 pages) has a completion, term 1, on page 0
    // only; term 2 (rare) is on pages 200 and 201. Typed `0 2`, the word 0 is the common one:
    // the rare word finds pages first and 0 only adds to them.
    const pages = Array.from({ length: 1000 }, (_, page) => {
      if (page === 0) return fields([], [0, 1]);
      if (page < 100) return fields([], [0]);
      if (page === 200 || page === 201) return fields([], [0, 2]);
      return fields([], [3]);
    });
    const postings = new PagePostings(pages, 4);
    const found = (analysed: AnalysedQuery): number[] => pagesFound(postings, analysed);
    const typed = withAlternatives(query(0, 2), 0, [
      { id: 0, term: '0', weight: 1 },
      { id: 1, term: '1', weight: 0.45 },
    ]);
    assert.deepEqual(found(typed), [0, 200, 201]);
    // A compound the word makes with the next counts as the word itself, and is as rare as its
    // pages (term 1 again, now on page 0 alone at full weight): the word stays common.
    const compounded = withAlternatives(query(0, 2), 0, [
      { id: 1, term: '1', weight: 1 },
      { id: 0, term: '0', weight: 1 },
    ]);
    assert.deepEqual(found(compounded), [0, 200, 201]);
    // In a question, a word's rarest alternative (a synonym few pages use) goes first, and finds
    // the pages that put the question in other words: here, all of the word's.
    const pagesOfCommonWord = found({ ...typed, question: true });
    assert.equal(pagesOfCommonWord.length, 102);
  });

  it('in a typed search, lets a common completion find only the pages it names or outlines', () => {
    // 1,000 pages. Term 0, what was typed, is on page 0; its completion, term 1, names page 5 and
    // is in the text of pages 5–104 (common).
    const pages = Array.from({ length: 1000 }, (_, page) => {
      if (page === 0) return fields([], [0]);
      if (page === 5) return fields([1], [1]);
      if (page > 5 && page < 105) return fields([], [1]);
      return fields([], [2]);
    });
    const postings = new PagePostings(pages, 3);
    const completion: TermAlternative = { id: 1, term: '1', weight: 0.45 };
    const typing = withAlternatives(query(0), 0, [{ id: 0, term: '0', weight: 1 }, completion], true);
    assert.deepEqual(pagesFound(postings, typing), [0, 5]);
    assert.equal(pagesFound(postings, { ...typing, question: true }).length, 101);
    // The completion alone (what was typed is no word of the site) finds the same page.
    assert.deepEqual(pagesFound(postings, withAlternatives(query(0), 0, [completion], true)), [5]);
    // A correction that no page names or outlines still finds the pages that say it.
    const inTextOnly = new PagePostings(
      Array.from({ length: 1000 }, (_, page) => (page < 100 ? fields([], [1]) : fields([], [2]))),
      3,
    );
    const corrected = withAlternatives(query(1), 0, [{ id: 1, term: '1', weight: 0.8 }]);
    assert.equal(pagesFound(inTextOnly, corrected).length, 100);
  });
});
