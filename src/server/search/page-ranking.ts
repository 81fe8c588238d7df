/**
 * Page ranking: the order of a site's pages for a query. Its weights (`PAGE_RANK`,
 * `SECTION_RANK`), the first stage, one pass over the page postings (BM25F, coverage in each
 * field, the site's links, sections and stop words naming a page), and the second, which
 * re-ranks the best candidates with their best passage and, for a question, their best mention.
 */
import { EVIDENCE, EVIDENCE_STRIDE } from './page-postings.js';
import { bestPassage, type ScoredPassage } from './passage-selection.js';
import type { AnalysedQuery, QueryTerm } from './query-analysis.js';
import { tagPredicate, type SearchOptions } from './search-index.js';
import type { IndexedPage, IndexedSite } from './indexed-site.js';

/**
 * A page's rank for a query, from what one pass over the page postings gathers: BM25F (fields
 * weighted: name, headings, description, body), the share of the query the page covers
 * anywhere, in its name, and in its outline (name, headings, description), and how much of its
 * name was asked for, and, for a question, the share of it in what other pages say where they
 * link to the page (its mentions: visitors' words for it, more often than its own) and the
 * share naming one of its sections (see SECTION_NAMING_PAGES, indexed-site.ts). Tuned on
 * half of bench/questions, checked on the other half (exported, and mutable, so that a tuning
 * script can vary the weights without rebuilding the index).
 */
export const PAGE_RANK = {
  bm25: 0.35,
  coverage: 0.1,
  name: 0.25,
  slug: 0.1,
  outline: 0.15,
  description: 0.25,
  links: 0.3,
  /**
   * The site's links in a question's rank. Typing a name, the page the site sends its readers to
   * is the likeliest meant (`arr` on the way to *Array*); a question's words are the evidence,
   * and a hub linked from everywhere (*Array*, `<p>`) would otherwise outrank the page that
   * answers ("get the last item of an array": *Array.prototype.at()*).
   */
  questionLinks: 0.1,
  mentions: 0.15,
  sectionName: 0.3,
  /**
   * A typed search of two terms or more that a page's name holds whole: the visitor typed what
   * the page is called, and a page that holds one of the words in its name and the other in its
   * text (the interface of a member, `HTMLDialogElement` for `htmldialogelement open`) is a
   * step away from it. Counts by the fourth power of the share of the query the name holds, times
   * the share of the name asked, so a name holding most of the query gains little.
   */
  nameHoldsQuery: 0.3,
  /**
   * A typed search's stop words that a page's name holds (`NAME_STOP_WORD_PAGES` in
   * indexed-site.ts), by their share of the words typed: "not pseudo-class" asks for `:not()`,
   * "all css property" for `all`, "too many requests" for *429 Too Many Requests*; none of those
   * words is a term. At 0.3 or 0.6 those pages stayed under the ones the site links to more
   * (*color*, *:hover*).
   */
  nameStopWords: 1,
};
/**
 * Second stage: the best candidates of the first are re-ranked with their best section, since a
 * page with a section about exactly what was asked (`## header()` for "read a header") answers
 * it better than one that mentions the words here and there. `section` is its share of the rank;
 * `mention`, in a question, that of the page's best mention (the share of the question one
 * paragraph linking to it holds), scaled by how much the site's links count.
 */
export const SECTION_RANK = {
  /** Candidates re-ranked with their best section: in a question, and in a typed search. */
  candidates: 20,
  /**
   * A typed search names its page, which the first stage finds near the top: 12 candidates
   * rank MDN's titles, half-typed titles and every state of typing as well as 20 or better
   * (8 lost 2 points of hit@3 while typing), and a distinct search costs a ninth less.
   */
  typedCandidates: 12,
  section: 0.4,
  mention: 0.2,
  links: 0.3,
  /**
   * The site's links in a question's second stage, as in its first (`PAGE_RANK.questionLinks`):
   * a question's words are the evidence. At 0.3, as for a typed search, MDN's hubs outranked the
   * page that answers on questions written after the weights were set (hit@1 .393 on 450 of
   * them, .427 at 0.1), most on those about pages few others link to.
   */
  questionLinks: 0.1,
  /** A typed search's words that the page's name writes as typed (see `nameAsWritten`). */
  asWritten: 0.3,
  /**
   * In a question, the share of its rank a walk-through page gives up (see `WALK_THROUGH_FOLDER`):
   * an example or a recipe goes through a whole task step by step (set up a database, add
   * sign-in, deploy), so it holds a question's words across its steps without being about what
   * is asked ("log the user out by removing their session cookie" found two sign-in examples
   * before the cookie helper). A question naming the example's subject still finds it. Chosen on
   * Hono's seen questions, where 0.15 to 0.3 read alike (bench/RESULTS.md, twenty-fourth session).
   */
  walkThrough: 0.2,
  /**
   * In answering a question, what a passage gains, by the share of the question naming its
   * section in code (see `namingShareOf`), over one that holds the words in passing.
   */
  namedPassage: 0.3,
};
/**
 * A folder of a walk-through page's address: where sites keep examples and recipes
 * (`/examples/prisma`, `/docs/recipes/…`). The address, not the page's tags: a shop's help page
 * about choosing the week's recipes is tagged `recipes`, and walks through nothing. Not a
 * tutorial's folder: a tutorial's chapter teaches one subject (MDN's canvas tutorial's *Drawing
 * shapes* is the page about drawing shapes), and ranked lower it lost MDN's questions.
 */
const WALK_THROUGH_FOLDER = /\/(?:examples?|recipes?|cookbook)\//i;

/**
 * The share of a question its mentions must hold before they count: one of its words there ("the
 * reference service" for "run the service over my own docs") is no sign of what it asks about.
 */
const MENTION_SHARE_FLOOR = 0.2;

export interface RankedPage {
  page: number;
  rank: number;
  /** Its best passage for the query, when the second stage scored it. */
  best?: ScoredPassage;
  /**
   * How well a pasted error message matches the page's (0.75–1), when it is the message's page:
   * such pages come before all others, and their relevance is at least this.
   */
  message?: number;
}

/** The best `limit` pages for the query, best first, from one pass over the page postings. */
export function rankPages(
  site: IndexedSite,
  query: AnalysedQuery,
  options: SearchOptions,
  limit: number,
): RankedPage[] {
  const postings = site.postings;
  if (!postings || query.totalWeight === 0 || query.terms.every((term) => term.alternatives.length === 0))
    return [];
  const allowed = tagPredicate(options);
  const namingWeight = query.question ? PAGE_RANK.sectionName : query.stopWords ? PAGE_RANK.nameStopWords : 0;
  const namingShare = site.namingShare;
  const namedPages: Uint32Array[] = [];
  const candidateCount = query.question ? SECTION_RANK.candidates : SECTION_RANK.typedCandidates;
  const heap = new TopRanked(Math.max(limit, candidateCount));
  // The evidence and the naming shares are scratch arrays the next query starts from: released
  // whatever happens once they are written (gathering itself only adds numbers).
  const evidence = postings.gather(query);
  try {
    if (namingWeight > 0 && query.question) shareNamingSections(site, query, namedPages);
    else if (namingWeight > 0) shareNamingStopWords(site, query, namedPages);
    const { pages, values } = evidence;
    const { maxBm25 } = evidence;
    const total = query.totalWeight;
    // A typeahead query names what it looks for: there, what others say about a page counts in
    // its BM25F only, as its body does.
    const mentionWeight = query.question ? PAGE_RANK.mentions * site.linksTrusted : 0;
    const standing = site.standing;
    const { nameLength, slugLength } = postings;
    // Weights read once per query into locals: this loop runs for every page the query touches.
    const bm25Weight = PAGE_RANK.bm25 / maxBm25;
    const { coverage, name, slug, outline, description } = PAGE_RANK;
    const links = query.question ? PAGE_RANK.questionLinks : PAGE_RANK.links;
    const nameHoldsQuery = query.question || query.terms.length < 2 ? 0 : PAGE_RANK.nameHoldsQuery;
    // The offsets of the evidence values read once into locals: V8 reads a module's constants
    // from memory at every use, and checks EVIDENCE's shape (see `addWord` in page-postings.ts).
    const stride = EVIDENCE_STRIDE;
    const {
      bm25: bm25At,
      covered: coveredAt,
      coveredInName: coveredInNameAt,
      coveredInOutline: coveredInOutlineAt,
      coveredInDescription: coveredInDescriptionAt,
      nameWords: nameWordsAt,
      slugWords: slugWordsAt,
      coveredInMentions: coveredInMentionsAt,
    } = EVIDENCE;
    const mentionShareFloor = MENTION_SHARE_FLOOR;
    // `** 4` calls the C library's pow, a tenth of this loop's time: the pages a query touches
    // share a few values of the share of it their names cover (86% of them the page before's
    // on MDN's titles), so the last one's fourth power is kept.
    let poweredShare = 0;
    let shareToTheFourth = 0;
    // Most pages a query touches hold its words in their body only: a field the page has none of
    // adds exactly 0 to its rank, so it is skipped, in the order of the terms of the sum.
    for (let i = 0; i < evidence.count; i++) {
      const page = pages[i] as number;
      const at = i * stride;
      const covered = (values[at + coveredAt] as number) / total;
      let rank =
        bm25Weight * (values[at + bm25At] as number) +
        (coverage + links * (standing[page] as number)) * covered;
      const inName = values[at + coveredInNameAt] as number;
      const coveredInName = inName === 0 ? 0 : inName / total;
      if (coveredInName !== 0) {
        // "Middleware" is named by `middleware` more than "Basic Auth Middleware" is.
        const nameAsked = askedShare(values[at + nameWordsAt] as number, nameLength[page] as number);
        rank += name * coveredInName * (0.5 + 0.5 * nameAsked);
        // Typed, `htmldialogelement open` names *HTMLDialogElement: open property*, not
        // *HTMLDialogElement*, whose text says "open" too and which more pages link to.
        if (nameHoldsQuery !== 0) {
          if (coveredInName !== poweredShare) {
            poweredShare = coveredInName;
            shareToTheFourth = coveredInName ** 4;
          }
          rank += nameHoldsQuery * shareToTheFourth * nameAsked;
        }
      }
      const inOutline = values[at + coveredInOutlineAt] as number;
      if (inOutline !== 0) rank += outline * (inOutline / total);
      const inDescription = values[at + coveredInDescriptionAt] as number;
      if (inDescription !== 0) rank += description * (inDescription / total);
      if (coveredInName !== 0) {
        // The whole of the page's slug asked for: `border` for /…/properties/border. It counts by
        // the share of the query its name covers: /helpers/route is not what "send back plain
        // text from a route" asks about, though the question holds the whole of its slug.
        const slugAsked = askedShare(values[at + slugWordsAt] as number, slugLength[page] as number);
        rank += slug * slugAsked * slugAsked * coveredInName;
      }
      if (mentionWeight !== 0) {
        const mentionedShare = (values[at + coveredInMentionsAt] as number) / total;
        rank += mentionWeight * Math.max(0, (mentionedShare - mentionShareFloor) / (1 - mentionShareFloor));
      }
      if (namingWeight !== 0) rank += namingWeight * (namingShare[page] as number);
      if (heap.accepts(rank) && (!allowed || allowed((site.pages[page] as IndexedPage).tags)))
        heap.add(page, rank);
    }
  } finally {
    postings.release(evidence);
    for (const named of namedPages) for (const page of named) namingShare[page] = 0;
  }
  const candidates = heap.sorted();
  const topRank = candidates[0]?.rank ?? 1;
  // A pasted error message names its page, whatever else its words find (see error-messages.ts).
  // Its pages are re-ranked first, found by the words or not.
  const messageMatches = site.messagePages.match(query.message);
  if (messageMatches.size > 0) {
    const others = candidates.filter((candidate) => !messageMatches.has(candidate.page));
    const messages = [...messageMatches]
      .filter(([page]) => !allowed || allowed((site.pages[page] as IndexedPage).tags))
      .map(([page, message]): RankedPage => {
        const found = candidates.find((candidate) => candidate.page === page);
        return { ...(found ?? { page, rank: 0 }), message };
      });
    candidates.splice(0, candidates.length, ...messages, ...others);
  }
  // In a question, the one paragraph of the site that says most of it where it links to a page
  // ("rounded corners are achieved on a box by using border-radius") names what it asks about.
  const bestMentionWeight = query.question ? SECTION_RANK.mention * site.linksTrusted : 0;
  const writtenWords = query.question ? [] : query.terms.map((term) => ` ${term.word} `);
  // The candidates beyond those re-ranked keep their first stage's rank, on another scale: they
  // follow the re-ranked ones, in their order. Mixed in, a page the second stage never saw went
  // before ones it had ranked: 79 times in the top 3 of 5,991 MDN title searches.
  const reRanked = candidates.slice(0, candidateCount + messageMatches.size);
  const rest = candidates.slice(reRanked.length);
  for (const candidate of reRanked) {
    const page = site.pages[candidate.page] as IndexedPage;
    const walkThrough = query.question && WALK_THROUGH_FOLDER.test(page.document.link);
    const best = bestPassage(site, query, page);
    candidate.best = best;
    const mention =
      bestMentionWeight > 0 && page.mentions
        ? site.coverage.best(query, page.mentions.terms, page.mentions.count, 1)[0]
        : undefined;
    candidate.rank =
      ((1 - SECTION_RANK.section) * (candidate.rank / topRank) +
        SECTION_RANK.section * (best?.relevance ?? 0) +
        bestMentionWeight * ((mention?.coverage ?? 0) / query.totalWeight)) *
        (1 +
          (query.question ? SECTION_RANK.questionLinks : SECTION_RANK.links) *
            (site.standing[candidate.page] as number)) *
        (walkThrough ? 1 - SECTION_RANK.walkThrough : 1) +
      // Beside the site's links, so that it weighs the same on every page that writes the words.
      (query.question ? 0 : SECTION_RANK.asWritten * nameAsWritten(query, writtenWords, page.nameWords));
  }
  reRanked.sort((a, b) => (b.message ?? 0) - (a.message ?? 0) || b.rank - a.rank || a.page - b.page);
  return [...reRanked, ...rest].slice(0, limit);
}

/**
 * Adds to `IndexedSite.namingShare` the share of the question (by weight) that names a section
 * of each page, each word by its own term, listing in `touched` the pages it adds to (before it
 * adds), for clearing.
 */
function shareNamingSections(site: IndexedSite, query: AnalysedQuery, touched: Uint32Array[]): void {
  const share = site.namingShare;
  for (const term of query.terms) {
    const exact = term.alternatives[0];
    const named = exact && exact.weight >= 1 ? site.pagesBySectionName.get(exact.id) : undefined;
    if (!named) continue;
    touched.push(named);
    for (const page of named) share[page] = (share[page] as number) + term.weight / query.totalWeight;
  }
}

/**
 * Adds to `IndexedSite.namingShare` the share of the typed words that are stop words the page's
 * name holds, listing in `touched` the pages it adds to, for clearing.
 */
function shareNamingStopWords(site: IndexedSite, query: AnalysedQuery, touched: Uint32Array[]): void {
  const share = site.namingShare;
  const { words = [], share: wordShare = 0 } = query.stopWords ?? {};
  for (const word of words) {
    const named = site.pagesByNameStopWord.get(word);
    if (!named) continue;
    touched.push(named);
    for (const page of named) share[page] = (share[page] as number) + wordShare;
  }
}

/** The best `limit` pages by rank: a bounded min-heap (a common word touches thousands of pages). */
class TopRanked {
  readonly #pages: number[] = [];
  readonly #ranks: number[] = [];

  constructor(readonly limit: number) {}

  /** True when a page of this rank would be kept. */
  accepts(rank: number): boolean {
    return this.limit > 0 && (this.#ranks.length < this.limit || rank > (this.#ranks[0] as number));
  }

  add(page: number, rank: number): void {
    const pages = this.#pages;
    const ranks = this.#ranks;
    let at: number;
    if (ranks.length < this.limit) {
      // Sift up from the end.
      at = ranks.length;
      pages.push(page);
      ranks.push(rank);
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (rank >= (ranks[parent] as number)) break;
        pages[at] = pages[parent] as number;
        ranks[at] = ranks[parent] as number;
        at = parent;
      }
    } else {
      // Replace the least and sift down.
      at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= ranks.length) break;
        const right = left + 1;
        const child =
          right < ranks.length && (ranks[right] as number) < (ranks[left] as number) ? right : left;
        if ((ranks[child] as number) >= rank) break;
        pages[at] = pages[child] as number;
        ranks[at] = ranks[child] as number;
        at = child;
      }
    }
    pages[at] = page;
    ranks[at] = rank;
  }

  sorted(): RankedPage[] {
    const ranked: RankedPage[] = [];
    for (let i = 0; i < this.#pages.length; i++)
      ranked.push({ page: this.#pages[i] as number, rank: this.#ranks[i] as number });
    return ranked.sort((a, b) => b.rank - a.rank || a.page - b.page);
  }
}

/**
 * The share of the query (by weight) whose words, as typed, the page's name writes: stemming
 * makes `navigation` and `navigator` one term, but a visitor typing `navigation` means
 * *Navigation*, not *Navigator*. A word still being typed counts where a name writes it whole
 * (`set` on its way to `setTimeout` lifts *Set* until the next letter; `navig` lifts nothing).
 * `writtenWords` are the query's words between spaces, made once for all the candidates.
 */
function nameAsWritten(query: AnalysedQuery, writtenWords: readonly string[], nameWords: string): number {
  let written = 0;
  for (let i = 0; i < writtenWords.length; i++)
    if (nameWords.includes(writtenWords[i] as string)) written += (query.terms[i] as QueryTerm).weight;
  return written / query.totalWeight;
}

/** The share (0–1) of a name of `length` terms that `words` of the query ask for. */
const askedShare = (words: number, length: number): number =>
  length === 0 ? 0 : Math.min(1, words / length);
