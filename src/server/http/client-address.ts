import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address a request came from, for rate limiting. Behind a proxy you control
 * (`trustProxy`), the last X-Forwarded-For entry: the one your proxy appended, which a client
 * cannot forge (the leftmost entries are whatever the client sent).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not on @hono/node-server (app.request() in a test, another runtime).
    return 'unknown';
  }
}
