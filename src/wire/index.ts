/**
 * The API's request and response types (SPEC.md), shared by the client, the elements and the
 * server. Browser code imports this module with `import type` only.
 */
import type { z } from '@hono/zod-openapi';
import type * as s from './schemas.js';

/** Body of `POST /bot/search`. */
export type SearchRequest = z.input<typeof s.SearchRequestSchema>;
/** One item of the array `POST /bot/search` answers. */
export type SearchResultItem = z.output<typeof s.SearchResultItemSchema>;
export type SearchResponse = SearchResultItem[];

export type AnswerFormat = z.output<typeof s.AnswerFormatSchema>;
export type AskMeta = z.input<typeof s.AskMetaSchema>;
/** Body of `POST /bot/askai`. */
export type AskRequest = z.input<typeof s.AskRequestSchema>;
/** A passage an answer was drawn from (`context.passages`). */
export type Passage = z.output<typeof s.PassageSchema>;
/** The answer record of `POST /bot/askai`. */
export type AnswerRecord = z.output<typeof s.AnswerRecordSchema>;
export type AnswerError = z.output<typeof s.AnswerErrorSchema>;

export type FeedbackValue = 1 | -1;
/** Body of `POST /bot/feedback`; `reason` and `comment` are the reference service's extension. */
export type FeedbackRequest = z.input<typeof s.FeedbackRequestSchema>;
export type FeedbackResponse = z.output<typeof s.FeedbackResponseSchema>;

export type HealthResponse = z.output<typeof s.HealthResponseSchema>;

/** The JSON body of every error response of the reference service. */
export type ErrorBody = z.output<typeof s.ErrorBodySchema>;

/** One record of `GET /api/projects/{projectId}/analytics`: one answered question. */
export type AnalyticsRecord = z.output<typeof s.AnalyticsRecordSchema>;
/** One record of `GET /api/projects/{projectId}/analytics/topquestions`. */
export type TopQuestion = z.output<typeof s.TopQuestionSchema>;
/** One record of `GET /api/projects/{projectId}/analytics/topsearches` (the reference service's). */
export type TopSearch = z.output<typeof s.TopSearchSchema>;
