/**
 * `<ask-chat>` on a slow network (a phone on 3G, where its behaviour takes seconds to come): a
 * question sent before the behaviour has arrived, by Send, a suggestion or `askQuestion()`, is
 * said to be on its way at once, not left in a composer that looks as if Send did nothing. This
 * file runs in a page of its own: the behaviour must not have been loaded.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { holdRequests, networkBack } from '../support/request-faults.js';
import { waitUntil } from '../support/wait-until.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { answerRecord, defineElements, fakeClient, parts } from './chat-test-support.js';

defineElements();

describe('<ask-chat> sent to while its behaviour is on its way', () => {
  afterEach(networkBack);

  it('says "Sending…" from Send, a suggestion or askQuestion() until the question is asked, then answers', async () => {
    await holdRequests('chat-behaviour');
    const client = fakeClient(async (request) => answerRecord({ answer: `About ${request.query}` }));
    const typed = await fixture<AskChat>(html`<ask-chat .client=${client}></ask-chat>`);
    const suggested = await fixture<AskChat>(
      html`<ask-chat .client=${client} .suggestions=${['Which events does the chat fire?']}></ask-chat>`,
    );
    const handedOver = await fixture<AskChat>(html`<ask-chat .client=${client}></ask-chat>`);
    const chats = [typed, suggested, handedOver];

    parts(typed).input().focus();
    await sendKeys({ type: 'How do I install it?' });
    parts(typed).one('send-button')!.click();
    parts(suggested).one('suggestion')!.click();
    void handedOver.askQuestion('How do I run the service?');
    await Promise.all(chats.map((chat) => chat.updateComplete));

    for (const chat of chats) {
      const p = parts(chat);
      expect(p.one('notice')!.hidden, 'the notice shown').to.equal(false);
      expect(p.one('notice')!.textContent!.trim()).to.equal('Sending…');
      expect(p.status(), 'said to a screen reader').to.equal('Sending…');
    }
    // Nothing lost meanwhile: the typed question waits in the input, nothing asked twice.
    expect(parts(typed).input().value).to.equal('How do I install it?');
    expect(client.asks).to.have.length(0);

    await networkBack();
    for (const chat of chats)
      await waitUntil(() => parts(chat).all('answer-body').length === 1, 'answered', { timeout: 8000 });
    expect(client.asks.map((ask) => ask.query).sort()).to.deep.equal([
      'How do I install it?',
      'How do I run the service?',
      'Which events does the chat fire?',
    ]);
    for (const chat of chats) {
      expect(parts(chat).one('notice')!.hidden, 'the notice gone').to.equal(true);
      expect(parts(chat).input().value).to.equal('');
    }
  });
});
