import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  minifyCssLiterals,
  minifyHtmlLiterals,
  minifyTemplateLiterals,
  tightenCss,
  tightenTags,
} from '../../scripts/minify-template-literals.js';

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

  it('minifies a template whose expressions stand where declarations may, each kept on its line', () => {
    const code = [
      'const t = css`',
      '  :host {',
      '    color: red;',
      '  }',
      '  @media (prefers-color-scheme: dark) {',
      '    :host {',
      '      ${DARK}',
      '    }',
      '  }',
      '  :host([dark]) {',
      '    ${DARK}',
      '    color-scheme: dark;',
      '  }',
      '`;',
    ].join('\n');
    const out = minifyCssLiterals(code);
    const lines = out.split('\n');
    assert.equal(lines.length, code.split('\n').length);
    assert.equal(lines[6], 'DARK}}}:host([dark]){${');
    assert.equal(lines[10], 'DARK};color-scheme:dark}`');
    assert.equal(
      out.replace(/\n/g, ''),
      'const t = css`:host{color:red}@media(prefers-color-scheme:dark){:host{${DARK}}}:host([dark]){${DARK};color-scheme:dark}`;',
    );
  });

  it('leaves templates with an expression elsewhere or backslashes, and other tags, as they are', () => {
    const code =
      "css`a { color: ${c}; }`; css`${s} { color: red; }`; css`a::before { content: '\\2014'; }`; html`<p>  x  </p>`;";
    assert.equal(minifyCssLiterals(code), code);
  });
});

describe('tightenCss', () => {
  it('drops the white space CSS does not need that esbuild keeps', () => {
    assert.equal(
      tightenCss(
        ':host{--_size: var(--ask-font-size, 1rem);--_shadow: var(--ask-shadow, 0 8px 24px rgb(0 0 0 / .14));' +
          'padding:calc(var(--_size) * 1.25 + 3px) calc(var(--_size) / 2);grid-area:1 / 1;' +
          'inline-size:min(var(--w, 40em),calc(100vw / var(--_zoom, 1) - 2em))}',
      ),
      ':host{--_size:var(--ask-font-size,1rem);--_shadow:var(--ask-shadow,0 8px 24px rgb(0 0 0/.14));' +
        'padding:calc(var(--_size)*1.25 + 3px) calc(var(--_size)/2);grid-area:1/1;' +
        'inline-size:min(var(--w,40em),calc(100vw/var(--_zoom,1) - 2em))}',
    );
  });

  it('keeps quoted strings, selectors, top-level commas and the white space calc() needs', () => {
    const css =
      '.a *{content:"a , b / c"}@media screen, print{.b{grid-template-areas:"t t" "d d";margin:calc(1em - 2px) 0}}' +
      ":host([x='a / b']) .c{font-family:'Segoe UI', x}";
    assert.equal(tightenCss(css), css);
  });
});

describe('tightenTags', () => {
  it('unquotes static attribute values HTML reads the same, and drops the space before a tag end', () => {
    assert.equal(
      tightenTags(
        'html`<button part="button x" type="button" @click=${f} >${t}</button><svg viewBox="0 0 2 2"><path stroke-width="1.6" /></svg>`;',
      ),
      'html`<button part="button x" type=button @click=${f}>${t}</button><svg viewBox="0 0 2 2"><path stroke-width=1.6 /></svg>`;',
    );
  });

  it('leaves text, bound and quoted-with-binding values, comments and escapes as they are', () => {
    const code = [
      'html`<p>Set type="button" ></p>`;',
      'html`<p class="a ${b}" title="${t}">x="y" ${z} x="y"</p>`;',
      'html`<!-- <a type="b" > -->`;',
      'html`<a title="a\\b" >`;',
      'html`<svg><path stroke-width="1.6"/></svg>`;',
      'css`a{b:"c"}`;',
    ].join('\n');
    assert.equal(tightenTags(code), code);
  });

  it('knows from the pieces before an expression whether the next piece starts in a tag', () => {
    assert.equal(
      tightenTags('html`<p>${a} x="y" <i class="b" ?hidden=${h} role="note" >${c}</i></p>`;'),
      'html`<p>${a} x="y" <i class=b ?hidden=${h} role=note>${c}</i></p>`;',
    );
  });
});

describe('minifyHtmlLiterals', () => {
  it('turns line breaks and indentation into one space, keeps each expression on its line', () => {
    const code = [
      'const a = html `<ul>',
      '    ${items.map((item) => html`<li',
      '        class="x"',
      '      >${item}</li>`)}',
      '  </ul>`;',
      'const b = svg`<path',
      '  d="M0 0" />`;',
    ].join('\n');
    const out = minifyHtmlLiterals(code);
    assert.equal(
      out,
      [
        'const a = html `<ul> ${',
        'items.map((item) => html`<li class="x" >${',
        '',
        'item}</li>`)} </ul>`',
        ';',
        'const b = svg`<path d="M0 0" />`',
        ';',
      ].join('\n'),
    );
  });

  it('drops the line break before the > of an end tag, and leaves a line continuation alone', () => {
    assert.equal(
      minifyHtmlLiterals('html`<a href=${h}\n  >${t}</a\n  >\n<b>x</b\n>`;'),
      'html`<a href=${h} >${\nt}</a> <b>x</b>`\n\n\n;',
    );
    const continued = 'html`<p>a\\\n  b</p>`;';
    assert.equal(minifyHtmlLiterals(continued), continued);
  });

  it('leaves white space within a line, expressions, strings and other tags as they are', () => {
    const code = 'html`<p>  a  ${"  x\\n  "}  b</p>`; css`\n  a {}\n`; const s = `\n  keep\n`;';
    assert.equal(minifyHtmlLiterals(code), code);
  });

  it('minifyTemplateLiterals applies both', () => {
    assert.equal(
      minifyTemplateLiterals('css`\n  a {\n    color: red;\n  }\n`; html`<p>\n  x\n</p>`;'),
      'css`a{color:red}`\n\n\n\n; html`<p> x </p>`\n\n;',
    );
  });
});
