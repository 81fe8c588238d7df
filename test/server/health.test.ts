import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createSqliteStore } from '../../src/server/store/sqlite-store.js';
import { damageTable } from './damaged-database.js';
import { configWith, DEMO_KEY, startTestService } from './service-harness.js';

describe('/api/healthz', () => {
  it('answers 200 {"status":"ok"} to GET and POST while the database and the index answer', async () => {
    const service = await startTestService();
    try {
      for (const response of [await service.get('/api/healthz'), await service.post('/api/healthz', '')]) {
        assert.equal(response.status, 200);
        assert.deepEqual(await response.json(), { status: 'ok' });
        assert.equal(response.headers.get('cache-control'), 'no-store');
      }
    } finally {
      await service.close();
    }
  });

  it('answers 503 {"status":"error"} once the database is closed', async () => {
    const service = await startTestService();
    try {
      await service.store.close();
      const response = await service.get('/api/healthz');
      assert.equal(response.status, 503);
      assert.deepEqual(await response.json(), { status: 'error' });
    } finally {
      await service.close();
    }
  });

  it('answers 503 once a request found the database damaged, though other reads still succeed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ask-elements-health-'));
    const dbFile = join(dir, 'answers.db');
    await createSqliteStore(dbFile).close();
    const service = await startTestService({ dbFile, config: configWith() });
    try {
      // Damaged while serving, where no read has been yet (a disk fault): questions still save.
      damageTable(dbFile, 'feedback');
      const asked = await service.postJson('/bot/askai', { apiKey: DEMO_KEY, query: 'How do I install it?' });
      assert.equal(asked.status, 200);
      assert.equal((await service.get('/api/healthz')).status, 200);
      const vote = await service.postJson('/bot/feedback', {
        apiKey: DEMO_KEY,
        insightId: asked.body.insightId,
        feedback: 1,
      });
      assert.equal(vote.status, 500);
      // The next question is saved, but a load balancer must take the instance out: every vote fails.
      assert.equal(
        (await service.postJson('/bot/askai', { apiKey: DEMO_KEY, query: 'How do I install it?' })).status,
        200,
      );
      const health = await service.get('/api/healthz');
      assert.equal(health.status, 503);
      assert.deepEqual(await health.json(), { status: 'error' });
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers a page on any origin, preflight included, since it says nothing but "ok"', async () => {
    const service = await startTestService({
      config: {
        projects: [
          {
            id: 'demo',
            agents: [{ id: 'docs', apiKey: 'demo-key', allowedOrigins: ['https://docs.example.com'] }],
          },
        ],
      },
    });
    try {
      const origin = 'https://status.example.org';
      const preflight = await fetch(`${service.url}/api/healthz`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
      assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /content-type/i);
      const response = await fetch(`${service.url}/api/healthz`, {
        method: 'POST',
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        body: '{}',
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
    } finally {
      await service.close();
    }
  });

  it('answers 405 to other methods', async () => {
    const service = await startTestService();
    try {
      const response = await fetch(`${service.url}/api/healthz`, { method: 'DELETE' });
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'GET, POST');
    } finally {
      await service.close();
    }
  });
});
