/**
 * Answers made with every header the app's middlewares add (`X-Content-Type-Options`, the bot
 * endpoints' CORS) already in a plain object, which those middlewares then leave alone. To add a
 * header to an answer they read its `headers`, which turns them into a `Headers`: that, Hono's
 * header calls and @hono/node-server's copy back into an object for Node (lower-cased, sorted)
 * took 5–6% of the main thread's instructions for a search and 2 KB of its garbage, where a
 * plain object goes to Node as it is.
 */
const answeredWhole = new WeakSet<Response>();

/** What every answer of the app says: JSON stays JSON to a browser that would sniff it. */
export const NO_SNIFF = { 'x-content-type-options': 'nosniff' } as const;

/** A 200 answer of `body` with `headers`, which must hold all the app's middlewares would add. */
export function answerWhole(
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
): Response {
  const response = new Response(body, { status: 200, headers });
  answeredWhole.add(response);
  return response;
}

/** Whether `response` already says all the app's middlewares would add (see `answerWhole`). */
export const isAnsweredWhole = (response: Response): boolean => answeredWhole.has(response);
