/**
 * The index in a thread of its own (`indexThread`, the default on more than one core), over
 * HTTP: the same answers as the index in the main thread, and a JSON 503 (never a hang) for
 * searches and questions once the thread is gone, with health saying so.
 */
import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { type IndexReply, IndexThread } from '../../src/server/search/index-thread.js';
import { configWith, DEMO_KEY, startTestService, type TestService } from './service-harness.js';
import { closeWithConnections, listenAsModelApi } from '../support/model-api-server.js';

const SEARCHES = ['install', 'search box attributes', 'api ke', 'theming accent colour', 'nothing like zzqx'];
const QUESTIONS = ['How do I install it?', 'What does the search box do?', 'How do I train a dragon?'];

/** The body of an answer record that differs between two services only by its ids. */
const withoutIds = (text: string) => text.replace(/"(insightId|conversationId)":"[^"]*"/g, '"$1":""');

/**
 * A service with its index in a thread, whose answers a language model at `model` writes (it is
 * listened on here, on a free port); the errors it logs go to `errors`.
 */
async function threadServiceOver(model: Server, errors: string[]): Promise<TestService> {
  const modelApi = await listenAsModelApi(model);
  return startTestService({
    config: configWith(),
    indexThread: true,
    env: {
      LLM_BASE_URL: modelApi,
      LLM_MODEL: 'test-model',
    },
    logger: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) },
  });
}

describe('the index thread', () => {
  it('answers searches and questions byte for byte as the index in the main thread does', async () => {
    const inThread = await startTestService({ config: configWith(), indexThread: true });
    const inMain = await startTestService({ config: configWith(), indexThread: false });
    try {
      assert.ok(inThread.index instanceof IndexThread);
      assert.ok(!(inMain.index instanceof IndexThread));
      assert.equal(inThread.documentCount, inMain.documentCount);
      assert.equal(inThread.index.language?.code, 'en');
      const both = async (path: string, body: Record<string, unknown>) => {
        const [a, b] = await Promise.all(
          [inThread, inMain].map(async (service) => {
            const response = await service.post(path, { apiKey: DEMO_KEY, ...body });
            return `${response.status} ${withoutIds(await response.text())}`;
          }),
        );
        assert.equal(a, b, `${path} ${JSON.stringify(body)}`);
        return a as string;
      };
      for (const query of SEARCHES) {
        await both('/bot/search', { query, numDocs: 8 });
        await both('/bot/search', { query, numDocs: 3, returnContent: true, score: 0.2, returnAll: true });
      }
      assert.match(await both('/bot/search', { query: 'install', numDocs: 8 }), /^200 \[\{"title"/);
      for (const query of QUESTIONS)
        for (const format of ['html', 'markdown']) await both('/bot/askai', { query, format });
      assert.match(await both('/bot/askai', { query: 'How do I install it?' }), /"didAnswer":true/);
    } finally {
      await Promise.all([inThread.close(), inMain.close()]);
    }
  });

  describe('once the thread is gone', () => {
    const errors: string[] = [];
    let service: TestService;
    let thread: IndexThread;
    /** A language model that never answers, so that a question waits in the thread. */
    const stalled: ServerResponse[] = [];
    let modelAsked: () => void;
    const asked = new Promise<void>((resolve) => (modelAsked = resolve));
    const model = createServer((request, response) => {
      request.resume();
      stalled.push(response);
      modelAsked();
    });

    before(async () => {
      service = await threadServiceOver(model, errors);
      thread = service.index as IndexThread;
    });

    after(async () => {
      await service.close();
      for (const response of stalled) response.destroy();
      await closeWithConnections(model);
    });

    it('answers a question waiting in it, searches, questions and health with a JSON 503', async () => {
      const health = await service.get('/api/healthz');
      assert.equal(health.status, 200);
      const waiting = service.postJson('/bot/askai', { apiKey: DEMO_KEY, query: 'How do I install it?' });
      await asked;
      // Ended from outside, as a crash would end it: not by the service's close().
      await thread.worker.terminate();
      await thread.stopped;
      assert.equal(thread.running, false);

      const failed = await waiting;
      assert.equal(failed.status, 503);
      assert.equal(failed.body.error.code, 'index_unavailable');
      const search = await service.postJson('/bot/search', {
        apiKey: DEMO_KEY,
        query: 'install',
        numDocs: 8,
      });
      assert.equal(search.status, 503);
      assert.match(search.response.headers.get('content-type') ?? '', /application\/json/);
      assert.deepEqual(Object.keys(search.body), ['error']);
      assert.equal(search.body.error.code, 'index_unavailable');
      const ask = await service.postJson('/bot/askai', { apiKey: DEMO_KEY, query: 'How do I install it?' });
      assert.equal(ask.status, 503);
      const unhealthy = await service.get('/api/healthz');
      assert.equal(unhealthy.status, 503);
      assert.deepEqual(await unhealthy.json(), { status: 'error' });
      assert.equal(
        errors.filter((message) => /index thread stopped/.test(message)).length,
        1,
        errors.join('\n'),
      );
      const doc = await (await service.get('/openapi.json')).json();
      for (const path of ['/bot/search', '/bot/askai'])
        assert.ok(doc.paths[path].post.responses['503'], `${path} documents its 503`);
    });
  });

  it('lets a question whose visitor left end quietly, its model call stopped, as in the main thread', async () => {
    // A language model that never answers: the question waits in the thread until the visitor goes.
    let requestClosed!: () => void;
    const closed = new Promise<void>((resolve) => (requestClosed = resolve));
    let modelAsked!: () => void;
    const asked = new Promise<void>((resolve) => (modelAsked = resolve));
    const model = createServer((request, response) => {
      request.resume();
      response.on('close', requestClosed);
      modelAsked();
    });
    const errors: string[] = [];
    const service = await threadServiceOver(model, errors);
    const thread = service.index as IndexThread;
    try {
      let replied!: () => void;
      const threadReplied = new Promise<void>((resolve) => (replied = resolve));
      thread.worker.on('message', (reply: IndexReply) => {
        if ('id' in reply) replied();
      });
      const visitor = new AbortController();
      const asking = fetch(`${service.url}/bot/askai`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ apiKey: DEMO_KEY, query: 'How do I install it?' }),
        signal: visitor.signal,
      }).catch((error: Error) => error.name);
      await asked;
      visitor.abort();
      assert.equal(await asking, 'AbortError');
      await closed;
      await threadReplied;
      // The app's handling of the failed answer runs in the promises after the reply.
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(errors, []);
    } finally {
      await service.close();
      await closeWithConnections(model);
    }
  });

  it("refuses, naming it, a setting a host gives that the thread couldn't start with", () => {
    const errors: string[] = [];
    const logger = { info: () => {}, warn: () => {}, error: (message: string) => errors.push(message) };
    assert.throws(
      () => new IndexThread({ language: 'xx', logger }),
      /language: "xx" is not one the index reads/,
    );
    assert.throws(
      () => new IndexThread({ env: { EMBEDDINGS_BASE_URL: 'nope', EMBEDDINGS_MODEL: 'e' }, logger }),
      /EMBEDDINGS_BASE_URL is not a URL/,
    );
    assert.throws(
      () =>
        new IndexThread({
          env: { LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'm', LLM_TIMEOUT_MS: 'soon' },
          logger,
        }),
      /LLM_TIMEOUT_MS must be a whole number/,
    );
    // Refused before a thread was started: none failed, none is left running.
    assert.deepEqual(errors, []);
  });

  it('ends with the service', async () => {
    const service = await startTestService({ indexThread: true });
    const thread = service.index as IndexThread;
    assert.equal(thread.running, true);
    await service.close();
    await thread.stopped;
    assert.equal(thread.running, false);
    // Gone by the service's close(): no error to log, and the process can exit.
    assert.equal(thread.worker.threadId, -1);
  });
});
