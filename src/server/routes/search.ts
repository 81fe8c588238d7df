import { createRoute } from '@hono/zod-openapi';
import { LIMITS, SearchRequestSchema, SearchResponseSchema } from '../../wire/schemas.js';
import type { ServiceApp } from '../http/app-env.js';
import type { BotGuard } from '../http/bot-guard.js';
import { IndexThread } from '../search/index-thread.js';
import type { SearchIndex } from '../search/search-index.js';
import type { SettledSearches } from '../service/settled-searches.js';
import { searchDocuments } from '../service/search-documents.js';
import { registerBotRoute } from './bot-route.js';
import { botErrorResponses, indexUnavailableResponse } from './error-responses.js';

export const searchRoute = createRoute({
  method: 'post',
  path: '/bot/search',
  tags: ['bot'],
  summary: 'Search documents (as-you-type)',
  description:
    'Documents ranked by relevance, best first; `[]` when nothing matches. `returnAll: false` (the default) drops ' +
    'documents without a link and keeps only the best of documents sharing a link.',
  request: { body: { required: true, content: { 'application/json': { schema: SearchRequestSchema } } } },
  responses: {
    200: {
      description: 'The matching documents.',
      content: { 'application/json': { schema: SearchResponseSchema } },
    },
    ...botErrorResponses,
    ...indexUnavailableResponse,
  },
});

export interface SearchRouteDependencies {
  index: SearchIndex;
  guard: BotGuard;
  /** Where the searches visitors settle on are recorded, when they are. */
  searches?: SettledSearches;
}

export function registerSearchRoute(app: ServiceApp, deps: SearchRouteDependencies): void {
  const { searches } = deps;
  registerBotRoute(app, deps.guard, {
    route: searchRoute,
    schema: SearchRequestSchema,
    maxBodyBytes: LIMITS.searchBodyMaxBytes,
    handle: async (request, c) => {
      // An index in a thread of its own answers the whole request there, JSON included.
      const found =
        deps.index instanceof IndexThread
          ? await deps.index.searchDocuments(request)
          : await searchDocuments(deps.index, request);
      if (searches) {
        const agent = c.get('agent');
        // One visitor: an agent's key from one client address (see SettledSearches).
        searches.searched(`${agent.projectId}/${agent.id} ${c.get('address')}`, {
          projectId: agent.projectId,
          agentId: agent.id,
          query: request.query.trim(),
          results: found.count,
        });
      }
      return found;
    },
  });
}
