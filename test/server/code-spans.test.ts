import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderHtml, renderMarkdown } from '../../src/server/answer/answer-format.js';
import { paragraphSentences } from '../../src/server/answer/answer-sentences.js';
import {
  appendSectionText,
  codeSpan,
  literalText,
  SectionTextBuilder,
  sectionPlainText,
  splitOutsideCode,
  textRuns,
  withoutCodeMarks,
} from '../../src/server/content/code-spans.js';
import { htmlDocument } from '../../src/server/content/html-document.js';
import { markdownDocument } from '../../src/server/content/markdown-document.js';
import {
  inlineMarkdownToSectionText,
  inlineMarkdownToText,
} from '../../src/server/content/markdown-inline.js';

/** The code spans of a section text, by their content. */
const codeOf = (text: string) => textRuns(text).flatMap((run) => (run.code ? [run.text] : []));

describe('section text: plain text with code spans', () => {
  it('writes any code as a code span that reads back as the same code', () => {
    for (const code of ['a', 'a`b', '`', '``', '`a`', ' a ', ' ', 'x ``` y', '`${name}`'])
      assert.deepEqual(codeOf(`see ${codeSpan(code)} here`), [code], JSON.stringify(code));
    assert.equal(codeSpan('a`b'), '``a`b``');
    assert.equal(codeSpan('`${name}`'), '`` `${name}` ``');
  });

  it('keeps code spans of Markdown, and reads as inlineMarkdownToText without their marks', () => {
    const samples = [
      '`shortcut="mod+k"` (⌘K on Apple devices) focuses the search',
      'Call [`fetch()`](/en-US/docs/Web/API/fetch) or `` a`b ``.',
      '**`variant="button"`**: a compact button',
      'an unmatched ` backtick, an escaped \\` one',
      'characters `(`, `[`, `{` and [a link](/x)',
      '`Request`s and (`??`)',
    ];
    for (const markdown of samples) {
      const text = inlineMarkdownToSectionText(markdown);
      assert.equal(withoutCodeMarks(text), inlineMarkdownToText(markdown), markdown);
    }
    assert.equal(
      inlineMarkdownToSectionText('Call [`fetch()`](/en-US/docs/Web/API/fetch) or `` a`b ``.'),
      'Call `fetch()` or ``a`b``.',
    );
  });

  it('converts the markup around a code span, and none inside it', () => {
    assert.equal(inlineMarkdownToSectionText('and **`::part()`** selectors'), 'and `::part()` selectors');
    assert.equal(inlineMarkdownToText('and **`::part()`** selectors'), 'and ::part() selectors');
    assert.equal(inlineMarkdownToSectionText('Use `[a](b)` or `*a*` syntax'), 'Use `[a](b)` or `*a*` syntax');
  });

  it('writes a backtick the page shows as a code span of its own', () => {
    const text = literalText('Run `npm test` first');
    assert.deepEqual(codeOf(text), ['`', '`']);
    assert.equal(withoutCodeMarks(text), 'Run `npm test` first');
  });

  it('joins code spans side by side into one, whose fences cannot run together', () => {
    const text = appendSectionText('Call `a`', codeSpan('b'));
    assert.equal(text, 'Call `ab`');
    assert.equal(withoutCodeMarks(appendSectionText(text, literalText('`'))), 'Call ab`');
  });

  it('builds section text part by part as appending does, code spans side by side joined', () => {
    const parts = ['Call ', codeSpan('a'), codeSpan('b'), literalText('`'), ' then ', '', codeSpan('c'), '.'];
    const builder = new SectionTextBuilder();
    for (const part of parts) builder.append(part);
    assert.equal(builder.take(), parts.reduce(appendSectionText, ''));
    assert.equal(builder.take(), '');
    // A paragraph of thousands of code spans is read as code spans (it once took seconds).
    const page = markdownDocument('long.md', `# Long\n\n${'`a` '.repeat(80000)}\n`);
    assert.match(page.sections[0]?.text ?? '', /^`a` `a` `a`/);
  });

  it('keeps <code> of an HTML page as code spans', () => {
    const page = htmlDocument(
      'page.html',
      '<main><h1>Title with <code>code</code></h1><p>Call <code>a</code><code>b</code> when <code>x &lt; y</code>, not `this`.</p></main>',
    );
    const section = page.sections[0];
    assert.equal(section?.heading, 'Title with code');
    assert.equal(section?.text, 'Call `ab` when `x < y`, not `` ` ``this`` ` ``.');
    assert.equal(page.text, 'Title with code\n\nCall ab when x < y, not `this`.');
  });

  it('reads a section without marks, leaving its code blocks as they are', () => {
    const block = 'const s = `hello ${name}`;';
    const section = { heading: '', anchor: '', level: 0, text: `Use \`s\`:\n\n${block}`, code: [block] };
    assert.equal(sectionPlainText(section), `Use s:\n\n${block}`);
  });

  it('splits table cells outside code spans', () => {
    assert.deepEqual(splitOutsideCode('`a; b`; c; `d`', '; '), ['`a; b`', 'c', '`d`']);
  });
});

describe('sentences with code spans', () => {
  it('never cuts a sentence inside a code span', () => {
    // wink-nlp alone sees a sentence end at "1. Then", inside the code.
    assert.deepEqual(paragraphSentences('Set `x = 1. Then y` to start. It runs once.'), [
      'Set `x = 1. Then y` to start.',
      'It runs once.',
    ]);
    assert.deepEqual(paragraphSentences('The `? Done` mark. Another one.'), [
      'The `? Done` mark.',
      'Another one.',
    ]);
  });

  it('leaves every quoted sentence with balanced code spans', () => {
    const paragraph = 'Write `` `${a}. B` `` here. Or `a. B`. Then ``x`y``. Done.';
    const sentences = paragraphSentences(paragraph);
    assert.equal(sentences.join(' '), paragraph);
    for (const sentence of sentences)
      assert.equal(
        textRuns(sentence).some((run) => !run.code && run.text.includes('`')),
        false,
        sentence,
      );
  });
});

describe('rendering code spans in answers', () => {
  it('writes code spans in markdown, escaped <code> in html', () => {
    const blocks = [{ kind: 'text' as const, text: 'Set `a<b>` or ``x`y``, not *this*.' }];
    assert.equal(renderMarkdown(blocks), 'Set `a<b>` or ``x`y``, not \\*this\\*.');
    assert.equal(renderHtml(blocks), '<p>Set <code>a&lt;b&gt;</code> or <code>x`y</code>, not *this*.</p>');
  });

  it('escapes a pipe of code in a markdown table cell', () => {
    const table = { kind: 'table' as const, header: ['name', 'meaning'], rows: [['`a|b`', 'either']] };
    assert.equal(renderMarkdown([table]), '| name | meaning |\n| --- | --- |\n| `a\\|b` | either |');
    assert.match(renderHtml([table]), /<td><code>a\|b<\/code><\/td>/);
  });
});
