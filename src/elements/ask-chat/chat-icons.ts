import { html } from 'lit';

/** A 24×24 stroked icon of the chat's buttons, hidden from assistive technology (the button is named). */
export const icon = (path: string) =>
  html`<svg viewBox="0 0 24 24" aria-hidden="true">
    <path
      d=${path}
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
    />
  </svg>`;

/** The composer's icons, drawn at the first render; the stop button's comes with the behaviour. */
export const SEND = 'M4 12l16-8-6 16-3-7z';
export const CLIP = 'M20 11l-8 8a5 5 0 0 1-7-7l8-8a3.5 3.5 0 0 1 5 5l-8 8a2 2 0 0 1-3-3l7-7';
