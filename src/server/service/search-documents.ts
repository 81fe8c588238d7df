import type { z } from '@hono/zod-openapi';
import type { SearchResultItem } from '../../wire/index.js';
import type { SearchRequestSchema } from '../../wire/schemas.js';
import type { SearchHit, SearchIndex } from '../search/search-index.js';

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

function toItem(hit: SearchHit, returnContent: boolean): SearchResultItem {
  const { title, description, link, assetType, text } = hit.document;
  return returnContent
    ? { title, description, link, assetType, content: text }
    : { title, description, link, assetType };
}

/**
 * `POST /bot/search`: documents ranked by relevance, best first; `[]` when nothing matches.
 * `score` is a threshold on the index's relevance normalised to 0–1 (absent means 0).
 */
export async function searchDocuments(
  index: SearchIndex,
  request: SearchRequestData,
): Promise<SearchResultItem[]> {
  const options = {
    includeTags: request.includeTags,
    excludeTags: request.excludeTags,
    minRelevance: request.score ?? 0,
  };
  const returnContent = request.returnContent ?? false;
  if (request.returnAll) {
    const hits = await index.search(request.query, { ...options, limit: request.numDocs });
    return hits.map((hit) => toItem(hit, returnContent));
  }
  // Dropping link-less and duplicate hits can leave fewer than numDocs: then ask once more, for
  // everything that could fill the page. Most sites give every page a link of its own, and each
  // hit costs its relevance: no spare is asked for beforehand, but with a threshold, which can
  // leave fewer hits than asked for even when more would pass further down.
  const spare = options.minRelevance > 0 ? Math.max(5, Math.ceil(request.numDocs / 2)) : 0;
  let limit = request.numDocs + spare;
  let hits = await index.search(request.query, { ...options, limit });
  let kept = distinctLinks(hits, request.numDocs);
  if (kept.length < request.numDocs && hits.length === limit) {
    limit = Math.max(limit * 4, request.numDocs * 10);
    hits = await index.search(request.query, { ...options, limit });
    kept = distinctLinks(hits, request.numDocs);
  }
  return kept.map((hit) => toItem(hit, returnContent));
}
