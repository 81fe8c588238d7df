/**
 * `<ask-chat persist>` whose sessionStorage code (a lazily loaded part) could not be fetched, then
 * `persist` turned off (the visitor withdrew consent): the notice that the saved conversation could
 * not be shown goes with it. This file runs in a page of its own: that part must not have been
 * loaded.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { failRequests, networkBack } from '../support/request-faults.js';
import { waitUntil } from '../support/wait-until.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { answerRecord, defineElements, fakeClient, parts } from './chat-test-support.js';

defineElements();

describe('<ask-chat persist> turned off while its storage code could not be fetched', () => {
  afterEach(async () => {
    await networkBack();
    sessionStorage.clear();
  });

  it('takes back the notice that the saved conversation could not be shown', async () => {
    const saved = {
      version: 1,
      conversationId: 'conversation-7',
      turns: [{ id: 't1', query: 'How do I install it?', images: [], format: 'markdown', status: 'stopped' }],
    };
    sessionStorage.setItem('ask-chat:consent', JSON.stringify(saved));
    await failRequests('conversation-storage');
    const client = fakeClient(async () => answerRecord());
    const el = await fixture<AskChat>(
      html`<ask-chat persist storage-key="consent" .client=${client}></ask-chat>`,
    );
    const p = parts(el);
    await waitUntil(() => p.one('notice')!.textContent!.includes('could not be shown'), 'the notice');

    el.persist = false;
    await el.updateComplete;
    expect(p.one('notice')!.hidden, 'the notice about a conversation no longer kept').to.equal(true);
    await el.askQuestion('And the chat?');
    expect(p.one('notice')!.hidden, 'after a question').to.equal(true);
    expect(p.questions().map((question) => question.textContent!.trim())).to.deep.equal(['And the chat?']);
  });
});
