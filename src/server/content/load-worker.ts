/** A worker thread reading content files into documents for `readContentFolder`. */
import { parentPort } from 'node:worker_threads';
import { withoutText } from './document-record.js';
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
    // The text is made again from the sections where it is read, if it ever is (see `withTextOfSections`).
    const result: ReadResult = { batch, content: { documents: documents.map(withoutText), skipped } };
    parentPort?.postMessage(result);
  },
);
