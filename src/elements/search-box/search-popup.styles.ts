/**
 * The rules of `<search-box>`'s popup (messages, listbox, options), which `search-controller.ts`
 * renders: they arrive with it and are added to the element's shadow root after its own styles.
 * Logical properties only, for right-to-left pages. "Ask AI about …", the list's last option,
 * stays in sight at its bottom while the results scroll (the list keeps room for it when the
 * arrows bring an option into view). The heading and the messages line up with
 * the options' text, after their 3px marker. The listbox scrolls, not the popup around it: the
 * arrow keys reach a combobox's options, while any other region that scrolls must be reachable
 * with Tab (axe's scrollable-region-focusable).
 *
 * Plain text rather than Lit's `css`, as `search-dialog.ts` does: the element adds both alike.
 */

/** A plain template tag, named `css` so that the build minifies the rules below like Lit's. */
const css = String.raw;

export const popupStyles = css`
  .popup {
    position: absolute;
    inset-inline: 0;
    inset-block-start: calc(100% + 0.25em);
    z-index: var(--ask-z-index, 1000);
    box-sizing: border-box;
    display: flex;
    flex-direction: column;
    /* Above a phone's on-screen keyboard too (--_visible-block-size: see #fitPopup). */
    max-block-size: min(
      var(--ask-search-popup-max-block-size, min(28em, 70vh)),
      var(--_visible-block-size, 100vh)
    );
    padding: calc(var(--_space) / 2);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  [role='listbox'] {
    min-block-size: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
    scroll-padding-block-end: 3.5em;
  }
  .heading {
    padding: var(--_space) calc(var(--_space) * 1.25) calc(var(--_space) / 2);
    padding-inline-start: calc(var(--_space) * 1.25 + 3px);
    color: var(--_muted);
    font-size: 0.75em;
    font-weight: 600;
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
  .option {
    display: flex;
    align-items: center;
    gap: var(--_space);
    padding: calc(var(--_space) * 0.9) calc(var(--_space) * 1.25);
    border-inline-start: 3px solid transparent;
    border-radius: calc(var(--_radius) * 0.75);
    cursor: pointer;
  }
  .option.result {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-areas: 'title type' 'section section' 'description description' 'link link';
    gap: 0 var(--_space);
  }
  /* Spaced by margins, not a row gap: a result without a section has an empty row there. */
  .result > :is(.section, .description, .link) {
    margin-block-start: 0.1em;
  }
  .option.ask {
    position: sticky;
    inset-block-end: 0;
    background: var(--_bg);
    box-shadow: 0 -1px 0 var(--_border);
    /* Its line above followed rounded corners: it curled down at both ends, and under "No results"
       (the line itself cut off there) the two curls showed alone. */
    border-start-start-radius: 0;
    border-start-end-radius: 0;
  }
  /* A pasted question would make it as tall as the list and hide every result under it, and
     one kept as a recent search would hide the others. */
  .option.ask .title,
  .option.recent .title {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
  }
  /* Not on a touch screen, where the option last tapped kept it and looked chosen. */
  @media (hover: hover) {
    .option:hover {
      background: var(--_surface);
    }
  }
  .option[aria-selected='true'] {
    background: var(--_surface);
    border-inline-start-color: var(--_accent);
  }
  .option[aria-disabled='true'] {
    cursor: default;
  }
  .title {
    grid-area: title;
    min-inline-size: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .recent .title,
  .clear-recent .title {
    font-weight: 400;
  }
  .clear-recent {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .ask .icon {
    color: var(--_accent);
  }
  .type {
    grid-area: type;
    align-self: start;
    padding: 0 0.5em;
    border: 1px solid var(--_border);
    border-radius: 999px;
    color: var(--_muted);
    font-size: 0.75em;
    line-height: 1.6;
    white-space: nowrap;
  }
  /* The heading of the section the result links to, under the page's title. */
  .section {
    grid-area: section;
    min-inline-size: 0;
    font-size: 0.9em;
    font-weight: 500;
    overflow-wrap: anywhere;
  }
  .section::before {
    content: '#' / '';
    margin-inline-end: 0.35em;
    color: var(--_muted);
  }
  .description {
    grid-area: description;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    color: var(--_muted);
    font-size: 0.875em;
  }
  .link {
    grid-area: link;
    overflow: hidden;
    color: var(--_accent);
    font-size: 0.8em;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /* A link reads left to right on any page: cut at its end, not before its host. */
  .link:dir(rtl) {
    direction: ltr;
    text-align: right;
  }
  mark {
    padding-inline: 1px;
    border-radius: 2px;
    background: var(--_highlight);
    color: var(--_highlight-text);
  }
  /* Kept in the option's accessible name (see spaceBetweenMarks in search-controller.ts). */
  .gap {
    white-space: pre-wrap;
  }
  .message,
  .loading {
    margin: 0;
    /* A long word that found nothing ("No results for …") wraps rather than widen the page. */
    overflow-wrap: anywhere;
    padding: var(--_space) calc(var(--_space) * 1.25);
    padding-inline-start: calc(var(--_space) * 1.25 + 3px);
    color: var(--_muted);
  }
  .loading {
    font-size: 0.875em;
  }
  /* Its echo of a pasted text took the whole popup, and "Ask AI about …" went out of it. */
  .message.empty {
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    line-clamp: 3;
    overflow: hidden;
    flex: none;
  }
  /* The last query's results, shown while a slow search for the new one runs ("Ask AI about …"
     is the new query's): grey, and faded only as far as their text keeps 4.5:1. */
  .stale > :not(.ask) {
    opacity: 0.9;
    filter: grayscale(1);
  }
  .message.error {
    color: var(--_error);
  }
  /* After the message's last word by a space alone: a margin was left before it where it went to
     a line of its own (a phone), and it stood out of line with the message. */
  .retry {
    padding: 0.1em 0.6em;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_surface);
    font-size: 0.875em;
  }
  /* Under a finger, a target of 44 by 44 CSS pixels, as the dialog's close button. */
  @media (pointer: coarse) {
    .retry {
      min-block-size: 44px;
      min-inline-size: 44px;
    }
  }
  @media (forced-colors: active) {
    /* The options' transparent marker would be drawn on every one: only the active one has it. */
    .option {
      border-inline-start-color: Canvas;
    }
    .option[aria-selected='true'] {
      outline: 2px solid Highlight;
      border-inline-start-color: Highlight;
    }
  }
`;
