import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { parseJsonSafely } from '../../src/server/http/json-body.js';
import {
  createApp,
  createExtractiveAnswerer,
  createOramaIndex,
  createSqliteStore,
  loadConfigFile,
  startService,
} from '../../src/server/main.js';
import { quietLogger } from '../../src/server/logger.js';
import { LIMITS } from '../../src/wire/schemas.js';
import {
  DEMO_KEY,
  FIXTURE_CONTENT,
  type TestService,
  configWith,
  openConnection,
  servedOn,
  startTestService,
} from './service-harness.js';

function assertErrorBody(body: any, code: string): void {
  assert.equal(typeof body.error, 'object');
  assert.equal(body.error.code, code);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(!/\bat .+:\d+:\d+/.test(JSON.stringify(body)), 'no stack trace');
}

describe('errors', () => {
  let service: TestService;

  before(async () => {
    service = await startTestService({ config: configWith() });
  });
  after(() => service.close());

  describe('a body that is not a JSON object is 400, before the key is checked', () => {
    // Said as a person says it: "not string" and "not boolean" were typeof's words.
    const cases: [string, string, string, string][] = [
      ['malformed JSON', '{"query": "install", ', 'invalid_json', 'Request body is not valid JSON'],
      [
        'an array',
        '[{"query": "install"}]',
        'invalid_body',
        'Request body must be a JSON object, not an array',
      ],
      ['null', 'null', 'invalid_body', 'Request body must be a JSON object, not null'],
      ['a number', '42', 'invalid_body', 'Request body must be a JSON object, not a number'],
      ['a string', '"install"', 'invalid_body', 'Request body must be a JSON object, not a string'],
      ['a boolean', 'true', 'invalid_body', 'Request body must be a JSON object, not a boolean'],
      ['an empty body', '', 'invalid_json', 'Request body is empty; send a JSON object'],
    ];
    for (const path of ['/bot/search', '/bot/askai', '/bot/feedback']) {
      for (const [name, raw, code, message] of cases) {
        it(`${path}: ${name}`, async () => {
          const response = await service.post(path, raw);
          assert.equal(response.status, 400);
          assert.match(response.headers.get('content-type') ?? '', /application\/json/);
          const body = await response.json();
          assertErrorBody(body, code);
          assert.equal(body.error.message, message);
        });
      }
    }
  });

  it('reads a body that starts with a byte-order mark, as some editors and Windows tools write it, sent whole or in chunks', async () => {
    const raw = `\uFEFF{"apiKey": "${DEMO_KEY}", "query": "install", "numDocs": 1}`;
    assert.equal((await service.post('/bot/search', raw)).status, 200);
    // Streamed, with no Content-Length: read by the service's own chunk counting.
    const chunked = await fetch(`${service.url}/bot/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([raw]).stream(),
      duplex: 'half',
    } as RequestInit);
    assert.equal(chunked.status, 200);
  });

  describe('then a missing or unknown key is 401, before the fields are checked', () => {
    for (const path of ['/bot/search', '/bot/askai', '/bot/feedback']) {
      it(`${path}: missing apiKey`, async () => {
        const { status, body } = await service.postJson(path, { numDocs: 'not even valid' });
        assert.equal(status, 401);
        assertErrorBody(body, 'missing_api_key');
        assert.equal(body.error.field, 'apiKey');
      });
      it(`${path}: an apiKey sent in an Authorization header, as the analytics take it, is told to go in the body`, async () => {
        const { status, body } = await service.postJson(
          path,
          { query: 'install', numDocs: 1 },
          { authorization: `Bearer ${DEMO_KEY}` },
        );
        assert.equal(status, 401);
        assertErrorBody(body, 'missing_api_key');
        assert.equal(body.error.field, 'apiKey');
        assert.equal(
          body.error.message,
          'apiKey is required in the JSON body: the Authorization header is read by the analytics endpoints only',
        );
      });
      it(`${path}: unknown apiKey`, async () => {
        const { status, body } = await service.postJson(path, {
          apiKey: 'demo-kex',
          query: 'install',
          numDocs: 1,
        });
        assert.equal(status, 401);
        assertErrorBody(body, 'invalid_api_key');
        assert.equal(body.error.field, 'apiKey');
      });
      it(`${path}: an apiKey that is not a string`, async () => {
        const { status, body } = await service.postJson(path, {
          apiKey: ['demo-key'],
          query: 'install',
          numDocs: 1,
        });
        assert.equal(status, 401);
        assertErrorBody(body, 'invalid_api_key');
        assert.equal(body.error.field, 'apiKey');
      });
    }
  });

  describe('a body over the limit is 413', () => {
    const limits: [string, number][] = [
      ['/bot/search', LIMITS.searchBodyMaxBytes],
      ['/bot/feedback', LIMITS.feedbackBodyMaxBytes],
      ['/bot/askai', LIMITS.askBodyMaxBytes],
    ];
    for (const [path, limit] of limits) {
      it(`${path} refuses ${limit + 1} bytes`, async () => {
        const filler = 'x'.repeat(limit);
        const response = await service.post(
          path,
          JSON.stringify({ apiKey: DEMO_KEY, query: 'install', numDocs: 1, filler }),
        );
        assert.equal(response.status, 413);
        assertErrorBody(await response.json(), 'body_too_large');
      });
    }

    it('counts a chunked body without Content-Length as it streams', async () => {
      const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"apiKey":"demo-key","filler":"'));
        },
        pull(controller) {
          if (sent++ < 8) controller.enqueue(chunk);
          else {
            controller.enqueue(new TextEncoder().encode('"}'));
            controller.close();
          }
        },
      });
      const response = await fetch(`${service.url}/bot/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      assert.equal(response.status, 413);
      assertErrorBody(await response.json(), 'body_too_large');
    });

    it('accepts a search body just under the limit', async () => {
      const body = { apiKey: DEMO_KEY, query: 'install', numDocs: 1, filler: '' };
      body.filler = 'x'.repeat(LIMITS.searchBodyMaxBytes - JSON.stringify(body).length);
      const response = await service.post('/bot/search', JSON.stringify(body));
      assert.equal(response.status, 200);
    });
  });

  it('reads an optional field sent as null as absent, as clients that write unset fields as null mean it', async () => {
    const search = await service.postJson('/bot/search', {
      apiKey: DEMO_KEY,
      query: 'install',
      numDocs: 2,
      score: null,
      includeTags: null,
      excludeTags: null,
      returnContent: null,
      returnAll: null,
    });
    assert.equal(search.status, 200, JSON.stringify(search.body));
    assert.ok(Array.isArray(search.body) && search.body.length > 0);
    const ask = await service.postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'How do I install it?',
      conversationId: null,
      format: null,
      meta: null,
      attributes: null,
      base64Images: null,
    });
    assert.equal(ask.status, 200, JSON.stringify(ask.body));
    // Within an object field too, as the same clients write a nested model.
    const nested = await service.postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'How do I install it?',
      meta: { title: null, origin: 'https://docs.example.com/install', language: null, referrer: null },
    });
    assert.equal(nested.status, 200, JSON.stringify(nested.body));
    assert.match(ask.body.conversationId, /\S/);
    assert.match(ask.body.answer, /<\w+/, 'html, the default format');
    // A required field sent as null is told, by name.
    for (const [path, body, field] of [
      ['/bot/search', { apiKey: DEMO_KEY, query: null, numDocs: 2 }, 'query'],
      ['/bot/search', { apiKey: DEMO_KEY, query: 'install', numDocs: null }, 'numDocs'],
      ['/bot/askai', { apiKey: DEMO_KEY, query: null }, 'query'],
      ['/bot/feedback', { apiKey: DEMO_KEY, insightId: ask.body.insightId, feedback: null }, 'feedback'],
    ] as const) {
      const refused = await service.postJson(path, body);
      assert.equal(refused.status, 400, `${path} ${field}`);
      assertErrorBody(refused.body, 'invalid_field');
      assert.equal(refused.body.error.field, field);
    }
  });

  it('tells browsers not to sniff any answer: JSON, errors, health and the OpenAPI document', async () => {
    const responses = [
      await service.post('/bot/search', { apiKey: DEMO_KEY, query: 'install', numDocs: 1 }),
      await service.post('/bot/search', { apiKey: DEMO_KEY, query: '', numDocs: 1 }),
      await service.post('/bot/search', '[]'),
      await service.get('/no/such/route'),
      await service.get('/api/healthz'),
      await service.get('/openapi.json'),
      await service.get('/api/projects/demo/analytics?startDate=2025-01-01&endDate=2025-01-31'),
    ];
    assert.deepEqual(
      responses.map((response) => [response.status, response.headers.get('x-content-type-options')]),
      [
        [200, 'nosniff'],
        [400, 'nosniff'],
        [400, 'nosniff'],
        [404, 'nosniff'],
        [200, 'nosniff'],
        [200, 'nosniff'],
        [401, 'nosniff'],
      ],
    );
  });

  it('answers unknown routes with 404 JSON', async () => {
    for (const response of [await service.get('/no/such/route'), await service.post('/bot/unknown', {})]) {
      assert.equal(response.status, 404);
      assertErrorBody(await response.json(), 'not_found');
    }
  });

  it('names in a 404 the path as it was sent, where one slash of two at the end was left out', async () => {
    // `/bot/search//` was told as "No route for GET /bot/search/", a path that is a route.
    for (const path of ['/bot/search//', '/bot/', '/api/healthz//', '/no%20such/route']) {
      const response = await service.get(path);
      assert.equal(response.status, 404, path);
      assert.equal((await response.json()).error.message, `No route for GET ${path}`);
    }
  });

  it('answers a wrong method with 405 JSON and Allow', async () => {
    const response = await service.get('/bot/search');
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST');
    assertErrorBody(await response.json(), 'method_not_allowed');
  });

  it('reads a trailing slash as the same endpoint, as a proxy or a client may write it', async () => {
    const search = await service.postJson('/bot/search/', { apiKey: DEMO_KEY, query: 'install', numDocs: 2 });
    assert.equal(search.status, 200, JSON.stringify(search.body));
    assert.ok(Array.isArray(search.body) && search.body.length > 0);
    const ask = await service.postJson('/bot/askai/', { apiKey: DEMO_KEY, query: 'How do I install it?' });
    assert.equal(ask.status, 200, JSON.stringify(ask.body));
    const vote = await service.postJson('/bot/feedback/', {
      apiKey: DEMO_KEY,
      insightId: ask.body.insightId,
      feedback: 1,
    });
    assert.equal(vote.status, 200, JSON.stringify(vote.body));
    assert.equal((await service.get('/api/healthz/')).status, 200);
    const wrongMethod = await service.get('/bot/search/');
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get('allow'), 'POST');
    // A path that only starts like an endpoint is still unknown.
    assert.equal((await service.post('/bot/search/more', {})).status, 404);
  });

  it("answers what Node's HTTP parser refuses with the JSON error body too", async () => {
    /** The raw response to raw bytes, the connection closed by the service. */
    const raw = (request: string) =>
      new Promise<string>((resolveRaw, reject) => {
        const { port, hostname } = new URL(service.url);
        const socket = connect(Number(port), hostname, () => socket.write(request));
        let received = '';
        socket.on('data', (chunk) => (received += chunk));
        socket.on('end', () => resolveRaw(received));
        socket.on('error', reject);
      });
    const madeUpMethod = await raw('FOO /bot/askai HTTP/1.1\r\nHost: x\r\n\r\n');
    assert.match(madeUpMethod, /^HTTP\/1\.1 400 /);
    const hugeHeaders = await raw(
      `GET /api/healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    assert.match(hugeHeaders, /^HTTP\/1\.1 431 /);
    // What Node would answer with no body, or not at all: the server-wide target `*`, an
    // `Expect` it doesn't know, and CONNECT, a proxy's method.
    const serverWide = await raw('OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.match(serverWide, /^HTTP\/1\.1 400 /);
    const expectation = await raw(
      'POST /bot/search HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nConnection: close\r\n' +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    assert.match(expectation, /^HTTP\/1\.1 417 /);
    const proxying = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    assert.match(proxying, /^HTTP\/1\.1 405 /);
    // Parsed by Node, but no URL can be made of them: a backslash in the path, a Host with a space.
    const backslash = await raw('GET /api\\healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.match(backslash, /^HTTP\/1\.1 400 /);
    const badHost = await raw('GET /api/healthz HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n');
    assert.match(badHost, /^HTTP\/1\.1 400 /);
    const codes: [string, string][] = [
      [madeUpMethod, 'bad_request'],
      [hugeHeaders, 'bad_request'],
      [serverWide, 'bad_request'],
      [expectation, 'expectation_failed'],
      [proxying, 'method_not_allowed'],
      [backslash, 'bad_request'],
      [badHost, 'bad_request'],
    ];
    for (const [response, code] of codes) {
      assert.match(response, /content-type: application\/json/i);
      // As every answer of the app says: no browser reads it as anything else.
      assert.match(response, /^x-content-type-options: nosniff\r$/im, response);
      assertErrorBody(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)), code);
    }
  });

  it('answers a request whose headers never finish with 408 once their 20 s are up, not up to 30 s later', async () => {
    const { port, hostname } = new URL(service.url);
    const started = Date.now();
    const received = await new Promise<string>((resolveRaw, reject) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write('POST /bot/search HTTP/1.1\r\nHost: x\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolveRaw(text));
      socket.on('error', reject);
    });
    const waited = Date.now() - started;
    assert.match(received, /^HTTP\/1\.1 408 /);
    assertErrorBody(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)), 'bad_request');
    // Node looks for late requests every `connectionsCheckingInterval`: 30 s unless told.
    assert.ok(waited >= 19_000 && waited < 27_000, `answered after ${waited} ms`);
  });

  it('takes a client that leaves before its body arrived for what it is, not a fault of the service', async () => {
    const logged: string[] = [];
    const statuses: number[] = [];
    const watched = await startTestService({
      config: configWith(),
      logger: {
        info: () => {},
        warn: () => {},
        error: (message) => logged.push(message),
        request: (line) => statuses.push(line.status),
      },
    });
    try {
      const { port, hostname } = new URL(watched.url);
      await new Promise<void>((resolveSent, reject) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write(
            'POST /bot/askai HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
              'Content-Length: 100\r\n\r\n{"apiKey": "demo-key", "que',
            () => setTimeout(() => (socket.destroy(), resolveSent()), 100),
          );
        });
        socket.on('error', reject);
      });
      for (let waited = 0; statuses.length === 0 && waited < 3000; waited += 50)
        await new Promise((resolveWait) => setTimeout(resolveWait, 50));
      assert.deepEqual(statuses, [400]);
      assert.deepEqual(logged, []);
    } finally {
      await watched.close();
    }
  });

  it('logs a path as one line, its controls encoded: a request writes no line of its own', async () => {
    const paths: string[] = [];
    const watched = await startTestService({
      config: configWith(),
      logger: { info: () => {}, warn: () => {}, error: () => {}, request: (line) => paths.push(line.path) },
    });
    try {
      // Decoded, `%0a` was a line break: "GET /fake 200 0.1ms" stood in the log as a request.
      const forged = '/x%0aGET%20/fake%20200%200.1ms%0d%0a%1b%5b31mred%1b%5b0m%e2%80%a8';
      assert.equal((await fetch(`${watched.url}${forged}`)).status, 404);
      assert.equal((await fetch(`${watched.url}/caf%C3%A9%20menu`)).status, 404);
      assert.deepEqual(paths, ['/x%0AGET /fake 200 0.1ms%0D%0A%1B[31mred%1B[0m%E2%80%A8', '/café menu']);
    } finally {
      await watched.close();
    }
  });

  it('answers a write to a read-only report path with 405 and Allow: GET', async () => {
    for (const path of ['/api/projects/demo/analytics', '/api/projects/demo/analytics/topquestions']) {
      const response = await service.postJson(path, {});
      assert.equal(response.status, 405, path);
      assert.equal(response.response.headers.get('allow'), 'GET');
      assertErrorBody(response.body, 'method_not_allowed');
    }
  });

  it('cannot be polluted through __proto__ or constructor keys', async () => {
    const raw =
      '{"__proto__": {"polluted": true, "apiKey": "demo-key"},' +
      ' "constructor": {"prototype": {"polluted": true}},' +
      ' "query": "install", "numDocs": 1,' +
      ' "includeTags": [], "attributes": {"__proto__": {"polluted": true}}}';
    const response = await service.post('/bot/search', raw);
    assert.equal(response.status, 401, 'an apiKey hidden under __proto__ does not authenticate');
    assertErrorBody(await response.json(), 'missing_api_key');

    const withKey = raw.replace('"query"', '"apiKey": "demo-key", "query"');
    assert.equal((await service.post('/bot/search', withKey)).status, 200);
    const ask = await service.post('/bot/askai', withKey.replace('"numDocs": 1,', ''));
    assert.equal(ask.status, 200);
    const escaped =
      '{"\\u005f_proto__": {"polluted": true}, "apiKey": "demo-key", "query": "install", "numDocs": 1}';
    assert.equal((await service.post('/bot/search', escaped)).status, 200);

    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
  });

  it('stores the question answered when it holds a lone surrogate escape: both with U+FFFD', async () => {
    const response = await service.post(
      '/bot/askai',
      `{"apiKey": "${DEMO_KEY}", "query": "\\ud800 install ask-elements"}`,
    );
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.context.resolvedQuery, '\ufffd install ask-elements');
    const records = await (
      await service.get(`/api/projects/demo/analytics?startDate=0&endDate=${Date.now()}`, {
        authorization: `Bearer ${DEMO_KEY}`,
      })
    ).json();
    const stored = records.find((record: { insightId: string }) => record.insightId === body.insightId);
    assert.equal(stored.query, '\ufffd install ask-elements');
  });

  it('refuses a compressed body with 415, whether or not it was compressed', async () => {
    const question = JSON.stringify({ apiKey: DEMO_KEY, query: 'install', numDocs: 1 });
    for (const [encoding, body] of [
      ['gzip', gzipSync(question)],
      ['br', Buffer.from(question)],
    ] as const) {
      const response = await fetch(`${service.url}/bot/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
        body,
      });
      assert.equal(response.status, 415, encoding);
      // Its body unread, the connection is closed, not reused.
      assert.equal(response.headers.get('connection'), 'close');
      const error = await response.json();
      assertErrorBody(error, 'unsupported_encoding');
      assert.match(error.error.message, new RegExp(encoding));
    }
    const identity = await service.post('/bot/search', question, { 'content-encoding': 'identity' });
    assert.equal(identity.status, 200);
  });

  it('drops __proto__ and constructor keys at every depth, however written, and keeps the rest', () => {
    // JSON.parse keeps "__proto__" as an own key, harmless until some code merges the object:
    // the body the handlers get has none to merge.
    const parsed = parseJsonSafely(
      '{"a": [{"__proto__": {"x": 1}, "constructor": 1, "keep": 2}], "\\u005f_proto__": 3, "b": {"c": {"constructor": {}}}}',
    );
    assert.deepEqual(parsed, { a: [{ keep: 2 }], b: { c: {} } });
    const own = (value: unknown): boolean =>
      value !== null &&
      typeof value === 'object' &&
      (Object.hasOwn(value, '__proto__') ||
        Object.hasOwn(value, 'constructor') ||
        Object.values(value).some(own));
    assert.equal(own(parsed), false);
  });

  describe('a missing required field is 400 saying it is required', () => {
    const valid: Record<string, Record<string, unknown>> = {
      '/bot/search': { query: 'install', numDocs: 1 },
      '/bot/askai': { query: 'install' },
      '/bot/feedback': { insightId: 'no-such-insight', feedback: 1 },
    };
    for (const [path, body] of Object.entries(valid)) {
      for (const field of Object.keys(body)) {
        it(`${path} without ${field}`, async () => {
          const { [field]: _left, ...rest } = body;
          const { status, body: error } = await service.postJson(path, { apiKey: DEMO_KEY, ...rest });
          assert.equal(status, 400);
          assertErrorBody(error, 'invalid_field');
          assert.equal(error.error.field, field);
          assert.equal(error.error.message, `${field} is required`);
        });
      }
    }
  });

  // Each said once, after the field's name: zod's "expected int, received number" of 2.5,
  // "query: query must not be empty" and "attributes: attributes must be a JSON object" are no more.
  const fieldMessages: [string, Record<string, unknown>, string, string][] = [
    [
      '/bot/search',
      { query: 'install', numDocs: 2.5 },
      'numDocs',
      'numDocs: must be a whole number, got 2.5',
    ],
    // Past 2^53, zod's int() said 'Too big: expected int to be <=9007199254740991'.
    ['/bot/search', { query: 'install', numDocs: 1e20 }, 'numDocs', 'numDocs: must be at most 100'],
    ['/bot/search', { query: '   ', numDocs: 1 }, 'query', 'query: must not be empty'],
    // Zod's own words were 'Too big: expected string to have <=1000 characters' and 'Invalid
    // input: expected number, received string'.
    [
      '/bot/search',
      { query: 'a'.repeat(1001), numDocs: 1 },
      'query',
      'query: must have at most 1,000 characters',
    ],
    ['/bot/search', { query: 'install', numDocs: '5' }, 'numDocs', 'numDocs: must be a number, got a string'],
    ['/bot/askai', { query: 'install', format: 'text' }, 'format', 'format: must be "html" or "markdown"'],
    ['/bot/feedback', { insightId: 'any', feedback: 2 }, 'feedback', 'feedback: must be 1 or -1'],
    [
      '/bot/askai',
      { query: 'install', attributes: 'text' },
      'attributes',
      'attributes: must be a JSON object',
    ],
    [
      '/bot/askai',
      { query: 'install', attributes: { note: 'x'.repeat(20_000) } },
      'attributes',
      'attributes: must serialise to at most 16384 characters of JSON',
    ],
  ];
  for (const [path, fields, field, message] of fieldMessages) {
    it(`tells ${path} a wrong ${field} as "${message}"`, async () => {
      const { status, body } = await service.postJson(path, { apiKey: DEMO_KEY, ...fields });
      assert.equal(status, 400);
      assert.equal(body.error.code, 'invalid_field');
      assert.equal(body.error.field, field);
      assert.equal(body.error.message, message);
    });
  }

  // JSON.parse reads a number beyond a double's range (1e400) as Infinity, which zod refuses as
  // no number at all: the message was "numDocs: must be a number, got a number".
  const infiniteNumbers: [string, string, string, string][] = [
    [
      '/bot/search',
      '"query":"install","numDocs":1e400',
      'numDocs',
      'numDocs: must be a finite number, got Infinity',
    ],
    [
      '/bot/search',
      '"query":"install","numDocs":-1e400',
      'numDocs',
      'numDocs: must be a finite number, got -Infinity',
    ],
    [
      '/bot/search',
      '"query":"install","numDocs":3,"score":1e400',
      'score',
      'score: must be a finite number, got Infinity',
    ],
  ];
  for (const [path, fields, field, message] of infiniteNumbers) {
    it(`tells ${path} a ${field} beyond a number's range as "${message}"`, async () => {
      const { status, body } = await service.postJson(path, `{"apiKey":"${DEMO_KEY}",${fields}}`);
      assert.equal(status, 400);
      assert.equal(body.error.field, field);
      assert.equal(body.error.message, message);
    });
  }

  describe('a field written in another case or with _ or - is told how it is written', () => {
    // Ignored as unknown, `conversation_id` started a new conversation at every question and
    // `returncontent` sent no content, without a word; a required one was told "is required".
    const written: [string, Record<string, unknown>, string, string][] = [
      ['/bot/search', { query: 'install', numdocs: 3 }, 'numDocs', 'numdocs'],
      [
        '/bot/search',
        { query: 'install', numDocs: 3, returncontent: true },
        'returnContent',
        'returncontent',
      ],
      [
        '/bot/search',
        { query: 'install', numDocs: 3, 'include-tags': ['guides'] },
        'includeTags',
        'include-tags',
      ],
      ['/bot/askai', { query: 'install', conversation_id: 'abc' }, 'conversationId', 'conversation_id'],
      ['/bot/feedback', { InsightId: 'abc', feedback: 1 }, 'insightId', 'InsightId'],
    ];
    for (const [path, fields, field, sent] of written) {
      it(`${path}: ${sent} for ${field}`, async () => {
        const { status, body } = await service.postJson(path, { apiKey: DEMO_KEY, ...fields });
        assert.equal(status, 400);
        assert.equal(body.error.field, field);
        assert.equal(body.error.message, `${field}: sent as "${sent}", which is no field: write it ${field}`);
      });
    }

    it('tells an apiKey written api_key so, in the 401', async () => {
      const { status, body } = await service.postJson('/bot/search', {
        api_key: DEMO_KEY,
        query: 'install',
        numDocs: 1,
      });
      assert.equal(status, 401);
      assert.equal(body.error.field, 'apiKey');
      assert.equal(
        body.error.message,
        'apiKey is required: sent as "api_key", which is no field: write it apiKey',
      );
    });

    it('still ignores such a field beside the field itself, as any unknown field', async () => {
      const { status } = await service.postJson('/bot/search', {
        apiKey: DEMO_KEY,
        api_key: DEMO_KEY,
        query: 'install',
        numDocs: 1,
        numdocs: 1,
      });
      assert.equal(status, 200);
    });
  });

  describe('a deeply nested body', () => {
    /** `levels` objects nested in one another, the innermost holding `inner`. */
    const nested = (levels: number, inner = '1') => '{"a":'.repeat(levels) + inner + '}'.repeat(levels);
    const askWith = (attributes: string) =>
      service.post(
        '/bot/askai',
        `{"apiKey": "${DEMO_KEY}", "query": "install", "attributes": ${attributes}}`,
      );

    it('answers 400 naming attributes nested 10,000 levels deep, with or without __proto__', async () => {
      for (const inner of ['1', '{"__proto__": 1}']) {
        const response = await askWith(nested(10_000, inner));
        assert.equal(response.status, 400);
        const body = await response.json();
        assertErrorBody(body, 'invalid_field');
        assert.equal(body.error.field, 'attributes');
        assert.equal(body.error.message, 'attributes: must be nested at most 20 levels deep');
      }
    });

    it(`accepts attributes nested ${LIMITS.attributesMaxDepth} levels deep, not one more`, async () => {
      assert.equal((await askWith(nested(LIMITS.attributesMaxDepth))).status, 200);
      assert.equal((await askWith(`[${nested(LIMITS.attributesMaxDepth - 1)}]`)).status, 400);
      assert.equal((await askWith(nested(LIMITS.attributesMaxDepth + 1))).status, 400);
    });

    it('is valid JSON however deep, and its __proto__ keys are still dropped', async () => {
      // An unknown field is ignored, however deep (40,000 levels: a recursive walk overflows at
      // about 10,000), within the 100,000 values and brackets a body may hold.
      const extra = nested(40_000, '{"__proto__": {"polluted": true}}');
      const raw = `{"apiKey": "${DEMO_KEY}", "query": "install", "extra": ${extra}}`;
      const response = await service.post('/bot/askai', raw);
      assert.equal(response.status, 200);
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });
  });

  describe('a wide body', () => {
    /** An object of `count` keys, as JSON text. */
    const wide = (count: number) => `{${Array.from({ length: count }, (_, i) => `"k${i}":1`).join(',')}}`;

    it('answers 413 for a body of more than 100,000 values, whatever field holds them, before any key is read', async () => {
      const nestedArrays = '['.repeat(200_000) + ']'.repeat(200_000);
      for (const [field, apiKey, value] of [
        ['attributes', DEMO_KEY, wide(60_000)],
        ['extra', DEMO_KEY, wide(60_000)],
        ['meta', 'no-such-key', wide(60_000)],
        ['extra', DEMO_KEY, nestedArrays],
      ] as const) {
        const response = await service.post(
          '/bot/askai',
          `{"apiKey": "${apiKey}", "query": "install", "${field}": ${value}}`,
        );
        assert.equal(response.status, 413, field);
        const body = await response.json();
        assertErrorBody(body, 'body_too_large');
        assert.match(body.error.message, /more than 100000 JSON values; images go in base64Images/);
      }
    });

    it('answers 400 naming attributes of 20,000 keys, too many for their 16,384 characters', async () => {
      const response = await service.post(
        '/bot/askai',
        `{"apiKey": "${DEMO_KEY}", "query": "install", "attributes": ${wide(20_000)}}`,
      );
      assert.equal(response.status, 400);
      const body = await response.json();
      assert.equal(body.error.field, 'attributes');
      assert.match(body.error.message, /at most 16384 characters of JSON/);
    });
  });

  it('answers 500 JSON without internals when the database fails', async () => {
    const broken = await startTestService({ config: configWith() });
    await broken.store.close();
    const { status, body } = await broken.postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'How do I install ask-elements?',
    });
    await broken.close();
    assert.equal(status, 500);
    assertErrorBody(body, 'internal_error');
    assert.equal(body.error.message, 'Internal server error');
  });

  it('answers 500 JSON when listing analytics fails, as SPEC 4.5 and 4.6 say, and documents it', async () => {
    const broken = await startTestService({ config: configWith() });
    await broken.store.close();
    const auth = { authorization: `Bearer ${DEMO_KEY}` };
    for (const report of ['', '/topquestions']) {
      const response = await broken.get(`/api/projects/demo/analytics${report}?startDate=0&endDate=1`, auth);
      assert.equal(response.status, 500, report);
      assertErrorBody(await response.json(), 'internal_error');
    }
    const doc = await (await broken.get('/openapi.json')).json();
    await broken.close();
    for (const path of [
      '/api/projects/{projectId}/analytics',
      '/api/projects/{projectId}/analytics/topquestions',
    ]) {
      const error = doc.paths[path].get.responses['500'];
      assert.equal(error?.content['application/json'].schema.$ref, '#/components/schemas/ErrorBody', path);
    }
  });

  it('publishes /openapi.json generated from the schemas', async () => {
    const response = await service.get('/openapi.json');
    assert.equal(response.status, 200);
    const doc = await response.json();
    assert.equal(doc.openapi, '3.1.0');
    for (const path of [
      '/bot/search',
      '/bot/askai',
      '/bot/feedback',
      '/api/healthz',
      '/api/projects/{projectId}/analytics',
    ]) {
      assert.ok(path in doc.paths, path);
    }
    const search = doc.components.schemas.SearchRequest;
    assert.deepEqual(search.required.sort(), ['numDocs', 'query']);
    assert.equal(search.properties.numDocs.maximum, 100);
    // What the service really answers: every error of feedback (its 404, and its 400, 401, 413,
    // 429…) carries success: false, an answer's context its resolved question.
    const feedback = doc.paths['/bot/feedback'].post.responses;
    for (const status of ['400', '401', '404', '413', '429', '500']) {
      const schema = feedback[status].content['application/json'].schema.$ref.split('/').at(-1);
      assert.ok(
        doc.components.schemas[schema].allOf?.some(
          (part: { properties?: object }) => part.properties && 'success' in part.properties,
        ),
        `feedback ${status}`,
      );
    }
    const refused = await service.postJson('/bot/feedback', { insightId: 'x', feedback: 1 });
    assert.equal(refused.status, 401);
    assert.equal(refused.body.success, false);
    assert.ok('resolvedQuery' in doc.components.schemas.AnswerRecord.properties.context.properties);
    const post = await service.post('/openapi.json', {});
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET');
    assertErrorBody(await post.json(), 'method_not_allowed');
  });
});

describe('CORS', () => {
  it('allows any origin by default, including the preflight', async () => {
    const service = await startTestService({ config: configWith() });
    try {
      const preflight = await fetch(`${service.url}/bot/askai`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://blog.example.org',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /content-type/i);

      const response = await service.post(
        '/bot/search',
        { apiKey: DEMO_KEY, query: 'install', numDocs: 1 },
        {
          origin: 'https://blog.example.org',
        },
      );
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
    } finally {
      await service.close();
    }
  });

  it('lets a page read the error of a refused request: 401 and 429 carry the CORS headers', async () => {
    const service = await startTestService({
      config: configWith({ rateLimit: { requestsPerSecond: 0.5, burst: 1 } }),
    });
    try {
      const origin = { origin: 'https://blog.example.org' };
      const unknownKey = await service.post(
        '/bot/search',
        { apiKey: 'guess-0001', query: 'x', numDocs: 1 },
        origin,
      );
      assert.equal(unknownKey.status, 401);
      assert.equal(unknownKey.headers.get('access-control-allow-origin'), '*');
      assertErrorBody(await unknownKey.json(), 'invalid_api_key');

      const limited = await service.post(
        '/bot/search',
        { apiKey: 'guess-0002', query: 'x', numDocs: 1 },
        origin,
      );
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('access-control-allow-origin'), '*');
      assert.match(limited.headers.get('access-control-expose-headers') ?? '', /Retry-After/i);
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
      assertErrorBody(await limited.json(), 'rate_limited');
    } finally {
      await service.close();
    }
  });

  it("lets the agents' origins load the widget's script from --static, and no other", async () => {
    const site = mkdtempSync(join(tmpdir(), 'ask-static-'));
    writeFileSync(join(site, 'ask-elements.js'), 'export {};');
    const service = await startTestService({
      staticDir: site,
      config: configWith({
        projects: [
          {
            id: 'demo',
            agents: [{ id: 'docs', apiKey: DEMO_KEY, allowedOrigins: ['https://docs.example.com'] }],
          },
        ],
      }),
    });
    try {
      const load = (origin: string) =>
        fetch(`${service.url}/ask-elements.js`, { headers: { Origin: origin } });
      const allowed = await load('https://docs.example.com');
      assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://docs.example.com');
      assert.match(allowed.headers.get('vary') ?? '', /Origin/);
      assert.equal((await load('https://evil.example.net')).headers.get('access-control-allow-origin'), null);
    } finally {
      await service.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('serves a --static folder at its URL with a trailing slash, but no file at one, nor a folder at two', async () => {
    // The app takes `/bot/search/` as `/bot/search` (strict: false); a file is no folder.
    const site = mkdtempSync(join(tmpdir(), 'ask-static-'));
    mkdirSync(join(site, 'docs'));
    writeFileSync(join(site, 'docs', 'index.html'), '<!doctype html><title>Docs</title>');
    writeFileSync(
      join(site, 'guide.html'),
      '<!doctype html><title>Guide</title><link rel=stylesheet href=style.css>',
    );
    writeFileSync(join(site, 'style.css'), 'body{}');
    const service = await startTestService({ staticDir: site });
    try {
      for (const path of ['/docs/', '/docs', '/guide.html', '/style.css'])
        assert.equal((await fetch(`${service.url}${path}`)).status, 200, path);
      assert.match(await (await fetch(`${service.url}/docs/`)).text(), /<title>Docs/);
      for (const path of ['/style.css/', '/guide.html/', '/docs/index.html/', '/docs//', '/missing/']) {
        const response = await fetch(`${service.url}${path}`);
        assert.equal(response.status, 404, path);
        assert.equal((await response.json()).error.code, 'not_found', path);
      }
    } finally {
      await service.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it("redirects a --static folder's address without its slash to the slash (301, query kept), so its page's relative links resolve", async () => {
    // `/guides` served as the page itself would resolve `style.css` against `/`, as `/style.css`.
    const site = mkdtempSync(join(tmpdir(), 'ask-static-'));
    mkdirSync(join(site, 'guides', 'café'), { recursive: true });
    writeFileSync(
      join(site, 'guides', 'index.html'),
      '<!doctype html><title>Guides</title><link rel=stylesheet href=style.css>',
    );
    writeFileSync(join(site, 'guides', 'style.css'), 'body{}');
    writeFileSync(join(site, 'guides', 'café', 'index.html'), '<!doctype html><title>Café</title>');
    mkdirSync(join(site, 'empty'));
    mkdirSync(join(site, 'evil.example'));
    writeFileSync(join(site, 'evil.example', 'index.html'), '<!doctype html><title>Evil</title>');
    const service = await startTestService({ staticDir: site });
    const manual = { redirect: 'manual' } as const;
    try {
      for (const method of ['GET', 'HEAD']) {
        const response = await fetch(`${service.url}/guides?tab=npm&x=1`, { ...manual, method });
        assert.equal(response.status, 301, method);
        assert.equal(response.headers.get('location'), '/guides/?tab=npm&x=1', method);
      }
      const encoded = await fetch(`${service.url}/guides/caf%C3%A9`, manual);
      assert.equal(encoded.status, 301);
      assert.equal(encoded.headers.get('location'), '/guides/caf%C3%A9/');
      // Followed, as a browser does: the page, and its stylesheet beside it.
      const followed = await fetch(`${service.url}/guides`);
      assert.equal(followed.url, `${service.url}/guides/`);
      assert.match(await followed.text(), /<title>Guides/);
      assert.equal((await fetch(new URL('style.css', followed.url))).status, 200);
      // Only what would be served: a file, a folder without index.html, a path with `//`, another method.
      assert.equal((await fetch(`${service.url}/guides/style.css`, manual)).status, 200);
      assert.equal((await fetch(`${service.url}/guides/`, manual)).status, 200);
      assert.equal((await fetch(`${service.url}/empty`, manual)).status, 404);
      assert.equal(
        (await fetch(`${service.url}//evil.example`, manual)).status,
        404,
        'never a redirect off the site',
      );
      assert.equal((await fetch(`${service.url}/guides`, { ...manual, method: 'POST' })).status, 404);
    } finally {
      await service.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('serves the page a search result links, from a --static built site that names its pages .html', async () => {
    // VitePress without cleanUrls, MkDocs without use_directory_urls, Sphinx, Jekyll: `setup.html`,
    // linked as `/guides/setup`, which static hosts serve from it.
    const site = mkdtempSync(join(tmpdir(), 'ask-static-'));
    mkdirSync(join(site, 'guides'));
    writeFileSync(
      join(site, 'guides', 'setup.html'),
      '<!doctype html><title>Setup</title><main><h1>Setup</h1><p>Install the otter toolkit with npm.</p></main>',
    );
    mkdirSync(join(site, 'api'));
    writeFileSync(
      join(site, 'api', 'index.html'),
      '<!doctype html><title>API</title><main><p>The API.</p></main>',
    );
    writeFileSync(join(site, 'api.html'), '<!doctype html><title>Not this one</title>');
    const service = await startTestService({ contentDir: site, staticDir: site });
    try {
      const [result] = await (
        await service.post('/bot/search', { apiKey: DEMO_KEY, query: 'otter toolkit', numDocs: 1 })
      ).json();
      assert.equal(result.link, '/guides/setup');
      const page = await fetch(`${service.url}${result.link}`);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(await page.text(), /<title>Setup<\/title>/);
      // A folder keeps its index; a file is no folder.
      assert.match(await (await fetch(`${service.url}/api`)).text(), /<title>API<\/title>/);
      assert.equal((await fetch(`${service.url}/guides/setup/`)).status, 404);
    } finally {
      await service.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it("shows a browser the --static folder's 404.html for an address it has no file for, and a script or an API client the JSON error", async () => {
    const site = mkdtempSync(join(tmpdir(), 'ask-static-'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Home</title>');
    const page = { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };
    const service = await startTestService({ staticDir: site });
    try {
      // No 404.html: a short page naming the address, escaped, with a way home.
      const bare = await fetch(`${service.url}/docs/<b>gone`, page);
      assert.equal(bare.status, 404);
      assert.match(bare.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(bare.headers.get('x-content-type-options'), 'nosniff');
      const bareText = await bare.text();
      assert.match(bareText, /<h1>Page not found<\/h1>/);
      assert.match(bareText, /There is no page at \/docs\/&lt;b&gt;gone\./);
      assert.match(bareText, /<a href="\/">/);

      writeFileSync(join(site, '404.html'), '<!doctype html><title>Lost?</title><search-box></search-box>');
      const missing = await fetch(`${service.url}/guides/old-name`, page);
      assert.equal(missing.status, 404);
      assert.match(await missing.text(), /<title>Lost\?<\/title><search-box>/);
      const head = await fetch(`${service.url}/guides/old-name`, { ...page, method: 'HEAD' });
      assert.equal(head.status, 404);

      // A script, a fetch (Accept */*), a POST and the API's own paths keep the JSON error.
      for (const [path, init] of [
        ['/guides/old-name', {}],
        ['/assets/gone.js', { headers: { Accept: '*/*' } }],
        ['/guides/old-name', { ...page, method: 'POST', body: '{}' }],
        ['/bot/nothing', page],
        ['/api/nothing', page],
      ] as const) {
        const response = await fetch(`${service.url}${path}`, init);
        assert.equal(response.status >= 400, true, path);
        assert.match(response.headers.get('content-type') ?? '', /json/, path);
      }
    } finally {
      await service.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('answers a Range beyond a --static file with a 416 JSON error naming its size, and a satisfiable one with its bytes', async () => {
    const site = mkdtempSync(join(tmpdir(), 'ask-static-'));
    writeFileSync(join(site, 'guide.html'), '<!doctype html><title>Guide</title>');
    const service = await startTestService({ staticDir: site });
    try {
      // A download resumed after the file was replaced by a shorter one: every other error of the
      // service carries the JSON body; this one had none, and said it was HTML.
      for (const range of ['bytes=1000-', 'bytes=9-3']) {
        const response = await fetch(`${service.url}/guide.html`, { headers: { Range: range } });
        assert.equal(response.status, 416, range);
        assert.equal(response.headers.get('content-range'), 'bytes */35', range);
        assert.match(response.headers.get('content-type') ?? '', /^application\/json/, range);
        const body = await response.json();
        assert.equal(body.error.code, 'range_not_satisfiable', range);
        assert.match(body.error.message, /35 bytes/, range);
      }
      const part = await fetch(`${service.url}/guide.html`, { headers: { Range: 'bytes=0-8' } });
      assert.equal(part.status, 206);
      assert.equal(await part.text(), '<!doctype');
    } finally {
      await service.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it(
    'cuts an answer its client takes none of for a while (20 s by default): a large file asked for and never read',
    {
      timeout: 30_000,
    },
    async () => {
      const site = mkdtempSync(join(tmpdir(), 'ask-static-'));
      const size = 32 * 1024 * 1024;
      writeFileSync(join(site, 'video.bin'), Buffer.alloc(size));
      // Ten connections an address may hold, the stalled one among them until the service cuts it.
      const service = await startTestService({
        staticDir: site,
        responseStallMs: 1_000,
        config: configWith({ rateLimit: { connectionsPerAddress: 10 } }),
      });
      const others: Socket[] = [];
      try {
        const { port, hostname } = new URL(service.url);
        // More than the sockets' buffers hold: the service waits for the client to take the rest.
        const socket = connect(Number(port), hostname, () => {
          socket.write('GET /video.bin HTTP/1.1\r\nHost: x\r\n\r\n');
          socket.pause();
        });
        await new Promise((resolveConnected) => socket.once('connect', resolveConnected));
        const opened = () => openConnection(Number(port), hostname, others);
        // Nine more fill the address's ten; the service frees a place when it cuts the stalled
        // connection, which a fixed wait (4 s) guessed at: wait for that instead.
        const nine = await Promise.all(Array.from({ length: 9 }, opened));
        while (!(await servedOn(await opened())));
        for (const other of nine) other.destroy();
        const received = await new Promise<number>((resolveClosed, reject) => {
          socket.on('close', () => resolveClosed(socket.bytesRead));
          socket.on('error', reject);
          socket.resume();
        });
        // What the buffers held, and no more: before, the whole file came once the client read on.
        assert.ok(received < size, `read ${received} bytes of ${size}`);
        // A client that reads gets the whole file.
        const whole = await fetch(`${service.url}/video.bin`);
        assert.equal((await whole.arrayBuffer()).byteLength, size);
      } finally {
        for (const other of others) other.destroy();
        await service.close();
        rmSync(site, { recursive: true, force: true });
      }
    },
  );

  it('never serves from staticDir the database of a store or the file of a config built in code', async () => {
    // startService with a config object (loadConfigFile, as a host reads it), and createApp from
    // the parts: no --db or --config path tells them which files are the service's.
    const site = mkdtempSync(join(tmpdir(), 'ask-static-'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Site</title>');
    writeFileSync(
      join(site, 'ask.json'),
      JSON.stringify({
        projects: [{ id: 'demo', agents: [{ id: 'docs', apiKey: 'config-key-in-site-0042' }] }],
      }),
    );
    const secrets = ['/ask.db', '/ask.db-wal', '/ask.db-shm', '/ask.json'];
    try {
      const started = await startService({
        port: 0,
        contentDir: FIXTURE_CONTENT,
        dbFile: join(site, 'ask.db'),
        config: loadConfigFile(join(site, 'ask.json')),
        staticDir: site,
        logger: quietLogger,
      });
      try {
        for (const path of secrets) assert.equal((await fetch(`${started.url}${path}`)).status, 404, path);
        assert.equal((await fetch(`${started.url}/`)).status, 200, "the site's own page");
      } finally {
        await started.close();
      }
      const store = createSqliteStore(join(site, 'ask.db'));
      const index = createOramaIndex();
      try {
        const app = createApp({
          store,
          index,
          answerer: createExtractiveAnswerer({ index }),
          config: loadConfigFile(join(site, 'ask.json')),
          staticDir: site,
          logger: quietLogger,
        });
        for (const path of secrets) assert.equal((await app.request(path)).status, 404, path);
        assert.equal((await app.request('/')).status, 200, "the site's own page");
      } finally {
        await store.close();
      }
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it("never serves from staticDir the journals of a database reached by a link, named after the link's target", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ask-static-'));
    const site = join(dir, 'site');
    mkdirSync(join(dir, 'data'));
    mkdirSync(site);
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Site</title>');
    writeFileSync(join(site, 'answers.db'), '');
    symlinkSync(join(site, 'answers.db'), join(dir, 'data', 'ask.db'));
    try {
      const started = await startService({
        port: 0,
        contentDir: FIXTURE_CONTENT,
        dbFile: join(dir, 'data', 'ask.db'),
        staticDir: site,
        logger: quietLogger,
      });
      try {
        const asked = await fetch(`${started.url}/bot/askai`, {
          method: 'POST',
          body: JSON.stringify({ apiKey: DEMO_KEY, query: 'How do I install it?' }),
        });
        assert.equal(asked.status, 200);
        // SQLite writes the journals beside the file the link leads to, under its name.
        assert.ok(existsSync(join(site, 'answers.db-wal')), 'the write-ahead log is in the site');
        for (const path of ['/answers.db', '/answers.db-wal', '/answers.db-shm'])
          assert.equal((await fetch(`${started.url}${path}`)).status, 404, path);
      } finally {
        await started.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("shows a browser the short page, not the --static folder's 404.html, when that is the service's database", async () => {
    const site = mkdtempSync(join(tmpdir(), 'ask-static-'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Site</title>');
    // A 404.html that leads to the database: every question, answer and comment.
    symlinkSync(join(site, 'ask.db'), join(site, '404.html'));
    try {
      const started = await startService({
        port: 0,
        contentDir: FIXTURE_CONTENT,
        dbFile: join(site, 'ask.db'),
        staticDir: site,
        logger: quietLogger,
      });
      try {
        assert.equal((await fetch(`${started.url}/404.html`)).status, 404, 'the file itself');
        const missing = await fetch(`${started.url}/guides/gone`, { headers: { Accept: 'text/html' } });
        assert.equal(missing.status, 404);
        const text = await missing.text();
        assert.ok(!text.includes('SQLite format'), 'the database is not the page');
        assert.match(text, /There is no page at \/guides\/gone\./);
      } finally {
        await started.close();
      }
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it("shows a browser the short page when the --static folder's 404.html is a pipe, and goes on serving", async () => {
    const site = mkdtempSync(join(tmpdir(), 'ask-static-'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Site</title>');
    // No file: read, a pipe waits for a writer, and the service with it.
    execFileSync('mkfifo', [join(site, '404.html')]);
    const service = await startTestService({ staticDir: site });
    try {
      const missing = await fetch(`${service.url}/guides/gone`, { headers: { Accept: 'text/html' } });
      assert.equal(missing.status, 404);
      assert.match(await missing.text(), /There is no page at \/guides\/gone\./);
      assert.equal((await fetch(`${service.url}/`)).status, 200);
    } finally {
      await service.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it("shows a browser the short page when the --static folder's 404.html is over 1 MiB, a link to a hidden file or a /proc file", async () => {
    const site = mkdtempSync(join(tmpdir(), 'ask-static-'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Site</title>');
    writeFileSync(join(site, '.env'), 'SECRET=zebracorn-token');
    const notFound = join(site, '404.html');
    // Read at each address missed, on the thread every request shares: 300 MB stalled the
    // service 21 s a visit.
    writeFileSync(notFound, '');
    truncateSync(notFound, 2 ** 20 + 1);
    const service = await startTestService({ staticDir: site });
    const missed = async () => {
      const response = await fetch(`${service.url}/guides/gone`, { headers: { Accept: 'text/html' } });
      assert.equal(response.status, 404);
      return response.text();
    };
    try {
      assert.match(await missed(), /There is no page at \/guides\/gone\./, 'over 1 MiB');
      rmSync(notFound);
      symlinkSync(join(site, '.env'), notFound);
      const hidden = await missed();
      assert.match(hidden, /There is no page at \/guides\/gone\./, 'a link to .env');
      assert.ok(!hidden.includes('zebracorn'), 'a link to .env');
      if (process.platform === 'linux') {
        rmSync(notFound);
        symlinkSync('/proc/self/environ', notFound);
        const environ = await missed();
        assert.match(environ, /There is no page at \/guides\/gone\./, '/proc/self/environ');
        assert.ok(!environ.includes('PATH='), '/proc/self/environ');
      }
      writeFileSync(join(site, 'page.html'), '<!doctype html><title>Lost?</title>');
      rmSync(notFound);
      symlinkSync(join(site, 'page.html'), notFound);
      assert.match(await missed(), /<title>Lost\?<\/title>/, 'a link to a page of the site');
    } finally {
      await service.close();
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('serves from --static no pipe, device or link to a hidden file, nor the bytes of a file that says it has none', async () => {
    // What a checkout may hold: links are committed as they are, and lead anywhere.
    const outside = mkdtempSync(join(tmpdir(), 'ask-static-'));
    const site = join(outside, 'site');
    mkdirSync(site);
    mkdirSync(join(outside, '.ssh'));
    writeFileSync(join(outside, '.ssh', 'id_ed25519'), 'PRIVATE KEY');
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Site</title>');
    writeFileSync(join(site, 'notes.txt'), 'plain notes');
    writeFileSync(join(site, '.env'), 'SECRET=1');
    mkdirSync(join(site, '.well-known'));
    writeFileSync(join(site, '.well-known', 'security.txt'), 'Contact: mailto:security@example.com');
    execFileSync('mkfifo', [join(site, 'pipe.txt')]);
    symlinkSync('/dev/zero', join(site, 'zero.bin'));
    symlinkSync(join(site, '.env'), join(site, 'env.txt'));
    symlinkSync(join(outside, '.ssh', 'id_ed25519'), join(site, 'key.txt'));
    symlinkSync(join(site, '.well-known', 'security.txt'), join(site, 'security.txt'));
    symlinkSync(join(site, 'notes.txt'), join(site, 'linked.txt'));
    const linux = process.platform === 'linux';
    if (linux) symlinkSync('/proc/self/environ', join(site, 'environ.txt'));
    const service = await startTestService({ staticDir: site });
    try {
      // A pipe opened held one of the four threads every file read shares: four requests, and
      // every file was sent without its body.
      for (let request = 0; request < 5; request++) {
        const pipe = await fetch(`${service.url}/pipe.txt`);
        await pipe.body?.cancel();
        assert.equal(pipe.status, 404, 'a pipe');
      }
      for (const path of ['/zero.bin', '/env.txt', '/key.txt']) {
        const response = await fetch(`${service.url}${path}`);
        await response.body?.cancel();
        assert.equal(response.status, 404, path);
      }
      for (const [path, text] of [
        ['/notes.txt', 'plain notes'],
        ['/linked.txt', 'plain notes'],
        ['/security.txt', 'Contact: mailto:security@example.com'],
      ]) {
        const response = await fetch(`${service.url}${path}`);
        assert.equal(response.status, 200, path);
        assert.equal(await response.text(), text, path);
      }
      if (linux) {
        // The process's environment, its keys with it, in a file whose size is 0.
        const environ = await fetch(`${service.url}/environ.txt`);
        assert.equal(environ.status, 200);
        assert.equal(await environ.text(), '');
      }
    } finally {
      await service.close();
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("allows only an agent's configured origins", async () => {
    const service = await startTestService({
      config: configWith({
        projects: [
          {
            id: 'demo',
            agents: [{ id: 'docs', apiKey: DEMO_KEY, allowedOrigins: ['https://docs.example.com'] }],
          },
        ],
      }),
    });
    try {
      const preflight = (origin: string) =>
        fetch(`${service.url}/bot/search`, {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
      assert.equal(
        (await preflight('https://docs.example.com')).headers.get('access-control-allow-origin'),
        'https://docs.example.com',
      );
      assert.equal(
        (await preflight('https://evil.example.net')).headers.get('access-control-allow-origin'),
        null,
      );

      const allowed = await service.post(
        '/bot/search',
        { apiKey: DEMO_KEY, query: 'install', numDocs: 1 },
        {
          origin: 'https://docs.example.com',
        },
      );
      assert.equal(allowed.status, 200);
      const refused = await service.postJson(
        '/bot/search',
        { apiKey: DEMO_KEY, query: 'install', numDocs: 1 },
        {
          origin: 'https://evil.example.net',
        },
      );
      assert.equal(refused.status, 403);
      assertErrorBody(refused.body, 'origin_not_allowed');
      const serverToServer = await service.post('/bot/search', {
        apiKey: DEMO_KEY,
        query: 'install',
        numDocs: 1,
      });
      assert.equal(serverToServer.status, 200, 'requests without an Origin are not from a browser page');
    } finally {
      await service.close();
    }
  });
});

describe('a public agent', () => {
  it('answers requests without a key, but still refuses a wrong key', async () => {
    const service = await startTestService({
      config: configWith({ projects: [{ id: 'demo', agents: [{ id: 'docs', public: true }] }] }),
    });
    try {
      assert.equal((await service.post('/bot/search', { query: 'install', numDocs: 1 })).status, 200);
      assert.equal(
        (await service.post('/bot/search', { apiKey: '', query: 'install', numDocs: 1 })).status,
        200,
      );
      // A key of null is no key, as a client writing `key ?? null` means.
      assert.equal(
        (await service.post('/bot/search', { apiKey: null, query: 'install', numDocs: 1 })).status,
        200,
      );
      assert.equal(
        (await service.post('/bot/search', { apiKey: 'wrong-key-1', query: 'install', numDocs: 1 })).status,
        401,
      );
    } finally {
      await service.close();
    }
  });
});
