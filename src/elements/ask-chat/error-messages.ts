import {
  ApiError,
  NetworkError,
  NO_ANSWER_MESSAGE,
  TimeoutError,
  isRefusedSetup,
} from '../../client/errors.js';
import { fill } from '../shared/strings.js';
import type { AskChatStrings } from './chat-strings.js';

/**
 * A short, polite sentence for a failed question: what happened and what to do, never a stack
 * or status line. The service's own message is shown when it explains a refused question.
 */
export function describeError(error: unknown, strings: AskChatStrings): string {
  if (error instanceof TimeoutError) return strings.timeout;
  // Offline said as the search box says it: "could not be reached" read as the service down.
  if (error instanceof NetworkError)
    return globalThis.navigator?.onLine === false ? strings.offline : strings.networkError;
  if (error instanceof ApiError) {
    // An answer record that carried `error`, or a body that was not an answer.
    // A custom agent's endpoint that failed: its words are the site owner's (the console has them).
    if (error.status === 200)
      // An error that says nothing itself is no message to quote.
      return error.code === 'invalid_response' ||
        error.code === 'agent_endpoint_failed' ||
        error.message === NO_ANSWER_MESSAGE
        ? strings.serverError
        : fill(strings.answerError, { message: error.message });
    // A key or an origin the service refuses is the site's to fix: the visitor gets no details.
    if (isRefusedSetup(error)) return strings.unavailable;
    // A 429 is a rate limit whatever its headers: with no wait the page can read, none is made up.
    if (error.status === 429) {
      if (error.retryAfter === undefined) return strings.rateLimitedSoon;
      const seconds = Math.max(1, Math.ceil(error.retryAfter));
      const template = strings.rateLimited;
      return typeof template === 'function' ? template(seconds) : fill(template, { seconds });
    }
    // The question's own text refused is said as the visitor knows it ("Your question must not be
    // empty"): the field's name, which the service's message opens with ("query: must not be
    // empty", "query is required"), is dropped. Any other field is the page's, named as sent.
    if (error.status >= 400 && error.status < 500)
      return error.field === 'query'
        ? fill(strings.rejectedField, {
            field: error.field,
            message: error.message.replace(/^query:?\s*/i, ''),
          })
        : fill(strings.rejected, { message: error.message });
  }
  return strings.serverError;
}
