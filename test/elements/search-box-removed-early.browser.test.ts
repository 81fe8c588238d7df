/**
 * A single-page app's route renders a <search-box> with a query (`url-param`, or `query` bound)
 * and is left before the box's behaviour has arrived. This file runs in a page of its own, so that
 * the behaviour module is fetched here for the first time: it arrives while the box is off the page.
 */
import { aTimeout, expect } from '@open-wc/testing';
import { SearchBox } from '../../src/elements/search-box/search-box.js';
import { waitUntil } from '../support/wait-until.js';

if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

const searches = () =>
  performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/bot/search')).length;

describe('search-box removed before its behaviour arrived', () => {
  it('searches nothing while off the page (no refused key in the console), and searches when put back', async () => {
    const route = document.createElement('div');
    route.setAttribute('data-ask-api-key', 'demo-key');
    document.body.append(route);
    const logged: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => logged.push(args[0]);
    try {
      const box = document.createElement('search-box');
      box.setAttribute('debounce', '0');
      box.setAttribute('no-recent', '');
      box.query = 'install';
      route.append(box);
      // The route is left in the same task, before the behaviour module is here.
      box.remove();
      await box.updateComplete;
      await aTimeout(300);
      expect(searches(), 'no search sent for a box off the page').to.equal(0);
      expect(logged, 'no refused key reported').to.deep.equal([]);
      // Put back (the visitor returns to the route): it searches then, with the page's key.
      route.append(box);
      await waitUntil(() => box.shadowRoot!.querySelectorAll('[part~="option-result"]').length > 0);
      expect(searches()).to.equal(1);
      expect(logged).to.deep.equal([]);
    } finally {
      console.error = consoleError;
      route.remove();
    }
  });
});
