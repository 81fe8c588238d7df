/**
 * `<search-box>` on a slow network (a phone on 3G, where its behaviour takes seconds to come): a
 * query typed before the behaviour has arrived is said to be on its way at once, under the field
 * and to a screen reader, not left in a box that looks as if it searched nothing; the results
 * take its place once the behaviour has come. This file runs in a page of its own: the behaviour
 * must not have been loaded.
 */
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { holdRequests, networkBack } from '../support/request-faults.js';
import { input, message, options, recordingClient, status } from '../support/search-box-view.js';
import { waitUntil } from '../support/wait-until.js';
import { SearchBox } from '../../src/elements/search-box/search-box.js';

if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

const { client, searched } = recordingClient();

describe('<search-box> typed in while its behaviour is on its way', () => {
  afterEach(networkBack);

  it('says "Searching…" from the first key that makes a query until the results of the whole query are shown', async () => {
    await holdRequests('search-controller');
    const el = await fixture<SearchBox>(
      html`<search-box debounce="0" no-recent .client=${client}></search-box>`,
    );
    input(el).focus();
    // Focused, nothing typed: nothing to say yet.
    expect(message(el)).to.equal(undefined);
    // One letter, below min-chars (2 by default), is never searched: nothing is on its way.
    await sendKeys({ type: 't' });
    // Rendered (updateComplete would wait for the behaviour, which is held).
    await nextFrame();
    expect(input(el).value).to.equal('t');
    expect(message(el), 'one letter').to.equal(undefined);
    expect(status(el), 'one letter, to a screen reader').to.equal('');
    await sendKeys({ type: 'hem' });
    await waitUntil(() => message(el) === 'Searching…', 'the search said to be on its way');
    expect(status(el), 'said to a screen reader').to.equal('Searching…');
    await sendKeys({ type: 'e' });
    expect(input(el).value).to.equal('theme');
    expect(searched).to.deep.equal([]);

    await networkBack();
    await waitUntil(() => options(el).length === 2, 'the results');
    expect(searched).to.deep.equal(['theme']);
    expect(message(el)).to.equal(undefined);
    expect(status(el)).to.not.equal('Searching…');
  });
});
