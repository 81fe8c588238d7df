/**
 * The elements against the hosted service SPEC.md describes, not the reference service: a stand-in
 * (test/support/spec-service.ts) answers records holding only the fields SPEC shows (no
 * `context.passages`, no `section`), or those and extra fields of its own, over HTTP on this
 * origin. What a visitor sees, and what each element sends, must hold with either.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { SearchBox } from '../../src/elements/search-box/search-box.js';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import type { FeedbackButtons } from '../../src/elements/feedback-buttons/feedback-buttons.js';
import { defineElements, feedbackView, parts } from './chat-test-support.js';
import { options } from '../support/search-box-view.js';
import { waitUntil } from '../support/wait-until.js';

defineElements();
if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

const KEY = 'spec-key-0123456789';

interface ReceivedRequest {
  method: string;
  url: string;
  contentType: string | null;
  body: string;
}

/** The requests the stand-in received since the last call. */
const received = () => executeServerCommand<ReceivedRequest[], undefined>('spec-service-requests');

for (const variant of ['spec', 'hosted'] as const) {
  const baseUrl = `${location.origin}/spec-service/${variant}`;
  const what = variant === 'spec' ? 'only the fields SPEC shows' : 'extra fields a hosted service adds';

  describe(`elements fed records with ${what}`, () => {
    beforeEach(received);

    it('the search box lists each result: title, kind, description, link', async () => {
      const box = await fixture<SearchBox>(
        html`<search-box base-url=${baseUrl} api-key=${KEY} min-chars="2"></search-box>`,
      );
      box.focus();
      await sendKeys({ type: 'install' });
      await waitUntil(() => options(box).length === 2, 'two results', { timeout: 5000 });
      const [first, second] = Array.from(options(box)).map((option) => ({
        title: option.querySelector('[part~="option-title"]')?.textContent,
        type: option.querySelector('[part~="option-type"]')?.textContent,
        description: option.querySelector('[part~="option-description"]')?.textContent,
        link: option.querySelector('[part~="option-link"]')?.textContent,
        disabled: option.getAttribute('aria-disabled'),
      }));
      expect(first).to.deep.equal({
        title: 'Install the widget',
        type: 'Page',
        description: 'Add the script tag to every page.',
        link: 'docs.example.com/install',
        disabled: null,
      });
      expect(second?.title).to.equal('Pricing');
      expect(second?.type).to.equal('PDF');
      const searches = (await received()).filter((request) => request.url === '/bot/search');
      expect(searches.length).to.be.greaterThan(0);
      for (const request of searches) {
        expect(request.method).to.equal('POST');
        expect(request.contentType).to.equal('application/json');
      }
      expect(JSON.parse(searches.at(-1)!.body)).to.deep.equal({ query: 'install', numDocs: 8, apiKey: KEY });
    });

    it('the chat shows the answer and its source, continues the conversation, and takes a vote', async () => {
      const chat = await fixture<AskChat>(html`<ask-chat base-url=${baseUrl} api-key=${KEY}></ask-chat>`);
      const view = parts(chat);
      await chat.askQuestion('How do I install it?');
      await waitUntil(() => view.answers().length === 1 && !view.one('stop-button'), 'an answer', {
        timeout: 8000,
      });
      const answer = view.lastAnswer()!;
      expect(answer.textContent).to.contain('Add the script tag to every page.');
      expect(answer.textContent).not.to.contain('[object');
      const source = view.one('source-link') as HTMLAnchorElement | null;
      expect(source?.textContent?.trim()).to.equal('Install the widget');
      expect(source?.getAttribute('href')).to.equal('https://docs.example.com/install');
      expect(view.one('asset-type')?.textContent?.trim()).to.equal('Page');
      // 87.25 on SPEC's 0 to 100 scale, shown whole.
      expect(view.one('confidence')?.textContent).to.contain('87');
      expect(view.one('related'), 'no "see also" without passages').to.equal(null);

      await chat.askQuestion('And on a second page?');
      await waitUntil(() => view.answers().length === 2 && !view.one('stop-button'), 'a second answer', {
        timeout: 8000,
      });
      const asks = (await received()).filter((request) => request.url === '/bot/askai');
      expect(asks.length).to.equal(2);
      const [first, second] = asks.map((request) => JSON.parse(request.body) as Record<string, unknown>);
      expect(first).to.include({
        query: 'How do I install it?',
        format: 'markdown',
        conversationId: '',
        apiKey: KEY,
      });
      expect(first?.['meta']).to.include({ origin: location.origin + location.pathname }); // without query or fragment
      // The conversationId of the first answer (the stand-in names it after the first insight).
      expect(second?.['conversationId']).to.match(/^conversation-\d+$/);
      expect(asks[1]!.contentType).to.equal('application/json');

      const buttons = view.all('feedback').at(-1) as FeedbackButtons;
      await buttons.updateComplete;
      feedbackView(buttons).up().click();
      await waitUntil(
        () => feedbackView(buttons).up().getAttribute('aria-pressed') === 'true',
        'the vote taken',
        { timeout: 5000 },
      );
      const votes = (await received()).filter((request) => request.url === '/bot/feedback');
      expect(votes.length).to.equal(1);
      const vote = JSON.parse(votes[0]!.body) as Record<string, unknown>;
      expect(vote).to.deep.equal({ insightId: vote['insightId'], feedback: 1, apiKey: KEY });
      expect(vote['insightId']).to.match(/^insight-\d+$/);
    });

    it('the chat says politely that a question was not answered (didAnswer false), with no source', async () => {
      const chat = await fixture<AskChat>(html`<ask-chat base-url=${baseUrl} api-key=${KEY}></ask-chat>`);
      const view = parts(chat);
      await chat.askQuestion('Is there nothing about llamas?');
      await waitUntil(() => view.answers().length === 1 && !view.one('stop-button'), 'an answer', {
        timeout: 8000,
      });
      expect(view.one('notice')?.textContent).to.match(/couldn.t find|could not find/i);
      expect(view.one('source')).to.equal(null);
      expect(view.one('error')).to.equal(null);
    });
  });
}
