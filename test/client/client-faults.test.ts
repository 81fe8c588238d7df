/**
 * The client against a server that misbehaves in more ways than test/support's: stalls before
 * the headers and after them, resets mid-body, Retry-After in each form, redirects, huge bodies,
 * and the caller's signal at every moment of a call (no listener or timer left behind).
 * Timing assertions are lower bounds or generous upper ones; waits are read off setTimeout.
 */
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { ApiError, NetworkError, TimeoutError, createClient, isAbortError } from '../../src/client/index.js';
import type { ClientOptions } from '../../src/client/index.js';
import {
  type RecordedRequest as Seen,
  type RecordingServer,
  json,
  startRecordingServer,
} from '../support/misbehaving-server.js';

const KEY = 'faults-key-0123';

type Handler = (response: ServerResponse, count: number, seen: Seen) => void;

const ok = (response: ServerResponse) => json(response, 200, { status: 'ok', success: true });
const retryAfter =
  (value: string): Handler =>
  (response, count) =>
    count === 1
      ? json(
          response,
          429,
          { error: { code: 'rate_limited', message: 'Slow down.' } },
          { 'retry-after': value },
        )
      : ok(response);

const handlers: Record<string, Handler> = {
  '/ok': ok,
  '/search-ok': (response) => json(response, 200, []),
  '/not-stored': (response) => json(response, 200, { success: false }),
  '/slow-ok': (response) => {
    setTimeout(() => ok(response), 50);
  },
  // Never answers; the socket is closed when the client gives up.
  '/stall-headers': () => undefined,
  // Headers and half a body, then nothing.
  '/stall-body': (response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('[{"title":"A",');
  },
  // Promises 1,000 bytes, sends a few, then resets the connection.
  '/reset-mid-body': (response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
    response.write('{"status":');
    setTimeout(() => response.socket?.destroy(), 10);
  },
  '/503-then-200': (response, count) =>
    count === 1
      ? json(response, 503, { error: { code: 'unavailable', message: 'Starting.' } })
      : ok(response),
  '/retry-after-seconds': retryAfter('2'),
  '/retry-after-date-future': retryAfter(new Date(Date.now() + 600_000).toUTCString()),
  '/retry-after-date-past': retryAfter('Wed, 21 Oct 2015 07:28:00 GMT'),
  '/always-429-date': (response) =>
    json(
      response,
      429,
      { error: { code: 'rate_limited', message: 'Slow down.' } },
      {
        'retry-after': new Date(Date.now() + 600_000).toUTCString(),
      },
    ),
  '/retry-after-garbage': retryAfter('after lunch'),
  '/always-429-empty': (response) =>
    json(response, 429, { error: { code: 'rate_limited', message: 'Slow down.' } }, { 'retry-after': ' ' }),
  '/always-503': (response) => json(response, 503, { error: { code: 'unavailable', message: 'Down.' } }),
  '/with-field': (response) =>
    json(response, 400, {
      error: { code: 'invalid_field', message: 'numDocs is too big', field: 'numDocs' },
    }),
  // The reference service's answer to a key it does not know.
  '/unknown-key': (response) =>
    json(response, 401, {
      error: { code: 'invalid_api_key', message: 'apiKey is not valid', field: 'apiKey' },
    }),
  '/without-field': (response) =>
    json(response, 401, { error: { code: 'invalid_api_key', message: 'Unknown key.' } }),
  '/redirect-301': (response) => {
    response.writeHead(301, { location: '/ok' });
    response.end();
  },
  '/redirect-elsewhere': (response) => {
    response.writeHead(302, { location: '/nowhere' });
    response.end();
  },
  '/huge': (response) => {
    const item = { title: 'T'.repeat(100), description: 'D'.repeat(100), link: '/x', assetType: 'webpage' };
    json(
      response,
      200,
      Array.from({ length: 20_000 }, () => item),
    );
  },
  '/echo': (response, _count, seen) => json(response, 200, { status: 'ok', seen }),
  // A proxy that quotes what it refused, body or header, in its error message.
  '/echo-in-error': (response, _count, seen) =>
    json(response, 400, {
      error: { code: 'bad_request', message: `refused ${seen.body || seen.headers.authorization}` },
    }),
  '/echo-in-answer': (response, _count, seen) =>
    json(response, 200, {
      answer: '',
      didAnswer: false,
      error: { code: 'upstream', message: `the model refused ${seen.body}` },
    }),
};

describe('client against more faults', () => {
  let url: string;
  let server: RecordingServer;
  let seen: Seen[] = [];
  const counts = new Map<string, number>();
  /** Each path's handler (a `/prefix` before it stripped), told how often the path was asked. */
  const answer = (entry: Seen, response: ServerResponse) => {
    const path = entry.url.replace(/\?.*/, '').replace(/^\/prefix/, '');
    const count = (counts.get(path) ?? 0) + 1;
    counts.set(path, count);
    const handler = handlers[path];
    if (handler) handler(response, count, entry);
    else json(response, 404, { error: { code: 'not_found', message: 'No such path.' } });
  };
  /**
   * A server for one test that sends nothing, which counts only that test's requests: the shared
   * one may still be reading a request an earlier test gave up on (a loaded machine reads late).
   * A call that had sent one would have waited for its answer, so none is still on its way once
   * the test's calls have settled.
   */
  const serverOfItsOwn = () => startRecordingServer((_request, response) => ok(response));
  const sent = (path: string) => seen.filter((request) => request.url.replace(/\?.*/, '').endsWith(path));
  const client = (options: Partial<ClientOptions> = {}) =>
    createClient({ baseUrl: url, apiKey: KEY, ...options });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      (value) => assert.fail(`resolved ${JSON.stringify(value)}`),
      (error: unknown) => error,
    );
  /** Whether setTimeout is being called by the client (not by undici, which keeps its own timers). */
  const fromClient = () => /src[\\/]client[\\/]/.test(new Error().stack?.split('\n')[3] ?? '');
  /**
   * The first wait (ms) the client asks setTimeout for between attempts of a health check (its
   * attempts' time limit set apart), and the call then aborted: no test waits it out.
   */
  const firstWait = async (path: string): Promise<number | undefined> => {
    const attemptTimeout = 4321;
    const controller = new AbortController();
    let wait: number | undefined;
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      if (ms !== attemptTimeout && wait === undefined && fromClient()) {
        wait = Number(ms);
        queueMicrotask(() => controller.abort());
      }
      return realSetTimeout(handler, ms, ...args);
    }) as typeof setTimeout;
    try {
      await client({ paths: { health: path }, timeoutMs: attemptTimeout })
        .health({ signal: controller.signal })
        .catch((error: unknown) => assert.ok(isAbortError(error), String(error)));
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    return wait;
  };
  /**
   * Runs `run` and counts the timers the client set meanwhile that neither fired nor were
   * cleared when it settled: each is a leak that would keep a process alive or fire later.
   */
  const leftTimers = async (run: (delays: number[]) => Promise<unknown>): Promise<number> => {
    const pending = new Set<unknown>();
    /** The delay of each timer the client sets, in order. */
    const delays: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const realClearTimeout = globalThis.clearTimeout;
    globalThis.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      if (!fromClient()) return realSetTimeout(handler, ms, ...args);
      delays.push(Number(ms));
      const timer = realSetTimeout(
        (...given: unknown[]) => {
          pending.delete(timer);
          handler(...given);
        },
        ms,
        ...args,
      );
      pending.add(timer);
      return timer;
    }) as typeof setTimeout;
    globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
      pending.delete(timer);
      realClearTimeout(timer);
    }) as typeof clearTimeout;
    try {
      await run(delays);
    } finally {
      globalThis.setTimeout = realSetTimeout;
      globalThis.clearTimeout = realClearTimeout;
    }
    for (const timer of pending) realClearTimeout(timer as ReturnType<typeof setTimeout>);
    return pending.size;
  };

  before(async () => {
    server = await startRecordingServer(answer);
    url = server.url;
    seen = server.requests;
  });
  after(() => server.close());

  describe('timeouts', () => {
    it('times out an attempt whose headers never come, and retries a GET each time', async () => {
      // Attempts counted as the client makes them: on a loaded machine one may time out before
      // the server has read it.
      let attempts = 0;
      const counting: typeof fetch = (input, init) => {
        attempts++;
        return fetch(input, init);
      };
      const error = await failure(
        client({ paths: { health: '/stall-headers' }, timeoutMs: 150, fetch: counting }).health(),
      );
      assert.ok(error instanceof TimeoutError, String(error));
      assert.equal(error.timeoutMs, 150);
      assert.equal(attempts, 3);
    });

    it('times out an attempt whose body stalls after the headers', async () => {
      const error = await failure(
        client({ paths: { search: '/stall-body' }, timeoutMs: 150 }).search({ query: 'x', numDocs: 1 }),
      );
      assert.ok(error instanceof TimeoutError, String(error));
    });

    it("passes the caller's abort through while a body stalls, as an AbortError and not a timeout", async () => {
      const controller = new AbortController();
      // Aborted once the headers have come, while the body stalls (the server's having the request
      // is not enough: on a busy machine the abort could come before the headers).
      let headersCame = false;
      const watching: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        headersCame = true;
        return response;
      };
      const pending = failure(
        client({ paths: { search: '/stall-body' }, fetch: watching }).search(
          { query: 'x', numDocs: 1 },
          { signal: controller.signal },
        ),
      );
      while (!headersCame) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.abort();
      const error = await pending;
      assert.ok(isAbortError(error), String(error));
      assert.ok(!(error instanceof TimeoutError));
      assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
    });

    it('takes a time limit beyond what setTimeout holds, Infinity among them, as no limit', async () => {
      // setTimeout fires at once for a delay over 2^31 - 1 ms (24.8 days), and every attempt timed out.
      for (const timeoutMs of [Infinity, 2 ** 31, 1e12]) {
        const c = client({ paths: { health: '/slow-ok', ask: '/slow-ok' }, timeoutMs, retries: 0 });
        assert.deepEqual(await c.health(), { status: 'ok', success: true }, `timeoutMs ${timeoutMs}`);
      }
      const perOperation = client({ paths: { feedback: '/slow-ok' }, timeoutMs: { feedback: Infinity } });
      assert.deepEqual(await perOperation.feedback({ insightId: 'i', feedback: 1 }), {
        status: 'ok',
        success: true,
      });
    });

    it('keeps the documented time limits per operation', async () => {
      const c = client({
        paths: { search: '/search-ok', ask: '/ask-missing', feedback: '/ok', health: '/ok' },
      });
      const limits: Record<string, number> = {};
      const realSetTimeout = globalThis.setTimeout;
      let operation = '';
      globalThis.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        if (fromClient()) limits[operation] ??= Number(ms);
        return realSetTimeout(handler, ms, ...args);
      }) as typeof setTimeout;
      try {
        operation = 'search';
        await c.search({ query: 'x', numDocs: 1 });
        operation = 'ask';
        await c.ask({ query: 'x', format: 'html', conversationId: '' }).catch(() => undefined);
        operation = 'feedback';
        await c.feedback({ insightId: 'i', feedback: 1 });
        operation = 'health';
        await c.health();
        operation = 'analytics';
        await createClient({ baseUrl: 'http://unused.invalid', analyticsUrl: url, apiKey: KEY })
          .analytics({ projectId: 'p', startDate: 0, endDate: 1 })
          .catch(() => undefined);
      } finally {
        globalThis.setTimeout = realSetTimeout;
      }
      assert.deepEqual(limits, {
        search: 8000,
        ask: 60_000,
        feedback: 10_000,
        health: 5000,
        analytics: 30_000,
      });
    });
  });

  describe('faults', () => {
    it('gives a NetworkError for a reset mid-body, after retrying a GET twice by default', async () => {
      const before = sent('/reset-mid-body').length;
      const error = await failure(client({ paths: { health: '/reset-mid-body' } }).health());
      assert.ok(error instanceof NetworkError, String(error));
      assert.equal(sent('/reset-mid-body').length - before, 3);
    });

    it('retries a 503 then succeeds', async () => {
      const before = sent('/503-then-200').length;
      counts.delete('/503-then-200');
      assert.deepEqual(await client({ paths: { health: '/503-then-200' } }).health(), {
        status: 'ok',
        success: true,
      });
      assert.equal(sent('/503-then-200').length - before, 2);
    });

    it('gives up on a 503 after retries + 1 attempts, with the last ApiError', async () => {
      const before = sent('/always-503').length;
      const error = await failure(
        client({ paths: { feedback: '/always-503' }, retries: 1 }).feedback({ insightId: 'i', feedback: 1 }),
      );
      assert.ok(error instanceof ApiError);
      assert.deepEqual([error.status, error.code, error.message], [503, 'unavailable', 'Down.']);
      assert.equal(sent('/always-503').length - before, 2);
    });

    it('names the field when the error body does, and leaves it undefined when not', async () => {
      const withField = await failure(
        client({ paths: { search: '/with-field' } }).search({ query: 'x', numDocs: 1 }),
      );
      assert.ok(withField instanceof ApiError);
      assert.deepEqual(
        [withField.status, withField.code, withField.field],
        [400, 'invalid_field', 'numDocs'],
      );
      const without = await failure(
        client({ paths: { search: '/without-field' } }).search({ query: 'x', numDocs: 1 }),
      );
      assert.ok(without instanceof ApiError);
      assert.deepEqual([without.status, without.code, without.field], [401, 'invalid_api_key', undefined]);
      assert.equal(without.message, 'Unknown key.');
    });

    it('follows a redirect, and reports one to a missing page by its status', async () => {
      assert.deepEqual(await client({ paths: { health: '/redirect-301' } }).health(), {
        status: 'ok',
        success: true,
      });
      const error = await failure(client({ paths: { health: '/redirect-elsewhere' }, retries: 0 }).health());
      assert.ok(error instanceof ApiError);
      assert.deepEqual([error.status, error.code], [404, 'not_found']);
    });

    it('gives an ApiError for feedback answered 200 with success false, which stored nothing', async () => {
      const error = await failure(
        client({ paths: { feedback: '/not-stored' } }).feedback({ insightId: 'i', feedback: 1 }),
      );
      assert.ok(error instanceof ApiError, String(error));
      assert.equal(error.status, 200);
      assert.equal(error.code, 'not_stored');
      assert.deepEqual(error.body, { success: false });
    });

    it('reads a huge response', async () => {
      const results = await client({ paths: { search: '/huge' } }).search({ query: 'x', numDocs: 1 });
      assert.equal(results.length, 20_000);
    });
  });

  describe('Retry-After', () => {
    it('waits the seconds it gives', async () => {
      assert.equal(await firstWait('/retry-after-seconds'), 2000);
    });

    it('waits until the HTTP date it gives, capped at 10 s', async () => {
      assert.equal(await firstWait('/retry-after-date-future'), 10_000);
    });

    it('falls back to the backoff for a past date or one it cannot read', async () => {
      for (const path of ['/retry-after-date-past', '/retry-after-garbage']) {
        const wait = await firstWait(path);
        assert.ok(wait !== undefined && wait >= 0 && wait <= 250, `${path}: ${wait}`);
      }
    });

    it('reports no wait for an empty Retry-After, rather than none to wait', async () => {
      const error = await failure(client({ paths: { health: '/always-429-empty' }, retries: 0 }).health());
      assert.ok(error instanceof ApiError);
      assert.equal(error.retryAfter, undefined);
    });

    it('reports the seconds of an HTTP date', async () => {
      const error = await failure(client({ paths: { health: '/always-429-date' }, retries: 0 }).health());
      assert.ok(error instanceof ApiError);
      assert.ok(
        error.retryAfter !== undefined && error.retryAfter > 500 && error.retryAfter <= 600,
        String(error.retryAfter),
      );
    });
  });

  describe("the caller's signal", () => {
    it('sends nothing when aborted before the call, on every operation', async () => {
      const own = await serverOfItsOwn();
      try {
        const c = createClient({ baseUrl: own.url, apiKey: KEY });
        const signal = AbortSignal.abort();
        for (const call of [
          c.search({ query: 'x', numDocs: 1 }, { signal }),
          c.ask({ query: 'x', format: 'html', conversationId: '' }, { signal }),
          c.feedback({ insightId: 'i', feedback: 1 }, { signal }),
          c.health({ signal }),
          c.analytics({ projectId: 'p', startDate: 0, endDate: 1 }, { signal }),
        ])
          assert.ok(isAbortError(await failure(call)));
        assert.equal(own.requests.length, 0);
      } finally {
        await own.close();
      }
    });

    it('ends a backoff wait at once, leaving no listener and no timer', async () => {
      const controller = new AbortController();
      const before = sent('/always-429-date').length;
      let abortedAt = 0;
      const left = await leftTimers(async (delays) => {
        const pending = failure(
          client({ paths: { health: '/always-429-date' } }).health({ signal: controller.signal }),
        );
        // Answered 429 with a Retry-After ten minutes away: the client waits 10 s. Aborted once that
        // wait has begun (on a busy machine, a fixed pause could abort the attempt instead).
        while (!delays.includes(10_000)) await new Promise((resolve) => setTimeout(resolve, 5));
        abortedAt = Date.now();
        controller.abort();
        assert.ok(isAbortError(await pending));
      });
      assert.ok(Date.now() - abortedAt < 2000);
      assert.equal(left, 0);
      assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
      assert.equal(sent('/always-429-date').length - before, 1);
    });

    it('aborts concurrent calls that share one signal, and leaves no listener', async () => {
      const controller = new AbortController();
      const c = client({
        paths: {
          search: '/stall-headers',
          ask: '/stall-headers',
          feedback: '/stall-headers',
          health: '/stall-headers',
        },
      });
      const { signal } = controller;
      const calls = [
        c.search({ query: 'x', numDocs: 1 }, { signal }),
        c.ask({ query: 'x', format: 'html', conversationId: '' }, { signal }),
        c.feedback({ insightId: 'i', feedback: 1 }, { signal }),
        c.health({ signal }),
      ].map(failure);
      assert.equal(getEventListeners(signal, 'abort').length, 4);
      controller.abort();
      for (const error of await Promise.all(calls)) assert.ok(isAbortError(error), String(error));
      assert.equal(getEventListeners(signal, 'abort').length, 0);
    });

    // Without the fix the calls never end: the limit makes that a failure rather than a hang.
    it(
      "ends a call at the caller's abort and at its time limit even when the page's fetch drops the signal",
      { timeout: 10_000 },
      async () => {
        // A fetch wrapper that passes the method, headers and body on but not the signal (some
        // analytics scripts' do), in front of a service that never answers.
        const dropping: typeof fetch = (input, init) =>
          fetch(input, { method: init?.method, headers: init?.headers, body: init?.body });
        const c = client({ paths: { ask: '/stall-headers', search: '/stall-headers' }, fetch: dropping });
        const controller = new AbortController();
        const asked = failure(c.ask({ query: 'x', format: 'html', conversationId: '' }, controller));
        await new Promise((resolve) => setTimeout(resolve, 20));
        controller.abort();
        assert.ok(isAbortError(await asked));
        const timedOut = await failure(
          client({ paths: { search: '/stall-headers' }, fetch: dropping, timeoutMs: 150 }).search({
            query: 'x',
            numDocs: 1,
          }),
        );
        assert.ok(timedOut instanceof TimeoutError, String(timedOut));
      },
    );

    it('takes the answer of a page fetch that gives a Response as it is, not in a promise', async () => {
      // A plain-JavaScript stand-in for fetch (a test double, a page's own shim) may return the
      // Response itself: it was awaited, and must still be.
      const immediate = (() =>
        new Response(JSON.stringify([]), {
          headers: { 'content-type': 'application/json' },
        })) as unknown as typeof fetch;
      assert.deepEqual(await client({ fetch: immediate }).search({ query: 'x', numDocs: 1 }), []);
    });

    it('leaves no listener or timer once a call has completed, and a later abort changes nothing', async () => {
      const controller = new AbortController();
      const c = client({ paths: { search: '/search-ok', feedback: '/ok', health: '/503-then-200' } });
      counts.delete('/503-then-200');
      const left = await leftTimers(async () => {
        await c.search({ query: 'x', numDocs: 1 }, { signal: controller.signal });
        await c.feedback({ insightId: 'i', feedback: 1 }, { signal: controller.signal });
        // A retried call: its attempts' timers and its backoff wait.
        await c.health({ signal: controller.signal });
      });
      assert.equal(left, 0);
      assert.equal(getEventListeners(controller.signal, 'abort').length, 0);
      controller.abort();
    });
  });

  describe('options', () => {
    it('uses the fetch it is given, never the global one', async () => {
      const calls: [string, RequestInit | undefined][] = [];
      const realFetch = globalThis.fetch;
      globalThis.fetch = (() => assert.fail('the global fetch was used')) as typeof fetch;
      try {
        const c = createClient({
          baseUrl: 'https://bot.example.com',
          apiKey: KEY,
          fetch: async (input, init) => {
            calls.push([String(input), init]);
            return new Response('{"status":"ok"}', { status: 200 });
          },
        });
        assert.deepEqual(await c.health(), { status: 'ok' });
        await c.feedback({ insightId: 'i', feedback: 1 });
      } finally {
        globalThis.fetch = realFetch;
      }
      assert.deepEqual(
        calls.map(([input]) => input),
        ['https://bot.example.com/api/healthz', 'https://bot.example.com/bot/feedback'],
      );
      assert.ok(calls[1]![1]!.signal instanceof AbortSignal);
    });

    it('joins a base URL with or without a trailing slash or a path prefix to the paths, and their overrides', async () => {
      for (const base of [url, `${url}/`, `${url}//`, `${url}/prefix`, `${url}/prefix/`]) {
        const c = createClient({ baseUrl: base, apiKey: KEY, paths: { health: '/echo' } });
        const { seen: request } = (await c.health()) as unknown as { seen: Seen };
        assert.equal(request.url, base.includes('prefix') ? '/prefix/echo' : '/echo', base);
      }
    });

    it('sends a non-ASCII key as UTF-8 in the JSON body of bot requests', async () => {
      const key = 'clé-ключ-鍵-🔑';
      const c = createClient({ baseUrl: url, apiKey: key, paths: { feedback: '/echo' } });
      const { seen: request } = (await c.feedback({ insightId: 'i', feedback: 1 })) as unknown as {
        seen: Seen;
      };
      assert.equal(JSON.parse(request.body).apiKey, key);
      assert.ok(!request.url.includes(encodeURIComponent(key)) && !request.url.includes(key));
    });

    it('refuses at once, sending nothing, an analytics call whose key no header can carry', async () => {
      // Before: fetch's TypeError read as a NetworkError ("could not be reached"), retried twice,
      // its cause quoting a key with a control character.
      for (const key of [
        'ключ-key-1234',
        'secret\nkey-1234',
        'secret\u0000key-1234',
        'secret key-1234',
        // DEL is a control character too, which fetch refuses (undici: "invalid authorization header").
        'secret\u007fkey-1234',
      ]) {
        const own = await serverOfItsOwn();
        try {
          const c = createClient({ baseUrl: own.url, apiKey: key });
          for (const call of [
            c.analytics({ projectId: 'p', startDate: 0, endDate: 1 }),
            c.topQuestions({ projectId: 'p', startDate: 0, endDate: 1 }),
          ]) {
            const error = await failure(call);
            assert.ok(error instanceof TypeError && !(error instanceof NetworkError), String(error));
            assert.ok(!String(error).includes(key) && !String(error.cause).includes(key));
          }
          assert.equal(own.requests.length, 0, JSON.stringify(key));
        } finally {
          await own.close();
        }
      }
      // Latin-1 travels (as one byte each, which a Node server reads back as sent), C1 controls too.
      const latin1 = 'clé-latin1-\u0085-key';
      const { seen: request } = (await createClient({
        baseUrl: url,
        analyticsUrl: `${url}/echo?`,
        apiKey: latin1,
      }).analytics({ projectId: 'p', startDate: 0, endDate: 1 })) as unknown as { seen: Seen };
      assert.equal(request.headers.authorization, `Bearer ${latin1}`);
    });

    it('never puts the key in a URL, a message or String(error), whatever the error', async () => {
      const errors = [
        await failure(client({ paths: { search: '/with-field' } }).search({ query: 'x', numDocs: 1 })),
        await failure(
          client({ paths: { search: '/stall-headers' }, timeoutMs: 50 }).search({ query: 'x', numDocs: 1 }),
        ),
        await failure(client({ paths: { search: '/reset-mid-body' } }).search({ query: 'x', numDocs: 1 })),
        await failure(
          createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, retries: 0 }).analytics({
            projectId: 'p',
            startDate: 0,
            endDate: 1,
          }),
        ),
      ];
      for (const error of errors) {
        assert.ok(error instanceof Error);
        assert.ok(!error.message.includes(KEY) && !String(error).includes(KEY), String(error));
      }
      for (const request of seen) assert.ok(!request.url.includes(KEY), request.url);
    });

    it('leaves a message whole when a short key, which the service never takes, is part of its words', async () => {
      // A key under 8 characters is no secret; replaced, "apiKey is not valid" read "[key]piKey is not v[key]lid".
      for (const apiKey of ['a', 'api', 'valid', 'is not']) {
        const error = await failure(
          createClient({ baseUrl: url, apiKey, paths: { search: '/unknown-key' } }).search({
            query: 'x',
            numDocs: 1,
          }),
        );
        assert.ok(error instanceof ApiError, String(error));
        assert.equal(error.message, 'apiKey is not valid', JSON.stringify(apiKey));
      }
      // From 8 characters, the key is replaced wherever it is.
      const error = await failure(
        createClient({ baseUrl: url, apiKey: 'is not v', paths: { search: '/unknown-key' } }).search({
          query: 'x',
          numDocs: 1,
        }),
      );
      assert.equal((error as ApiError).message, 'apiKey [key]alid');
    });

    it('keeps the key out of the message of a service that echoes the request back', async () => {
      const echoing = client({
        paths: { search: '/echo-in-error', feedback: '/echo-in-error', ask: '/echo-in-answer' },
        analyticsUrl: `${url}/echo-in-error?`,
        retries: 0,
      });
      const errors = [
        await failure(echoing.search({ query: 'x', numDocs: 1 })),
        await failure(echoing.feedback({ insightId: 'i', feedback: 1 })),
        await failure(echoing.ask({ query: 'x', format: 'html', conversationId: '' })),
        await failure(echoing.analytics({ projectId: 'p', startDate: 0, endDate: 1 })),
      ];
      for (const error of errors) {
        assert.ok(error instanceof ApiError, String(error));
        assert.ok(!error.message.includes(KEY) && !String(error).includes(KEY), String(error));
        // The rest of the message is kept, the key marked where it was.
        assert.match(error.message, /refused .*\[key\]/);
      }
    });
  });
});
