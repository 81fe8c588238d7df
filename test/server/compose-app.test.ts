import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createApp,
  createExtractiveAnswerer,
  createOramaIndex,
  createSqliteStore,
  defaultConfig,
  readContentFolder,
} from '../../src/server/main.js';

const HONO = new URL('../fixtures/corpora/hono/', import.meta.url).pathname;

describe('the server entry, composed by a host of its own', () => {
  it('builds the app from its parts and answers without listening', async () => {
    const index = createOramaIndex();
    await index.load(readContentFolder(HONO).documents);
    const store = createSqliteStore(':memory:');
    try {
      const app = createApp({
        store,
        index,
        answerer: createExtractiveAnswerer({ index }),
        config: defaultConfig(),
      });
      const post = (path: string, body: unknown) =>
        app.request(path, {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });

      assert.deepEqual(await (await app.request('/api/healthz')).json(), { status: 'ok' });
      const search = await post('/bot/search', { apiKey: 'demo-key', query: 'cookie', numDocs: 3 });
      assert.equal(search.status, 200);
      assert.equal(((await search.json()) as { link: string }[])[0]?.link, '/docs/helpers/cookie');
      const ask = await post('/bot/askai', { apiKey: 'demo-key', query: 'How do I set a cookie?' });
      const answer = (await ask.json()) as { didAnswer: boolean; link: string; insightId: string };
      assert.equal(answer.didAnswer, true);
      assert.equal(answer.link, '/docs/helpers/cookie');
      const feedback = await post('/bot/feedback', {
        apiKey: 'demo-key',
        insightId: answer.insightId,
        feedback: 1,
      });
      assert.equal(feedback.status, 200);
    } finally {
      await store.close();
    }
  });
});
