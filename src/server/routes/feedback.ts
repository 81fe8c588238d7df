import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { FeedbackRequestSchema, FeedbackResponseSchema, LIMITS } from '../../wire/schemas.js';
import type { AppEnv, ServiceApp } from '../http/app-env.js';
import { parseFields } from '../http/request-validation.js';
import { recordFeedback } from '../service/record-feedback.js';
import type { Store } from '../store/store.js';
import { botErrorResponses, errorResponse } from './error-responses.js';
import { methodNotAllowed } from './method-not-allowed.js';

export const feedbackRoute = createRoute({
  method: 'post',
  path: '/bot/feedback',
  tags: ['bot'],
  summary: 'Rate an answer',
  description: 'Sets the feedback (1 or -1) of an insight; sending again replaces the earlier value.',
  request: { body: { required: true, content: { 'application/json': { schema: FeedbackRequestSchema } } } },
  responses: {
    200: { description: 'Stored.', content: { 'application/json': { schema: FeedbackResponseSchema } } },
    ...botErrorResponses,
    404: errorResponse('No insight has this insightId; the body also carries `success: false`.'),
  },
});

export function registerFeedbackRoute(
  app: ServiceApp,
  deps: { store: Store; guard: (maxBodyBytes: number) => MiddlewareHandler<AppEnv> },
): void {
  app.openAPIRegistry.registerPath(feedbackRoute);
  app.post(feedbackRoute.path, deps.guard(LIMITS.feedbackBodyMaxBytes), async (c) => {
    const request = parseFields(FeedbackRequestSchema, c.var.body);
    return c.json(await recordFeedback(deps.store, request));
  });
  app.all(feedbackRoute.path, methodNotAllowed(['POST']));
}
