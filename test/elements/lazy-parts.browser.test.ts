/**
 * The rarely used parts of the elements are modules fetched by a dynamic import() the first time
 * a page needs them: search-box's dialog (variant="button") and keyboard shortcut, ask-chat's
 * image reading and sessionStorage. search-box's behaviour (search, popup, keys) is one too,
 * fetched once the page is idle or as soon as the visitor needs it. This file runs in a page of
 * its own, in this order, so that each test here is the first use of its module: it proves the
 * module is not fetched before it is needed, and that the first use works.
 */
import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { waitUntil } from '../support/wait-until.js';
import { scriptTagPage, type ScriptTagPage } from '../support/script-tag-page.js';
import { sendKeys } from '@web/test-runner-commands';
import type { AskClient } from '../../src/client/create-client.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import type { FeedbackButtons } from '../../src/elements/feedback-buttons/feedback-buttons.js';
import { SearchBox, type SearchBoxSelectDetail } from '../../src/elements/search-box/search-box.js';
import type { SearchResultItem } from '../../src/wire/index.js';
import {
  answerRecord,
  defineElements,
  fakeClient,
  fetchedFile,
  parts,
  pasteFiles,
  pngFile,
  waitFor,
} from './chat-test-support.js';

if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);
defineElements();

const LAZY_MODULES = [
  'search-dialog',
  'keyboard-shortcut',
  'image-attachments',
  'conversation-storage',
  'reason-form',
];

/** The lazy modules this page has fetched so far. */
const fetched = () => LAZY_MODULES.filter((name) => fetchedFile(new RegExp(`/${name}\\.`)));

const results: SearchResultItem[] = ['Theming', 'Dark mode', 'Right-to-left pages'].map((title) => ({
  title,
  description: `About ${title}`,
  link: `#${title}`,
  assetType: 'webpage',
}));

/** A client whose searches answer at once; nothing else is used by <search-box>. */
const searchClient = { search: async () => results } as unknown as AskClient;

const input = (el: SearchBox) => el.shadowRoot!.querySelector('input')!;
const options = (el: SearchBox) => el.shadowRoot!.querySelectorAll('[role="option"]');

describe('lazily loaded parts', () => {
  before(() => sessionStorage.clear());

  it('search-box: its behaviour waits for the page to be idle or the visitor; what was typed before it arrived is searched in full', async () => {
    // The page's idle moments are held, so that only the visitor can make the box fetch it.
    const idle: IdleRequestCallback[] = [];
    const requestIdleCallback = window.requestIdleCallback;
    window.requestIdleCallback = (callback) => idle.push(callback);
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    try {
      const searched: string[] = [];
      const client = {
        search: async ({ query }: { query: string }) => (searched.push(query), results),
      } as unknown as AskClient;
      const box = await fixture<SearchBox>(
        html`<search-box debounce="0" no-recent .client=${client}></search-box>`,
      );
      await aTimeout(300);
      expect(idle, 'an idle moment asked for').to.have.length(1);
      expect(fetchedFile(/\/search-controller\./), 'not fetched before it is needed').to.equal(false);
      // Before it arrives the box is a labelled, closed combobox: the same to axe as after.
      expect(input(box).getAttribute('role')).to.equal('combobox');
      expect(input(box).getAttribute('aria-expanded')).to.equal('false');
      expect(box.shadowRoot!.getElementById(input(box).getAttribute('aria-controls')!)!.role).to.equal(
        'listbox',
      );
      await expect(box).to.be.accessible();
      expect(fetchedFile(/\/search-controller\./), 'axe needed nothing of it').to.equal(false);

      // The visitor types and presses keys in one go, before the module can have arrived.
      const submitted = oneEvent(box, 'ask-search');
      // Unless the page shows its own results, the box follows the first result once it has it.
      const followed = oneEvent(box, 'ask-select');
      box.addEventListener('ask-select', (event) => event.preventDefault());
      const field = input(box);
      field.focus();
      for (const text of ['t', 'th', 'the', 'them', 'theme']) {
        field.value = text;
        field.dispatchEvent(
          new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText' }),
        );
      }
      for (const key of ['ArrowDown', 'ArrowUp', 'Enter'])
        field.dispatchEvent(
          new KeyboardEvent('keydown', { key, bubbles: true, composed: true, cancelable: true }),
        );
      expect(options(box), 'nothing yet').to.have.length(0);

      await waitUntil(() => options(box).length === 3, 'the results of the whole text');
      expect(searched).to.deep.equal(['theme']);
      expect(((await submitted) as CustomEvent<{ query: string }>).detail.query, 'Enter submitted').to.equal(
        'theme',
      );
      const first = ((await followed) as CustomEvent<SearchBoxSelectDetail>).detail;
      expect([first.position, first.query, first.submitted], 'the first result followed').to.deep.equal([
        1,
        'theme',
        true,
      ]);
      expect(fetchedFile(/\/search-controller\./)).to.equal(true);
      expect(input(box).getAttribute('aria-expanded'), 'closed, as after a choice').to.equal('false');
      expect(field.value).to.equal('theme');
      expect(errors).to.deep.equal([]);
    } finally {
      window.requestIdleCallback = requestIdleCallback;
      window.removeEventListener('error', onError);
    }
  });

  it('search-box: a page with only an inline box (the script-tag file) fetches its behaviour when idle, without an error, and searches', async () => {
    // The frame holds its idle callback, before the script-tag file runs.
    const { page, frame } = (await scriptTagPage(
      '<search-box></search-box>',
      'requestIdleCallback = (callback) => (window.idle = callback, 1);',
    )) as { page: ScriptTagPage & { idle?: () => void }; frame: HTMLIFrameElement };
    try {
      const chunk = /\/ask-elements-search-controller-/;
      await waitUntil(() => page.idle, 'the box, rendered, waits for an idle moment', { timeout: 5000 });
      const box = page.document.querySelector('search-box')!;
      expect(box.shadowRoot!.querySelector('input')!.getAttribute('role')).to.equal('combobox');
      await aTimeout(300);
      expect(fetchedFile(chunk, page), 'not fetched before the page is idle').to.equal(false);

      page.idle!();
      await waitUntil(() => fetchedFile(chunk, page), 'fetched when the page is idle', { timeout: 5000 });
      box.shadowRoot!.querySelector('input')!.focus();
      await sendKeys({ type: 'theming' });
      await waitUntil(() => box.shadowRoot!.querySelectorAll('[role="option"]').length > 0, 'results', {
        timeout: 5000,
      });
      const popup = box.shadowRoot!.querySelector('[part="popup"]')!;
      expect(page.getComputedStyle(popup).position, "the popup's styles came with it").to.equal('absolute');
      expect(page.errors).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });

  it('are not fetched by an inline search box, nor by a chat that neither persists nor attaches', async () => {
    const box = await fixture<SearchBox>(
      html`<search-box debounce="0" no-recent .client=${searchClient}></search-box>`,
    );
    input(box).focus();
    await sendKeys({ type: 'theme' });
    await waitUntil(() => options(box).length === 3, 'results');

    const chat = await fixture<AskChat>(
      html`<ask-chat .client=${fakeClient(async () => answerRecord())}></ask-chat>`,
    );
    await chat.askQuestion('How do I install it?');
    expect(parts(chat).all('answer-body')).to.have.length(1);
    expect(fetched()).to.deep.equal([]);
  });

  it('search-box: show() called before the dialog module has arrived opens the dialog once it has', async () => {
    const el = document.createElement('search-box');
    el.variant = 'button';
    el.debounce = 0;
    el.client = searchClient;
    document.body.append(el);
    try {
      // The first render, within microtasks: the module is requested, and cannot have arrived.
      while (!el.shadowRoot?.querySelector('dialog')) await Promise.resolve();
      expect(fetched()).to.deep.equal([]);
      el.show();
      const dialog = el.shadowRoot.querySelector('dialog')!;
      await waitUntil(() => dialog.open, 'the dialog opens');
      expect(dialog.matches(':modal')).to.equal(true);
      expect(el.shadowRoot.activeElement).to.equal(input(el));
      expect(fetched()).to.deep.equal(['search-dialog']);
      await sendKeys({ type: 'theme' });
      await waitUntil(() => options(el).length === 3, 'results in the dialog');
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !dialog.open, 'Escape closes it');
      expect(el.shadowRoot.activeElement).to.equal(el.shadowRoot.querySelector('[part="button"]'));
    } finally {
      el.remove();
    }
  });

  it('search-box: the first press of the shortcut opens the dialog, its hint in place', async () => {
    expect(fetched()).to.not.include('keyboard-shortcut');
    const el = await fixture<SearchBox>(
      html`<search-box variant="button" shortcut="mod+k" .client=${searchClient}></search-box>`,
    );
    // updateComplete (which fixture awaits) includes the lazily imported shortcut.
    const button = el.shadowRoot!.querySelector('[part="button"]')!;
    expect(button.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Search Ctrl K');
    expect(button.getAttribute('aria-keyshortcuts')).to.equal('Control+K');
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'k' });
    await sendKeys({ up: 'Control' });
    const dialog = el.shadowRoot!.querySelector('dialog')!;
    await waitUntil(() => dialog.open, 'the dialog opens at the first press');
    expect(el.shadowRoot!.activeElement).to.equal(input(el));
    expect(fetched()).to.include('keyboard-shortcut');
    dialog.close();
  });

  it('ask-chat: the first pasted image is read and shown as a thumbnail', async () => {
    expect(fetched()).to.not.include('image-attachments');
    const client = fakeClient(async () => answerRecord());
    const el = await fixture<AskChat>(html`<ask-chat .client=${client}></ask-chat>`);
    const p = parts(el);
    pasteFiles(p.input(), [await pngFile('first.png')]);
    await waitFor(() => p.all('thumbnail').length === 1, 'a thumbnail');
    expect(p.all('thumbnail')[0]!.querySelector('img')!.alt).to.equal('first.png');
    expect(fetched()).to.include('image-attachments');
    p.input().focus();
    await sendKeys({ type: 'What is in this screenshot?' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => client.asks.length === 1, 'the question');
    expect(client.asks[0]!.base64Images).to.have.length(1);
  });

  it('ask-chat: the first persisted conversation is saved and restored, and a question asked at once continues it', async () => {
    expect(fetched()).to.not.include('conversation-storage');
    const client = fakeClient(async () => answerRecord({ conversationId: 'conversation-42' }));
    const first = await fixture<AskChat>(
      html`<ask-chat persist storage-key="lazy" .client=${client}></ask-chat>`,
    );
    await first.askQuestion('How do I install it?');
    await waitFor(() => sessionStorage.getItem('ask-chat:lazy')?.includes('conversation-42'), 'the save');
    expect(fetched()).to.include('conversation-storage');
    first.remove();

    // A reload: a new element reading the same sessionStorage, asked a question as soon as it is connected.
    const again = document.createElement('ask-chat');
    Object.assign(again, { persist: true, storageKey: 'lazy', client });
    document.body.append(again);
    try {
      await again.askQuestion('And the chat?');
      expect(client.asks.at(-1)!.conversationId).to.equal('conversation-42');
      await again.updateComplete;
      expect(
        parts(again)
          .questions()
          .map((question) => question.textContent!.trim()),
      ).to.deep.equal(['How do I install it?', 'And the chat?']);
    } finally {
      again.remove();
    }
  });

  it('feedback-buttons: the reason form comes with the first thumbs-down, and opens under that answer alone', async () => {
    expect(fetched()).to.not.include('reason-form');
    let posted = 0;
    const client = { feedback: async () => (posted++, { success: true }) };
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons insight-id="i-a" ask-reason .client=${client}></feedback-buttons>`,
    );
    const voted: unknown[] = [];
    el.addEventListener('ask-feedback', (event) => voted.push((event as CustomEvent).detail));
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="down-button"]')!.click();
    // The service takes the vote at once; the form's module, fetched over the network, cannot
    // have come while only promises have settled.
    for (let i = 0; i < 100; i++) await Promise.resolve();
    expect(posted, 'the vote taken').to.equal(1);
    expect(fetchedFile(/\/reason-form\./), 'the module still on its way').to.equal(false);
    // Meanwhile the page shows another answer in the same buttons.
    el.insightId = 'i-b';
    await el.updateComplete;
    await waitFor(() => voted.length === 1, 'the vote given, told once the module has come');
    await el.updateComplete;
    expect(voted).to.deep.equal([{ insightId: 'i-a', value: -1 }]);
    expect(fetched()).to.include('reason-form');
    expect(el.shadowRoot!.querySelector('form') === null, 'no reason form under the other answer').to.equal(
      true,
    );
    // That answer's own thumbs-down opens it.
    el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="down-button"]')!.click();
    await waitFor(() => el.shadowRoot!.querySelector('form'), 'the reason form');
  });
});
