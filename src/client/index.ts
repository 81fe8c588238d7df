/** `ask-elements/client`: the typed fetch client alone. */
export { createClient } from './create-client.js';
export type {
  AnalyticsQuery,
  AskClient,
  ClientOptions,
  ClientPaths,
  DateInput,
  Operation,
  RequestOptions,
} from './create-client.js';
export { ApiError, NetworkError, TimeoutError, isAbortError } from './errors.js';
export type * from '../wire/index.js';
