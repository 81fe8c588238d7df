import { LitElement, adoptStyles, html, nothing, supportsAdoptingStyleSheets, unsafeCSS } from 'lit';
import type { CSSResult, PropertyValues, TemplateResult } from 'lit';
import type { AskClient } from '../../client/create-client.js';
import type { SearchResultItem } from '../../wire/index.js';
import { emit } from '../shared/events.js';
import { importOnce } from '../shared/import-once.js';
import { tagListConverter } from '../shared/tag-list.js';
import { themeStyles } from '../shared/theme.js';
import type { PageShortcut } from './keyboard-shortcut.js';
import type * as Controller from './search-controller.js';
import type * as Dialog from './search-dialog.js';
import { styles } from './search-box.styles.js';
import { fieldStrings } from './search-box.strings.js';
import type { FieldStrings, SearchBoxStrings } from './search-box.strings.js';

export type { SearchBoxStrings, StringTemplate } from './search-box.strings.js';

/** Detail of `ask-search`: the query the visitor submitted with Enter. */
export interface SearchBoxSearchDetail {
  query: string;
}

/** Detail of `ask-select`: the result the visitor chose. Cancel the event to route it yourself. */
export interface SearchBoxSelectDetail {
  /** The result as the service sent it (`title`, `description`, `link`, `assetType`, and `section` when it leads to one). */
  result: SearchResultItem;
  /** 1-based rank of the result in the list, for click-through statistics. */
  position: number;
  /** The query the results answered. */
  query: string;
  /** The allow-listed URL the element follows unless the event is cancelled: `section.link` when allowed, else `link`. */
  href: string;
  /** True when the visitor asked for a new tab (Ctrl/Cmd/Shift+Enter, Ctrl/Cmd-click, middle click). */
  newTab: boolean;
  /**
   * True when the visitor submitted the query (Enter with no option active) and the element
   * follows the first result for them; false when they chose this result.
   */
  submitted: boolean;
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

// The element's behaviour (search, popup, keys), fetched after the first render once the browser
// is idle, or at once when the visitor needs it; the dialog of variant="button", fetched when a
// page first sets that variant; the page's keyboard shortcut, when a page sets one. One request
// each, for every box of the page; a failed fetch is asked again when the visitor next needs the
// part (see importOnce), should the network have come back.
let controllerModule: typeof Controller | undefined;
const importController = importOnce(() => import('./search-controller.js'), import.meta.url);
const loadController = () => importController().then((module) => (controllerModule = module));
let dialogModule: typeof Dialog | undefined;
const importDialog = importOnce(() => import('./search-dialog.js'), import.meta.url);
const loadDialog = () => importDialog().then((module) => (dialogModule = module));
const loadShortcut = importOnce(() => import('./keyboard-shortcut.js'), import.meta.url);

/** The lazily loaded rules as Lit styles, shared by every box of the page (one sheet for each). */
const lazyStyles = new Map<string, CSSResult>();

// The stroke is the svg's, for both shapes (a round cap draws nothing more on a closed circle).
const searchIcon = html`<svg
  class="icon"
  viewBox="0 0 20 20"
  fill="none"
  stroke="currentColor"
  stroke-width="1.8"
  stroke-linecap="round"
  aria-hidden="true"
>
  <circle cx="8.5" cy="8.5" r="5.75" />
  <path d="m13 13 4.5 4.5" />
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
 * @fires {CustomEvent<SearchBoxSearchDetail>} ask-search - The visitor submitted the query (Enter with no option active); cancelable: unless cancelled, the element follows the first result (with `ask-select`, `submitted: true`).
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
 * @csspart option-active - The active option (also `option`).
 * @csspart option-result - A search result (also `option`).
 * @csspart option-recent - A recent search (also `option`).
 * @csspart option-clear - The option that clears the recent searches (also `option`).
 * @csspart option-ask - The "Ask AI about …" option (also `option`).
 * @csspart option-title - A result's title.
 * @csspart option-section - The heading of the section a result links to, under its title.
 * @csspart option-description - A result's description.
 * @csspart option-type - A result's asset-type label.
 * @csspart option-link - A result's link target, as shown.
 * @csspart highlight - A match of the query's terms (`<mark>`).
 * @csspart heading - The "Recent searches" heading.
 * @csspart message - The no-results, error and offline messages, and "Searching…" for a query typed before the behaviour has arrived.
 * @csspart retry - The button that runs a failed search again.
 * @csspart loading - The "Searching…" indicator.
 * @csspart status - The polite live region (visually hidden by default).
 * @csspart button - The button of `variant="button"`.
 * @csspart dialog - The `<dialog>` of `variant="button"`.
 * @csspart close - The button that closes the dialog.
 *
 * @attr color-scheme - `light` or `dark` keeps the element in that scheme; without it, it follows the visitor's `prefers-color-scheme`.
 * @cssprop [--ask-font=system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif] - Font family.
 * @cssprop [--ask-font-size=1rem] - Base font size (keep ≥ 16px so iOS does not zoom on focus).
 * @cssprop [--ask-radius=0.5rem] - Corner radius (half of `--ask-font-size` when a page sets it).
 * @cssprop [--ask-space=0.5rem] - Base spacing unit (half of `--ask-font-size` when a page sets it).
 * @cssprop [--ask-color-text=#1c1e21] - Text colour (dark default `#e6e6e9`).
 * @cssprop [--ask-color-muted=#5a5f66] - Secondary text colour: descriptions, links, hints (dark default `#a5a9b0`).
 * @cssprop [--ask-color-bg=#ffffff] - Background of the input, popup and dialog (dark default `#1b1b1f`).
 * @cssprop [--ask-color-surface=#f4f5f7] - Background of the active option and of hints (dark default `#26272c`).
 * @cssprop [--ask-color-border=#c9ccd1] - Border colour (dark default `#4a4d55`).
 * @cssprop [--ask-color-accent=#3451b2] - Accent colour: active option marker, button (dark default `#a8b1ff`).
 * @cssprop [--ask-color-highlight=#fff1a8] - Background of highlighted query terms (dark default `#5b4d00`).
 * @cssprop [--ask-color-highlight-text=#1c1e21] - Text colour of highlighted query terms (dark default `#fff6cc`).
 * @cssprop [--ask-color-error=#b3261e] - Colour of the error message (dark default `#ffb4ab`).
 * @cssprop [--ask-color-focus=#3451b2] - Focus ring colour (dark default `#a8b1ff`).
 * @cssprop [--ask-shadow=0 8px 24px rgb(0 0 0 / 0.14)] - Shadow of the popup and dialog.
 * @cssprop [--ask-search-popup-max-block-size=min(28em, 70vh)] - Maximum height of the inline popup.
 * @cssprop [--ask-search-dialog-inline-size=40em] - Width of the dialog (at most the viewport's width less 2em).
 * @cssprop [--ask-search-backdrop=rgb(0 0 0 / 0.45)] - Backdrop of the dialog.
 * @cssprop [--ask-z-index=1000] - Stacking order of the inline popup.
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
    // Reflected once they change, never their defaults: markup rendered on a server (React,
    // Vue) would otherwise differ from the element's at hydration (`query=""`, `variant="inline"`).
    query: { reflect: true, useDefault: true },
    urlParam: { attribute: 'url-param' },
    variant: { reflect: true, useDefault: true },
    askTarget: { attribute: 'ask-target' },
    askAi: { type: Boolean, attribute: 'ask-ai' },
    noRecent: { type: Boolean, attribute: 'no-recent' },
    strings: { attribute: false },
    _unreachable: { state: true },
  };

  /** A client set in code; wins over `base-url`, `api-key` and the page's defaults. */
  declare client: AskClient | undefined;
  /** Origin of the service; else the nearest `data-ask-base-url` ancestor; with neither, the default client when there is no API key either, else the page's origin. */
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
  /** Shortest query (in characters, spaces trimmed) that is searched; shorter ones show recent searches. A query with a Chinese or Japanese (Han) character, a word of its own, is searched from its first. */
  declare minChars: number;
  /** Milliseconds the typing must pause before a request is sent. */
  declare debounce: number;
  /** Placeholder of the input; defaults to `strings.placeholder`. */
  declare placeholder: string | undefined;
  /** Accessible name of the input; defaults to `strings.label`. */
  declare label: string | undefined;
  /** Ask the service for documents without a URL or with duplicate URLs too. */
  declare returnAll: boolean;
  /** Opt-in page-wide shortcut that focuses the search, e.g. `mod+k` or `/`; never a key a field uses (modifiers: `mod`, `ctrl`, `meta`, `alt`, `shift`). */
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

  #controller: Controller.SearchController | undefined;
  #controllerRequested = false;
  /** The last query the visitor typed or chose; events follow their searches only. */
  #visitorQuery: string | undefined;
  /** A visitor focused, typed or pressed Enter while the behaviour was on its way. */
  #visitorWaiting = false;
  /** The behaviour could not be fetched when the visitor needed it. */
  declare private _unreachable: boolean;
  #shortcut: PageShortcut | undefined;
  /** The code of the page's shortcut could not be fetched (see #requestShortcut). */
  #shortcutMissing = false;
  /** The lazily imported modules this element waits for (see getUpdateComplete). */
  #loading: Promise<unknown> = Promise.resolve();
  #urlParamRead = false;
  /** The lazily loaded rules already added to the shadow root. */
  readonly #styled = new Set<string>();

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
    this._unreachable = false;
    // The pointer on its way to the box: fetch the behaviour now, so that it is there on the click.
    this.addEventListener('pointerenter', () => this.#requestController(false), { once: true });
  }

  /** Opens the search: focuses the input, or opens the dialog of `variant="button"`. */
  show(): void {
    this.#requestController();
    const dialog = this.#dialog;
    if (dialog && !dialog.open) {
      // Shown before its module arrived (it is requested as soon as the variant is set): opened
      // when it has. Should it not come (a connection lost), the browser's own modal dialog holds
      // the search, plainer (wide enough, the results below it), and the next opening asks for the
      // module again, whose rules come after these.
      if (!dialogModule) {
        loadDialog().then(
          () => this.show(),
          (error: unknown) => {
            reportLoadError(error);
            this.#addStyles('dialog{overflow:visible;width:40em}');
            if (dialog.isConnected && !dialog.open) dialog.showModal();
            this.show();
          },
        );
        return;
      }
      this.#addStyles(dialogModule.dialogStyles);
      dialogModule.openDialog(dialog, this.#onDialogClose);
    }
    this.#input?.focus();
    if (dialog) this.#input?.select();
    this.#controller?.open();
  }

  /** Closes the popup, and the dialog of `variant="button"` (focus returns where it was when the dialog opened). */
  hide(): void {
    this.#controller?.collapse();
    // Closing a closed dialog does nothing.
    this.#dialog?.close();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('keydown', this.#onDocumentKeydown);
    // Already fetched for another box: no reason to wait.
    if (controllerModule) this.#requestController();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.#onDocumentKeydown);
    // Its listeners (backdrop, viewport) go with it.
    this.#dialog?.close();
  }

  /** Resolves once rendered, with the lazily imported modules it asked for in place. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await this.#loading;
    return super.getUpdateComplete();
  }

  /** Waits for a lazily imported module (and runs `use` with it), then renders again. */
  #lazy<T>(module: Promise<T>, use?: (module: T) => void): void {
    this.#loading = Promise.all([
      this.#loading,
      module.then(use).then(() => this.requestUpdate(), reportLoadError),
    ]);
  }

  /**
   * Gives the element its behaviour, fetching it first if no box of the page has yet. What the
   * visitor does meanwhile is kept in the element (the query, the focus) or waits for it (Enter).
   */
  #requestController(byVisitor = true): void {
    if (this.#controller) return;
    if (controllerModule) return this.#attach(controllerModule);
    // A visitor who needs it while an idle fetch is under way hears of its failure too.
    this.#visitorWaiting ||= byVisitor;
    if (this.#controllerRequested) return;
    this.#controllerRequested = true;
    this.#lazy(
      loadController()
        .finally(() => (this.#controllerRequested = false))
        .catch((error: unknown) => {
          if (this.#visitorWaiting) this.#unreachable(error);
          throw error;
        }),
      (module) => this.#attach(module),
    );
  }

  /**
   * The behaviour could not be fetched when the visitor needed it: a polite message under the
   * field and in the live region, and the error event; the text stays, and the next focus or key
   * asks again, as does the device coming back online.
   */
  #unreachable(error: unknown): void {
    this.#visitorWaiting = false;
    // Said once while it is shown, not at each key: offline, every key meets the same failure.
    // Fetched again when the device is back online, the message then giving way to the search
    // (open if the field has the focus). Only fetched: a box that has its behaviour by then, the
    // visitor elsewhere, is not opened.
    if (!this._unreachable) {
      emit(this, 'error', { error, query: this.query.trim() });
      addEventListener('online', () => this.#requestController(), { once: true });
    }
    this._unreachable = true;
  }

  #attach(module: typeof Controller): void {
    // Off the page (never connected, or removed before the module came): connectedCallback
    // attaches it. Attached off the page, it searched there, without an ancestor's key.
    if (this.#controller || !this.isConnected) return;
    this._unreachable = false;
    this.#addStyles(module.popupStyles);
    this.#controller = new module.SearchController(this, () => this.#text);
    this.requestUpdate();
  }

  /**
   * Adds the rules of a lazily loaded part after the element's own: a constructed style sheet,
   * which a strict CSP allows, or where there is none (Safari before 16.4) a `<style>` with Lit's
   * nonce, as Lit's adoptStyles does.
   */
  #addStyles(cssText: string): void {
    if (this.#styled.has(cssText)) return;
    this.#styled.add(cssText);
    let styles = lazyStyles.get(cssText);
    if (!styles) lazyStyles.set(cssText, (styles = unsafeCSS(cssText)));
    const root = this.renderRoot as ShadowRoot;
    adoptStyles(root, [...(supportsAdoptingStyleSheets ? root.adoptedStyleSheets : []), styles]);
  }

  protected override firstUpdated(): void {
    // Fetched when the browser is idle, or after 2 s whatever it is doing; where there is no
    // requestIdleCallback (Safari), soon after the first render. Already attached (the module came
    // for another box), it asks for nothing.
    (globalThis.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1)))(
      () => this.#requestController(false),
      { timeout: 2000 },
    );
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Removed by a framework binding null: an empty query, as at first. A framework binds null or
    // undefined for a prop it doesn't have: the default again (the tags are read by `tagsOf`, the
    // numbers only the search uses by its `#setting`).
    this.query ??= '';
    this.minChars ??= 2;
    // `?q=` read once the properties a framework set before the element was defined are in place
    // (`urlParam` among them), which they are not yet when it is first connected; and read once,
    // so that a query the visitor clears stays cleared.
    if (!this.#urlParamRead && this.urlParam != null) {
      this.#urlParamRead = true;
      const fromUrl = new URLSearchParams(globalThis.location?.search).get(this.urlParam || 'q');
      if (fromUrl && !this.query) this.query = fromUrl;
    }
    if (changed.has('shortcut')) {
      this.#shortcut = undefined;
      this.#requestShortcut();
    }
    // Requested with the variant, so the dialog is there by the time someone opens it. Another
    // variant set while it is open (a layout switched on rotation) closes it before it goes, so
    // that the page scrolls again and its listeners go too.
    if (changed.has('variant')) {
      if (this.variant !== 'button') this.#dialog?.close();
      else if (!dialogModule) this.#lazy(loadDialog());
    }
    // A query to search, from the page or its URL.
    if (changed.has('query') && this.query) this.#requestController(false);
    this.#controller?.willUpdate(changed);
  }

  /**
   * Whether the query is the one the visitor typed or chose: a search the page started by setting
   * `query` fires no events, which follow user actions only.
   * @internal
   */
  get queryIsVisitors(): boolean {
    return this.query === this.#visitorQuery;
  }

  /**
   * Sets the query as the visitor's own (a recent search chosen in the list).
   * @internal
   */
  setVisitorQuery(value: string): void {
    this.#visitorQuery = value;
    this.query = value;
  }

  /** The strings of the input, the button and the dialog, with the page's replacements (of the popup's too). */
  get #text(): FieldStrings & Partial<SearchBoxStrings> {
    return { ...fieldStrings, ...this.strings };
  }

  get #input(): HTMLInputElement | null | undefined {
    return this.renderRoot?.querySelector('input');
  }

  get #dialog(): HTMLDialogElement | null | undefined {
    return this.renderRoot?.querySelector('dialog');
  }

  readonly #onInput = (event: Event): void => {
    // During an IME composition the text is not final (kana before their kanji, pinyin before its
    // characters): search once the composition ends, unless the behaviour, once it has arrived,
    // knows the composed text for the text itself (see `isFinalAsComposed`).
    const { isComposing, data } = event as InputEvent;
    if (isComposing && !controllerModule?.isFinalAsComposed(data ?? '')) return;
    this.#setQueryFromUser((event.target as HTMLInputElement).value);
  };

  readonly #onCompositionEnd = (event: CompositionEvent): void => {
    this.#setQueryFromUser((event.target as HTMLInputElement).value);
  };

  #setQueryFromUser(value: string): void {
    this.#visitorQuery = value;
    this.query = value;
    this.#controller?.open();
  }

  readonly #onKeydown = (event: KeyboardEvent): void => {
    // Keys that confirm or cancel an IME composition belong to the IME (DocSearch #2111).
    if (event.isComposing || event.keyCode === 229) return;
    this.#requestController();
    const controller = this.#controller;
    if (controller?.keydown(event)) return;
    if (!controller) {
      // Before the behaviour arrives there is nothing to move to: the arrows keep the caret
      // where it is, and Enter submits the query once it has arrived.
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') event.preventDefault();
      if (event.key === 'Enter') {
        event.preventDefault();
        const query = this.query;
        // A failed fetch is the visitor's to hear of once: #requestController, above, tells them.
        this.#lazy(loadController(), (module) => {
          this.#attach(module);
          this.#controller?.submit(query);
        });
      }
    }
    // Escape with nothing shown clears the text (in the dialog, it closes the dialog).
    if (event.key === 'Escape' && this.variant !== 'button' && this.query) {
      this.query = '';
      // Handled here: a dialog or menu around the search box must not close too.
      event.preventDefault();
      event.stopPropagation();
    }
  };

  readonly #onFocus = (): void => {
    this.#requestController();
    this.#controller?.open();
  };

  readonly #onFocusOut = (event: FocusEvent): void => {
    // The message of a failed fetch goes with the focus.
    if (
      !this.contains(event.relatedTarget as Node | null) &&
      !this.renderRoot.contains(event.relatedTarget as Node | null)
    )
      this._unreachable = false;
    this.#controller?.focusOut(event);
  };

  /**
   * Fetches the code of the page's shortcut, and uses it. Should the fetch fail (a connection lost
   * as the page loaded), each key pressed on the page asks again, and is the shortcut's if it
   * matches once the code has come: the first press of the shortcut once the network is back opens
   * the search.
   */
  #requestShortcut(key?: KeyboardEvent): void {
    const spec = this.shortcut;
    if (spec)
      this.#lazy(
        loadShortcut().catch((error: unknown) => {
          this.#shortcutMissing = this.shortcut === spec;
          throw error;
        }),
        ({ pageShortcut }) => {
          this.#shortcutMissing = false;
          if (this.shortcut !== spec) return;
          this.#shortcut = pageShortcut(spec);
          if (key) this.#onDocumentKeydown(key);
        },
      );
  }

  readonly #onDocumentKeydown = (event: KeyboardEvent): void => {
    if (this.#shortcutMissing) return this.#requestShortcut(event);
    const shortcut = this.#shortcut;
    if (!shortcut || event.defaultPrevented || event.isComposing || event.repeat) return;
    // A box not rendered (in a hidden tab, a kept-alive route) leaves the shortcut to one that is.
    if (!shortcut.matches(event) || this.checkVisibility?.() === false) return;
    event.preventDefault();
    this.show();
  };

  /** The focus goes back where it was when the dialog opened (the shortcut may open it from anywhere). */
  readonly #onDialogClose = (opener: HTMLElement | null): void => {
    this.#controller?.collapse();
    (opener?.isConnected && opener !== document.body
      ? opener
      : this.renderRoot.querySelector<HTMLButtonElement>('button[part="button"]')
    )?.focus();
  };

  #renderCombobox(): TemplateResult {
    const text = this.#text;
    const inDialog = this.variant === 'button';
    const label = this.label || text.label;
    const shortcut = this.#shortcut;
    // Until the behaviour arrives, the list is empty and closed, and a message says (and the live
    // region tells) that it could not be fetched, or, to a visitor who typed a query meanwhile
    // (seconds on a slow network), that the search is on its way: a query long enough to be
    // searched (`min-chars`, counted here in UTF-16 units; the behaviour, which counts an emoji as
    // one character and searches a single Chinese character, decides those once it has come).
    const note = this._unreachable
      ? text.error
      : this.#visitorWaiting && this.query.trim()[this.minChars - 1]
        ? text.loading
        : '';
    const {
      popup,
      listed,
      activeId,
      announcement = note,
    } = this.#controller?.render() ?? {
      popup: html`<ul id="listbox" role="listbox" part="listbox" aria-label=${text.results} hidden></ul>
        ${note ? html`<p part="message" class="early">${note}</p>` : nothing}`,
      listed: false,
    };
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
            autocomplete="off"
            autocapitalize="off"
            spellcheck="false"
            enterkeyhint="search"
            aria-autocomplete="list"
            aria-expanded=${listed}
            aria-controls="listbox"
            aria-activedescendant=${activeId ?? nothing}
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
        ${popup}
        <div role="status" part="status" class="visually-hidden">${announcement}</div>
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

/** The failures told: offline, every try of a part meets the same one (see importOnce). */
const reported = new Set<unknown>();

function reportLoadError(error: unknown): void {
  if (!reported.has(error)) console.error('<search-box>: a part not loaded:', error);
  reported.add(error);
}

declare global {
  interface HTMLElementTagNameMap {
    'search-box': SearchBox;
  }
}
