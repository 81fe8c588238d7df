/**
 * Pages under a strict Content-Security-Policy that requires Trusted Types render answers and
 * search results with no violation: the page bundles (esbuild, split like the published build)
 * are served with the header below and driven in Debian's Chromium through playwright-core.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
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

/**
 * The guide's policy for a page that runs another copy of Lit (its own components, a library built
 * on Lit, or a bundle of ask-elements beside the script-tag file) or its own DOMPurify: each copy
 * creates a policy named `lit-html` or `dompurify`.
 */
export const STRICT_CSP_WITH_ANOTHER_LIT = STRICT_CSP.replace(
  'trusted-types dompurify lit-html',
  "trusted-types dompurify lit-html 'allow-duplicates'",
);

/** The pages, by path: the scripts each loads, in order, its markup, and its policy. */
const PAGES: Record<string, { scripts: string[]; body?: string; policy?: string }> = {
  '/': { scripts: ['/page.js'] },
  '/search': { scripts: ['/search-page.js'] },
  // The script-tag file after a component of the site's own, on its own copy of Lit.
  '/script-tag-beside-lit': {
    scripts: ['/own-lit.js', '/ask-elements.js', '/script-tag-chat.js'],
    body: '<site-greeting></site-greeting><ask-chat></ask-chat>',
    policy: STRICT_CSP_WITH_ANOTHER_LIT,
  },
  // The script-tag file after the site's own DOMPurify has made its policy.
  '/script-tag-beside-dompurify': {
    scripts: ['/own-dompurify.js', '/ask-elements.js', '/script-tag-chat.js'],
    body: '<ask-chat></ask-chat>',
    policy: STRICT_CSP_WITH_ANOTHER_LIT,
  },
  '/script-tag-beside-dompurify-without-duplicates': {
    scripts: ['/own-dompurify.js', '/ask-elements.js', '/script-tag-chat.js'],
    body: '<ask-chat></ask-chat>',
  },
  '/script-tag-beside-lit-without-duplicates': {
    scripts: ['/own-lit.js', '/ask-elements.js', '/script-tag-chat.js'],
    body: '<site-greeting></site-greeting><ask-chat></ask-chat>',
  },
};

/** The script-tag file and the chunks beside it, as `npm run build` wrote them. */
const SCRIPT_TAG_FILE = /^\/ask-elements(-[\w-]+)?\.js$/;

describe('answers and search results under a strict CSP with Trusted Types required', () => {
  let server: Server;
  let origin: string;
  let browser: Browser;

  before(async () => {
    // Minified ES modules for the browser, kept in memory under /out.
    const inMemoryBrowserBuild = {
      bundle: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      write: false,
      outdir: '/out',
      logLevel: 'silent',
    } as const;
    const result = await build({
      ...inMemoryBrowserBuild,
      entryPoints: {
        page: 'test/security/fixtures/trusted-types-page.ts',
        'search-page': 'test/security/fixtures/trusted-types-search-page.ts',
        'own-lit': 'test/security/fixtures/trusted-types-own-lit.ts',
        'script-tag-chat': 'test/security/fixtures/trusted-types-script-tag-chat.ts',
      },
      splitting: true,
    });
    // The site's own DOMPurify, built apart: split with the pages above, it would be a chunk shared
    // with theirs, and their sanitizer would come in two.
    const ownDompurify = await build({
      ...inMemoryBrowserBuild,
      entryPoints: { 'own-dompurify': 'test/security/fixtures/trusted-types-own-dompurify.ts' },
    });
    const files = new Map(
      [...result.outputFiles, ...ownDompurify.outputFiles].map((file) => [
        file.path.replace(/^\/out/, ''),
        file.text,
      ]),
    );
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      const page = PAGES[path];
      response.setHeader('content-security-policy', page?.policy ?? STRICT_CSP);
      if (page) {
        const scripts = page.scripts.map((src) => `<script type="module" src="${src}"></script>`).join('');
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(
          `<!doctype html><html lang="en"><title>CSP</title><body>${page.body ?? ''}${scripts}</body></html>`,
        );
      } else if (files.has(path) || SCRIPT_TAG_FILE.test(path)) {
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.end(files.get(path) ?? readFileSync(`dist${path}`, 'utf8'));
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

  /** Opens `path` in a new page that records policy violations, errors and the scripts it loads. */
  async function open(path: string) {
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
    await page.goto(origin + path);
    return { page, errors, scripts };
  }

  /**
   * What the page saw: policy violations, whether a payload ran, its errors (but missing files:
   * the answer's `<img src=x>` and the favicon are not on this server, not a policy matter), and
   * last a control proving that Trusted Types are enforced.
   */
  async function verdict(page: Page, errors: string[]) {
    const problems = errors.filter((text) => !text.startsWith('Failed to load resource'));
    const executed = await page.evaluate(
      () => (window as unknown as { __executed?: boolean }).__executed ?? false,
    );
    const violations = await page.evaluate(
      () => (window as unknown as { __violations: string[] }).__violations,
    );
    const control = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<b>x</b>';
        return 'assigned';
      } catch (error) {
        return (error as Error).name;
      }
    });
    return { executed, violations, problems, control };
  }

  it('renders markdown and html answers, loading the sanitizer only on the first answer, with no violation', async () => {
    const { page, errors, scripts } = await open('/');
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
    const seen = await verdict(page, errors);
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
    // The control: Trusted Types really are enforced on this page.
    assert.deepEqual(seen, { executed: false, violations: [], problems: [], control: 'TypeError' });
    // First load: the page script and its shared chunks; the sanitizer chunk came with the first answer.
    const lazy = scripts.filter((path) => !beforeAsking.includes(path));
    assert.equal(lazy.length, 1, `one chunk loaded on the first answer, got ${JSON.stringify(scripts)}`);
  });

  it('a search box fetches its behaviour and shows results as text, its popup styled, with no violation', async () => {
    const { page, errors, scripts } = await open('/search');
    await page.locator('search-box input').focus();
    await page.keyboard.type('install');
    await page.waitForFunction(
      () =>
        document.querySelector('search-box')!.shadowRoot!.querySelectorAll('[role="option"]').length === 1,
    );
    const shown = await page.evaluate(() => {
      const root = document.querySelector('search-box')!.shadowRoot!;
      return {
        title: root.querySelector('[part~="option-title"]')!.textContent,
        marks: Array.from(root.querySelectorAll('mark'), (mark) => mark.textContent),
        elements: root.querySelectorAll('[role="option"] img, [role="option"] b').length,
        popup: getComputedStyle(root.querySelector('[part="popup"]')!).position,
      };
    });
    await page.waitForTimeout(200);
    const seen = await verdict(page, errors);
    await page.close();

    assert.deepEqual(shown, {
      title: '<img src=x onerror="window.__executed = true"> Install guide',
      marks: ['Install', 'install'],
      elements: 0,
      popup: 'absolute',
    });
    assert.deepEqual(seen, { executed: false, violations: [], problems: [], control: 'TypeError' });
    assert.ok(
      scripts.some((path) => path.startsWith('/search-controller-')),
      `the behaviour came as a chunk of its own, got ${JSON.stringify(scripts)}`,
    );
  });
  it("the script-tag file beside the site's own Lit renders answers under the policy with 'allow-duplicates', and defines nothing without it", async () => {
    const { page, errors } = await open('/script-tag-beside-lit');
    await page.waitForFunction(() => (window as unknown as { chat?: unknown }).chat);
    await page.evaluate(() =>
      (window as unknown as { chat: { askQuestion(q: string): Promise<unknown> } }).chat.askQuestion(
        'How do I install it?',
      ),
    );
    const shown = await page.evaluate(() => ({
      greeting: document.querySelector('site-greeting')!.shadowRoot!.textContent,
      heading: document.querySelector('ask-chat')!.shadowRoot!.querySelector('[part~="answer-body"] h2')
        ?.textContent,
    }));
    const seen = await verdict(page, errors);
    await page.close();
    assert.deepEqual(shown, { greeting: "Hello from the site's own component", heading: 'Install' });
    assert.deepEqual(seen, { executed: false, violations: [], problems: [], control: 'TypeError' });

    // Without it, the second copy of Lit (the file's) stops at its policy: no element is defined.
    const without = await open('/script-tag-beside-lit-without-duplicates');
    // The page's module scripts have run once it has loaded (open waits for its load event).
    const defined = await without.page.evaluate(() => ({
      greeting: document.querySelector('site-greeting')?.shadowRoot?.textContent,
      chat: customElements.get('ask-chat') !== undefined,
    }));
    await without.page.close();
    assert.deepEqual(defined, { greeting: "Hello from the site's own component", chat: false });
    assert.ok(
      without.errors.some((text) => text.includes('Policy with name "lit-html" already exists')),
      JSON.stringify(without.errors),
    );
  });

  it("the script-tag file beside the site's own DOMPurify renders answers under the policy with 'allow-duplicates', and shows them as plain text without it", async () => {
    /** Each answer's text as the chat shows it, once the source under it has come, and what the page saw. */
    async function askOn(path: string) {
      const { page, errors } = await open(path);
      await page.waitForFunction(() => (window as unknown as { chat?: unknown }).chat);
      const answers = [];
      for (const question of ['How do I install it?', 'hostile']) {
        await page.evaluate(
          (asked) =>
            (window as unknown as { chat: { askQuestion(q: string): Promise<unknown> } }).chat.askQuestion(
              asked,
            ),
          question,
        );
        answers.push(
          await page.evaluate(() => {
            const root = document.querySelector('ask-chat')!.shadowRoot!;
            const body = [...root.querySelectorAll<HTMLElement>('[part~="answer-body"]')].at(-1)!;
            return {
              source: [...root.querySelectorAll('[part~="source-link"]')].at(-1)?.textContent,
              blocks: [...body.children].map(
                (child) =>
                  `${child.localName} ${child.querySelector('pre')?.textContent ?? child.textContent}`,
              ),
              elements: body.querySelectorAll('a, script, [onerror]').length,
            };
          }),
        );
      }
      const own = await page.evaluate(() => (window as unknown as { ownSanitized: string }).ownSanitized);
      const seen = await verdict(page, errors);
      await page.close();
      return { own, answers, seen };
    }
    const { own, answers, seen } = await askOn('/script-tag-beside-dompurify');
    assert.equal(own, '<b>the site</b>');
    assert.deepEqual(answers[0], {
      source: 'Install ask-elements',
      blocks: ['h2 Install', 'p Run npm install ask-elements.'],
      elements: 0,
    });
    assert.deepEqual(answers[1], {
      source: 'Install ask-elements',
      blocks: ['p Click here & ', 'div <script type="module" src="/a.js"></script>\n\nok\n'],
      elements: 0,
    });
    assert.deepEqual(seen, { executed: false, violations: [], problems: [], control: 'TypeError' });

    // Without it, the chat's DOMPurify (the second) makes no policy and can parse nothing: each
    // answer is shown as plain text, what it says without its markup, its code blocks as code, no
    // payload's script or style, and the site owner is told why.
    const without = await askOn('/script-tag-beside-dompurify-without-duplicates');
    assert.equal(without.own, '<b>the site</b>');
    assert.deepEqual(without.answers, [
      {
        source: 'Install ask-elements',
        blocks: ['p Install', 'p Run npm install ask-elements.'],
        elements: 0,
      },
      {
        source: 'Install ask-elements',
        blocks: ['p Click here &', 'div <script type="module" src="/a.js"></script>\n\nok'],
        elements: 0,
      },
    ]);
    assert.equal(without.seen.executed, false);
    // The policy refused, and the one parse that found the sanitizer cannot parse: no answer's
    // markup reached a sink (before, each answer was tried, and reported, twice).
    assert.deepEqual(without.seen.violations, [
      'trusted-types trusted-types-policy dompurify',
      'require-trusted-types-for trusted-types-sink DOMParser parseFromString|<b>a</b>',
      'require-trusted-types-for trusted-types-sink Element innerHTML|<b>a</b>',
    ]);
    assert.deepEqual(
      // Chromium's own lines for the violations above aside.
      without.seen.problems.filter((text) => !text.endsWith('The action has been blocked.')),
      [
        'TrustedTypes policy dompurify could not be created.',
        "<ask-chat>: answers are shown as plain text: DOMPurify cannot parse them on this page, where it could not create its Trusted Types policy 'dompurify' (another DOMPurify made it first). Add 'allow-duplicates' to the CSP's trusted-types directive.",
      ],
    );
  });
});
