/**
 * What `<search-box>` does once the visitor uses it: the search task and the client, the popup
 * (results with their highlights, messages, recent searches, "Ask AI about …"), the keys of the
 * combobox beyond typing, and the events. The element renders its input, button and live region
 * at once and imports this module dynamically, when the browser is first idle or as soon as the
 * visitor needs it (focus, a key, a query), so a page does not wait for it to show the search.
 */
import { html, nothing } from 'lit';
import type { PropertyValues, ReactiveController, TemplateResult } from 'lit';
import { Task, TaskStatus, initialState } from '@lit/task';
import type { AskClient } from '../../client/create-client.js';
import { createSearchClient } from '../../client/search-client.js';
import type { SearchClient } from '../../client/search-client.js';
import { ApiError, NetworkError, TimeoutError, isAbortError, isRefusedSetup } from '../../client/errors.js';
import { delay } from '../../client/request.js';
import type { SearchResultItem } from '../../wire/index.js';
import { resolveClientWith } from '../shared/connection.js';
import { emit } from '../shared/events.js';
import { isAllowedUrl } from '../shared/safe-url.js';
import { assetTypeLabel, freshAnnouncement } from '../shared/strings.js';
import { fromFirstMatch, highlightPieces, unheldTerms } from './highlight.js';
import { addRecentSearch, clearRecentSearches, loadRecentSearches } from './recent-searches.js';
import type {
  AskTarget,
  SearchBox,
  SearchBoxErrorDetail,
  SearchBoxHandoffDetail,
  SearchBoxSearchDetail,
  SearchBoxSelectDetail,
} from './search-box.js';
import type { FieldStrings, SearchBoxStrings, StringTemplate } from './search-box.strings.js';
import { formatString, popupStrings } from './search-popup.strings.js';
import { SearchCache } from './search-cache.js';

export { popupStyles } from './search-popup.styles.js';

/**
 * Whether text still in an IME composition is already what the visitor means, and is searched as
 * it is typed: Hangul syllables, and on Android, whose keyboards hold each word in composition
 * until the next space, Latin words. Kana before their kanji and pinyin before its characters
 * (on a desktop) wait for the composition to end.
 */
export function isFinalAsComposed(data: string, userAgent = globalThis.navigator?.userAgent ?? ''): boolean {
  return (
    /^[\p{Script=Hangul}\p{N} ]+$/u.test(data) ||
    (/^[\p{Script=Latin}\p{N}' -]+$/u.test(data) && /Android/.test(userAgent))
  );
}

type SearchRequest = Parameters<AskClient['search']>[0];

interface Answered {
  query: string;
  items: SearchResultItem[];
  /** The answer to the same search that this one, asked again, replaces on screen. */
  replaces?: Answered;
}

/** An answer kept in memory, and when it came. */
interface Kept {
  items: SearchResultItem[];
  at: number;
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

/** A result as shown, for a query and a page URL (`key`). */
interface ShownResult {
  key: string;
  title: Array<TemplateResult | string>;
  /** The heading of the section the result links to, when it links to one. */
  section: Array<TemplateResult | string> | undefined;
  /** The section's opening when it leads to one that has it, else the page's description. */
  description: Array<TemplateResult | string> | undefined;
  link: string | undefined;
}

/** Space kept between the popup and the bottom of what the visitor sees, in CSS pixels. */
const POPUP_MARGIN = 8;
/** The least height of the popup, however little room is left: a few options. */
const POPUP_MIN_BLOCK_SIZE = 160;

/** What the controller gives the element to render. */
export interface Rendered {
  popup: TemplateResult;
  listed: boolean;
  activeId: string | undefined;
  announcement: string;
}

/** What the popup shows; every change renders the element again. */
interface PopupState {
  expanded: boolean;
  activeIndex: number;
  recent: string[];
  answered: Answered | undefined;
  announcement: string;
  online: boolean;
  attempt: number;
}

/** A request that takes longer than this shows "Searching…"; faster ones never flicker. */
const LOADING_DELAY_MS = 400;
/** Screen readers hear the count once typing settles, not once per keystroke. */
const ANNOUNCE_DELAY_MS = 500;
/** `num-docs` and `debounce` when unset or unusable (the element's documented defaults). */
const NUM_DOCS_DEFAULT = 8;
/** `min-chars` when it is unusable, as the element's own default. */
const MIN_CHARS_DEFAULT = 2;
const NUM_DOCS_MAX = 100;
const DEBOUNCE_DEFAULT_MS = 100;
/** The service's own limit on a query (`LIMITS.queryMaxChars` in `src/wire/schemas.ts`). */
const QUERY_MAX_CHARS = 1000;

/**
 * How long an answer to the search a client sent last is shown again without asking: after it,
 * the service may have re-indexed (`--watch`).
 */
const FRESH_MS = 60_000;

// One cache per client, so two boxes on the same service share answers and a new key starts afresh.
const caches = new WeakMap<SearchClient, SearchCache<Kept>>();
// The search each client sent last: the one its service holds as the visitor's, and records
// unless another follows within 2 s (see `#createTask`).
const lastSent = new WeakMap<SearchClient, string>();
// When each client's service may be asked again, after a refusal that said how long to wait: a
// box given another key or service has nothing to wait for.
const retryAts = new WeakMap<SearchClient, number>();

const recentIcon = html`<svg class="icon" viewBox="0 0 20 20" aria-hidden="true">
  <circle cx="10" cy="10" r="7" fill="none" stroke="currentColor" stroke-width="1.6" />
  <path d="M10 6v4.2l2.8 1.8" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" />
</svg>`;
const askIcon = html`<svg class="icon" viewBox="0 0 20 20" aria-hidden="true">
  <path d="M10 2.5 11.8 8.2 17.5 10l-5.7 1.8L10 17.5l-1.8-5.7L2.5 10l5.7-1.8z" fill="currentColor" />
</svg>`;

/** Spaces alone, as CSS collapses them: what separates two marked words ("rate limit"). */
const COLLAPSIBLE_SPACE = /^[ \t\n\r\f]+$/;
/**
 * The space between two marked words, drawn as a space is and wrapping where one does, but in a
 * span that keeps its space (`.gap`): Chromium leaves a lone space between two of lit's markers
 * out of the option's accessible name, and a screen reader said "Ratelimit" for "Rate limit".
 */
const spaceBetweenMarks = html`<span class="gap"> </span>`;
/**
 * The behaviour of one `<search-box>`, a Lit reactive controller of the element. The element
 * hands it the visitor's keys and focus changes and renders what it returns; it reads the
 * element's public properties (the query, the request settings, `strings` through `text`).
 */
export class SearchController implements ReactiveController {
  readonly #host: SearchBox;
  readonly #text: () => SearchBoxStrings;
  readonly #state: PopupState;
  #runId = 0;
  #slowRun = -1;
  /**
   * The element said "Searching…" for a query typed before this module came: the searches go on
   * showing it from the first, with no gap, until one is answered or fails.
   */
  #stillSearching: boolean;
  /** The visitor asked to run a failed search again (retry): its failure is theirs to hear of. */
  #retried = false;
  #announceTimer: ReturnType<typeof setTimeout> | undefined;
  /** What the live region was to say while the visitor was away: said when they come back. */
  #unsaid: string | undefined;
  /** A query submitted before its results arrived: its first result is followed when they do. */
  #followFirstOf: string | undefined;
  /** A query submitted before its results arrived: a recent search once they find something. */
  #rememberIfFound: string | undefined;
  /** The active option last scrolled into view. */
  #scrolledTo = -1;
  /** The answer the list last showed, and whether it was in sight (see `hostUpdated`). */
  #listed: Answered | undefined;
  #listSeen = false;
  /**
   * The result the visitor had highlighted left the list when newer results came: Enter waits
   * for a new choice rather than open a page the visitor never saw highlighted.
   */
  #highlightLost = false;
  /**
   * The visitor was sent to another page, which is loading: Enter pressed again meanwhile (a slow
   * page, a key held down) submitted the query, and its first result replaced the page chosen.
   * Over once they are back at the search (focus, a key that opens the list) or the page is shown
   * again from the back/forward cache.
   */
  #leaving = false;

  readonly #searchTask: Task;
  /** Each result as last shown (see `#shownResult`). */
  readonly #shown = new WeakMap<SearchResultItem, ShownResult>();
  /** The words of each answered query that no result of it holds (see `#typos`). */
  readonly #unheld = new WeakMap<Answered, string[]>();

  /**
   * `text` gives the element's strings with the page's replacements. Whatever the visitor did before this
   * module arrived is in the element already: the typed query is searched at once, and the
   * popup opens if the input has the focus.
   */
  constructor(host: SearchBox, text: () => FieldStrings & Partial<SearchBoxStrings>) {
    this.#host = host;
    this.#text = () => ({ ...popupStrings, ...text() });
    this.#stillSearching =
      (host.renderRoot as ShadowRoot).querySelector('.early')?.textContent === this.#text().loading;
    this.#state = {
      expanded: (host.renderRoot as ShadowRoot).activeElement?.localName === 'input',
      activeIndex: -1,
      recent: host.noRecent ? [] : loadRecentSearches(),
      answered: undefined,
      announcement: '',
      online: globalThis.navigator?.onLine ?? true,
      attempt: 0,
    };
    this.#searchTask = this.#createTask();
    host.addEventListener('pointerdown', this.#onPointerdown);
    host.addController(this);
  }

  /** A search was on its way when the element was removed: it runs again when put back. */
  #stoppedByRemoval = false;
  /** An answer from memory, shown while its search is asked again (see `#createTask`). */
  #askingAgain: Answered | undefined;

  #createTask() {
    const host = this.#host;
    return new Task(host, {
      args: () =>
        [
          searched(host.query),
          this.#minChars,
          this.#setting(
            'num-docs',
            host.numDocs,
            NUM_DOCS_DEFAULT,
            'a whole number from 1 to 100',
            (count) => (Math.round(count) >= 1 ? Math.min(NUM_DOCS_MAX, Math.round(count)) : undefined),
          ),
          host.score,
          tagsOf(host.includeTags).join('\n'),
          tagsOf(host.excludeTags).join('\n'),
          host.returnAll,
          this.#state.online,
          this.#state.attempt,
          resolveClientWith<SearchClient>(host, createSearchClient),
        ] as const,
      task: async (
        [query, minChars, numDocs, score, includeTags, excludeTags, returnAll, online, , client],
        { signal },
      ): Promise<Answered | typeof initialState> => {
        const run = ++this.#runId;
        if (tooShort(query, minChars)) return initialState;
        if (!online) {
          this.#announce(this.#text().offline);
          return initialState;
        }
        const request: SearchRequest = { query, numDocs };
        if (score !== undefined && Number.isFinite(score)) request.score = Math.min(0.99, Math.max(0, score));
        if (includeTags) request.includeTags = includeTags.split('\n');
        if (excludeTags) request.excludeTags = excludeTags.split('\n');
        if (returnAll) request.returnAll = true;

        let cache = caches.get(client);
        if (!cache) caches.set(client, (cache = new SearchCache()));
        const key = JSON.stringify(request);
        const kept = cache.get(key);
        // A query typed again (a Backspace, a recent search) is answered from memory at once. The
        // service records the search a visitor stops at as the last it was sent: unless this one
        // was, it is asked again once the typing pauses, as a new one would be, so that the site's
        // top searches hold what the visitor read the results of, not a typo they took back. So is
        // an answer a minute old, which the service may have re-indexed since. The fresh answer
        // takes its place, the list where it was, the highlighted page kept.
        let shown: Answered | undefined;
        if (kept) {
          // The answer on screen, when it is this one (the list opened again): kept as it is.
          const { answered } = this.#state;
          shown = answered?.items === kept.items ? answered : { query, items: kept.items };
          if (lastSent.get(client) === key && Date.now() - kept.at < FRESH_MS) return shown;
          this.#answered(shown);
          this.#askingAgain = shown;
        }

        // After a refusal that said how long to wait (429, 503), the search waits it out, shown as
        // searching, rather than be refused again; results already shown need no "Searching…".
        const wait = (retryAts.get(client) ?? 0) - Date.now();
        const debounce = this.#setting(
          'debounce',
          host.debounce,
          DEBOUNCE_DEFAULT_MS,
          'milliseconds, 0 or more',
          (ms) => (ms >= 0 && ms < Infinity ? ms : undefined),
        );
        if (this.#stillSearching && !shown) this.#slowRun = run;
        const timer = shown
          ? undefined
          : setTimeout(
              () => {
                this.#slowRun = run;
                host.requestUpdate();
              },
              wait > 0 ? 0 : debounce + LOADING_DELAY_MS,
            );
        try {
          // Debounce inside the task: a newer keystroke aborts this wait, so no request is sent.
          await delay(Math.max(debounce, wait), signal);
          lastSent.set(client, key);
          const response = await client.search(request, { signal });
          // A malformed entry (null, a string) is dropped, not rendered into a crash.
          const items = (Array.isArray(response) ? response : []).filter(
            (item): item is SearchResultItem => item !== null && typeof item === 'object',
          );
          // The same answer again: nothing changes on screen, nor is said again.
          const same = shown !== undefined && JSON.stringify(items) === JSON.stringify(shown.items);
          cache.set(key, { items: same ? shown!.items : items, at: Date.now() });
          return same ? shown! : { query, items, replaces: shown };
        } catch (error) {
          // Asked again and failed: the answer shown stands, with no message over it.
          if (shown && !isAbortError(error)) return shown;
          throw error;
        } finally {
          clearTimeout(timer);
          if (this.#askingAgain === shown) this.#askingAgain = undefined;
        }
      },
      onComplete: (value) => {
        this.#stillSearching = false;
        this.#answered(value);
      },
      onError: (error) => {
        if (isAbortError(error)) return;
        this.#stillSearching = false;
        this.#followFirstOf = undefined;
        const text = this.#text();
        this.#set({ answered: undefined, activeIndex: -1 });
        // A wait of up to 10 s, as the client's own retries take; a longer one (a 503 for an
        // hour's maintenance) would show "Searching…" all that time: the next search goes at once.
        if (error instanceof ApiError && error.retryAfter !== undefined && error.retryAfter <= 10)
          retryAts.set(
            resolveClientWith<SearchClient>(host, createSearchClient),
            Date.now() + error.retryAfter * 1000,
          );
        if (error instanceof NetworkError && globalThis.navigator?.onLine === false) {
          this.#set({ online: false });
          this.#announce(text.offline);
          return;
        }
        this.#announce(this.#errorText(error));
        // A key or an origin the service refuses is the site's to fix: its owner reads the console.
        if (isRefusedSetup(error))
          console.error(
            `<search-box>: the service refused this page (${String(error)}); check api-key, base-url and the agent's allowedOrigins`,
          );
        // Events follow user actions: a search the page started in code fails quietly (the
        // message is still shown), unless the visitor asked again with retry.
        if (host.queryIsVisitors || this.#retried)
          emit<SearchBoxErrorDetail>(host, 'error', { error, query: searched(host.query) });
        this.#retried = false;
      },
    });
  }

  /**
   * `min-chars` as the search uses it: "abc" (NaN) searched at every key, "" (0) too, with
   * nothing said; those get the default, with a warning.
   */
  get #minChars(): number {
    return this.#setting(
      'min-chars',
      this.#host.minChars,
      MIN_CHARS_DEFAULT,
      'a whole number, 0 or more',
      (count) => (count >= 0 && count < Infinity ? Math.round(count) : undefined),
    );
  }

  /** The value of each number setting last warned about (see `#setting`). */
  readonly #warned = new Map<string, unknown>();

  /**
   * A number setting as the search uses it: `use` gives the number to use for the one set, or
   * undefined when it can't be used, then `fallback`. Lit reads an empty attribute as 0 and other
   * text as NaN: those, and a number out of range, are the page's mistake, told in the console
   * once per value (this runs at every update). None set (a framework's null or undefined for a
   * prop it doesn't have) is no mistake: the default, quietly.
   */
  #setting(
    attribute: string,
    value: number | null | undefined,
    fallback: number,
    rule: string,
    use: (value: number) => number | undefined,
  ): number {
    if (value == null) return fallback;
    const written = this.#host.getAttribute(attribute);
    const empty = value === 0 && written?.trim() === '';
    const used = (empty ? undefined : use(value)) ?? fallback;
    if (used !== value && !Object.is(this.#warned.get(attribute), value)) {
      this.#warned.set(attribute, value);
      console.warn(
        `<search-box>: ${attribute} must be ${rule}; got ${JSON.stringify(written ?? value)}, using ${used}`,
      );
    }
    return used;
  }

  /** Shows an answer, and says how many results it has, once typing settles. */
  #answered(value: Answered): void {
    const text = this.#text();
    const count = value.items.length;
    // The answer shown, asked again and unchanged: nothing to show or say anew.
    const again = value === this.#state.answered;
    if (!again) this.#set({ answered: value, activeIndex: this.#highlightAfter(value.items) });
    if (this.#rememberIfFound === value.query) {
      this.#rememberIfFound = undefined;
      if (count > 0) this.#remember(value.query);
    }
    if (this.#followFirstOf === value.query) this.#followFirst();
    // Results for a popup the visitor closed, or left, are no news to them.
    if (!this.#state.expanded || again) return;
    const said =
      count === 0
        ? formatString(text.noResults, 'query', announced(value.query))
        : count === 1
          ? text.resultsOne
          : formatString(text.resultsOther, 'count', count);
    this.#announce(this.#cut ? `${this.#cutText()} ${said}` : said);
  }

  hostConnected(): void {
    this.#listen('addEventListener');
    // Back online while it was off the page (a kept-alive view), unheard: searched now, where it
    // said "offline" and searched nothing until the network next changed.
    this.#state.online = globalThis.navigator?.onLine ?? true;
    this.#searchTask.autoRun = true;
    // Moved (a drawer, a portal) or put back by a router mid-search: the search its removal
    // stopped runs again, as if never stopped, rather than leave its abort to read as a failure.
    if (this.#stoppedByRemoval) void this.#searchTask.run();
    // What changed while it was off the page is searched now.
    else this.#host.requestUpdate();
    this.#stoppedByRemoval = false;
  }

  hostDisconnected(): void {
    this.#listen('removeEventListener');
    clearTimeout(this.#announceTimer);
    this.#stoppedByRemoval = this.#searchTask.status === TaskStatus.PENDING;
    // Off the page, nothing is searched: the update the abort causes would search again, with
    // the client of no ancestor (a key on <body> no longer found), and fail as a refused key.
    this.#searchTask.autoRun = false;
    this.#searchTask.abort();
  }

  hostUpdated(): void {
    this.#fitPopup();
    const index = this.#state.activeIndex;
    if (index >= 0 && index !== this.#scrolledTo) this.#scrollIntoView(index);
    this.#scrolledTo = index;
    // Another query's results, or the list shown again, start at their first, nothing active: the
    // list kept where the arrows had scrolled the last one, the best result hidden above its top.
    // Fresh results of the search shown (see `#createTask`) stay where the visitor was reading.
    const list = this.#host.renderRoot.querySelector('[role="listbox"]');
    const seen = !!list?.getClientRects().length;
    const { answered } = this.#state;
    const another = answered !== this.#listed && answered?.replaces !== this.#listed;
    if (list && seen && index < 0 && (!this.#listSeen || another)) list.scrollTop = 0;
    this.#listSeen = seen;
    this.#listed = answered;
  }

  /**
   * Ends the open popup above the bottom of what the visitor sees: a phone's on-screen keyboard
   * covers the bottom of the page (the visual viewport shrinks, the layout viewport doesn't), and
   * "Ask AI about …", held at the bottom of the list, went under it. The list scrolls within.
   */
  readonly #fitPopup = (): void => {
    const popup = this.#host.renderRoot.querySelector<HTMLElement>('.popup');
    const viewport = globalThis.visualViewport;
    if (!popup || !viewport || popup.hidden || this.#inDialog) return;
    const room = viewport.offsetTop + viewport.height - popup.getBoundingClientRect().top - POPUP_MARGIN;
    // In the popup's own pixels, which a zoomed page (`body { zoom: 1.25 }`) makes larger.
    const zoom = popup.currentCSSZoom || 1;
    popup.style.setProperty('--_visible-block-size', `${Math.max(room / zoom, POPUP_MIN_BLOCK_SIZE)}px`);
  };

  /**
   * Scrolls the option into view, and clear of the "Ask AI" option held at the bottom of the list,
   * whose height follows the query's (up to two lines). An option taller than the room left (a
   * page zoomed to 400%, a phone held sideways) shows its start, its title: its end was shown, the
   * title hidden above the list. "Ask AI", held there by `position: sticky`, scrolls no page into
   * view in Chromium: the list's bottom, where it is, does (a list ending below the window, at 400%).
   */
  #scrollIntoView(index: number): void {
    const option = this.#host.renderRoot.querySelector(`#option-${index}`);
    if (!option) return;
    option.scrollIntoView({ block: 'nearest' });
    const list = option.closest('[role="listbox"]');
    if (!list) return;
    const ask = list.querySelector('.option.ask');
    if (ask === option) list.scrollIntoView({ block: 'nearest' });
    const covered =
      ask && ask !== option ? option.getBoundingClientRect().bottom - ask.getBoundingClientRect().top : 0;
    if (covered > 0) list.scrollTop += covered;
    const above = list.getBoundingClientRect().top - option.getBoundingClientRect().top;
    if (above > 0) list.scrollTop -= above;
  }

  /** The page-wide listeners: a click outside, going offline and online, the keyboard shown. */
  #listen(method: 'addEventListener' | 'removeEventListener'): void {
    globalThis.visualViewport?.[method]('resize', this.#fitPopup);
    globalThis.visualViewport?.[method]('scroll', this.#fitPopup);
    globalThis[method]('scroll', this.#fitPopup);
    document[method]('pointerdown', this.#onDocumentPointerdown as EventListener, true);
    globalThis[method]('online', this.#onConnectivity);
    globalThis[method]('offline', this.#onConnectivity);
    globalThis[method]('pageshow', this.#onPageshow);
  }

  /** Called by the element's willUpdate. */
  willUpdate(changed: PropertyValues<SearchBox>): void {
    const host = this.#host;
    if (changed.has('noRecent')) this.#state.recent = host.noRecent ? [] : loadRecentSearches();
    // Another query has other options: none is active, and what was said or asked of the last
    // one is void (its "N results", going to its first result).
    if (changed.has('query')) {
      this.#state.activeIndex = -1;
      // A space typed after the words, or text past what is searched, searches nothing new: what
      // the results said still holds. Typing past it is said, with no results to say it with.
      const before = changed.get('query') ?? '';
      if (searched(before) !== searched(host.query)) {
        this.#followFirstOf = undefined;
        clearTimeout(this.#announceTimer);
        this.#unsaid = undefined;
      } else if (this.#cut && before.trim().length <= QUERY_MAX_CHARS) this.#announce(this.#cutText());
    }
    if ((changed.has('query') || changed.has('minChars')) && tooShort(host.query.trim(), this.#minChars)) {
      // Too short to search: the list turns to recent searches and nothing is announced.
      this.#state.answered = undefined;
      clearTimeout(this.#announceTimer);
      this.#unsaid = undefined;
      this.#state.announcement = '';
    }
  }

  #set(changes: Partial<PopupState>): void {
    const keys = Object.keys(changes) as Array<keyof PopupState>;
    if (keys.every((key) => this.#state[key] === changes[key])) return;
    Object.assign(this.#state, changes);
    this.#host.requestUpdate();
  }

  get #inDialog(): boolean {
    return this.#host.variant === 'button';
  }

  /** What the popup holds right now: its options, a message, the loading indicator. */
  #view(): View {
    const host = this.#host;
    const { recent, online, answered } = this.#state;
    const query = host.query.trim();
    const options: Option[] = [];
    let message: View['message'];
    let loading = false;
    const recentMode = tooShort(query, this.#minChars);
    if (recentMode) {
      for (const entry of recent) options.push({ kind: 'recent', query: entry });
      if (options.length) options.push({ kind: 'clear-recent' });
    } else if (!online) {
      message = 'offline';
    } else {
      const status = this.#searchTask.status;
      loading = status === TaskStatus.PENDING && this.#slowRun === this.#runId;
      if (status === TaskStatus.ERROR) message = 'error';
      else if (answered) {
        // While a newer query is pending, the last answer stays in place: no flicker.
        if (answered.items.length === 0) message = 'empty';
        answered.items.forEach((item, index) => {
          // The section that matched (the reference service's `section`) when its link is allowed.
          const section = String(item.section?.link ?? '');
          const link = section && isAllowedUrl(section) ? section : String(item.link ?? '');
          options.push({
            kind: 'result',
            item,
            position: index + 1,
            href: isAllowedUrl(link) ? link : undefined,
          });
        });
      }
    }
    // Offered under the results once the first have come (or failed): alone above them, it was
    // pushed down the moment they came, and a click meant for it opened a result.
    const settled = recentMode || answered !== undefined || message !== undefined;
    if (query && (host.askAi || this.#askTargetOnPage()) && online && settled)
      options.push({ kind: 'ask', query });
    return { options, message, loading, recentMode };
  }

  /** The `ask-target` id last warned about as naming no element (see `#askTargetOnPage`). */
  #missingTarget: string | undefined;

  /**
   * Whether "Ask AI about …" has an element to hand the query to: offered for an `ask-target`
   * that names none (a typo, a page without the chat), it closed the search and dropped the
   * question. A chat added later (a route that renders it) is found at the next keystroke.
   */
  #askTargetOnPage(): boolean {
    const targetId = this.#host.askTarget;
    if (!targetId) return false;
    if (this.#askTargetElement(targetId)) return true;
    if (this.#missingTarget !== targetId) {
      this.#missingTarget = targetId;
      console.warn(
        `<search-box>: ask-target "${targetId}" names no element: "Ask AI about …" is not offered.`,
      );
    }
    return false;
  }

  /**
   * The element `ask-target` names, in the search box's own root, then in the document. The one on
   * screen: an app that keeps the pages it left in the DOM, hidden (Next.js's routes in React's
   * <Activity mode="hidden">), has each page's chat under that id, and the first in the document
   * took the question out of sight. Else the first.
   */
  #askTargetElement(targetId: string): HTMLElement | undefined {
    const root = this.#host.getRootNode();
    const named = (scope: Document | ShadowRoot) => [
      ...scope.querySelectorAll<HTMLElement>(`#${CSS.escape(targetId)}`),
    ];
    const candidates = [...(root instanceof ShadowRoot ? named(root) : []), ...named(document)];
    return candidates.find((found) => found.checkVisibility?.() !== false) ?? candidates[0];
  }

  /** True when the popup has something to show (whether it is open or not). */
  #hasContent(view = this.#view()): boolean {
    return view.options.length > 0 || view.message !== undefined || view.loading;
  }

  /** Opens the popup (the input got the focus or the visitor typed). */
  open(): void {
    clearTimeout(this.#pressedOutside);
    this.#highlightLost = false;
    this.#leaving = false;
    // Results shown again (the list reopened, the dialog opened again) are asked again when they
    // are a minute old, as those of a query typed back are (see `#createTask`). Another query (the
    // visitor typing) is searched by the update.
    if (
      !this.#listSeen &&
      this.#state.answered?.query === searched(this.#host.query) &&
      this.#searchTask.status === TaskStatus.COMPLETE
    )
      void this.#searchTask.run();
    this.#set({ expanded: true, recent: this.#host.noRecent ? [] : loadRecentSearches() });
    // Back at the search: what came while they were away (a failure, going offline) is said now.
    if (this.#unsaid) this.#announce(this.#unsaid);
  }

  /**
   * Closes the inline popup; the dialog's list stays open while the dialog is. A visitor who
   * closes it (Escape, Tab, a click outside, the dialog closing) no longer waits for the first
   * result of a query submitted before its results came.
   */
  collapse(): void {
    this.#followFirstOf = undefined;
    this.#highlightLost = false;
    if (!this.#inDialog) clearTimeout(this.#announceTimer);
    // The dialog closed: its list is out of sight, though no update may follow to see it.
    else if (!this.#host.renderRoot.querySelector('dialog')?.open) this.#listSeen = false;
    this.#set({ expanded: this.#state.expanded && this.#inDialog, activeIndex: -1 });
  }

  /**
   * The option to keep highlighted when new results replace the list: the same page where it is
   * still listed, the offer to ask where it was that, else none (see `#highlightLost`).
   */
  #highlightAfter(items: SearchResultItem[]): number {
    const before = this.#view().options[this.#state.activeIndex];
    this.#highlightLost = false;
    if (!before || !this.#state.expanded) return -1;
    if (before.kind === 'result') {
      const at = items.findIndex((item) => String(item.link ?? '') === String(before.item.link ?? ''));
      this.#highlightLost = at < 0;
      return at;
    }
    // The offer to ask follows the results.
    return before.kind === 'ask' ? items.length : -1;
  }

  /**
   * Says `text` in the live region once typing settles, if the visitor is still at the search
   * then: its list open, or its dialog. A failure, or going offline, after they closed it or left
   * is said when they come back (see `open`), as its message waits in the list: not from a box
   * they are no longer in, nor never (the list shows it, but it is no option the arrows reach).
   */
  #announce(text: string): void {
    clearTimeout(this.#announceTimer);
    this.#unsaid = text;
    this.#announceTimer = setTimeout(() => {
      const attended = this.#inDialog
        ? this.#host.renderRoot.querySelector('dialog')?.open
        : this.#state.expanded;
      if (!attended) return;
      this.#unsaid = undefined;
      this.#set({ announcement: freshAnnouncement(text, this.#state.announcement) });
    }, ANNOUNCE_DELAY_MS);
  }

  /**
   * The keys of the combobox beyond typing, in the input (not during an IME composition).
   * Returns false for a key it leaves to the element.
   */
  keydown(event: KeyboardEvent): boolean {
    const { options, message } = this.#view();
    const count = options.length;
    const { expanded, activeIndex } = this.#state;
    const wasExpanded = expanded && count > 0;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (event.altKey) {
          if (event.key === 'ArrowDown') this.open();
          else this.#host.hide();
          return true;
        }
        this.open();
        if (count === 0) return true;
        // Choosing a page themselves, the visitor no longer waits for the first result of a query
        // submitted before its results came.
        this.#followFirstOf = undefined;
        const down = event.key === 'ArrowDown';
        this.#set({
          activeIndex:
            !wasExpanded || activeIndex < 0
              ? down
                ? 0
                : count - 1
              : (activeIndex + (down ? 1 : -1) + count) % count,
        });
        return true;
      }
      case 'Enter': {
        event.preventDefault();
        const option = wasExpanded ? options[activeIndex] : undefined;
        if (option) this.#choose(option, event.ctrlKey || event.metaKey || event.shiftKey);
        else if (this.#highlightLost) this.#highlightLost = false;
        else this.submit();
        return true;
      }
      case 'Escape':
        // In the dialog, Escape closes the dialog (its native cancel); with nothing open, it is the element's.
        if (this.#inDialog || !expanded || !this.#hasContent()) return false;
        this.collapse();
        // Handled here: a dialog or menu around the search box must not close too.
        event.preventDefault();
        event.stopPropagation();
        return true;
      case 'Home':
      case 'End':
      case 'ArrowLeft':
      case 'ArrowRight':
        // The caret moves in the input; the visual focus returns to it.
        this.#set({ activeIndex: -1 });
        return true;
      case 'Tab':
        // After a failed search, Tab goes on to "Try again", the popup's one button (the options
        // stay on the arrows); from there, Tab leaves the combobox and focusOut closes the popup.
        if (message === 'error' && expanded && !event.shiftKey && !isRefusedSetup(this.#searchTask.error)) {
          this.#set({ activeIndex: -1 });
          return true;
        }
        this.collapse();
        return true;
    }
    return false;
  }

  /**
   * Submits `query` (Enter with no option active): fires `ask-search`, then, unless a listener
   * cancels it to show its own results, follows the first result: at once, or as soon as the
   * query's results arrive. The phone keyboard's Search key leads somewhere.
   */
  submit(query = this.#host.query): void {
    const trimmed = searched(query);
    // Pressed again while its first result is awaited (or before this module came, when the
    // visitor saw nothing happen): the same submission, not a second ask-search.
    if (!trimmed || this.#leaving || this.#followFirstOf === trimmed) return;
    // A query known to find nothing, or whose search failed, is no search to come back to.
    const answered = this.#state.answered;
    const known = answered?.query === trimmed;
    if (known && answered.items.length > 0) this.#remember(trimmed);
    const proceed = emit<SearchBoxSearchDetail>(
      this.#host,
      'search',
      { query: trimmed },
      { cancelable: true },
    );
    // Its results not known yet: a page that shows its own (and may leave at once) has taken the
    // query, kept now unless its search is known to have failed; else kept once they find something.
    if (!known) {
      const keptNow = !proceed && this.#searchTask.status !== TaskStatus.ERROR;
      this.#rememberIfFound = keptNow ? undefined : trimmed;
      if (keptNow) this.#remember(trimmed);
    }
    // Enter after an error is the keyboard's retry, unless the service refused the page's key or
    // origin, which no retry mends (nor is "Try again" shown then).
    if (this.#searchTask.status === TaskStatus.ERROR) {
      if (!isRefusedSetup(this.#searchTask.error)) this.#retry();
    } else if (proceed && trimmed === searched(this.#host.query)) {
      // Results from memory being asked again are the ones the visitor sees: the first of them.
      const pending = this.#searchTask.status === TaskStatus.PENDING && answered !== this.#askingAgain;
      if (answered?.query === trimmed && !pending) this.#followFirst();
      else this.#followFirstOf = trimmed;
    }
  }

  #followFirst(): void {
    this.#followFirstOf = undefined;
    const first = this.#view().options.find((option) => option.kind === 'result' && option.href);
    if (first?.kind === 'result') this.#follow(first, false, true);
  }

  #retry(): void {
    this.#followFirstOf = undefined;
    this.#retried = true;
    this.#set({ attempt: this.#state.attempt + 1, online: globalThis.navigator?.onLine ?? true });
  }

  #choose(option: Option, newTab: boolean): void {
    const host = this.#host;
    switch (option.kind) {
      case 'recent':
        host.setVisitorQuery(option.query);
        this.#set({ activeIndex: -1, expanded: true });
        void host.updateComplete.then(() => {
          const input = host.renderRoot.querySelector('input');
          input?.setSelectionRange(input.value.length, input.value.length);
        });
        return;
      case 'clear-recent':
        clearRecentSearches();
        this.#set({ recent: [], activeIndex: -1 });
        this.#announce(this.#text().recentCleared);
        return;
      case 'result':
        this.#follow(option, newTab);
        return;
      case 'ask':
        // What the field shows, a word still in composition included (a click doesn't end it).
        void this.#handOff(host.renderRoot.querySelector('input')?.value.trim() || option.query);
        return;
    }
  }

  #follow(option: Extract<Option, { kind: 'result' }>, newTab: boolean, submitted = false): void {
    const host = this.#host;
    const href = option.href;
    // A link outside the allow-list is shown as text and never followed.
    if (!href) return;
    // The query that found it: the visitor may have typed on, a newer search still on its way.
    const query = this.#state.answered?.query ?? host.query.trim();
    this.#remember(query);
    const proceed = emit<SearchBoxSelectDetail>(
      host,
      'select',
      {
        result: option.item,
        position: option.position,
        query,
        href,
        newTab,
        submitted,
      },
      { cancelable: true },
    );
    if (!newTab) host.hide();
    if (!proceed) return;
    if (newTab) return void globalThis.open(href, '_blank', 'noopener');
    // A link within this page (a heading's anchor) leaves the visitor at the search.
    const url = new URL(href, document.baseURI);
    this.#leaving = url.href.split('#')[0] !== location.href.split('#')[0];
    globalThis.location.assign(href);
  }

  async #handOff(query: string): Promise<void> {
    const host = this.#host;
    const detail: SearchBoxHandoffDetail = {
      query,
      includeTags: tagsOf(host.includeTags),
      excludeTags: tagsOf(host.excludeTags),
    };
    this.#remember(query);
    // A closing dialog (variant="button") gives the focus back to its button when its close event
    // fires, a task later: the chat takes the focus after that, or the visitor is left on the button.
    const dialog = host.renderRoot.querySelector('dialog');
    const closed = dialog?.open
      ? new Promise((resolve) => dialog.addEventListener('close', resolve, { once: true }))
      : null;
    // Closed before the event: a page that opens its chat in a dialog of its own then gets the
    // focus back where the search was opened when that dialog closes, not on <body> (it would
    // return to this input, in a dialog closed since).
    host.hide();
    const proceed = emit(host, 'handoff', detail, { cancelable: true });
    const targetId = host.askTarget;
    if (!proceed || !targetId) return;
    const target = this.#askTargetElement(targetId);
    // The chat may be defined later (lazy-loaded): wait for it rather than drop the question.
    if (target?.localName.includes('-')) await customElements.whenDefined(target.localName);
    if (!target || typeof (target as Partial<AskTarget>).askQuestion !== 'function') {
      console.warn(`<search-box>: ask-target "${targetId}" names no element with askQuestion().`);
      return;
    }
    // The visitor follows the question to the chat at once, not when its answer arrives.
    const asked = (target as AskTarget).askQuestion(query, {
      includeTags: detail.includeTags,
      excludeTags: detail.excludeTags,
    });
    await closed;
    target.focus();
    await asked;
  }

  /**
   * What a failed search says: that the service could not be reached (online: offline is said
   * apart), or was too slow, as the chat says them, rather than that search is unavailable, which
   * read as the site's fault to a visitor whose connection had failed; the service's rate limit,
   * with its wait when the page can read one (a 429 is a rate limit whatever its headers: none is
   * made up); or that search is unavailable.
   */
  #errorText(error: unknown): string {
    const text = this.#text();
    // A page that translated `error` before these two were told apart keeps its own words, not English.
    const given = this.#host.strings ?? {};
    const own = (key: 'unreachable' | 'timeout') =>
      given.error !== undefined && given[key] === undefined ? text.error : text[key];
    if (error instanceof NetworkError) return own('unreachable');
    if (error instanceof TimeoutError) return own('timeout');
    if (!(error instanceof ApiError && error.status === 429)) return text.error;
    return error.retryAfter === undefined
      ? text.rateLimitedSoon
      : formatString(text.rateLimited, 'seconds', Math.max(1, Math.ceil(error.retryAfter)));
  }

  /** Whether the query is longer than the service takes, and only its start is searched. */
  get #cut(): boolean {
    return this.#host.query.trim().length > QUERY_MAX_CHARS;
  }

  #cutText(): string {
    return formatString(this.#text().queryCut, 'max', QUERY_MAX_CHARS);
  }

  #remember(query: string): void {
    // As searched: a pasted text handed to the chat whole is kept to the 1000 characters searched.
    if (!this.#host.noRecent && query.trim()) this.#set({ recent: addRecentSearch(searched(query)) });
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

  /** The focus left the combobox (the element's focusout). */
  focusOut(event: FocusEvent): void {
    const next = event.relatedTarget as Node | null;
    const host = this.#host;
    if (next && (host.renderRoot.contains(next) || host.contains(next))) return;
    this.collapse();
  }

  readonly #onDocumentPointerdown = (event: PointerEvent): void => {
    const host = this.#host;
    if (this.#inDialog || event.composedPath().includes(host)) return;
    // In a shadow root, the document's path stops at the host of a closed one (a component of the
    // page): a press on an option looked outside, closed the list under the pointer, and chose
    // nothing. Whether it was outside is known once the event has reached (or missed) the box.
    // An opening meanwhile (the component focusing the box as it is pressed) wins.
    if (host.getRootNode() === document) this.collapse();
    else this.#pressedOutside = setTimeout(() => this.#pressed !== event && this.collapse());
  };

  /** The last pointerdown the element heard (see `#onDocumentPointerdown`). */
  #pressed: Event | undefined;
  #pressedOutside: ReturnType<typeof setTimeout> | undefined;
  readonly #onPointerdown = (event: Event): void => void (this.#pressed = event);

  readonly #onPageshow = (): void => void (this.#leaving = false);

  readonly #onConnectivity = (): void => {
    // Going offline or online reruns the search task, which announces the offline state.
    this.#set({ online: globalThis.navigator?.onLine ?? true });
  };

  readonly #onRetryClick = (event: MouseEvent): void => {
    // Pressed from the keyboard, the button goes as the search runs again: the focus returns to the
    // input (a click never took it from there).
    if ((this.#host.renderRoot as ShadowRoot).activeElement === event.currentTarget) this.#focusInput();
    this.#retry();
  };

  readonly #onRetryKeydown = (event: KeyboardEvent): void => {
    // Escape on "Try again" closes the popup as it does from the input, and goes back to it.
    if (event.key !== 'Escape' || this.#inDialog) return;
    event.preventDefault();
    event.stopPropagation();
    this.#focusInput();
    this.collapse();
  };

  #focusInput(): void {
    this.#host.renderRoot.querySelector('input')?.focus();
  }

  readonly #keepFocusInInput = (event: MouseEvent): void => {
    // Clicking an option or Retry must not take the focus (and the screen reader's place) from the input.
    event.preventDefault();
  };

  /**
   * The words of the results' query that none of them shows: typos the service corrected, whose
   * corrections the results mark (see `unheldTerms`).
   */
  #typos(): string[] {
    const { answered } = this.#state;
    if (answered === undefined) return [];
    let unheld = this.#unheld.get(answered);
    if (unheld === undefined) {
      const texts = answered.items.map((item) =>
        [item.title, item.description, item.section?.heading, item.section?.excerpt].join(' '),
      );
      unheld = unheldTerms(answered.query, texts);
      this.#unheld.set(answered, unheld);
    }
    return unheld;
  }

  /** `text` with the query's terms marked; a description (`fromMatch`) shown from its first match. */
  #renderHighlighted(text: unknown, query: string, fromMatch = false): Array<TemplateResult | string> {
    const pieces = highlightPieces(String(text ?? ''), query, this.#typos());
    return (fromMatch ? fromFirstMatch(pieces) : pieces).map((piece) =>
      piece.match
        ? html`<mark part="highlight">${piece.text}</mark>`
        : COLLAPSIBLE_SPACE.test(piece.text)
          ? spaceBetweenMarks
          : piece.text,
    );
  }

  /**
   * A result's highlighted title and description and its link as shown, for the query that found
   * it: worked out once, not at each render (every key renders the list again while the last
   * query's results stay in it). The link as shown follows the page's URL (see `displayLink`).
   */
  #shownResult(item: SearchResultItem, href: string | undefined, query: string): ShownResult {
    const key = `${query}\n${document.baseURI}\n${this.#typos().join()}`;
    let shown = this.#shown.get(item);
    if (shown?.key !== key) {
      // A result that leads to a section shows its heading, and its opening in place of the
      // page's description, which says less of what the visitor will find there.
      const section = href !== undefined && href === item.section?.link ? item.section : undefined;
      const description = section?.excerpt || item.description;
      shown = {
        key,
        title: this.#renderHighlighted(item.title, query),
        section: section?.heading ? this.#renderHighlighted(section.heading, query) : undefined,
        description: description ? this.#renderHighlighted(description, query, true) : undefined,
        link: href && displayLink(href),
      };
      this.#shown.set(item, shown);
    }
    return shown;
  }

  #renderOption(option: Option, index: number, text: SearchBoxStrings): TemplateResult {
    const active = index === this.#state.activeIndex;
    const parts = `option option-${option.kind === 'clear-recent' ? 'clear' : option.kind}${active ? ' option-active' : ''}`;
    let content: TemplateResult;
    let disabled = false;
    switch (option.kind) {
      // A pasted text is said as its start (the option shows two lines of it; a screen reader
      // would read all of it at each arrow key); the option still hands over or searches it whole.
      case 'recent':
        content = html`${recentIcon}<span class="title" dir="auto">${announced(option.query)}</span>`;
        break;
      case 'clear-recent':
        content = html`<span class="title" dir="auto">${text.clearRecent}</span>`;
        break;
      case 'ask':
        content = html`${askIcon}<span class="title" dir="auto"
            >${withQuery(text.askAi, announced(option.query))}</span
          >`;
        break;
      case 'result': {
        const { item, href } = option;
        const shown = this.#shownResult(item, href, this.#state.answered?.query ?? '');
        const type = String(item.assetType ?? '');
        disabled = href === undefined;
        // A screen reader reads the option whole, over and again as the arrows move: its path, a
        // repeat of what its title says, is left to the eyes.
        content = html`<span class="title" dir="auto" part="option-title">${shown.title}</span>
          ${type ? html`<span class="type" part="option-type">${assetTypeLabel(text.assetTypes, type)}</span>` : nothing}
          ${shown.section ? html`<span class="section" part="option-section" dir="auto">${shown.section}</span>` : nothing}
          ${
            shown.description
              ? html`<span class="description" part="option-description" dir="auto"
                  >${shown.description}</span
                >`
              : nothing
          }
          ${href ? html`<span class="link" part="option-link" aria-hidden="true"><bdi>${shown.link}</bdi></span>` : nothing}`;
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

  /**
   * What the element renders: the popup under the input (the loading indicator, a message, the
   * listbox), the input's `aria-expanded` (`listed`) and `aria-activedescendant`, and what the
   * live region says.
   */
  render(): Rendered {
    const text = this.#text();
    const view = this.#view();
    const { options, message, loading } = view;
    const { expanded, activeIndex } = this.#state;
    const shown = expanded || this.#inDialog;
    const visible = shown && this.#hasContent(view);
    const listed = shown && options.length > 0;
    // "Recent searches" heads recent searches only: not an "Ask AI about …" alone, on a first visit.
    const recentListed = listed && options[0]?.kind === 'recent';
    const activeId =
      listed && activeIndex >= 0 && activeIndex < options.length ? `option-${activeIndex}` : undefined;
    // A slow search for a changed query shows the last query's results meanwhile, under the
    // "Searching…" line, the list marked busy (and `stale`, for a site's own styles).
    const stale =
      loading &&
      this.#state.answered?.query !== searched(this.#host.query) &&
      options.some((option) => option.kind === 'result');
    // Over the last query's results, the line goes under them: above, it pushed them down under
    // the visitor's finger.
    const searching = html`<p class="loading" part="loading">${text.loading}</p>`;
    // The error and offline messages are the strings of the same name.
    const messageText =
      message === 'empty'
        ? withQuery(text.noResults, this.#state.answered?.query ?? '')
        : message === 'error'
          ? this.#errorText(this.#searchTask.error)
          : message && text[message];
    const popup = html`<div
      class="popup"
      part="popup"
      ?hidden=${!visible}
      @mousedown=${this.#keepFocusInInput}
    >
      ${this.#cut ? html`<p class="message cut" part="message">${this.#cutText()}</p>` : nothing}
      ${loading && !stale ? searching : nothing}
      ${
        messageText
          ? html`<p class="message ${message}" part="message">
              ${messageText}
              ${
                // A key or an origin the service refuses is no visitor's to mend (the console says why).
                message === 'error' && !isRefusedSetup(this.#searchTask.error)
                  ? html`<button
                      type="button"
                      part="retry"
                      class="retry"
                      @click=${this.#onRetryClick}
                      @keydown=${this.#onRetryKeydown}
                    >
                      ${text.retry}
                    </button>`
                  : nothing
              }
            </p>`
          : nothing
      }
      <div id="listbox-label" part="heading" class="heading" ?hidden=${!recentListed}>
        ${recentListed ? text.recent : text.results}
      </div>
      <ul
        id="listbox"
        role="listbox"
        part="listbox"
        tabindex="-1"
        class=${stale ? 'stale' : ''}
        aria-labelledby="listbox-label"
        aria-busy=${stale ? 'true' : nothing}
        ?hidden=${!listed}
      >
        ${options.map((option, index) => this.#renderOption(option, index, text))}
      </ul>
      ${stale ? searching : nothing}
    </div>`;
    return { popup, listed, activeId, announcement: this.#state.announcement };
  }
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

/**
 * The query as searched: trimmed, and a text longer than the service takes (a pasted log or
 * page, which it would refuse) cut to its start, never through a character of two code units.
 * The field keeps the whole text; the popup says that only its start is searched.
 */
function searched(text: string, max = QUERY_MAX_CHARS): string {
  const query = text.trim();
  return query.length > max
    ? query
        .slice(0, max)
        .replace(/[\uD800-\uDBFF]$/, '')
        .trim()
    : query;
}

/**
 * A long query as "No results for …" and the options that name it say it: its start, as they
 * show two or three lines of it.
 */
function announced(query: string): string {
  return query.length > 100 ? `${searched(query, 99)}…` : query;
}

/**
 * Whether a (trimmed) query is too short to search. An empty one always is, whatever `min-chars`
 * says: `min-chars="0"`, an empty or a non-numeric value sent the service an empty query, which it
 * refuses, and the visitor read "Search is not available right now" on focus. One with a Han
 * character never is: in Chinese or Japanese one (鍵, 色) is a whole word, which the service
 * reads as one, not the start of a word as one letter is.
 */
function tooShort(query: string, minChars: number): boolean {
  return !query || ([...query].length < minChars && !/\p{Script=Han}/u.test(query));
}

/**
 * The tags of `include-tags`/`exclude-tags` as set: a list, or what a framework binds for a prop
 * it doesn't have (`includeTags={section?.tags}`: null or undefined, no tags) or as text
 * (`'guides, api'`, read as `tagListConverter` reads the attribute; not imported from it, which
 * would give the first load one more shared chunk in a split bundle). A copy, which the caller
 * may keep.
 */
function tagsOf(value: unknown): string[] {
  if (Array.isArray(value)) return [...(value as string[])];
  return typeof value === 'string'
    ? value
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean)
    : [];
}
