import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { request as httpRequest, Agent } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_PORT, type RunningService, startService } from '../../src/server/main.js';
import { createSqliteStore } from '../../src/server/store/sqlite-store.js';
import { type CliProcess, runCli, startCli } from './cli-process.js';
import { damageTable } from './damaged-database.js';
import { FIXTURE_CONTENT } from './service-harness.js';
import { storedAnswer } from './stored-answer.js';

describe('ask-elements serve', () => {
  let dir: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ask-elements-cli-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** Resolves once the CLI has printed something matching `pattern`; fails after 30 s or at its end. */
  const printed = (run: ReturnType<typeof runCli>, pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const streams = [run.child.stdout!, run.child.stderr!];
      const stop = () => {
        clearTimeout(timer);
        for (const stream of streams) stream.off('data', check);
        run.child.off('close', settle);
      };
      // Listeners added after the harness's, so its output already holds each chunk.
      const check = () => {
        if (!pattern.test(run.output())) return;
        stop();
        resolve();
      };
      const settle = () => {
        stop();
        if (pattern.test(run.output())) resolve();
        else reject(new Error(run.output()));
      };
      const timer = setTimeout(settle, 30_000);
      for (const stream of streams) stream.on('data', check);
      // 'close' comes after the last output, where 'exit' may come before it.
      run.child.once('close', settle);
      check();
    });

  /**
   * Runs the CLI where it should refuse to start: stopped, should it start listening instead, so
   * that the test fails on its exit code rather than wait for it.
   */
  const refusedRun = (args: string[], env?: NodeJS.ProcessEnv) => {
    const run = runCli(args, env);
    void printed(run, /Listening/).then(
      () => run.child.kill('SIGTERM'),
      () => undefined,
    );
    return run;
  };

  /** `serve` flags for the fixture content, an in-memory database and a free port. */
  const fixtureOnAnyPort = ['--content', FIXTURE_CONTENT, '--db', ':memory:', '--port', '0'];

  /** Starts the CLI on the fixture content with a config file of one agent, written as `text`. */
  const serveWithConfig = (name: string, text: string) => {
    const config = join(dir, name);
    writeFileSync(config, text);
    return startCli(['--content', FIXTURE_CONTENT, '--db', ':memory:', '--config', config]);
  };
  const oneAgent = (apiKey: string) =>
    JSON.stringify({ projects: [{ id: 'site', agents: [{ id: 'help', apiKey }] }] });
  /** The results of a search for `query` with the demo key. */
  const demoSearchResults = async (url: string, query: string, numDocs: number) =>
    (
      await fetch(`${url}/bot/search`, {
        method: 'POST',
        body: JSON.stringify({ apiKey: 'demo-key', query, numDocs }),
      })
    ).json();
  /** Stops the CLI as a process manager does, and waits for it to end. */
  const stopCli = async (cli: CliProcess) => {
    cli.child.kill('SIGTERM');
    await cli.exited;
  };
  /** Asserts the CLI takes a search with `apiKey` (200), then stops it. */
  const assertSearchTakesKeyThenStop = async (cli: CliProcess, apiKey: string) => {
    try {
      assert.equal((await searchWithKey(cli.url, apiKey)).status, 200);
    } finally {
      await stopCli(cli);
    }
  };
  const searchWithKey = (url: string, apiKey: string) =>
    fetch(`${url}/bot/search`, {
      method: 'POST',
      body: JSON.stringify({ apiKey, query: 'install', numDocs: 1 }),
    });

  it('indexes a folder, reports what it skipped, prints the URL and the demo key, and stops on SIGTERM', async () => {
    const content = join(dir, 'content');
    mkdirSync(join(content, 'guides'), { recursive: true });
    writeFileSync(
      join(content, 'guides', 'start.md'),
      '---\ntitle: Getting started\n---\n\nRun the quick start.\n',
    );
    writeFileSync(
      join(content, 'about.html'),
      '<html><head><title>About</title></head><body><p>About us.</p></body></html>',
    );
    writeFileSync(join(content, 'broken.md'), Buffer.from([0x23, 0x20, 0xff, 0xfe, 0xfd, 0x0a]));
    const cli = await startCli([
      '--content',
      content,
      '--db',
      ':memory:',
      '--site-url',
      'https://docs.example.com',
    ]);
    try {
      const output = cli.output();
      assert.match(output, /Indexed 2 documents from .* in \d+ ms/);
      assert.match(output, /Skipped broken\.md: /);
      assert.match(output, /API key: demo-key \(project "demo", agent "docs"\)/);
      assert.match(cli.url, /^http:\/\/127\.0\.0\.1:\d+$/);

      const health = await fetch(`${cli.url}/api/healthz`);
      assert.deepEqual(await health.json(), { status: 'ok' });
      const results = await demoSearchResults(cli.url, 'quick start', 1);
      assert.equal(results[0].link, 'https://docs.example.com/guides/start');
    } finally {
      cli.child.kill('SIGTERM');
    }
    const { code } = await cli.exited;
    assert.equal(code, 0);
    assert.match(cli.output(), /SIGTERM: finishing requests in flight/);
  });

  it('on SIGTERM answers the question in flight, keeps it, and closes its connection rather than keep it open for more', async () => {
    const db = join(dir, 'stopping.db');
    const cli = await startCli(['--content', FIXTURE_CONTENT, '--db', db, '--quiet']);
    const { hostname, port } = new URL(cli.url);
    // A proxy's pool of kept-alive connections to the service.
    const agent = new Agent({ keepAlive: true });
    const body = JSON.stringify({ apiKey: 'demo-key', query: 'How do I install ask-elements?' });
    try {
      const request = httpRequest({
        hostname,
        port,
        path: '/bot/askai',
        method: 'POST',
        agent,
        // The service's 100 Continue tells that it has the request, before its body is sent.
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Expect: '100-continue',
        },
      });
      const answered = new Promise<{ status?: number; connection?: string; insightId: string }>(
        (resolve, reject) => {
          request.once('error', reject);
          request.once('response', (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.once('end', () =>
              resolve({
                status: response.statusCode,
                connection: response.headers.connection,
                insightId: JSON.parse(text).insightId,
              }),
            );
          });
        },
      );
      await new Promise((resolve) => request.once('continue', resolve));
      cli.child.kill('SIGTERM');
      await printed(cli, /SIGTERM: finishing requests in flight/);
      request.end(body);
      const answer = await answered;
      assert.equal(answer.status, 200);
      // Kept alive, the connection held the stop until the proxy let it go, or 10 s, and took
      // the proxy's next requests meanwhile, to be cut then.
      assert.equal(answer.connection, 'close');
      assert.equal((await cli.exited).code, 0);
      const store = createSqliteStore(db);
      try {
        const kept = await store.analytics({
          projectId: 'demo',
          startMs: 0,
          endMs: Date.now(),
          sort: 'createdAt',
          page: 1,
          limit: 10,
        });
        assert.deepEqual(
          kept.map((record) => record.insightId),
          [answer.insightId],
        );
      } finally {
        await store.close();
      }
    } finally {
      agent.destroy();
      cli.child.kill('SIGKILL');
    }
  });

  it('stops at once on a second Ctrl+C (SIGINT), without waiting for the requests in flight', async () => {
    const cli = await startCli(['--content', FIXTURE_CONTENT, '--db', ':memory:', '--quiet']);
    const { hostname, port } = new URL(cli.url);
    try {
      // A question whose body never comes: in flight until the service cuts it.
      const request = httpRequest({
        hostname,
        port,
        path: '/bot/askai',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': 100, Expect: '100-continue' },
      });
      const cut = new Promise((resolve) => request.once('error', resolve));
      await new Promise((resolve) => request.once('continue', resolve));
      cli.child.kill('SIGINT');
      await printed(cli, /SIGINT: finishing requests in flight/);
      cli.child.kill('SIGINT');
      // As the signal's default ends a process: 128 + 2. It waited the 10 s limit, then exited 0.
      assert.equal((await cli.exited).code, 130);
      assert.match(cli.output(), /SIGINT again: stopping now, without the requests still in flight/);
      await cut;
    } finally {
      cli.child.kill('SIGKILL');
    }
  });

  it(
    'exits with code 1 once its index thread has stopped by a fault, so that a process manager restarts it',
    { skip: availableParallelism() < 2 && 'one core: the index stays in the main thread' },
    async () => {
      // Preloaded in every thread: the index thread throws out of its message handler (as an
      // uncaught fault would end it) when asked to search for this.
      const preload = join(dir, 'fault-in-index-thread.cjs');
      writeFileSync(
        preload,
        `const { isMainThread, parentPort } = require('node:worker_threads');
if (!isMainThread && parentPort) {
  const on = parentPort.on;
  parentPort.on = function (event, listener) {
    if (event !== 'message') return on.call(this, event, listener);
    return on.call(this, event, (message) => {
      if (message?.request?.query === 'fault in the index thread') throw new Error('a fault in the index thread');
      listener(message);
    });
  };
}
`,
      );
      const cli = await startCli(['--content', FIXTURE_CONTENT, '--db', ':memory:', '--quiet'], {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(preload)}`,
      });
      try {
        const search = await fetch(`${cli.url}/bot/search`, {
          method: 'POST',
          body: JSON.stringify({ apiKey: 'demo-key', query: 'fault in the index thread', numDocs: 1 }),
        });
        assert.equal(search.status, 503);
        await printed(cli, /the index thread stopped: .* exiting with code 1/);
        assert.equal((await cli.exited).code, 1);
        assert.match(cli.output(), /The index thread failed Error: a fault in the index thread/);
      } finally {
        cli.child.kill('SIGKILL');
      }
    },
  );

  it('reads a file saved in UTF-16 with its byte order mark, and a page in the charset it declares', async () => {
    const site = join(dir, 'encodings');
    mkdirSync(site, { recursive: true });
    const utf16 = (text: string, bigEndian = false) => {
      const bytes = Buffer.from(`\uFEFF${text}`, 'utf16le');
      return bigEndian ? bytes.swap16() : bytes;
    };
    // As Windows PowerShell 5 (`>`, Out-File) and Notepad's "Unicode" save them.
    writeFileSync(join(site, 'notes.md'), utf16('# Café notes\r\n\r\nThe walrus migrates in spring.\r\n'));
    writeFileSync(join(site, 'tusks.txt'), utf16('Tusks\n\nThe narwhal grows one tusk.\n', true));
    // An older site's built pages, in its legacy charset: Latin-1 (windows-1252 on the web), Shift_JIS.
    writeFileSync(
      join(site, 'menu.html'),
      Buffer.concat([
        Buffer.from('<html><head><meta charset="iso-8859-1"><title>Menu</title></head><body><p>The '),
        Buffer.from([0x93]),
        Buffer.from('jaguar'),
        Buffer.from([0x94]),
        Buffer.from(' special: cr\xe8me br\xfbl\xe9e.</p></body></html>', 'latin1'),
      ]),
    );
    writeFileSync(
      join(site, 'password.html'),
      Buffer.concat([
        Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">'),
        // <title>パスワード</title><p>パスワードを忘れた場合</p>, in Shift_JIS
        Buffer.from('<title>'),
        Buffer.from('83708358838f815b8368', 'hex'),
        Buffer.from('</title></head><body><p>'),
        Buffer.from('83708358838f815b836882f0965982ea82bd8fea8d87', 'hex'),
        Buffer.from('</p></body></html>'),
      ]),
    );
    // A page that says Latin-1 but is written in UTF-8 reads as it did, and Markdown that is
    // not UTF-8 and says nothing is still skipped by name.
    writeFileSync(
      join(site, 'mislabelled.html'),
      '<html><head><meta charset="iso-8859-1"><title>Okapi</title></head><body><p>The okapi’s café.</p></body></html>',
    );
    writeFileSync(join(site, 'latin1.md'), Buffer.from('# Caf\xe9\n\nAbout tapirs.\n', 'latin1'));
    const cli = await startCli(['--content', site, '--db', ':memory:', '--quiet', '--language', 'en']);
    const search = async (query: string) => {
      const response = await fetch(`${cli.url}/bot/search`, {
        method: 'POST',
        body: JSON.stringify({ apiKey: 'demo-key', query, numDocs: 1, returnContent: true }),
      });
      return ((await response.json()) as { title: string; content: string }[])[0];
    };
    try {
      assert.match(cli.output(), /Indexed 5 documents from/);
      assert.match(cli.output(), /Skipped latin1\.md: ERR_ENCODING/);
      assert.equal((await search('walrus'))?.title, 'Café notes');
      assert.equal((await search('narwhal'))?.title, 'Tusks');
      const menu = await search('jaguar');
      assert.equal(menu?.title, 'Menu');
      assert.match(menu?.content ?? '', /The \u201cjaguar\u201d special: crème brûlée\./);
      const password = await search('パスワード');
      assert.equal(password?.title, 'パスワード');
      assert.match(password?.content ?? '', /パスワードを忘れた場合/);
      assert.match((await search('okapi'))?.content ?? '', /The okapi’s café\./);
    } finally {
      await stopCli(cli);
    }
  });

  it('links pages under a site URL written with a space or accents as valid URLs', async () => {
    const site = join(dir, 'spaced-site-url');
    mkdirSync(site, { recursive: true });
    writeFileSync(join(site, 'start.md'), '# Getting started\n\nRun the quick start.\n');
    const cli = await startCli([
      '--content',
      site,
      '--db',
      ':memory:',
      '--quiet',
      '--site-url',
      'https://docs.example.com/my docs/café',
    ]);
    try {
      const results = await demoSearchResults(cli.url, 'quick start', 1);
      assert.equal(results[0].link, 'https://docs.example.com/my%20docs/caf%C3%A9/start');
    } finally {
      await stopCli(cli);
    }
  });

  it('links search results where the generator publishes the pages: Docusaurus docs, Hugo pages, Jekyll pages, posts and documents, a README', async () => {
    const write = (root: string, files: Record<string, string>) => {
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(join(root, path, '..'), { recursive: true });
        writeFileSync(join(root, path), text);
      }
    };
    const docusaurus = join(dir, 'docusaurus-links');
    write(docusaurus, {
      'docusaurus.config.js': 'export default {};\n',
      'docs/02-guides/03-setup.md': '# Setup\n\nInstall the toolkit, then sign in with your key.\n',
      'docs/02-guides/_category_.json': '{ "label": "Guides" }',
      'docs/_install-steps.mdx': 'Install the toolkit: run the installer.\n',
    });
    const jekyll = join(dir, 'jekyll-links');
    write(jekyll, {
      '_config.yml': 'title: Acme blog\ncollections:\n  docs:\n    output: true\n',
      '_docs/setup.md': '---\ntitle: Setup\n---\nRun the toolkit installer, then sign in.\n',
      '_posts/2024-03-05-hello-world.md':
        '---\ntitle: Hello world\n---\nWe released the toolkit installer today.\n',
      'guides/README.md': '# Guides\n\nGuides to the toolkit installer.\n',
      'js/404.md': '# 404 in fetch\n\nA fetch of a missing installer resolves with status 404.\n',
    });
    const hugo = join(dir, 'hugo-links');
    write(hugo, {
      'hugo.toml': "baseURL = 'https://acme.example/'\n",
      'content/guides/First Steps.md': '---\ntitle: First steps\n---\nRun the toolkit installer.\n',
      'content/guides/README.md': '# About the guides\n\nWhy the installer guides exist.\n',
      'content/posts/release/index.md': '---\ntitle: Release\n---\nA new installer is out.\n',
      'content/posts/release/notes.md': '---\ntitle: Notes\n---\nWhat the new installer fixes.\n',
    });
    const links = async (content: string, siteUrl: string) => {
      const cli = await startCli(['--content', content, '--db', ':memory:', '--site-url', siteUrl]);
      try {
        const results = await demoSearchResults(cli.url, 'installer', 10);
        return { links: results.map((result: { link: string }) => result.link).sort(), output: cli.output() };
      } finally {
        await stopCli(cli);
      }
    };
    const docs = await links(join(docusaurus, 'docs'), 'https://acme.example/docs');
    assert.deepEqual(docs.links, ['https://acme.example/docs/guides/setup']);
    assert.match(docs.output, /Skipped _install-steps\.mdx: a partial, which other pages show/);
    const hugoLinks = await links(join(hugo, 'content'), 'https://acme.example');
    assert.deepEqual(hugoLinks.links, [
      'https://acme.example/guides/first-steps/',
      'https://acme.example/guides/readme/',
      'https://acme.example/posts/release/',
    ]);
    assert.match(
      hugoLinks.output,
      /Skipped posts\/release\/notes\.md: a resource of the page posts\/release\/index/,
    );
    assert.match(hugoLinks.output, /Heading anchors as Hugo writes them \(found .*hugo\.toml\)/);
    assert.deepEqual((await links(jekyll, 'https://acme.example')).links, [
      'https://acme.example/2024/03/05/hello-world.html',
      'https://acme.example/docs/setup.html',
      'https://acme.example/guides/',
      'https://acme.example/js/404.html',
    ]);
  });

  it("tells a built site's many pages that aren't pages in one line, and each file it could not read", async () => {
    const site = join(dir, 'built-site');
    mkdirSync(join(site, 'tags'), { recursive: true });
    for (const tag of ['a', 'b', 'c', 'd', 'e'])
      writeFileSync(
        join(site, 'tags', `${tag}.html`),
        `<meta name="robots" content="noindex"><main><p>Pages tagged ${tag}.</p></main>`,
      );
    writeFileSync(join(site, 'old.html'), '<meta http-equiv="refresh" content="0; url=/guide"><p>Moved.</p>');
    writeFileSync(join(site, 'guide.html'), '<title>Guide</title><main><p>The guide.</p></main>');
    writeFileSync(join(site, 'broken.md'), Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]));
    const cli = await startCli(['--content', site, '--db', ':memory:', '--quiet']);
    try {
      const output = cli.output();
      assert.match(
        output,
        /Skipped 5 pages that ask not to be indexed: tags\/a\.html, tags\/b\.html, tags\/c\.html and 2 more\n/,
      );
      assert.doesNotMatch(output, /Skipped tags\/d\.html/);
      assert.match(output, /Skipped old\.html: a redirect to \/guide\n/);
      assert.match(output, /Skipped broken\.md: ERR_ENCODING/);
      assert.match(output, /Indexed 1 document from/);
    } finally {
      await stopCli(cli);
    }
  });

  it('warns that a content folder gave no document, where "Indexed 0 documents" went by as a success', async () => {
    // A folder of the wrong level (the site's repository root of a build's output), or a build not
    // run yet: every search then finds nothing and every answer says it couldn't find one.
    const site = join(dir, 'no-pages');
    mkdirSync(join(site, 'assets'), { recursive: true });
    writeFileSync(join(site, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(site, 'draft.md'), '---\ndraft: true\n---\n\n# Draft\n');
    const cli = await startCli(['--content', site, '--db', ':memory:', '--quiet']);
    try {
      const output = cli.output();
      assert.match(output, /Indexed 0 documents from/);
      assert.match(
        output,
        /No document was indexed from .*no-pages: search will find nothing and every answer will say it found none\. --content takes the folder of the \.md, \.mdx, \.html or \.txt pages/,
      );
      // It still serves: with --watch, pages may come.
      assert.equal((await fetch(`${cli.url}/api/healthz`)).status, 200);
    } finally {
      await stopCli(cli);
    }
  });

  it("writes a file's name that holds line breaks or a terminal's escapes on its one log line, escaped", async () => {
    // A name committed to a docs repository forged a warning of its own in the log, or rewrote a
    // terminal's line.
    const site = join(dir, 'forged-names');
    mkdirSync(site, { recursive: true });
    const invalid = Buffer.from([0x23, 0x20, 0xff, 0xfe, 0x0a]);
    writeFileSync(join(site, 'a\nWARN Database damaged, restore from backup.md'), invalid);
    writeFileSync(join(site, 'b\r\u001b[2Kc.md'), invalid);
    writeFileSync(join(site, 'guide.md'), '# Guide\n\nThe guide.\n');
    const cli = await startCli(['--content', site, '--db', ':memory:', '--quiet']);
    try {
      const output = cli.output();
      assert.match(output, /^Skipped a\\nWARN Database damaged, restore from backup\.md: ERR_ENCODING/m);
      assert.doesNotMatch(output, /^WARN/m);
      assert.match(output, /^Skipped b\\r\\u001b\[2Kc\.md: ERR_ENCODING/m);
      assert.ok(!output.includes('\r') && !output.includes('\u001b'), 'no carriage return or escape');
    } finally {
      await stopCli(cli);
    }
  });

  it("prints no warning with a line of a page's front matter for a YAML tag it doesn't know, and reads the page", async () => {
    // The parser's warning quoted the line, a terminal's escapes and all, and named no file.
    const site = join(dir, 'tagged-front-matter');
    mkdirSync(site, { recursive: true });
    writeFileSync(
      join(site, 'guide.md'),
      '---\ntitle: Otter guide\nhook: !!js/function "\u001b[2KWARN forged"\n---\n\nHow otters swim.\n',
    );
    const cli = await startCli(['--content', site, '--db', ':memory:', '--quiet']);
    try {
      const [result] = await demoSearchResults(cli.url, 'otters swim', 1);
      assert.equal(result.title, 'Otter guide');
      assert.doesNotMatch(cli.output(), /YAMLWarning|forged/);
      assert.ok(!cli.output().includes('\u001b'), 'no escape');
    } finally {
      await stopCli(cli);
    }
  });

  it("links a passage to its heading's anchor as the site's generator writes it, or as --anchors says", async () => {
    const docs = join(dir, 'vitepress-site', 'docs');
    mkdirSync(join(docs, '.vitepress'), { recursive: true });
    writeFileSync(
      join(docs, 'request.md'),
      '# Request\n\n## c.req.param()\n\nRead a path parameter of the URL, such as the id.\n',
    );
    const passageLink = async (args: string[]) => {
      const cli = await startCli(['--content', docs, '--db', ':memory:', '--quiet', ...args]);
      try {
        const answer = await (
          await fetch(`${cli.url}/bot/askai`, {
            method: 'POST',
            body: JSON.stringify({ apiKey: 'demo-key', query: 'How do I read a path parameter?' }),
          })
        ).json();
        return { link: answer.context.passages[0]?.link, output: cli.output() };
      } finally {
        await stopCli(cli);
      }
    };
    const found = await passageLink([]);
    assert.equal(found.link, '/request.html#c-req-param');
    assert.match(found.output, /Heading anchors as VitePress writes them \(found .*\.vitepress\)/);
    // Written as the generator's name is, in any case.
    const told = await passageLink(['--anchors', 'GitHub']);
    assert.equal(told.link, '/request.html#creqparam');
    assert.doesNotMatch(told.output, /Heading anchors as/);
  });

  it("starts when a generator's configuration beside the docs is a pipe, reading it as none", async () => {
    // A pipe named `_config.yml` or `mkdocs.yml` waits for a writer: read, it held the start for
    // good (and, with --watch, the whole service, whose thread reads it at each change).
    const site = join(dir, 'piped-config');
    const docs = join(site, 'docs');
    mkdirSync(docs, { recursive: true });
    writeFileSync(join(docs, 'setup.md'), '# Setup\n\nInstall the otter toolkit with npm.\n');
    execFileSync('mkfifo', [join(docs, '_config.yml')]);
    execFileSync('mkfifo', [join(site, 'mkdocs.yml')]);
    const cli = await startCli(['--content', docs, '--db', ':memory:']);
    try {
      const [result] = await demoSearchResults(cli.url, 'otter toolkit', 1);
      // A MkDocs site whose settings can't be read: its pages linked as MkDocs' defaults link them.
      assert.equal(result.link, '/setup/');
      assert.match(cli.output(), /Heading anchors as MkDocs writes them/);
    } finally {
      await stopCli(cli);
    }
  });

  it('serves the bundled demo documentation without --content', async () => {
    const cli = await startCli(['--db', ':memory:', '--quiet']);
    try {
      const count = Number(/Indexed (\d+) documents/.exec(cli.output())?.[1]);
      assert.ok(count > 0, cli.output());
      assert.match(cli.output(), /demo[/\\]content/);
    } finally {
      cli.child.kill('SIGINT');
    }
    assert.equal((await cli.exited).code, 0);
  });

  it('serves a --static folder at / beside the API', async () => {
    const site = join(dir, 'site');
    mkdirSync(join(site, 'assets'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Demo</title><search-box></search-box>');
    writeFileSync(join(site, 'assets', 'app.js'), 'console.log("demo");');
    writeFileSync(join(site, 'assets', 'main-Bx3kQ9aZ.js'), 'console.log("hashed");');
    writeFileSync(join(site, 'ask-elements.js'), 'console.log("entry");');
    // What a folder holds beside a site: never served.
    writeFileSync(join(site, '.env'), 'SECRET=1');
    mkdirSync(join(site, '.git'));
    writeFileSync(join(site, '.git', 'config'), '[core]');
    mkdirSync(join(site, '.well-known'));
    writeFileSync(join(site, '.well-known', 'security.txt'), 'Contact: mailto:a@example.com');
    const cli = await startCli([
      '--content',
      FIXTURE_CONTENT,
      '--db',
      ':memory:',
      '--static',
      site,
      '--quiet',
    ]);
    try {
      const page = await fetch(`${cli.url}/`);
      assert.equal(page.status, 200);
      assert.match(page.headers.get('content-type') ?? '', /text\/html/);
      assert.match(await page.text(), /<search-box>/);
      const script = await fetch(`${cli.url}/assets/app.js`);
      assert.match(script.headers.get('content-type') ?? '', /javascript/);
      assert.equal(script.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(script.headers.get('cache-control'), 'no-cache');
      const hashed = await fetch(`${cli.url}/assets/main-Bx3kQ9aZ.js`);
      assert.equal(hashed.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      // A name with a hyphen is no hash: the entry a page loads by its name stays revalidated.
      const entry = await fetch(`${cli.url}/ask-elements.js`);
      assert.equal(entry.headers.get('cache-control'), 'no-cache');
      // A site on another origin loads the bundle as a module: allowed as the agents allow (any,
      // by default); a page carries no CORS header.
      const crossOrigin = { headers: { Origin: 'https://docs.example.com' } };
      const module = await fetch(`${cli.url}/ask-elements.js`, crossOrigin);
      assert.equal(module.headers.get('access-control-allow-origin'), '*');
      assert.equal(
        (await fetch(`${cli.url}/`, crossOrigin)).headers.get('access-control-allow-origin'),
        null,
      );
      for (const hidden of ['/.env', '/.git/config', '/%2eenv', '/assets/../.env']) {
        const response = await fetch(`${cli.url}${hidden}`);
        assert.equal(response.status, 404, hidden);
        assert.doesNotMatch(await response.text(), /SECRET|core/, hidden);
      }
      assert.equal((await fetch(`${cli.url}/.well-known/security.txt`)).status, 200);
      assert.equal((await fetch(`${cli.url}/api/healthz`)).status, 200, 'API routes still answer');
      const missing = await fetch(`${cli.url}/assets/missing.js`);
      assert.equal(missing.status, 404);
      assert.equal((await missing.json()).error.code, 'not_found');
      const escape = await fetch(`${cli.url}/..%2f..%2fpackage.json`);
      assert.equal(escape.status, 404, 'no path outside the folder');
    } finally {
      cli.child.kill('SIGTERM');
    }
    await cli.exited;
  });

  it('never serves its own database or config file from a --static folder that holds them', async () => {
    // `--static .` where the service runs: the database (every question, answer and comment) and
    // the config file (its keys) sit in the folder served.
    const site = join(dir, 'site-with-db');
    mkdirSync(join(site, 'docs'), { recursive: true });
    writeFileSync(join(site, 'index.html'), '<!doctype html><title>Site</title>');
    writeFileSync(join(site, 'ask.json'), oneAgent('config-key-in-site-0042'));
    symlinkSync(join(site, 'ask.db'), join(site, 'docs', 'copy.db'));
    const cli = await startCli([
      '--content',
      FIXTURE_CONTENT,
      '--db',
      join(site, 'ask.db'),
      '--config',
      join(site, 'ask.json'),
      '--static',
      site,
      '--quiet',
    ]);
    try {
      const asked = await fetch(`${cli.url}/bot/askai`, {
        method: 'POST',
        body: JSON.stringify({ apiKey: 'config-key-in-site-0042', query: 'How do I install it?' }),
      });
      assert.equal(asked.status, 200);
      for (const path of ['/ask.db', '/ask.db-wal', '/ask.db-shm', '/ask.json', '/docs/copy.db']) {
        const response = await fetch(`${cli.url}${path}`);
        assert.equal(response.status, 404, path);
        assert.equal((await response.json()).error.code, 'not_found', path);
      }
      assert.equal((await fetch(`${cli.url}/`)).status, 200, "the site's own pages are served");
    } finally {
      cli.child.kill('SIGTERM');
    }
    await cli.exited;
  });

  it('never indexes its own config file or database, whatever link in the content folder leads to them', async () => {
    // A docs repository's checkout holds what a contributor committed, links too: a page that is
    // a link to the service's config file had its keys quoted in answers to anyone.
    const service = join(dir, 'linked-secrets');
    const content = join(service, 'docs');
    mkdirSync(content, { recursive: true });
    writeFileSync(join(content, 'start.md'), '# Getting started\n\nRun the quick start.\n');
    writeFileSync(join(service, 'ask.json'), oneAgent('config-key-linked-0042'));
    const db = join(service, 'ask.db');
    const store = createSqliteStore(db);
    await store.saveInsight(
      storedAnswer({
        insightId: 'asked-before',
        conversationId: 'conversation-before',
        projectId: 'site',
        agentId: 'help',
        query: 'Is my account number 8675309 safe here?',
        createdAt: Date.now(),
      }),
    );
    await store.close();
    symlinkSync(join(service, 'ask.json'), join(content, 'keys.md'));
    symlinkSync(join(service, 'ask.json'), join(content, 'keys.txt'));
    symlinkSync(db, join(content, 'questions.txt'));
    const cli = await startCli(['--content', content, '--db', db, '--config', join(service, 'ask.json')]);
    try {
      const ask = async (query: string) => {
        const response = await fetch(`${cli.url}/bot/askai`, {
          method: 'POST',
          body: JSON.stringify({ apiKey: 'config-key-linked-0042', query }),
        });
        assert.equal(response.status, 200);
        // What the service drew from its documents (the question is given back as resolvedQuery).
        const { answer, context } = (await response.json()) as {
          answer: string;
          context: { passages: unknown };
        };
        return answer + JSON.stringify(context.passages);
      };
      assert.doesNotMatch(await ask('What is the apiKey of the agents?'), /config-key-linked-0042/);
      assert.doesNotMatch(await ask('account number 8675309'), /8675309/);
      const found = await fetch(`${cli.url}/bot/search`, {
        method: 'POST',
        body: JSON.stringify({
          apiKey: 'config-key-linked-0042',
          query: 'apiKey projects agents',
          numDocs: 8,
        }),
      });
      assert.deepEqual(
        ((await found.json()) as { link: string }[]).map((result) => result.link),
        [],
        'nothing but the quick start, which says none of these words',
      );
      for (const page of ['keys.md', 'keys.txt', 'questions.txt'])
        assert.match(
          cli.output(),
          new RegExp(`Skipped ${page.replace('.', '\\.')}: the service's own config file or database`),
          page,
        );
      assert.match(cli.output(), /Indexed 1 document\b/);
    } finally {
      await stopCli(cli);
    }
  });

  it('never writes a key from a config file or a request to its log', async () => {
    const cli = await serveWithConfig('config.json', oneAgent('very-secret-key-42'));
    try {
      assert.equal((await searchWithKey(cli.url, 'very-secret-key-42')).status, 200);
      await fetch(`${cli.url}/api/projects/site/analytics?startDate=0&endDate=1`, {
        headers: { authorization: 'Bearer very-secret-key-42' },
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.match(cli.output(), /POST \/bot\/search 200/);
      assert.match(cli.output(), /Agent: project "site", agent "help"/);
      assert.doesNotMatch(cli.output(), /very-secret-key-42/);
    } finally {
      cli.child.kill('SIGTERM');
    }
    await cli.exited;
  });

  it('takes the port from PORT when --port is absent', async () => {
    const { createServer } = await import('node:net');
    const freePort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const run = runCli(['serve', '--content', FIXTURE_CONTENT, '--db', ':memory:'], {
      PORT: String(freePort),
    });
    try {
      await printed(run, /Listening on/);
      assert.match(run.output(), new RegExp(`Listening on http://127\\.0\\.0\\.1:${freePort}\\b`));
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  });

  it('says that --host 0.0.0.0 listens on every address, beside the URL to open here', async () => {
    const run = runCli(['serve', ...fixtureOnAnyPort, '--host', '0.0.0.0']);
    try {
      await printed(run, /Listening on/);
      assert.match(
        run.output(),
        /Listening on http:\/\/127\.0\.0\.1:\d+, and on every address of this machine \(--host 0\.0\.0\.0\)/,
      );
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  });

  it('gives the loopback URL of every spelling of every interface, which connects, and says it is every address', async () => {
    // `http://[::]:…` names no machine (Windows refuses to connect to it), as 0.0.0.0 names none;
    // `0` and `::0` are every interface too, written otherwise.
    const cases = [
      ['::', '[::1]'],
      ['::0', '[::1]'],
      ['0:0:0:0:0:0:0:0', '[::1]'],
      ['0', '127.0.0.1'],
    ] as const;
    for (const [host, loopback] of cases) {
      const lines: string[] = [];
      const log = (line: string) => void lines.push(line);
      let service: RunningService;
      try {
        service = await startService({
          contentDir: FIXTURE_CONTENT,
          dbFile: ':memory:',
          port: 0,
          host,
          env: {},
          logger: { info: log, warn: log, error: log },
        });
      } catch (error) {
        // A machine without IPv6 binds no `::`: nothing to print for it.
        if (host.includes(':') && /EAFNOSUPPORT|EADDRNOTAVAIL/.test(String(error))) continue;
        throw error;
      }
      try {
        const port = new URL(service.url).port;
        assert.equal(service.url, `http://${loopback}:${port}`, host);
        assert.ok(
          lines.includes(
            `Listening on http://${loopback}:${port}, and on every address of this machine (--host ${host})`,
          ),
          lines.join('\n'),
        );
        assert.equal((await fetch(`${service.url}/api/healthz`)).status, 200, host);
      } finally {
        await service.close();
      }
    }
  });

  it('credits HOST, not --host, with every interface when the address came from HOST', async () => {
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    const service = await startService({
      contentDir: FIXTURE_CONTENT,
      dbFile: ':memory:',
      port: 0,
      env: { HOST: '0.0.0.0' },
      logger: { info: log, warn: log, error: log },
    });
    try {
      const port = new URL(service.url).port;
      assert.ok(
        lines.includes(
          `Listening on http://127.0.0.1:${port}, and on every address of this machine (HOST 0.0.0.0)`,
        ),
        lines.join('\n'),
      );
    } finally {
      await service.close();
    }
  });

  it('warns at start of an answer threshold written on a 0–1 scale, and answers as configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ask-elements-threshold-'));
    const configFile = join(dir, 'config.json');
    writeFileSync(
      configFile,
      JSON.stringify({
        projects: [
          {
            id: 'docs',
            agents: [
              { id: 'strict', apiKey: 'strict-key-1', answerThreshold: 0.5 },
              { id: 'plain', apiKey: 'plain-key-1', answerThreshold: 50 },
              { id: 'tiny', apiKey: 'tiny-key-1', answerThreshold: 0.004 },
              { id: 'half', apiKey: 'half-key-1', answerThreshold: 0.555 },
            ],
          },
        ],
      }),
    );
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    const service = await startService({
      contentDir: FIXTURE_CONTENT,
      config: configFile,
      dbFile: ':memory:',
      port: 0,
      env: {},
      logger: { info: log, warn: log, error: log },
    });
    try {
      const warnings = lines.filter((line) => line.includes('answerThreshold'));
      assert.deepEqual(warnings, [
        "Agent strict of project docs: answerThreshold 0.5 is on relevanceScore's 0–100 scale, so it declines almost nothing; for 50%, write 50",
        // The percentage as meant, not rounded to a whole one (0.004 said "for 0%, write 0").
        "Agent tiny of project docs: answerThreshold 0.004 is on relevanceScore's 0–100 scale, so it declines almost nothing; for 0.4%, write 0.4",
        "Agent half of project docs: answerThreshold 0.555 is on relevanceScore's 0–100 scale, so it declines almost nothing; for 55.5%, write 55.5",
      ]);
      assert.equal((await fetch(`${service.url}/api/healthz`)).status, 200);
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`takes an empty PORT and HOST as unset: the default port ${DEFAULT_PORT} on 127.0.0.1, not every interface`, async () => {
    const run = runCli(['serve', '--content', FIXTURE_CONTENT, '--db', ':memory:'], { PORT: '', HOST: '' });
    try {
      // Another program may hold the default port: then the start fails on that port, not on PORT.
      const port = new RegExp(
        `Listening on http://127\\.0\\.0\\.1:${DEFAULT_PORT}\\b|port ${DEFAULT_PORT} on 127\\.0\\.0\\.1 is in use`,
      );
      await printed(run, port);
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  });

  /** `serve` of the fixture content with `--site-url siteUrl`, refused for the URL alone. */
  const serveFixtureAt = (siteUrl: string) => ['serve', '--site-url', siteUrl, ...fixtureOnAnyPort];
  const failures: [string, string[], number, RegExp, NodeJS.ProcessEnv?][] = [
    // Node's own words ("place it at the end of the command after '--'") are for a command that
    // takes arguments: serve says which flag it doesn't know, and the one a typo is near.
    ['an unknown flag', ['serve', '--nope'], 2, /^ask-elements: unknown option --nope\n/],
    // Said without what to write: "a command is required", and "must be an http(s) URL".
    [
      'flags without the command',
      ['--content', 'docs', '--port', '0'],
      2,
      /^ask-elements: a command is required: ask-elements serve --content docs --port 0\n/,
    ],
    [
      'a site URL written as its host',
      ['serve', '--site-url', 'docs.example.com/guides'],
      2,
      /^ask-elements: --site-url must be an http\(s\) URL, got "docs\.example\.com\/guides": write https:\/\/docs\.example\.com\/guides\n/,
    ],
    [
      'a site URL written as localhost and its port',
      ['serve', '--site-url', 'localhost:3000'],
      2,
      /^ask-elements: --site-url must be an http\(s\) URL, got "localhost:3000": write http:\/\/localhost:3000\n/,
    ],
    [
      'a mistyped flag',
      ['serve', '--contnet', 'docs'],
      2,
      /^ask-elements: unknown option --contnet: did you mean --content\?\n/,
    ],
    [
      'a flag written without its dash',
      ['serve', '--keepdays', '3'],
      2,
      /unknown option --keepdays: did you mean --keep-days\?/,
    ],
    // The flags fewest typos away are named, all of them when as near: --port came alone.
    [
      'a flag as near two flags',
      ['serve', '--post', '80'],
      2,
      /unknown option --post: did you mean --port or --host\?/,
    ],
    [
      'a flag two typos from two flags',
      ['serve', '--confnt', 'docs'],
      2,
      /unknown option --confnt: did you mean --content or --config\?/,
    ],
    ['a short flag serve lacks', ['serve', '-p', '3000'], 2, /unknown option -p: did you mean --port\?/],
    [
      'a short flag two flags begin with',
      ['serve', '-c', './docs'],
      2,
      /unknown option -c: did you mean --content or --config\?/,
    ],
    // Node says "Option '--db <value>' argument missing", and the second over three lines.
    ['a flag without its value', ['serve', '--db'], 2, /^ask-elements: --db needs a value: --db FILE\n/],
    [
      'a flag whose value is the next flag',
      ['serve', '--content', '--db', ':memory:'],
      2,
      /^ask-elements: --content needs a value: --content DIR\n/,
    ],
    ['a value given to a switch', ['serve', '--quiet=yes'], 2, /^ask-elements: --quiet takes no value\n/],
    // Node names the letter it stopped at in short flags run together: "-=" of -h=1, "-x" of -hx.
    ['a value given to a short switch', ['serve', '-h=1'], 2, /^ask-elements: -h takes no value\n/],
    ['short flags run together, one unknown', ['serve', '-vx'], 2, /^ask-elements: unknown option -vx\n/],
    // Node read "-1" as a flag ("argument is ambiguous"), and "needs a value" lost its hint.
    [
      'a port below 0',
      ['serve', '--port', '-1'],
      2,
      /^ask-elements: --port must be a number from 0 to 65535, got "-1"\n/,
    ],
    [
      'a value that begins with a dash',
      ['serve', '--db', '-old.db'],
      2,
      /^ask-elements: --db -old\.db: a value that begins with "-" is written --db=-old\.db\n/,
    ],
    // Each checked value is refused for what it is, as written with "=": "write --keep-days=-3"
    // sent the user to a second refusal.
    [
      'a number of days below 1',
      ['serve', '--keep-days', '-3'],
      2,
      /^ask-elements: --keep-days must be a whole number of days from 1 to 36500, got "-3"/,
    ],
    [
      'a language that begins with a dash',
      ['serve', '--language', '-fr'],
      2,
      /^ask-elements: --language must be auto or one of .*, got "-fr"\n/,
    ],
    // -h after --content is the help flag, not a folder named "-h": the folder was left out.
    [
      'a flag whose value is a short flag',
      ['serve', '--content', '-h'],
      2,
      /^ask-elements: --content needs a value: --content DIR\n/,
    ],
    // Node stops at the first unknown letter: here the -x given alone, not the x of -vx after it.
    [
      'an unknown short flag before a run of them',
      ['serve', '-x', '-vx'],
      2,
      /^ask-elements: unknown option -x\n/,
    ],
    // The folder is --content's value: "unknown command "serve ./docs"" named serve, which is known.
    [
      "the documents' folder given as an argument",
      ['serve', './docs'],
      2,
      /^ask-elements: serve takes no argument, got "\.\/docs": the documents' folder is given as --content \.\/docs\n/,
    ],
    [
      // The shell gave "My docs" as one argument: named as it can be typed again, quoted.
      'a folder with a space given as an argument',
      ['serve', 'My docs'],
      2,
      /^ask-elements: serve takes no argument, got "My docs": the documents' folder is given as --content "My docs"\n/,
    ],
    [
      // A glob the shell expanded: no one folder to name.
      'several files given as arguments',
      ['serve', 'docs/a.md', 'docs/b.md'],
      2,
      /^ask-elements: serve takes no argument, got "docs\/a\.md docs\/b\.md": the documents' folder is given as --content FOLDER\n/,
    ],
    [
      'an argument beside --content',
      ['serve', '--content', './docs', 'extra'],
      2,
      /serve takes no argument, got "extra"\n/,
    ],
    ['a missing command', [], 2, /a command is required/],
    ['an unknown command', ['start'], 2, /unknown command "start"/],
    ['a bad port', ['serve', '--port', 'eighty'], 2, /--port must be a number from 0 to 65535/],
    [
      'a PORT that is no number',
      ['serve', '--db', ':memory:'],
      1,
      /PORT must be a number from 0 to 65535, got "abc"/,
      { PORT: 'abc' },
    ],
    [
      'a PORT over 65535',
      ['serve', '--db', ':memory:'],
      1,
      /PORT must be a number .*"70000"/,
      { PORT: '70000' },
    ],
    ['a bad site URL', ['serve', '--site-url', 'docs.example.com'], 2, /--site-url must be an http\(s\) URL/],
    // Every link is the site URL followed by the page's path: after a query or a fragment, the
    // path would be part of it (https://docs.example.com/?lang=en/guides/start).
    [
      'a site URL with a query',
      serveFixtureAt('https://docs.example.com/?lang=en'),
      2,
      /--site-url must not hold a query \('\?'\) or a fragment \('#'\): every link adds the page's path to it, got "https:\/\/docs\.example\.com\/\?lang=en"/,
    ],
    [
      'a site URL with a fragment',
      serveFixtureAt('https://docs.example.com/docs#top'),
      2,
      /--site-url must not hold a query/,
    ],
    [
      'a site URL ending in a bare ?',
      serveFixtureAt('https://docs.example.com/?'),
      2,
      /--site-url must not hold a query/,
    ],
    // Written into every link a visitor sees.
    [
      'a site URL with a password',
      serveFixtureAt('https://editor:secret@docs.example.com/'),
      2,
      /--site-url must not hold a user name or password: every visitor sees it in the links/,
    ],
    [
      'an unknown anchor style',
      ['serve', '--anchors', 'hugo'],
      2,
      /--anchors must be one of github, vitepress, mkdocs, got "hugo"/,
    ],
    [
      'a --db that cannot be opened (a folder)',
      // Port 0: a service already on the default port would be refused first, masking the database.
      ['serve', '--content', FIXTURE_CONTENT, '--db', FIXTURE_CONTENT, '--port', '0'],
      1,
      /database .*fixtures\/content\/?: it is a folder: give --db a file, such as ask-elements\.db in that folder/,
    ],
    // SQLite said "unable to open database file" alone, naming neither the flag nor what to do.
    [
      'a --db where no file can be created (/proc)',
      ['serve', '--content', FIXTURE_CONTENT, '--db', '/proc/ask-elements.db', '--port', '0'],
      1,
      /database \/proc\/ask-elements\.db: no database can be opened or created there \(unable to open database file\): give --db a file in a folder that the user the service runs as may write/,
    ],
    // Node's recursive mkdirSync looped for ever on the folder that /proc can't hold.
    [
      'a --db in a folder that cannot be made (/proc)',
      ['serve', '--content', FIXTURE_CONTENT, '--db', '/proc/no-such-folder/ask-elements.db', '--port', '0'],
      1,
      /database \/proc\/no-such-folder\/ask-elements\.db: no database can be opened or created there \(ENOENT\): give --db a file/,
    ],
    [
      'a missing content folder',
      ['serve', '--content', '/no/such/folder', '--db', ':memory:'],
      1,
      /content folder .* does not exist/,
    ],
    [
      'a content file instead of its folder',
      ['serve', '--content', `${FIXTURE_CONTENT}guides/install.md`, '--db', ':memory:'],
      1,
      /content folder .*install\.md is a file: give the folder that holds the documents/,
    ],
    [
      'a --static file instead of its folder',
      [
        'serve',
        '--content',
        FIXTURE_CONTENT,
        '--static',
        `${FIXTURE_CONTENT}guides/install.md`,
        '--db',
        ':memory:',
      ],
      1,
      /static folder .*install\.md is a file: give the folder to serve at \//,
    ],
  ];
  for (const [name, args, code, message, env] of failures) {
    it(`exits ${code} with a clear message for ${name}`, async () => {
      const run = refusedRun(args, env);
      const exit = await run.exited;
      assert.equal(exit.code, code, run.output());
      assert.match(run.output(), message);
    });
  }

  it('refuses a database it cannot open and a port in use before it reads the content', async () => {
    const busy = createNetServer();
    await new Promise<void>((resolveListen) => busy.listen(0, '127.0.0.1', resolveListen));
    const { port } = busy.address() as AddressInfo;
    try {
      const badDb = runCli(['serve', '--content', FIXTURE_CONTENT, '--db', FIXTURE_CONTENT]);
      assert.equal((await badDb.exited).code, 1);
      assert.doesNotMatch(badDb.output(), /Indexed/);
      const portInUse = runCli([
        'serve',
        '--content',
        FIXTURE_CONTENT,
        '--db',
        ':memory:',
        '--port',
        String(port),
      ]);
      assert.equal((await portInUse.exited).code, 1);
      assert.match(
        portInUse.output(),
        new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use by another program`),
      );
      assert.doesNotMatch(portInUse.output(), /Indexed/);
    } finally {
      busy.close();
    }
  });

  it('says a port held by an ask-elements service already running is held by one, not by "another program"', async () => {
    // A service started before (under npx, whose stop never reaches it, or in another terminal)
    // was told as "in use by another program", and the owner looked for another program.
    const first = await startCli(['--content', FIXTURE_CONTENT, '--db', ':memory:', '--quiet']);
    try {
      const { port } = new URL(first.url);
      const second = refusedRun(['serve', '--content', FIXTURE_CONTENT, '--db', ':memory:', '--port', port]);
      assert.equal((await second.exited).code, 1, second.output());
      assert.match(
        second.output(),
        new RegExp(
          `port ${port} on 127\\.0\\.0\\.1 is in use by an ask-elements service already running .*: stop that one, or give another port with --port or PORT`,
        ),
      );
      assert.doesNotMatch(second.output(), /Indexed/);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });

  it('refuses a database whose pages are damaged though its header is intact, naming it', async () => {
    // A disk fault, or a copy taken mid-write: the file opened, every question then failed with a
    // 500, and health said ok.
    const db = join(dir, 'damaged.db');
    await createSqliteStore(db).close();
    damageTable(db, 'insights');
    const run = refusedRun(['serve', '--content', FIXTURE_CONTENT, '--db', db, '--port', '0']);
    assert.equal((await run.exited).code, 1, run.output());
    assert.match(
      run.output(),
      /database .*damaged\.db is damaged \(SQLite's quick check: .+\): restore it from a backup/,
    );
    assert.doesNotMatch(run.output(), /Listening/);
  });

  it("says to rebuild SQLite when better-sqlite3 is installed but not built, in place of the loader's dozen paths", async () => {
    // As after `npm install --ignore-scripts`, or a package manager that runs only the install
    // scripts allowed: the real `bindings` loader, looking in a folder with no build, throws
    // "Could not locate the bindings file. Tried:" and a dozen paths, which said nothing to do.
    const unbuilt = join(dir, 'unbuilt-sqlite');
    mkdirSync(unbuilt, { recursive: true });
    const preload = join(dir, 'unbuilt-sqlite.cjs');
    writeFileSync(
      preload,
      `const Module = require('node:module');
const fromSqlite = Module.createRequire(require.resolve('better-sqlite3', { paths: [process.cwd()] }));
const path = fromSqlite.resolve('bindings');
const bindings = fromSqlite('bindings');
const unbuiltBindings = new Module(path);
unbuiltBindings.filename = path;
unbuiltBindings.loaded = true;
unbuiltBindings.exports = (name) => bindings({ bindings: name, module_root: ${JSON.stringify(unbuilt)} });
require.cache[path] = unbuiltBindings;
`,
    );
    const run = refusedRun(['serve', ...fixtureOnAnyPort], { NODE_OPTIONS: `--require ${preload}` });
    assert.equal((await run.exited).code, 1, run.output());
    assert.match(
      run.output(),
      /^ask-elements: SQLite's native module, better-sqlite3, is installed but not built: its install script did not run \(npm install --ignore-scripts, or a package manager that runs only the install scripts allowed\): run npm rebuild better-sqlite3 in the service's folder, then start the service again\n$/,
    );
  });

  it('refuses a host that is no address of this machine before it reads the content, naming where it came from', async () => {
    // `.invalid` never resolves (RFC 2606); 192.0.2.1 is a documentation address no machine holds.
    for (const [args, env, written] of [
      [['--host', 'docs.invalid'], {}, '--host docs.invalid'],
      [[], { HOST: 'docs.invalid' }, 'HOST docs.invalid'],
      [['--host', '192.0.2.1', '--port', '0'], {}, '--host 192.0.2.1'],
    ] as [string[], NodeJS.ProcessEnv, string][]) {
      const run = runCli(['serve', '--content', FIXTURE_CONTENT, '--db', ':memory:', ...args], env);
      assert.equal((await run.exited).code, 1, run.output());
      assert.match(
        run.output(),
        new RegExp(`ask-elements: ${written} is no address this machine can listen on`),
      );
      assert.doesNotMatch(run.output(), /Indexed/);
    }
  });

  it('tells a host written with its port or as a URL to give the address alone, and the port on its own', async () => {
    // `--host localhost:8080` was "no address this machine can listen on … give one of its
    // addresses, 127.0.0.1, or 0.0.0.0 for all", as if localhost were none.
    const cases: [string[], NodeJS.ProcessEnv, string][] = [
      [
        ['--host', 'localhost:8080'],
        {},
        '--host localhost:8080 .*: give the address alone, --host localhost, and the port with --port 8080$',
      ],
      [
        ['--host', 'http://0.0.0.0/'],
        {},
        '--host http://0\\.0\\.0\\.0/ .*: give the address alone, --host 0\\.0\\.0\\.0$',
      ],
      [
        [],
        { HOST: 'http://[::1]:9000' },
        'HOST http://\\[::1\\]:9000 .*: give the address alone, HOST=::1, and the port with PORT=9000$',
      ],
    ];
    await Promise.all(
      cases.map(async ([args, env, message]) => {
        const run = refusedRun(['serve', '--content', FIXTURE_CONTENT, '--db', ':memory:', ...args], env);
        assert.equal((await run.exited).code, 1, run.output());
        assert.match(run.output(), new RegExp(`^ask-elements: ${message}`, 'm'));
        assert.doesNotMatch(run.output(), /Indexed/);
      }),
    );
  });

  it('refuses a config file with a bad field, naming it', async () => {
    const config = join(dir, 'bad-config.json');
    writeFileSync(
      config,
      JSON.stringify({ projects: [{ id: 'site', agents: [{ id: 'help', apiKey: 'short' }] }] }),
    );
    const run = runCli(['serve', '--config', config, '--db', ':memory:']);
    assert.equal((await run.exited).code, 1);
    assert.match(
      run.output(),
      /config file .*bad-config\.json: projects\.0\.agents\.0\.apiKey: must be at least 8 characters/,
    );
  });

  it('refuses a config file a site owner got wrong, saying what to correct, before reading the content', async () => {
    // Each was told in words that left the owner to find the mistake: Node's "ENOENT: no such
    // file or directory, open …" and "EISDIR: illegal operation on a directory", "Unexpected end
    // of JSON input" for an empty file, "Unexpected token '/'" for a comment, and "projects: must
    // be an array, got nothing" for a file that had them, written "project".
    const agents = '"agents": [{ "id": "site", "apiKey": "site-key-0042" }]';
    const cases: [string, string | undefined, RegExp][] = [
      [
        'no-such-config.json',
        undefined,
        /config file no-such-config\.json: does not exist \(looked for \/\S+\/no-such-config\.json\)$/m,
      ],
      ['.', undefined, /config file \.: is a folder: give the JSON file, such as ask-elements\.json$/m],
      [
        'empty.json',
        '\n',
        /config file \S+empty\.json: is empty: write its projects, each with its agents and keys$/m,
      ],
      [
        'commented.json',
        `{\n  // the docs site\n  "projects": [{ "id": "docs", ${agents} }]\n}\n`,
        /config file \S+commented\.json: is not valid JSON \(.*line 2, column 3\): JSON holds no comments: remove them$/m,
      ],
      [
        'trailing-comma.json',
        `{\n  "projects": [\n    { "id": "docs", ${agents} },\n  ]\n}\n`,
        /config file \S+trailing-comma\.json: is not valid JSON \(.*line 4, column 3\): the comma before this \] ends nothing: remove it$/m,
      ],
      [
        'project.json',
        `{ "project": [{ "id": "docs", ${agents} }] }`,
        /config file \S+project\.json: \(root\): "project" is no field: write it projects$/m,
      ],
      [
        'agent.json',
        '{ "projects": [{ "id": "docs", "agent": [{ "id": "site", "apiKey": "site-key-0042" }] }] }',
        /config file \S+agent\.json: projects\.0: "agent" is no field: write it agents$/m,
      ],
    ];
    await Promise.all(
      cases.map(async ([name, text, message]) => {
        const config = text === undefined ? name : join(dir, name);
        if (text !== undefined) writeFileSync(config, text);
        const run = refusedRun(['serve', '--config', config, ...fixtureOnAnyPort]);
        assert.equal((await run.exited).code, 1, run.output());
        assert.match(run.output(), message);
        assert.doesNotMatch(run.output(), /Indexed/);
      }),
    );
  });

  it('refuses a config file that writes a key twice, naming it, where JSON.parse would keep the last', async () => {
    // An agent block copied and edited: its second "public" would silently turn the first off.
    const config = join(dir, 'twice-config.json');
    writeFileSync(
      config,
      [
        '{',
        '  "projects": [{ "id": "site", "agents": [',
        '    { "id": "help", "apiKey": "first-key-0001" },',
        '    { "id": "widget", "public": true, "allowedOrigins": ["*"],',
        '      "public": false, "apiKey": "second-key-0002" }',
        '  ] }]',
        '}',
      ].join('\n'),
    );
    const run = refusedRun(['serve', '--config', config, '--db', ':memory:', '--port', '0']);
    assert.equal((await run.exited).code, 1);
    assert.match(
      run.output(),
      /config file .*twice-config\.json: projects\.0\.agents\.1\.public: written twice \(line 5\)/,
    );
    assert.doesNotMatch(run.output(), /Listening/);
    // The same name in two objects is no duplicate: this file starts.
    const cli = await serveWithConfig(
      'two-agents.json',
      JSON.stringify({
        projects: [
          {
            id: 'site',
            agents: [
              { id: 'a', apiKey: 'key-of-a-0001' },
              { id: 'b', apiKey: 'key-of-b-0002' },
            ],
          },
        ],
      }),
    );
    await assertSearchTakesKeyThenStop(cli, 'key-of-b-0002');
  });

  it("refuses an agent key whose variable ends with its file's line break, naming it", async () => {
    // A Kubernetes or Docker secret made from a file keeps the file's last line break: the key
    // the pages send has none, and every search would be 401 "apiKey is not valid".
    const config = join(dir, 'env-key.json');
    writeFileSync(
      config,
      JSON.stringify({ projects: [{ id: 'site', agents: [{ id: 'help', apiKeyEnv: 'HELP_KEY' }] }] }),
    );
    const run = refusedRun(['serve', '--config', config, '--db', ':memory:', '--port', '0'], {
      HELP_KEY: 'help-secret-0042\n',
    });
    assert.equal((await run.exited).code, 1);
    assert.match(
      run.output(),
      /config file .*env-key\.json: projects\.0\.agents\.0\.apiKeyEnv: environment variable HELP_KEY starts or ends with a space or line break/,
    );
    assert.doesNotMatch(run.output(), /help-secret/);
    // Written in the file, the same.
    const written = join(dir, 'written-key.json');
    writeFileSync(
      written,
      JSON.stringify({ projects: [{ id: 'site', agents: [{ id: 'help', apiKey: ' help-secret-0042' }] }] }),
    );
    const writtenRun = refusedRun(['serve', '--config', written, '--db', ':memory:', '--port', '0']);
    assert.equal((await writtenRun.exited).code, 1);
    assert.match(
      writtenRun.output(),
      /projects\.0\.agents\.0\.apiKey: must not start or end with a space or line break/,
    );
  });

  it('reads a config file saved with a UTF-8 byte order mark', async () => {
    const cli = await serveWithConfig('bom-config.json', `\uFEFF${oneAgent('bom-config-key')}`);
    await assertSearchTakesKeyThenStop(cli, 'bom-config-key');
  });

  it('refuses an empty --content, --db, --config, --static or --host, as a variable left unset gives', async () => {
    // `--content "$DOCS"` with DOCS unset: the working folder would be indexed and searchable
    // whole, `--db ""` a temporary database deleted at exit, logged as the working folder, and
    // `--host ""` 127.0.0.1 alone, out of reach of the machines `--host "$BIND"` was for.
    for (const flag of ['--content', '--db', '--config', '--static', '--host']) {
      const args = ['serve', '--port', '0', '--content', FIXTURE_CONTENT, '--db', ':memory:'];
      const run = refusedRun([...args, flag, '']);
      assert.equal((await run.exited).code, 2, flag);
      assert.match(
        run.output(),
        new RegExp(`ask-elements: ${flag} is empty: give (a file|a folder|an address)`),
        flag,
      );
      assert.doesNotMatch(run.output(), /Indexed|Database:/, flag);
    }
  });

  it('refuses a --keep-days that is no whole number of days from 1 to 36500, naming it', async () => {
    const args = ['serve', '--port', '0', '--content', FIXTURE_CONTENT, '--db', ':memory:'];
    const runs = ['0', '-30', '1.5', '90d', '36501', ''].map((days) => ({
      days,
      run: refusedRun([...args, `--keep-days=${days}`]),
    }));
    for (const { days, run } of runs) {
      assert.equal((await run.exited).code, 2, days);
      assert.match(
        run.output(),
        new RegExp(`ask-elements: --keep-days must be a whole number of days from 1 to 36500, got "${days}"`),
        days,
      );
      assert.doesNotMatch(run.output(), /Indexed|Database:/, days);
    }
  });

  it("deletes at start what is older than --keep-days, which wins over the config file's keepDays", async () => {
    const db = join(dir, 'keep-days.db');
    const store = createSqliteStore(db);
    const now = Date.now();
    for (const [id, daysAgo] of [
      ['ten-days-ago', 10],
      ['three-days-ago', 3],
    ] as const)
      await store.saveInsight(
        storedAnswer({
          insightId: id,
          conversationId: `conversation-${id}`,
          projectId: 'site',
          agentId: 'help',
          createdAt: now - daysAgo * 86_400_000,
        }),
      );
    await store.close();
    const config = join(dir, 'keep-days.json');
    writeFileSync(
      config,
      JSON.stringify({
        projects: [{ id: 'site', agents: [{ id: 'help', apiKey: 'keep-days-key' }] }],
        keepDays: 30,
      }),
    );
    const cli = await startCli([
      '--content',
      FIXTURE_CONTENT,
      '--db',
      db,
      '--config',
      config,
      '--keep-days',
      '7',
    ]);
    try {
      await printed(cli, /Deleted 1 question/);
      assert.match(
        cli.output(),
        /Keeping questions, feedback and searches for 7 days: older ones are deleted now and every hour/,
      );
      assert.match(
        cli.output(),
        /Deleted 1 question \(0 with feedback\), 1 conversation and 0 searches older than 7 days/,
      );
      const vote = (insightId: string) =>
        fetch(`${cli.url}/bot/feedback`, {
          method: 'POST',
          body: JSON.stringify({ apiKey: 'keep-days-key', insightId, feedback: 1 }),
        });
      assert.equal((await vote('ten-days-ago')).status, 404);
      assert.equal((await vote('three-days-ago')).status, 200);
    } finally {
      cli.child.kill('SIGTERM');
    }
    assert.equal((await cli.exited).code, 0);
  });

  it('prints its usage with --help, whose flags are those the CLI page and the README document', async () => {
    const run = runCli(['--help']);
    assert.equal((await run.exited).code, 0);
    for (const flag of ['--content', '--site-url', '--port', '--db', '--config', '--keep-days', '--static']) {
      assert.ok(run.output().includes(flag), flag);
    }
    // The help's options (`  --content DIR`, `  -h, --help`), and the flags the docs list: in
    // each page's synopsis (`[--port N]`) and in its table of flags (`| \`--port N\` |`).
    const flags = (text: string, pattern: RegExp) =>
      [...new Set([...text.matchAll(pattern)].map((match) => match[1]!))].sort();
    const help = flags(run.output(), /^ {2}(?:-\w, )?(--[a-z-]+)/gm);
    const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
    const cliPage = read('demo/content/service/cli.md');
    const readme = read('README.md');
    const synopsis = (text: string) => /ask-elements serve \[[^`]*?\n```/.exec(text)?.[0] ?? '';
    const withoutHelp = help.filter((flag) => flag !== '--help' && flag !== '--version');
    assert.deepEqual(flags(cliPage, /^\| `(?:-\w`, `)?(--[a-z-]+)/gm), help, 'the flags table of cli.md');
    assert.deepEqual(flags(synopsis(cliPage), /\[(--[a-z-]+)/g), withoutHelp, 'the synopsis of cli.md');
    assert.deepEqual(flags(readme, /^\| `(--[a-z-]+)/gm), withoutHelp, 'the flags table of the README');
    assert.deepEqual(flags(synopsis(readme), /\[(--[a-z-]+)/g), withoutHelp, 'the synopsis of the README');
  });

  it("prints the package's version with --version", async () => {
    const run = runCli(['--version']);
    assert.equal((await run.exited).code, 0);
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    assert.equal(run.output().trim(), manifest.version);
  });
});
