import { aTimeout, expect, fixture, html } from '@open-wc/testing';
import {
  a11ySnapshot,
  emulateMedia,
  executeServerCommand,
  resetMouse,
  sendKeys,
  sendMouse,
  setViewport,
} from '@web/test-runner-commands';
import { createClient } from '../../src/client/create-client.js';
import { ApiError, NetworkError, NO_ANSWER_MESSAGE, TimeoutError } from '../../src/client/errors.js';
import { AskChat } from '../../src/elements/ask-chat/ask-chat.js';
import type { FeedbackButtons } from '../../src/elements/feedback-buttons/feedback-buttons.js';
import type { AnswerRecord } from '../../src/wire/index.js';
import {
  RecordingClient,
  analyticsRecords,
  answerRecord,
  defineElements,
  failingOnce,
  fakeClient,
  parts,
  pasteFiles,
  pngFile,
  serviceClient,
  untilAborted,
  waitFor,
} from './chat-test-support.js';
import { drawnRow } from '../support/drawn-pixels.js';
import { drawnCharacters, drawnTextOf } from '../support/drawn-text.js';

defineElements();

async function chat(client: RecordingClient, attributes = ''): Promise<AskChat> {
  const el = await fixture<AskChat>(html`<ask-chat .client=${client}></ask-chat>`);
  for (const [name, value] of attributes
    .split(' ')
    .filter(Boolean)
    .map((a) => a.split('=')))
    el.setAttribute(name!, value ?? '');
  await el.updateComplete;
  return el;
}

/** A client whose answers go on in the conversation asked in, or start the one `newId` names. */
function conversationClient(newId: (query: string) => string): RecordingClient {
  return fakeClient(async (request) =>
    answerRecord({ conversationId: request.conversationId || newId(request.query) }),
  );
}

/** The feedback buttons under the answer `record` in `chat`. */
function feedbackButtonsOf(chat: AskChat, record: AnswerRecord): FeedbackButtons {
  return chat.shadowRoot!.querySelector<FeedbackButtons>(
    `feedback-buttons[insight-id="${record.insightId}"]`,
  )!;
}

/** A button of feedback buttons by its part (`up-button`, `down-button`). */
function feedbackButton(buttons: FeedbackButtons, part: string): HTMLButtonElement {
  return buttons.shadowRoot!.querySelector<HTMLButtonElement>(`[part~="${part}"]`)!;
}

/** Runs `body` with a clipboard whose writeText is `writeText`, then puts the browser's back. */
async function withClipboard(
  writeText: (text: string) => Promise<void>,
  body: () => Promise<void>,
): Promise<void> {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  try {
    await body();
  } finally {
    delete (navigator as unknown as Record<string, unknown>).clipboard;
    if (original) Object.defineProperty(Navigator.prototype, 'clipboard', original);
  }
}

/** The accessible description of the text field named `name`, as the browser computes it. */
async function description(name: string): Promise<string | undefined> {
  type Node = { role?: string; name?: string; description?: string; children?: Node[] };
  const find = (node: Node): Node | undefined =>
    node.role === 'textbox' && node.name === name ? node : node.children?.map(find).find(Boolean);
  const field = find((await a11ySnapshot({})) as unknown as Node);
  if (!field) throw new Error(`No text field named ${name}`);
  return field.description;
}

/** The top of the line box that holds the character at `index` of `element`'s text. */
function lineTopOfCharacter(element: Element, index: number): number {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let offset = index;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (offset < node.data.length) {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return range.getClientRects()[0]!.top;
    }
    offset -= node.data.length;
  }
  throw new Error(`no character ${index} in ${element.textContent}`);
}

/** A chat that has answered `answer` to `question`, and the answer's rendered body. */
async function answerBodyOf(answer: string, question: string): Promise<{ el: AskChat; body: HTMLElement }> {
  const el = await chat(fakeClient(async () => answerRecord({ answer })));
  await askAndWaitForAnswer(el, question, 1);
  return { el, body: parts(el).lastAnswer()!.querySelector<HTMLElement>('.answer-body')! };
}

/** Runs `check` with the chat at each width from `from` to `to` rem, `step` apart. */
async function atEachWidth(
  el: AskChat,
  from: number,
  to: number,
  step: number,
  check: (rem: number) => void,
): Promise<void> {
  for (let rem = from; rem <= to; rem += step) {
    el.style.inlineSize = `${rem}rem`;
    await el.updateComplete;
    check(rem);
  }
}

/** Types a question the way a visitor does and presses Enter. */
async function ask(el: AskChat, question: string): Promise<void> {
  const { input, one } = parts(el);
  // What the chat does arrives after its first render (ask-chat-lazy.browser.test.ts sends before
  // that); these tests look at the transcript at once, so they wait for it: its header bar is the sign.
  await waitFor(() => one('header'), 'the chat behaviour');
  input().focus();
  await sendKeys({ type: question });
  await sendKeys({ press: 'Enter' });
  await el.updateComplete;
}

/** Waits until `count` answers of the transcript are settled: no longer busy (aria-busy="false"). */
async function answered(el: AskChat, count: number): Promise<void> {
  await waitFor(
    () =>
      parts(el)
        .answers()
        .filter((a) => a.getAttribute('aria-busy') === 'false').length >= count,
    `${count} settled answer(s)`,
    15000,
  );
  await el.updateComplete;
}

/** The last answer's Copy button and the thumbs-up beside it, once its feedback buttons are drawn. */
async function copyAndThumb(el: AskChat) {
  const answer = parts(el).lastAnswer()!;
  const buttons = answer.querySelector('feedback-buttons')!;
  await waitFor(() => buttons.shadowRoot?.querySelector('button'), 'the thumbs');
  const copy = answer.querySelector<HTMLElement>('[part~="copy-button"]')!;
  return { copy, thumb: buttons.shadowRoot!.querySelector('button')!, buttons };
}

/** Types `question` as a visitor does and waits until the transcript has `count` settled answers. */
async function askAndWaitForAnswer(el: AskChat, question: string, count: number): Promise<void> {
  await ask(el, question);
  await answered(el, count);
}

/**
 * A chat whose transcript scrolls (16rem high), over a client that answers every question with
 * 30 paragraphs; a question starting "Held" is answered only when the test lets it
 * (`held.get(question)!()`), or stopped.
 */
async function heldChat(): Promise<{ el: AskChat; held: Map<string, () => void> }> {
  const long = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of a long answer.`).join('\n\n');
  const held = new Map<string, () => void>();
  const client = fakeClient(async (request, options) => {
    // Held until let through, or stopped (the request aborted), as the service's would be.
    if (request.query.startsWith('Held'))
      await Promise.race([
        new Promise<void>((done) => held.set(request.query, done)),
        untilAborted(options?.signal),
      ]);
    return answerRecord({ answer: long });
  });
  const el = await chat(client);
  el.style.setProperty('--ask-chat-max-height', '16rem');
  return { el, held };
}

/**
 * A held chat (see `heldChat`) with two questions answered, its transcript, and how far below the
 * transcript's top its latest question is.
 */
async function heldChatWithTwoAnswers() {
  const { el, held } = await heldChat();
  await askAndWaitForAnswer(el, 'First question?', 1);
  await askAndWaitForAnswer(el, 'And a follow-up?', 2);
  const transcript = parts(el).one('transcript')!;
  const offsetOfLatestQuestion = () =>
    parts(el).questions().at(-1)!.getBoundingClientRect().top - transcript.getBoundingClientRect().top;
  return { el, held, transcript, offsetOfLatestQuestion };
}

/**
 * Asks `question` (starting "Held"), scrolls the transcript up to the first answer while it is on
 * its way, then lets it come and waits until the transcript has `count` answers drawn.
 */
async function answeredWhileReadingAbove(
  el: AskChat,
  held: Map<string, () => void>,
  question: string,
  count: number,
): Promise<void> {
  await ask(el, question);
  await waitFor(() => held.has(question), 'the question asked');
  expect(parts(el).one('new-answer-button'), 'no button while the answer is on its way').to.equal(null);
  parts(el).one('transcript')!.scrollTop = 40;
  held.get(question)!();
  await answered(el, count);
  await waitFor(() => parts(el).all('answer-body').length === count, 'the answer drawn');
  await el.updateComplete;
}

/**
 * Asks one question in the chat, 38rem wide (Copy and the thumbs share a line), and gives its
 * answer's Copy button and feedback buttons, rendered.
 */
async function firstAnswerActions(
  el: AskChat,
  question: string,
): Promise<{ copy: HTMLElement; feedback: FeedbackButtons }> {
  el.style.inlineSize = '38rem';
  await askAndWaitForAnswer(el, question, 1);
  const copy = parts(el).one('copy-button')!;
  const feedback = parts(el).lastAnswer()!.querySelector('feedback-buttons')!;
  await feedback.updateComplete;
  return { copy, feedback };
}

describe('<ask-chat>', () => {
  beforeEach(() => sessionStorage.clear());

  describe('accessibility', () => {
    it('is accessible when empty, with suggestions', async () => {
      const el = await chat(fakeClient(async () => answerRecord()));
      el.suggestions = ['How do I install it?', 'How do I style it?'];
      await el.updateComplete;
      const p = parts(el);
      expect(p.one('transcript')!.getAttribute('role')).to.equal('log');
      expect(p.all('suggestion').map((b) => b.textContent!.trim())).to.deep.equal(el.suggestions);
      await expect(el).to.be.accessible();
    });

    it('keeps the focus ring of a link Tab scrolls up from below the transcript in sight', async () => {
      const long = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} of a long answer.`).join('\n\n');
      const el = await chat(
        fakeClient(async () =>
          answerRecord({ answer: `${long}\n\nSee [the install guide](/guides/install).` }),
        ),
      );
      el.style.setProperty('--ask-chat-max-height', '12rem');
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      const transcript = parts(el).one('transcript')!;
      const link = parts(el).lastAnswer()!.querySelector<HTMLAnchorElement>('[part~="answer-body"] a')!;
      // Scrolled to where the link's top shows at the bottom edge: Tab brings such a link no
      // further up than its box (one out of sight goes to the middle).
      transcript.scrollTop +=
        link.getBoundingClientRect().top - (transcript.getBoundingClientRect().bottom - 6);
      transcript.focus();
      await sendKeys({ press: 'Tab' });
      expect(parts(el).root.activeElement).to.equal(link);
      const style = getComputedStyle(link);
      const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
      expect(ring, 'a focus ring outside the link').to.be.greaterThan(0);
      expect(link.getBoundingClientRect().bottom + ring, 'the ring above the bottom edge').to.be.at.most(
        transcript.getBoundingClientRect().bottom + 0.5,
      );
    });

    it('keeps messages, the confidence and a pressed thumb apart in forced colours', async () => {
      await executeServerCommand('emulate-forced-colors', 'active');
      try {
        const el = await chat(
          fakeClient(async () =>
            answerRecord({ answer: 'Install it:\n\n```sh\nnpm install ask-elements\n```' }),
          ),
        );
        const { feedback } = await firstAnswerActions(el, 'How do I install it?');
        feedback.shadowRoot!.querySelector<HTMLElement>('[part~="up-button"]')!.click();
        await feedback.updateComplete;
        const p = parts(el);
        // Backgrounds are gone: a border draws each message.
        for (const message of [...p.questions(), ...p.answers()]) {
          const style = getComputedStyle(message);
          expect(style.borderTopStyle).to.equal('solid');
          expect(style.borderTopWidth).to.equal('1px');
        }
        // A code block's fill is gone too: it kept no edge, its code ran on as prose.
        const code = p.lastAnswer()!.querySelector('pre')!;
        expect(getComputedStyle(code).borderTopStyle).to.equal('solid');
        expect(getComputedStyle(code).borderTopWidth).to.equal('1px');
        // The bars are backgrounds too: the words say the confidence alone, with no gap.
        expect(getComputedStyle(p.root.querySelector('.meter')!).display).to.equal('none');
        expect(p.one('confidence')!.textContent).to.match(/confidence/i);
        // The pressed thumb's fill is gone: a ring inside it stays.
        const pressed = feedback.shadowRoot!.querySelector<HTMLElement>('[aria-pressed="true"]')!;
        expect(getComputedStyle(pressed).outlineStyle).to.equal('solid');
        expect(getComputedStyle(pressed).outlineWidth).to.equal('2px');
        // The send button's fill is gone too, and it had no border: it showed as a bare arrow
        // beside the paperclip. Both keep a border, as every other button does.
        for (const name of ['send-button', 'attach-button']) {
          const style = getComputedStyle(p.one(name)!);
          expect(style.borderTopStyle, name).to.equal('solid');
          expect(style.borderTopWidth, name).to.equal('1px');
        }
      } finally {
        await executeServerCommand('emulate-forced-colors', 'none');
      }
    });

    it('is accessible while pending, answered, not answered, and failed', async () => {
      let release: (record: AnswerRecord) => void = () => undefined;
      const replies: (() => Promise<AnswerRecord>)[] = [
        () => new Promise((resolve) => (release = resolve)),
        async () => answerRecord({ didAnswer: false, title: '', link: '', description: '', answer: '' }),
        async () => {
          throw new NetworkError();
        },
      ];
      const el = await chat(fakeClient(() => replies.shift()!()));
      await ask(el, 'How do I install it?');
      expect(parts(el).lastAnswer()!.getAttribute('aria-busy')).to.equal('true');
      await expect(el).to.be.accessible();
      // A code block and a table wider than the chat scroll sideways: Tab must reach them.
      const wide = 'x'.repeat(300);
      release(
        answerRecord({
          answer: `Run:\n\n\`\`\`\n${wide}\n\`\`\`\n\n| a | b |\n| - | - |\n| ${wide} | ${wide} |`,
        }),
      );
      await answered(el, 1);
      await waitFor(() => parts(el).lastAnswer()!.querySelector('pre'), 'the code block');
      const code = parts(el).lastAnswer()!.querySelector('pre')!;
      expect(code.scrollWidth).to.be.greaterThan(code.clientWidth);
      await expect(el).to.be.accessible();
      await askAndWaitForAnswer(el, 'What is the weather in Paris?', 2);
      await expect(el).to.be.accessible();
      await askAndWaitForAnswer(el, 'And now?', 3);
      expect(parts(el).one('error')).to.exist;
      await expect(el).to.be.accessible();
    });
  });

  it('says so in place of an answer the sanitizer removed whole, and draws one with text or an image as it is', async () => {
    const answers = [
      '<script>alert(1)</script><iframe src="javascript:alert(2)"></iframe>',
      'Install it with npm.',
      '![The logo](/logo.png)',
    ];
    const el = await chat(fakeClient(async () => answerRecord({ answer: answers.shift()! })));
    const bodies = () => parts(el).all('answer-body');
    await askAndWaitForAnswer(el, 'Is there a logo?', 1);
    await waitFor(() => bodies().length === 1, 'the first answer drawn');
    expect(bodies()[0]!.textContent!.trim()).to.equal('Nothing of this answer could be shown safely.');
    expect(bodies()[0]!.querySelector('script, iframe')).to.equal(null);
    await askAndWaitForAnswer(el, 'How do I install it?', 2);
    await waitFor(() => bodies().length === 2, 'the second answer drawn');
    expect(bodies()[1]!.textContent!.trim()).to.equal('Install it with npm.');
    await askAndWaitForAnswer(el, 'Show me the logo', 3);
    await waitFor(() => bodies().length === 3, 'the third answer drawn');
    expect(bodies()[2]!.querySelector('img')!.getAttribute('alt')).to.equal('The logo');
    expect(bodies()[2]!.textContent!.trim()).to.equal('');
  });

  it('stops the pulse of its thinking dot within five seconds, however long the answer takes (WCAG 2.2.2)', async () => {
    const el = await chat(fakeClient((_request, { signal } = {}) => untilAborted(signal)));
    await ask(el, 'How do I install it?');
    const dots = parts(el).lastAnswer()!.querySelector('.dots')!;
    const animations = dots.getAnimations({ subtree: true });
    expect(animations.length, 'the dot pulses').to.be.greaterThan(0);
    for (const animation of animations)
      expect(animation.effect!.getComputedTiming().activeDuration, 'ms of pulsing').to.be.at.most(5000);
    await sendKeys({ press: 'Escape' });
  });

  it('keeps the feedback buttons under an answer in the scheme color-scheme sets on the chat', async () => {
    const el = await chat(
      fakeClient(async () => answerRecord()),
      'color-scheme=light',
    );
    try {
      await emulateMedia({ colorScheme: 'dark' });
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      const buttons = parts(el).lastAnswer()!.querySelector('feedback-buttons')!;
      await waitFor(() => buttons.shadowRoot?.querySelector('button'), 'the thumbs');
      const thumb = buttons.shadowRoot!.querySelector('button')!;
      // The light text, not the dark one the buttons would pick alone, and each colour set: the
      // thumbs are outlined, the chosen one filled with the accent.
      expect(getComputedStyle(thumb).color, 'light muted text').to.equal('rgb(90, 95, 102)');
      expect(getComputedStyle(thumb).borderTopColor, 'light border').to.equal('rgb(201, 204, 209)');
      expect(getComputedStyle(thumb).borderTopStyle, 'outlined').to.equal('solid');
      thumb.click();
      await waitFor(() => thumb.getAttribute('aria-pressed') === 'true', 'the thumb pressed');
      expect(getComputedStyle(thumb).backgroundColor, 'accent fill').to.equal('rgb(52, 81, 178)');
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it('draws Copy as the thumbs beside it are drawn: the same height and text size, in one row', async () => {
    for (const fontSize of ['', '20px']) {
      const el = await chat(fakeClient(async () => answerRecord()));
      el.style.setProperty('--ask-font-size', fontSize);
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      const { copy, thumb } = await copyAndThumb(el);
      const [copyBox, thumbBox] = [copy.getBoundingClientRect(), thumb.getBoundingClientRect()];
      // Copy was 34 px beside 32-px thumbs, its text 16 px beside their 14 px.
      expect(copyBox.height, `height, --ask-font-size "${fontSize}"`).to.equal(thumbBox.height);
      expect(copyBox.top, 'the same row').to.equal(thumbBox.top);
      expect(getComputedStyle(copy).fontSize, 'text size').to.equal(getComputedStyle(thumb).fontSize);
      el.remove();
    }
  });

  it("draws Copy's label in the thumbs' colours: muted at rest, the text colour when hovered, light and dark", async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await emulateMedia({ colorScheme: scheme });
      const el = await chat(fakeClient(async () => answerRecord()));
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      const { copy, thumb, buttons } = await copyAndThumb(el);
      const prompt = buttons.shadowRoot!.querySelector<HTMLElement>('[part~="prompt"]')!;
      const colour = (e: Element) => getComputedStyle(e).color;
      // Copy's label was in the text colour, as a thumb is only when hovered: the row's one dark label.
      expect(colour(copy), `${scheme}: Copy at rest`).to.equal(colour(thumb));
      expect(colour(copy), `${scheme}: as the prompt`).to.equal(colour(prompt));
      const hover = async (target: Element) => {
        const box = target.getBoundingClientRect();
        await sendMouse({ type: 'move', position: [Math.round(box.left + 4), Math.round(box.top + 4)] });
      };
      await hover(thumb);
      const thumbHovered = colour(thumb);
      await hover(copy);
      expect(colour(copy), `${scheme}: Copy hovered`).to.equal(thumbHovered);
      expect(colour(copy), `${scheme}: Copy hovered, not muted`).to.not.equal(colour(prompt));
      await resetMouse();
      await expect(el).to.be.accessible();
      el.remove();
    }
    await emulateMedia({ colorScheme: 'light' });
  });

  it("shows a custom agent's question for a value it needs, and sends the reply in the conversation", async () => {
    const replies: (() => Promise<AnswerRecord>)[] = [
      async () =>
        answerRecord({
          didAnswer: false,
          title: '',
          link: '',
          description: '',
          relevanceScore: 0,
          answer: 'To answer that, I need `orderId` (the order number). What is it?',
          context: { passages: [], customAgent: { missing: ['orderId'] } },
          conversationId: 'conversation-orders',
        }),
      async () =>
        answerRecord({ answer: 'Order **A-1234** has shipped.', conversationId: 'conversation-orders' }),
    ];
    const client = fakeClient(() => replies.shift()!());
    const el = await chat(client);
    await askAndWaitForAnswer(el, 'Has my order shipped?', 1);
    const asking = parts(el).lastAnswer()!;
    expect(asking.textContent).to.contain('What is it?');
    expect(asking.querySelector('code')!.textContent).to.equal('orderId');
    // No "couldn't find", no offer to search: the agent asked something.
    expect(asking.querySelector('[part~="search-button"]') === null, 'no search offer').to.equal(true);
    expect(asking.textContent).not.to.contain('could not find');
    await expect(el).to.be.accessible();
    await askAndWaitForAnswer(el, 'A-1234', 2);
    expect(client.asks[1]!.conversationId).to.equal('conversation-orders');
    expect(parts(el).lastAnswer()!.textContent).to.contain('has shipped');
  });

  describe('against the reference service', () => {
    it('shows the reply to a thanks as it is, with no "could not find" and no offer to search', async () => {
      const el = await chat(new RecordingClient(serviceClient()));
      await askAndWaitForAnswer(el, 'thanks!', 1);
      const reply = parts(el).lastAnswer()!;
      expect(reply.textContent).to.contain("You're welcome!");
      expect(reply.textContent).not.to.contain('could not find');
      expect(reply.querySelector('[part~="search-button"]') === null, 'no search offer').to.equal(true);
      expect(parts(el).status()).to.equal('Answer ready.');
      await expect(el).to.be.accessible();
    });

    it('holds a conversation: the follow-up carries the conversationId and stays on topic', async () => {
      const client = new RecordingClient(serviceClient());
      const el = await chat(client);
      const answers: AnswerRecord[] = [];
      el.addEventListener('ask-answer', (e) => answers.push((e as CustomEvent).detail.record));
      await askAndWaitForAnswer(el, 'How do I create a client?', 1);
      const first = answers[0]!;
      expect(first.didAnswer).to.equal(true);
      expect(first.link).to.equal('/client/create-client');
      const p = parts(el);
      expect(p.one('source-link')!.textContent).to.equal(first.title);
      // At the section quoted, the answer's first passage.
      expect(p.one('source-link')!.getAttribute('href')).to.equal(first.context!.passages[0]!.link);
      expect(p.one('source-link')!.getAttribute('href')).to.match(/^\/client\/create-client#./);
      expect(p.one('confidence')!.textContent).to.contain(String(Math.round(first.relevanceScore)));
      expect(p.status()).to.equal('Answer ready.');
      // Focus never left the input.
      expect(p.root.activeElement).to.equal(p.input());

      // "it" is the client only because of the first turn.
      await askAndWaitForAnswer(el, 'Which options does it take?', 2);
      expect(client.asks[0]!.conversationId).to.equal('');
      expect(client.asks[1]!.conversationId).to.equal(first.conversationId);
      const second = answers[1]!;
      expect(second.conversationId).to.equal(first.conversationId);
      expect(second.didAnswer).to.equal(true);
      expect(second.link).to.equal('/client/create-client');
      expect(p.lastAnswer()!.querySelector('[part~="answer-body"]')!.textContent).to.match(
        /baseUrl|apiKey|option/i,
      );

      // The control: the same words with no earlier turn do not find the client's page.
      const control = await chat(new RecordingClient(serviceClient()));
      const controlAnswers: AnswerRecord[] = [];
      control.addEventListener('ask-answer', (e) => controlAnswers.push((e as CustomEvent).detail.record));
      await askAndWaitForAnswer(control, 'Which options does it take?', 1);
      expect(controlAnswers[0]!.didAnswer && controlAnswers[0]!.link === second.link).to.equal(false);
    });

    it('posts feedback under an answer and replaces it, as the service records', async () => {
      const el = await chat(new RecordingClient(serviceClient()));
      await askAndWaitForAnswer(el, 'How do I install the search box?', 1);
      const feedback = parts(el).lastAnswer()!.querySelector('feedback-buttons')!;
      const insightId = feedback.insightId!;
      const [up, down] = Array.from(feedback.shadowRoot!.querySelectorAll('button'));
      const message = () => feedback.shadowRoot!.querySelector('[role="status"]')!.textContent;
      up!.click();
      await feedback.updateComplete;
      // Optimistic: pressed at once, confirmed by the thanks once the service has it.
      expect(feedback.getAttribute('value')).to.equal('1');
      await waitFor(() => message() === 'Thanks for your feedback.', 'the thanks');
      let records = await analyticsRecords();
      expect(records.find((r) => r.insightId === insightId)?.feedback).to.equal(1);
      down!.click();
      await feedback.updateComplete;
      expect(feedback.getAttribute('value')).to.equal('-1');
      await waitFor(() => !feedback.shadowRoot!.querySelector('[aria-disabled="true"]'), 'the post to end');
      records = await analyticsRecords();
      expect(records.filter((r) => r.insightId === insightId).map((r) => r.feedback)).to.deep.equal([-1]);
    });

    it('shows the feedback buttons under each answer in the texts the site gives', async () => {
      const el = await chat(new RecordingClient(serviceClient()), 'feedback-reason');
      el.feedbackStrings = {
        prompt: 'Cette réponse vous a-t-elle aidé ?',
        helpful: 'Utile',
        notHelpful: 'Pas utile',
      };
      el.feedbackReasons = ['Faux', 'Incomplet'];
      await askAndWaitForAnswer(el, 'How do I install the search box?', 1);
      const feedback = parts(el).lastAnswer()!.querySelector('feedback-buttons')!;
      await feedback.updateComplete;
      const names = Array.from(feedback.shadowRoot!.querySelectorAll('button')).map((button) =>
        (button.getAttribute('aria-label') ?? button.textContent)!.trim(),
      );
      expect(names).to.deep.equal(['Utile', 'Pas utile']);
      // Texts set once answers are shown reach them too.
      el.feedbackStrings = { ...el.feedbackStrings, helpful: 'Oui' };
      await el.updateComplete;
      await feedback.updateComplete;
      expect(feedback.shadowRoot!.querySelector('button')!.textContent).to.contain('Oui');
      expect(feedback.shadowRoot!.textContent).to.contain('Cette réponse vous a-t-elle aidé ?');
      // A thumbs-down opens the reason form with the site's chips.
      feedback.shadowRoot!.querySelectorAll('button')[1]!.click();
      const chips = () => Array.from(feedback.shadowRoot!.querySelectorAll('[part~="reason"]'));
      await waitFor(() => chips().length > 0, 'the reason form');
      expect(chips().map((chip) => chip.textContent!.trim())).to.deep.equal(['Faux', 'Incomplet']);
    });

    it('keeps the thumbs beside Copy when the reason is sent and the longer thanks shows', async () => {
      const el = await chat(new RecordingClient(serviceClient()), 'feedback-reason');
      const { copy, feedback } = await firstAnswerActions(el, 'How do I install the search box?');
      const button = (part: string) => feedback.shadowRoot!.querySelector<HTMLElement>(`[part~="${part}"]`)!;
      const top = (node: Element) => Math.round(node.getBoundingClientRect().top);
      // Measured from Copy: the transcript may scroll as the longer thanks takes a line more.
      const thumbs = () => top(button('up-button')) - top(copy);
      const before = thumbs();
      expect(top(feedback), 'on the line of Copy').to.be.below(copy.getBoundingClientRect().bottom);
      button('down-button').click();
      await waitFor(() => feedback.shadowRoot!.querySelector('form'), 'the reason form');
      await feedback.updateComplete;
      feedback.shadowRoot!.querySelector<HTMLElement>('[part~="reason"]')!.click();
      await feedback.updateComplete;
      button('send-button').click();
      const message = () => feedback.shadowRoot!.querySelector('[role="status"]')!.textContent;
      await waitFor(() => message() === 'Thanks, that helps us improve the answers.', 'the thanks');
      await feedback.updateComplete;
      expect(thumbs(), 'the thumbs did not move').to.equal(before);
      expect(top(feedback), 'still on the line of Copy').to.be.below(copy.getBoundingClientRect().bottom);
    });

    it('starts a new conversation', async () => {
      const client = new RecordingClient(serviceClient());
      const el = await chat(client);
      let resets = 0;
      el.addEventListener('ask-reset', () => resets++);
      await askAndWaitForAnswer(el, 'How do I install the search box?', 1);
      parts(el).one('new-conversation-button')!.click();
      await el.updateComplete;
      expect(resets).to.equal(1);
      expect(parts(el).answers()).to.have.length(0);
      expect(parts(el).one('empty')!.hidden).to.equal(false);
      await askAndWaitForAnswer(el, 'How do I style it?', 1);
      expect(client.asks[1]!.conversationId).to.equal('');
    });

    it('starts a new conversation while an answer is pending, with nothing of the abandoned question back', async () => {
      const client = fakeClient((_, options) => untilAborted(options?.signal));
      const el = await chat(client);
      await ask(el, 'A long question');
      const p = parts(el);
      p.one('new-conversation-button')!.click();
      await waitFor(() => client.signals[0]!.aborted, 'the request aborted');
      await aTimeout(50);
      await el.updateComplete;
      expect(p.answers()).to.have.length(0);
      expect(p.input().value, 'a clean input').to.equal('');
      expect(p.status(), 'no word of a stopped answer').not.to.contain('Stopped');
    });

    it('shows the latest question at the top of the transcript again after a reload', async () => {
      const long = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} of the answer.`).join('\n\n');
      const client = fakeClient(async () => answerRecord({ answer: long }));
      const load = () =>
        fixture<AskChat>(
          html`<ask-chat
            persist
            storage-key="scroll"
            style="--ask-chat-max-height: 12rem"
            .client=${client}
          ></ask-chat>`,
        );
      const offsetOfLatestQuestion = (el: AskChat) =>
        parts(el).questions().at(-1)!.getBoundingClientRect().top -
        parts(el).one('transcript')!.getBoundingClientRect().top;
      const first = await load();
      await askAndWaitForAnswer(first, 'How do I install it?', 1);
      await askAndWaitForAnswer(first, 'And then?', 2);
      await waitFor(() => parts(first).all('answer-body').length === 2, 'both answers rendered');
      const before = offsetOfLatestQuestion(first);
      expect(parts(first).one('transcript')!.scrollTop).to.be.greaterThan(0);
      first.remove();

      const again = await load();
      await waitFor(() => parts(again).all('answer-body').length === 2, 'both answers restored');
      await waitFor(
        () => Math.abs(offsetOfLatestQuestion(again) - before) < 2,
        `the latest question ${before}px from the top (it is ${offsetOfLatestQuestion(again)}px)`,
      );
    });

    it('restores a persisted conversation exactly after a reload', async () => {
      const client = new RecordingClient(serviceClient());
      const first = await fixture<AskChat>(
        html`<ask-chat persist storage-key="docs" .client=${client}></ask-chat>`,
      );
      let conversationId = '';
      first.addEventListener(
        'ask-answer',
        (e) => (conversationId = (e as CustomEvent).detail.record.conversationId),
      );
      await askAndWaitForAnswer(first, 'How do I install the search box?', 1);
      expect(conversationId).to.not.equal('');
      const before = parts(first).one('transcript')!.innerHTML;
      const text = parts(first).one('transcript')!.innerText;
      first.remove();

      // A new page load: a new element reading the same sessionStorage.
      const again = await fixture<AskChat>(
        html`<ask-chat persist storage-key="docs" .client=${client}></ask-chat>`,
      );
      await waitFor(() => parts(again).one('answer-body'), 'the restored answer');
      await again.updateComplete;
      expect(parts(again).one('transcript')!.innerText).to.equal(text);
      expect(stripLitMarkers(parts(again).one('transcript')!.innerHTML)).to.equal(stripLitMarkers(before));
      await askAndWaitForAnswer(again, 'How do I style it?', 2);
      expect(client.asks.at(-1)!.conversationId).to.equal(conversationId);
    });

    it("saves what it draws of an answer's passages, their links, not their text", async () => {
      // The whole conversation is saved at each question and answer, before the browser paints:
      // the passages' text was most of it, and is drawn nowhere.
      const passage = (n: number) => ({
        documentId: `d${n}`,
        title: `Page ${n}`,
        heading: `Section ${n}`,
        link: `/guides/page-${n}`,
        text: `The text of passage ${n}. `.repeat(40),
        score: 10 - n,
      });
      const client = fakeClient(async () =>
        answerRecord({ context: { passages: [passage(1), passage(2), passage(3)], resolvedQuery: 'x' } }),
      );
      const load = () =>
        fixture<AskChat>(html`<ask-chat persist storage-key="passages" .client=${client}></ask-chat>`);
      const first = await load();
      await askAndWaitForAnswer(first, 'How do I install it?', 1);
      const raw = () => sessionStorage.getItem('ask-chat:passages') ?? '';
      await waitFor(() => raw().includes('"answered"'), 'the answer saved');
      expect(raw()).not.to.contain('The text of passage');
      const related = (el: AskChat) =>
        parts(el)
          .all('related-link')
          .map((link) => `${link.textContent} ${link.getAttribute('href')}`);
      const shown = related(first);
      expect(shown).to.have.length(2);
      first.remove();

      const again = await load();
      await waitFor(() => parts(again).one('answer-body'), 'the restored answer');
      await again.updateComplete;
      expect(related(again)).to.deep.equal(shown);
      again.remove();
      sessionStorage.removeItem('ask-chat:passages');
    });
  });

  describe("a tab that starts with a copy of another tab's conversation (duplicated, or opened by script)", () => {
    /** Another tab on the chats' channel: a document of its own, holding `conversationId` or asking who does. */
    const otherTab = () => {
      const channel = new BroadcastChannel('ask-chat');
      const heard: { asking: boolean; conversationId: string }[] = [];
      channel.onmessage = ({ data }) => heard.push(data);
      return { channel, heard, from: 'another-tab' };
    };
    const tabsChat = (client: RecordingClient) =>
      fixture<AskChat>(html`<ask-chat persist storage-key="tabs" .client=${client}></ask-chat>`);
    /** A persisted chat that asked one question, in conversation-1 (each new one is numbered). */
    const chatInConversation = async () => {
      let id = 0;
      const client = conversationClient(() => `conversation-${++id}`);
      const el = await tabsChat(client);
      await askAndWaitForAnswer(el, 'How do I translate the search box?', 1);
      return { client, el };
    };
    afterEach(() => sessionStorage.removeItem('ask-chat:tabs'));

    it('keeps the transcript but asks in a conversation of its own when another tab holds it', async () => {
      const { client, el: before } = await chatInConversation();
      before.remove();
      // The tab the copy was made from still holds conversation-1, and says so when asked.
      const tab = otherTab();
      tab.channel.onmessage = ({ data }) => {
        if (data.asking) tab.channel.postMessage({ ...data, asking: false, from: tab.from });
      };
      const copy = await tabsChat(client);
      try {
        await waitFor(() => parts(copy).answers().length === 1, 'the copied transcript');
        // The other tab's answer has come when the copy saves itself without the conversation (a
        // fixed wait for it was too short on a loaded machine).
        await waitFor(
          () => JSON.parse(sessionStorage.getItem('ask-chat:tabs') ?? '{}').conversationId === '',
          'the other tab heard',
        );
        await askAndWaitForAnswer(copy, 'How do I style the search box?', 2);
        expect(client.asks.at(-1)!.conversationId, 'the copy starts its own').to.equal('');
      } finally {
        tab.channel.close();
        copy.remove();
      }
    });

    it('answers a copy in another tab that it holds the conversation, and goes on in it', async () => {
      const { client, el: first } = await chatInConversation();
      const tab = otherTab();
      try {
        tab.channel.postMessage({
          name: 'tabs',
          conversationId: 'conversation-1',
          asking: true,
          from: tab.from,
        });
        await waitFor(() => tab.heard.some((message) => !message.asking), 'the answer that it holds it');
        await askAndWaitForAnswer(first, 'and the chat?', 2);
        expect(client.asks.at(-1)!.conversationId, 'the first goes on').to.equal('conversation-1');
      } finally {
        tab.channel.close();
        first.remove();
      }
    });

    it('is not another tab when it is another chat of this page under the same name (the next view of a single-page app)', async () => {
      const { client, el: leaving } = await chatInConversation();
      // The next view's chat, mounted while the last one is still on the page (a transition).
      const next = await tabsChat(client);
      try {
        await waitFor(() => parts(next).answers().length === 1, 'the conversation restored');
        await aTimeout(100);
        await askAndWaitForAnswer(next, 'How do I style it?', 2);
        expect(client.asks.at(-1)!.conversationId, 'the follow-up goes on').to.equal('conversation-1');
      } finally {
        next.remove();
        leaving.remove();
      }
    });
  });

  describe('in a single-page app', () => {
    const saved = (key: string) => JSON.parse(sessionStorage.getItem(`ask-chat:${key}`) ?? 'null');
    const savedQuestions = (key: string) => saved(key).turns.map((t: { query: string }) => t.query);
    const questions = (el: AskChat) =>
      parts(el)
        .questions()
        .map((q) => q.textContent!.trim());
    /**
     * A chat keeping its conversation under `route` that asked `question`, saved at once, and waits
     * for the answer until `answer` gives it.
     */
    const waitingChat = async (question: string) => {
      let answer: (record: AnswerRecord) => void = () => {};
      const el = await chat(
        fakeClient(() => new Promise((resolve) => (answer = resolve))),
        'persist storage-key=route',
      );
      await ask(el, question);
      await waitFor(() => saved('route')?.turns.length === 1, 'the question saved at once');
      return { el, answer: (record: AnswerRecord) => answer(record) };
    };
    afterEach(() =>
      ['proj-a', 'proj-b', 'route', 'view-a', 'view-b'].forEach((key) =>
        sessionStorage.removeItem(`ask-chat:${key}`),
      ),
    );

    it("shows each storage-key's own conversation when the key changes at runtime, and keeps the other saved", async () => {
      const el = await chat(
        fakeClient(async (request) => answerRecord({ conversationId: `c-${request.query}` })),
      );
      el.persist = true;
      el.storageKey = 'proj-b';
      await askAndWaitForAnswer(el, 'b1', 1);
      el.storageKey = 'proj-a';
      await el.updateComplete;
      expect(questions(el)).to.deep.equal([]);
      await askAndWaitForAnswer(el, 'a1', 1);
      expect(questions(el)).to.deep.equal(['a1']);
      el.storageKey = 'proj-b';
      await waitFor(() => questions(el).length === 1 && questions(el)[0] === 'b1', "proj-b's conversation");
      expect(savedQuestions('proj-a')).to.deep.equal(['a1']);
      expect(saved('proj-b').conversationId).to.equal('c-b1');
      await askAndWaitForAnswer(el, 'b2', 2);
      expect(savedQuestions('proj-b')).to.deep.equal(['b1', 'b2']);
      expect(savedQuestions('proj-a')).to.deep.equal(['a1']);
    });

    it('follows a new id set at runtime, even for a question asked before the next update', async () => {
      const el = await chat(
        fakeClient(async (request) => answerRecord({ conversationId: `c-${request.query}` })),
        'persist id=view-a',
      );
      await askAndWaitForAnswer(el, 'a1', 1);
      el.id = 'view-b';
      const record = await el.askQuestion('b1');
      expect(record?.didAnswer, 'the question asked').to.equal(true);
      await answered(el, 1);
      expect(questions(el)).to.deep.equal(['b1']);
      expect(savedQuestions('view-a')).to.deep.equal(['a1']);
      expect(savedQuestions('view-b')).to.deep.equal(['b1']);
      el.id = 'view-a';
      await waitFor(() => questions(el)[0] === 'a1', "view-a's conversation again");
    });

    it("keeps the followed name's saved conversation while the answer to a question asked at once is on its way", async () => {
      let hold = false;
      const client = fakeClient(async (request) =>
        hold
          ? new Promise(() => {})
          : answerRecord({ conversationId: request.conversationId || `c-${request.query}` }),
      );
      const el = await chat(client, 'persist id=view-b');
      await el.askQuestion('b1');
      el.id = 'view-a';
      await waitFor(() => questions(el).length === 0, "view-a's empty conversation");
      hold = true;
      el.id = 'view-b';
      void el.askQuestion('b2');
      await waitFor(() => saved('view-b').turns.length === 2, 'the question saved');
      expect(savedQuestions('view-b')).to.deep.equal(['b1', 'b2']);
      expect(saved('view-b').conversationId).to.equal('c-b1');
    });

    it('shows its saved conversation at once when persist was set as a property before it was defined', async () => {
      const client = fakeClient(async (request) => answerRecord({ conversationId: `c-${request.query}` }));
      const before = await chat(client, 'persist storage-key=route');
      await askAndWaitForAnswer(before, 'Q1', 1);
      before.remove();
      const el = document.createElement('ask-chat-defined-late') as AskChat;
      Object.assign(el, {
        persist: true,
        storageKey: 'route',
        client: fakeClient(async () => answerRecord()),
      });
      document.body.append(el);
      // A busy page, whose idle time (when every chat fetches its behaviour) doesn't come.
      const { requestIdleCallback } = window;
      window.requestIdleCallback = () => 0;
      try {
        customElements.define('ask-chat-defined-late', class extends AskChat {});
        await waitFor(() => questions(el)[0] === 'Q1', 'the saved question');
      } finally {
        window.requestIdleCallback = requestIdleCallback;
        el.remove();
      }
    });

    it('shows and continues its saved conversation when persist is set once the chat is in use, as after a consent', async () => {
      const client = conversationClient((query) => `c-${query}`);
      const before = await chat(client, 'persist storage-key=route');
      await askAndWaitForAnswer(before, 'Q1', 1);
      before.remove();
      // The next page: the chat is on it, its behaviour come, before the page turns persist on.
      const el = await chat(client, 'storage-key=route');
      await waitFor(() => parts(el).one('header'), "the chat's behaviour");
      el.persist = true;
      await waitFor(() => questions(el)[0] === 'Q1', 'the saved question');
      await askAndWaitForAnswer(el, 'Q2', 2);
      expect(client.asks.at(-1)!.conversationId).to.equal('c-Q1');
      expect(savedQuestions('route')).to.deep.equal(['Q1', 'Q2']);
    });

    it('deletes what it saved, and saves nothing more, when persist is turned off, as when a visitor withdraws consent', async () => {
      sessionStorage.setItem('ask-chat:view-a', 'the site keeps this');
      const client = conversationClient((query) => `c-${query}`);
      const el = await chat(client, 'persist storage-key=route');
      await askAndWaitForAnswer(el, 'Q1', 1);
      expect(savedQuestions('route')).to.deep.equal(['Q1']);
      el.removeAttribute('persist');
      await waitFor(
        () => sessionStorage.getItem('ask-chat:route') === null,
        'the saved conversation deleted',
      );
      // The chat goes on in its conversation, as one without persist, and keeps nothing.
      await askAndWaitForAnswer(el, 'Q2', 2);
      expect(client.asks.at(-1)!.conversationId).to.equal('c-Q1');
      expect(questions(el)).to.deep.equal(['Q1', 'Q2']);
      expect(sessionStorage.getItem('ask-chat:route'), 'saved again').to.equal(null);
      expect(sessionStorage.getItem('ask-chat:view-a'), "another key's").to.equal('the site keeps this');

      // As a property, with an answer on its way: the answer comes, and is not saved.
      const { el: waiting, answer } = await waitingChat('How do I install it?');
      waiting.persist = false;
      await waitFor(() => sessionStorage.getItem('ask-chat:route') === null, 'the question saved, deleted');
      answer(answerRecord({ conversationId: 'late' }));
      await answered(waiting, 1);
      await aTimeout(50);
      expect(sessionStorage.getItem('ask-chat:route'), 'the answer saved').to.equal(null);
      // Turned on again (consent given again), it saves the conversation from its next question.
      waiting.persist = true;
      await ask(waiting, 'And then?');
      answer(answerRecord({ conversationId: 'late' }));
      await answered(waiting, 2);
      await waitFor(() => saved('route')?.turns.length === 2, 'the conversation saved again');
      expect(savedQuestions('route')).to.deep.equal(['How do I install it?', 'And then?']);
      waiting.persist = false;
      await waitFor(() => sessionStorage.getItem('ask-chat:route') === null, 'deleted again');
    });

    it('removed with an answer on its way to a route without a chat, saves the answer for the next chat of its name', async () => {
      const { el, answer } = await waitingChat('How do I install it?');
      el.remove();
      answer(answerRecord({ conversationId: 'late', answer: 'Run npm install ask-elements.' }));
      await waitFor(() => saved('route').conversationId === 'late', 'the answer saved');
      expect(saved('route').turns.map((t: { status: string }) => t.status)).to.deep.equal(['answered']);
      const client = fakeClient(async (request) => answerRecord({ conversationId: request.conversationId }));
      const next = await chat(client, 'persist storage-key=route');
      await waitFor(
        () => parts(next).lastAnswer()?.textContent?.includes('Run npm install ask-elements.'),
        'the answer, not the question stopped',
      );
      expect(parts(next).one('retry-button'), 'nothing to ask again').to.equal(null);
      await askAndWaitForAnswer(next, 'And with a script tag?', 2);
      expect(client.asks.at(-1)!.conversationId, 'the follow-up goes on').to.equal('late');
      next.remove();
      // The removed chat put back shows the same.
      document.body.append(el);
      await waitFor(() => questions(el).length === 2, 'the conversation, with the follow-up');
      el.remove();
    });

    it("removed with an answer on its way (a route left), hands the answer to the next page's chat of its name, which showed the question stopped", async () => {
      const { el: leaving, answer } = await waitingChat('How do I install it?');
      leaving.remove();
      const client = conversationClient(() => 'another');
      const next = await chat(client, 'persist storage-key=route');
      await waitFor(
        () => parts(next).lastAnswer()?.textContent?.includes('Stopped'),
        'the question, stopped',
      );
      answer(answerRecord({ conversationId: 'late', answer: 'Run npm install ask-elements.' }));
      await waitFor(
        () => parts(next).lastAnswer()?.textContent?.includes('Run npm install ask-elements.'),
        'the late answer in the chat shown now',
      );
      expect(questions(next)).to.deep.equal(['How do I install it?']);
      await waitFor(() => saved('route').conversationId === 'late', 'saved with its conversation');
      expect(saved('route').turns.map((t: { status: string }) => t.status)).to.deep.equal(['answered']);
      await askAndWaitForAnswer(next, 'And with a script tag?', 2);
      expect(client.asks.at(-1)!.conversationId, 'the follow-up goes on').to.equal('late');
    });

    it("put back with a late answer after another chat asked on, shows that chat's conversation rather than write over it", async () => {
      const { el: first, answer } = await waitingChat('Q1');
      first.remove();
      const second = await chat(
        conversationClient(() => 'c-Q2'),
        'persist storage-key=route',
      );
      await waitFor(() => questions(second).length === 1, 'the conversation restored');
      await askAndWaitForAnswer(second, 'Q2', 2);
      answer(answerRecord({ conversationId: 'late' }));
      await aTimeout(50);
      second.remove();
      document.body.append(first);
      try {
        await waitFor(() => questions(first).length === 2, "the other chat's conversation");
        expect(questions(first)).to.deep.equal(['Q1', 'Q2']);
        expect(savedQuestions('route')).to.deep.equal(['Q1', 'Q2']);
      } finally {
        first.remove();
      }
    });

    it("'New conversation' holds when a hidden chat of its name gets the answer it was waiting for after", async () => {
      const { el: hidden, answer } = await waitingChat('Q1');
      hidden.style.display = 'none';
      const client = conversationClient(() => 'c-new');
      const shown = await chat(client, 'persist storage-key=route');
      try {
        await waitFor(() => questions(shown).length === 1, 'the conversation restored');
        parts(shown).one('new-conversation-button')!.click();
        await shown.updateComplete;
        expect(questions(shown)).to.deep.equal([]);
        answer(answerRecord({ conversationId: 'old', answer: 'The old answer.' }));
        await aTimeout(50);
        await shown.updateComplete;
        expect(questions(shown), 'the new conversation stays empty').to.deep.equal([]);
        expect(saved('route')?.turns ?? [], 'nothing of the old one saved').to.deep.equal([]);
        await askAndWaitForAnswer(shown, 'Q2', 1);
        expect(client.asks.at(-1)!.conversationId, 'a new conversation').to.equal('');
      } finally {
        hidden.remove();
      }
    });

    it('kept hidden with an answer on its way, gives it to the conversation the chat on screen went on with, not writes over it', async () => {
      const { el: hidden, answer } = await waitingChat('Q1');
      hidden.style.display = 'none';
      const shown = await chat(
        conversationClient(() => 'c-Q2'),
        'persist storage-key=route',
      );
      try {
        await waitFor(() => questions(shown).length === 1, 'the conversation restored');
        await ask(shown, 'Q2');
        await waitFor(() => saved('route')?.turns.at(-1)?.status === 'answered', 'Q2 answered and saved');
        answer(answerRecord({ conversationId: 'c-Q1', answer: 'The late answer to Q1.' }));
        await waitFor(
          () => saved('route')?.turns[0]?.status === 'answered',
          'the late answer saved in its place',
        );
        await aTimeout(50);
        await shown.updateComplete;
        expect(questions(shown), 'Q2 still on screen').to.deep.equal(['Q1', 'Q2']);
        expect(savedQuestions('route')).to.deep.equal(['Q1', 'Q2']);
        expect(saved('route').conversationId, 'the conversation Q2 went on with').to.equal('c-Q2');
        expect(parts(shown).answers()[0]!.textContent).to.contain('The late answer to Q1.');
      } finally {
        hidden.remove();
      }
    });

    it('put back while the browser keeps no sessionStorage, still shows its own conversation', async () => {
      const storage = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
      Object.defineProperty(window, 'sessionStorage', {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
      const consoleWarn = console.warn;
      console.warn = () => {};
      const client = conversationClient((query) => `c-${query}`);
      const first = await chat(client, 'persist storage-key=blocked-route');
      try {
        await askAndWaitForAnswer(first, 'Q1', 1);
        first.remove();
        const second = await chat(client, 'persist storage-key=blocked-route');
        await askAndWaitForAnswer(second, 'Q2', 1);
        second.remove();
        document.body.append(first);
        await aTimeout(50);
        await first.updateComplete;
        expect(questions(first)).to.deep.equal(['Q1']);
        expect(parts(first).one('answer-body'), 'its answer').to.exist;
      } finally {
        first.remove();
        console.warn = consoleWarn;
        Object.defineProperty(window, 'sessionStorage', storage);
      }
    });

    it('put back with nothing new, leaves what another chat saved meanwhile as it is', async () => {
      const client = fakeClient(async (request) => answerRecord({ conversationId: `c-${request.query}` }));
      const first = await chat(client, 'persist storage-key=route');
      await askAndWaitForAnswer(first, 'Q1', 1);
      first.remove();
      const second = await chat(client, 'persist storage-key=route');
      await waitFor(() => parts(second).questions().length === 1, 'the conversation restored');
      await askAndWaitForAnswer(second, 'Q2', 2);
      second.remove();
      document.body.append(first);
      await first.updateComplete;
      await aTimeout(50);
      expect(savedQuestions('route')).to.deep.equal(['Q1', 'Q2']);
      first.remove();
    });

    /** Q1 asked in `first`, then Q2 in a second chat of the same name while `first` is away. */
    async function askedElsewhere(away: (el: AskChat) => void, back: (el: AskChat) => void) {
      const client = conversationClient((query) => `c-${query}`);
      const first = await chat(client, 'persist storage-key=route');
      await askAndWaitForAnswer(first, 'Q1', 1);
      away(first);
      const second = await chat(client, 'persist storage-key=route');
      await waitFor(() => questions(second).length === 1, 'the conversation restored');
      await askAndWaitForAnswer(second, 'Q2', 2);
      second.remove();
      back(first);
      return { client, first };
    }

    it('put back (a route kept alive), shows what another chat of its name asked meanwhile, and its next question keeps it', async () => {
      const { client, first } = await askedElsewhere(
        (el) => el.remove(),
        (el) => document.body.append(el),
      );
      try {
        await waitFor(() => questions(first).length === 2, "the other chat's question");
        expect(questions(first)).to.deep.equal(['Q1', 'Q2']);
        await answered(first, 2);
        await askAndWaitForAnswer(first, 'Q3', 3);
        expect(savedQuestions('route')).to.deep.equal(['Q1', 'Q2', 'Q3']);
        expect(client.asks.at(-1)!.conversationId).to.equal('c-Q1');
      } finally {
        first.remove();
      }
    });

    it('kept on the page but hidden (a route in React\'s <Activity mode="hidden">), shows what the chat on screen asked, and its next question keeps it', async () => {
      const { first } = await askedElsewhere(
        (el) => (el.style.display = 'none'),
        (el) => (el.style.display = ''),
      );
      await waitFor(() => questions(first).length === 2, "the other chat's question");
      expect(questions(first)).to.deep.equal(['Q1', 'Q2']);
      await answered(first, 2);
      await askAndWaitForAnswer(first, 'Q3', 3);
      expect(savedQuestions('route')).to.deep.equal(['Q1', 'Q2', 'Q3']);
    });

    it('asks a question given before the element is on the page, once it is, in the conversation it restores', async () => {
      const client = conversationClient((query) => `c-${query}`);
      const before = await chat(client, 'persist storage-key=route');
      await askAndWaitForAnswer(before, 'Q1', 1);
      before.remove();
      client.asks.length = 0;
      const el = document.createElement('ask-chat') as AskChat;
      el.client = client;
      el.persist = true;
      el.storageKey = 'route';
      el.focus();
      const asked = el.askQuestion('How do I install it?');
      await aTimeout(200);
      expect(client.asks.length, 'nothing sent while off the page').to.equal(0);
      document.body.append(el);
      try {
        await waitFor(() => client.asks.length === 1, 'the question sent');
        expect(client.asks[0]!.conversationId).to.equal('c-Q1');
        expect((await asked)?.didAnswer).to.equal(true);
        await answered(el, 2);
        expect(questions(el)).to.deep.equal(['Q1', 'How do I install it?']);
      } finally {
        el.remove();
      }
    });
  });

  describe('a service that no longer knows the conversation (restarted, or expired)', () => {
    it('says above the answer that the earlier questions are no longer remembered', async () => {
      let served = 0;
      // The service forgets every conversation between two questions: each gets a new id.
      const el = await chat(
        fakeClient(async () => answerRecord({ conversationId: `conversation-${++served}` })),
      );
      await askAndWaitForAnswer(el, 'How do I translate the search box?', 1);
      expect(parts(el).lastAnswer()!.textContent).not.to.contain('no longer remembered');
      await askAndWaitForAnswer(el, 'and the chat?', 2);
      expect(parts(el).lastAnswer()!.querySelector('[part~="notice"]')!.textContent).to.equal(
        'The earlier questions are no longer remembered: this answer is to the question alone.',
      );
    });
  });

  describe('a question still on its way when the page reloads', () => {
    it('is in the restored transcript, stopped, since the service heard it and the next question follows it', async () => {
      const first = await fixture<AskChat>(
        html`<ask-chat
          persist
          storage-key="pending"
          .client=${fakeClient(() => new Promise<AnswerRecord>(() => {}))}
        ></ask-chat>`,
      );
      await ask(first, 'How do I style the search box?');
      first.remove();
      const again = await fixture<AskChat>(
        html`<ask-chat
          persist
          storage-key="pending"
          .client=${fakeClient(async () => answerRecord())}
        ></ask-chat>`,
      );
      await waitFor(() => parts(again).questions().length === 1, 'the restored question');
      expect(parts(again).questions()[0]!.textContent).to.contain('How do I style the search box?');
      expect(parts(again).lastAnswer()!.textContent).to.contain('Stopped');
      sessionStorage.removeItem('ask-chat:pending');
    });
  });

  describe("a persisted conversation in the origin's sessionStorage (5 MiB of characters in Chromium)", () => {
    const imagesNotKept = 'The images sent with this question were not kept when the page reloaded';
    it('keeps the text and small images, and leaves the site room', async () => {
      const client = fakeClient(async () => answerRecord());
      const load = () =>
        fixture<AskChat>(html`<ask-chat persist storage-key="images" .client=${client}></ask-chat>`);
      const first = await load();
      const p = parts(first);
      await waitFor(() => p.one('header'), 'the chat behaviour');
      // A photo of 3 MB, 4.2 million characters as a data URI, then a small screenshot.
      pasteFiles(p.input(), [await pngFile('photo.png', 3 * 1024 * 1024)]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the photo attached');
      await askAndWaitForAnswer(first, 'What is in this photo?', 1);
      pasteFiles(p.input(), [await pngFile('small.png', 20 * 1024)]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the screenshot attached');
      await askAndWaitForAnswer(first, 'And in this screenshot?', 2);
      const saved = () => JSON.parse(sessionStorage.getItem('ask-chat:images') ?? '{"turns":[]}');
      await waitFor(() => saved().turns.at(-1)?.status === 'answered', 'the second answer saved');
      // The site writes its own 3 million characters beside the conversation (5 million fit).
      expect(() => sessionStorage.setItem('site-data', 'x'.repeat(3_000_000))).not.to.throw();
      sessionStorage.removeItem('site-data');
      first.remove();

      const again = await load();
      const q = parts(again);
      await waitFor(() => q.all('answer-body').length === 2, 'both answers restored');
      expect(q.questions().map((question) => question.querySelector('p')!.textContent)).to.deep.equal([
        'What is in this photo?',
        'And in this screenshot?',
      ]);
      expect(q.questions()[0]!.querySelectorAll('img'), 'the photo, not kept').to.have.length(0);
      expect(q.questions()[1]!.querySelectorAll('img'), 'the screenshot, kept').to.have.length(1);
      // Said, not left to be guessed from a question that reads as if it had none.
      expect(q.answers()[0]!.textContent).to.contain(imagesNotKept);
      expect(q.answers()[1]!.textContent).not.to.contain(imagesNotKept);
      sessionStorage.removeItem('ask-chat:images');
    });

    it('offers no Retry for a failed question restored without its images: it would ask another question', async () => {
      const client = failingOnce(new NetworkError());
      const load = () =>
        fixture<AskChat>(html`<ask-chat persist storage-key="lost-images" .client=${client}></ask-chat>`);
      const first = await load();
      const p = parts(first);
      await waitFor(() => p.one('header'), 'the chat behaviour');
      pasteFiles(p.input(), [await pngFile('photo.png', 3 * 1024 * 1024)]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the photo attached');
      await askAndWaitForAnswer(first, 'What is in this photo?', 1);
      expect(p.one('retry-button'), 'Retry, with the photo still here').to.exist;
      const saved = () => sessionStorage.getItem('ask-chat:lost-images') ?? '';
      await waitFor(() => saved().includes('"error"'), 'the failure saved');
      first.remove();

      const again = await load();
      const q = parts(again);
      await waitFor(() => q.questions().length === 1, 'the restored question');
      await again.updateComplete;
      expect(q.lastAnswer()!.textContent).to.contain(imagesNotKept);
      expect(q.one('retry-button'), 'a Retry that would send it without the photo').to.equal(null);
      expect(client.asks).to.have.length(1);
      await expect(again).to.be.accessible();
      sessionStorage.removeItem('ask-chat:lost-images');
    });

    it('tells the site in the console when the browser gives it no sessionStorage, and still answers', async () => {
      // As Chromium does in a sandboxed frame, or where the visitor blocked site data: the
      // property itself throws.
      const storage = Object.getOwnPropertyDescriptor(window, 'sessionStorage')!;
      Object.defineProperty(window, 'sessionStorage', {
        configurable: true,
        get() {
          throw new DOMException(
            "Failed to read the 'sessionStorage' property from 'Window': Access is denied for this document.",
            'SecurityError',
          );
        },
      });
      const warned: string[] = [];
      const consoleWarn = console.warn;
      console.warn = (...args: unknown[]) => warned.push(args.join(' '));
      try {
        const el = await fixture<AskChat>(
          html`<ask-chat
            persist
            storage-key="blocked"
            .client=${fakeClient(async () => answerRecord())}
          ></ask-chat>`,
        );
        await askAndWaitForAnswer(el, 'How do I install it?', 1);
        expect(parts(el).one('answer-body')).to.exist;
        await waitFor(() => warned.length > 0, 'a warning');
        expect(warned).to.have.length(1);
        expect(warned[0]).to.contain('<ask-chat persist>');
        expect(warned[0]).to.contain('SecurityError');
        expect(warned[0]).to.contain('will not survive a reload');
        // Said once, not at every answer.
        await askAndWaitForAnswer(el, 'And then?', 2);
        expect(warned).to.have.length(1);
      } finally {
        console.warn = consoleWarn;
        Object.defineProperty(window, 'sessionStorage', storage);
      }
      expect(() => sessionStorage.length).not.to.throw();
    });

    it('keeps the latest turns rather than an older copy when the site filled the storage', async () => {
      const client = fakeClient(async () => answerRecord());
      const load = () =>
        fixture<AskChat>(html`<ask-chat persist storage-key="full" .client=${client}></ask-chat>`);
      const first = await load();
      await askAndWaitForAnswer(first, 'How do I install it?', 1);
      const saved = () => sessionStorage.getItem('ask-chat:full') ?? '';
      await waitFor(() => saved().includes('"answered"'), 'the first answer saved');
      const oneTurn = saved().length;
      // The site's own data fills the storage but for room for the conversation and half a turn.
      // Chromium holds 5 MiB of characters per origin, keys and values.
      let used = 0;
      for (let i = 0; i < sessionStorage.length; i++) {
        const key = sessionStorage.key(i)!;
        used += key.length + sessionStorage.getItem(key)!.length;
      }
      const room = 5 * 1024 * 1024 - used - 'site-data'.length;
      sessionStorage.setItem('site-data', 'x'.repeat(room - Math.floor(oneTurn / 2)));
      expect(() => sessionStorage.setItem('site-data-2', 'x'.repeat(oneTurn)), 'storage full').to.throw();
      await askAndWaitForAnswer(first, 'How do I style it?', 2);
      await waitFor(() => !saved().includes('How do I install it?'), 'the latest turn saved alone');
      first.remove();
      sessionStorage.removeItem('site-data');

      const again = await load();
      await waitFor(() => parts(again).all('answer-body').length === 1, 'the restored answer');
      expect(
        parts(again)
          .questions()
          .map((question) => question.textContent!.trim()),
      ).to.deep.equal(['How do I style it?']);
      sessionStorage.removeItem('ask-chat:full');
    });

    it('keeps as many of the latest turns as fit when the site filled the storage, and tells the site owner', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await fixture<AskChat>(
        html`<ask-chat persist storage-key="filled" .client=${client}></ask-chat>`,
      );
      const saved = () => sessionStorage.getItem('ask-chat:filled') ?? '';
      const savedTurns = () => (JSON.parse(saved() || '{"turns":[]}') as { turns: unknown[] }).turns.length;
      // Questions of one length: every turn saves as many characters.
      const questions = 'ABCDEFGHIJ'.split('').map((letter) => `Question ${letter}?`);
      await askAndWaitForAnswer(el, questions[0]!, 1);
      await waitFor(() => saved().includes('"answered"'), 'the first answer saved');
      const one = saved().length;
      await askAndWaitForAnswer(el, questions[1]!, 2);
      await waitFor(() => savedTurns() === 2 && !saved().includes('"stopped"'), 'the second answer saved');
      const turn = saved().length - one;
      // The site's own data leaves room for four and a half turns. Chromium holds 5 MiB of
      // characters per origin, keys and values.
      let used = 0;
      for (let i = 0; i < sessionStorage.length; i++) {
        const key = sessionStorage.key(i)!;
        if (key !== 'ask-chat:filled') used += key.length + sessionStorage.getItem(key)!.length;
      }
      const room = one - turn + Math.floor(4.5 * turn);
      sessionStorage.setItem(
        'site-data',
        'x'.repeat(5 * 1024 * 1024 - used - 'site-data'.length - 'ask-chat:filled'.length - room),
      );
      const warned: string[] = [];
      const consoleWarn = console.warn;
      console.warn = (...args: unknown[]) => warned.push(args.join(' '));
      try {
        for (const [i, question] of questions.slice(2).entries()) {
          await ask(el, question);
          await answered(el, i + 3);
        }
        await waitFor(
          () => saved().includes('Question J') && !saved().includes('"stopped"'),
          'the last answer saved',
        );
        // Halving alone kept the latest 2 of 10, where 4 fit.
        expect(savedTurns(), 'the latest four').to.equal(4);
        expect(saved()).to.include('Question G?');
        expect(warned, 'said once, to the site owner').to.have.length(1);
        expect(warned[0]).to.contain('only the latest 4 of 5 questions will survive a reload');
      } finally {
        console.warn = consoleWarn;
        sessionStorage.removeItem('site-data');
        sessionStorage.removeItem('ask-chat:filled');
        el.remove();
      }
    });
  });

  describe('records the service sends oddly', () => {
    /** A real client over a fetch that answers every question with this body. */
    const answeringWith = (body: object) =>
      new RecordingClient(
        createClient({
          baseUrl: location.origin,
          apiKey: 'demo-key',
          fetch: async () =>
            new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
        }),
      );

    it('shows no confidence for a score that is not a number, after a reload too, and is unsure of it', async () => {
      const client = answeringWith({ ...answerRecord(), relevanceScore: 'high' });
      const first = await fixture<AskChat>(
        html`<ask-chat persist storage-key="odd" .client=${client}></ask-chat>`,
      );
      await askAndWaitForAnswer(first, 'How do I install it?', 1);
      expect(parts(first).one('source')!.textContent).to.contain('Install ask-elements');
      expect(parts(first).one('confidence')?.textContent ?? 'none').to.equal('none');
      first.remove();
      // A new page load reads the conversation back from sessionStorage, where NaN was kept as null.
      const again = await fixture<AskChat>(
        html`<ask-chat persist storage-key="odd" .client=${client}></ask-chat>`,
      );
      await waitFor(() => parts(again).one('source'), 'the restored answer');
      expect(parts(again).one('confidence')?.textContent ?? 'none').to.equal('none');
      // Under min-relevance, an unknown score is no surer than a low one, live or restored.
      again.minRelevance = 50;
      await again.updateComplete;
      expect(parts(again).one('notice')?.textContent ?? '').to.contain('not sure');
    });

    it('names no source when the record has neither a readable link nor title', async () => {
      const el = await chat(answeringWith({ ...answerRecord(), title: { text: 'x' }, link: ['/x'] }));
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      const source = parts(el).one('source')!.textContent!;
      expect(source).not.to.contain('Source');
      expect(source).to.contain('confidence');
    });
  });

  describe('size', () => {
    it('fills a height the page gives it, the composer at the bottom; grows with the conversation without one', async () => {
      const client = fakeClient(async () => answerRecord());
      const sized = await chat(client);
      sized.style.blockSize = '480px';
      sized.style.setProperty('--ask-chat-max-height', 'none');
      await waitFor(() => parts(sized).one('header'), 'the chat behaviour');
      const frame = parts(sized).one('base')!.getBoundingClientRect();
      const composer = parts(sized).one('form')!.getBoundingClientRect();
      expect(Math.round(frame.height)).to.equal(480);
      expect(frame.bottom - composer.bottom, 'the composer sits at the bottom of the frame').to.be.lessThan(
        20,
      );
      await askAndWaitForAnswer(sized, 'How do I change the colours?', 1);
      expect(Math.round(parts(sized).one('base')!.getBoundingClientRect().height)).to.equal(480);

      const free = await chat(fakeClient(async () => answerRecord()));
      await waitFor(() => parts(free).one('header'), 'the chat behaviour');
      const before = free.getBoundingClientRect().height;
      expect(before).to.be.lessThan(480);
      await askAndWaitForAnswer(free, 'How do I change the colours?', 1);
      expect(free.getBoundingClientRect().height).to.be.greaterThan(before);
    });

    it('contains the layout and paint of its transcript: a key typed in the composer does not repaint every answer', async () => {
      // Without containment each key typed (the text area sizes itself to its text) had the
      // browser walk the whole transcript again to repaint: slower as the conversation grew.
      const el = await chat(fakeClient(async () => answerRecord()));
      await askAndWaitForAnswer(el, 'How do I change the colours?', 1);
      const transcript = parts(el).one('transcript')!;
      expect(getComputedStyle(transcript).contain.split(' ')).to.include.members(['layout', 'paint']);
      // It still grows with the conversation and scrolls past its height.
      el.style.setProperty('--ask-chat-max-height', '10rem');
      const height = transcript.getBoundingClientRect().height;
      await askAndWaitForAnswer(el, 'And the dark scheme?', 2);
      expect(transcript.scrollHeight).to.be.greaterThan(transcript.clientHeight);
      expect(transcript.getBoundingClientRect().height).to.be.at.least(height);
    });

    it('keeps the composer on screen at the first question, when focusing and filling it caused no update', async () => {
      const answer = answerRecord({
        answer: Array.from({ length: 12 }, (_, i) => `Paragraph ${i}.`).join('\n\n'),
      });
      const el = await chat(fakeClient(async () => answer));
      el.style.setProperty('--ask-chat-max-height', 'none');
      await waitFor(() => parts(el).one('header'), 'the chat behaviour');
      // Without scroll anchoring, as in Safari on iOS: Chromium's would keep the composer in place.
      document.documentElement.style.overflowAnchor = 'none';
      const form = (): DOMRect => parts(el).one('form')!.getBoundingClientRect();
      // The page above the chat puts its composer at the bottom of the screen, more page below.
      const above = document.createElement('div');
      above.style.blockSize = `${innerHeight - 10 - form().bottom}px`;
      el.before(above);
      const below = document.createElement('div');
      below.style.blockSize = '200vh';
      el.after(below);
      try {
        expect(form().bottom).to.be.within(innerHeight - 20, innerHeight);
        // Tapped and filled at once (an autofill, a paste, a test driver): one input event, which
        // renders nothing, then Enter.
        const input = parts(el).input();
        input.focus();
        input.value = 'How do I change the colours?';
        input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
        await sendKeys({ press: 'Enter' });
        await answered(el, 1);
        expect(el.getBoundingClientRect().height, 'the chat grew').to.be.greaterThan(300);
        expect(form().bottom, 'the composer is still on screen').to.be.at.most(innerHeight + 1);
      } finally {
        document.documentElement.style.overflowAnchor = '';
        above.remove();
        below.remove();
        window.scrollTo(0, 0);
      }
    });

    it('keeps the composer on screen while the answer above it grows, as on a phone', async () => {
      const answer = answerRecord({
        answer: Array.from({ length: 12 }, (_, i) => `Paragraph ${i}.`).join('\n\n'),
      });
      const el = await chat(fakeClient(async () => answer));
      // A chat that grows with each answer, as with no height given on a long page.
      el.style.setProperty('--ask-chat-max-height', 'none');
      await waitFor(() => parts(el).one('header'), 'the chat behaviour');
      // The page scrolled so that the composer is the last thing on screen, with more page below.
      const spacer = document.createElement('div');
      spacer.style.blockSize = '200vh';
      el.after(spacer);
      const form = (): DOMRect => parts(el).one('form')!.getBoundingClientRect();
      window.scrollBy(0, form().bottom - innerHeight + 4);
      expect(form().bottom).to.be.at.most(innerHeight);
      try {
        await askAndWaitForAnswer(el, 'How do I change the colours?', 1);
        expect(el.getBoundingClientRect().height, 'the chat grew').to.be.greaterThan(300);
        expect(form().bottom, 'the composer is still on screen').to.be.at.most(innerHeight + 1);
        expect(form().top).to.be.at.least(0);
        // Part of it below the fold, the thumbnails of pasted images don't push it further.
        window.scrollBy(0, -10);
        pasteFiles(parts(el).input(), [await pngFile()]);
        await waitFor(() => parts(el).one('thumbnail'), 'the thumbnail');
        await el.updateComplete;
        expect(form().bottom, 'the composer with its thumbnail on screen').to.be.at.most(innerHeight + 1);
        // The visitor reading an answer, its Copy button focused: the page stays where they are.
        parts(el).one('copy-button')!.focus();
        const reading = window.scrollY;
        await el.askQuestion('And the dark theme?');
        await answered(el, 2);
        expect(window.scrollY).to.equal(reading);
        // Typing, then scrolled up the page to read it while the answer comes: left where they went.
        parts(el).input().focus({ preventScroll: true });
        window.scrollBy(0, -300);
        const away = window.scrollY;
        await el.askQuestion('And right-to-left pages?');
        await answered(el, 3);
        expect(window.scrollY).to.equal(away);
      } finally {
        spacer.remove();
        window.scrollTo(0, 0);
      }
    });
  });

  describe('sending', () => {
    it('sends with Enter, adds a line with Shift+Enter, and keeps focus in the input', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await chat(client);
      const p = parts(el);
      p.input().focus();
      await sendKeys({ type: 'first line' });
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Enter' });
      await sendKeys({ up: 'Shift' });
      await sendKeys({ type: 'second line' });
      expect(client.asks).to.have.length(0);
      expect(p.input().value).to.equal('first line\nsecond line');
      await sendKeys({ press: 'Enter' });
      await answered(el, 1);
      expect(client.asks[0]!.query).to.equal('first line\nsecond line');
      expect(p.input().value).to.equal('');
      expect(p.root.activeElement).to.equal(p.input());
      // The send button keeps focus in the input too (a click gives the button focus first).
      await sendKeys({ type: 'again' });
      p.one('send-button')!.focus();
      p.one('send-button')!.click();
      await answered(el, 2);
      expect(p.root.activeElement).to.equal(p.input());
    });

    it('sends the format, the page meta (its address without query or fragment), attributes and tags', async () => {
      const client = fakeClient(async () => answerRecord({ answer: '<p>An <b>html</b> answer</p>' }));
      document.title = 'Install guide';
      document.documentElement.lang = 'en-GB';
      const el = await chat(client, 'format=html include-tags=guides,api exclude-tags=internal');
      el.askAttributes = { plan: 'pro' };
      const address = location.href;
      history.replaceState(null, '', `${address.split('#')[0]}#access_token=secret`);
      await askAndWaitForAnswer(el, 'How?', 1).finally(() => history.replaceState(null, '', address));
      expect(client.asks[0]).to.deep.include({
        query: 'How?',
        format: 'html',
        conversationId: '',
        attributes: { plan: 'pro' },
        includeTags: ['guides', 'api'],
        excludeTags: ['internal'],
      });
      expect(client.asks[0]!.meta).to.deep.equal({
        title: 'Install guide',
        origin: location.origin + location.pathname, // no query (the test runner's session) or #access_token
        language: 'en-GB',
        ...(document.referrer ? { referrer: document.referrer.split(/[?#]/)[0] } : {}),
      });
      expect(parts(el).one('answer-body')!.querySelector('b')!.textContent).to.equal('html');
      el.meta = { title: 'Set by the site' };
      await askAndWaitForAnswer(el, 'And?', 2);
      expect(client.asks[1]!.meta).to.deep.equal({ title: 'Set by the site' });
    });

    it('shows a list quoted from the documents as a list, with its marks, in either format', async () => {
      for (const format of ['markdown', 'html']) {
        const el = await chat(new RecordingClient(serviceClient()), `format=${format}`);
        await askAndWaitForAnswer(el, 'What fields does ApiError have?', 1);
        const list = parts(el).one('answer-body')!.querySelector('ul')!;
        expect([...list.querySelectorAll('li')].map((item) => item.textContent!.split(':')[0])).to.deep.equal(
          ['status', 'code', 'message', 'field', 'body', 'retryAfter'],
        );
        // The chat's own lists have no marks; an answer's keep theirs.
        expect(getComputedStyle(list).listStyleType).to.equal('disc');
        expect(parseFloat(getComputedStyle(list).paddingInlineStart)).to.be.greaterThan(10);
      }
    });

    it('keeps a list within a list to the lines of its item, as the page draws one, each level marked apart', async () => {
      // The 1em between an answer's lists and its paragraphs went to a list within an item too:
      // the steps under "second item" stood a blank line away from it and from "third item".
      const { el, body } = await answerBodyOf(
        [
          'Steps:',
          '',
          '- first item',
          '- second item',
          '  1. nested one',
          '  - nested bullet',
          '- third item',
        ].join('\n'),
        'Which steps?',
      );
      const nested = [...body.querySelectorAll<HTMLElement>('li > :is(ul, ol)')];
      expect(nested.map((list) => list.tagName)).to.deep.equal(['OL', 'UL']);
      const [second, third] = [...body.querySelectorAll(':scope > ul > li')].slice(1);
      const lineHeight = parseFloat(getComputedStyle(second!).lineHeight);
      const ordered = nested[0]!.getBoundingClientRect();
      const secondTop = second!.getBoundingClientRect().top;
      expect(ordered.top - secondTop, 'the steps on the line after their item').to.be.closeTo(lineHeight, 1);
      expect(third!.getBoundingClientRect().top, 'the next item on the line after the steps').to.be.closeTo(
        nested[1]!.getBoundingClientRect().bottom,
        1,
      );
      // The top level keeps its room above and below, the page's own marks under it.
      expect(getComputedStyle(body.querySelector(':scope > ul')!).marginBlockStart).to.equal('16px');
      expect(getComputedStyle(nested[0]!).listStyleType).to.equal('decimal');
      expect(getComputedStyle(nested[1]!).listStyleType).to.equal('circle');
      await expect(el).to.be.accessible();
    });

    it('keeps a pasted question longer than the service takes, whole, and says how long it may be', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await chat(client);
      await waitFor(() => parts(el).one('header'), 'the chat behaviour');
      const p = parts(el);
      const log = `My build fails with this log: ${'Error: something at line 12 '.repeat(60)}why?`;
      p.input().focus();
      // As a paste types it: an input's maxlength would cut it here, without a word.
      document.execCommand('insertText', false, log);
      expect(p.input().value.length).to.equal(log.length);
      await sendKeys({ press: 'Enter' });
      await el.updateComplete;
      expect(client.asks).to.have.length(0);
      expect(p.input().value === log, 'the whole question, still in the input').to.equal(true);
      const said = `Your question is ${log.length} characters long, and 1000 is the most that can be sent: shorten it, then send it.`;
      expect(p.one('notice')!.textContent!.trim()).to.equal(said);
      expect(p.status()).to.equal(said);
      // A screen reader on the field hears it too, not only when it is announced.
      expect(await description('Your question')).to.equal(said);
      // Shortened, but not enough: the notice counts along.
      p.input().setSelectionRange(0, 100);
      document.execCommand('delete');
      await el.updateComplete;
      expect(p.one('notice')!.textContent!.trim()).to.equal(
        said.replace(String(log.length), String(log.length - 100)),
      );
      // Shortened to fit, the notice goes, and the question is sent.
      p.input().select();
      document.execCommand('insertText', false, log.slice(-600));
      await el.updateComplete;
      expect(p.one('notice')!.hidden).to.equal(true);
      await sendKeys({ press: 'Enter' });
      await answered(el, 1);
      expect(client.asks.map((a) => a.query)).to.deep.equal([log.slice(-600)]);
    });

    it('reads two notices under the input apart in its description, as they are drawn', async () => {
      const el = await chat(fakeClient(async () => answerRecord()));
      await waitFor(() => parts(el).one('header'), 'the chat behaviour');
      const p = parts(el);
      pasteFiles(p.input(), [new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
      await waitFor(() => p.one('notice')?.textContent?.includes('notes.txt'), 'the attachment notice');
      p.input().focus();
      document.execCommand('insertText', false, 'Why? '.repeat(250));
      await sendKeys({ press: 'Enter' });
      await waitFor(() => p.one('notice')?.textContent?.includes('characters long'), 'the length notice');
      const shown = p.one('notice')!.textContent!.replace(/\s+/g, ' ').trim();
      expect(shown).to.match(/was not attached\. Your question is 1249 characters long/);
      // The space between them was a lone one between two of lit's markers, which Chromium left
      // out: a screen reader said "was not attached.Your question is…".
      expect(await description('Your question')).to.equal(shown);
    });

    it('does not search the transcript at each key typed, however long the conversation', async () => {
      const long = Array.from({ length: 40 }, (_, i) => `- item ${i} with \`code\``).join('\n');
      const el = await chat(fakeClient(async () => answerRecord({ answer: long })));
      for (let i = 1; i <= 3; i++) {
        await ask(el, `Question ${i}?`);
        await answered(el, i);
      }
      // Counted, not timed: a query of the shadow root goes through every node of the answers
      // before the composer, and the input listener made one at each key.
      const root = el.shadowRoot!;
      const input = parts(el).input();
      let queries = 0;
      const count =
        <F extends (...args: never[]) => unknown>(query: F) =>
        (...args: Parameters<F>) => {
          queries++;
          return query.apply(root, args) as ReturnType<F>;
        };
      root.querySelector = count(root.querySelector);
      root.querySelectorAll = count(root.querySelectorAll);
      try {
        input.focus();
        await sendKeys({ type: 'and the chat?' });
        await el.updateComplete;
        expect(input.value).to.equal('and the chat?');
        expect(queries).to.equal(0);
      } finally {
        delete (root as unknown as Record<string, unknown>).querySelector;
        delete (root as unknown as Record<string, unknown>).querySelectorAll;
      }
    });

    it('keeps a question asked in code that is longer than the service takes, as a typed one', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await chat(client);
      await waitFor(() => parts(el).one('header'), 'the chat behaviour');
      const p = parts(el);
      const long = `Summarise this page: ${'A sentence of the page. '.repeat(60)}`;
      // A site's "Ask about this page" button: the service would refuse it, and Retry with it.
      expect(await el.askQuestion(long)).to.equal(undefined);
      await el.updateComplete;
      expect(client.asks).to.have.length(0);
      expect(p.lastAnswer(), 'no turn that could never be answered').to.equal(undefined);
      expect(p.input().value === long, 'the question, in the input to shorten').to.equal(true);
      const said = `Your question is ${long.trim().length} characters long, and 1000 is the most that can be sent: shorten it, then send it.`;
      expect(p.one('notice')!.textContent!.trim()).to.equal(said);
      expect(p.status()).to.equal(said);
      // A screen reader on the field hears it too, not only when it is announced.
      expect(await description('Your question')).to.equal(said);
    });

    it('asks through askQuestion right after the element upgrades, with tags for that question', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = document.createElement('ask-chat');
      el.client = client;
      document.body.append(el);
      const record = await el.askQuestion('Ask AI about install', { includeTags: ['guides'] });
      expect(record?.insightId).to.match(/^insight-/);
      expect(client.asks[0]).to.deep.include({ query: 'Ask AI about install', includeTags: ['guides'] });
      await el.updateComplete;
      expect(parts(el).questions()[0]!.textContent!.trim()).to.equal('Ask AI about install');
      el.remove();
    });

    it('lets a listener cancel a question, keeping what was typed', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await chat(client);
      el.addEventListener('ask-question', (e) => e.preventDefault());
      await ask(el, 'Not now');
      expect(client.asks).to.have.length(0);
      expect(parts(el).input().value).to.equal('Not now');
    });

    it('sends a suggestion when it is clicked', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await chat(client);
      el.suggestions = ['How do I install it?'];
      await el.updateComplete;
      parts(el).one('suggestion')!.click();
      await answered(el, 1);
      expect(client.asks[0]!.query).to.equal('How do I install it?');
      expect(parts(el).one('empty')!.hidden).to.equal(true);
    });

    it('offers no suggestions for an attribute that is not a JSON array, says why in the console, and still answers', async () => {
      const warnings: string[] = [];
      const warn = console.warn;
      console.warn = (message: string) => warnings.push(message);
      try {
        const el = await fixture<AskChat>(
          html`<ask-chat
            .client=${fakeClient(async () => answerRecord())}
            suggestions="How do I start?"
          ></ask-chat>`,
        );
        await waitFor(() => parts(el).one('header'), 'the chat behaviour');
        expect(parts(el).one('suggestions')).to.equal(null);
        expect(warnings.filter((w) => w.includes('suggestions must be a JSON array')).length).to.equal(1);
        expect(warnings[0]).to.contain('How do I start?');
        await askAndWaitForAnswer(el, 'How do I install it?', 1);
        el.setAttribute('suggestions', '"one question"');
        await el.updateComplete;
        expect(parts(el).one('suggestions')).to.equal(null);
        el.setAttribute('suggestions', '["How do I start?"]');
        await el.updateComplete;
        expect(parts(el).one('suggestion')!.textContent!.trim()).to.equal('How do I start?');
        expect(warnings.length).to.equal(2);
      } finally {
        console.warn = warn;
      }
    });

    it('takes suggestions bound to null or undefined, as a framework binds a prop it lacks, as none, without a warning', async () => {
      const warnings: string[] = [];
      const warn = console.warn;
      console.warn = (message: string) => warnings.push(message);
      try {
        const el = await chat(fakeClient(async () => answerRecord()));
        el.suggestions = null as unknown as string[];
        await el.updateComplete;
        await askAndWaitForAnswer(el, 'How do I install it?', 1);
        el.suggestions = undefined as unknown as string[];
        await el.updateComplete;
        expect(parts(el).one('suggestions')).to.equal(null);
        expect(warnings.filter((w) => w.includes('suggestions'))).to.deep.equal([]);
      } finally {
        console.warn = warn;
      }
    });

    it('moves the focus to the input when a suggestion chosen with the keyboard goes away', async () => {
      const el = await chat(fakeClient(async () => answerRecord()));
      el.suggestions = ['How do I install it?'];
      await el.updateComplete;
      parts(el).one('suggestion')!.focus();
      await sendKeys({ press: 'Enter' });
      await answered(el, 1);
      expect(parts(el).one('empty')!.hidden).to.equal(true);
      expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.equal('input');
    });
  });

  describe('answers', () => {
    it('brings a follow-up question to the top of the transcript, and keeps the place when rating', async () => {
      const long = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of a long answer.`).join('\n\n');
      const el = await chat(fakeClient(async () => answerRecord({ answer: long })));
      el.style.setProperty('--ask-chat-max-height', '16rem');
      await askAndWaitForAnswer(el, 'First question?', 1);
      await askAndWaitForAnswer(el, 'And a follow-up?', 2);
      const transcript = parts(el).one('transcript')!;
      const followUp = parts(el).questions()[1]!;
      const offset = () => followUp.getBoundingClientRect().top - transcript.getBoundingClientRect().top;
      expect(transcript.scrollTop).to.be.greaterThan(0);
      expect(offset()).to.be.within(0, 16);
      // Scrolled back to the first answer's thumbs, the visitor rates it: the transcript stays put.
      const firstFeedback = parts(el).all('feedback')[0]!;
      transcript.scrollTop = 0;
      transcript.scrollTop =
        firstFeedback.getBoundingClientRect().bottom - transcript.getBoundingClientRect().bottom + 8;
      const place = transcript.scrollTop;
      expect(place).to.be.greaterThan(0);
      const rated = new Promise((resolve) => el.addEventListener('ask-feedback', resolve, { once: true }));
      firstFeedback.shadowRoot!.querySelector<HTMLElement>('[part~="up-button"]')!.click();
      await rated;
      await el.updateComplete;
      expect(transcript.scrollTop).to.equal(place);
    });

    it('leaves a visitor who scrolled up to read an older answer there when the next answer comes', async () => {
      const { el, held, transcript, offsetOfLatestQuestion } = await heldChatWithTwoAnswers();

      await ask(el, 'Held: a third question?');
      await waitFor(() => held.size === 1, 'the third question asked');
      expect(transcript.scrollTop).to.be.greaterThan(100);
      // While its answer is on its way, the visitor scrolls back up to read the first answer.
      transcript.scrollTop = 40;
      held.get('Held: a third question?')!();
      await answered(el, 3);
      await waitFor(() => parts(el).all('answer-body').length === 3, 'the third answer drawn');
      await el.updateComplete;
      expect(transcript.scrollTop, 'still reading the first answer').to.equal(40);
      expect(parts(el).status()).to.equal('Answer ready.');

      // A visitor who stays where the chat put them has the answer under its question, at the top.
      await ask(el, 'Held: a fourth question?');
      await waitFor(() => held.size === 2, 'the fourth question asked');
      held.get('Held: a fourth question?')!();
      await answered(el, 4);
      await waitFor(() => parts(el).all('answer-body').length === 4, 'the fourth answer drawn');
      await el.updateComplete;
      expect(offsetOfLatestQuestion()).to.be.within(0, 16);
    });

    it('shows an answer that came while the chat was hidden (a panel closed) under its question when it shows again, with no "New answer" button', async () => {
      const { el, held, transcript, offsetOfLatestQuestion } = await heldChatWithTwoAnswers();

      await ask(el, 'Held: a third question?');
      await waitFor(() => held.size === 1, 'the third question asked');
      el.style.display = 'none';
      held.get('Held: a third question?')!();
      await answered(el, 3);
      await waitFor(() => parts(el).all('answer-body').length === 3, 'the third answer drawn');
      await el.updateComplete;
      el.style.display = '';
      await waitFor(
        () => transcript.clientHeight > 0 && offsetOfLatestQuestion() < 16,
        'the question at the top',
      );
      await el.updateComplete;
      expect(offsetOfLatestQuestion()).to.be.within(0, 16);
      expect(parts(el).one('new-answer-button') === null, 'no "New answer" button').to.equal(true);
    });

    it('shows a visitor who scrolled up a "New answer" button that takes them and the focus to it, and goes once they scroll down to it', async () => {
      const { el, held } = await heldChat();
      await askAndWaitForAnswer(el, 'First question?', 1);
      const transcript = parts(el).one('transcript')!;
      const cue = () => parts(el).one('new-answer-button');
      const offsetOfLatestAnswer = () =>
        parts(el).lastAnswer()!.getBoundingClientRect().top - transcript.getBoundingClientRect().top;

      await answeredWhileReadingAbove(el, held, 'Held: a second question?', 2);
      expect(transcript.scrollTop, 'still reading the first answer').to.equal(40);
      expect(cue()?.textContent!.trim()).to.equal('New answer');
      // At the bottom edge of the transcript, in view, over the text: the answers did not move.
      const edge = transcript.getBoundingClientRect();
      const button = cue()!.getBoundingClientRect();
      expect(button.bottom).to.be.within(edge.bottom - 24, edge.bottom);
      expect(button.top).to.be.greaterThan(edge.top);
      expect(transcript.scrollTop).to.equal(40);
      // Said once, by the status line, as before: the button adds nothing to hear.
      expect(parts(el).status()).to.equal('Answer ready.');
      await expect(el).to.be.accessible();
      // The keyboard reaches it from the input, backwards, before anything else of the transcript.
      parts(el).input().focus();
      await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ up: 'Shift' });
      expect(el.shadowRoot!.activeElement).to.equal(cue());

      // Pressed (without motion, as a visitor may ask): the answer comes to the top, with the focus.
      await emulateMedia({ reducedMotion: 'reduce' });
      try {
        await sendKeys({ press: 'Enter' });
        await el.updateComplete;
        expect(offsetOfLatestAnswer(), 'the answer at the top').to.be.within(0, 16);
        expect(cue(), 'the button gone').to.equal(null);
        expect(el.shadowRoot!.activeElement, 'the focus on the answer').to.equal(parts(el).lastAnswer());
        expect(parts(el).status()).to.equal('Answer ready.');
        // Tab goes on into the answer; the answer is focusable no more (a click in it focuses nothing).
        await sendKeys({ press: 'Tab' });
        expect(parts(el).lastAnswer()!.contains(el.shadowRoot!.activeElement)).to.equal(true);
        expect(parts(el).lastAnswer()!.hasAttribute('tabindex')).to.equal(false);
      } finally {
        await emulateMedia({ reducedMotion: 'no-preference' });
      }

      // Scrolled down by the visitor until the answer's start shows: the button goes by itself.
      await answeredWhileReadingAbove(el, held, 'Held: a third question?', 3);
      expect(cue()).not.to.equal(null);
      const scrolled = () =>
        new Promise((resolve) => transcript.addEventListener('scroll', resolve, { once: true }));
      transcript.scrollTop = 200;
      await scrolled();
      await el.updateComplete;
      expect(offsetOfLatestAnswer(), 'the answer still out of sight').to.be.greaterThan(
        transcript.clientHeight,
      );
      expect(cue(), 'kept while the answer is out of sight').not.to.equal(null);
      transcript.scrollTop += offsetOfLatestAnswer() - transcript.clientHeight / 2;
      await scrolled();
      await el.updateComplete;
      expect(cue(), 'gone once the answer shows').to.equal(null);

      // A visitor who stays where the chat put them has the answer at the top, and no button.
      await ask(el, 'Held: a fourth question?');
      await waitFor(() => held.has('Held: a fourth question?'), 'the fourth question asked');
      held.get('Held: a fourth question?')!();
      await answered(el, 4);
      await waitFor(() => parts(el).all('answer-body').length === 4, 'the fourth answer drawn');
      await el.updateComplete;
      expect(cue()).to.equal(null);
    });

    it('takes the "New answer" button away when the visitor asks again, starts a new conversation, or stops', async () => {
      const { el, held } = await heldChat();
      // Whether the button shows (a boolean: an element in a failed assertion is slow to print).
      const cue = () => parts(el).one('new-answer-button') !== null;
      await askAndWaitForAnswer(el, 'First question?', 1);
      await answeredWhileReadingAbove(el, held, 'Held: a second question?', 2);
      expect(cue(), 'offered').to.equal(true);

      // Another question asked while it shows: it goes, and does not come back with that answer,
      // which comes under its question at the top, where the chat put it.
      await ask(el, 'Held: a third question?');
      await waitFor(() => held.has('Held: a third question?'), 'the third question asked');
      expect(cue(), 'gone as the next question is asked').to.equal(false);
      held.get('Held: a third question?')!();
      await answered(el, 3);
      await waitFor(() => parts(el).all('answer-body').length === 3, 'the third answer drawn');
      await el.updateComplete;
      expect(cue(), 'not offered for an answer in view').to.equal(false);

      // "New conversation" while it shows: gone, and not back with the next answer.
      await answeredWhileReadingAbove(el, held, 'Held: a fourth question?', 4);
      expect(cue(), 'offered again').to.equal(true);
      parts(el).one('new-conversation-button')!.click();
      await el.updateComplete;
      expect(cue(), 'gone with the conversation').to.equal(false);
      await askAndWaitForAnswer(el, 'A fresh question?', 1);
      expect(cue(), 'not offered in the new conversation').to.equal(false);

      // Stopped while the visitor reads above: no answer came, and no button.
      await ask(el, 'Held: a stopped question?');
      await waitFor(() => held.has('Held: a stopped question?'), 'the question asked');
      parts(el).one('transcript')!.scrollTop = 40;
      parts(el).one('stop-button')!.click();
      await waitFor(() => parts(el).lastAnswer()!.getAttribute('aria-busy') === 'false', 'stopped');
      await el.updateComplete;
      expect(parts(el).lastAnswer()!.textContent).to.contain('Stopped before the answer arrived.');
      expect(cue(), 'none after Stop').to.equal(false);
    });

    it('takes the "New answer" button away when the chat grows until the answer shows (a panel enlarged, a phone turned)', async () => {
      const { el, held } = await heldChat();
      await askAndWaitForAnswer(el, 'First question?', 1);
      const transcript = parts(el).one('transcript')!;
      const offsetOf = (element: Element) =>
        element.getBoundingClientRect().top - transcript.getBoundingClientRect().top;
      await ask(el, 'Held: a second question?');
      await waitFor(() => held.has('Held: a second question?'), 'the second question asked');
      // The visitor scrolls up a little: "Thinking…", where the answer comes, just out of sight below.
      transcript.scrollTop += offsetOf(parts(el).lastAnswer()!) - transcript.clientHeight - 40;
      await new Promise((resolve) => transcript.addEventListener('scroll', resolve, { once: true }));
      const place = transcript.scrollTop;
      held.get('Held: a second question?')!();
      await answered(el, 2);
      await waitFor(() => parts(el).all('answer-body').length === 2, 'the answer drawn');
      await el.updateComplete;
      expect(parts(el).one('new-answer-button') !== null, 'offered').to.equal(true);

      // The transcript grows by 8rem: the answer's start shows, where the visitor still reads.
      el.style.setProperty('--ask-chat-max-height', '24rem');
      await waitFor(
        () => offsetOf(parts(el).lastAnswer()!) < transcript.clientHeight - 64,
        'the answer in view',
      );
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await el.updateComplete;
      expect(transcript.scrollTop, 'the visitor left where they read').to.equal(place);
      expect(parts(el).one('new-answer-button') === null, 'gone with the answer in view').to.equal(true);
    });

    it('keeps the place of a visitor reading an older answer when the chat changes size (a phone turned)', async () => {
      const long = Array.from(
        { length: 12 },
        (_, i) => `Paragraph ${i + 1} of a long answer, long enough to wrap.`,
      );
      const el = await chat(fakeClient(async () => answerRecord({ answer: long.join('\n\n') })));
      el.style.cssText = 'display: block; inline-size: 36rem; --ask-chat-max-height: 20rem';
      for (const [i, question] of ['First question?', 'And a follow-up?', 'A third?'].entries())
        await askAndWaitForAnswer(el, question, i + 1);
      const transcript = parts(el).one('transcript')!;
      // Size changes are seen (ResizeObserver) before the next frame is drawn.
      const nextFrames = () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      // The visitor scrolls up to read the sixth paragraph of the second answer.
      const paragraph = Array.from(parts(el).all('answer-body')[1]!.querySelectorAll('p'))[5]!;
      const offset = () => paragraph.getBoundingClientRect().top - transcript.getBoundingClientRect().top;
      transcript.scrollTop += offset() - 20;
      await new Promise((resolve) => transcript.addEventListener('scroll', resolve, { once: true }));
      expect(offset()).to.be.within(19, 21);
      // Turned to portrait: narrower, and shorter for the transcript.
      el.style.cssText = 'display: block; inline-size: 20rem; --ask-chat-max-height: 12rem';
      await nextFrames();
      expect(offset(), 'the paragraph read, where it was').to.be.within(18, 22);
      // And back.
      el.style.cssText = 'display: block; inline-size: 36rem; --ask-chat-max-height: 20rem';
      await nextFrames();
      expect(offset()).to.be.within(18, 22);
    });

    it('lets the keyboard alone scroll a long answer with nothing to focus in it: Tab reaches the transcript', async () => {
      const long = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of a long answer.`).join('\n\n');
      const el = await chat(fakeClient(async () => answerRecord({ answer: long })));
      el.style.setProperty('--ask-chat-max-height', '16rem');
      // Before the first question there is nothing to scroll: Tab goes from the page to the input.
      expect(parts(el).one('transcript')!.tabIndex).to.equal(-1);
      await askAndWaitForAnswer(el, 'Tell me everything?', 1);
      const transcript = parts(el).one('transcript')!;
      const top = transcript.scrollTop;
      // From "New conversation", the next Tab stop is the transcript itself, with a focus ring.
      parts(el).one('new-conversation-button')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(el.shadowRoot!.activeElement?.getAttribute('part')).to.equal('transcript');
      expect(getComputedStyle(transcript).outlineStyle).to.equal('solid');
      // The middle of the answer, between its first lines and its Copy button, comes into view.
      await sendKeys({ press: 'PageDown' });
      await waitFor(() => transcript.scrollTop > top, 'the transcript to scroll');
    });

    it('keeps the question just asked on screen when zoomed in (a short window)', async () => {
      const long = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of a long answer.`).join('\n\n');
      await setViewport({ width: 640, height: 400 });
      try {
        const el = await chat(fakeClient(async () => answerRecord({ answer: long })));
        await askAndWaitForAnswer(el, 'How do I theme the chat?', 1);
        const transcript = parts(el).one('transcript')!;
        // At most the window less 10rem, for the composer under it (and its 4px of padding): not its 32rem.
        expect(transcript.getBoundingClientRect().height).to.be.at.most(400 - 160 + 8 + 1);
        const question = parts(el).questions()[0]!.getBoundingClientRect();
        expect(question.top, 'the question on screen').to.be.within(0, 400);
        const composer = parts(el).one('input')!.getBoundingClientRect();
        expect(composer.bottom, 'the composer on screen').to.be.at.most(400 + 1);
      } finally {
        await setViewport({ width: 800, height: 600 });
      }
    });

    it('keeps the question just asked and the composer on screen on a page zoomed in CSS (`body { zoom: 2 }`)', async () => {
      // Under CSS zoom, viewport units are zoomed too: the cap of "the window less 10em" was twice
      // the window, and the transcript grew to its 32em, the composer below the bottom of the screen.
      const long = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of a long answer.`).join('\n\n');
      await setViewport({ width: 1280, height: 800 });
      document.body.style.zoom = '2';
      try {
        const el = await chat(fakeClient(async () => answerRecord({ answer: long })));
        await askAndWaitForAnswer(el, 'How do I theme the chat?', 1);
        await new Promise(requestAnimationFrame);
        const transcript = parts(el).one('transcript')!;
        // In the window's pixels: (400 − 160 + 8) × 2, the 640 × 400 window of the test above, zoomed.
        expect(transcript.getBoundingClientRect().height).to.be.at.most((400 - 160 + 8) * 2 + 2);
        const question = parts(el).questions()[0]!.getBoundingClientRect();
        expect(question.top, 'the question on screen').to.be.within(0, 800);
        const composer = parts(el).one('input')!.getBoundingClientRect();
        expect(composer.bottom, 'the composer on screen').to.be.at.most(800 + 1);
      } finally {
        document.body.style.zoom = '';
        await setViewport({ width: 800, height: 600 });
      }
    });

    it('shows the source with its description, asset type and a confidence cue, and reports clicks', async () => {
      const { el, clicks, p } = await answeredWithClicks(answerRecord({ relevanceScore: 35.4 }));
      expect(p.one('source-description')!.textContent).to.equal(
        'Install the elements with npm or a script tag.',
      );
      // The asset type by its label, as the search box shows it; a site's label replaces it.
      expect(p.one('asset-type')!.textContent).to.equal('Page');
      expect(p.one('confidence')!.textContent).to.equal('Low confidence (35%)');
      expect(p.one('confidence')!.dataset.level).to.equal('low');
      p.one('source-link')!.click();
      expect(clicks).to.deep.equal(['/guides/install']);
      el.strings = { assetTypes: { webpage: 'Page web' } };
      await el.updateComplete;
      expect(p.one('asset-type')!.textContent).to.equal('Page web');
      // Naming one label keeps the others' defaults.
      el.strings = { assetTypes: { pdf: 'Document PDF' } };
      await el.updateComplete;
      expect(p.one('asset-type')!.textContent).to.equal('Page');
      // Spaces and line breaks of the template as one space; a no-break space as written.
      const label = () =>
        p
          .one('source')!
          .textContent!.replace(/[ \t\n]+/g, ' ')
          .trim();
      expect(label()).to.match(/^Source: Install ask-elements/);
      // A translation that writes its own colon, as French typography does (a no-break space
      // before it), is shown as written, with no second colon.
      el.strings = { source: 'Source\u00a0:' };
      await el.updateComplete;
      expect(label()).to.match(/^Source\u00a0: Install ask-elements/);
    });

    it('keeps "Source:" on the line of its page\'s title in a chat as narrow as a phone\'s', async () => {
      const { el, p } = await answeredWithClicks(
        answerRecord({
          title: 'Quick start: add a search box and a chat to your site, over your own documents',
        }),
      );
      el.style.inlineSize = '20rem';
      await el.updateComplete;
      const label = p.one('source')!.querySelector('.source-label')!.getBoundingClientRect();
      const titleFirstLine = p.one('source-link')!.getClientRects()[0]!;
      expect(titleFirstLine.top, "the title begins on the label's line").to.be.closeTo(label.top, 2);
      expect(titleFirstLine.left).to.be.above(label.right);
    });

    it('keeps a flag\'s "--" with its name in inline code on a narrow chat, and still wraps code longer than a line', async () => {
      const flags = ['--site-url', '--max-old-space-size=4096'];
      const long = '--a-flag-name-much-too-long-for-any-line-of-a-chat-as-narrow-as-a-phone';
      const { el, body } = await answerBodyOf(
        `Start it with \`${flags[0]}\` set, and give Node \`${flags[1]}\` when the index is large; \`${long}\` is refused.`,
        'How do I start it?',
      );
      const codes = Array.from(body.querySelectorAll('code'));
      // Every width from a phone's chat to a wider one, so that some line ends in each code.
      await atEachWidth(el, 12, 24, 0.25, (rem) => {
        for (const code of codes) {
          const top = (index: number) => lineTopOfCharacter(code, index);
          expect(top(2), `${code.textContent} at ${rem}rem: "--" and its name on one line`).to.be.closeTo(
            top(0),
            1,
          );
          expect(
            code.getBoundingClientRect().right,
            `${code.textContent} at ${rem}rem: within the answer`,
          ).to.be.at.most(body.getBoundingClientRect().right + 1);
        }
      });
    });

    it('keeps a short inline code whole on one line at any width (a property, a flag), as the punctuation a longer one opens with', async () => {
      // A line broke at the code's hyphen: "color-" at a line's end, "scheme" under it.
      const { el, body } = await answerBodyOf(
        'The chat follows the page: set `color-scheme` on the root, or give the service `--site-url` and `--keep-days` at start.',
        'Dark mode?',
      );
      const codes = Array.from(body.querySelectorAll('code'));
      expect(codes.map((code) => code.textContent)).to.deep.equal([
        'color-scheme',
        '--site-url',
        '--keep-days',
      ]);
      await atEachWidth(el, 12, 24, 0.25, (rem) => {
        for (const code of codes) {
          const last = code.textContent!.length - 1;
          expect(
            lineTopOfCharacter(code, last),
            `${code.textContent} at ${rem}rem: on one line`,
          ).to.be.closeTo(lineTopOfCharacter(code, 0), 1);
        }
      });
    });

    it('keeps the brackets and punctuation around inline code on its lines, as around any word', async () => {
      // As a box of its own, inline code was split from them: a line ended "for all (", the next
      // began "trustProxy).".
      const { el, body } = await answerBodyOf(
        'Behind a proxy, set the address header for all (`trustProxy`). The path (`/docs/acme/`), declares where links point; `--site-url`, too.',
        'Behind a proxy?',
      );
      const text = body.textContent!;
      const codes = Array.from(body.querySelectorAll('code'));
      await atEachWidth(el, 12, 24, 0.25, (rem) => {
        for (const code of codes) {
          const length = code.textContent!.length;
          const start = text.indexOf(code.textContent!);
          const before = lineTopOfCharacter(body, start - 1);
          const after = lineTopOfCharacter(body, start + length);
          // A space before it may end a line; a bracket may not.
          if (text[start - 1] !== ' ')
            expect(lineTopOfCharacter(code, 0), `before ${code.textContent} at ${rem}rem`).to.be.closeTo(
              before,
              1,
            );
          expect(
            lineTopOfCharacter(code, length - 1),
            `after ${code.textContent} at ${rem}rem`,
          ).to.be.closeTo(after, 1);
        }
      });
    });

    it("keeps each code of a table's cell on one line at any width, the table scrolling sideways when too wide", async () => {
      // The CLI's flag table as the service answers "what port does the server listen on".
      const meaning =
        'The port the server listens on: change it with `--port 3000` or `PORT=3000`. `0` picks a free port.';
      const { el, body } = await answerBodyOf(
        `| Flag | Default | Meaning |\n| --- | --- | --- |\n| \`--port N\` | \`$PORT\`, else \`8787\` | ${meaning} |`,
        'What port does the server listen on?',
      );
      const table = body.querySelector('table')!;
      const codes = Array.from(table.querySelectorAll('code'));
      expect(codes.map((code) => code.textContent)).to.include('--port N');
      await atEachWidth(el, 12, 48, 2, (rem) => {
        for (const code of codes) {
          // The text's own line boxes: an inline-block's box is one rectangle however its text wraps.
          const text = code.firstChild!;
          const range = document.createRange();
          range.selectNodeContents(text);
          const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
          expect(lines.size, `${code.textContent} at ${rem}rem: on one line`).to.equal(1);
        }
        // What the answer cannot hold scrolls inside the table, never past the answer.
        expect(table.getBoundingClientRect().right, `the table at ${rem}rem`).to.be.at.most(
          body.getBoundingClientRect().right + 1,
        );
      });
      el.style.inlineSize = '12rem';
      await el.updateComplete;
      expect(table.scrollWidth, 'a phone-wide chat scrolls the table').to.be.greaterThan(table.clientWidth);
    });

    it('shades the edge of a code block past which its lines scroll, and only that edge', async () => {
      // An nginx server block on a phone: its long lines were cut at the block's edge, nothing
      // there to say that more was to be scrolled to. A blank line between two long ones gives
      // a row with no text on it to read the edges' colours from.
      const long = `ssl_certificate_key /etc/letsencrypt/live/bot.example.com/privkey.pem;`;
      const el = await chat(
        fakeClient(async () =>
          answerRecord({ answer: `A server block:\n\n\`\`\`nginx\n${long}\n\n${long}\n\`\`\`` }),
        ),
      );
      el.style.inlineSize = '20rem';
      await askAndWaitForAnswer(el, 'How do I run it behind nginx?', 1);
      const pre = parts(el).lastAnswer()!.querySelector('pre')!;
      expect(pre.scrollWidth).to.be.greaterThan(pre.clientWidth);
      pre.scrollIntoView({ block: 'center' });
      const text = pre.querySelector('code')!.firstChild!;
      const lineOf = (at: number) => {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        return range.getBoundingClientRect();
      };
      const blankRow = (lineOf(0).bottom + lineOf(long.length + 2).top) / 2;
      const darkness = ([red, green, blue]: number[]) => 765 - red! - green! - blue!;
      // How much darker each edge is drawn than the middle of the block, inside its 1px border.
      const edges = async () => {
        const box = pre.getBoundingClientRect();
        const row = await drawnRow(blankRow, box.left, box.right);
        const middle = darkness(row[Math.floor(row.length / 2)]!);
        return { start: darkness(row[2]!) - middle, end: darkness(row.at(-3)!) - middle };
      };
      const atStart = await edges();
      expect(atStart.end, 'a shadow at the end, where more is to be scrolled to').to.be.above(30);
      expect(atStart.start, 'none at the start').to.be.below(5);
      pre.scrollLeft = pre.scrollWidth;
      const atEnd = await edges();
      expect(atEnd.start, 'scrolled to its end: a shadow at the start').to.be.above(30);
      expect(atEnd.end, 'and none at the end').to.be.below(5);
    });

    it("leaves out the source's description when the answer says it word for word, in either format", async () => {
      // The Hono docs' middleware page has no description of its own: the service describes it by
      // its opening, which the answer to "why is my middleware not running after the handler"
      // quotes. The chat showed the same three sentences twice, one under the other.
      const description =
        'We call the primitive that returns Response as "Handler". "Middleware" is executed before and after the Handler and handles the Request and Response. It\'s like an onion structure.';
      const answers = {
        markdown:
          'We call the primitive that returns `Response` as "Handler". "Middleware" is executed before and after the Handler and handles the `Request` and `Response`. It\'s like an onion structure.\n\n```ts\napp.use(logger())\n```',
        html: '<p>We call the primitive that returns <code>Response</code> as &quot;Handler&quot;. &quot;Middleware&quot; is executed before and after the Handler and handles the <code>Request</code> and <code>Response</code>. It&#39;s like an onion structure.</p>\n<pre><code class="language-ts">app.use(logger())</code></pre>',
      };
      for (const format of ['markdown', 'html'] as const) {
        const el = await chat(fakeClient(async () => answerRecord({ answer: answers[format], description })));
        el.format = format;
        await askAndWaitForAnswer(el, 'why is my middleware not running after the handler', 1);
        const p = parts(el);
        expect(p.one('source-description')?.textContent, format).to.equal(undefined);
        expect(p.one('source-link')!.textContent).to.equal('Install ask-elements');
      }
      // A description that says what the answer doesn't is shown.
      const { p } = await answeredWithClicks(
        answerRecord({ answer: "It's like an onion structure.", description }),
      );
      expect(p.one('source-description')!.textContent).to.equal(description);
    });

    it('says whether a source was clicked for a new tab, so that a router leaves those to the link', async () => {
      const { clicks, newTabs, p } = await answeredWithClicks(answerRecord({ link: '/guides/install' }));
      const link = p.one('source-link')!;
      link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
      link.dispatchEvent(
        new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, ctrlKey: true }),
      );
      link.dispatchEvent(
        new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, metaKey: true }),
      );
      expect(clicks).to.deep.equal(['/guides/install', '/guides/install', '/guides/install']);
      expect(newTabs).to.deep.equal([false, true, true]);
    });

    it('lists under the source the other pages the answer was drawn from, two at most, each once', async () => {
      const passage = (title: string, link: string) => ({
        documentId: title,
        title,
        link,
        text: 'x',
        score: 0.5,
      });
      const { el, clicks, p } = await answeredWithClicks(
        answerRecord({
          context: {
            passages: [
              passage('Install ask-elements', '/guides/install#npm'),
              passage('Theming', '/guides/theming#dark-mode'),
              passage('Theming', '/guides/theming#parts'),
              passage('Evil', 'javascript:alert(1)'),
              passage('Security', '/guides/security'),
            ],
          },
        }),
      );
      const related = p.all('related-link');
      // Not the source's page again, one link per page, a refused URL as text, and no third page.
      expect(
        related.map((link) => [link.localName, link.textContent, link.getAttribute('href')]),
      ).to.deep.equal([
        ['a', 'Theming', '/guides/theming#dark-mode'],
        ['span', 'Evil', null],
      ]);
      expect(p.one('related')!.textContent!.replace(/\s+/g, ' ').trim()).to.match(
        /^See also: Theming ?· Evil$/,
      );
      related[0]!.click();
      expect(clicks).to.deep.equal(['/guides/theming#dark-mode']);
      await expect(el).to.be.accessible();
      el.strings = { related: 'Voir aussi' };
      await el.updateComplete;
      expect(p.one('related')!.textContent).to.contain('Voir aussi:');
      el.strings = { related: 'Voir aussi\u00a0:' };
      await el.updateComplete;
      expect(p.one('related')!.textContent).to.contain('Voir aussi\u00a0: ').and.not.contain('::');
      // An answer drawn from its source's page alone lists nothing more, however the link is written.
      const alone = await answeredWithClicks(
        answerRecord({
          link: `${location.origin}/guides/install/`,
          context: { passages: [passage('Install ask-elements', '/guides/install#npm')] },
        }),
      );
      expect(alone.p.one('related')).to.equal(null);
      // Without a source link, the first other page is still listed.
      const unnamed = await answeredWithClicks(
        answerRecord({
          link: '',
          context: { passages: [passage('A', '/a'), passage('B', '/b'), passage('C', '/c')] },
        }),
      );
      expect(unnamed.p.all('related-link').map((link) => link.textContent)).to.deep.equal(['A', 'B']);
    });

    it('links its source at the section the answer quotes, as "See also" links theirs', async () => {
      // DocSearch's Ask AI sources open at their section; the source link opened the long page at
      // its top, though the service names the section quoted (the first passage, `page#anchor`).
      const passage = (title: string, link: string) => ({
        documentId: title,
        title,
        link,
        text: 'x',
        score: 0.5,
      });
      const sourceHref = (p: ReturnType<typeof parts>) =>
        p.all('source-link').map((link) => link.getAttribute('href'));
      const quoting = await answeredWithClicks(
        answerRecord({
          link: '/docs/helpers/cookie',
          title: 'Cookie Helper',
          context: {
            passages: [
              passage('Cookie Helper', '/docs/helpers/cookie#setcookie-setsignedcookie'),
              passage('JWT Auth Middleware', '/docs/middleware/builtin/jwt#cookie-string'),
            ],
          },
        }),
      );
      expect(sourceHref(quoting.p)).to.deep.equal(['/docs/helpers/cookie#setcookie-setsignedcookie']);
      quoting.p.all('source-link')[0]!.click();
      expect(quoting.clicks).to.deep.equal(['/docs/helpers/cookie#setcookie-setsignedcookie']);
      // A first passage of another page is no section of the source: its link stays as sent.
      const elsewhere = await answeredWithClicks(
        answerRecord({
          link: '/guides/install',
          context: { passages: [passage('Theming', '/guides/theming#dark-mode')] },
        }),
      );
      expect(sourceHref(elsewhere.p)).to.deep.equal(['/guides/install']);
      // Hidden behind "not sure", the documents listed start with the source at its section too.
      const unsure = await chat(
        fakeClient(async () =>
          answerRecord({
            relevanceScore: 12,
            context: { passages: [passage('Install ask-elements', '/guides/install#with-npm')] },
          }),
        ),
        'min-relevance=50',
      );
      await askAndWaitForAnswer(unsure, 'How do I install it?', 1);
      const listed = parts(unsure).lastAnswer()!.querySelectorAll('.documents a');
      expect(Array.from(listed, (a) => a.getAttribute('href'))).to.deep.equal(['/guides/install#with-npm']);
    });

    it("lists the reference service's other passages' pages under its answer", async () => {
      const el = await chat(new RecordingClient(serviceClient()));
      const answers: AnswerRecord[] = [];
      el.addEventListener('ask-answer', (e) => answers.push((e as CustomEvent).detail.record));
      await askAndWaitForAnswer(el, 'How do I run the service over my own documents?', 1);
      const record = answers[0]!;
      const page = (link: string) => link.split('#')[0];
      const others = [
        ...new Set(
          record
            .context!.passages.map((passage) => passage.link)
            .filter((link) => page(link) !== page(record.link)),
        ),
      ];
      expect(others.length, 'the service names other pages').to.be.greaterThan(0);
      const shown = parts(el)
        .all('related-link')
        .map((link) => link.getAttribute('href'));
      expect(shown).to.deep.equal(
        others.filter((link, i) => others.findIndex((other) => page(other) === page(link)) === i).slice(0, 2),
      );
    });

    it('points the send arrow the way the text runs', async () => {
      const arrow = (el: AskChat) =>
        getComputedStyle(parts(el).one('send-button')!.querySelector('svg')!).transform;
      const leftToRight = await chat(fakeClient(async () => answerRecord()));
      expect(arrow(leftToRight)).to.equal('none');
      const page = await fixture<HTMLDivElement>(html`<div dir="rtl"></div>`);
      const rightToLeft = document.createElement('ask-chat') as AskChat;
      page.append(rightToLeft);
      await rightToLeft.updateComplete;
      expect(arrow(rightToLeft)).to.equal('matrix(-1, 0, 0, 1, 0, 0)');
    });

    it('reads code left to right, and each message in its own direction, on a right-to-left page', async () => {
      const el = await chat(
        fakeClient(async () => answerRecord({ answer: 'Add `lang`:\n\n```\n<html lang="en">\n```' })),
        'dir=rtl',
      );
      await askAndWaitForAnswer(el, 'How do I set the language?', 1);
      await waitFor(() => parts(el).lastAnswer()!.querySelector('pre'), 'the code block');
      const answer = parts(el).lastAnswer()!;
      const direction = (element: Element) => getComputedStyle(element).direction;
      expect(direction(parts(el).one('transcript')!)).to.equal('rtl');
      expect(direction(parts(el).questions()[0]!.querySelector('p')!)).to.equal('ltr');
      expect(direction(answer.querySelector('[part~="answer-body"]')!)).to.equal('ltr');
      expect(direction(answer.querySelector('pre')!)).to.equal('ltr');
    });

    it('reads an Arabic answer that opens with a code block of digits right to left, its Copy code label aside', async () => {
      const el = await chat(
        fakeClient(async () => answerRecord({ answer: '```\n8787\n```\n\nهذا هو المنفذ الافتراضي للخدمة.' })),
        'dir=rtl',
      );
      await askAndWaitForAnswer(el, 'ما هو المنفذ؟', 1);
      await waitFor(() => parts(el).one('code-copy-button'), 'the code block and its button');
      const body = parts(el).lastAnswer()!.querySelector('[part~="answer-body"]')!;
      expect(getComputedStyle(body).direction).to.equal('rtl');
    });

    it('shows a question being typed in the direction of its first letter, on a right-to-left page too', async () => {
      const el = await chat(
        fakeClient(async () => answerRecord()),
        'dir=rtl',
      );
      await waitFor(() => parts(el).one('header'), 'the chat behaviour');
      const input = parts(el).input();
      input.focus();
      await sendKeys({ type: 'how do I use c++?' });
      // Where each character shows, laid out as the input lays out its text.
      const left = drawnCharacters(input, el.parentElement!);
      // "how do I use c++?", not "?++how do I use c": the question mark ends it, on the right.
      const end = input.value.length - 1;
      expect(left(end), '? after c++').to.be.greaterThan(left(end - 1));
      expect(left(0), 'h first').to.be.lessThan(left(end));
      expect(getComputedStyle(input).direction, 'the placeholder starts on the right').to.equal('rtl');
    });

    it('shows each suggested question in its own direction, on a right-to-left page', async () => {
      const el = await chat(
        fakeClient(async () => answerRecord()),
        'dir=rtl',
      );
      el.suggestions = ['كيف أبدأ؟', 'What is c++?'];
      await el.updateComplete;
      const button = parts(el).all('suggestion')[1]!;
      const text = button.textContent!;
      const left = drawnTextOf(button);
      // "What is c++?", not "?++What is c": the question mark ends it, on the right.
      expect(left(text.indexOf('?')), '? after c++').to.be.greaterThan(left(text.lastIndexOf('+')));
      expect(left(text.indexOf('W')), 'W first').to.be.lessThan(left(text.indexOf('?')));
    });

    it('keeps a Latin question whole in a translated offer to search, on a right-to-left page', async () => {
      const el = await chat(
        fakeClient(async () =>
          answerRecord({ didAnswer: false, title: '', link: '', description: '', answer: '' }),
        ),
        'dir=rtl lang=ar',
      );
      el.strings = { searchInstead: 'ابحث في الوثائق عن «{query}»' };
      await ask(el, 'How do I call fetch()?');
      await answered(el, 1);
      const button = parts(el).one('search-button')!;
      const text = button.textContent!;
      expect(text).to.contain('«How do I call fetch()?»');
      const left = drawnTextOf(button);
      // "fetch()?" with its brackets and question mark after it, not "?()How do I call fetch".
      expect(left(text.indexOf('?')), '? after ()').to.be.greaterThan(left(text.indexOf(')')));
      expect(left(text.indexOf(')')), ') after (').to.be.greaterThan(left(text.indexOf('(')));
      expect(left(text.indexOf('H')), 'H first').to.be.lessThan(left(text.indexOf('?')));
    });

    it('keeps a Latin file name whole in a translated attachment notice, on a right-to-left page', async () => {
      const el = await chat(
        fakeClient(async () => answerRecord()),
        'dir=rtl lang=ar',
      );
      el.strings = { notAnImage: 'الملف «{name}» ليس صورة، ولم يُرفق.' };
      await el.updateComplete;
      const p = parts(el);
      pasteFiles(p.input(), [new File(['hello'], '2024 notes.txt', { type: 'text/plain' })]);
      await waitFor(() => p.one('notice') && !p.one('notice')!.hidden, 'the notice');
      const notice = p.one('notice')!;
      const text = notice.textContent!;
      expect(text).to.contain('«2024 notes.txt»');
      const left = drawnTextOf(notice);
      // "2024 notes.txt" as named, not "notes.txt 2024": the year first, on the left.
      expect(left(text.indexOf('2')), '2024 before notes').to.be.lessThan(left(text.indexOf('n')));
      expect(left(text.indexOf('n')), 'notes before .txt').to.be.lessThan(left(text.indexOf('.')));
    });

    it('shows a link the allow-list refuses as plain text', async () => {
      const el = await chat(
        fakeClient(async () => answerRecord({ link: 'javascript:alert(1)', title: 'Evil' })),
      );
      await askAndWaitForAnswer(el, 'x', 1);
      const source = parts(el).one('source-link')!;
      expect(source.localName).to.equal('span');
      expect(source.textContent).to.equal('Evil');
    });

    it('hides an answer below min-relevance behind a "not sure" notice that offers the sources', async () => {
      const record = answerRecord({
        relevanceScore: 22,
        context: {
          passages: [
            { documentId: 'a', title: 'Install ask-elements', link: '/guides/install', text: 'x', score: 1 },
            {
              documentId: 'a',
              title: 'Install ask-elements',
              link: '/guides/install#npm',
              text: 'z',
              score: 0.8,
            },
            { documentId: 'b', title: 'Theming', link: '/guides/theming', text: 'y', score: 0.5 },
          ],
        },
      });
      const el = await chat(
        fakeClient(async () => record),
        'min-relevance=50',
      );
      await askAndWaitForAnswer(el, 'How?', 1);
      const answer = parts(el).lastAnswer()!;
      expect(parts(el).one('notice')!.textContent).to.contain('not sure');
      expect(
        Array.from(answer.querySelectorAll('.documents a')).map((a) => a.getAttribute('href')),
      ).to.deep.equal(['/guides/install', '/guides/theming']);
      const details = answer.querySelector('details')!;
      expect(details.open).to.equal(false);
      expect(details.querySelector('[part~="answer-body"]')).to.exist;
      await expect(el).to.be.accessible();
    });

    it('reads didAnswer:false as "could not find", with no source, and offers to search', async () => {
      const el = await chat(
        fakeClient(async () =>
          answerRecord({ didAnswer: false, title: '', link: '', description: '', answer: 'Sorry.' }),
        ),
      );
      const searches: string[] = [];
      el.addEventListener('ask-search', (e) => {
        searches.push((e as CustomEvent).detail.query);
        e.preventDefault();
      });
      await askAndWaitForAnswer(el, 'What is the weather?', 1);
      const p = parts(el);
      expect(p.one('notice')!.textContent).to.contain('could not find');
      expect(p.one('source')).to.equal(null);
      expect(p.one('answer-body')).to.equal(null);
      p.one('search-button')!.click();
      expect(searches).to.deep.equal(['What is the weather?']);
      el.searchUrl = '/search?q={query}';
      await el.updateComplete;
      expect(p.one('search-link')!.getAttribute('href')).to.equal('/search?q=What%20is%20the%20weather%3F');
    });

    it("leaves alone a page's own element named search-box when the visitor chooses to search", async () => {
      // A site whose own component has the tag name: ours is not defined, theirs has no show().
      if (!customElements.get('search-box'))
        customElements.define('search-box', class extends HTMLElement {});
      const theirs = document.body.appendChild(document.createElement('search-box'));
      const errors: unknown[] = [];
      const onError = (event: ErrorEvent) => {
        errors.push(event.error);
        event.preventDefault();
      };
      try {
        const el = await chat(fakeClient(async () => answerRecord({ didAnswer: false, answer: 'Sorry.' })));
        const searches: string[] = [];
        el.addEventListener('ask-search', (e) => searches.push((e as CustomEvent).detail.query));
        await askAndWaitForAnswer(el, 'What is the weather?', 1);
        window.addEventListener('error', onError);
        parts(el).one('search-button')!.click();
        expect(searches).to.deep.equal(['What is the weather?']);
        expect(errors).to.deep.equal([]);
        expect(Object.keys(theirs)).to.deep.equal([]);
      } finally {
        window.removeEventListener('error', onError);
        theirs.remove();
      }
    });

    it('offers to search for a long question in three lines at most, its whole text still its name', async () => {
      const el = await chat(fakeClient(async () => answerRecord({ didAnswer: false, answer: 'Sorry.' })));
      el.style.inlineSize = '30rem';
      const question = `How do I ${'configure the thing that does the other thing, '.repeat(12)}?`;
      await waitFor(() => parts(el).one('header'), 'the chat behaviour');
      await el.askQuestion(question);
      await answered(el, 1);
      const button = parts(el).one('search-button')!;
      const lineHeight = parseFloat(getComputedStyle(button).lineHeight) || 24;
      expect(button.getBoundingClientRect().height).to.be.below(lineHeight * 4 + 16);
      expect(button.getBoundingClientRect().width).to.be.at.most(parts(el).lastAnswer()!.clientWidth);
      expect(button.textContent).to.contain(question.trim());
    });

    it('offers to search for a short question in full on a narrow chat, wrapped, not cut', async () => {
      const el = await chat(fakeClient(async () => answerRecord({ didAnswer: false, answer: 'Sorry.' })));
      el.style.inlineSize = '18rem';
      await waitFor(() => parts(el).one('header'), 'the chat behaviour');
      await el.askQuestion('what is the capital of France');
      await answered(el, 1);
      const button = parts(el).one('search-button')!;
      const lineHeight = parseFloat(getComputedStyle(button).lineHeight) || 24;
      expect(button.getBoundingClientRect().height, 'two lines or more').to.be.above(lineHeight * 1.5);
      expect(button.scrollHeight, 'nothing hidden').to.be.at.most(button.clientHeight + 1);
    });

    it('says "Copied" each time, however many times in a row: a screen reader keeps quiet over the same words', async () => {
      await withClipboard(
        async () => {},
        async () => {
          const el = await chat(fakeClient(async () => answerRecord()));
          await askAndWaitForAnswer(el, 'How?', 1);
          const status = parts(el).root.querySelector('[role="status"]')!;
          const heard: string[] = [];
          for (let i = 0; i < 4; i++) {
            parts(el).one('copy-button')!.click();
            await waitFor(
              () => status.textContent!.trim() === 'Copied' && status.textContent !== heard.at(-1),
              `copy ${i + 1}`,
            );
            heard.push(status.textContent!);
          }
          expect(new Set(heard.map((text) => text.trim()))).to.deep.equal(new Set(['Copied']));
        },
      );
    });

    it("keeps the input's text at 16px or more on a page whose root font size is 10px (iOS zooms into smaller inputs)", async () => {
      document.documentElement.style.fontSize = '62.5%';
      try {
        const el = await chat(fakeClient(async () => answerRecord()));
        expect(getComputedStyle(parts(el).input()).fontSize).to.equal('16px');
      } finally {
        document.documentElement.style.fontSize = '';
      }
    });

    it('copies an answer as markdown or as plain text', async () => {
      const copied: string[] = [];
      await withClipboard(
        async (text) => void copied.push(text),
        async () => {
          const el = await chat(fakeClient(async () => answerRecord({ answer: 'Use **npm**.' })));
          await askAndWaitForAnswer(el, 'How?', 1);
          parts(el).one('copy-button')!.click();
          await waitFor(() => copied.length === 1, 'a copy');
          el.copyAs = 'text';
          await el.updateComplete;
          parts(el).one('copy-button')!.click();
          await waitFor(() => copied.length === 2, 'a second copy');
          expect(copied).to.deep.equal(['Use **npm**.', 'Use npm.']);
          expect(parts(el).status()).to.equal('Copied');
        },
      );
    });

    it('says under the answer, in view, when it could not be copied (an iframe without clipboard-write)', async () => {
      await withClipboard(
        () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
        async () => {
          const el = await chat(fakeClient(async () => answerRecord({ answer: 'Use **npm**.' })));
          const { copy, feedback } = await firstAnswerActions(el, 'How?');
          copy.click();
          await waitFor(() => parts(el).status() === 'Could not copy the answer.', 'the failure announced');
          await el.updateComplete;
          const said = parts(el)
            .lastAnswer()!
            .querySelector<HTMLElement>('[part~="actions"] [part~="notice"]');
          expect(said?.textContent?.trim()).to.equal('Could not copy the answer.');
          expect(said!.checkVisibility()).to.equal(true);
          // In the row's text size, as Copy and the feedback buttons' own failure are: it was the chat's 16 px.
          expect(getComputedStyle(said!).fontSize, 'as Copy').to.equal(getComputedStyle(copy).fontSize);
          expect(getComputedStyle(said!).fontSize, 'as the feedback').to.equal(
            getComputedStyle(feedback).fontSize,
          );
          expect(copy.innerText.trim()).to.equal('Copy');
          await expect(el).to.be.accessible();
        },
      );
    });

    it('gives each code block a button that copies its code alone, against the reference service', async () => {
      const copied: string[] = [];
      await withClipboard(
        async (text) => void copied.push(text),
        async () => {
          const el = await chat(new RecordingClient(serviceClient()), 'copy-as=text');
          await askAndWaitForAnswer(el, 'How do I install ask-elements with npm?', 1);
          const buttons = parts(el).all('code-copy-button');
          const blocks = parts(el).lastAnswer()!.querySelectorAll('pre');
          expect(buttons.length).to.equal(blocks.length);
          expect(buttons.length).to.be.greaterThan(0);
          expect(buttons[0]!.textContent).to.equal('Copy code');
          buttons[0]!.click();
          await waitFor(() => copied.length === 1, 'the code copied');
          expect(copied[0]).to.equal(blocks[0]!.textContent);
          expect(copied[0]).to.contain('npm install ask-elements');
          await waitFor(() => buttons[0]!.textContent === 'Code copied', 'said on the button');
          expect(parts(el).status()).to.equal('Code copied');
          // The whole answer copied as text holds the code, not the buttons' labels.
          parts(el).one('copy-button')!.click();
          await waitFor(() => copied.length === 2, 'the answer copied');
          expect(copied[1]).to.contain('npm install ask-elements');
          expect(copied[1]).not.to.contain('Copy code');
          expect(copied[1]).not.to.contain('Code copied');
          await expect(el).to.be.accessible();
        },
      );
    });

    it('says on the code block button when the code could not be copied', async () => {
      await withClipboard(
        () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
        async () => {
          const el = await chat(
            fakeClient(async () => answerRecord({ answer: 'Run:\n\n```sh\nnpm test\n```\n' })),
          );
          await askAndWaitForAnswer(el, 'How?', 1);
          const button = parts(el).one('code-copy-button')!;
          button.click();
          await waitFor(() => button.textContent === 'Could not copy the code', 'the failure on the button');
          expect(parts(el).status()).to.equal('Could not copy the code');
        },
      );
    });

    it('names each code block by its language, not its code, and relabels the code blocks when the page changes its strings after the answer', async () => {
      const el = await chat(
        fakeClient(async () =>
          answerRecord({ answer: 'Run:\n\n```sh\nnpm test\n```\n\nThen:\n\n```\nnpm start\n```\n' }),
        ),
      );
      await askAndWaitForAnswer(el, 'How?', 1);
      // What a screen reader says as Tab reaches each block (focusable, so that arrows scroll it):
      // its whole code was its name.
      const codeNames = async () =>
        ((await executeServerCommand('accessible-names', 'group')) as string[]).filter((name) =>
          /code|npm/i.test(name),
        );
      expect(await codeNames()).to.deep.equal(['Code: sh', 'Code']);
      expect(parts(el).one('code-copy-button')!.textContent).to.equal('Copy code');
      // A language switcher that keeps the chat: every other label follows.
      el.strings = {
        copyCode: 'Copier le code',
        copy: 'Copier',
        codeBlock: 'Code source',
        codeBlockLanguage: 'Code source ({language})',
      };
      await el.updateComplete;
      expect(parts(el).one('copy-button')!.textContent).to.contain('Copier');
      expect(parts(el).one('code-copy-button')!.textContent).to.equal('Copier le code');
      expect(await codeNames()).to.deep.equal(['Code source (sh)', 'Code source']);
    });

    it("reads format and copy-as in any case, as HTML reads an enumerated attribute's keywords", async () => {
      const copied: string[] = [];
      await withClipboard(
        async (text) => void copied.push(text),
        async () => {
          const client = fakeClient(async () => answerRecord({ answer: '<p>An <b>html</b> answer</p>' }));
          const el = await chat(client, 'format=HTML');
          await askAndWaitForAnswer(el, 'How?', 1);
          expect(client.asks[0]).to.deep.include({ format: 'html' });
          expect(parts(el).one('answer-body')!.querySelector('b')!.textContent).to.equal('html');

          const textual = await chat(
            fakeClient(async () => answerRecord({ answer: 'Use **npm**.' })),
            'copy-as=TEXT',
          );
          await askAndWaitForAnswer(textual, 'How?', 1);
          parts(textual).one('copy-button')!.click();
          await waitFor(() => copied.length === 1, 'a copy');
          expect(copied).to.deep.equal(['Use npm.']);
        },
      );
    });

    it('copies a "not sure" answer as text while it is still folded away', async () => {
      const copied: string[] = [];
      await withClipboard(
        async (text) => void copied.push(text),
        async () => {
          const el = await chat(
            fakeClient(async () => answerRecord({ answer: 'Use **npm**.', relevanceScore: 20 })),
            'min-relevance=50 copy-as=text',
          );
          await askAndWaitForAnswer(el, 'How?', 1);
          parts(el).one('copy-button')!.click();
          await waitFor(() => copied.length === 1, 'a copy');
          expect(copied).to.deep.equal(['Use npm.']);
        },
      );
    });

    it('keeps Copy as wide when it says "Copied", so the thumbs beside it do not move', async () => {
      await withClipboard(
        async () => {},
        async () => {
          // Whatever display a site gives the button through its part.
          const siteStyle = document.head.appendChild(document.createElement('style'));
          siteStyle.textContent = 'ask-chat::part(copy-button) { display: inline-flex; }';
          try {
            const el = await chat(fakeClient(async () => answerRecord({ answer: 'Use **npm**.' })));
            const { copy, feedback } = await firstAnswerActions(el, 'How?');
            const thumb = feedback.shadowRoot!.querySelector('[part~="up-button"]')!;
            const layout = () => [copy.getBoundingClientRect().width, thumb.getBoundingClientRect().left];
            // What it reads: innerText, like the accessible name, leaves out the label hidden in place.
            const label = () => copy.innerText.trim();
            const before = layout();
            expect(label()).to.equal('Copy');
            copy.click();
            await waitFor(() => parts(el).status() === 'Copied', 'the copy');
            await el.updateComplete;
            expect(label()).to.equal('Copied');
            expect(layout(), 'Copy keeps its width and the thumbs their place').to.deep.equal(before);
            // The two labels share one place, the hidden one not beside the shown one.
            const labels = [...copy.querySelectorAll('span')].filter((span) => span.children.length === 0);
            expect(labels).to.have.length(2);
            expect(labels[0]!.getBoundingClientRect().left).to.equal(labels[1]!.getBoundingClientRect().left);
          } finally {
            siteStyle.remove();
          }
        },
      );
    });

    it('keeps both thumbs on one line on a 320 px phone, the prompt on the line above them', async () => {
      const el = await chat(fakeClient(async () => answerRecord({ answer: 'Use **npm**.' })));
      // The demo page's chat on a 320 px screen: 24 px of page margin on each side.
      el.style.inlineSize = '272px';
      await askAndWaitForAnswer(el, 'How?', 1);
      const feedback = parts(el).lastAnswer()!.querySelector('feedback-buttons')!;
      await feedback.updateComplete;
      const box = (part: string) =>
        feedback.shadowRoot!.querySelector(`[part~="${part}"]`)!.getBoundingClientRect();
      expect(box('down-button').top, '"Not helpful" beside "Helpful"').to.equal(box('up-button').top);
      expect(box('prompt').bottom).to.be.at.most(box('up-button').top);
      // Wide enough for all three, they share a line, as before.
      el.style.inlineSize = '38rem';
      await waitFor(() => box('prompt').top < box('up-button').bottom, 'the prompt beside the thumbs');
    });
  });

  describe('stop, errors and retry', () => {
    it('stops a pending answer: the request is aborted and the question comes back', async () => {
      const client = fakeClient((_, options) => untilAborted(options?.signal));
      const el = await chat(client);
      await ask(el, 'A long question');
      const p = parts(el);
      expect(p.one('stop-button')).to.exist;
      // A click gives the button focus first.
      p.one('stop-button')!.focus();
      p.one('stop-button')!.click();
      await answered(el, 1);
      expect(client.signals[0]!.aborted).to.equal(true);
      expect(p.lastAnswer()!.textContent).to.contain('Stopped');
      expect(p.input().value).to.equal('A long question');
      expect(p.one('send-button')).to.exist;
      expect(p.root.activeElement).to.equal(p.input());
    });

    it('keeps focus in the chat when the answer arrives while the stop button has it, and Escape there stops too', async () => {
      let answer: (record: AnswerRecord) => void = () => {};
      const el = await chat(fakeClient(() => new Promise<AnswerRecord>((resolve) => (answer = resolve))));
      await ask(el, 'A long question');
      const p = parts(el);
      p.one('stop-button')!.focus();
      answer(answerRecord());
      await answered(el, 1);
      await waitFor(() => p.root.activeElement === p.one('send-button'), 'focus on the send button');
      // Escape on the stop button stops the answer, as in the input.
      const client = fakeClient((_, options) => untilAborted(options?.signal));
      const other = await chat(client);
      await ask(other, 'Another long question');
      parts(other).one('stop-button')!.focus();
      await sendKeys({ press: 'Escape' });
      await answered(other, 1);
      expect(client.signals[0]!.aborted).to.equal(true);
    });

    it('tells a screen reader that the question is asked, and whether an answer, none or an unsure one came', async () => {
      let reply = answerRecord();
      let answer: (record: AnswerRecord) => void = () => {};
      let answerFailure: (error: unknown) => void = () => {};
      const el = await chat(
        fakeClient(
          () =>
            new Promise<AnswerRecord>((resolve, reject) => {
              answer = resolve;
              answerFailure = reject;
            }),
        ),
      );
      const p = parts(el);
      await ask(el, 'First');
      expect(p.status()).to.equal('Thinking…');
      answer(reply);
      await answered(el, 1);
      expect(p.status()).to.equal('Answer ready.');
      reply = answerRecord({ didAnswer: false, answer: 'Nothing found.' });
      await ask(el, 'Second');
      answer(reply);
      await answered(el, 2);
      expect(p.status()).to.equal('I could not find an answer to that in the documentation.');
      el.minRelevance = 90;
      await ask(el, 'Third');
      answer(answerRecord({ relevanceScore: 30 }));
      await answered(el, 3);
      expect(p.status()).to.equal('I am not sure about this answer. These documents may help:');
      // A retry is asked again, and heard so.
      el.minRelevance = 0;
      await ask(el, 'Fourth');
      answerFailure(new Error('offline'));
      await answered(el, 4);
      p.lastAnswer()!.querySelector<HTMLElement>('[part~="retry-button"]')!.click();
      await el.updateComplete;
      expect(p.status()).to.equal('Thinking…');
      answer(answerRecord());
      await waitFor(() => p.status() === 'Answer ready.', 'the retried answer');
      p.one('new-conversation-button')!.click();
      await el.updateComplete;
      expect(p.status()).to.equal('New conversation started.');
    });

    it("stops a pending answer on Escape, which goes no further, and never on an IME composition's Escape", async () => {
      const client = fakeClient((_, options) => untilAborted(options?.signal));
      const el = await chat(client);
      let reachedPage = 0;
      const onPage = (event: KeyboardEvent) => event.key === 'Escape' && reachedPage++;
      document.addEventListener('keydown', onPage);
      try {
        await ask(el, 'A long question');
        const p = parts(el);
        // Escape that ends a composition belongs to the input method.
        p.input().dispatchEvent(
          new KeyboardEvent('keydown', { key: 'Escape', isComposing: true, bubbles: true, composed: true }),
        );
        await el.updateComplete;
        expect(client.signals[0]!.aborted, 'not stopped by the composition').to.equal(false);
        reachedPage = 0;
        p.input().focus();
        await sendKeys({ press: 'Escape' });
        await answered(el, 1);
        expect(client.signals[0]!.aborted).to.equal(true);
        expect(reachedPage, 'a dialog around the chat stays open').to.equal(0);
        await sendKeys({ press: 'Escape' });
        expect(reachedPage, "with nothing to stop, Escape is the page's").to.equal(1);
      } finally {
        document.removeEventListener('keydown', onPage);
      }
    });

    it('says why Enter sends nothing while an answer is on its way, keeping the text, until it arrives', async () => {
      let answer: (record: AnswerRecord) => void = () => {};
      const el = await chat(fakeClient(() => new Promise<AnswerRecord>((resolve) => (answer = resolve))));
      await ask(el, 'A long question');
      await ask(el, 'And another');
      const p = parts(el);
      const notice = () => p.root.querySelector<HTMLElement>('.attach-notice');
      expect(notice()!.hidden).to.equal(false);
      expect(notice()!.textContent).to.contain('still on its way');
      expect(p.input().value).to.equal('And another');
      expect(p.questions()).to.have.length(1);
      // A refused attachment meanwhile is said beside it, not instead.
      pasteFiles(p.input(), [new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
      await waitFor(() => notice()!.textContent!.includes('notes.txt'), 'the attachment notice');
      expect(notice()!.textContent).to.contain('still on its way');
      answer(answerRecord());
      await answered(el, 1);
      expect(notice()!.textContent, 'gone once the answer came').not.to.contain('still on its way');
      await sendKeys({ press: 'Enter' });
      await waitFor(() => p.questions().length === 2, 'sent now');
    });

    it('says why Retry asks nothing while another answer is on its way, and asks once it came', async () => {
      let calls = 0;
      let answer: (record: AnswerRecord) => void = () => {};
      const client = fakeClient(() => {
        if (calls++ === 0) return Promise.reject(new NetworkError());
        return new Promise<AnswerRecord>((resolve) => (answer = resolve));
      });
      const el = await chat(client);
      const p = parts(el);
      await askAndWaitForAnswer(el, 'A failed question', 1);
      p.input().value = '';
      await ask(el, 'A long question');
      p.one('retry-button')!.click();
      await el.updateComplete;
      const notice = () => p.root.querySelector<HTMLElement>('.attach-notice')!;
      expect(client.asks, 'nothing asked').to.have.length(2);
      expect(notice().hidden).to.equal(false);
      expect(notice().textContent).to.contain('still on its way');
      expect(p.status()).to.contain('still on its way');
      answer(answerRecord());
      await answered(el, 2);
      expect(notice().hidden, 'gone once the answer came').to.equal(true);
      p.one('retry-button')!.click();
      await waitFor(() => client.asks.length === 3, 'the retry asked once the answer came');
      expect(client.asks[2]!.query).to.equal('A failed question');
    });

    it('shows a question handed over while an answer is on its way, and asks it once that answer came', async () => {
      const answers: ((record: AnswerRecord) => void)[] = [];
      const client = fakeClient(() => new Promise<AnswerRecord>((resolve) => answers.push(resolve)));
      const el = await chat(client);
      await ask(el, 'A long question');
      const p = parts(el);
      const handedOver = el.askQuestion('And the chat?');
      await el.updateComplete;
      expect(p.input().value, 'in view').to.equal('And the chat?');
      expect(p.root.querySelector<HTMLElement>('.attach-notice')!.textContent).to.contain('still on its way');
      answers[0]!(answerRecord());
      await waitFor(() => client.asks.length === 2, 'asked once the first answer came');
      expect(client.asks[1]!.query).to.equal('And the chat?');
      expect(p.input().value, 'out of the input').to.equal('');
      answers[1]!(answerRecord());
      await handedOver;
    });

    it("says the assistant is unavailable when the service refuses the page's key or origin, or has no such endpoint, with no Retry", async () => {
      const failures = [
        new ApiError('apiKey is not valid', { status: 401, code: 'invalid_api_key' }),
        new ApiError('Origin https://a.example is not allowed for this agent', {
          status: 403,
          code: 'origin_not_allowed',
        }),
        // What answers at a base-url ending in /bot, or the site's own server: the visitor read
        // "The question was not accepted: No route for POST /bot/bot/askai", with a Retry.
        new ApiError('No route for POST /bot/bot/askai', { status: 404, code: 'not_found' }),
        new ApiError('HTTP 405', { status: 405, code: 'http_405' }),
      ];
      const client = fakeClient(async () => {
        throw failures.shift();
      });
      const logged: string[] = [];
      const consoleError = console.error;
      console.error = (...args: unknown[]) => logged.push(args.join(' '));
      try {
        const el = await chat(client);
        const p = parts(el);
        const details = [
          'apiKey is not valid',
          'is not allowed for this agent',
          'No route for POST',
          'HTTP 405',
        ];
        for (const [i, detail] of details.entries()) {
          await ask(el, `Question ${i}`);
          await answered(el, i + 1);
          const answer = p.lastAnswer()!;
          expect(answer.querySelector('[part~="error"]')!.textContent!.trim()).to.equal(
            'The assistant is not available on this page right now.',
          );
          // The service's words are for the site owner, in the console, not for the visitor.
          expect(answer.textContent).not.to.contain(detail);
          expect(logged.at(-1)).to.contain(detail);
          expect(answer.querySelector('[part~="retry-button"]') === null, 'no retry').to.equal(true);
          expect(p.input().value, 'the question is kept').to.equal(`Question ${i}`);
          p.input().value = '';
          p.input().dispatchEvent(new Event('input'));
        }
        await expect(el).to.be.accessible();
      } finally {
        console.error = consoleError;
      }
    });

    it('asks to wait "1 second", as the reference service\'s Retry-After mostly says, and takes a site\'s wording', async () => {
      // A chat of its own for each: a question in the same chat would wait out the last refusal.
      const said = async (retryAfter: number, strings: AskChat['strings'] = {}) => {
        const el = await chat(
          fakeClient(async () => {
            throw new ApiError('Too many requests', { status: 429, code: 'rate_limited', retryAfter });
          }),
        );
        el.strings = strings;
        await askAndWaitForAnswer(el, 'How?', 1);
        return parts(el).lastAnswer()!.querySelector('[part~="error"]')!.textContent!.trim();
      };
      expect(await said(1)).to.equal('Too many questions at once. Please retry in 1 second.');
      expect(await said(0.2), 'a fifth of one').to.equal(
        'Too many questions at once. Please retry in 1 second.',
      );
      expect(await said(2)).to.equal('Too many questions at once. Please retry in 2 seconds.');
      // A site's own string fills {seconds}; a function of them gets the number.
      expect(await said(1, { rateLimited: 'Trop de questions. Réessayez dans {seconds} s.' })).to.equal(
        'Trop de questions. Réessayez dans 1 s.',
      );
      expect(
        await said(4, {
          rateLimited: (seconds) => `Bitte in ${seconds} Sekunde${seconds === 1 ? '' : 'n'} erneut.`,
        }),
      ).to.equal('Bitte in 4 Sekunden erneut.');
    });

    it('waits out the time a refused question was told to wait before asking again, thinking meanwhile', async () => {
      const client = failingOnce(
        new ApiError('Too many requests', { status: 429, code: 'rate_limited', retryAfter: 3 }),
      );
      const el = await chat(client);
      const p = parts(el);
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      expect(p.lastAnswer()!.querySelector('[part~="error"]')!.textContent!.trim()).to.equal(
        'Too many questions at once. Please retry in 3 seconds.',
      );
      // Retry at once: the visitor sees it thinking, and the service hears nothing it would refuse.
      p.lastAnswer()!.querySelector<HTMLElement>('[part~="retry-button"]')!.click();
      await el.updateComplete;
      expect(p.status()).to.equal('Thinking…');
      expect(p.lastAnswer()!.getAttribute('aria-busy')).to.equal('true');
      await aTimeout(100);
      expect(client.asks.length, 'no question sent before the wait is over').to.equal(1);
      await waitFor(() => client.asks.length === 2, 'asked once waited', 8000);
      await answered(el, 1);
      expect(p.lastAnswer()!.querySelector('[part~="answer-body"]')!.textContent).to.contain('npm');
    });

    it('waits out a refusal for the client it came from only: a question to another asks at once', async () => {
      const refusing = fakeClient(async () => {
        throw new ApiError('Too many requests', { status: 429, code: 'rate_limited', retryAfter: 8 });
      });
      const el = await chat(refusing);
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      // The page gives the chat another client (a new key): nothing of the old refusal holds.
      const other = fakeClient(async () => answerRecord());
      el.client = other;
      await ask(el, 'How do I theme it?');
      await waitFor(() => other.asks.length === 1, 'asked the new client at once', 3000);
    });

    it('asks again at once after a refusal that asked for a wait longer than 10 seconds', async () => {
      const client = failingOnce(
        new ApiError('Service unavailable', { status: 503, code: 'unavailable', retryAfter: 3600 }),
      );
      const el = await chat(client);
      const p = parts(el);
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      // An hour's maintenance is not waited out behind "Thinking…": Retry asks at once.
      p.lastAnswer()!.querySelector<HTMLElement>('[part~="retry-button"]')!.click();
      await waitFor(() => client.asks.length === 2, 'asked again at once');
      await answered(el, 1);
    });

    it("makes up no wait for a 429 whose answer gives none the page can read, and takes a site's wording", async () => {
      // The real client over a service (or a proxy) that sends no Retry-After, or doesn't expose it.
      const refusing = createClient({
        baseUrl: location.origin,
        apiKey: 'demo-key',
        fetch: () =>
          Promise.resolve(
            new Response(JSON.stringify({ error: 'Too many requests' }), {
              status: 429,
              headers: { 'content-type': 'application/json' },
            }),
          ),
      });
      const el = await chat(new RecordingClient(refusing));
      const errorOf = () => parts(el).lastAnswer()!.querySelector('[part~="error"]')!.textContent!.trim();
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      expect(errorOf()).to.equal('Too many questions at once. Please retry in a moment.');
      expect(parts(el).status()).to.equal('Too many questions at once. Please retry in a moment.');
      parts(el).input().value = '';
      el.strings = { rateLimitedSoon: 'Trop de questions. Réessayez dans un instant.' };
      await askAndWaitForAnswer(el, 'Et maintenant ?', 2);
      expect(errorOf()).to.equal('Trop de questions. Réessayez dans un instant.');
    });

    it("says a question the reference service refused in the visitor's words, naming no field", async () => {
      // The real client and service; the body's query blanked on its way, as a proxy that cut it
      // would (the chat itself sends no empty question). The service says "query: must not be empty".
      const blanking = createClient({
        baseUrl: location.origin,
        apiKey: 'demo-key',
        fetch: (url, init) =>
          fetch(url, { ...init, body: JSON.stringify({ ...JSON.parse(String(init?.body)), query: ' ' }) }),
      });
      // A field that is the page's own, not the visitor's, is named as the service names it.
      const wrongFormat = createClient({
        baseUrl: location.origin,
        apiKey: 'demo-key',
        fetch: (url, init) =>
          fetch(url, {
            ...init,
            body: JSON.stringify({ ...JSON.parse(String(init?.body)), format: 'text' }),
          }),
      });
      const errorOf = (el: AskChat) =>
        parts(el).lastAnswer()!.querySelector('[part~="error"]')!.textContent!.trim();
      const el = await chat(new RecordingClient(blanking));
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      expect(errorOf(el)).to.equal('Your question must not be empty.');
      expect(parts(el).status()).to.equal('Your question must not be empty.');
      const other = await chat(new RecordingClient(wrongFormat));
      await askAndWaitForAnswer(other, 'How do I install it?', 1);
      expect(errorOf(other)).to.equal('The question was not accepted: format: must be "html" or "markdown"');
    });

    it("says the visitor is offline when the device is, as the search box does, or the page's own networkError", async () => {
      const errorOf = (el: AskChat) =>
        parts(el).lastAnswer()!.querySelector('[part~="error"]')!.textContent!.trim();
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      try {
        const el = await chat(fakeClient(async () => Promise.reject(new NetworkError())));
        await askAndWaitForAnswer(el, 'How do I install it?', 1);
        const offline = 'You are offline. Retry once the connection is back.';
        expect(errorOf(el)).to.equal(offline);
        expect(parts(el).status()).to.equal(offline);
        expect(parts(el).one('retry-button')).to.exist;
        // A page that translated networkError, not this newer text, has its own words, not English.
        const translated = await chat(fakeClient(async () => Promise.reject(new NetworkError())));
        translated.strings = { networkError: 'Le service est injoignable. Vérifiez votre connexion.' };
        await askAndWaitForAnswer(translated, 'Comment installer ?', 1);
        expect(errorOf(translated)).to.equal('Le service est injoignable. Vérifiez votre connexion.');
      } finally {
        delete (navigator as { onLine?: boolean }).onLine;
      }
    });

    it('explains each failure politely, keeps the input, and retries', async () => {
      const failures: unknown[] = [
        new NetworkError(),
        new TimeoutError(60000),
        new ApiError('query: must not be empty', { status: 400, code: 'invalid_field', field: 'query' }),
        new ApiError('The language model is unavailable.', { status: 200, code: 'llm_unavailable' }),
        new ApiError('Too many requests', { status: 429, code: 'rate_limited', retryAfter: 0.5 }),
        new ApiError('boom', { status: 503, code: 'http_503' }),
        new ApiError("The agent's endpoint answered 502", { status: 200, code: 'agent_endpoint_failed' }),
        new ApiError(NO_ANSWER_MESSAGE, { status: 200, code: 'answer_error' }),
      ];
      const expected = [
        'The service could not be reached. Check your connection, then retry.',
        'The answer took too long to arrive. Please retry.',
        'Your question must not be empty.',
        'The service could not answer: The language model is unavailable.',
        'Too many questions at once. Please retry in 1 second.',
        'Something went wrong on the service. Please retry in a moment.',
        // A custom agent's endpoint failed: its words are for the site owner, in the console.
        'Something went wrong on the service. Please retry in a moment.',
        // An error that said nothing: not "The service could not answer: The service could not answer."
        'Something went wrong on the service. Please retry in a moment.',
      ];
      let calls = 0;
      const client = fakeClient(async () => {
        const failure = failures[calls++];
        if (failure) throw failure;
        return answerRecord();
      });
      const el = await chat(client);
      const errors: string[] = [];
      el.addEventListener('ask-error', (e) => errors.push((e as CustomEvent).detail.message));
      const p = parts(el);
      for (const [i, message] of expected.entries()) {
        await ask(el, `Question ${i}`);
        await answered(el, i + 1);
        expect(p.lastAnswer()!.querySelector('[part~="error"]')!.textContent!.trim()).to.equal(message);
        expect(p.status()).to.equal(message);
        // The question is back in the input, ready to send again.
        expect(p.input().value).to.equal(`Question ${i}`);
        p.input().value = '';
        p.input().dispatchEvent(new Event('input'));
      }
      expect(errors).to.deep.equal(expected);
      const lastQuestion = client.asks.length;
      // A retry is a question sent again: listeners hear it, and one may cancel it.
      const heard: string[] = [];
      const cancelOnce = (e: Event) => {
        heard.push((e as CustomEvent).detail.query);
        if (heard.length === 1) e.preventDefault();
      };
      el.addEventListener('ask-question', cancelOnce);
      p.lastAnswer()!.querySelector<HTMLElement>('[part~="retry-button"]')!.click();
      await el.updateComplete;
      expect(client.asks).to.have.length(lastQuestion);
      expect(p.lastAnswer()!.querySelector('[part~="error"]')).to.exist;
      p.lastAnswer()!.querySelector<HTMLElement>('[part~="retry-button"]')!.click();
      await waitFor(() => p.lastAnswer()!.querySelector('[part~="answer-body"]'), 'the retried answer');
      const last = `Question ${expected.length - 1}`;
      expect(heard).to.deep.equal([last, last]);
      expect(client.asks[lastQuestion]!.query).to.equal(last);
      expect(p.answers()).to.have.length(expected.length);
      // An older question retried comes last, as asked now: the transcript stays the order in
      // which the service heard the conversation.
      const questions = () => p.questions().map((q) => q.textContent!.trim());
      p.answers()[0]!.querySelector<HTMLElement>('[part~="retry-button"]')!.click();
      await waitFor(
        () => p.lastAnswer()!.querySelector('[part~="answer-body"]'),
        'the older question answered',
      );
      expect(questions().at(-1)).to.equal('Question 0');
      expect(questions().filter((q) => q === 'Question 0')).to.have.length(1);
      expect(p.answers()).to.have.length(expected.length);
    });
    it('replaces a failed question sent again with Enter, leaving no Retry that would ask it twice', async () => {
      const client = failingOnce(new NetworkError());
      const el = await chat(client);
      const p = parts(el);
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      expect(p.one('retry-button')).to.exist;
      // The question is back in the input: the visitor sends it again with Enter, not Retry.
      expect(p.input().value).to.equal('How do I install it?');
      p.input().focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => p.one('answer-body'), 'the answer');
      expect(p.questions().map((q) => q.textContent!.trim())).to.deep.equal(['How do I install it?']);
      expect(p.one('retry-button'), 'a stale Retry').to.equal(null);
      expect(client.asks.map((a) => a.query)).to.deep.equal(['How do I install it?', 'How do I install it?']);
    });
    it("leaves an answer's reason form, its note and its thanks with it when a retried question moves the answers", async () => {
      const client = failingOnce(new NetworkError());
      const el = await fixture<AskChat>(html`<ask-chat feedback-reason .client=${client}></ask-chat>`);
      await el.askQuestion('First');
      const second = (await el.askQuestion('Second'))!;
      const third = (await el.askQuestion('Third'))!;
      await el.updateComplete;
      const buttonsOf = (record: AnswerRecord) => feedbackButtonsOf(el, record);
      const shown = (fb: FeedbackButtons) => ({
        value: fb.value,
        note: fb.shadowRoot!.querySelector<HTMLTextAreaElement>('form textarea')?.value ?? null,
        message: fb.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim(),
      });
      feedbackButton(buttonsOf(third), 'up-button').click();
      await waitFor(() => buttonsOf(third).value === 1, 'the third answer voted up');
      feedbackButton(buttonsOf(second), 'down-button').click();
      await waitFor(
        () => buttonsOf(second).shadowRoot!.querySelector('form'),
        "the second answer's reason form",
      );
      // The visitor is writing what was wrong with the second answer when they retry the first.
      buttonsOf(second).shadowRoot!.querySelector<HTMLTextAreaElement>('form textarea')!.value =
        'The command is for yarn';
      await buttonsOf(third).updateComplete;
      const before = [shown(buttonsOf(second)), shown(buttonsOf(third))];
      expect(before[0]).to.include({ value: -1, note: 'The command is for yarn' });
      expect(before[1]).to.include({ value: 1, note: null });
      expect(before[1]!.message).not.to.equal('');
      // Retried, the first question moves to the end, below the answers.
      parts(el).one('retry-button')!.click();
      await waitFor(
        () => el.shadowRoot!.querySelectorAll('feedback-buttons').length === 3,
        'the first answered',
      );
      await el.updateComplete;
      await Promise.all([buttonsOf(second).updateComplete, buttonsOf(third).updateComplete]);
      expect([shown(buttonsOf(second)), shown(buttonsOf(third))]).to.deep.equal(before);
    });
    it('leaves "Show the answer anyway" opened under the answer the visitor opened when a retried question moves the answers', async () => {
      let calls = 0;
      // Every answer under min-relevance, folded away, its text naming its question.
      const client = fakeClient(async (request) => {
        if (calls++ === 0) throw new NetworkError();
        return answerRecord({ relevanceScore: 10, answer: `About ${request.query}.` });
      });
      const el = await chat(client, 'min-relevance=50');
      await el.askQuestion('First');
      await el.askQuestion('Second');
      await el.askQuestion('Third');
      await el.updateComplete;
      const opened = () =>
        Array.from(el.shadowRoot!.querySelectorAll('details')).map((details) => ({
          answer: details.querySelector('[part~="answer-body"]')!.textContent!.trim(),
          open: details.open,
        }));
      // The visitor opens the third answer.
      el.shadowRoot!.querySelectorAll('details')[1]!.querySelector('summary')!.click();
      await el.updateComplete;
      expect(opened()).to.deep.equal([
        { answer: 'About Second.', open: false },
        { answer: 'About Third.', open: true },
      ]);
      // Retried, the first question moves to the end, below the answers.
      parts(el).one('retry-button')!.click();
      await waitFor(() => el.shadowRoot!.querySelectorAll('details').length === 3, 'the first answered');
      await el.updateComplete;
      expect(opened()).to.deep.equal([
        { answer: 'About Second.', open: false },
        { answer: 'About Third.', open: true },
        { answer: 'About First.', open: false },
      ]);
    });
    it('shows each question with its own sent images when a retried question moves them', async () => {
      const client = failingOnce(new NetworkError());
      const el = await chat(client);
      const p = parts(el);
      pasteFiles(p.input(), [await pngFile('one.png', 2048)]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the first thumbnail');
      await ask(el, 'What is in the first?');
      // Failed, its image comes back to the composer: removed, another question is asked with another.
      await waitFor(() => p.one('retry-button'), 'the first failed');
      p.one('remove-button')!.click();
      await waitFor(() => p.all('thumbnail').length === 0, 'the composer emptied');
      pasteFiles(p.input(), [await pngFile('two.png', 4096)]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the second thumbnail');
      // Its words came back too: the visitor writes another question over them.
      p.input().value = '';
      await ask(el, 'And in the second?');
      await waitFor(() => p.one('answer-body'), 'the second answered');
      const [first, second] = client.asks.map((request) => request.base64Images![0]!);
      expect(first).not.to.equal(second);
      // Every image shown, decoded: the browser shows what each question sent.
      const shown = async () => {
        const images = p.questions().map((question) => question.querySelector('img')!);
        await Promise.all(images.map((image) => image.decode()));
        return p.questions().map((question) => ({
          question: question.querySelector('p')!.textContent!.trim(),
          image: question.querySelector('img')!.currentSrc,
        }));
      };
      expect(await shown()).to.deep.equal([
        { question: 'What is in the first?', image: first },
        { question: 'And in the second?', image: second },
      ]);
      p.one('retry-button')!.click();
      await waitFor(() => p.all('answer-body').length === 2, 'the first answered');
      await el.updateComplete;
      // The frame the move is drawn in: each question shows the image it sent, not the one of the
      // question that was in its place, while the browser decodes its own.
      const drawn = p.questions().map((question) => ({
        question: question.querySelector('p')!.textContent!.trim(),
        image: question.querySelector('img')!.currentSrc,
      }));
      expect(drawn).to.deep.equal([
        { question: 'And in the second?', image: second },
        { question: 'What is in the first?', image: first },
      ]);
    });
    it('keeps a thumb pressed while its vote is on its way and the next answer is drawn', async () => {
      const posts: (() => void)[] = [];
      const client = new RecordingClient(serviceClient(), {
        ask: async () => answerRecord(),
        feedback: () => new Promise((resolve) => posts.push(() => resolve({ success: true }))),
      });
      const el = await chat(client);
      const first = (await el.askQuestion('First'))!;
      await el.updateComplete;
      const up = () => feedbackButton(feedbackButtonsOf(el, first), 'up-button');
      up().click();
      await waitFor(() => posts.length === 1, 'the vote on its way');
      await el.askQuestion('Second');
      await el.updateComplete;
      expect(up().getAttribute('aria-pressed'), 'the thumb pressed').to.equal('true');
      posts[0]!();
      await waitFor(() => client.feedbacks.length === 1, 'the vote posted');
      expect(up().getAttribute('aria-pressed')).to.equal('true');
    });
    it('keeps a vote still on its way with the answer voted on when a retried question moves the answers', async () => {
      let calls = 0;
      const posts: (() => void)[] = [];
      const client = new RecordingClient(serviceClient(), {
        ask: async () => {
          if (calls++ === 0) throw new NetworkError();
          return answerRecord();
        },
        feedback: () => new Promise((resolve) => posts.push(() => resolve({ success: true }))),
      });
      const el = await chat(client);
      await el.askQuestion('First');
      const second = (await el.askQuestion('Second'))!;
      const third = (await el.askQuestion('Third'))!;
      await el.updateComplete;
      const buttonsOf = (record: AnswerRecord) => feedbackButtonsOf(el, record);
      feedbackButton(buttonsOf(second), 'up-button').click();
      await waitFor(() => posts.length === 1, 'the vote on its way');
      // Retried while the vote is on its way: the second answer's buttons pass to the third.
      parts(el).one('retry-button')!.click();
      await waitFor(
        () => el.shadowRoot!.querySelectorAll('feedback-buttons').length === 3,
        'the first question answered',
      );
      posts[0]!();
      await waitFor(() => client.feedbacks.length === 1 && buttonsOf(second).value === 1, 'the vote kept');
      await el.updateComplete;
      expect(buttonsOf(third).value, 'a thumb pressed on an answer not voted on').to.equal(null);
      expect(client.feedbacks).to.deep.equal([{ insightId: second.insightId, feedback: 1 }]);
    });
  });

  describe('images', () => {
    it('attaches pasted images as thumbnails and sends them as data URIs', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await chat(client);
      const p = parts(el);
      pasteFiles(p.input(), [await pngFile('one.png'), await pngFile('two.png')]);
      await waitFor(() => p.all('thumbnail').length === 2, 'two thumbnails');
      expect(p.all('thumbnail').map((t) => t.querySelector('img')!.alt)).to.deep.equal([
        'one.png',
        'two.png',
      ]);
      expect(p.status()).to.equal('Attached: one.png, two.png.');
      await expect(el).to.be.accessible();
      // Remove one, keep the other.
      p.all('remove-button')[0]!.click();
      await el.updateComplete;
      expect(p.all('thumbnail')).to.have.length(1);
      expect(p.status()).to.equal('one.png removed.');
      await askAndWaitForAnswer(el, 'What is in this screenshot?', 1);
      const images = client.asks[0]!.base64Images!;
      expect(images).to.have.length(1);
      expect(images[0]).to.match(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
      expect(p.all('thumbnail')).to.have.length(0);
      expect(p.questions()[0]!.querySelectorAll('img')).to.have.length(1);
    });

    it('sends an image pasted just before Enter with the question, not with the next one', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await chat(client);
      const p = parts(el);
      await waitFor(() => p.one('header'), 'the chat behaviour');
      p.input().focus();
      await sendKeys({ type: 'What is wrong in this screenshot?' });
      // A screenshot pasted and Enter pressed at once: the image is still being read.
      pasteFiles(p.input(), [await pngFile('shot.png', 2 * 1024 * 1024)]);
      p.input().dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }),
      );
      await answered(el, 1);
      expect(client.asks).to.have.length(1);
      expect(client.asks[0]!.query).to.equal('What is wrong in this screenshot?');
      expect(client.asks[0]!.base64Images?.length, 'sent with the question').to.equal(1);
      expect(p.all('thumbnail'), 'none left for the next question').to.have.length(0);
      expect(p.input().value).to.equal('');
    });

    it('asks for a question when images are sent without one, keeping them, from Enter and the send button', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await chat(client);
      el.strings = { questionForImages: 'Ask something about the images.' };
      const p = parts(el);
      pasteFiles(p.input(), [await pngFile('one.png')]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the thumbnail');
      p.input().focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => p.status() === 'Ask something about the images.', 'the request for a question');
      expect(await description('Your question')).to.equal('Ask something about the images.');
      expect(p.all('thumbnail')).to.have.length(1);
      // The send button says it once more, not twice in the description, and gives the input the focus.
      p.one('send-button')!.click();
      await el.updateComplete;
      expect(await description('Your question')).to.equal('Ask something about the images.');
      expect(p.root.activeElement).to.equal(p.input());
      expect(client.asks).to.have.length(0);
      expect(p.questions()).to.have.length(0);
      // With a question, the images go with it, and the request goes too.
      await askAndWaitForAnswer(el, 'What is in this screenshot?', 1);
      expect(client.asks[0]!.base64Images).to.have.length(1);
      expect((await description('Your question')) ?? '').not.to.contain('Ask something');
    });

    it("gives a failed question's images back under the page's own name for them", async () => {
      const client = failingOnce(new NetworkError());
      const el = await chat(client);
      el.strings = { imageName: 'image n° {n}' };
      const p = parts(el);
      pasteFiles(p.input(), [await pngFile('one.png')]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the thumbnail');
      await ask(el, 'What is in this screenshot?');
      // The question failed: it and its image come back, to be sent again.
      await waitFor(() => p.all('thumbnail').length === 1, 'the image back in the composer');
      expect(p.all('thumbnail')[0]!.querySelector('img')!.alt).to.equal('image n° 1');
      expect(p.all('remove-button')[0]!.getAttribute('aria-label')).to.equal('Remove image n° 1');
    });

    it('retries a failed question with the images given back that the visitor kept, not those removed', async () => {
      const client = failingOnce(new NetworkError());
      const el = await chat(client);
      const p = parts(el);
      pasteFiles(p.input(), [await pngFile('one.png', 2048), await pngFile('two.png', 4096)]);
      await waitFor(() => p.all('thumbnail').length === 2, 'two thumbnails');
      await ask(el, 'What is in these?');
      await waitFor(() => p.one('retry-button') && p.all('thumbnail').length === 2, 'both images back');
      // The visitor takes the first out of the question that came back, then presses Retry.
      p.all('remove-button')[0]!.click();
      await waitFor(() => p.all('thumbnail').length === 1, 'one image left');
      p.one('retry-button')!.click();
      await waitFor(() => p.one('answer-body'), 'the answer');
      // Compared by length (the two differ): a data URI is thousands of characters long.
      const sent = client.asks.map((request) => (request.base64Images ?? []).map((uri) => uri.length));
      expect(sent[1]).to.deep.equal([sent[0]![1]]);
      expect(p.questions()[0]!.querySelectorAll('img')).to.have.length(1);
      expect(p.all('thumbnail'), 'the image sent left the composer').to.have.length(0);
    });

    it("retries a failed question with its own images when they were not given back, leaving the visitor's", async () => {
      let fail = (): void => {};
      let calls = 0;
      const client = fakeClient(async () => {
        if (calls++ > 0) return answerRecord();
        await new Promise<void>((resolve) => (fail = resolve));
        throw new NetworkError();
      });
      const el = await chat(client);
      const p = parts(el);
      pasteFiles(p.input(), [await pngFile('one.png', 2048)]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the thumbnail');
      await ask(el, 'What is in this?');
      await waitFor(() => p.all('thumbnail').length === 0, 'the image sent');
      // The next question's image is attached while the first is on its way, then the first fails.
      pasteFiles(p.input(), [await pngFile('two.png', 4096)]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the next image');
      fail();
      await waitFor(() => p.one('retry-button'), 'the first failed');
      p.one('retry-button')!.click();
      await waitFor(() => p.one('answer-body'), 'the answer');
      const [first, again] = client.asks.map((request) => request.base64Images ?? []);
      expect(again!.length === 1 && again![0] === first![0], 'the first image sent again').to.equal(true);
      expect(p.all('thumbnail'), "the visitor's next image stays").to.have.length(1);
    });

    it('drops an image still being read, and the question waiting for it, when the visitor starts a new conversation', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await chat(client);
      const p = parts(el);
      await askAndWaitForAnswer(el, 'How do I install it?', 1);
      const image = await pngFile('one.png');
      // Pasted, sent (the question waits for the image), and "New conversation" before it is read.
      p.input().value = 'What is in this?';
      pasteFiles(p.input(), [image]);
      p.one('send-button')!.click();
      p.one('new-conversation-button')!.click();
      await aTimeout(300);
      await el.updateComplete;
      expect(p.all('thumbnail'), 'no image of the old conversation').to.have.length(0);
      expect(client.asks, 'nothing asked in the new conversation').to.have.length(1);
      expect(p.input().value, 'the question stays, to send again').to.equal('What is in this?');
      // One pasted after it is attached.
      pasteFiles(p.input(), [await pngFile('two.png')]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the new image');
    });

    it("keeps each thumbnail's remove button off the next thumbnail", async () => {
      const el = await chat(fakeClient(async () => answerRecord()));
      const p = parts(el);
      pasteFiles(p.input(), [await pngFile('one.png'), await pngFile('two.png')]);
      await waitFor(() => p.all('thumbnail').length === 2, 'two thumbnails');
      const remove = p.all('remove-button')[0]!.getBoundingClientRect();
      const next = p.all('thumbnail')[1]!.querySelector('img')!.getBoundingClientRect();
      // Side by side (left to right here): the first one's × ends before the second image starts.
      expect(
        remove.right,
        `× ${remove.left}-${remove.right}, next image ${next.left}-${next.right}`,
      ).to.be.at.most(next.left);
    });

    it('does not scan the images of the transcript again at every update', async () => {
      const el = await chat(fakeClient(async () => answerRecord()));
      const p = parts(el);
      pasteFiles(p.input(), [await pngFile('photo.png', 1024 * 1024)]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the photo attached');
      await askAndWaitForAnswer(el, 'What is in this photo?', 1);
      pasteFiles(p.input(), [await pngFile('next.png', 1024 * 1024)]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the next photo attached');
      // A data URI is megabytes long: every pass over one, at each update (an announcement, a
      // vote, a notice), cost the page about 6 ms per 4 MB image. Counted, not timed.
      let scans = 0;
      const { replace } = String.prototype;
      const { test } = RegExp.prototype;
      String.prototype.replace = function (this: string, ...args: Parameters<typeof replace>) {
        if (this.length > 100_000) scans++;
        return replace.apply(this, args);
      } as typeof replace;
      RegExp.prototype.test = function (this: RegExp, text: string) {
        if (String(text).length > 100_000) scans++;
        return test.call(this, text);
      };
      try {
        for (let i = 0; i < 5; i++) {
          el.requestUpdate();
          await el.updateComplete;
        }
      } finally {
        String.prototype.replace = replace;
        RegExp.prototype.test = test;
      }
      expect(scans).to.equal(0);
      expect(p.questions()[0]!.querySelectorAll('img')).to.have.length(1);
      expect(p.one('thumbnail')!.querySelector('img')!.getAttribute('src')).to.match(
        /^data:image\/png;base64,/,
      );
    });

    it('shows no image of a saved conversation edited to hold other URLs', async () => {
      const png = 'data:image/png;base64,iVBORw0KGgo=';
      const turn = {
        id: 't1',
        query: 'What is in this photo?',
        images: [png, 'data:image/svg+xml;base64,PHN2Zz4=', 'javascript:alert(1)', 42],
        format: 'markdown',
        status: 'stopped',
      };
      sessionStorage.setItem(
        'ask-chat:edited',
        JSON.stringify({ version: 1, conversationId: 'c1', turns: [turn] }),
      );
      const el = await fixture<AskChat>(
        html`<ask-chat
          persist
          storage-key="edited"
          .client=${fakeClient(async () => answerRecord())}
        ></ask-chat>`,
      );
      await waitFor(() => parts(el).questions().length === 1, 'the restored question');
      await el.updateComplete;
      const images = [...parts(el).questions()[0]!.querySelectorAll('img')];
      expect(images.map((image) => image.getAttribute('src'))).to.deep.equal([png]);
      sessionStorage.removeItem('ask-chat:edited');
    });

    it('shows an attached AVIF image, in the composer and in the question sent', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await chat(client);
      const p = parts(el);
      // The start of an AVIF file: its file-type box.
      const head = new TextEncoder().encode('\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf');
      pasteFiles(p.input(), [new File([head], 'photo.avif', { type: 'image/avif' })]);
      await waitFor(() => p.all('thumbnail').length === 1, 'the thumbnail');
      expect(p.one('thumbnail')!.querySelector('img')!.getAttribute('src')).to.match(
        /^data:image\/avif;base64,/,
      );
      await askAndWaitForAnswer(el, 'What is in this photo?', 1);
      expect(client.asks[0]!.base64Images).to.have.length(1);
      const sent = p.questions()[0]!.querySelectorAll('img');
      expect(sent).to.have.length(1);
      expect(sent[0]!.getAttribute('src')).to.match(/^data:image\/avif;base64,/);
    });

    it('refuses files that are not images, too large, or beyond four, saying why', async () => {
      const client = fakeClient(async () => answerRecord());
      const el = await chat(client);
      const p = parts(el);
      const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
      const svg = new File(['<svg onload="alert(1)"/>'], 'logo.svg', { type: 'image/svg+xml' });
      // Named and typed as a PNG, but text: the type comes from the name.
      const fake = new File(['hello'], 'fake.png', { type: 'image/png' });
      pasteFiles(p.input(), [text, svg, fake]);
      await waitFor(() => p.one('notice') && !p.one('notice')!.hidden, 'a notice');
      expect(p.one('notice')!.textContent)
        .to.contain('notes.txt is not a PNG')
        .and.to.contain('logo.svg is not a PNG')
        .and.to.contain('fake.png is not a PNG');
      expect(p.all('thumbnail')).to.have.length(0);

      pasteFiles(p.input(), [await pngFile('huge.png', 6 * 1024 * 1024)]);
      await waitFor(() => p.one('notice')!.textContent!.includes('huge.png'), 'the size notice');
      expect(p.one('notice')!.textContent).to.equal('huge.png is larger than 5 MB and was not attached.');

      // Pasted twice before the first paste was read: four attached all the same.
      pasteFiles(p.input(), [await pngFile('a.png'), await pngFile('b.png'), await pngFile('c.png')]);
      pasteFiles(p.input(), [await pngFile('d.png'), await pngFile('e.png'), await pngFile('f.png')]);
      await waitFor(() => p.all('thumbnail').length === 4, 'four thumbnails');
      await el.updateComplete;
      expect(p.all('thumbnail')).to.have.length(4);
      for (let i = 0; i < 4; i++) p.all('remove-button')[0]!.click();
      await waitFor(() => p.all('thumbnail').length === 0, 'none left');

      // The file picker path: five files chosen, four attached.
      const picker = p.root.querySelector<HTMLInputElement>('input[type="file"]')!;
      const chosen = new DataTransfer();
      for (let i = 1; i <= 5; i++) chosen.items.add(await pngFile(`shot-${i}.png`));
      picker.files = chosen.files;
      picker.dispatchEvent(new Event('change'));
      await waitFor(() => p.all('thumbnail').length === 4, 'four thumbnails');
      expect(p.one('notice')!.textContent).to.equal(
        'You can attach up to 4 images: shot-5.png not attached.',
      );
      // Heard: what was attached, and what wasn't.
      expect(p.status()).to.equal(
        'Attached: shot-1.png, shot-2.png, shot-3.png, shot-4.png. You can attach up to 4 images: shot-5.png not attached.',
      );
      await askAndWaitForAnswer(el, 'Four images', 1);
      expect(client.asks[0]!.base64Images).to.have.length(4);
    });
  });
});

/** Lit's comment markers differ between two renders of the same content. */
function stripLitMarkers(markup: string): string {
  return markup.replace(/<!--\?lit\$\d+\$-->|<!---->/g, '');
}

/** A chat that answered "How do I install it?" with `record`, and the source links clicked since (not followed). */
async function answeredWithClicks(record: AnswerRecord) {
  const el = await chat(fakeClient(async () => record));
  const clicks: unknown[] = [];
  const newTabs: boolean[] = [];
  el.addEventListener('ask-source-click', (e) => {
    clicks.push((e as CustomEvent).detail.link);
    newTabs.push((e as CustomEvent).detail.newTab);
    e.preventDefault();
  });
  await askAndWaitForAnswer(el, 'How do I install it?', 1);
  return { el, clicks, newTabs, p: parts(el) };
}
