/**
 * `<ask-chat>` loads in two parts: the element (properties, the empty transcript, the composer)
 * and its behaviour (`chat-behaviour.ts`: asking, answers, copy, retry, attachments, persist),
 * imported after the first render or at the first sign of use. This file runs in a page of its
 * own, in this order, so that the first tests see the page before the behaviour has arrived.
 */
import { expect, html, fixture } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import type { AnswerRecord } from '../../src/wire/index.js';
import {
  answerRecord,
  defineElements,
  fakeClient,
  fetchedFile,
  parts,
  pasteFiles,
  pngFile,
  RENDERER_FILES,
} from './chat-test-support.js';

defineElements();

const BEHAVIOUR = /\/chat-behaviour\./;

/** A chat added to the page the way a site's markup adds it, its first render done. */
async function addChat(client: ReturnType<typeof fakeClient>, setup: (el: AskChat) => void = () => {}) {
  const el = document.createElement('ask-chat');
  el.client = client;
  setup(el);
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** Types into the chat's input as the browser does, without focusing it first. */
function type(el: AskChat, text: string): void {
  const input = parts(el).input();
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
}

const answered = (el: AskChat, count = 1) =>
  waitUntil(() => parts(el).all('answer-body').length === count, `${count} answer(s)`, { timeout: 8000 });

describe('<ask-chat> before and after its behaviour arrives', () => {
  const chats: AskChat[] = [];
  afterEach(() => chats.splice(0).forEach((el) => el.remove()));

  it('the first load holds the element, not its behaviour, marked or DOMPurify', () => {
    expect(fetchedFile(/\/elements\/ask-chat\/ask-chat\.ts$/), 'the element').to.equal(true);
    expect(fetchedFile(BEHAVIOUR), 'the behaviour').to.equal(false);
    expect(fetchedFile(RENDERER_FILES), 'marked or DOMPurify').to.equal(false);
  });

  it('a question typed and sent before the behaviour has arrived is asked when it does, and answered', async () => {
    const client = fakeClient(async () => answerRecord());
    const el = await addChat(client);
    chats.push(el);
    const p = parts(el);
    // The first render is there: labelled input, send button, empty transcript.
    expect(p.one('transcript')!.getAttribute('role')).to.equal('log');
    expect(p.one('send-button')!.getAttribute('aria-label')).to.equal('Send');
    expect(fetchedFile(BEHAVIOUR)).to.equal(false);

    type(el, 'How do I install it?');
    // Read in the direction of its first letter already: on a right-to-left page, not "?How do…".
    expect(getComputedStyle(p.input()).unicodeBidi).to.equal('plaintext');
    p.input().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    // Not asked yet, and not lost: the text waits in the input.
    expect(client.asks).to.have.length(0);
    expect(p.input().value).to.equal('How do I install it?');

    await answered(el);
    expect(client.asks.map((ask) => ask.query)).to.deep.equal(['How do I install it?']);
    expect(p.questions()[0]!.textContent!.trim()).to.equal('How do I install it?');
    expect(p.input().value).to.equal('');
    expect(p.status()).to.equal('Answer ready.');
    expect(fetchedFile(BEHAVIOUR)).to.equal(true);
    expect(fetchedFile(RENDERER_FILES)).to.equal(true);
  });

  it('a question sent twice before the behaviour has arrived is asked once, with no word of one waiting', async () => {
    let answer: (record: AnswerRecord) => void = () => {};
    const client = fakeClient(() => new Promise<AnswerRecord>((resolve) => (answer = resolve)));
    const el = await addChat(client);
    chats.push(el);
    const p = parts(el);
    type(el, 'How do I install it?');
    // Enter pressed twice (or Send clicked twice): each press waits for the behaviour.
    for (let press = 0; press < 2; press++)
      p.input().dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }),
      );
    await waitUntil(() => client.asks.length === 1, 'the question asked');
    await el.updateComplete;
    expect(p.input().value).to.equal('');
    const notice = p.root.querySelector<HTMLElement>('.attach-notice')!;
    expect(notice.hidden, 'no question waits in the empty input').to.equal(true);
    expect(p.status()).to.equal('Thinking…');
    answer(answerRecord());
    await answered(el);
    expect(client.asks).to.have.length(1);
    expect(p.questions()).to.have.length(1);
  });

  it('the behaviour comes by itself when the page is idle, with the styles of the answers', async () => {
    const client = fakeClient(async () => answerRecord());
    const el = await addChat(client, (chat) => chat.style.setProperty('--ask-color-accent', 'rgb(1, 2, 3)'));
    chats.push(el);
    const p = parts(el);
    // Only the behaviour draws the "New conversation" bar (hidden while the transcript is empty).
    await waitUntil(() => p.one('header'), 'the behaviour, with nothing done');
    await el.askQuestion('How do I style it?');
    await el.updateComplete;
    expect(getComputedStyle(p.questions()[0]!).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(p.one('answer-body')!.closest('[part~="answer"]')!).borderRadius).to.not.equal(
      '0px',
    );
    await expect(el).to.be.accessible();
  });

  it('a suggestion clicked, an image pasted and askQuestion() called before the behaviour is there all happen when it is', async () => {
    const client = fakeClient(async () => answerRecord());
    const image = await pngFile('before.png');
    const el = await addChat(client, (chat) => (chat.suggestions = ['How do I install it?']));
    chats.push(el);
    const p = parts(el);
    pasteFiles(p.input(), [image]);
    p.one('suggestion')!.click();
    await answered(el);
    expect(client.asks[0]!.query).to.equal('How do I install it?');
    await waitUntil(() => p.all('thumbnail').length === 1, 'the pasted image, waiting for the next question');

    const other = await addChat(client);
    chats.push(other);
    const asked = other.askQuestion('And the chat?');
    expect(parts(other).input().value, 'in view while the behaviour comes').to.equal('And the chat?');
    const record = await asked;
    expect(parts(other).input().value, 'asked, out of the input').to.equal('');
    expect(record?.insightId).to.match(/^insight-/);
    expect(client.asks.at(-1)!.query).to.equal('And the chat?');
  });

  it('a suggestion clicked twice before the behaviour is there is asked once, and so is a question handed over twice', async () => {
    const client = fakeClient(async () => answerRecord());
    const el = await addChat(client, (chat) => (chat.suggestions = ['How do I install it?']));
    chats.push(el);
    const p = parts(el);
    // Both clicks come before the behaviour does (each waits for it): the suggestion is still there.
    p.one('suggestion')!.click();
    p.one('suggestion')!.click();
    await waitUntil(() => p.all('answer-body').length > 0, 'the answer');
    // A page (or a search box) handing over the question being answered again, tags and all.
    const [first, again] = await Promise.all([
      el.askQuestion('And the chat?'),
      el.askQuestion('And the chat?'),
    ]);
    expect(again?.insightId).to.equal(first?.insightId);
    expect(client.asks.map((ask) => ask.query)).to.deep.equal(['How do I install it?', 'And the chat?']);
    expect(p.questions().map((question) => question.textContent!.trim())).to.deep.equal([
      'How do I install it?',
      'And the chat?',
    ]);
    expect(p.input().value, 'no question left waiting in the input').to.equal('');
    // With other tags, it is another question, asked once the first is answered.
    await Promise.all([el.askQuestion('Tags?'), el.askQuestion('Tags?', { includeTags: ['api'] })]);
    expect(client.asks.slice(2).map((ask) => ask.includeTags)).to.deep.equal([undefined, ['api']]);
  });

  it('a chat restored from sessionStorage needs no visitor to show its saved conversation', async () => {
    sessionStorage.clear();
    const client = fakeClient(async () => answerRecord({ conversationId: 'conversation-7' }));
    const first = await addChat(client, (chat) => Object.assign(chat, { persist: true, storageKey: 'lazy' }));
    await first.askQuestion('How do I install it?');
    await waitUntil(() => sessionStorage.getItem('ask-chat:lazy')?.includes('conversation-7'), 'the save');
    first.remove();

    const again = await fixture<AskChat>(
      html`<ask-chat persist storage-key="lazy" .client=${client}></ask-chat>`,
    );
    await answered(again);
    expect(parts(again).questions()[0]!.textContent!.trim()).to.equal('How do I install it?');
    sessionStorage.clear();
  });
});
