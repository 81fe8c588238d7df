/**
 * Seeded random requests to every endpoint, over a real socket: valid bodies with fields replaced
 * by values of every JSON kind, removed or added, and bodies of any shape. Whatever arrives, the
 * service answers a status the API defines with a JSON body of the right shape (an error naming
 * what it refused, never a stack trace or a 500), and keeps serving. The seed is fixed, so a
 * failure repeats; the failing request is in the assertion's message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NUMBERS, STRINGS, anyValue, pick, seeded, type Random } from '../support/random-values.js';
import { DEMO_KEY, type TestService, configWith, startTestService } from './service-harness.js';

/** A valid body with one to three fields replaced by any value, removed, or added. */
function mutated(
  random: Random,
  valid: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...valid };
  for (let i = 1 + Math.floor(random() * 3); i > 0; i--) {
    const field = pick(random, [...fields, 'apiKey', 'unknownField', '__proto__']);
    const action = random();
    if (action < 0.2) delete body[field];
    else
      Object.defineProperty(body, field, {
        value: anyValue(random),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return body;
}

/** What `fuzzBotEndpoint` sends: `count` requests from `seed`, around the `valid` body. */
interface FuzzPlan {
  seed: number;
  count: number;
  valid: Record<string, unknown>;
  fields: string[];
  reached: number[];
}

/** The statuses a bot endpoint may answer with (429 cannot happen under the test's rate limit). */
const BOT_STATUSES = new Set([200, 400, 401, 404, 413]);

function assertErrorBody(body: any, request: string): void {
  assert.equal(typeof body?.error, 'object', request);
  assert.equal(typeof body.error.code, 'string', request);
  assert.ok(body.error.message.length > 0, request);
  if (body.error.field !== undefined) assert.equal(typeof body.error.field, 'string', request);
  assert.ok(!/\bat .+:\d+:\d+/.test(JSON.stringify(body)), `no stack trace: ${request}`);
}

async function send(
  service: TestService,
  path: string,
  body: unknown,
): Promise<{ status: number; body: any; request: string }> {
  const raw = JSON.stringify(body);
  const response = await service.post(path, raw);
  const request = `${path} ${raw.slice(0, 300)}`;
  assert.match(response.headers.get('content-type') ?? '', /application\/json/, request);
  return { status: response.status, body: await response.json(), request };
}

describe('random requests to the API', () => {
  let service: TestService;
  let insightId = '';

  before(async () => {
    service = await startTestService({ config: configWith() });
    const first = await service.postJson('/bot/askai', { apiKey: DEMO_KEY, query: 'How do I install it?' });
    insightId = first.body.insightId;
  });
  after(() => service.close());

  /**
   * Sends `count` bodies to a bot endpoint, one in five of any shape and the others `valid` with
   * some of `fields` replaced, removed or added: each answers a defined status, 200 with the
   * shape `checkAnswer` checks, and the statuses met include `reached`.
   */
  async function fuzzBotEndpoint(
    path: string,
    { seed, count, valid, fields, reached }: FuzzPlan,
    checkAnswer: (status: number, answer: any, request: string) => void,
  ): Promise<void> {
    const random = seeded(seed);
    const statuses = new Set<number>();
    for (let i = 0; i < count; i++) {
      const body = i % 5 === 4 ? anyValue(random) : mutated(random, valid, fields);
      const { status, body: answer, request } = await send(service, path, body);
      assert.ok(BOT_STATUSES.has(status), `status ${status}: ${request}`);
      statuses.add(status);
      checkAnswer(status, answer, request);
    }
    // The requests reach both the handler and the validation of each field.
    assert.ok(
      reached.every((status) => statuses.has(status)),
      [...statuses].join(),
    );
  }

  it('POST /bot/search answers every body with a defined status and shape', async () => {
    await fuzzBotEndpoint(
      '/bot/search',
      {
        seed: 1,
        count: 200,
        valid: { apiKey: DEMO_KEY, query: 'install', numDocs: 5 },
        fields: ['query', 'numDocs', 'score', 'includeTags', 'excludeTags', 'returnContent', 'returnAll'],
        reached: [200, 400, 401],
      },
      (status, answer, request) => {
        if (status !== 200) return assertErrorBody(answer, request);
        assert.ok(Array.isArray(answer), request);
        for (const item of answer) assert.equal(typeof item.link, 'string', request);
      },
    );
  });

  it('POST /bot/askai answers every body with a defined status and shape', async () => {
    await fuzzBotEndpoint(
      '/bot/askai',
      {
        seed: 2,
        count: 150,
        valid: { apiKey: DEMO_KEY, query: 'How do I change the theme?' },
        fields: [
          'query',
          'format',
          'conversationId',
          'meta',
          'attributes',
          'includeTags',
          'excludeTags',
          'base64Images',
        ],
        reached: [200, 400, 401],
      },
      (status, answer, request) => {
        if (status !== 200) return assertErrorBody(answer, request);
        assert.equal(typeof answer.answer, 'string', request);
        assert.equal(typeof answer.insightId, 'string', request);
        assert.equal(typeof answer.didAnswer, 'boolean', request);
        assert.equal(answer.error, null, request);
      },
    );
  });

  it('POST /bot/feedback answers every body with a defined status and shape', async () => {
    // Known and unknown insights (404) too.
    await fuzzBotEndpoint(
      '/bot/feedback',
      {
        seed: 3,
        count: 150,
        valid: { apiKey: DEMO_KEY, insightId, feedback: 1 },
        fields: ['insightId', 'feedback', 'reason', 'comment'],
        reached: [200, 400, 401, 404],
      },
      (status, answer, request) => {
        if (status === 200) assert.equal(answer.success, true, request);
        else if (status === 404) assert.equal(answer.success, false, request);
        else assertErrorBody(answer, request);
      },
    );
  });

  it('GET analytics answers every query string with a defined status and shape', async () => {
    const random = seeded(4);
    const params = ['startDate', 'endDate', 'sort', 'page', 'limit', 'agentId'];
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) {
      const search = new URLSearchParams({ startDate: '0', endDate: String(Date.now()) });
      for (let j = 1 + Math.floor(random() * 3); j > 0; j--) {
        const param = pick(random, params);
        if (random() < 0.2) search.delete(param);
        else search.set(param, String(pick(random, [...STRINGS.slice(0, 12), ...NUMBERS.map(String)])));
      }
      const path = `/api/projects/${pick(random, ['demo', 'nope', '%2e%2e'])}/analytics${random() < 0.5 ? '/topquestions' : ''}?${search}`;
      const response = await service.get(path, { authorization: `Bearer ${DEMO_KEY}` });
      assert.ok([200, 400, 401, 403, 404].includes(response.status), `status ${response.status}: ${path}`);
      statuses.add(response.status);
      const body: any = await response.json();
      if (response.status === 200) assert.ok(body && typeof body === 'object', path);
      else assertErrorBody(body, path);
    }
    assert.ok(
      [200, 400, 404].every((status) => statuses.has(status)),
      [...statuses].join(),
    );
  });

  it('is still healthy, answers, and nothing was polluted afterwards', async () => {
    const health = await service.get('/api/healthz');
    assert.equal(health.status, 200);
    const answer = await service.postJson('/bot/askai', { apiKey: DEMO_KEY, query: 'How do I install it?' });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.didAnswer, true);
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'query'), false);
  });
});
