import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createSqliteStore } from '../../src/server/store/sqlite-store.js';
import { openDatabase } from '../../src/server/store/sqlite-database.js';
import { startCli } from './cli-process.js';
import { storedAnswer } from './stored-answer.js';
import { FIXTURE_CONTENT } from './service-harness.js';

const post = async (url: string, body: unknown) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
};

describe('durability', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ask-elements-durability-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('syncs every commit to disk, in a write-ahead log: answered survives a power cut, not only kill -9', () => {
    // kill -9 (below) loses nothing the OS already holds, synced or not: this is what a power cut needs.
    const db = openDatabase(join(dir, 'pragmas.db'));
    try {
      assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
      assert.equal(db.pragma('synchronous', { simple: true }), 2, 'synchronous = FULL');
    } finally {
      db.close();
    }
  });

  it("counts as one question the wordings that differ in quotes, brackets or another script's end punctuation, in rows saved before too", async () => {
    const file = join(dir, 'questions.db');
    const wordings = [
      'How do I install ask-elements?',
      'how do i install ask-elements',
      'How do I install ask-elements?)',
      '"How do I install ask-elements?"',
      'How do I install ask-elements؟',
      '¿How do I install ask-elements?',
      'What is C#?',
      'What is C?',
    ];
    const store = createSqliteStore(file);
    let at = Date.UTC(2026, 10, 1);
    for (const [i, query] of wordings.entries())
      await store.saveInsight(
        storedAnswer({ insightId: `q-${i}`, conversationId: `c-${i}`, query, createdAt: at++ }),
      );
    const filter = { projectId: 'demo', startMs: 0, endMs: at, sort: '-count' as const, page: 1, limit: 10 };
    const counts = async (opened: ReturnType<typeof createSqliteStore>) =>
      (await opened.topQuestions(filter)).map((question) => question.count);
    assert.deepEqual(await counts(store), [6, 1, 1]);
    await store.close();
    // A database of the earlier version, whose rows were keyed the earlier way, is keyed again.
    const earlier = openDatabase(file);
    earlier.prepare("UPDATE insights SET question_key = query || '#old'").run();
    // It had no searches either (version 3 added them), nor the indexes by time (version 4).
    earlier.exec('DROP TABLE searches; DROP INDEX insights_by_time');
    earlier.pragma('user_version = 1');
    earlier.close();
    const reopened = createSqliteStore(file);
    try {
      assert.deepEqual(await counts(reopened), [6, 1, 1]);
      await reopened.saveSearches?.([
        { projectId: 'demo', agentId: 'docs', query: 'install', results: 2, createdAt: at },
      ]);
      assert.deepEqual(
        (await reopened.topSearches?.(filter))?.map(({ query, count }) => [query, count]),
        [['install', 1]],
      );
    } finally {
      await reopened.close();
    }
  });

  it('refuses a database file the service may not write, where it started and answered 500 to every question', async () => {
    // A file left read-only (restored from a backup, copied by another user) in a folder the
    // service may write: SQLite opens it read-only without a word, and health said ok.
    const folder = join(dir, 'shared-folder');
    mkdirSync(folder);
    chmodSync(dir, 0o755);
    chmodSync(folder, 0o777);
    const file = join(folder, 'read-only.db');
    await createSqliteStore(file).close();
    chmodSync(file, 0o444);
    // Root may write any file: the service runs as another user then.
    const root = process.geteuid?.() === 0;
    if (root) process.seteuid!(65534);
    try {
      assert.throws(
        () => createSqliteStore(file),
        /^Error: database .*read-only\.db: the service may not write it \(EACCES\)/,
      );
    } finally {
      if (root) process.seteuid!(0);
    }
  });

  it('keeps every answered ask and feedback through kill -9 and a restart (written before the 200 is sent)', async () => {
    const db = join(dir, 'service.db');
    const args = ['--content', FIXTURE_CONTENT, '--db', db, '--quiet'];
    const started = Date.now();

    const first = await startCli(args);
    const asked = await post(`${first.url}/bot/askai`, {
      apiKey: 'demo-key',
      query: 'How do I install ask-elements?',
    });
    assert.equal(asked.status, 200);
    const followUp = await post(`${first.url}/bot/askai`, {
      apiKey: 'demo-key',
      query: 'Which Node version does it need?',
      conversationId: asked.body.conversationId,
    });
    assert.equal(followUp.status, 200);
    const voted = await post(`${first.url}/bot/feedback`, {
      apiKey: 'demo-key',
      insightId: asked.body.insightId,
      feedback: -1,
      comment: 'kept?',
    });
    assert.equal(voted.status, 200);
    // No shutdown, no checkpoint: the process dies the moment the last 200 arrived.
    first.child.kill('SIGKILL');
    assert.equal((await first.exited).signal, 'SIGKILL');

    const second = await startCli(args);
    try {
      const analytics = await fetch(
        `${second.url}/api/projects/demo/analytics?startDate=${started}&endDate=${Date.now()}&sort=createdAt`,
        {
          headers: { authorization: 'Bearer demo-key' },
        },
      );
      const records = await analytics.json();
      assert.deepEqual(
        records.map((record: { insightId: string }) => record.insightId),
        [asked.body.insightId, followUp.body.insightId],
      );
      assert.equal(records[0].feedback, -1);
      assert.equal(records[0].comment, 'kept?');
      assert.equal(records[1].conversationId, asked.body.conversationId);

      // The old insight still takes feedback, and the old conversation still continues.
      const again = await post(`${second.url}/bot/feedback`, {
        apiKey: 'demo-key',
        insightId: asked.body.insightId,
        feedback: 1,
      });
      assert.deepEqual(again, { status: 200, body: { success: true } });
      const continued = await post(`${second.url}/bot/askai`, {
        apiKey: 'demo-key',
        query: 'and with a script tag?',
        conversationId: asked.body.conversationId,
      });
      assert.equal(continued.body.conversationId, asked.body.conversationId);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
