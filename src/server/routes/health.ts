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
  app.on(['GET', 'POST'], '/api/healthz', async (c) => {
    const health = await checkHealth(deps.store, deps.index);
    // A probe must never see a cached "ok".
    c.header('Cache-Control', 'no-store');
    return c.json(health, health.status === 'ok' ? 200 : 503);
  });
  app.all('/api/healthz', methodNotAllowed(['GET', 'POST']));
}
