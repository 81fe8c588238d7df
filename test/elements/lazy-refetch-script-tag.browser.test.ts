/**
 * The script-tag file `dist/ask-elements.js` (`npm run build` first) on a connection that drops
 * while a lazy part is on its way: the visitor is told, and the next try once the network is back
 * fetches it and works, without a reload. The runner also runs this file in a Chromium that keeps
 * a failed module fetch for the page's life, as Safari, Firefox and older Chromium do
 * (web-test-runner.config.mjs). There a file asked for while the connection is lost stays failed,
 * and the part's retry (`?retry=N`) would import any import of its own by its own name, still
 * failed: so a part imports only `ask-elements.js`, already loaded, which holds what the parts
 * share (bench/RESULTS.md, lazy chunks on slow 3G).
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { failRequests, networkBack } from '../support/request-faults.js';
import { scriptTagPage } from '../support/script-tag-page.js';
import { waitUntil } from '../support/wait-until.js';

/** Every file beside the script-tag file, not the file itself. */
const CHUNKS = '/dist/ask-elements-';

describe('the script-tag file: a part and its imports fetched again once the network is back', () => {
  afterEach(networkBack);

  it('search-box: says search is not available, keeps the text, and searches at the next key', async () => {
    await failRequests(CHUNKS);
    const { frame } = await scriptTagPage('<search-box></search-box>');
    try {
      const box = frame.contentDocument!.querySelector('search-box')!;
      await waitUntil(() => box.shadowRoot?.querySelector('input'), 'the field is drawn');
      const field = box.shadowRoot!.querySelector('input')!;
      field.focus();
      await sendKeys({ type: 'themin' });
      await waitUntil(
        () =>
          box.shadowRoot!.querySelector('[part="message"]')?.textContent?.trim() ===
          'Search is not available right now.',
        'the visitor is told',
      );

      await networkBack();
      await sendKeys({ type: 'g' });
      await waitUntil(() => box.shadowRoot!.querySelectorAll('[role="option"]').length > 0, 'results');
      expect(field.value).to.equal('theming');
    } finally {
      frame.remove();
    }
  });

  it('ask-chat: says the chat could not be reached, keeps the question, and answers it at the next Enter', async () => {
    await failRequests(CHUNKS);
    const { frame } = await scriptTagPage('<ask-chat format="markdown"></ask-chat>');
    try {
      const chat = frame.contentDocument!.querySelector('ask-chat')!;
      await waitUntil(() => chat.shadowRoot?.querySelector('textarea'), 'the field is drawn');
      const field = chat.shadowRoot!.querySelector('textarea')!;
      field.focus();
      await sendKeys({ type: 'How do I install it?' });
      await sendKeys({ press: 'Enter' });
      await waitUntil(
        () =>
          chat.shadowRoot!.querySelector('[part~="notice"]')?.textContent?.includes('could not be reached'),
        'the visitor is told',
      );
      expect(field.value).to.equal('How do I install it?');

      await networkBack();
      await sendKeys({ press: 'Enter' });
      await waitUntil(
        () => chat.shadowRoot!.querySelector('[part~="answer-body"]')?.textContent?.trim(),
        'the answer is drawn',
      );
    } finally {
      frame.remove();
    }
  });
});
