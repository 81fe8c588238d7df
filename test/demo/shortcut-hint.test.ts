/**
 * The demo page mentions the Ctrl/⌘+K shortcut only where there is a keyboard to press it: with
 * a mouse, not on a touch screen. Driven in Debian's Chromium through playwright-core, whose
 * touch emulation sets the hover and pointer media features (web-test-runner has no command
 * for that). The page is the demo's source with its stylesheet inline and without its script:
 * what is checked is the page's own CSS.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.js';

const DEMO = new URL('../../demo/', import.meta.url).pathname;

function demoPage(): string {
  const css = readFileSync(`${DEMO}demo.css`, 'utf8');
  return (
    readFileSync(`${DEMO}index.html`, 'utf8')
      // The page's Content-Security-Policy (style-src 'self') would refuse the stylesheet inline.
      .replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, '')
      .replace(/<link rel="stylesheet" href="\.\/demo\.css" \/>/, () => `<style>${css}</style>`)
      .replace(/<script type="module"[^>]*><\/script>/, '')
  );
}

describe('the demo page’s keyboard shortcut hint', () => {
  let browser: Browser;
  before(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  after(() => browser?.close());

  /** The hints a visitor sees on a screen of this size, with a mouse or a touch screen. */
  async function hintsSeen(
    viewport: { width: number; height: number },
    hasTouch: boolean,
  ): Promise<string[]> {
    const context = await browser.newContext({ viewport, hasTouch, isMobile: hasTouch });
    try {
      const page = await context.newPage();
      await page.setContent(demoPage());
      assert.equal(await page.locator('style').count(), 1, 'the stylesheet is in the page');
      return await page
        .locator('.hints li')
        .evaluateAll((items) =>
          items
            .filter((item) => item.checkVisibility())
            .map((item) => item.textContent!.replace(/\s+/g, ' ').trim()),
        );
    } finally {
      await context.close();
    }
  }

  it('is shown with a mouse, on a wide or a narrow window', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const hints = await hintsSeen(viewport, false);
      assert.equal(hints.length, 3, `${viewport.width}px`);
      assert.match(hints[2]!, /Ctrl\/⌘ \+ K/);
    }
  });

  it('is left out on a phone’s touch screen, and the other hints stay', async () => {
    const hints = await hintsSeen({ width: 390, height: 844 }, true);
    assert.equal(hints.length, 2);
    assert.ok(
      hints.every((hint) => !hint.includes('Ctrl')),
      hints.join(' | '),
    );
  });
});
