import type { z } from '@hono/zod-openapi';
import type { SearchResultItem } from '../../wire/index.js';
import type { DocumentSection, SourceDocument } from '../content/document.js';
import {
  EXCERPT_MAX_CHARS,
  nextSentenceStart,
  paragraphProse,
  sectionOpening,
  summarise,
} from '../content/summary.js';
import { JsonText } from '../http/json-text.js';
import type { SearchRequestSchema } from '../../wire/schemas.js';
import type { MatchedProse, SearchHit, SearchIndex, SearchOptions } from '../search/search-index.js';

export type SearchRequestData = z.output<typeof SearchRequestSchema>;

/**
 * Keeps the first (best) hit of each link and drops link-less hits, up to `limit`: what
 * `returnAll: false` means. Two documents can share a link when a site serves the same page
 * from two source files, and a search box shouldn't list that page twice.
 */
function distinctLinks(hits: SearchHit[], limit: number): SearchHit[] {
  const seen = new Set<string>();
  const kept: SearchHit[] = [];
  for (const hit of hits) {
    const link = hit.document.link.trim();
    if (link === '' || seen.has(link)) continue;
    seen.add(link);
    kept.push(hit);
    if (kept.length === limit) break;
  }
  return kept;
}

/**
 * Each document's item without its content, as JSON, made on first use: serialising the items
 * of every answer anew cost 11 µs of the ~150 a search request takes outside ranking. Weak, so the
 * documents of an earlier index (`--watch`) go with it. Documents are never changed in place.
 * Kept by the document, or by the section when the item links to one (a section belongs to one
 * document) and shows its opening.
 */
const itemJson = new WeakMap<SourceDocument | DocumentSection, string>();

/**
 * The items that show their section's prose from elsewhere than its start (see
 * `SearchHit.matchedProse`), by the section and then by where (`paragraph from`): a query
 * finding a section by the words of its third paragraph shows that one, as does the next query
 * finding them there.
 */
const matchedItemJson = new WeakMap<DocumentSection, Map<string, string>>();

/**
 * What a result shows of the section's prose: the start of its paragraph of prose that holds
 * the query's words (`matched`), else of its first; from the sentence that holds them, after
 * '…', when the start would not show that sentence whole. '' when the section has no prose.
 */
function shownProse(section: DocumentSection, matched: MatchedProse | undefined): string {
  const held = matched && paragraphProse(section, matched.paragraph);
  if (!matched || !held) return summarise(sectionOpening(section)?.prose ?? '', EXCERPT_MAX_CHARS);
  const { from } = matched;
  if (from === 0) return summarise(held, EXCERPT_MAX_CHARS);
  const end = nextSentenceStart(held, from);
  return held.slice(0, end).trimEnd().length <= EXCERPT_MAX_CHARS
    ? summarise(held, EXCERPT_MAX_CHARS)
    : `…${summarise(held.slice(from), EXCERPT_MAX_CHARS - 1)}`;
}

/**
 * The section the hit's item links to: the one it matched better than the page's title, on a
 * page that has a link of its own, without an anchor already.
 */
function linkedSection(hit: SearchHit): DocumentSection | undefined {
  const link = hit.document.link.trim();
  return link === '' || link.includes('#') ? undefined : hit.section;
}

/**
 * A linked section as an item shows it: its heading, its link, and the start of its prose that
 * holds the query's words, else its opening (absent when it has no prose), which says more of
 * what the visitor will find there, and why it was found, than the page's description does.
 */
function sectionItem(
  document: SourceDocument,
  section: DocumentSection,
  matched: MatchedProse | undefined,
): SearchResultItem['section'] {
  const excerpt = shownProse(section, matched);
  return {
    heading: section.heading,
    link: `${document.link.trim()}#${section.anchor}`,
    ...(excerpt ? { excerpt } : {}),
  };
}

/** The hit's item, without its content. */
function itemOf(hit: SearchHit, linked: DocumentSection | undefined): SearchResultItem {
  const { title, description, link, assetType } = hit.document;
  return {
    title,
    description,
    link,
    assetType,
    section: linked && sectionItem(hit.document, linked, hit.matchedProse),
  };
}

function toItemJson(hit: SearchHit, returnContent: boolean): string {
  const linked = linkedSection(hit);
  if (returnContent)
    return JSON.stringify({ ...itemOf(hit, linked), content: hit.document.text } satisfies SearchResultItem);
  // The section's item is made once for each place it is shown from, as the document's is, not
  // at every search that finds it.
  const matched = hit.matchedProse;
  if (linked !== undefined && matched !== undefined) {
    let byPlace = matchedItemJson.get(linked);
    if (byPlace === undefined) matchedItemJson.set(linked, (byPlace = new Map()));
    const place = `${matched.paragraph} ${matched.from}`;
    let json = byPlace.get(place);
    if (json === undefined) byPlace.set(place, (json = JSON.stringify(itemOf(hit, linked))));
    return json;
  }
  const key = linked ?? hit.document;
  let json = itemJson.get(key);
  if (json === undefined) itemJson.set(key, (json = JSON.stringify(itemOf(hit, linked))));
  return json;
}

/** A search's answer, serialised, and how many documents it holds. */
export class FoundDocuments extends JsonText {
  constructor(
    text: string,
    readonly count: number,
  ) {
    super(text);
  }
}

/** The items of the hits as the JSON array `SearchResponse` is: what `JSON.stringify` of them gives. */
function itemsJson(hits: readonly SearchHit[], returnContent: boolean): FoundDocuments {
  let text = '[';
  for (let i = 0; i < hits.length; i++)
    text += (i === 0 ? '' : ',') + toItemJson(hits[i] as SearchHit, returnContent);
  return new FoundDocuments(`${text}]`, hits.length);
}

/**
 * `POST /bot/search`: documents ranked by relevance, best first; `[]` when nothing matches;
 * serialised (a `SearchResponse`).
 * `score` is a threshold on the index's relevance normalised to 0–1 (absent means 0).
 */
export async function searchDocuments(
  index: SearchIndex,
  request: SearchRequestData,
): Promise<FoundDocuments> {
  const minRelevance = request.score ?? 0;
  // Written out rather than spread from shared options: `{ ...options, limit }` took V8's generic
  // object copy, half a microsecond of every request.
  const options = (limit: number): SearchOptions => ({
    includeTags: request.includeTags,
    excludeTags: request.excludeTags,
    minRelevance,
    limit,
  });
  const returnContent = request.returnContent ?? false;
  if (request.returnAll) {
    const hits = await index.search(request.query, options(request.numDocs));
    return itemsJson(hits, returnContent);
  }
  // Dropping link-less and duplicate hits can leave fewer than numDocs: then ask once more, for
  // everything that could fill the page. Most sites give every page a link of its own, and each
  // hit costs its relevance: no spare is asked for beforehand, but with a threshold, which can
  // leave fewer hits than asked for even when more would pass further down.
  const spare = minRelevance > 0 ? Math.max(5, Math.ceil(request.numDocs / 2)) : 0;
  let limit = request.numDocs + spare;
  let hits = await index.search(request.query, options(limit));
  let kept = distinctLinks(hits, request.numDocs);
  if (kept.length < request.numDocs && hits.length === limit) {
    limit = Math.max(limit * 4, request.numDocs * 10);
    hits = await index.search(request.query, options(limit));
    kept = distinctLinks(hits, request.numDocs);
  }
  return itemsJson(kept, returnContent);
}
