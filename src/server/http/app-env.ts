import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AgentConfig } from '../config.js';

/** What the bot guard hands to a bot route: the parsed body and the agent it addresses. */
export interface AppEnv {
  Variables: {
    body: Record<string, unknown>;
    agent: AgentConfig;
  };
}

export type ServiceApp = OpenAPIHono<AppEnv>;
