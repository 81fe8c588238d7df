/** Damages a store's database file as a disk fault would: one page overwritten, its header intact. */
import { closeSync, openSync, writeSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * Overwrites the root page of `table` in `file` with garbage. The file must be checkpointed (its
 * pages in the file, not in its write-ahead log), as a store's file is once closed.
 */
export function damageTable(file: string, table: string): void {
  const db = new Database(file, { readonly: true });
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(table) as {
    rootpage: number;
  };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(pageSize, 0xa5), 0, pageSize, (rootpage - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}
