import { randomUUID } from 'node:crypto';
import type { z } from '@hono/zod-openapi';
import type { AnswerRecord } from '../../wire/index.js';
import type { AskRequestSchema } from '../../wire/schemas.js';
import type { Answerer, AnswerInput } from '../answer/answerer.js';
import { answerWithCustomAgent, type CustomAgentDependencies } from '../answer/custom-agent.js';
import { isSmallTalkContext } from '../answer/small-talk.js';
import type { AgentConfig } from '../config.js';
import type { Store } from '../store/store.js';

export type AskRequestData = z.output<typeof AskRequestSchema>;

/** How many earlier turns a follow-up is resolved against. */
export const HISTORY_TURNS = 6;

/**
 * The conversation an ask belongs to: the given one when this agent knows it, else a new id.
 * An unknown (expired, mistyped, another agent's) id starts afresh rather than failing, so a
 * chat widget holding a stale id keeps working; the new id in the answer tells it to switch.
 */
async function resolveConversation(
  store: Store,
  agent: AgentConfig,
  conversationId: string | undefined,
): Promise<{ conversationId: string; continued: boolean }> {
  if (conversationId && (await store.hasConversation(conversationId, agent.projectId, agent.id))) {
    return { conversationId, continued: true };
  }
  return { conversationId: randomUUID(), continued: false };
}

/**
 * `POST /bot/askai`: answers a question for an agent, continuing its conversation, stores the
 * insight (durably, before the answer is returned) and returns the answer record.
 */
export async function answerQuestion(
  deps: { store: Store; answerer: Answerer; customAgents: CustomAgentDependencies },
  agent: AgentConfig,
  request: AskRequestData,
  signal?: AbortSignal,
): Promise<AnswerRecord> {
  const { conversationId, continued } = await resolveConversation(deps.store, agent, request.conversationId);
  // A greeting or a thanks between two questions is no turn a follow-up takes its topic from.
  const history = continued
    ? (await deps.store.conversationTurns(conversationId, HISTORY_TURNS)).filter(
        (turn) => !isSmallTalkContext(turn.contextJson),
      )
    : [];
  const format = request.format ?? 'html';
  const input: AnswerInput = {
    query: request.query,
    history,
    format,
    includeTags: request.includeTags,
    excludeTags: request.excludeTags,
    threshold: agent.answerThreshold,
    meta: request.meta,
    attributes: request.attributes,
    images: request.base64Images,
  };
  // A custom agent answers from its own endpoint, the others from the documents.
  const draft = agent.custom
    ? await answerWithCustomAgent(agent.custom, input, deps.customAgents, signal)
    : await deps.answerer.answer(input, signal);

  // A visitor who stopped the question (or left) saw no answer: none is stored, so it is no turn
  // of the conversation the next question continues, nor a question in the analytics. A model's
  // answer throws on the abort already; an extractive one may finish just after it.
  signal?.throwIfAborted();
  const insightId = randomUUID();
  const createdAt = Date.now();
  await deps.store.saveInsight({
    insightId,
    conversationId,
    projectId: agent.projectId,
    agentId: agent.id,
    query: request.query,
    resolvedQuery: draft.resolvedQuery,
    answer: draft.answer,
    format,
    didAnswer: draft.didAnswer,
    relevanceScore: draft.relevanceScore,
    title: draft.title,
    link: draft.link,
    // Images are not stored (size, privacy); how many came is.
    contextJson: JSON.stringify({
      meta: request.meta ?? null,
      attributes: request.attributes ?? null,
      includeTags: request.includeTags ?? null,
      excludeTags: request.excludeTags ?? null,
      imageCount: request.base64Images?.length ?? 0,
      passages: draft.passages,
      ...draft.context,
    }),
    createdAt,
    ...(draft.context?.['smallTalk'] === true ? { smallTalk: true } : {}),
  });

  return {
    answer: draft.answer,
    title: draft.title,
    link: draft.link,
    description: draft.description,
    relevanceScore: draft.relevanceScore,
    assetType: draft.assetType,
    didAnswer: draft.didAnswer,
    context: { ...draft.context, passages: draft.passages, resolvedQuery: draft.resolvedQuery },
    insightId,
    error: draft.error ?? null,
    conversationId,
  };
}
