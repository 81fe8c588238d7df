import { hash, timingSafeEqual } from 'node:crypto';
import type { AgentConfig, ProjectConfig } from '../config.js';

/** One-shot: a Hash object per request cost more than the digest itself. */
function digest(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}

/**
 * Finds the agent an API key belongs to. Keys are compared as SHA-256 digests with
 * `timingSafeEqual`, against every agent without stopping at a match, so neither the
 * position of a wrong byte nor the key's length nor which agent matched shows in the timing.
 */
export class AgentKeys {
  readonly #entries: { digest: Buffer; agent: AgentConfig }[];
  readonly #publicAgent: AgentConfig | undefined;
  /** The analytics key of each project that has one. */
  readonly #analyticsKeys: Map<string, Buffer>;

  constructor(agents: AgentConfig[], projects: readonly Pick<ProjectConfig, 'id' | 'analyticsKey'>[] = []) {
    this.#entries = agents
      .filter((agent) => agent.apiKey !== undefined)
      .map((agent) => ({ digest: digest(agent.apiKey!), agent }));
    this.#publicAgent = agents.find((agent) => agent.public);
    this.#analyticsKeys = new Map(
      projects.flatMap((project) =>
        project.analyticsKey === undefined ? [] : [[project.id, digest(project.analyticsKey)] as const],
      ),
    );
  }

  /**
   * Whether a key reads a project's analytics: its analytics key when it has one, else any of its
   * agents' keys. Compared in constant time, as `findByKey` does.
   */
  readsAnalyticsOf(key: string, projectId: string): boolean {
    const presented = digest(key);
    // Compared with every agent's key either way, so the timing says nothing of which a project has.
    const agent = this.#agentOf(presented);
    const analyticsKey = this.#analyticsKeys.get(projectId);
    return analyticsKey === undefined
      ? agent?.projectId === projectId
      : timingSafeEqual(presented, analyticsKey);
  }

  /** The agent whose key this is, or undefined. */
  findByKey(key: string): AgentConfig | undefined {
    return this.#agentOf(digest(key));
  }

  /** The agent whose key has this digest, compared with every key without stopping at a match. */
  #agentOf(presented: Buffer): AgentConfig | undefined {
    let found: AgentConfig | undefined;
    for (const entry of this.#entries) {
      if (timingSafeEqual(presented, entry.digest)) found = entry.agent;
    }
    return found;
  }

  /** The agent that answers requests without a key, if one is configured public. */
  get publicAgent(): AgentConfig | undefined {
    return this.#publicAgent;
  }
}
