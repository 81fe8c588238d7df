import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestService } from './service-harness.js';

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
