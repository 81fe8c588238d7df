/**
 * The form `<feedback-buttons ask-reason>` opens after a thumbs-down the service took: reason
 * chips and a note, sent with the vote again. The element imports this module with the
 * thumbs-down that opens it, so buttons that never ask why carry none of it.
 */
import type { html as litHtml } from 'lit';
import { LengthLimit } from '../shared/length-limit.js';
import type { FeedbackStrings } from './feedback-buttons.js';
import { reasonFormStyles } from './reason-form.styles.js';

/** The service's own limit on a note (`LIMITS.commentMaxChars` in `src/wire/schemas.ts`). */
const NOTE_MAX_CHARS = 1000;

/** The form's default texts; those of the buttons are in feedback-buttons.ts. */
const formStrings = {
  reasonLegend: 'What was wrong?',
  note: 'Add a note (optional)',
  // Not "Send" alone: under an answer, the chat's own send button is beside it.
  send: 'Send feedback',
  skip: 'Skip',
  noteTooLong:
    'Your note is {count} characters long, and {max} is the most that can be sent: shorten it, then send it.',
} satisfies Partial<FeedbackStrings>;

/** The `<feedback-buttons>` the form is in. */
type FormHost = HTMLElement & {
  requestUpdate(): void;
  readonly renderRoot: ParentNode;
  readonly updateComplete: Promise<boolean>;
};

/** The shadow roots the form's styles have joined: a form opened again adds them no more. */
const styledRoots = new WeakSet<ShadowRoot>();

/**
 * Adds the form's rules after the element's own, as Lit's adoptStyles does: a constructed style
 * sheet, which a strict CSP allows, or where there is none (Safari before 16.4) a `<style>` with
 * Lit's nonce. Written against the DOM rather than imported from Lit: a lazy chunk that imports
 * Lit has a bundler that splits code (esbuild) put Lit in a chunk of its own, apart from the
 * first load's other shared code, 218 B more of the chat's first load.
 */
function addReasonFormStyles(root: ShadowRoot): void {
  if (styledRoots.has(root)) return;
  styledRoots.add(root);
  if ('adoptedStyleSheets' in Document.prototype && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(reasonFormStyles);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  const nonce = (globalThis as { litNonce?: string }).litNonce;
  if (nonce !== undefined) style.setAttribute('nonce', nonce);
  style.textContent = reasonFormStyles;
  root.append(style);
}

/** What the visitor gave: the reason chosen, the note written; each only when given. */
export interface ReasonNote {
  reason?: string;
  comment?: string;
}

/** The reason form of one `<feedback-buttons>`, while it is open. */
export class ReasonForm {
  /** The reason chip chosen, or ''. */
  #reason = '';
  /** The note, when it was not sent as longer than the service takes. */
  readonly #tooLong = new LengthLimit(NOTE_MAX_CHARS);
  readonly #host: FormHost;
  readonly #send: (note: ReasonNote) => void;
  readonly #close: () => void;
  readonly #html: typeof litHtml;

  /** `send` posts what the visitor gave; `close` closes the form (Skip, Escape). */
  constructor(host: FormHost, send: (note: ReasonNote) => void, close: () => void, html: typeof litHtml) {
    this.#html = html;
    this.#host = host;
    this.#send = send;
    this.#close = close;
    if (host.renderRoot instanceof ShadowRoot) addReasonFormStyles(host.renderRoot);
    // The element scrolls the form into view as it opens, once drawn. In a scrolled box shorter
    // than the form (a chat's transcript at 400% zoom), the form's top went to the box's top, and
    // the thumb the visitor pressed, which keeps the focus, went out of sight above it with the
    // thanks: the form's scroll margin reaches up to the thumb, which stays in sight, the form under it.
    // An update asked for here: with none pending (the thumb pressed again once the form's code
    // came), updateComplete was already settled, and the margin was looked for before the form was drawn.
    host.requestUpdate();
    void host.updateComplete.then(() => {
      const form = host.renderRoot.querySelector('form');
      const thumb = host.renderRoot.querySelector('[part~="down-button"]');
      if (form && thumb)
        form.style.scrollMarginBlockStart = `${form.getBoundingClientRect().top - thumb.getBoundingClientRect().top}px`;
    });
  }

  #submit(event: SubmitEvent): void {
    event.preventDefault();
    const field = this.#host.renderRoot.querySelector('textarea');
    const comment = field?.value.trim() ?? '';
    // Checked, the notice shows or goes.
    this.#host.requestUpdate();
    if (this.#tooLong.refuses(comment)) {
      // Nothing is sent and the note stays whole; the focus goes to it, whose description says why.
      field?.focus();
      // Its notice, drawn under it after the focus brought the note into view, comes into view
      // too: in a chat's transcript at 200% zoom, it was cut off below the transcript's edge.
      void this.#host.updateComplete.then(() =>
        this.#host.renderRoot.querySelector('#note-notice')?.scrollIntoView({ block: 'nearest' }),
      );
      return;
    }
    this.#send({ ...(this.#reason ? { reason: this.#reason } : {}), ...(comment ? { comment } : {}) });
  }

  /**
   * Escape anywhere in the form does what Skip does, and only that: a `<dialog>` around the
   * buttons stays open, and a chat's pending answer goes on (a second Escape is theirs). An
   * Escape that ends an IME composition in the note is the input method's.
   */
  #onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || event.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    event.stopPropagation();
    this.#close();
  }

  render(strings: Partial<FeedbackStrings>, reasons: string[], busy: boolean) {
    const s = { ...formStrings, ...strings };
    const notice = this.#tooLong.notice(s.noteTooLong);
    const html = this.#html;
    return html`<form
      part="reason-form"
      class="reason-form"
      @submit=${(e: SubmitEvent) => this.#submit(e)}
      @keydown=${(e: KeyboardEvent) => this.#onKeydown(e)}
    >
      <fieldset>
        <legend>${s.reasonLegend}</legend>
        ${reasons.map(
          (reason) =>
            html`<button
              type="button"
              part="reason"
              aria-pressed=${this.#reason === reason ? 'true' : 'false'}
              @click=${() => {
                this.#reason = this.#reason === reason ? '' : reason;
                this.#host.requestUpdate();
              }}
            >
              ${reason}
            </button>`,
        )}
      </fieldset>
      <label for="note">${s.note}</label>
      <textarea
        id="note"
        part="note"
        rows="2"
        aria-describedby="note-notice"
        aria-invalid=${notice ? 'true' : 'false'}
        @focus=${(e: FocusEvent) =>
          // Tab brings only the caret's line into view: under a scrolled box's edge (a chat's
          // transcript), the rest of the field and its focus ring stayed cut off below.
          (e.target as HTMLTextAreaElement).scrollIntoView({ block: 'nearest' })}
        @input=${(e: InputEvent) => {
          // The notice counts along as the visitor shortens the note, and goes once it fits.
          if (this.#tooLong.edited((e.target as HTMLTextAreaElement).value)) this.#host.requestUpdate();
        }}
      ></textarea>
      <div id="note-notice" part="notice" ?hidden=${!notice}>${notice}</div>
      <div class="actions">
        <button type="submit" part="send-button" aria-disabled=${busy ? 'true' : 'false'}>${s.send}</button>
        <button type="button" part="skip-button" @click=${this.#close}>${s.skip}</button>
      </div>
    </form>`;
  }
}
