/**
 * A worker thread that runs the analytics reports' SQL (see `reportQuery`) on a read-only
 * connection of its own to the store's file, so that a report over a year of questions (seconds
 * on a busy site) never holds the thread that answers visitors. See `ReportReader`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** What the worker is asked: one statement and its parameters. */
export interface ReportJob {
  id: number;
  sql: string;
  params: unknown[];
}

/** Its answer: the rows, or what went wrong. */
export type ReportReply =
  { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string | undefined } };

export interface ReportWorkerData {
  file: string;
  busyTimeoutMs: number;
}

const { file, busyTimeoutMs } = workerData as ReportWorkerData;
const db = new Database(file, { readonly: true, fileMustExist: true, timeout: busyTimeoutMs });
const statements = new Map<string, Database.Statement<unknown[], unknown>>();

parentPort?.on('message', ({ id, sql, params }: ReportJob) => {
  let reply: ReportReply;
  try {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    reply = { id, rows: statement.all(...params) };
  } catch (error) {
    reply = { id, error: { message: (error as Error).message, code: (error as { code?: string }).code } };
  }
  parentPort?.postMessage(reply);
});
