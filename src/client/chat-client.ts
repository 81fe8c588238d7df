import type { AnswerRecord, FeedbackResponse } from '../wire/index.js';
import type { AskClient, ClientOptions } from './create-client.js';
import { ApiError, NO_ANSWER_MESSAGE } from './errors.js';
import { fetchOf, send, stringOr, timeoutOf, trimBase, withKey, withoutKey } from './request.js';

const text = (value: unknown): string => stringOr(value, '');

/**
 * An answer record whose fields have the types the elements read, whatever the service sent: a
 * field of another type is empty (a relevanceScore that is not a number is NaN: unknown, shown as
 * no confidence at all), and only context passages with a link are kept. Checked once, here, so
 * that no "[object Object]" or thrown TypeError reaches a visitor.
 */
function answerRecordOf(record: Record<string, unknown>, answer: string): AnswerRecord {
  const score = record['relevanceScore'];
  const context = record['context'] as { passages?: unknown } | null | undefined;
  const passages = Array.isArray(context?.passages) ? (context.passages as Record<string, unknown>[]) : [];
  return {
    ...record,
    answer,
    title: text(record['title']),
    link: text(record['link']),
    description: text(record['description']),
    assetType: text(record['assetType']),
    relevanceScore: typeof score === 'number' ? Math.min(100, Math.max(0, score)) : NaN,
    didAnswer: record['didAnswer'] !== false,
    // The context's other entries (resolvedQuery, a custom agent's) as the service sent them.
    context: {
      ...(typeof context === 'object' && context !== null ? context : {}),
      passages: passages
        .filter((passage) => typeof passage?.['link'] === 'string')
        .map((passage) => ({ ...passage, title: text(passage['title']) }) as never),
    },
    insightId: text(record['insightId']),
    conversationId: text(record['conversationId']),
    error: null,
  };
}

/** The part of the client `<ask-chat>` and `<feedback-buttons>` use. */
export type ChatClient = Pick<AskClient, 'ask' | 'feedback'>;

/** An answer may take a model a while. */
export const ASK_TIMEOUT_MS = 60_000;
export const FEEDBACK_TIMEOUT_MS = 10_000;

/**
 * The ask and feedback operations of `createClient` alone (it is what `createClient` uses for
 * them), so that a page with the chat carries no search, health or analytics code. Asks are never
 * retried; feedback is, being idempotent by insightId.
 */
export function createChatClient(options: ClientOptions): ChatClient {
  const fetchImpl = fetchOf(options);
  const base = trimBase(options.baseUrl);
  const post = <T>(
    operation: 'ask' | 'feedback',
    request: object,
    signal: AbortSignal | undefined,
  ): Promise<T> =>
    send<T>(
      fetchImpl,
      options,
      {
        method: 'POST',
        url: base + (options.paths?.[operation] ?? (operation === 'ask' ? '/bot/askai' : '/bot/feedback')),
        body: withKey(options, request),
        timeoutMs: timeoutOf(options, operation, operation === 'ask' ? ASK_TIMEOUT_MS : FEEDBACK_TIMEOUT_MS),
        idempotent: operation === 'feedback',
      },
      signal,
    );
  return {
    ask: async (request, { signal } = {}) => {
      const record = await post<Record<string, unknown> | null>('ask', request, signal);
      if (record === null || typeof record !== 'object' || typeof record['answer'] !== 'string') {
        throw new ApiError('The service sent an answer in an unexpected shape.', {
          status: 200,
          code: 'invalid_response',
          body: record,
        });
      }
      // "Error information" (SPEC 2.2): an object with a message and a code, or a message alone.
      const error = record['error'] as { message?: unknown; code?: unknown } | string | null | undefined;
      if (error) {
        const given = typeof error === 'string' ? { message: error } : error;
        throw new ApiError(withoutKey(text(given.message), options.apiKey) || NO_ANSWER_MESSAGE, {
          status: 200,
          code: text(given.code) || 'answer_error',
          body: record,
        });
      }
      return answerRecordOf(record, record['answer']);
    },
    feedback: async (request, { signal } = {}) => {
      const answer = await post<FeedbackResponse>('feedback', request, signal);
      // SPEC 4.4: a 200 whose `success` is false stored nothing.
      if (answer?.success === false)
        throw new ApiError('The feedback was not stored.', {
          status: 200,
          code: 'not_stored',
          body: answer,
        });
      return answer;
    },
  };
}
