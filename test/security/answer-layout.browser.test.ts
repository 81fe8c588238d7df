/**
 * What an answer's markup may do to the chat's layout: it stays in its message, under which the
 * source line, "See also" and the actions keep their width and their place, readable.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { renderAnswer } from '../../src/render/answer-renderer.js';
import { answerRecord, defineElements, fakeClient, parts, waitFor } from '../elements/chat-test-support.js';

defineElements();

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** A chat in a 420px column, as a docs sidebar has it, showing `answer` (html). */
async function chatShowing(answer: string): Promise<AskChat> {
  const client = fakeClient(async () =>
    answerRecord({
      answer,
      context: { passages: [{ link: '/guides/other', title: 'Other page' }] } as never,
    }),
  );
  const wrapper = await fixture<HTMLDivElement>(
    html`<div style="inline-size: 420px; block-size: 600px">
      <ask-chat .client=${client} format="html"></ask-chat>
    </div>`,
  );
  const chat = wrapper.querySelector('ask-chat')!;
  await chat.askQuestion('How do I install it?');
  await waitFor(() => parts(chat).one('source'), 'the source line');
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return chat;
}

describe('answer layout', () => {
  for (const [what, markup] of [
    ['a floated image', `<p>Install it.</p><img src="${PNG}" align="left" width="2000" height="4">`],
    ['a floated table', '<p>Install it.</p><table align="right"><tr><td>a cell</td></tr></table>'],
  ]) {
    it(`keeps the source line whole under ${what}`, async () => {
      const chat = await chatShowing(markup);
      const { one } = parts(chat);
      const body = one('answer-body')!.getBoundingClientRect();
      for (const part of ['source', 'related']) {
        const line = one(part)!.getBoundingClientRect();
        expect(line.top, `${part} below the answer`).to.be.at.least(body.bottom - 1);
        expect(line.width, `${part} width`).to.be.at.least(body.width - 1);
      }
    });
  }

  it('keeps align where it aligns text: table columns and paragraphs', async () => {
    const container = document.createElement('div');
    container.append(await renderAnswer('| a | b |\n|:-:|--:|\n| 1 | 2 |\n\n<p align="center">c</p>'));
    expect(Array.from(container.querySelectorAll('[align]'), (e) => e.getAttribute('align'))).to.deep.equal([
      'center',
      'right',
      'center',
      'right',
      'center',
    ]);
  });
});
