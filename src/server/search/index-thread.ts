/**
 * The search index in a worker thread of its own (index-worker.ts), so that ranking runs on
 * another core than HTTP, validation, rate limits, the store and JSON: on two cores, distinct
 * searches of 10,000 pages answered about half as fast again (see the README's decisions). The
 * thread holds the only copy of the index and of the documents, and the answerer that reads
 * them; the main thread sends it search requests and questions, and gets back the search's JSON
 * body and the answer.
 *
 * It is a `SearchIndex` too, for a host that searches it from code (hits then carry copies of
 * their documents), and the `Answerer` of the documents' questions. Should the thread die, every
 * search and answer fails with a 503 and `healthy()` is false until the service is restarted.
 */
import type { Worker } from 'node:worker_threads';
import type { Answerer, AnswerInput, DraftAnswer } from '../answer/answerer.js';
import { languageModelFromEnv } from '../answer/answerer-from-env.js';
import type { SkippedFile, SourceDocument } from '../content/document.js';
import type { LoadFolderOptions } from '../content/load-folder.js';
import { ApiError } from '../http/api-error.js';
import type { Logger } from '../logger.js';
import { FoundDocuments, type SearchRequestData } from '../service/search-documents.js';
import { INDEXING_THREAD_LIMITS, startWorkerModule } from '../worker-module.js';
import { createEmbeddingProviderFromEnv } from './embedding-provider.js';
import { ENGLISH, type Language, loadLanguage } from './languages.js';
import { indexLanguage } from './orama-index.js';
import type { PassageHit, SearchHit, SearchIndex, SearchOptions } from './search-index.js';
import { type SiteSynonyms, synonymTable, type SynonymTable } from './synonyms.js';

/** What the thread is started with: the index's and the answerer's settings. */
export interface IndexThreadOptions {
  /** The language of the site (`createOramaIndex`'s `language`); default `auto`. */
  language?: string;
  /** The environment for the optional LLM and embedding settings. */
  env?: NodeJS.ProcessEnv;
  /** The service's SQLite file, where the documents' embeddings are kept (see `createIndexFromEnv`). */
  dbFile?: string;
  /** The site's own synonyms (`createOramaIndex`'s `synonyms`); default the built-in list alone. */
  synonyms?: SiteSynonyms;
}

/** What the index holds after a load, as the thread reports it. */
export interface IndexState {
  documentCount: number;
  language: string;
  /** The embeddings endpoint, when the documents were embedded (hybrid search is on). */
  embeddings?: { model: string; endpoint: string };
}

/** A message to the thread. */
export type IndexRequest = { id: number } & (
  | ({ type: 'loadFolder'; dir: string } & LoadFolderOptions)
  | { type: 'load'; documents: SourceDocument[] }
  | { type: 'searchDocuments'; request: SearchRequestData }
  | { type: 'search' | 'searchPassages'; query: string; options: SearchOptions }
  | { type: 'answer'; input: AnswerInput }
  | { type: 'healthy' }
);

/** A message to the thread before it is given its id. */
type UnnumberedRequest = IndexRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** A message from the thread: a request's result or error, or a line to log. */
export type IndexReply =
  | { id: number; result: unknown }
  | { id: number; error: { name: string; message: string; stack?: string } }
  | { log: 'info' | 'warn' | 'error'; message: string; error?: string };

/** What searches and answers fail with once the thread is gone. */
function threadGone(): ApiError {
  return new ApiError(
    503,
    'index_unavailable',
    'The search index is not running: the service must be restarted (its log says why)',
  );
}

export class IndexThread implements SearchIndex, Answerer {
  /** The worker thread itself (its `threadId`, `resourceUsage()`…). */
  readonly worker: Worker;
  readonly #logger: Logger;
  readonly #pending = new Map<number, { resolve: (result: never) => void; reject: (error: Error) => void }>();
  #nextId = 0;
  #running = true;
  /** Loads under way: the thread may be busy building for a second or two (10,000 pages). */
  #loading = 0;
  #documentCount = 0;
  #language: Language = ENGLISH;
  readonly #synonyms: SynonymTable;
  /** Resolves when the thread has ended (`close()`, or a failure). */
  readonly stopped: Promise<void>;

  constructor(options: IndexThreadOptions & { logger: Logger }) {
    const { logger, ...threadOptions } = options;
    // Settings the thread would fail to start with are refused here, naming the setting, as
    // createOramaIndex and the answerer refuse them in this thread: not only in the log.
    indexLanguage(threadOptions.language);
    createEmbeddingProviderFromEnv(threadOptions.env ?? {});
    languageModelFromEnv(threadOptions.env ?? {});
    this.#synonyms = synonymTable(threadOptions.synonyms);
    this.#logger = logger;
    this.worker = startWorkerModule(import.meta.url, 'index-worker', {
      workerData: threadOptions,
      resourceLimits: INDEXING_THREAD_LIMITS,
    });
    this.worker.on('message', (reply: IndexReply) => this.#received(reply));
    this.worker.on('error', (error) => logger.error('The index thread failed', error));
    this.stopped = new Promise((resolveStopped) =>
      this.worker.once('exit', (code) => {
        if (this.#running)
          logger.error(
            `The index thread stopped (exit code ${code}): searches and answers fail with 503 until the service is restarted`,
          );
        this.#running = false;
        for (const { reject } of this.#pending.values()) reject(threadGone());
        this.#pending.clear();
        resolveStopped();
      }),
    );
  }

  /** True while the thread runs. */
  get running(): boolean {
    return this.#running;
  }

  get documentCount(): number {
    return this.#documentCount;
  }

  get language(): Language {
    return this.#language;
  }

  /** What the thread's search reads as synonyms, for an answerer in this thread to read too. */
  get synonyms(): SynonymTable {
    return this.#synonyms;
  }

  /**
   * Reads the content folder into the index, in the thread (see `readContentFolder`): searches
   * meanwhile are answered from the index as it was.
   */
  loadFolder(dir: string, options: LoadFolderOptions = {}): Promise<IndexState & { skipped: SkippedFile[] }> {
    return this.#loaded(
      this.#ask<IndexState & { skipped: SkippedFile[] }>({ type: 'loadFolder', dir, ...options }),
    );
  }

  async load(documents: Iterable<SourceDocument> | AsyncIterable<SourceDocument>): Promise<void> {
    const list: SourceDocument[] = [];
    for await (const document of documents) list.push(document);
    await this.#loaded(this.#ask<IndexState>({ type: 'load', documents: list }));
  }

  /** A search request answered as its JSON body, as `searchDocuments` answers it in this thread. */
  async searchDocuments(request: SearchRequestData): Promise<FoundDocuments> {
    const { text, count } = await this.#ask<{ text: string; count: number }>({
      type: 'searchDocuments',
      request,
    });
    return new FoundDocuments(text, count);
  }

  search(query: string, options: SearchOptions): Promise<SearchHit[]> {
    return this.#ask({ type: 'search', query, options });
  }

  searchPassages(query: string, options: SearchOptions): Promise<PassageHit[]> {
    return this.#ask({ type: 'searchPassages', query, options });
  }

  answer(input: AnswerInput, signal?: AbortSignal): Promise<DraftAnswer> {
    signal?.throwIfAborted();
    const id = this.#nextId;
    const answered = this.#ask<DraftAnswer>({ type: 'answer', input });
    if (signal === undefined) return answered;
    const abort = () => this.worker.postMessage({ type: 'abort', id });
    signal.addEventListener('abort', abort, { once: true });
    // An answer cut short fails with the signal's reason, as the answerer in this thread fails:
    // not with the thread's AbortError, which the app would log as a fault of the service.
    return answered
      .catch((error: unknown) => {
        throw signal.aborted ? signal.reason : error;
      })
      .finally(() => signal.removeEventListener('abort', abort));
  }

  /** The service is stopping: the thread's answers waiting on a language model go without it. */
  stopGenerating(): void {
    if (this.#running) this.worker.postMessage({ type: 'stopGenerating' });
  }

  /**
   * False once the thread is gone; true while it loads (building a new index can keep it from
   * answering for longer than a health check waits, and the index it had answers meanwhile);
   * else whether its index answers.
   */
  healthy(): Promise<boolean> {
    if (!this.#running) return Promise.resolve(false);
    return this.#loading > 0 ? Promise.resolve(true) : this.#ask<boolean>({ type: 'healthy' });
  }

  /** Ends the thread; what it was still doing fails with a 503. */
  async close(): Promise<void> {
    if (this.#running) {
      this.#running = false;
      await this.worker.terminate();
    }
    await this.stopped;
  }

  /** The state of the index once `loading` is done. */
  async #loaded<T extends IndexState>(loading: Promise<T>): Promise<T> {
    this.#loading++;
    try {
      const state = await loading;
      if (state.language !== this.#language.code) this.#language = await loadLanguage(state.language);
      this.#documentCount = state.documentCount;
      return state;
    } finally {
      this.#loading--;
    }
  }

  #ask<T>(request: UnnumberedRequest): Promise<T> {
    if (!this.#running) return Promise.reject(threadGone());
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (result: never) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  #received(reply: IndexReply): void {
    if ('log' in reply) {
      if (reply.log === 'error') this.#logger.error(reply.message, reply.error);
      else this.#logger[reply.log](reply.message);
      return;
    }
    const waiting = this.#pending.get(reply.id);
    if (waiting === undefined) return;
    this.#pending.delete(reply.id);
    if ('result' in reply) waiting.resolve(reply.result as never);
    else waiting.reject(Object.assign(new Error(reply.error.message), reply.error));
  }
}
