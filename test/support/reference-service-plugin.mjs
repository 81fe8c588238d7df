/**
 * A web-test-runner plugin that starts the real reference service (demo corpus, in-memory
 * database) when the test server starts, and forwards the API's paths to it, so that elements
 * under test talk to it on their own origin, as on a self-hosted site.
 *
 * A second one, started by the first `watched-service-pages` command, serves a folder of pages
 * the test writes, re-indexed as they change (`--watch`), at `/watched-service/…`:
 *   await executeServerCommand('watched-service-pages', { 'lamps.md': '# Lamps…' });
 * writes the pages (a page given as null is deleted) and returns once the service has them.
 */
const API_PATHS = ['/bot/', '/api/', '/openapi.json'];
const WATCHED_PREFIX = '/watched-service';

/** The service's options for a test run. */
async function serviceOptions() {
  // Loaded here, not at the top, because the service is TypeScript run through tsx.
  const { DEFAULT_CONFIG, parseConfig } = await import('../../src/server/config.ts');
  const { quietLogger } = await import('../../src/server/logger.ts');
  return {
    port: 0,
    host: '127.0.0.1',
    dbFile: ':memory:',
    logger: quietLogger,
    // As-you-type tests type fast; the default limit protects public sites, not test runs.
    // A second agent of the demo project (key `support-key`), for a chat switched to another agent.
    config: parseConfig({
      ...DEFAULT_CONFIG,
      projects: DEFAULT_CONFIG.projects.map((project) => ({
        ...project,
        agents: [
          ...project.agents,
          { id: 'support', name: 'Support', apiKey: 'support-key', allowedOrigins: ['*'] },
        ],
      })),
      rateLimit: { requestsPerSecond: 1000, burst: 1000 },
    }),
  };
}

export function referenceService() {
  let service;
  /** The service over the pages the tests write, and their folder (see watched-service-pages). */
  let watched;
  let watchedDir;
  const plugin = {
    name: 'reference-service',
    async serverStart() {
      const { startService } = await import('../../src/server/main.ts');
      service = await startService(await serviceOptions());
    },
    async executeCommand({ command, payload }) {
      if (command !== 'watched-service-pages') return undefined;
      const pages = Object.entries(payload ?? {});
      const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
      const { tmpdir } = await import('node:os');
      const { join } = await import('node:path');
      const write = () =>
        Promise.all(
          pages.map(([name, text]) =>
            text === null
              ? rm(join(watchedDir, name), { force: true })
              : writeFile(join(watchedDir, name), text),
          ),
        );
      if (!watched) {
        watchedDir = await mkdtemp(join(tmpdir(), 'watched-service-'));
        await write();
        const { startService } = await import('../../src/server/main.ts');
        watched = await startService({ ...(await serviceOptions()), contentDir: watchedDir, watch: true });
        return true;
      }
      const reindexed = watched.reindexed();
      await write();
      await reindexed;
      return true;
    },
    async serverStop() {
      await service?.close();
      await watched?.close();
      if (watchedDir)
        await (await import('node:fs/promises')).rm(watchedDir, { recursive: true, force: true });
    },
  };
  // A middleware (not app.use in serverStart) so it runs before the static file server.
  const middleware = async (ctx, next) => {
    const toWatched = ctx.path.startsWith(`${WATCHED_PREFIX}/`);
    if (!toWatched && !API_PATHS.some((prefix) => ctx.path.startsWith(prefix))) return next();
    if (toWatched && !watched) {
      ctx.status = 503;
      ctx.body = 'No watched service yet: write its pages first (watched-service-pages)';
      return;
    }
    const body = ['GET', 'HEAD'].includes(ctx.method) ? undefined : await readBody(ctx.req);
    const target = toWatched ? watched.url + ctx.url.slice(WATCHED_PREFIX.length) : service.url + ctx.url;
    const response = await fetch(target, {
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
