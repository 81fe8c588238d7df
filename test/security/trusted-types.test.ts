/**
 * A page under a strict Content-Security-Policy that requires Trusted Types renders answers with
 * no violation: the page bundle (esbuild, split like the published build) is served with the
 * header below and driven in Debian's Chromium through playwright-core.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

/** What the security guide tells sites to send. */
export const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-src 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types dompurify lit-html',
].join('; ');

describe('answers under a strict CSP with Trusted Types required', () => {
  let server: Server;
  let origin: string;
  let browser: Browser;

  before(async () => {
    const result = await build({
      entryPoints: { page: 'test/security/fixtures/trusted-types-page.ts' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      write: false,
      outdir: '/out',
      logLevel: 'silent',
    });
    const files = new Map(result.outputFiles.map((file) => [file.path.replace(/^\/out/, ''), file.text]));
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      response.setHeader('content-security-policy', STRICT_CSP);
      if (path === '/') {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(
          '<!doctype html><html lang="en"><title>CSP</title><body><script type="module" src="/page.js"></script></body></html>',
        );
      } else if (files.has(path)) {
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.end(files.get(path));
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('renders markdown and html answers, loading the sanitizer only on the first answer, with no violation', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    const scripts: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { __violations: string[] }).__violations.push(
          `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
        );
      });
      (window as unknown as { __violations: string[] }).__violations = [];
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(origin + '/');
    await page.waitForFunction(() => (window as unknown as { chat?: unknown }).chat);
    // The chat's behaviour comes when the page is idle, before anyone asks.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => entry.name.includes('/chat-behaviour-')),
    );
    await page.waitForTimeout(100);
    const beforeAsking = [...scripts];

    await page.evaluate(() =>
      (window as unknown as { chat: { askQuestion(q: string): Promise<unknown> } }).chat.askQuestion(
        'How do I install it?',
      ),
    );
    const markdown = await page.evaluate(() => {
      const root = document.querySelector('ask-chat')!.shadowRoot!;
      const body = root.querySelector('[part~="answer-body"]')!;
      return {
        heading: body.querySelector('h2')?.textContent,
        strong: body.querySelector('strong')?.textContent,
        links: Array.from(body.querySelectorAll('a')).map((a) => `${a.getAttribute('href')} ${a.rel}`),
        code: body.querySelector('pre code')?.textContent,
        dangerous: body.querySelectorAll('script, iframe, [onerror]').length,
        source: root.querySelector('[part~="source-link"]')?.textContent,
      };
    });
    (await page.$('ask-chat'))!.evaluate((el) => el.setAttribute('format', 'html'));
    await page.evaluate(() =>
      (window as unknown as { chat: { askQuestion(q: string): Promise<unknown> } }).chat.askQuestion(
        'And in html?',
      ),
    );
    const htmlAnswer = await page.evaluate(() => {
      const bodies = document
        .querySelector('ask-chat')!
        .shadowRoot!.querySelectorAll('[part~="answer-body"]');
      return bodies[1]?.innerHTML;
    });
    await page.waitForTimeout(200);
    const executed = await page.evaluate(
      () => (window as unknown as { __executed?: boolean }).__executed ?? false,
    );
    const seen = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
    // The answer's `<img src=x>` and the favicon are missing on this server: not a policy matter.
    const problems = errors.filter((text) => !text.startsWith('Failed to load resource'));

    // The control: Trusted Types really are enforced on this page.
    const control = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<b>x</b>';
        return 'assigned';
      } catch (error) {
        return (error as Error).name;
      }
    });
    await page.close();

    assert.deepEqual(markdown, {
      heading: 'Install',
      strong: 'npm install ask-elements',
      links: ['/guides/install noopener noreferrer'],
      code: "import 'ask-elements/define';\n",
      dangerous: 0,
      source: 'Install <b>ask-elements</b>',
    });
    assert.equal(
      htmlAnswer,
      '<p>An <em>html</em> answer <img src="x" referrerpolicy="no-referrer" loading="lazy"></p>',
    );
    assert.equal(executed, false);
    assert.deepEqual(seen, []);
    assert.deepEqual(problems, []);
    assert.equal(control, 'TypeError');
    // First load: the page script and its shared chunks; the sanitizer chunk came with the first answer.
    const lazy = scripts.filter((path) => !beforeAsking.includes(path));
    assert.equal(lazy.length, 1, `one chunk loaded on the first answer, got ${JSON.stringify(scripts)}`);
  });
});
