/**
 * `<ask-chat>` on a connection that drops for a moment (a train in a tunnel): a part it fetches on
 * first use (its behaviour, image reading, sessionStorage for `persist`) fails to come, the
 * visitor is told, and the visitor's next try works once the network is back, without a reload
 * and without losing what was typed or saved (the answer renderer's tests are
 * renderer-unreachable-*.browser.test.ts). The runner also runs this file in a Chromium that keeps
 * a failed module fetch for the page's life, as Safari, Firefox and older Chromium do
 * (web-test-runner.config.mjs). This file runs in a page of its own, in this order: each test is
 * the first use of the part it fails.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { failRequests, networkBack } from '../support/request-faults.js';
import { waitUntil } from '../support/wait-until.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import {
  answerRecord,
  defineElements,
  fakeClient,
  parts,
  pasteFiles,
  pngFile,
  untilAborted,
} from './chat-test-support.js';

defineElements();

describe('<ask-chat> parts fetched again once the network is back', () => {
  afterEach(async () => {
    await networkBack();
    sessionStorage.clear();
  });

  it('its behaviour: says the chat could not be reached, keeps the question, and sends it at the next Enter', async () => {
    await failRequests('chat-behaviour');
    // No answer comes (it would fetch the renderer, which the next test fails).
    const client = fakeClient((_, options) => untilAborted(options?.signal));
    const el = await fixture<AskChat>(html`<ask-chat .client=${client}></ask-chat>`);
    const p = parts(el);
    p.input().focus();
    await sendKeys({ type: 'How do I install it?' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => p.one('notice')!.textContent!.includes('could not be reached'), 'the notice');
    expect(p.status()).to.include('could not be reached');
    expect(p.input().value).to.equal('How do I install it?');

    await networkBack();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => p.questions().length === 1, 'the question asked');
    expect(client.asks.map((ask) => ask.query)).to.deep.equal(['How do I install it?']);
    expect(p.one('notice')!.hidden).to.equal(true);
    p.one('stop-button')!.click();
  });

  it('image reading: says the images were not attached, and attaches them when pasted again', async () => {
    await failRequests('image-attachments');
    const client = fakeClient(async () => answerRecord());
    const el = await fixture<AskChat>(html`<ask-chat .client=${client}></ask-chat>`);
    const p = parts(el);
    const image = await pngFile('first.png');
    pasteFiles(p.input(), [image]);
    await waitUntil(() => p.one('notice')!.textContent!.includes('first.png'), 'the notice');
    expect(p.one('notice')!.textContent).to.include('could not be attached');
    expect(p.status()).to.include('could not be attached');
    expect(p.all('thumbnail')).to.have.length(0);

    await networkBack();
    pasteFiles(p.input(), [image]);
    await waitUntil(() => p.all('thumbnail').length === 1, 'the thumbnail');
    expect(p.one('notice')!.hidden).to.equal(true);
  });

  it('persist: says the saved conversation could not be shown, writes nothing over it, and shows it with the next question', async () => {
    const saved = answerRecord({ answer: 'Saved answer.', conversationId: 'conversation-7' });
    const conversation = {
      version: 1,
      conversationId: 'conversation-7',
      turns: [
        {
          id: 't1',
          query: 'How do I install it?',
          images: [],
          format: 'markdown',
          status: 'answered',
          record: saved,
        },
      ],
    };
    sessionStorage.setItem('ask-chat:train', JSON.stringify(conversation));
    await failRequests('conversation-storage');
    // The service begins a conversation for a question asked in none.
    const client = fakeClient(async (request) =>
      answerRecord({ answer: 'Next answer.', conversationId: request.conversationId || 'conversation-8' }),
    );
    const el = await fixture<AskChat>(
      html`<ask-chat persist storage-key="train" .client=${client}></ask-chat>`,
    );
    const p = parts(el);
    await waitUntil(() => p.one('notice')!.textContent!.includes('could not be shown'), 'the notice');
    expect(p.questions()).to.have.length(0);

    // A question while the network is still down: asked and answered, the saved copy untouched.
    await el.askQuestion('And the chat?');
    expect(p.all('answer-body')).to.have.length(1);
    expect(JSON.parse(sessionStorage.getItem('ask-chat:train')!)).to.deep.equal(conversation);
    expect(p.one('notice')!.textContent).to.include('could not be shown');

    // The network is back: the next question brings the saved conversation back, above the
    // questions asked since, and all of them are saved.
    await networkBack();
    await el.askQuestion('And the search box?');
    const asked = ['How do I install it?', 'And the chat?', 'And the search box?'];
    await waitUntil(() => p.all('answer-body').length === 3, 'the saved answer shown too');
    expect(p.questions().map((question) => question.textContent!.trim())).to.deep.equal(asked);
    expect(client.asks.map((ask) => ask.conversationId)).to.deep.equal(['', 'conversation-8']);
    expect(p.one('notice')!.hidden).to.equal(true);
    await waitUntil(
      () => sessionStorage.getItem('ask-chat:train')!.includes('And the search box?'),
      'the save',
    );
    const written = JSON.parse(sessionStorage.getItem('ask-chat:train')!) as {
      conversationId: string;
      turns: { query: string }[];
    };
    expect(written.turns.map((turn) => turn.query)).to.deep.equal(asked);
    expect(written.conversationId).to.equal('conversation-8');
  });
});
