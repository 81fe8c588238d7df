/**
 * `<ask-chat>` fetches marked and DOMPurify (the renderer's chunk) as the visitor types a
 * question, not only once it is sent: on a slow network the answer would otherwise wait for them
 * after Send. Each page loads the chunk once, so this file runs in a page of its own, in order.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import { answerRecord, defineElements, fakeClient, fetchedRenderer, parts } from './chat-test-support.js';

defineElements();

/** Types into the chat's input as the browser does. */
function type(el: AskChat, text: string): void {
  const input = parts(el).input();
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

describe('<ask-chat> and the renderer of its answers', () => {
  let el: AskChat;
  let client: ReturnType<typeof fakeClient>;
  before(async () => {
    client = fakeClient(async () => answerRecord());
    el = document.createElement('ask-chat');
    el.client = client;
    document.body.append(el);
    // Only the behaviour draws the "New conversation" bar: it has come when the page was idle.
    await waitUntil(() => parts(el).one('header'), 'the behaviour, with nothing done');
  });
  after(() => el.remove());

  it('a chat nobody types in fetches neither marked nor DOMPurify, nor does typing spaces', async () => {
    type(el, '   ');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchedRenderer()).to.equal(false);
  });

  it('typing a question fetches them before it is sent, and nothing is asked meanwhile', async () => {
    type(el, 'How');
    await waitUntil(fetchedRenderer, 'marked and DOMPurify fetched');
    expect(client.asks).to.have.length(0);
    expect(parts(el).input().value).to.equal('How');
    expect(parts(el).all('answer-body')).to.have.length(0);
  });
});
