import type { AnalysedQuery } from './query-analysis.js';

/** The term ids of one page, field by field. */
export interface PageFieldTerms {
  /** The page's name: its title and the last segment of its link (`/docs/helpers/cookie`). */
  name: Uint32Array;
  /** The last segment of its link alone: `cookie`, `z-index`, `canvas_api`. */
  slug: Uint32Array;
  headings: Uint32Array;
  description: Uint32Array;
  /** Every section's text. */
  body: Uint32Array;
}

/**
 * BM25F: how much an occurrence in each field counts, and how strongly each field's length
 * normalises it. A page's name is what it is about (MDN's `Array.prototype.map()`, Hono's
 * `Cookie Helper`); its headings and description say what it covers; its body mentions things.
 */
const FIELDS: readonly { key: keyof PageFieldTerms; weight: number; b: number; bit: number }[] = [
  { key: 'name', weight: 6, b: 0.5, bit: 1 },
  { key: 'headings', weight: 2, b: 0.6, bit: 2 },
  { key: 'description', weight: 1.5, b: 0.5, bit: 4 },
  { key: 'body', weight: 1, b: 0.75, bit: 8 },
];
export const IN_NAME = 1;
export const IN_HEADINGS = 2;
export const IN_DESCRIPTION = 4;
export const IN_SLUG = 16;
const OUTLINE = IN_NAME | IN_HEADINGS | IN_DESCRIPTION;

const K1 = 1.2;
/** A word on more than this share of the pages (and at least COMMON_MIN_PAGES) is common. */
const COMMON_SHARE = 0.02;
const COMMON_MIN_PAGES = 50;

/**
 * What one query gathers about each page it touches, in one reusable array: page `p`'s values
 * are `values[p * EVIDENCE_STRIDE + …]`, at these offsets, side by side in one cache line (a
 * query touches thousands of pages here and there in the site; one line each is the fastest).
 */
export const EVIDENCE = {
  /** BM25F of the page for the query. */
  bm25: 0,
  /** Sum of the weights of the query words the page contains anywhere (× the match's weight). */
  covered: 1,
  /** The same, for words in the page's name. */
  coveredInName: 2,
  /** The same, for words in its name, headings or description. */
  coveredInOutline: 3,
  /** The same, for words in its description. */
  coveredInDescription: 4,
  /** Distinct query words found in the page's name, each by the weight of its match there. */
  nameWords: 5,
  /** Distinct query words found in the page's slug, each by the weight of its match there. */
  slugWords: 6,
} as const;
export const EVIDENCE_STRIDE = 8;
/** The last of a page's values is 1 when the query touched it (in the same cache line). */
const TOUCHED = 7;

export interface PageEvidence {
  /** Pages touched by the query, `count` of them. */
  readonly pages: Uint32Array;
  count: number;
  /** The values of each page (see `EVIDENCE`), 0 for pages the query did not touch. */
  readonly values: Float64Array;
  /** The highest BM25F of a page. */
  maxBm25: number;
}

/** The current query word's best match per page: score, coverage weight, weight in name, in slug. */
const WORD_STRIDE = 4;

/**
 * The inverted index of pages: for each term, the pages holding it, with the term's BM25F
 * weighted frequency (fields weighted and length-normalised at build time, so a query only adds)
 * and the fields it occurs in, in flat typed arrays. One pass over the postings of the query's
 * terms gives every page's BM25F score and how much of the query it covers, where.
 */
export class PagePostings {
  /** offsets[t]..offsets[t+1] delimit term t's postings. */
  readonly #offsets: Uint32Array;
  readonly #pages: Uint32Array;
  readonly #frequencies: Float32Array;
  readonly #fields: Uint8Array;
  readonly #pageCount: number;
  /** Number of terms in each page's name (distinct). */
  readonly nameLength: Uint16Array;
  /** Number of terms in each page's slug (distinct). */
  readonly slugLength: Uint16Array;

  /**
   * Scratch space, reused across queries: the best match of the current query word per page
   * (WORD_STRIDE values each: its BM25F score, its weight, and the best weight with which it
   * matches the page's name, and its slug), and the fields it was found in.
   */
  readonly #word: Float64Array;
  readonly #wordFields: Uint8Array;
  readonly #wordTouched: Uint32Array;
  readonly #evidence: PageEvidence;

  constructor(pages: PageFieldTerms[], vocabularySize: number) {
    const pageCount = pages.length;
    this.#pageCount = pageCount;
    this.nameLength = new Uint16Array(pageCount);
    this.slugLength = new Uint16Array(pageCount);

    const averages = FIELDS.map(({ key }) => {
      let total = 0;
      for (const page of pages) total += page[key].length;
      return Math.max(1, total / Math.max(1, pageCount));
    });

    // Per page: its distinct terms with weighted frequencies and fields.
    const frequency = new Float64Array(vocabularySize);
    const fields = new Uint8Array(vocabularySize);
    const touched = new Uint32Array(vocabularySize);
    const counts = new Uint32Array(vocabularySize + 1);
    const perPage: { ids: Uint32Array; frequencies: Float32Array; fields: Uint8Array }[] = [];
    pages.forEach((page, pageIndex) => {
      let touchedCount = 0;
      FIELDS.forEach(({ key, weight, b, bit }, fieldIndex) => {
        const terms = page[key];
        if (terms.length === 0) return;
        const norm = weight / (1 - b + (b * terms.length) / (averages[fieldIndex] as number));
        for (const term of terms) {
          if (fields[term] === 0) touched[touchedCount++] = term;
          fields[term] = (fields[term] as number) | bit;
          frequency[term] = (frequency[term] as number) + norm;
        }
      });
      for (const term of page.slug) {
        if (fields[term] === 0) touched[touchedCount++] = term;
        fields[term] = (fields[term] as number) | IN_SLUG;
      }
      const ids = touched.slice(0, touchedCount);
      const pageFrequencies = new Float32Array(touchedCount);
      const pageFields = new Uint8Array(touchedCount);
      let nameTerms = 0;
      let slugTerms = 0;
      for (let i = 0; i < touchedCount; i++) {
        const term = ids[i] as number;
        pageFrequencies[i] = frequency[term] as number;
        pageFields[i] = fields[term] as number;
        if ((pageFields[i] as number) & IN_NAME) nameTerms++;
        if ((pageFields[i] as number) & IN_SLUG) slugTerms++;
        counts[term + 1] = (counts[term + 1] as number) + 1;
        frequency[term] = 0;
        fields[term] = 0;
      }
      this.nameLength[pageIndex] = Math.min(65535, nameTerms);
      this.slugLength[pageIndex] = Math.min(65535, slugTerms);

      perPage.push({ ids, frequencies: pageFrequencies, fields: pageFields });
    });
    for (let t = 1; t <= vocabularySize; t++) counts[t] = (counts[t] as number) + (counts[t - 1] as number);
    this.#offsets = counts;
    const total = counts[vocabularySize] as number;
    this.#pages = new Uint32Array(total);
    this.#frequencies = new Float32Array(total);
    this.#fields = new Uint8Array(total);
    const cursor = counts.slice(0, vocabularySize);
    perPage.forEach(({ ids, frequencies, fields: pageFields }, pageIndex) => {
      for (let i = 0; i < ids.length; i++) {
        const term = ids[i] as number;
        const at = cursor[term] as number;
        this.#pages[at] = pageIndex;
        this.#frequencies[at] = frequencies[i] as number;
        this.#fields[at] = pageFields[i] as number;
        cursor[term] = at + 1;
      }
    });

    this.#word = new Float64Array(pageCount * WORD_STRIDE);
    this.#wordFields = new Uint8Array(pageCount);
    this.#wordTouched = new Uint32Array(pageCount);
    this.#evidence = {
      pages: new Uint32Array(pageCount),
      count: 0,
      values: new Float64Array(pageCount * EVIDENCE_STRIDE),
      maxBm25: 0,
    };
  }

  /** Number of pages holding the term. */
  documentFrequency(term: number): number {
    return (this.#offsets[term + 1] as number) - (this.#offsets[term] as number);
  }

  /** BM25's inverse document frequency over pages. */
  idf(term: number): number {
    const df = this.documentFrequency(term);
    return Math.log(1 + (this.#pageCount - df + 0.5) / (df + 0.5));
  }

  /**
   * Scores every page holding a word of the query. Each query word counts once per page, by its
   * best alternative (the word itself, a completion, a correction, a synonym). The evidence is
   * valid until the next call (its arrays are reused), and must be released with `release`.
   */
  gather(query: AnalysedQuery): PageEvidence {
    const evidence = this.#evidence;
    const { pages: touchedPages, values } = evidence;
    const word = this.#word;
    const wordFields = this.#wordFields;
    const wordTouched = this.#wordTouched;
    const postingPages = this.#pages;
    const postingFields = this.#fields;
    const frequencies = this.#frequencies;
    const offsets = this.#offsets;
    let count = 0;
    // A page's BM25F only grows (each word adds its best score, at least 0): its highest is the highest seen.
    let maxBm25 = 0;
    // Rare words first. Once they have found pages, a word on a large share of the site (`use`,
    // `element`, the completions of `a`) only adds to pages already found: a page matching
    // nothing but common words is not what was asked, and scoring thousands of them is most of
    // the cost of a query on a large site.
    const commonAbove = Math.max(COMMON_MIN_PAGES, this.#pageCount * COMMON_SHARE);
    const ordered = query.terms.map((term) => ({ term, df: this.#rarest(term) })).sort((a, b) => a.df - b.df);
    for (const { term, df } of ordered) {
      // A query of common words only (`local`, `requ`): the pages naming or outlining them are
      // the candidates, not every page that mentions them (all of them when none does).
      const outlineOnly = count === 0 && df > commonAbove && this.#outlineFrequency(term) > 0;
      let touchedCount = 0;
      for (const alternative of term.alternatives) {
        const start = offsets[alternative.id] as number;
        const end = offsets[alternative.id + 1] as number;
        const idf = Math.log(1 + (this.#pageCount - (end - start) + 0.5) / (end - start + 0.5));
        const weight = idf * alternative.weight * term.importance;
        const matchWeight = alternative.weight;
        const onlyFound = count > 0 && end - start > commonAbove;
        for (let i = start; i < end; i++) {
          const page = postingPages[i] as number;
          if (onlyFound && values[page * EVIDENCE_STRIDE + TOUCHED] === 0) continue;
          const fieldBits = postingFields[i] as number;
          if (outlineOnly && (fieldBits & OUTLINE) === 0) continue;
          const tf = frequencies[i] as number;
          const score = (weight * tf * (K1 + 1)) / (tf + K1);
          const at = page * WORD_STRIDE;
          const fieldsBefore = wordFields[page] as number;
          if (fieldsBefore === 0) wordTouched[touchedCount++] = page;
          if (score > (word[at] as number)) word[at] = score;
          if (matchWeight > (word[at + 1] as number)) word[at + 1] = matchWeight;
          wordFields[page] = fieldsBefore | fieldBits;
          // A completion (`fetch` → `fetchLater`) names a page less than the word itself does.
          if (fieldBits & IN_NAME && matchWeight > (word[at + 2] as number)) word[at + 2] = matchWeight;
          if (fieldBits & IN_SLUG && matchWeight > (word[at + 3] as number)) word[at + 3] = matchWeight;
        }
      }
      const termWeight = term.weight;
      for (let i = 0; i < touchedCount; i++) {
        const page = wordTouched[i] as number;
        const at = page * WORD_STRIDE;
        const base = page * EVIDENCE_STRIDE;
        if (values[base + TOUCHED] === 0) {
          values[base + TOUCHED] = 1;
          touchedPages[count++] = page;
        }
        const bm25 = (values[base + EVIDENCE.bm25] as number) + (word[at] as number);
        values[base + EVIDENCE.bm25] = bm25;
        if (bm25 > maxBm25) maxBm25 = bm25;
        const share = termWeight * (word[at + 1] as number);
        values[base + EVIDENCE.covered] = (values[base + EVIDENCE.covered] as number) + share;
        const where = wordFields[page] as number;
        if (where & IN_NAME) {
          const inName = word[at + 2] as number;
          values[base + EVIDENCE.coveredInName] =
            (values[base + EVIDENCE.coveredInName] as number) + termWeight * inName;
          values[base + EVIDENCE.nameWords] = (values[base + EVIDENCE.nameWords] as number) + inName;
        }
        if (where & (IN_NAME | IN_HEADINGS | IN_DESCRIPTION))
          values[base + EVIDENCE.coveredInOutline] =
            (values[base + EVIDENCE.coveredInOutline] as number) + share;
        if (where & IN_DESCRIPTION)
          values[base + EVIDENCE.coveredInDescription] =
            (values[base + EVIDENCE.coveredInDescription] as number) + share;
        if (where & IN_SLUG)
          values[base + EVIDENCE.slugWords] =
            (values[base + EVIDENCE.slugWords] as number) + (word[at + 3] as number);
        word[at] = 0;
        word[at + 1] = 0;
        word[at + 2] = 0;
        word[at + 3] = 0;
        wordFields[page] = 0;
      }
    }
    evidence.count = count;
    evidence.maxBm25 = maxBm25;
    return evidence;
  }

  /** The number of pages holding the rarest of the word's alternatives. */
  #rarest(term: AnalysedQuery['terms'][number]): number {
    let least = Infinity;
    for (const alternative of term.alternatives)
      least = Math.min(least, this.documentFrequency(alternative.id));
    return least;
  }

  /** Number of postings of the word's alternatives in a page's name, headings or description. */
  #outlineFrequency(term: AnalysedQuery['terms'][number]): number {
    let found = 0;
    for (const alternative of term.alternatives) {
      const end = this.#offsets[alternative.id + 1] as number;
      for (let i = this.#offsets[alternative.id] as number; i < end; i++)
        if ((this.#fields[i] as number) & OUTLINE) found++;
    }
    return found;
  }

  /** Clears the evidence of the last query, touching only the pages it touched. */
  release(evidence: PageEvidence): void {
    const { pages, values } = evidence;
    for (let i = 0; i < evidence.count; i++) {
      const page = pages[i] as number;
      const at = page * EVIDENCE_STRIDE;
      values[at] = 0;
      values[at + 1] = 0;
      values[at + 2] = 0;
      values[at + 3] = 0;
      values[at + 4] = 0;
      values[at + 5] = 0;
      values[at + 6] = 0;
      values[at + 7] = 0;
    }
    evidence.count = 0;
    evidence.maxBm25 = 0;
  }
}
