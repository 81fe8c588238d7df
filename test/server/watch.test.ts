import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import type { watch } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { mayChangeContent } from '../../src/server/content/load-folder.js';
import type { IndexThread } from '../../src/server/search/index-thread.js';
import { watchFailure, watchFolder } from '../../src/server/content/watch-folder.js';
import { DEMO_KEY, type TestService, startTestService } from './service-harness.js';

/** The links a search for 'installer' finds on `service`, best first. */
async function installerLinks(service: TestService): Promise<string[]> {
  const { body } = await service.postJson('/bot/search', {
    apiKey: DEMO_KEY,
    query: 'installer',
    numDocs: 5,
  });
  return (body as { link: string }[]).map((item) => item.link);
}

describe('serve --watch: re-indexing the content folder on change', () => {
  let root: string;
  let service: TestService;
  const titles = async (query: string): Promise<string[]> => {
    const { body } = await service.postJson('/bot/search', { apiKey: DEMO_KEY, query, numDocs: 5 });
    return (body as { title: string }[]).map((item) => item.title);
  };

  /** Waits (up to 8 s) for a search to find these titles: the folder is looked at once a second. */
  const waitForTitles = async (query: string, expected: string[]): Promise<void> => {
    const end = Date.now() + 8000;
    while (JSON.stringify(await titles(query)) !== JSON.stringify(expected)) {
      if (Date.now() > end) assert.deepEqual(await titles(query), expected);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
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

  it("reads no change in what is no document: the service's database beside the pages, an image, a hidden folder", async () => {
    let reindexes = 0;
    let counting = true;
    const counted = (): void => {
      reindexes++;
      if (counting) void service.reindexed!().then(counted);
    };
    void service.reindexed!().then(counted);
    await writeFile(join(root, 'ask-elements.db'), 'SQLite format 3');
    await writeFile(join(root, 'ask-elements.db-wal'), 'x');
    await writeFile(join(root, 'logo.png'), 'png');
    await mkdir(join(root, '.cache'), { recursive: true });
    await writeFile(join(root, '.cache', 'notes.md'), '# Cached\n');
    for (let i = 0; i < 5; i++) {
      await writeFile(join(root, 'ask-elements.db-wal'), `write ${i}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Past the watch's quiet time (200 ms): a re-index would have begun.
    await new Promise((resolve) => setTimeout(resolve, 600));
    counting = false;
    assert.equal(reindexes, 0);
    // A page still counts, and so does a folder removed whole, whose name is gone.
    const reindexed = service.reindexed!();
    await writeFile(join(root, 'owls.md'), '# Owl hearing\n\nOwls hunt by sound.\n');
    await reindexed;
    assert.deepEqual(await titles('owl hearing'), ['Owl hearing']);
    assert.equal(mayChangeContent(root, 'guides'), true);
    assert.equal(mayChangeContent(root, join('guides', 'setup.md')), true);
    assert.equal(mayChangeContent(root, 'logo.png'), false);
    assert.equal(mayChangeContent(root, join('node_modules', 'x', 'README.md')), false);
    await unlink(join(root, 'owls.md'));
    await rm(join(root, '.cache'), { recursive: true });
    for (const file of ['ask-elements.db', 'ask-elements.db-wal', 'logo.png']) await unlink(join(root, file));
  });

  it('goes on watching a folder deleted and made again, or replaced by another moved in its place', async () => {
    // A build that clears its output folder: the old folder's watcher would report nothing more.
    // (Waited for by search, not by `reindexed`: without the fix no re-index ever comes.)
    await rm(root, { recursive: true, force: true });
    await mkdir(root);
    await writeFile(join(root, 'koala.md'), '# Koala habits\n\nKoalas sleep most of the day.\n');
    await waitForTitles('koala habits', ['Koala habits']);
    await writeFile(join(root, 'emu.md'), '# Emu speed\n\nEmus run fast across the plains.\n');
    await waitForTitles('emu speed', ['Emu speed']);

    const next = `${root}-next`;
    await mkdir(next);
    await writeFile(join(next, 'wombat.md'), '# Wombat burrows\n\nWombats dig long burrows.\n');
    await rm(root, { recursive: true, force: true });
    await rename(next, root);
    await waitForTitles('wombat burrows', ['Wombat burrows']);
    assert.deepEqual(await titles('koala habits'), []);
    await writeFile(join(root, 'quokka.md'), '# Quokka smiles\n\nQuokkas look like they smile.\n');
    await waitForTitles('quokka smiles', ['Quokka smiles']);
  });

  it('tells a watch that failed once, watches again and reads the folder, since a change may have gone unseen', async () => {
    const watchers: { emitter: EventEmitter; onChange: () => void }[] = [];
    const fakeWatch = ((_dir: string, _options: unknown, onChange: () => void) => {
      const emitter = Object.assign(new EventEmitter(), { close: () => emitter.removeAllListeners() });
      watchers.push({ emitter, onChange });
      return emitter;
    }) as unknown as typeof watch;
    const errors: unknown[][] = [];
    let reads = 0;
    const watching = watchFolder(
      root,
      async () => void reads++,
      (error, during) => errors.push([during, error]),
      { checkMs: 20, watch: fakeWatch, probe: () => {} },
    );
    try {
      assert.equal(watchers.length, 1);
      // The system ran out of watches.
      watchers[0]!.emitter.emit(
        'error',
        Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), {
          code: 'ENOSPC',
        }),
      );
      const end = Date.now() + 5000;
      while ((watchers.length < 2 || reads === 0) && Date.now() < end)
        await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(errors.length, 1, 'told once');
      const [[during, error]] = errors as [['watch' | 'read', unknown]];
      assert.equal(during, 'watch', 'as a failure to watch, not to re-index');
      assert.match(
        watchFailure(root, error),
        /^Watching .* for changes failed \(Error: ENOSPC.*sysctl fs\.inotify\.max_user_watches=.*restart the service$/,
      );
      assert.doesNotMatch(watchFailure(root, new Error('EACCES')), /sysctl/);
      assert.equal(watchers.length, 2, 'watched again');
      assert.ok(reads >= 1, 'read again');
      const before = reads;
      watchers[1]!.onChange();
      while (reads === before && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(reads, before + 1, 'changes are seen again');
    } finally {
      watching.close();
    }
  });

  it("tells a watch that ran out of the system's watches as it started (Node keeps that error to itself)", async () => {
    // Node 20's recursive watch on Linux, out of watches while it starts, emits its error before
    // anyone can listen and drops it: it returns a watch of part of the folder.
    const fakeWatch = (() =>
      Object.assign(new EventEmitter(), { close: () => {} })) as unknown as typeof watch;
    const errors: unknown[][] = [];
    const watching = watchFolder(
      root,
      async () => {},
      (error, during) => errors.push([during, error]),
      {
        checkMs: 20,
        watch: fakeWatch,
        probe: () => {
          throw Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), {
            code: 'ENOSPC',
          });
        },
      },
    );
    try {
      assert.equal(errors.length, 1, 'told at once');
      const [[during, error]] = errors as [['watch' | 'read', unknown]];
      assert.equal(during, 'watch');
      assert.match(watchFailure(root, error), /sysctl fs\.inotify\.max_user_watches=524288, then restart/);
    } finally {
      watching.close();
    }
  });

  it('tells at a re-index only the files newly skipped, or skipped for another reason, not every one again', async () => {
    const lines: string[] = [];
    const folder = await mkdtemp(join(tmpdir(), 'ask-watch-skipped-'));
    await writeFile(join(folder, 'install.md'), '# Installing\n\nRun npm install to add the package.\n');
    await writeFile(join(folder, 'old.md'), '---\ntitle: [unclosed\n---\nOld notes.\n');
    await writeFile(join(folder, 'moved.md'), '---\nredirect_to: /install\n---\nMoved.\n');
    const log = (message: string): void => void lines.push(message);
    const watching = await startTestService({
      contentDir: folder,
      watch: true,
      logger: { info: log, warn: log, error: log },
    });
    try {
      assert.deepEqual(
        lines.filter((line) => line.startsWith('Skipped')).map((line) => line.split(':')[0]),
        ['Skipped old.md', 'Skipped moved.md'],
      );
      lines.length = 0;
      // A save that breaks a page: that page is what the maintainer needs to read about.
      let reindexed = watching.reindexed!();
      await writeFile(
        join(folder, 'install.md'),
        '---\ntitle: Installing\ntags: [a\n---\nRun npm install.\n',
      );
      await reindexed;
      assert.deepEqual(
        lines.filter((line) => line.startsWith('Skipped')).map((line) => line.split(':')[0]),
        ['Skipped install.md'],
      );
      lines.length = 0;
      // Mended, and a page added: nothing skipped anew.
      reindexed = watching.reindexed!();
      await writeFile(join(folder, 'install.md'), '# Installing\n\nRun npm install to add the package.\n');
      await writeFile(join(folder, 'setup.md'), '# Setup\n\nSign in after installing.\n');
      await reindexed;
      assert.deepEqual(
        lines.filter((line) => line.startsWith('Skipped')),
        [],
      );
      assert.ok(lines.some((line) => line.startsWith('Re-indexed')));
    } finally {
      await watching.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("links the pages anew when a site generator's configuration comes, changes or goes: a Docusaurus category, Jekyll's _config.yml and VitePress's config in the folder, Hugo's, Docusaurus's and MkDocs' above it", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-watch-generator-'));
    const content = join(site, 'content');
    await mkdir(join(content, '02-guides'), { recursive: true });
    await writeFile(join(content, '02-guides', '01-Setup.md'), '# Setup\n\nRun the toolkit installer.\n');
    const lines: string[] = [];
    const log = (message: string): void => void lines.push(message);
    const watching = await startTestService({
      contentDir: content,
      watch: true,
      logger: { info: log, warn: log, error: log },
    });
    const links = (): Promise<string[]> => installerLinks(watching);
    /** Waits (up to 8 s) for the search to link the page so: files above the folder are looked at once a second. */
    const waitForLinks = async (expected: string[]): Promise<void> => {
      const end = Date.now() + 8000;
      while (JSON.stringify(await links()) !== JSON.stringify(expected)) {
        if (Date.now() > end) assert.deepEqual(await links(), expected);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    try {
      assert.deepEqual(await links(), ['/02-guides/01-Setup']);
      // A Docusaurus category's metadata among the docs: they are Docusaurus's.
      await writeFile(join(content, '02-guides', '_category_.json'), '{ "label": "Guides" }');
      await waitForLinks(['/guides/Setup']);
      await unlink(join(content, '02-guides', '_category_.json'));
      await waitForLinks(['/02-guides/01-Setup']);
      // Jekyll's _config.yml in the folder, made, then edited.
      await writeFile(join(content, '_config.yml'), 'title: Acme\n');
      await waitForLinks(['/02-guides/01-Setup.html']);
      await writeFile(join(content, '_config.yml'), 'title: Acme\npermalink: pretty\n');
      await waitForLinks(['/02-guides/01-Setup/']);
      await unlink(join(content, '_config.yml'));
      await waitForLinks(['/02-guides/01-Setup']);
      // Hugo's configuration above the folder, made, then edited.
      await writeFile(join(site, 'hugo.toml'), "baseURL = 'https://example.org/'\n");
      await waitForLinks(['/02-guides/01-setup/']);
      assert.ok(
        lines.some(
          (line) => line === `Reading ${content} as Hugo publishes it (found ${join(site, 'hugo.toml')})`,
        ),
      );
      await writeFile(join(site, 'hugo.toml'), "baseURL = 'https://example.org/'\nuglyURLs = true\n");
      await waitForLinks(['/02-guides/01-setup.html']);
      // Docusaurus's in its place.
      await unlink(join(site, 'hugo.toml'));
      await writeFile(join(site, 'docusaurus.config.js'), 'export default {};\n');
      await waitForLinks(['/guides/Setup']);
      await unlink(join(site, 'docusaurus.config.js'));
      // MkDocs' above it, whose use_directory_urls decides a page's slash or .html.
      await writeFile(join(site, 'mkdocs.yml'), 'site_name: Acme\n');
      await waitForLinks(['/02-guides/01-Setup/']);
      await writeFile(join(site, 'mkdocs.yml'), 'site_name: Acme\nuse_directory_urls: false\n');
      await waitForLinks(['/02-guides/01-Setup.html']);
      await unlink(join(site, 'mkdocs.yml'));
      // VitePress's config in the folder, whose cleanUrls drops the .html.
      await mkdir(join(content, '.vitepress'));
      await writeFile(join(content, '.vitepress', 'config.mts'), 'export default { cleanUrls: true };\n');
      await waitForLinks(['/02-guides/01-Setup']);
      // Its base, the path a GitHub Pages project site is published under, leads every link.
      await writeFile(
        join(content, '.vitepress', 'config.mts'),
        "export default { cleanUrls: true, base: '/acme/' };\n",
      );
      await waitForLinks(['/acme/02-guides/01-Setup']);
      await writeFile(join(content, '.vitepress', 'config.mts'), 'export default {};\n');
      await waitForLinks(['/02-guides/01-Setup.html']);
      // What a watch of the folder counts: the configuration, not a generator's cache beside it.
      assert.equal(mayChangeContent(content, 'docs/.vitepress'), true);
      assert.equal(mayChangeContent(content, join('docs', '.vitepress', 'config.ts')), true);
      assert.equal(mayChangeContent(content, join('.vitepress', 'cache', 'deps.js')), false);
      assert.equal(mayChangeContent(content, join('node_modules', 'x', '_category_.json')), false);
    } finally {
      await watching.close();
      await rm(site, { recursive: true, force: true });
    }
  });

  it("links the pages anew when a Hugo site's languages, kept beside its configuration in config/_default, change", async () => {
    const site = await mkdtemp(join(tmpdir(), 'ask-watch-hugo-languages-'));
    const content = join(site, 'content');
    await mkdir(content, { recursive: true });
    await mkdir(join(site, 'config', '_default'), { recursive: true });
    await writeFile(join(site, 'config', '_default', 'hugo.toml'), "baseURL = 'https://example.org/'\n");
    await writeFile(join(content, 'setup.fr.md'), '# Installation\n\nLancez le programme installer.\n');
    const watching = await startTestService({ contentDir: content, watch: true });
    const links = (): Promise<string[]> => installerLinks(watching);
    try {
      const before = await links();
      assert.equal(before.length, 1);
      assert.notEqual(before[0], '/fr/setup/');
      // French made one of the site's languages: the page is published under /fr/.
      await writeFile(
        join(site, 'config', '_default', 'languages.toml'),
        '[en]\nweight = 1\n[fr]\nweight = 2\n',
      );
      const end = Date.now() + 8000;
      while (JSON.stringify(await links()) !== JSON.stringify(['/fr/setup/'])) {
        if (Date.now() > end) assert.deepEqual(await links(), ['/fr/setup/']);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await watching.close();
      await rm(site, { recursive: true, force: true });
    }
  });

  it('is off unless asked for', async () => {
    const plain = await startTestService({ contentDir: root });
    try {
      assert.equal(plain.reindexed, undefined);
    } finally {
      await plain.close();
    }
  });

  it('stops during a re-index in its index thread without logging it as a failure', async () => {
    const errors: string[] = [];
    const folder = await mkdtemp(join(tmpdir(), 'ask-watch-stop-'));
    await writeFile(join(folder, 'install.md'), '# Installing\n\nRun npm install to add the package.\n');
    const stopping = await startTestService({
      contentDir: folder,
      watch: true,
      indexThread: true,
      logger: { info: () => {}, warn: () => {}, error: (message) => errors.push(message) },
    });
    const thread = stopping.index as IndexThread;
    // The re-index is held in the thread (its message never delivered) until the service stops.
    let reading!: () => void;
    const reindexing = new Promise<void>((resolve) => (reading = resolve));
    const post = thread.worker.postMessage.bind(thread.worker);
    thread.worker.postMessage = (message: { type?: string }) => {
      if (message.type === 'loadFolder') reading();
      else post(message);
    };
    await writeFile(join(folder, 'stopping.md'), '# Stopping\n\nA page written as the service stops.\n');
    await reindexing;
    await stopping.close();
    await rm(folder, { recursive: true, force: true });
    assert.deepEqual(errors, []);
  });
});
