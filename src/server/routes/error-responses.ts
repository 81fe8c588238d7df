import { ErrorBodySchema } from '../../wire/schemas.js';

/** An OpenAPI response whose body is the shared error body. */
export function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ErrorBodySchema } } };
}

/** The errors every bot endpoint can answer, before its own. */
export const botErrorResponses = {
  400: errorResponse('The body is not a JSON object, or a field is invalid (`error.field` names it).'),
  401: errorResponse('apiKey is missing or unknown (and no agent is public).'),
  403: errorResponse("The page's Origin is not among the agent's allowedOrigins."),
  413: errorResponse('The body is larger than the limit of this endpoint.'),
  415: errorResponse('The body was sent with a Content-Encoding (gzip, br…): send it uncompressed.'),
  429: errorResponse('Rate limit reached; the Retry-After header says when to retry.'),
  500: errorResponse('A fault in the service (the database failing, say); the details are in its log.'),
} as const;

/** What search and ask answer when the index's thread has stopped (see `IndexThread`). */
export const indexUnavailableResponse = {
  503: errorResponse('The search index is not running (its thread stopped): the service must be restarted.'),
} as const;
