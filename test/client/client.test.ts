import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiError, NetworkError, TimeoutError, createClient, isAbortError } from '../../src/client/index.js';
import { NO_ANSWER_MESSAGE } from '../../src/client/errors.js';
import { startMisbehavingServer } from '../support/misbehaving-server.js';
import type { MisbehavingServer } from '../support/misbehaving-server.js';

const KEY = 'secret-key-123';

describe('client against a misbehaving server', () => {
  let server: MisbehavingServer;
  before(async () => {
    server = await startMisbehavingServer();
  });
  after(() => server.close());

  const clientFor = (
    paths: Record<string, string> = {},
    extra: Parameters<typeof createClient>[0] | object = {},
  ) => createClient({ baseUrl: server.url, apiKey: KEY, paths, ...extra });

  describe('requests', () => {
    it('sends the key in the JSON body of bot requests, never in the URL', async () => {
      const client = createClient({ baseUrl: `${server.url}/ok/`, apiKey: KEY });
      const results = await client.search({ query: 'install', numDocs: 5, includeTags: ['guides'] });
      assert.equal(results.length, 1);
      const [sent] = server.requestsTo('/ok/bot/search').slice(-1);
      assert.ok(sent);
      assert.equal(sent.method, 'POST');
      assert.equal(sent.headers['content-type'], 'application/json');
      assert.deepEqual(JSON.parse(sent.body), {
        query: 'install',
        numDocs: 5,
        includeTags: ['guides'],
        apiKey: KEY,
      });
      assert.ok(!sent.url.includes(KEY));
    });

    it('resolves each endpoint to its spec response', async () => {
      const client = createClient({ baseUrl: `${server.url}/ok`, apiKey: KEY });
      const answer = await client.ask({ query: 'How do I install?', format: 'markdown', conversationId: '' });
      assert.equal(answer.insightId, 'insight-1');
      assert.deepEqual(await client.feedback({ insightId: 'insight-1', feedback: 1 }), { success: true });
      assert.deepEqual(await client.health(), { status: 'ok' });
      const health = server.requestsTo('/ok/api/healthz').at(-1);
      assert.equal(health?.method, 'GET');
      assert.equal(health?.body, '');
    });

    it('uses configured paths, as the hosted service is also seen at /api/search and /api/askai', async () => {
      const client = createClient({
        baseUrl: `${server.url}/ok`,
        paths: { search: '/api/search', ask: '/api/askai' },
      });
      const searchesBefore = server.requestsTo('/ok/bot/search').length;
      await client.search({ query: 'x', numDocs: 1 });
      await client.ask({ query: 'x', format: 'html', conversationId: '' });
      assert.equal(server.requestsTo('/ok/api/search').length, 1);
      assert.equal(server.requestsTo('/ok/api/askai').length, 1);
      assert.equal(server.requestsTo('/ok/bot/search').length, searchesBefore);
    });

    it('sends analytics to the analytics host with a Bearer key, a Date as epoch ms and a string as written', async () => {
      const client = createClient({
        baseUrl: 'http://127.0.0.1:9',
        analyticsUrl: `${server.url}/ok`,
        apiKey: KEY,
      });
      const start = new Date('2026-01-01T00:00:00Z');
      await client.analytics({
        projectId: 'demo',
        startDate: start,
        endDate: '2026-02-01T00:00:00Z',
        page: 2,
        limit: 10,
      });
      await client.topQuestions({
        projectId: 'demo',
        startDate: start.getTime(),
        endDate: Date.UTC(2026, 1, 1),
      });
      const [analytics, top] = server.requestsTo('/ok/api/projects/demo/analytics').slice(-2);
      assert.ok(analytics && top);
      const params = new URL(analytics.url, server.url).searchParams;
      assert.equal(params.get('startDate'), String(start.getTime()));
      // A string goes as written: the service reads a date-only endDate as the whole UTC day.
      assert.equal(params.get('endDate'), '2026-02-01T00:00:00Z');
      const topParams = new URL(top.url, server.url).searchParams;
      assert.equal(topParams.get('endDate'), String(Date.UTC(2026, 1, 1)));
      assert.equal(params.get('page'), '2');
      assert.equal(analytics.headers.authorization, `Bearer ${KEY}`);
      assert.ok(top.url.startsWith('/ok/api/projects/demo/analytics/topquestions?'));
      assert.ok(!analytics.url.includes(KEY));
    });

    it('rejects an invalid analytics date before sending anything', async () => {
      const client = createClient({ baseUrl: `${server.url}/ok`, apiKey: KEY });
      const before = server.requests.length;
      await assert.rejects(
        client.analytics({ projectId: 'demo', startDate: 'last tuesday', endDate: Date.now() }),
        RangeError,
      );
      assert.equal(server.requests.length, before);
    });
  });

  describe('errors', () => {
    it('gives an ApiError naming the field the service names', async () => {
      const error = await clientFor({ search: '/invalid-field' })
        .search({ query: 'x', numDocs: 1000 })
        .catch((e: unknown) => e);
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 400);
      assert.equal(error.code, 'invalid_field');
      assert.equal(error.field, 'numDocs');
      assert.match(error.message, /numDocs/);
      assert.ok(!error.message.includes(KEY));
    });

    it('gives a typed error for an HTML error page, truncated JSON and an empty 200', async () => {
      for (const [path, status] of [
        ['/html', 502],
        ['/html200', 200],
        ['/truncated', 200],
        ['/empty', 200],
      ] as const) {
        const error = await clientFor({ search: path })
          .search({ query: 'x', numDocs: 1 })
          .catch((e: unknown) => e);
        assert.ok(error instanceof ApiError, `${path}: ${String(error)}`);
        assert.equal(error.status, status);
        assert.ok(typeof error.body === 'string');
        // An error status without the JSON error body is known by its status.
        assert.equal(error.code, status === 200 ? 'invalid_response' : `http_${status}`);
      }
    });

    it('surfaces an answer record whose error is not null', async () => {
      const error = await clientFor({ ask: '/answer-error' })
        .ask({ query: 'x', format: 'html', conversationId: '' })
        .catch((e: unknown) => e);
      assert.ok(error instanceof ApiError);
      assert.equal(error.code, 'llm_failed');
      assert.equal(error.message, 'The model failed.');
      // "Error information" written as a message alone, or saying nothing.
      const written = await clientFor({ ask: '/answer-error-text' })
        .ask({ query: 'x', format: 'html', conversationId: '' })
        .catch((e: unknown) => e);
      assert.ok(written instanceof ApiError);
      assert.deepEqual([written.code, written.message], ['answer_error', 'The index is rebuilding.']);
      const silent = await clientFor({ ask: '/answer-error-silent' })
        .ask({ query: 'x', format: 'html', conversationId: '' })
        .catch((e: unknown) => e);
      assert.ok(silent instanceof ApiError);
      assert.deepEqual([silent.code, silent.message], ['answer_error', NO_ANSWER_MESSAGE]);
    });

    it('gives a NetworkError when the connection is reset', async () => {
      const error = await clientFor({ search: '/reset' })
        .search({ query: 'x', numDocs: 1 })
        .catch((e: unknown) => e);
      assert.ok(error instanceof NetworkError);
    });

    it('gives a TimeoutError after timeoutMs, per attempt', async () => {
      const client = createClient({
        baseUrl: server.url,
        paths: { health: '/slow' },
        timeoutMs: 100,
        retries: 0,
      });
      const error = await client.health().catch((e: unknown) => e);
      assert.ok(error instanceof TimeoutError);
      assert.equal(error.timeoutMs, 100);
    });

    it("passes the caller's own abort through as an AbortError, not a timeout", async () => {
      const client = createClient({ baseUrl: server.url, paths: { health: '/slow' } });
      const controller = new AbortController();
      const pending = client.health({ signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      const error = await pending.catch((e: unknown) => e);
      assert.ok(isAbortError(error));
      assert.ok(!(error instanceof TimeoutError));
    });

    it("reads the caller's signal that aborts on a timer (AbortSignal.timeout) as their abort, as documented", async () => {
      const client = createClient({ baseUrl: server.url, paths: { health: '/slow' }, retries: 0 });
      const error = await client.health({ signal: AbortSignal.timeout(50) }).catch((e: unknown) => e);
      assert.ok(isAbortError(error));
      assert.ok(!(error instanceof TimeoutError));
    });

    it('sends nothing when the signal is already aborted', async () => {
      const before = server.requests.length;
      const error = await clientFor()
        .search({ query: 'x', numDocs: 1 }, { signal: AbortSignal.abort() })
        .catch((e: unknown) => e);
      assert.ok(isAbortError(error));
      assert.equal(server.requests.length, before);
    });
  });

  describe('retries', () => {
    it('never retries a search or an ask POST', async () => {
      const before = server.requestsTo('/error500').length;
      const client = clientFor({ search: '/error500', ask: '/error500' });
      await assert.rejects(client.search({ query: 'x', numDocs: 1 }), ApiError);
      await assert.rejects(client.ask({ query: 'x', format: 'html', conversationId: '' }), ApiError);
      assert.equal(server.requestsTo('/error500').length - before, 2);
    });

    it('retries feedback (idempotent by insightId) on 5xx until it succeeds', async () => {
      const client = clientFor({ feedback: '/flaky' });
      assert.deepEqual(await client.feedback({ insightId: 'i', feedback: -1 }), { success: true });
      assert.equal(server.requestsTo('/flaky').length, 3);
    });

    it('retries a GET on a reset connection, then gives up with a NetworkError', async () => {
      const before = server.requestsTo('/reset').length;
      const client = createClient({ baseUrl: server.url, paths: { health: '/reset' }, retries: 2 });
      await assert.rejects(client.health(), NetworkError);
      assert.equal(server.requestsTo('/reset').length - before, 3);
    });

    it('honours Retry-After on 429', async () => {
      const client = createClient({ baseUrl: server.url, paths: { health: '/ratelimited' } });
      assert.deepEqual(await client.health(), { status: 'ok' });
      const [first, second] = server.requestsTo('/ratelimited');
      assert.ok(first && second);
      // Retry-After: 1 means no retry before a second has passed (a lower bound, not a speed target).
      assert.ok(second.at - first.at >= 950, `retried after ${second.at - first.at} ms`);
    });

    it('ends a backoff wait at once when the caller aborts', async () => {
      const client = createClient({ baseUrl: server.url, paths: { health: '/ratelimited-long' } });
      const controller = new AbortController();
      const before = server.requestsTo('/ratelimited-long').length;
      const pending = client.health({ signal: controller.signal });
      // Abort once the first attempt has been answered 429 and the client waits (capped 10 s).
      while (server.requestsTo('/ratelimited-long').length === before)
        await new Promise((r) => setTimeout(r, 5));
      const abortedAt = Date.now();
      controller.abort();
      const error = await pending.catch((e: unknown) => e);
      assert.ok(isAbortError(error));
      assert.ok(Date.now() - abortedAt < 1000);
      assert.equal(server.requestsTo('/ratelimited-long').length - before, 1);
    });

    it('waits at most 10 s before a retry, whatever longer Retry-After the service asks for', async () => {
      // The waits the client asks for, read off setTimeout (its attempts' own time limit is 60 s here).
      const waits: number[] = [];
      const realSetTimeout = globalThis.setTimeout;
      globalThis.setTimeout = ((handler: () => void, ms?: number) => {
        waits.push(Number(ms));
        return realSetTimeout(handler, ms);
      }) as typeof setTimeout;
      const controller = new AbortController();
      try {
        const client = createClient({
          baseUrl: server.url,
          paths: { health: '/ratelimited-long' },
          timeoutMs: 60_000,
        });
        void client.health({ signal: controller.signal }).catch(() => undefined);
        // Until the 429 (Retry-After: 30) has come and the client waits.
        const end = Date.now() + 10_000;
        while (!waits.some((ms) => ms >= 10_000 && ms !== 60_000) && Date.now() < end)
          await new Promise((resolve) => setImmediate(resolve));
      } finally {
        globalThis.setTimeout = realSetTimeout;
        controller.abort();
      }
      // The capped wait, and none longer (other timers of the process may run meanwhile).
      assert.ok(waits.includes(10_000), `waits: ${waits.join(', ')}`);
      assert.deepEqual(
        waits.filter((ms) => ms > 10_000 && ms !== 60_000),
        [],
      );
    });

    it('does not retry a 4xx', async () => {
      const before = server.requestsTo('/invalid-field').length;
      await assert.rejects(
        clientFor({ feedback: '/invalid-field' }).feedback({ insightId: 'i', feedback: 1 }),
      );
      assert.equal(server.requestsTo('/invalid-field').length - before, 1);
    });
  });
});
