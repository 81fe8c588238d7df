import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../../wire/index.js';

/**
 * An error the service answers on purpose: the status, a stable machine-readable `code`, a
 * message for people and, for a bad field, the field's path (`numDocs`, `base64Images.2`).
 * `onError` turns it into the JSON body every error shares; nothing else reaches a client.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly field: string | undefined;
  /** Fields added next to `error` (feedback's 404 also says `success: false`). */
  readonly extraBody: Record<string, unknown>;
  /** Response headers, e.g. `Retry-After` on a 429. */
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    options: { field?: string; extraBody?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.extraBody = options.extraBody ?? {};
    this.headers = options.headers ?? {};
  }

  /** The JSON body of this error. */
  toBody(): ErrorBody & Record<string, unknown> {
    const error: ErrorBody['error'] = { code: this.code, message: this.message };
    if (this.field !== undefined) error.field = this.field;
    return { ...this.extraBody, error };
  }
}

/** 400 for one bad field of a request, named by its path. */
export function invalidField(field: string, message: string): ApiError {
  return new ApiError(400, 'invalid_field', message, { field });
}
