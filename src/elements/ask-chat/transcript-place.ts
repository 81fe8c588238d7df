/**
 * The visitor's place in `<ask-chat>`'s transcript: the latest question brought to its top when
 * it is asked and when its answer comes; a visitor who scrolled up to read is left there, with a
 * "New answer" button down to the answer; what they read kept in place when the transcript
 * changes size; a chat hidden meanwhile scrolled once it shows. Part of the chat's behaviour
 * (imported by chat-behaviour.ts, in its chunk): it reads the latest turn and the rendered
 * transcript, and changes nothing but the scroll, the "New answer" button, and the focus it
 * passes on to the answer (focusable while it has the focus).
 */
import { html, nothing, type LitElement, type ReactiveController } from 'lit';
import { icon } from './chat-icons.js';
import type { ChatTurn } from './conversation-storage.js';

/** The arrow of the "New answer" button, pointing down to it. */
const DOWN = 'M12 5v14M6 13l6 6 6-6';

export class TranscriptPlace implements ReactiveController {
  /** The chat, whose shadow root holds the transcript. */
  readonly #host: LitElement;
  /** The conversation's latest turn, if any. */
  readonly #latest: () => Pick<ChatTurn, 'id' | 'status'> | undefined;
  /** The last turn as the transcript last scrolled to it: `id status`. */
  #scrolledTo: string | undefined;
  /** The transcript's scrollTop where it last scrolled to the latest question. */
  #scrolledTop = 0;
  /** Its scrollTop at its last scroll event: where it was when last shown (hidden, it reads 0). */
  #seenTop = 0;
  /** The latest question is to come to the top once the transcript shows again (see #keepPlace). */
  #latestWhenShown = false;
  /**
   * The turn whose answer came while the visitor read further up the transcript, out of sight
   * below them: the "New answer" button offers the way down to it (see #offerNewAnswer).
   */
  #newAnswer: string | undefined;
  /** The transcript watched for its size and scrolling (see #keepPlace). */
  #watched: Element | undefined;
  /** What the visitor reads at the top of the transcript, and how far below its top it was. */
  #reading: { element: Element; top: number } | undefined;
  /** The blocks of the transcript a place is noted by, in order: found again after an update. */
  #blocks: NodeListOf<Element> | undefined;

  constructor(host: LitElement, latest: () => Pick<ChatTurn, 'id' | 'status'> | undefined) {
    this.#host = host;
    this.#latest = latest;
    host.addController(this);
  }

  hostUpdate(): void {
    this.#offerNewAnswer();
  }

  hostUpdated(): void {
    this.#blocks = undefined;
    // The latest question comes to the top of the transcript when it is asked and when its answer
    // arrives (then there is room below it); a vote or an older turn leaves the scroll alone.
    const now = this.#latest();
    const shown = now && `${now.id} ${now.status}`;
    if (shown === this.#scrolledTo) return;
    const answering = this.#scrolledTo === `${now?.id} pending`;
    this.#scrolledTo = shown;
    const root = this.#host.renderRoot;
    const transcript = root.querySelector<HTMLElement>('[part~="transcript"]');
    const last = this.#lastQuestion;
    if (!now || !transcript || !last) return;
    // On a page zoomed in CSS (`body { zoom: 2 }`), viewport units are zoomed too: the
    // transcript's cap, the window less room for the composer, was twice the window, and the
    // composer went below the screen. The behaviour's styles divide them by this zoom.
    transcript.style.setProperty('--_zoom', `${transcript.currentCSSZoom || 1}`);
    this.#watch(transcript);
    // A visitor who scrolled away while the answer came (up, to read an older one) is left there:
    // the status line says it is ready, and a button offers the way down (see #offerNewAnswer).
    // Brought back down, they lost their place in what they read.
    if (answering && this.#scrolledAway(transcript)) return;
    // Hidden (a dialog or panel closed while the answer came): nothing can scroll until it shows.
    if (!transcript.clientHeight) return void (this.#latestWhenShown = true);
    this.#toLatestQuestion(transcript, last);
  }

  /**
   * The latest question comes to the top again at the next update, as when it was asked: the
   * answers above it, drawn late (restored, or the renderer come back), have their height now.
   */
  toLatestAgain(): void {
    this.#scrolledTo = undefined;
    this.#host.requestUpdate();
  }

  /** The "New answer" button after the transcript's turns, while it is offered. */
  renderNewAnswer(label: string) {
    const now = this.#latest();
    // Offered for the latest answer only: asked anew, retried, or a new conversation, it goes.
    const offered = this.#newAnswer && now?.id === this.#newAnswer && now.status !== 'pending';
    return offered
      ? html`<div class="new-answer">
          <button part="button new-answer-button" type="button" @click=${() => this.#showNewAnswer()}>
            ${label}${icon(DOWN)}
          </button>
        </div>`
      : nothing;
  }

  /** Brings the latest question to the top of the transcript, the chat's own place for it. */
  #toLatestQuestion(transcript: Element, last: Element): void {
    transcript.scrollTop += last.getBoundingClientRect().top - transcript.getBoundingClientRect().top - 8;
    this.#scrolledTop = this.#seenTop = transcript.scrollTop;
  }

  /**
   * Watches the transcript: where the visitor reads, as they scroll, and its size, to keep that
   * place when it changes (see #keepPlace).
   */
  #watch(transcript: Element): void {
    if (this.#watched === transcript) return;
    this.#watched = transcript;
    transcript.addEventListener(
      'scroll',
      () => {
        this.#seenTop = transcript.scrollTop;
        this.#notePlace(transcript);
        this.#newAnswerSeen();
      },
      { passive: true },
    );
    // Grown until the new answer shows (a panel enlarged, a phone turned), its button goes, as when
    // scrolled to; the place kept may not move, and then no scroll event says so.
    new ResizeObserver(() => (this.#keepPlace(transcript), this.#newAnswerSeen())).observe(transcript);
  }

  /** The latest question in the transcript. */
  get #lastQuestion(): Element | undefined {
    return [...this.#host.renderRoot.querySelectorAll('[part~="question"]')].at(-1);
  }

  /** The latest answer in the transcript (or "Thinking…", an error, in its place). */
  get #lastAnswer(): HTMLElement | undefined {
    return [...this.#host.renderRoot.querySelectorAll<HTMLElement>('[part~="answer"]')].at(-1);
  }

  /**
   * Whether the visitor scrolled the transcript away from where the chat last put the latest
   * question; while it is hidden, where they had it when it last showed.
   */
  #scrolledAway(transcript: Element): boolean {
    return Math.abs((transcript.clientHeight ? transcript.scrollTop : this.#seenTop) - this.#scrolledTop) > 1;
  }

  /**
   * Before the update that draws the latest answer (or the error in its place): when it came
   * while the visitor read further up, its start out of sight below them, the "New answer" button
   * at the bottom of the transcript says so and takes them to it, as chat apps do; it was said
   * only to a screen reader. Decided before the answer is drawn, from where "Thinking…" is, whose
   * place it takes, so that the button comes in the same update. Anything else about the latest
   * turn (asked anew, stopped, retried, a new conversation) takes the offer away.
   */
  #offerNewAnswer(): void {
    const now = this.#latest();
    if (!now || `${now.id} ${now.status}` === this.#scrolledTo) return;
    const transcript = this.#watched;
    const answer = this.#lastAnswer;
    const below =
      this.#scrolledTo === `${now.id} pending` &&
      now.status !== 'stopped' &&
      transcript &&
      answer &&
      this.#scrolledAway(transcript) &&
      answer.getBoundingClientRect().top >= transcript.getBoundingClientRect().bottom;
    this.#newAnswer = below ? now.id : undefined;
  }

  /**
   * The visitor scrolled down to the new answer themselves, or the transcript grew until it shows:
   * the button goes once the answer's start shows above it. Focus on it goes to the answer, as
   * when it is pressed.
   */
  #newAnswerSeen(): void {
    const button = this.#newAnswer
      ? this.#host.renderRoot.querySelector<HTMLElement>('[part~="new-answer-button"]')
      : null;
    const answer = button && this.#lastAnswer;
    if (!answer || answer.getBoundingClientRect().top >= button.getBoundingClientRect().top) return;
    this.#newAnswer = undefined;
    this.#host.requestUpdate();
    if (this.#host.shadowRoot?.activeElement === button) this.#focusAnswer(answer);
  }

  /**
   * "New answer" pressed: the answer comes to the top of the transcript, smoothly unless the
   * visitor asked for less motion, and the focus goes to it (the button goes), where a screen
   * reader reads it from its start and Tab goes on to its links and buttons. Its arrival was
   * said already: nothing more is announced.
   */
  #showNewAnswer(): void {
    this.#newAnswer = undefined;
    this.#host.requestUpdate();
    const transcript = this.#watched;
    const answer = this.#lastAnswer;
    if (!transcript || !answer) return;
    const top = Math.min(
      transcript.scrollTop + answer.getBoundingClientRect().top - transcript.getBoundingClientRect().top - 8,
      transcript.scrollHeight - transcript.clientHeight,
    );
    // The chat's own place now, as where it puts the latest question (see #keepPlace).
    this.#scrolledTop = top;
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    transcript.scrollTo({ top, behavior: still ? 'instant' : 'smooth' });
    this.#focusAnswer(answer);
  }

  /** Focuses an answer, focusable only while it has the focus: a click in its text focuses nothing. */
  #focusAnswer(answer: HTMLElement): void {
    answer.tabIndex = -1;
    answer.addEventListener('blur', () => answer.removeAttribute('tabindex'), { once: true });
    answer.focus({ preventScroll: true });
  }

  /**
   * Notes where the visitor reads: the first block of the transcript that starts on screen (a
   * paragraph of an answer, a question), else the one scrolled partly past (a code block taller
   * than the transcript). A block partly past grows above the top as it wraps in a narrower chat.
   */
  #notePlace(transcript: Element): void {
    // Found by halving, the blocks running down the transcript, in a list made once per update:
    // looking through them all took 3.5 ms a scroll event after 40 answers (7 ms on a CPU slowed 4 times).
    const blocks = (this.#blocks ??= transcript.querySelectorAll(
      '[part~="message"] > :not([part~="answer-body"]), [part~="answer-body"] > *',
    ));
    const top = transcript.getBoundingClientRect().top;
    let low = 0;
    for (let high = blocks.length; low < high;) {
      const middle = (low + high) >> 1;
      if (blocks[middle]!.getBoundingClientRect().bottom <= top) low = middle + 1;
      else high = middle;
    }
    this.#reading = undefined;
    for (let i = low; i < blocks.length; i++) {
      const element = blocks[i]!;
      const box = element.getBoundingClientRect();
      if (box.height === 0) continue;
      this.#reading ??= { element, top: box.top - top };
      if (box.top >= top - 1) return void (this.#reading = { element, top: box.top - top });
    }
  }

  /**
   * The transcript changed size (a phone turned, a window resized): what the visitor read at its
   * top is put back there. Chromium's scroll anchoring misses it when the transcript's width and
   * height change at once, Safari has none: the text above reflowed, and they lost their place.
   */
  #keepPlace(transcript: Element): void {
    const reading = this.#reading;
    // Hidden (a dialog closed): kept, to be put back when it shows again.
    if (!transcript.clientHeight) return;
    // An answer came while it was hidden, to a visitor at the latest question: it shows under it.
    if (this.#latestWhenShown) {
      this.#latestWhenShown = false;
      const last = this.#lastQuestion;
      if (last) return this.#toLatestQuestion(transcript, last);
    }
    if (reading?.element.isConnected) {
      const before = transcript.scrollTop;
      transcript.scrollTop +=
        reading.element.getBoundingClientRect().top - transcript.getBoundingClientRect().top - reading.top;
      // Where the chat put the latest question, kept: the visitor did not scroll away from it.
      if (Math.abs(before - this.#scrolledTop) <= 1) this.#scrolledTop = transcript.scrollTop;
    }
  }
}
