import { LitElement, html, type PropertyValues } from 'lit';
import { Task, TaskStatus } from '@lit/task';
import type { AskClient } from '../../client/create-client.js';
import type { FeedbackValue } from '../../wire/index.js';
import { emit } from '../shared/events.js';
import { ignore, importOnce } from '../shared/import-once.js';
import { defaultFeedbackReasons } from '../shared/feedback-reasons.js';
import { feedbackButtonsStyles } from './feedback-buttons.styles.js';
import type * as ChatConnection from '../ask-chat/chat-connection.js';
import type { ReasonForm, ReasonNote } from './reason-form.js';
import type * as Reasons from './reason-form.js';

/** Every text `<feedback-buttons>` shows or announces; replace any of them with `strings`. */
export interface FeedbackStrings {
  /** Visible prompt before the buttons, also the group's accessible name. */
  prompt: string;
  helpful: string;
  notHelpful: string;
  thanks: string;
  /** Shown when posting failed and the vote was rolled back. */
  failed: string;
  /** Shown when the service does not know the answer (404): no vote can be posted for it. */
  expired: string;
  reasonLegend: string;
  note: string;
  send: string;
  skip: string;
  reasonThanks: string;
  /** A note longer than the service takes, kept in its field: `{count}` characters, `{max}` at most. */
  noteTooLong: string;
}

/** The texts of the buttons; the reason form's come with it (`reason-form.ts`). */
export const defaultFeedbackStrings = {
  prompt: 'Was this answer helpful?',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  thanks: 'Thanks for your feedback.',
  failed: 'Your feedback could not be sent. Try again.',
  expired: 'This answer can no longer be rated.',
  reasonThanks: 'Thanks, that helps us improve the answers.',
} satisfies Partial<FeedbackStrings>;

/** The reason form, fetched with the first thumbs-down that opens one; a failed fetch is tried again. */
const loadReasonForm = importOnce((): Promise<typeof Reasons> => import('./reason-form.js'), import.meta.url);
/** The client's feedback code, fetched with the first vote of buttons without a `client`. */
const loadConnection = importOnce(
  (): Promise<typeof ChatConnection> => import('../ask-chat/chat-connection.js'),
  import.meta.url,
);

/** What `<feedback-buttons>` needs of a client: `feedback()`. Any AskClient has it. */
export type FeedbackClient = Pick<AskClient, 'feedback'>;

/** The detail of `ask-feedback`. */
export interface FeedbackDetail {
  insightId: string;
  value: FeedbackValue;
  reason?: string;
  comment?: string;
}

// Reflected by Lit's default: 1 and -1 as their text, null as no attribute.
const valueConverter = {
  fromAttribute: (value: string | null): FeedbackValue | null =>
    value === '1' ? 1 : value === '-1' ? -1 : null,
};

/**
 * Thumbs up and down for one answer, posted to the service's feedback endpoint at once.
 *
 * @tagname feedback-buttons
 * @summary "Was this answer helpful?" with two real toggle buttons and an optional reason form.
 *
 * @fires {CustomEvent<FeedbackDetail>} ask-feedback - A vote (or its reason) reached the service. `detail`: `{ insightId, value, reason?, comment? }`.
 *
 * @csspart base - The group around the prompt and the buttons.
 * @csspart prompt - The "Was this answer helpful?" text.
 * @csspart button - Each thumb button (also `up-button`, `down-button`).
 * @csspart up-button - The "Helpful" button.
 * @csspart down-button - The "Not helpful" button.
 * @csspart message - The polite status line (thanks, or why the vote was rolled back).
 * @csspart reason-form - The form shown after a thumbs-down when `ask-reason` is set.
 * @csspart reason - Each reason chip.
 * @csspart note - The note text area.
 * @csspart notice - The line under the note that says it is longer than can be sent.
 * @csspart send-button - The reason form's submit button.
 * @csspart skip-button - The reason form's button that closes it without sending.
 *
 * @attr color-scheme - `light` or `dark` keeps the element in that scheme; without it, it follows the visitor's `prefers-color-scheme`.
 * @cssprop [--ask-font=system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif] - Font family.
 * @cssprop [--ask-font-size=1rem] - Base font size.
 * @cssprop [--ask-radius=0.5rem] - Corner radius of the buttons, the reason form and the note (half of `--ask-font-size` when a page sets it).
 * @cssprop [--ask-space=0.5rem] - Base spacing unit (half of `--ask-font-size` when a page sets it).
 * @cssprop [--ask-color-text=#1c1e21] - Text of a hovered button and of the reason form (dark default `#e6e6e9`).
 * @cssprop [--ask-color-muted=#5a5f66] - Text of the prompt, the buttons and the thanks (dark default `#a5a9b0`).
 * @cssprop [--ask-color-error=#b3261e] - A vote that could not be sent (dark default `#ffb4ab`).
 * @cssprop [--ask-color-bg=#ffffff] - Background of the buttons and the note (dark default `#1b1b1f`).
 * @cssprop [--ask-color-surface=#f4f5f7] - Background of the reason form (dark default `#26272c`).
 * @cssprop [--ask-color-border=#c9ccd1] - Border of the buttons (dark default `#4a4d55`).
 * @cssprop [--ask-color-accent=#3451b2] - A pressed thumb or reason, and a hovered button's border (dark default `#a8b1ff`).
 * @cssprop [--ask-color-accent-text=#ffffff] - Text on the accent colour (dark default `#121212`).
 * @cssprop [--ask-color-focus=#3451b2] - Focus ring colour (dark default `#a8b1ff`).
 */
export class FeedbackButtons extends LitElement {
  static override styles = feedbackButtonsStyles;

  static override shadowRootOptions: ShadowRootInit = {
    ...LitElement.shadowRootOptions,
    delegatesFocus: true,
  };

  static override properties = {
    client: { attribute: false },
    baseUrl: { attribute: 'base-url' },
    apiKey: { attribute: 'api-key' },
    insightId: { attribute: 'insight-id' },
    value: { reflect: true, converter: valueConverter },
    askReason: { type: Boolean, attribute: 'ask-reason' },
    reasons: { attribute: false },
    strings: { attribute: false },
    _message: { state: true },
    _form: { state: true },
    _expired: { state: true },
  };

  /** The client to post with (an AskClient, or anything with its `feedback()`); wins over `base-url`/`api-key`. */
  declare client: FeedbackClient | undefined;
  /** Origin of the service; else the nearest `data-ask-base-url` ancestor; with neither, the default client when there is no API key either, else the page's origin. */
  declare baseUrl: string | undefined;
  /** The agent's API key, sent in the body of the request; else the nearest `data-ask-api-key` ancestor. */
  declare apiKey: string | undefined;
  /** The `insightId` of the answer being rated; the buttons are inert without one. */
  declare insightId: string | undefined;
  /** The visitor's vote, reflected as `value="1"` or `value="-1"`; setting it posts nothing. */
  declare value: FeedbackValue | null;
  /** After a thumbs-down, ask what was wrong (sent as the reference service's `reason`/`comment`). */
  declare askReason: boolean;
  /** The reason chips offered by `ask-reason`; the chosen text is sent as `reason`. */
  declare reasons: string[];
  /** Texts to replace, merged over the English defaults. */
  declare strings: Partial<FeedbackStrings>;
  /** The message shown after a vote, by its key in the strings: its class, and its text as the strings give it. */
  declare private _message: '' | 'thanks' | 'reasonThanks' | 'failed' | 'expired';
  /** The reason form, while it is open. */
  declare private _form: ReasonForm | undefined;
  /** The service does not know this answer (404): the buttons are inert until another. */
  declare private _expired: boolean;
  /** The thumbs-down was taken, but the reason form could not be fetched: pressed again, it is. */
  #formMissing = false;
  /** The answer whose vote the latest post carries. */
  #postedFor: string | undefined;

  readonly #post = new Task(this, {
    autoRun: false,
    task: async ([detail, previous]: readonly [FeedbackDetail, FeedbackValue | null]) => {
      this.#postedFor = detail.insightId;
      const started = Date.now();
      // What a vote brings (the form, the thanks or the failure wrapping under the buttons on a
      // phone or at 200% zoom) appears below them, often past the bottom of a chat's scrolled
      // transcript: scrolled into view when the service answered at once, while the visitor is
      // still there. After a late answer (a vote retried for seconds), the page stays where the
      // visitor has gone since.
      const reveal = (selector: string) =>
        Date.now() - started < 2e3 &&
        void this.updateComplete.then(() =>
          this.renderRoot.querySelector(selector)?.scrollIntoView({ block: 'nearest' }),
        );
      const withReason = detail.reason !== undefined || detail.comment !== undefined;
      // The reason form's code comes with the thumbs-down that opens it; without it (it could not
      // be fetched), the vote is taken and thanked all the same.
      const form =
        !withReason && detail.value === -1 && this.askReason
          ? loadReasonForm().then(
              ({ ReasonForm }) => ReasonForm,
              () => undefined,
            )
          : undefined;
      try {
        // A client set in code (as under a chat's answers) is used at once; otherwise the code
        // that builds one comes with the first vote.
        const client = this.client ?? (await loadConnection()).chatClientOf<FeedbackClient>(this);
        // The detail holds a reason and a comment only when the visitor gave them.
        const { insightId, value, ...note } = detail;
        // Without the task's signal: a newer run is the next answer's vote (this answer's buttons
        // take none while this one is on its way), and this vote still belongs to this answer.
        await client.feedback({ insightId, feedback: value, ...note });
      } catch (error) {
        // Reused for another answer meanwhile: the buttons are that answer's now, and so would a
        // rollback or a reason form be.
        if (detail.insightId !== this.insightId) return;
        this.value = previous;
        // An answer the service does not know (gone, or another project's) takes no vote: no
        // "Try again", which could not help. A 404 without the service's JSON error (code
        // `http_404`: a wrong base-url or path, a proxy's page) is the site's to mend, not that.
        const { status, code } = error as { status?: unknown; code?: unknown };
        this._expired = status === 404 && code !== 'http_404';
        // A reason that failed to go stays in its form, chosen and written, to be sent again.
        if (!withReason || this._expired) this.#closeForm();
        this._message = this._expired ? 'expired' : 'failed';
        return void reveal('.message');
      }
      // The form's code, asked for with the vote, has come (or failed) before the buttons are
      // known to be still this answer's: reused meanwhile, they open no form for the next one.
      const Form = await form;
      if (detail.insightId !== this.insightId) return void emit(this, 'feedback', detail);
      this._message = withReason ? 'reasonThanks' : 'thanks';
      this.#formMissing = !!form && !Form;
      if (Form) this.#openForm(Form);
      else this.#closeForm();
      emit(this, 'feedback', detail);
      reveal(this._form ? 'form' : '.message');
    },
  });

  constructor() {
    super();
    this.value = null;
    this.askReason = false;
    this.reasons = [...defaultFeedbackReasons];
    this.strings = {};
    this._message = '';
    this._form = undefined;
    this._expired = false;
  }

  get #strings(): typeof defaultFeedbackStrings & Partial<FeedbackStrings> {
    return { ...defaultFeedbackStrings, ...this.strings };
  }

  /** A vote for the answer shown is on its way (one for an answer shown before holds nothing up). */
  get #busy(): boolean {
    return this.#post.status === TaskStatus.PENDING && this.#postedFor === this.insightId;
  }

  /** No vote can be posted now: one is on its way, or there is no answer (known) to rate. */
  get #inert(): boolean {
    return this.#busy || !this.insightId || this._expired;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Reused for another answer: its vote, unless given with it, its messages and form are not
    // this one's (a page's list of answers drawn by position hands them to the next, with its vote).
    if (changed.has('insightId') && changed.get('insightId') !== undefined) {
      if (!changed.has('value')) this.value = null;
      this._message = '';
      this._form = undefined;
      this._expired = false;
      this.#formMissing = false;
    }
  }

  #vote(value: FeedbackValue): void {
    if (this.#inert || !this.insightId) return;
    // Pressed again, a thumbs-down whose reason form could not be fetched (a connection lost)
    // fetches the form again, the vote already taken.
    if (this.value === value) {
      if (this.#formMissing)
        loadReasonForm().then(({ ReasonForm }) => this.#formMissing && this.#openForm(ReasonForm), ignore);
      return;
    }
    const previous = this.value;
    // Optimistic: the button reads as pressed before the service has answered.
    this.value = value;
    this._message = '';
    void this.#post.run([{ insightId: this.insightId, value }, previous]);
  }

  /** Sends the reason form's reason and note with the vote; with neither, closes the form. */
  #sendReason(note: ReasonNote): void {
    if (this.#busy || !this.insightId) return;
    if (!note.reason && !note.comment) return this.#closeForm();
    void this.#post.run([{ insightId: this.insightId, value: -1, ...note }, -1]);
  }

  #openForm(Form: typeof ReasonForm): void {
    this.#formMissing = false;
    this._form = new Form(
      this,
      (note) => this.#sendReason(note),
      () => this.#closeForm(),
      html,
    );
  }

  /** Closes the reason form; the focus, if it was in the form, goes back to the thumb it followed. */
  #closeForm(): void {
    const form = this.renderRoot.querySelector('form');
    const focused = this.shadowRoot?.activeElement;
    this._form = undefined;
    if (form && focused && form.contains(focused))
      this.renderRoot.querySelector<HTMLButtonElement>('[part~="down-button"]')?.focus();
  }

  #button(value: FeedbackValue, name: string, part: string) {
    const inert = this.#inert;
    return html`<button
      type="button"
      part="button ${part}"
      title=${name}
      aria-pressed=${this.value === value}
      aria-disabled=${inert}
      @click=${() => this.#vote(value)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" class=${value === -1 ? 'down' : ''}>
        <path
          d="M7 10v11H3V10zm2 11h8.5a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 19 10h-5l.8-4.2A1.8 1.8 0 0 0 11.5 5L9 10z"
          fill="none"
          stroke="currentColor"
          stroke-width="1.8"
          stroke-linejoin="round"
        /></svg
      ><span class="visually-hidden">${name}</span>
    </button>`;
  }

  protected override render() {
    const s = this.#strings;
    return html`
      <div part="base" class="base" role="group" aria-labelledby="prompt">
        <span part="prompt" id="prompt">${s.prompt}</span>
        ${this.#button(1, s.helpful, 'up-button')} ${this.#button(-1, s.notHelpful, 'down-button')}
        <span part="message" class="message ${this._message}" role="status"
          >${this._message && s[this._message]}</span
        >
      </div>
      ${// A framework binds undefined for a prop it doesn't have: the default reasons, not a throw.
      this._form?.render(this.strings, this.reasons ?? defaultFeedbackReasons, this.#busy)}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'feedback-buttons': FeedbackButtons;
  }
}
