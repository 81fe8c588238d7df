import { createRoute } from '@hono/zod-openapi';
import { HealthResponseSchema } from '../../wire/schemas.js';
import type { ServiceApp } from '../http/app-env.js';
import type { SearchIndex } from '../search/search-index.js';
import { checkHealth } from '../service/health-check.js';
import type { Store } from '../store/store.js';
import { methodNotAllowed } from './method-not-allowed.js';

const healthResponses = {
  200: {
    description: 'The database and the index answer.',
    content: { 'application/json': { schema: HealthResponseSchema } },
  },
  503: {
    description: 'The database or the index does not answer.',
    content: { 'application/json': { schema: HealthResponseSchema } },
  },
};

export const healthRoutes = (['get', 'post'] as const).map((method) =>
  createRoute({
    method,
    path: '/api/healthz',
    tags: ['health'],
    summary: 'Health check',
    responses: healthResponses,
  }),
);

export function registerHealthRoutes(app: ServiceApp, deps: { store: Store; index: SearchIndex }): void {
  for (const route of healthRoutes) app.openAPIRegistry.registerPath(route);
  // Any page may ask, as the client's `health()` does from the site's own origin: the answer says
  // nothing but "ok". A POST of JSON, as the spec sends it, is preflighted.
  app.options(
    '/api/healthz',
    () =>
      new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET,POST,OPTIONS',
          'Access-Control-Allow-Headers': 'Content-Type',
          'Access-Control-Max-Age': '600',
        },
      }),
  );
  app.on(['GET', 'POST'], '/api/healthz', async (c) => {
    const health = await checkHealth(deps.store, deps.index);
    // A probe must never see a cached "ok".
    c.header('Cache-Control', 'no-store');
    c.header('Access-Control-Allow-Origin', '*');
    return c.json(health, health.status === 'ok' ? 200 : 503);
  });
  app.all('/api/healthz', methodNotAllowed(['GET', 'POST']));
}
