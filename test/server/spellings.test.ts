/**
 * British spellings read as the American ones, in the site's text and in queries alike: a
 * visitor's "colour" finds and is answered from the pages that say "color", over HTTP, rather
 * than from the one page that happens to write "colours" in passing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { americanSpelling } from '../../src/server/search/spellings.js';
import { TextAnalyser } from '../../src/server/search/text-analyser.js';
import { configWith, DEMO_KEY, servedSite, type TestService } from './service-harness.js';

/** A site written in American English, but for one page that writes "colours" in passing. */
const PAGES = {
  'css/color.md': [
    '# color',
    '',
    'The color property sets the foreground color of the text of an element, and of its text decorations.',
    '',
    '```css',
    'p { color: rebeccapurple; }',
    '```',
  ].join('\n'),
  'css/background-color.md':
    '# background-color\n\nThe background-color property sets the background color of an element.\n',
  'css/border-color.md':
    '# border-color\n\nThe border-color property sets the color of the borders of an element.\n',
  'css/accent-color.md':
    '# accent-color\n\nThe accent-color property sets the accent color of form controls.\n',
  'css/filter.md':
    '# filter\n\nThe filter property applies effects such as blur or grayscale to an element.\n',
  'guides/printing.md': [
    '# Printing',
    '',
    'Browsers print text in black and leave out background colours and images to save ink.',
    '',
    'A print style sheet sets how a page looks on paper.',
  ].join('\n'),
};

const search = async (service: TestService, query: string): Promise<string[]> => {
  const { status, body } = await service.postJson('/bot/search', { apiKey: DEMO_KEY, query, numDocs: 3 });
  assert.equal(status, 200);
  return (body as { link: string }[]).map((hit) => hit.link);
};

describe('British spellings', () => {
  it('are written the American way, and other words are left as they are', () => {
    for (const [british, american] of [
      ['colour', 'color'],
      ['colours', 'colors'],
      ['coloured', 'colored'],
      ['colou', 'colo'],
      ['behaviour', 'behavior'],
      ['favourite', 'favorite'],
      ['greyscale', 'grayscale'],
      ['centre', 'center'],
      ['centred', 'centered'],
      ['licence', 'license'],
      ['optimise', 'optimize'],
      ['optimisation', 'optimization'],
      ['initialised', 'initialized'],
      ['serialising', 'serializing'],
    ])
      assert.equal(americanSpelling(british as string), american, british);
    for (const word of ['color', 'central', 'promise', 'raise', 'expertise', 'emphasis', 'analyses', 'hono'])
      assert.equal(americanSpelling(word), word);
  });

  it('are one term with the American spelling, in English only', () => {
    const english = new TextAnalyser();
    assert.deepEqual(english.terms('colours'), english.terms('colors'));
    assert.deepEqual(english.terms('background-colour'), ['background', 'color', 'background-color']);
    assert.equal(english.completable('colou'), 'colo');
  });

  const site = servedSite('ask-spellings-', PAGES, { config: configWith() });

  it('find the pages that use the American spelling', async () => {
    assert.equal((await search(site(), 'text colour'))[0], '/css/color');
    assert.equal((await search(site(), 'background-colour'))[0], '/css/background-color');
    assert.equal((await search(site(), 'greyscale'))[0], '/css/filter');
  });

  it('answer from the page that uses the American spelling', async () => {
    const { status, body } = await site().postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'How do I change the text colour?',
      format: 'markdown',
      conversationId: '',
    });
    assert.equal(status, 200);
    assert.equal(body.didAnswer, true);
    assert.equal(body.link, '/css/color');
    assert.match(body.answer, /sets the foreground color/);
  });
});
