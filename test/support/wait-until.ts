import { waitUntil as waitUntilOpenWc } from '@open-wc/testing';

/**
 * @open-wc's `waitUntil`, waiting up to 5 s unless told otherwise rather than its 1 s: a wait, which
 * ends as soon as `predicate` holds, so a passing test takes no longer, while a shared, loaded
 * machine (CI, or several test runs at once) no longer fails a step that merely came late.
 */
export const waitUntil: typeof waitUntilOpenWc = (predicate, message, options) =>
  waitUntilOpenWc(predicate, message, { timeout: 5000, ...options });
