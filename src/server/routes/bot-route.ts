import type { RouteConfig, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv, ServiceApp } from '../http/app-env.js';
import type { BotGuard } from '../http/bot-guard.js';
import { JsonText } from '../http/json-text.js';
import { NO_SNIFF, answerWhole } from '../http/plain-headers.js';
import { parseFields } from '../http/request-validation.js';
import { methodNotAllowed } from './method-not-allowed.js';

export interface BotRoute<S extends z.ZodType> {
  /** The OpenAPI description; its path is where the endpoint is served. */
  route: RouteConfig;
  /** The wire schema the body's fields are checked against, after the guard's checks. */
  schema: S;
  maxBodyBytes: number;
  /** The endpoint's work on the validated request; its result is answered as JSON (or is JSON already). */
  handle(request: z.output<S>, c: Context<AppEnv>): Promise<unknown>;
}

/**
 * Registers a bot endpoint the way all three are served: documented in /openapi.json, POST
 * behind the bot guard (body, rate limit, key, origin) then its own fields, and 405 for any
 * other method.
 */
export function registerBotRoute<S extends z.ZodType>(
  app: ServiceApp,
  guard: BotGuard,
  bot: BotRoute<S>,
): void {
  app.openAPIRegistry.registerPath(bot.route);
  app.post(bot.route.path, guard(bot.maxBodyBytes), async (c) => {
    // `c.get`, not `c.var`, which copies every variable into a new object at each read.
    const result = await bot.handle(parseFields(bot.schema, c.get('body')), c);
    // Every header at once, in a plain object (see `answerWhole`): the type c.json gives, what
    // every answer says, and the CORS of the bot endpoints.
    return answerWhole(result instanceof JsonText ? result.text : JSON.stringify(result), {
      'content-type': 'application/json',
      ...NO_SNIFF,
      ...c.get('cors'),
    });
  });
  app.all(bot.route.path, methodNotAllowed(['POST']));
}
