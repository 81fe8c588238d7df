import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { minifyCssLiterals } from '../../scripts/minify-css-literals.js';

describe('minifyCssLiterals', () => {
  it('minifies the CSS of a css`…` template and keeps the line count', () => {
    const code =
      'const a = css `\n  :host {\n    display: block;\n  }\n  [hidden] {\n    display: none !important;\n  }\n`;\nx();';
    const out = minifyCssLiterals(code);
    assert.match(
      out,
      /^const a = css `:host\{display:block\}\[hidden\]\{display:none!important\}`\n+;\nx\(\);$/,
    );
    assert.equal(out.split('\n').length, code.split('\n').length);
  });

  it('leaves templates with expressions or backslashes, and other tags, as they are', () => {
    const code = "css`a { color: ${c}; }`; css`a::before { content: '\\2014'; }`; html`<p>  x  </p>`;";
    assert.equal(minifyCssLiterals(code), code);
  });
});
