import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createClient } from '../../src/client/create-client.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { SearchBox } from '../../src/elements/search-box/search-box.js';
import { contrastRatio, over, parseColor } from '../support/contrast.js';
import { answerRecord, defineElements, fakeClient, parts, waitFor } from './chat-test-support.js';

// The text of the three elements, as drawn, against WCAG 1.4.3 (AA): 4.5:1, 3:1 for large text
// (24px, or 18.66px bold). The accessibility guide's conformance table quotes these checks.

defineElements();
if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

const up = (node: Element): Element | null =>
  node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;

/** The opaque colour behind `node`: the backgrounds of it and its ancestors, over the white page. */
function backgroundOf(node: Element): [number, number, number, number] {
  const layers: ReturnType<typeof parseColor>[] = [];
  for (let at: Element | null = node; at; at = up(at)) {
    const color = parseColor(getComputedStyle(at).backgroundColor);
    if (color[3] > 0) layers.unshift(color);
    if (color[3] >= 1) break;
  }
  return layers.reduce((under, layer) => over(layer, under), [255, 255, 255, 1] as ReturnType<
    typeof parseColor
  >);
}

const opacityOf = (node: Element) => {
  let opacity = 1;
  for (let at: Element | null = node; at; at = up(at)) opacity *= Number(getComputedStyle(at).opacity);
  return opacity;
};

/**
 * Every run of text shown in `root` and the shadow roots inside it, and the placeholder of each
 * empty field, under its ratio: "what: text 3.1:1 < 4.5:1" for each that falls short. Disabled
 * controls are exempt (1.4.3), as is text a screen reader alone gets.
 */
function shortfalls(root: ShadowRoot): string[] {
  const found: string[] = [];
  for (const node of root.querySelectorAll('*')) {
    if (node.shadowRoot) found.push(...shortfalls(node.shadowRoot));
    const field = node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement ? node : undefined;
    const placeholder = field && !field.value && field.placeholder;
    const text = [...node.childNodes]
      .filter((child) => child.nodeType === Node.TEXT_NODE)
      .map((child) => child.textContent!.trim())
      .join(' ')
      .trim();
    if (!(placeholder || text) || !node.checkVisibility({ visibilityProperty: true })) continue;
    if (node.closest('.visually-hidden, [aria-disabled="true"], :disabled')) continue;
    const style = getComputedStyle(node, placeholder ? '::placeholder' : null);
    const [r, g, b, a] = parseColor(style.color);
    const ratio = contrastRatio([r, g, b, a * opacityOf(node)], backgroundOf(node));
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (Number(style.fontWeight) >= 700 && size >= 18.66);
    const needed = large ? 3 : 4.5;
    if (ratio < needed)
      found.push(
        `${node.localName}${placeholder ? '::placeholder' : ''} "${(placeholder || text).slice(0, 30)}": ${ratio.toFixed(2)}:1 < ${needed}:1`,
      );
  }
  return found;
}

describe('text contrast of the elements (WCAG 1.4.3)', () => {
  for (const scheme of ['light', 'dark'])
    it(`draws every text and placeholder of the chat and its feedback buttons at 4.5:1 or more, ${scheme}`, async () => {
      const el = await fixture<AskChat>(
        html`<ask-chat
          color-scheme=${scheme}
          feedback-reason
          .suggestions=${['How do I install it?']}
          .client=${fakeClient(async () =>
            answerRecord({
              answer: 'Install it with **npm**: see [the guide](/guides/install).\n\n```\nnpm i\n```',
            }),
          )}
        ></ask-chat>`,
      );
      await waitFor(() => parts(el).one('header'), 'the chat behaviour');
      expect(shortfalls(el.shadowRoot!), 'empty, with a suggestion').to.deep.equal([]);
      parts(el).input().focus();
      await sendKeys({ type: 'How do I install it?' });
      await sendKeys({ press: 'Enter' });
      await waitFor(() => parts(el).lastAnswer()?.getAttribute('aria-busy') === 'false', 'the answer');
      const feedback = parts(el).lastAnswer()!.querySelector('feedback-buttons')!;
      await waitFor(() => feedback.shadowRoot?.querySelector('[part~="down-button"]'), 'the thumbs');
      feedback.shadowRoot!.querySelector<HTMLElement>('[part~="down-button"]')!.click();
      await waitFor(() => feedback.shadowRoot!.querySelector('fieldset'), 'the reason form');
      expect(shortfalls(el.shadowRoot!), 'answered, the reason form open').to.deep.equal([]);
    });

  for (const scheme of ['light', 'dark'])
    it(`draws every text and placeholder of the search box and its results at 4.5:1 or more, ${scheme}`, async () => {
      const el = await fixture<SearchBox>(
        html`<search-box
          color-scheme=${scheme}
          placeholder="Search the docs"
          .client=${createClient({ baseUrl: location.origin, apiKey: 'demo-key' })}
        ></search-box>`,
      );
      const root = el.shadowRoot!;
      expect(shortfalls(root), 'empty').to.deep.equal([]);
      root.querySelector('input')!.focus();
      await sendKeys({ type: 'theming' });
      await waitFor(() => root.querySelector('[part~="option-result"] mark'), 'a highlighted result', 10000);
      await sendKeys({ press: 'ArrowDown' });
      await waitFor(() => root.querySelector('[aria-selected="true"]'), 'the active result');
      expect(shortfalls(root), 'results, one active').to.deep.equal([]);
    });
});
