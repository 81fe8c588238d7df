/**
 * The elements beside what a host page's own scripts do to the browser: here, an analytics
 * script's wrapper around `window.fetch`.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { defineElements, parts, waitFor } from './chat-test-support.js';

defineElements();

describe("the chat on a page whose fetch wrapper drops the request's signal", () => {
  it('stops at once when the visitor presses Stop, with the question back in the input', async () => {
    const realFetch = window.fetch;
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    // As some analytics scripts wrap it: the method, headers and body passed on, not the signal;
    // and a service slow to answer, until the test is over.
    window.fetch = async (input, init) => {
      if (String(input).endsWith('/bot/askai')) await answered;
      return realFetch(input, { method: init?.method, headers: init?.headers, body: init?.body });
    };
    try {
      // No client of its own: the chat's calls go through the page's fetch.
      const chat = await fixture<AskChat>(html`<ask-chat api-key="demo-key"></ask-chat>`);
      const { one, input, lastAnswer } = parts(chat);
      await waitFor(() => one('header'), 'the chat behaviour');
      void chat.askQuestion('How do I install it?');
      await waitFor(() => one('stop-button'), 'the Stop button');
      one('stop-button')!.click();
      await waitFor(
        () => lastAnswer()?.textContent?.includes('Stopped before the answer arrived.'),
        'the answer stopped',
      );
      expect(input().value).to.equal('How do I install it?');
      expect(one('stop-button'), 'no Stop button left').to.equal(null);
    } finally {
      window.fetch = realFetch;
      release();
    }
  });
});
