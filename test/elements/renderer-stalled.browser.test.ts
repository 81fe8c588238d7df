/**
 * An answer that arrives while the fetch of marked and DOMPurify stalls (a connection that hangs
 * with no data, as on a train): Stop stops the wait, the answer is kept, and it is shown once the
 * renderer comes. This file runs in a page of its own: the renderer must not have been loaded.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { holdRequests, networkBack } from '../support/request-faults.js';
import { waitUntil } from '../support/wait-until.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { answerRecord, defineElements, fakeClient, parts } from './chat-test-support.js';

defineElements();

describe('<ask-chat> answered while the answer renderer does not come', () => {
  afterEach(networkBack);

  it('stops on Stop, keeps the answer, takes the next question, and shows both once the renderer comes', async () => {
    await holdRequests('sanitizer-chunk');
    const client = fakeClient(async () => answerRecord({ conversationId: 'conversation-3' }));
    const el = await fixture<AskChat>(html`<ask-chat .client=${client}></ask-chat>`);
    const p = parts(el);
    void el.askQuestion('How do I install it?');
    await waitUntil(() => client.asks.length === 1 && p.one('stop-button'), 'answered, drawing it');

    p.one('stop-button')!.click();
    await waitUntil(() => !p.one('stop-button'), 'stopped: Send is back');
    expect(p.lastAnswer()!.textContent).to.include('could not be shown');
    expect(p.lastAnswer()!.textContent).not.to.include('Thinking');

    // The chat is free: the next question is asked, in the answer's conversation.
    void el.askQuestion('And the chat?');
    await waitUntil(() => client.asks.length === 2, 'the next question asked');
    expect(client.asks[1]!.conversationId).to.equal('conversation-3');
    p.one('stop-button')?.click();

    // The connection comes back: both answers are drawn, without asking again.
    await networkBack();
    await waitUntil(() => p.all('answer-body').length === 2, 'both answers shown', { timeout: 8000 });
    expect(p.answers().map((answer) => answer.textContent!.includes('could not be shown'))).to.deep.equal([
      false,
      false,
    ]);
    expect(client.asks).to.have.length(2);
    // Said to a screen reader too, whose last word was that it could not be shown.
    expect(p.status()).to.equal('Answer ready.');
  });
});
