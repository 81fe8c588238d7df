/**
 * An answer that arrives while marked and DOMPurify cannot be fetched (the connection dropped
 * between the question and its answer): kept, said to be unshown, and shown by Retry once the
 * network is back, without asking the service again. This file runs in a page of its own: the
 * renderer must not have been loaded.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { failRequests, networkBack } from '../support/request-faults.js';
import { waitUntil } from '../support/wait-until.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { answerRecord, defineElements, fakeClient, parts } from './chat-test-support.js';

defineElements();

describe('<ask-chat> answered while the answer renderer cannot be fetched', () => {
  afterEach(networkBack);

  it('keeps the answer, says it could not be shown, and shows it on Retry without asking again', async () => {
    await failRequests('sanitizer-chunk');
    const client = fakeClient(async () => answerRecord({ conversationId: 'conversation-5' }));
    const el = await fixture<AskChat>(html`<ask-chat .client=${client}></ask-chat>`);
    const p = parts(el);
    await el.askQuestion('How do I install it?');
    await waitUntil(() => p.status().includes('could not be shown'), 'the notice said');
    // The service answered: not a failure of the service, nothing to ask again, the answer rateable.
    expect(p.lastAnswer()!.textContent).to.include('could not be shown');
    expect(p.lastAnswer()!.textContent).not.to.include('went wrong');
    expect(p.one('feedback'), 'the feedback buttons of the answer').to.exist;
    expect(p.input().value, 'nothing to send again').to.equal('');

    // The network is back: Retry draws the answer the service gave.
    await networkBack();
    p.one('retry-button')!.click();
    await waitUntil(() => p.all('answer-body').length === 1, 'the answer shown');
    expect(p.one('answer-body')!.textContent!.trim()).to.equal(
      'Install it with npm and import ask-elements/define.',
    );
    expect(p.lastAnswer()!.textContent).not.to.include('could not be shown');
    expect(p.status()).to.equal('Answer ready.');
    expect(client.asks).to.have.length(1);

    // The next question follows it, in the conversation the service began.
    await el.askQuestion('And the chat?');
    expect(client.asks.map((ask) => ask.conversationId)).to.deep.equal(['', 'conversation-5']);
  });
});
