/** A worker thread reading content files into documents for `readContentFolder`. */
import { parentPort } from 'node:worker_threads';
import { documentForTransfer } from './document-transfer.js';
import { type ReadRequest, type ReadResult, readContentFiles } from './load-folder.js';

parentPort?.on(
  'message',
  ({ batch, dir, files, siteUrl, anchors, conventions, privateFileIdentities }: ReadRequest) => {
    const { documents, skipped } = readContentFiles(
      dir,
      files,
      siteUrl,
      anchors,
      conventions,
      privateFileIdentities,
    );
    // Without their text, made again from the sections where it is read, if it ever is, and each
    // paragraph sent once (see `documentForTransfer`).
    const result: ReadResult = { batch, content: { documents: documents.map(documentForTransfer), skipped } };
    parentPort?.postMessage(result);
  },
);
