import type { AnswerRecord } from '../wire/index.js';
import type { AskClient, ClientOptions } from './create-client.js';
import { ApiError } from './errors.js';
import { fetchOf, send, timeoutOf, trimBase, withKey } from './request.js';

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
      const record = await post<AnswerRecord>('ask', request, signal);
      if (record === null || typeof record !== 'object' || typeof record.answer !== 'string') {
        throw new ApiError('The service sent an answer in an unexpected shape.', {
          status: 200,
          code: 'invalid_response',
          body: record,
        });
      }
      if (record.error) {
        throw new ApiError(record.error.message || 'The service could not answer.', {
          status: 200,
          code: record.error.code || 'answer_error',
          body: record,
        });
      }
      return record;
    },
    feedback: (request, { signal } = {}) => post('feedback', request, signal),
  };
}
