import { css } from 'lit';
import { themeStyles } from '../shared/theme.js';

// The reason form's styles come with its code (`reason-form.styles.ts`).
// The thumbs take their icon's colour from the theme, as their background, not from the page: a
// page's CSS reset that unsets the host's colour (`* { all: unset }`) drew black icons on dark thumbs.
// The text is a little smaller than the base size: --ask-font-size when a page sets it, as for
// every element (0.875em alone ignored it), else the size around the buttons.
// A vote that could not be sent says so in the error colour, as the search box's and the chat's
// failures do: in the grey of the thanks, it read as one more thanks.
// A pressed thumb has a transparent ring inside it: nothing here, drawn in forced colours, where
// its fill is not (its focus ring, after it, wins when both apply).
export const feedbackButtonsStyles = [
  themeStyles,
  css`
    :host {
      display: block;
      font-size: calc(0.875 * var(--ask-font-size, 1em));
      color: var(--_muted);
    }
    .base {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: calc(var(--_space) / 2);
    }
    button {
      font: inherit;
      color: var(--_muted);
      background: var(--_bg);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      min-block-size: calc(var(--_size) * 2);
      min-inline-size: calc(var(--_size) * 2);
      padding: calc(var(--_size) / 8) calc(var(--_size) / 2);
      cursor: pointer;
    }
    button:hover {
      color: var(--_text);
      border-color: var(--_accent);
    }
    button[aria-pressed='true'] {
      color: var(--_accent-text);
      background: var(--_accent);
      border-color: var(--_accent);
      outline: 2px solid transparent;
      outline-offset: -5px;
    }
    button:focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 2px;
    }
    button[aria-disabled='true'] {
      cursor: default;
      opacity: 0.6;
    }
    svg {
      inline-size: 1.1em;
      block-size: 1.1em;
      vertical-align: -0.2em;
    }
    svg.down {
      transform: rotate(180deg);
    }
    .failed {
      color: var(--_error);
    }
  `,
];
