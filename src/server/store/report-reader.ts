import type { Worker } from 'node:worker_threads';
import { startWorkerModule } from '../worker-module.js';
import type { ReportJob, ReportReply, ReportWorkerData } from './report-worker.js';

/**
 * Runs the analytics reports' statements in a worker thread over a read-only connection of its
 * own (`report-worker.ts`). better-sqlite3 is synchronous: on the service's own connection, a
 * report over a year of a busy site (1,000,000 questions: 4 to 5 s for top questions) held the
 * one thread that answers visitors, and every search and question waited for it. The worker
 * reads the same file in WAL mode, so it sees every commit made before the report was asked,
 * and the service's writes go on meanwhile.
 *
 * The worker starts at the first report, and again after one that failed to start or died;
 * reports are run one at a time, in the order asked. It never keeps the process alive.
 */
export class ReportReader {
  readonly #data: ReportWorkerData;
  #worker: Worker | undefined;
  readonly #pending = new Map<
    number,
    { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }
  >();
  #nextId = 0;
  #closed = false;

  constructor(file: string, busyTimeoutMs: number) {
    this.#data = { file, busyTimeoutMs };
  }

  /** The database file read. */
  get file(): string {
    return this.#data.file;
  }

  /** The rows of `sql` with `params`, read in the worker. */
  all(sql: string, params: unknown[]): Promise<unknown[]> {
    if (this.#closed) return Promise.reject(new Error('the store is closed'));
    const worker = (this.#worker ??= this.#start());
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      const job: ReportJob = { id, sql, params };
      worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = undefined;
    this.#failAll(new Error('the store is closed'));
    await worker?.terminate();
  }

  #start(): Worker {
    const worker = startWorkerModule(import.meta.url, 'report-worker', { workerData: this.#data });
    worker.unref();
    worker.on('message', (reply: ReportReply) => {
      const pending = this.#pending.get(reply.id);
      if (pending === undefined) return;
      this.#pending.delete(reply.id);
      if ('rows' in reply) pending.resolve(reply.rows);
      else
        pending.reject(
          Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {}),
        );
    });
    // A worker that could not open the file, or died: its reports fail (500), the next starts anew.
    const gone = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      this.#failAll(error);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the analytics worker stopped (exit code ${code})`)));
    return worker;
  }

  #failAll(error: Error): void {
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}
