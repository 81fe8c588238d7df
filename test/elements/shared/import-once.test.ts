import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { importOnce } from '../../../src/elements/shared/import-once.js';

describe('importOnce', () => {
  it('starts the load once and shares it', async () => {
    let calls = 0;
    const load = importOnce(async () => ++calls, import.meta.url);
    assert.equal(await Promise.all([load(), load()]).then(() => load()), 1);
    assert.equal(calls, 1);
  });

  it('forgets a failed load, so that the next call tries again', async () => {
    let calls = 0;
    const load = importOnce(
      async () => {
        if (++calls === 1) throw new Error('offline');
        return 'module';
      },
      import.meta.url,
    );
    await assert.rejects(load(), /offline/);
    assert.equal(await load(), 'module');
    assert.equal(await load(), 'module');
    assert.equal(calls, 2);
  });

  it('offline, shares a failed load rather than start another, until the device is online', async () => {
    let calls = 0;
    let onLine = false;
    const load = importOnce(
      async () => {
        if (++calls === 1) throw new Error('offline');
        return 'module';
      },
      import.meta.url,
    );
    const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { configurable: true, get: () => ({ onLine }) });
    try {
      await assert.rejects(load(), /offline/);
      await assert.rejects(load(), /offline/);
      await assert.rejects(load(), /offline/);
      assert.equal(calls, 1, 'no other load while offline');
      onLine = true;
      assert.equal(await load(), 'module');
      assert.equal(calls, 2);
    } finally {
      if (had) Object.defineProperty(globalThis, 'navigator', had);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });

  it('imports the URL that load names, with a query, when load fails again', async () => {
    // The part is not beside this file, where load looks for it, but beside the base URL given:
    // only the import of the URL load names, resolved against that base, finds it.
    const folder = mkdtempSync(join(tmpdir(), 'import-once-'));
    try {
      writeFileSync(join(folder, 'lazy-part.mjs'), 'export const part = import.meta.url;');
      const load = importOnce(
        // @ts-expect-error: no such module beside this file.
        (): Promise<{ part: string }> => import('./lazy-part.mjs'),
        pathToFileURL(join(folder, 'page.js')).href,
      );
      await assert.rejects(load());
      const { part } = await load();
      assert.equal(part, `${pathToFileURL(join(folder, 'lazy-part.mjs')).href}?retry=1`);
      assert.equal((await load()).part, part, 'kept once imported');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
