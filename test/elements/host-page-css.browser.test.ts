import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import type { FeedbackButtons } from '../../src/elements/feedback-buttons/feedback-buttons.js';
import { SearchBox } from '../../src/elements/search-box/search-box.js';
import {
  answerRecord,
  defineElements,
  fakeClient,
  parts,
  serviceClient,
  waitFor,
} from './chat-test-support.js';

defineElements();
if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

/** The dark theme's text and muted colours (`#e6e6e9`, `#a5a9b0`), as computed. */
const DARK_TEXT = 'rgb(230, 230, 233)';
const DARK_MUTED = 'rgb(165, 169, 176)';

/**
 * A page's CSS that reaches the elements themselves: the "new CSS reset" (widely copied) unsets
 * every property of every element, the hosts' included, so what the elements set on `:host` is
 * gone and their text inherits the page's colour; a plain `* { color }` does the same.
 */
async function withPageReset(body: () => Promise<void>): Promise<void> {
  const reset = document.createElement('style');
  reset.textContent =
    '*:where(:not(html, iframe, canvas, img, svg, video, audio):not(svg *, symbol *)) { all: unset; display: revert; } body { color: rgb(0, 0, 0); }';
  document.head.append(reset);
  try {
    await body();
  } finally {
    reset.remove();
  }
}

describe("the elements on a page whose CSS resets every element's styles", () => {
  it("draw the text on their own dark backgrounds in the theme's colours, not the page's black", async () => {
    await withPageReset(async () => {
      const box = await fixture<SearchBox>(
        html`<search-box color-scheme="dark" debounce="0" .client=${serviceClient()}></search-box>`,
      );
      const root = box.shadowRoot!;
      root.querySelector('input')!.focus();
      await sendKeys({ type: 'theme' });
      await waitFor(() => root.querySelector('[part~="option-result"]'), 'results');
      expect(getComputedStyle(root.querySelector('input')!).color, 'typed text').to.equal(DARK_TEXT);
      const title = root.querySelector('[part~="option-result"] [part~="option-title"]')!;
      expect(getComputedStyle(title).color, 'a result title').to.equal(DARK_TEXT);

      const chat = await fixture<AskChat>(
        html`<ask-chat color-scheme="dark" .client=${fakeClient(async () => answerRecord())}></ask-chat>`,
      );
      const { one, input, lastAnswer } = parts(chat);
      await waitFor(() => one('header'), 'the chat behaviour');
      input().focus();
      await sendKeys({ type: 'How do I install it?' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => lastAnswer()?.querySelector('[part~="answer-body"] strong'), 'the answer');
      const body = lastAnswer()!.querySelector('[part~="answer-body"]')!;
      expect(getComputedStyle(body).color, 'the answer').to.equal(DARK_TEXT);

      const feedback = await fixture<FeedbackButtons>(
        html`<feedback-buttons color-scheme="dark" insight-id="i-1"></feedback-buttons>`,
      );
      const thumb = feedback.shadowRoot!.querySelector('button')!;
      expect(getComputedStyle(thumb).backgroundColor, 'a dark thumb').to.equal('rgb(27, 27, 31)');
      expect(getComputedStyle(thumb).color, 'its icon').to.equal(DARK_MUTED);
    });
  });
});
