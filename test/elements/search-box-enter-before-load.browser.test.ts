/**
 * Enter pressed again before <search-box>'s behaviour has arrived: the visitor saw nothing happen
 * and pressed it again, which is one submission of the query, as Enter pressed again while its
 * results are on their way is. This file runs in a page of its own, so that the behaviour module
 * is fetched here for the first time.
 */
import { aTimeout, expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until.js';
import type { AskClient } from '../../src/client/create-client.js';
import { SearchBox, type SearchBoxSelectDetail } from '../../src/elements/search-box/search-box.js';
import type { SearchResultItem } from '../../src/wire/index.js';
import { fetchedFile } from './chat-test-support.js';

if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

const results: SearchResultItem[] = ['Theming', 'Dark mode'].map((title) => ({
  title,
  description: `About ${title}`,
  link: `#${title}`,
  assetType: 'webpage',
}));

const input = (el: SearchBox) => el.shadowRoot!.querySelector('input')!;

function keydown(el: SearchBox, key: string): void {
  input(el).dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }),
  );
}

describe('<search-box> Enter pressed twice before its behaviour has arrived', () => {
  it('submits the query once (one ask-search) and follows its first result once', async () => {
    // The page's idle moments are held, so that only the visitor makes the box fetch it.
    const idle: IdleRequestCallback[] = [];
    const requestIdleCallback = window.requestIdleCallback;
    window.requestIdleCallback = (callback) => idle.push(callback);
    try {
      const client = { search: async () => results } as unknown as AskClient;
      const box = await fixture<SearchBox>(
        html`<search-box debounce="0" no-recent .client=${client}></search-box>`,
      );
      const submitted: string[] = [];
      const followed: SearchBoxSelectDetail[] = [];
      box.addEventListener('ask-search', (event) => submitted.push((event as CustomEvent).detail.query));
      box.addEventListener('ask-select', (event) => {
        event.preventDefault();
        followed.push((event as CustomEvent<SearchBoxSelectDetail>).detail);
      });
      const field = input(box);
      field.focus();
      field.value = 'theme';
      field.dispatchEvent(
        new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }),
      );
      // Two presses in one go: the module cannot have arrived between them.
      keydown(box, 'Enter');
      keydown(box, 'Enter');
      expect(fetchedFile(/\/search-controller\./), 'not there yet').to.equal(false);

      await waitUntil(() => followed.length > 0, 'the first result followed');
      // Time for a second submission, or a second following, to show.
      await aTimeout(200);
      expect(submitted, 'one ask-search').to.deep.equal(['theme']);
      expect(followed.map(({ position, submitted }) => [position, submitted])).to.deep.equal([[1, true]]);
    } finally {
      window.requestIdleCallback = requestIdleCallback;
    }
  });
});
