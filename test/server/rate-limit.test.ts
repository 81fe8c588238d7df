import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { describe, it } from 'node:test';
import { DEFAULT_RATE_LIMIT, defaultConfig } from '../../src/server/config.js';
import { LargeBodyBytes } from '../../src/server/http/bot-guard.js';
import { addressOwner } from '../../src/server/http/client-address.js';
import { RateLimiter } from '../../src/server/http/rate-limiter.js';
import { DEMO_KEY, configWith, openConnection, servedOn, startTestService } from './service-harness.js';

const searchBody = (apiKey?: string) => ({ apiKey, query: 'install', numDocs: 1 });

/** An ask from `from` with `images` images of 3.6 MB (4.8 MB each as base64): its status. */
function askWithImages(port: number, from: string, images: number): Promise<number> {
  const image = `data:image/png;base64,${Buffer.alloc(3_600_000, 1).toString('base64')}`;
  return new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({
      apiKey: DEMO_KEY,
      query: 'install',
      base64Images: Array.from({ length: images }, () => image),
    });
    let answered = false;
    const request = httpRequest(
      {
        host: '127.0.0.1',
        localAddress: from,
        port,
        method: 'POST',
        path: '/bot/askai',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (response) => {
        answered = true;
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    // A refused upload is cut, its connection closed: what was still being sent fails to be.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    request.end(body);
  });
}

describe('rate limit', () => {
  it('answers 429 with Retry-After and the JSON error once a key and address spend their burst', async () => {
    const service = await startTestService({
      config: configWith({
        projects: [
          {
            id: 'demo',
            agents: [
              { id: 'docs', apiKey: DEMO_KEY },
              { id: 'other', apiKey: 'other-key' },
            ],
          },
        ],
        rateLimit: { requestsPerSecond: 0.5, burst: 3 },
      }),
    });
    try {
      for (let i = 0; i < 3; i++)
        assert.equal((await service.post('/bot/search', searchBody(DEMO_KEY))).status, 200);
      const limited = await service.post('/bot/search', searchBody(DEMO_KEY));
      assert.equal(limited.status, 429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      assert.ok(
        Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 2,
        `Retry-After ${retryAfter}`,
      );
      const body = await limited.json();
      assert.equal(body.error.code, 'rate_limited');
      assert.equal(typeof body.error.message, 'string');

      // Every bot endpoint draws from the same bucket.
      assert.equal((await service.post('/bot/askai', { apiKey: DEMO_KEY, query: 'install' })).status, 429);
      assert.equal(
        (await service.post('/bot/feedback', { apiKey: DEMO_KEY, insightId: 'x', feedback: 1 })).status,
        429,
      );
      // Another agent's key has its own bucket.
      assert.equal((await service.post('/bot/search', searchBody('other-key'))).status, 200);
      // Health is not limited (reports have a limit of their own, below).
      assert.equal((await service.get('/api/healthz')).status, 200);
    } finally {
      await service.close();
    }
  });

  it("limits an address's analytics reports of a project, apart from its questions", async () => {
    const service = await startTestService({
      config: configWith({
        projects: [
          { id: 'demo', agents: [{ id: 'docs', apiKey: DEMO_KEY }] },
          { id: 'other', agents: [{ id: 'docs', apiKey: 'other-key' }] },
        ],
        rateLimit: { requestsPerSecond: 10_000, burst: 10_000, reportsPerSecond: 0.5, reportBurst: 2 },
      }),
    });
    const report = (project: string, key: string) =>
      service.get(`/api/projects/${project}/analytics/topquestions?startDate=0&endDate=9999999999999`, {
        authorization: `Bearer ${key}`,
      });
    try {
      for (let i = 0; i < 2; i++) assert.equal((await report('demo', DEMO_KEY)).status, 200);
      const limited = await report('demo', DEMO_KEY);
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
      assert.equal((await limited.json()).error.code, 'rate_limited');
      // Questions, and another project's reports, draw from buckets of their own.
      assert.equal((await service.post('/bot/search', searchBody(DEMO_KEY))).status, 200);
      assert.equal((await report('other', 'other-key')).status, 200);
    } finally {
      await service.close();
    }
  });

  it(
    'closes a connection beyond the ones an address may hold open, and serves the others',
    { timeout: 60_000 },
    async () => {
      const service = await startTestService({
        config: configWith({
          rateLimit: { requestsPerSecond: 10_000, burst: 10_000, connectionsPerAddress: 10 },
        }),
      });
      const sockets: Socket[] = [];
      const opened = () => openConnection(service.port, '127.0.0.1', sockets);
      const served = servedOn;
      try {
        // Ten idle connections, as a slow client holds them: the eleventh is closed, not served.
        const idle = await Promise.all(Array.from({ length: 10 }, opened));
        const eleventh = await opened();
        assert.equal(await served(eleventh), false, 'the eleventh is closed');
        assert.equal(await served(idle[0]!), true, 'the first ten are served');
        // One closed makes room again, once the service has seen it go (no fixed wait: a loaded
        // machine may take longer). Were no room made, this would go on until the test times out.
        idle[0]!.destroy();
        while (!(await served(await opened())));
      } finally {
        for (const socket of sockets) socket.destroy();
        await service.close();
      }
    },
  );

  it("counts what large bodies hold as it arrives: 429 beyond an address's share, 503 beyond the service's", () => {
    const bytes = new LargeBodyBytes(100, 250);
    bytes.take('a', 60);
    bytes.take('a', 40);
    const refused = (address: string, count: number) => {
      try {
        bytes.take(address, count);
        return undefined;
      } catch (error) {
        return (error as { status: number }).status;
      }
    };
    assert.equal(refused('a', 1), 429);
    bytes.take('b', 100);
    assert.equal(refused('c', 60), 503);
    bytes.give('a', 60);
    assert.equal(refused('c', 60), undefined);
    assert.equal(refused('a', 1), undefined);
  });

  it('spends nothing of what an address may send on a large body it refuses', () => {
    const MIB = 1024 * 1024;
    const bytes = new LargeBodyBytes(undefined, undefined, { requestsPerSecond: 1e-6, burst: 10 });
    const status = (address: string, count: number) => {
      try {
        bytes.send(address, count);
        return 200;
      } catch (error) {
        return (error as { status: number }).status;
      }
    };
    assert.equal(status('a', 6 * MIB), 200);
    assert.equal(status('a', 6 * MIB), 429);
    // The 6 MiB refused spent nothing: 4 are left.
    assert.equal(status('a', 4 * MIB), 200);
    assert.equal(status('a', 1 * MIB), 429);
    assert.equal(status('b', 10 * MIB), 200);
  });

  it('lets an address send 64 MiB of large bodies at once, then 8 a second', async () => {
    // The request rate limit is far away (configWith): only the bytes can bind.
    const service = await startTestService({ config: configWith() });
    const ask = (from: string) => askWithImages(service.port, from, 2);
    try {
      // 12 asks at once, 115 MB: each is charged as it arrives, before it is read, so however slow
      // the machine, the first six fit in 64 MiB and the address has spent it long before the
      // 8 MiB a second gives back what the others need.
      const statuses = await Promise.all(Array.from({ length: 12 }, () => ask('127.0.0.6')));
      assert.ok(statuses.filter((status) => status === 200).length >= 6, String(statuses));
      assert.ok(statuses.includes(429), String(statuses));
      assert.ok(
        statuses.every((status) => status === 200 || status === 429),
        String(statuses),
      );
      // Another address is served meanwhile.
      assert.equal(await ask('127.0.0.7'), 200);
    } finally {
      await service.close();
    }
  });

  it('spends nothing of what an address may send on a body declared over the limit, which is refused unread', async () => {
    const service = await startTestService({ config: configWith() });
    /** An ask that declares 40 MB, over the 32 MB an ask may be: its status, before any of it is sent. */
    const declaredTooLarge = (from: string) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest({
          host: '127.0.0.1',
          localAddress: from,
          port: service.port,
          method: 'POST',
          path: '/bot/askai',
          headers: { 'content-type': 'application/json', 'content-length': String(40_000_000) },
        });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          request.destroy();
        });
        request.on('error', reject);
        request.write('{');
      });
    try {
      // A client that learns its images are too large, twice, then sends them smaller.
      assert.equal(await declaredTooLarge('127.0.0.8'), 413);
      assert.equal(await declaredTooLarge('127.0.0.8'), 413);
      // Four images, 19 MB: what was refused unread would have left about 3 MiB of 64.
      assert.equal(await askWithImages(service.port, '127.0.0.8', 4), 200);
    } finally {
      await service.close();
    }
  });

  it('lets a visitor send images while slow uploads that declared large bodies hold nothing yet', async () => {
    const service = await startTestService();
    const { port } = service;
    /** An ask that declares 2 MB and sends a little: a slow upload, or one that never comes. */
    const stalled = (from: string) => {
      const request = httpRequest({
        host: '127.0.0.1',
        localAddress: from,
        port,
        method: 'POST',
        path: '/bot/askai',
        headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      });
      request.on('error', () => {});
      request.write(`{"apiKey": "${DEMO_KEY}", "query": "install", "base64Images": ["data:image/png;base64,`);
      return request;
    };
    const uploads = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'].flatMap((from) =>
      Array.from({ length: 6 }, () => stalled(from)),
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A real 1.5 MB image from another address is read and answered.
      const image = `data:image/png;base64,${Buffer.alloc(1_100_000, 1).toString('base64')}`;
      const asked = await service.post('/bot/askai', {
        apiKey: DEMO_KEY,
        query: 'install',
        base64Images: [image],
      });
      assert.equal(asked.status, 200);
    } finally {
      for (const request of uploads) request.destroy();
      await service.close();
    }
  });

  it('gives the addresses of one IPv6 /64 one bucket, behind a trusted proxy as directly', async () => {
    const service = await startTestService({
      config: configWith({ trustProxy: true, rateLimit: { requestsPerSecond: 0.1, burst: 2 } }),
    });
    const searchFrom = async (address: string) =>
      (await service.post('/bot/search', searchBody(DEMO_KEY), { 'x-forwarded-for': address })).status;
    try {
      assert.equal(await searchFrom('2001:db8:1:2::1'), 200);
      assert.equal(await searchFrom('2001:db8:1:2::2'), 200);
      assert.equal(await searchFrom('2001:db8:1:2:ffff::3'), 429, 'a third address of the /64');
      assert.equal(await searchFrom('2001:db8:1:3::1'), 200, 'another /64');
    } finally {
      await service.close();
    }
  });

  it("gives one bucket to a visitor's connections when the trusted proxy writes their ports too", async () => {
    // Azure's Application Gateway writes each connection's port: `203.0.113.7:51234`.
    const service = await startTestService({
      config: configWith({ trustProxy: true, rateLimit: { requestsPerSecond: 0.1, burst: 2 } }),
    });
    const searchFrom = async (address: string) =>
      (await service.post('/bot/search', searchBody(DEMO_KEY), { 'x-forwarded-for': address })).status;
    try {
      assert.equal(await searchFrom('203.0.113.7:51234'), 200);
      assert.equal(await searchFrom('203.0.113.7:51235'), 200);
      assert.equal(await searchFrom('203.0.113.7:51236'), 429, 'a third connection of the address');
      assert.equal(await searchFrom('203.0.113.7'), 429, 'the address without a port');
      assert.equal(await searchFrom('[2001:db8:1:2::1]:51234'), 200);
      assert.equal(await searchFrom('[2001:db8:1:2::1]:51235'), 200);
      assert.equal(await searchFrom('2001:db8:1:2::9'), 429, 'the same /64, written without a port');
      assert.equal(await searchFrom('198.51.100.1:51234'), 200, 'another address');
    } finally {
      await service.close();
    }
  });

  it('counts an IPv6 address as its /64, an IPv4-mapped one as the IPv4 address', () => {
    const network = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::7', '2001:0DB8:0001:0002:ffff::1'])
      assert.equal(addressOwner(address), network, address);
    assert.notEqual(addressOwner('2001:db8:1:3::1'), network);
    assert.equal(addressOwner('::ffff:192.0.2.7'), '192.0.2.7');
    assert.equal(addressOwner('192.0.2.7'), '192.0.2.7');
    assert.equal(addressOwner('fe80::1%eth0'), 'fe80:0:0:0::/64');
  });

  it('limits requests without a valid key too, so keys cannot be guessed at speed', async () => {
    const service = await startTestService({
      config: configWith({ rateLimit: { requestsPerSecond: 0.5, burst: 2 } }),
    });
    try {
      assert.equal((await service.post('/bot/search', searchBody('guess-0001'))).status, 401);
      assert.equal((await service.post('/bot/search', searchBody('guess-0002'))).status, 401);
      assert.equal((await service.post('/bot/search', searchBody('guess-0003'))).status, 429);
      assert.equal(
        (await service.post('/bot/search', searchBody(DEMO_KEY))).status,
        200,
        'the real key is unaffected',
      );
    } finally {
      await service.close();
    }
  });

  it('refuses a flood from one address before reading its bodies, whatever their keys', async () => {
    // Each agent allows a burst of 2: the address may send 3 times that before its bodies are read.
    const service = await startTestService({
      config: configWith({ rateLimit: { requestsPerSecond: 0.1, burst: 2 } }),
    });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 6 }, (_, i) => service.post('/bot/search', searchBody(`guess-${i}`))),
      );
      assert.deepEqual(statuses.map((response) => response.status).sort(), [401, 401, 429, 429, 429, 429]);
      // The address's bucket is spent: a request whose body has not even arrived is refused at once.
      const { hostname, port } = new URL(service.url);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = httpRequest(
          {
            hostname,
            port,
            method: 'POST',
            path: '/bot/askai',
            headers: { 'content-type': 'application/json' },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.write('{"apiKey":"demo-key","query":"');
        // The body is never finished: only an answer that did not wait for it arrives.
      });
      assert.equal(answer.status, 429);
      assert.equal(JSON.parse(answer.body).error.code, 'rate_limited');
    } finally {
      await service.close();
    }
  });

  it('limits wrong analytics keys like wrong bot keys, and never the right one', async () => {
    const service = await startTestService({
      config: configWith({ rateLimit: { requestsPerSecond: 0.5, burst: 2 } }),
    });
    const analytics = (key: string) =>
      service.get('/api/projects/demo/analytics?startDate=0&endDate=1', { authorization: `Bearer ${key}` });
    try {
      assert.equal((await analytics('guess-0001')).status, 401);
      assert.equal((await service.post('/bot/search', searchBody('guess-0002'))).status, 401);
      const limited = await analytics('guess-0003');
      assert.equal(limited.status, 429);
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
      assert.equal((await limited.json()).error.code, 'rate_limited');
      for (let i = 0; i < 5; i++) assert.equal((await analytics(DEMO_KEY)).status, 200);
    } finally {
      await service.close();
    }
  });

  it('uses an agent’s own rate limit over the service-wide one', async () => {
    const service = await startTestService({
      config: configWith({
        projects: [
          {
            id: 'demo',
            agents: [{ id: 'docs', apiKey: DEMO_KEY, rateLimit: { requestsPerSecond: 0.5, burst: 1 } }],
          },
        ],
      }),
    });
    try {
      assert.equal((await service.post('/bot/search', searchBody(DEMO_KEY))).status, 200);
      assert.equal((await service.post('/bot/search', searchBody(DEMO_KEY))).status, 429);
    } finally {
      await service.close();
    }
  });

  it('lets a visitor typing fast through by default (20 per second, bursts of 60)', async () => {
    assert.deepEqual(DEFAULT_RATE_LIMIT, { requestsPerSecond: 20, burst: 60 });
    const service = await startTestService();
    assert.equal(service.config.agents[0]!.rateLimit.burst, defaultConfig().rateLimit.burst);
    try {
      // 100 at once: the burst of 60 (plus what refills meanwhile) passes, the rest is refused.
      const statuses = await Promise.all(
        Array.from({ length: 100 }, () =>
          service.post('/bot/search', searchBody(DEMO_KEY)).then((response) => response.status),
        ),
      );
      const passed = statuses.filter((status) => status === 200).length;
      assert.ok(passed >= 60 && passed < 100, `${passed} passed`);
      assert.equal(passed + statuses.filter((status) => status === 429).length, 100);
    } finally {
      await service.close();
    }
  });
});

describe('RateLimiter', () => {
  const limit = { requestsPerSecond: 10, burst: 2 };

  it('refills at the configured rate', () => {
    let now = 0;
    const limiter = new RateLimiter(100, () => now);
    assert.equal(limiter.take('a', limit).allowed, true);
    assert.equal(limiter.take('a', limit).allowed, true);
    assert.deepEqual(limiter.take('a', limit), { allowed: false, retryAfterSeconds: 1 });
    now += 100; // one token back after 1/10 s
    assert.equal(limiter.take('a', limit).allowed, true);
    assert.equal(limiter.take('a', limit).allowed, false);
  });

  it('saves up no more than the burst however long a client stays away', () => {
    let now = 0;
    const limiter = new RateLimiter(100, () => now);
    now += 3_600_000; // an hour idle would refill 36,000 tokens without the cap
    limiter.take('a', limit);
    now += 3_600_000;
    assert.equal(limiter.take('a', limit).allowed, true);
    assert.equal(limiter.take('a', limit).allowed, true);
    assert.equal(limiter.take('a', limit).allowed, false, 'two at once, the burst, then limited');
  });

  it('asks a limited client to come back once a whole token is there, not before', () => {
    let now = 0;
    const limiter = new RateLimiter(100, () => now);
    const slow = { requestsPerSecond: 0.4, burst: 1 };
    assert.equal(limiter.take('a', slow).allowed, true);
    // 1 token at 0.4 per second takes 2.5 s: Retry-After is a whole number of seconds, so 3.
    assert.deepEqual(limiter.take('a', slow), { allowed: false, retryAfterSeconds: 3 });
    now += 2000;
    assert.equal(limiter.take('a', slow).allowed, false, 'not yet after 2 s');
    now += 1000;
    assert.equal(limiter.take('a', slow).allowed, true, 'after 3 s');
  });

  it('evicts buckets that have refilled before a limited one seen earlier', () => {
    let now = 0;
    const limiter = new RateLimiter(10, () => now);
    limiter.take('limited', limit);
    limiter.take('limited', limit);
    assert.equal(limiter.take('limited', limit).allowed, false);
    for (let i = 0; i < 9; i++) limiter.take(`other-${i}`, limit);
    // 150 ms on, the eleventh client makes one too many: the nine others have refilled (1 token
    // left, 1.5 back), the limited client has not (1.5 of 2) though it is the least recently seen.
    now = 150;
    limiter.take('other-9', limit);
    // Kept, it has its 1.5 tokens: one request. Forgotten, it would start again with the burst.
    assert.equal(limiter.take('limited', limit).allowed, true);
    assert.equal(limiter.take('limited', limit).allowed, false, 'its bucket was kept');
  });

  it('tracks a bounded number of clients whatever a flood sends', () => {
    let now = 0;
    const limiter = new RateLimiter(1000, () => now);
    for (let i = 0; i < 50_000; i++) {
      limiter.take(`client-${i}`, limit);
      now += 0.01;
    }
    assert.ok(limiter.size <= 1000, `tracks ${limiter.size}`);
  });

  it('keeps the buckets of active clients when it evicts', () => {
    const now = 0;
    const limiter = new RateLimiter(100, () => now);
    limiter.take('active', limit);
    limiter.take('active', limit);
    for (let i = 0; i < 500; i++) {
      limiter.take(`idle-${i}`, limit);
      // The active client keeps sending, so it is never the least recently seen.
      if (i % 10 === 0) limiter.take('active', limit);
    }
    assert.equal(limiter.take('active', limit).allowed, false, 'still limited: its bucket was kept');
  });
});
