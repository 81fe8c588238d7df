import { grown } from './id-arena.js';
import type { AnalysedQuery, TermAlternative } from './query-analysis.js';

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
  /** What other pages say where they link to it (see `linkGraph`). */
  mentions: Uint32Array;
}

/**
 * BM25F: how much an occurrence in each field counts, and how strongly each field's length
 * normalises it. A page's name is what it is about (MDN's `Array.prototype.map()`, Hono's
 * `Cookie Helper`); its headings and description say what it covers; its body mentions things;
 * its mentions, what other pages say where they link to it, often say it in a visitor's words.
 */
const FIELDS: readonly { key: keyof PageFieldTerms; weight: number; b: number; bit: number }[] = [
  { key: 'name', weight: 6, b: 0.5, bit: 1 },
  { key: 'headings', weight: 2, b: 0.6, bit: 2 },
  { key: 'description', weight: 1.5, b: 0.5, bit: 4 },
  { key: 'body', weight: 1, b: 0.75, bit: 8 },
  { key: 'mentions', weight: 2, b: 0.75, bit: 32 },
];
export const IN_NAME = 1;
export const IN_HEADINGS = 2;
export const IN_DESCRIPTION = 4;
export const IN_SLUG = 16;
export const IN_MENTIONS = 32;
const OUTLINE = IN_NAME | IN_HEADINGS | IN_DESCRIPTION;

/** A word on more than this share of the pages (and at least COMMON_MIN_PAGES) is common. */
const COMMON_SHARE = 0.02;
const COMMON_MIN_PAGES = 50;
/**
 * A common word on at most this share of the pages still finds the pages it names: `promise`
 * finds *Promise.all()*, `shadow` *box-shadow*, though neither holds the question's rarer words.
 * A word on more (`javascript`, `css`, `api`) names whole sections of the site, not a topic.
 */
const NAMING_SHARE = 0.1;

/**
 * What one query gathers about each page it touches, in one reusable array: the `i`th page
 * found, `pages[i]`, has its values at `values[i * EVIDENCE_STRIDE + …]`, at these offsets. Rows
 * go in the order pages are found, not by page number: a query touches a few thousand pages
 * scattered over the site, and their rows side by side stay in the CPU's cache (rows at their
 * page numbers would spread over half a megabyte at 10,000 pages).
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
  /** The same, for words in its mentions. */
  coveredInMentions: 7,
} as const;
export const EVIDENCE_STRIDE = 8;

export interface PageEvidence {
  /** Pages touched by the query, `count` of them, in the order found. */
  readonly pages: Uint32Array;
  count: number;
  /**
   * The values of each page found, in the same order (see `EVIDENCE`); rows from `count` on hold
   * what earlier queries left (a row is cleared when a page takes it).
   */
  readonly values: Float64Array;
  /** The highest BM25F of a page. */
  maxBm25: number;
}

/**
 * The current query word's best match per page: score, weight in the page's own fields (all but
 * its mentions), in its name, in its slug, in its mentions.
 */
const WORD_STRIDE = 5;

/**
 * Adds a query word's best match on a page to the page's row of evidence values: `score` its
 * BM25F score, `match` its weight in the page's own fields (0 when only its mentions hold it),
 * `where` the fields it was found in, `inName`, `inSlug` and `inMentions` its weight there.
 *
 * It runs for every posting a query scans, so the offsets and field bits it uses are literals
 * here, each declared with its constant's type, so that the compiler checks they are the same:
 * V8 reads a module's constants from memory at every use (and checks the shape of an object
 * such as EVIDENCE), which cost 4% of a search at 10,000 pages.
 */
function addWord(
  values: Float64Array,
  row: number,
  termWeight: number,
  score: number,
  match: number,
  where: number,
  inName: number,
  inSlug: number,
  inMentions: number,
): void {
  const stride: typeof EVIDENCE_STRIDE = 8;
  const bm25: typeof EVIDENCE.bm25 = 0;
  const covered: typeof EVIDENCE.covered = 1;
  const coveredInName: typeof EVIDENCE.coveredInName = 2;
  const coveredInOutline: typeof EVIDENCE.coveredInOutline = 3;
  const coveredInDescription: typeof EVIDENCE.coveredInDescription = 4;
  const nameWords: typeof EVIDENCE.nameWords = 5;
  const slugWords: typeof EVIDENCE.slugWords = 6;
  const coveredInMentions: typeof EVIDENCE.coveredInMentions = 7;
  const nameBit: typeof IN_NAME = 1;
  const descriptionBit: typeof IN_DESCRIPTION = 4;
  const slugBit: typeof IN_SLUG = 16;
  const mentionsBit: typeof IN_MENTIONS = 32;
  const headingsBit: typeof IN_HEADINGS = 2;
  const at = row * stride;
  values[at + bm25] = (values[at + bm25] as number) + score;
  // Words only others use for the page are not the page's own: they count in its BM25F and its
  // mentions, not in what it covers.
  const share = termWeight * match;
  values[at + covered] = (values[at + covered] as number) + share;
  if (where & nameBit) {
    values[at + coveredInName] = (values[at + coveredInName] as number) + termWeight * inName;
    values[at + nameWords] = (values[at + nameWords] as number) + inName;
  }
  if (where & (nameBit | headingsBit | descriptionBit))
    values[at + coveredInOutline] = (values[at + coveredInOutline] as number) + share;
  if (where & descriptionBit)
    values[at + coveredInDescription] = (values[at + coveredInDescription] as number) + share;
  if (where & mentionsBit)
    values[at + coveredInMentions] = (values[at + coveredInMentions] as number) + termWeight * inMentions;
  if (where & slugBit) values[at + slugWords] = (values[at + slugWords] as number) + inSlug;
}

/** Zeroes a row of evidence values, as a page takes it (the literal offsets as in `addWord`). */
function clearRow(values: Float64Array, row: number): void {
  const at = row * (8 satisfies typeof EVIDENCE_STRIDE);
  values[at] = 0;
  values[at + 1] = 0;
  values[at + 2] = 0;
  values[at + 3] = 0;
  values[at + 4] = 0;
  values[at + 5] = 0;
  values[at + 6] = 0;
  values[at + 7] = 0;
}

/**
 * A common word that only adds to the pages already found (and finds none by its name) is looked
 * up in its postings, by binary search, for each page found, rather than all its postings
 * scanned, when it has more than this many times as many postings as pages were found: the few
 * pages a query's rarer words found against the thousands a common word is on, which were half
 * the postings a distinct search scanned at 10,000 MDN pages (4 to 128 here measured alike:
 * bench/RESULTS.md, twenty-third session). Such a word finds no page of its own, and adds to each
 * page found what a scan adds.
 */
const LOOKUP_COST = 8;

/** Where `page` stands in the postings from `start` to `end` (in page order), -1 when not there. */
function postingOf(postingPages: Uint32Array, start: number, end: number, page: number): number {
  let low = start;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((postingPages[middle] as number) < page) low = middle + 1;
    else high = middle;
  }
  return low < end && postingPages[low] === page ? low : -1;
}

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
   * Scratch space, reused across queries, for a word with several alternatives: its best match
   * on each page it touches, in the order touched (WORD_STRIDE values each: its BM25F score, and
   * its best weight in the page's own fields, its name, its slug and its mentions), the fields
   * it was found in, and the pages. `#wordRow` is each page's row, -1 when not touched.
   */
  readonly #word: Float64Array;
  readonly #wordFields: Uint8Array;
  readonly #wordPages: Uint32Array;
  readonly #wordRow: Int32Array;
  readonly #evidence: PageEvidence;
  /** Each page's row in the evidence, -1 when the query has not found it. */
  readonly #evidenceRow: Int32Array;

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
    // Per page, one after another (page p's from pageStart[p]): its distinct terms, their
    // weighted frequencies and fields, in three flat arrays rather than three for each page.
    const pageStart = new Uint32Array(pageCount + 1);
    let pageIds = new Uint32Array(1 << 16);
    let pageFrequencies = new Float32Array(1 << 16);
    let pageFields = new Uint8Array(1 << 16);
    let written = 0;
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
      if (written + touchedCount > pageIds.length) {
        const length = Math.max(pageIds.length * 2, written + touchedCount);
        pageIds = grown(pageIds, length);
        pageFrequencies = grown(pageFrequencies, length);
        pageFields = grown(pageFields, length);
      }
      let nameTerms = 0;
      let slugTerms = 0;
      for (let i = 0; i < touchedCount; i++) {
        const term = touched[i] as number;
        const at = written + i;
        pageIds[at] = term;
        pageFrequencies[at] = frequency[term] as number;
        pageFields[at] = fields[term] as number;
        if ((pageFields[at] as number) & IN_NAME) nameTerms++;
        if ((pageFields[at] as number) & IN_SLUG) slugTerms++;
        counts[term + 1] = (counts[term + 1] as number) + 1;
        frequency[term] = 0;
        fields[term] = 0;
      }
      written += touchedCount;
      pageStart[pageIndex + 1] = written;
      this.nameLength[pageIndex] = Math.min(65535, nameTerms);
      this.slugLength[pageIndex] = Math.min(65535, slugTerms);
    });
    for (let t = 1; t <= vocabularySize; t++) counts[t] = (counts[t] as number) + (counts[t - 1] as number);
    this.#offsets = counts;
    const total = counts[vocabularySize] as number;
    this.#pages = new Uint32Array(total);
    this.#frequencies = new Float32Array(total);
    this.#fields = new Uint8Array(total);
    const cursor = counts.slice(0, vocabularySize);
    for (let pageIndex = 0; pageIndex < pageCount; pageIndex++)
      for (let i = pageStart[pageIndex] as number; i < (pageStart[pageIndex + 1] as number); i++) {
        const term = pageIds[i] as number;
        const at = cursor[term] as number;
        this.#pages[at] = pageIndex;
        this.#frequencies[at] = pageFrequencies[i] as number;
        this.#fields[at] = pageFields[i] as number;
        cursor[term] = at + 1;
      }

    this.#word = new Float64Array(pageCount * WORD_STRIDE);
    this.#wordFields = new Uint8Array(pageCount);
    this.#wordPages = new Uint32Array(pageCount);
    this.#wordRow = new Int32Array(pageCount).fill(-1);
    this.#evidenceRow = new Int32Array(pageCount).fill(-1);
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

  /** The pages holding the term in their name, in page order. */
  pagesNamedBy(term: number): number[] {
    const named: number[] = [];
    const end = this.#offsets[term + 1] as number;
    for (let i = this.#offsets[term] as number; i < end; i++)
      if ((this.#fields[i] as number) & IN_NAME) named.push(this.#pages[i] as number);
    return named;
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
    const { pages: foundPages, values } = evidence;
    const evidenceRow = this.#evidenceRow;
    const word = this.#word;
    const wordFields = this.#wordFields;
    const wordPages = this.#wordPages;
    const wordRow = this.#wordRow;
    const postingPages = this.#pages;
    const postingFields = this.#fields;
    const frequencies = this.#frequencies;
    const offsets = this.#offsets;
    // The loops below keep to locals and typed arrays, writing the evidence's count and highest
    // BM25F once at the end: an object's fields written per posting cost measurably more.
    let count = 0;
    // BM25's term-frequency saturation.
    const k1 = 1.2;
    // The constants of the loops below as literals checked by the compiler, as in `addWord`.
    const wordStride: typeof WORD_STRIDE = 5;
    const nameBit: typeof IN_NAME = 1;
    const slugBit: typeof IN_SLUG = 16;
    const mentionsBit: typeof IN_MENTIONS = 32;
    const outlineBits = nameBit | (2 satisfies typeof IN_HEADINGS) | (4 satisfies typeof IN_DESCRIPTION);
    // Rare words first. Once they have found pages, a word on a large share of the site (`use`,
    // `element`, the completions of `a`) only adds to pages already found: a page matching
    // nothing but common words is not what was asked, and scoring thousands of them is most of
    // the cost of a query on a large site. The word itself (not a completion or correction) still
    // finds the pages it names, unless it is on more than NAMING_SHARE of them.
    // How rare a word is: in a question, its rarest alternative's count, so that a synonym few
    // pages use goes first and finds the pages that put the question in other words, a common
    // word of less than full importance after the common words of full importance: of common
    // words, the first found picks the pages (by its outline), and a verb or filler ("keep the
    // array items that pass a test") would pick the pages headed "Keeping…" and leave out
    // *Array.prototype.filter()*; in a typed search, the count of its strongest alternative (the word itself when the site has it), since
    // one rare completion of a common word (`property` → `propertyname`) would otherwise put the
    // word first and let its thousands of pages in, each to be ranked. Whether a word is common
    // enough for its outline alone to find pages is judged by its rarest alternative either way.
    const commonAbove = Math.max(COMMON_MIN_PAGES, this.#pageCount * COMMON_SHARE);
    const namedAbove = this.#pageCount * NAMING_SHARE;
    // In a typed search, an alternative weighing less than the word typed (a completion, a
    // correction, a synonym) on more than COMMON_SHARE of the site finds only the pages it is in
    // the outline of (name, headings, description), when some page has it there: on the way to
    // `array`, `arr` asks for the pages about arrays, not every page that mentions one, and their
    // thousands would each be ranked.
    const weakCommonInOutline = !query.question;
    const ordered = query.terms
      .map((term) => {
        const rarest = this.#rarest(term);
        // In a question, a common word that names less (a verb, a filler) goes after every common
        // word that names what is asked, and never before a rare one.
        const order = query.question
          ? rarest > commonAbove && term.importance < 1
            ? rarest + this.#pageCount
            : rarest
          : this.#strongestFrequency(term);
        return { term, rarest, order };
      })
      .sort((a, b) => a.order - b.order);
    for (let t = 0; t < ordered.length; t++) {
      const { term, rarest: df } = ordered[t] as (typeof ordered)[number];
      // A query of common words only (`local`, `requ`): the pages naming or outlining them are
      // the candidates, not every page that mentions them (all of them when none does).
      const outlineOnly = count === 0 && df > commonAbove && this.#inSomeOutline(term);
      const termWeight = term.weight;
      const { alternatives } = term;
      if (alternatives.length === 1) {
        // One alternative is its own best on every page: its postings go straight into the
        // evidence, without the round trip through the per-word scratch (values exactly as that
        // round trip leaves them: a score or weight of 0 or less leaves 0).
        const alternative = alternatives[0] as TermAlternative;
        const start = offsets[alternative.id] as number;
        const end = offsets[alternative.id + 1] as number;
        const weight = this.#alternativeWeight(alternative, term.importance, end - start);
        const matchWeight = alternative.weight > 0 ? alternative.weight : 0;
        const onlyFound = count > 0 && end - start > commonAbove;
        const findsNamed = onlyFound && alternative.weight >= 1 && end - start <= namedAbove;
        const lookUp = onlyFound && !findsNamed && count * LOOKUP_COST < end - start;
        const steps = lookUp ? count : end - start;
        // (A lone alternative on more than COMMON_SHARE of the site, found first, is `outlineOnly`.)
        for (let step = 0; step < steps; step++) {
          const i = lookUp ? postingOf(postingPages, start, end, foundPages[step] as number) : start + step;
          if (i < 0) continue;
          const page = postingPages[i] as number;
          let row = evidenceRow[page] as number;
          const fieldBits = postingFields[i] as number;
          if (onlyFound && row < 0 && !(findsNamed && fieldBits & nameBit)) continue;
          if (outlineOnly && (fieldBits & outlineBits) === 0) continue;
          const tf = frequencies[i] as number;
          const score = (weight * tf * (k1 + 1)) / (tf + k1);
          if (row < 0) {
            row = count++;
            evidenceRow[page] = row;
            foundPages[row] = page;
            clearRow(values, row);
          }
          addWord(
            values,
            row,
            termWeight,
            score > 0 ? score : 0,
            fieldBits & ~mentionsBit ? matchWeight : 0,
            fieldBits,
            matchWeight,
            matchWeight,
            matchWeight,
          );
        }
        continue;
      }
      let touchedCount = 0;
      for (let a = 0; a < alternatives.length; a++) {
        const alternative = alternatives[a] as TermAlternative;
        const start = offsets[alternative.id] as number;
        const end = offsets[alternative.id + 1] as number;
        const weight = this.#alternativeWeight(alternative, term.importance, end - start);
        const matchWeight = alternative.weight;
        const onlyFound = count > 0 && end - start > commonAbove;
        const findsNamed = onlyFound && matchWeight >= 1 && end - start <= namedAbove;
        const weakCommon =
          weakCommonInOutline &&
          !onlyFound &&
          matchWeight < 1 &&
          end - start > commonAbove &&
          this.#inAnOutline(alternative.id);
        const lookUp = onlyFound && !findsNamed && count * LOOKUP_COST < end - start;
        const steps = lookUp ? count : end - start;
        for (let step = 0; step < steps; step++) {
          const i = lookUp ? postingOf(postingPages, start, end, foundPages[step] as number) : start + step;
          if (i < 0) continue;
          const page = postingPages[i] as number;
          const fieldBits = postingFields[i] as number;
          if (onlyFound && (evidenceRow[page] as number) < 0 && !(findsNamed && fieldBits & nameBit))
            continue;
          if ((outlineOnly || weakCommon) && (fieldBits & outlineBits) === 0) continue;
          const tf = frequencies[i] as number;
          const score = (weight * tf * (k1 + 1)) / (tf + k1);
          let row = wordRow[page] as number;
          if (row < 0) {
            row = touchedCount++;
            wordRow[page] = row;
            wordPages[row] = page;
            wordFields[row] = 0;
            const at = row * wordStride;
            word[at] = 0;
            word[at + 1] = 0;
            word[at + 2] = 0;
            word[at + 3] = 0;
            word[at + 4] = 0;
          }
          const at = row * wordStride;
          if (score > (word[at] as number)) word[at] = score;
          if (fieldBits & ~mentionsBit && matchWeight > (word[at + 1] as number)) word[at + 1] = matchWeight;
          wordFields[row] = (wordFields[row] as number) | fieldBits;
          // A completion (`fetch` → `fetchLater`) names a page less than the word itself does.
          if (fieldBits & nameBit && matchWeight > (word[at + 2] as number)) word[at + 2] = matchWeight;
          if (fieldBits & slugBit && matchWeight > (word[at + 3] as number)) word[at + 3] = matchWeight;
          if (fieldBits & mentionsBit && matchWeight > (word[at + 4] as number)) word[at + 4] = matchWeight;
        }
      }
      for (let wordAt = 0; wordAt < touchedCount; wordAt++) {
        const page = wordPages[wordAt] as number;
        wordRow[page] = -1;
        let row = evidenceRow[page] as number;
        if (row < 0) {
          row = count++;
          evidenceRow[page] = row;
          foundPages[row] = page;
          clearRow(values, row);
        }
        const at = wordAt * wordStride;
        addWord(
          values,
          row,
          termWeight,
          word[at] as number,
          word[at + 1] as number,
          wordFields[wordAt] as number,
          word[at + 2] as number,
          word[at + 3] as number,
          word[at + 4] as number,
        );
      }
    }
    evidence.count = count;
    // A page's BM25F only grows (each word adds its best score, at least 0): the highest is
    // the highest of the final scores.
    let maxBm25 = 0;
    for (let at = EVIDENCE.bm25; at < count * EVIDENCE_STRIDE; at += EVIDENCE_STRIDE)
      if ((values[at] as number) > maxBm25) maxBm25 = values[at] as number;
    evidence.maxBm25 = maxBm25;
    return evidence;
  }

  /** An alternative's BM25 weight: its IDF over pages, its weight as a match, the word's importance. */
  #alternativeWeight(alternative: TermAlternative, importance: number, documentFrequency: number): number {
    const idf = Math.log(1 + (this.#pageCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
    return idf * alternative.weight * importance;
  }

  /**
   * The number of pages holding the rarest of the word's alternatives, those found in context
   * aside (they only add to what the word finds on its own).
   */
  #rarest(term: AnalysedQuery['terms'][number]): number {
    let least = Infinity;
    for (const alternative of term.alternatives)
      if (!alternative.inContext) least = Math.min(least, this.documentFrequency(alternative.id));
    return least;
  }

  /**
   * The number of pages holding the word's strongest alternative (the word itself when the site
   * has it), those found in context aside. Of equals, the commonest: a compound the word makes
   * with the next (`css property` → `cssproperty`, on two pages) counts as much as the word, and
   * would make a word on thousands of pages look rare.
   */
  #strongestFrequency(term: AnalysedQuery['terms'][number]): number {
    let best = -Infinity;
    let frequency = Infinity;
    for (const alternative of term.alternatives) {
      if (alternative.inContext) continue;
      const df = this.documentFrequency(alternative.id);
      if (alternative.weight > best || (alternative.weight === best && df > frequency)) {
        best = alternative.weight;
        frequency = df;
      }
    }
    return frequency;
  }

  /** Whether a page holds one of the word's alternatives in its name, headings or description. */
  #inSomeOutline(term: AnalysedQuery['terms'][number]): boolean {
    return term.alternatives.some((alternative) => this.#inAnOutline(alternative.id));
  }

  /** Whether a page holds the term in its name, headings or description. */
  #inAnOutline(id: number): boolean {
    const end = this.#offsets[id + 1] as number;
    for (let i = this.#offsets[id] as number; i < end; i++)
      if ((this.#fields[i] as number) & OUTLINE) return true;
    return false;
  }

  /** Clears the evidence of the last query, touching only the pages it touched. */
  release(evidence: PageEvidence): void {
    const { pages } = evidence;
    const evidenceRow = this.#evidenceRow;
    for (let row = 0; row < evidence.count; row++) evidenceRow[pages[row] as number] = -1;
    evidence.count = 0;
    evidence.maxBm25 = 0;
  }
}
