import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createApp,
  createExtractiveAnswerer,
  createOramaIndex,
  createSqliteStore,
  defaultConfig,
  readContentFolder,
  type Store,
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

  it('records the searches visitors settle on by itself, and says so when its store keeps none', async () => {
    const index = createOramaIndex();
    await index.load(readContentFolder(HONO).documents);
    const store = createSqliteStore(':memory:');
    const compose = (withStore: Store) =>
      createApp({
        store: withStore,
        index,
        answerer: createExtractiveAnswerer({ index }),
        config: defaultConfig(),
      });
    const report = '/api/projects/demo/analytics/topsearches?startDate=0&endDate=9999999999999';
    const bearer = { headers: { authorization: 'Bearer demo-key' } };
    try {
      const app = compose(store);
      await app.request('/bot/search', {
        method: 'POST',
        body: JSON.stringify({ apiKey: 'demo-key', query: 'kubernetes', numDocs: 3 }),
        headers: { 'content-type': 'application/json' },
      });
      let top: { query: string; found: number }[] = [];
      for (let waited = 0; top.length === 0 && waited < 15_000; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        top = (await (await app.request(report, bearer)).json()) as typeof top;
      }
      assert.deepEqual(
        top.map(({ query, found }) => [query, found]),
        [['kubernetes', 0]],
      );
      // A host's own store without the optional search methods: the report says it has none.
      const withoutSearches: Store = {
        hasConversation: store.hasConversation.bind(store),
        conversationTurns: store.conversationTurns.bind(store),
        saveInsight: store.saveInsight.bind(store),
        setFeedback: store.setFeedback.bind(store),
        analytics: store.analytics.bind(store),
        topQuestions: store.topQuestions.bind(store),
        healthy: store.healthy.bind(store),
        close: store.close.bind(store),
      };
      const response = await compose(withoutSearches).request(report, bearer);
      assert.equal(response.status, 501);
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'not_implemented');
    } finally {
      await store.close();
    }
  });

  it('says so when its own store does not filter the records by didAnswer or feedback', async () => {
    const index = createOramaIndex();
    await index.load(readContentFolder(HONO).documents);
    const store = createSqliteStore(':memory:');
    // A host's store written before the filters: it answers the range's records, all of them.
    const unfiltering: Store = {
      hasConversation: store.hasConversation.bind(store),
      conversationTurns: store.conversationTurns.bind(store),
      saveInsight: store.saveInsight.bind(store),
      setFeedback: store.setFeedback.bind(store),
      analytics: ({ didAnswer: _didAnswer, feedback: _feedback, ...filter }) => store.analytics(filter),
      topQuestions: store.topQuestions.bind(store),
      healthy: store.healthy.bind(store),
      close: store.close.bind(store),
    };
    const app = createApp({
      store: unfiltering,
      index,
      answerer: createExtractiveAnswerer({ index }),
      config: defaultConfig(),
    });
    const records = '/api/projects/demo/analytics?startDate=0&endDate=9999999999999';
    const bearer = { headers: { authorization: 'Bearer demo-key' } };
    try {
      for (const query of ['How do I set a cookie?', 'kubernetes helm charts'])
        await app.request('/bot/askai', {
          method: 'POST',
          body: JSON.stringify({ apiKey: 'demo-key', query }),
          headers: { 'content-type': 'application/json' },
        });
      assert.equal(((await (await app.request(records, bearer)).json()) as unknown[]).length, 2);
      for (const filter of ['didAnswer=false', 'feedback=-1']) {
        const response = await app.request(`${records}&${filter}`, bearer);
        assert.equal(response.status, 501, filter);
        const { error } = (await response.json()) as { error: { code: string; message: string } };
        assert.equal(error.code, 'not_implemented');
        assert.match(error.message, /does not filter/);
      }
    } finally {
      await store.close();
    }
  });
});
