import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { Task, TaskStatus } from '@lit/task';
import { createChatClient, type ChatClient } from '../../client/chat-client.js';
import type { AskClient } from '../../client/create-client.js';
import { isAbortError } from '../../client/errors.js';
import type { AnswerFormat, AnswerRecord, AskMeta, AskRequest, FeedbackValue } from '../../wire/index.js';
import { loadRenderer, renderAnswer } from '../../render/answer-renderer.js';
import { resolveClientWith } from '../shared/connection.js';
import { emit } from '../shared/events.js';
import { isAllowedUrl } from '../shared/safe-url.js';
import { fill, freshAnnouncement } from '../shared/strings.js';
import { tagListConverter } from '../shared/tag-list.js';
import { askChatStyles } from './ask-chat.styles.js';
import { defaultChatStrings, type AskChatStrings } from './chat-strings.js';
import type * as ConversationStorage from './conversation-storage.js';
import type { ChatTurn } from './conversation-storage.js';
import { describeError } from './error-messages.js';
import type { ImageAttachment } from './image-attachments.js';
import { pageMeta } from './page-meta.js';
// Register nothing: the types of the element rendered under each answer and of the page's search box.
import type {} from '../feedback-buttons/feedback-buttons.js';
import type {} from '../search-box/search-box.js';

/** Options of `askQuestion`, for this question only. */
export interface AskQuestionOptions {
  includeTags?: string[];
  excludeTags?: string[];
}

/** sessionStorage, for `persist`: fetched when a chat first persists; a failed fetch is tried again. */
let storage: Promise<typeof ConversationStorage> | undefined;
const loadStorage = (): Promise<typeof ConversationStorage> =>
  (storage ??= import('./conversation-storage.js').catch((error: unknown) => {
    storage = undefined;
    throw error;
  }));

let turnCounter = 0;
const newTurnId = () => `t${Date.now().toString(36)}${(turnCounter++).toString(36)}`;

const icon = (path: string) =>
  html`<svg viewBox="0 0 24 24" aria-hidden="true">
    <path
      d=${path}
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
    />
  </svg>`;
const SEND = 'M4 12l16-8-6 16-3-7z';
const STOP = 'M7 7h10v10H7z';
const CLIP = 'M20 11l-8 8a5 5 0 0 1-7-7l8-8a3.5 3.5 0 0 1 5 5l-8 8a2 2 0 0 1-3-3l7-7';

/**
 * A conversation with the documentation: questions, answers rendered safely from markdown or
 * html, each with its source, a confidence cue and feedback buttons.
 *
 * @tagname ask-chat
 * @summary Ask questions about the documentation and get answers with their sources.
 *
 * @slot empty - Replaces the text shown before the first question (the suggestions stay).
 * @slot footer - Below the input: a disclaimer or a privacy note.
 *
 * @fires ask-question - A question is about to be sent; cancelable. `detail`: `{ query, conversationId, images }`.
 * @fires ask-answer - An answer arrived. `detail`: `{ query, record }` (the AnswerRecord).
 * @fires ask-error - A question failed. `detail`: `{ query, error, message }`.
 * @fires ask-source-click - A source link was clicked; cancelable (cancel to route it yourself). `detail`: `{ record, link, title }`.
 * @fires ask-feedback - From the `<feedback-buttons>` under an answer. `detail`: `{ insightId, value, reason?, comment? }`.
 * @fires ask-reset - The visitor started a new conversation.
 * @fires ask-search - The visitor chose to search instead of asking again (no `search-url`); cancelable. `detail`: `{ query }`.
 *
 * @csspart base - The whole chat.
 * @csspart header - The bar holding the "New conversation" button.
 * @csspart transcript - The `role=log` list of messages.
 * @csspart empty - What is shown before the first question.
 * @csspart suggestions - The list of suggested questions; `suggestion` for each button.
 * @csspart message - Each message (also `question` or `answer`).
 * @csspart question - A visitor's question.
 * @csspart answer - An answer, a pending answer, or an error.
 * @csspart answer-body - The sanitized answer text.
 * @csspart source - The source block: `source-link`, `source-description`, `asset-type`, `confidence`.
 * @csspart notice - "Not sure", "not found", stopped and attachment notices.
 * @csspart error - The message of a failed question.
 * @csspart actions - The row of copy, retry and feedback under an answer.
 * @csspart button - Every button (also `send-button`, `stop-button`, `attach-button`, `copy-button`, `retry-button`, `new-conversation-button`).
 * @csspart feedback - The `<feedback-buttons>` element under each answer.
 * @csspart form - The composer.
 * @csspart input - The question text area.
 * @csspart attachments - The thumbnails of attached images; `thumbnail` for each.
 *
 * @cssprop --ask-chat-max-height - Height after which the transcript scrolls (default 32rem).
 * @cssprop --ask-color-accent - Buttons, links and the visitor's messages.
 * @cssprop --ask-color-surface - Background of answers.
 * @cssprop --ask-color-text - Text colour.
 * @cssprop --ask-color-bg - Background.
 * @cssprop --ask-color-border - Borders.
 * @cssprop --ask-color-error - Error text.
 * @cssprop --ask-radius - Corner radius.
 * @cssprop --ask-font - Font family.
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
    _turns: { state: true },
    _draft: { state: true },
    _attachments: { state: true },
    _notice: { state: true },
    _announcement: { state: true },
    _copied: { state: true },
  };

  /** The client to ask with; wins over `base-url`/`api-key`. */
  declare client: AskClient | undefined;
  /** Origin of the service, when not the page's own. */
  declare baseUrl: string | undefined;
  /** The agent's API key, sent in the body of each request. */
  declare apiKey: string | undefined;
  /** Format asked of the service and rendered: `markdown` (default) or `html`. */
  declare format: AnswerFormat;
  /** Answers whose relevanceScore (0–100) is below this show a "not sure" notice with the sources instead. 0 shows all. */
  declare minRelevance: number;
  /** Keep the conversation in sessionStorage, so that it survives a reload of the tab. */
  declare persist: boolean;
  /** Name of the saved conversation, for pages with more than one chat; defaults to the element's id. */
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
  declare private _turns: ChatTurn[];
  declare private _draft: string;
  declare private _attachments: ImageAttachment[];
  declare private _notice: string;
  declare private _announcement: string;
  declare private _copied: string;

  #conversationId = '';
  #restored = false;
  /** The saved conversation being read (persist); questions wait for it, to continue it. */
  #restoring: Promise<void> | undefined;
  #copiedTimer: ReturnType<typeof setTimeout> | undefined;
  /** The sanitized answer of each turn, rendered once and kept as a node. */
  readonly #answers = new Map<string, HTMLElement>();

  readonly #ask = new Task(this, {
    autoRun: false,
    task: async ([turn]: readonly [ChatTurn], { signal }) => this.#answer(turn, signal),
  });

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
    this._turns = [];
    this._draft = '';
    this._attachments = [];
    this._notice = '';
    this._announcement = '';
    this._copied = '';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.persist && !this.#restored) this.#restore();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#copiedTimer);
    this._copied = '';
  }

  protected override updated(changed: PropertyValues): void {
    // The latest question comes to the top of the transcript when it is asked and when its answer
    // arrives (then there is room below it); a vote or an older turn leaves the scroll alone.
    const [before, now] = [(changed.get('_turns') as ChatTurn[] | undefined)?.at(-1), this._turns.at(-1)];
    if (changed.has('_turns') && now && (now.id !== before?.id || now.status !== before.status)) {
      const transcript = this.renderRoot.querySelector('[part~="transcript"]');
      const last = Array.from(this.renderRoot.querySelectorAll('[part~="question"]')).at(-1);
      if (transcript && last)
        transcript.scrollTop += last.getBoundingClientRect().top - transcript.getBoundingClientRect().top - 8;
    }
  }

  /**
   * Asks `query` as if the visitor had typed it (the hand-off of `<search-box>`'s "Ask AI about
   * …"). Works as soon as the element is upgraded. Resolves with the answer record, or undefined
   * when the question was cancelled, stopped or failed (the chat shows why).
   */
  async askQuestion(query: string, options: AskQuestionOptions = {}): Promise<AnswerRecord | undefined> {
    return this.#start(query, [], options) ?? undefined;
  }

  /** Starts a new conversation: forgets the turns, the conversationId and the saved copy. */
  reset(): void {
    this.#ask.abort();
    this._turns = [];
    this.#conversationId = '';
    this.#answers.clear();
    this._attachments = [];
    this._notice = '';
    this.#restoring = undefined;
    const name = this.#storageName;
    if (name) loadStorage().then(({ clearConversation }) => clearConversation(name), ignore);
  }

  get #strings(): AskChatStrings {
    return { ...defaultChatStrings, ...this.strings };
  }

  get #pending(): boolean {
    return this.#ask.status === TaskStatus.PENDING;
  }

  /** The client of the question and of the feedback buttons under each answer. */
  get #client(): ChatClient {
    return resolveClientWith<ChatClient>(this, createChatClient);
  }

  get #storageName(): string | undefined {
    return this.persist ? this.storageKey || this.id || 'default' : undefined;
  }

  get #input(): HTMLTextAreaElement | null {
    return this.renderRoot.querySelector('textarea');
  }

  /** Adds a turn and asks; null when there is nothing to ask or a listener cancelled it. */
  #start(
    rawQuery: string,
    images: string[],
    options: AskQuestionOptions,
  ): Promise<AnswerRecord | undefined> | null {
    const query = rawQuery.trim();
    if (!query) return null;
    const detail = { query, conversationId: this.#conversationId, images: images.length };
    if (!emit(this, 'question', detail, { cancelable: true })) return null;
    const turn: ChatTurn = {
      id: newTurnId(),
      query,
      images,
      format: this.format === 'html' ? 'html' : 'markdown',
      includeTags: options.includeTags ?? this.includeTags,
      excludeTags: options.excludeTags ?? this.excludeTags,
      status: 'pending',
    };
    this._turns = [...this._turns, turn];
    return this.#run(turn);
  }

  async #run(turn: ChatTurn): Promise<AnswerRecord | undefined> {
    // marked and DOMPurify download while the service thinks.
    loadRenderer().catch(() => undefined);
    await this.#ask.run([turn]);
    return this._turns.find((t) => t.id === turn.id)?.record;
  }

  async #answer(turn: ChatTurn, signal: AbortSignal): Promise<void> {
    const strings = this.#strings;
    await this.#restoring;
    const request: Omit<AskRequest, 'apiKey'> = {
      query: turn.query,
      format: turn.format,
      conversationId: this.#conversationId,
      meta: this.meta ?? pageMeta(),
    };
    if (this.askAttributes) request.attributes = this.askAttributes;
    if (turn.images.length > 0) request.base64Images = turn.images;
    if (turn.includeTags?.length) request.includeTags = turn.includeTags;
    if (turn.excludeTags?.length) request.excludeTags = turn.excludeTags;
    let record: AnswerRecord;
    try {
      record = await this.#client.ask(request, { signal });
      await this.#renderAnswer(turn.id, record.answer, turn.format);
    } catch (error) {
      if (signal.aborted || isAbortError(error)) {
        this.#settle(turn, { status: 'stopped' });
        this.#announce(strings.stopped);
      } else {
        const message = describeError(error, strings);
        this.#settle(turn, { status: 'error', error: message });
        this.#announce(message);
        emit(this, 'error', { query: turn.query, error, message });
      }
      // The question goes back into an empty input, so that nothing typed is ever lost.
      if (!this._draft) this._draft = turn.query;
      if (this._attachments.length === 0 && turn.images.length > 0)
        this._attachments = turn.images.map((dataUri, i) => ({ name: `image ${i + 1}`, dataUri }));
      return;
    }
    if (signal.aborted) return this.#settle(turn, { status: 'stopped' });
    this.#conversationId = record.conversationId;
    this.#settle(turn, { status: 'answered', record, feedback: null });
    this.#announce(strings.answerReady);
    emit(this, 'answer', { query: turn.query, record });
  }

  async #renderAnswer(id: string, text: string, format: AnswerFormat): Promise<void> {
    const body = document.createElement('div');
    body.setAttribute('part', 'answer-body');
    body.className = 'answer-body';
    body.append(await renderAnswer(text, format));
    this.#answers.set(id, body);
  }

  #settle(turn: ChatTurn, change: Partial<ChatTurn>): void {
    this._turns = this._turns.map((t) => (t.id === turn.id ? { ...t, ...change } : t));
    this.#save();
  }

  #save(): void {
    const name = this.#storageName;
    const conversation = { conversationId: this.#conversationId, turns: this._turns };
    if (name) loadStorage().then(({ saveConversation }) => saveConversation(name, conversation), ignore);
  }

  #restore(): void {
    this.#restored = true;
    const name = this.#storageName;
    if (!name) return;
    const restoring: Promise<void> = loadStorage().then(({ loadConversation }) => {
      const saved = loadConversation(name);
      // Nothing saved, or the visitor started a new conversation meanwhile.
      if (!saved || this.#restoring !== restoring) return;
      // A question asked before the conversation was read (askQuestion) comes after the saved ones.
      this._turns = [...saved.turns, ...this._turns];
      if (!this.#conversationId) this.#conversationId = saved.conversationId;
      for (const turn of saved.turns) {
        if (turn.status === 'answered' && turn.record)
          this.#renderAnswer(turn.id, turn.record.answer, turn.format).then(
            () => this.requestUpdate(),
            ignore,
          );
      }
    }, ignore);
    this.#restoring = restoring;
  }

  #announce(message: string): void {
    this._announcement = freshAnnouncement(message, this._announcement);
  }

  #send(): void {
    if (this.#pending || !this._draft.trim()) return;
    const images = this._attachments.map((image) => image.dataUri);
    // Cancelled by a listener of ask-question: the text and images stay where they are.
    if (this.#start(this._draft, images, {}) === null) return;
    this._draft = '';
    this._attachments = [];
    this._notice = '';
    this.#input?.focus();
  }

  #retry(turn: ChatTurn): void {
    if (this.#pending) return;
    if (this._draft.trim() === turn.query) this._draft = '';
    if (this._attachments.every((a) => turn.images.includes(a.dataUri))) this._attachments = [];
    const again: ChatTurn = { ...turn, status: 'pending', error: undefined };
    this._turns = this._turns.map((t) => (t.id === turn.id ? again : t));
    void this.#run(again);
    this.#input?.focus();
  }

  #onKeydown(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      this.#send();
    } else if (event.key === 'Escape' && this.#pending) {
      this.#ask.abort();
    }
  }

  async #attach(files: Iterable<File>): Promise<void> {
    const s = this.#strings;
    // Fetched the first time a visitor attaches an image.
    const { readImages, MAX_IMAGE_BYTES, MAX_IMAGES } = await import('./image-attachments.js');
    const { accepted, rejected } = await readImages(files, this._attachments.length);
    this._attachments = [...this._attachments, ...accepted];
    const messages = rejected.map(({ name, reason }) =>
      reason === 'type'
        ? fill(s.notAnImage, { name })
        : reason === 'size'
          ? fill(s.imageTooLarge, { name, max: MAX_IMAGE_BYTES / 1024 / 1024 })
          : fill(s.tooManyImages, { max: MAX_IMAGES }),
    );
    this._notice = [...new Set(messages)].join(' ');
    if (this._notice) this.#announce(this._notice);
  }

  #onPaste(event: ClipboardEvent): void {
    const files = Array.from(event.clipboardData?.files ?? []);
    if (files.length === 0) return;
    // A screenshot pastes as a file; text that also carries files (an office document) stays text.
    if (!event.clipboardData?.getData('text/plain')) {
      event.preventDefault();
      void this.#attach(files);
    }
  }

  #onDrop(event: DragEvent): void {
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length === 0) return;
    event.preventDefault();
    void this.#attach(files);
  }

  #onFiles(event: Event): void {
    const input = event.target as HTMLInputElement;
    void this.#attach(Array.from(input.files ?? []));
    input.value = '';
  }

  #removeAttachment(index: number): void {
    this._attachments = this._attachments.filter((_, i) => i !== index);
    this._notice = '';
    this.#input?.focus();
  }

  async #copy(turn: ChatTurn): Promise<void> {
    const s = this.#strings;
    const text =
      this.copyAs === 'text' || turn.format === 'html'
        ? (this.#answers.get(turn.id)?.innerText ?? '')
        : (turn.record?.answer ?? '');
    try {
      await navigator.clipboard.writeText(text.trim());
      this._copied = turn.id;
      this.#announce(s.copied);
      clearTimeout(this.#copiedTimer);
      this.#copiedTimer = setTimeout(() => (this._copied = ''), 2000);
    } catch {
      this.#announce(s.copyFailed);
    }
  }

  #onFeedback(turn: ChatTurn, event: CustomEvent<{ value: FeedbackValue }>): void {
    this.#settle(turn, { feedback: event.detail.value });
  }

  #onNewConversation(): void {
    this.reset();
    emit(this, 'reset', {});
    this.#input?.focus();
  }

  #onSourceClick(event: MouseEvent, record: AnswerRecord, link: string, title: string): void {
    if (!emit(this, 'source-click', { record, link, title }, { cancelable: true })) event.preventDefault();
  }

  #onSearch(query: string): void {
    if (!emit(this, 'search', { query }, { cancelable: true })) return;
    // Nobody took it: hand the query to a <search-box> of the page, if there is one.
    const box = document.querySelector('search-box');
    if (box) {
      box.query = query;
      box.show();
    }
  }

  #link(record: AnswerRecord, link: string, title: string, part: string) {
    const text = title || link;
    return isAllowedUrl(link)
      ? html`<a
          part=${part}
          href=${link}
          target="_blank"
          rel="noopener noreferrer"
          @click=${(event: MouseEvent) => this.#onSourceClick(event, record, link, text)}
          >${text}</a
        >`
      : html`<span part=${part}>${text}</span>`;
  }

  #renderSource(record: AnswerRecord) {
    const s = this.#strings;
    const score = Math.round(record.relevanceScore);
    const [level, label] =
      score >= 70
        ? ['high', s.confidenceHigh]
        : score >= 40
          ? ['medium', s.confidenceMedium]
          : ['low', s.confidenceLow];
    return html`<div part="source" class="source">
      <span class="source-label">${s.source}:</span>
      ${this.#link(record, record.link, record.title, 'source-link')}
      ${record.assetType ? html`<span part="asset-type" class="badge">${record.assetType}</span>` : nothing}
      <span part="confidence" class="confidence" data-level=${level}
        ><span class="meter" aria-hidden="true"><i></i><i></i><i></i></span>${fill(label, {
          score,
        })}</span
      >
      ${
        record.description
          ? html`<p part="source-description" class="description">${record.description}</p>`
          : nothing
      }
    </div>`;
  }

  /** The source and up to three other documents the answer was drawn from, each once. */
  #renderDocuments(record: AnswerRecord) {
    const seen = new Set<string>();
    const documents = [{ link: record.link, title: record.title }, ...(record.context?.passages ?? [])]
      .filter(({ link }) => link && !seen.has(link) && seen.add(link))
      .slice(0, 4);
    return html`<ul class="documents">
      ${documents.map(({ link, title }) => html`<li>${this.#link(record, link, title, 'source-link')}</li>`)}
    </ul>`;
  }

  #renderAnswerTurn(turn: ChatTurn, client: ChatClient) {
    const s = this.#strings;
    const record = turn.record;
    if (turn.status === 'pending')
      return html`<p class="thinking"><span class="dots" aria-hidden="true"></span>${s.thinking}</p>`;
    if (turn.status !== 'answered' || !record)
      return html`<p part=${turn.status === 'error' ? 'error' : 'notice'} class=${turn.status}>
          ${turn.status === 'error' ? turn.error : s.stopped}
        </p>
        <div part="actions" class="actions">
          <button part="button retry-button" type="button" @click=${() => this.#retry(turn)}>
            ${s.retry}
          </button>
        </div>`;
    if (!record.didAnswer) {
      const href = this.searchUrl ? fill(this.searchUrl, { query: encodeURIComponent(turn.query) }) : '';
      const label = fill(s.searchInstead, { query: turn.query });
      return html`<p part="notice" class="notice">${s.notFound}</p>
        ${
          href && isAllowedUrl(href)
            ? html`<a part="search-link" href=${href}>${label}</a>`
            : html`<button
                part="button search-button"
                type="button"
                @click=${() => this.#onSearch(turn.query)}
              >
                ${label}
              </button>`
        }`;
    }
    const body = this.#answers.get(turn.id) ?? nothing;
    const unsure = this.minRelevance > 0 && record.relevanceScore < this.minRelevance;
    return html`${
        unsure
          ? html`<p part="notice" class="notice">${s.notSure}</p>
              ${this.#renderDocuments(record)}
              <details>
                <summary>${s.showAnyway}</summary>
                ${body}
              </details>`
          : html`${body}${this.#renderSource(record)}`
      }
      <div part="actions" class="actions">
        <button part="button copy-button" type="button" @click=${() => this.#copy(turn)}>
          ${this._copied === turn.id ? s.copied : s.copy}
        </button>
        <feedback-buttons
          part="feedback"
          exportparts="button: feedback-button"
          .client=${client}
          insight-id=${record.insightId}
          .value=${turn.feedback ?? null}
          ?ask-reason=${this.feedbackReason}
          @ask-feedback=${(event: CustomEvent<{ value: FeedbackValue }>) => this.#onFeedback(turn, event)}
        ></feedback-buttons>
      </div>`;
  }

  protected override render() {
    const s = this.#strings;
    const pending = this.#pending;
    const empty = this._turns.length === 0;
    // Once per render, not once per answer: the feedback buttons of every answer share it.
    const client = this.#client;
    return html`<div
      part="base"
      class="base"
      @dragover=${(e: DragEvent) => e.preventDefault()}
      @drop=${this.#onDrop}
    >
      <div part="header" class="header" ?hidden=${empty}>
        <button part="button new-conversation-button" type="button" @click=${this.#onNewConversation}>
          ${s.newConversation}
        </button>
      </div>
      <div
        part="transcript"
        class="transcript"
        role="log"
        aria-live="off"
        aria-label=${s.transcriptLabel}
        tabindex="-1"
      >
        <div part="empty" class="empty" ?hidden=${!empty}>
          <slot name="empty"><p>${s.empty}</p></slot>
          ${
            this.suggestions.length > 0
              ? html`<ul part="suggestions" class="suggestions" aria-label=${s.suggestionsLabel}>
                  ${this.suggestions.map(
                    (question) =>
                      html`<li>
                        <button
                          part="button suggestion"
                          type="button"
                          @click=${() => void this.#start(question, [], {})}
                        >
                          ${question}
                        </button>
                      </li>`,
                  )}
                </ul>`
              : nothing
          }
        </div>
        ${this._turns.map(
          (turn) =>
            html`<article part="message question" class="question" aria-label=${s.you}>
                <p>${turn.query}</p>
                ${
                  turn.images.length > 0
                    ? html`<div class="sent-images">
                        ${turn.images
                          .filter((uri) => isAllowedUrl(uri, { allowDataImage: true }))
                          .map((uri, i) => html`<img src=${uri} alt=${`${s.attachmentsLabel} ${i + 1}`} />`)}
                      </div>`
                    : nothing
                }
              </article>
              <article
                part="message answer"
                class="answer"
                aria-label=${s.answer}
                aria-busy=${turn.status === 'pending' ? 'true' : 'false'}
              >
                ${this.#renderAnswerTurn(turn, client)}
              </article>`,
        )}
      </div>
      <div class="visually-hidden" role="status">${this._announcement}</div>
      <form part="form" class="form" @submit=${(e: SubmitEvent) => (e.preventDefault(), this.#send())}>
        ${
          this._attachments.length > 0
            ? html`<ul part="attachments" class="attachments" aria-label=${s.attachmentsLabel}>
                ${this._attachments.map(
                  (image, i) =>
                    html`<li part="thumbnail">
                      <img
                        src=${isAllowedUrl(image.dataUri, { allowDataImage: true }) ? image.dataUri : ''}
                        alt=${image.name}
                      />
                      <button
                        part="button remove-button"
                        type="button"
                        aria-label=${fill(s.removeImage, { name: image.name })}
                        @click=${() => this.#removeAttachment(i)}
                      >
                        ×
                      </button>
                    </li>`,
                )}
              </ul>`
            : nothing
        }
        <p part="notice" class="attach-notice" ?hidden=${!this._notice}>${this._notice}</p>
        <div class="composer">
          <label class="visually-hidden" for="input">${s.inputLabel}</label>
          <textarea
            id="input"
            part="input"
            rows="1"
            maxlength="1000"
            placeholder=${s.placeholder}
            .value=${this._draft}
            @input=${(e: InputEvent) => (this._draft = (e.target as HTMLTextAreaElement).value)}
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
            pending
              ? html`<button
                  part="button stop-button"
                  type="button"
                  title=${s.stop}
                  aria-label=${s.stop}
                  @click=${() => (this.#ask.abort(), this.#input?.focus())}
                >
                  ${icon(STOP)}
                </button>`
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

function ignore(): void {}

declare global {
  interface HTMLElementTagNameMap {
    'ask-chat': AskChat;
  }
}
