/**
 * `<search-box>` on a device that went offline before a part it fetches on first use came (its
 * behaviour, the keyboard shortcut): the visitor is told once, the keys typed meanwhile neither
 * fetch the part again nor write an error each to the console (every one would fail at once),
 * and the device back online, the search comes by itself, without a key. The runner also runs
 * this file in a Chromium that keeps a failed module fetch for the page's life, as Safari, Firefox
 * and older Chromium do (web-test-runner.config.mjs). This file runs in a page of its own, in this
 * order: each test is the first use of the part it fails.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { failedRequests, failRequests, networkBack } from '../support/request-faults.js';
import { input, message, options, recordingClient } from '../support/search-box-view.js';
import { waitUntil } from '../support/wait-until.js';
import { SearchBox } from '../../src/elements/search-box/search-box.js';

if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

const { client, searched } = recordingClient();

/** The device offline, as the browser says it: `navigator.onLine` false and the `offline` event. */
function goOffline(): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  window.dispatchEvent(new Event('offline'));
}

function goOnline(): void {
  delete (navigator as { onLine?: boolean }).onLine;
  window.dispatchEvent(new Event('online'));
}

/** What the elements write to the console about a part they could not load. */
const logged: unknown[][] = [];
const consoleError = console.error;

describe('<search-box> parts that could not be fetched offline', () => {
  beforeEach(() => {
    logged.length = 0;
    console.error = (...args: unknown[]) => {
      if (String(args[0]).startsWith('<search-box>')) logged.push(args);
      else consoleError(...args);
    };
  });
  afterEach(async () => {
    console.error = consoleError;
    delete (navigator as { onLine?: boolean }).onLine;
    await networkBack();
  });

  it('its behaviour: asked for once and said once while offline, then searching by itself once online', async () => {
    await failRequests('search-controller');
    goOffline();
    const el = await fixture<SearchBox>(
      html`<search-box debounce="0" no-recent .client=${client}></search-box>`,
    );
    let errorEvents = 0;
    el.addEventListener('ask-error', () => errorEvents++);
    input(el).focus();
    await sendKeys({ type: 'them' });
    await waitUntil(() => message(el) === 'Search is not available right now.', 'the message');
    await el.updateComplete;
    // The browser may send a request again by itself when its connection drops: the keys are counted.
    const requested = await failedRequests();
    for (const key of ['e', ' ', 'd', 'a', 'r', 'k']) {
      await sendKeys({ type: key });
      await el.updateComplete;
    }
    expect(input(el).value).to.equal('theme dark');
    expect(message(el)).to.equal('Search is not available right now.');
    expect(await failedRequests(), 'requests for the part').to.equal(requested);
    expect(logged, 'errors in the console').to.have.length(1);
    expect(errorEvents, 'ask-error events').to.equal(1);

    // Back online: no key pressed, the part comes and the text typed is searched.
    await networkBack();
    goOnline();
    await waitUntil(() => options(el).length === 2, 'the results, without a key');
    expect(searched).to.deep.equal(['theme dark']);
    expect(message(el)).to.equal(undefined);
  });

  it('its keyboard shortcut: asked for once while offline whatever keys the page gets, and working once online', async () => {
    await failRequests('keyboard-shortcut');
    goOffline();
    const el = await fixture<SearchBox>(
      html`<search-box shortcut="mod+k" debounce="0" no-recent .client=${client}></search-box>`,
    );
    await el.updateComplete;
    const other = await fixture<HTMLInputElement>(html`<input aria-label="Elsewhere on the page" />`);
    other.focus();
    const requested = await failedRequests();
    expect(requested, 'the part asked for').to.be.above(0);
    for (const key of ['h', 'e', 'l', 'l', 'o']) {
      await sendKeys({ type: key });
      await el.updateComplete;
    }
    expect(other.value).to.equal('hello');
    expect(await failedRequests(), 'requests for the part').to.equal(requested);
    expect(logged, 'errors in the console').to.have.length(1);

    await networkBack();
    goOnline();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'k' });
    await sendKeys({ up: 'Control' });
    await waitUntil(() => el.shadowRoot!.activeElement === input(el), 'the search focused');
  });
});
