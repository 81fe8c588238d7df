import { aTimeout, expect, fixture, html, oneEvent } from '@open-wc/testing';
import { drawnCharacters } from '../support/drawn-text.js';
import { waitUntil } from '../support/wait-until.js';
import {
  emulateMedia,
  executeServerCommand,
  sendKeys,
  sendMouse,
  setViewport,
} from '@web/test-runner-commands';
import { createClient } from '../../src/client/create-client.js';
import type { AskClient, RequestOptions } from '../../src/client/create-client.js';
import { ApiError, NetworkError, TimeoutError } from '../../src/client/errors.js';
import { SearchBox } from '../../src/elements/search-box/search-box.js';
import { isFinalAsComposed } from '../../src/elements/search-box/search-controller.js';
import type {
  SearchBoxErrorDetail,
  SearchBoxHandoffDetail,
  SearchBoxSearchDetail,
  SearchBoxSelectDetail,
} from '../../src/elements/search-box/search-box.js';
import type { SearchRequest, SearchResultItem } from '../../src/wire/index.js';

if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

// ---- what a user (or a screen reader) perceives ------------------------------------------

const shadow = (el: SearchBox) => el.shadowRoot!;
const input = (el: SearchBox) => shadow(el).querySelector('input')!;
const listbox = (el: SearchBox) => shadow(el).querySelector<HTMLElement>('[role="listbox"]')!;
const status = (el: SearchBox) => shadow(el).querySelector<HTMLElement>('[role="status"]')!;
const popup = (el: SearchBox) => shadow(el).querySelector<HTMLElement>('[part="popup"]')!;
const options = (el: SearchBox) => [...shadow(el).querySelectorAll<HTMLElement>('[role="option"]')];
const optionTitles = (el: SearchBox) =>
  options(el).map((option) => option.querySelector('.title')!.textContent!.trim());
const isShown = (node: Element | null) => node !== null && node.checkVisibility();
const activeOption = (el: SearchBox) => {
  const id = input(el).getAttribute('aria-activedescendant');
  return id ? shadow(el).getElementById(id) : null;
};
const messageText = (el: SearchBox) =>
  shadow(el).querySelector('[part="message"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const statusText = (el: SearchBox) =>
  status(el)
    .textContent!.replace(/\u00a0/g, ' ')
    .trim();

async function type(el: SearchBox, text: string): Promise<void> {
  input(el).focus();
  await sendKeys({ type: text });
}

async function press(key: string): Promise<void> {
  const [modifier, main] = key.includes('+') ? key.split('+') : [undefined, key];
  if (modifier) await sendKeys({ down: modifier });
  await sendKeys({ press: main! });
  if (modifier) await sendKeys({ up: modifier });
}

/** Waits for the client's latest search to be for `query`, and returns it. */
async function searchFor(client: ControlledClient, query: string): Promise<PendingSearch> {
  await waitUntil(() => client.searches.at(-1)?.request.query === query, `a search for "${query}"`);
  return client.searches.at(-1)!;
}

/**
 * Holds the page's timers of `ms` until `release()`, which runs those not cleared meanwhile: a
 * wait of the element's (its debounce) ends when the test says, however slowly its keys came.
 */
function holdTimers(ms: number): { release(): void } {
  const realSetTimeout = window.setTimeout;
  const realClearTimeout = window.clearTimeout;
  const held = new Map<number, () => void>();
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    if (timeout !== ms || typeof handler !== 'function') return realSetTimeout(handler, timeout, ...args);
    const id = realSetTimeout(() => {}, 2 ** 31 - 1);
    held.set(id, () => (handler as (...given: unknown[]) => void)(...args));
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) held.delete(id);
    realClearTimeout(id);
  }) as typeof window.clearTimeout;
  return {
    release() {
      window.setTimeout = realSetTimeout;
      window.clearTimeout = realClearTimeout;
      const due = [...held];
      held.clear();
      for (const [id, run] of due) {
        realClearTimeout(id);
        run();
      }
    },
  };
}

async function clickAt(target: Element): Promise<void> {
  const box = target.getBoundingClientRect();
  await sendMouse({
    type: 'click',
    position: [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)],
  });
}

function item(title: string, extra: Partial<SearchResultItem> = {}): SearchResultItem {
  return {
    title,
    description: `About ${title}`,
    link: `#${title.replace(/\W+/g, '-')}`,
    assetType: 'webpage',
    ...extra,
  };
}

// ---- clients -----------------------------------------------------------------------------

/** The real client on the test page's origin (proxied to the reference service), counting fetches. */
function countingServiceClient(): { client: AskClient; requests: SearchRequest[] } {
  const requests: SearchRequest[] = [];
  const client = createClient({
    baseUrl: location.origin,
    apiKey: 'demo-key',
    fetch: (url, init) => {
      if (String(url).endsWith('/bot/search')) requests.push(JSON.parse(String(init?.body)) as SearchRequest);
      return fetch(url, init);
    },
  });
  return { client, requests };
}

interface PendingSearch {
  request: Parameters<AskClient['search']>[0];
  signal: AbortSignal | undefined;
  resolve(items: SearchResultItem[]): void;
  reject(error: unknown): void;
}

/**
 * A client whose searches answer only when the test says so, and which ignores aborts (as a
 * slow proxy might): whatever the element shows then is the element's own doing.
 */
class ControlledClient implements AskClient {
  readonly searches: PendingSearch[] = [];
  /** When set, every search answers at once with this. */
  autoAnswer: ((query: string) => SearchResultItem[]) | undefined;

  search(request: PendingSearch['request'], options: RequestOptions = {}): Promise<SearchResultItem[]> {
    if (this.autoAnswer) {
      this.searches.push({ request, signal: options.signal, resolve() {}, reject() {} });
      return Promise.resolve(this.autoAnswer(request.query));
    }
    return new Promise((resolve, reject) => {
      this.searches.push({ request, signal: options.signal, resolve, reject });
    });
  }
  ask(): never {
    throw new Error('not used by <search-box>');
  }
  feedback(): never {
    throw new Error('not used by <search-box>');
  }
  health(): never {
    throw new Error('not used by <search-box>');
  }
  analytics(): never {
    throw new Error('not used by <search-box>');
  }
  topQuestions(): never {
    throw new Error('not used by <search-box>');
  }
  topSearches(): never {
    throw new Error('not used by <search-box>');
  }
}

function answering(results: SearchResultItem[] | ((query: string) => SearchResultItem[])): ControlledClient {
  const client = new ControlledClient();
  client.autoAnswer = typeof results === 'function' ? results : () => results;
  return client;
}

async function fakeBox(client: AskClient, attributes = ''): Promise<SearchBox> {
  const el = await fixture<SearchBox>(html`<search-box debounce="0" no-recent></search-box>`);
  for (const [name, value] of attributes
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split('='))) {
    el.setAttribute(name!, value ?? '');
  }
  el.client = client;
  await el.updateComplete;
  return el;
}

const threeResults = [item('Theming'), item('Dark mode'), item('Right-to-left pages')];

beforeEach(() => localStorage.removeItem('ask-elements:recent-searches'));

// ---- tests -------------------------------------------------------------------------------

describe('<search-box> accessibility (axe)', () => {
  it('has no violation when closed', async () => {
    const el = await fixture<SearchBox>(html`<search-box api-key="demo-key"></search-box>`);
    await expect(el).to.be.accessible();
    expect(input(el).getAttribute('role')).to.equal('combobox');
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    expect(input(el).getAttribute('aria-autocomplete')).to.equal('list');
    expect(input(el).getAttribute('aria-controls')).to.equal(listbox(el).id);
    expect(input(el).getAttribute('aria-label')).to.equal('Search');
  });

  it('has no violation when open with results', async () => {
    const el = await fakeBox(answering(threeResults));
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 3);
    // A result's path, which repeats its title, is not read out with it at every arrow.
    const path = options(el)[0]!.querySelector('[part="option-link"]')!;
    expect(path.getAttribute('aria-hidden')).to.equal('true');
    await press('ArrowDown');
    expect(input(el).getAttribute('aria-expanded')).to.equal('true');
    await expect(el).to.be.accessible();
  });

  it('has no violation with more results than the popup holds, which its listbox scrolls', async () => {
    const many = Array.from({ length: 20 }, (_, i) => item(`Theming part ${i + 1}`));
    const el = await fakeBox(answering(many));
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 20);
    await press('ArrowUp');
    expect(listbox(el).scrollHeight).to.be.greaterThan(listbox(el).clientHeight);
    expect(listbox(el).scrollTop).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });

  it('has no violation with no results', async () => {
    const el = await fakeBox(answering([]));
    await type(el, 'zzz');
    await waitUntil(() => messageText(el) !== '');
    await expect(el).to.be.accessible();
  });

  it('has no violation in the error state', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    await type(el, 'th');
    (await searchFor(client, 'th')).reject(new ApiError('boom', { status: 500, code: 'http_500' }));
    await waitUntil(() => messageText(el).includes('not available'));
    await expect(el).to.be.accessible();
  });

  it('has no violation with recent searches and the ask option', async () => {
    localStorage.setItem('ask-elements:recent-searches', JSON.stringify(['dark mode']));
    const el = await fixture<SearchBox>(html`<search-box ask-ai .client=${answering([])}></search-box>`);
    input(el).focus();
    await waitUntil(() => options(el).length === 2);
    await expect(el).to.be.accessible();
  });
});

describe('<search-box> against the reference service', () => {
  it('shows results for a typed query with one request, configured by attributes only', async () => {
    performance.clearResourceTimings();
    const el = await fixture<SearchBox>(html`<search-box api-key="demo-key" debounce="600"></search-box>`);
    // The debounce's waits end once the whole word is typed: on a loaded machine a test's keys
    // came further apart than any debounce (a run searched "the" before "ming" was typed).
    const debounce = holdTimers(600);
    try {
      await type(el, 'theming');
    } finally {
      debounce.release();
    }
    await waitUntil(() => options(el).length > 0, 'results appear', { timeout: 5000 });
    const sent = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/bot/search');
    expect(sent.length).to.equal(1);
    expect(optionTitles(el).join(' ')).to.match(/theming/i);
    expect(isShown(listbox(el))).to.equal(true);
    expect(input(el).getAttribute('aria-expanded')).to.equal('true');
    // The query's terms are marked in the titles.
    expect(shadow(el).querySelector('mark[part="highlight"]')!.textContent!.toLowerCase()).to.equal(
      'theming',
    );
  });

  it('sends one request per typed query, none for one letter, and shows a repeated query from memory at once', async () => {
    const { client, requests } = countingServiceClient();
    const el = await fixture<SearchBox>(
      html`<search-box no-recent debounce="600" .client=${client}></search-box>`,
    );
    // The debounce's waits end when the test says: on a loaded machine a test's keys, and its
    // checks after them, took longer than any debounce (a CI typed 'keyboa' and 'rd' apart).
    let debounce = holdTimers(600);
    try {
      await type(el, 't');
    } finally {
      debounce.release();
    }
    // The typing paused: one letter is no query.
    await aTimeout(50);
    expect(requests).to.have.length(0);
    debounce = holdTimers(600);
    try {
      await sendKeys({ type: 'heme' });
    } finally {
      debounce.release();
    }
    await waitUntil(() => options(el).length > 0, 'results for "theme"', { timeout: 5000 });
    expect(requests.map((request) => request.query)).to.deep.equal(['theme']);
    expect(requests[0]).to.include({ numDocs: 8, apiKey: 'demo-key' });

    debounce = holdTimers(600);
    try {
      input(el).select();
      await sendKeys({ type: 'keyboard' });
    } finally {
      debounce.release();
    }
    await waitUntil(() => requests.length === 2, 'a request for "keyboard"', { timeout: 5000 });
    await waitUntil(() => statusText(el) !== '', 'announced', { timeout: 5000 });

    debounce = holdTimers(600);
    try {
      input(el).select();
      await sendKeys({ type: 'theme' });
      await waitUntil(
        () =>
          optionTitles(el)
            .join(' ')
            .match(/theming/i) !== null,
        'cached results shown',
      );
      expect(
        requests.map((request) => request.query),
        'shown before any request',
      ).to.deep.equal(['theme', 'keyboard']);
    } finally {
      debounce.release();
    }
    // Then asked again once the typing pauses, so that the service records where the visitor stopped.
    await waitUntil(() => requests.length === 3, 'asked again', { timeout: 5000 });
    expect(requests.map((request) => request.query)).to.deep.equal(['theme', 'keyboard', 'theme']);
  });

  it('shows the heading under which a result matched, and leads to that section', async () => {
    const el = await fixture<SearchBox>(html`<search-box api-key="demo-key" debounce="600"></search-box>`);
    await type(el, 'rate limit');
    await waitUntil(() => optionTitles(el).includes('Errors and limits of the service'), 'results', {
      timeout: 5000,
    });
    const option = options(el).find(
      (each) => each.querySelector('.title')!.textContent!.trim() === 'Errors and limits of the service',
    )!;
    expect(option.querySelector('[part="option-section"]')!.textContent!.trim()).to.equal('Rate limit');
    // The section's prose that holds the query's words, in place of the page's description.
    const excerpt = option.querySelector('[part="option-description"]')!;
    // (Which of its sentences is the docs' to change: it is one of the section's, with a word marked.)
    const page = await (await fetch('/demo/content/service/errors-and-limits.md')).text();
    const section = page.split('\n## Rate limit\n')[1]!.split('\n## ')[0]!.replace(/[`*]/g, '');
    expect(excerpt.textContent!.trim()).to.match(/^…/);
    expect(section).to.include(excerpt.textContent!.trim().replace(/^…|…$/g, '').slice(0, 40));
    expect(excerpt.querySelector('mark')!.textContent!.toLowerCase()).to.match(/^(rate|limit)/);
    expect(option.querySelector('[part="option-link"]')!.textContent).to.match(
      /errors-and-limits#rate-limit$/,
    );
    el.addEventListener('ask-select', (event) => event.preventDefault(), { once: true });
    setTimeout(() => void clickAt(option));
    const event = (await oneEvent(el, 'ask-select')) as CustomEvent<SearchBoxSelectDetail>;
    expect(event.detail.href).to.equal('/service/errors-and-limits#rate-limit');
    expect(event.detail.result.link).to.equal('/service/errors-and-limits');
  });

  it('sends the configured request fields', async () => {
    const { client, requests } = countingServiceClient();
    const el = await fixture<SearchBox>(
      html`<search-box
        .client=${client}
        num-docs="3"
        score="0.2"
        include-tags="guides, theming"
        exclude-tags="client"
        return-all
      ></search-box>`,
    );
    // The debounce's (100 ms) waits end once the whole query is typed: a loaded machine's keys
    // can come further apart than that, and "da" was then the first request.
    const debounce = holdTimers(100);
    try {
      await type(el, 'dark mode');
    } finally {
      debounce.release();
    }
    await waitUntil(() => requests.length === 1, 'one request', { timeout: 5000 });
    expect(requests[0]).to.deep.include({
      query: 'dark mode',
      numDocs: 3,
      score: 0.2,
      includeTags: ['guides', 'theming'],
      excludeTags: ['client'],
      returnAll: true,
    });
  });
});

describe('<search-box> a query typed back to', () => {
  /** The searches this page's visitor settled on since `since`, latest first, as the site owner reads them. */
  async function topSearches(
    since: number,
  ): Promise<{ query: string; count: number; lastSearchedAt: string }[]> {
    const response = await fetch(
      `/api/projects/demo/analytics/topsearches?startDate=${since}&endDate=${Date.now() + 60_000}&limit=100`,
      { headers: { authorization: 'Bearer demo-key' } },
    );
    if (!response.ok) throw new Error(`topsearches answered ${response.status}`);
    const rows = (await response.json()) as { query: string; count: number; lastSearchedAt: string }[];
    return rows.sort((a, b) => Date.parse(b.lastSearchedAt) - Date.parse(a.lastSearchedAt));
  }

  it("is recorded in the site owner's top searches, not the typo the visitor corrected with Backspace", async function () {
    // The service records a search once the visitor has made no other for 2 s.
    this.timeout(20_000);
    const since = Date.now();
    const sentAt: number[] = [];
    const client = createClient({
      baseUrl: location.origin,
      apiKey: 'demo-key',
      fetch: (url, init) => {
        if (String(url).endsWith('/bot/search')) sentAt.push(Date.now());
        return fetch(url, init);
      },
    });
    const el = await fixture<SearchBox>(
      html`<search-box no-recent debounce="600" .client=${client}></search-box>`,
    );
    // The debounce's waits end once the word is typed: a loaded machine's keys can come further
    // apart than any debounce, and "in" would be searched first.
    const debounce = holdTimers(600);
    try {
      await type(el, 'install');
    } finally {
      debounce.release();
    }
    await waitUntil(() => sentAt.length === 1 && options(el).length > 0, 'results for "install"');
    await sendKeys({ type: 'x' });
    await waitUntil(() => sentAt.length === 2, 'a search for "installx"');
    const backAt = Date.now();
    await press('Backspace');
    await waitUntil(
      () =>
        optionTitles(el)
          .join(' ')
          .match(/install/i) !== null,
      'results for "install" again',
    );
    // Recorded once no other search has followed it for 2 s.
    await waitUntil(
      async () => (await topSearches(since)).some((row) => Date.parse(row.lastSearchedAt) >= backAt),
      'a search made after the Backspace recorded',
      { timeout: 10_000, interval: 600 },
    );
    const latest = (await topSearches(since))[0]!;
    expect(latest.query, 'the search the visitor stopped at').to.equal('install');
  });

  it('shows the results of the index as it is now once the visitor pauses, after the service re-indexed', async function () {
    this.timeout(20_000);
    await executeServerCommand('watched-service-pages', {
      'lanterns.md': '# Lantern wicks\n\nTrim the lantern wick before lighting the lantern.\n',
    });
    const answered: string[] = [];
    const client = createClient({
      baseUrl: `${location.origin}/watched-service`,
      apiKey: 'demo-key',
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        answered.push((JSON.parse(String(init?.body)) as SearchRequest).query);
        return response;
      },
    });
    const el = await fixture<SearchBox>(
      html`<search-box no-recent debounce="300" .client=${client}></search-box>`,
    );
    await type(el, 'lantern');
    await waitUntil(() => optionTitles(el).includes('Lantern wicks'), 'the page as first indexed', {
      timeout: 8000,
    });
    await sendKeys({ type: ' oil' });
    await waitUntil(() => answered.includes('lantern oil'), 'the answer for "lantern oil"');
    await executeServerCommand('watched-service-pages', {
      'lanterns.md': '# Lantern oils\n\nFill the lantern with lamp oil before lighting the lantern.\n',
    });
    for (let left = 4; left > 0; left--) await press('Backspace');
    await waitUntil(() => optionTitles(el).includes('Lantern oils'), 'the page as re-indexed', {
      timeout: 8000,
    });
    expect(optionTitles(el)).not.to.include('Lantern wicks');
  });

  it('shows what it answered at once and, once typing pauses, the fresh answer in its place, the highlight and the focus kept', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client, 'debounce=300');
    await type(el, 'theme');
    (await searchFor(client, 'theme')).resolve(threeResults);
    await waitUntil(() => options(el).length === 3, 'results for "theme"');
    await sendKeys({ type: 'x' });
    (await searchFor(client, 'themex')).resolve([]);
    await waitUntil(() => messageText(el).includes('No results'), '"themex" found nothing');

    // The debounce's wait ends when the test says, not after 300 ms: on a loaded machine the
    // keys' round trips and the checks between them can take longer than that.
    const debounce = holdTimers(300);
    try {
      await press('Backspace');
      await waitUntil(() => options(el).length === 3, 'the answer for "theme" shown again at once');
      expect(
        client.searches.map((search) => search.request.query),
        'nothing sent while typing',
      ).to.deep.equal(['theme', 'themex']);
      await press('ArrowDown');
      await press('ArrowDown');
      expect(activeOption(el)!.textContent).to.include('Dark mode');
    } finally {
      debounce.release();
    }
    const again = await searchFor(client, 'theme');
    expect(client.searches).to.have.length(3);
    // No "Searching…" over results already shown.
    await aTimeout(500);
    expect(shadow(el).querySelector('[part="loading"]')).to.equal(null);
    expect(optionTitles(el)).to.deep.equal(['Theming', 'Dark mode', 'Right-to-left pages']);
    again.resolve([item('Themes, new'), item('Dark mode'), item('Theming')]);
    await waitUntil(() => optionTitles(el)[0] === 'Themes, new', 'the fresh answer');
    expect(activeOption(el)!.textContent, 'the same page still highlighted').to.include('Dark mode');
    expect(shadow(el).activeElement).to.equal(input(el));
    expect(input(el).value).to.equal('theme');
  });

  it('says nothing again when the fresh answer is the one shown', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client, 'debounce=100');
    await type(el, 'theme');
    (await searchFor(client, 'theme')).resolve(threeResults);
    await waitUntil(() => statusText(el) === '3 results', 'the count said');
    await sendKeys({ type: 'x' });
    (await searchFor(client, 'themex')).resolve([]);
    await waitUntil(() => statusText(el).startsWith('No results'), '"themex" found nothing');
    await press('Backspace');
    await waitUntil(() => statusText(el) === '3 results', 'the count said for the answer shown again');
    (await searchFor(client, 'theme')).resolve(threeResults.map((each) => ({ ...each })));
    await aTimeout(700);
    // A repeat would end in a no-break space, for a screen reader to read the same words again.
    expect(status(el).textContent, 'said once').not.to.include('\u00a0');
  });

  it('asks again for the query it sent last only once its answer is a minute old', async () => {
    const client = answering(threeResults);
    const el = await fakeBox(client, 'debounce=100');
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 3, 'results');
    // Cleared and typed again: the answer to the last search sent is still fresh.
    const typeAgain = async () => {
      el.query = '';
      await el.updateComplete;
      el.query = 'theme';
      await el.updateComplete;
    };
    await typeAgain();
    await aTimeout(400);
    expect(client.searches.map((search) => search.request.query)).to.deep.equal(['theme']);
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 61_000;
      await typeAgain();
      await waitUntil(() => client.searches.length === 2, 'asked again');
    } finally {
      Date.now = realNow;
    }
    expect(client.searches.map((search) => search.request.query)).to.deep.equal(['theme', 'theme']);
  });

  it('reopened on the same query, shows its results at once and asks again only once they are a minute old, the highlight and the focus kept', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client, 'debounce=100');
    await type(el, 'theme');
    (await searchFor(client, 'theme')).resolve(threeResults);
    await waitUntil(() => options(el).length === 3, 'results for "theme"');
    const reopen = async () => {
      await press('Escape');
      await waitUntil(() => !isShown(popup(el)), 'the popup closed');
      await press('ArrowDown');
      await waitUntil(() => isShown(options(el)[0]!), 'the results shown again');
      expect(optionTitles(el)).to.deep.equal(['Theming', 'Dark mode', 'Right-to-left pages']);
    };
    await waitUntil(() => statusText(el) === '3 results', 'the count said');
    // Fresh: shown again, nothing asked, nothing said again.
    await reopen();
    await aTimeout(700);
    expect(client.searches, 'asked again while fresh').to.have.length(1);
    expect(activeOption(el)!.textContent).to.include('Theming');
    // A repeat would end in a no-break space, for a screen reader to read the same words again.
    expect(status(el).textContent, 'said once').not.to.include('\u00a0');

    const realNow = Date.now;
    let again: PendingSearch;
    try {
      Date.now = () => realNow() + 61_000;
      await reopen();
      await press('ArrowDown');
      await waitUntil(() => client.searches.length === 2, 'asked again');
      again = client.searches[1]!;
    } finally {
      Date.now = realNow;
    }
    await aTimeout(500);
    expect(client.searches, 'asked again once').to.have.length(2);
    expect(again.request.query).to.equal('theme');
    // No "Searching…" over the results shown.
    expect(shadow(el).querySelector('[part="loading"]')).to.equal(null);
    expect(activeOption(el)!.textContent).to.include('Dark mode');
    again.resolve([item('Themes, new'), item('Dark mode'), item('Theming')]);
    await waitUntil(() => optionTitles(el)[0] === 'Themes, new', 'the fresh answer');
    expect(activeOption(el)!.textContent, 'the same page still highlighted').to.include('Dark mode');
    expect(shadow(el).activeElement).to.equal(input(el));
    expect(input(el).value).to.equal('theme');
  });

  it('opened again on the same query in the dialog of variant="button", asks again once its results are a minute old', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client, 'variant=button debounce=100');
    const dialogOpen = () => shadow(el).querySelector('dialog')!.open;
    el.show();
    await waitUntil(dialogOpen, 'the dialog open');
    await sendKeys({ type: 'theme' });
    (await searchFor(client, 'theme')).resolve(threeResults);
    await waitUntil(() => options(el).length === 3, 'results for "theme"');
    const reopen = async () => {
      await press('Escape');
      await waitUntil(() => !dialogOpen(), 'the dialog closed');
      el.show();
      await waitUntil(() => isShown(options(el)[0]!), 'the results shown again');
    };
    await reopen();
    await aTimeout(400);
    expect(client.searches, 'asked again while fresh').to.have.length(1);
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 61_000;
      await reopen();
      await waitUntil(() => client.searches.length === 2, 'asked again');
    } finally {
      Date.now = realNow;
    }
    expect(client.searches).to.have.length(2);
    expect(optionTitles(el), 'the results shown meanwhile').to.deep.equal([
      'Theming',
      'Dark mode',
      'Right-to-left pages',
    ]);
  });
});

describe('<search-box> search timing', () => {
  it('never paints a slow older answer over a faster newer one', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    await type(el, 'alpha');
    const slow = await searchFor(client, 'alpha');
    input(el).select();
    await sendKeys({ type: 'beta' });
    const fast = await searchFor(client, 'beta');
    expect(slow.signal!.aborted, 'the superseded request is aborted').to.equal(true);
    expect(fast.signal!.aborted).to.equal(false);

    fast.resolve([item('Beta result')]);
    await waitUntil(() => optionTitles(el).includes('Beta result'));
    slow.resolve([item('Alpha result')]);
    await aTimeout(50);
    await el.updateComplete;
    expect(optionTitles(el)).to.deep.equal(['Beta result']);
    await waitUntil(() => statusText(el) === '1 result');
  });

  it('searches again when moved to another place mid-search, as a drawer or a router does, with no error shown', async () => {
    // A client that gives up on an abort, as fetch does.
    const client = new ControlledClient();
    const search = client.search.bind(client);
    client.search = (request, options = {}) =>
      new Promise((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(options.signal!.reason));
        search(request, options).then(resolve, reject);
      });
    const el = await fakeBox(client);
    await type(el, 'theme');
    const stopped = await searchFor(client, 'theme');
    // From now on the service answers at once.
    client.autoAnswer = () => threeResults;
    const drawer = document.createElement('div');
    document.body.append(drawer);
    try {
      drawer.append(el);
      expect(stopped.signal!.aborted, 'the removal stops the search').to.equal(true);
      await el.updateComplete;
      input(el).focus();
      await waitUntil(() => options(el).length === 3, 'the results of the search asked again');
      expect(client.searches.length).to.be.at.least(2);
      expect(client.searches.at(-1)!.request.query).to.equal('theme');
      expect(messageText(el)).to.not.contain('not available');
    } finally {
      drawer.remove();
    }
  });

  it('sends nothing once removed mid-search when its key is on an ancestor, and searches when put back', async () => {
    // The page's configuration on an ancestor, as the README suggests: removed, the box has none.
    const keys: string[] = [];
    const pageFetch = window.fetch;
    window.fetch = (resource, init) => {
      if (String(resource).includes('/bot/search'))
        keys.push(JSON.parse(String(init?.body)).apiKey ?? 'none');
      return pageFetch(resource, init);
    };
    const errors: unknown[] = [];
    try {
      const page = await fixture<HTMLElement>(
        html`<div data-ask-api-key="demo-key" data-ask-base-url=${location.origin}>
          <search-box debounce="200"></search-box>
        </div>`,
      );
      const el = page.querySelector('search-box')!;
      el.addEventListener('ask-error', (event) => errors.push((event as CustomEvent).detail.error));
      // The debounce's waits end once the box is off the page: on a loaded machine the keys'
      // round trips took longer than its 200 ms, and the search went out before the removal.
      const debounce = holdTimers(200);
      try {
        await type(el, 'theme');
        el.remove();
      } finally {
        debounce.release();
      }
      await aTimeout(600);
      expect(keys, 'no search without the key').to.deep.equal([]);
      expect(errors, 'no error').to.deep.equal([]);
      page.append(el);
      await waitUntil(() => options(el).length > 0, 'the results, once back on the page');
      expect(keys).to.deep.equal(['demo-key']);
      expect(errors).to.deep.equal([]);
    } finally {
      window.fetch = pageFetch;
    }
  });

  it('keeps the highlighted page highlighted when newer results still list it, and never opens another', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    let selected: string[] = [];
    el.addEventListener('ask-select', (event) => {
      event.preventDefault();
      selected.push((event as CustomEvent<SearchBoxSelectDetail>).detail.href);
    });
    await type(el, 'them');
    (await searchFor(client, 'them')).resolve(threeResults);
    await waitUntil(() => options(el).length === 3);
    // Typed on: while the newer search is slow, the visitor picks from the list still shown.
    await sendKeys({ type: 'e' });
    const newer = await searchFor(client, 'theme');
    await press('ArrowDown');
    await press('ArrowDown');
    expect(activeOption(el)!.textContent).to.contain('Dark mode');
    newer.resolve([item('Theming'), item('Colours'), item('Dark mode')]);
    await waitUntil(() => optionTitles(el).includes('Colours'));
    expect(activeOption(el)!.textContent, 'the same page, where it now is').to.contain('Dark mode');
    await press('Enter');
    expect(selected).to.deep.equal(['#Dark-mode']);

    // Newer results without the highlighted page: Enter waits for a new choice.
    selected = [];
    await sendKeys({ type: 's' });
    const newest = await searchFor(client, 'themes');
    await press('ArrowDown');
    await press('ArrowDown');
    expect(activeOption(el)!.textContent).to.contain('Colours');
    newest.resolve([item('Theming'), item('Fonts')]);
    await waitUntil(() => optionTitles(el).includes('Fonts'));
    expect(activeOption(el) === null, 'nothing highlighted').to.equal(true);
    await press('Enter');
    await aTimeout(50);
    expect(selected, 'no page the visitor never highlighted').to.deep.equal([]);
    await press('Enter');
    await waitUntil(() => selected.length === 1, 'a second Enter opens the first');
    expect(selected).to.deep.equal(['#Theming']);
  });

  it('says nothing of results that arrive after the visitor closed the list', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    await type(el, 'theme');
    const pending = await searchFor(client, 'theme');
    await press('Tab');
    expect(shadow(el).activeElement === null, 'the focus left').to.equal(true);
    pending.resolve(threeResults);
    await aTimeout(1200);
    expect(statusText(el)).to.equal('');
  });

  it('says nothing of a failure, or of going offline, after the visitor closed the list or the dialog', async () => {
    const statuses: string[] = [];
    const client = new ControlledClient();
    const el = await fakeBox(client);
    // The whole shadow root: the dialog of variant="button" renders a live region of its own.
    new MutationObserver(() => statuses.push(statusText(el))).observe(shadow(el), {
      childList: true,
      characterData: true,
      subtree: true,
    });
    await type(el, 'theme');
    const pending = await searchFor(client, 'theme');
    await press('Tab');
    expect(shadow(el).activeElement === null, 'the focus left').to.equal(true);
    pending.reject(new ApiError('Service down', { status: 503, code: 'http_503' }));
    await waitUntil(() => messageText(el).includes('Search is not available'), 'the failure known');
    await aTimeout(1200);
    expect(statuses.filter(Boolean), 'no failure said to a visitor who left').to.deep.equal([]);
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      window.dispatchEvent(new Event('offline'));
      await waitUntil(() => messageText(el).startsWith('You are offline'), 'offline known');
      await aTimeout(1200);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      window.dispatchEvent(new Event('online'));
    }
    expect(statuses.filter(Boolean), 'no offline message said to a visitor who left').to.deep.equal([]);

    // The dialog: results and failures that arrive once it has closed.
    el.variant = 'button';
    await el.updateComplete;
    el.show();
    await waitUntil(() => shadow(el).querySelector('dialog')!.open, 'the dialog open');
    await sendKeys({ type: 'dark' });
    const closedOn = await searchFor(client, 'dark');
    await press('Escape');
    await waitUntil(() => !shadow(el).querySelector('dialog')!.open, 'the dialog closed');
    closedOn.resolve(threeResults);
    await waitUntil(() => options(el).length === 3, 'the results known');
    await aTimeout(1200);
    expect(statuses.filter(Boolean), 'nothing said once the dialog closed').to.deep.equal([]);
  });

  it('says a failure that came while the visitor was away once they are back in the box', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    await type(el, 'theme');
    const pending = await searchFor(client, 'theme');
    await press('Tab');
    pending.reject(new ApiError('Service down', { status: 503, code: 'http_503' }));
    await waitUntil(() => messageText(el).includes('Search is not available'), 'the failure known');
    await aTimeout(700);
    expect(statusText(el), 'not said while away').to.equal('');
    // Back in the field: the list shows the failure, and a screen reader hears it.
    input(el).focus();
    expect(messageText(el)).to.include('Search is not available right now.');
    await waitUntil(
      () => statusText(el) === 'Search is not available right now.',
      'the failure said on return',
    );

    // The dialog: a failure after it closed is said when it opens again.
    const box = await fakeBox(client, 'variant=button');
    // The whole shadow root: the dialog renders a live region of its own.
    const said = () =>
      [...shadow(box).querySelectorAll('[role="status"]')].map((s) => s.textContent!.trim()).filter(Boolean);
    box.show();
    await waitUntil(() => shadow(box).querySelector('dialog')!.open, 'the dialog open');
    await sendKeys({ type: 'dark' });
    const closedOn = await searchFor(client, 'dark');
    await press('Escape');
    await waitUntil(() => !shadow(box).querySelector('dialog')!.open, 'the dialog closed');
    closedOn.reject(new ApiError('Service down', { status: 503, code: 'http_503' }));
    await waitUntil(() => messageText(box).includes('Search is not available'), 'the failure known');
    await aTimeout(700);
    expect(said(), 'not said while closed').to.deep.equal([]);
    box.show();
    await waitUntil(
      () => said().includes('Search is not available right now.'),
      'the failure said when the dialog opens again',
    );
  });

  it('sends nothing until typing pauses for the debounce', async () => {
    const client = answering(threeResults);
    const el = await fakeBox(client, 'debounce=150');
    // The debounce's waits end when the test says, not after 150 ms: a test's keys can come
    // further apart than that on a loaded machine, which a typist's would not.
    const debounce = holdTimers(150);
    try {
      await type(el, 'the');
      await sendKeys({ type: 'me' });
      debounce.release();
      await waitUntil(() => options(el).length === 3);
    } finally {
      debounce.release();
    }
    expect(client.searches.map((search) => search.request.query)).to.deep.equal(['theme']);
  });

  it('shows "Searching…" only when an answer is slow', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    await type(el, 'fast');
    (await searchFor(client, 'fast')).resolve([item('Fast')]);
    await waitUntil(() => options(el).length === 1);
    expect(shadow(el).querySelector('[part="loading"]')).to.equal(null);

    // The 400 ms before "Searching…" end when the test says: on a loaded machine the test's
    // own steps can take that long, and "Searching…" would then be shown already.
    const loadingDelay = holdTimers(400);
    let slow: PendingSearch;
    try {
      await sendKeys({ type: 'er' });
      slow = await searchFor(client, 'faster');
      await aTimeout(150);
      await el.updateComplete;
      // (Compared as booleans: a failing comparison with an element hangs the test runner.)
      expect(shadow(el).querySelector('[part="loading"]') === null, 'not at once').to.equal(true);
    } finally {
      loadingDelay.release();
    }
    await waitUntil(() => shadow(el).querySelector('[part="loading"]') !== null, 'shown after a while');
    expect(shadow(el).querySelector('[part="loading"]')!.textContent!.trim()).to.equal('Searching…');
    // The previous answer stays in place meanwhile.
    expect(optionTitles(el)).to.deep.equal(['Fast']);
    slow.resolve([item('Faster')]);
    await waitUntil(() => shadow(el).querySelector('[part="loading"]') === null);
    expect(optionTitles(el)).to.deep.equal(['Faster']);
  });
});

describe('<search-box> states', () => {
  it('reads a query a framework removes (null, or the attribute gone) as empty, and goes on working', async () => {
    const el = await fakeBox(answering(threeResults), 'query=theme');
    await waitUntil(() => el.query === 'theme' && input(el).value === 'theme', 'the query shown');
    el.removeAttribute('query');
    await el.updateComplete;
    expect(el.query).to.equal('');
    expect(input(el).value).to.equal('');
    (el as unknown as { query: string | null }).query = null;
    await el.updateComplete;
    expect(el.query).to.equal('');
    await type(el, 'dark');
    await waitUntil(() => options(el).length === 3, 'results for what is typed next');
  });

  it('adds no attribute of its own until a property changes, so server-rendered markup hydrates as it was', async () => {
    // React's hydrateRoot reports any attribute the element added (query="", variant="inline")
    // as a mismatch with the server's HTML.
    const el = await fixture<SearchBox>(html`<search-box api-key="k"></search-box>`);
    el.client = answering(threeResults);
    await el.updateComplete;
    expect(el.getAttributeNames().sort()).to.deep.equal(['api-key']);
    expect([el.query, el.variant]).to.deep.equal(['', 'inline']);
    el.variant = 'button';
    el.query = 'dark';
    await el.updateComplete;
    expect([el.getAttribute('variant'), el.getAttribute('query')]).to.deep.equal(['button', 'dark']);
    el.removeAttribute('variant');
    await el.updateComplete;
    expect(el.variant, 'the default again').to.equal('inline');
    expect(shadow(el).querySelector('input')!.closest('dialog')).to.equal(null);
  });

  it('searches one kanji or hanzi, a whole word, under the default min-chars', async () => {
    const client = answering((query) => [item(`${query}の設定`, { description: `${query}を変更する` })]);
    const el = await fakeBox(client);
    // One Latin letter or one kana is the start of a word: not searched.
    await type(el, 'か');
    await el.updateComplete;
    expect(client.searches.length, 'one kana').to.equal(0);
    await press('Backspace');
    // 鍵 (key), 色 (colour): a word of its own, as the service reads it.
    await sendKeys({ type: '鍵' });
    await searchFor(client, '鍵');
    await waitUntil(() => options(el).length === 1, 'its result');
    expect(optionTitles(el)).to.deep.equal(['鍵の設定']);
    expect(shadow(el).querySelector('mark')!.textContent).to.equal('鍵');
    await waitUntil(() => statusText(el) === '1 result', 'announced');
  });

  it('never searches an empty query, whatever min-chars says (0, empty, not a number)', async () => {
    localStorage.setItem('ask-elements:recent-searches', JSON.stringify(['dark mode']));
    for (const minChars of ['0', '', 'none']) {
      const client = answering(threeResults);
      const el = await fixture<SearchBox>(
        html`<search-box debounce="0" min-chars=${minChars} .client=${client}></search-box>`,
      );
      input(el).focus();
      // On focus: the recent searches, not "Search is not available" for an empty query.
      await waitUntil(() => options(el).length === 2, `recent searches (min-chars="${minChars}")`);
      expect(optionTitles(el)).to.deep.equal(['dark mode', 'Clear recent searches']);
      expect(messageText(el)).to.equal('');
      await sendKeys({ type: ' ' });
      await el.updateComplete;
      expect(messageText(el), 'a space is no query').to.equal('');
      // An unusable min-chars is the default 2 (see "number attributes it cannot use").
      const word = minChars === '0' ? 'd' : 'da';
      await sendKeys({ type: word });
      await waitUntil(() => optionTitles(el).includes('Theming'), `"${word}" searched`);
      for (const _ of ` ${word}`) await press('Backspace');
      await waitUntil(() => optionTitles(el)[0] === 'dark mode', 'the recent searches again');
      expect(messageText(el)).to.equal('');
      expect(client.searches.map((search) => search.request.query)).to.deep.equal([word]);
    }
  });

  it('echoes the query when nothing matches and says so in the live region', async () => {
    const el = await fakeBox(answering([]));
    await type(el, 'zzz');
    await waitUntil(() => messageText(el) !== '');
    expect(messageText(el)).to.equal('No results for “zzz”');
    await waitUntil(() => statusText(el) === 'No results for “zzz”');
  });

  it('searches the first 1000 characters of a longer pasted text, keeps the whole text, and says so', async () => {
    const client = answering(threeResults);
    const el = await fakeBox(client);
    // A pasted error log: the service takes 1000 characters at most, and refuses a longer query.
    const pasted = `${'theme '.repeat(166)}abc😀 and the rest of the log`;
    input(el).focus();
    document.execCommand('insertText', false, pasted);
    await waitUntil(() => options(el).length === 3);
    // Booleans and lengths, not the texts: a failure would print pages of them.
    expect(input(el).value === pasted, 'nothing of the text lost').to.equal(true);
    const sent = client.searches.at(-1)!.request.query;
    // Cut before the emoji rather than through it: no half of a pair sent.
    expect(sent.length).to.equal(999);
    expect(sent === pasted.slice(0, 999), 'the start of the text').to.equal(true);
    const told = 'Only the first 1000 characters are searched.';
    expect(messageText(el)).to.equal(told);
    await waitUntil(() => statusText(el) === `${told} 3 results`);
    // Typed on at the end: the same search, and still said.
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' more' });
    expect(client.searches.at(-1)!.request.query === sent, 'the same search').to.equal(true);
    expect(messageText(el)).to.equal(told);
    // Short again: the notice goes.
    input(el).select();
    await sendKeys({ type: 'dark' });
    await waitUntil(() => client.searches.at(-1)!.request.query === 'dark');
    await waitUntil(() => messageText(el) === '');
  });

  it('says so when typing goes past the 1000 characters searched, though nothing is searched anew', async () => {
    const client = answering(threeResults);
    const el = await fakeBox(client);
    input(el).focus();
    document.execCommand('insertText', false, `${'theme '.repeat(166)}dark`);
    await waitUntil(() => statusText(el) === '3 results');
    const searches = client.searches.length;
    await sendKeys({ press: 'End' });
    await sendKeys({ type: 's' });
    const told = 'Only the first 1000 characters are searched.';
    await waitUntil(() => messageText(el) === told);
    await waitUntil(() => statusText(el) === told);
    expect(client.searches.length, 'the same search').to.equal(searches);
  });

  it('drops malformed entries of a result list instead of failing on them', async () => {
    const malformed = [null, 'text', item('Theming')] as unknown as SearchResultItem[];
    const el = await fakeBox(answering(malformed));
    await type(el, 'theme');
    await waitUntil(() => optionTitles(el).includes('Theming'));
    expect(optionTitles(el)).to.deep.equal(['Theming']);
    await waitUntil(() => statusText(el) === '1 result');
  });

  it('announces the number of results once typing settles', async () => {
    const el = await fakeBox(answering(threeResults));
    expect(status(el).getAttribute('role')).to.equal('status');
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 3);
    expect(statusText(el), 'not at once').to.equal('');
    await waitUntil(() => statusText(el) === '3 results');
  });

  it('reports an error politely, keeps the input usable, and retries', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    const errorEvent = oneEvent(el, 'ask-error');
    await type(el, 'theme');
    (await searchFor(client, 'theme')).reject(
      new ApiError('Service down', { status: 503, code: 'http_503' }),
    );
    const { detail } = (await errorEvent) as CustomEvent<SearchBoxErrorDetail>;
    expect(detail.query).to.equal('theme');
    expect((detail.error as ApiError).status).to.equal(503);
    await waitUntil(() => messageText(el).includes('Search is not available right now.'));
    await waitUntil(() => statusText(el) === 'Search is not available right now.');
    expect(shadow(el).activeElement).to.equal(input(el));

    const failed = client.searches.length;
    await clickAt(shadow(el).querySelector('[part="retry"]')!);
    await waitUntil(() => client.searches.length === failed + 1, 'retried');
    const retried = await searchFor(client, 'theme');
    expect(shadow(el).activeElement, 'focus stays in the input').to.equal(input(el));
    retried.resolve([item('Theming')]);
    await waitUntil(() => optionTitles(el).includes('Theming'));
    expect(messageText(el)).to.equal('');
  });

  it('says whether the connection failed, the service was slow or the service failed, each with Try again', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    await type(el, 'theme');
    // Online, yet no answer: a train's wifi with no way out, a proxy that reset the connection.
    (await searchFor(client, 'theme')).reject(new NetworkError({ cause: new TypeError('Failed to fetch') }));
    const unreachable = 'Search could not reach the service. Check your connection, then try again.';
    await waitUntil(() => statusText(el) === unreachable, 'the connection named');
    expect(messageText(el)).to.include(unreachable);
    expect(shadow(el).querySelector('[part="retry"]'), 'Try again').to.exist;

    await type(el, ' dark');
    (await searchFor(client, 'theme dark')).reject(new TimeoutError(8000));
    const slow = 'The search took too long to answer. Try again.';
    await waitUntil(() => statusText(el) === slow, 'the slowness named');
    expect(messageText(el)).to.include(slow);
    expect(shadow(el).querySelector('[part="retry"]'), 'Try again').to.exist;

    await type(el, ' mode');
    (await searchFor(client, 'theme dark mode')).reject(
      new ApiError('Bad gateway', { status: 502, code: 'http_502' }),
    );
    await waitUntil(() => statusText(el) === 'Search is not available right now.', 'the service named');
  });

  it("says a failed connection or a slow service in the page's own words when it translated only error", async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    // A translation written before unreachable and timeout were strings of their own.
    const own = 'La recherche est indisponible.';
    el.strings = { error: own };
    await type(el, 'theme');
    (await searchFor(client, 'theme')).reject(new TimeoutError(8000));
    await waitUntil(() => statusText(el) === own, "the page's words for a slow service, not English");
    expect(messageText(el)).to.include(own);

    await type(el, ' dark');
    (await searchFor(client, 'theme dark')).resolve([]);
    await waitUntil(() => statusText(el) !== own, 'the empty answer said');
    await type(el, ' mode');
    (await searchFor(client, 'theme dark mode')).reject(
      new NetworkError({ cause: new TypeError('Failed to fetch') }),
    );
    await waitUntil(() => statusText(el) === own, "the page's words for a failed connection, not English");

    // Translated too: it says its own.
    el.strings = { error: own, unreachable: 'Service injoignable.' };
    await type(el, ' now');
    (await searchFor(client, 'theme dark mode now')).reject(
      new NetworkError({ cause: new TypeError('Failed to fetch') }),
    );
    await waitUntil(() => statusText(el) === 'Service injoignable.', 'its own unreachable');
  });

  it('says how long to wait when the service refuses a search as one too many', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    await type(el, 'theme');
    (await searchFor(client, 'theme')).reject(
      new ApiError('Too many requests', { status: 429, code: 'rate_limited', retryAfter: 30 }),
    );
    const told = 'Too many searches at once. Try again in 30 seconds.';
    await waitUntil(() => messageText(el).includes(told));
    await waitUntil(() => statusText(el) === told);
    expect(shadow(el).querySelector('[part="retry"]'), 'a retry, once waited').to.exist;
    // The reference service's usual wait, in English; with no wait the page can read (none sent,
    // or a proxy's header not exposed to the page), still a rate limit, and no number made up.
    // A box of its own for each: a search in the same box would wait out the 30 seconds.
    for (const [retryAfter, message] of [
      [1, 'Too many searches at once. Try again in 1 second.'],
      [undefined, 'Too many searches at once. Try again in a moment.'],
    ] as const) {
      const other = new ControlledClient();
      const box = await fakeBox(other);
      await type(box, 'theme');
      (await searchFor(other, 'theme')).reject(
        new ApiError('Too many requests', { status: 429, code: 'rate_limited', retryAfter }),
      );
      await waitUntil(() => messageText(box).includes(message), message);
      await waitUntil(() => statusText(box) === message, `${message} announced`);
      // Translated like the others.
      if (retryAfter === undefined) {
        box.strings = { rateLimitedSoon: 'Zu viele Suchen. Bitte gleich noch einmal.' };
        await waitUntil(() => messageText(box).includes('Zu viele Suchen. Bitte gleich noch einmal.'));
      }
    }
  });

  it('waits out the time a refused search was told to wait before sending the next, searching meanwhile', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    await type(el, 'theme');
    (await searchFor(client, 'theme')).reject(
      new ApiError('Too many requests', { status: 429, code: 'rate_limited', retryAfter: 3 }),
    );
    await waitUntil(() => messageText(el).includes('Try again in 3 seconds.'));
    const refused = client.searches.length;
    // "Try again" at once: the visitor sees it searching, and the service hears nothing it would refuse.
    await clickAt(shadow(el).querySelector('[part="retry"]')!);
    const searching = () =>
      shadow(el).querySelector('[part="loading"]')?.textContent?.trim() === 'Searching…';
    await waitUntil(() => searching() && messageText(el) === '', 'searching while it waits');
    expect(client.searches.length, 'no search sent before the wait is over').to.equal(refused);
    // Typing meanwhile waits too; once the wait is over, the latest query is searched, once.
    await type(el, 's');
    await waitUntil(() => client.searches.length > refused, 'searched once waited', { timeout: 8000 });
    expect(client.searches.map((search) => search.request.query).slice(refused)).to.deep.equal(['themes']);
    client.searches.at(-1)!.resolve([item('Theming')]);
    await waitUntil(() => optionTitles(el).includes('Theming'));
  });

  it('waits out a refusal for the client it came from only: another key or service searches at once', async () => {
    const refusing = new ControlledClient();
    const el = await fakeBox(refusing);
    await type(el, 'theme');
    (await searchFor(refusing, 'theme')).reject(
      new ApiError('Too many requests', { status: 429, code: 'rate_limited', retryAfter: 8 }),
    );
    await waitUntil(() => messageText(el).includes('Try again in 8 seconds.'));
    // The page gives the box another client (a new key): nothing of the old refusal holds.
    const other = new ControlledClient();
    el.client = other;
    await type(el, 's');
    await waitUntil(() => other.searches.length > 0, 'searched on the new client at once', { timeout: 3000 });
  });

  it('sends the next search at once after a refusal that asked for a wait longer than 10 seconds', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    await type(el, 'theme');
    (await searchFor(client, 'theme')).reject(
      new ApiError('Service unavailable', { status: 503, code: 'unavailable', retryAfter: 3600 }),
    );
    await waitUntil(() => messageText(el) !== '', 'the failure shown');
    const refused = client.searches.length;
    // An hour's maintenance is not waited out behind "Searching…": Try again asks at once.
    await clickAt(shadow(el).querySelector('[part="retry"]')!);
    await waitUntil(() => client.searches.length > refused, 'searched again at once');
  });

  it('gives "Try again" a target of at least 24 px, and 44 px on a touch screen', async () => {
    await setViewport({ width: 375, height: 667 });
    try {
      const client = new ControlledClient();
      const el = await fakeBox(client);
      await type(el, 'theme');
      (await searchFor(client, 'theme')).reject(
        new ApiError('Service down', { status: 503, code: 'http_503' }),
      );
      await waitUntil(() => shadow(el).querySelector('[part="retry"]') !== null);
      const retry = () => shadow(el).querySelector('[part="retry"]')!.getBoundingClientRect();
      expect(retry().height, 'height with a mouse').to.be.at.least(24);
      await executeServerCommand('emulate-touch', true);
      await waitUntil(() => retry().height >= 44 && retry().width >= 44, 'a 44 px target on a touch screen');
      // Too wide for the end of the message's last line, it goes to a line of its own, in line
      // with the message's text, not indented.
      el.style.inlineSize = '12rem';
      const message = shadow(el).querySelector('[part="message"]')!;
      const text = document.createRange();
      text.selectNodeContents(
        [...message.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())!,
      );
      const lines = [...text.getClientRects()];
      expect(retry().top, 'below the message').to.be.at.least(lines.at(-1)!.bottom - 1);
      expect(retry().left).to.be.closeTo(lines[0]!.left, 1);
    } finally {
      await executeServerCommand('emulate-touch', false);
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('says a rate limit for a 429 from the real client whose answer has no Retry-After', async () => {
    const client = createClient({
      baseUrl: location.origin,
      apiKey: 'demo-key',
      retries: 0,
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ error: 'Too many requests' }), {
            status: 429,
            headers: { 'content-type': 'application/json' },
          }),
        ),
    });
    const el = await fakeBox(client);
    await type(el, 'theme');
    await waitUntil(() => messageText(el).includes('Too many searches at once. Try again in a moment.'));
    expect(messageText(el)).not.to.include('not available');
  });

  it('offers no "Try again" when the service refuses the page\'s key or origin, which no retry mends', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    const logged: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => logged.push(args[0]);
    try {
      await type(el, 'theme');
      (await searchFor(client, 'theme')).reject(
        new ApiError('Origin not allowed', { status: 403, code: 'origin_not_allowed' }),
      );
      await waitUntil(() => messageText(el) === 'Search is not available right now.');
      await waitUntil(() => statusText(el) === 'Search is not available right now.');
      expect(shadow(el).querySelector('[part="retry"]'), 'no retry').to.equal(null);
      expect(String(logged[0]), 'the site owner reads why in the console').to.include('allowedOrigins');
      // Nor is Enter a retry then: the service would refuse it again.
      const sent = client.searches.length;
      input(el).focus();
      await press('Enter');
      await aTimeout(100);
      expect(client.searches.length, 'no search sent again').to.equal(sent);
    } finally {
      console.error = consoleError;
    }
  });

  it('offers no "Try again" when what answers at base-url has no search (a 404 or 405), and says so in the console', async () => {
    // A base-url ending in /bot, or the site's own server: a Try again asked the same wrong place,
    // and nothing told the site owner why.
    const failures = [
      new ApiError('No route for POST /bot/bot/search', { status: 404, code: 'not_found' }),
      new ApiError('HTTP 405', { status: 405, code: 'http_405' }),
    ];
    const logged: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => logged.push(args[0]);
    try {
      for (const failure of failures) {
        const client = new ControlledClient();
        const el = await fakeBox(client);
        await type(el, 'theme');
        (await searchFor(client, 'theme')).reject(failure);
        await waitUntil(() => messageText(el) === 'Search is not available right now.');
        expect(shadow(el).querySelector('[part="retry"]'), 'no retry').to.equal(null);
        expect(String(logged.at(-1)), 'the site owner reads why in the console').to.include(failure.message);
        expect(String(logged.at(-1))).to.include('base-url');
      }
    } finally {
      console.error = consoleError;
    }
  });

  it('fires no error event for a search the page started in code, but shows the message', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    let errors = 0;
    el.addEventListener('ask-error', () => errors++);
    el.query = 'theme';
    (await searchFor(client, 'theme')).reject(
      new ApiError('Service down', { status: 503, code: 'http_503' }),
    );
    await waitUntil(() => messageText(el).includes('Search is not available right now.'));
    expect(errors, 'not a user action').to.equal(0);
    // The visitor asks again: now it is theirs.
    input(el).focus();
    await waitUntil(() => shadow(el).querySelector('[part="retry"]') !== null);
    await clickAt(shadow(el).querySelector('[part="retry"]')!);
    (await searchFor(client, 'theme')).reject(
      new ApiError('Service down', { status: 503, code: 'http_503' }),
    );
    await waitUntil(() => errors === 1, 'the retry failed, and the event says so');
  });

  it('says it is offline, sends nothing, and searches again when back online', async () => {
    const client = answering(threeResults);
    const el = await fakeBox(client);
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      window.dispatchEvent(new Event('offline'));
      await type(el, 'theme');
      await waitUntil(() => messageText(el).startsWith('You are offline'));
      await waitUntil(() => statusText(el).startsWith('You are offline'));
      expect(client.searches).to.have.length(0);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
    }
    window.dispatchEvent(new Event('online'));
    await waitUntil(() => options(el).length === 3);
    expect(client.searches.map((search) => search.request.query)).to.deep.equal(['theme']);
  });

  it('searches when put back on the page after the device came back online while it was off it', async () => {
    const client = answering(threeResults);
    const el = await fakeBox(client);
    const parent = el.parentElement!;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      window.dispatchEvent(new Event('offline'));
      await type(el, 'theme');
      await waitUntil(() => messageText(el).startsWith('You are offline'));
      // A router keeps the page it left, off the document (a kept-alive view), meanwhile.
      el.remove();
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
    }
    window.dispatchEvent(new Event('online'));
    parent.append(el);
    input(el).focus();
    await waitUntil(() => options(el).length === 3, 'the results, once back on the page');
    expect(messageText(el)).to.not.contain('offline');
    expect(client.searches.map((search) => search.request.query)).to.deep.equal(['theme']);
  });

  it('renders a link outside the allow-list as text that cannot be followed', async () => {
    const el = await fakeBox(
      answering([
        item('Script', { link: 'javascript:alert(1)' }),
        item('Data', { link: 'data:text/html,<b>x</b>' }),
        item('Other host', { link: '//evil.example/x' }),
        item('Good', { link: '/docs/good' }),
      ]),
    );
    let selected = 0;
    el.addEventListener('ask-select', (event) => {
      selected++;
      event.preventDefault();
    });
    await type(el, 'link');
    await waitUntil(() => options(el).length === 4);
    const [script, data, other, good] = options(el) as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    for (const bad of [script, data, other]) {
      expect(bad.getAttribute('aria-disabled')).to.equal('true');
      expect(bad.querySelector('[part="option-link"]')).to.equal(null);
    }
    expect(shadow(el).querySelector('a')).to.equal(null);
    expect(good.querySelector('[part="option-link"]')!.textContent).to.equal('/docs/good');
    await press('ArrowDown');
    await press('Enter');
    await clickAt(data);
    expect(selected).to.equal(0);
    expect(location.protocol).to.equal('http:');
  });

  it('leads to the page, with no heading shown, when the section link is outside the allow-list', async () => {
    const el = await fakeBox(
      answering([
        item('Page', { link: '/docs/page', section: { heading: 'Setup', link: 'javascript:alert(1)' } }),
      ]),
    );
    await type(el, 'setup');
    await waitUntil(() => options(el).length === 1);
    const [option] = options(el) as [HTMLElement];
    expect(option.querySelector('[part="option-section"]')).to.equal(null);
    expect(option.querySelector('[part="option-link"]')!.textContent).to.equal('/docs/page');
  });

  it('renders titles and descriptions as text, with the terms highlighted', async () => {
    const el = await fakeBox(
      answering([
        item('<img src=x onerror="window.pwned=1"> Theme guide', { description: 'Theme <b>it</b>' }),
      ]),
    );
    await type(el, 'theme guide');
    await waitUntil(() => options(el).length === 1);
    const option = options(el)[0]!;
    expect(option.querySelector('img, b')).to.equal(null);
    expect(option.querySelector('.title')!.textContent).to.equal(
      '<img src=x onerror="window.pwned=1"> Theme guide',
    );
    const marks = [...option.querySelectorAll('mark[part="highlight"]')].map((mark) => mark.textContent);
    expect(marks).to.deep.equal(['Theme', 'guide', 'Theme']);
    expect(option.querySelector('[part="option-type"]')!.textContent).to.equal('Page');
    expect((window as { pwned?: number }).pwned).to.equal(undefined);
  });

  it('reads two marked words apart, as they are drawn: "rate limit", not "ratelimit"', async () => {
    const el = await fakeBox(
      answering([item('Rate limit and quotas', { description: 'Each key has a rate limit of its own.' })]),
    );
    await type(el, 'rate limit');
    await waitUntil(() => options(el).length === 1, 'the result');
    // Chromium left the space between two <mark>s out of the option's name (a lone space between
    // two of lit's markers), so a screen reader said "Ratelimit and quotas".
    const said = (await executeServerCommand('accessible-names', 'option')) as string[];
    expect(said.length).to.equal(1);
    expect(said[0]).to.match(/^Rate limit and quotas\b/);
    expect(said[0]).to.contain('a rate limit of its own');
    // What is drawn and copied stays the text itself.
    expect(options(el)[0]!.querySelector('.title')!.textContent).to.equal('Rate limit and quotas');
  });

  it('shows a long description from just before the word that found it, which two lines would hide', async () => {
    const description =
      'Every attribute, property and method of the chat: connection, answer format, min-relevance, persist, tags and reset.';
    const el = await fakeBox(answering([item('Chat attributes', { description })]));
    await type(el, 'persist');
    await waitUntil(() => options(el).length === 1);
    const shown = options(el)[0]!.querySelector('[part="option-description"]') as HTMLElement;
    expect(shown.textContent).to.equal('…format, min-relevance, persist, tags and reset.');
    expect(shown.querySelector('mark')!.textContent).to.equal('persist');
    // On a phone's width, the word is in the two lines shown.
    el.style.width = '320px';
    const mark = shown.querySelector('mark')!.getBoundingClientRect();
    expect(mark.bottom <= shown.getBoundingClientRect().bottom + 1, 'the match is within the clamp').to.equal(
      true,
    );
  });

  it('shows a Chinese description from just before the word that found it, though fewer characters precede it', async () => {
    // 47 characters before `persist`: under the 60 that Latin letters fill two lines with, yet
    // each is as wide as two of them, so the word would fall on the third line, hidden.
    const description =
      '聊天组件的每一个属性、特性与方法都列在这里：连接方式、回答格式、最低相关度、标签筛选与会话保存 persist，以及重置。';
    const el = await fakeBox(answering([item('聊天组件的属性', { description })]));
    await type(el, 'persist');
    await waitUntil(() => options(el).length === 1);
    const shown = options(el)[0]!.querySelector('[part="option-description"]') as HTMLElement;
    // Fifteen characters before it, as wide as the thirty letters a Latin description keeps.
    expect(shown.textContent).to.equal('…最低相关度、标签筛选与会话保存 persist，以及重置。');
    expect(shown.querySelector('mark')!.textContent).to.equal('persist');
  });

  it('marks the word a typo was corrected to, and no look-alike of a word another result holds', async () => {
    const el = await fakeBox(
      answering([
        item('Theming guide', { description: 'Change colours with custom properties' }),
        item('Dark mode', { description: 'Set these for the theme' }),
      ]),
    );
    const marks = (index: number) =>
      [...options(el)[index]!.querySelectorAll('mark[part="highlight"]')].map((mark) => mark.textContent);
    await type(el, 'thme colurs');
    await waitUntil(() => options(el).length === 2);
    expect(marks(0)).to.deep.equal(['Them', 'colours']);
    expect(marks(1)).to.deep.equal(['theme']);
    input(el).select();
    await sendKeys({ type: 'theme' });
    // "theme" is a word a result holds: neither "these" nor "Theming" is taken for a typo of it.
    await waitUntil(() => marks(1).join() === 'theme', 'marked for "theme"');
    expect(marks(0)).to.deep.equal([]);
  });

  it('highlights a page found again for another query by the terms of that query', async () => {
    // The same result objects for every query, as the element's cache of recent answers gives.
    const el = await fakeBox(answering([item('Theme guide', { description: 'Theme colours, guide' })]));
    const marks = () =>
      [...options(el)[0]!.querySelectorAll('mark[part="highlight"]')].map((mark) => mark.textContent);
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 1);
    expect(marks()).to.deep.equal(['Theme', 'Theme']);
    await press('Backspace');
    await waitUntil(() => marks().join() === 'Them,Them', 'marked for "them"');
    input(el).select();
    await sendKeys({ type: 'guide' });
    await waitUntil(() => marks().join() === 'guide,guide', 'marked for the new query');
    expect(optionTitles(el)).to.deep.equal(['Theme guide']);
  });

  it('highlights the words a visitor typed without their accents, as the service found them', async () => {
    const el = await fakeBox(
      answering([
        item('apt-config(8) – Programa para consultar la configuración de APT', {
          description: 'Fichero de configuración de dpkg',
        }),
      ]),
    );
    // A Spanish visitor types without accents; the service folds them and finds the page.
    await type(el, 'configuracion');
    await waitUntil(() => options(el).length === 1);
    const marks = [...options(el)[0]!.querySelectorAll('mark[part="highlight"]')].map(
      (mark) => mark.textContent,
    );
    expect(marks).to.deep.equal(['configuración', 'configuración']);
    expect(optionTitles(el)[0]).to.equal('apt-config(8) – Programa para consultar la configuración de APT');
  });

  it('highlights the names a typed import path or dotted name joins, as the service found them', async () => {
    // On the Hono docs, `hono/cors` found *CORS Middleware* first, with nothing marked in it.
    const el = await fakeBox(
      answering([
        item('CORS Middleware', {
          description: "Import cors from 'hono/cors' and call it before the routes.",
        }),
      ]),
    );
    await type(el, 'hono/cors');
    await waitUntil(() => options(el).length === 1);
    const marks = [...options(el)[0]!.querySelectorAll('mark[part="highlight"]')].map(
      (mark) => mark.textContent,
    );
    expect(marks).to.deep.equal(['CORS', 'cors', 'hono/cors']);
  });

  it('marks a camelCase name the query spells in words as one highlight, not two', async () => {
    // The demo's `api key` showed `apiKey` as two padded marks, read as "api Key".
    const el = await fakeBox(
      answering([item('Connect the elements', { description: 'Set apiKey in createClient().' })]),
    );
    await type(el, 'api key');
    await waitUntil(() => options(el).length === 1);
    const marks = [...options(el)[0]!.querySelectorAll('mark[part="highlight"]')].map(
      (mark) => mark.textContent,
    );
    expect(marks).to.deep.equal(['apiKey']);
  });

  it('shows a query in the direction of its first letter, on a right-to-left page too', async () => {
    const page = await fixture<HTMLElement>(
      html`<div dir="rtl" lang="ar"><search-box debounce="0" no-recent></search-box></div>`,
    );
    const el = page.querySelector('search-box')!;
    el.client = answering([]);
    await type(el, 'fetch()');
    // Where each character of the query shows, laid out as the input lays out its text.
    const left = drawnCharacters(input(el), page);
    // `fetch()`, not `()fetch`: the brackets after the name, on its right.
    expect(left(5), '( after h').to.be.greaterThan(left(4));
    expect(left(0), 'f before (').to.be.lessThan(left(5));
    // The placeholder, with nothing typed, still starts on the right.
    expect(getComputedStyle(input(el)).direction).to.equal('rtl');
  });

  it('takes every visible string from the strings property', async () => {
    const el = await fakeBox(answering([]));
    el.strings = {
      noResults: 'Keine Ergebnisse für „{query}“',
      placeholder: 'Dokumentation durchsuchen',
      resultsOther: (count) => `${count} Treffer`,
    };
    await el.updateComplete;
    expect(input(el).placeholder).to.equal('Dokumentation durchsuchen');
    await type(el, 'xyz');
    await waitUntil(() => messageText(el) === 'Keine Ergebnisse für „xyz“');
    await waitUntil(() => statusText(el) === 'Keine Ergebnisse für „xyz“');
    el.client = answering(threeResults);
    await waitUntil(() => options(el).length === 3);
    await waitUntil(() => statusText(el) === '3 Treffer');
  });

  it('pre-fills the query from the page URL when url-param is set', async () => {
    const original = location.href;
    history.replaceState(null, '', `${location.pathname}?find=dark+mode`);
    try {
      const el = await fixture<SearchBox>(
        html`<search-box url-param="find" debounce="0" .client=${answering(threeResults)}></search-box>`,
      );
      expect(input(el).value).to.equal('dark mode');
      expect(el.getAttribute('query')).to.equal('dark mode');
    } finally {
      history.replaceState(null, '', original);
    }
  });

  it('leaves a query the visitor cleared empty, not filled again from the URL', async () => {
    const original = location.href;
    history.replaceState(null, '', `${location.pathname}?q=from+url`);
    try {
      const el = await fixture<SearchBox>(
        html`<search-box url-param query="kept" debounce="0" no-recent></search-box>`,
      );
      expect(el.query).to.equal('kept');
      input(el).focus();
      input(el).select();
      await sendKeys({ press: 'Backspace' });
      await el.updateComplete;
      await aTimeout(50);
      expect(el.query).to.equal('');
      expect(input(el).value).to.equal('');
    } finally {
      history.replaceState(null, '', original);
    }
  });

  it('pre-fills the query from the page URL when urlParam was set as a property before the element was defined', async () => {
    const original = location.href;
    history.replaceState(null, '', `${location.pathname}?q=dark+mode`);
    // A framework sets properties on the element it renders, which may be defined only later.
    const el = document.createElement('search-box-defined-late') as SearchBox;
    Object.assign(el, { urlParam: '', debounce: 0, client: answering(threeResults) });
    document.body.append(el);
    try {
      customElements.define('search-box-defined-late', class extends SearchBox {});
      await el.updateComplete;
      expect(input(el).value).to.equal('dark mode');
    } finally {
      el.remove();
      history.replaceState(null, '', original);
    }
  });

  it('takes null or undefined for tags and numbers (an absent prop a framework binds) as the defaults', async () => {
    const client = answering(threeResults);
    const el = await fakeBox(client);
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    try {
      Object.assign(el, { includeTags: undefined, excludeTags: null, numDocs: undefined, minChars: null });
      await el.updateComplete;
      await type(el, 'theme');
      const search = await searchFor(client, 'theme');
      expect(search.request.numDocs).to.equal(8);
      expect(search.request.includeTags ?? []).to.deep.equal([]);
      expect(el.minChars).to.equal(2);
      // Tags given as text, as the attribute writes them.
      el.includeTags = 'guides, api' as unknown as string[];
      await waitUntil(
        () => client.searches.at(-1)?.request.includeTags?.join() === 'guides,api',
        'a search with the two tags',
      );
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });
});

describe('<search-box> number attributes it cannot use', () => {
  /** Runs `body` with console.warn recorded, and returns what was warned. */
  async function warnedDuring(body: () => Promise<void>): Promise<string[]> {
    const warned: string[] = [];
    const consoleWarn = console.warn;
    console.warn = (...args: unknown[]) => warned.push(args.join(' '));
    try {
      await body();
    } finally {
      console.warn = consoleWarn;
    }
    return warned;
  }

  it('asks for the default 8 results for an empty, non-numeric, zero or negative num-docs, and at most 100, saying so in the console', async () => {
    for (const [written, asked] of [
      ['', 8],
      ['abc', 8],
      ['0', 8],
      ['-3', 8],
      ['1000', 100],
      ['3', 3],
    ] as const) {
      const client = answering(threeResults);
      let el!: SearchBox;
      const warned = await warnedDuring(async () => {
        el = await fakeBox(client, `num-docs=${written}`);
        await type(el, 'theme');
        await searchFor(client, 'theme');
        // Rendered again meanwhile: still one warning.
        await waitUntil(() => options(el).length === 3);
      });
      expect(client.searches.at(-1)!.request.numDocs, `num-docs="${written}"`).to.equal(asked);
      if (written === '3') expect(warned, 'a usable value').to.deep.equal([]);
      else {
        expect(warned, `num-docs="${written}"`).to.have.length(1);
        expect(warned[0]).to.include('num-docs').and.include(`"${written}"`);
      }
      el.remove();
    }
  });

  it('searches from the default 2 characters for a min-chars that is empty or not a number, saying so in the console', async () => {
    for (const written of ['', 'abc']) {
      const client = answering(threeResults);
      let el!: SearchBox;
      const warned = await warnedDuring(async () => {
        el = await fakeBox(client, `min-chars=${written}`);
        await type(el, 't');
        await aTimeout(50);
        expect(client.searches, `min-chars="${written}": nothing sent for one character`).to.have.length(0);
        await type(el, 'h');
        await searchFor(client, 'th');
      });
      expect(warned, `min-chars="${written}"`).to.have.length(1);
      expect(warned[0]).to.include('min-chars').and.include(`"${written}"`);
      el.remove();
    }
  });

  it('waits the default 100 ms after the typing for a debounce that is not a number, saying so in the console', async () => {
    const client = new ControlledClient();
    const debounce = holdTimers(100);
    let warned: string[];
    let el!: SearchBox;
    try {
      warned = await warnedDuring(async () => {
        el = await fakeBox(client, 'debounce=fast');
        await type(el, 'theme');
        await aTimeout(50);
      });
      expect(client.searches, 'nothing sent before the pause').to.have.length(0);
      expect(shadow(el).querySelector('[part="loading"]'), 'no "Searching…" at once').to.equal(null);
    } finally {
      debounce.release();
    }
    await searchFor(client, 'theme');
    expect(warned).to.have.length(1);
    expect(warned[0]).to.include('debounce').and.include('"fast"');
  });
});

describe('<search-box> keyboard (APG combobox with listbox)', () => {
  async function openBox(): Promise<SearchBox> {
    const el = await fakeBox(answering(threeResults));
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 3);
    return el;
  }

  it('moves the active option with the arrows while focus stays in the input, wrapping', async () => {
    const el = await openBox();
    expect(activeOption(el)).to.equal(null);
    await press('ArrowDown');
    expect(activeOption(el)).to.equal(options(el)[0]);
    expect(options(el)[0]!.getAttribute('aria-selected')).to.equal('true');
    expect(options(el)[1]!.getAttribute('aria-selected')).to.equal('false');
    await press('ArrowDown');
    await press('ArrowDown');
    expect(activeOption(el)).to.equal(options(el)[2]);
    await press('ArrowDown');
    expect(activeOption(el), 'wraps to the first').to.equal(options(el)[0]);
    await press('ArrowUp');
    expect(activeOption(el), 'wraps to the last').to.equal(options(el)[2]);
    expect(shadow(el).activeElement).to.equal(input(el));
    expect(document.activeElement).to.equal(el);
    for (const option of options(el)) expect(option.hasAttribute('tabindex')).to.equal(false);
  });

  it('ArrowUp with nothing active goes to the last option', async () => {
    const el = await openBox();
    await press('ArrowUp');
    expect(activeOption(el)).to.equal(options(el)[2]);
  });

  it('Home, End, ArrowLeft and ArrowRight return to the text, moving the caret', async () => {
    const el = await openBox();
    for (const key of ['Home', 'End', 'ArrowLeft', 'ArrowRight']) {
      await press('ArrowDown');
      expect(activeOption(el)).not.to.equal(null);
      await press(key);
      expect(activeOption(el), key).to.equal(null);
    }
    await press('Home');
    expect(input(el).selectionStart).to.equal(0);
  });

  it('Escape closes the list, a second Escape clears the input', async () => {
    const el = await openBox();
    await press('ArrowDown');
    await press('Escape');
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    expect(input(el).hasAttribute('aria-activedescendant')).to.equal(false);
    expect(isShown(popup(el))).to.equal(false);
    expect(input(el).value).to.equal('theme');
    await press('Escape');
    expect(input(el).value).to.equal('');
    expect(el.query).to.equal('');
  });

  it('ArrowDown reopens a closed list on its first option; Alt+ArrowDown opens without choosing', async () => {
    const el = await openBox();
    await press('Escape');
    await press('Alt+ArrowDown');
    expect(input(el).getAttribute('aria-expanded')).to.equal('true');
    expect(activeOption(el)).to.equal(null);
    await press('Alt+ArrowUp');
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');
    await press('ArrowDown');
    expect(input(el).getAttribute('aria-expanded')).to.equal('true');
    expect(activeOption(el)).to.equal(options(el)[0]);
  });

  it('Enter on an active option fires a cancelable ask-select with its position', async () => {
    const el = await openBox();
    await press('ArrowDown');
    await press('ArrowDown');
    setTimeout(() => void press('Enter'));
    const event = (await oneEvent(el, 'ask-select')) as CustomEvent<SearchBoxSelectDetail>;
    expect(event.cancelable).to.equal(true);
    expect(event.bubbles && event.composed).to.equal(true);
    expect(event.detail).to.deep.include({ position: 2, query: 'theme', newTab: false, href: '#Dark-mode' });
    expect(event.detail.result.title).to.equal('Dark mode');
    event.preventDefault();
  });

  it('Enter follows the link unless ask-select is cancelled; Ctrl+Enter asks for a new tab', async () => {
    const el = await openBox();
    await press('ArrowDown');
    await press('Enter');
    await waitUntil(() => location.hash === '#Theming', 'navigated to the result');
    expect(input(el).getAttribute('aria-expanded'), 'closed after choosing').to.equal('false');
    history.replaceState(null, '', location.pathname + location.search);

    await press('ArrowDown');
    const chosen = oneEvent(el, 'ask-select');
    el.addEventListener('ask-select', (event) => event.preventDefault(), { once: true });
    await press('Control+Enter');
    const event = (await chosen) as CustomEvent<SearchBoxSelectDetail>;
    expect(event.detail.newTab).to.equal(true);
    expect(location.hash).to.equal('');
  });

  it('goes to the page chosen, not the first result, when Enter is pressed again while that page loads', async () => {
    const el = await fakeBox(
      answering([item('Theming', { link: '/theming-page' }), item('Dark mode', { link: '/dark-mode-page' })]),
    );
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 2);
    // The page's navigations recorded and held (the Navigation API), so the test page stays.
    const { navigation } = globalThis as unknown as { navigation: EventTarget };
    const destinations: string[] = [];
    const hold = (event: Event) => {
      destinations.push(
        new URL((event as Event & { destination: { url: string } }).destination.url).pathname,
      );
      event.preventDefault();
    };
    navigation.addEventListener('navigate', hold);
    try {
      await press('ArrowDown');
      await press('ArrowDown');
      await press('Enter');
      await press('Enter');
      await aTimeout(50);
      expect(destinations, 'the chosen page only').to.deep.equal(['/dark-mode-page']);
      // Back at the search (the page did not load), Enter submits the query again.
      await type(el, 's');
      await waitUntil(() => options(el).length === 2);
      await press('Enter');
      await waitUntil(() => destinations.length === 2, 'submitted');
      expect(destinations[1]).to.equal('/theming-page');
    } finally {
      navigation.removeEventListener('navigate', hold);
    }
  });

  it('Enter with no active option submits the query (ask-search); cancelled, nothing more happens', async () => {
    const el = await openBox();
    let selected = 0;
    el.addEventListener('ask-select', () => selected++);
    el.addEventListener('ask-search', (event) => event.preventDefault(), { once: true });
    setTimeout(() => void press('Enter'));
    const event = (await oneEvent(el, 'ask-search')) as CustomEvent<SearchBoxSearchDetail>;
    expect(event.detail).to.deep.equal({ query: 'theme' });
    expect(event.cancelable).to.equal(true);
    await aTimeout(50);
    expect(selected, 'the page shows its own results').to.equal(0);
  });

  it('Enter with no active option, not cancelled, follows the first result: now, or when it arrives', async () => {
    const el = await openBox();
    el.addEventListener('ask-select', (event) => event.preventDefault());
    setTimeout(() => void press('Enter'));
    const now = (await oneEvent(el, 'ask-select')) as CustomEvent<SearchBoxSelectDetail>;
    expect([now.detail.position, now.detail.result.title, now.detail.query]).to.deep.equal([
      1,
      'Theming',
      'theme',
    ]);

    // Typed and sent before the results came (the phone keyboard's Search key).
    const client = new ControlledClient();
    const slow = await fakeBox(client);
    let chosen: SearchBoxSelectDetail | undefined;
    slow.addEventListener('ask-select', (event) => {
      event.preventDefault();
      chosen = (event as CustomEvent<SearchBoxSelectDetail>).detail;
    });
    await type(slow, 'dark');
    const pending = await searchFor(client, 'dark');
    await press('Enter');
    expect(chosen, 'nothing to follow yet').to.equal(undefined);
    pending.resolve([item('Dark mode'), item('Theming')]);
    await waitUntil(() => chosen !== undefined, 'followed once the results arrived');
    expect([chosen!.position, chosen!.result.title]).to.deep.equal([1, 'Dark mode']);

    // Typed on after Enter, even back to the same words: the visitor is still typing.
    chosen = undefined;
    await type(slow, 'er');
    const darker = await searchFor(client, 'darker');
    await press('Enter');
    await type(slow, 's');
    await press('Backspace');
    await aTimeout(20);
    darker.resolve([item('Darker')]);
    (await searchFor(client, 'darker')).resolve([item('Darker')]);
    await aTimeout(50);
    expect(chosen, 'not once the visitor typed on').to.equal(undefined);
  });

  it('gives up the first result when the visitor closes the list or the search fails', async () => {
    /** A box on a slow client, counting the results it follows. */
    const slowBox = async () => {
      const client = new ControlledClient();
      const box = await fakeBox(client);
      const followed = { count: 0 };
      box.addEventListener('ask-select', (event) => {
        event.preventDefault();
        followed.count++;
      });
      return { client, box, followed };
    };
    const closing = await slowBox();
    await type(closing.box, 'dar');
    (await searchFor(closing.client, 'dar')).resolve(threeResults);
    await waitUntil(() => options(closing.box).length === 3);
    await type(closing.box, 'k');
    const pending = await searchFor(closing.client, 'dark');
    await press('Enter');
    await press('Escape');
    expect(closing.box.query, 'Escape closed the list, the text stays').to.equal('dark');
    pending.resolve(threeResults);
    await aTimeout(50);
    expect(closing.followed.count, 'closed with Escape: not followed').to.equal(0);

    const failing = await slowBox();
    await type(failing.box, 'darker');
    const first = await searchFor(failing.client, 'darker');
    await press('Enter');
    first.reject(new ApiError('Service down', { status: 503, code: 'http_503' }));
    const retry = () => shadow(failing.box).querySelector<HTMLElement>('[part="retry"]');
    await waitUntil(() => isShown(retry()), 'the error and its retry');
    const searched = failing.client.searches.length;
    retry()!.click();
    await waitUntil(() => failing.client.searches.length === searched + 1, 'retried');
    failing.client.searches.at(-1)!.resolve(threeResults);
    await waitUntil(() => options(failing.box).length === 3);
    await aTimeout(50);
    expect(failing.followed.count, 'failed, then retried with a click: not followed').to.equal(0);
  });

  it('gives up the first result when the visitor arrows to an option while the results are on their way', async () => {
    const client = new ControlledClient();
    const box = await fakeBox(client);
    const chosen: string[] = [];
    box.addEventListener('ask-select', (event) => {
      event.preventDefault();
      chosen.push((event as CustomEvent<SearchBoxSelectDetail>).detail.result.title);
    });
    await type(box, 'dar');
    (await searchFor(client, 'dar')).resolve(threeResults);
    await waitUntil(() => options(box).length === 3);
    await type(box, 'k');
    const pending = await searchFor(client, 'dark');
    // Enter on a slow search, then, nothing having happened yet, the visitor picks a page themselves.
    await press('Enter');
    await press('ArrowDown');
    await press('ArrowDown');
    pending.resolve(threeResults);
    await waitUntil(
      () => activeOption(box)?.textContent?.includes('Dark mode') === true,
      'still highlighted',
    );
    await aTimeout(50);
    expect(chosen, 'the first result not followed over the choice').to.deep.equal([]);
    await press('Enter');
    expect(chosen).to.deep.equal(['Dark mode']);
  });

  it('still says how many results there are after a space typed at the end', async () => {
    const el = await fakeBox(answering(threeResults));
    await type(el, 'dark');
    await waitUntil(() => options(el).length === 3, 'the results, about to be announced');
    await sendKeys({ type: ' ' });
    await waitUntil(() => statusText(el) === '3 results', 'announced', { timeout: 3000 });
  });

  it("ends its list above a phone's on-screen keyboard, which shrinks the visible viewport only", async () => {
    const own = Object.getOwnPropertyDescriptor(window, 'visualViewport');
    const keyboard = Object.assign(new EventTarget(), { height: innerHeight, offsetTop: 0 });
    Object.defineProperty(window, 'visualViewport', { configurable: true, value: keyboard });
    try {
      const many = Array.from({ length: 8 }, (_, i) => item(`Theming ${i}`));
      const el = await fakeBox(answering(many), 'ask-ai');
      await type(el, 'theme');
      await waitUntil(() => options(el).length === 9);
      const visible = popup(el).getBoundingClientRect().top + 200;
      keyboard.height = visible;
      keyboard.dispatchEvent(new Event('resize'));
      expect(popup(el).getBoundingClientRect().bottom).to.be.at.most(visible);
      const ask = options(el).at(-1)!;
      expect(ask.textContent).to.match(/Ask AI/);
      expect(ask.getBoundingClientRect().bottom, '"Ask AI about …" above the keyboard').to.be.at.most(
        visible,
      );
      // The keyboard closed: the list has its room again.
      keyboard.height = innerHeight;
      keyboard.dispatchEvent(new Event('resize'));
      expect(popup(el).getBoundingClientRect().height).to.be.greaterThan(200);
    } finally {
      if (own) Object.defineProperty(window, 'visualViewport', own);
    }
  });

  it('wraps a long word that found nothing rather than widen the page', async () => {
    const el = await fakeBox(answering([]));
    await type(el, 'a'.repeat(200));
    await waitUntil(() => /No results/.test(messageText(el)), 'the no-results message');
    const message = shadow(el).querySelector<HTMLElement>('[part~="message"]')!;
    expect(message.scrollWidth, 'the message fits its popup').to.be.at.most(popup(el).clientWidth);
    expect(document.documentElement.scrollWidth, 'the page is no wider').to.be.at.most(window.innerWidth);
  });

  it('announces a long query that found nothing cut short, as the message shows it in three lines', async () => {
    const el = await fakeBox(answering([]));
    input(el).focus();
    // Up to 1,000 characters are searched: read whole, "No results for" would go on for minutes.
    document.execCommand('insertText', false, 'zzqx '.repeat(199) + '😀😀');
    await waitUntil(() => statusText(el).startsWith('No results for'), 'the no-results announcement');
    expect(statusText(el)).to.equal(`No results for “${'zzqx '.repeat(20).trim()}…”`);
    // A short one is said whole.
    input(el).select();
    document.execCommand('insertText', false, 'zzqx yyqx');
    await waitUntil(() => statusText(el) === 'No results for “zzqx yyqx”', 'a short query said whole');
    // Cut by characters, not halfway through one written with two code units.
    input(el).select();
    document.execCommand('insertText', false, `${'x'.repeat(98)}😀 more`);
    await waitUntil(() => statusText(el) === `No results for “${'x'.repeat(98)}…”`, 'no half of an emoji');
  });

  it('keeps the 1000 characters searched of a pasted text handed to the chat as the recent search', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><search-box debounce="0" ask-ai .client=${answering([])}></search-box></div>`,
    );
    const el = wrapper.querySelector('search-box')!;
    // The page takes the hand-off itself.
    el.addEventListener('ask-handoff', (event) => event.preventDefault());
    input(el).focus();
    const pasted = 'zzqx '.repeat(300);
    document.execCommand('insertText', false, pasted);
    await waitUntil(() => optionTitles(el).some((title) => title.startsWith('Ask AI')), 'the Ask AI offer');
    await press('ArrowUp');
    await press('Enter');
    const [kept] = JSON.parse(localStorage.getItem('ask-elements:recent-searches') ?? '[]') as string[];
    expect(kept?.length, 'the searched start, not the whole paste').to.be.at.most(1000);
    expect(pasted.startsWith(kept ?? '?'), 'its start').to.equal(true);
  });

  it('names the "Ask AI" option and a recent search of a pasted text by its start, and hands it over whole', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><search-box debounce="0" ask-ai .client=${answering([])}></search-box></div>`,
    );
    const el = wrapper.querySelector('search-box')!;
    const handed: string[] = [];
    el.addEventListener('ask-handoff', (event) => {
      event.preventDefault();
      handed.push((event as CustomEvent<SearchBoxHandoffDetail>).detail.query);
    });
    input(el).focus();
    const pasted = 'zzqx '.repeat(150).trim();
    document.execCommand('insertText', false, pasted);
    await waitUntil(() => optionTitles(el).some((title) => title.startsWith('Ask AI')), 'the Ask AI offer');
    // A screen reader reads an option whole at each arrow key: not 750 characters of it.
    const ask = optionTitles(el).find((title) => title.startsWith('Ask AI'))!;
    expect(ask.length, ask.slice(0, 40)).to.be.below(130);
    expect(ask).to.equal(`Ask AI about “${pasted.slice(0, 99).trim()}…”`);
    await press('ArrowUp');
    await press('Enter');
    expect(handed).to.deep.equal([pasted]);
    // Kept as a recent search, it is named by its start too.
    input(el).focus();
    input(el).select();
    document.execCommand('delete');
    await waitUntil(() => options(el).length > 0, 'the recent searches');
    expect(optionTitles(el)[0]!.length).to.be.below(110);
  });

  it('draws the line above "Ask AI" straight to its ends', async () => {
    // The line is the option's shadow: on its rounded top corners it curled down at both ends.
    const el = await fakeBox(answering([item('Theme guide')]), 'ask-ai');
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 2);
    const ask = options(el).at(-1)!;
    expect(ask.classList.contains('ask')).to.equal(true);
    const style = getComputedStyle(ask);
    expect(style.boxShadow).to.match(/0px -1px 0px/);
    expect([style.borderStartStartRadius, style.borderStartEndRadius]).to.deep.equal(['0px', '0px']);
  });

  it('keeps "Ask AI" in the popup on a phone under a pasted text that found nothing, its echo cut short', async () => {
    await setViewport({ width: 375, height: 667 });
    try {
      const el = await fakeBox(answering([]), 'ask-ai');
      input(el).focus();
      document.execCommand('insertText', false, 'zzqx '.repeat(120));
      await waitUntil(() => /No results/.test(messageText(el)), 'the no-results message');
      const ask = options(el).at(-1)!;
      expect(ask.classList.contains('ask')).to.equal(true);
      const shown = ask.getBoundingClientRect();
      const panel = popup(el).getBoundingClientRect();
      expect(
        shown.top >= panel.top && shown.bottom <= panel.bottom,
        `"Ask AI" at ${shown.top}–${shown.bottom}, the popup ${panel.top}–${panel.bottom}`,
      ).to.equal(true);
      const handoff = oneEvent(el, 'ask-handoff');
      el.addEventListener('ask-handoff', (event) => event.preventDefault());
      await clickAt(ask);
      expect(((await handoff) as CustomEvent<SearchBoxHandoffDetail>).detail.query).to.equal(
        'zzqx '.repeat(120).trim(),
      );
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('greys out and marks busy the last results while a slow search for a changed query runs', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client, 'ask-ai');
    await type(el, 'theme');
    (await searchFor(client, 'theme')).resolve(threeResults);
    await waitUntil(() => options(el).length === 4);
    expect(listbox(el).getAttribute('aria-busy')).to.equal(null);
    const firstTop = options(el)[0]!.getBoundingClientRect().top;
    await type(el, 's');
    await searchFor(client, 'themes');
    await waitUntil(() => listbox(el).getAttribute('aria-busy') === 'true', 'busy once the search is slow');
    expect(listbox(el).classList.contains('stale')).to.equal(true);
    expect(options(el), 'still shown, no flicker').to.have.length(4);
    expect(Number(getComputedStyle(options(el)[0]!).opacity), 'greyed out').to.be.lessThan(1);
    // Greyed, still read: their text keeps 4.5:1 (at opacity 0.6, axe found 2.65:1 to 4.41:1).
    await expect(el).to.be.accessible();
    // "Ask AI about …" is the new query's: not greyed.
    const ask = options(el).at(-1)!;
    expect(ask.textContent).to.contain('themes');
    expect(getComputedStyle(ask).opacity).to.equal('1');
    // "Searching…" goes under them: the result under the visitor's finger stays where it was.
    expect(shadow(el).querySelector('[part="loading"]')!.textContent!.trim()).to.equal('Searching…');
    expect(options(el)[0]!.getBoundingClientRect().top).to.equal(firstTop);
    client.searches.at(-1)!.resolve([item('Themes')]);
    await waitUntil(() => listbox(el).getAttribute('aria-busy') === null);
    expect(listbox(el).classList.contains('stale')).to.equal(false);
  });

  it('Tab leaves the input and closes the list; a click outside closes it too', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <search-box debounce="0" no-recent .client=${answering(threeResults)}></search-box>
        <button id="after">after</button>
      </div>`,
    );
    const el = wrapper.querySelector('search-box')!;
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 3);
    await press('ArrowDown');
    await press('Tab');
    expect(document.activeElement!.id).to.equal('after');
    expect(input(el).getAttribute('aria-expanded')).to.equal('false');

    input(el).focus();
    await waitUntil(() => input(el).getAttribute('aria-expanded') === 'true', 'reopens on focus');
    await sendMouse({ type: 'click', position: [5, window.innerHeight - 5] });
    await waitUntil(() => input(el).getAttribute('aria-expanded') === 'false', 'closes on a click outside');
  });

  it('Tab after a failed search reaches "Try again", which retries and returns focus to the input', async () => {
    const client = new ControlledClient();
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <search-box debounce="0" no-recent .client=${client}></search-box>
        <button id="after">after</button>
      </div>`,
    );
    const el = wrapper.querySelector('search-box')!;
    await type(el, 'theme');
    (await searchFor(client, 'theme')).reject(
      new ApiError('Service down', { status: 503, code: 'http_503' }),
    );
    const retry = () => shadow(el).querySelector<HTMLElement>('[part="retry"]');
    // What has the focus, by its part (a failed comparison of elements would print whole nodes).
    const focused = () => shadow(el).activeElement?.getAttribute('part') ?? document.activeElement?.id;
    await waitUntil(() => isShown(retry()), 'the error shows "Try again"');

    await press('Tab');
    expect(focused(), 'Tab goes to "Try again"').to.equal('retry');
    expect(isShown(retry())).to.equal(true);
    await press('Shift+Tab');
    expect(focused(), 'Shift+Tab goes back to the input').to.equal('input');
    await waitUntil(() => isShown(retry()), '"Try again" still shows');
    await press('Tab');
    await waitUntil(() => focused() === 'retry', 'Tab goes to "Try again" again');
    // Counted from here: typing on a slow machine may have searched for "the" before "theme".
    const searched = client.searches.length;
    await press('Enter');
    await waitUntil(() => client.searches.length === searched + 1, 'retried');
    await searchFor(client, 'theme');
    expect(focused(), 'the focus is back in the input').to.equal('input');

    client.searches.at(-1)!.reject(new ApiError('Service down', { status: 503, code: 'http_503' }));
    await waitUntil(() => isShown(retry()));
    await press('Tab');
    await waitUntil(() => focused() === 'retry', 'Tab goes to "Try again"');
    await press('Escape');
    expect(focused(), 'Escape returns to the input').to.equal('input');
    await waitUntil(() => !isShown(popup(el)), 'and closes the popup');

    await press('ArrowDown');
    await waitUntil(() => isShown(retry()));
    await press('Tab');
    await waitUntil(() => focused() === 'retry', 'Tab goes to "Try again" once more');
    await press('Tab');
    expect(document.activeElement!.id, 'the next Tab leaves the search box').to.equal('after');
    await waitUntil(() => !isShown(popup(el)), 'and the popup closes');
  });

  it('a click on an option chooses it and keeps focus in the input', async () => {
    const el = await openBox();
    el.addEventListener('ask-select', (event) => event.preventDefault());
    setTimeout(() => void clickAt(options(el)[2]!));
    const event = (await oneEvent(el, 'ask-select')) as CustomEvent<SearchBoxSelectDetail>;
    expect(event.detail.position).to.equal(3);
    expect(shadow(el).activeElement).to.equal(input(el));
  });

  it("inside a component's closed shadow root, a click chooses an option, and one elsewhere closes the list", async () => {
    // A page's component that renders the box in a closed shadow root, beside a button of its own.
    const component = await fixture<HTMLDivElement>(html`<div></div>`);
    const root = component.attachShadow({ mode: 'closed' });
    const el = document.createElement('search-box');
    Object.assign(el, { debounce: 0, noRecent: true, client: answering(threeResults) });
    const other = document.createElement('button');
    other.textContent = 'Menu';
    root.append(other, el);
    await el.updateComplete;
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 3, 'the results');
    const chosen: number[] = [];
    el.addEventListener('ask-select', (event) => {
      event.preventDefault();
      chosen.push(event.detail.position);
    });
    await clickAt(options(el)[1]!);
    await waitUntil(() => chosen.length > 0, 'the option chosen', { timeout: 2000 });
    expect(chosen).to.deep.equal([2]);
    // Chosen, the list closed; the focus still in the input, Alt+ArrowDown opens it again.
    await press('Alt+ArrowDown');
    await waitUntil(() => input(el).getAttribute('aria-expanded') === 'true', 'open again');
    await clickAt(other);
    await waitUntil(() => input(el).getAttribute('aria-expanded') === 'false', 'closed by a click beside it');
    input(el).focus();
    await waitUntil(() => input(el).getAttribute('aria-expanded') === 'true', 'open again');
    await sendMouse({ type: 'click', position: [5, window.innerHeight - 5] });
    await waitUntil(() => input(el).getAttribute('aria-expanded') === 'false', 'closed by a click outside');
  });

  it('does not interrupt an IME composition', async () => {
    const client = answering(threeResults);
    const el = await fakeBox(client);
    let submitted = 0;
    el.addEventListener('ask-search', () => submitted++);
    const field = input(el);
    field.focus();
    field.dispatchEvent(new CompositionEvent('compositionstart', { data: '' }));
    for (const partial of ['k', 'かn', 'かんj', '漢字']) {
      field.value = partial;
      field.dispatchEvent(new InputEvent('input', { isComposing: true, data: partial, bubbles: true }));
      await el.updateComplete;
    }
    // Enter confirms the conversion: it belongs to the IME, not to the search box.
    field.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true, cancelable: true }),
    );
    field.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowDown', isComposing: true, bubbles: true, cancelable: true }),
    );
    await aTimeout(50);
    expect(client.searches).to.have.length(0);
    expect(submitted).to.equal(0);
    expect(field.value, 'the composition text is untouched').to.equal('漢字');
    expect(el.query).to.equal('');

    field.dispatchEvent(new CompositionEvent('compositionend', { data: '漢字', bubbles: true }));
    await waitUntil(() => options(el).length === 3);
    expect(client.searches.map((search) => search.request.query)).to.deep.equal(['漢字']);
    expect(el.getAttribute('query')).to.equal('漢字');
  });

  it('knows which composed text is the text itself: Hangul, and Latin words on Android keyboards', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
    expect(isFinalAsComposed('테마', desktop)).to.equal(true);
    expect(isFinalAsComposed('translate', android)).to.equal(true);
    expect(isFinalAsComposed('translate', desktop), 'pinyin on a desktop waits').to.equal(false);
    expect(isFinalAsComposed('かんじ', android), 'kana wait for their kanji').to.equal(false);
    expect(isFinalAsComposed('漢字', android)).to.equal(false);
  });

  it('searches Korean syllables as they are composed: they are the text itself', async () => {
    const client = answering(threeResults);
    const el = await fakeBox(client);
    const field = input(el);
    field.focus();
    field.dispatchEvent(new CompositionEvent('compositionstart', { data: '' }));
    for (const partial of ['테', '테마']) {
      field.value = partial;
      field.dispatchEvent(
        new InputEvent('input', { isComposing: true, data: partial.at(-1), bubbles: true }),
      );
      await el.updateComplete;
    }
    await waitUntil(() => client.searches.at(-1)?.request.query === '테마', 'a search for the syllables');
    expect(field.value).to.equal('테마');
  });

  it('keeps the arrows meaning up and down on a right-to-left page', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div dir="rtl">
        <search-box debounce="0" no-recent .client=${answering(threeResults)}></search-box>
      </div>`,
    );
    const el = wrapper.querySelector('search-box')!;
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 3);
    await press('ArrowDown');
    expect(activeOption(el)).to.equal(options(el)[0]);
    expect(getComputedStyle(input(el)).direction).to.equal('rtl');
    const field = shadow(el).querySelector('[part="field"]')!.getBoundingClientRect();
    const icon = shadow(el).querySelector('.icon')!.getBoundingClientRect();
    expect(
      icon.left > field.left + field.width / 2,
      'the search icon sits at the start, on the right',
    ).to.equal(true);
  });
});

describe('<search-box> list scrolled by the arrows', () => {
  /** Twenty results for each query, titled by it, so another query's list is another list. */
  const twentyFor = (query: string) => Array.from({ length: 20 }, (_, i) => item(`${query} page ${i + 1}`));
  /** Whether the option's whole box is in sight within the list. */
  const inSight = (el: SearchBox, option: HTMLElement) => {
    const list = listbox(el).getBoundingClientRect();
    const box = option.getBoundingClientRect();
    return box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
  };

  it("shows another query's results from their first, not scrolled where the arrows left the last list", async () => {
    // DocSearch's visitors arrow down (or up to "Ask AI"), then type on: the best result of the
    // new query was hidden above the top of the list, which kept the old scroll position.
    const el = await fakeBox(answering(twentyFor));
    await type(el, 'theme');
    await waitUntil(() => optionTitles(el)[0] === 'theme page 1');
    await press('ArrowUp');
    expect(listbox(el).scrollTop, 'the arrows scrolled the list').to.be.greaterThan(0);
    await sendKeys({ type: 's' });
    await waitUntil(() => optionTitles(el)[0] === 'themes page 1', 'the results of "themes"');
    await el.updateComplete;
    expect(activeOption(el), 'nothing active').to.equal(null);
    expect(listbox(el).scrollTop).to.equal(0);
    expect(inSight(el, options(el)[0]!), 'the first result in sight').to.equal(true);
  });

  it('shows the title of a result taller than the room the list has, arrowed to down or up (a page zoomed to 400%)', async () => {
    // 1280 × 800 zoomed to 400% is a window of 320 × 200 CSS pixels: a result of a long title and
    // a two-line description is taller than what the list shows above "Ask AI about …", and the
    // arrows brought its end into view, its title hidden above the list.
    const long = (n: number) =>
      item(`Result ${n}: a title long enough to take three lines on a narrow screen`, {
        description: 'A description long enough to take its two lines, whatever the width of the screen is.',
      });
    const cases = [
      ['the inline list', ''],
      ['the dialog of variant="button"', 'variant=button'],
    ] as const;
    await setViewport({ width: 320, height: 200 });
    try {
      for (const [where, attributes] of cases) {
        const el = await fakeBox(answering([1, 2, 3, 4].map(long)), `ask-ai ${attributes}`);
        if (attributes) el.show();
        await type(el, 'result');
        await waitUntil(() => options(el).length === 5, `the results in ${where}`);
        const list = listbox(el);
        const ask = options(el).at(-1)!;
        for (const [key, expected] of [
          ['ArrowDown', 0],
          ['ArrowDown', 1],
          ['ArrowDown', 2],
          ['ArrowUp', 1],
          ['ArrowUp', 0],
        ] as const) {
          await press(key);
          await el.updateComplete;
          const active = activeOption(el)!;
          expect(active, `${key} to result ${expected + 1} in ${where}`).to.equal(options(el)[expected]);
          const title = active.querySelector('.title')!.getBoundingClientRect();
          const shown = `the title of result ${expected + 1}, arrowed to with ${key} in ${where}`;
          expect(title.top, `${shown}: its top in the list`).to.be.at.least(
            list.getBoundingClientRect().top - 1,
          );
          expect(title.top, `${shown}: above "Ask AI"`).to.be.below(ask.getBoundingClientRect().top);
        }
        el.remove();
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('scrolls the page to "Ask AI about …", arrowed to below the bottom of the window (a page zoomed to 400%)', async () => {
    // At 320 × 200 CSS pixels, the list opened under a box 110 px down the page ends below the
    // window: the results scrolled into sight, but "Ask AI", held at the list's bottom, was made
    // active out of sight, the page left where it was.
    await setViewport({ width: 320, height: 200 });
    const page = await fixture<HTMLElement>(
      html`<div>
        <div style="block-size: 110px"></div>
        <search-box debounce="0" no-recent ask-ai></search-box>
        <div style="block-size: 600px"></div>
      </div>`,
    );
    try {
      const el = page.querySelector('search-box')!;
      el.client = answering([item('Theming'), item('Dark mode'), item('Right-to-left pages')]);
      await type(el, 'theme');
      await waitUntil(() => options(el).length === 4);
      const ask = options(el).at(-1)!;
      expect(ask.getBoundingClientRect().bottom, '"Ask AI" below the window at first').to.be.above(
        innerHeight,
      );
      await press('ArrowUp');
      await el.updateComplete;
      expect(activeOption(el)).to.equal(ask);
      const box = ask.getBoundingClientRect();
      expect(box.bottom, '"Ask AI" above the bottom of the window').to.be.at.most(innerHeight);
      expect(box.top, '"Ask AI" below its top').to.be.at.least(0);
      expect(input(el).getBoundingClientRect().top, 'the input still in sight').to.be.at.least(0);
    } finally {
      scrollTo(0, 0);
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('opens the dialog of variant="button" again at the top of its list', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box variant="button" debounce="0" no-recent .client=${answering(twentyFor)}></search-box>`,
    );
    el.show();
    await sendKeys({ type: 'theme' });
    await waitUntil(() => options(el).length === 20);
    await press('ArrowUp');
    expect(listbox(el).scrollTop, 'the arrows scrolled the list').to.be.greaterThan(0);
    await press('Escape');
    await waitUntil(() => !shadow(el).querySelector('dialog')!.open, 'the dialog closed');
    el.show();
    await el.updateComplete;
    await waitUntil(() => isShown(options(el)[0]!), 'the list shown again');
    expect(listbox(el).scrollTop).to.equal(0);
    expect(inSight(el, options(el)[0]!), 'the first result in sight').to.equal(true);
  });
});

describe('<search-box> "Ask AI" hand-off', () => {
  const calls: Array<{ query: string; options: unknown }> = [];
  // The chat is defined only after the question is handed over, as with a lazy-loaded chat.
  class ChatDouble extends HTMLElement {
    askQuestion(query: string, options?: unknown): void {
      calls.push({ query, options });
    }
  }
  beforeEach(() => (calls.length = 0));

  it('offers "Ask AI about …" last and hands the query and tags to the target, then focuses it', async () => {
    const name = `chat-double-${Math.random().toString(36).slice(2)}`;
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <search-box
          debounce="0"
          no-recent
          ask-target="chat"
          include-tags="guides"
          exclude-tags="internal"
          .client=${answering(threeResults)}
        ></search-box>
      </div>`,
    );
    const chat = document.createElement(name);
    chat.id = 'chat';
    chat.tabIndex = -1;
    wrapper.append(chat);
    const el = wrapper.querySelector('search-box')!;
    await type(el, 'how do I theme it');
    await waitUntil(() => options(el).length === 4);
    expect(optionTitles(el).at(-1)).to.equal('Ask AI about “how do I theme it”');
    await press('ArrowUp');
    setTimeout(() => void press('Enter'));
    const event = (await oneEvent(el, 'ask-handoff')) as CustomEvent<SearchBoxHandoffDetail>;
    expect(event.cancelable).to.equal(true);
    expect(event.detail).to.deep.equal({
      query: 'how do I theme it',
      includeTags: ['guides'],
      excludeTags: ['internal'],
    });
    await aTimeout(50);
    expect(calls, 'waits for the chat to be defined').to.have.length(0);
    customElements.define(name, class extends ChatDouble {});
    await waitUntil(() => calls.length === 1);
    expect(calls[0]).to.deep.equal({
      query: 'how do I theme it',
      options: { includeTags: ['guides'], excludeTags: ['internal'] },
    });
    await waitUntil(() => document.activeElement === chat, 'focus moves to the chat');
  });

  it('keeps the results of a pasted question in view above "Ask AI", and the highlighted one clear of it', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => item(`Configuring the search box, part ${i + 1}`));
    const el = await fakeBox(answering(eight), 'ask-ai');
    el.style.setProperty('--ask-search-popup-max-block-size', '24rem');
    const question =
      'How do I configure the search box so that it only shows results from the API reference pages, ' +
      'uses a stricter score threshold, and hands the question over to the chat when the visitor ' +
      'presses the ask option on a phone with a small screen?';
    input(el).focus();
    input(el).value = question;
    input(el).dispatchEvent(new InputEvent('input', { bubbles: true }));
    await waitUntil(() => options(el).length === 9);
    const ask = options(el).at(-1)!;
    const list = listbox(el).getBoundingClientRect();
    // Two lines at most, however long the question: the list stays for the results.
    expect(ask.getBoundingClientRect().height).to.be.lessThan(list.height / 3);
    for (let i = 0; i < 8; i++) {
      await press('ArrowDown');
      await el.updateComplete;
      const active = activeOption(el)!.getBoundingClientRect();
      expect(active.bottom, `result ${i + 1} above "Ask AI"`).to.be.at.most(
        ask.getBoundingClientRect().top + 1,
      );
      expect(active.top, `result ${i + 1} in the list`).to.be.at.least(list.top - 1);
    }
  });

  it('hands off what the field shows, a word still in composition included', async () => {
    const el = await fakeBox(answering(threeResults), 'ask-ai');
    el.addEventListener('ask-handoff', (event) => event.preventDefault());
    await type(el, 'how do i ');
    await waitUntil(() => optionTitles(el).includes('Ask AI about “how do i”'));
    // A keyboard that holds each word in composition until the next space (Gboard, Korean).
    const field = input(el);
    field.dispatchEvent(new CompositionEvent('compositionstart', { data: '' }));
    field.value = 'how do i translate';
    field.dispatchEvent(new InputEvent('input', { isComposing: true, data: 'translate', bubbles: true }));
    await el.updateComplete;
    const ask = options(el).find((option) => option.textContent!.includes('Ask AI'))!;
    setTimeout(() => void clickAt(ask));
    const event = (await oneEvent(el, 'ask-handoff')) as CustomEvent<SearchBoxHandoffDetail>;
    expect(event.detail.query).to.equal('how do i translate');
  });

  it('offers "Ask AI" under the first results once they have come, so that it never moves from under a click', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client, 'ask-ai');
    await type(el, 'theme');
    const pending = await searchFor(client, 'theme');
    await el.updateComplete;
    expect(
      optionTitles(el).some((title) => title.includes('Ask AI')),
      'not alone while the first search runs',
    ).to.equal(false);
    pending.resolve(threeResults);
    await waitUntil(() => options(el).length === 4);
    expect(optionTitles(el).at(-1)).to.equal('Ask AI about “theme”');
    // A search that failed still offers it.
    await type(el, 's');
    (await searchFor(client, 'themes')).reject(new Error('down'));
    await waitUntil(() => messageText(el) !== '' && optionTitles(el).includes('Ask AI about “themes”'));
  });

  it('keeps "Ask AI" in sight under a list of results that scrolls, and an option the arrows reach above it', async () => {
    const many = Array.from({ length: 20 }, (_, i) => item(`Theme page ${i + 1}`));
    const el = await fakeBox(answering(many), 'ask-ai num-docs=20');
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 21);
    const list = listbox(el);
    expect(list.scrollHeight > list.clientHeight, 'the list scrolls').to.equal(true);
    const ask = options(el).at(-1)!;
    const inSight = (node: Element) =>
      node.getBoundingClientRect().bottom <= list.getBoundingClientRect().bottom + 1;
    expect(inSight(ask), 'Ask AI is in sight before any scrolling').to.equal(true);
    for (let i = 0; i < 12; i++) await press('ArrowDown');
    const active = activeOption(el)!;
    expect(
      active.getBoundingClientRect().bottom <= ask.getBoundingClientRect().top + 1,
      'the highlighted option is not under Ask AI',
    ).to.equal(true);
  });

  it('lets the page handle the hand-off itself with ask-ai and a cancelled event', async () => {
    const el = await fakeBox(answering([]), 'ask-ai');
    el.addEventListener('ask-handoff', (event) => event.preventDefault());
    await type(el, 'zzz');
    await waitUntil(() => optionTitles(el).includes('Ask AI about “zzz”'));
    expect(messageText(el), 'offered from no results too').to.equal('No results for “zzz”');
    setTimeout(() => void clickAt(options(el)[0]!));
    const event = (await oneEvent(el, 'ask-handoff')) as CustomEvent<SearchBoxHandoffDetail>;
    expect(event.detail.query).to.equal('zzz');
    expect(event.defaultPrevented).to.equal(true);
  });

  it('offers no ask option for an ask-target that names no element, saying so in the console, until the element is there', async () => {
    const warned: string[] = [];
    const consoleWarn = console.warn;
    console.warn = (...args: unknown[]) => warned.push(args.join(' '));
    try {
      const wrapper = await fixture<HTMLDivElement>(
        html`<div>
          <search-box debounce="0" ask-target="chat" .client=${answering(threeResults)}></search-box>
        </div>`,
      );
      const el = wrapper.querySelector('search-box')!;
      await type(el, 'theme');
      await waitUntil(() => options(el).length === 3);
      await type(el, 's');
      await waitUntil(() => input(el).value === 'themes' && options(el).length === 3);
      expect(
        optionTitles(el).some((title) => title.startsWith('Ask AI')),
        'no option that would drop the question',
      ).to.equal(false);
      expect(warned, 'warned once').to.have.length(1);
      expect(warned[0]).to.include('ask-target "chat"');
      // A route that renders its chat later: offered from the next keystroke.
      const chat = document.createElement('div');
      chat.id = 'chat';
      wrapper.append(chat);
      await press('Backspace');
      await waitUntil(
        () => optionTitles(el).includes('Ask AI about “theme”'),
        'offered once the chat is there',
      );
    } finally {
      console.warn = consoleWarn;
    }
  });

  it('offers no ask option without ask-target or ask-ai', async () => {
    const el = await fakeBox(answering(threeResults));
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 3);
    expect(optionTitles(el).some((title) => title.startsWith('Ask AI'))).to.equal(false);
  });
});

describe('<search-box> recent searches', () => {
  it('remembers submitted queries, shows them on focus, searches one when chosen, and clears them', async () => {
    const client = answering(threeResults);
    const el = await fixture<SearchBox>(html`<search-box debounce="0" .client=${client}></search-box>`);
    // The page shows the results of a submitted query itself.
    el.addEventListener('ask-search', (event) => event.preventDefault());
    input(el).focus();
    expect(input(el).getAttribute('aria-expanded'), 'nothing to show yet').to.equal('false');
    await sendKeys({ type: 'dark mode' });
    await press('Enter');
    await press('Escape');
    await press('Escape');
    expect(input(el).value).to.equal('');
    await press('ArrowDown');
    await waitUntil(() => options(el).length === 2);
    expect(optionTitles(el)).to.deep.equal(['dark mode', 'Clear recent searches']);
    expect(shadow(el).querySelector('[part="heading"]')!.textContent!.trim()).to.equal('Recent searches');
    expect(activeOption(el)).to.equal(options(el)[0]);
    await press('Enter');
    expect(input(el).value).to.equal('dark mode');
    await waitUntil(() => optionTitles(el).includes('Theming'));

    await press('Escape');
    await press('Escape');
    await press('ArrowUp');
    expect(activeOption(el)!.textContent!.trim()).to.equal('Clear recent searches');
    await press('Enter');
    await waitUntil(() => options(el).length === 0);
    expect(JSON.parse(localStorage.getItem('ask-elements:recent-searches') ?? '[]')).to.deep.equal([]);
    await waitUntil(() => statusText(el) === 'Recent searches cleared');
  });

  it('heads only recent searches as "Recent searches", not an ask option alone on a first visit', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box ask-ai debounce="0" min-chars="2" .client=${answering(threeResults)}></search-box>`,
    );
    input(el).focus();
    await sendKeys({ type: 't' });
    await waitUntil(() => options(el).length === 1);
    expect(optionTitles(el)[0]).to.match(/Ask AI/);
    const heading = shadow(el).querySelector<HTMLElement>('[part="heading"]')!;
    expect(heading.hidden).to.equal(true);
    expect(heading.textContent!.trim()).not.to.equal('Recent searches');
  });

  it('does not keep a query that found nothing', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box debounce="0" .client=${answering([])}></search-box>`,
    );
    el.addEventListener('ask-search', (event) => event.preventDefault());
    await type(el, 'zzqx');
    await waitUntil(() => messageText(el) === 'No results for “zzqx”');
    await press('Enter');
    expect(JSON.parse(localStorage.getItem('ask-elements:recent-searches') ?? '[]')).to.deep.equal([]);
  });

  it('keeps a query submitted after its search failed only once a retry finds something', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    el.noRecent = false;
    el.addEventListener('ask-search', (event) => event.preventDefault());
    const recent = () => JSON.parse(localStorage.getItem('ask-elements:recent-searches') ?? '[]');
    await type(el, 'keyboarddown');
    (await searchFor(client, 'keyboarddown')).reject(new ApiError('boom', { status: 500, code: 'http_500' }));
    await waitUntil(() => messageText(el).includes('Search is not available right now.'));
    // Enter after a failure runs the search again: it finds nothing, and is not kept.
    const failed = client.searches.length;
    await press('Enter');
    await waitUntil(() => client.searches.length === failed + 1, 'searched again');
    (await searchFor(client, 'keyboarddown')).resolve([]);
    await waitUntil(() => messageText(el) === 'No results for “keyboarddown”');
    expect(recent()).to.deep.equal([]);
    // A failed search that then finds something is kept.
    await press('Escape');
    await press('Escape');
    expect(input(el).value).to.equal('');
    await type(el, 'theme');
    (await searchFor(client, 'theme')).reject(new ApiError('boom', { status: 500, code: 'http_500' }));
    await waitUntil(() => messageText(el).includes('Search is not available right now.'));
    const before = client.searches.length;
    await press('Enter');
    await waitUntil(() => client.searches.length === before + 1, 'searched again');
    (await searchFor(client, 'theme')).resolve([item('Theming')]);
    await waitUntil(() => optionTitles(el).includes('Theming'));
    expect(recent()).to.deep.equal(['theme']);
  });

  it('keeps a query submitted before its results at once when the page shows its own, and may leave', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    el.noRecent = false;
    // The documented integration: cancel ask-search and go to the site's results page, which
    // unloads this one before the element's own search answers.
    el.addEventListener('ask-search', (event) => event.preventDefault());
    await type(el, 'theme');
    await searchFor(client, 'theme');
    await press('Enter');
    expect(JSON.parse(localStorage.getItem('ask-elements:recent-searches') ?? '[]')).to.deep.equal(['theme']);
  });

  it('keeps the query that found a result chosen while a newer one is still searching, not the newer text', async () => {
    const client = new ControlledClient();
    const el = await fakeBox(client);
    el.noRecent = false;
    const selected = oneEvent(el, 'ask-select');
    el.addEventListener('ask-select', (event) => event.preventDefault());
    await type(el, 'theme');
    (await searchFor(client, 'theme')).resolve([item('Theming')]);
    await waitUntil(() => optionTitles(el).includes('Theming'));
    // The visitor types on, and clicks the result still shown before the new search answers.
    await sendKeys({ type: ' colo' });
    await searchFor(client, 'theme colo');
    await clickAt(options(el)[0]!);
    const { detail } = (await selected) as CustomEvent<SearchBoxSelectDetail>;
    expect(detail.query).to.equal('theme');
    expect(JSON.parse(localStorage.getItem('ask-elements:recent-searches') ?? '[]')).to.deep.equal(['theme']);
  });

  it('shows a long recent search in two lines, so that the others and "Clear recent searches" stay in view', async () => {
    await setViewport({ width: 375, height: 667 });
    try {
      const long = 'how do I '.repeat(100).trim();
      localStorage.setItem('ask-elements:recent-searches', JSON.stringify([long, 'dark mode']));
      const el = await fakeBox(answering(threeResults));
      el.noRecent = false;
      await el.updateComplete;
      input(el).focus();
      await waitUntil(() => options(el).length === 3);
      const panel = listbox(el).getBoundingClientRect();
      for (const option of options(el)) {
        const shown = option.getBoundingClientRect();
        expect(
          shown.bottom <= panel.bottom + 0.5,
          `${option.textContent!.trim().slice(0, 20)} in view`,
        ).to.equal(true);
      }
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('keeps nothing with no-recent', async () => {
    const el = await fakeBox(answering(threeResults));
    el.addEventListener('ask-search', (event) => event.preventDefault());
    await type(el, 'dark mode');
    await press('Enter');
    expect(localStorage.getItem('ask-elements:recent-searches')).to.equal(null);
  });
});

describe("<search-box> on a page whose CSS resets every element's styles", () => {
  it('shows its results under the field, and readable marks in a dark theme set by its text colour alone', async () => {
    const reset = document.createElement('style');
    // The "new CSS reset", widely copied: every element's own styles unset, the host's included.
    reset.textContent =
      '*:where(:not(html, iframe, canvas, img, svg, video, audio):not(svg *, symbol *)) { all: unset; display: revert; }';
    document.head.append(reset);
    try {
      const el = await fixture<SearchBox>(
        html`<div style="padding-top: 40px">
          <search-box
            debounce="0"
            style="--ask-color-text: #e6edf3"
            .client=${answering(threeResults)}
          ></search-box>
        </div>`,
      );
      const box = el.querySelector('search-box') as SearchBox;
      await box.updateComplete;
      await type(box, 'dark');
      await waitUntil(() => options(box).length === 3);
      const field = shadow(box).querySelector('[part="field"]')!.getBoundingClientRect();
      const shown = popup(box).getBoundingClientRect();
      expect(
        Math.abs(shown.top - field.bottom) < 12,
        `popup at ${shown.top}, field ends at ${field.bottom}`,
      ).to.equal(true);
      // A highlight is light in the light scheme: its text stays dark whatever the element's text colour.
      const mark = shadow(box).querySelector('mark')!;
      expect(getComputedStyle(mark).color).to.equal('rgb(28, 30, 33)');
    } finally {
      reset.remove();
    }
  });
});

describe('<search-box variant="button">', () => {
  it('is hidden by the hidden attribute, as the other variants are, and shows once it is removed', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box variant="button" hidden .client=${answering(threeResults)}></search-box>`,
    );
    expect(getComputedStyle(el).display, 'hidden').to.equal('none');
    expect(el.getBoundingClientRect().height).to.equal(0);
    el.hidden = false;
    expect(getComputedStyle(el).display, 'shown').to.equal('inline-block');
    expect(el.getBoundingClientRect().height).to.be.greaterThan(20);
  });

  it('leaves the page scrolling when a router removes a box with its dialog open and another opens at once', async () => {
    const view = await fixture<HTMLDivElement>(html`<div></div>`);
    const box = () => {
      const el = document.createElement('search-box');
      el.variant = 'button';
      el.client = answering(threeResults);
      view.replaceChildren(el);
      return el;
    };
    const overflow = document.documentElement.style.overflow;
    const leaving = box();
    await leaving.updateComplete;
    leaving.show();
    await waitUntil(() => shadow(leaving).querySelector('dialog')?.open, 'the dialog open');
    // The next view's box, opened in the same task (a search kept open across the route change).
    const next = box();
    await next.updateComplete;
    next.show();
    const dialog = shadow(next).querySelector('dialog')!;
    expect(dialog.open).to.equal(true);
    await aTimeout(0);
    expect(document.documentElement.style.overflow, 'the page held while it is open').to.equal('hidden');
    await press('Escape');
    await waitUntil(() => !dialog.open, 'the dialog closed');
    await waitUntil(() => document.documentElement.style.overflow === overflow, 'the page scrolls again');
  });

  it("holds the page while a box's dialog opened over another's is open, and lets it scroll once both have closed", async () => {
    const view = await fixture<HTMLDivElement>(
      html`<div>
        <search-box variant="button" .client=${answering(threeResults)}></search-box>
        <search-box variant="button" .client=${answering(threeResults)}></search-box>
      </div>`,
    );
    const [first, second] = [...view.querySelectorAll('search-box')];
    const dialogOf = (el: SearchBox) => shadow(el).querySelector('dialog')!;
    const overflow = document.documentElement.style.overflow;
    first!.show();
    await waitUntil(() => dialogOf(first!).open, 'the first dialog open');
    // The page opens the other box over it (its own button, the chat's "search instead").
    second!.show();
    await waitUntil(() => dialogOf(second!).open, 'the second dialog open');
    // The first is closed under it (a route change, the page's code).
    first!.hide();
    await waitUntil(() => !dialogOf(first!).open, 'the first dialog closed');
    await aTimeout(50);
    expect(document.documentElement.style.overflow, 'the page held behind the dialog still open').to.equal(
      'hidden',
    );
    await press('Escape');
    await waitUntil(() => !dialogOf(second!).open, 'the second dialog closed');
    await waitUntil(() => document.documentElement.style.overflow === overflow, 'the page scrolls again');
  });

  it('closes and lets the page scroll when hidden and shown again in one task, then closed', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box variant="button" .client=${answering(threeResults)}></search-box>`,
    );
    const overflow = document.documentElement.style.overflow;
    el.show();
    const dialog = shadow(el).querySelector('dialog')!;
    await waitUntil(() => dialog.open, 'the dialog open');
    el.hide();
    el.show();
    await aTimeout(50);
    expect(dialog.open, 'open again').to.equal(true);
    // A click on the backdrop closes it, as at any opening.
    dialog.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 1, clientY: 1 }));
    await waitUntil(() => !dialog.open, 'closed by the backdrop');
    // The page's scroll comes back as the dialog's close is handled: later on a loaded machine.
    await waitUntil(() => document.documentElement.style.overflow === overflow, 'the page scrolls again');
  });

  it('lets the page scroll again when its variant changes to inline while the dialog is open', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box variant="button" debounce="0" .client=${answering(threeResults)}></search-box>`,
    );
    el.show();
    await el.updateComplete;
    expect(shadow(el).querySelector('dialog')!.open).to.equal(true);
    expect(document.documentElement.style.overflow).to.equal('hidden');
    // A layout that shows the inline box on wider screens, switched on rotation.
    el.variant = 'inline';
    await el.updateComplete;
    await waitUntil(() => document.documentElement.style.overflow === '', 'the page scrolling again');
    expect(shadow(el).querySelector('dialog')).to.equal(null);
    expect(isShown(input(el))).to.equal(true);
  });

  it('opens a modal dialog with the focus in the input and returns focus to the button on Escape', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box
        variant="button"
        shortcut="mod+k"
        debounce="0"
        .client=${answering(threeResults)}
      ></search-box>`,
    );
    const button = shadow(el).querySelector<HTMLButtonElement>('[part="button"]')!;
    expect(button.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Search Ctrl K');
    expect(button.getAttribute('aria-keyshortcuts')).to.equal('Control+K');
    expect(button.getAttribute('aria-haspopup')).to.equal('dialog');
    await expect(el).to.be.accessible();

    await clickAt(button);
    const dialog = shadow(el).querySelector('dialog')!;
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true);
    expect(shadow(el).activeElement).to.equal(input(el));
    await sendKeys({ type: 'theme' });
    await waitUntil(() => options(el).length === 3);
    await expect(el).to.be.accessible();

    await press('Escape');
    await waitUntil(() => !dialog.open);
    expect(shadow(el).activeElement).to.equal(button);
  });

  it('keeps the Escape that ends a composition for the input method, and no other close once the typing is done', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box variant="button" debounce="0" .client=${answering(threeResults)}></search-box>`,
    );
    const dialog = shadow(el).querySelector('dialog')!;
    const composingKey = (key: string) =>
      input(el).dispatchEvent(
        new KeyboardEvent('keydown', {
          key,
          isComposing: true,
          bubbles: true,
          composed: true,
          cancelable: true,
        }),
      );
    await clickAt(shadow(el).querySelector('[part="button"]')!);
    await waitUntil(() => dialog.open, 'the dialog open');

    // The Escape that cancels a composition: the cancel it fires, in its own task, is refused.
    composingKey('Escape');
    expect(dialog.dispatchEvent(new Event('cancel', { cancelable: true })), 'the IME keeps it').to.equal(
      false,
    );
    expect(dialog.open).to.equal(true);

    // A word confirmed with Enter (an IME key), then a click beside the input (its search icon):
    // Escape, pressed from there, is no IME key and closes the dialog.
    composingKey('Enter');
    await aTimeout(0);
    await clickAt(shadow(el).querySelector('.field .icon')!);
    await press('Escape');
    await waitUntil(() => !dialog.open, 'Escape closes it');

    // Typed on an Android keyboard, whose every key is an IME key, then the back gesture: a close
    // request, no key at all.
    await clickAt(shadow(el).querySelector('[part="button"]')!);
    await waitUntil(() => dialog.open, 'open again');
    await sendKeys({ type: 'theme' });
    composingKey('Unidentified');
    await aTimeout(0);
    const closed = oneEvent(dialog, 'close');
    dialog.requestClose();
    expect(dialog.open, 'the back gesture closes it').to.equal(false);
    // The page scrolls again once it has (for the next test's dialog).
    await closed;
  });

  it('closes on a click on the backdrop and on the close button', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box variant="button" debounce="0" .client=${answering(threeResults)}></search-box>`,
    );
    const button = shadow(el).querySelector<HTMLButtonElement>('[part="button"]')!;
    const dialog = shadow(el).querySelector('dialog')!;
    await clickAt(button);
    expect(dialog.open).to.equal(true);
    await sendMouse({ type: 'click', position: [3, 3] });
    await waitUntil(() => !dialog.open, 'the backdrop closes it');
    expect(shadow(el).activeElement).to.equal(button);

    await clickAt(button);
    await clickAt(shadow(el).querySelector('[part="close"]')!);
    await waitUntil(() => !dialog.open, 'the close button closes it');
    expect(shadow(el).activeElement).to.equal(button);
  });

  it('opened by its shortcut, gives the focus back where it was, and holds the page still meanwhile', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <textarea aria-label="Question"></textarea>
        <search-box
          variant="button"
          shortcut="mod+k"
          debounce="0"
          .client=${answering(threeResults)}
        ></search-box>
      </div>`,
    );
    const el = wrapper.querySelector('search-box')!;
    await el.updateComplete;
    const textarea = wrapper.querySelector('textarea')!;
    // The page's own style, one side of it: given back whole when the dialog closes.
    document.documentElement.style.overflowY = 'scroll';
    textarea.focus();
    await press('Control+k');
    const dialog = shadow(el).querySelector('dialog')!;
    await waitUntil(() => dialog.open, 'the shortcut opens the dialog');
    expect(getComputedStyle(document.documentElement).overflow, 'the page does not scroll').to.equal(
      'hidden',
    );
    await press('Escape');
    await waitUntil(() => !dialog.open);
    expect(document.activeElement === textarea, 'the focus is back in the textarea').to.equal(true);
    expect(document.documentElement.style.overflowY).to.equal('scroll');
    expect(document.documentElement.style.overflowX).to.equal('');
    document.documentElement.style.overflowY = '';
  });

  it('shows where the focus is in its field, and Tab goes from the field to the close button, not to the list', async () => {
    // Enough results for the list to scroll: a scrolling element is a Tab stop unless told otherwise.
    const many = Array.from({ length: 30 }, (_, i) => item(`Theme page ${i + 1}`));
    const el = await fixture<SearchBox>(
      html`<search-box variant="button" debounce="0" num-docs="30" .client=${answering(many)}></search-box>`,
    );
    el.show();
    await sendKeys({ type: 'theme' });
    await waitUntil(() => options(el).length === 30);
    expect(listbox(el).scrollHeight > listbox(el).clientHeight, 'the list scrolls').to.equal(true);
    const field = shadow(el).querySelector<HTMLElement>('[part="field"]')!;
    expect(getComputedStyle(field).outlineStyle, 'a focus ring in the dialog').to.equal('solid');
    await press('ArrowDown');
    await press('Tab');
    expect(
      shadow(el).activeElement === shadow(el).querySelector('[part="close"]'),
      'on the close button',
    ).to.equal(true);
    await press('Tab');
    expect(
      shadow(el).activeElement === listbox(el),
      'never on the list, where the arrows do nothing',
    ).to.equal(false);
  });

  it("gives its close button a target a finger can hit on a phone's screen, at least 24 px with a mouse", async () => {
    await setViewport({ width: 375, height: 667 });
    try {
      const el = await fixture<SearchBox>(
        html`<search-box variant="button" debounce="0" .client=${answering(threeResults)}></search-box>`,
      );
      el.show();
      await el.updateComplete;
      const close = () => shadow(el).querySelector('[part="close"]')!.getBoundingClientRect();
      const field = () => shadow(el).querySelector('dialog [part="field"]')!.getBoundingClientRect();
      // WCAG 2.5.8: 24 by 24 CSS pixels at least, whatever the pointer.
      expect(close().height, 'height with a mouse').to.be.at.least(24);
      expect(close().width, 'width with a mouse').to.be.at.least(24);
      // On a touch screen, 44 by 44, as the platforms' own guidelines ask; still inside the field.
      await executeServerCommand('emulate-touch', true);
      await waitUntil(() => close().height >= 44 && close().width >= 44, 'a 44 px target on a touch screen');
      expect(close().bottom <= field().bottom && close().top >= field().top, 'inside the field').to.equal(
        true,
      );
      el.hide();
    } finally {
      await executeServerCommand('emulate-touch', false);
      await setViewport({ width: 800, height: 600 });
    }
  });

  it("fills what a phone held sideways shows above its on-screen keyboard, a result's title in sight", async () => {
    // 844 × 390, the keyboard up: 180 px left. Laid out as on a desktop (wider than 40rem), the
    // dialog kept a margin of 10% of the window above it and 14% below, and its list showed a
    // strip of the first result, its title cut through, above "Ask AI about …".
    await setViewport({ width: 844, height: 390 });
    await executeServerCommand('emulate-touch', true);
    const own = Object.getOwnPropertyDescriptor(window, 'visualViewport');
    const keyboard = Object.assign(new EventTarget(), { height: 180, offsetTop: 0 });
    Object.defineProperty(window, 'visualViewport', { configurable: true, value: keyboard });
    try {
      const el = await fakeBox(answering(threeResults), 'variant=button ask-ai');
      el.show();
      await type(el, 'theme');
      await waitUntil(() => options(el).length === 4, 'the results');
      const dialog = shadow(el).querySelector('dialog')!.getBoundingClientRect();
      expect(dialog.top, 'the dialog from the top of the screen').to.be.at.most(1);
      expect(dialog.bottom, 'the dialog above the keyboard').to.be.at.most(180);
      const title = options(el)[0]!.querySelector('.title')!.getBoundingClientRect();
      expect(title.top, 'the first title below the input').to.be.at.least(
        input(el).getBoundingClientRect().bottom - 1,
      );
      expect(title.bottom, 'the first title above "Ask AI"').to.be.at.most(
        options(el).at(-1)!.getBoundingClientRect().top + 1,
      );
      await press('Escape');
    } finally {
      if (own) Object.defineProperty(window, 'visualViewport', own);
      await executeServerCommand('emulate-touch', false);
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('keeps the centred dialog in a short desktop window, its lines a reading width', async () => {
    // 1280 × 460 with a mouse: filling the window, each result's line ran 1,200 px wide, the page gone.
    await setViewport({ width: 1280, height: 460 });
    try {
      const el = await fakeBox(answering(threeResults), 'variant=button');
      el.show();
      await type(el, 'theme');
      await waitUntil(() => options(el).length === 3, 'the results');
      const dialog = shadow(el).querySelector('dialog')!.getBoundingClientRect();
      expect(dialog.width, 'its reading width').to.be.at.most(
        parseFloat(getComputedStyle(el).fontSize) * 40 + 1,
      );
      expect(dialog.left, 'the page beside it').to.be.greaterThan(100);
      expect(dialog.top, 'a margin above it').to.be.greaterThan(20);
      expect(dialog.bottom, 'inside the window').to.be.at.most(460);
      await press('Escape');
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it('a chosen result closes the dialog', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box variant="button" debounce="0" .client=${answering(threeResults)}></search-box>`,
    );
    el.addEventListener('ask-select', (event) => event.preventDefault());
    el.show();
    await sendKeys({ type: 'theme' });
    await waitUntil(() => options(el).length === 3);
    await press('ArrowDown');
    await press('Enter');
    await waitUntil(() => !shadow(el).querySelector('dialog')!.open);
  });

  it("closes when the app hides its page while it is open (Back to a route Next.js keeps in React's <Activity>), leaving the page usable", async () => {
    const page = await fixture<HTMLDivElement>(html`
      <div>
        <section><search-box variant="button" .client=${answering(threeResults)}></search-box></section>
        <button type="button">On the page shown now</button>
      </div>
    `);
    const el = page.querySelector('search-box')!;
    const overflow = document.documentElement.style.overflow;
    el.show();
    const dialog = () => shadow(el).querySelector('dialog')!;
    await waitUntil(() => dialog()?.open, 'the dialog open');
    expect(document.documentElement.style.overflow, 'the page held while open').to.equal('hidden');
    // The visitor goes Back with the dialog open: the app hides the page it leaves.
    page.querySelector('section')!.style.display = 'none';
    await waitUntil(() => !dialog().open, 'the dialog closed with its page');
    // The page's scroll comes back with the dialog's close event, a task after it closes.
    await waitUntil(() => document.documentElement.style.overflow === overflow, 'the page scrolls again');
    const button = page.querySelector('button')!;
    button.focus();
    expect(document.activeElement, 'the page shown is not inert').to.equal(button);
  });
});

describe('<search-box> keyboard shortcut', () => {
  it('"/" focuses the search from the page, but not while typing in another field', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <input id="other" aria-label="other field" />
        <search-box shortcut="/" debounce="0" no-recent .client=${answering(threeResults)}></search-box>
      </div>`,
    );
    const el = wrapper.querySelector('search-box')!;
    const other = wrapper.querySelector<HTMLInputElement>('#other')!;
    // The wrapper's fixture waits a frame; the box's updateComplete includes the lazily imported shortcut.
    await el.updateComplete;
    expect(shadow(el).querySelector('[part="shortcut"]')!.textContent).to.equal('/');
    expect(input(el).getAttribute('aria-keyshortcuts')).to.equal('/');

    other.focus();
    await sendKeys({ type: 'a/b' });
    expect(other.value).to.equal('a/b');
    expect(document.activeElement).to.equal(other);

    other.blur();
    await press('/');
    expect(shadow(el).activeElement).to.equal(input(el));
    expect(input(el).value, 'the "/" is not typed into the search').to.equal('');
  });

  it('"/" is typed, not taken, in a field inside a closed shadow root, the search box\'s own among them', async () => {
    // A page's component that renders a form and the box in a closed shadow root: the document
    // sees the focus on the component, not in its field.
    const component = await fixture<HTMLDivElement>(html`<div></div>`);
    const root = component.attachShadow({ mode: 'closed' });
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'path');
    const el = document.createElement('search-box');
    Object.assign(el, { shortcut: '/', debounce: 0, noRecent: true, client: answering(threeResults) });
    root.append(field, el);
    await el.updateComplete;
    field.focus();
    await sendKeys({ type: 'a/b' });
    expect(field.value).to.equal('a/b');
    expect(root.activeElement, 'the focus left where it is').to.equal(field);
    await type(el, 'c/d');
    expect(input(el).value).to.equal('c/d');
    // From the page, "/" still opens the search.
    input(el).value = '';
    el.query = '';
    (root.activeElement as HTMLElement).blur();
    await press('/');
    expect(shadow(el).activeElement).to.equal(input(el));
    expect(input(el).value).to.equal('');
  });

  it('lets the page turn "/" off or remap it while the page is open, for a visitor\'s setting (WCAG 2.1.4)', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box shortcut="/" .client=${answering([])}></search-box>`,
    );
    await el.updateComplete;
    el.removeAttribute('shortcut');
    await el.updateComplete;
    await press('/');
    expect(shadow(el).activeElement, 'off').to.equal(null);
    expect(shadow(el).querySelector('[part="shortcut"]'), 'no hint').to.equal(null);
    expect(input(el).hasAttribute('aria-keyshortcuts')).to.equal(false);
    el.shortcut = 'mod+k';
    await el.updateComplete;
    await waitUntil(() => shadow(el).querySelector('[part="shortcut"]'), 'the new hint');
    await press('/');
    expect(shadow(el).activeElement, 'remapped: "/" is the page\'s again').to.equal(null);
    await press('Control+k');
    expect(shadow(el).activeElement).to.equal(input(el));
  });

  it('mod+k is Ctrl+K off Apple platforms, works from a text field, but not from an editor in another shadow root', async () => {
    const host = document.createElement('div');
    host.attachShadow({ mode: 'open' }).innerHTML =
      '<div contenteditable="true" aria-label="notes"></div><textarea aria-label="question"></textarea>';
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <search-box shortcut="mod+k" .client=${answering([])}></search-box>
      </div>`,
    );
    wrapper.append(host);
    const el = wrapper.querySelector('search-box')!;
    const notes = host.shadowRoot!.querySelector<HTMLElement>('[contenteditable]')!;
    notes.focus();
    await press('Control+k');
    expect(shadow(el).activeElement).to.equal(null);
    notes.blur();
    await press('Control+k');
    expect(shadow(el).activeElement).to.equal(input(el));
    // From a plain text field (a chat's input), Ctrl+K types nothing: it goes to the search.
    input(el).blur();
    const question = host.shadowRoot!.querySelector('textarea')!;
    question.focus();
    await press('Control+k');
    expect(shadow(el).activeElement).to.equal(input(el));
    expect(question.value).to.equal('');
  });

  it('opens with mod+k on a keyboard of another alphabet, which gives its own letter at K', async () => {
    const el = await fixture<SearchBox>(
      html`<search-box shortcut="mod+k" .client=${answering([])}></search-box>`,
    );
    await el.updateComplete;
    document.body.focus();
    // What Chromium fires for Ctrl+K with a Russian or Ukrainian layout: the key at K gives "л".
    const russianCtrlK = new KeyboardEvent('keydown', {
      key: 'л',
      code: 'KeyK',
      ctrlKey: true,
      bubbles: true,
      composed: true,
      cancelable: true,
    });
    document.body.dispatchEvent(russianCtrlK);
    expect(russianCtrlK.defaultPrevented, "the shortcut taken from the browser's own").to.equal(true);
    expect(shadow(el).activeElement).to.equal(input(el));
  });

  it('leaves the shortcut to the box that is shown when another is in a hidden part of the page', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <main hidden>
          <search-box variant="button" shortcut="mod+k" .client=${answering([])}></search-box>
        </main>
        <search-box variant="button" shortcut="mod+k" .client=${answering([])}></search-box>
      </div>`,
    );
    const [hidden, shown] = [...wrapper.querySelectorAll('search-box')] as SearchBox[];
    await hidden!.updateComplete;
    await shown!.updateComplete;
    document.body.focus();
    await press('Control+k');
    await shown!.updateComplete;
    try {
      expect(shadow(hidden!).querySelector('dialog')!.open, 'the hidden box').to.equal(false);
      expect(shadow(shown!).querySelector('dialog')!.open, 'the box shown').to.equal(true);
    } finally {
      shown!.hide();
      hidden!.hide();
    }
  });

  it('never takes an editing key from a text field, even with Ctrl: mod+a selects all there', async () => {
    const wrapper = await fixture<HTMLDivElement>(
      html`<div>
        <textarea aria-label="question">some words</textarea>
        <search-box shortcut="mod+a" .client=${answering([])}></search-box>
      </div>`,
    );
    const el = wrapper.querySelector('search-box')!;
    await el.updateComplete;
    const question = wrapper.querySelector('textarea')!;
    question.focus();
    question.setSelectionRange(0, 0);
    await press('Control+a');
    // Booleans, not elements: a failing comparison of elements makes the runner hang.
    expect(document.activeElement === question, 'the focus stays in the field').to.equal(true);
    expect(question.selectionEnd - question.selectionStart).to.equal('some words'.length);
    question.blur();
    await press('Control+a');
    expect(shadow(el).activeElement === input(el), 'outside a field, the search takes it').to.equal(true);
  });
});

describe('<search-box> in forced colours', () => {
  afterEach(() => executeServerCommand('emulate-forced-colors', 'none'));

  it('marks only the active option, not every one with its transparent marker', async () => {
    await executeServerCommand('emulate-forced-colors', 'active');
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    const el = await fakeBox(answering(threeResults));
    await type(el, 'theme');
    await waitUntil(() => options(el).length === 3);
    await press('ArrowDown');
    const [active, other] = options(el) as [HTMLElement, HTMLElement];
    const marker = (option: HTMLElement) => getComputedStyle(option).borderInlineStartColor;
    const probe = document.body.appendChild(document.createElement('i'));
    probe.style.color = 'Canvas';
    const canvas = getComputedStyle(probe).color;
    probe.remove();
    expect(marker(other), 'an inactive option has no marker').to.equal(canvas);
    expect(marker(active)).not.to.equal(marker(other));
  });
});

describe('<search-box> dark scheme', () => {
  afterEach(() => emulateMedia({ colorScheme: 'light' }));

  it('follows prefers-color-scheme', async () => {
    const el = await fixture<SearchBox>(html`<search-box></search-box>`);
    const light = getComputedStyle(shadow(el).querySelector('[part="field"]')!).backgroundColor;
    await emulateMedia({ colorScheme: 'dark' });
    const dark = getComputedStyle(shadow(el).querySelector('[part="field"]')!).backgroundColor;
    expect(light).to.equal('rgb(255, 255, 255)');
    expect(dark).to.equal('rgb(27, 27, 31)');
    await expect(el).to.be.accessible();
  });

  it('keeps one scheme with color-scheme, whatever the visitor prefers', async () => {
    const el = await fixture<SearchBox>(html`<search-box color-scheme="light"></search-box>`);
    const field = () => getComputedStyle(shadow(el).querySelector('[part="field"]')!).backgroundColor;
    await emulateMedia({ colorScheme: 'dark' });
    expect(field(), 'light on a dark-preferring visitor').to.equal('rgb(255, 255, 255)');
    el.setAttribute('color-scheme', 'dark');
    await emulateMedia({ colorScheme: 'light' });
    expect(field(), 'dark on a light-preferring visitor').to.equal('rgb(27, 27, 31)');
    expect(getComputedStyle(el).colorScheme).to.equal('dark');
    await expect(el).to.be.accessible();
  });

  it("reads color-scheme in any case, as HTML reads an enumerated attribute's keywords", async () => {
    const el = await fixture<SearchBox>(html`<search-box color-scheme="Light"></search-box>`);
    const field = () => getComputedStyle(shadow(el).querySelector('[part="field"]')!).backgroundColor;
    await emulateMedia({ colorScheme: 'dark' });
    expect(field(), 'light on a dark-preferring visitor').to.equal('rgb(255, 255, 255)');
    el.setAttribute('color-scheme', 'DARK');
    await emulateMedia({ colorScheme: 'light' });
    expect(field(), 'dark on a light-preferring visitor').to.equal('rgb(27, 27, 31)');
    expect(getComputedStyle(el).colorScheme).to.equal('dark');
  });
});
