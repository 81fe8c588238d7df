/** Every event of ask-elements has this prefix, bubbles and is composed (crosses shadow roots). */
export const EVENT_PREFIX = 'ask-';

/**
 * Fires `ask-<name>` from `host`. Events are for user actions only, never for a property set in
 * code. Returns false when a listener called `preventDefault()` on a cancelable event.
 */
export function emit<T>(
  host: EventTarget,
  name: string,
  detail: T,
  options?: { cancelable?: boolean },
): boolean {
  return host.dispatchEvent(
    new CustomEvent<T>(EVENT_PREFIX + name, { bubbles: true, composed: true, ...options, detail }),
  );
}
