import type { z } from '@hono/zod-openapi';
import type { FeedbackResponse } from '../../wire/index.js';
import type { FeedbackRequestSchema } from '../../wire/schemas.js';
import type { AgentConfig } from '../config.js';
import { ApiError } from '../http/api-error.js';
import type { Store } from '../store/store.js';

export type FeedbackRequestData = z.output<typeof FeedbackRequestSchema>;

/**
 * `POST /bot/feedback`: sets the feedback of an insight; sending again replaces it (a visitor
 * who changes their mind). An unknown insightId is a 404 that still says `success: false`,
 * the shape a client reads on success. Feedback is accepted for the key's own project's insights.
 */
export async function recordFeedback(
  store: Store,
  agent: AgentConfig,
  request: FeedbackRequestData,
): Promise<FeedbackResponse> {
  // An insight of another project is not this key's to rate: not found, as if it didn't exist.
  const found = await store.setFeedback(
    request.insightId,
    agent.projectId,
    request.feedback,
    // Blank is not given: null, as a reason or comment left out is.
    request.reason?.trim() || undefined,
    request.comment?.trim() || undefined,
  );
  if (!found) {
    throw new ApiError(404, 'insight_not_found', `No insight with id "${request.insightId}"`, {
      field: 'insightId',
      extraBody: { success: false },
    });
  }
  return { success: true };
}
