import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_KEY, configWith, servedSite } from './service-harness.js';

/** A Markdown page and an HTML page whose answering sentences hold inline code. */
const PAGES: Record<string, string> = {
  'keyboard.md': [
    '# Keyboard shortcut',
    '',
    'The search box listens to the keyboard. `shortcut="mod+k"` (⌘K on Apple devices, Ctrl+K elsewhere) opens the search box from anywhere on the page.',
    '',
    '## Template literals',
    '',
    'Write a template literal in backticks, as in `` `${name}` ``; one holding a backtick needs two: `` a`b ``.',
  ].join('\n'),
  'cookies.html': `<!doctype html><html><head><title>Cookie helper</title></head><body><main>
    <h1>Cookie helper</h1>
    <p>Cookies are small. Read a cookie with <code>getCookie(c, "session")</code>, which returns <code>undefined</code> for a missing cookie.</p>
    <h2>Escaping</h2>
    <p>A cookie value like <code>&lt;img src=x onerror=alert(1)&gt;</code> is returned as written, never run.</p>
  </main></body></html>`,
};

describe('inline code in answers, through the service', () => {
  const site = servedSite('inline-code-', PAGES, { config: configWith() });
  const ask = (query: string, format: 'markdown' | 'html') =>
    site().postJson('/bot/askai', { apiKey: DEMO_KEY, query, conversationId: '', format });

  it('quotes a Markdown code span as a code span in a markdown answer', async () => {
    const { body } = await ask('How do I open the search box with a keyboard shortcut?', 'markdown');
    assert.equal(body.didAnswer, true);
    assert.match(body.answer, /`shortcut="mod\+k"` \(⌘K on Apple devices, Ctrl\+K elsewhere\) opens/);
  });

  it('quotes a Markdown code span as an escaped <code> element in an html answer', async () => {
    const { body } = await ask('How do I open the search box with a keyboard shortcut?', 'html');
    assert.match(body.answer, /<code>shortcut=&quot;mod\+k&quot;<\/code> \(⌘K on Apple devices/);
  });

  it('quotes code holding backticks whole, with fences that fit', async () => {
    const markdown = await ask('How do I write a template literal?', 'markdown');
    assert.match(
      markdown.body.answer,
      /as in `` `\$\{name\}` ``; one holding a backtick needs two: ``a`b``\./,
    );
    const html = await ask('How do I write a template literal?', 'html');
    assert.match(
      html.body.answer,
      /as in <code>`\$\{name\}`<\/code>; one holding a backtick needs two: <code>a`b<\/code>\./,
    );
  });

  it('quotes <code> of an HTML page as code, its text escaped', async () => {
    const markdown = await ask('How do I read a cookie?', 'markdown');
    assert.match(markdown.body.answer, /`getCookie\(c, "session"\)`, which returns `undefined`/);
    const html = await ask('How do I read a cookie?', 'html');
    assert.match(html.body.answer, /<code>getCookie\(c, &quot;session&quot;\)<\/code>/);
    const escaping = await ask('Is a cookie value with an img onerror run?', 'html');
    assert.match(escaping.body.answer, /<code>&lt;img src=x onerror=alert\(1\)&gt;<\/code>/);
    assert.doesNotMatch(escaping.body.answer, /<img/);
  });

  it('keeps the passages and the search content plain text', async () => {
    const { body } = await ask('How do I open the search box with a keyboard shortcut?', 'markdown');
    assert.match(
      body.context.passages[0].text,
      /^The search box listens to the keyboard\. shortcut="mod\+k"/,
    );
    const search = await site().postJson('/bot/search', {
      apiKey: DEMO_KEY,
      query: 'keyboard shortcut',
      numDocs: 1,
      returnContent: true,
    });
    assert.match(search.body[0].content, / shortcut="mod\+k" \(⌘K/);
    assert.doesNotMatch(search.body[0].content, /`shortcut/);
  });
});
