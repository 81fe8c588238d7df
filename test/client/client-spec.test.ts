/**
 * The client against a service that answers only what SPEC.md shows (and one that adds fields of
 * its own, as a hosted service may): each request as SPEC types its fields, each answer resolved.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiError, createClient } from '../../src/client/index.js';
import { SPEC_SEARCH_ITEMS, specAnswer, startSpecService } from '../support/spec-service.js';

const KEY = 'spec-key-0123456789';
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('client against a service that sends only what SPEC shows', () => {
  let service: Awaited<ReturnType<typeof startSpecService>>;
  before(async () => {
    service = await startSpecService();
  });
  after(() => service.close());

  const clientOf = (variant: 'spec' | 'hosted') =>
    createClient({ baseUrl: `${service.url}/${variant}`, apiKey: KEY });
  const lastRequest = () => service.requests.at(-1)!;
  const sentBody = () => JSON.parse(lastRequest().body) as Record<string, unknown>;

  it('checks health with GET, no body, and the Content-Type SPEC gives health requests', async () => {
    assert.deepEqual(await clientOf('spec').health(), { status: 'ok' });
    const sent = lastRequest();
    assert.equal(sent.method, 'GET');
    assert.equal(sent.url, '/api/healthz');
    assert.equal(sent.body, '');
    assert.equal(sent.headers['content-type'], 'application/json');
  });

  it("searches with SPEC's fields typed as SPEC types them, and resolves its items as sent", async () => {
    const request = {
      numDocs: 2,
      query: 'install',
      score: 0.5,
      includeTags: ['guides'],
      excludeTags: ['internal'],
      returnContent: false,
      returnAll: false,
    };
    assert.deepEqual(await clientOf('spec').search(request), SPEC_SEARCH_ITEMS);
    assert.equal(lastRequest().method, 'POST');
    assert.equal(lastRequest().url, '/bot/search');
    assert.equal(lastRequest().headers['content-type'], 'application/json');
    assert.deepEqual(sentBody(), { ...request, apiKey: KEY });
  });

  it('asks with every field of SPEC 4.3, and resolves a record whose context holds nothing', async () => {
    const request = {
      query: 'How do I install it?',
      format: 'markdown' as const,
      conversationId: '',
      meta: {
        title: 'Docs',
        origin: 'https://docs.example.com/start',
        language: 'en',
        referrer: 'https://docs.example.com/',
      },
      attributes: { plan: 'pro' },
      base64Images: [PIXEL],
      includeTags: ['guides'],
      excludeTags: ['internal'],
    };
    const record = await clientOf('spec').ask(request);
    assert.equal(lastRequest().url, '/bot/askai');
    assert.equal(lastRequest().headers['content-type'], 'application/json');
    assert.deepEqual(sentBody(), { ...request, apiKey: KEY });
    const sent = specAnswer('markdown', record.insightId, record.conversationId);
    // The record as sent, with the passages the elements read made an empty list.
    assert.deepEqual(record, { ...sent, context: { passages: [] } });
    assert.equal(record.relevanceScore, 87.25, 'the decimals of the 0 to 100 scale are kept');
    assert.equal(record.error, null);
  });

  it('sends feedback as an integer, 1 or -1, and resolves success', async () => {
    const client = clientOf('spec');
    for (const feedback of [1, -1] as const) {
      assert.deepEqual(await client.feedback({ insightId: 'insight-9', feedback }), { success: true });
      assert.equal(lastRequest().url, '/bot/feedback');
      assert.equal(lastRequest().headers['content-type'], 'application/json');
      assert.equal(lastRequest().body, `{"insightId":"insight-9","feedback":${feedback},"apiKey":"${KEY}"}`);
    }
  });

  it('reads analytics and top questions with a Bearer key, resolving their lists as sent', async () => {
    const client = clientOf('spec');
    const query = {
      projectId: 'p1',
      startDate: 1_767_225_600_000,
      endDate: 1_769_904_000_000,
      page: 1,
      limit: 10,
    };
    for (const [read, path] of [
      [client.analytics, '/api/projects/p1/analytics?'],
      [client.topQuestions, '/api/projects/p1/analytics/topquestions?'],
    ] as const) {
      assert.deepEqual(await read(query), [{ label: 'a record whose fields SPEC does not show' }]);
      const sent = lastRequest();
      assert.equal(sent.method, 'GET');
      assert.ok(sent.url.startsWith(path), sent.url);
      assert.equal(sent.headers.authorization, `Bearer ${KEY}`);
      const params = new URL(sent.url, service.url).searchParams;
      assert.equal(params.get('startDate'), '1767225600000');
      assert.equal(params.get('endDate'), '1769904000000');
      assert.equal(params.get('page'), '1');
      assert.equal(params.get('limit'), '10');
    }
  });

  it("gives the message of an error body of another shape than the reference service's", async () => {
    const client = clientOf('spec');
    const request = { query: 'install' } as Parameters<typeof client.search>[0];
    await assert.rejects(client.search(request), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.status, 400);
      assert.equal(error.code, 'http_400');
      assert.equal(error.message, 'numDocs is required');
      return true;
    });
  });

  it('keeps the fields a hosted service adds, reading its own beside them', async () => {
    const client = clientOf('hosted');
    const [item] = await client.search({ query: 'install', numDocs: 1 });
    assert.equal(item?.title, SPEC_SEARCH_ITEMS[0]!.title);
    assert.equal((item as Record<string, unknown> | undefined)?.['id'], 'doc-17');

    const record = await client.ask({ query: 'How do I install it?', format: 'html', conversationId: '' });
    assert.equal(record.answer, '<p>Add the <strong>script tag</strong> to every page.</p>');
    assert.equal(record.didAnswer, true);
    assert.deepEqual((record as Record<string, unknown>)['followUpQuestions'], ['Where do I find my key?']);
    // A context of another shape is kept, and gives no passages.
    assert.deepEqual(record.context.passages, []);
    assert.ok(Array.isArray(record.context['chunks']));

    const stored = await client.feedback({ insightId: record.insightId, feedback: 1 });
    assert.equal(stored.success, true);
    assert.equal((await client.health()).status, 'ok');
  });
});
