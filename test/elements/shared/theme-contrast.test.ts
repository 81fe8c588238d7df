import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { themeStyles } from '../../../src/elements/shared/theme.js';
import { contrastRatio } from '../../support/contrast.js';

/**
 * The default colours of the shared theme, light and dark, against WCAG 2.2 AA: 4.5:1 for text
 * (1.4.3), 3:1 for what identifies a control or its state (1.4.11). A default changed in
 * theme.ts that breaks a pair fails here before any browser runs; the accessibility guide's
 * conformance table quotes these ratios. `--_border` is absent on purpose: it draws lines that
 * only decorate (1.6:1 light, 2.0:1 dark), never the one thing that shows a control.
 */
const TEXT: [string, string, string][] = [
  ['text', 'bg', 'text on the background'],
  ['text', 'surface', 'text on answers and the active result'],
  ['muted', 'bg', 'muted text and placeholders'],
  ['muted', 'surface', 'muted text on answers and the active result (sources, prompt, badges)'],
  ['accent', 'bg', "a result's link"],
  ['accent', 'surface', 'links in answers'],
  ['accent-text', 'accent', 'the question bubble'],
  ['highlight-text', 'highlight', 'the highlighted match'],
  ['error', 'bg', 'search errors and attachment notices'],
  ['error', 'surface', 'errors in the transcript'],
];
const NON_TEXT: [string, string, string][] = [
  ['focus', 'bg', 'the focus ring'],
  ['focus', 'surface', 'the focus ring in an answer'],
  ['accent', 'bg', 'the send button and a pressed thumb'],
  ['accent', 'surface', "the active result's marker, the confidence meter's filled bars"],
  ['accent-text', 'accent', 'the icon on the send and stop buttons'],
  ['muted', 'bg', 'the search icon, the thumbs'],
  ['muted', 'surface', "the feedback note's border on the reason form"],
];

/** The `--_name` defaults of the block after `selector` in the theme's CSS. */
function defaults(selector: string): Record<string, string> {
  const css = themeStyles.cssText;
  const block = css.slice(css.indexOf(selector), css.indexOf('}', css.indexOf(selector)));
  return Object.fromEntries(
    [...block.matchAll(/--_([\w-]+):\s*var\(--ask-color-[\w-]+,\s*(#[\da-f]{6})\)/g)].map((m) => [
      m[1],
      m[2],
    ]),
  );
}

const SCHEMES = { light: defaults(':host {'), dark: defaults(':host([color-scheme=dark i])') };

describe('the default theme contrast (WCAG 2.2 AA)', () => {
  for (const [scheme, colors] of Object.entries(SCHEMES)) {
    it(`reads every colour of the ${scheme} defaults`, () => {
      for (const name of ['text', 'muted', 'bg', 'surface', 'accent', 'focus', 'error', 'highlight'])
        assert.match(colors[name] ?? '', /^#/, name);
    });

    for (const [pairs, needed, criterion] of [
      [TEXT, 4.5, '1.4.3'],
      [NON_TEXT, 3, '1.4.11'],
    ] as const)
      it(`gives ${criterion}'s ${needed}:1 to each ${criterion === '1.4.3' ? 'text' : 'control'} pair, ${scheme}`, () => {
        const short = pairs
          .map(([fg, bg, what]) => ({ what, ratio: contrastRatio(colors[fg]!, colors[bg]!) }))
          .filter(({ ratio }) => ratio < needed)
          .map(({ what, ratio }) => `${what}: ${ratio.toFixed(2)}:1`);
        assert.deepEqual(short, []);
      });
  }
});
