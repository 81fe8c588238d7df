import { assetTypeLabels, fill } from '../shared/strings.js';
import type { FieldStrings, SearchBoxStrings, StringTemplate } from './search-box.strings.js';

/** The defaults of the strings only the popup shows or announces; they arrive with it. */
export const popupStrings: Omit<SearchBoxStrings, keyof FieldStrings> = {
  recent: 'Recent searches',
  clearRecent: 'Clear recent searches',
  recentCleared: 'Recent searches cleared',
  noResults: 'No results for “{query}”',
  resultsOne: '1 result',
  resultsOther: '{count} results',
  retry: 'Try again',
  unreachable: 'Search could not reach the service. Check your connection, then try again.',
  timeout: 'The search took too long to answer. Try again.',
  queryCut: 'Only the first {max} characters are searched.',
  rateLimited: (seconds) =>
    `Too many searches at once. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  rateLimitedSoon: 'Too many searches at once. Try again in a moment.',
  offline: 'You are offline. Search resumes when the connection is back.',
  askAi: 'Ask AI about “{query}”',
  assetTypes: assetTypeLabels,
};

/** Fills the `{name}` placeholder of a template with `value`, or calls it with `value`. */
export function formatString<T extends string | number>(
  template: StringTemplate<T>,
  name: string,
  value: T,
): string {
  return typeof template === 'function' ? template(value) : fill(template, { [name]: value });
}
