import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { SourceDocument } from '../../src/server/content/document.js';
import { loadContentFolder } from '../../src/server/content/load-folder.js';
import { createOramaIndex } from '../../src/server/search/orama-index.js';
import type { SearchIndex } from '../../src/server/search/search-index.js';
import { TextAnalyser } from '../../src/server/search/text-analyser.js';
import { pageWithText } from './documents.js';

const HONO = new URL('../fixtures/corpora/hono/', import.meta.url).pathname;

function page(id: string, title: string, text: string, tags: string[] = []): SourceDocument {
  return {
    id,
    title,
    description: text.slice(0, 80),
    tags,
    link: `/${id}`,
    assetType: 'webpage',
    text: `${title}\n\n${text}`,
    sections: [{ heading: title, anchor: '', level: 1, text }],
  };
}

const links = async (index: SearchIndex, query: string, limit = 5): Promise<string[]> =>
  (await index.search(query, { limit })).map((hit) => hit.document.link);

describe('Orama search index over the Hono docs', () => {
  let index: SearchIndex;

  before(async () => {
    const { documents } = await loadContentFolder(HONO);
    index = createOramaIndex();
    await index.load(documents);
  });

  it('counts its documents and answers a health check', async () => {
    assert.equal(index.documentCount, 113);
    assert.equal(await index.healthy(), true);
  });

  it('ranks the page about a topic first', async () => {
    assert.equal((await links(index, 'cookie'))[0], '/docs/helpers/cookie');
    assert.equal((await links(index, 'how do I set a cookie'))[0], '/docs/helpers/cookie');
    assert.equal(
      (await links(index, 'deploy to cloudflare workers'))[0],
      '/docs/getting-started/cloudflare-workers',
    );
    assert.equal((await links(index, 'validate a json body with zod'))[0], '/docs/guides/validation');
  });

  it('matches stemmed forms of words', async () => {
    assert.equal((await links(index, 'cookies'))[0], '/docs/helpers/cookie');
    assert.ok((await links(index, 'validating requests', 3)).includes('/docs/guides/validation'));
  });

  it('expands the last word as a prefix while typing', async () => {
    const middleware = await links(index, 'middlew', 3);
    assert.ok(
      middleware.some((link) => link === '/docs/guides/middleware' || link === '/docs/concepts/middleware'),
      middleware.join(),
    );
    assert.equal((await links(index, 'cors hea'))[0], '/docs/middleware/builtin/cors');
    assert.equal((await links(index, 'cook'))[0], '/docs/helpers/cookie');
  });

  it('finds a hyphenated name as soon as its hyphen is typed', async () => {
    const site = createOramaIndex();
    await site.load([
      page('css/z-index', 'z-index', 'Sets the z-order of a positioned element.'),
      page('css/order', 'order', 'Sets the order to lay out an item in a flex or grid container.'),
    ]);
    assert.deepEqual(await links(site, 'z-'), ['/css/z-index']);
    assert.deepEqual(await links(site, 'z-i'), ['/css/z-index']);
  });

  it('matches the last word exactly when the query ends with a space or prefixLastTerm is false', async () => {
    assert.deepEqual(await index.search('middlew ', { limit: 5 }), []);
    assert.deepEqual(await index.search('middlew', { limit: 5, prefixLastTerm: false }), []);
  });

  it('tolerates typos', async () => {
    assert.equal((await links(index, 'coookie'))[0], '/docs/helpers/cookie');
    assert.ok((await links(index, 'midleware', 3)).some((link) => link.includes('middleware')));
  });

  it('corrects a typo only to a word the site uses more than once', async () => {
    // The site has "tables" (`tabl`) in two passages, "cable" in one.
    const site = createOramaIndex();
    await site.load([
      page('a', 'Layout', 'Use tables for tabular data.'),
      page('b', 'Data', 'Tables of data.'),
      page('c', 'Network', 'Plug in the cable.'),
    ]);
    assert.deepEqual((await links(site, 'tabels ')).sort(), ['/a', '/b']);
    assert.deepEqual(await links(site, 'cabel '), []);
  });

  it('corrects a typo one letter from a word whose term is much shorter', async () => {
    // `specificity` is indexed as `specif`: "specificty" is four letters from that term, one
    // from the word. "gluing" is one letter from `GLuint` but too short to be read as a typo.
    const site = createOramaIndex();
    await site.load([
      page('css/specificity', 'Specificity', 'How the browser decides which rule wins: specificity.'),
      page('css/cascade', 'Cascade', 'The cascade, origins and specificity of selectors.'),
      page('webgl/types', 'WebGL types', 'GLuint is an unsigned integer; GLuint values name buffers.'),
      page('webgl/buffers', 'Buffers', 'A GLuint names each buffer.'),
    ]);
    for (const typo of ['specificty', 'specifcity '])
      assert.equal((await links(site, typo))[0], '/css/specificity', typo);
    assert.deepEqual(await links(site, 'gluing '), []);
  });

  it('corrects at most eight words of one query, and no word over 32 letters', async () => {
    const words = ['accordion', 'breadcrumb', 'carousel', 'dropdown', 'expander', 'flyout', 'gallery'];
    const more = ['hamburger', 'infobar'];
    const site = createOramaIndex();
    await site.load([
      page('ui/widgets', 'Widgets', `How to build ${[...words, ...more].join(', ')} widgets.`),
      page('ui/more', 'More widgets', `Also ${[...words, ...more].join(' and ')}.`),
      page('fun', 'Fun', 'Supercalifragilisticexpialidocious words, and more.'),
    ]);
    // Each word with one letter left out: a typo search corrects.
    const typo = (word: string) => word.slice(0, 2) + word.slice(3);
    const relevance = async (query: string) => (await site.search(query, { limit: 1 }))[0]?.relevance;
    // Nine typos weigh as eight and a word nobody can correct: the ninth is not looked up.
    const nine = await relevance([...words, ...more].map(typo).join(' '));
    const eightAndUnknown = await relevance([...words, more[0]!].map(typo).join(' ') + ' qzxwvjk');
    assert.ok(nine !== undefined && nine > 0);
    assert.equal(nine, eightAndUnknown);
    // The word its query had no correction left for is corrected in a query of its own.
    assert.deepEqual((await links(site, `${typo(more[1]!)} `)).sort(), ['/ui/more', '/ui/widgets']);
    // 33 letters: no search corrects it (the edits of a long word cost the square of its length).
    assert.deepEqual(await links(site, 'Supercalifragilisticexpialidocous '), []);
    assert.deepEqual(await links(site, 'Supercalifragilisticexpialidocious '), ['/fun']);
  });

  it('finds a page named by a stop word when the search types it', async () => {
    const site = createOramaIndex();
    await site.load([
      page('css/hover', ':hover CSS pseudo-class', 'Matches an element the pointer is over.'),
      page('css/focus', ':focus CSS pseudo-class', 'Matches the element that has the focus.'),
      page('css/valid', ':valid CSS pseudo-class', 'Matches a form control whose value is valid.'),
      page('css/not', ':not() CSS pseudo-class', 'Matches elements that match none of a list of selectors.'),
      page('api/request', 'Request', 'The Request interface of the Fetch API represents a request.'),
      page('api/requests', 'Requests in flight', 'Requests a page makes, and their requests headers.'),
      page('http/429', '429 Too Many Requests', 'The client has sent too many requests in a given time.'),
    ]);
    assert.equal((await links(site, 'not pseudo-class'))[0], '/css/not');
    assert.equal((await links(site, 'too many requests'))[0], '/http/429');
    // A stop word no name holds changes nothing.
    assert.equal((await links(site, 'the hover pseudo-class'))[0], '/css/hover');
  });

  it('filters by tags, included and excluded', async () => {
    const included = await index.search('middleware', { limit: 20, includeTags: ['helpers'] });
    assert.ok(included.length > 0);
    for (const hit of included) assert.ok(hit.document.tags.includes('helpers'), hit.document.id);
    const excluded = await index.search('middleware', { limit: 20, excludeTags: ['middleware'] });
    assert.ok(excluded.length > 0);
    for (const hit of excluded) assert.ok(!hit.document.tags.includes('middleware'), hit.document.id);
  });

  it('returns relevance on 0–1, best first, and honours minRelevance', async () => {
    const hits = await index.search('basic auth', { limit: 10 });
    assert.ok(hits.length > 1);
    for (const hit of hits) assert.ok(hit.relevance > 0 && hit.relevance <= 1);
    assert.equal(hits[0]?.document.link, '/docs/middleware/builtin/basic-auth');
    const strict = await index.search('basic auth', { limit: 10, minRelevance: 0.9 });
    assert.ok(strict.length > 0 && strict.length < hits.length);
    for (const hit of strict) assert.ok(hit.relevance >= 0.9);
  });

  it('keeps a match on one word of a longer question weak', async () => {
    const [best] = await index.search('kubernetes ingress controller', { limit: 1 });
    assert.ok(!best || best.relevance < 0.4, `relevance ${best?.relevance}`);
    const [good] = await index.search('basic auth middleware', { limit: 1 });
    assert.ok(good && good.relevance > 0.8, `relevance ${good?.relevance}`);
  });

  it('answers [] when nothing matches', async () => {
    assert.deepEqual(await index.search('zzxqvw', { limit: 5 }), []);
  });

  it('links to the page as a whole while its name is being typed', async () => {
    // `head` completes to the title's `headers` for part of its weight (`head` is a word too),
    // where the code of the section about Content-Security-Policy, `secureHeaders`, holds both
    // words whole: the visitor is typing the page's name all the same.
    const [named] = await index.search('secure head', { limit: 5 });
    assert.equal(named?.document.link, '/docs/middleware/builtin/secure-headers');
    assert.equal(named?.section, undefined);
    // A word the name lacks still leads to the section that has it.
    const [nonce] = await index.search('secure headers nonce', { limit: 5 });
    assert.equal(nonce?.document.link, '/docs/middleware/builtin/secure-headers');
    assert.equal(nonce?.section?.anchor, 'nonce-attribute');
  });

  it('leads to the page, not to its "See also" list of other pages', async () => {
    // Only the "See also" of the Stripe page says "subscriptions", in a link's label.
    const [found] = await index.search('stripe subscriptions', { limit: 5 });
    assert.equal(found?.document.link, '/examples/stripe-webhook');
    assert.equal(found?.section, undefined);
  });

  it('finds passages under headings with their coverage of the query', async () => {
    const [best] = await index.searchPassages('how to set the allowed origin for cors', {
      limit: 3,
      prefixLastTerm: false,
    });
    assert.ok(best);
    assert.equal(best.document.link, '/docs/middleware/builtin/cors');
    assert.match(best.section.heading, /origin/i);
    assert.ok(best.coverage > 0.8 && best.coverage <= 1);
  });
});

describe('Orama search index on small fixtures', () => {
  it('puts the page whose title is the query above pages that only mention it', async () => {
    const index = createOramaIndex();
    await index.load([
      page('a', 'Theming', 'Change colours with CSS custom properties. The theme follows the page.'),
      page('b', 'Installing', 'Install the package. Theming is described elsewhere.'),
      page('c', 'Events', 'Listen for events on the element.'),
    ]);
    const hits = await index.search('theming', { limit: 5 });
    assert.deepEqual(
      hits.map((hit) => hit.document.id),
      ['a', 'b'],
    );
    assert.ok((hits[0]?.relevance ?? 0) > (hits[1]?.relevance ?? 1));
  });

  it('lets a question of common words find its pages by what it is about, not by its verb', async () => {
    // Every word is on more than 50 pages, so the first word looked up picks the pages by their
    // titles, headings and descriptions; "keep", the rarest, is only the visitor's verb.
    const others = Array.from({ length: 60 }, (_, i) =>
      pageWithText(
        `misc-${i}`,
        `Topic ${i}`,
        `${i < 55 ? 'We keep notes. ' : ''}An array of items; each must pass a test.`,
      ),
    );
    const index = createOramaIndex({ resultCacheSize: 0 });
    await index.load([
      pageWithText('keeping', 'Keeping state', 'Keep state between renders.'),
      pageWithText('filter', 'Array filter', 'Returns the array items that pass the test.'),
      ...others,
    ]);
    const hits = await index.search('keep the array items that pass a test', {
      limit: 3,
      prefixLastTerm: false,
    });
    assert.equal(hits[0]?.document.id, 'filter');
  });

  it('looks a question up by its rare words first, a verb among them, before a common noun', async () => {
    // "cancel" is on 40 of 200 pages, "request" on 60: common, so it only adds to the pages the
    // rarer word found, and the one page holding both is found with both.
    const pages = Array.from({ length: 200 }, (_, i) =>
      pageWithText(
        `p${i}`,
        i < 20 ? `Request option ${i}` : `Topic ${i}`,
        [
          `Page ${i} talks about topic${i}.`,
          i < 60 ? 'A request goes out.' : '',
          i >= 100 && i < 140 ? 'You can cancel it.' : '',
          i === 100 ? 'To cancel a request, abort its signal.' : '',
        ].join(' '),
      ),
    );
    const index = createOramaIndex({ resultCacheSize: 0 });
    await index.load(pages);
    const hits = await index.search('how do I cancel a request', { limit: 3, prefixLastTerm: false });
    assert.equal(hits[0]?.document.id, 'p100');
  });

  it('prefers a passage with the query words close together', async () => {
    const index = createOramaIndex();
    await index.load([
      page(
        'near',
        'Notes',
        'You can set the request timeout in the options. Other things follow here for a while.',
      ),
      page(
        'far',
        'Notes',
        'Set up the project first. Many unrelated sentences come next, one after another, about nothing in particular, before a request is mentioned, and much later a timeout.',
      ),
    ]);
    const hits = await index.searchPassages('set request timeout', { limit: 2, prefixLastTerm: false });
    assert.equal(hits[0]?.document.id, 'near');
  });

  it('finds "goes" by "go" and "go" by "goes", as "echoes" by "echo", and "toes" by "toe"', async () => {
    // Porter's stemmer keeps the `e` of a word of one syllable in -oes: `goe`, where "go" is `go`.
    const analyser = new TextAnalyser();
    for (const [word, base] of [
      ['goes', 'go'],
      ['echoes', 'echo'],
      ['heroes', 'hero'],
      ['vetoes', 'veto'],
      ['undoes', 'undo'],
      ['toes', 'toe'],
      ['shoes', 'shoe'],
      ['foes', 'foe'],
      ['canoes', 'canoe'],
    ])
      assert.deepEqual(analyser.terms(word), analyser.terms(base), word);
    const index = createOramaIndex({ resultCacheSize: 0 });
    await index.load([
      page('kept', 'Storage', 'Each vote goes to one SQLite file.'),
      page('shown', 'Analytics', 'Each vote is counted in the analytics.'),
      page('retry', 'Retries', 'A request that fails to go out is sent again.'),
    ]);
    const voteGoes = await index.search('where does the vote go', { limit: 3, prefixLastTerm: false });
    assert.equal(voteGoes[0]?.document.id, 'kept');
    const goes = await index.search('goes', { limit: 3, prefixLastTerm: false });
    assert.deepEqual(goes.map((hit) => hit.document.id).sort(), ['kept', 'retry']);
  });

  it('finds a heading that negates a word ("No results") by the negation the question writes', async () => {
    // "no" is a stop word: without the heading's negation as a term, "why are there no results"
    // asks for "results" alone, which the page of the results' events says more often.
    const doc = (id: string, title: string, description: string, sections: [string, string][]) => ({
      ...page(id, title, description),
      text: [title, description, ...sections.flat()].join('\n\n'),
      sections: [
        { heading: title, anchor: '', level: 1, text: description },
        ...sections.map(([heading, text]) => ({ heading, anchor: heading, level: 2, text })),
      ],
    });
    const index = createOramaIndex({ resultCacheSize: 0 });
    await index.load([
      doc('troubleshooting', 'Troubleshooting', 'What a blank box or an empty list of results means.', [
        [
          'No results, or results from the wrong pages',
          'Nothing is found when the service indexed no documents: restart it after publishing.',
        ],
        ['A blank element', 'The script did not load.'],
      ]),
      doc('events', 'Events', 'The events of the box and of its results.', [
        [
          'Results',
          'The results arrive as the visitor types; choosing one of the results fires an event with the results shown.',
        ],
        ['Errors', 'A failed search fires an error event.'],
      ]),
      ...Array.from({ length: 20 }, (_, i) =>
        doc(`other-${i}`, `Topic ${i}`, `Colours and fonts of part ${i}.`, [
          ['Fonts', `The fonts of part ${i}.`],
        ]),
      ),
    ]);
    const first = async (question: string) =>
      (await index.search(question, { limit: 2, prefixLastTerm: false }))[0]?.document.id;
    assert.equal(await first('why are there no results'), 'troubleshooting');
    assert.equal(await first('why do I get no results'), 'troubleshooting');
    assert.equal(await first('no results'), 'troubleshooting');
    // Results that are there are asked for by the word alone.
    assert.equal(await first('where are the results shown'), 'events');
  });

  it('replaces its content on load', async () => {
    const index = createOramaIndex();
    await index.load([page('old', 'Old page', 'Legacy content.')]);
    assert.equal((await index.search('legacy', { limit: 5 })).length, 1);
    await index.load([page('new', 'New page', 'Fresh content.')]);
    assert.equal(index.documentCount, 1);
    assert.deepEqual(await index.search('legacy', { limit: 5 }), []);
    assert.equal((await index.search('fresh', { limit: 5 }))[0]?.document.id, 'new');
  });

  it('matches a hyphenated name whole, also as it is typed', async () => {
    const index = createOramaIndex();
    await index.load([
      page('z-index', 'z-index', 'The z-index CSS property sets the stacking order of positioned elements.'),
      page('indexeddb', 'IndexedDB', 'IndexedDB is a low-level index for stored data in the browser.'),
      page('box-sizing', 'box-sizing', 'Sets how the total width and height of an element is calculated.'),
    ]);
    assert.equal((await links(index, 'z-ind'))[0], '/z-index');
    assert.equal((await links(index, 'z-index'))[0], '/z-index');
    assert.equal((await links(index, 'box-siz'))[0], '/box-sizing');
    // Its parts still find it when typed apart.
    assert.ok((await links(index, 'box sizing')).includes('/box-sizing'));
  });

  it('ranks the page named by the query above pages that mention it more often', async () => {
    const index = createOramaIndex();
    await index.load([
      page(
        'guide',
        'Working with layouts',
        'Borders, borders, borders: a border here, a border there, more borders.',
      ),
      page('border', 'border', 'A shorthand property that sets an element border.'),
    ]);
    assert.equal((await links(index, 'border'))[0], '/border');
  });

  it('counts a general synonym of a word, below the word itself', async () => {
    const index = createOramaIndex();
    await index.load([
      page('remove', 'Removing entries', 'Call remove() with the key to drop an entry from the store.'),
      page('other', 'Reading entries', 'Call get() with the key to read an entry from the store.'),
    ]);
    assert.equal((await links(index, 'delete an entry'))[0], '/remove');
    const [viaSynonym] = await index.search('delete an entry', { limit: 1 });
    const [direct] = await index.search('remove an entry', { limit: 1 });
    assert.ok(viaSynonym && direct && viaSynonym.relevance < direct.relevance);
  });

  it("finds a page about a site's visitors by the owner's word for them: users", async () => {
    const index = createOramaIndex();
    await index.load([
      page('images', 'Images', 'Visitors can attach up to four images to a question.'),
      page('keys', 'Keys', 'Each agent has its own key.'),
    ]);
    const [found] = await index.search('users', { limit: 1, prefixLastTerm: false });
    assert.equal(found?.document.link, '/images');
  });

  it('finds a page by the abbreviation of a word it writes in full: rtl for right-to-left', async () => {
    const index = createOramaIndex();
    await index.load([
      page('rtl', 'Right-to-left pages', 'The elements lay themselves out from right to left.'),
      page('theme', 'Themes', 'Support for dark pages and light pages.'),
      page('keyboard', 'Accessibility', 'Every element works with the keyboard alone.'),
    ]);
    assert.equal((await links(index, 'rtl support'))[0], '/rtl');
    // Asked (a finished word), not typed: a word being typed has no synonyms.
    const [asked] = await index.search('a11y', { limit: 1, prefixLastTerm: false });
    assert.equal(asked?.document.link, '/keyboard');
  });

  it("finds a help centre's page by a customer's word for its subject: junk for spam, 2FA for two-factor", async () => {
    const index = createOramaIndex();
    await index.load([
      page('spam', 'Emails marked as spam', 'Set up SPF and DKIM for your domain.'),
      page('two-factor', 'Two-factor authentication', 'Codes from an authenticator app at sign-in.'),
      page('trash', 'Trash', 'Conversations in the trash can be restored for 30 days.'),
      page('folders', 'Folders', 'Sort conversations into folders.'),
    ]);
    // Each question finds its page only through the customer's word.
    assert.equal((await links(index, 'junk filters keep catching us'))[0], '/spam');
    assert.equal((await links(index, 'turn on 2fa for everyone'))[0], '/two-factor');
    assert.equal((await links(index, 'enable mfa for everyone'))[0], '/two-factor');
  });

  it('knows an identifier as a whole, not by its parts', async () => {
    const index = createOramaIndex();
    await index.load([page('web', 'Web servers', 'A web server serves pages. Node.js runs JavaScript.')]);
    assert.equal(index.hasWord?.('web'), true);
    assert.equal(index.hasWord?.('servers'), true);
    assert.equal(index.hasWord?.('WebGPU'), false);
    assert.equal(index.hasWord?.('Node.js'), true);
  });

  it('knows a hyphenated word by its parts: a header a visitor names is made of words', async () => {
    const index = createOramaIndex();
    await index.load([page('keys', 'API keys', 'Send the API key in a request header.')]);
    assert.equal(index.hasWord?.('X-Api-Key'), true);
    assert.equal(index.hasWord?.('X-Widget-Key'), false);
  });

  it('is unhealthy before anything is loaded', async () => {
    assert.equal(await createOramaIndex().healthy(), false);
  });
});
