import assert from 'node:assert/strict';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_KEY, type TestService, startTestService } from './service-harness.js';

describe('serve --watch: re-indexing the content folder on change', () => {
  let root: string;
  let service: TestService;
  const titles = async (query: string): Promise<string[]> => {
    const { body } = await service.postJson('/bot/search', { apiKey: DEMO_KEY, query, numDocs: 5 });
    return (body as { title: string }[]).map((item) => item.title);
  };

  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'ask-watch-'));
    await writeFile(join(root, 'install.md'), '# Installing\n\nRun npm install to add the package.\n');
    service = await startTestService({ contentDir: root, watch: true });
  });
  after(async () => {
    await service.close();
    await rm(root, { recursive: true, force: true });
  });

  it('finds a page added while serving, sees an edit, and forgets a removed page', async () => {
    assert.deepEqual(await titles('pelican migration'), []);

    let reindexed = service.reindexed!();
    await writeFile(join(root, 'birds.md'), '# Pelican migration\n\nPelicans fly south in winter.\n');
    assert.equal(await reindexed, 2);
    assert.deepEqual(await titles('pelican migration'), ['Pelican migration']);

    reindexed = service.reindexed!();
    await writeFile(join(root, 'birds.md'), '# Heron nesting\n\nHerons nest in colonies.\n');
    await reindexed;
    assert.deepEqual(await titles('pelican migration'), []);
    assert.deepEqual(await titles('heron nesting'), ['Heron nesting']);

    reindexed = service.reindexed!();
    await unlink(join(root, 'birds.md'));
    assert.equal(await reindexed, 1);
    assert.deepEqual(await titles('heron nesting'), []);
    assert.deepEqual(await titles('install'), ['Installing']);
  });

  it('is off unless asked for', async () => {
    const plain = await startTestService({ contentDir: root });
    try {
      assert.equal(plain.reindexed, undefined);
    } finally {
      await plain.close();
    }
  });
});
