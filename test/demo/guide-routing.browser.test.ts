import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { createClient } from '../../src/client/create-client.js';
import { SearchBox } from '../../src/elements/search-box/search-box.js';
import type { SearchBoxSelectDetail } from '../../src/elements/search-box/search-box.js';
import type { SearchResultItem } from '../../src/wire/index.js';
import { waitUntil } from '../support/wait-until.js';

if (!customElements.get('search-box')) customElements.define('search-box', SearchBox);

const RESULTS: SearchResultItem[] = [
  {
    title: 'With npm',
    description: 'Install it',
    link: '/guides/install?tab=npm#with-npm',
    assetType: 'webpage',
  },
  {
    title: 'Elsewhere',
    description: 'Another site',
    link: 'https://elsewhere.example/docs',
    assetType: 'webpage',
  },
];

/** The `ask-select` example of a docs page, as written there (the first ```js block after `heading`). */
async function snippet(page: string, heading: string): Promise<string> {
  const text = await (await fetch(`/demo/content/${page}`)).text();
  return /```js\n([\s\S]*?)```/.exec(text.slice(text.indexOf(heading)))![1]!;
}

/**
 * Runs a page's routing example on a search box, chooses each result as a visitor would, and
 * reports what the app's router got and which choices the example left to the element.
 */
async function route(code: string, choices: Array<{ down: number; key: 'Enter' | 'Control+Enter' }>) {
  const client = createClient({
    baseUrl: location.origin,
    fetch: async () =>
      new Response(JSON.stringify(RESULTS), { headers: { 'content-type': 'application/json' } }),
  });
  const searchBox = await fixture<SearchBox>(html`<search-box debounce="0" .client=${client}></search-box>`);
  const pushed: string[] = [];
  const router = { push: (path: string) => pushed.push(path) };
  new Function('searchBox', 'router', code)(searchBox, router);
  const leftToElement: string[] = [];
  // After the example's listener: record what it let through, then keep the test page here.
  const last = (event: CustomEvent<SearchBoxSelectDetail>) => {
    if (!event.defaultPrevented)
      leftToElement.push(`${event.detail.newTab ? 'new tab ' : ''}${event.detail.href}`);
    event.preventDefault();
  };
  window.addEventListener('ask-select', last);
  try {
    for (const { down, key } of choices) {
      const input = searchBox.shadowRoot!.querySelector('input')!;
      input.focus();
      input.select();
      await sendKeys({ type: 'install' });
      await waitUntil(() => searchBox.shadowRoot!.querySelectorAll('[role="option"]').length >= 2, 'results');
      for (let i = 0; i < down; i++) await sendKeys({ press: 'ArrowDown' });
      const before = pushed.length + leftToElement.length;
      if (key === 'Control+Enter') {
        await sendKeys({ down: 'Control' });
        await sendKeys({ press: 'Enter' });
        await sendKeys({ up: 'Control' });
      } else await sendKeys({ press: 'Enter' });
      await waitUntil(() => pushed.length + leftToElement.length > before, 'the choice handled');
    }
  } finally {
    window.removeEventListener('ask-select', last);
  }
  return { pushed, leftToElement };
}

const choices = [
  { down: 1, key: 'Enter' }, // a page of this site
  { down: 1, key: 'Control+Enter' }, // the same, in a new tab
  { down: 2, key: 'Enter' }, // another site
] as const;

describe("the routing examples for a single-page app's search box", () => {
  for (const [page, heading] of [
    ['guides/ssr-and-frameworks.md', '## Routing result clicks in a single-page app'],
    ['elements/search-box-events.md', '## `ask-select`'],
  ] as const)
    it(`${page}: route a page of the site with its query and anchor, and leave a new tab or another site to the element`, async () => {
      const code = await snippet(page, heading);
      const handled = await route(
        code.replaceAll('document.addEventListener', 'searchBox.addEventListener'),
        [...choices],
      );
      expect(handled).to.deep.equal({
        pushed: ['/guides/install?tab=npm#with-npm'],
        leftToElement: [`new tab /guides/install?tab=npm#with-npm`, 'https://elsewhere.example/docs'],
      });
    });
});
