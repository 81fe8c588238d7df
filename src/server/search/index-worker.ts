/**
 * The index thread (see `IndexThread` in index-thread.ts): holds the search index, the documents
 * and the answerer that reads them, and answers the main thread's messages. The main thread
 * keeps HTTP, validation, rate limits, the store and conversations.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createAnswererFromEnv } from '../answer/answerer-from-env.js';
import { readContentFolder } from '../content/load-folder.js';
import type { Logger } from '../logger.js';
import { searchDocuments } from '../service/search-documents.js';
import { createIndexFromEnv } from './index-from-env.js';
import type { IndexRequest, IndexThreadOptions, IndexReply, IndexState } from './index-thread.js';

const port = parentPort!;
const options = workerData as IndexThreadOptions;
const env = options.env ?? {};

/** What the worker logs is written by the main thread's logger. */
const logger: Logger = {
  info: (message) => port.postMessage({ log: 'info', message } satisfies IndexReply),
  warn: (message) => port.postMessage({ log: 'warn', message } satisfies IndexReply),
  error: (message, error) =>
    port.postMessage({
      log: 'error',
      message,
      error:
        error instanceof Error
          ? (error.stack ?? error.message)
          : error === undefined
            ? undefined
            : String(error),
    } satisfies IndexReply),
};

const { index, embedded } = createIndexFromEnv({
  env,
  language: options.language,
  logger,
  dbFile: options.dbFile,
  synonyms: options.synonyms,
});
const answerer = createAnswererFromEnv({ index, env, logger });
/** The questions being answered, by request id, for the main thread's aborts. */
const answering = new Map<number, AbortController>();

function state(): IndexState {
  const embeddings = embedded();
  return {
    documentCount: index.documentCount,
    language: index.language?.code ?? 'en',
    ...(embeddings ? { embeddings } : {}),
  };
}

async function handle(request: IndexRequest): Promise<unknown> {
  switch (request.type) {
    case 'loadFolder': {
      const { siteUrl, anchors, privateFiles } = request;
      const content = readContentFolder(request.dir, { siteUrl, anchors, privateFiles });
      await index.load(content.documents);
      return { ...state(), skipped: content.skipped };
    }
    case 'load':
      await index.load(request.documents);
      return state();
    case 'searchDocuments': {
      const found = await searchDocuments(index, request.request);
      return { text: found.text, count: found.count };
    }
    case 'search':
      return index.search(request.query, request.options);
    case 'searchPassages':
      return index.searchPassages(request.query, request.options);
    case 'answer': {
      const controller = new AbortController();
      answering.set(request.id, controller);
      try {
        return await answerer.answer(request.input, controller.signal);
      } finally {
        answering.delete(request.id);
      }
    }
    case 'healthy':
      return index.healthy();
  }
}

port.on('message', (request: IndexRequest | { type: 'abort'; id: number } | { type: 'stopGenerating' }) => {
  if (request.type === 'abort') {
    answering.get(request.id)?.abort();
    return;
  }
  if (request.type === 'stopGenerating') {
    answerer.stopGenerating?.();
    return;
  }
  handle(request).then(
    (result) => port.postMessage({ id: request.id, result } satisfies IndexReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: {
          name: error instanceof Error ? error.name : 'Error',
          message: error instanceof Error ? error.message : String(error),
          ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
        },
      } satisfies IndexReply),
  );
});
