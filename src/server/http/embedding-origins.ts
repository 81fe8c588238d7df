import type { ServiceConfig } from '../config.js';

/**
 * The origins whose pages may embed the widgets: the union of the agents' `allowedOrigins`, since
 * a preflight, or a script loaded from `--static`, carries no key to tell its agent by. Each bot
 * request is then checked against its own agent's list.
 */
export class EmbeddingOrigins {
  readonly #origins: ReadonlySet<string>;
  /** `*` is among them: any origin, answered alike (no `Vary: Origin`). */
  readonly any: boolean;

  constructor(config: Pick<ServiceConfig, 'agents'>) {
    this.#origins = new Set(config.agents.flatMap((agent) => agent.allowedOrigins));
    this.any = this.#origins.has('*');
  }

  /** The `Access-Control-Allow-Origin` for a request from `origin`; undefined for none. */
  allowOriginFor(origin: string | undefined): string | undefined {
    if (this.any) return '*';
    return origin !== undefined && this.#origins.has(origin) ? origin : undefined;
  }
}
