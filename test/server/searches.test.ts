import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, mock } from 'node:test';
import { SettledSearches } from '../../src/server/service/settled-searches.js';
import type { SearchRow, Store } from '../../src/server/store/store.js';
import { DEMO_KEY, type TestService, configWith, startTestService } from './service-harness.js';

/** A store that keeps what it is given, or fails when told to. */
function recordingStore(): { store: Store; saved: SearchRow[]; fail: { now: boolean } } {
  const saved: SearchRow[] = [];
  const fail = { now: false };
  const store = {
    async saveSearches(rows: readonly SearchRow[]) {
      if (fail.now) throw new Error('disk full');
      saved.push(...rows);
    },
  } as Partial<Store> as Store;
  return { store, saved, fail };
}

const search = (query: string, results = 1) => ({ projectId: 'demo', agentId: 'docs', query, results });

describe('settled searches', () => {
  it('records the search a visitor stopped at, not the states of typing it', async () => {
    const { store, saved } = recordingStore();
    let now = 0;
    const searches = new SettledSearches(store, { settleMs: 2000, now: () => now });
    for (const typed of ['pa', 'pas', 'pass', 'passw', 'password']) {
      searches.searched('visitor A', search(typed));
      now += 150;
    }
    await searches.sweep();
    assert.equal(saved.length, 0, 'still typing: nothing settled');
    now += 2000;
    await searches.sweep();
    assert.deepEqual(
      saved.map((row) => row.query),
      ['password'],
    );
    await searches.close();
  });

  it("keeps each visitor's search apart, and records every search a visitor paused at", async () => {
    const { store, saved } = recordingStore();
    let now = 0;
    const searches = new SettledSearches(store, { settleMs: 2000, now: () => now });
    searches.searched('visitor A', search('kubernetes', 0));
    searches.searched('visitor B', search('theme'));
    now += 2500;
    searches.searched('visitor A', search('k8s', 0));
    await searches.sweep();
    assert.deepEqual(
      saved.map((row) => row.query),
      ['kubernetes', 'theme'],
    );
    // Stopping writes what is held, settled or not: the visitor stopped there.
    await searches.close();
    assert.deepEqual(
      saved.map((row) => [row.query, row.results]),
      [
        ['kubernetes', 0],
        ['theme', 1],
        ['k8s', 0],
      ],
    );
  });

  it('records the longest held at once when too many visitors are held', async () => {
    const { store, saved } = recordingStore();
    let now = 0;
    const searches = new SettledSearches(store, { settleMs: 2000, maxHeld: 2, now: () => now });
    searches.searched('A', search('first'));
    searches.searched('B', search('second'));
    searches.searched('C', search('third'));
    await searches.sweep();
    assert.deepEqual(
      saved.map((row) => row.query),
      ['first'],
    );
    now += 2000;
    await searches.close();
  });

  it('logs a failed write instead of throwing it, and goes on recording', async () => {
    const { store, saved, fail } = recordingStore();
    const logged: string[] = [];
    let now = 0;
    const searches = new SettledSearches(store, {
      settleMs: 2000,
      now: () => now,
      logger: { error: (message) => logged.push(message) },
    });
    fail.now = true;
    searches.searched('A', search('lost'));
    now += 2000;
    await searches.sweep();
    assert.deepEqual(logged, ['Recording 1 searches failed']);
    fail.now = false;
    searches.searched('A', search('kept'));
    now += 2000;
    await searches.sweep();
    assert.deepEqual(
      saved.map((row) => row.query),
      ['kept'],
    );
    await searches.close();
  });
});

describe('the top searches report', () => {
  let service: TestService;
  const report = (query: string) =>
    service.get(`/api/projects/demo/analytics/topsearches?startDate=0&endDate=9999999999999${query}`, {
      authorization: `Bearer ${DEMO_KEY}`,
    });
  const typeAndStop = async (apiKey: string, states: string[]) => {
    for (const query of states) {
      const { status } = await service.postJson('/bot/search', { apiKey, query, numDocs: 5 });
      assert.equal(status, 200);
    }
  };

  before(async () => {
    // The service's clock stands still while the visitors type, and the test moves it past the
    // 2 s settling time once they stop: on the real clock a loaded machine can take 2 s between
    // two searches, and the one before then counts as settled. Mocked before the service starts,
    // which takes its clock (Date.now) then.
    mock.timers.enable({ apis: ['Date'], now: Date.now() });
    service = await startTestService({
      config: configWith({
        projects: [
          { id: 'demo', agents: [{ id: 'docs', apiKey: DEMO_KEY }] },
          { id: 'other', agents: [{ id: 'docs', apiKey: 'other-project-key' }] },
        ],
      }),
    });
  });
  after(async () => {
    await service.close();
    mock.timers.reset();
  });

  // Without the sweep, the report stays empty: the limit makes that a failure rather than a hang.
  it(
    'lists what visitors searched for over HTTP, the searches that found nothing first with sort=-unfound',
    { timeout: 60_000 },
    async () => {
      await typeAndStop(DEMO_KEY, ['ins', 'inst', 'install']);
      // The same visitor (key and address) goes on to another search: the one before is replaced.
      await typeAndStop(DEMO_KEY, ['kuberne', 'kubernetes operator']);
      await typeAndStop('other-project-key', ['install']);
      mock.timers.tick(2000);
      // Written at the service's next sweep: wait for it, as a site owner would.
      let top: { query: string; count: number; found: number; lastSearchedAt: string }[] = [];
      while (top.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const response = await report('');
        assert.equal(response.status, 200);
        top = await response.json();
      }
      assert.deepEqual(
        top.map(({ query, count, found }) => ({ query, count, found })),
        [{ query: 'kubernetes operator', count: 1, found: 0 }],
      );
      assert.ok(!Number.isNaN(Date.parse(top[0]!.lastSearchedAt)));
    },
  );

  it('refuses a sort the report has no data for, naming the field', async () => {
    const response = await report('&sort=-negative');
    assert.equal(response.status, 400);
    const { error } = await response.json();
    assert.equal(error.field, 'sort');
    assert.match(error.message, /-unfound/);
  });
});

describe('recorded searches across a restart', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ask-searches-'));
  // The services' clock stands still: a visitor's searches are never 2 s apart, which a loaded
  // machine could make them, and the one before would then be recorded as settled.
  before(() => mock.timers.enable({ apis: ['Date'], now: Date.now() }));
  after(() => {
    mock.timers.reset();
    rmSync(folder, { recursive: true, force: true });
  });

  const reportOf = async (service: TestService, sort = '') =>
    (await (
      await service.get(`/api/projects/demo/analytics/topsearches?startDate=0&endDate=9999999999999${sort}`, {
        authorization: `Bearer ${DEMO_KEY}`,
      })
    ).json()) as { query: string; count: number; found: number }[];

  /**
   * Runs `use` on a service over `dbFile`, then stops it (which writes the searches held); the
   * next starts a minute later.
   */
  const withService = async (
    dbFile: string,
    use: (service: TestService) => Promise<unknown>,
    config = configWith(),
  ) => {
    const service = await startTestService({ dbFile, config });
    try {
      await use(service);
    } finally {
      await service.close();
      mock.timers.tick(60_000);
    }
  };
  const searchFor = (service: TestService, query: string) =>
    service.postJson('/bot/search', { apiKey: DEMO_KEY, query, numDocs: 5 });

  it('writes the searches still held when the service stops, grouped as questions are', async () => {
    const dbFile = join(folder, 'kept.db');
    await withService(dbFile, (service) => searchFor(service, 'Kubernetes'));
    await withService(dbFile, async (service) => {
      await searchFor(service, 'install');
      await searchFor(service, 'theming');
    });
    // A visitor who searched "Kubernetes" before the restart and "kubernetes?" after it asked the same.
    await withService(dbFile, (service) => searchFor(service, 'kubernetes?'));
    await withService(dbFile, async (reader) => {
      assert.deepEqual(
        (await reportOf(reader, '&sort=-unfound')).map(({ query, count, found }) => ({
          query,
          count,
          found,
        })),
        [
          { query: 'kubernetes?', count: 2, found: 0 },
          { query: 'theming', count: 1, found: 1 },
        ],
      );
    });
  });

  it('records nothing with recordSearches: false', async () => {
    const dbFile = join(folder, 'off.db');
    await withService(
      dbFile,
      (service) => searchFor(service, 'Kubernetes'),
      configWith({ recordSearches: false }),
    );
    await withService(dbFile, async (reader) => assert.deepEqual(await reportOf(reader), []));
  });
});
