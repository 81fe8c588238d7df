/**
 * The opt-in page-wide shortcut of `<search-box>`: written like `mod+k`, `ctrl+shift+f` or `/`,
 * where `mod` is ⌘ on Apple platforms and Ctrl elsewhere.
 * `<search-box>` imports this module dynamically, only when a page sets a shortcut.
 */

export interface Shortcut {
  /** The key as `KeyboardEvent.key` reports it, lower-cased for letters. */
  key: string;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

type Modifier = 'ctrl' | 'alt' | 'shift' | 'meta';

/** Every spelling a shortcut may use for a modifier (`mod` is resolved per platform). */
const MODIFIERS: Record<string, Modifier> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  meta: 'meta',
  cmd: 'meta',
  command: 'meta',
  alt: 'alt',
  option: 'alt',
  shift: 'shift',
};
/** Modifier names, in the order platforms write them. */
const NAMES: Record<Modifier, string> = { ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', meta: 'Meta' };
const APPLE_SIGNS: Record<Modifier, string> = { ctrl: '⌃', alt: '⌥', shift: '⇧', meta: '⌘' };
/** Inputs that take no typing, so a shortcut pressed there is still the page's. */
const UNTYPED_INPUT = /^(?:button|checkbox|radio|submit|reset|image|range|color|file)$/;

function isApplePlatform(): boolean {
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { platform?: string } }) | undefined;
  return /mac|iphone|ipad|ipod/i.test(nav?.userAgentData?.platform || nav?.platform || '');
}

/** Parses a shortcut; undefined for an empty or unreadable one. */
export function parseShortcut(spec: string | undefined, apple = isApplePlatform()): Shortcut | undefined {
  // "mod++" means the plus key: split on "+" that is not the last character.
  const parts =
    spec
      ?.trim()
      .toLowerCase()
      .split(/\+(?!$)/) ?? [];
  const key = parts.pop();
  if (!key) return undefined;
  const shortcut: Shortcut = { key, ctrl: false, meta: false, alt: false, shift: false };
  for (const part of parts) {
    const modifier = part === 'mod' ? (apple ? 'meta' : 'ctrl') : MODIFIERS[part];
    if (!modifier) return undefined;
    shortcut[modifier] = true;
  }
  return shortcut;
}

/** A letter of the Latin alphabet as a shortcut names it. */
const LATIN_LETTER = /^[a-z]$/;

export function matchesShortcut(event: KeyboardEvent, shortcut: Shortcut): boolean {
  const key = event.key.toLowerCase();
  // Shift is only compared when the shortcut asks for it: "/" or "?" need Shift on some layouts.
  // A layout of another alphabet (Russian, Ukrainian, Greek, Hebrew, Arabic) gives its own letter
  // for the key that has K on a Latin one, Ctrl held or not ("л" for Ctrl+K): the shortcut's letter
  // is then read by its place on the keyboard. A Latin layout's letter is read as it is (on Dvorak,
  // the key that gives K is not at QWERTY's K).
  return (
    (key === shortcut.key ||
      (!LATIN_LETTER.test(key) &&
        LATIN_LETTER.test(shortcut.key) &&
        event.code === `Key${shortcut.key.toUpperCase()}`)) &&
    event.ctrlKey === shortcut.ctrl &&
    event.metaKey === shortcut.meta &&
    event.altKey === shortcut.alt &&
    (!shortcut.shift || event.shiftKey)
  );
}

function spell(shortcut: Shortcut, names: Record<Modifier, string>, separator: string): string {
  const modifiers = (Object.keys(names) as Modifier[]).filter((modifier) => shortcut[modifier]);
  const key = shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key;
  return [...modifiers.map((modifier) => names[modifier]), key].join(separator);
}

/** The hint shown on the page, e.g. "⌘ K", "Ctrl K", "/". */
export function shortcutLabel(shortcut: Shortcut, apple = isApplePlatform()): string {
  return spell(shortcut, apple ? APPLE_SIGNS : NAMES, ' ');
}

/** The value of `aria-keyshortcuts`, e.g. "Control+K", "Meta+K", "/". */
export function ariaKeyShortcuts(shortcut: Shortcut): string {
  return spell(shortcut, { ...NAMES, ctrl: 'Control' }, '+');
}

/**
 * Where the keyboard focus is, if it is somewhere a visitor types, looked up through open shadow
 * roots so that a field inside another component counts too: `rich` for a contenteditable or a
 * textbox made of other elements (an editor, which may bind Ctrl/⌘+K to "insert a link"),
 * `field` for an input, textarea or select.
 */
function typingIn(root: Document = document): 'rich' | 'field' | undefined {
  let active: Element | null = root.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  if (!active || active === root.body || active === root.documentElement) return undefined;
  if (active instanceof HTMLInputElement) return UNTYPED_INPUT.test(active.type) ? undefined : 'field';
  if ((active as HTMLElement).isContentEditable || active.matches('[role=textbox]:not(textarea)'))
    return 'rich';
  // Focused, yet nothing that takes the focus itself: the host of a closed shadow root, the focus
  // in it, out of the page's sight (a component's form, a search box rendered there): a field, for
  // all the page knows. A "/" typed there was taken, and the search opened in its place.
  return active.matches('textarea,select,[role=combobox],[role=searchbox]') ||
    !active.matches('a[href],area[href],button,iframe,summary,[tabindex],[contenteditable]')
    ? 'field'
    : undefined;
}

/**
 * Keys that edit text with Ctrl or ⌘ held (select all, copy, paste, cut, undo, redo; moving and
 * deleting by words or lines).
 */
const EDITING_KEYS = /^(?:[acvxyz]|arrow\w+|backspace|delete|home|end)$/;

/**
 * True when the shortcut, pressed now, would take a keystroke from where the visitor types. A key
 * that types ("/") is the field's in any field. The platform's command key (⌘ on Apple, Ctrl
 * elsewhere) with a key that edits nothing (`mod+k`) types nothing in a plain input or textarea,
 * so it is the page's there too, as on other documentation sites (from the chat's input, say); but
 * not in an editor, which may bind it itself (⌘K "insert link"). Ctrl alone on Apple platforms is
 * the text system's (Ctrl+K deletes to the end of the line).
 */
function stealsFromField(shortcut: Shortcut): boolean {
  const typing = typingIn();
  if (typing === undefined) return false;
  const command = isApplePlatform() ? shortcut.meta : shortcut.ctrl;
  return typing === 'rich' || !command || EDITING_KEYS.test(shortcut.key);
}

/** What `<search-box>` keeps of its `shortcut` attribute. */
export interface PageShortcut {
  /** The hint shown on the page. */
  label: string;
  /** The value of `aria-keyshortcuts`. */
  aria: string;
  /** True for a keydown that is the shortcut, pressed where it types nothing (see `typingIn`). */
  matches(event: KeyboardEvent): boolean;
}

/** The shortcut `spec` as `<search-box>` uses it, or undefined for an empty or unreadable one. */
export function pageShortcut(spec: string | undefined): PageShortcut | undefined {
  const shortcut = parseShortcut(spec);
  return (
    shortcut && {
      label: shortcutLabel(shortcut),
      aria: ariaKeyShortcuts(shortcut),
      matches: (event) => matchesShortcut(event, shortcut) && !stealsFromField(shortcut),
    }
  );
}
