import { css } from 'lit';

/**
 * Styles of `<search-box>` from its first render, after the shared theme: the field, the input and
 * the button. The popup's are in `search-popup.styles.ts` and the dialog's in `search-dialog.ts`,
 * added when their modules arrive. Logical properties only, for right-to-left pages. The input's
 * font size is at least 16px: iOS zooms into smaller inputs on focus. A touch screen without a
 * mouse is a phone's or a tablet's, whose keyboard has no Ctrl: no shortcut hint. The input's
 * width is a percentage, which a row that sizes the box to its content (a header's flex row, a
 * grid column of `1fr`, a table cell) reads as no minimum: its own width of 20 characters kept
 * the box from shrinking there, and it spilled out of a narrow header, the page scrolling
 * sideways (at a visitor's 32px text, even a desktop's). The query
 * reads in the direction of its first letter (`unicode-bidi: plaintext`): on a right-to-left page,
 * `fetch()` typed in the input showed as `()fetch`, and in Arabic on a left-to-right page the
 * punctuation went to the wrong end; the placeholder keeps the page's direction. (Why-comments
 * stay out of the CSS text, which ships as it is written.) The text colour is set where the field
 * and the popup are, beside their background: set on the host only, a page's CSS reset that
 * unsets the host's properties (`* { all: unset }`) gave them the page's colour, black on dark.
 * The `hidden` attribute hides the box whatever its variant: the button's `display: inline-block`,
 * written after the theme's `:host([hidden])`, showed it (one `!important` rule for both, 1 B).
 */
export const styles = css`
  :host {
    display: block;
  }
  .combobox {
    position: relative;
    color: var(--_text);
  }
  :host([variant='button']) {
    display: inline-block;
  }
  [hidden],
  :host([hidden]) {
    display: none !important;
  }
  .icon {
    inline-size: 1.15em;
    block-size: 1.15em;
    flex: none;
    color: var(--_muted);
  }
  .field {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding-inline: calc(var(--_space) * 1.25);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
  }
  .field:focus-within {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
  input {
    flex: 1;
    inline-size: 100%;
    min-inline-size: 0;
    margin: 0;
    padding-block: calc(var(--_space) * 1.1);
    padding-inline: 0;
    border: none;
    background: transparent;
    color: inherit;
    font: inherit;
    font-size: max(16px, 1em);
    unicode-bidi: plaintext;
  }
  input:focus {
    outline: none;
  }
  input::placeholder {
    color: var(--_muted);
    opacity: 1;
  }
  kbd {
    flex: none;
    padding: 0.05em 0.45em;
    border: 1px solid var(--_border);
    border-radius: 0.4em;
    background: var(--_surface);
    color: var(--_muted);
    font: inherit;
    font-size: 0.75em;
    white-space: nowrap;
  }
  @media (hover: none) and (pointer: coarse) {
    kbd {
      display: none;
    }
  }
  button {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  .trigger {
    display: inline-flex;
    align-items: center;
    gap: var(--_space);
    padding: calc(var(--_space) * 0.8) calc(var(--_space) * 1.25);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    color: var(--_muted);
  }
  .trigger:hover {
    border-color: var(--_accent);
  }
  .early {
    position: absolute;
    inset-inline: 0;
    inset-block-start: calc(100% + 0.25em);
    z-index: var(--ask-z-index, 1000);
    margin: 0;
    padding: var(--_space) calc(var(--_space) * 1.25);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
    color: var(--_muted);
  }
`;
