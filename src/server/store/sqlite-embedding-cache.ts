/**
 * The embedded `EmbeddingCache`: the vectors in the `embeddings` table of the service's SQLite
 * file, on a connection of its own (the index that reads them may run in a thread of its own).
 */
import type Database from 'better-sqlite3';
import { openDatabase } from './sqlite-database.js';
import type { EmbeddingCache, EmbeddingSpace } from './store.js';

/** A vector as stored: its float32s' bytes (little-endian on every platform Node runs on). */
const bytesOf = (vector: Float32Array): Buffer =>
  Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);

/**
 * A stored vector: a view of the Buffer read (better-sqlite3 gives each its own memory), or a copy
 * when its bytes are not aligned for a Float32Array. A copy of each of 86,000 vectors of 6 KB
 * doubled what a restart allocated, and the garbage collector's work.
 */
const vectorOf = (bytes: Buffer): Float32Array =>
  bytes.byteOffset % 4 === 0
    ? new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4)
    : new Float32Array(new Uint8Array(bytes).buffer);

class SqliteEmbeddingCache implements EmbeddingCache {
  readonly #db: Database.Database;
  readonly #statements;
  readonly #keep: (space: EmbeddingSpace, vectors: ReadonlyMap<string, Float32Array>) => void;
  readonly #keepOnly: Database.Transaction<(space: EmbeddingSpace, hashes: ReadonlySet<string>) => number>;

  constructor(db: Database.Database) {
    this.#db = db;
    this.#statements = {
      vector: db
        .prepare<[string, number, Buffer], Buffer>(
          'SELECT vector FROM embeddings WHERE model = ? AND dimensions = ? AND text_hash = ?',
        )
        .pluck(),
      put: db.prepare<[string, number, Buffer, Buffer]>(
        'INSERT OR REPLACE INTO embeddings (model, dimensions, text_hash, vector) VALUES (?, ?, ?, ?)',
      ),
      // From the primary key's index alone: no vector is read.
      hashes: db.prepare<[string, number], { rowid: number; hash: Buffer }>(
        'SELECT rowid, text_hash AS hash FROM embeddings WHERE model = ? AND dimensions = ?',
      ),
      deleteRow: db.prepare<[number]>('DELETE FROM embeddings WHERE rowid = ?'),
      deleteOtherSpaces: db.prepare<[string, number]>(
        'DELETE FROM embeddings WHERE model != ? OR dimensions != ?',
      ),
    };
    const { put, hashes, deleteRow, deleteOtherSpaces } = this.#statements;
    this.#keep = db.transaction((space: EmbeddingSpace, vectors: ReadonlyMap<string, Float32Array>) => {
      for (const [hash, vector] of vectors)
        put.run(space.model, space.dimensions, Buffer.from(hash, 'hex'), bytesOf(vector));
    });
    this.#keepOnly = db.transaction((space: EmbeddingSpace, keep: ReadonlySet<string>) => {
      let deleted = deleteOtherSpaces.run(space.model, space.dimensions).changes;
      for (const { rowid, hash } of hashes.all(space.model, space.dimensions))
        if (!keep.has(hash.toString('hex'))) deleted += deleteRow.run(rowid).changes;
      return deleted;
    });
  }

  async vectors(space: EmbeddingSpace, hashes: readonly string[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    const { vector } = this.#statements;
    for (const hash of hashes) {
      const bytes = vector.get(space.model, space.dimensions, Buffer.from(hash, 'hex'));
      if (bytes !== undefined) found.set(hash, vectorOf(bytes));
    }
    return found;
  }

  async keep(space: EmbeddingSpace, vectors: ReadonlyMap<string, Float32Array>): Promise<void> {
    if (vectors.size > 0) this.#keep(space, vectors);
  }

  async keepOnly(space: EmbeddingSpace, hashes: ReadonlySet<string>): Promise<number> {
    // The write lock first: another process's commit between the read and the deletes (a second
    // service over the same file) cannot leave this one a stale snapshot to write from.
    return this.#keepOnly.immediate(space, hashes);
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}

/**
 * The embeddings kept in the SQLite file `file` (the service's `--db`), on a connection of its
 * own; undefined for `:memory:`, where nothing outlives the process.
 */
export function openEmbeddingCache(file: string): EmbeddingCache | undefined {
  if (file === ':memory:' || file === '') return undefined;
  const db = openDatabase(file);
  // A vector lost to a power cut is embedded again at the next start: no need to sync each commit.
  db.pragma('synchronous = NORMAL');
  return new SqliteEmbeddingCache(db);
}
