import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { AnswerRecordSchema, AskRequestSchema, LIMITS } from '../../wire/schemas.js';
import type { Answerer } from '../answer/answerer.js';
import type { AppEnv, ServiceApp } from '../http/app-env.js';
import { parseFields } from '../http/request-validation.js';
import { answerQuestion } from '../service/answer-question.js';
import type { Store } from '../store/store.js';
import { botErrorResponses } from './error-responses.js';
import { methodNotAllowed } from './method-not-allowed.js';

export const askRoute = createRoute({
  method: 'post',
  path: '/bot/askai',
  tags: ['bot'],
  summary: 'Answer a question',
  description:
    'Answers from the best passages of the documents, with the source document. An empty or absent ' +
    '`conversationId` starts a conversation; a known one continues it; an unknown one starts a new ' +
    'conversation whose new id is in the answer. The insight is stored before the answer is sent.',
  request: { body: { required: true, content: { 'application/json': { schema: AskRequestSchema } } } },
  responses: {
    200: {
      description: 'The answer record.',
      content: { 'application/json': { schema: AnswerRecordSchema } },
    },
    ...botErrorResponses,
  },
});

export function registerAskRoute(
  app: ServiceApp,
  deps: { store: Store; answerer: Answerer; guard: (maxBodyBytes: number) => MiddlewareHandler<AppEnv> },
): void {
  app.openAPIRegistry.registerPath(askRoute);
  app.post(askRoute.path, deps.guard(LIMITS.askBodyMaxBytes), async (c) => {
    const request = parseFields(AskRequestSchema, c.var.body);
    return c.json(await answerQuestion(deps, c.var.agent, request, c.req.raw.signal));
  });
  app.all(askRoute.path, methodNotAllowed(['POST']));
}
