/**
 * Two service processes on one `--db` file (two instances behind a load balancer, or a restart
 * whose new process starts before the old one has stopped): the other process is a real one,
 * holding SQLite's write lock while this one opens, migrates or purges the same file.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DAY_MS } from '../../src/server/service/retention.js';
import { createSqliteStore } from '../../src/server/store/sqlite-store.js';
import { openDatabase } from '../../src/server/store/sqlite-database.js';
import { storedAnswer } from './stored-answer.js';

const BETTER_SQLITE3 = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Another process that takes the write lock of `file` (`BEGIN IMMEDIATE`, in `journal` mode when
 * given), runs `sql` and commits `commitAfterMs` later, or when `release` is called: `holding`
 * resolves once it has the lock, `committed` when it has let go. A timed commit lets a test that
 * is blocked opening the file (synchronously) see the lock go: the moment only has to outlast
 * this process's start on the file, well within SQLite's 5 s busy timeout. Held until released,
 * it is a long write of its own, such as another instance building an index.
 */
function otherProcessWriting(
  file: string,
  { journal, sql = '', commitAfterMs }: { journal?: 'wal' | 'delete'; sql?: string; commitAfterMs?: number },
) {
  const script = `
    const Database = require(${JSON.stringify(BETTER_SQLITE3)});
    const db = new Database(${JSON.stringify(file)});
    ${journal ? `db.pragma('journal_mode = ${journal}');` : ''}
    db.exec('BEGIN IMMEDIATE');
    db.exec(${JSON.stringify(sql)});
    console.log('holding');
    const commit = () => { db.exec('COMMIT'); db.close(); console.log('committed'); };
    ${commitAfterMs === undefined ? "process.stdin.once('data', commit);" : `setTimeout(commit, ${commitAfterMs});`}`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  const printed = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => output.includes(word) && resolve();
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        check();
      });
      child.once('exit', (code) => (output.includes(word) ? resolve() : reject(new Error(`exit ${code}`))));
    });
  const committed = printed('committed');
  return { holding: printed('holding'), committed, release: () => (child.stdin!.end('go\n'), committed) };
}

describe('a database file shared by two processes', () => {
  let dir: string;
  let schema: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ask-elements-shared-'));
    // The schema as this version writes it, for the other process to create.
    const db = openDatabase(join(dir, 'template.db'));
    const tables = db
      .prepare('SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid')
      .pluck()
      .all();
    schema = `${tables.join(';\n')};\nPRAGMA user_version = ${db.pragma('user_version', { simple: true })};`;
    db.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const [name, file, journal] of [
    // A new file, not yet in WAL mode: the other process holds it while it writes the schema.
    [
      'opens a new file that another process is creating and migrating at the same moment',
      'new.db',
      'delete',
    ],
    // The other process has the write lock and is migrating (a WAL file, as the service makes
    // it): this one reads the version before that commits, and must not run the same migration.
    ['runs each migration once when two processes migrate the same file at once', 'racing.db', 'wal'],
  ] as const)
    it(name, async () => {
      const other = otherProcessWriting(join(dir, file), { journal, sql: schema, commitAfterMs: 500 });
      await other.holding;
      const store = createSqliteStore(join(dir, file));
      try {
        await other.committed;
        await store.saveInsight(
          storedAnswer({ insightId: 'q-1', conversationId: 'c-1', createdAt: Date.now() }),
        );
        assert.equal(await store.healthy(), true);
      } finally {
        await store.close();
      }
    });

  it('opens a file whose schema is up to date while another process holds the write lock', async () => {
    // A restart beside a running instance: nothing to migrate, so nothing to wait for. It took
    // the write lock to read the version, waited 5 s, and failed ("database is locked").
    const file = join(dir, 'current.db');
    await createSqliteStore(file).close();
    const other = otherProcessWriting(file, {});
    try {
      await other.holding;
      const store = createSqliteStore(file);
      try {
        assert.equal(await store.healthy(), true);
      } finally {
        await store.close();
      }
    } finally {
      await other.release();
    }
  });

  it('deletes what is older than keepDays while another process writes', async () => {
    // Two services with --keep-days purge the same file each hour, while each answers questions.
    const file = join(dir, 'retention.db');
    const now = Date.now();
    const store = createSqliteStore(file);
    try {
      for (const [i, age] of [40, 35, 1].entries())
        await store.saveInsight(
          storedAnswer({ insightId: `q-${i}`, conversationId: `c-${i}`, createdAt: now - age * DAY_MS }),
        );
      const other = otherProcessWriting(file, {
        journal: 'wal',
        sql: `INSERT INTO searches VALUES ('demo', 'docs', 'install', 'install', 1, ${now})`,
        commitAfterMs: 500,
      });
      await other.holding;
      assert.deepEqual(await store.deleteOlderThan!(now - 30 * DAY_MS, 250), {
        insights: 2,
        feedback: 0,
        conversations: 2,
        searches: 0,
      });
      await other.committed;
    } finally {
      await store.close();
    }
  });
});
