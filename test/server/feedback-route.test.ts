import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_KEY, type TestService, configWith, startTestService } from './service-harness.js';

describe('POST /bot/feedback', () => {
  let service: TestService;
  let insightId: string;
  const feedback = (body: Record<string, unknown>) =>
    service.postJson('/bot/feedback', { apiKey: DEMO_KEY, ...body });
  /** The analytics record of the insight, as the project's owner sees it. */
  const recordOf = async (id: string) => {
    const response = await service.get(
      '/api/projects/demo/analytics?startDate=0&endDate=9999999999999&limit=100',
      {
        authorization: `Bearer ${DEMO_KEY}`,
      },
    );
    const records = (await response.json()) as {
      insightId: string;
      feedback: number | null;
      reason: string | null;
      comment: string | null;
    }[];
    return records.find((record) => record.insightId === id);
  };

  before(async () => {
    service = await startTestService({ config: configWith() });
    const asked = await service.postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'How do I install ask-elements?',
    });
    insightId = asked.body.insightId;
  });
  after(() => service.close());

  it('stores feedback on an answer', async () => {
    const { status, body } = await feedback({ insightId, feedback: 1 });
    assert.equal(status, 200);
    assert.deepEqual(body, { success: true });
    assert.equal((await recordOf(insightId))?.feedback, 1);
  });

  it('replaces earlier feedback when sent again, with the optional reason and comment', async () => {
    await feedback({ insightId, feedback: 1 });
    const { status } = await feedback({
      insightId,
      feedback: -1,
      reason: 'outdated',
      comment: 'The command changed.',
    });
    assert.equal(status, 200);
    const record = await recordOf(insightId);
    assert.equal(record?.feedback, -1);
    assert.equal(record?.reason, 'outdated');
    assert.equal(record?.comment, 'The command changed.');

    await feedback({ insightId, feedback: 1 });
    const replaced = await recordOf(insightId);
    assert.equal(replaced?.feedback, 1);
    assert.equal(replaced?.reason, null, 'a new vote without a reason clears the old one');

    // A blank reason or comment is none.
    await feedback({ insightId, feedback: -1, reason: '', comment: '  ' });
    const blank = await recordOf(insightId);
    assert.deepEqual([blank?.reason, blank?.comment], [null, null]);
  });

  it('answers 404 with success false for an unknown insightId', async () => {
    const { status, body } = await feedback({ insightId: 'no-such-insight', feedback: 1 });
    assert.equal(status, 404);
    assert.equal(body.success, false);
    assert.equal(body.error.code, 'insight_not_found');
    assert.equal(body.error.field, 'insightId');
  });

  const badFields: [string, Record<string, unknown>, string][] = [
    ['a missing insightId', { insightId: undefined, feedback: 1 }, 'insightId'],
    ['an empty insightId', { insightId: '', feedback: 1 }, 'insightId'],
    ['a missing feedback', {}, 'feedback'],
    ['feedback 0', { feedback: 0 }, 'feedback'],
    ['feedback 2', { feedback: 2 }, 'feedback'],
    ['feedback as a string', { feedback: '1' }, 'feedback'],
    ['a comment over 1000 characters', { feedback: -1, comment: 'x'.repeat(1001) }, 'comment'],
    ['a reason that is not a string', { feedback: -1, reason: 3 }, 'reason'],
  ];
  for (const [name, body, field] of badFields) {
    it(`answers 400 naming ${field} for ${name}, with success false`, async () => {
      const { status, body: error } = await feedback({ insightId, ...body });
      assert.equal(status, 400);
      assert.equal(error.error.field, field);
      assert.equal(error.success, false);
    });
  }

  it('says success false in every error, a wrong key and a body too large included', async () => {
    const wrongKey = await service.postJson('/bot/feedback', {
      apiKey: 'wrong-key-1',
      insightId,
      feedback: 1,
    });
    assert.equal(wrongKey.status, 401);
    assert.equal(wrongKey.body.success, false);
    const tooLarge = await service.post(
      '/bot/feedback',
      JSON.stringify({ insightId, feedback: 1, comment: 'x'.repeat(70_000) }),
    );
    assert.equal(tooLarge.status, 413);
    assert.equal((await tooLarge.json()).success, false);
    // Other endpoints' errors are as they were.
    const search = await service.postJson('/bot/search', {
      apiKey: 'wrong-key-1',
      query: 'install',
      numDocs: 1,
    });
    assert.equal(search.status, 401);
    assert.equal('success' in search.body, false);
  });

  it('does not store anything for a rejected feedback', async () => {
    await feedback({ insightId, feedback: 1 });
    await feedback({ insightId, feedback: 5 });
    assert.equal((await recordOf(insightId))?.feedback, 1);
  });
});

describe("POST /bot/feedback on another project's insight", () => {
  it('is not found for the other key, and the first project keeps its own feedback', async () => {
    const service = await startTestService({
      config: configWith({
        projects: [
          { id: 'demo', agents: [{ id: 'docs', apiKey: DEMO_KEY }] },
          { id: 'other', agents: [{ id: 'bot', apiKey: 'other-project-key' }] },
        ],
      }),
    });
    try {
      const asked = await service.postJson('/bot/askai', {
        apiKey: DEMO_KEY,
        query: 'How do I install ask-elements?',
      });
      const insightId = asked.body.insightId as string;
      assert.equal(
        (await service.postJson('/bot/feedback', { apiKey: DEMO_KEY, insightId, feedback: 1 })).status,
        200,
      );

      const foreign = await service.postJson('/bot/feedback', {
        apiKey: 'other-project-key',
        insightId,
        feedback: -1,
      });
      assert.equal(foreign.status, 404);
      assert.equal(foreign.body.success, false);
      assert.equal(foreign.body.error.field, 'insightId');

      const response = await service.get('/api/projects/demo/analytics?startDate=0&endDate=9999999999999', {
        authorization: `Bearer ${DEMO_KEY}`,
      });
      const records = (await response.json()) as { insightId: string; feedback: number | null }[];
      assert.equal(records.find((record) => record.insightId === insightId)?.feedback, 1);
    } finally {
      await service.close();
    }
  });
});
