import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { AnswerInput } from '../../src/server/answer/answerer.js';
import { type AnswerBlock, renderHtml, renderMarkdown } from '../../src/server/answer/answer-format.js';
import { questionWords } from '../../src/server/answer/answer-evidence.js';
import { paragraphSentences, selectAnswer } from '../../src/server/answer/answer-sentences.js';
import {
  createExtractiveAnswerer,
  type ExtractiveAnswerer,
} from '../../src/server/answer/extractive-answerer.js';
import { definiteFollowUp, implicitFollowUp, resolveFollowUp } from '../../src/server/answer/follow-up.js';
import { htmlDocument } from '../../src/server/content/html-document.js';
import { markdownDocument } from '../../src/server/content/markdown-document.js';
import type { DocumentSection } from '../../src/server/content/document.js';
import { loadContentFolder } from '../../src/server/content/load-folder.js';
import { createOramaIndex } from '../../src/server/search/orama-index.js';
import { TextAnalyser } from '../../src/server/search/text-analyser.js';
import type { ConversationTurn } from '../../src/server/store/store.js';

const DEMO = new URL('../../demo/content/', import.meta.url).pathname;
const analyser = new TextAnalyser();

function section(heading: string, text: string, level = 2, code: string[] = []): DocumentSection {
  return { heading, anchor: heading.toLowerCase().replace(/\W+/g, '-'), level, text, code };
}

/** Selects from these sections of one page, all of them candidates. */
function select(question: string, title: string, sections: DocumentSection[]) {
  return selectAnswer(
    question,
    questionWords(question, analyser),
    sections.map((candidate) => ({ section: candidate, title })),
    analyser,
    sections,
  );
}

const texts = (blocks: AnswerBlock[]) =>
  blocks.map((block) =>
    block.kind === 'table'
      ? `table: ${[block.header, ...block.rows].map((row) => row.join(' | ')).join(' / ')}`
      : block.kind === 'list'
        ? `list: ${block.items.join(' / ')}`
        : `${block.kind}: ${block.text}`,
  );

describe('choosing the sentences an answer quotes', () => {
  const widget = [
    section(
      'Styling and translating the widget',
      'The widget renders in shadow DOM: the page CSS does not reach inside. Change colours and fonts with custom properties.',
      1,
    ),
    section(
      'Custom properties',
      'The widget adds a few properties of its own. They are read on every render.\n\nproperty; default; used for\n\n--widget-width; 20rem; width of the widget panel\n\n--widget-gap; 1rem; space between widget items',
    ),
    section('Parts', 'Style the inside of the widget with ::part(): its input, panel and list.'),
    section(
      'Dark mode',
      'The defaults follow the visitor preference; a site theme sets the properties itself.',
    ),
    section(
      'Right-to-left pages',
      'The widget uses logical properties only, so it looks right under dir=rtl.',
    ),
    section(
      'Translating every string',
      'Set the strings property to the words you want to change. The others keep their English default.\n\nStrings are inserted as text, never as HTML.',
    ),
  ];

  it('quotes the section that answers, not the page opening that repeats the title', () => {
    const selected = select('How do I translate the widget?', 'Styling and translating the widget', widget);
    assert.equal(selected.section, 5);
    assert.deepEqual(texts(selected.blocks), [
      'text: Set the strings property to the words you want to change. The others keep their English default.',
    ]);
  });

  it('keeps the sentence that a chosen one leans on, in page order', () => {
    const selected = select('When are the properties read?', 'Styling and translating the widget', widget);
    assert.equal(selected.section, 1);
    assert.equal(
      texts(selected.blocks)[0],
      'text: The widget adds a few properties of its own. They are read on every render.',
    );
  });

  it('keeps the sentence before one that starts with a connective or an opening clause drawing on it', () => {
    const cases = [
      ['The endpoint is public.', 'Therefore, verify each webhook request with the signing secret.'],
      ['Use keyframes for animations.', 'In this case, fadeIn becomes the name of the animation.'],
      ['The toolkit talks to databases.', 'When paired with edge workers, it deploys serverless apps.'],
      ['Plain env is missing on workers.', 'If you want to use it, enable the populate env flag.'],
      ['Serve files from disk.', 'For example, suppose the directory structure holds hello.txt.'],
      ['Pages on other sites call the API.', 'For them we have to allow cross-origin requests.'],
    ];
    const questions = [
      'How do I verify a webhook request with the signing secret?',
      'What becomes the name of the fadeIn animation?',
      'Can I deploy serverless apps with edge workers?',
      'How do I enable the populate env flag?',
      'What if the directory structure holds hello.txt?',
      'How do we allow cross-origin requests?',
    ];
    cases.forEach(([first, second], i) => {
      const page = [section('Guide', 'An unrelated opening.', 1), section('Details', `${first} ${second}`)];
      const selected = select(questions[i] as string, 'Guide', page);
      assert.deepEqual(texts(selected.blocks), [`text: ${first} ${second}`], questions[i]);
    });
    // An "it" of the sentence's own subject draws on nothing before it.
    const own = 'When the server forgets a conversation (it was restarted), it starts a new one.';
    const page = [
      section('Guide', 'An unrelated opening.', 1),
      section('Details', `Tabs keep a copy. ${own}`),
    ];
    const selected = select('What happens when the server forgets a conversation?', 'Guide', page);
    assert.deepEqual(texts(selected.blocks), [`text: ${own}`]);
  });

  it('quotes a table row with its header row, not the rows that do not match', () => {
    const cli = [
      section(
        'Flags',
        'Flag; Default; Meaning\n\n--content DIR; the demo; Folder of documents; hidden folders are skipped.\n\n--port N; 8787; Port to listen on.\n\n--host HOST; 127.0.0.1; Interface to listen on.',
      ),
    ];
    const selected = select('What is the default port?', 'The command line', cli);
    assert.deepEqual(texts(selected.blocks), [
      'table: Flag | Default | Meaning / --port N | 8787 | Port to listen on.',
    ]);
  });

  it('quotes a table chosen by its header row alone with its first rows, never a bare header', () => {
    const styling = [
      section(
        'Parts',
        'Part; Element\n\nbase; the wrapper\n\ninput; the text input\n\nlistbox; the list of results',
      ),
    ];
    const selected = select('how do I style parts of the element', 'Styling', styling);
    assert.deepEqual(texts(selected.blocks), [
      'table: Part | Element / base | the wrapper / input | the text input / listbox | the list of results',
    ]);
  });

  it('renders a quoted row as a table, a cell holding "; " kept whole, in both formats', () => {
    const cli = [
      section(
        'Flags',
        'Flag; Default; Meaning\n\n--content DIR; the demo; Folder of documents; hidden folders are skipped.\n\n--port N; 8787; Port to listen on.',
      ),
    ];
    const selected = select('What folder does --content DIR index?', 'The command line', cli);
    assert.deepEqual(texts(selected.blocks), [
      'table: Flag | Default | Meaning / --content DIR | the demo | Folder of documents; hidden folders are skipped.',
    ]);
    assert.equal(
      renderMarkdown(selected.blocks),
      '| Flag | Default | Meaning |\n| --- | --- | --- |\n| --content DIR | the demo | Folder of documents; hidden folders are skipped. |',
    );
    assert.equal(
      renderHtml([{ kind: 'table', header: ['a', 'b'], rows: [['<x>', 'y | z']] }]),
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>&lt;x&gt;</td><td>y | z</td></tr></tbody></table>',
    );
    assert.equal(
      renderMarkdown([{ kind: 'table', header: ['a', 'b'], rows: [['<x>', 'y | z']] }]),
      '| a | b |\n| --- | --- |\n| \\<x\\> | y \\| z |',
    );
  });

  it('writes a code block with the language its page names, in both formats', () => {
    const blocks: AnswerBlock[] = [
      { kind: 'code', text: 'app.get("/", (c) => c.text("Hi"))', language: 'ts' },
      { kind: 'code', text: 'npm i hono' },
      { kind: 'code', text: 'x', language: 'a"><script>' },
    ];
    assert.equal(
      renderMarkdown(blocks),
      '```ts\napp.get("/", (c) => c.text("Hi"))\n```\n\n```\nnpm i hono\n```\n\n```\nx\n```',
    );
    assert.equal(
      renderHtml(blocks),
      '<pre><code class="language-ts">app.get(&quot;/&quot;, (c) =&gt; c.text(&quot;Hi&quot;))</code></pre>\n<pre><code>npm i hono</code></pre>\n<pre><code>x</code></pre>',
    );
  });

  it('quotes a code block with the blank lines the page shows in it, from Markdown and HTML pages', () => {
    const message =
      'PATCH /users/123 HTTP/1.1\nContent-Type: application/json\n\n{\n  "status": "suspended"\n}';
    const pages = [
      markdownDocument(
        'patch.md',
        `# PATCH\n\n## Example\n\nA request that suspends a user:\n\n\`\`\`http\n${message}\n\`\`\`\n`,
      ),
      htmlDocument(
        'patch.html',
        `<title>PATCH</title><main><h2>Example</h2><p>A request that suspends a user:</p><pre><code class="language-http">${message.replace(/"/g, '&quot;')}</code></pre></main>`,
      ),
    ];
    for (const page of pages) {
      const selected = select('How do I send a PATCH request to suspend a user?', 'PATCH', page.sections);
      // The body stands apart from the headers, as HTTP writes it; the section's text has no
      // blank line in it, which would end a paragraph there.
      assert.equal(
        renderMarkdown(selected.blocks),
        `A request that suspends a user:\n\n\`\`\`http\n${message}\n\`\`\``,
      );
      assert.match(renderHtml(selected.blocks), /application\/json\n\n\{/);
      assert.doesNotMatch(page.sections[1]?.text ?? '', /\n\n\{/);
    }
  });

  it('puts a blank line back where the page had it, after a line of only a no-break space', () => {
    // An HTML page's `&nbsp;` line is no blank line in the section's text, where it stays: the
    // blank lines after it were put back a line too early, and the one before the call was lost.
    const code =
      'const cache = await caches.open("v1");\n\u00a0\nawait cache.add("/index.html");\n\nreport(cache);';
    const page = htmlDocument(
      'cache.html',
      `<title>Cache</title><main><h2>Example</h2><p>Open a cache and add a page to it:</p><pre><code class="language-js">${code.replace(/"/g, '&quot;').replace('\u00a0', '&nbsp;')}</code></pre></main>`,
    );
    const selected = select('How do I open a cache and add a page to it?', 'Cache', page.sections);
    assert.equal(
      renderMarkdown(selected.blocks),
      `Open a cache and add a page to it:\n\n\`\`\`js\n${code}\n\`\`\``,
    );
  });

  it('quotes a paragraph after a table as text, though it holds "; ", in Markdown and HTML pages', () => {
    const pages = [
      markdownDocument(
        'install.md',
        '# Install\n\n## Imports\n\n| import | what you get |\n| --- | --- |\n| `kit` | the classes |\n| `kit/define` | registers the tags |\n\nThe server packages are optional dependencies; a failed compile of SQLite leaves the install working.\n',
      ),
      htmlDocument(
        'install.html',
        '<title>Install</title><main><h2>Imports</h2><table><tr><th>import</th><th>what you get</th></tr><tr><td><code>kit</code></td><td>the classes</td></tr><tr><td><code>kit/define</code></td><td>registers the tags</td></tr></table><p>The server packages are optional dependencies; a failed compile of SQLite leaves the install working.</p></main>',
      ),
    ];
    for (const page of pages) {
      const selected = select('Are the server packages optional dependencies?', 'Install', page.sections);
      assert.deepEqual(
        texts(selected.blocks),
        [
          'text: The server packages are optional dependencies; a failed compile of SQLite leaves the install working.',
        ],
        page.link,
      );
      // The table's own rows are still a table.
      const define = select('What does kit/define give?', 'Install', page.sections);
      assert.deepEqual(
        texts(define.blocks),
        ['table: import | what you get / `kit/define` | registers the tags'],
        page.link,
      );
    }
  });

  it('quotes a short list whole, as a list, when one of its items answers', () => {
    const page = markdownDocument(
      'errors.md',
      '# Errors\n\n## ApiError\n\nEvery failure rejects with an `ApiError`. Its fields:\n\n- `status`: the HTTP status.\n- `code`: the error code of the service.\n- `field`: the request field at fault.\n\n## Retries\n\nThe client retries twice.\n',
    );
    const selected = select('What fields does ApiError have?', 'Errors', page.sections);
    assert.deepEqual(texts(selected.blocks), [
      'text: Every failure rejects with an `ApiError`. Its fields:',
      'list: `status`: the HTTP status. / `code`: the error code of the service. / `field`: the request field at fault.',
    ]);
    assert.equal(
      renderMarkdown(selected.blocks),
      'Every failure rejects with an `ApiError`. Its fields:\n\n- `status`: the HTTP status.\n- `code`: the error code of the service.\n- `field`: the request field at fault.',
    );
    assert.match(renderHtml(selected.blocks), /<ul><li><code>status<\/code>: the HTTP status\.<\/li><li>/);
    const steps = markdownDocument(
      'steps.md',
      '# Deploy\n\n## Steps\n\n1. Build the site.\n2. Upload the dist folder.\n',
    );
    const deploy = select('How do I upload the dist folder?', 'Deploy', steps.sections);
    assert.match(renderMarkdown(deploy.blocks), /^1\. Build the site\.\n2\. Upload the dist folder\.$/);
    assert.match(
      renderHtml(deploy.blocks),
      /^<ol><li>Build the site\.<\/li><li>Upload the dist folder\.<\/li><\/ol>$/,
    );
    // Numbered as the page numbers them, where a list of more than ten is quoted in part.
    const long = markdownDocument(
      'long.md',
      `# Deploy\n\n## Steps\n\n${Array.from({ length: 12 }, (_, i) => `${i + 1}. Step ${i + 1} of the deploy${i === 6 ? ', configure the wrangler secret' : ''}.`).join('\n')}\n`,
    );
    const seventh = select('How do I configure the wrangler secret?', 'Deploy', long.sections);
    assert.match(
      renderMarkdown(seventh.blocks),
      /^7\. Step 7 of the deploy, configure the wrangler secret\./,
    );
    assert.match(renderHtml(seventh.blocks), /^<ol start="7"><li>Step 7/);
  });

  it("quotes a definition list's description with its term, and a term with its description", () => {
    // MDN's definition lists: `- term` then `  - : description`.
    const page = markdownDocument(
      'cache.md',
      [
        '# Store',
        '',
        '## Instance methods',
        '',
        '- `Store.match()`',
        '  - : Returns a promise for the first response whose request matches.',
        '- `Store.add()`',
        '  - : Takes a URL, fetches it and keeps the response in the store.',
        '- `Store.delete()`',
        '  - : Finds the entry for a request and removes it.',
        '',
        '## Status codes',
        '',
        '- 404 Not Found',
        '  - : The server cannot find the requested resource.',
        '- 410 Gone',
        '  - : The resource was removed for good.',
        '',
      ].join('\n'),
    );
    const add = select('fetch a URL and keep the response', 'Store', page.sections);
    assert.equal(
      renderMarkdown(add.blocks),
      '- `Store.add()` — Takes a URL, fetches it and keeps the response in the store.',
    );
    assert.equal(
      renderHtml(add.blocks),
      '<ul><li><code>Store.add()</code> — Takes a URL, fetches it and keeps the response in the store.</li></ul>',
    );
    const notFound = select('what does 404 Not Found mean', 'Store', page.sections);
    assert.equal(
      renderMarkdown(notFound.blocks),
      '- 404 Not Found — The server cannot find the requested resource.',
    );
  });

  it('quotes the item that answers, not the whole list, from a list of points under a heading', () => {
    const page = markdownDocument(
      'index.md',
      [
        '# Widgets',
        '',
        '## Why use it',
        '',
        '- **Small**: the search box alone is a few kilobytes gzipped; the renderer is loaded only when someone asks a question.',
        '- **Accessible**: the search box follows the combobox pattern, with a live region that announces the number of results.',
        '- **Safe**: every answer goes through one sanitizing path and works on pages that require Trusted Types.',
        '- **Yours**: self-host the service over your own documents, or point the elements at a hosted service.',
        '- **Free and open source**: MIT licence, for the elements, the client and the service; no account, no fee.',
        '',
        '## Install',
        '',
        'Run `npm install widgets`.',
        '',
      ].join('\n'),
    );
    const selected = select('Is it open source? What licence?', 'Widgets', page.sections);
    assert.equal(
      renderMarkdown(selected.blocks),
      '- Free and open source: MIT licence, for the elements, the client and the service; no account, no fee.',
    );
    // A list the question asks for is quoted whole.
    const asked = select('What are the reasons to use it?', 'Widgets', page.sections);
    assert.equal((asked.blocks[0] as Extract<AnswerBlock, { kind: 'list' }>).items.length, 5);
  });

  it("quotes a later sentence of a list item with the item's first, and never half a quotation", () => {
    const page = markdownDocument(
      'index.md',
      [
        '# Operations',
        '',
        '## Checklist',
        '',
        '- **Backups.** Copy the database file while the service runs, with `sqlite3 .backup`.',
        '- **Retention.** By default nothing is deleted. Give `--keep-days 90` to delete questions older than 90 days.',
        '- A failed vote says so ("Your vote could not be sent. Try again."). The form keeps what was written.',
        '- **Updates.** Restart the service after you publish new documents.',
        '',
      ].join('\n'),
    );
    assert.equal(
      renderMarkdown(
        select('How do I delete questions older than 90 days?', 'Operations', page.sections).blocks,
      ),
      '- Retention. Give `--keep-days 90` to delete questions older than 90 days.',
    );
    assert.equal(
      renderMarkdown(select('Does the form keep what was written?', 'Operations', page.sections).blocks),
      '- A failed vote says so ("Your vote could not be sent. Try again."). The form keeps what was written.',
    );
    // A sentence ends after the quotation or parenthesis it opens, whatever full stops it holds.
    assert.deepEqual(
      paragraphSentences('It says so ("Not sent. Try again."). Then it waits (a second. Or two.).'),
      ['It says so ("Not sent. Try again.").', 'Then it waits (a second. Or two.).'],
    );
  });

  it("splits sentences after a quotation closed in another language's marks", () => {
    // German opens with „ and closes with “, which is English's opening mark: counted as one left
    // open, it joined every sentence after it, and an answer quoted the whole paragraph.
    assert.deepEqual(
      paragraphSentences('Die Option heißt „port“. Sie legt den Port fest. Der Standard ist 3000.'),
      ['Die Option heißt „port“.', 'Sie legt den Port fest.', 'Der Standard ist 3000.'],
    );
    assert.deepEqual(paragraphSentences('Svaret är ”ok”. Sedan vidare. Slut.'), [
      'Svaret är ”ok”.',
      'Sedan vidare.',
      'Slut.',
    ]);
    // A quotation still open at a full stop goes on, in either language's marks.
    assert.deepEqual(paragraphSentences('Sie sagt „Nicht gesendet. Nochmal“ und wartet. Ende.'), [
      'Sie sagt „Nicht gesendet. Nochmal“ und wartet.',
      'Ende.',
    ]);
    assert.deepEqual(paragraphSentences('It says “Not sent. Try again.” Then it waits.'), [
      'It says “Not sent. Try again.”',
      'Then it waits.',
    ]);
    // French guillemets, a space inside them: a full stop within is no end, the closing one is
    // its sentence's, and the text after it in lower case goes on with that sentence.
    assert.deepEqual(paragraphSentences('Choisissez « Exporter. Puis fermer » dans le menu. Relancez.'), [
      'Choisissez « Exporter. Puis fermer » dans le menu.',
      'Relancez.',
    ]);
    assert.deepEqual(paragraphSentences('Cliquez sur « Tout exporter. » Ensuite, relancez.'), [
      'Cliquez sur « Tout exporter. »',
      'Ensuite, relancez.',
    ]);
    assert.deepEqual(paragraphSentences('Il dit « Prêt. Partez. » et il part. Fin.'), [
      'Il dit « Prêt. Partez. » et il part.',
      'Fin.',
    ]);
    // German's and Danish's point the other way.
    assert.deepEqual(paragraphSentences('Er sagt »Nicht gesendet. Nochmal« und wartet. Ende.'), [
      'Er sagt »Nicht gesendet. Nochmal« und wartet.',
      'Ende.',
    ]);
  });

  it("shows the example a section only points to, from its subsections' code", () => {
    const page = markdownDocument(
      'setinterval.md',
      [
        '# setInterval()',
        '',
        '## Alternating two colours',
        '',
        'The following example calls the `flashText()` function once a second until Stop is pressed.',
        '',
        '### HTML',
        '',
        '```html',
        '<div id="box">Hello</div>',
        '<button id="stop">Stop</button>',
        '```',
        '',
        '### JavaScript',
        '',
        '```js',
        'const id = setInterval(flashText, 1000);',
        '',
        'function flashText() {',
        '  box.classList.toggle("go");',
        '}',
        '```',
        '',
        '## Specifications',
        '',
        'HTML Living Standard.',
        '',
      ].join('\n'),
    );
    const selected = select('which example calls flashText once a second?', 'setInterval()', page.sections);
    // The pointer alone promised an example; the subsection's code that holds most of the
    // question follows it (the markup, which holds none, is no example of it).
    assert.deepEqual(
      selected.blocks.map((block) => block.kind),
      ['text', 'code'],
    );
    const code = selected.blocks[1];
    assert.ok(
      code?.kind === 'code' && code.text.includes('setInterval(flashText, 1000)'),
      JSON.stringify(code),
    );
  });

  it("shows the CSS of a demo, not its markup's filler text, for a question the filler happens to say", () => {
    const page = markdownDocument(
      'text-decoration.md',
      [
        '# text-decoration',
        '',
        'The text-decoration property sets the lines drawn on text.',
        '',
        '## Examples',
        '',
        '### Removing the underline',
        '',
        '```html',
        '<p>This <a class="plain" href="#">link will not be underlined</a>, as links usually are.</p>',
        '```',
        '',
        '```css',
        '.under {',
        '  text-decoration: underline red;',
        '}',
        '.plain {',
        '  text-decoration: none;',
        '}',
        '```',
        '',
      ].join('\n'),
    );
    const selected = select('remove the underline from links', 'text-decoration', page.sections);
    const code = selected.blocks.find((block) => block.kind === 'code');
    assert.ok(code?.kind === 'code' && code.language === 'css', JSON.stringify(selected.blocks));
  });

  it('quotes the first tab of a code group, and the sentence before it, for a "Then, …" that follows it', () => {
    const page = markdownDocument(
      'nextjs.md',
      [
        '# Next.js',
        '',
        '## Pages Router',
        '',
        "If you use the Pages Router, you'll need to install the Node.js adapter first.",
        '',
        '::: code-group',
        '',
        '```sh [npm]',
        'npm i @hono/node-server',
        '```',
        '',
        '```sh [bun]',
        'bun add @hono/node-server',
        '```',
        '',
        ':::',
        '',
        'Then, you can use `getRequestListener` from `@hono/node-server` in `pages/api/[[...route]].ts`.',
        '',
      ].join('\n'),
    );
    const selected = select(
      'use getRequestListener in pages/api with the Pages Router',
      'Next.js',
      page.sections,
    );
    assert.deepEqual(texts(selected.blocks), [
      "text: If you use the Pages Router, you'll need to install the Node.js adapter first.",
      'code: npm i @hono/node-server',
      'text: Then, you can use `getRequestListener` from `@hono/node-server` in `pages/api/[[...route]].ts`.',
    ]);
  });

  it('escapes a list mark only where it starts a line, not after a code span', () => {
    assert.equal(
      renderMarkdown([{ kind: 'text', text: '`create-hono` - the project initializer.\n- a list mark' }]),
      '`create-hono` - the project initializer.\n\\- a list mark',
    );
    assert.equal(renderMarkdown([{ kind: 'text', text: '- starts a line' }]), '\\- starts a line');
  });

  it('lists the first column of a table for a question asking which ones there are', () => {
    const events = [
      section(
        'Events',
        'All events bubble. They fire for what visitors do.\n\nevent; detail; when\n\nw-open; {}; the panel opened\n\nw-close; {}; the panel closed\n\nw-pick; { item }; an item was picked',
        1,
      ),
    ];
    const selected = select('Which events does the widget fire?', 'Widget events', events);
    assert.deepEqual(texts(selected.blocks), [
      'text: All events bubble. They fire for what visitors do.',
      'text: event: w-open, w-close, w-pick',
    ]);
  });

  it('keeps the code blocks that belong to the quoted sentences', () => {
    const install = 'npm install widget-kit';
    const define = "import 'widget-kit/define';";
    const npm = [
      section(
        'With npm',
        `${install}\n\nThen, in your application:\n\n${define}\n\nThe package has two entry points.`,
        2,
        [install, define],
      ),
    ];
    const selected = select('How do I install widget-kit?', 'Install widget-kit', npm);
    assert.deepEqual(texts(selected.blocks), [
      `code: ${install}`,
      'text: Then, in your application:',
      `code: ${define}`,
    ]);
  });

  it('shows the code right after a quoted sentence that points at it or names what it shows', () => {
    const port = 'export default {\n  port: 3000,\n  fetch: app.fetch,\n}';
    const order = "app.use(logger())\napp.get('/', handler)";
    const page = [
      section('Server', 'Run the server on any runtime.', 1),
      section(
        'Change port number',
        `You can specify the port number with exporting the \`port\`.\n\n${port}`,
        2,
        [port],
      ),
      section('Execution order', `Middleware runs in the order it is registered. See below.\n\n${order}`, 2, [
        order,
      ]),
      section('Timeouts', `A slow request is aborted after \`timeoutMs\`.\n\n${order}`, 2, [order]),
    ];
    const texts2 = (question: string) => texts(select(question, 'Server', page).blocks);
    assert.deepEqual(texts2('my server starts on port 3000 but I need another port number'), [
      'text: You can specify the port number with exporting the `port`.',
      `code: ${port}`,
    ]);
    assert.deepEqual(texts2('In what order does middleware run?'), [
      'text: Middleware runs in the order it is registered. See below.',
      `code: ${order}`,
    ]);
    // A block that shows nothing the sentence names is not its example.
    assert.deepEqual(texts2('When is a slow request aborted?'), [
      'text: A slow request is aborted after `timeoutMs`.',
    ]);
  });

  it('prefers the sentence under a heading holding the word to one matching as well in passing', () => {
    const context = [
      section('Context', 'The context is passed to every handler.', 1),
      section('ContextVariableMap', 'A variable that middleware sets is typed where it is returned as JSON.'),
      section('json()', 'Returns JSON as `Content-Type: application/json`.'),
      section('text()', 'Returns text as `Content-Type: text/plain`.'),
    ];
    const selected = select('How do I return JSON?', 'Context', context);
    assert.equal(selected.section, 2);
    assert.deepEqual(texts(selected.blocks), ['text: Returns JSON as `Content-Type: application/json`.']);
  });

  it("prefers the page's opening, which says what its subject does, to a detail matching as well", () => {
    const map = [
      section(
        'map()',
        'The map() method creates a new array from the results of calling a function on every element.',
        1,
      ),
      section(
        'Mapping an array-like object',
        'This example calls a function on every element of an array-like object to make a new array.',
      ),
    ];
    const selected = select('make a new array by calling a function on every element', 'map()', map);
    assert.equal(selected.section, 0);
  });

  it('weighs a name the question asks about above common words that match in passing', () => {
    const validation = [
      section('Validation', 'Hono validates the request body, its query and headers.', 1),
      section('Standard Schema', 'Valibot works through Standard Schema, as Zod does.'),
      section('With Zod', 'Zod checks the request body against a schema.'),
      section(
        'Manual validator',
        'Import the validator. Without a matching content type, the request body is not parsed.',
      ),
    ];
    const selected = select('validate the request body with Valibot', 'Validation', validation);
    assert.equal(selected.section, 1);
  });

  it('weighs a verb that only says the visitor wants something done ("make") little against the subject asked', () => {
    // `## Size` says "make" and "chat" in one sentence, none of them what is asked; the opening
    // says the chat has dark defaults. Search weighs such verbs little too (`GENERIC_IMPORTANCE`).
    const styling = [
      section(
        'Styling the chat',
        "To change the chat's colours, font or spacing, set its custom properties on the element or on any ancestor. They have light and dark defaults that follow the system setting.",
        1,
      ),
      section(
        'Size',
        'To make the chat bigger or smaller, give the element a height: the composer stays at the bottom and the transcript takes the room above it.',
      ),
      section(
        'Parts',
        'Each message, answer and button is a part: style it with ::part(). The defaults follow the system; color-scheme="dark" on the element keeps it in one.',
      ),
    ];
    const question = 'how do I make the chat dark';
    const selected = selectAnswer(
      question,
      questionWords(question, analyser),
      [styling[0], styling[2], styling[1]].map((candidate) => ({
        section: candidate!,
        title: 'Styling the chat',
      })),
      analyser,
      styling,
    );
    assert.notEqual(selected.section, 2, 'not `## Size`');
    assert.match(texts(selected.blocks).join(' '), /dark/);
  });

  it("keeps the opening's head start for a question about the page's subject when the opening holds the name asked", () => {
    // Search ranked `## Usage`, which lacks "Valibot", first: the opening, the section preferred
    // for "What is…", holds the name (in its heading, the title) and keeps its head start.
    const opening = section('Valibot Validator', 'This validator checks request data against a schema.', 1);
    const usage = section('Usage', 'Create a schema, then pass it with the target to the middleware.');
    const checks = section(
      'How it validates',
      'The Valibot Validator checks the JSON body, the query, the form and the headers of a request with Valibot.',
    );
    const question = 'What is the Valibot Validator?';
    const selected = selectAnswer(
      question,
      questionWords(question, analyser),
      [usage, opening, checks].map((candidate) => ({ section: candidate, title: 'Valibot Validator' })),
      analyser,
      [opening, usage, checks],
    );
    assert.deepEqual(texts(selected.blocks), ['text: This validator checks request data against a schema.']);
  });

  it('quotes the list that a quoted sentence announces', () => {
    const stacks = [
      section('Stacks', 'A stack is a set of parts.', 1),
      section(
        'The parts',
        'The server shares its types with the client. The following libraries make it possible.\n\nHono: the API server\n\nZod: the validator\n\n`hc`: the HTTP client\n\nNow write the server. Then the client.',
      ),
    ];
    const selected = select('Which libraries does the stack combine?', 'Stacks', stacks);
    assert.deepEqual(texts(selected.blocks), [
      'text: The following libraries make it possible.',
      'text: Hono: the API server',
      'text: Zod: the validator',
      'text: `hc`: the HTTP client',
    ]);
  });

  it('quotes the table that a quoted sentence announces with a colon, header and first rows', () => {
    const generation = [
      section(
        'Answer generation',
        'By default the service quotes your documents. Set two environment variables and a language model writes the answer:\n\nvariable; required; meaning\n\n`LLM_BASE_URL`; yes; the API base URL\n\n`LLM_MODEL`; yes; the model name\n\nThen restart.',
        1,
      ),
    ];
    const selected = select(
      'Which environment variables turn on a language model?',
      'Generation',
      generation,
    );
    assert.deepEqual(texts(selected.blocks), [
      'text: Set two environment variables and a language model writes the answer:',
      'table: variable | required | meaning / `LLM_BASE_URL` | yes | the API base URL / `LLM_MODEL` | yes | the model name',
    ]);
  });

  it('answers a how-to question with the code that does it', () => {
    const code = "app.get('/cookie', (c) => {\n  setCookie(c, 'name', 'value')\n})";
    const cookies = [
      section('Cookie Helper', 'The Cookie Helper provides an interface to manage cookies.', 1),
      section('Signed cookies', 'NOTE: Setting and retrieving signed cookies returns a Promise.'),
      section('Regular cookies', code, 3, [code]),
    ];
    const selected = select('How can I set a cookie?', 'Cookie Helper', cookies);
    assert.equal(selected.section, 2);
    // After the page's first sentence, which says what the code is about; not after the note above it.
    assert.deepEqual(texts(selected.blocks), [
      'text: The Cookie Helper provides an interface to manage cookies.',
      `code: ${code}`,
    ]);
  });

  it('introduces code with a sentence that begins "Note that", but not with an aside labelled Note', () => {
    const code = "setSignedCookie(c, 'session', 'value', secret)";
    const question = 'How can I set a signed cookie?';
    /** The blocks answering the question from the code under `### Setting one` alone, below `above`. */
    const answer = (above: string) => {
      const page = [
        section('Cookie Helper', 'The Cookie Helper provides an interface to manage cookies.', 1),
        section('Signed cookies', above),
        section('Setting one', code, 3, [code]),
      ];
      const candidates = [{ section: page[2]!, title: 'Cookie Helper' }];
      return texts(
        selectAnswer(question, questionWords(question, analyser), candidates, analyser, page).blocks,
      );
    };
    assert.deepEqual(answer('Note that signed cookies are set with a secret.'), [
      'text: Note that signed cookies are set with a secret.',
      `code: ${code}`,
    ]);
    // An aside, its label before a colon or a sentence: the page's opening instead.
    for (const aside of [
      'Note: signed cookies are set with a secret.',
      'NOTE Signed cookies are set with a secret.',
    ])
      assert.deepEqual(answer(aside), [
        'text: The Cookie Helper provides an interface to manage cookies.',
        `code: ${code}`,
      ]);
  });

  it('shows the usage example whose heading the question names, and none that shares no word with it', () => {
    const read = "const text = await fsx.read('notes.txt')";
    const write = "await fsx.write('notes.txt', 'hello')";
    const fsx = [
      section('fsx', 'fsx lets you read and write files from the browser.', 1),
      section('Examples', 'Two examples follow.'),
      section('Reading', read, 3, [read]),
      section('Writing', write, 3, [write]),
    ];
    /** Selects from the page's opening alone, as when it is the section chosen. */
    const fromOpening = (question: string, page: DocumentSection[]) =>
      selectAnswer(
        question,
        questionWords(question, analyser),
        [{ section: page[0]!, title: page[0]!.heading }],
        analyser,
        page,
      );
    const writing = fromOpening('How do I write a file with fsx?', fsx);
    assert.deepEqual(texts(writing.blocks), [
      'text: fsx lets you read and write files from the browser.',
      `code: ${write}`,
    ]);
    assert.equal(writing.usage?.heading, 'Writing');
    // Without a heading named by the question, the first example, when it holds a word asked.
    assert.equal(fromOpening('How do I use fsx?', fsx).usage?.heading, 'Reading');
    // The first block holding a word asked: not the markup the example starts with.
    const markup = '<button>Notify me!</button>';
    const script = "button.onclick = () => new Notification('Hi there!')";
    const notes = [
      section('Notification', 'Notification shows desktop notifications to the user.', 1),
      section('Examples', `${markup}\n\n${script}`, 2, [markup, script]),
    ];
    const shown = fromOpening('How do I show a desktop notification?', notes);
    assert.deepEqual(texts(shown.blocks).at(-1), `code: ${script}`);
    // A page whose example holds no word of the question (it may not be the question's page): no code.
    const gauge = 'const g = new Gauge({ max: 10 })';
    const gauges = [
      section('Gauge', 'Gauge draws a dial that shows a value between two bounds.', 1),
      section('Usage', gauge, 2, [gauge]),
    ];
    const dial = fromOpening('How do I show a value on a dial?', gauges);
    assert.equal(dial.usage, undefined);
    assert.deepEqual(texts(dial.blocks), ['text: Gauge draws a dial that shows a value between two bounds.']);
  });

  it('shows a code example beside the explanation of a task written as an order', () => {
    const code = 'const { header, payload } = decode(token)';
    const jwt = [
      section(
        'decode()',
        `This function decodes a token without verifying its signature.\n\n${code}\n\nIt returns the header and payload.`,
        2,
        [code],
      ),
    ];
    // "read …" asks for no example in so many words (no "how", "example", "use"), but it is a task.
    // Capitalised as visitors write, too: the tagger would read "Show" as a name.
    for (const question of [
      "read what's inside a token without checking its signature",
      'Show what is inside a token without checking its signature',
    ])
      assert.deepEqual(texts(select(question, 'JWT', jwt).blocks), [
        'text: This function decodes a token without verifying its signature.',
        `code: ${code}`,
      ]);
    // A question about what something is gets none, nor one starting with a name and its member.
    for (const question of [
      'what does decode do with the signature of a token',
      'Promise.all rejects a token without a signature?',
    ])
      assert.ok(select(question, 'JWT', jwt).blocks.every((block) => block.kind !== 'code'));
  });

  it('gives no example that shows what not to write', () => {
    const wrong = 'try doSomething(); // SyntaxError\ncatch (e) console.log(e);';
    const statement = [
      section(
        'try...catch',
        `The try statement catches an exception thrown in its block, and the script goes on.\n\n${wrong}`,
        1,
        [wrong],
      ),
    ];
    for (const question of [
      'How do I catch an exception?',
      'catch an exception so the script keeps running',
      'Catch an exception so the script keeps running',
    ])
      assert.deepEqual(texts(select(question, 'try...catch', statement).blocks), [
        'text: The try statement catches an exception thrown in its block, and the script goes on.',
      ]);
    // Other marks of a mistake: the message as the console prints it, a verdict, ❌.
    for (const marked of [
      'try doSomething(); // Uncaught SyntaxError: missing braces',
      '/* Invalid, the braces are missing */\ntry doSomething();',
      "// DON'T DO THIS\ntry doSomething();",
      '// ❌ no braces\ntry doSomething();',
    ]) {
      const page = [
        section(
          'try...catch',
          `The try statement catches an exception thrown in its block.\n\n${marked}`,
          1,
          [marked],
        ),
      ];
      assert.deepEqual(texts(select('How do I catch an exception?', 'try...catch', page).blocks), [
        'text: The try statement catches an exception thrown in its block.',
      ]);
    }
  });

  it('gives an example whose comments only warn, or that shows the right way beside the wrong', () => {
    const sections = (code: string) => [
      section('fetch()', `Call fetch() with the URL and read the response.\n\n${code}`, 1, [code]),
    ];
    for (const code of [
      "const response = await fetch(url);\n// Don't forget to handle errors!",
      '// BAD: forgets the await\nconst response = fetch(url);\n// GOOD:\nconst response = await fetch(url);',
      'const proxy = revoke(target);\nproxy.foo; // TypeError is thrown',
      '#bad-input {\n  border-color: red;\n}',
    ])
      assert.deepEqual(texts(select('How do I call fetch with a URL?', 'fetch()', sections(code)).blocks), [
        'text: Call fetch() with the URL and read the response.',
        `code: ${code}`,
      ]);
  });

  it("counts no words of an example's text strings: the section that says how is quoted", () => {
    // Hono's routing page: `## Routing priority` answers its requests with 'routes under a common
    // prefix', a demo's text that holds more of the question than the sentence that says how.
    const grouping = "const books = new App()\napp.route('/books', books)";
    const priority =
      "app.get('/book/a', (c) => c.text('a route of its own'))\napp.get('/book/:slug', (c) => c.text('routes under a common prefix'))";
    const sections = [
      section(
        'Grouping',
        `Group the routes with an App instance and add it to the main app with \`route\`.\n\n${grouping}`,
        2,
        [grouping],
      ),
      section('Routing priority', `Handlers run in the order they were added.\n\n${priority}`, 2, [priority]),
    ];
    const selected = select('How do I group routes under a common prefix?', 'Routing', sections);
    assert.equal(selected.section, 0);
    assert.deepEqual(texts(selected.blocks), [
      'text: Group the routes with an App instance and add it to the main app with `route`.',
      `code: ${grouping}`,
    ]);
  });

  it('quotes code marked as a mistake when the section has nothing else', () => {
    const code = 'const x; // SyntaxError: missing initializer in const declaration';
    const invalid = [section('Invalid cases', code, 2, [code])];
    assert.deepEqual(texts(select('missing initializer in const declaration', 'const', invalid).blocks), [
      `code: ${code}`,
    ]);
  });

  it('quotes no "See also" line: the titles of other pages name the subject without answering', () => {
    const page = [
      section('Promise.allSettled()', 'The allSettled() method takes an iterable of promises.', 1),
      section(
        'Description',
        'It differs from Promise.all, which rejects when one promise rejects: allSettled() waits for every promise.',
      ),
      section('See also', 'The difference between Promise.all and Promise.allSettled, explained'),
    ];
    const selected = select(
      'difference between Promise.all and Promise.allSettled',
      'Promise.allSettled()',
      page,
    );
    assert.equal(selected.section, 1);
    // Nor when the best passage is the list and no other section holds a word of the question.
    const animations = [
      section('See also:', 'Using the Web Animations API with requestAnimationFrame'),
      section('Animations', 'The page introduces the animation interfaces.', 1),
    ];
    const fallback = select('requestAnimationFrame with web animations', 'Animations', animations);
    assert.equal(fallback.section, 1);
  });

  it('answers a question that is a heading of a FAQ from its opening, not from a later pointer', () => {
    const faq = [
      section('Billing questions', 'Answers to what customers ask most about plans and invoices.', 1),
      section(
        'Can I get a refund for an annual plan?',
        'No: after its first 14 days, a yearly subscription is not paid back. You can still turn off its renewal.\n\nSee the refunds page for the annual plans that get a refund.',
      ),
      section('How do I download an invoice?', 'Open Billing, then Invoices, and choose Download.'),
    ];
    const selected = select('Can I get a refund for an annual plan?', 'Billing questions', faq);
    assert.equal(selected.section, 1);
    assert.match(
      texts(selected.blocks)[0] ?? '',
      /^text: No: after its first 14 days, a yearly subscription is not paid back\./,
    );
    // A heading that names a subject is no question its opening answers: the best sentence leads.
    const subject = [
      faq[0]!,
      section(
        'Annual plan refunds',
        'Annual plans are billed once a year. Refunds of an annual plan are made within its first 14 days.',
      ),
    ];
    assert.match(
      texts(select('annual plan refunds', 'Billing questions', subject).blocks)[0] ?? '',
      /^text: Refunds of an annual plan/,
    );
  });

  it("quotes an option's short entry whole for a question asking which values it takes", () => {
    const options = [
      section('Signature middleware', 'The middleware checks the signature of each request.', 1),
      section('Options', ''),
      section(
        'digest: string',
        'The digest used for signing requests.\n\nAvailable types are `sha1` | `sha256` | `sha512`.',
        3,
      ),
      section('header: string', 'The name of the header holding the signature.', 3),
    ];
    const selected = select(
      'Which digests can the signature middleware use for signing?',
      'Signature middleware',
      options,
    );
    assert.equal(selected.section, 2);
    assert.deepEqual(texts(selected.blocks), [
      'text: The digest used for signing requests.',
      'text: Available types are `sha1` | `sha256` | `sha512`.',
    ]);
    // A question for one thing gets the sentence that answers it.
    assert.deepEqual(
      texts(select('What is the digest used for signing?', 'Signature middleware', options).blocks),
      ['text: The digest used for signing requests.'],
    );
  });

  it("quotes the section a question names in code rather than the page's opening that mentions it", () => {
    const context = [
      section(
        'Context',
        'You can put values in it, set headers and a status code you want to return, and read the request.',
        1,
      ),
      section('status()', 'You can set an HTTP status code with `c.status()`. The default is `200`.'),
      section('json()', 'Render JSON as the response.'),
    ];
    const selected = select('How can I change the response status code?', 'Context', context);
    assert.equal(selected.section, 1);
    // Without a section named so, the opening still comes first.
    const plain = [context[0]!, section('Errors', 'A status code of 500 is returned on an error.')];
    assert.equal(select('How can I change the response status code?', 'Context', plain).section, 0);
  });

  it('starts a short answer from a section named by code with the name, when its sentences lack it', () => {
    const answerFrom = (heading: string, text: string, question: string) => {
      const options = [
        section('Basic Auth', 'Protect routes with a user name and password.', 1),
        section(heading, text),
      ];
      return texts(select(question, 'Basic Auth', options).blocks)[0];
    };
    assert.equal(
      answerFrom(
        'verifyUser: (username: string, password: string) => boolean',
        'The function to verify the user.',
        'check passwords against the users in my database with a function',
      ),
      'text: `verifyUser: (username: string, password: string) => boolean` — The function to verify the user.',
    );
    // "alg" is not said by "algorithm".
    assert.equal(
      answerFrom(
        'alg: string',
        'An algorithm type that is used for verifying.',
        'which algorithm verifies the token',
      ),
      'text: `alg: string` — An algorithm type that is used for verifying.',
    );
    assert.equal(
      answerFrom('valid()', 'Get the validated data.', 'get the validated data'),
      'text: `valid()` — Get the validated data.',
    );
    // "It" and a verb opening an answer is the name, said further on or not; "It is…" and
    // "This…" are not (a short answer lacking the name is still headed by it).
    assert.equal(
      answerFrom('streamSSE()', 'It is possible to stream Server-Sent Events.', 'stream server sent events'),
      'text: `streamSSE()` — It is possible to stream Server-Sent Events.',
    );
    assert.equal(
      answerFrom('c.header()', 'This means the header is sent with the response.', 'is the header sent'),
      'text: This means the header is sent with the response.',
    );
    assert.equal(
      answerFrom(
        'streamSSE()',
        'It allows you to stream Server-Sent Events (SSE) seamlessly. Call streamSSE() with the context.',
        'stream server sent events',
      ),
      'text: `streamSSE()` allows you to stream Server-Sent Events (SSE) seamlessly. Call streamSSE() with the context.',
    );
    // A sentence that names it, a heading in words, a capitalised word: as quoted.
    assert.equal(
      answerFrom(
        'realm: string',
        'The realm is shown by the browser in its password prompt.',
        'what realm does the prompt show',
      ),
      'text: The realm is shown by the browser in its password prompt.',
    );
    assert.equal(
      answerFrom('JavaScript', 'Call the function with the user name.', 'call the function from javascript'),
      'text: Call the function with the user name.',
    );
    assert.equal(
      answerFrom('Note: hashes', 'Store only a hash of the password.', 'store a hash of the password'),
      'text: Store only a hash of the password.',
    );
    // A lower-case heading in words is no option and its type; a product is no code.
    assert.equal(
      answerFrom(
        'note: only on the server',
        'Cookies set here go with every response.',
        'do cookies go with every response',
      ),
      'text: Cookies set here go with every response.',
    );
    assert.equal(
      answerFrom(
        'Node.js',
        'Install the adapter and call serve with the app.',
        'install the adapter and serve the app',
      ),
      'text: Install the adapter and call serve with the app.',
    );
  });
});

describe('answers over the demo documentation', () => {
  let answerer: ExtractiveAnswerer;
  const ask = (query: string, history: ConversationTurn[] = []): AnswerInput => ({
    query,
    history,
    format: 'markdown',
    threshold: 0,
  });

  before(async () => {
    const { documents } = await loadContentFolder(DEMO);
    const index = createOramaIndex();
    await index.load(documents);
    answerer = createExtractiveAnswerer({ index });
  });

  it('tells how to translate the search box: the strings property, from its section', async () => {
    const answer = await answerer.answer(ask('How do I translate the search box?'));
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, '/elements/search-box-styling');
    assert.match(answer.answer, /^Set the `strings` property/);
    assert.equal(answer.passages[0]?.link, '/elements/search-box-styling#translating-every-string');
    assert.doesNotMatch(answer.answer, /Source:/);
  });

  it('never ends an answer on a sentence announcing what it leaves out', async () => {
    // The custom agents' item "3. The question itself, by these rules, in this order:" was quoted
    // without its list, which didn't fit: the answer ended on a promise.
    const answer = await answerer.answer(ask("In what order are a custom agent's values taken?"));
    assert.equal(answer.link, '/service/custom-agents');
    assert.doesNotMatch(answer.answer, /:\s*$/, answer.answer);
  });

  it('lists the events of the chat', async () => {
    const answer = await answerer.answer(ask('Which events does the chat fire?'));
    assert.match(answer.answer, /event: `ask-question`, `ask-answer`, `ask-error`/);
  });

  it('quotes the row whose column says what is asked: the default port is in the Default column', async () => {
    const answer = await answerer.answer(ask('What port does the service listen on by default?'));
    assert.equal(answer.link, '/service/cli');
    assert.match(answer.answer, /\| `--port N` \| `\$PORT`, else `8787` \|/);
    // "Which" and one thing asks for it, not for a table's first column.
    assert.match((await answerer.answer(ask('which port'))).answer, /`8787`/);
    // The rate limit's default is in its row, under the Default column.
    const limits = await answerer.answer(ask('What is the default rate limit?'));
    assert.match(limits.answer, /\| `rateLimit\.requestsPerSecond` \| `20` \|/);
  });

  it('quotes the name\'s own row of a reference table for "what is" it, not a row mentioning it', async () => {
    // "What does trustProxy do?" quoted the `connectionsPerAddress` row ("Not applied with
    // `trustProxy`…"), and "What is resolvedQuery?" the `context.passages` row.
    const proxy = await answerer.answer(ask('What does trustProxy do?'));
    assert.equal(proxy.link, '/service/config-file');
    assert.match(
      proxy.answer,
      /^\| Field \| Default \| Meaning \|\n\| --- \| --- \| --- \|\n\| `trustProxy` \| `false` \|/,
    );
    assert.doesNotMatch(proxy.answer, /connectionsPerAddress/);
    const resolved = await answerer.answer(ask('What is resolvedQuery?'));
    assert.equal(resolved.link, '/service/api-ask');
    assert.match(
      resolved.answer,
      /^\| Field \| Meaning \|\n\| --- \| --- \|\n\| `context\.resolvedQuery` \| What was searched/,
    );
    const origins = await answerer.answer(ask('What is allowedOrigins?'));
    assert.match(origins.answer, /\| `allowedOrigins` \| `\["\*"\]` \| Origins allowed/);
  });

  it("quotes the name's own row alone when the table's heading matches the question too", async () => {
    // "parameter" is in `## Request parameters`: the header row was chosen, and the table's first
    // six rows quoted, `apiKey` first.
    for (const name of ['numDocs', 'score']) {
      const answer = await answerer.answer(ask(`What is the ${name} parameter?`));
      assert.equal(answer.link, '/service/api-search');
      assert.match(
        answer.answer,
        new RegExp(
          `^\\| Field \\| Type \\| Required \\| Meaning \\|\\n\\| --- \\| --- \\| --- \\| --- \\|\\n\\| \`${name}\` \\|`,
        ),
      );
      assert.doesNotMatch(answer.answer, /`apiKey`/);
    }
  });

  it('answers "what is" a name from the page that says what it is, not one that only uses it', async () => {
    // "What is an insightId?" was answered from the feedback page, whose request table says only
    // "The `insightId` of an answer from `/bot/askai`", with its 404 paragraph ("An `insightId`
    // that no answer has gets `404`…"); the ask page's response table says what it is.
    const insight = await answerer.answer(ask('What is an insightId?'));
    assert.equal(insight.link, '/service/api-ask');
    assert.match(insight.answer, /\| `insightId` \| A unique id \(a random UUID\) for this answer/);
    // The security guide mentions `storage-key`; the chat's attribute table says what it is.
    const storage = await answerer.answer(ask('What is storage-key?'));
    assert.equal(storage.link, '/elements/ask-chat-attributes');
    assert.match(storage.answer, /\| `storage-key` \| `storageKey` \| string \|/);
    // A page with a section headed with the name stays the source.
    const declined = await answerer.answer(ask('What does didAnswer mean?'));
    assert.equal(declined.link, '/service/answers');
  });

  it('reads "how many" as the question\'s frame, not its subject', async () => {
    // "many" found the API page's "the insight records how many there were".
    const answer = await answerer.answer(ask('How many images can I attach to a question?'));
    assert.equal(answer.link, '/elements/ask-chat');
    assert.match(answer.answer, /up to 4 images/);
  });

  it("quotes the section a title word heads: the theming page's dark mode, not its opening", async () => {
    // The title "Theming: colours, fonts, dark mode and parts" names its sections; "dark mode" in
    // it had counted as the page's subject, and the opening, which says "change", was quoted.
    const asked = await answerer.answer(ask('How do I change the accent colour in dark mode?'));
    assert.equal(asked.passages[0]?.link, '/guides/theming#dark-mode');
    assert.match(asked.answer, /dark-mode switch|dark selector/);
    const first = await answerer.answer(ask('How do I change the accent colour?'));
    const history = [
      { ...first, query: 'How do I change the accent colour?', resolvedQuery: first.resolvedQuery },
    ];
    const followUp = await answerer.answer(ask('and in dark mode?', history));
    assert.equal(followUp.passages[0]?.link, '/guides/theming#dark-mode');
    assert.notEqual(followUp.answer, first.answer);
  });

  it('answers "which events" with the table that lists them, not an aside that holds the same words', async () => {
    // The ask-error section's "… shows its error message but fires no event" holds search, box,
    // fires and event, and was quoted.
    const answer = await answerer.answer(ask('Which events does the search box fire?'));
    assert.equal(answer.link, '/elements/search-box-events');
    assert.match(answer.answer, /ask-search.*ask-select.*ask-handoff.*ask-error/s);
    assert.doesNotMatch(answer.answer, /fires no event/);
  });

  it("quotes the section a title's listed word heads, not the page's opening", async () => {
    // "Theming: colours, fonts, dark mode and parts" holds both words asked, and more: `## Parts` answers.
    const answer = await answerer.answer(ask('How do I theme parts?'));
    assert.equal(answer.passages[0]?.link, '/guides/theming#parts');
    assert.match(answer.answer, /Each element exposes a `part`/);
  });

  it('counts a word of the question once, however many terms it gives: aborting, not createClient', async () => {
    // `createClient` gives `createclient`, `create` and `client`, all three in the opening's code,
    // which outweighed "abort" in the section about it.
    const answer = await answerer.answer(ask('How do I abort a request made with createClient?'));
    assert.equal(answer.passages[0]?.link, '/client/create-client#aborting');
    assert.match(answer.answer, /controller\.abort\(\)/);
  });

  it('quotes the score row of the search request for what the score field does', async () => {
    const answer = await answerer.answer(ask('What does the score field do in search?'));
    assert.equal(answer.link, '/service/api-search');
    assert.match(answer.answer, /\| `score` \| number \| no \| Relevance threshold/);
  });
});

describe('follow-up questions that continue the previous one', () => {
  const turn = (query: string): ConversationTurn[] => [
    { query, resolvedQuery: query, answer: '', link: '', title: '' },
  ];

  it('asks the same of the new subject: the verbs carry over, the old subject does not', () => {
    const resolved = resolveFollowUp('and the chat?', turn('How do I translate the search box?'));
    assert.match(resolved, /translate/);
    assert.doesNotMatch(resolved, /search|box/);
    assert.match(resolveFollowUp('and for Deno?', turn('How do I deploy to Cloudflare Workers?')), /deploy/);
    // A name after a preposition is a name, not a verb to carry over ("React" read as "to react").
    assert.doesNotMatch(resolveFollowUp('With Vue?', turn('Can I use it with React?')), /React/);
    assert.doesNotMatch(resolveFollowUp('and on Fly?', turn('Can I host it on Render?')), /Render/);
  });

  it('keeps what a fragment leaves unsaid: the circumstances, the topic carried before, the rest of the question', () => {
    const resolved = (question: string, query: string, resolvedQuery = query) =>
      resolveFollowUp(question, [{ query, resolvedQuery, answer: '', link: '', title: '' }]);
    // The same asked of another subject, in the same circumstances.
    assert.match(resolved('and async?', 'What does the defer attribute do on a script tag?'), /script tag/);
    // The topic the turn before carried over is still the conversation's.
    assert.match(
      resolved(
        'and cookies?',
        'how do I send a custom header with every request it makes?',
        'how do I send a custom header with every request it makes? (RPC client)',
      ),
      /RPC client/,
    );
    // ...unless the new subject replaces it: another endpoint, not the feedback endpoint's.
    assert.doesNotMatch(
      resolved(
        'and the ask endpoint?',
        'what errors can it answer?',
        'what errors can it answer? (feedback endpoint)',
      ),
      /feedback/,
    );
    // A phrase opening with a preposition replaces the circumstances, and keeps the subject.
    const onNode = resolved('on Node.js?', 'How do I use WebSockets in Hono?');
    assert.match(onNode, /WebSockets/);
    assert.doesNotMatch(onNode, /Hono/);
    // The circumstances a fragment replaces are the last ones: "with the RPC client?" after "on
    // Node.js? (WebSockets)" replaces Node.js, and keeps WebSockets; "on Bun?" after a question
    // that carried Node.js over replaces that.
    assert.match(
      resolved('and with the RPC client?', 'on Node.js?', 'on Node.js? (WebSockets)'),
      /WebSockets/,
    );
    const onBun = resolved(
      'what about on Bun?',
      'and how do I change the port?',
      'and how do I change the port? (Hono Node js)',
    );
    assert.match(onBun, /port/);
    assert.doesNotMatch(onBun, /Node/);
    // A generic verb says nothing of the topic.
    assert.doesNotMatch(resolved('and the chat?', 'How do I use the search box?'), /use\)/);
  });

  it('offers the names asked about for a question about "the" something that names nothing', () => {
    assert.deepEqual(definiteFollowUp('How do I change the port?', turn('How do I run Hono on Node.js?')), {
      resolved: 'How do I change the port? (Hono Node)',
      nouns: ['port'],
    });
    assert.deepEqual(
      definiteFollowUp('How do I read the request body?', turn('How do I deploy to Cloudflare Workers?'))
        ?.nouns,
      ['request', 'body'],
    );
    // Searched as asked: it names something, or points back (resolveFollowUp's), or came first.
    for (const standalone of [
      'What is the difference between app.get and app.on?',
      'How do I use the Deno runtime?',
    ])
      assert.equal(definiteFollowUp(standalone, turn('How do I run Hono on Node.js?')), undefined);
    assert.equal(
      definiteFollowUp('How do I change its port?', turn('How do I run Hono on Node.js?')),
      undefined,
    );
    assert.equal(definiteFollowUp('How do I change the port?', []), undefined);
    assert.equal(
      resolveFollowUp('How do I change the port?', turn('How do I run Hono on Node.js?')),
      'How do I change the port?',
    );
  });

  it('still carries the subject into a question that points back at it', () => {
    const resolved = resolveFollowUp('how do I change its default?', turn('How do I enable CORS?'));
    assert.match(resolved, /CORS/);
    // "Its" limits are the named REST API's, not the port asked about it; without a name, the topic.
    const limits = resolveFollowUp('what are its limits?', turn('What port does the REST API listen on?'));
    assert.equal(limits, 'what are its limits? (REST API)');
    assert.equal(
      resolveFollowUp('what is its default value?', turn('How do I set the port?')),
      'what is its default value? (port)',
    );
  });

  it('carries the verb that named what was done, unless the follow-up does something else', () => {
    assert.match(
      resolveFollowUp('how do I give it a starting value?', turn('What does reduce do on an array?')),
      /reduce/,
    );
    assert.match(
      resolveFollowUp('does it work on Deno too?', turn('How do I cache responses on Cloudflare Workers?')),
      /cache/,
    );
    assert.doesNotMatch(
      resolveFollowUp('can I make it run only once?', turn('how do I remove that listener later?')),
      /remove/,
    );
  });

  it('offers the topic and the page of the last answer to a question naming its own subject', () => {
    const answered: ConversationTurn[] = [
      {
        query: 'How do I enable CORS?',
        resolvedQuery: 'How do I enable CORS?',
        answer: '',
        link: '/cors',
        title: '',
      },
    ];
    assert.deepEqual(implicitFollowUp('how do I allow only my own domain?', answered), {
      resolved: 'how do I allow only my own domain? (CORS)',
      nouns: ['domain'],
      asks: ['allow', 'own'],
      link: '/cors',
    });
    // What it asks, for the page to hold too; not "show" of a request to the one answering.
    assert.deepEqual(implicitFollowUp('show me an example with types', answered)?.asks, []);
    // None for one that points back or continues (resolveFollowUp's), names no noun, or comes
    // after a declined turn.
    assert.equal(implicitFollowUp('how do I change it?', answered), undefined);
    assert.equal(implicitFollowUp('and the headers?', answered), undefined);
    assert.equal(implicitFollowUp('why?', answered), undefined);
    assert.equal(
      implicitFollowUp('how do I allow my domain?', [{ ...answered[0]!, didAnswer: false }]),
      undefined,
    );
  });

  it('reads "such a request" as pointing back', () => {
    assert.match(
      resolveFollowUp('how do I send cookies along with such a request?', turn('What is CORS?')),
      /CORS/,
    );
    assert.equal(
      resolveFollowUp('Is there such a thing as a CORS preset?', []),
      'Is there such a thing as a CORS preset?',
    );
  });

  it('reads "this screenshot" asked with an image attached as the image, not the last answer', () => {
    const earlier = turn('Which events does the search box fire?');
    assert.equal(
      resolveFollowUp('What does this screenshot show?', earlier, true),
      'What does this screenshot show?',
    );
    // Without an image, "this" may well be the last answer.
    assert.match(resolveFollowUp('What does this show?', earlier, true), /events/);
    assert.match(resolveFollowUp('Can you explain this screenshot?', earlier), /events/);
  });
});
