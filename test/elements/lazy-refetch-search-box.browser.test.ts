/**
 * `<search-box>` on a connection that drops for a moment (a train in a tunnel): a part it fetches
 * on first use (its behaviour, the dialog of variant="button", the keyboard shortcut) fails to
 * come, the visitor is told, and the visitor's next try works once the network is back, without a
 * reload. The runner also runs this file in a Chromium that keeps a failed module fetch for the
 * page's life, as Safari, Firefox and older Chromium do (web-test-runner.config.mjs). This file
 * runs in a page of its own, in this order: each test is the first use of the part it fails.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { failRequests, networkBack } from '../support/request-faults.js';
import { input, message, options, recordingClient, status } from '../support/search-box-view.js';
import { waitUntil } from '../support/wait-until.js';
import { SearchBox } from '../../src/elements/search-box/search-box.js';

if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

const { client, searched } = recordingClient();

describe('<search-box> parts fetched again once the network is back', () => {
  afterEach(networkBack);

  it('its behaviour: says search is not available, keeps the text, and searches at the next key', async () => {
    await failRequests('search-controller');
    const el = await fixture<SearchBox>(
      html`<search-box debounce="0" no-recent .client=${client}></search-box>`,
    );
    input(el).focus();
    await sendKeys({ type: 'them' });
    await waitUntil(() => message(el) === 'Search is not available right now.', 'the message');
    expect(status(el)).to.equal('Search is not available right now.');
    expect(input(el).value).to.equal('them');

    await networkBack();
    await sendKeys({ type: 'e' });
    await waitUntil(() => options(el).length === 2, 'the results');
    expect(searched).to.deep.equal(['theme']);
    expect(message(el)).to.equal(undefined);

    // The visitor goes on elsewhere; later the device joins another network (the 'online' event):
    // the search they left stays closed.
    const other = await fixture<HTMLInputElement>(html`<input aria-label="Elsewhere on the page" />`);
    other.focus();
    await el.updateComplete;
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    window.dispatchEvent(new Event('online'));
    await el.updateComplete;
    expect(input(el).getAttribute('aria-expanded'), 'the popup after the online event').to.equal('false');
    expect(document.activeElement).to.equal(other);
  });
  it('its keyboard shortcut: no hint while its code is missing, and the first press once the network is back goes to the search', async () => {
    await failRequests('keyboard-shortcut');
    const el = await fixture<SearchBox>(
      html`<search-box shortcut="mod+k" debounce="0" no-recent .client=${client}></search-box>`,
    );
    // No hint of a shortcut that does nothing.
    expect(el.shadowRoot!.querySelector('[part="shortcut"]')).to.equal(null);
    expect(input(el).hasAttribute('aria-keyshortcuts')).to.equal(false);

    await networkBack();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'k' });
    await sendKeys({ up: 'Control' });
    await waitUntil(() => el.shadowRoot!.activeElement === input(el), 'the search focused');
    expect(el.shadowRoot!.querySelector('[part="shortcut"]')!.textContent).to.equal('Ctrl K');
    expect(input(el).getAttribute('aria-keyshortcuts')).to.equal('Control+K');
    input(el).blur();
  });

  it('its dialog: opened plain when its code cannot be fetched, with the search in it, and as designed at the next opening', async () => {
    await failRequests('search-dialog');
    const el = await fixture<SearchBox>(
      html`<search-box variant="button" debounce="0" no-recent .client=${client}></search-box>`,
    );
    const button = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="button"]')!;
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    button.click();
    await waitUntil(() => dialog.open, 'the dialog opens');
    expect(dialog.matches(':modal')).to.equal(true);
    expect(el.shadowRoot!.activeElement).to.equal(input(el));
    await sendKeys({ type: 'dark' });
    await waitUntil(() => options(el).length === 2, 'the results in the dialog');
    // Shown, not cut off by the dialog's box.
    const second = options(el)[1]!;
    const { left, top } = second.getBoundingClientRect();
    const shown = el.shadowRoot!.elementFromPoint(left + 8, top + 8)?.closest('[role="option"]');
    expect(shown === second, 'the second result shown').to.equal(true);
    await sendKeys({ press: 'Escape' });
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog.open, 'Escape closes it');

    await networkBack();
    button.click();
    await waitUntil(() => dialog.open, 'the dialog opens again');
    // Its own styles now: a phone-wide dialog, not the browser's.
    expect(getComputedStyle(dialog).padding).to.equal('0px');
    expect(el.shadowRoot!.activeElement).to.equal(input(el));
    dialog.close();
  });
});
