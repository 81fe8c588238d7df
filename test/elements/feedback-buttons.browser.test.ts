import { expect, fixture, html } from '@open-wc/testing';
import { a11ySnapshot, emulateMedia, sendKeys } from '@web/test-runner-commands';
import { ApiError, NetworkError } from '../../src/client/errors.js';
import type { FeedbackButtons } from '../../src/elements/feedback-buttons/feedback-buttons.js';
import type { AnswerRecord } from '../../src/wire/index.js';
import {
  RecordingClient,
  analyticsRecords,
  defineElements,
  feedbackView,
  serviceClient,
  waitFor,
} from './chat-test-support.js';
import { drawnCharacters } from '../support/drawn-text.js';

defineElements();

/** A client whose feedback calls wait until the test settles them. */
function heldClient() {
  const pending: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const client = new RecordingClient(serviceClient(), {
    feedback: () =>
      new Promise((resolve, reject) => pending.push({ resolve: () => resolve({ success: true }), reject })),
  });
  return { client, pending };
}

/** `<feedback-buttons>` for the answer `insightId`, whose votes wait on a held client. */
async function heldButtons(insightId: string, { askReason = false } = {}) {
  const { client, pending } = heldClient();
  const el = await fixture<FeedbackButtons>(
    html`<feedback-buttons
      insight-id=${insightId}
      ?ask-reason=${askReason}
      .client=${client}
    ></feedback-buttons>`,
  );
  return { el, client, pending };
}

/**
 * `<feedback-buttons>` for `insightId`, its votes held, in a box that scrolls (`box`: its size),
 * after `above` of other content and before `below` of it.
 */
async function heldButtonsInScrolledBox(
  insightId: string,
  options: { box: string; above: string; below?: string; askReason?: boolean },
) {
  const { client, pending } = heldClient();
  const box = await fixture<HTMLDivElement>(
    html`<div style="${options.box}; overflow-y: auto">
      <div style="block-size: ${options.above}"></div>
      <feedback-buttons
        insight-id=${insightId}
        ?ask-reason=${options.askReason ?? false}
        .client=${client}
      ></feedback-buttons>
      ${options.below ? html`<div style="block-size: ${options.below}"></div>` : ''}
    </div>`,
  );
  return { box, el: box.querySelector('feedback-buttons')!, pending };
}

/** Votes down (the held vote taken at once) and waits for the reason form it opens. */
async function openReasonForm(el: FeedbackButtons, pending: ReturnType<typeof heldClient>['pending']) {
  const v = feedbackView(el);
  v.down().click();
  pending[0]!.resolve();
  await waitFor(() => v.form(), 'the reason form');
  return v;
}

/** `<feedback-buttons ask-reason>` in the colour scheme `scheme`, its reason form open. */
async function reasonFormIn(scheme: string) {
  const { client, pending } = heldClient();
  const el = await fixture<FeedbackButtons>(
    html`<feedback-buttons
      insight-id="i-6"
      ask-reason
      color-scheme=${scheme}
      .client=${client}
    ></feedback-buttons>`,
  );
  return { el, v: await openReasonForm(el, pending) };
}

async function answerFromService(): Promise<AnswerRecord> {
  return serviceClient().ask({ query: 'How do I create a client?', format: 'markdown', conversationId: '' });
}

describe('<feedback-buttons>', () => {
  it('has two named toggle buttons in a labelled group, and is accessible', async () => {
    const el = await fixture<FeedbackButtons>(html`<feedback-buttons insight-id="i-1"></feedback-buttons>`);
    const v = feedbackView(el);
    expect(v.up().getAttribute('aria-pressed')).to.equal('false');
    expect(v.down().getAttribute('aria-pressed')).to.equal('false');
    expect(v.up().textContent!.trim()).to.equal('Helpful');
    expect(v.down().textContent!.trim()).to.equal('Not helpful');
    expect(el.shadowRoot!.querySelector('[role="group"]')!.getAttribute('aria-labelledby')).to.equal(
      'prompt',
    );
    await expect(el).to.be.accessible();
  });

  it('takes its size from --ask-font-size, as the theme documents for every element', async () => {
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons insight-id="i-1" style="--ask-font-size: 24px"></feedback-buttons>`,
    );
    const size = (node: Element) => getComputedStyle(node).fontSize;
    // Its text is a little smaller than the base, as under an answer in the chat.
    expect(size(feedbackView(el).up()), 'the thumbs').to.equal('21px');
    expect(size(el.shadowRoot!.querySelector('[part~="prompt"]')!), 'the prompt').to.equal('21px');
    el.style.removeProperty('--ask-font-size');
    await el.updateComplete;
    expect(size(feedbackView(el).up()), "without it, the page's size").to.equal(
      `${parseFloat(getComputedStyle(el.parentElement!).fontSize) * 0.875}px`,
    );
  });

  it('takes replacement strings', async () => {
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons
        insight-id="i-1"
        .strings=${{ helpful: 'Utile', notHelpful: 'Pas utile' }}
      ></feedback-buttons>`,
    );
    expect(feedbackView(el).up().textContent!.trim()).to.equal('Utile');
    expect(feedbackView(el).down().textContent!.trim()).to.equal('Pas utile');
  });

  it('lines the thanks up with the prompt when it wraps under the buttons', async () => {
    const { client, pending } = heldClient();
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons
        style="inline-size: 16rem"
        insight-id="i-9"
        .client=${client}
      ></feedback-buttons>`,
    );
    feedbackView(el).up().click();
    pending[0]!.resolve();
    await waitFor(() => feedbackView(el).message() === 'Thanks for your feedback.', 'the thanks');
    const root = el.shadowRoot!;
    const message = root.querySelector('[role="status"]')!.getBoundingClientRect();
    const prompt = root.querySelector('[part~="prompt"]')!.getBoundingClientRect();
    expect(message.top > prompt.bottom, 'wrapped under the buttons').to.equal(true);
    expect(Math.round(message.left)).to.equal(Math.round(prompt.left));
  });

  it('posts at once, optimistically, never twice while in flight, and lets the other thumb replace the vote', async () => {
    const { el, client, pending } = await heldButtons('i-2');
    const events: unknown[] = [];
    el.addEventListener('ask-feedback', (e) => events.push((e as CustomEvent).detail));
    const v = feedbackView(el);
    v.up().click();
    await el.updateComplete;
    expect(el.getAttribute('value')).to.equal('1');
    expect(v.up().getAttribute('aria-pressed')).to.equal('true');
    expect(v.up().getAttribute('aria-disabled')).to.equal('true');
    // A second click, and the other thumb, while the first is in flight: nothing posted.
    v.up().click();
    v.down().click();
    expect(client.feedbacks).to.deep.equal([{ insightId: 'i-2', feedback: 1 }]);
    pending[0]!.resolve();
    await waitFor(() => v.message() === 'Thanks for your feedback.', 'the thanks');
    expect(events).to.deep.equal([{ insightId: 'i-2', value: 1 }]);
    v.down().click();
    await el.updateComplete;
    expect(el.getAttribute('value')).to.equal('-1');
    expect(v.up().getAttribute('aria-pressed')).to.equal('false');
    expect(v.down().getAttribute('aria-pressed')).to.equal('true');
    pending[1]!.resolve();
    await waitFor(() => events.length === 2, 'the second event');
    expect(client.feedbacks[1]).to.deep.equal({ insightId: 'i-2', feedback: -1 });
    // Pressing the pressed thumb again posts nothing: the service cannot take a vote back.
    v.down().click();
    expect(client.feedbacks).to.have.length(2);
  });

  it('rolls back with a short message when the post fails', async () => {
    const { el, pending } = await heldButtons('i-3');
    const events: unknown[] = [];
    el.addEventListener('ask-feedback', (e) => events.push(e));
    feedbackView(el).up().click();
    await el.updateComplete;
    expect(el.value).to.equal(1);
    pending[0]!.reject(new NetworkError());
    await waitFor(() => feedbackView(el).message() !== '', 'the failure message');
    expect(feedbackView(el).message()).to.equal('Your feedback could not be sent. Try again.');
    expect(el.value).to.equal(null);
    expect(el.hasAttribute('value')).to.equal(false);
    expect(feedbackView(el).up().getAttribute('aria-pressed')).to.equal('false');
    expect(events).to.have.length(0);
  });

  it('says the failure in the error colour, the thanks in the grey of the prompt', async () => {
    // In the thanks' grey, "Your feedback could not be sent" read as one more thanks, where the
    // search box and the chat give their failures in the error colour.
    const { client, pending } = heldClient();
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons
        insight-id="i-14"
        style="--ask-color-error: rgb(200, 0, 0)"
        .client=${client}
      ></feedback-buttons>`,
    );
    const v = feedbackView(el);
    const message = () => el.shadowRoot!.querySelector('[part~="message"]')!;
    const prompt = el.shadowRoot!.querySelector('[part~="prompt"]')!;
    v.up().click();
    pending[0]!.reject(new NetworkError());
    await waitFor(() => v.message() === 'Your feedback could not be sent. Try again.', 'the failure');
    expect(getComputedStyle(message()).color).to.equal('rgb(200, 0, 0)');
    v.up().click();
    pending[1]!.resolve();
    await waitFor(() => v.message() === 'Thanks for your feedback.', 'the thanks');
    expect(getComputedStyle(message()).color).to.equal(getComputedStyle(prompt).color);
  });

  it('says an answer the service no longer knows (404) can no longer be rated, and offers no retry', async () => {
    const client = new RecordingClient(serviceClient());
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons insight-id="no-such-insight" ask-reason .client=${client}></feedback-buttons>`,
    );
    const v = feedbackView(el);
    v.down().click();
    await waitFor(() => v.message() !== '', 'the failure message');
    expect(v.message()).to.equal('This answer can no longer be rated.');
    expect(el.value).to.equal(null);
    expect(v.form(), 'no reason form').to.equal(null);
    // Voting again could not help: the buttons say so, and post nothing.
    expect(v.up().getAttribute('aria-disabled')).to.equal('true');
    expect(v.down().getAttribute('aria-disabled')).to.equal('true');
    v.up().click();
    await el.updateComplete;
    expect(client.feedbacks).to.have.length(1);
    await expect(el).to.be.accessible();
    // Reused for another answer, the buttons work again.
    el.insightId = (await answerFromService()).insightId;
    await el.updateComplete;
    expect(v.message()).to.equal('');
    expect(v.up().getAttribute('aria-disabled')).to.equal('false');
    v.up().click();
    await waitFor(() => v.message() === 'Thanks for your feedback.', 'the thanks');
  });

  it("reads a 404 without the service's error (a wrong base-url or path) as a failure, not an answer gone", async () => {
    const { el, pending } = await heldButtons('i-404');
    const v = feedbackView(el);
    v.up().click();
    await el.updateComplete;
    // What the client throws for an HTML "Not Found" page: no error code of the service's.
    pending[0]!.reject(new ApiError('Not Found', { status: 404, code: 'http_404' }));
    await waitFor(() => v.message() !== '', 'the failure message');
    expect(v.message()).to.equal('Your feedback could not be sent. Try again.');
    expect(v.up().getAttribute('aria-disabled')).to.equal('false');
  });

  it('leaves a vote still in flight when reused for another answer to that answer alone', async () => {
    const { el, client, pending } = await heldButtons('i-a', { askReason: true });
    const events: unknown[] = [];
    el.addEventListener('ask-feedback', (e) => events.push((e as CustomEvent).detail));
    feedbackView(el).down().click();
    await el.updateComplete;
    // The page shows its next answer in these buttons while the vote is on its way.
    el.insightId = 'i-b';
    await el.updateComplete;
    pending[0]!.resolve();
    await waitFor(() => events.length === 1, 'the event of the vote given');
    await el.updateComplete;
    expect(events).to.deep.equal([{ insightId: 'i-a', value: -1 }]);
    expect(el.value).to.equal(null);
    expect(feedbackView(el).message()).to.equal('');
    expect(feedbackView(el).form(), 'no reason form asked of the next answer').to.equal(null);
    expect(client.feedbacks).to.deep.equal([{ insightId: 'i-a', feedback: -1 }]);
    // A vote that failed for the answer gone is not rolled back onto the one shown.
    feedbackView(el).up().click();
    await el.updateComplete;
    el.insightId = 'i-c';
    await el.updateComplete;
    pending[1]!.reject(new NetworkError());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await el.updateComplete;
    expect(feedbackView(el).message()).to.equal('');
    expect(el.value).to.equal(null);
  });

  it("takes the next answer's vote at once when reused while a vote is in flight, and still posts the first", async () => {
    const pending: { request: { insightId: string }; signal?: AbortSignal; resolve: () => void }[] = [];
    const client = new RecordingClient(serviceClient(), {
      feedback: (request, options) =>
        new Promise((resolve) =>
          pending.push({ request, signal: options?.signal, resolve: () => resolve({ success: true }) }),
        ),
    });
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons insight-id="i-a" .client=${client}></feedback-buttons>`,
    );
    const events: unknown[] = [];
    el.addEventListener('ask-feedback', (e) => events.push((e as CustomEvent).detail));
    const v = feedbackView(el);
    v.down().click();
    await el.updateComplete;
    expect(v.up().getAttribute('aria-disabled'), "the first answer's buttons wait for its vote").to.equal(
      'true',
    );
    el.insightId = 'i-b';
    await el.updateComplete;
    // The next answer's buttons are not held up by a vote that is not theirs.
    expect(v.up().getAttribute('aria-disabled')).to.equal('false');
    expect(v.down().getAttribute('aria-disabled')).to.equal('false');
    v.up().click();
    await el.updateComplete;
    expect(client.feedbacks).to.deep.equal([
      { insightId: 'i-a', feedback: -1 },
      { insightId: 'i-b', feedback: 1 },
    ]);
    expect(v.up().getAttribute('aria-pressed')).to.equal('true');
    // The first vote is still on its way to the service: the second did not cancel it.
    expect(pending[0]!.signal?.aborted ?? false, "the first answer's vote aborted").to.equal(false);
    pending[0]!.resolve();
    await waitFor(() => events.length === 1, 'the event of the first vote');
    await el.updateComplete;
    expect(v.message(), "the first answer's thanks").to.equal('');
    expect(v.up().getAttribute('aria-disabled'), 'still waiting for its own vote').to.equal('true');
    pending[1]!.resolve();
    await waitFor(() => v.message() === 'Thanks for your feedback.', "the second answer's thanks");
    expect(events).to.deep.equal([
      { insightId: 'i-a', value: -1 },
      { insightId: 'i-b', value: 1 },
    ]);
    expect(el.value).to.equal(1);
  });

  it("keeps nothing of an answer's form or messages when reused for another given with its vote, as the chat's transcript does", async () => {
    // The chat renders its answers' buttons in order, so a retried question moving to the end
    // hands each later answer's buttons to the next: `insight-id` and `.value` change together.
    const reuse = async (el: FeedbackButtons, insightId: string, value: -1 | 1 | null) => {
      el.insightId = insightId;
      el.value = value;
      await el.updateComplete;
    };
    const { el, pending } = await heldButtons('i-a', { askReason: true });
    const v = await openReasonForm(el, pending);
    v.reasons()[0]!.click();
    await reuse(el, 'i-b', 1);
    // (Compared as booleans: a failing comparison with an element hangs the test runner.)
    expect(v.form() === null, "no reason form under an answer voted up, nor the first one's").to.equal(true);
    expect(v.message(), "nor the first answer's thanks").to.equal('');
    expect(v.up().getAttribute('aria-pressed')).to.equal('true');
    // An answer the service no longer knew leaves the buttons of the next one working.
    const gone = await fixture<FeedbackButtons>(
      html`<feedback-buttons insight-id="no-such-insight" .client=${serviceClient()}></feedback-buttons>`,
    );
    const g = feedbackView(gone);
    g.down().click();
    await waitFor(() => g.message() === 'This answer can no longer be rated.', 'the 404');
    await reuse(gone, (await answerFromService()).insightId, 1);
    expect(g.message()).to.equal('');
    expect(g.down().getAttribute('aria-disabled')).to.equal('false');
    g.down().click();
    await waitFor(() => g.message() === 'Thanks for your feedback.', 'the vote taken');
  });

  it('shows a set value without posting it', async () => {
    const { client } = heldClient();
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons insight-id="i-4" value="-1" .client=${client}></feedback-buttons>`,
    );
    expect(feedbackView(el).down().getAttribute('aria-pressed')).to.equal('true');
    expect(client.feedbacks).to.have.length(0);
  });

  it('is inert without an insightId', async () => {
    const { client } = heldClient();
    const el = await fixture<FeedbackButtons>(html`<feedback-buttons .client=${client}></feedback-buttons>`);
    feedbackView(el).up().click();
    await el.updateComplete;
    expect(feedbackView(el).up().getAttribute('aria-disabled')).to.equal('true');
    expect(client.feedbacks).to.have.length(0);
    expect(el.value).to.equal(null);
  });

  it('works with the keyboard alone', async () => {
    const { client, pending } = heldClient();
    const before = document.createElement('button');
    before.textContent = 'before';
    document.body.append(before);
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons insight-id="i-5" .client=${client}></feedback-buttons>`,
    );
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(feedbackView(el).up());
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(feedbackView(el).down());
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(el.value).to.equal(-1);
    pending[0]!.resolve();
    await waitFor(() => feedbackView(el).message() !== '', 'the thanks');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(el.shadowRoot!.activeElement).to.equal(feedbackView(el).up());
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(el.value).to.equal(1);
    before.remove();
  });

  it('offers its default reasons, and thanks the visitor, with reasons bound to undefined as a framework binds a prop it lacks', async () => {
    // <FeedbackButtons reasons={props.reasons} />: the frameworks page says such a property takes its
    // default again; the form's render threw on it, and the vote the service took was never thanked.
    const client = new RecordingClient(serviceClient(), { feedback: async () => ({ success: true }) });
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons
        insight-id="i-6"
        ask-reason
        .client=${client}
        .reasons=${undefined}
      ></feedback-buttons>`,
    );
    const v = feedbackView(el);
    v.down().click();
    await waitFor(() => v.form(), 'the reason form');
    expect(v.reasons().map((r) => r.textContent!.trim())).to.have.length(5);
    expect(v.message()).to.equal('Thanks for your feedback.');
  });

  it('asks why after a thumbs-down when ask-reason is set, and sends reason and comment', async () => {
    const { el, client, pending } = await heldButtons('i-6', { askReason: true });
    const events: unknown[] = [];
    el.addEventListener('ask-feedback', (e) => events.push((e as CustomEvent).detail));
    expect(feedbackView(el).form()).to.equal(null);
    const v = await openReasonForm(el, pending);
    await expect(el).to.be.accessible();
    expect(v.reasons().map((r) => r.textContent!.trim())).to.deep.equal([
      'Incorrect',
      'Incomplete',
      'Off topic',
      'Outdated',
      'Hard to follow',
    ]);
    v.reasons()[1]!.click();
    await el.updateComplete;
    expect(v.reasons()[1]!.getAttribute('aria-pressed')).to.equal('true');
    const note = v.note();
    note.focus();
    await sendKeys({ type: 'It does not say how to set the timeout.' });
    v.send().click();
    await waitFor(() => client.feedbacks.length === 2, 'the reason post');
    expect(client.feedbacks[1]).to.deep.equal({
      insightId: 'i-6',
      feedback: -1,
      reason: 'Incomplete',
      comment: 'It does not say how to set the timeout.',
    });
    pending[1]!.resolve();
    await waitFor(() => v.form() === null, 'the form to close');
    // The focus was in the form: it goes back to the thumb, not to the page's body.
    expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.equal(v.down().getAttribute('part'));
    expect(v.message()).to.equal('Thanks, that helps us improve the answers.');
    expect(events.at(-1)).to.deep.equal({
      insightId: 'i-6',
      value: -1,
      reason: 'Incomplete',
      comment: 'It does not say how to set the timeout.',
    });
  });

  it('closes the reason form on Escape as Skip does, keeping the vote, and leaves a dialog around it open', async () => {
    const { client, pending } = heldClient();
    const dialog = await fixture<HTMLDialogElement>(
      html`<dialog>
        <feedback-buttons insight-id="i-esc" ask-reason .client=${client}></feedback-buttons>
      </dialog>`,
    );
    dialog.showModal();
    const el = dialog.querySelector<FeedbackButtons>('feedback-buttons')!;
    // What a chat's input or a page's own keys would see of the key press.
    const escapesPastTheForm: string[] = [];
    dialog.addEventListener('keydown', (e) => e.key === 'Escape' && escapesPastTheForm.push(e.key));
    const v = await openReasonForm(el, pending);
    v.note().focus();
    await sendKeys({ type: 'half a note' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => v.form() === null, 'the form to close');
    expect(el.shadowRoot!.activeElement).to.equal(v.down());
    expect(el.value).to.equal(-1);
    expect(v.message()).to.equal('Thanks for your feedback.');
    // Nothing more was sent, the dialog stayed open, and the Escape went no further than the form.
    expect(client.feedbacks).to.have.length(1);
    expect(dialog.open).to.equal(true);
    expect(escapesPastTheForm).to.deep.equal([]);
    dialog.close();
  });

  it('keeps a pasted note longer than the service takes, whole, and says how long it may be', async () => {
    const { el, client, pending } = await heldButtons('i-6', { askReason: true });
    const v = await openReasonForm(el, pending);
    const note = v.note();
    const text = `The example fails with: ${'TypeError: cannot read properties of undefined '.repeat(30)}`;
    note.focus();
    // As a paste types it: a maxlength would cut it here, without a word.
    document.execCommand('insertText', false, text);
    expect(note.value.length).to.equal(text.length);
    v.send().click();
    await el.updateComplete;
    expect(client.feedbacks, 'nothing sent').to.have.length(1);
    const length = text.trim().length;
    const said = `Your note is ${length} characters long, and 1000 is the most that can be sent: shorten it, then send it.`;
    const notice = () => el.shadowRoot!.querySelector<HTMLElement>('[part~="notice"]')!;
    expect(notice().textContent!.trim()).to.equal(said);
    expect(note.value, 'the whole note, still in its field').to.equal(text);
    // The focus is taken to the note, whose description a screen reader says.
    expect(el.shadowRoot!.activeElement).to.equal(note);
    type Node = { role?: string; name?: string; description?: string; children?: Node[] };
    const find = (node: Node): Node | undefined =>
      node.role === 'textbox' && node.name === 'Add a note (optional)'
        ? node
        : node.children?.map(find).find(Boolean);
    expect(find((await a11ySnapshot({})) as unknown as Node)?.description).to.equal(said);
    await expect(el).to.be.accessible();
    // Shortened, but not enough: the notice counts along; shortened to fit, it goes.
    note.setSelectionRange(0, 100);
    document.execCommand('delete');
    await el.updateComplete;
    expect(notice().textContent!.trim()).to.equal(said.replace(String(length), String(length - 100)));
    note.select();
    document.execCommand('insertText', false, text.slice(0, 900));
    await el.updateComplete;
    expect(notice().hidden).to.equal(true);
    v.send().click();
    await waitFor(() => client.feedbacks.length === 2, 'the reason post');
    expect(client.feedbacks[1]!.comment).to.equal(text.slice(0, 900).trim());
  });

  it('says a note too long in the error colour, as the chat says a question too long', async () => {
    // In the form's text colour, the refusal read as one more label of the form.
    const { client, pending } = heldClient();
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons
        insight-id="i-15"
        ask-reason
        style="--ask-color-error: rgb(200, 0, 0)"
        .client=${client}
      ></feedback-buttons>`,
    );
    const v = await openReasonForm(el, pending);
    v.note().value = 'x'.repeat(1001);
    v.send().click();
    await el.updateComplete;
    const notice = el.shadowRoot!.querySelector<HTMLElement>('[part~="notice"]')!;
    expect(notice.hidden).to.equal(false);
    expect(getComputedStyle(notice).color).to.equal('rgb(200, 0, 0)');
    await expect(el).to.be.accessible();
  });

  it('shows a note being typed in the direction of its first letter, on a right-to-left page too', async () => {
    const { client, pending } = heldClient();
    const page = await fixture<HTMLDivElement>(
      html`<div dir="rtl">
        <feedback-buttons insight-id="i-6" ask-reason .client=${client}></feedback-buttons>
      </div>`,
    );
    const el = page.querySelector('feedback-buttons')!;
    const v = await openReasonForm(el, pending);
    const note = v.note();
    note.focus();
    await sendKeys({ type: 'c++?' });
    // Where each character is drawn, laid out as the note lays out its text: "c++?", not "?c++".
    const left = drawnCharacters(note, page);
    expect(left(3), '? after c++').to.be.greaterThan(left(0));
    expect(getComputedStyle(note).direction, 'an empty note starts on the right').to.equal('rtl');
  });

  it("draws the empty note's box at 3:1 or more against the form and its own inside, light and dark", async () => {
    // The note has no placeholder and no icon: its border alone shows where it is (WCAG 1.4.11).
    for (const scheme of ['light', 'dark']) {
      const { v } = await reasonFormIn(scheme);
      const note = getComputedStyle(v.note());
      const form = getComputedStyle(v.form()!);
      const border = note.borderTopColor;
      expect(contrast(border, form.backgroundColor), `${scheme}: against the form`).to.be.at.least(3);
      expect(contrast(border, note.backgroundColor), `${scheme}: against its inside`).to.be.at.least(3);
    }
  });

  it('draws "Send feedback" as the primary action, filled unlike Skip and readable, light and dark', async () => {
    for (const scheme of ['light', 'dark']) {
      const { el, v } = await reasonFormIn(scheme);
      const send = getComputedStyle(v.send());
      const skip = getComputedStyle(el.shadowRoot!.querySelector('[part~="skip-button"]')!);
      const form = getComputedStyle(v.form()!);
      expect(send.backgroundColor, `${scheme}: its fill, not Skip's`).not.to.equal(skip.backgroundColor);
      expect(send.color, `${scheme}: its text colour, not Skip's`).not.to.equal(skip.color);
      expect(Number(send.fontWeight), `${scheme}: heavier than Skip`).to.be.above(Number(skip.fontWeight));
      expect(
        contrast(send.backgroundColor, form.backgroundColor),
        `${scheme}: its fill against the form`,
      ).to.be.at.least(3);
      expect(contrast(send.color, send.backgroundColor), `${scheme}: its text on its fill`).to.be.at.least(
        4.5,
      );
    }
  });

  it('keeps a reason that failed to go in its form, chosen and written, to send again', async () => {
    const { el, client, pending } = await heldButtons('i-7', { askReason: true });
    const v = await openReasonForm(el, pending);
    v.reasons()[1]!.click();
    const note = v.note();
    note.value = 'It does not say how to set the timeout.';
    v.send().click();
    await waitFor(() => client.feedbacks.length === 2, 'the reason post');
    pending[1]!.reject(new NetworkError());
    await waitFor(() => v.message() === 'Your feedback could not be sent. Try again.', 'the failure message');
    expect(v.form() !== null, 'the form is still open').to.equal(true);
    expect(v.reasons()[1]!.getAttribute('aria-pressed')).to.equal('true');
    expect(v.note().value).to.equal('It does not say how to set the timeout.');
    expect(el.value).to.equal(-1);
    v.send().click();
    await waitFor(() => client.feedbacks.length === 3, 'sent again');
    expect(client.feedbacks[2]).to.deep.equal(client.feedbacks[1]);
  });

  it('closes the reason form when the answer turned out gone (404) as its reason was sent: no retry can help', async () => {
    const { el, client, pending } = await heldButtons('i-8', { askReason: true });
    const v = await openReasonForm(el, pending);
    v.reasons()[1]!.click();
    v.send().click();
    await waitFor(() => client.feedbacks.length === 2, 'the reason post');
    pending[1]!.reject(new ApiError('No insight', { status: 404, code: 'insight_not_found' }));
    await waitFor(() => v.message() === 'This answer can no longer be rated.', 'the 404');
    await el.updateComplete;
    expect(v.form() === null, 'no form left whose Send could not help').to.equal(true);
    // And a plain vote that fails closes the form an earlier vote opened.
    const { el: next, client: other, pending: held } = await heldButtons('i-9', { askReason: true });
    const n = await openReasonForm(next, held);
    n.up().click();
    await waitFor(() => other.feedbacks.length === 2, 'the vote up');
    held[1]!.reject(new NetworkError());
    await waitFor(() => n.message() === 'Your feedback could not be sent. Try again.', 'the failure');
    await next.updateComplete;
    expect(n.form() === null, 'no reason form under a failed vote up').to.equal(true);
  });

  it('scrolls the reason form into view when it opens below a scrolled box', async () => {
    const { box, el, pending } = await heldButtonsInScrolledBox('i-8', {
      box: 'block-size: 16rem',
      above: '14rem',
      askReason: true,
    });
    const v = await openReasonForm(el, pending);
    await el.updateComplete;
    const send = v.send().getBoundingClientRect();
    expect(box.scrollTop).to.be.greaterThan(0);
    expect(send.bottom).to.be.at.most(box.getBoundingClientRect().bottom + 1);
  });

  it('keeps the thumb pressed in view, with the thanks and the start of the form under it, when the form is taller than the scrolled box', async () => {
    // The chat's transcript on a page zoomed to 400% (1280 × 800 is 320 × 200 CSS px) is 8em
    // high: the form scrolled to its top, and the thumbs-down that has the focus went out of
    // sight above it, the thanks with it.
    const { box, el, pending } = await heldButtonsInScrolledBox('i-12', {
      box: 'inline-size: 16rem; block-size: 8rem',
      above: '7rem',
      askReason: true,
    });
    const v = feedbackView(el);
    v.down().focus();
    await sendKeys({ press: 'Enter' });
    pending[0]!.resolve();
    await waitFor(() => v.form(), 'the reason form');
    await el.updateComplete;
    await new Promise(requestAnimationFrame);
    const seen = box.getBoundingClientRect();
    const form = v.form()!.getBoundingClientRect();
    expect(form.height, 'a form taller than the box').to.be.greaterThan(seen.height);
    expect(box.scrollTop, 'scrolled down to the form').to.be.greaterThan(0);
    expect(el.shadowRoot!.activeElement, 'the focus on the thumb').to.equal(v.down());
    const thumb = v.down().getBoundingClientRect();
    expect(thumb.top, 'the thumb below the top of the box').to.be.at.least(seen.top - 1);
    const thanks = el.shadowRoot!.querySelector('[part~="message"]')!.getBoundingClientRect();
    expect(thanks.bottom, 'the thanks above its bottom').to.be.at.most(seen.bottom + 1);
    expect(form.top, "the form's start in the box").to.be.below(seen.bottom - 20);
  });

  it('shows the whole note, not only its caret line, when Tab reaches it at the bottom of a scrolled box', async () => {
    // Chromium brings a field whose top is in sight no further than its caret's line: in a chat's
    // transcript, the note Tab reached showed a line of its top, the rest and its ring cut off.
    const { box, el, pending } = await heldButtonsInScrolledBox('i-13', {
      box: 'inline-size: 20rem; block-size: 12rem',
      above: '7rem',
      askReason: true,
    });
    const v = await openReasonForm(el, pending);
    await el.updateComplete;
    // The visitor has scrolled to where the note's top shows under the reasons, as a chat's
    // transcript that was scrolled to the thumbs leaves it.
    const seen = () => box.getBoundingClientRect();
    box.scrollTop += v.note().getBoundingClientRect().top - (seen().bottom - 20);
    v.reasons().at(-1)!.focus();
    expect(v.note().getBoundingClientRect().bottom, "the note's bottom below the box").to.be.greaterThan(
      seen().bottom,
    );
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(v.note());
    expect(v.note().getBoundingClientRect().bottom, 'the whole note in the box').to.be.at.most(
      seen().bottom + 1,
    );
  });

  it('shows the whole notice of a note too long under the note it focuses, at the bottom of a scrolled box', async () => {
    // A chat's transcript at 200% zoom: Send brought the note into view as it took the focus, and
    // the notice drawn under it after that stayed cut off below the transcript's edge.
    const { box, el, pending } = await heldButtonsInScrolledBox('i-16', {
      box: 'inline-size: 20rem; block-size: 14rem',
      above: '7rem',
      askReason: true,
    });
    const v = await openReasonForm(el, pending);
    await el.updateComplete;
    const seen = () => box.getBoundingClientRect();
    // Send at the bottom of the box, as the visitor scrolled to press it.
    box.scrollTop += v.send().getBoundingClientRect().bottom - seen().bottom;
    v.note().value = 'x'.repeat(1001);
    v.send().click();
    await el.updateComplete;
    await new Promise(requestAnimationFrame);
    const notice = el.shadowRoot!.querySelector<HTMLElement>('[part~="notice"]')!;
    expect(el.shadowRoot!.activeElement, 'the focus on the note').to.equal(v.note());
    expect(notice.getBoundingClientRect().bottom, 'the whole notice in the box').to.be.at.most(
      seen().bottom + 1,
    );
    expect(v.note().getBoundingClientRect().top, 'the note above it, in the box').to.be.at.least(
      seen().top - 1,
    );
  });

  it('scrolls the thanks into view when it wraps below the buttons at the bottom of a scrolled box', async () => {
    const { box, el, pending } = await heldButtonsInScrolledBox('i-9', {
      box: 'inline-size: 14rem; block-size: 10rem',
      above: '7.5rem',
    });
    const v = feedbackView(el);
    v.up().click();
    pending[0]!.resolve();
    await waitFor(() => v.message() !== '', 'the thanks');
    await el.updateComplete;
    const thanks = el.shadowRoot!.querySelector('[part~="message"]')!.getBoundingClientRect();
    expect(thanks.top, 'the thanks wraps below the buttons').to.be.greaterThan(
      v.up().getBoundingClientRect().bottom - 1,
    );
    expect(thanks.bottom).to.be.at.most(box.getBoundingClientRect().bottom + 1);
  });

  it('scrolls the failure into view when it wraps below the buttons at the bottom of a scrolled box', async () => {
    const { box, el, pending } = await heldButtonsInScrolledBox('i-11', {
      box: 'inline-size: 14rem; block-size: 10rem',
      above: '7.5rem',
    });
    const v = feedbackView(el);
    v.up().click();
    pending[0]!.reject(new NetworkError());
    await waitFor(() => v.message() === 'Your feedback could not be sent. Try again.', 'the failure');
    await el.updateComplete;
    const failure = el.shadowRoot!.querySelector('[part~="message"]')!.getBoundingClientRect();
    expect(failure.top, 'the failure wraps below the buttons').to.be.greaterThan(
      v.up().getBoundingClientRect().bottom - 1,
    );
    expect(failure.bottom).to.be.at.most(box.getBoundingClientRect().bottom + 1);
  });

  it('leaves the box where the visitor has gone when the service answers late', async () => {
    const { box, el, pending } = await heldButtonsInScrolledBox('i-10', {
      box: 'inline-size: 14rem; block-size: 10rem',
      above: '7.5rem',
      below: '30rem',
    });
    const v = feedbackView(el);
    v.up().click();
    box.scrollTop = 300;
    await new Promise((resolve) => setTimeout(resolve, 2100));
    pending[0]!.resolve();
    await waitFor(() => v.message() !== '', 'the thanks');
    await el.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    // Not scrolled back up to the thanks (the browser's scroll anchoring may add the height the
    // thanks took above the view, so that what the visitor sees stays put).
    expect(box.scrollTop).to.be.at.least(300);
  });

  it('never shows the reason form unless asked', async () => {
    const { el, pending } = await heldButtons('i-7');
    feedbackView(el).down().click();
    pending[0]!.resolve();
    await waitFor(() => feedbackView(el).message() !== '', 'the thanks');
    expect(feedbackView(el).form()).to.equal(null);
  });

  it('stores the vote, its replacement and the reason in the reference service', async () => {
    const record = await answerFromService();
    const el = await fixture<FeedbackButtons>(
      html`<feedback-buttons
        insight-id=${record.insightId}
        api-key="demo-key"
        ask-reason
      ></feedback-buttons>`,
    );
    const v = feedbackView(el);
    const stored = async () => (await analyticsRecords()).find((r) => r.insightId === record.insightId);
    v.up().click();
    await waitFor(() => v.message() === 'Thanks for your feedback.', 'the thanks');
    expect((await stored())?.feedback).to.equal(1);
    v.down().click();
    await waitFor(() => v.form(), 'the reason form');
    expect((await stored())?.feedback).to.equal(-1);
    v.reasons()[0]!.click();
    await el.updateComplete;
    v.send().click();
    await waitFor(() => v.form() === null, 'the form to close');
    expect(await stored()).to.deep.include({ feedback: -1, reason: 'Incorrect', comment: null });
  });
});

/** WCAG's contrast ratio of two `rgb(…)` colours, as computed styles give them. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((c) => {
        const v = Number(c) / 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('<feedback-buttons> on its own, on a light-only page, for a visitor in dark mode', () => {
  afterEach(() => emulateMedia({ colorScheme: 'light' }));

  it("reads, with the attribute its page says to set, where the dark theme's grey on the page's white did not", async () => {
    const page = await fixture<HTMLElement>(html`<div style="background: #fff; padding: 8px"></div>`);
    await emulateMedia({ colorScheme: 'dark' });
    const promptOn = (el: FeedbackButtons) =>
      contrast(
        getComputedStyle(el.shadowRoot!.querySelector('[part~="prompt"]')!).color,
        'rgb(255, 255, 255)',
      );

    page.innerHTML = '<feedback-buttons insight-id="i-1"></feedback-buttons>';
    const following = page.firstElementChild as FeedbackButtons;
    await following.updateComplete;
    expect(promptOn(following), "the visitor's dark scheme, on white").to.be.below(3);

    const guide = await (await fetch('/demo/content/elements/feedback-buttons.md')).text();
    const section = guide.split('## On a page of one colour scheme')[1]?.split('\n## ')[0] ?? '';
    const advice = /```html\n([\s\S]*?)```/.exec(section)?.[1];
    expect(advice, 'the markup of "On a page of one colour scheme" on the element\'s page').to.be.a('string');
    page.innerHTML = advice!;
    const kept = page.querySelector<FeedbackButtons>('feedback-buttons')!;
    await kept.updateComplete;
    expect(promptOn(kept), 'kept in the page scheme').to.be.at.least(4.5);
  });
});
