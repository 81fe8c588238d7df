/**
 * The styles of the reason form (`reason-form.ts`): they join the element's shadow root, after
 * `feedback-buttons.styles.ts`, with the form's code, so buttons that never ask why carry none.
 *
 * The note's border is in the muted text colour, not the border colour: with no placeholder or
 * icon, it alone shows where the field is, so it needs 3:1 against the form (WCAG 1.4.11); the
 * border colour, for lines that only decorate, has 1.5:1. The note reads in the direction of its
 * first letter (`unicode-bidi: plaintext`), as the chat's and the search box's inputs do: "c++?"
 * on a right-to-left page showed as "?c++". "Send feedback" is the form's primary action, filled
 * in the accent as a pressed thumb is, hovered or not: in the muted grey of every button, it read
 * as no more than "Skip" beside it. Where forced colours drop its fill, its heavier text still
 * tells it apart. A note too long is said in the error colour, as the chat says a question too
 * long: in the form's text colour, it read as one more label of the form. (Why-comments stay out
 * of the CSS text, which ships as it is written.)
 *
 * Text, not Lit's CSSResult: see `addReasonFormStyles` in reason-form.ts. Tagged `css` all the
 * same, so that the build minifies it as it does Lit's (scripts/minify-template-literals.ts).
 */
const css = String.raw;

export const reasonFormStyles = css`
  .reason-form {
    display: grid;
    gap: var(--_space);
    margin-block-start: var(--_space);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
  }
  fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
    margin: 0;
    padding: 0;
    border: 0;
  }
  legend {
    padding: 0 0 calc(var(--_space) / 2);
  }
  fieldset button {
    border-radius: 999px;
  }
  textarea {
    font: inherit;
    color: var(--_text);
    background: var(--_bg);
    border: 1px solid var(--_muted);
    border-radius: var(--_radius);
    padding: calc(var(--_size) / 4) calc(var(--_size) / 2);
    resize: vertical;
    unicode-bidi: plaintext;
  }
  textarea:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  @media (pointer: coarse) {
    textarea {
      font-size: max(16px, 1em);
    }
  }
  [part~='notice'] {
    color: var(--_error);
  }
  .actions {
    display: flex;
    gap: calc(var(--_space) / 2);
  }
  .actions [part~='send-button'] {
    color: var(--_accent-text);
    background: var(--_accent);
    border-color: var(--_accent);
    font-weight: 600;
  }
`;
