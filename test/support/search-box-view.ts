/**
 * What the lazily loaded parts' tests of `<search-box>` share: a client that answers every search
 * with two results and keeps the queries it was asked, and what a visitor sees of the box.
 */
import type { AskClient } from '../../src/client/create-client.js';
import type { SearchBox } from '../../src/elements/search-box/search-box.js';
import type { SearchResultItem } from '../../src/wire/index.js';

const results: SearchResultItem[] = ['Theming', 'Dark mode'].map((title) => ({
  title,
  description: `About ${title}`,
  link: `#${title}`,
  assetType: 'webpage',
}));

/** A client that finds "Theming" and "Dark mode" for every query, and the queries it was asked. */
export function recordingClient(): { client: AskClient; searched: string[] } {
  const searched: string[] = [];
  const client = {
    search: async ({ query }: { query: string }) => (searched.push(query), results),
  } as unknown as AskClient;
  return { client, searched };
}

export const input = (el: SearchBox) => el.shadowRoot!.querySelector('input')!;
export const options = (el: SearchBox) => el.shadowRoot!.querySelectorAll('[role="option"]');
export const message = (el: SearchBox) =>
  el.shadowRoot!.querySelector('[part="message"]')?.textContent?.trim();
/** What the box's status line says (to a screen reader). */
export const status = (el: SearchBox) => el.shadowRoot!.querySelector('[part="status"]')!.textContent!.trim();
