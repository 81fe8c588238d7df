/**
 * `<ask-chat persist>` whose sessionStorage code (a lazily loaded part) does not come, its fetch
 * stalled on a connection that hangs: a question waits for the saved conversation it continues,
 * and Stop ends that wait. This file runs in a page of its own: that part must not have been loaded.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { holdRequests, networkBack } from '../support/request-faults.js';
import { waitUntil } from '../support/wait-until.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { answerRecord, defineElements, fakeClient, parts } from './chat-test-support.js';

defineElements();

describe('<ask-chat persist> while its storage code does not come', () => {
  afterEach(networkBack);

  it('stops a question waiting for the saved conversation, gives it back, and asks it once the code comes', async () => {
    await holdRequests('conversation-storage');
    const client = fakeClient(async () => answerRecord());
    const el = await fixture<AskChat>(
      html`<ask-chat persist storage-key="stalled" .client=${client}></ask-chat>`,
    );
    const p = parts(el);
    void el.askQuestion('How do I install it?');
    await waitUntil(() => p.one('stop-button'), 'waiting');
    expect(client.asks, 'nothing asked before the saved conversation is read').to.have.length(0);

    p.one('stop-button')!.click();
    await waitUntil(() => !p.one('stop-button'), 'stopped: Send is back');
    expect(p.status()).to.equal('Stopped before the answer arrived.');
    expect(p.input().value, 'the question back in the input').to.equal('How do I install it?');

    await networkBack();
    p.one('retry-button')!.click();
    await waitUntil(() => p.all('answer-body').length === 1, 'answered');
    expect(client.asks.map((ask) => ask.query)).to.deep.equal(['How do I install it?']);
  });
});
