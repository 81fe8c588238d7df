/**
 * The built demo (`dist/demo`, as `npm start` serves it) keeps to the strict Content-Security-Policy
 * with Trusted Types that the security guide tells sites to send: its pages carry the policy, and
 * searching and asking on them break no rule of it. Served by the real CLI and driven in Debian's
 * Chromium through playwright-core. Built by `npm run build`, which `npm test` runs first.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';
import { type CliProcess, startCli } from '../server/cli-process.js';

/** What a page reports of the policy: each violation's directive, what it blocked and a sample of it. */
async function watchedPage(
  browser: Browser,
  url: string,
): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const page = await browser.newPage();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (globalThis as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  await page.goto(url);
  return {
    page,
    violations: () =>
      page.evaluate(() => (globalThis as unknown as { cspViolations: string[] }).cspViolations),
  };
}

describe('the demo under its Content-Security-Policy', () => {
  let cli: CliProcess;
  let browser: Browser;

  before(async () => {
    cli = await startCli(['--db', ':memory:', '--static', 'dist/demo', '--quiet']);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });

  after(async () => {
    await browser?.close();
    cli?.child.kill('SIGTERM');
    await cli?.exited;
  });

  it('searches and answers with no violation, and refuses what the policy forbids', async () => {
    const { page, violations } = await watchedPage(browser, `${cli.url}/`);
    await page.locator('search-box input').first().fill('theme');
    await page.locator('search-box [role="option"]').first().waitFor();
    await page.locator('ask-chat textarea').fill('How do I add the search box to my site?');
    await page.locator('ask-chat textarea').press('Enter');
    await page.locator('ask-chat .answer-body').first().waitFor();
    assert.notEqual(await page.locator('ask-chat .answer-body').first().innerText(), '');
    assert.deepEqual(await violations(), [], 'searching and asking break no rule');
    // The policy is in effect: HTML written as a string, and an image from another host, are refused.
    const written = await page.evaluate(() => {
      try {
        document.createElement('div').innerHTML = '<img src=x>';
        return 'written';
      } catch (error) {
        return (error as Error).name;
      }
    });
    assert.equal(written, 'TypeError', 'Trusted Types are required');
    await page.evaluate(() => {
      const image = new Image();
      image.src = 'https://attacker.example/pixel.png';
      document.body.append(image);
    });
    await page.waitForFunction(
      () => (globalThis as unknown as { cspViolations: string[] }).cspViolations.length > 1,
    );
    assert.deepEqual(await violations(), [
      'require-trusted-types-for trusted-types-sink Element innerHTML|<img src=x>',
      'img-src https://attacker.example/pixel.png ',
    ]);
    await page.close();
  });

  it('a document page and the 404 page carry the same policy, and show with no violation', async () => {
    for (const path of ['/guides/security', '/no-such-page']) {
      const { page, violations } = await watchedPage(browser, `${cli.url}${path}`);
      await page.waitForFunction(() => customElements.get('ask-chat') !== undefined);
      assert.match(
        (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '',
        /require-trusted-types-for 'script'/,
        path,
      );
      assert.deepEqual(await violations(), [], path);
      await page.close();
    }
  });
});
