/** A worker thread reading content files into documents for `readContentFolder`. */
import { parentPort } from 'node:worker_threads';
import { type ReadRequest, type ReadResult, readContentFiles } from './load-folder.js';

parentPort?.on('message', ({ batch, dir, files, siteUrl, anchors }: ReadRequest) => {
  const result: ReadResult = { batch, content: readContentFiles(dir, files, siteUrl, anchors) };
  parentPort?.postMessage(result);
});
