import type { Logger } from '../logger.js';
import { openEmbeddingCache } from '../store/sqlite-embedding-cache.js';
import { createEmbeddingProviderFromEnv } from './embedding-provider.js';
import { createHybridIndex } from './hybrid-index.js';
import { createOramaIndex } from './orama-index.js';
import type { SearchIndex } from './search-index.js';
import type { SiteSynonyms } from './synonyms.js';

export interface IndexFromEnvOptions {
  env: NodeJS.ProcessEnv;
  /** The language of the site (`createOramaIndex`'s `language`); default `auto`. */
  language?: string;
  logger: Logger;
  /**
   * The service's SQLite file, where the documents' embeddings are kept across restarts (with
   * hybrid search on); `:memory:` or none keeps them only while the process runs.
   */
  dbFile?: string;
  /** The site's own synonyms (`createOramaIndex`'s `synonyms`); default the built-in list alone. */
  synonyms?: SiteSynonyms;
}

/** The index the environment asks for, and what embeds its documents once they are embedded. */
export interface IndexFromEnv {
  index: SearchIndex;
  /** The embeddings model and endpoint, once the documents are embedded (hybrid search is on). */
  embedded(): { model: string; endpoint: string } | undefined;
  /** Closes the embeddings' connection to the database, if one was opened. */
  close(): Promise<void>;
}

/**
 * The embedded Orama index, wrapped in a hybrid index when the `EMBEDDINGS_*` variables name an
 * embeddings endpoint (vector search is optional; a malformed variable throws, naming it). What
 * `startService` builds in its own thread, and the index thread in its.
 */
export function createIndexFromEnv(options: IndexFromEnvOptions): IndexFromEnv {
  const { env, language, logger, dbFile, synonyms } = options;
  const lexical = createOramaIndex({ env, language, synonyms });
  const embeddings = createEmbeddingProviderFromEnv(env);
  // Opened only with hybrid search on: without it the index never reads nor writes the file.
  const cache = embeddings && dbFile !== undefined ? openEmbeddingCache(dbFile) : undefined;
  const hybrid = embeddings && createHybridIndex(lexical, embeddings, { logger, cache });
  return {
    index: hybrid ?? lexical,
    embedded: () =>
      hybrid?.vectorsReady ? { model: hybrid.provider.model, endpoint: hybrid.provider.endpoint } : undefined,
    close: async () => cache?.close(),
  };
}
