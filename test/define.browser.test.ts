import { expect, fixture, html } from '@open-wc/testing';
import { waitUntil } from './support/wait-until.js';

// Built by `npm run build`, which `npm test` runs before the suites.
const SCRIPT_TAG_FILE = '/dist/ask-elements.js';
const DEMO_PAGE = '/dist/demo/index.html';
const TAGS = ['search-box', 'ask-chat', 'feedback-buttons'];

describe('registering the elements', () => {
  const errors: string[] = [];
  const onError = (event: ErrorEvent) => errors.push(event.message);
  before(() => window.addEventListener('error', onError));
  after(() => window.removeEventListener('error', onError));

  it('the script-tag file registers the three tags and renders a working element', async () => {
    await import(/* @vite-ignore */ SCRIPT_TAG_FILE);
    for (const tag of TAGS) expect(customElements.get(tag), tag).to.be.a('function');
    const box = await fixture(html`<search-box label="Search the docs"></search-box>`);
    const input = box.shadowRoot!.querySelector('input')!;
    expect(input.getAttribute('role')).to.equal('combobox');
  });

  it('the script-tag file is the whole first load: its lazy chunks import from it, it imports nothing', async () => {
    const source = await (await fetch(SCRIPT_TAG_FILE)).text();
    // Static imports come first in a module; dynamic import() calls are the chunks.
    expect(/^\s*import\s*[\w${*"'`]/.test(source), 'ask-elements.js starts with a static import').to.equal(
      false,
    );
    expect(source).to.match(/import\((["'`])\.\/ask-elements-search-controller-[\w-]+\.js\1\)/);
  });

  it('ask-elements/define beside the script-tag file, imported twice, never throws "already defined", and says whose tags they are', async () => {
    const fromScriptTag = TAGS.map((tag) => customElements.get(tag));
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      await import('../src/define.js');
      // A second copy of the module, as a page gets when two bundles each carry one.
      await import(/* @vite-ignore */ `../src/define.ts?copy=${Date.now()}`);
    } finally {
      console.warn = warn;
    }
    expect(TAGS.map((tag) => customElements.get(tag))).to.deep.equal(fromScriptTag);
    expect(errors.filter((message) => /already (been )?(defined|used)/i.test(message))).to.deep.equal([]);
    // Each copy that found the tags taken by another says so, once per tag.
    expect(
      warnings.filter((w) => w.includes('<search-box> was already defined by another script')),
    ).to.have.length(2);
  });

  it("a default client set with the bundle's setDefaultClient reaches the script-tag file's elements", async () => {
    // Another copy of the module than the script-tag file's, as a site's own bundle carries.
    const { setDefaultClient } = await import('../src/index.js');
    const searched: string[] = [];
    const client = {
      search: async ({ query }: { query: string }) => (searched.push(query), []),
    } as unknown as Parameters<typeof setDefaultClient>[0];
    setDefaultClient(client);
    try {
      const box = await fixture<HTMLElement & { query: string }>(
        html`<search-box debounce="0" no-recent></search-box>`,
      );
      box.query = 'dark mode';
      await waitUntil(() => searched.includes('dark mode'), 'a search through the default client');
    } finally {
      setDefaultClient(undefined);
    }
  });

  it('the built demo page loads its bundle without an error', async () => {
    const page = await (await fetch(DEMO_PAGE)).text();
    const src = /<script type="module"[^>]*src="\.\/([^"]+)"/.exec(page)?.[1];
    expect(src, 'the demo page names its module').to.be.a('string');
    await import(/* @vite-ignore */ `/dist/demo/${src}`);
    expect(errors).to.deep.equal([]);
  });
});

describe('the built demo', () => {
  it('has a page for each document at its link, so that a result opens what it names', async () => {
    const response = await fetch('/dist/demo/guides/theming.html');
    expect(response.status).to.equal(200);
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    expect(page.title).to.match(/^Theming/);
    expect(page.querySelector('article.document h1')?.textContent).to.equal('Theming');
    expect(page.querySelector('search-box'), 'the search box on every page').to.not.equal(null);
    expect(page.querySelector('ask-chat'), 'the chat on every page').to.not.equal(null);
  });
});

describe('when a lazy part cannot be fetched', () => {
  it('the search box says so politely, keeps the text, and fires its error event', async () => {
    const source = await (await fetch(SCRIPT_TAG_FILE)).text();
    const chunk = /ask-elements-search-controller-[\w-]+\.js/.exec(source)![0];
    // A page of its own whose import map sends the behaviour chunk to a missing file, and each
    // later try of it (`?retry=N`, see importOnce): the idle fetch may fail before the first key.
    const frame = document.createElement('iframe');
    const origin = location.origin;
    const imports = Object.fromEntries(
      ['', ...Array.from({ length: 9 }, (_, n) => `?retry=${n + 1}`)].map((retry) => [
        `${origin}/dist/${chunk}${retry}`,
        `${origin}/dist/missing-${chunk}${retry}`,
      ]),
    );
    frame.srcdoc = `<!doctype html><script type="importmap">${JSON.stringify({ imports })}</script><script type="module" src="${origin}${SCRIPT_TAG_FILE}"></script><search-box></search-box>`;
    document.body.append(frame);
    try {
      const page = frame.contentWindow!;
      await new Promise<void>((resolve) => {
        const ready = () => (page.customElements?.get('search-box') ? resolve() : setTimeout(ready, 20));
        ready();
      });
      const box = page.document.querySelector('search-box')!;
      const errorEvents: CustomEvent[] = [];
      box.addEventListener('ask-error', (event) => errorEvents.push(event as CustomEvent));
      await (box as unknown as { updateComplete: Promise<boolean> }).updateComplete;
      const input = box.shadowRoot!.querySelector('input')!;
      input.focus();
      // Typed, key by key as a visitor does: the keys ask for the behaviour even where the
      // frame's page has no focus to give (the focus event then never comes).
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'e', bubbles: true, composed: true }));
      input.value = 'theme';
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      const message = () => box.shadowRoot!.querySelector('[part="message"]')?.textContent ?? '';
      const status = () => box.shadowRoot!.querySelector('[role="status"]')?.textContent?.trim() ?? '';
      // A wait, not a time limit: up to 10 s for a busy machine to fetch, fail and announce. The
      // box says "Searching…" while the behaviour is on its way: not yet what it says once failed.
      const pending = (text: string) => text === '' || text === 'Searching…';
      for (let i = 0; i < 500 && (pending(message()) || pending(status())); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(message()).to.equal('Search is not available right now.');
      expect(status()).to.equal('Search is not available right now.');
      expect(input.value, 'the text stays').to.equal('theme');
      expect(errorEvents.length).to.be.greaterThan(0);
      expect(errorEvents[0]!.detail.query).to.equal('theme');
    } finally {
      frame.remove();
    }
  });
});

describe('a page whose own <search-box> came first, as the install guide\'s "A tag name already taken" says', () => {
  it("keeps the page's element and runs ours under the name the guide's snippet gives it", async () => {
    const guide = await (await fetch('/demo/content/guides/install.md')).text();
    const section = guide.split('## A tag name already taken')[1] ?? '';
    const snippet = /```html\n([\s\S]*?)```/.exec(section)?.[1];
    expect(snippet, 'the HTML of "A tag name already taken" in the install guide').to.be.a('string');
    // A page of its own, the guide's file path pointed at the built file, and its own element first.
    const origin = location.origin;
    const frame = document.createElement('iframe');
    frame.srcdoc = `<!doctype html><script>customElements.define('search-box', class extends HTMLElement {
      connectedCallback() { this.textContent = 'the page\\'s own'; } });</script>
      <script type="module" src="${origin}${SCRIPT_TAG_FILE}"></script>
      <search-box></search-box>
      ${snippet!.replaceAll('/assets/ask-elements.js', `${origin}${SCRIPT_TAG_FILE}`).replace(/ base-url="[^"]*"/, '')}`;
    document.body.append(frame);
    try {
      const page = frame.contentWindow!;
      await waitUntil(() => page.customElements?.get('docs-search'), 'docs-search defined');
      const ours = page.document.querySelector('docs-search')!;
      await (ours as unknown as { updateComplete: Promise<boolean> }).updateComplete;
      expect(ours.shadowRoot!.querySelector('input')?.getAttribute('role')).to.equal('combobox');
      expect(page.document.querySelector('search-box')!.textContent).to.equal("the page's own");
      expect(page.customElements.get('ask-chat'), 'the other tags, still free, registered').to.be.a(
        'function',
      );
    } finally {
      frame.remove();
    }
  });
});
