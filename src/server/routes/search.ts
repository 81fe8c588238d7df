import { createRoute } from '@hono/zod-openapi';
import { LIMITS, SearchRequestSchema, SearchResponseSchema } from '../../wire/schemas.js';
import type { AppEnv, ServiceApp } from '../http/app-env.js';
import type { MiddlewareHandler } from 'hono';
import { parseFields } from '../http/request-validation.js';
import type { SearchIndex } from '../search/search-index.js';
import { searchDocuments } from '../service/search-documents.js';
import { botErrorResponses } from './error-responses.js';
import { methodNotAllowed } from './method-not-allowed.js';

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
  },
});

export function registerSearchRoute(
  app: ServiceApp,
  deps: { index: SearchIndex; guard: (maxBodyBytes: number) => MiddlewareHandler<AppEnv> },
): void {
  app.openAPIRegistry.registerPath(searchRoute);
  app.post(searchRoute.path, deps.guard(LIMITS.searchBodyMaxBytes), async (c) => {
    const request = parseFields(SearchRequestSchema, c.var.body);
    return c.json(await searchDocuments(deps.index, request));
  });
  app.all(searchRoute.path, methodNotAllowed(['POST']));
}
