import { css, unsafeCSS } from 'lit';

/** The dark defaults: under `prefers-color-scheme: dark`, or always with `color-scheme="dark"`. */
const DARK = unsafeCSS(
  '--_text:var(--ask-color-text,#e6e6e9);' +
    '--_muted:var(--ask-color-muted,#a5a9b0);' +
    '--_bg:var(--ask-color-bg,#1b1b1f);' +
    '--_surface:var(--ask-color-surface,#26272c);' +
    '--_border:var(--ask-color-border,#4a4d55);' +
    '--_accent:var(--ask-color-accent,#a8b1ff);' +
    '--_accent-text:var(--ask-color-accent-text,#121212);' +
    '--_highlight:var(--ask-color-highlight,#5b4d00);' +
    '--_highlight-text:var(--ask-color-highlight-text,#fff6cc);' +
    '--_error:var(--ask-color-error,#ffb4ab);' +
    '--_focus:var(--ask-color-focus,#a8b1ff);',
);

/**
 * The theme every element shares. Sites change appearance through the public `--ask-*` custom
 * properties; the elements read the private `--_*` ones, which carry the light and dark defaults
 * (following `prefers-color-scheme`) when a public one is not set. `color-scheme="light"` or
 * `"dark"` on an element keeps it in one, for a site whose pages have only one; read in any case,
 * as HTML reads an enumerated attribute (the selectors' `i`, their values unquoted, which Prettier
 * would quote, so that the first load stays as small). Sizes are in
 * `em` or multiples of `--_size` (`--ask-font-size`, else `1rem`), never in `rem` alone: a site
 * whose root font size is 62.5% sets `--ask-font-size: 16px`, and spacing, icons and buttons follow
 * it (in `rem`, they stayed at 10px to the rem: 20px thumbs, a 320px transcript). Text starts
 * its lines at the start, whatever the page's `text-align`: a new Vite app centres its root, and
 * results and answers were centred with it.
 */
export const themeStyles = css`
  :host {
    --_size: var(--ask-font-size, 1rem);
    --_radius: var(--ask-radius, calc(var(--_size) / 2));
    --_space: var(--ask-space, calc(var(--_size) / 2));
    --_text: var(--ask-color-text, #1c1e21);
    --_muted: var(--ask-color-muted, #5a5f66);
    --_bg: var(--ask-color-bg, #ffffff);
    --_surface: var(--ask-color-surface, #f4f5f7);
    --_border: var(--ask-color-border, #c9ccd1);
    --_accent: var(--ask-color-accent, #3451b2);
    --_accent-text: var(--ask-color-accent-text, #ffffff);
    --_highlight: var(--ask-color-highlight, #fff1a8);
    --_highlight-text: var(--ask-color-highlight-text, #1c1e21);
    --_error: var(--ask-color-error, #b3261e);
    --_focus: var(--ask-color-focus, #3451b2);
    --_shadow: var(--ask-shadow, 0 8px 24px rgb(0 0 0 / 0.14));
    font-family: var(--ask-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-size: var(--_size);
    color: var(--_text);
    line-height: 1.5;
    text-align: start;
  }
  @media (prefers-color-scheme: dark) {
    /* prettier-ignore */
    :host(:not([color-scheme=light i])) {
      ${DARK}
    }
  }
  /* prettier-ignore */
  :host([color-scheme=dark i]) {
    ${DARK}
    color-scheme: dark;
  }
  /* prettier-ignore */
  :host([color-scheme=light i]) {
    color-scheme: light;
  }
  :host([hidden]) {
    display: none;
  }
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
