import { createRoute, z } from '@hono/zod-openapi';
import {
  ErrorBodySchema,
  FeedbackRequestSchema,
  FeedbackResponseSchema,
  LIMITS,
} from '../../wire/schemas.js';
import type { ServiceApp } from '../http/app-env.js';
import type { BotGuard } from '../http/bot-guard.js';
import { recordFeedback } from '../service/record-feedback.js';
import type { Store } from '../store/store.js';
import { registerBotRoute } from './bot-route.js';
import { botErrorResponses } from './error-responses.js';

/** Every error of the feedback endpoint: the error body, and `success: false` as its answer carries `success`. */
const FeedbackErrorSchema = ErrorBodySchema.extend({ success: z.literal(false) }).openapi('FeedbackError');

const feedbackError = (response: { description: string }) => ({
  description: response.description,
  content: { 'application/json': { schema: FeedbackErrorSchema } },
});

export const feedbackRoute = createRoute({
  method: 'post',
  path: '/bot/feedback',
  tags: ['bot'],
  summary: 'Rate an answer',
  description: 'Sets the feedback (1 or -1) of an insight; sending again replaces the earlier value.',
  request: { body: { required: true, content: { 'application/json': { schema: FeedbackRequestSchema } } } },
  responses: {
    200: { description: 'Stored.', content: { 'application/json': { schema: FeedbackResponseSchema } } },
    ...Object.fromEntries(
      Object.entries(botErrorResponses).map(([status, response]) => [status, feedbackError(response)]),
    ),
    404: feedbackError({
      description:
        "This key's project has no insight with this insightId (another project's insights are not found either).",
    }),
  },
});

export function registerFeedbackRoute(app: ServiceApp, deps: { store: Store; guard: BotGuard }): void {
  registerBotRoute(app, deps.guard, {
    route: feedbackRoute,
    schema: FeedbackRequestSchema,
    maxBodyBytes: LIMITS.feedbackBodyMaxBytes,
    handle: (request, c) => recordFeedback(deps.store, c.var.agent, request),
  });
}
