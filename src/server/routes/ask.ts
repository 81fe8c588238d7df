import { createRoute } from '@hono/zod-openapi';
import { AnswerRecordSchema, AskRequestSchema, LIMITS } from '../../wire/schemas.js';
import type { Answerer } from '../answer/answerer.js';
import type { CustomAgentDependencies } from '../answer/custom-agent.js';
import type { ServiceApp } from '../http/app-env.js';
import type { BotGuard } from '../http/bot-guard.js';
import { answerQuestion } from '../service/answer-question.js';
import type { Store } from '../store/store.js';
import { registerBotRoute } from './bot-route.js';
import { botErrorResponses, indexUnavailableResponse } from './error-responses.js';

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
    ...indexUnavailableResponse,
  },
});

export function registerAskRoute(
  app: ServiceApp,
  deps: { store: Store; answerer: Answerer; guard: BotGuard; customAgents: CustomAgentDependencies },
): void {
  registerBotRoute(app, deps.guard, {
    route: askRoute,
    schema: AskRequestSchema,
    maxBodyBytes: LIMITS.askBodyMaxBytes,
    handle: (request, c) => answerQuestion(deps, c.var.agent, request, c.req.raw.signal),
  });
}
