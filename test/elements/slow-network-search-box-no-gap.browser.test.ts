/**
 * `<search-box>` on a slow network: "Searching…", said under the field for a query typed before
 * the behaviour had arrived, stays said when the behaviour comes and searches that query, with no
 * gap, until its results are shown (it went, to come back with the behaviour's own indicator,
 * which waits for the debounce and 400 ms more: a blink). This file runs in a page of its own:
 * the behaviour must not have been loaded.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AskClient } from '../../src/client/create-client.js';
import type { SearchResultItem } from '../../src/wire/index.js';
import { holdRequests, networkBack } from '../support/request-faults.js';
import { input, options } from '../support/search-box-view.js';
import { waitUntil } from '../support/wait-until.js';
import { SearchBox } from '../../src/elements/search-box/search-box.js';

if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

/** The behaviour's delay before its own "Searching…", with `debounce="0"`. */
const LOADING_DELAY_MS = 400;

/** Whether the box shows "Searching…" to a sighted visitor, in whichever element says it. */
const searchingShown = (el: SearchBox) =>
  [...el.shadowRoot!.querySelectorAll('p')].some(
    (line) => line.textContent!.trim() === 'Searching…' && line.checkVisibility(),
  );

/** A client whose searches are answered when the test says, and the queries it was asked. */
function heldClient() {
  const asked: string[] = [];
  let answer: (items: SearchResultItem[]) => void = () => {};
  const client = {
    search: ({ query }: { query: string }) =>
      new Promise<SearchResultItem[]>((resolve) => {
        asked.push(query);
        answer = resolve;
      }),
  } as unknown as AskClient;
  return { client, asked, answer: (items: SearchResultItem[]) => answer(items) };
}

describe('<search-box> given its behaviour while "Searching…" is shown', () => {
  const realSetTimeout = window.setTimeout;
  afterEach(async () => {
    window.setTimeout = realSetTimeout;
    await networkBack();
  });

  it('goes on showing "Searching…", with no gap, until the results come', async () => {
    await holdRequests('search-controller');
    const { client, asked, answer } = heldClient();
    const el = await fixture<SearchBox>(
      html`<search-box debounce="0" no-recent .client=${client}></search-box>`,
    );
    input(el).focus();
    await sendKeys({ type: 'theme' });
    await waitUntil(() => searchingShown(el), 'the search said to be on its way');

    // The behaviour's own delay never ends here: on a slow machine it ended before the check.
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) =>
      timeout === LOADING_DELAY_MS
        ? realSetTimeout(() => {}, 2 ** 31 - 1)
        : realSetTimeout(handler, timeout, ...args)) as typeof window.setTimeout;
    // Every render from now on is looked at: none may be without "Searching…" before the results.
    const gaps: string[] = [];
    const observer = new MutationObserver(() => {
      if (!searchingShown(el) && options(el).length === 0) gaps.push(el.shadowRoot!.textContent!);
    });
    observer.observe(el.shadowRoot!, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });

    await networkBack();
    await waitUntil(() => asked.length === 1, 'the query searched');
    await el.updateComplete;
    expect(asked).to.deep.equal(['theme']);
    expect(searchingShown(el), 'still said while the search runs').to.equal(true);
    expect(gaps, 'renders without "Searching…"').to.deep.equal([]);

    answer([{ title: 'Theming', description: 'About theming', link: '#theming', assetType: 'webpage' }]);
    await waitUntil(() => options(el).length === 1, 'the results');
    observer.disconnect();
    expect(gaps).to.deep.equal([]);
    expect(searchingShown(el), 'gone with the results').to.equal(false);
  });
});
