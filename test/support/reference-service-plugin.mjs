/**
 * A web-test-runner plugin that starts the real reference service (demo corpus, in-memory
 * database) when the test server starts, and forwards the API's paths to it, so that elements
 * under test talk to it on their own origin, as on a self-hosted site.
 */
const API_PATHS = ['/bot/', '/api/', '/openapi.json'];

export function referenceService() {
  let service;
  const plugin = {
    name: 'reference-service',
    async serverStart() {
      // Loaded here, not at the top, because the service is TypeScript run through tsx.
      const { startService } = await import('../../src/server/main.ts');
      const { DEFAULT_CONFIG, parseConfig } = await import('../../src/server/config.ts');
      const { quietLogger } = await import('../../src/server/logger.ts');
      service = await startService({
        port: 0,
        host: '127.0.0.1',
        dbFile: ':memory:',
        logger: quietLogger,
        // As-you-type tests type fast; the default limit protects public sites, not test runs.
        config: parseConfig({ ...DEFAULT_CONFIG, rateLimit: { requestsPerSecond: 1000, burst: 1000 } }),
      });
    },
    async serverStop() {
      await service?.close();
    },
  };
  // A middleware (not app.use in serverStart) so it runs before the static file server.
  const middleware = async (ctx, next) => {
    if (!API_PATHS.some((prefix) => ctx.path.startsWith(prefix))) return next();
    const body = ['GET', 'HEAD'].includes(ctx.method) ? undefined : await readBody(ctx.req);
    const response = await fetch(service.url + ctx.url, {
      method: ctx.method,
      headers: forwardedHeaders(ctx),
      body,
    });
    ctx.status = response.status;
    response.headers.forEach((value, key) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(key))
        ctx.set(key, value);
    });
    ctx.body = Buffer.from(await response.arrayBuffer());
  };
  return { plugin, middleware };
}

function forwardedHeaders(ctx) {
  const headers = { 'content-type': ctx.get('content-type') || 'application/json' };
  for (const name of ['authorization', 'origin', 'x-forwarded-for']) {
    if (ctx.get(name)) headers[name] = ctx.get(name);
  }
  return headers;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
