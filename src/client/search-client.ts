import type { SearchResponse } from '../wire/index.js';
import type { AskClient, ClientOptions } from './create-client.js';
import { attemptOnce, fetchOf, timeoutOf, trimBase, withKey } from './request.js';

/** The part of the client `<search-box>` uses. */
export type SearchClient = Pick<AskClient, 'search'>;

/** As-you-type search must give up fast. */
export const SEARCH_TIMEOUT_MS = 8_000;

/**
 * The search operation of `createClient` alone (it is what `createClient` uses for `search`), so
 * that a page with only `<search-box>` carries no ask, feedback, analytics or retry code.
 * Searches are never retried: a new keystroke is the retry.
 */
export function createSearchClient(options: ClientOptions): SearchClient {
  const fetchImpl = fetchOf(options);
  const url = trimBase(options.baseUrl) + (options.paths?.search ?? '/bot/search');
  return {
    search: (request, { signal } = {}) =>
      attemptOnce(
        fetchImpl,
        {
          method: 'POST',
          url,
          body: withKey(options, request),
          timeoutMs: timeoutOf(options, 'search', SEARCH_TIMEOUT_MS),
        },
        signal,
      ) as Promise<SearchResponse>,
  };
}
