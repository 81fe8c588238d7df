/**
 * The modal presentation of `<search-box variant="button">`: the dialog's styles and what opening
 * it involves (closing on a click on the backdrop, keeping Escape for an IME composition, fitting
 * above a mobile on-screen keyboard). The element imports this module dynamically when its variant
 * becomes `button`, so a page with an inline search box never downloads it.
 *
 * It imports nothing, Lit included, so that it stays one small file of its own in any bundler's
 * output; its rules are plain text, which the element adds to its shadow root.
 */

/** A plain template tag, named `css` so that the build minifies the rules below like Lit's. */
const css = String.raw;

/**
 * The dialog's rules, which the element adds to its shadow root when the dialog first opens. On
 * phones (up to 40rem wide, or 30rem high on a touch screen: held sideways; a desktop window as
 * short keeps the centred dialog, its lines a reading width) the dialog fills the visual viewport, so
 * that the input stays above the on-screen keyboard: sideways, with the keyboard up, the margins
 * of a desktop's dialog left its list a strip under the input, a result's title cut through. The close button is a target of 24 CSS pixels at least (WCAG 2.5.8),
 * in pixels lest a page's small root font shrink it, and of 44 under a finger: its text alone
 * made it 22 pixels high. (Why-comments stay out of the CSS text, which ships as it is written.)
 */
export const dialogStyles = css`
  dialog {
    box-sizing: border-box;
    inline-size: min(var(--ask-search-dialog-inline-size, 40em), calc(100vw / var(--_zoom, 1) - 2em));
    max-inline-size: none;
    max-block-size: calc(var(--_viewport-block-size, 100dvh) - 14vh / var(--_zoom, 1));
    margin-block: calc(10vh / var(--_zoom, 1)) auto;
    margin-inline: auto;
    padding: 0;
    overflow: hidden;
    background: var(--_bg);
    color: var(--_text);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
  }
  dialog[open] {
    display: flex;
    flex-direction: column;
  }
  dialog::backdrop {
    background: var(--ask-search-backdrop, rgb(0 0 0 / 0.45));
  }
  .panel,
  .panel .combobox {
    display: flex;
    flex: 1 1 auto;
    flex-direction: column;
    min-block-size: 0;
  }
  .panel .field {
    border: none;
    border-block-end: 1px solid var(--_border);
    border-radius: 0;
    padding-block: calc(var(--_space) / 2);
  }
  .panel .field:focus-within {
    outline: 2px solid var(--_focus);
    outline-offset: -2px;
  }
  .panel .popup {
    position: static;
    flex: 1 1 auto;
    min-block-size: 0;
    max-block-size: none;
    border: none;
    border-radius: 0;
    box-shadow: none;
  }
  .close {
    min-block-size: 24px;
    min-inline-size: 24px;
    padding: 0.1em 0.6em;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    color: var(--_muted);
    font-size: 0.75em;
  }
  @media (pointer: coarse) {
    .close {
      min-block-size: 44px;
      min-inline-size: 44px;
      font-size: 0.875em;
    }
  }
  @media (max-width: 40rem), (max-height: 30rem) and (pointer: coarse) {
    dialog {
      inline-size: calc(100vw / var(--_zoom, 1));
      block-size: var(--_viewport-block-size, 100dvh);
      max-block-size: var(--_viewport-block-size, 100dvh);
      margin: 0;
      border: none;
      border-radius: 0;
    }
  }
`;

/** The dialogs open, or closed and waiting for their close event, with what puts each away. */
const opened = new Map<HTMLDialogElement, () => void>();
/** The page's own overflow, taken by the first dialog to open and given back when the last goes. */
let pageOverflow: { overflowX: string; overflowY: string } | undefined;

/**
 * Opens `dialog` (rendered by the element, closed) as a modal. While it is open, a click on the
 * backdrop closes it, and Escape does unless the key ends an IME composition (DocSearch PR #2909).
 * The page behind it doesn't scroll. `onClose` runs once it has closed, whatever closed it, with
 * the element that had the focus when it opened.
 */
export function openDialog(dialog: HTMLDialogElement, onClose: (opener: HTMLElement | null) => void): void {
  // A dialog closed whose close event has not come yet (its box removed by a router, or hidden and
  // shown again in one task) is put away first: this one took the page's style it had set for the
  // page's own, and put it back on closing, leaving the page unable to scroll.
  for (const [closed, putAway] of opened) if (!closed.open) putAway();
  let opener = document.activeElement;
  while (opener?.shadowRoot?.activeElement) opener = opener.shadowRoot.activeElement;
  const page = document.documentElement;
  // Each side apart: the shorthand reads '' when only one is set, and writing it back clears both.
  // Kept once for every dialog open (two boxes' dialogs, one opened over the other): the second
  // took the first's 'hidden' for the page's own, and closed after it, left the page unable to scroll.
  if (!opened.size) pageOverflow = { overflowX: page.style.overflowX, overflowY: page.style.overflowY };
  page.style.overflow = 'hidden';
  const viewport = globalThis.visualViewport;
  // Keeps the dialog within the visual viewport, above a mobile on-screen keyboard. On a zoomed
  // page (`body { zoom: 1.25 }`) every length of the dialog is zoomed, its viewport units too: in
  // its own pixels the viewport is that much smaller (the dialog went off the screen, its close
  // button with it).
  const fit = () => {
    const zoom = dialog.currentCSSZoom || 1;
    dialog.style.setProperty('--_zoom', `${zoom}`);
    if (viewport?.height) dialog.style.setProperty('--_viewport-block-size', `${viewport.height / zoom}px`);
  };
  const listening = new AbortController();
  const options = { signal: listening.signal };
  // Whether the key being handled belongs to an IME composition, for that key's task only: the
  // Escape it fires the cancel with is judged, not the last key typed in the input. Android's
  // keyboards send every key as 229, and a back gesture (a close request, no key) after typing
  // was refused; so was Escape after a Japanese word confirmed with Enter and a click beside it.
  let composing = false;
  dialog.addEventListener(
    'keydown',
    (event) => {
      composing = event.isComposing || event.keyCode === 229;
      if (composing) setTimeout(() => (composing = false));
    },
    { capture: true, signal: listening.signal },
  );
  dialog.addEventListener(
    'cancel',
    (event) => {
      if (composing) event.preventDefault();
    },
    options,
  );
  dialog.addEventListener(
    'click',
    (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) dialog.close();
    },
    options,
  );
  const putAway = () => {
    opened.delete(dialog);
    listening.abort();
    if (!opened.size) Object.assign(page.style, pageOverflow);
  };
  opened.set(dialog, putAway);
  dialog.addEventListener(
    'close',
    () => {
      // The close event of an earlier opening, come once the dialog was shown again: not this one's.
      if (dialog.open) return;
      putAway();
      onClose(opener instanceof HTMLElement ? opener : null);
    },
    options,
  );
  viewport?.addEventListener('resize', fit, options);
  // Hidden with the page it is on while open (the visitor went Back to a route that an app keeps
  // in the DOM out of sight, as Next.js does in React's <Activity>): still modal, it kept the page
  // shown now inert and unscrollable, behind nothing to see. Its box goes to nothing then: closed.
  const hidden = new ResizeObserver(() => dialog.checkVisibility?.() === false && dialog.close());
  hidden.observe(dialog);
  listening.signal.addEventListener('abort', () => hidden.disconnect());
  dialog.showModal();
  fit();
}
