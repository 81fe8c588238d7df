import { expect } from '@open-wc/testing';
import DOMPurify from 'dompurify';
import { renderAnswer } from '../../src/render/answer-renderer.js';

const containers: HTMLElement[] = [];

/** Renders into a live container, as the chat does, and returns it. */
async function rendered(text: string, format: 'markdown' | 'html' = 'markdown'): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.append(await renderAnswer(text, format));
  document.body.append(container);
  containers.push(container);
  return container;
}

afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

describe('renderAnswer', () => {
  it('renders markdown: headings, lists, code, tables, emphasis', async () => {
    const el = await rendered(
      '# Title\n\nSome *em* and **strong** text.\n\n- one\n- two\n\n```js\nconst a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(el.querySelector('h1')?.textContent).to.equal('Title');
    expect(el.querySelector('em')?.textContent).to.equal('em');
    expect(el.querySelectorAll('li').length).to.equal(2);
    expect(el.querySelector('pre code')?.className).to.equal('language-js');
    expect(el.querySelector('pre code')?.textContent).to.equal('const a = 1;\n');
    expect(el.querySelectorAll('td').length).to.equal(2);
  });

  it('renders html as given when it is clean', async () => {
    const el = await rendered('<p>Hello <strong>world</strong></p>', 'html');
    expect(el.innerHTML).to.equal('<p>Hello <strong>world</strong></p>');
  });

  it('keeps markdown syntax literal in the html format', async () => {
    const el = await rendered('**not bold**', 'html');
    expect(el.querySelector('strong')?.outerHTML).to.equal(undefined);
    expect(el.textContent).to.equal('**not bold**');
  });

  it('opens allowed links in a new tab without opener or referrer', async () => {
    const el = await rendered(
      '[docs](https://example.com/docs) [mail](mailto:a@example.com) [local](/guides/x)',
    );
    const links = Array.from(el.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      'https://example.com/docs',
      'mailto:a@example.com',
      '/guides/x',
    ]);
    for (const a of links) {
      expect(a.getAttribute('rel')).to.equal('noopener noreferrer');
      expect(a.getAttribute('target')).to.equal('_blank');
    }
  });

  for (const href of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    ' javascript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,iVBORw0KGgo=',
    '//evil.example/phish',
    '/\\evil.example/phish',
    '\\\\evil.example/phish',
    'ftp://example.com/file',
    'file:///etc/passwd',
  ]) {
    it(`never links to ${JSON.stringify(href)}`, async () => {
      const attribute = href.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
      for (const [text, format] of [
        [`<a href="${attribute}">click me</a>`, 'html'],
        [`<a href="${attribute}">click me</a>`, 'markdown'],
        [`[click me](<${href}>)`, 'markdown'],
      ] as const) {
        const el = await rendered(text, format);
        const link = el.querySelector('a');
        // Rejected (plain text), or what marked percent-encoded into a harmless same-site path.
        if (link) {
          expect(link.protocol, `${format}: ${text}`).to.equal(location.protocol);
          expect(link.host, `${format}: ${text}`).to.equal(location.host);
        }
        expect(el.textContent).to.contain('click me');
        el.remove();
      }
    });
  }

  it('renders a rejected link as its text, in both formats', async () => {
    for (const format of ['html', 'markdown'] as const) {
      const el = await rendered('<p>see <a href="javascript:alert(1)">this <em>page</em></a>.</p>', format);
      expect(el.innerHTML).to.equal('<p>see this <em>page</em>.</p>');
      el.remove();
    }
  });

  it('allows data:image only as an image source', async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const el = await rendered(
      `<img src="${png}" alt="dot"><img src="data:image/svg+xml,<svg onload=alert(1)>" alt="svg"><img src="javascript:alert(1)" alt="js">`,
      'html',
    );
    const images = el.querySelectorAll('img');
    expect(images.length).to.equal(1);
    expect(images[0]!.getAttribute('src')).to.equal(png);
    expect(images[0]!.getAttribute('referrerpolicy')).to.equal('no-referrer');
    // Rejected images read as their alt text.
    expect(el.textContent).to.contain('svg').and.to.contain('js');
  });

  it('checks every URL of a srcset', async () => {
    const el = await rendered(
      '<img src="/a.png" srcset="/a.png 1x, javascript:alert(1) 2x" alt="a"><img src="/b.png" srcset="/b.png 1x, https://cdn.example/b2.png 2x" alt="b">',
      'html',
    );
    const [a, b] = Array.from(el.querySelectorAll('img'));
    expect(a!.hasAttribute('srcset')).to.equal(false);
    expect(b!.getAttribute('srcset')).to.equal('/b.png 1x, https://cdn.example/b2.png 2x');
  });

  it('drops forbidden elements and attributes', async () => {
    const el = await rendered(
      `<p id="x" class="card" style="position:fixed" onclick="alert(1)">text</p>
       <script>alert(1)</script><iframe src="https://example.com"></iframe><object data="x"></object>
       <embed src="x"><base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">
       <form action="https://evil.example"><input type="text" name="password"><button formaction="https://evil.example">go</button></form>
       <style>* { display: none }</style><svg><script>alert(1)</script></svg><math><mi xlink:href="javascript:alert(1)">x</mi></math>
       <ul><li><input type="checkbox" checked> done</li></ul>`,
      'html',
    );
    expect(
      el.querySelector('script, iframe, object, embed, base, meta, form, style, svg, math, button')
        ?.outerHTML,
    ).to.equal(undefined);
    expect(el.querySelectorAll('input').length).to.equal(1);
    const box = el.querySelector('input')!;
    expect(box.type).to.equal('checkbox');
    expect(box.disabled).to.equal(true);
    const p = el.querySelector('p')!;
    expect(p.getAttributeNames()).to.deep.equal([]);
  });

  it("keeps its own configuration when the page configures DOMPurify's shared instance", async () => {
    // A page that bundles DOMPurify too shares its default instance, and setConfig there makes
    // DOMPurify ignore the configuration passed to sanitize.
    DOMPurify.setConfig({ RETURN_DOM_FRAGMENT: true });
    try {
      const el = await rendered(
        'Hi<style>p{position:fixed;inset:0}</style><p id="x">Session expired.</p><form><input></form>',
        'html',
      );
      expect(el.querySelector('style, form, input, [id]') === null, 'style, form and id dropped').to.equal(
        true,
      );
      expect(el.textContent).to.contain('Session expired.');
    } finally {
      DOMPurify.clearConfig();
    }
  });

  it('shows markup nested too deep to parse quickly as plain text, never failing', async () => {
    const unclosed = await rendered('<span><video>'.repeat(2000) + 'end &amp; &lt;b&gt;', 'html');
    expect(unclosed.querySelector('span, video') === null, 'not parsed').to.equal(true);
    expect(unclosed.textContent, 'its text, its entities decoded, not its tags').to.equal('end & <b>');
    // marked overflows its stack on 2,000 nested quotes.
    const quotes = await rendered(`${'>'.repeat(2000)} deep`);
    expect(quotes.textContent).to.contain('deep');
    expect(quotes.querySelector('blockquote') === null).to.equal(true);
    // Nested a few levels, as real answers are, it renders as markdown.
    const shallow = await rendered('> > quoted twice');
    expect(shallow.querySelectorAll('blockquote').length).to.equal(2);
  });

  it('renders long lists and tables written without their optional end tags as markup', async () => {
    const steps = Array.from({ length: 300 }, (_, i) => `<li>Step ${i}`).join('\n');
    const list = await rendered(`<ol>${steps}</ol>`, 'html');
    expect(list.querySelectorAll('li').length).to.equal(300);
    const rows = Array.from({ length: 120 }, (_, i) => `<tr><td>a${i}<td>b${i}`).join('');
    const table = await rendered(`<table>${rows}</table>`, 'html');
    expect(table.querySelectorAll('td').length).to.equal(240);
    const paragraphs = Array.from({ length: 300 }, (_, i) => `<p>Para ${i}`).join('\n');
    const prose = await rendered(`Intro\n\n<div>\n${paragraphs}\n</div>`);
    expect(prose.querySelectorAll('p').length).to.be.at.least(300);
  });

  it('shows an answer over 200,000 characters as plain text paragraphs', async () => {
    const long = `**bold** ${'word '.repeat(45_000)}\n\nsecond paragraph`;
    const el = await rendered(long);
    expect(el.querySelector('strong') === null).to.equal(true);
    expect(el.querySelectorAll('p').length).to.equal(2);
  });

  it('renders nothing from a frameset document rather than failing', async () => {
    const el = await rendered('<frameset onload=alert(1)>', 'html');
    expect(el.innerHTML).to.equal('');
  });

  it('never sets innerHTML on a live element: the result is an inert fragment until attached', async () => {
    const fragment = await renderAnswer('<img src="/nonexistent.png" alt="x">', 'html');
    expect(fragment instanceof DocumentFragment).to.equal(true);
    // Parsed in DOMPurify's inert document: the image is not fetched until the chat attaches it.
    expect(fragment.querySelector('img')!.ownerDocument === document).to.equal(false);
  });
});
