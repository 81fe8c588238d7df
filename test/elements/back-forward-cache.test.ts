/**
 * The elements never cost their page the browser's back/forward cache: in every state a visitor
 * can leave them in (results open, the search dialog, an answer, `persist`, an answer on its way,
 * the reason form), the page comes back from the cache when they go Back, and works on. Driven in
 * Debian's Chromium through playwright-core (the web test runner may not navigate its own page),
 * with the cache on (Playwright turns it off by default), against the reference service behind a
 * small front server that serves the pages and can hold the answers back.
 * `Page.backForwardCacheNotUsed` names why a page was not kept. Built by `npm run build` first.
 */
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { quietLogger } from '../../src/server/logger.js';
import { startService, type RunningService } from '../../src/server/main.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css' };

/** The elements of each page, alone: loaded by the script tag (`tag-…`) or a bundle of the npm package (`npm-…`). */
const ELEMENTS: Record<string, string> = {
  search: '<search-box></search-box>',
  dialog: '<search-box variant="button"></search-box>',
  chat: '<ask-chat></ask-chat>',
  persist: '<ask-chat persist></ask-chat>',
  reasons: '<ask-chat feedback-reason></ask-chat>',
};
const pageOf = (body: string, script: string) =>
  `<!doctype html><html lang="en"><title>page</title><body data-ask-api-key="demo-key">${body}<script type="module" src="${script}"></script>`;

/** What the front server was asked for /bot/askai: each request, held while `holding`. */
interface Asks {
  holding: boolean;
  received: { query: string; closed: Promise<void>; release: () => void }[];
}

describe('the back/forward cache', () => {
  let service: RunningService;
  let front: Server;
  let origin: string;
  let browser: Browser;
  let npmBundle: Map<string, string>;
  const asks: Asks = { holding: false, received: [] };
  const waiters = new Set<() => void>();
  const changed = () => waiters.forEach((wake) => wake());
  /** Resolves once `check` holds, checked at each request to the front server. */
  const until = (check: () => boolean) =>
    new Promise<void>((resolve) => {
      const wake = () => check() && (waiters.delete(wake), resolve());
      waiters.add(wake);
      wake();
    });

  async function proxy(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url!.startsWith('/bot/askai')) {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const closed = new Promise<void>((resolve) => response.once('close', resolve));
      const { query } = JSON.parse(Buffer.concat(chunks).toString()) as { query: string };
      asks.received.push({ query, closed, release });
      changed();
      if (asks.holding) await released;
    }
    const answer = await fetch(service.url + request.url, {
      method: request.method,
      headers: { 'content-type': 'application/json' },
      body: request.method === 'GET' ? undefined : Buffer.concat(chunks),
    });
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(Buffer.from(await answer.arrayBuffer()));
  }

  function serve(request: IncomingMessage, response: ServerResponse): void {
    const path = decodeURIComponent(new URL(request.url!, 'http://front').pathname);
    if (path.startsWith('/bot/') || path.startsWith('/api/')) {
      proxy(request, response).catch(() => response.destroy());
      return;
    }
    const [, kind, name] = /^\/page\/(tag|npm)-(\w+)/.exec(path) ?? [];
    let body: string | Buffer | undefined;
    if (kind && name && ELEMENTS[name])
      body = pageOf(ELEMENTS[name], kind === 'tag' ? '/dist/ask-elements.js' : '/npm/stdin.js');
    else if (path === '/away') body = '<!doctype html><title>away</title><p>Another page';
    else if (path.startsWith('/npm/')) body = npmBundle.get(path.slice(5));
    else {
      const file = join(
        ROOT,
        path.startsWith('/dist/') ? path : `dist/demo${path === '/' ? '/index.html' : path}`,
      );
      body = statSync(file, { throwIfNoEntry: false })?.isFile() ? readFileSync(file) : undefined;
    }
    const type = TYPES[extname(path)] ?? 'text/html';
    if (body === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': type }).end(body);
  }

  before(async () => {
    const bundle = await build({
      stdin: {
        contents: `import './dist/define.js';`,
        resolveDir: ROOT,
        sourcefile: 'page.ts',
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      splitting: true,
      outdir: join(ROOT, 'bfcache-out'), // never written (write: false)
      write: false,
      logLevel: 'silent',
    });
    npmBundle = new Map(bundle.outputFiles.map((file) => [file.path.split('/').pop()!, file.text]));
    service = await startService({ port: 0, dbFile: ':memory:', logger: quietLogger });
    front = createServer(serve);
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      // Chromium puts a page out of the cache when a request of its runs over a minute there: one
      // second here, for the answer left on its way.
      args: [
        ...CHROMIUM_ARGS,
        '--enable-features=LoadingTasksUnfreezable:grace_period_to_finish_loading_in_seconds/1',
      ],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => front?.close(resolve));
    await service?.close();
  });

  /**
   * Opens `path`, brings it into a state with `act`, goes to another page (`away`, where `there`
   * runs) and Back: whether the page came back from the cache, and why not.
   */
  async function leaveAndComeBack(
    path: string,
    act: (page: Page) => Promise<void>,
    { away = '/away', there = async (_page: Page) => {} } = {},
  ): Promise<{ page: Page; cached: boolean; reasons: string[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.enable');
    const reasons: string[] = [];
    cdp.on('Page.backForwardCacheNotUsed', ({ notRestoredExplanations }) =>
      reasons.push(...notRestoredExplanations.map((explanation) => explanation.reason)),
    );
    await page.goto(origin + path);
    await act(page);
    await page.evaluate(() => Object.assign(globalThis, { beforeLeaving: true }));
    await page.goto(origin + away);
    await there(page);
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState === 'complete');
    const cached = await page.evaluate(() => 'beforeLeaving' in globalThis);
    return { page, cached, reasons };
  }

  /** Waits until the page has the code an element loads once used (`part` of a chunk's name). */
  const loaded = async (page: Page, part: string) => {
    await page.waitForFunction(
      (name) => performance.getEntriesByType('resource').some((entry) => entry.name.includes(name)),
      part,
    );
  };
  const results = async (page: Page, query = 'theme') => {
    await page.locator('search-box input').first().fill(query);
    await page.locator('search-box [role="option"]').first().waitFor();
  };
  const ask = async (page: Page, question: string, nth = 0) => {
    await page.locator('ask-chat textarea').fill(question);
    await page.locator('ask-chat textarea').press('Enter');
    await page.locator('ask-chat .answer-body').nth(nth).waitFor();
  };
  const questions = (page: Page) => page.locator('ask-chat [part~="question"]').allInnerTexts();
  /** Asks the chat "How do I install it?" as a visitor does, until the service has the question. */
  const askHeld = async (page: Page) => {
    await page.locator('ask-chat textarea').fill('How do I install it?');
    await page.locator('ask-chat textarea').press('Enter');
    await until(() => asks.received.length === 1);
  };

  const states: [string, string, (page: Page) => Promise<void>][] = [];
  for (const kind of ['tag', 'npm'])
    states.push(
      [`${kind}: the search box idle`, `/page/${kind}-search`, (page) => loaded(page, 'search-controller')],
      [`${kind}: results open`, `/page/${kind}-search`, (page) => results(page)],
      [
        `${kind}: the search dialog open`,
        `/page/${kind}-dialog`,
        async (page) => {
          await page.locator('search-box [part~="button"]').click();
          await page.locator('search-box dialog[open] input').fill('theme');
          await page.locator('search-box [role="option"]').first().waitFor();
        },
      ],
      [`${kind}: the chat idle`, `/page/${kind}-chat`, (page) => loaded(page, 'chat-behaviour')],
      [`${kind}: an answer shown`, `/page/${kind}-chat`, (page) => ask(page, 'How do I install it?')],
      [
        `${kind}: persist, an answer shown`,
        `/page/${kind}-persist`,
        (page) => ask(page, 'How do I install it?'),
      ],
      [
        `${kind}: the reason form open`,
        `/page/${kind}-reasons`,
        async (page) => {
          await ask(page, 'How do I install it?');
          await page.locator('ask-chat [part~="down-button"]').click();
          await page.locator('ask-chat [part~="reason-form"]').waitFor();
        },
      ],
    );
  states.push([
    'the demo, with an answer (persist) and results open',
    '/',
    async (page) => {
      await ask(page, 'How do I add the search box to my site?');
      await results(page);
    },
  ]);

  for (const [name, path, act] of states)
    it(`keeps the page, ${name}`, async () => {
      const { page, cached, reasons } = await leaveAndComeBack(path, act);
      assert.deepEqual({ cached, reasons }, { cached: true, reasons: [] });
      if (path.includes('search') || path === '/') {
        // The search answers as the visitor types, back from the cache.
        await page.locator('search-box input').first().fill('rate limit');
        await page.waitForFunction(() => {
          const box = document.querySelector('search-box')!.shadowRoot!;
          return /rate limit/i.test(box.querySelector('[role="option"]')?.textContent ?? '');
        });
      }
      await page.context().close();
    });

  it('a chat that keeps its conversation stays cached while the next page’s chat reads it, and shows what was asked there', async () => {
    const { page, cached, reasons } = await leaveAndComeBack(
      '/page/tag-persist',
      (page) => ask(page, 'How do I install it?'),
      {
        // The next page's chat restores the conversation (telling the other tabs' chats, on their
        // channel, that it holds it), and the visitor asks there too.
        away: '/page/npm-persist',
        there: async (page) => {
          await page.locator('ask-chat .answer-body').first().waitFor();
          await ask(page, 'Which events does the chat fire?', 1);
        },
      },
    );
    assert.deepEqual({ cached, reasons }, { cached: true, reasons: [] });
    await page.waitForFunction(
      () => document.querySelector('ask-chat')!.shadowRoot!.querySelectorAll('.answer-body').length === 2,
    );
    assert.deepEqual(await questions(page), ['How do I install it?', 'Which events does the chat fire?']);
    // Its next question follows both, and the saved conversation keeps all three.
    await ask(page, 'How do I theme it?', 2);
    await page.reload();
    await page.locator('ask-chat .answer-body').nth(2).waitFor();
    assert.deepEqual(await questions(page), [
      'How do I install it?',
      'Which events does the chat fire?',
      'How do I theme it?',
    ]);
    await page.context().close();
  });

  it('a question whose answer is on its way as the visitor leaves is asked again when they come back', async () => {
    asks.received = [];
    asks.holding = true;
    const { page, cached, reasons } = await leaveAndComeBack(
      '/page/tag-chat',
      askHeld,
      // Left while the service still thinks: the request ends (cancelled as the page leaves, or
      // with the page put out of the cache past Chromium's limit).
      { there: () => asks.received[0]!.closed },
    );
    asks.holding = false;
    for (const { release } of asks.received) release();
    assert.deepEqual({ cached, reasons }, { cached: true, reasons: [] });
    await page.locator('ask-chat .answer-body').waitFor();
    assert.deepEqual(await questions(page), ['How do I install it?']);
    assert.equal(asks.received.length, 2, 'asked again once');
    assert.equal(await page.locator('ask-chat [part~="retry-button"]').count(), 0);
    assert.equal(await page.locator('ask-chat textarea').inputValue(), '');
    await page.context().close();
  });

  it('a question asked in code, waiting for the answer on its way as the visitor leaves, is asked when they come back, after it', async () => {
    asks.received = [];
    asks.holding = true;
    const { page, cached, reasons } = await leaveAndComeBack(
      '/page/tag-chat',
      async (page) => {
        await askHeld(page);
        // Waits for the answer, in the input meanwhile.
        await page.evaluate(() => {
          const chat = document.querySelector('ask-chat') as HTMLElement & {
            askQuestion(query: string): unknown;
          };
          void chat.askQuestion('Which events does the chat fire?');
        });
        await page.waitForFunction(
          () =>
            document.querySelector('ask-chat')!.shadowRoot!.querySelector('textarea')!.value ===
            'Which events does the chat fire?',
        );
      },
      { there: () => asks.received[0]!.closed },
    );
    asks.holding = false;
    for (const { release } of asks.received) release();
    assert.deepEqual({ cached, reasons }, { cached: true, reasons: [] });
    await page.locator('ask-chat .answer-body').nth(1).waitFor();
    // Not sent as the page left (in flight in the cache, before the question it waited for).
    assert.deepEqual(
      asks.received.map(({ query }) => query),
      ['How do I install it?', 'How do I install it?', 'Which events does the chat fire?'],
    );
    assert.deepEqual(await questions(page), ['How do I install it?', 'Which events does the chat fire?']);
    assert.equal(await page.locator('ask-chat textarea').inputValue(), '');
    await page.context().close();
  });

  it('a tab frozen while an answer is on its way shows the answer once it is active again', async () => {
    asks.received = [];
    asks.holding = true;
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${origin}/page/tag-chat`);
    await askHeld(page);
    await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
    asks.holding = false;
    asks.received[0]!.release();
    await asks.received[0]!.closed;
    await cdp.send('Page.setWebLifecycleState', { state: 'active' });
    await page.locator('ask-chat .answer-body').waitFor();
    assert.deepEqual(await questions(page), ['How do I install it?']);
    assert.equal(asks.received.length, 1);
    await context.close();
  });
});
