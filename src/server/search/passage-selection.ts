/**
 * Passage selection: which of a page's passages (its sections, or parts of long ones) hold a
 * query best, scored on their own evidence; the page's relevance and the section a result links
 * to; and where in that section's prose the query is, for the excerpt a result shows.
 */
import { listsOtherPages } from '../content/document.js';
import { EXCERPT_MAX_CHARS, nextSentenceStart, paragraphProse } from '../content/summary.js';
import { UNREAD, type IndexedPage, type IndexedPassage, type IndexedSite } from './indexed-site.js';
import {
  coverageOf,
  firstMatchAt,
  matchEvidence,
  nameCoverage,
  relevanceOf,
  type MatchEvidence,
} from './passage-scoring.js';
import type { AnalysedQuery } from './query-analysis.js';
import type { MatchedProse } from './search-index.js';

/** How many of a term's first letters `sentenceHolding` looks for. */
const TERM_LETTERS_SOUGHT = 3;

/** A character of a token as the index reads text (see `TokenTerms`): a letter, a digit, `_`, `.`, `-`. */
const TOKEN_CHARACTER = /[\p{L}\p{M}\p{N}_.-]/u;

/**
 * The share of what a result shows of a paragraph (`EXCERPT_MAX_CHARS`) within which its first
 * word of the query is taken to be shown, judged by its place among the paragraph's terms
 * (see `matchedProseOf`): a half, as terms are not spread evenly over the text.
 */
const SHOWN_SHARE = 0.5;

export interface ScoredPassage {
  passage: IndexedPassage;
  evidence: MatchEvidence;
  relevance: number;
}

/** The page's `count` best passages: the best by coverage (cheap), then scored in full. */
export function bestPassages(
  site: IndexedSite,
  query: AnalysedQuery,
  page: IndexedPage,
  count: number,
): ScoredPassage[] {
  const scored: ScoredPassage[] = [];
  for (const { local } of site.coverage.best(query, page.passageTerms, page.passages.length, count))
    scored.push(scorePassage(site, query, page, local));
  return scored.sort((a, b) => b.relevance - a.relevance);
}

/** The page's best passage by coverage, scored in full: `bestPassages` for one. */
export function bestPassage(
  site: IndexedSite,
  query: AnalysedQuery,
  page: IndexedPage,
): ScoredPassage | undefined {
  const [best] = site.coverage.best(query, page.passageTerms, page.passages.length, 1);
  return best === undefined ? undefined : scorePassage(site, query, page, best.local);
}

function scorePassage(
  site: IndexedSite,
  query: AnalysedQuery,
  page: IndexedPage,
  local: number,
): ScoredPassage {
  const passage = site.passages[page.passages[local] as number] as IndexedPassage;
  const evidence = matchEvidence(query, passage.terms, page.name, passage.heading, site.averagePassageLength);
  return { passage, evidence, relevance: relevanceOf(evidence) };
}

/**
 * The share of the question (by weight) that names the passage's section by its name in code,
 * as `shareNamingSections` (page-ranking.ts) counts it for pages: "change the response status
 * code" names `## status()` on the context reference.
 */
export function namingShareOf(site: IndexedSite, query: AnalysedQuery, passage: IndexedPassage): number {
  const named = passage.named;
  if (!named) return 0;
  let share = 0;
  for (const term of query.terms) {
    const exact = term.alternatives[0];
    if (exact && exact.weight >= 1 && named.includes(exact.id) && site.sectionNamesOfFewPages.has(exact.id))
      share += term.weight / query.totalWeight;
  }
  return share;
}

/**
 * The page's relevance (0–1): the better of its outline's (name, description, headings) and
 * its best passage's, the passage found by coverage and then scored in full. And the section
 * a result links to: that of the best passage, when it is one under a heading with an anchor
 * and holds more of the query than the page's name does ("rate limit" finds *Rate limit* on
 * the page about errors and limits; "theming" finds the page about theming as a whole): the
 * passage of that section.
 */
export function pageMatch(
  site: IndexedSite,
  query: AnalysedQuery,
  page: IndexedPage,
  bestKnown?: ScoredPassage,
): { relevance: number; linked?: IndexedPassage } {
  // The outline's text is the name; its description and headings count as a field.
  const outline = matchEvidence(query, page.name, page.name, page.summary, site.averagePassageLength);
  const best = bestKnown ?? bestPassage(site, query, page);
  const outlineEvidence: MatchEvidence = {
    ...outline,
    proximity: Math.max(best?.evidence.proximity ?? 0, outline.proximity * outline.fieldMatch),
    saturation: best?.evidence.saturation ?? 0,
  };
  const relevance = Math.max(relevanceOf(outlineEvidence), best?.relevance ?? 0);
  const section = best?.passage.section;
  // A "See also" lists other pages: the result leads to the page, not to that list.
  if (!section || section.level < 2 || section.anchor === '' || listsOtherPages(section.heading))
    return { relevance };
  // A name that holds the word being typed in full (`Loc` of *Location*) names the page.
  return best.evidence.coverage > nameCoverage(query, page.name)
    ? { relevance, linked: best.passage }
    : { relevance };
}

/**
 * Where the prose of the passage's section holds the query (see `SearchHit.matchedProse`): the
 * first of its paragraphs of prose covering most of the query (`coverageOf`: each word by its
 * rarity; a completion of the word being typed, a synonym or a correction by its weight); and,
 * in a paragraph too long to show whole whose first word of the query comes too far in to be
 * shown, the sentence holding that word. Undefined for the section's opening, or when no
 * paragraph of prose holds a word of the query. The paragraphs' terms are those the index was
 * built with: only the paragraphs that would be shown are read as text.
 */
export function matchedProseOf(
  site: IndexedSite,
  query: AnalysedQuery,
  passage: IndexedPassage,
): MatchedProse | undefined {
  const { terms, firstParagraph, paragraphCount } = passage;
  const starts = site.paragraphStarts;
  let best = -1;
  let bestCoverage = 0;
  for (let at = firstParagraph; at < firstParagraph + paragraphCount; at++) {
    const coverage = coverageOf(query, terms, starts[at], starts[at + 1]);
    if (coverage > bestCoverage && proseLength(site, passage, at) > 0) {
      best = at;
      bestCoverage = coverage;
    }
  }
  if (best < 0) return undefined;
  const paragraph = best - firstParagraph;
  let from = 0;
  const length = proseLength(site, passage, best);
  if (length > EXCERPT_MAX_CHARS) {
    // The share of the paragraph's terms before its first word of the query stands for the
    // share of its text before it: well inside what is shown, it is shown from its start.
    const start = starts[best] as number;
    const first = firstMatchAt(query, terms, start, starts[best + 1]);
    if ((first - start) / ((starts[best + 1] as number) - start) > (SHOWN_SHARE * EXCERPT_MAX_CHARS) / length)
      from = sentenceHolding(site, paragraphProse(passage.section, paragraph), terms[first] as number);
  }
  let opening = firstParagraph;
  while (opening < best && proseLength(site, passage, opening) === 0) opening++;
  return best === opening && from === 0 ? undefined : { paragraph, from };
}

/** The length of the passage's paragraph `at` (of the index's) as prose, read on first use. */
function proseLength(site: IndexedSite, passage: IndexedPassage, at: number): number {
  const lengths = site.proseLengths;
  if (lengths[at] === UNREAD) {
    const prose = paragraphProse(passage.section, at - passage.firstParagraph);
    lengths[at] = Math.min(prose.length, UNREAD - 1);
  }
  return lengths[at] as number;
}

/**
 * Where in the prose starts the sentence holding the first word the index reads as term `id`:
 * found by the term's first letters (a stem starts as its words do: `persist` for
 * "persisting"), each word so found read as the index reads it. 0 when none is found so (an
 * accent in its first letters): the paragraph is then shown from its start.
 */
function sentenceHolding(site: IndexedSite, prose: string, id: number): number {
  const lower = prose.toLowerCase();
  const needle = site.vocabulary.term(id).slice(0, TERM_LETTERS_SOUGHT);
  // Lower case of the same length, so that its places are the prose's (`İ` is two letters lower).
  if (needle === '' || lower.length !== prose.length) return 0;
  for (let at = lower.indexOf(needle); at >= 0;) {
    let start = at;
    while (start > 0 && TOKEN_CHARACTER.test(prose.charAt(start - 1))) start--;
    let end = at + needle.length;
    while (end < prose.length && TOKEN_CHARACTER.test(prose.charAt(end))) end++;
    if (site.analyser.terms(prose.slice(start, end)).some((term) => site.vocabulary.id(term) === id)) {
      let sentence = 0;
      for (let next = nextSentenceStart(prose, 0); next <= start; next = nextSentenceStart(prose, next))
        sentence = next;
      return sentence;
    }
    at = lower.indexOf(needle, end);
  }
  return 0;
}
