/**
 * `<feedback-buttons>` on a connection that drops for a moment (a train in a tunnel): a part it
 * fetches with the first vote (the client's feedback code, the reason form) fails to come, the
 * visitor is told or thanked, and the visitor's next try works once the network is back, without
 * a reload. The runner also runs this file in a Chromium that keeps a failed module fetch for the
 * page's life, as Safari, Firefox and older Chromium do (web-test-runner.config.mjs). This file
 * runs in a page of its own, in this order: each test is the first use of the part it fails.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { failRequests, networkBack } from '../support/request-faults.js';
import { waitUntil } from '../support/wait-until.js';
import type { FeedbackButtons } from '../../src/elements/feedback-buttons/feedback-buttons.js';
import {
  RecordingClient,
  analyticsRecords,
  defineElements,
  feedbackView,
  serviceClient,
} from './chat-test-support.js';

defineElements();

describe('<feedback-buttons> parts fetched again once the network is back', () => {
  afterEach(networkBack);

  it("the client's feedback code: the vote is rolled back with a message, and taken at the next press", async () => {
    const { insightId } = await serviceClient().ask({
      query: 'How do I create a client?',
      format: 'markdown',
      conversationId: '',
    });
    await failRequests('chat-connection');
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons
        base-url=${location.origin}
        api-key="demo-key"
        insight-id=${insightId}
      ></feedback-buttons>`,
    );
    const v = feedbackView(el);
    v.up().click();
    await waitUntil(() => v.message() === 'Your feedback could not be sent. Try again.', 'the message');
    expect(v.up().getAttribute('aria-pressed')).to.equal('false');

    await networkBack();
    v.up().click();
    await waitUntil(() => v.message() === 'Thanks for your feedback.', 'the thanks');
    expect(v.up().getAttribute('aria-pressed')).to.equal('true');
    const records = await analyticsRecords();
    expect(records.find((record) => record.insightId === insightId)?.feedback).to.equal(1);
  });

  it('the reason form: the thumbs-down is thanked, and pressed again opens the form without voting twice', async () => {
    await failRequests('reason-form');
    const client = new RecordingClient(serviceClient(), { feedback: async () => ({ success: true }) });
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons insight-id="i-train" ask-reason .client=${client}></feedback-buttons>`,
    );
    const v = feedbackView(el);
    v.down().click();
    await waitUntil(() => v.message() === 'Thanks for your feedback.', 'the thanks');
    expect(v.form()).to.equal(null);
    expect(v.down().getAttribute('aria-pressed')).to.equal('true');

    await networkBack();
    v.down().click();
    await waitUntil(() => v.form(), 'the reason form');
    await el.updateComplete;
    expect(v.down().getAttribute('aria-pressed')).to.equal('true');
    // Its scroll margin reaches up to the thumb, as when it opens with the vote: scrolled into view
    // in a short box, the form keeps the thumb and the thanks in sight above it.
    const margin = parseFloat(getComputedStyle(v.form()!).scrollMarginBlockStart);
    const gap = v.form()!.getBoundingClientRect().top - v.down().getBoundingClientRect().top;
    expect(margin, 'the scroll margin').to.be.closeTo(gap, 1);
    expect(margin).to.be.greaterThan(0);
    expect(client.feedbacks).to.deep.equal([{ insightId: 'i-train', feedback: -1 }]);

    el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="reason"]')!.click();
    v.form()!.requestSubmit();
    await waitUntil(() => client.feedbacks.length === 2, 'the reason sent');
    expect(client.feedbacks[1]).to.deep.equal({ insightId: 'i-train', feedback: -1, reason: 'Incorrect' });
  });
});
