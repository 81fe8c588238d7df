/**
 * A conversation restored by `persist` while marked and DOMPurify cannot be fetched (the
 * connection dropped after the page loaded): the chat keeps working, and shows the saved answers
 * once they can be. This file runs in a page of its own: the renderer must not have been loaded.
 */
import { expect, html, fixture } from '@open-wc/testing';
import { failRequests, networkBack } from '../support/request-faults.js';
import { waitUntil } from '../support/wait-until.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { answerRecord, defineElements, fakeClient, parts } from './chat-test-support.js';

defineElements();

describe('<ask-chat persist> restored while the answer renderer cannot be fetched', () => {
  afterEach(async () => {
    await networkBack();
    sessionStorage.clear();
  });

  it('says the saved answer could not be shown, asks the next question once the network is back, and shows both', async () => {
    const saved = answerRecord({ answer: 'Saved **answer**.', conversationId: 'conversation-9' });
    sessionStorage.setItem(
      'ask-chat:offline',
      JSON.stringify({
        version: 1,
        conversationId: 'conversation-9',
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
      }),
    );
    await failRequests('sanitizer-chunk');
    const client = fakeClient(async () =>
      answerRecord({ answer: 'Next **answer**.', conversationId: 'conversation-9' }),
    );
    const el = await fixture<AskChat>(
      html`<ask-chat persist storage-key="offline" .client=${client}></ask-chat>`,
    );
    const p = parts(el);
    await waitUntil(() => p.questions().length === 1, 'the saved question');
    // The saved answer's text cannot be drawn: said where it would be, not left blank.
    await waitUntil(
      () => p.answers()[0]!.textContent!.includes('could not be shown'),
      'the notice in place of the saved answer',
    );
    expect(p.all('answer-body')).to.have.length(0);
    // Retry while the network is still down: the notice stays, and is said again.
    p.one('retry-button')!.click();
    await waitUntil(() => p.status().includes('could not be shown'), 'the notice said');
    expect(p.answers()[0]!.textContent).to.include('could not be shown');

    // The network is back: the next question is asked, in the saved conversation, and answered.
    await networkBack();
    const asked = el.askQuestion('And the chat?');
    await waitUntil(() => p.all('answer-body').length === 2, 'both answers shown', { timeout: 8000 });
    expect((await asked)?.answer).to.equal('Next **answer**.');
    expect(client.asks.map((ask) => [ask.query, ask.conversationId])).to.deep.equal([
      ['And the chat?', 'conversation-9'],
    ]);
    expect(p.all('answer-body').map((body) => body.textContent!.trim())).to.deep.equal([
      'Saved answer.',
      'Next answer.',
    ]);
    expect(p.answers()[0]!.textContent).not.to.include('could not be shown');
    expect(p.status()).to.equal('Answer ready.');
  });
});
