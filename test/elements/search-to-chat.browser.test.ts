/**
 * The hand-off a visitor makes from the search box to the chat ("Ask AI about …"), with both real
 * elements on one page talking to the reference service: the query must reach the chat and be
 * answered (DocSearch #3010 lost it).
 */
import { aTimeout, expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until.js';
import { sendKeys } from '@web/test-runner-commands';
import { SearchBox } from '../../src/elements/search-box/search-box.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import type { AnswerRecord } from '../../src/wire/index.js';
import {
  RecordingClient,
  answerRecord,
  defineElements,
  fakeClient,
  parts,
  serviceClient,
} from './chat-test-support.js';

defineElements();
if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

/** Asks `question` in `chat`, answered "could not find", and clicks its "Search instead" button. */
async function searchInsteadOfNotFound(chat: AskChat, question: string): Promise<void> {
  chat.client = fakeClient(async () => answerRecord({ didAnswer: false, link: '', answer: 'Sorry.' }));
  await chat.askQuestion(question);
  await chat.updateComplete;
  parts(chat).one('search-button')!.click();
}

describe('search box → chat hand-off', () => {
  it('asks the chat the typed query, with the tags, when the visitor picks "Ask AI about …"', async () => {
    const page = await fixture<HTMLDivElement>(html`
      <div data-ask-api-key="demo-key">
        <search-box ask-target="assistant" include-tags="elements" min-chars="2"></search-box>
        <ask-chat id="assistant"></ask-chat>
      </div>
    `);
    const box = page.querySelector('search-box')!;
    const chat = page.querySelector('ask-chat')!;
    const recording = new RecordingClient(serviceClient());
    chat.client = recording;

    box.focus();
    await sendKeys({ type: 'which events does the chat fire' });
    const askOption = () => box.shadowRoot!.querySelector<HTMLElement>('[part~="option-ask"]');
    await waitUntil(() => askOption() !== null, 'the "Ask AI about" option', { timeout: 5000 });
    expect(askOption()!.textContent).to.contain('which events does the chat fire');

    // The keyboard path: the ask option is the last one; ArrowUp from the input wraps to it.
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => askOption()!.getAttribute('aria-selected') === 'true', 'the ask option active');
    await sendKeys({ press: 'Enter' });

    const chatParts = parts(chat);
    await waitUntil(() => chatParts.questions().length === 1, 'the question in the chat', { timeout: 5000 });
    expect(chatParts.questions()[0]!.textContent).to.contain('which events does the chat fire');
    await waitUntil(() => chatParts.answers().length === 1 && !chatParts.one('stop-button'), 'an answer', {
      timeout: 8000,
    });
    expect(recording.asks).to.have.length(1);
    expect(recording.asks[0]!.query).to.equal('which events does the chat fire');
    expect(recording.asks[0]!.includeTags).to.deep.equal(['elements']);
    expect(chatParts.lastAnswer()!.textContent!.trim()).not.to.equal('');
  });

  it("keeps the chat's own tags for a question handed over by a search box that sets none", async () => {
    // A chat restricted to a section must answer from it whatever the box beside it searches:
    // the box's empty tag lists are no restriction of its own, not a lifting of the chat's.
    const page = await fixture<HTMLDivElement>(html`
      <div data-ask-api-key="demo-key">
        <search-box ask-target="assistant" min-chars="2" no-recent></search-box>
        <ask-chat id="assistant" include-tags="elements" exclude-tags="service"></ask-chat>
      </div>
    `);
    const box = page.querySelector('search-box')!;
    const chat = page.querySelector('ask-chat')!;
    const recording = fakeClient(async () => answerRecord());
    chat.client = recording;

    box.focus();
    await sendKeys({ type: 'theming the chat' });
    const askOption = () => box.shadowRoot!.querySelector<HTMLElement>('[part~="option-ask"]');
    await waitUntil(() => askOption() !== null, 'the "Ask AI about" option', { timeout: 5000 });
    askOption()!.click();
    await waitUntil(() => recording.asks.length === 1, 'the handed-over question sent');
    expect(recording.asks[0]).to.deep.include({
      query: 'theming the chat',
      includeTags: ['elements'],
      excludeTags: ['service'],
    });
  });

  it("answers in the chat of the search box page's example, pasted with the site's service and key", async () => {
    const guide = await (await fetch('/demo/content/elements/search-box.md')).text();
    const section = guide.split('\n## Example\n')[1]?.split('\n## ')[0] ?? '';
    const markup = /```html\n([\s\S]*?)```/.exec(section)?.[1];
    expect(markup, 'the markup of "Example" on the search box page').to.be.a('string');
    const page = await fixture<HTMLDivElement>(html`<div></div>`);
    // The script tag is this test's own definitions; the rest as a site owner pastes it.
    page.innerHTML = markup!
      .replace(/<script[^>]*><\/script>/, '')
      .replaceAll('https://bot.example.com', location.origin)
      .replaceAll('YOUR_KEY', 'demo-key');
    const box = page.querySelector('search-box')!;
    const chat = page.querySelector('ask-chat')!;
    await box.updateComplete;

    box.focus();
    await sendKeys({ type: 'how do I install it' });
    const askOption = () => box.shadowRoot!.querySelector<HTMLElement>('[part~="option-ask"]');
    await waitUntil(() => askOption() !== null, 'the "Ask AI about" option', { timeout: 5000 });
    askOption()!.click();
    const chatParts = parts(chat);
    await waitUntil(() => chatParts.answers().length === 1 && !chatParts.one('stop-button'), 'an answer', {
      timeout: 8000,
    });
    expect(chatParts.one('error')?.textContent?.trim(), 'no error in place of the answer').to.equal(
      undefined,
    );
    expect(chatParts.lastAnswer()!.textContent).to.contain('npm');
  });

  it("asks the chat on screen, not a same-named one of a route the app keeps hidden (React's <Activity>)", async () => {
    // A single-page app that keeps the pages it left in the DOM, hidden (Next.js keeps recent
    // routes so, in React's <Activity mode="hidden">), has each page's chat under one id.
    const page = await fixture<HTMLDivElement>(html`
      <div>
        <section style="display: none"><ask-chat id="page-chat"></ask-chat></section>
        <section>
          <search-box ask-target="page-chat" min-chars="2" no-recent></search-box>
          <ask-chat id="page-chat"></ask-chat>
        </section>
      </div>
    `);
    const [hidden, shown] = page.querySelectorAll('ask-chat');
    const asked: string[] = [];
    for (const [chat, name] of [
      [hidden!, 'hidden'],
      [shown!, 'shown'],
    ] as const)
      chat.client = fakeClient(async () => (asked.push(name), answerRecord()));
    const box = page.querySelector('search-box')!;
    box.client = { search: async () => [] } as unknown as SearchBox['client'];

    box.focus();
    await sendKeys({ type: 'how do I theme it' });
    const askOption = () => box.shadowRoot!.querySelector<HTMLElement>('[part~="option-ask"]');
    await waitUntil(() => askOption() !== null, 'the "Ask AI about" option');
    askOption()!.click();

    await waitUntil(() => asked.length === 1, 'the question asked');
    expect(asked).to.deep.equal(['shown']);
    expect(parts(shown!).questions()).to.have.length(1);
    expect(parts(hidden!).questions()).to.have.length(0);
    expect(document.activeElement).to.equal(shown);
  });

  it('takes the visitor to the chat input at once, and lets an answer on its way finish first', async () => {
    const page = await fixture<HTMLDivElement>(html`
      <div>
        <search-box ask-target="assistant" min-chars="2" no-recent></search-box>
        <ask-chat id="assistant"></ask-chat>
      </div>
    `);
    const box = page.querySelector('search-box')!;
    const chat = page.querySelector('ask-chat')!;
    const replies: ((record: AnswerRecord) => void)[] = [];
    const recording = fakeClient(() => new Promise<AnswerRecord>((resolve) => replies.push(resolve)));
    chat.client = recording;
    const chatParts = parts(chat);
    chat.askQuestion('how do I install it');
    await waitUntil(() => replies.length === 1, 'the first question sent');

    box.focus();
    await sendKeys({ type: 'theming' });
    const askOption = () => box.shadowRoot!.querySelector<HTMLElement>('[part~="option-ask"]');
    await waitUntil(() => askOption() !== null, 'the "Ask AI about" option', { timeout: 5000 });
    askOption()!.click();

    // In the chat's input while the first answer is still on its way, not on its first button.
    await waitUntil(() => chat.shadowRoot!.activeElement === chatParts.input(), 'the chat input focused');
    expect(replies).to.have.length(1);
    replies[0]!(answerRecord({ answer: 'Run npm install.' }));
    await waitUntil(() => replies.length === 2, 'the handed-over question sent after the first answer');
    expect(recording.asks.map((ask) => ask.query)).to.deep.equal(['how do I install it', 'theming']);
    expect(recording.signals[0]!.aborted).to.equal(false);
    replies[1]!(answerRecord({ answer: 'Set the custom properties.' }));
    await waitUntil(() => chatParts.answers().length === 2 && !chatParts.one('stop-button'), 'both answers');
    expect(chatParts.answers()[0]!.textContent).to.contain('Run npm install.');
    expect(chatParts.answers()[1]!.textContent).to.contain('Set the custom properties.');
  });

  it('from the dialog of variant="button", leaves the focus in the chat input once the dialog has closed', async () => {
    const page = await fixture<HTMLDivElement>(html`
      <div data-ask-api-key="demo-key">
        <search-box variant="button" ask-target="assistant" min-chars="2" no-recent></search-box>
        <ask-chat id="assistant"></ask-chat>
      </div>
    `);
    const box = page.querySelector('search-box')!;
    const chat = page.querySelector('ask-chat')!;
    chat.client = serviceClient();
    const dialog = box.shadowRoot!.querySelector('dialog')!;
    box.show();
    await waitUntil(() => dialog.open, 'the dialog open');
    await sendKeys({ type: 'how do I theme the chat' });
    const askOption = () => box.shadowRoot!.querySelector<HTMLElement>('[part~="option-ask"]');
    await waitUntil(() => askOption() !== null, 'the "Ask AI about" option', { timeout: 5000 });
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => askOption()!.getAttribute('aria-selected') === 'true', 'the ask option active');
    await sendKeys({ press: 'Enter' });

    // The dialog hands the focus back to its button when its close event fires, a task after it
    // closes: the chat must take the focus after that, not before (the visitor was left on the button).
    await waitUntil(() => !dialog.open, 'the dialog closed');
    await waitUntil(() => chat.shadowRoot!.activeElement === parts(chat).input(), 'the chat input focused');
    await aTimeout(100);
    expect(document.activeElement, 'still in the chat').to.equal(chat);
    expect(chat.shadowRoot!.activeElement).to.equal(parts(chat).input());
    await waitUntil(() => parts(chat).questions().length === 1, 'the question in the chat');
  });

  it("gives the focus back to the search button when the page's chat dialog it handed to closes", async () => {
    // A docs site's header: the search button (DocSearch's place), and the chat in a <dialog> of
    // the page, as the chat's page shows, opened when the search box hands a question over. The
    // chat's dialog opened while the search dialog was still open, so its focus to give back was
    // the search input, in a dialog closed since: closing the chat left the visitor on <body>.
    const page = await fixture<HTMLDivElement>(html`
      <div>
        <search-box variant="button" ask-target="assistant" min-chars="2" no-recent></search-box>
        <dialog aria-label="Ask the documentation"><ask-chat id="assistant"></ask-chat></dialog>
      </div>
    `);
    const box = page.querySelector('search-box')!;
    const chatDialog = page.querySelector('dialog')!;
    const chat = page.querySelector('ask-chat')!;
    box.client = { search: async () => [] } as unknown as SearchBox['client'];
    chat.client = fakeClient(async () => answerRecord());
    const openChat = () => chatDialog.open || chatDialog.showModal();
    document.addEventListener('ask-handoff', openChat);
    try {
      const button = box.shadowRoot!.querySelector<HTMLElement>('[part="button"]')!;
      box.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => box.shadowRoot!.querySelector('dialog')!.open, 'the search dialog open');
      await sendKeys({ type: 'basic auth' });
      const askOption = () => box.shadowRoot!.querySelector<HTMLElement>('[part~="option-ask"]');
      await waitUntil(() => askOption() !== null, 'the "Ask AI about" option');
      await sendKeys({ press: 'ArrowUp' });
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => chat.shadowRoot!.activeElement === parts(chat).input(), 'the chat input focused');
      await waitUntil(
        () => parts(chat).answers().length === 1 && !parts(chat).one('stop-button'),
        'an answer',
      );

      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !chatDialog.open, "the chat's dialog closed");
      await aTimeout(50);
      // Compared as names: a failure prints them, where chai would print the whole elements.
      expect(document.activeElement?.localName, 'the focus in the search box').to.equal('search-box');
      expect(box.shadowRoot!.activeElement === button, 'on its button').to.equal(true);
    } finally {
      document.removeEventListener('ask-handoff', openChat);
      chatDialog.close();
    }
  });

  it('hands a "not found" question back to the search box of the page when nobody takes ask-search', async () => {
    const page = await fixture<HTMLDivElement>(html`
      <div>
        <search-box no-recent></search-box>
        <ask-chat></ask-chat>
      </div>
    `);
    const box = page.querySelector('search-box')!;
    await searchInsteadOfNotFound(page.querySelector('ask-chat')!, 'where is the changelog');
    await box.updateComplete;
    expect(box.query).to.equal('where is the changelog');
    expect(box.shadowRoot!.querySelector('input')!.value).to.equal('where is the changelog');
    expect(box.shadowRoot!.activeElement).to.equal(box.shadowRoot!.querySelector('input'));
  });

  it("hands it to the search box beside the chat in a component's shadow root, before one of the page", async () => {
    const page = await fixture<HTMLDivElement>(
      html`<div>
        <search-box no-recent></search-box>
        <div></div>
      </div>`,
    );
    const pageBox = page.querySelector('search-box')!;
    const root = page.lastElementChild!.attachShadow({ mode: 'open' });
    root.innerHTML = '<search-box no-recent></search-box><ask-chat></ask-chat>';
    const box = root.querySelector('search-box')!;
    await searchInsteadOfNotFound(root.querySelector('ask-chat')!, 'where is the changelog');
    await box.updateComplete;
    expect(box.query).to.equal('where is the changelog');
    expect(pageBox.query).to.equal('');
  });

  it('hands it to the search box on screen, not to one the layout hides (a header on a phone)', async () => {
    const page = await fixture<HTMLDivElement>(html`
      <div>
        <search-box no-recent style="display: none"></search-box>
        <search-box no-recent></search-box>
        <ask-chat></ask-chat>
      </div>
    `);
    const [hidden, shown] = page.querySelectorAll('search-box');
    await searchInsteadOfNotFound(page.querySelector('ask-chat')!, 'where is the changelog');
    await shown!.updateComplete;
    expect(shown!.query).to.equal('where is the changelog');
    expect(hidden!.query).to.equal('');
  });
});
