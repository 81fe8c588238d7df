import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { AskClient } from '../../client/create-client.js';
import type { AnswerFormat, AnswerRecord, AskMeta } from '../../wire/index.js';
import { ignore, importOnce } from '../shared/import-once.js';
import { tagListConverter } from '../shared/tag-list.js';
import { askChatStyles } from './ask-chat.styles.js';
import type * as Behaviour from './chat-behaviour.js';
import type { ChatBehaviour } from './chat-behaviour.js';
import { CLIP, SEND, icon } from './chat-icons.js';
import { shellStrings, type AskChatStrings } from './chat-strings.js';
import type { FeedbackStrings } from '../feedback-buttons/feedback-buttons.js';

/** Options of `askQuestion`, for this question only: tags in place of the chat's own (an empty list leaves them). */
export interface AskQuestionOptions {
  includeTags?: string[];
  excludeTags?: string[];
}

/** The chat's behaviour, fetched once per page; a failed fetch is tried again at the next need. */
const loadBehaviour = importOnce(
  (): Promise<typeof Behaviour> => import('./chat-behaviour.js'),
  import.meta.url,
);

/**
 * A conversation with the documentation: questions, answers rendered safely from markdown or
 * html, each with its source, a confidence cue and feedback buttons.
 *
 * This class is what a page loads first: the properties, the empty transcript with its
 * suggestions, and the composer. What the chat does (asking, answers, copy, retry, stop,
 * attachments, `persist`) is in `chat-behaviour.ts`, imported when the browser is idle after the
 * first render, or at once when the visitor comes near (focus, pointer, a key) or the page calls
 * a method. What a visitor does before it arrives is done when it does.
 *
 * @tagname ask-chat
 * @summary Ask questions about the documentation and get answers with their sources.
 *
 * @slot empty - Replaces the text shown before the first question (the suggestions stay).
 * @slot footer - Below the input: a disclaimer or a privacy note.
 *
 * @fires {CustomEvent<AskChatQuestionDetail>} ask-question - A question is about to be sent; cancelable. `detail`: `{ query, conversationId, images }`.
 * @fires {CustomEvent<AskChatAnswerDetail>} ask-answer - An answer arrived. `detail`: `{ query, record }` (the AnswerRecord).
 * @fires {CustomEvent<AskChatErrorDetail>} ask-error - A question failed. `detail`: `{ query, error, message }`.
 * @fires {CustomEvent<AskChatSourceClickDetail>} ask-source-click - A source or "See also" link was clicked; cancelable (cancel to route it yourself). `detail`: `{ record, link, title, newTab }`.
 * @fires {CustomEvent<FeedbackDetail>} ask-feedback - From the `<feedback-buttons>` under an answer. `detail`: `{ insightId, value, reason?, comment? }`.
 * @fires {CustomEvent<Record<string, never>>} ask-reset - The visitor started a new conversation. `detail`: `{}`.
 * @fires {CustomEvent<SearchBoxSearchDetail>} ask-search - The visitor chose to search instead of asking again (no `search-url`); cancelable. `detail`: `{ query }`.
 *
 * @csspart base - The whole chat.
 * @csspart header - The bar holding the "New conversation" button.
 * @csspart transcript - The `role=log` list of messages.
 * @csspart empty - What is shown before the first question.
 * @csspart suggestions - The list of suggested questions.
 * @csspart suggestion - Each suggested question's button (also `button`).
 * @csspart message - Each message (also `question` or `answer`).
 * @csspart question - A visitor's question.
 * @csspart answer - An answer, a pending answer, or an error.
 * @csspart answer-body - The sanitized answer text.
 * @csspart source - The source block under an answer.
 * @csspart source-link - The link (or, for a link that is not allowed, the text) of a source; also each document listed under a "not sure" notice.
 * @csspart source-description - The source's description.
 * @csspart asset-type - The source's asset-type label.
 * @csspart confidence - The confidence cue (its meter and label).
 * @csspart related - The "See also" line in the source block: other pages the answer was drawn from.
 * @csspart related-link - Each of its links (or, for a link that is not allowed, its text).
 * @csspart notice - "Not sure", "not found", stopped and attachment notices.
 * @csspart search-link - The link to search instead after a "not found" answer, when `search-url` is set.
 * @csspart error - The message of a failed question.
 * @csspart actions - The row of copy, retry and feedback under an answer.
 * @csspart button - Every button (also `suggestion` or one of the `*-button` parts below).
 * @csspart send-button - The button that sends the question.
 * @csspart stop-button - The button that stops a pending answer, in place of send.
 * @csspart attach-button - The button that attaches images.
 * @csspart copy-button - The button that copies an answer.
 * @csspart code-copy-button - The button on each code block of an answer that copies that block.
 * @csspart retry-button - The button that asks a failed or stopped question again.
 * @csspart new-conversation-button - The "New conversation" button.
 * @csspart new-answer-button - The "New answer" button over the bottom of the transcript, shown when an answer came while the visitor read further up.
 * @csspart search-button - The button to search instead after a "not found" answer, when `search-url` is not set.
 * @csspart remove-button - The button that removes an attached image.
 * @csspart feedback - The `<feedback-buttons>` element under each answer.
 * @csspart feedback-button - Its thumb buttons (its `button` part, exported).
 * @csspart form - The composer.
 * @csspart input - The question text area.
 * @csspart attachments - The list of attached images.
 * @csspart thumbnail - Each attached image, with its remove button.
 *
 * @attr color-scheme - `light` or `dark` keeps the element in that scheme; without it, it follows the visitor's `prefers-color-scheme`.
 *
 * @cssprop [--ask-chat-max-height=32em] - Height after which the transcript scrolls (never more than the window less 10em, unless `none`).
 * @cssprop [--ask-font=system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif] - Font family.
 * @cssprop [--ask-font-size=1rem] - Base font size.
 * @cssprop [--ask-radius=0.5rem] - Corner radius (half of `--ask-font-size` when a page sets it).
 * @cssprop [--ask-space=0.5rem] - Base spacing unit (half of `--ask-font-size` when a page sets it).
 * @cssprop [--ask-color-text=#1c1e21] - Text colour (dark default `#e6e6e9`).
 * @cssprop [--ask-color-muted=#5a5f66] - Secondary text colour (dark default `#a5a9b0`).
 * @cssprop [--ask-color-bg=#ffffff] - Background (dark default `#1b1b1f`).
 * @cssprop [--ask-color-surface=#f4f5f7] - Background of answers (dark default `#26272c`).
 * @cssprop [--ask-color-border=#c9ccd1] - Borders (dark default `#4a4d55`).
 * @cssprop [--ask-color-accent=#3451b2] - Buttons, links, the confidence meter and the visitor's messages (dark default `#a8b1ff`).
 * @cssprop [--ask-color-accent-text=#ffffff] - Text on the accent colour (dark default `#121212`).
 * @cssprop [--ask-color-error=#b3261e] - Error messages and attachment notices (dark default `#ffb4ab`).
 * @cssprop [--ask-color-focus=#3451b2] - Focus ring colour (dark default `#a8b1ff`).
 */
export class AskChat extends LitElement {
  static override styles = askChatStyles;

  static override shadowRootOptions: ShadowRootInit = {
    ...LitElement.shadowRootOptions,
    delegatesFocus: true,
  };

  static override properties = {
    client: { attribute: false },
    baseUrl: { attribute: 'base-url' },
    apiKey: { attribute: 'api-key' },
    format: {},
    minRelevance: { type: Number, attribute: 'min-relevance' },
    persist: { type: Boolean },
    storageKey: { attribute: 'storage-key' },
    meta: { attribute: false },
    askAttributes: { attribute: false },
    includeTags: { attribute: 'include-tags', converter: tagListConverter },
    excludeTags: { attribute: 'exclude-tags', converter: tagListConverter },
    suggestions: { type: Array },
    copyAs: { attribute: 'copy-as' },
    feedbackReason: { type: Boolean, attribute: 'feedback-reason' },
    searchUrl: { attribute: 'search-url' },
    strings: { attribute: false },
    feedbackStrings: { attribute: false },
    feedbackReasons: { attribute: false },
    _notice: { state: true },
    _id: { attribute: 'id' },
  };

  /** The client to ask with; wins over `base-url`/`api-key`. */
  declare client: AskClient | undefined;
  /** Origin of the service; else the nearest `data-ask-base-url` ancestor; with neither, the default client when there is no API key either, else the page's origin. */
  declare baseUrl: string | undefined;
  /** The agent's API key, sent in the body of each request; else the nearest `data-ask-api-key` ancestor. */
  declare apiKey: string | undefined;
  /** Format asked of the service and rendered: `markdown` (default) or `html`. */
  declare format: AnswerFormat;
  /** Answers whose relevanceScore (0–100) is below this show a "not sure" notice with the sources instead. 0 shows all. */
  declare minRelevance: number;
  /** Keep the conversation in sessionStorage, so that it survives a reload of the tab. */
  declare persist: boolean;
  /** Name of the saved conversation, for pages with more than one chat; defaults to the element's id, else `default`. */
  declare storageKey: string | undefined;
  /** Page context sent with each question; when unset, the page's title, URL, language and referrer. */
  declare meta: AskMeta | undefined;
  /** Personalisation data sent as the request's `attributes` (named so to keep `Element.attributes`). */
  declare askAttributes: Record<string, unknown> | undefined;
  /** Only documents with one of these tags answer (`include-tags="guides,api"`). */
  declare includeTags: string[];
  /** Documents with one of these tags never answer. */
  declare excludeTags: string[];
  /** Questions offered before the first one (JSON array in the attribute). */
  declare suggestions: string[];
  /** What "Copy" puts on the clipboard: `markdown` (the answer's source, default) or `text`. */
  declare copyAs: 'markdown' | 'text';
  /** After a thumbs-down, ask the visitor what was wrong. */
  declare feedbackReason: boolean;
  /** Search page for "not found" answers, `{query}` replaced: `/search?q={query}`. */
  declare searchUrl: string | undefined;
  /** Texts to replace, merged over the English defaults. */
  declare strings: Partial<AskChatStrings>;
  /** Texts of the `<feedback-buttons>` under each answer, merged over their English defaults. */
  declare feedbackStrings: Partial<FeedbackStrings>;
  /** The reason chips of `feedback-reason` under each answer; unset, the feedback buttons' English five. */
  declare feedbackReasons: string[] | undefined;
  /**
   * What the composer's notice says until the behaviour is here: that a question sent meanwhile is
   * on its way (`sending`), or that the behaviour could not be fetched (`networkError`). Also the
   * notice's class: `sending` is drawn as progress, not in the error colour (ask-chat.styles.ts).
   */
  declare private _notice: '' | 'sending' | 'networkError';
  /** `id`, observed: it names the saved conversation when there is no `storage-key`, and may change. */
  declare private _id: string | null;

  #behaviour: ChatBehaviour | undefined;

  constructor() {
    super();
    this.format = 'markdown';
    this.minRelevance = 0;
    this.persist = false;
    this.includeTags = [];
    this.excludeTags = [];
    this.suggestions = [];
    this.copyAs = 'markdown';
    this.feedbackReason = false;
    this.strings = {};
    this.feedbackStrings = {};
    this._notice = '';
    // A visitor coming near the chat: the behaviour is fetched before they can send anything.
    for (const type of ['focusin', 'pointerenter', 'keydown']) this.addEventListener(type, this.#prefetch);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Put back on the page: a saved conversation whose behaviour could not be fetched is tried again.
    if (this.hasUpdated && this.persist) this.#prefetch();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A saved conversation is shown as soon as it can be: at the first update, when `persist` set
    // as a property before the element was defined (as frameworks do) is in place.
    if (changed.has('persist') && this.persist) this.#prefetch();
  }

  protected override firstUpdated(): void {
    const whenIdle = globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
    whenIdle(this.#prefetch, { timeout: 2000 });
  }

  /**
   * Asks `query` as if the visitor had typed it (the hand-off of `<search-box>`'s "Ask AI about
   * …"). Works as soon as the element is upgraded. Resolves with the answer record, or undefined
   * when the question was cancelled, stopped, failed or too long (the chat shows why).
   */
  async askQuestion(query: string, options: AskQuestionOptions = {}): Promise<AnswerRecord | undefined> {
    // Until the behaviour is here the question waits in the input, in view, with the notice that
    // it is on its way, and stays there if it can't be fetched, as a typed one does.
    const input = this.#behaviour ? null : this.#input;
    if (input) {
      if (!input.value.trim()) input.value = query;
      this._notice = 'sending';
    }
    const behaviour = this.#behaviour ?? (await this.#load().catch(() => this.#unreachable()));
    if (behaviour && input?.value === query) input.value = '';
    return behaviour?.askQuestion(query, options);
  }

  /** Focuses the question input: the first control, "New conversation", is not where a visitor goes. */
  override focus(options?: FocusOptions): void {
    const input = this.#input;
    if (input) input.focus(options);
    else super.focus(options);
  }

  /** Starts a new conversation: forgets the turns, the conversationId and the saved copy. */
  reset(): void {
    this.#with((behaviour) => behaviour.reset());
  }

  get #strings(): typeof shellStrings & Partial<AskChatStrings> {
    return { ...shellStrings, ...this.strings };
  }

  get #input(): HTMLTextAreaElement | null {
    // No render root before the element is first connected (created in code, askQuestion() at once).
    return this.renderRoot?.querySelector('textarea');
  }

  readonly #prefetch = (): void => void this.#load().catch(ignore);

  /** The behaviour, once per element; the module is fetched once per page, and again after a failure. */
  #load(): Promise<ChatBehaviour> {
    return loadBehaviour().then(({ ChatBehaviour }) => {
      this._notice = '';
      return (this.#behaviour ??= new ChatBehaviour(this));
    });
  }

  /**
   * Runs `action` on the behaviour: at once when it is here, else when it arrives (for a question,
   * `sending`: the notice says it is on its way meanwhile, on a slow network a few seconds).
   */
  #with(action: (behaviour: ChatBehaviour) => unknown, sending?: boolean): void {
    if (this.#behaviour) return void action(this.#behaviour);
    if (sending) this._notice = 'sending';
    this.#load().then(action, () => this.#unreachable());
  }

  /** The behaviour could not be fetched: say so; what was typed stays in the input. */
  #unreachable(): undefined {
    this._notice = 'networkError';
    return undefined;
  }

  #send(): void {
    const text = this.#input?.value ?? '';
    // Without a question, only images attached (the behaviour has come with them) ask for one.
    if (text.trim() || this.#behaviour) this.#with((behaviour) => behaviour.send(text), true);
  }

  /** The suggestions go once a question is asked: the focus goes to the input, as after sending. */
  #askSuggestion(question: string): void {
    this.#with((behaviour) => behaviour.askQuestion(question), true);
    this.#input?.focus();
  }

  #onKeydown(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      this.#send();
    } else if (
      event.key === 'Escape' &&
      !event.isComposing &&
      event.keyCode !== 229 &&
      this.#behaviour?.pending
    ) {
      // Escape stops the answer, and only that: a dialog around the chat stays open (a second
      // Escape closes it). An Escape that ends an IME composition is the input method's.
      event.preventDefault();
      event.stopPropagation();
      this.#behaviour.stop();
    }
  }

  #onPaste(event: ClipboardEvent): void {
    const files = Array.from(event.clipboardData?.files ?? []);
    if (files.length === 0) return;
    // A screenshot pastes as a file; text that also carries files (an office document) stays text.
    if (!event.clipboardData?.getData('text/plain')) {
      event.preventDefault();
      this.#with((behaviour) => behaviour.attach(files));
    }
  }

  /**
   * Files dragged over the chat may be dropped anywhere on it (see #onDrop). Text is left to the
   * browser, which drops it into the question field: taken for the chat, it was dropped nowhere.
   */
  #onDragover(event: DragEvent): void {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  }

  #onDrop(event: DragEvent): void {
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length === 0) return;
    event.preventDefault();
    this.#with((behaviour) => behaviour.attach(files));
  }

  #onFiles(event: Event): void {
    const input = event.target as HTMLInputElement;
    const files = Array.from(input.files ?? []);
    input.value = '';
    this.#with((behaviour) => behaviour.attach(files));
  }

  protected override render() {
    const s = this.#strings;
    const behaviour = this.#behaviour;
    const notice = behaviour ? behaviour.notice : this._notice && s[this._notice];
    return html`<div part="base" class="base" @dragover=${this.#onDragover} @drop=${this.#onDrop}>
      ${behaviour?.renderHeader()}
      <div
        part="transcript"
        class="transcript"
        role="log"
        aria-live="off"
        aria-label=${s.transcriptLabel}
        tabindex=${behaviour?.turns.length ? 0 : -1}
      >
        <div part="empty" class="empty" ?hidden=${!!behaviour?.turns.length}>
          <slot name="empty"><p>${s.empty}</p></slot>
          ${
            // An attribute that is not a JSON array (the behaviour warns) offers none.
            Array.isArray(this.suggestions) && this.suggestions.length > 0
              ? html`<ul part="suggestions" class="suggestions" aria-label=${s.suggestionsLabel}>
                  ${this.suggestions.map(
                    // Each in the direction of its own text, as the questions in the transcript:
                    // "What is c++?" on an Arabic page showed as "?++What is c".
                    (question) =>
                      html`<li>
                        <button
                          part="button suggestion"
                          type="button"
                          dir="auto"
                          @click=${() => this.#askSuggestion(question)}
                        >
                          ${question}
                        </button>
                      </li>`,
                  )}
                </ul>`
              : nothing
          }
        </div>
        ${behaviour?.renderTurns()}
      </div>
      <div class="visually-hidden" role="status">${behaviour ? behaviour.announcement : notice}</div>
      <form part="form" class="form" @submit=${(e: SubmitEvent) => (e.preventDefault(), this.#send())}>
        ${behaviour?.renderAttachments()}
        <p id="notice" part="notice" class="attach-notice ${this._notice}" ?hidden=${!notice}>${notice}</p>
        <div class="composer">
          <textarea
            id="input"
            part="input"
            rows="1"
            aria-label=${s.inputLabel}
            aria-describedby="notice"
            placeholder=${s.placeholder}
            @keydown=${this.#onKeydown}
            @paste=${this.#onPaste}
          ></textarea>
          <input
            id="files"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp,image/avif"
            multiple
            hidden
            @change=${this.#onFiles}
          />
          <button
            part="button attach-button"
            type="button"
            title=${s.attach}
            aria-label=${s.attach}
            @click=${() => this.renderRoot.querySelector<HTMLInputElement>('#files')?.click()}
          >
            ${icon(CLIP)}
          </button>
          ${
            behaviour?.pending
              ? behaviour.renderStop()
              : html`<button part="button send-button" type="submit" title=${s.send} aria-label=${s.send}>
                  ${icon(SEND)}
                </button>`
          }
        </div>
        <slot name="footer"></slot>
      </form>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'ask-chat': AskChat;
  }
}
