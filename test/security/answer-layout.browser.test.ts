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

/**
 * A chat in a 420px column, as a docs sidebar has it, showing `answer` (html): a block, or a flex
 * item that grows into the column (`flex: 1`, whose minimum is its content's).
 */
async function chatShowing(answer: string, layout: 'block' | 'flex' = 'block'): Promise<AskChat> {
  const client = fakeClient(async () =>
    answerRecord({
      answer,
      context: { passages: [{ link: '/guides/other', title: 'Other page' }] } as never,
    }),
  );
  const wrapper = await fixture<HTMLDivElement>(
    html`<div style="inline-size: 420px; block-size: 600px; display: ${layout}">
      <ask-chat style="flex: 1" .client=${client} format="html"></ask-chat>
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

  for (const [what, markup] of [
    ['a long line of code', `<pre><code>${'x'.repeat(400)}</code></pre>`],
    [
      'a table of many columns',
      `<table><tr>${Array.from({ length: 20 }, (_, i) => `<td>column${i}</td>`).join('')}</tr></table>`,
    ],
    ['a table with a width', '<table width="2000" height="900"><tr><td>a cell</td></tr></table>'],
    ['a rule with a width', '<hr width="3000">'],
  ]) {
    it(`stays in its column with ${what}`, async () => {
      for (const layout of ['block', 'flex'] as const) {
        const chat = await chatShowing(`<p>Install it.</p>${markup}`, layout);
        const column = chat.parentElement!.getBoundingClientRect();
        expect(chat.getBoundingClientRect().width, `${layout}: the chat's width`).to.equal(column.width);
        const answer = parts(chat).lastAnswer()!.getBoundingClientRect();
        for (const child of Array.from(parts(chat).one('answer-body')!.children)) {
          const box = child.getBoundingClientRect();
          expect(box.right, `${layout}: the right of ${child.localName}`).to.be.at.most(answer.right);
          expect(box.height, `${layout}: the height of ${child.localName}`).to.be.below(600);
        }
        chat.parentElement!.remove();
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
