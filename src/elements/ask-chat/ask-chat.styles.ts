import { css } from 'lit';
import { themeStyles } from '../shared/theme.js';

/**
 * What the chat needs to look right before its behaviour arrives: the frame, the empty transcript
 * with the suggestions, and the composer. The styles of messages and answers come with the
 * behaviour (`chat-behaviour.styles.ts`). The transcript's padding, taken back by its margin, is
 * room for the focus ring of what it holds, which its scrolling would clip. The frame fills the
 * element's height when a page sets one (a side panel): the transcript takes the room between the
 * header and the composer, up to `--ask-chat-max-height`. Without one, the frame grows with the
 * conversation. The send arrow points the way the text runs, so it is mirrored on a
 * right-to-left page. The input's font size is at least 16px, as the search box's: iOS zooms into
 * smaller inputs on focus, and a site with `html { font-size: 62.5% }` would make it 10px. The
 * frame sets the text colour with its background: a page's CSS reset that unsets the host's
 * properties (`* { all: unset }`) otherwise gave answers the page's colour, black on dark. The
 * composer's buttons have a transparent border, drawn only in forced colours: there the send
 * button's fill is gone, and without a border it showed as a bare arrow. The placeholder is in the
 * muted text colour, as the search box's: the browser's own grey (#757575) had 3.7:1 on the dark
 * background, under the 4.5:1 of WCAG 1.4.3. "Sending…", above a question sent before the
 * behaviour has arrived, is progress: muted, after the accent dot of the "Thinking…" that follows
 * it (whose pulse comes with the behaviour). In the error colour of the other notices, a visitor
 * read it as a failure. Each line of the question being typed reads in the direction of its first
 * letter (`unicode-bidi: plaintext`): on a right-to-left page, "how do I use --ask-color-accent?"
 * showed as "?how do I use --ask-color-accent"; the placeholder keeps the page's direction. Here,
 * not with the behaviour: on a slow network a visitor types before it arrives.
 */
export const askChatStyles = [
  themeStyles,
  css`
    :host {
      display: block;
      color-scheme: light dark;
    }
    .base {
      display: flex;
      flex-direction: column;
      box-sizing: border-box;
      block-size: 100%;
      gap: var(--_space);
      padding: var(--_space);
      background: var(--_bg);
      color: var(--_text);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
    }
    [hidden] {
      display: none !important;
    }
    button {
      font: inherit;
      color: var(--_text);
      background: var(--_bg);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      padding: 0.25em 0.75em;
      min-block-size: 2em;
      cursor: pointer;
    }
    button:hover {
      border-color: var(--_accent);
    }
    :focus-visible {
      outline: 2px solid var(--_focus);
      outline-offset: 2px;
    }
    .transcript {
      display: flex;
      flex-direction: column;
      gap: var(--_space);
      flex: auto;
      min-block-size: 0;
      /* Never taller than the screen leaves room for beside the composer: zoomed to 200% on a
         laptop, a 32em transcript would push the question just asked off the top. At least
         8em, a few lines, on a window shorter still. Its viewport units are divided by the
         page's CSS zoom (--_zoom, which transcript-place.ts measures once the behaviour has
         come): on a page with zoom: 2 they are zoomed too, and the cap was twice the window. */
      max-block-size: min(var(--ask-chat-max-height, 32em), max(8em, 100vh / var(--_zoom, 1) - 10em));
      padding: 4px;
      margin: -4px;
      /* That room kept where Tab scrolls a link up from below: it stopped at the edge, and the
         ring under it was cut off. */
      scroll-padding: 4px;
      overflow-y: auto;
      overscroll-behavior: contain;
    }
    .empty {
      color: var(--_muted);
      text-align: center;
    }
    ul {
      margin: 0;
      padding: 0;
      list-style: none;
    }
    .suggestions {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      gap: calc(var(--_space) / 2);
    }
    .suggestions button {
      border-radius: 999px;
    }
    .attach-notice {
      margin: 0;
      color: var(--_error);
      font-size: 0.875em;
    }
    .sending {
      color: var(--_muted);
    }
    .sending::before,
    .dots::before {
      content: '';
      display: inline-block;
      inline-size: 0.6em;
      block-size: 0.6em;
      margin-inline-end: 0.5em;
      border-radius: 50%;
      background: var(--_accent);
    }
    .form {
      display: flex;
      flex-direction: column;
      gap: var(--_space);
    }
    .composer {
      display: flex;
      align-items: flex-end;
      gap: calc(var(--_space) / 2);
      padding: calc(var(--_space) / 2);
      border: 1px solid var(--_border);
      border-radius: var(--_radius);
      background: var(--_bg);
    }
    .composer:focus-within {
      outline: 2px solid var(--_focus);
    }
    textarea {
      flex: 1;
      font: inherit;
      font-size: max(16px, 1em);
      color: var(--_text);
      background: transparent;
      border: 0;
      resize: none;
      field-sizing: content;
      min-block-size: 2em;
      max-block-size: 10em;
      padding: 0.25em;
      unicode-bidi: plaintext;
    }
    textarea:focus-visible {
      outline: none;
    }
    textarea::placeholder {
      color: var(--_muted);
      opacity: 1;
    }
    .composer button {
      display: grid;
      place-items: center;
      inline-size: 2.25em;
      padding: 0;
      border-color: #0000;
      background: transparent;
    }
    .composer [part~='send-button'] {
      color: var(--_accent-text);
      background: var(--_accent);
    }
    svg {
      inline-size: 1.25em;
      block-size: 1.25em;
    }
    [part~='send-button'] svg:dir(rtl) {
      transform: scaleX(-1);
    }
  `,
];
