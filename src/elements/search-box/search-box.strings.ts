/**
 * A string with placeholders (`{query}`, `{count}`), or a function of the value, for languages
 * whose grammar needs more than a placeholder (plurals, case endings).
 */
export type StringTemplate<T> = string | ((value: T) => string);

/**
 * Every string `<search-box>` shows or announces. A site translates the element by setting its
 * `strings` property to a partial object.
 */
export interface SearchBoxStrings {
  /** Accessible name of the input (and of the dialog); the `label` attribute wins over it. */
  label: string;
  /** Placeholder of the input; the `placeholder` attribute wins over it. */
  placeholder: string;
  /** Visible text of the button of `variant="button"`. */
  button: string;
  /** Name of the button that closes the dialog. */
  close: string;
  /** Name of the list of results. */
  results: string;
  /** Heading of the list of recent searches. */
  recent: string;
  /** The option that empties the list of recent searches. */
  clearRecent: string;
  /** Announced when the recent searches were cleared. */
  recentCleared: string;
  /** Shown while a search takes longer than a moment. */
  loading: string;
  /** Shown and announced when nothing matched: `{query}`. */
  noResults: StringTemplate<string>;
  /** Announced for exactly one result. */
  resultsOne: string;
  /** Announced for any other number of results: `{count}`. */
  resultsOther: StringTemplate<number>;
  /** Shown and announced when the search failed (the service's error, or its behaviour could not be fetched). */
  error: string;
  /** Shown and announced when the service could not be reached while the device is online (a lost or refused connection); `error` when only that is given. */
  unreachable: string;
  /** Shown and announced when the service took longer than the client's time limit to answer; `error` when only that is given. */
  timeout: string;
  /** Shown and announced when the service refused a search as one too many: `{seconds}` to wait. */
  rateLimited: StringTemplate<number>;
  /** The same, when the service's answer gives no wait the page can read (no `Retry-After`, or one not exposed). */
  rateLimitedSoon: string;
  /** Shown and announced when the text is longer than the service takes and only its start is searched: `{max}` characters. */
  queryCut: StringTemplate<number>;
  /** The button that runs a failed search again. */
  retry: string;
  /** Shown and announced while the device is offline. */
  offline: string;
  /** The option that hands the query to the chat: `{query}`. */
  askAi: StringTemplate<string>;
  /** Labels of the service's asset types; an unknown type is shown as it is. */
  assetTypes: Record<string, string>;
}

/** The strings of what the element shows before its behaviour arrives: the input, the button, the dialog, the error. */
export type FieldStrings = Pick<
  SearchBoxStrings,
  'label' | 'placeholder' | 'button' | 'close' | 'results' | 'loading' | 'error'
>;

/** Their defaults; the popup's come with it (`search-popup.strings.ts`). */
export const fieldStrings: FieldStrings = {
  label: 'Search',
  placeholder: 'Search the docs',
  button: 'Search',
  close: 'Close',
  results: 'Search results',
  // Also shown when a query is typed before the element's behaviour has arrived.
  loading: 'Searching…',
  // Also shown when the element's behaviour could not be fetched.
  error: 'Search is not available right now.',
};
