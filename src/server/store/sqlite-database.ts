/**
 * The store's SQLite file opened with better-sqlite3: made if missing, in write-ahead-log mode,
 * every commit synced (see `sqlite-store.ts` on durability), its schema migrated, and each way of
 * failing to open it said in words that say what to do. Kept apart from the store so that the
 * service's published declarations name no type of better-sqlite3, whose own are a separate
 * package (`@types/better-sqlite3`) that a TypeScript project importing `ask-elements/server`
 * need not install.
 */
import { closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { questionKey } from './question-key.js';

/** A schema change in SQL, or a change of the rows that needs code (see `migrate`). */
type Migration = string | ((db: Database.Database) => void);

/** Schema versions, applied in order; `PRAGMA user_version` records how many ran. */
const MIGRATIONS: readonly Migration[] = [
  `
  CREATE TABLE conversations (
    id          TEXT PRIMARY KEY,
    project_id  TEXT NOT NULL,
    agent_id    TEXT NOT NULL,
    created_at  INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE insights (
    insight_id       TEXT PRIMARY KEY,
    conversation_id  TEXT NOT NULL REFERENCES conversations(id),
    project_id       TEXT NOT NULL,
    agent_id         TEXT NOT NULL,
    query            TEXT NOT NULL,
    -- The query folded (case, spacing, end punctuation) so top questions group rewordings.
    question_key     TEXT NOT NULL,
    resolved_query   TEXT NOT NULL,
    answer           TEXT NOT NULL,
    format           TEXT NOT NULL,
    did_answer       INTEGER NOT NULL,
    relevance_score  REAL NOT NULL,
    title            TEXT NOT NULL,
    link             TEXT NOT NULL,
    context_json     TEXT NOT NULL,
    created_at       INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX insights_by_conversation ON insights(conversation_id, created_at);
  CREATE INDEX insights_by_project_time ON insights(project_id, created_at);

  CREATE TABLE feedback (
    insight_id  TEXT PRIMARY KEY REFERENCES insights(insight_id),
    value       INTEGER NOT NULL CHECK (value IN (1, -1)),
    reason      TEXT,
    comment     TEXT,
    updated_at  INTEGER NOT NULL
  ) STRICT;
  `,
  // Questions are grouped by a key that also drops quotes, brackets and the end punctuation of
  // other scripts: the rows saved before are keyed again.
  (db) => {
    const rekey = db.prepare('UPDATE insights SET question_key = ? WHERE insight_id = ?');
    const rows = db.prepare('SELECT insight_id, query FROM insights').all() as {
      insight_id: string;
      query: string;
    }[];
    for (const row of rows) rekey.run(questionKey(row.query), row.insight_id);
  },
  // Settled searches (see SettledSearches), for the top searches report.
  `
  CREATE TABLE searches (
    project_id  TEXT NOT NULL,
    agent_id    TEXT NOT NULL,
    query       TEXT NOT NULL,
    query_key   TEXT NOT NULL,
    results     INTEGER NOT NULL,
    created_at  INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX searches_by_project_time ON searches(project_id, created_at);
  `,
  // Retention (keepDays) deletes by age across projects: without these, each batch would read
  // every row of the table to find the oldest.
  `
  CREATE INDEX insights_by_time ON insights(created_at);
  CREATE INDEX searches_by_time ON searches(created_at);
  `,
  // The reports read what they need of a question from this index alone (see reportQuery): the
  // rows, with their answers and passages (2 to 5 KB each), were read one by one, a whole year
  // of them for a year's report. It starts as the index it replaces did.
  `
  CREATE INDEX IF NOT EXISTS insights_report ON insights(project_id, created_at, agent_id, question_key,
    did_answer, relevance_score, insight_id, query);
  DROP INDEX IF EXISTS insights_by_project_time;
  `,
  // The vectors of the site's texts, kept across restarts so that hybrid search sends the
  // embeddings provider only texts it never embedded (see SqliteEmbeddingCache). The vector comes
  // last: a row's other columns are read without its overflow pages.
  `
  CREATE TABLE IF NOT EXISTS embeddings (
    model       TEXT NOT NULL,
    -- The dimensions asked of the model; 0 for its own size.
    dimensions  INTEGER NOT NULL,
    -- SHA-256 of the exact text embedded.
    text_hash   BLOB NOT NULL,
    -- float32, little-endian.
    vector      BLOB NOT NULL,
    PRIMARY KEY (model, dimensions, text_hash)
  ) STRICT;
  `,
];

/**
 * Brings the schema up to date, each migration in its own transaction. Another process may open
 * the same file at the same moment (a second instance, a restart overlapping the old process):
 * each step takes the write lock before it reads the version (`BEGIN IMMEDIATE`), so that a
 * migration the other has just committed is not run again ("table conversations already exists").
 * A schema already up to date takes no lock: a start beside another process busy writing for
 * longer than the busy timeout would fail ("database is locked") for nothing.
 */
function migrate(db: Database.Database): void {
  const current = (applied: number): boolean => {
    if (applied > MIGRATIONS.length) {
      throw new Error(
        `database schema version ${applied} is newer than this ask-elements knows (${MIGRATIONS.length}); upgrade ask-elements`,
      );
    }
    return applied === MIGRATIONS.length;
  };
  // The version only grows: once read as this one's, nothing is left to do.
  if (current(db.pragma('user_version', { simple: true }) as number)) return;
  // Runs the next migration, if one is left: true when it ran one.
  const next = db.transaction((): boolean => {
    const applied = db.pragma('user_version', { simple: true }) as number;
    if (current(applied)) return false;
    const migration = MIGRATIONS[applied]!;
    if (typeof migration === 'string') db.exec(migration);
    else migration(db);
    db.pragma(`user_version = ${applied + 1}`);
    return true;
  });
  while (next.immediate());
}

/** How long a statement waits for another process's write (a second service, a backup). */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * Switches the file to write-ahead logging. On a new file that another process is switching or
 * writing at the same moment, SQLite answers SQLITE_BUSY at once rather than wait (it does not
 * call its busy handler there): tried again, for as long as the busy timeout.
 */
function useWriteAheadLog(db: Database.Database): void {
  const started = Date.now();
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() - started > BUSY_TIMEOUT_MS)
        throw error;
      // 10 ms, synchronously, as the whole opening is.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

/**
 * Throws when this process may not write `file`. SQLite opens such a file read-only without a
 * word: the service started, answered every question and vote with a 500, and health said ok.
 */
function requireWritable(file: string): void {
  try {
    closeSync(openSync(file, 'r+'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(
      `the service may not write it (${code}): give a file that the user the service runs as may write`,
      { cause: error },
    );
  }
}

/**
 * The store's database at `file`, migrated: write-ahead log, and every commit synced to disk
 * before it returns (`synchronous = FULL`), so that what was answered survives a power cut, not
 * only the process's end.
 */
export function openDatabase(file: string): Database.Database {
  let db: Database.Database | undefined;
  try {
    if (file !== ':memory:') makeFolders(dirname(file));
    // Another process (a backup, a second service) may hold the lock for a moment.
    db = new Database(file, { timeout: BUSY_TIMEOUT_MS });
    if (file !== ':memory:' && file !== '') requireWritable(file);
    useWriteAheadLog(db);
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db?.close();
    const unbuilt = nativeModuleMistake(error as Error);
    if (unbuilt !== undefined) throw new Error(unbuilt, { cause: error });
    // SQLite's own messages ("unable to open database file", "file is not a database") don't
    // say which file.
    throw new Error(`database ${file}: ${openingMistake(file, error as NodeJS.ErrnoException)}`, {
      cause: error,
    });
  }
  return db;
}

/**
 * Makes `folder` and those above it that are missing, one at a time: Node 20's `mkdirSync` with
 * `recursive` never returns for a folder that can't be made in one that exists (`/proc/nope`:
 * ENOENT, then EEXIST for `/proc`, over and over), and `--db /proc/nope/x.db` hung the start.
 */
function makeFolders(folder: string): void {
  const parent = dirname(folder);
  if (parent !== folder && !existsSync(parent)) makeFolders(parent);
  try {
    mkdirSync(folder);
  } catch (error) {
    // There already, or made meanwhile by another process: SQLite says if it is no folder.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * Why `file` could not be opened, with what to do where SQLite's words give neither: its
 * "unable to open database file" for a folder, or for a place where no file can be created
 * (`/proc/x.db`), and the system's for a folder above it that can't be made (`/proc/nope/x.db`).
 */
function openingMistake(file: string, error: NodeJS.ErrnoException): string {
  if (error.code !== 'SQLITE_CANTOPEN' && error.syscall !== 'mkdir') return error.message;
  let folder = false;
  try {
    folder = statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    // Not to be looked at: said as any other place it can't be opened.
  }
  if (folder) return 'it is a folder: give --db a file, such as ask-elements.db in that folder';
  const why = error.code === 'SQLITE_CANTOPEN' ? error.message : (error.code ?? error.message);
  return `no database can be opened or created there (${why}): give --db a file in a folder that the user the service runs as may write`;
}

/**
 * What to do when better-sqlite3 is installed but its compiled part cannot load, said in place of
 * the loader's words (`Could not locate the bindings file. Tried:` and a dozen paths): its install
 * script did not run (`npm install --ignore-scripts`, or a package manager that runs only the
 * install scripts allowed), or it was built for another Node or another system (Node upgraded,
 * `node_modules` copied from a Mac into a Linux container).
 */
function nativeModuleMistake(error: Error): string | undefined {
  const { message } = error;
  const why = message.includes('Could not locate the bindings file')
    ? 'is installed but not built: its install script did not run (npm install --ignore-scripts, or a package manager that runs only the install scripts allowed)'
    : message.includes('NODE_MODULE_VERSION')
      ? 'was built for another version of Node'
      : /invalid ELF header|wrong ELF class|not a valid Win32 application|slice is not valid mach-o/.test(
            message,
          )
        ? 'was built for another system (node_modules copied from another machine)'
        : undefined;
  if (why === undefined) return undefined;
  return `SQLite's native module, better-sqlite3, ${why}: run npm rebuild better-sqlite3 in the service's folder, then start the service again`;
}
