/**
 * Hybrid search keeps the vectors of the site's texts in the service's database: a provider paid
 * by the token is sent, at a restart, after an edit, only the texts it never embedded. Checked
 * through `startService` against a loopback `/embeddings` server that records every text sent.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { Logger } from '../../src/server/logger.js';
import { type RunningService, startService } from '../../src/server/main.js';
import { HttpEmbeddingProvider } from '../../src/server/search/embedding-provider.js';
import { createHybridIndex } from '../../src/server/search/hybrid-index.js';
import { createOramaIndex } from '../../src/server/search/orama-index.js';
import type { EmbeddingCache } from '../../src/server/store/store.js';
import { closeWithConnections, listenAsModelApi } from '../support/model-api-server.js';

/** Words of one meaning share a dimension; every other word is hashed into one of its own. */
const MEANINGS = [
  ['delet', 'eras', 'remov'],
  ['conversation', 'chat'],
  ['colo', 'them'],
];

function vectorOf(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    if (word.length < 3) continue;
    const meaning = MEANINGS.findIndex((stems) => stems.some((stem) => word.startsWith(stem)));
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
    const at = meaning >= 0 ? meaning : MEANINGS.length + (hash % (dimensions - MEANINGS.length));
    vector[at] = (vector[at] as number) + (meaning >= 0 ? 3 : 1);
  }
  return vector;
}

interface Loopback {
  baseUrl: string;
  /** Every text sent, with the model and dimensions asked. */
  sent: { model: string; dimensions?: number; text: string }[];
  /** The length of the vectors answered when no dimensions are asked. */
  ownDimensions: number;
  close(): Promise<void>;
}

async function startLoopback(): Promise<Loopback> {
  const loopback: Loopback = { baseUrl: '', sent: [], ownDimensions: 64, close: () => Promise.resolve() };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw) as { model: string; input: string[]; dimensions?: number };
      for (const text of body.input)
        loopback.sent.push({ model: body.model, dimensions: body.dimensions, text });
      const dimensions = body.dimensions ?? loopback.ownDimensions;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          object: 'list',
          data: body.input.map((text, index) => ({ index, embedding: vectorOf(text, dimensions) })),
        }),
      );
    });
  });
  loopback.baseUrl = await listenAsModelApi(server);
  loopback.close = () => closeWithConnections(server);
  return loopback;
}

const PAGES: Record<string, string> = {
  'conversations.md':
    '# Deleting conversations\n\nCall deleteConversation with its id.\n\n## Keeping messages\n\nPass keep to delete only the answers.\n',
  'theming.md': '# Theming\n\nSet the colours with CSS custom properties.\n',
  'install.md': '# Installing\n\nRun npm install to add the package.\n',
};

/** A query that finds the conversations page by meaning alone: it shares none of its words. */
const QUERY = 'erase chat';

const lines: string[] = [];
const logger: Logger = {
  info: (message) => lines.push(message),
  warn: (message) => lines.push(message),
  error: (message) => lines.push(message),
};

describe('embeddings kept in the database across restarts and edits', () => {
  let loopback: Loopback;
  let dir: string;
  let contentDir: string;
  let dbFile: string;
  let service: RunningService | undefined;

  before(async () => {
    loopback = await startLoopback();
  });
  after(() => loopback.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ask-elements-embedding-cache-'));
    contentDir = join(dir, 'content');
    dbFile = join(dir, 'service.db');
    mkdirSync(contentDir);
    for (const [name, text] of Object.entries(PAGES)) writeFileSync(join(contentDir, name), text);
    loopback.sent.length = 0;
    loopback.ownDimensions = 64;
    lines.length = 0;
  });
  afterEach(async () => {
    await service?.close();
    service = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (
    env: Record<string, string> = {},
    options: { watch?: boolean; indexThread?: boolean; db?: string } = {},
  ): Promise<RunningService> => {
    await service?.close();
    service = await startService({
      contentDir,
      dbFile: options.db ?? dbFile,
      port: 0,
      host: '127.0.0.1',
      logger,
      watch: options.watch,
      indexThread: options.indexThread,
      env: { EMBEDDINGS_BASE_URL: loopback.baseUrl, EMBEDDINGS_MODEL: 'words-64', ...env },
    });
    return service;
  };
  const stop = async (): Promise<void> => {
    await service?.close();
    service = undefined;
  };
  /** The site's texts sent since the last call (not the queries'). */
  const sent = (): string[] =>
    loopback.sent
      .splice(0)
      .map(({ text }) => text)
      .filter((text) => text !== QUERY);
  /** The links a search by meaning alone finds ("erase chat": no word of the page's). */
  const foundByMeaning = async (): Promise<string[]> => {
    const response = await fetch(`${service!.url}/bot/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: 'demo-key', query: QUERY, numDocs: 5 }),
    });
    return ((await response.json()) as { link: string }[]).map((hit) => hit.link);
  };
  const storedVectors = (): number => {
    const db = new Database(dbFile, { readonly: true });
    try {
      return db.prepare('SELECT COUNT(*) FROM embeddings').pluck().get() as number;
    } finally {
      db.close();
    }
  };

  for (const indexThread of [true, false])
    it(`sends only the one text that checks the vectors at a restart with the same database, and searches by meaning as before (index thread: ${indexThread})`, async () => {
      await start({}, { indexThread });
      const first = sent();
      // Three documents and their four sections.
      assert.equal(first.length, 7);
      assert.deepEqual(await foundByMeaning(), ['/conversations']);

      await start({}, { indexThread });
      // Only the one text that checks the kept vectors' length.
      assert.equal(sent().length, 1);
      assert.deepEqual(await foundByMeaning(), ['/conversations']);
      await stop();
      assert.equal(storedVectors(), 7);
      assert.ok(
        lines.includes(
          `Embedded 7 texts with words-64: 0 sent to ${loopback.baseUrl}, 7 read from the database`,
        ),
      );
    });

  it("sends only an edited page's new texts, and deletes the vectors of texts gone", async () => {
    await start({}, { watch: true });
    assert.equal(sent().length, 7);
    let reindexed = service!.reindexed!();
    writeFileSync(
      join(contentDir, 'theming.md'),
      '# Theming\n\nSet the palette with CSS custom properties.\n',
    );
    await reindexed;
    // The page's own text and its one section's: nothing of the two pages not edited.
    const edited = sent();
    assert.equal(edited.length, 2);
    assert.ok(edited.every((text) => text.startsWith('Theming') && text.includes('palette')));

    reindexed = service!.reindexed!();
    unlinkSync(join(contentDir, 'install.md'));
    await reindexed;
    assert.deepEqual(sent(), []);
    await stop();
    // The old Theming texts and Installing's are gone: the file holds what the site has.
    assert.equal(storedVectors(), 5);

    // A restart after edits made while stopped: only those.
    writeFileSync(join(contentDir, 'install.md'), PAGES['install.md'] as string);
    await start();
    const again = sent();
    assert.ok(again.length > 0 && again.every((text) => text.startsWith('Installing')), String(again));
  });

  it('sends only the edited texts in a database kept in memory, while it runs', async () => {
    await start({}, { watch: true, db: ':memory:' });
    assert.equal(sent().length, 7);
    const reindexed = service!.reindexed!();
    writeFileSync(
      join(contentDir, 'theming.md'),
      '# Theming\n\nSet the palette with CSS custom properties.\n',
    );
    await reindexed;
    assert.equal(sent().length, 2);
    await stop();
    await start({}, { db: ':memory:' });
    assert.equal(sent().length, 7);
  });

  it('embeds everything again for another model or size, and keeps only its vectors', async () => {
    await start();
    assert.equal(sent().length, 7);
    await start();
    assert.equal(sent().length, 1);
    await start({ EMBEDDINGS_MODEL: 'words-64-v2' });
    assert.equal(sent().length, 7);
    await start({ EMBEDDINGS_MODEL: 'words-64-v2' });
    assert.equal(sent().length, 1);
    await start({ EMBEDDINGS_MODEL: 'words-64-v2', EMBEDDINGS_DIMENSIONS: '32' });
    assert.equal(sent().length, 7);
    assert.deepEqual(await foundByMeaning(), ['/conversations']);
    await stop();
    assert.equal(storedVectors(), 7);
    // Back to the first model: its vectors were deleted with the switch.
    await start();
    assert.equal(sent().length, 7);
  });

  it('embeds everything again when the provider answers vectors of another length under the same name', async () => {
    await start();
    assert.equal(sent().length, 7);
    await stop();
    loopback.ownDimensions = 48;
    // One page changed: its vectors are 48 long, the others kept were 64.
    writeFileSync(
      join(contentDir, 'theming.md'),
      '# Theming\n\nSet the palette with CSS custom properties.\n',
    );
    await start();
    assert.equal(sent().length, 7);
    assert.deepEqual(await foundByMeaning(), ['/conversations']);
    assert.ok(!lines.some((line) => /lexical only/.test(line)));
  });

  it('embeds everything again when the provider answers vectors of another length, with no page changed', async () => {
    await start();
    assert.equal(sent().length, 7);
    await stop();
    // Another model behind the same name; every text's vector is kept, all 64 long.
    loopback.ownDimensions = 48;
    await start();
    const again = sent().length;
    assert.ok(again >= 7, `${again} texts sent`);
    assert.deepEqual(await foundByMeaning(), ['/conversations']);
    assert.ok(!lines.some((line) => /dimensions, the documents'/.test(line)), lines.join('\n'));
    await stop();
    // Kept at their new length: the next start sends only the one text that checks it.
    await start();
    assert.equal(sent().length, 1);
    assert.deepEqual(await foundByMeaning(), ['/conversations']);
  });
});

describe('a cache that fails', () => {
  it('costs only its savings: every text is embedded, search is hybrid, and the failure is logged', async () => {
    const loopback = await startLoopback();
    const warnings: string[] = [];
    const failing: EmbeddingCache = {
      vectors: () => Promise.reject(new Error('disk I/O error')),
      keep: () => Promise.reject(new Error('database or disk is full')),
      keepOnly: () => Promise.reject(new Error('database is locked')),
      close: () => Promise.resolve(),
    };
    try {
      const index = createHybridIndex(
        createOramaIndex(),
        new HttpEmbeddingProvider({ baseUrl: loopback.baseUrl, model: 'words-64' }),
        { cache: failing, logger: { info: () => {}, warn: (line) => warnings.push(line), error: () => {} } },
      );
      await index.load([
        {
          id: 'a',
          title: 'Deleting conversations',
          description: 'Removing them for good.',
          tags: [],
          link: '/a',
          assetType: 'webpage',
          text: 'Call deleteConversation.',
          sections: [
            { heading: 'Deleting conversations', anchor: '', level: 1, text: 'Call deleteConversation.' },
          ],
        },
      ]);
      assert.equal(index.vectorsReady, true);
      assert.equal(loopback.sent.length, 2);
      assert.deepEqual(warnings, [
        'Could not read the embeddings kept in the database (disk I/O error): embedding every text',
        'Could not keep the new embeddings in the database: database or disk is full',
        'Could not delete the embeddings no longer used from the database: database is locked',
      ]);
    } finally {
      await loopback.close();
    }
  });
});
