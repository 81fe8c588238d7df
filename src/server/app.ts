/**
 * Builds the service's Hono app: the bot endpoints, health, analytics and /openapi.json. It
 * never listens (see main.ts), so tests and other runtimes can serve it their way.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Answerer } from './answer/answerer.js';
import type { LanguageModelEndpoint } from './answer/chat-completion.js';
import type { ServiceConfig } from './config.js';
import { AgentKeys } from './http/agent-keys.js';
import { ApiError } from './http/api-error.js';
import type { AppEnv, ServiceApp } from './http/app-env.js';
import { type BotGuard, botGuard } from './http/bot-guard.js';
import { RateLimiter } from './http/rate-limiter.js';
import { EmbeddingOrigins } from './http/embedding-origins.js';
import { NO_SNIFF, isAnsweredWhole } from './http/plain-headers.js';
import { pageNotFound, staticFiles } from './http/static-files.js';
import { type Logger, UNLOGGABLE, createConsoleLogger } from './logger.js';
import { privateFilesOf } from './private-files.js';
import { registerAnalyticsRoutes } from './routes/analytics.js';
import { registerAskRoute } from './routes/ask.js';
import { feedbackRoute, registerFeedbackRoute } from './routes/feedback.js';
import { registerHealthRoutes } from './routes/health.js';
import { methodNotAllowed } from './routes/method-not-allowed.js';
import { registerSearchRoute } from './routes/search.js';
import type { SearchIndex } from './search/search-index.js';
import { SettledSearches } from './service/settled-searches.js';
import type { Store } from './store/store.js';

export interface AppOptions {
  store: Store;
  index: SearchIndex;
  answerer: Answerer;
  config: ServiceConfig;
  logger?: Logger;
  /** A folder served at `/` from the same origin (the built demo page); API routes win. */
  staticDir?: string;
  /**
   * Files never served from `staticDir`, should it hold them (see `staticFiles`), besides the
   * store's database and its journals (`createSqliteStore`) and the config's file
   * (`loadConfigFile`), which are never served either: the host's own secrets, say.
   */
  privateFiles?: readonly string[];
  /** What custom agents call their endpoints with (default: the global fetch). */
  fetch?: typeof fetch;
  /** The language model that fills custom agents' parameters, when one is configured. */
  languageModel?: LanguageModelEndpoint;
  /**
   * Records the searches visitors settle on, for the top searches report. Absent, the app makes
   * its own when `config.recordSearches` is on and the store keeps searches: pass one to write
   * the searches still held when the host stops (`close()` them), as the CLI does.
   */
  searches?: SettledSearches;
}

/**
 * CORS for the bot endpoints: a preflight answers 204 with what it may send (POST, JSON, cached
 * 10 minutes); other requests get the allowed origin and `Retry-After` exposed. The headers are
 * made once for each allowed origin and handed to the bot route (`cors`), which answers with them
 * (`answerWhole`); they are added to any other answer (an error) once it is made. Not written on a
 * placeholder response as Hono's `cors()` does, so that the JSON answer keeps @hono/node-server's
 * fast path: under load of distinct searches, that placeholder and its re-wrapping cost about a
 * seventh of the CPU.
 */
function botCors(origins: EmbeddingOrigins): MiddlewareHandler<AppEnv> {
  const anyOrigin = origins.any;
  const byAllowedOrigin = new Map<string | undefined, Readonly<Record<string, string>>>();
  const corsHeaders = (allowed: string | undefined) => {
    let headers = byAllowedOrigin.get(allowed);
    if (headers === undefined) {
      headers = {
        ...(allowed ? { 'access-control-allow-origin': allowed } : {}),
        'access-control-expose-headers': 'Retry-After',
        ...(anyOrigin ? {} : { vary: 'Origin' }),
      };
      byAllowedOrigin.set(allowed, headers);
    }
    return headers;
  };
  return async (c, next) => {
    const origin = origins.allowOriginFor(c.req.header('origin'));
    if (c.req.method === 'OPTIONS') {
      const headers = new Headers({
        'Access-Control-Allow-Methods': 'POST,OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type',
        'Access-Control-Expose-Headers': 'Retry-After',
        'Access-Control-Max-Age': '600',
        Vary: anyOrigin ? 'Access-Control-Request-Headers' : 'Origin, Access-Control-Request-Headers',
      });
      if (origin) headers.set('Access-Control-Allow-Origin', origin);
      return new Response(null, { status: 204, headers });
    }
    const cors = corsHeaders(origin);
    c.set('cors', cors);
    await next();
    if (isAnsweredWhole(c.res)) return;
    for (const [name, value] of Object.entries(cors))
      if (name === 'vary') c.res.headers.append(name, value);
      else c.res.headers.set(name, value);
  };
}

/** The API description's title, by which the CLI knows a port held by this service. */
export const SERVICE_TITLE = 'ask-elements reference service';

/** A request's path as the log shows it: controls percent-encoded again, as they were sent. */
export function loggedPath(path: string): string {
  return path.replace(UNLOGGABLE, (control) => encodeURIComponent(control));
}

export function createApp(options: AppOptions): ServiceApp {
  const { store, index, answerer, config } = options;
  const logger = options.logger ?? createConsoleLogger();
  // A trailing slash names the same endpoint (`/bot/search/`, as a proxy or a client's `paths`
  // may write it), rather than a 404 that says no such route exists.
  const app: ServiceApp = new OpenAPIHono<AppEnv>({ strict: false });
  const keys = new AgentKeys(config.agents, config.projects);
  const limiter = new RateLimiter(config.rateLimit.maxTrackedClients);
  const guard: BotGuard = (maxBodyBytes) => botGuard({ keys, limiter, config }, maxBodyBytes);

  // No answer is ever to be read as another type than it says: JSON stays JSON to a browser that
  // would sniff it (an API address loaded as a script or a page), as the static files already say.
  app.use(async (c, next) => {
    await next();
    if (!isAnsweredWhole(c.res))
      c.res.headers.set('X-Content-Type-Options', NO_SNIFF['x-content-type-options']);
  });

  if (logger.request) {
    const logRequest = logger.request;
    app.use(async (c, next) => {
      const started = performance.now();
      await next();
      // The path only: keys travel in bodies and headers, which are never logged.
      logRequest({
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: performance.now() - started,
      });
    });
  }

  const embeddingOrigins = new EmbeddingOrigins(config);
  app.use('/bot/*', botCors(embeddingOrigins));

  const searches =
    options.searches ??
    (config.recordSearches && store.saveSearches ? new SettledSearches(store, { logger }) : undefined);
  registerSearchRoute(app, { index, guard, searches });
  const customAgents = { logger, fetch: options.fetch, languageModel: options.languageModel };
  registerAskRoute(app, { store, answerer, guard, customAgents });
  registerFeedbackRoute(app, { store, guard });
  registerHealthRoutes(app, { store, index });
  registerAnalyticsRoutes(app, { store, keys, limiter, config });

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: SERVICE_TITLE,
      version: '1',
      description:
        'Document search and question answering for the ask-elements web components. Every error answers ' +
        '`{"error":{"code","message","field?"}}`.',
    },
  });

  app.all('/openapi.json', methodNotAllowed(['GET']));

  const privateFiles = [...(options.privateFiles ?? []), ...privateFilesOf(store, config)];
  if (options.staticDir !== undefined)
    app.use('/*', staticFiles(options.staticDir, embeddingOrigins, privateFiles));

  app.notFound((c) => {
    if (options.staticDir !== undefined) {
      const page = pageNotFound(options.staticDir, c.req.raw, privateFiles);
      if (page) return page;
    }
    // The path as sent: `c.req.path` is the one routed, one trailing slash left out (`strict:
    // false`), so `/bot/search//` was told as `/bot/search/`, a route.
    const sent = new URL(c.req.url).pathname;
    return c.json({ error: { code: 'not_found', message: `No route for ${c.req.method} ${sent}` } }, 404);
  });

  app.onError((error, c) => {
    // Feedback answers carry `success` (SPEC 4.4): each of its errors says `success: false`, so
    // that a client reading `success` sees a refused vote (a bad value, a key, a size), not only
    // an unknown insight.
    const failed = c.req.path === feedbackRoute.path ? { success: false } : {};
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json({ ...failed, ...error.toBody() }, error.status);
    }
    if (error instanceof HTTPException) {
      return c.json(
        { ...failed, error: { code: 'http_error', message: error.message || 'Request failed' } },
        error.status,
      );
    }
    // Anything else is a bug or an outage: log it whole, answer without internals.
    logger.error(`${c.req.method} ${loggedPath(c.req.path)} failed`, error);
    return c.json({ ...failed, error: { code: 'internal_error', message: 'Internal server error' } }, 500);
  });

  return app;
}
