/**
 * The opt-in page-wide shortcut of `<search-box>`: written like `mod+k`, `ctrl+shift+f` or `/`,
 * where `mod` is ⌘ on Apple platforms and Ctrl elsewhere.
 */

export interface Shortcut {
  /** The key as `KeyboardEvent.key` reports it, lower-cased for letters. */
  key: string;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

export function isApplePlatform(): boolean {
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { platform?: string } }) | undefined;
  const platform = nav?.userAgentData?.platform || nav?.platform || '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** Parses a shortcut; undefined for an empty or unreadable one. */
export function parseShortcut(spec: string | undefined, apple = isApplePlatform()): Shortcut | undefined {
  const trimmed = spec?.trim().toLowerCase();
  if (!trimmed) return undefined;
  // "mod++" means the plus key: split on "+" that is not the last character.
  const parts = trimmed.split(/\+(?!$)/);
  const key = parts.pop();
  if (!key) return undefined;
  const shortcut: Shortcut = { key, ctrl: false, meta: false, alt: false, shift: false };
  for (const modifier of parts) {
    if (modifier === 'mod') shortcut[apple ? 'meta' : 'ctrl'] = true;
    else if (modifier === 'ctrl' || modifier === 'control') shortcut.ctrl = true;
    else if (modifier === 'meta' || modifier === 'cmd' || modifier === 'command') shortcut.meta = true;
    else if (modifier === 'alt' || modifier === 'option') shortcut.alt = true;
    else if (modifier === 'shift') shortcut.shift = true;
    else return undefined;
  }
  return shortcut;
}

export function matchesShortcut(event: KeyboardEvent, shortcut: Shortcut): boolean {
  // Shift is only compared when the shortcut asks for it: "/" or "?" need Shift on some layouts.
  return (
    event.key.toLowerCase() === shortcut.key &&
    event.ctrlKey === shortcut.ctrl &&
    event.metaKey === shortcut.meta &&
    event.altKey === shortcut.alt &&
    (!shortcut.shift || event.shiftKey)
  );
}

/** The hint shown on the page, e.g. "⌘ K", "Ctrl K", "/". */
export function shortcutLabel(shortcut: Shortcut, apple = isApplePlatform()): string {
  const parts: string[] = [];
  if (shortcut.ctrl) parts.push(apple ? '⌃' : 'Ctrl');
  if (shortcut.alt) parts.push(apple ? '⌥' : 'Alt');
  if (shortcut.shift) parts.push(apple ? '⇧' : 'Shift');
  if (shortcut.meta) parts.push(apple ? '⌘' : 'Meta');
  parts.push(shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key);
  return parts.join(' ');
}

/** The value of `aria-keyshortcuts`, e.g. "Control+K", "Meta+K", "/". */
export function ariaKeyShortcuts(shortcut: Shortcut): string {
  const parts: string[] = [];
  if (shortcut.ctrl) parts.push('Control');
  if (shortcut.alt) parts.push('Alt');
  if (shortcut.shift) parts.push('Shift');
  if (shortcut.meta) parts.push('Meta');
  parts.push(shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key);
  return parts.join('+');
}

/**
 * True when the keyboard focus is somewhere a visitor types: an input, textarea, select or
 * contenteditable, looked up through open shadow roots so a field inside another component
 * counts too. A shortcut must never steal a keystroke meant for such a field.
 */
export function focusIsInEditable(root: Document = document): boolean {
  let active: Element | null = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  if (!active) return false;
  if (active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement) return true;
  if (active instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'image', 'range', 'color', 'file'].includes(
      active.type,
    );
  }
  if (active instanceof HTMLElement && active.isContentEditable) return true;
  const role = active.getAttribute('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox';
}
