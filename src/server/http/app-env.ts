import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AgentConfig } from '../config.js';

/**
 * What the bot guard hands to a bot route: the parsed body, the agent it addresses, and the
 * client address it was limited by (see `clientAddress`).
 */
export interface AppEnv {
  Variables: {
    body: Record<string, unknown>;
    agent: AgentConfig;
    address: string;
    /** The CORS headers of a bot endpoint's answers (see `botCors`). */
    cors: Readonly<Record<string, string>>;
  };
}

export type ServiceApp = OpenAPIHono<AppEnv>;
