/**
 * Recent searches, kept in localStorage on the visitor's device only. Every access is guarded:
 * storage can be disabled (privacy modes, sandboxed iframes) or full, and search must still work.
 */

const STORAGE_KEY = 'ask-elements:recent-searches';
/** How many queries are kept, newest first. */
export const RECENT_SEARCHES_MAX = 5;

export function loadRecentSearches(): string[] {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((entry): entry is string => typeof entry === 'string').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts `query` first (once, compared without case) and returns the new list. */
export function addRecentSearch(query: string): string[] {
  const trimmed = query.trim();
  if (trimmed === '') return loadRecentSearches();
  const key = trimmed.toLowerCase();
  const next = [trimmed, ...loadRecentSearches().filter((entry) => entry.toLowerCase() !== key)].slice(
    0,
    RECENT_SEARCHES_MAX,
  );
  write(next);
  return next;
}

export function clearRecentSearches(): void {
  try {
    globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: there is nothing stored to clear.
  }
}

function write(entries: string[]): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // Storage full or disabled: the list simply isn't remembered.
  }
}
