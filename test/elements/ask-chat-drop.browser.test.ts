/**
 * What a visitor drops on `<ask-chat>`, dragged from elsewhere and let go as the browser does it
 * (the `drop` command, test/support/drop-plugin.mjs): text dropped into the question field is
 * typed there, and an image dropped anywhere on the chat is attached. Text typed fetches marked
 * and DOMPurify, which each page loads once, so this file runs in a page of its own.
 */
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import {
  answerRecord,
  defineElements,
  fakeClient,
  fetchedRenderer,
  parts,
  waitFor,
} from './chat-test-support.js';

defineElements();

/** Drops `what` (text, or a PNG file by its name) at the centre of `target`, as the browser does. */
async function dropOn(target: Element, what: { text: string } | { png: string }): Promise<void> {
  target.scrollIntoView({ block: 'center' });
  const box = target.getBoundingClientRect();
  await executeServerCommand('drop', { x: box.x + box.width / 2, y: box.y + box.height / 2, ...what });
}

describe('<ask-chat> and what is dropped on it', () => {
  let el: AskChat;
  let client: ReturnType<typeof fakeClient>;
  before(async () => {
    client = fakeClient(async () => answerRecord());
    el = document.createElement('ask-chat');
    el.client = client;
    document.body.append(el);
    await waitFor(() => parts(el).one('header'), 'the behaviour');
  });
  after(() => el.remove());

  it('takes text dropped into the question field as typed there, fetching the renderer before it is sent', async () => {
    expect(fetchedRenderer(), 'nothing typed yet').to.equal(false);
    await dropOn(parts(el).input(), { text: 'How do I install it?' });
    await waitFor(() => parts(el).input().value !== '', 'the text in the field');
    expect(parts(el).input().value).to.equal('How do I install it?');
    await waitFor(fetchedRenderer, 'marked and DOMPurify fetched');
    expect(client.asks).to.have.length(0);

    parts(el).input().focus();
    parts(el).one('send-button')!.click();
    await waitFor(() => parts(el).all('answer-body').length === 1, 'the answer drawn');
    expect(client.asks.map((request) => request.query)).to.deep.equal(['How do I install it?']);
  });

  it('attaches an image dropped on the chat, and types nothing', async () => {
    await dropOn(parts(el).one('transcript')!, { png: 'diagram.png' });
    await waitFor(() => parts(el).all('remove-button').length === 1, 'the image attached');
    expect(parts(el).input().value).to.equal('');
  });
});
