/**
 * `<ask-chat>` whose connection changes once it is in use (`api-key`, `base-url`, the `client`
 * property, an ancestor's `data-ask-*`): a site switching product or agent, a framework reusing
 * the element. The conversation held with one agent is never continued with another, nor shown
 * mixed with it on screen, and votes go to the service that gave the answer. A keyboard or
 * screen-reader visitor on one of the answers the page clears is not left on the page's body.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import type { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import type { FeedbackButtons } from '../../src/elements/feedback-buttons/feedback-buttons.js';
import {
  analyticsRecords,
  answerRecord,
  defineElements,
  fakeClient,
  feedbackView,
  parts,
  untilAborted,
  waitFor,
} from './chat-test-support.js';

defineElements();

/** The reference service's second agent of the demo project (reference-service-plugin.mjs). */
const SUPPORT_KEY = 'support-key';
/** The stand-in for SPEC's hosted service: another service on this origin, at its own path. */
const OTHER_SERVICE = `${location.origin}/spec-service/spec`;

/** The requests the stand-in received since the last call. */
const otherServiceReceived = () =>
  executeServerCommand<{ url: string; body: string }[], undefined>('spec-service-requests');

/** The conversationId of each question as `ask-question` gave it. */
function sentConversationIds(el: AskChat): string[] {
  const ids: string[] = [];
  el.addEventListener('ask-question', (e) => ids.push((e as CustomEvent).detail.conversationId));
  return ids;
}

/** Types `question` as a visitor does, presses Enter, and waits until `count` answers are settled. */
async function askAndWait(el: AskChat, question: string, count: number): Promise<void> {
  const p = parts(el);
  await waitFor(() => p.one('header'), 'the chat behaviour');
  p.input().focus();
  await sendKeys({ type: question });
  await sendKeys({ press: 'Enter' });
  await waitFor(
    () => p.answers().filter((a) => a.getAttribute('aria-busy') === 'false').length >= count,
    `${count} settled answer(s)`,
    15000,
  );
  await el.updateComplete;
}

const questionsShown = (el: AskChat) =>
  parts(el)
    .questions()
    .map((q) => q.textContent!.trim());

describe('<ask-chat> whose connection changes once in use', () => {
  it("starts a new conversation with another agent's key on the same service: nothing of the first agent's on screen or sent", async () => {
    const el = await fixture<AskChat>(html`<ask-chat api-key="demo-key"></ask-chat>`);
    const sent = sentConversationIds(el);
    await askAndWait(el, 'How do I create a client?', 1);
    expect(sent).to.deep.equal(['']);
    el.apiKey = SUPPORT_KEY;
    await el.updateComplete;
    const p = parts(el);
    expect(questionsShown(el), 'the transcript of the first agent cleared').to.deep.equal([]);
    expect(p.one('empty')!.hidden).to.equal(false);
    await askAndWait(el, 'Which options does it take?', 1);
    expect(sent, 'no conversationId of the first agent sent to the second').to.deep.equal(['', '']);
    expect(questionsShown(el)).to.deep.equal(['Which options does it take?']);
    // A new conversation, not one the service says it forgot.
    expect(p.lastAnswer()!.textContent).not.to.contain('no longer remembered');
    // Its vote goes with the second agent's key, to the answer it rates.
    const feedback = p.lastAnswer()!.querySelector<FeedbackButtons>('feedback-buttons')!;
    await feedback.updateComplete;
    feedbackView(feedback).up().click();
    await waitFor(() => feedbackView(feedback).message() === 'Thanks for your feedback.', 'the thanks');
    const records = await analyticsRecords();
    expect(records.find((r) => r.insightId === feedback.insightId)?.feedback).to.equal(1);
  });

  it("starts a new conversation on another service: the first service's conversationId never reaches it, and votes go to it", async () => {
    await otherServiceReceived();
    const el = await fixture<AskChat>(html`<ask-chat api-key="demo-key"></ask-chat>`);
    await askAndWait(el, 'How do I create a client?', 1);
    el.baseUrl = OTHER_SERVICE;
    el.apiKey = 'spec-key-0123456789';
    await el.updateComplete;
    expect(questionsShown(el)).to.deep.equal([]);
    await askAndWait(el, 'How do I install it?', 1);
    const asks = (await otherServiceReceived()).filter((request) => request.url === '/bot/askai');
    expect(asks.map((request) => JSON.parse(request.body).conversationId)).to.deep.equal(['']);
    expect(questionsShown(el)).to.deep.equal(['How do I install it?']);
    const feedback = parts(el).lastAnswer()!.querySelector<FeedbackButtons>('feedback-buttons')!;
    await feedback.updateComplete;
    feedbackView(feedback).down().click();
    await waitFor(() => feedbackView(feedback).message() !== '', 'the vote settled');
    const votes = (await otherServiceReceived()).filter((request) => request.url === '/bot/feedback');
    expect(votes.map((request) => JSON.parse(request.body).insightId)).to.deep.equal([feedback.insightId]);
  });

  it("starts a new conversation when an ancestor's data-ask-api-key changes, at the next question", async () => {
    const page = await fixture<HTMLDivElement>(
      html`<div data-ask-api-key="demo-key"><ask-chat></ask-chat></div>`,
    );
    const el = page.querySelector('ask-chat')!;
    const sent = sentConversationIds(el);
    await askAndWait(el, 'How do I create a client?', 1);
    // No property of the chat changed, so no update: the question finds it out.
    page.setAttribute('data-ask-api-key', SUPPORT_KEY);
    await askAndWait(el, 'Which options does it take?', 1);
    expect(sent).to.deep.equal(['', '']);
    expect(questionsShown(el)).to.deep.equal(['Which options does it take?']);
  });

  it('keeps going in the same conversation when the connection is set again to the same service and key', async () => {
    const el = await fixture<AskChat>(html`<ask-chat api-key="demo-key"></ask-chat>`);
    const sent = sentConversationIds(el);
    await askAndWait(el, 'How do I create a client?', 1);
    el.baseUrl = location.origin;
    el.setAttribute('api-key', 'demo-key');
    await el.updateComplete;
    await askAndWait(el, 'Which options does it take?', 2);
    expect(sent[1]).not.to.equal('');
    expect(questionsShown(el)).to.have.length(2);
  });

  it('gives the question on its way back to the input when the client changes, and asks nothing more of the first', async () => {
    const first = fakeClient((_, options) => untilAborted(options?.signal));
    const el = await fixture<AskChat>(html`<ask-chat .client=${first}></ask-chat>`);
    const p = parts(el);
    await waitFor(() => p.one('header'), 'the chat behaviour');
    p.input().focus();
    await sendKeys({ type: 'How do I install it?' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => first.asks.length === 1, 'the question asked');
    const second = fakeClient(async (request) =>
      answerRecord({ conversationId: request.conversationId || 'second-conversation' }),
    );
    el.client = second;
    await waitFor(() => first.signals[0]!.aborted, 'the first request aborted');
    await el.updateComplete;
    expect(questionsShown(el)).to.deep.equal([]);
    expect(p.input().value, 'the question back, to ask the new service').to.equal('How do I install it?');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => second.asks.length === 1, 'asked of the new client');
    expect(second.asks[0]!.conversationId).to.equal('');
    expect(first.asks).to.have.length(1);
  });

  it('keeps failed questions that no service answered, for the corrected connection to answer', async () => {
    const el = await fixture<AskChat>(html`<ask-chat api-key="no-such-key"></ask-chat>`);
    await askAndWait(el, 'How do I create a client?', 1);
    expect(parts(el).one('error')).to.exist;
    el.apiKey = 'demo-key';
    await el.updateComplete;
    expect(questionsShown(el)).to.deep.equal(['How do I create a client?']);
    // Asked again (it is back in the input), the service with the right key answers it.
    const p = parts(el);
    expect(p.input().value).to.equal('How do I create a client?');
    p.input().focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => p.one('source-link'), 'the answer');
    expect(questionsShown(el)).to.deep.equal(['How do I create a client?']);
    expect(p.one('error')).to.equal(null);
  });

  describe('where the focus was on an answer the page clears', () => {
    const SWITCHED = 'The page switched the chat to another conversation.';
    const withCode = () => answerRecord({ answer: 'Install it:\n\n```sh\nnpm install ask-elements\n```' });
    /**
     * What has the focus, inside the shadow roots it is in: its part, else its tag (compared as
     * text: an assertion that failed on two elements gave the test runner the whole page to print).
     */
    const focused = () => {
      let active = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.getAttribute('part') ?? active?.localName;
    };
    /** The controls of an answer a keyboard visitor may be on. */
    const controls: [string, (el: AskChat) => HTMLElement][] = [
      ['its Copy button', (el) => parts(el).one('copy-button')!],
      ['its Copy code button', (el) => parts(el).one('code-copy-button')!],
      ['a thumb', (el) => feedbackView(parts(el).one('feedback') as FeedbackButtons).up()],
      ['its source link', (el) => parts(el).one('source-link')!],
    ];

    /** A chat with one answer from `client`, the focus on `control` of it. */
    async function focusedOnAnswer(el: AskChat, control: (el: AskChat) => HTMLElement): Promise<void> {
      await askAndWait(el, 'How do I install it?', 1);
      await (parts(el).one('feedback') as FeedbackButtons).updateComplete;
      control(el).focus();
      expect(focused(), 'on the control of the answer').to.equal(control(el).getAttribute('part'));
    }

    for (const [name, control] of controls)
      it(`puts the focus in the input from ${name} when the client changes, and says why the answer went`, async () => {
        const el = await fixture<AskChat>(
          html`<ask-chat .client=${fakeClient(async () => withCode())}></ask-chat>`,
        );
        await focusedOnAnswer(el, control);
        el.client = fakeClient(async () => answerRecord());
        await el.updateComplete;
        const p = parts(el);
        expect(questionsShown(el), 'the answer cleared').to.deep.equal([]);
        expect(focused(), 'the focus in the input, not on the body').to.equal('input');
        expect(p.status()).to.equal(SWITCHED);
      });

    it("says so in the site's words, and passes axe once cleared", async () => {
      const el = await fixture<AskChat>(
        html`<ask-chat
          api-key="demo-key"
          .strings=${{ conversationSwitched: 'Le site a changé de conversation.' }}
        ></ask-chat>`,
      );
      await focusedOnAnswer(el, (chat) => parts(chat).one('copy-button')!);
      el.apiKey = SUPPORT_KEY;
      await el.updateComplete;
      expect(focused()).to.equal('input');
      expect(parts(el).status()).to.equal('Le site a changé de conversation.');
      await expect(el).to.be.accessible();
    });

    it("leaves the focus on the page's own control that changed the connection", async () => {
      const page = await fixture<HTMLDivElement>(
        html`<div>
          <button type="button">Product B</button>
          <ask-chat .client=${fakeClient(async () => answerRecord())}></ask-chat>
        </div>`,
      );
      const el = page.querySelector('ask-chat')!;
      const button = page.querySelector('button')!;
      await askAndWait(el, 'How do I install it?', 1);
      button.focus();
      el.client = fakeClient(async () => answerRecord());
      await el.updateComplete;
      expect(questionsShown(el)).to.deep.equal([]);
      expect(document.activeElement === button, "the focus on the page's button").to.equal(true);
      expect(parts(el).status(), 'said all the same').to.equal(SWITCHED);
    });

    it('puts the focus in the input from an answer the page clears with reset()', async () => {
      const el = await fixture<AskChat>(
        html`<ask-chat .client=${fakeClient(async () => withCode())}></ask-chat>`,
      );
      await focusedOnAnswer(el, (chat) => parts(chat).one('copy-button')!);
      el.reset();
      await el.updateComplete;
      expect(questionsShown(el)).to.deep.equal([]);
      expect(focused()).to.equal('input');
    });

    it('puts the focus on the send button from the stop button when the client changes while an answer is on its way', async () => {
      const el = await fixture<AskChat>(
        html`<ask-chat .client=${fakeClient((_, options) => untilAborted(options?.signal))}></ask-chat>`,
      );
      await askAndWait(el, 'How do I install it?', 0);
      const p = parts(el);
      await waitFor(() => p.one('stop-button'), 'the stop button');
      p.one('stop-button')!.focus();
      el.client = fakeClient(async () => answerRecord());
      await el.updateComplete;
      expect(p.input().value, 'the question back in the input').to.equal('How do I install it?');
      // The stop button goes once the request it stops has ended.
      await waitFor(() => !p.one('stop-button'), 'the send button back');
      await el.updateComplete;
      expect(focused()).to.equal('button send-button');
    });

    describe('with persist', () => {
      afterEach(() => ['focus-a', 'focus-b'].forEach((key) => sessionStorage.removeItem(`ask-chat:${key}`)));

      it('puts the focus in the input when storage-key shows another conversation in place of the answer, and says so', async () => {
        const el = await fixture<AskChat>(
          html`<ask-chat
            persist
            storage-key="focus-a"
            .client=${fakeClient(async () => withCode())}
          ></ask-chat>`,
        );
        await focusedOnAnswer(el, (chat) => parts(chat).one('copy-button')!);
        el.storageKey = 'focus-b';
        await el.updateComplete;
        const p = parts(el);
        expect(questionsShown(el)).to.deep.equal([]);
        expect(focused()).to.equal('input');
        expect(p.status()).to.equal(SWITCHED);
        // Back to the first key, from the second's answer: that conversation in its place, the focus in the input.
        await focusedOnAnswer(el, (chat) => parts(chat).one('source-link')!);
        el.storageKey = 'focus-a';
        await el.updateComplete;
        expect(focused()).to.equal('input');
        await waitFor(() => questionsShown(el).length === 1, "the first key's conversation");
        expect(focused()).to.equal('input');
      });
    });
  });

  describe('with persist', () => {
    const saved = (key: string) => JSON.parse(sessionStorage.getItem(`ask-chat:${key}`) ?? 'null');
    afterEach(() =>
      ['connection', 'product-a', 'product-b'].forEach((key) => sessionStorage.removeItem(`ask-chat:${key}`)),
    );

    it('saves the new conversation in place of the old one under its name, and a reload shows only it', async () => {
      const el = await fixture<AskChat>(
        html`<ask-chat persist storage-key="connection" api-key="demo-key"></ask-chat>`,
      );
      await askAndWait(el, 'How do I create a client?', 1);
      const firstId = saved('connection').conversationId;
      expect(firstId).to.be.a('string').and.not.equal('');
      el.apiKey = SUPPORT_KEY;
      await el.updateComplete;
      await waitFor(
        () => (saved('connection')?.turns.length ?? 0) === 0,
        'the old conversation no longer saved',
      );
      await askAndWait(el, 'Which options does it take?', 1);
      await waitFor(() => saved('connection')?.turns[0]?.status === 'answered', 'the new answer saved');
      expect(saved('connection').turns.map((t: { query: string }) => t.query)).to.deep.equal([
        'Which options does it take?',
      ]);
      expect(saved('connection').conversationId).not.to.equal(firstId);
      el.remove();
      const reloaded = await fixture<AskChat>(
        html`<ask-chat persist storage-key="connection" api-key=${SUPPORT_KEY}></ask-chat>`,
      );
      await waitFor(() => questionsShown(reloaded).length === 1, 'the saved conversation');
      expect(questionsShown(reloaded)).to.deep.equal(['Which options does it take?']);
    });

    it("shows each product's own conversation when storage-key changes with the connection, and keeps the other saved", async () => {
      const el = await fixture<AskChat>(
        html`<ask-chat persist storage-key="product-a" api-key="demo-key"></ask-chat>`,
      );
      await askAndWait(el, 'How do I create a client?', 1);
      el.storageKey = 'product-b';
      el.apiKey = SUPPORT_KEY;
      await el.updateComplete;
      expect(questionsShown(el)).to.deep.equal([]);
      await askAndWait(el, 'How do I install it?', 1);
      el.storageKey = 'product-a';
      el.apiKey = 'demo-key';
      await waitFor(() => questionsShown(el)[0] === 'How do I create a client?', "product A's conversation");
      expect(saved('product-b').turns.map((t: { query: string }) => t.query)).to.deep.equal([
        'How do I install it?',
      ]);
      // And goes on in it, with its own agent.
      const sent = sentConversationIds(el);
      await askAndWait(el, 'Which options does it take?', 2);
      expect(sent).to.deep.equal([saved('product-a').conversationId]);
      expect(parts(el).lastAnswer()!.textContent).not.to.contain('no longer remembered');
    });
  });
});
