import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { importOnce } from '../../../src/elements/shared/import-once.js';

describe('importOnce', () => {
  it('starts the load once and shares it', async () => {
    let calls = 0;
    const load = importOnce(async () => ++calls);
    assert.equal(await Promise.all([load(), load()]).then(() => load()), 1);
    assert.equal(calls, 1);
  });

  it('forgets a failed load, so that the next call tries again', async () => {
    let calls = 0;
    const load = importOnce(async () => {
      if (++calls === 1) throw new Error('offline');
      return 'module';
    });
    await assert.rejects(load(), /offline/);
    assert.equal(await load(), 'module');
    assert.equal(await load(), 'module');
    assert.equal(calls, 2);
  });
});
