import type { Logger } from '../logger.js';
import { createEmbeddingProviderFromEnv } from './embedding-provider.js';
import { createHybridIndex } from './hybrid-index.js';
import { createOramaIndex } from './orama-index.js';
import type { SearchIndex } from './search-index.js';

export interface IndexFromEnvOptions {
  env: NodeJS.ProcessEnv;
  /** The language of the site (`createOramaIndex`'s `language`); default `auto`. */
  language?: string;
  logger: Logger;
}

/** The index the environment asks for, and what embeds its documents once they are embedded. */
export interface IndexFromEnv {
  index: SearchIndex;
  /** The embeddings model and endpoint, once the documents are embedded (hybrid search is on). */
  embedded(): { model: string; endpoint: string } | undefined;
}

/**
 * The embedded Orama index, wrapped in a hybrid index when the `EMBEDDINGS_*` variables name an
 * embeddings endpoint (vector search is optional; a malformed variable throws, naming it). What
 * `startService` builds in its own thread, and the index thread in its.
 */
export function createIndexFromEnv(options: IndexFromEnvOptions): IndexFromEnv {
  const { env, language, logger } = options;
  const lexical = createOramaIndex({ env, language });
  const embeddings = createEmbeddingProviderFromEnv(env);
  const hybrid = embeddings && createHybridIndex(lexical, embeddings, { logger });
  return {
    index: hybrid ?? lexical,
    embedded: () =>
      hybrid?.vectorsReady ? { model: hybrid.provider.model, endpoint: hybrid.provider.endpoint } : undefined,
  };
}
