import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AnalyticsQuerySchema, AnalyticsRecordSchema, TopQuestionSchema } from '../../wire/schemas.js';
import type { AgentKeys } from '../http/agent-keys.js';
import { ApiError } from '../http/api-error.js';
import type { AppEnv, ServiceApp } from '../http/app-env.js';
import {
  type AnalyticsReport,
  analyticsFilter,
  analyticsParameters,
  analyticsReport,
} from '../service/analytics-report.js';
import type { Store } from '../store/store.js';
import { errorResponse } from './error-responses.js';

const projectParams = z.object({
  projectId: z.string().openapi({ param: { name: 'projectId', in: 'path' } }),
});

const analyticsErrors = {
  400: errorResponse('A parameter is invalid (`error.field` names it). The hosted service answers 500 here.'),
  401: errorResponse('The Bearer key is missing, unknown, or not a key of this project.'),
};

export const analyticsRoutes = [
  createRoute({
    method: 'get',
    path: '/api/projects/{projectId}/analytics',
    tags: ['analytics'],
    summary: 'Answered questions of a project',
    description:
      "Also reachable as `/api/projects/{projectId}/analytics/startDate=..&endDate=..` (the spec's path shape). " +
      'Dates are epoch milliseconds or ISO 8601; a date-only endDate includes that whole day (UTC).',
    security: [{ bearerAuth: [] }],
    request: { params: projectParams, query: AnalyticsQuerySchema },
    responses: {
      200: {
        description: 'One record per answered question.',
        content: { 'application/json': { schema: z.array(AnalyticsRecordSchema) } },
      },
      ...analyticsErrors,
    },
  }),
  createRoute({
    method: 'get',
    path: '/api/projects/{projectId}/analytics/topquestions',
    tags: ['analytics'],
    summary: 'Most asked questions of a project',
    description:
      "Questions grouped case- and punctuation-insensitively. Also reachable in the spec's path shape.",
    security: [{ bearerAuth: [] }],
    request: { params: projectParams, query: AnalyticsQuerySchema },
    responses: {
      200: {
        description: 'The top questions.',
        content: { 'application/json': { schema: z.array(TopQuestionSchema) } },
      },
      ...analyticsErrors,
    },
  }),
];

function unauthorized(message: string): ApiError {
  return new ApiError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

/** The `Authorization: Bearer <key>` must be the key of an agent of the project in the path. */
function authorizeProject(keys: AgentKeys, authorization: string | undefined, projectId: string): void {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (match === null) throw unauthorized('Authorization: Bearer <API key> is required');
  const agent = keys.findByKey(match[1]!);
  if (agent === undefined || agent.projectId !== projectId) {
    throw unauthorized('The API key is not valid for this project');
  }
}

export function registerAnalyticsRoutes(app: ServiceApp, deps: { store: Store; keys: AgentKeys }): void {
  for (const route of analyticsRoutes) app.openAPIRegistry.registerPath(route);
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' });

  const handle = (report: AnalyticsReport) => async (c: Context<AppEnv>) => {
    const projectId = c.req.param('projectId')!;
    authorizeProject(deps.keys, c.req.header('authorization'), projectId);
    const parameters = analyticsParameters(c.req.param('pathParameters'), new URL(c.req.url).searchParams);
    const filter = analyticsFilter(report, projectId, parameters);
    return c.json(await analyticsReport(deps.store, report, filter));
  };
  // topquestions first: `/analytics/:pathParameters` would otherwise take "topquestions" as parameters.
  app.get('/api/projects/:projectId/analytics/topquestions/:pathParameters?', handle('topquestions'));
  app.get('/api/projects/:projectId/analytics/:pathParameters?', handle('analytics'));
}
