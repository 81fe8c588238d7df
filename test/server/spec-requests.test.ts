/**
 * The reference service takes each request of SPEC.md written with every field SPEC lists at
 * once, as a client of the hosted service writes it, and answers each as SPEC types it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_KEY, startTestService, type TestService } from './service-harness.js';

const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const JSON_TYPE = /^application\/json\b/;

describe("SPEC's requests, every field at once", () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  it('answers health to GET and POST that carry Content-Type: application/json and no body', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${service.url}/api/healthz`, {
        method,
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(response.status, 200, method);
      assert.match(response.headers.get('content-type') ?? '', JSON_TYPE);
      assert.deepEqual(await response.json(), { status: 'ok' });
    }
  });

  it('searches with all eight fields of SPEC 4.2, answering items of four strings', async () => {
    for (const returnContent of [false, true]) {
      const { status, body, response } = await service.postJson('/bot/search', {
        apiKey: DEMO_KEY,
        numDocs: 3,
        query: 'install',
        score: 0,
        includeTags: [],
        excludeTags: ['internal'],
        returnContent,
        returnAll: false,
      });
      assert.equal(status, 200);
      assert.match(response.headers.get('content-type') ?? '', JSON_TYPE);
      assert.ok(Array.isArray(body) && body.length > 0 && body.length <= 3);
      for (const item of body) {
        for (const field of ['title', 'description', 'link', 'assetType'])
          assert.equal(typeof item[field], 'string', field);
        assert.equal(typeof item.content === 'string', returnContent, 'content only when asked');
      }
    }
  });

  it('asks with all nine fields of SPEC 4.3, answering the eleven fields of SPEC 2.2 as typed', async () => {
    const { status, body, response } = await service.postJson('/bot/askai', {
      query: 'How do I install it?',
      format: 'markdown',
      conversationId: '',
      meta: {
        title: 'Getting started',
        origin: 'https://docs.example.com/start',
        language: 'en',
        referrer: 'https://docs.example.com/',
      },
      attributes: { plan: 'pro', name: 'Ada' },
      base64Images: [PIXEL],
      apiKey: DEMO_KEY,
      includeTags: [],
      excludeTags: ['internal'],
    });
    assert.equal(status, 200);
    assert.match(response.headers.get('content-type') ?? '', JSON_TYPE);
    const types = Object.fromEntries(
      Object.entries(body as Record<string, unknown>).map(([key, value]) => [
        key,
        value === null ? 'null' : typeof value,
      ]),
    );
    assert.deepEqual(types, {
      answer: 'string',
      title: 'string',
      link: 'string',
      description: 'string',
      relevanceScore: 'number',
      assetType: 'string',
      didAnswer: 'boolean',
      context: 'object',
      insightId: 'string',
      error: 'null',
      conversationId: 'string',
    });
    assert.equal(body.didAnswer, true);
    assert.ok(body.relevanceScore >= 0 && body.relevanceScore <= 100);
    assert.ok(!Array.isArray(body.context), 'context is a dictionary');

    // Feedback, SPEC 4.4: each of its two values, an integer, on that insight.
    for (const feedback of [1, -1]) {
      const voted = await service.postJson('/bot/feedback', {
        apiKey: DEMO_KEY,
        insightId: body.insightId,
        feedback,
      });
      assert.equal(voted.status, 200);
      assert.match(voted.response.headers.get('content-type') ?? '', JSON_TYPE);
      assert.deepEqual(voted.body, { success: true });
    }
  });

  it("reads analytics and top questions in SPEC's path shape, with sort, page, limit and EndDate", async () => {
    const headers = { Authorization: `Bearer ${DEMO_KEY}` };
    const end = Date.now();
    for (const path of [
      `analytics/startDate=0&endDate=${end}?sort=-createdAt&page=1&limit=5`,
      `analytics/topquestions/startDate=0&EndDate=${end}?sort=-count&page=1&limit=5`,
    ]) {
      const response = await service.get(`/api/projects/demo/${path}`, headers);
      assert.equal(response.status, 200, path);
      assert.match(response.headers.get('content-type') ?? '', JSON_TYPE);
      const list = await response.json();
      assert.ok(Array.isArray(list) && list.length > 0 && list.length <= 5, path);
    }
  });
});
