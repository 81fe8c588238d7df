import { LitElement, html, nothing } from 'lit';
import type { PropertyValues, TemplateResult } from 'lit';
import { Task, TaskStatus, initialState } from '@lit/task';
import type { AskClient } from '../../client/create-client.js';
import { createSearchClient } from '../../client/search-client.js';
import type { SearchClient } from '../../client/search-client.js';
import { NetworkError, isAbortError } from '../../client/errors.js';
import { delay } from '../../client/request.js';
import type { SearchResultItem } from '../../wire/index.js';
import { resolveClientWith } from '../shared/connection.js';
import { emit } from '../shared/events.js';
import { isAllowedUrl } from '../shared/safe-url.js';
import { freshAnnouncement } from '../shared/strings.js';
import { tagListConverter } from '../shared/tag-list.js';
import { themeStyles } from '../shared/theme.js';
import { highlightPieces } from './highlight.js';
import type { PageShortcut } from './keyboard-shortcut.js';
import type * as Dialog from './search-dialog.js';
import { addRecentSearch, clearRecentSearches, loadRecentSearches } from './recent-searches.js';
import { SearchCache } from './search-cache.js';
import { styles } from './search-box.styles.js';
import { defaultStrings, formatString } from './search-box.strings.js';
import type { SearchBoxStrings, StringTemplate } from './search-box.strings.js';

export type { SearchBoxStrings, StringTemplate } from './search-box.strings.js';

/** Detail of `ask-search`: the query the visitor submitted with Enter. */
export interface SearchBoxSearchDetail {
  query: string;
}

/** Detail of `ask-select`: the result the visitor chose. Cancel the event to route it yourself. */
export interface SearchBoxSelectDetail {
  /** The result as the service sent it (`title`, `description`, `link`, `assetType`). */
  result: SearchResultItem;
  /** 1-based rank of the result in the list, for click-through statistics. */
  position: number;
  /** The query the results answered. */
  query: string;
  /** The allow-listed URL the element follows unless the event is cancelled. */
  href: string;
  /** True when the visitor asked for a new tab (Ctrl/Cmd/Shift+Enter, Ctrl/Cmd-click, middle click). */
  newTab: boolean;
}

/** Detail of `ask-handoff`: the question handed to the chat. */
export interface SearchBoxHandoffDetail {
  query: string;
  includeTags: string[];
  excludeTags: string[];
}

/** Detail of `ask-error`: a search that failed. */
export interface SearchBoxErrorDetail {
  error: unknown;
  query: string;
}

/** What an `ask-target` element offers; `<ask-chat>` implements it. */
export interface AskTarget extends HTMLElement {
  askQuestion(query: string, options?: { includeTags?: string[]; excludeTags?: string[] }): unknown;
}

type SearchRequest = Parameters<AskClient['search']>[0];

interface Answered {
  query: string;
  items: SearchResultItem[];
}

type Option =
  | { kind: 'recent'; query: string }
  | { kind: 'clear-recent' }
  | { kind: 'result'; item: SearchResultItem; position: number; href: string | undefined }
  | { kind: 'ask'; query: string };

interface View {
  options: Option[];
  message: 'empty' | 'error' | 'offline' | undefined;
  loading: boolean;
  recentMode: boolean;
}

/** A request that takes longer than this shows "Searching…"; faster ones never flicker. */
const LOADING_DELAY_MS = 400;
/** Screen readers hear the count once typing settles, not once per keystroke. */
const ANNOUNCE_DELAY_MS = 500;
/** The service's own limit on a query (`LIMITS.queryMaxChars` in `src/wire/schemas.ts`). */
const QUERY_MAX_CHARS = 1000;
const NUM_DOCS_MAX = 100;

// One cache per client, so two boxes on the same service share answers and a new key starts afresh.
const caches = new WeakMap<SearchClient, SearchCache<SearchResultItem[]>>();

// The dialog of variant="button", fetched when a page first sets that variant.
let dialogModule: typeof Dialog | undefined;
const loadDialog = () => import('./search-dialog.js').then((module) => (dialogModule = module));

const searchIcon = html`<svg class="icon" viewBox="0 0 20 20" aria-hidden="true">
  <circle cx="8.5" cy="8.5" r="5.75" fill="none" stroke="currentColor" stroke-width="1.8" />
  <path d="m13 13 4.5 4.5" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" />
</svg>`;
const recentIcon = html`<svg class="icon" viewBox="0 0 20 20" aria-hidden="true">
  <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" stroke-width="1.6" />
  <path d="M10 6v4.2l2.8 1.8" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" />
</svg>`;
const askIcon = html`<svg class="icon" viewBox="0 0 20 20" aria-hidden="true">
  <path d="M10 2.5 11.8 8.2 17.5 10l-5.7 1.8L10 17.5l-1.8-5.7L2.5 10l5.7-1.8z" fill="currentColor" />
</svg>`;

/**
 * As-you-type search over the service's documents: results appear while the visitor types,
 * the keyboard does everything (the WAI-ARIA combobox-with-listbox pattern), and a screen
 * reader hears how many results there are. Inline by default; `variant="button"` shows a
 * compact button that opens the search in a modal dialog.
 *
 * @tagname search-box
 * @summary As-you-type document search with an optional hand-off to `<ask-chat>`.
 *
 * @fires {CustomEvent<SearchBoxSearchDetail>} ask-search - The visitor submitted the query (Enter with no option active).
 * @fires {CustomEvent<SearchBoxSelectDetail>} ask-select - The visitor chose a result; cancelable: cancel it to route a single-page app yourself.
 * @fires {CustomEvent<SearchBoxHandoffDetail>} ask-handoff - The visitor chose "Ask AI about …"; cancelable: cancel it to open your own chat.
 * @fires {CustomEvent<SearchBoxErrorDetail>} ask-error - A search failed (the element shows a polite error with a retry).
 *
 * @csspart base - The wrapper of the inline variant.
 * @csspart field - The box around the search icon, the input and the shortcut hint.
 * @csspart input - The text input (`role="combobox"`).
 * @csspart shortcut - The keyboard shortcut hint (`<kbd>`).
 * @csspart popup - The panel under the input holding the messages and the listbox.
 * @csspart listbox - The list of options (`role="listbox"`).
 * @csspart option - Every option; also `option-active` on the active one, and `option-result`, `option-recent`, `option-clear`, `option-ask` by kind.
 * @csspart option-title - A result's title.
 * @csspart option-description - A result's description.
 * @csspart option-type - A result's asset-type label.
 * @csspart option-link - A result's link target, as shown.
 * @csspart highlight - A match of the query's terms (`<mark>`).
 * @csspart heading - The "Recent searches" heading.
 * @csspart message - The no-results, error and offline messages.
 * @csspart retry - The button that runs a failed search again.
 * @csspart loading - The "Searching…" indicator.
 * @csspart status - The polite live region (visually hidden by default).
 * @csspart button - The button of `variant="button"`.
 * @csspart dialog - The `<dialog>` of `variant="button"`.
 * @csspart close - The button that closes the dialog.
 *
 * @cssprop --ask-font - Font family.
 * @cssprop --ask-font-size - Base font size (keep ≥ 16px so iOS does not zoom on focus).
 * @cssprop --ask-radius - Corner radius.
 * @cssprop --ask-space - Base spacing unit.
 * @cssprop --ask-color-text - Text colour.
 * @cssprop --ask-color-muted - Secondary text colour (descriptions, links, hints).
 * @cssprop --ask-color-bg - Background of the input, popup and dialog.
 * @cssprop --ask-color-surface - Background of the active option and of hints.
 * @cssprop --ask-color-border - Border colour.
 * @cssprop --ask-color-accent - Accent colour (active option marker, button).
 * @cssprop --ask-color-highlight - Background of highlighted query terms.
 * @cssprop --ask-color-highlight-text - Text colour of highlighted query terms.
 * @cssprop --ask-color-error - Colour of the error message.
 * @cssprop --ask-color-focus - Focus ring colour.
 * @cssprop --ask-shadow - Shadow of the popup and dialog.
 * @cssprop --ask-search-popup-max-block-size - Maximum height of the inline popup (default `min(28rem, 70vh)`).
 * @cssprop --ask-search-dialog-inline-size - Width of the dialog (default `40rem`).
 * @cssprop --ask-search-backdrop - Backdrop of the dialog.
 * @cssprop --ask-z-index - Stacking order of the inline popup (default 1000).
 */
export class SearchBox extends LitElement {
  static override styles = [themeStyles, styles];
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  static override properties = {
    client: { attribute: false },
    baseUrl: { attribute: 'base-url' },
    apiKey: { attribute: 'api-key' },
    numDocs: { type: Number, attribute: 'num-docs' },
    score: { type: Number },
    includeTags: { attribute: 'include-tags', converter: tagListConverter },
    excludeTags: { attribute: 'exclude-tags', converter: tagListConverter },
    minChars: { type: Number, attribute: 'min-chars' },
    debounce: { type: Number },
    placeholder: {},
    label: {},
    returnAll: { type: Boolean, attribute: 'return-all' },
    shortcut: {},
    query: { reflect: true },
    urlParam: { attribute: 'url-param' },
    variant: { reflect: true },
    askTarget: { attribute: 'ask-target' },
    askAi: { type: Boolean, attribute: 'ask-ai' },
    noRecent: { type: Boolean, attribute: 'no-recent' },
    strings: { attribute: false },
    expanded: { state: true },
    activeIndex: { state: true },
    recent: { state: true },
    answered: { state: true },
    announcement: { state: true },
    online: { state: true },
    attempt: { state: true },
  };

  /** A client set in code; wins over `base-url`, `api-key` and the page's defaults. */
  declare client: AskClient | undefined;
  /** Origin of the service; else the nearest `data-ask-base-url` ancestor, the default client or the page's origin. */
  declare baseUrl: string | undefined;
  /** The agent's API key; else the nearest `data-ask-api-key` ancestor. */
  declare apiKey: string | undefined;
  /** How many results to ask for (1–100). */
  declare numDocs: number;
  /** Relevance threshold from 0 to 0.99; unset asks for every match. */
  declare score: number | undefined;
  /** Only content with one of these tags (attribute: comma-separated). */
  declare includeTags: string[];
  /** No content with one of these tags (attribute: comma-separated). */
  declare excludeTags: string[];
  /** Shortest query (in characters, spaces trimmed) that is searched; shorter ones show recent searches. */
  declare minChars: number;
  /** Milliseconds the typing must pause before a request is sent. */
  declare debounce: number;
  /** Placeholder of the input; defaults to `strings.placeholder`. */
  declare placeholder: string | undefined;
  /** Accessible name of the input; defaults to `strings.label`. */
  declare label: string | undefined;
  /** Ask the service for documents without a URL or with duplicate URLs too. */
  declare returnAll: boolean;
  /** Opt-in page-wide shortcut that focuses the search, e.g. `mod+k` or `/`; ignored while typing elsewhere. */
  declare shortcut: string | undefined;
  /** The text in the input (reflected to the `query` attribute). */
  declare query: string;
  /** Name of a page-URL parameter that pre-fills the query (`url-param` alone means `q`). */
  declare urlParam: string | null | undefined;
  /** `inline` (default) or `button`: a compact button that opens the search in a modal dialog. */
  declare variant: 'inline' | 'button';
  /** Id of the `<ask-chat>` (or any element with `askQuestion()`) that "Ask AI about …" hands the query to. */
  declare askTarget: string | undefined;
  /** Offer "Ask AI about …" without an `ask-target`: the page handles `ask-handoff` itself. */
  declare askAi: boolean;
  /** Don't remember recent searches on this device. */
  declare noRecent: boolean;
  /** Replacements for any user-visible string, for translation. */
  declare strings: Partial<SearchBoxStrings>;

  declare private expanded: boolean;
  declare private activeIndex: number;
  declare private recent: string[];
  declare private answered: Answered | undefined;
  declare private announcement: string;
  declare private online: boolean;
  declare private attempt: number;

  #shortcut: PageShortcut | undefined;
  /** The lazily imported modules this element waits for (see getUpdateComplete). */
  #loading: Promise<unknown> = Promise.resolve();
  #runId = 0;
  #slowRun = -1;
  #announceTimer: ReturnType<typeof setTimeout> | undefined;
  #lastKeyComposing = false;
  #urlParamRead = false;

  readonly #searchTask = new Task(this, {
    args: () =>
      [
        this.query.trim(),
        this.minChars,
        this.numDocs,
        this.score,
        this.includeTags.join('\n'),
        this.excludeTags.join('\n'),
        this.returnAll,
        this.online,
        this.attempt,
        resolveClientWith<SearchClient>(this, createSearchClient),
      ] as const,
    task: async (
      [query, minChars, numDocs, score, includeTags, excludeTags, returnAll, online, , client],
      { signal },
    ): Promise<Answered | typeof initialState> => {
      const run = ++this.#runId;
      if ([...query].length < minChars) return initialState;
      if (!online) {
        this.#announce(this.#text.offline);
        return initialState;
      }
      const request: SearchRequest = {
        query,
        numDocs: Math.min(NUM_DOCS_MAX, Math.max(1, Math.round(numDocs) || 1)),
      };
      if (score !== undefined && Number.isFinite(score)) request.score = Math.min(0.99, Math.max(0, score));
      if (includeTags) request.includeTags = includeTags.split('\n');
      if (excludeTags) request.excludeTags = excludeTags.split('\n');
      if (returnAll) request.returnAll = true;

      let cache = caches.get(client);
      if (!cache) caches.set(client, (cache = new SearchCache()));
      const key = JSON.stringify(request);
      const cached = cache.get(key);
      if (cached) return { query, items: cached };

      // Debounce inside the task: a newer keystroke aborts this wait, so no request is sent.
      await delay(this.debounce, signal);
      const timer = setTimeout(() => {
        this.#slowRun = run;
        this.requestUpdate();
      }, LOADING_DELAY_MS);
      try {
        const response = await client.search(request, { signal });
        const items = (Array.isArray(response) ? response : []).filter(
          (item): item is SearchResultItem => item !== null && typeof item === 'object',
        );
        cache.set(key, items);
        return { query, items };
      } finally {
        clearTimeout(timer);
      }
    },
    // Called only for the latest run: an older answer never reaches the screen.
    onComplete: (value) => {
      this.answered = value;
      this.activeIndex = -1;
      const count = value.items.length;
      this.#announce(
        count === 0
          ? formatString(this.#text.noResults, 'query', value.query)
          : count === 1
            ? this.#text.resultsOne
            : formatString(this.#text.resultsOther, 'count', count),
      );
    },
    onError: (error) => {
      if (isAbortError(error)) return;
      this.answered = undefined;
      this.activeIndex = -1;
      if (error instanceof NetworkError && globalThis.navigator?.onLine === false) {
        this.online = false;
        this.#announce(this.#text.offline);
        return;
      }
      this.#announce(this.#text.error);
      emit<SearchBoxErrorDetail>(this, 'error', { error, query: this.query.trim() });
    },
  });

  constructor() {
    super();
    // The properties that start undefined need no assignment.
    this.numDocs = 8;
    this.includeTags = [];
    this.excludeTags = [];
    this.minChars = 2;
    this.debounce = 100;
    this.returnAll = false;
    this.query = '';
    this.variant = 'inline';
    this.askAi = false;
    this.noRecent = false;
    this.strings = {};
    this.expanded = false;
    this.activeIndex = -1;
    this.recent = [];
    this.announcement = '';
    this.online = globalThis.navigator?.onLine ?? true;
    this.attempt = 0;
  }

  /** Opens the search: focuses the input, or opens the dialog of `variant="button"`. */
  show(): void {
    const dialog = this.#dialog;
    if (dialog && !dialog.open) {
      // Shown before its module arrived (it is requested as soon as the variant is set).
      if (!dialogModule) {
        loadDialog().then(() => this.show(), reportLoadError);
        return;
      }
      dialogModule.openDialog(dialog, () => this.#lastKeyComposing, this.#onDialogClose);
    }
    this.#input?.focus();
    if (dialog) this.#input?.select();
    this.#openPopup();
  }

  /** Closes the popup, and the dialog of `variant="button"` (focus returns to its button). */
  hide(): void {
    this.#collapse();
    if (this.#dialog?.open) this.#dialog.close();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#listen('addEventListener');
    this.recent = this.noRecent ? [] : loadRecentSearches();
    if (!this.#urlParamRead && this.urlParam != null && !this.query) {
      this.#urlParamRead = true;
      const fromUrl = new URLSearchParams(globalThis.location?.search ?? '').get(this.urlParam || 'q');
      if (fromUrl) this.query = fromUrl.slice(0, QUERY_MAX_CHARS);
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#listen('removeEventListener');
    // Its listeners (backdrop, viewport) go with it.
    this.#dialog?.close();
    clearTimeout(this.#announceTimer);
    this.#searchTask.abort();
  }

  /** The page-wide listeners: the shortcut, a click outside, going offline and online. */
  #listen(method: 'addEventListener' | 'removeEventListener'): void {
    document[method]('keydown', this.#onDocumentKeydown as EventListener);
    document[method]('pointerdown', this.#onDocumentPointerdown as EventListener, true);
    globalThis[method]('online', this.#onConnectivity);
    globalThis[method]('offline', this.#onConnectivity);
  }

  /** Resolves once rendered, with the lazily imported shortcut and dialog in place. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await this.#loading;
    return super.getUpdateComplete();
  }

  /** Waits for a lazily imported module (and runs `use` with it), then renders again. */
  #lazy<T>(module: Promise<T>, use?: (module: T) => void): void {
    const loaded = module.then(use).then(() => this.requestUpdate(), reportLoadError);
    this.#loading = Promise.all([this.#loading, loaded]);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('shortcut')) {
      const spec = this.shortcut;
      this.#shortcut = undefined;
      if (spec)
        this.#lazy(import('./keyboard-shortcut.js'), ({ pageShortcut }) => {
          if (this.shortcut === spec) this.#shortcut = pageShortcut(spec);
        });
    }
    // Requested with the variant, so the dialog is there by the time someone opens it.
    if (changed.has('variant') && this.variant === 'button' && !dialogModule) this.#lazy(loadDialog());
    if (changed.has('noRecent')) this.recent = this.noRecent ? [] : loadRecentSearches();
    if ((changed.has('query') || changed.has('minChars')) && [...this.query.trim()].length < this.minChars) {
      // Too short to search: the list turns to recent searches and nothing is announced.
      this.answered = undefined;
      clearTimeout(this.#announceTimer);
      this.announcement = '';
    }
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('activeIndex') && this.activeIndex >= 0) {
      this.renderRoot.querySelector(`#option-${this.activeIndex}`)?.scrollIntoView({ block: 'nearest' });
    }
  }

  get #text(): SearchBoxStrings {
    return { ...defaultStrings, ...this.strings };
  }

  get #input(): HTMLInputElement | null {
    return this.renderRoot?.querySelector('input') ?? null;
  }

  get #dialog(): HTMLDialogElement | null {
    return this.renderRoot?.querySelector('dialog') ?? null;
  }

  /** What the popup holds right now: its options, a message, the loading indicator. */
  #view(): View {
    const query = this.query.trim();
    const options: Option[] = [];
    let message: View['message'];
    let loading = false;
    const recentMode = [...query].length < this.minChars;
    if (recentMode) {
      for (const entry of this.recent) options.push({ kind: 'recent', query: entry });
      if (options.length) options.push({ kind: 'clear-recent' });
    } else if (!this.online) {
      message = 'offline';
    } else {
      const status = this.#searchTask.status;
      loading = status === TaskStatus.PENDING && this.#slowRun === this.#runId;
      if (status === TaskStatus.ERROR) message = 'error';
      else if (this.answered) {
        // While a newer query is pending, the last answer stays in place: no flicker.
        if (this.answered.items.length === 0) message = 'empty';
        this.answered.items.forEach((item, index) => {
          const link = String(item.link ?? '');
          options.push({
            kind: 'result',
            item,
            position: index + 1,
            href: isAllowedUrl(link) ? link : undefined,
          });
        });
      }
    }
    if (query && (this.askAi || this.askTarget) && this.online) options.push({ kind: 'ask', query });
    return { options, message, loading, recentMode };
  }

  #openPopup(): void {
    if (!this.noRecent) this.recent = loadRecentSearches();
    this.expanded = true;
  }

  /** Closes the inline popup; the dialog's list stays open while the dialog is. */
  #collapse(): void {
    if (this.variant !== 'button') this.expanded = false;
    this.activeIndex = -1;
  }

  #setQueryFromUser(value: string): void {
    this.query = value;
    this.activeIndex = -1;
    this.#openPopup();
  }

  #announce(text: string): void {
    clearTimeout(this.#announceTimer);
    this.#announceTimer = setTimeout(() => {
      this.announcement = freshAnnouncement(text, this.announcement);
    }, ANNOUNCE_DELAY_MS);
  }

  readonly #onInput = (event: Event): void => {
    // During IME composition the text is not final: search once the composition ends.
    if ((event as InputEvent).isComposing) return;
    this.#setQueryFromUser((event.target as HTMLInputElement).value);
  };

  readonly #onCompositionEnd = (event: CompositionEvent): void => {
    this.#setQueryFromUser((event.target as HTMLInputElement).value);
  };

  readonly #onKeydown = (event: KeyboardEvent): void => {
    // Keys that confirm or cancel an IME composition belong to the IME (DocSearch #2111).
    this.#lastKeyComposing = event.isComposing || event.keyCode === 229;
    if (this.#lastKeyComposing) return;
    const { options } = this.#view();
    const count = options.length;
    const wasExpanded = this.expanded && count > 0;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (event.altKey) {
          if (event.key === 'ArrowDown') this.#openPopup();
          else this.hide();
          return;
        }
        this.#openPopup();
        if (count === 0) return;
        const down = event.key === 'ArrowDown';
        if (!wasExpanded || this.activeIndex < 0) this.activeIndex = down ? 0 : count - 1;
        else this.activeIndex = (this.activeIndex + (down ? 1 : -1) + count) % count;
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const option = wasExpanded ? options[this.activeIndex] : undefined;
        if (option) this.#choose(option, event.ctrlKey || event.metaKey || event.shiftKey);
        else this.#submit();
        return;
      }
      case 'Escape': {
        // In the dialog, Escape closes the dialog (its native cancel).
        if (this.variant === 'button') return;
        if (this.expanded && this.#hasContent()) {
          this.#collapse();
        } else if (this.query) {
          this.query = '';
        } else {
          return;
        }
        // Handled here: a dialog or menu around the search box must not close too.
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      case 'Home':
      case 'End':
      case 'ArrowLeft':
      case 'ArrowRight':
        // The caret moves in the input; the visual focus returns to it.
        this.activeIndex = -1;
        return;
      case 'Tab':
        this.#collapse();
        return;
    }
  };

  /** True when the popup has something to show (whether it is open or not). */
  #hasContent(view = this.#view()): boolean {
    return view.options.length > 0 || view.message !== undefined || view.loading;
  }

  #submit(): void {
    const query = this.query.trim();
    if (!query) return;
    this.#remember(query);
    emit<SearchBoxSearchDetail>(this, 'search', { query });
    // Enter after an error is the keyboard's retry.
    if (this.#searchTask.status === TaskStatus.ERROR) this.#retry();
  }

  #retry(): void {
    this.attempt++;
    this.online = globalThis.navigator?.onLine ?? true;
  }

  #choose(option: Option, newTab: boolean): void {
    switch (option.kind) {
      case 'recent':
        this.query = option.query;
        this.activeIndex = -1;
        this.expanded = true;
        void this.updateComplete.then(() => {
          const input = this.#input;
          input?.setSelectionRange(input.value.length, input.value.length);
        });
        return;
      case 'clear-recent':
        clearRecentSearches();
        this.recent = [];
        this.activeIndex = -1;
        this.#announce(this.#text.recentCleared);
        return;
      case 'result':
        this.#follow(option, newTab);
        return;
      case 'ask':
        void this.#handOff(option.query);
        return;
    }
  }

  #follow(option: Extract<Option, { kind: 'result' }>, newTab: boolean): void {
    const href = option.href;
    // A link outside the allow-list is shown as text and never followed.
    if (!href) return;
    this.#remember(this.query);
    const proceed = emit<SearchBoxSelectDetail>(
      this,
      'select',
      {
        result: option.item,
        position: option.position,
        query: this.answered?.query ?? this.query.trim(),
        href,
        newTab,
      },
      { cancelable: true },
    );
    if (!newTab) this.hide();
    if (!proceed) return;
    if (newTab) globalThis.open(href, '_blank', 'noopener');
    else globalThis.location.assign(href);
  }

  async #handOff(query: string): Promise<void> {
    const detail: SearchBoxHandoffDetail = {
      query,
      includeTags: [...this.includeTags],
      excludeTags: [...this.excludeTags],
    };
    this.#remember(query);
    const proceed = emit(this, 'handoff', detail, { cancelable: true });
    this.hide();
    if (!proceed || !this.askTarget) return;
    const root = this.getRootNode();
    const target =
      (root instanceof ShadowRoot ? root.getElementById(this.askTarget) : null) ??
      document.getElementById(this.askTarget);
    // The chat may be defined later (lazy-loaded): wait for it rather than drop the question.
    if (target?.localName.includes('-')) await customElements.whenDefined(target.localName);
    if (!target || typeof (target as Partial<AskTarget>).askQuestion !== 'function') {
      console.warn(`<search-box>: ask-target "${this.askTarget}" names no element with askQuestion().`);
      return;
    }
    await (target as AskTarget).askQuestion(query, {
      includeTags: detail.includeTags,
      excludeTags: detail.excludeTags,
    });
    target.focus();
  }

  #remember(query: string): void {
    if (!this.noRecent && query.trim()) this.recent = addRecentSearch(query);
  }

  readonly #onOptionClick = (event: MouseEvent): void => {
    const index = Number((event.currentTarget as HTMLElement).dataset.index);
    const option = this.#view().options[index];
    if (!option) return;
    // A middle click is an auxclick; a Ctrl/Cmd/Shift click opens a new tab, as on a link.
    const newTab = event.button === 1 || event.ctrlKey || event.metaKey || event.shiftKey;
    if (event.button > 1) return;
    this.#choose(option, newTab);
  };

  readonly #onFocus = (): void => this.#openPopup();

  readonly #onFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget as Node | null;
    if (next && (this.renderRoot.contains(next) || this.contains(next))) return;
    this.#collapse();
  };

  readonly #onDocumentPointerdown = (event: PointerEvent): void => {
    if (this.variant === 'button' || event.composedPath().includes(this)) return;
    this.#collapse();
  };

  readonly #onDocumentKeydown = (event: KeyboardEvent): void => {
    const shortcut = this.#shortcut;
    if (!shortcut || event.defaultPrevented || event.isComposing || event.repeat) return;
    if (!shortcut.matches(event)) return;
    event.preventDefault();
    this.show();
  };

  readonly #onConnectivity = (): void => {
    // Going offline or online reruns the search task, which announces the offline state.
    this.online = globalThis.navigator?.onLine ?? true;
  };

  readonly #onDialogClose = (): void => {
    this.#collapse();
    this.renderRoot.querySelector<HTMLButtonElement>('button[part="button"]')?.focus();
  };

  readonly #keepFocusInInput = (event: MouseEvent): void => {
    // Clicking an option or Retry must not take the focus (and the screen reader's place) from the input.
    event.preventDefault();
  };

  #renderHighlighted(text: unknown, query: string): Array<TemplateResult | string> {
    return highlightPieces(String(text ?? ''), query).map((piece) =>
      piece.match ? html`<mark part="highlight">${piece.text}</mark>` : piece.text,
    );
  }

  #renderOption(option: Option, index: number, text: SearchBoxStrings): TemplateResult {
    const active = index === this.activeIndex;
    const parts = `option option-${option.kind === 'clear-recent' ? 'clear' : option.kind}${active ? ' option-active' : ''}`;
    let content: TemplateResult;
    let disabled = false;
    switch (option.kind) {
      case 'recent':
        content = html`${recentIcon}<span class="title" dir="auto">${option.query}</span>`;
        break;
      case 'clear-recent':
        content = html`<span class="title" dir="auto">${text.clearRecent}</span>`;
        break;
      case 'ask':
        content = html`${askIcon}<span class="title" dir="auto"
            >${withQuery(text.askAi, option.query)}</span
          >`;
        break;
      case 'result': {
        const { item, href } = option;
        const query = this.answered?.query ?? '';
        const type = String(item.assetType ?? '');
        disabled = href === undefined;
        content = html`<span class="title" dir="auto" part="option-title"
            >${this.#renderHighlighted(item.title, query)}</span
          >
          ${type ? html`<span class="type" part="option-type">${text.assetTypes[type] ?? type}</span>` : nothing}
          ${
            item.description
              ? html`<span class="description" part="option-description" dir="auto"
                  >${this.#renderHighlighted(item.description, query)}</span
                >`
              : nothing
          }
          ${href ? html`<span class="link" part="option-link"><bdi>${displayLink(href)}</bdi></span>` : nothing}`;
        break;
      }
    }
    // Keys reach the options through the input (aria-activedescendant), as the combobox pattern has it.
    // eslint-disable-next-line lit-a11y/click-events-have-key-events
    return html`<li
      id="option-${index}"
      role="option"
      part=${parts}
      class="option ${option.kind}"
      data-index=${index}
      aria-selected=${active ? 'true' : 'false'}
      aria-disabled=${disabled ? 'true' : nothing}
      @click=${this.#onOptionClick}
      @auxclick=${this.#onOptionClick}
    >
      ${content}
    </li>`;
  }

  #renderCombobox(): TemplateResult {
    const text = this.#text;
    const view = this.#view();
    const { options, message, loading } = view;
    const inDialog = this.variant === 'button';
    const visible = (this.expanded || inDialog) && this.#hasContent(view);
    const listed = (this.expanded || inDialog) && options.length > 0;
    const active = listed && this.activeIndex >= 0 && this.activeIndex < options.length;
    const label = this.label || text.label;
    const shortcut = this.#shortcut;
    // The error and offline messages are the strings of the same name.
    const messageText =
      message === 'empty' ? withQuery(text.noResults, this.answered?.query ?? '') : message && text[message];
    return html`
      <div class="combobox" @focusout=${this.#onFocusOut}>
        <div class="field" part="field">
          ${searchIcon}
          <input
            id="input"
            part="input"
            type="text"
            role="combobox"
            aria-label=${label}
            .value=${this.query}
            placeholder=${this.placeholder ?? text.placeholder}
            maxlength=${QUERY_MAX_CHARS}
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            enterkeyhint="search"
            aria-autocomplete="list"
            aria-expanded=${listed ? 'true' : 'false'}
            aria-controls="listbox"
            aria-activedescendant=${active ? `option-${this.activeIndex}` : nothing}
            aria-keyshortcuts=${(!inDialog && shortcut?.aria) || nothing}
            @input=${this.#onInput}
            @compositionend=${this.#onCompositionEnd}
            @keydown=${this.#onKeydown}
            @focus=${this.#onFocus}
            @click=${this.#onFocus}
          />
          ${
            shortcut && !inDialog && !this.query
              ? html`<kbd part="shortcut" class="shortcut" aria-hidden="true">${shortcut.label}</kbd>`
              : nothing
          }
          ${
            inDialog
              ? html`<button part="close" class="close" type="button" @click=${() => this.hide()}>
                  ${text.close}
                </button>`
              : nothing
          }
        </div>
        <div class="popup" part="popup" ?hidden=${!visible} @mousedown=${this.#keepFocusInInput}>
          ${loading ? html`<p class="loading" part="loading">${text.loading}</p>` : nothing}
          ${
            messageText
              ? html`<p class="message ${message}" part="message">
                  ${messageText}
                  ${
                    message === 'error'
                      ? html`<button type="button" part="retry" class="retry" @click=${() => this.#retry()}>
                          ${text.retry}
                        </button>`
                      : nothing
                  }
                </p>`
              : nothing
          }
          <div id="listbox-label" part="heading" class="heading" ?hidden=${!view.recentMode || !listed}>
            ${view.recentMode ? text.recent : text.results}
          </div>
          <ul id="listbox" role="listbox" part="listbox" aria-labelledby="listbox-label" ?hidden=${!listed}>
            ${options.map((option, index) => this.#renderOption(option, index, text))}
          </ul>
        </div>
        <div role="status" part="status" class="visually-hidden">${this.announcement}</div>
      </div>
    `;
  }

  override render(): TemplateResult {
    if (this.variant !== 'button') return html`<div part="base" class="base">${this.#renderCombobox()}</div>`;
    const shortcut = this.#shortcut;
    const label = this.label || this.#text.label;
    return html`
      <button
        part="button"
        class="trigger"
        type="button"
        aria-haspopup="dialog"
        aria-keyshortcuts=${shortcut?.aria ?? nothing}
        @click=${() => this.show()}
      >
        ${searchIcon}<span class="trigger-label">${this.#text.button}</span>
        ${
          shortcut
            ? html`<kbd part="shortcut" class="shortcut" aria-hidden="true">${shortcut.label}</kbd>`
            : nothing
        }
      </button>
      <dialog part="dialog" aria-label=${label}>
        <div class="panel">${this.#renderCombobox()}</div>
      </dialog>
    `;
  }
}

function reportLoadError(error: unknown): void {
  console.error('<search-box>: a part of the element could not be loaded.', error);
}

/** A string with its `{query}` isolated, so a query in one script reads right in a page of another. */
function withQuery(template: StringTemplate<string>, query: string): Array<string | TemplateResult> {
  if (typeof template === 'function') return [template(query)];
  return template
    .split('{query}')
    .flatMap((part, index) => (index ? [html`<bdi>${query}</bdi>`, part] : [part]));
}

/** The link as a visitor reads it: a path on this site, host and path elsewhere. */
function displayLink(href: string): string {
  try {
    const url = new URL(href, document.baseURI);
    const shown =
      url.origin === location.origin ? url.pathname + url.search + url.hash : url.host + url.pathname;
    return decodeURI(shown);
  } catch {
    return href;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'search-box': SearchBox;
  }
}
