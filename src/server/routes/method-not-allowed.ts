import type { Handler } from 'hono';
import { ApiError } from '../http/api-error.js';

/** 405 for a known path asked with the wrong method, with the Allow header a client needs. */
export function methodNotAllowed(allowed: string[]): Handler {
  return (c) => {
    throw new ApiError(
      405,
      'method_not_allowed',
      `${c.req.method} is not allowed here; use ${allowed.join(' or ')}`,
      {
        headers: { Allow: allowed.join(', ') },
      },
    );
  };
}
