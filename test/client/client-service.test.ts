import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ApiError, createClient } from '../../src/client/index.js';
import { startService } from '../../src/server/main.js';
import type { RunningService } from '../../src/server/main.js';
import { quietLogger } from '../../src/server/logger.js';

describe('client against the reference service', () => {
  let service: RunningService;
  before(async () => {
    service = await startService({ port: 0, dbFile: ':memory:', logger: quietLogger });
  });
  after(() => service.close());

  const client = () => createClient({ baseUrl: service.url, apiKey: 'demo-key' });

  it('searches the demo documentation', async () => {
    const results = await client().search({ query: 'install', numDocs: 5 });
    assert.ok(results.length > 0 && results.length <= 5);
    for (const item of results) {
      assert.equal(typeof item.title, 'string');
      assert.equal(typeof item.description, 'string');
      assert.equal(typeof item.link, 'string');
      assert.equal(typeof item.assetType, 'string');
    }
    assert.ok(results.some((item) => /install/i.test(item.title)));
  });

  it('asks, continues the conversation, gives feedback and reads it back in analytics', async () => {
    const startedAt = Date.now() - 1000;
    const first = await client().ask({
      query: 'How do I install ask-elements?',
      format: 'markdown',
      conversationId: '',
    });
    assert.equal(first.didAnswer, true);
    assert.equal(first.error, null);
    assert.ok(first.insightId);
    const second = await client().ask({
      query: 'and with a script tag?',
      format: 'html',
      conversationId: first.conversationId,
    });
    assert.equal(second.conversationId, first.conversationId);
    // The context as the service sent it: the follow-up as it was answered.
    assert.match(String(second.context['resolvedQuery']), /script tag/);
    assert.notEqual(second.context['resolvedQuery'], 'and with a script tag?');
    assert.deepEqual(await client().feedback({ insightId: first.insightId, feedback: -1 }), {
      success: true,
    });

    const records = await client().analytics({
      projectId: 'demo',
      startDate: startedAt,
      endDate: new Date(),
    });
    const record = records.find((r) => r.insightId === first.insightId);
    assert.equal(record?.feedback, -1);
    // By agent: the demo's one agent has them all; an agent it doesn't have is named as the fault.
    const byAgent = (agentId: string) =>
      client().analytics({ projectId: 'demo', startDate: startedAt, endDate: new Date(), agentId });
    assert.equal((await byAgent('docs')).length, records.length);
    const unknown = await byAgent('no-such-agent').catch((error: unknown) => error);
    assert.ok(unknown instanceof ApiError);
    assert.deepEqual([unknown.status, unknown.field], [400, 'agentId']);
    const top = await client().topQuestions({
      projectId: 'demo',
      startDate: new Date(startedAt).toISOString(),
      endDate: Date.now(),
    });
    assert.ok(top.some((q) => /install ask-elements/i.test(q.question)));
    // Today's date alone, as a site owner types it: the whole UTC day, as the service reads it,
    // whatever the time zone of the machine running the client.
    const today = new Date().toISOString().slice(0, 10);
    const todays = await client().analytics({ projectId: 'demo', startDate: today, endDate: today });
    assert.ok(todays.some((r) => r.insightId === first.insightId));
    // Other forms Date.parse reads go as epoch ms, not as written ('2000' would be 2 seconds
    // after 1970 to the service, 'Jan 1 2000' a 400).
    for (const [startDate, endDate] of [
      ['2000', '2100'],
      ['Jan 1 2000', 'Jan 1 2100'],
    ]) {
      const records = await client().analytics({
        projectId: 'demo',
        startDate: startDate!,
        endDate: endDate!,
      });
      assert.ok(
        records.some((r) => r.insightId === first.insightId),
        `${startDate} to ${endDate}`,
      );
    }
  });

  it('reports the field at fault', async () => {
    const error = await client()
      .search({ query: 'install', numDocs: 0 })
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 400);
    assert.equal(error.field, 'numDocs');
  });

  it('reports an unknown key as a 401 without echoing it', async () => {
    const error = await createClient({ baseUrl: service.url, apiKey: 'not-the-key-42' })
      .search({ query: 'install', numDocs: 3 })
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 401);
    assert.ok(!error.message.includes('not-the-key-42'));
  });

  it('reports an unknown insight as a 404 and does not retry it', async () => {
    let requests = 0;
    const counting = createClient({
      baseUrl: service.url,
      apiKey: 'demo-key',
      fetch: (input, init) => (requests++, fetch(input, init)),
    });
    const error = await counting
      .feedback({ insightId: 'no-such-insight', feedback: 1 })
      .catch((e: unknown) => e);
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 404);
    assert.equal(error.field, 'insightId');
    assert.equal(requests, 1);
  });

  it('checks health', async () => {
    assert.deepEqual(await client().health(), { status: 'ok' });
  });
});
