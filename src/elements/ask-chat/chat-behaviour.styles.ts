import { css } from 'lit';

/**
 * The styles of what the chat's behaviour renders: the header, messages, answers and their
 * sources, notices, actions and image thumbnails. They join the element's shadow root, after
 * `ask-chat.styles.ts`, when the behaviour arrives.
 *
 * A code block, as a table does, casts a shadow at an edge past which it scrolls: its lines were
 * cut at its edge with nothing to say that more was there. Table cells keep whole words: a
 * narrow chat scrolls a wide table rather than splitting its words. Their code keeps to one line (`--port N`): a table gives a column no more than the
 * narrowest its cells can wrap to, and code wrapped after any hyphen, a flag's first column
 * reading "--", "port" and "N" on three lines at every width of the chat. Code blocks and tables have no width of their own to give the chat (`contain:
 * inline-size`): their long lines scroll in them, where they made a chat that grows into a flex
 * column (`flex: 1`) as wide as the longest line, its composer and send button off-screen. The
 * actions line up on their baseline, so that Copy stays on the line of the feedback prompt when
 * the reason form opens below it. The feedback buttons take the rest of that line
 * when 18 times the base font size of it is left (else a line of their own), so that a longer thanks wraps within them
 * rather than moving them under Copy. On a
 * line too narrow for the prompt and both thumbs (a 320 px phone), the prompt takes a line of its
 * own, so that the thumbs stay together rather than "Not helpful" wrapping alone. Copy holds both its labels in one grid cell, the one not
 * shown hidden in place, so it keeps the width of the longer ("Copied") and the thumbs do not
 * move when it changes. Its label is in the muted colour of the thumbs' icons and of the prompt
 * between them, in the text colour when hovered, as theirs are: in the text colour at rest, Copy
 * looked like the row's one hovered button. "Could not copy the answer." is in the row's text size
 * too, as the feedback buttons' "could not be sent" above it: at the chat's, it was the one larger
 * line of the row. Code reads left to right on any page. Inline code is text: a short one
 * keeps to one line, and the punctuation a longer one opens with to the line of the word after it
 * (`code-opening`, see answer-view.ts), where a line broke after any hyphen, "--" alone at its end
 * and "site-url" below; as a box of its own, it was split from the brackets and full stop around
 * it. A list within a list item keeps to the lines of its item, its bullets circles, as a page
 * draws one: the 1em around an answer's lists set it a blank line apart. An answer's headings are a
 * message's, not the page's. The thinking dot (drawn by the first render's styles,
 * which give "Sending…" the same) pulses four times (4 s) and then stays still, "Thinking…" beside
 * it: pulsing for as long as a slow answer took (up to a minute), it was moving content of more
 * than five seconds with no way to stop it but giving up the question (WCAG 2.2.2). The transcript contains its layout and paint: without it, each key typed in the
 * composer (whose text area sizes itself to its text) had the browser walk every answer of the
 * transcript again before painting, a cost that grew with the conversation (after 30 answers on a
 * phone's screen, CPU slowed 4 times: 34 ms of pre-paint and paint a key, 5 with it). The "New
 * answer" button floats over the bottom of the transcript, centred in either direction, from a
 * holder that sticks there and takes no room (the gap before it taken back), so that the answers
 * do not move when it comes or goes; its border, transparent, is drawn in forced colours, where
 * its fill and shadow are not. (Why-comments stay out of the CSS text, which ships as it is
 * written.)
 */
export const chatBehaviourStyles = css`
  .transcript {
    contain: layout paint;
  }
  .composer [part~='stop-button'] {
    color: var(--_accent-text);
    background: var(--_accent);
  }
  .header {
    display: flex;
    justify-content: flex-end;
  }
  .new-answer {
    position: sticky;
    inset-block-end: 0;
    z-index: 1;
    block-size: 0;
    margin-block-start: calc(var(--_space) * -1);
  }
  [part~='new-answer-button'] {
    position: absolute;
    inset-block-end: var(--_space);
    inset-inline: 0;
    display: flex;
    align-items: center;
    gap: 0.25em;
    inline-size: max-content;
    max-inline-size: 100%;
    margin-inline: auto;
    font-size: 0.875em;
    color: var(--_accent-text);
    background: var(--_accent);
    border-color: #0000;
    border-radius: 999px;
    box-shadow: var(--_shadow);
  }
  a {
    color: var(--_accent);
  }
  .question,
  .answer {
    /* Drawn only in forced colours, where the backgrounds that set the messages apart are not. */
    border: 1px solid transparent;
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-radius: var(--_radius);
    overflow-wrap: anywhere;
  }
  .question {
    align-self: flex-end;
    max-inline-size: 85%;
    color: var(--_accent-text);
    background: var(--_accent);
  }
  .question p,
  .answer-body > :first-child {
    margin-block-start: 0;
  }
  .question p {
    margin: 0;
    white-space: pre-wrap;
  }
  .answer {
    align-self: stretch;
    background: var(--_surface);
  }
  .answer-body :is(pre, table) {
    overflow-x: auto;
    contain: inline-size;
    /* A shadow at an edge past which it scrolls: covers of its own fill that move with its ends
       hide it where there is nothing more to see. Of the text's colour, so that it shows on a
       dark background too. */
    --_edge-shadow: color-mix(in srgb, var(--_text) 30%, #0000);
    background:
      linear-gradient(to right, var(--_fill) 30%, #0000) left / 1.5em 100% no-repeat local,
      linear-gradient(to left, var(--_fill) 30%, #0000) right / 1.5em 100% no-repeat local,
      radial-gradient(farthest-side at 0 50%, var(--_edge-shadow), #0000) left / 0.6em 100% no-repeat scroll,
      radial-gradient(farthest-side at 100% 50%, var(--_edge-shadow), #0000) right / 0.6em 100% no-repeat
        scroll,
      var(--_fill);
  }
  /* The chat's own lists (suggestions, the transcript) have no marks; an answer's keep theirs. */
  .answer-body :is(ul, ol) {
    margin-block: 1em;
    padding-inline-start: 1.5em;
  }
  .answer-body ul {
    list-style: disc;
  }
  .answer-body ol {
    list-style: decimal;
  }
  .answer-body li > :is(ul, ol) {
    margin-block: 0;
  }
  .answer-body li > ul {
    list-style: circle;
  }
  .answer-body table {
    display: block;
    max-inline-size: 100%;
    border-collapse: collapse;
    --_fill: var(--_surface);
  }
  /* The last column of a docs table is its prose: wide enough not to make every row tall. */
  .answer-body td:last-child {
    min-inline-size: 10em;
  }
  .answer-body :is(pre, code) {
    direction: ltr;
    unicode-bidi: isolate;
  }
  .answer-body :is(th, td) code,
  .answer-body .code-opening {
    white-space: nowrap;
  }
  .answer-body pre {
    text-align: left;
    padding: var(--_space);
    /* Drawn in forced colours only, where the background is gone: the code kept no edge. */
    border: 1px solid #0000;
    --_fill: var(--_bg);
    border-radius: var(--_radius);
  }
  .code-block {
    display: grid;
    margin-block: 1em;
  }
  .code-block > pre {
    grid-area: 1 / 1;
    margin: 0;
    padding-block-start: calc(var(--_space) * 2 + 1em);
  }
  .code-copy {
    grid-area: 1 / 1;
    align-self: start;
    justify-self: end;
    margin: calc(var(--_space) * 0.4);
    font-size: 0.8em;
  }
  .answer-body :is(h1, h2, h3, h4, h5, h6) {
    margin-block: 0.75em 0.25em;
    font-size: 1em;
  }
  .answer-body h1 {
    font-size: 1.2em;
  }
  .answer-body h2 {
    font-size: 1.1em;
  }
  .answer-body img {
    max-inline-size: 100%;
  }
  .answer-body :is(th, td) {
    border: 1px solid var(--_border);
    padding: 0.25em 0.5em;
    overflow-wrap: normal;
    text-align: start;
    vertical-align: top;
  }
  .answer-body blockquote {
    margin-inline: 0;
    padding-inline-start: var(--_space);
    border-inline-start: 3px solid var(--_border);
  }
  /* Kept in the input's description (see spaceBetweenNotices in chat-behaviour.ts). */
  .gap {
    white-space: pre-wrap;
  }
  .source,
  .thinking,
  .notice,
  .stopped {
    color: var(--_muted);
    font-size: 0.875em;
  }
  .source {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: calc(var(--_size) / 4) calc(var(--_size) / 2);
    padding-block-start: var(--_space);
    border-block-start: 1px solid var(--_border);
  }
  .description {
    flex-basis: 100%;
    margin: 0;
  }
  .badge {
    padding: 0 calc(var(--_size) * 0.4);
    border: 1px solid var(--_border);
    border-radius: 999px;
  }
  .meter {
    display: inline-flex;
    gap: 2px;
    margin-inline-end: calc(var(--_size) / 4);
  }
  .meter i {
    inline-size: calc(var(--_size) * 0.4);
    block-size: calc(var(--_size) * 0.7);
    border-radius: 1px;
    background: var(--_border);
  }
  [data-level='high'] i,
  [data-level='medium'] i:nth-child(-n + 2),
  [data-level='low'] i:first-child {
    background: var(--_accent);
  }
  .documents {
    list-style: disc;
    padding-inline-start: 1.25em;
  }
  .related {
    flex-basis: 100%;
    margin: 0;
  }
  details {
    margin-block-start: var(--_space);
  }
  summary {
    cursor: pointer;
  }
  .error,
  .answer > .notice,
  .stopped {
    margin-block-start: 0;
  }
  .error {
    color: var(--_error);
  }
  /* The offer to search names the question: three lines at most, however long the question was. */
  [part~='search-button'],
  [part~='search-link'] {
    display: -webkit-inline-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    line-clamp: 3;
    max-inline-size: 100%;
    overflow: hidden;
    overflow-wrap: anywhere;
    text-align: start;
    vertical-align: bottom;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--_space);
    margin-block-start: var(--_space);
  }
  .actions {
    /*
     * The chat's own colours for its feedback buttons, whatever scheme they would pick alone
     * (color-scheme, overrides). Set here for them to inherit: set on the buttons themselves,
     * each would refer to their own --_ colour, which refers back to it, and a cycle empties both.
     */
    --ask-color-text: var(--_text);
    --ask-color-muted: var(--_muted);
    --ask-color-bg: var(--_bg);
    --ask-color-surface: var(--_surface);
    --ask-color-border: var(--_border);
    --ask-color-accent: var(--_accent);
    --ask-color-accent-text: var(--_accent-text);
    --ask-color-error: var(--_error);
    --ask-color-focus: var(--_focus);
  }
  .actions feedback-buttons {
    flex: 1 1 calc(var(--_size) * 18);
    color-scheme: inherit;
    container-type: inline-size;
  }
  @container (width < 19em) {
    feedback-buttons::part(prompt) {
      flex-basis: 100%;
    }
  }
  .copy-failed {
    flex-basis: 100%;
    margin: 0;
  }
  /* Drawn as the thumbs beside it (feedback-buttons.styles.ts): the same text size, height and colours. */
  .copy,
  .copy-failed {
    font-size: calc(0.875 * var(--ask-font-size, 1em));
  }
  .copy {
    min-block-size: calc(var(--_size) * 2);
    padding-block: calc(var(--_size) / 8);
    color: var(--_muted);
  }
  .copy:hover {
    color: var(--_text);
  }
  .copy .labels {
    display: inline-grid;
  }
  .labels > span {
    grid-area: 1 / 1;
  }
  .labels > .off {
    visibility: hidden;
  }
  .thinking {
    margin: 0;
  }
  .dots::before {
    animation: pulse 1s ease-in-out 4 alternate;
  }
  @keyframes pulse {
    to {
      opacity: 0.2;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .dots::before {
      animation: none;
    }
  }
  .sent-images,
  .attachments {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
  }
  .sent-images {
    margin-block-start: calc(var(--_space) / 2);
  }
  .attachments {
    gap: 0.75em;
  }
  img {
    display: block;
  }
  .sent-images img,
  .attachments img {
    inline-size: 4em;
    block-size: 4em;
    object-fit: cover;
    border-radius: calc(var(--_radius) / 2);
    border: 1px solid var(--_border);
  }
  .attachments li {
    position: relative;
  }
  .attachments button {
    position: absolute;
    inset-block-start: -0.5em;
    inset-inline-end: -0.5em;
    min-block-size: 1.5em;
    inline-size: 1.5em;
    padding: 0;
    border-radius: 50%;
    line-height: 1;
  }
  /* The bars are drawn with backgrounds, which forced colours remove: the words say it alone. */
  @media (forced-colors: active) {
    .meter {
      display: none;
    }
  }
`;
