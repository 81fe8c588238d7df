/**
 * A web-test-runner plugin that serves the stand-in for SPEC's hosted service
 * (test/support/spec-service.ts) on the test origin at `/spec-service/spec/…` (records with only
 * SPEC's fields) and `/spec-service/hosted/…` (with extra fields), so that elements under test
 * read what the hosted service sends. The command `spec-service-requests` gives the requests
 * received since the last time it was asked (method, url, content-type, body).
 */
const PREFIX = '/spec-service';

export function specServicePlugin() {
  let service;
  let read = 0;
  const plugin = {
    name: 'spec-service',
    async serverStart() {
      // Loaded here, not at the top, because the stand-in is TypeScript run through tsx.
      const { specService } = await import('./spec-service.ts');
      service = specService();
    },
    async executeCommand({ command }) {
      if (command !== 'spec-service-requests') return undefined;
      const fresh = service.requests.slice(read);
      read = service.requests.length;
      return fresh.map(({ method, url, headers, body }) => ({
        method,
        url,
        contentType: headers['content-type'] ?? null,
        body,
      }));
    },
  };
  // A middleware, so that it runs before the static file server.
  const middleware = async (ctx, next) => {
    if (!ctx.path.startsWith(`${PREFIX}/`)) return next();
    // The stand-in writes the response itself; the status is for the runner's log of 404s.
    ctx.status = 200;
    ctx.respond = false;
    service.handle(ctx.req, ctx.res, ctx.url.slice(PREFIX.length));
  };
  return { plugin, middleware };
}
