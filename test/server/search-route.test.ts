import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadContentFolder } from '../../src/server/content/load-folder.js';
import {
  DEMO_KEY,
  FIXTURE_CONTENT,
  type TestService,
  configWith,
  startTestService,
} from './service-harness.js';

describe('POST /bot/search', () => {
  let service: TestService;
  const search = (body: Record<string, unknown>) =>
    service.postJson('/bot/search', { apiKey: DEMO_KEY, ...body });

  before(async () => {
    service = await startTestService({ config: configWith() });
  });
  after(() => service.close());

  it('answers the spec fields of the best documents, best first', async () => {
    const { status, body } = await search({ query: 'install the package from npm', numDocs: 3 });
    assert.equal(status, 200);
    assert.ok(Array.isArray(body) && body.length > 0 && body.length <= 3);
    assert.equal(body[0].link, '/guides/install');
    for (const item of body) {
      assert.deepEqual(Object.keys(item).sort(), ['assetType', 'description', 'link', 'title']);
      assert.equal(item.assetType, 'webpage');
    }
  });

  it('links a result to the section under a heading its words were found in', async () => {
    const { body } = await search({ query: 'escape closes the list', numDocs: 3 });
    assert.equal(body[0].link, '/elements/search-box');
    assert.deepEqual(body[0].section, {
      heading: 'Keyboard',
      link: '/elements/search-box#keyboard',
      excerpt:
        'Arrow keys move through the results, Enter opens the active result and Escape closes the list.',
    });
  });

  it('links to the page as a whole when its title holds the query, or its opening matched', async () => {
    const titled = await search({ query: 'search-box element', numDocs: 3 });
    assert.equal(titled.body[0].link, '/elements/search-box');
    assert.equal(titled.body[0].section, undefined);
    const opening = await search({ query: 'register the elements', numDocs: 3 });
    assert.equal(opening.body[0].link, '/guides/install');
    assert.equal(opening.body[0].section, undefined);
  });

  it('finds a page from a typeahead prefix', async () => {
    const { body } = await search({ query: 'accent col', numDocs: 5 });
    assert.equal(body[0].link, '/guides/theming');
  });

  it('returns at most numDocs items', async () => {
    const { body } = await search({ query: 'element', numDocs: 1 });
    assert.equal(body.length, 1);
  });

  it('answers [] when nothing matches', async () => {
    const { status, body } = await search({ query: 'zzqxv wqpzr', numDocs: 5 });
    assert.equal(status, 200);
    assert.deepEqual(body, []);
  });

  it('adds the document text as content when returnContent is true', async () => {
    const { body } = await search({ query: 'rate limits', numDocs: 1, returnContent: true });
    assert.equal(body[0].link, '/service/rate-limits');
    assert.match(body[0].content, /20 requests per second/);
  });

  it('keeps the best of documents sharing a link unless returnAll is true', async () => {
    const all = await search({ query: 'install ask-elements', numDocs: 10, returnAll: true });
    const installLinks = all.body.filter((item: { link: string }) => item.link === '/guides/install');
    assert.equal(installLinks.length, 2, 'both copies are published at /guides/install');

    const distinct = await search({ query: 'install ask-elements', numDocs: 10 });
    const kept = distinct.body.filter((item: { link: string }) => item.link === '/guides/install');
    assert.equal(kept.length, 1);
    assert.equal(kept[0].title, installLinks[0].title, 'the better ranked copy is kept');
    const links = distinct.body.map((item: { link: string }) => item.link);
    assert.equal(new Set(links).size, links.length);

    // A copy dropped from the first results leaves no gap: numDocs distinct documents come back.
    const firstTwo = all.body.slice(0, 2).map((item: { link: string }) => item.link);
    assert.deepEqual(firstTwo, ['/guides/install', '/guides/install'], 'the two copies rank first');
    const three = await search({ query: 'install ask-elements', numDocs: 3 });
    assert.deepEqual(
      three.body.map((item: { link: string }) => item.link),
      links.slice(0, 3),
    );
  });

  it('drops documents without a link unless returnAll is true', async () => {
    const { documents } = await loadContentFolder(FIXTURE_CONTENT);
    const unlinked = {
      ...documents.find((doc) => doc.id === 'service/rate-limits.md')!,
      id: 'unlinked.md',
      link: '',
    };
    await service.index.load([...documents, unlinked]);
    try {
      const all = await search({ query: 'rate limits', numDocs: 10, returnAll: true });
      assert.ok(all.body.some((item: { link: string }) => item.link === ''));
      const linked = await search({ query: 'rate limits', numDocs: 10 });
      assert.ok(linked.body.length > 0);
      assert.ok(linked.body.every((item: { link: string }) => item.link !== ''));
    } finally {
      await service.index.load(documents);
    }
  });

  it('honours includeTags and excludeTags', async () => {
    // Pages of both tags hold the words; the filter keeps the elements' only.
    const query = 'element documents';
    const unfiltered = await search({ query, numDocs: 10 });
    assert.ok(unfiltered.body.some((item: { link: string }) => !item.link.startsWith('/elements/')));
    const included = await search({ query, numDocs: 10, includeTags: ['elements'] });
    assert.ok(included.body.length > 0);
    assert.ok(included.body.every((item: { link: string }) => item.link.startsWith('/elements/')));

    const everything = await search({ query: 'theming accent colour', numDocs: 10 });
    assert.ok(everything.body.some((item: { link: string }) => item.link === '/internal/draft'));
    const excluded = await search({ query: 'theming accent colour', numDocs: 10, excludeTags: ['internal'] });
    assert.ok(excluded.body.length > 0);
    assert.ok(excluded.body.every((item: { link: string }) => item.link !== '/internal/draft'));
  });

  it('reads an empty includeTags or excludeTags as absent: it filters nothing', async () => {
    const query = 'element documents';
    const unfiltered = await search({ query, numDocs: 10 });
    assert.ok(unfiltered.body.length > 0);
    assert.deepEqual((await search({ query, numDocs: 10, includeTags: [] })).body, unfiltered.body);
    assert.deepEqual((await search({ query, numDocs: 10, excludeTags: [] })).body, unfiltered.body);
  });

  it('treats score as a threshold: a higher score keeps fewer, never other, documents', async () => {
    const loose = await search({ query: 'theming', numDocs: 10, score: 0 });
    const strict = await search({ query: 'theming', numDocs: 10, score: 0.99 });
    assert.ok(loose.body.length > 0);
    assert.ok(strict.body.length <= loose.body.length);
    const looseLinks = new Set(loose.body.map((item: { link: string }) => item.link));
    for (const item of strict.body) assert.ok(looseLinks.has(item.link));
  });

  it('keeps at score 0.99 the page a query names by its whole title, and only near-exact matches', async () => {
    // Case and punctuation aside: the title is "Theming the elements".
    for (const query of ['theming the Elements!', 'THEMING THE ELEMENTS', 'theming-the elements']) {
      const named = await search({ query, numDocs: 10, score: 0.99 });
      assert.deepEqual(
        named.body.map((item: { link: string }) => item.link),
        ['/guides/theming'],
        query,
      );
    }
    // A name in code, lower-cased, and a hyphenated one written with spaces.
    const installing = await search({ query: 'installing ask elements', numDocs: 10, score: 0.99 });
    assert.deepEqual(
      installing.body.map((item: { link: string }) => item.link),
      ['/guides/install'],
    );
    const partial = await search({ query: 'theming elements colours', numDocs: 10, score: 0.99 });
    assert.deepEqual(partial.body, []);
  });

  const badFields: [string, Record<string, unknown>, string][] = [
    ['a missing query', { numDocs: 5 }, 'query'],
    ['an empty query', { query: '   ', numDocs: 5 }, 'query'],
    ['a query over 1000 characters', { query: 'a'.repeat(1001), numDocs: 5 }, 'query'],
    ['a query that is not a string', { query: 42, numDocs: 5 }, 'query'],
    ['a missing numDocs', { query: 'install' }, 'numDocs'],
    ['numDocs 0', { query: 'install', numDocs: 0 }, 'numDocs'],
    ['numDocs 101', { query: 'install', numDocs: 101 }, 'numDocs'],
    ['a fractional numDocs', { query: 'install', numDocs: 2.5 }, 'numDocs'],
    ['numDocs as a string', { query: 'install', numDocs: '5' }, 'numDocs'],
    ['score 1', { query: 'install', numDocs: 5, score: 1 }, 'score'],
    ['a negative score', { query: 'install', numDocs: 5, score: -0.1 }, 'score'],
    ['includeTags not an array', { query: 'install', numDocs: 5, includeTags: 'guides' }, 'includeTags'],
    ['a tag that is not a string', { query: 'install', numDocs: 5, excludeTags: ['ok', 7] }, 'excludeTags.1'],
    ['returnContent not a boolean', { query: 'install', numDocs: 5, returnContent: 'yes' }, 'returnContent'],
    ['returnAll not a boolean', { query: 'install', numDocs: 5, returnAll: 1 }, 'returnAll'],
  ];
  for (const [name, body, field] of badFields) {
    it(`answers 400 naming ${field} for ${name}`, async () => {
      const { status, body: error } = await search(body);
      assert.equal(status, 400);
      assert.equal(error.error.code, 'invalid_field');
      assert.equal(error.error.field, field);
      assert.ok(error.error.message.includes(field), error.error.message);
    });
  }
});

describe('POST /bot/search links', () => {
  it('percent-encodes what a URL path cannot hold in a file name, keeping the rest readable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-links-'));
    const files: [string, string][] = [
      ['sp ace & ?#.md', 'https://docs.example.com/base/sp%20ace%20&%20%3F%23'],
      ["café (50%) it's:new.md", "https://docs.example.com/base/caf%C3%A9%20(50%25)%20it's:new"],
    ];
    for (const [name] of files)
      writeFileSync(join(dir, name), '# Narwhal tusks\n\nNarwhal tusks are teeth.\n');
    const service = await startTestService({
      config: configWith(),
      contentDir: dir,
      siteUrl: 'https://docs.example.com/base',
    });
    try {
      const { status, body } = await service.postJson('/bot/search', {
        apiKey: DEMO_KEY,
        query: 'narwhal tusks',
        numDocs: 5,
      });
      assert.equal(status, 200);
      const links = body.map((item: { link: string }) => item.link).sort();
      assert.deepEqual(links, files.map(([, link]) => link).sort());
      for (const [name, link] of files) {
        const url = new URL(link);
        assert.equal(url.href, link, 'a URL parser keeps the link as it is');
        assert.equal(decodeURIComponent(url.pathname), `/base/${name.replace(/\.md$/, '')}`);
      }
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('POST /bot/search excerpts', () => {
  let service: TestService;
  let dir: string;
  const sectionOf = async (query: string) => {
    const { status, body } = await service.postJson('/bot/search', { apiKey: DEMO_KEY, query, numDocs: 3 });
    assert.equal(status, 200);
    return body[0]?.section;
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'search-excerpts-'));
    writeFileSync(
      join(dir, 'storage.md'),
      [
        '# Storage guide',
        'How the widgets keep what a visitor did, page by page.',
        '## Conversations',
        'Each answer carries a conversationId; the chat sends it with the next question, so that follow-ups are read in context.',
        '```js\nchat.persist = true;\n```',
        '| Attribute | Meaning |\n| --------- | ------- |\n| persist | keeps the transcript |',
        'To keep the conversation across reloads, add the `persist` attribute: it is saved in sessionStorage.',
        'The persist attribute keeps one transcript per tab: a second tab starts its own.',
        '## Quotas',
        'Each key may ask twenty questions a minute, and a hundred a day.',
        '## Limits',
        'The service answers every request within a few seconds. It reads the question, finds the pages that answer it, and writes its answer from their sentences, quoting them. When the page is long, it reads only its sections that hold the words asked. A transcript is kept for an hour after its last question, then dropped from the store.',
      ].join('\n\n') + '\n',
    );
    service = await startTestService({ config: configWith(), contentDir: dir });
  });
  after(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("shows the section's first paragraph of prose holding the query's word, not its opening, code or table", async () => {
    const reloads =
      'To keep the conversation across reloads, add the persist attribute: it is saved in sessionStorage.';
    assert.deepEqual(await sectionOf('persist'), {
      heading: 'Conversations',
      link: '/storage#conversations',
      excerpt: reloads,
    });
    // Read as the index reads words: a stem, another case, an accent, a word being typed.
    for (const query of ['persisting', 'Persíst', 'persi'])
      assert.equal((await sectionOf(query))?.excerpt, reloads, query);
  });

  it('shows the paragraph holding most of the query, the first of equals', async () => {
    assert.equal(
      (await sectionOf('persist tab'))?.excerpt,
      'The persist attribute keeps one transcript per tab: a second tab starts its own.',
    );
  });

  it('shows a long paragraph from the sentence holding the word, when its start would not show it', async () => {
    const section = await sectionOf('transcript dropped');
    assert.equal(section?.link, '/storage#limits');
    assert.equal(
      section?.excerpt,
      '…A transcript is kept for an hour after its last question, then dropped from the store.',
    );
  });

  it("shows the section's opening when no paragraph of its prose holds the query (its heading does)", async () => {
    assert.deepEqual(await sectionOf('quotas'), {
      heading: 'Quotas',
      link: '/storage#quotas',
      excerpt: 'Each key may ask twenty questions a minute, and a hundred a day.',
    });
  });
});

describe('POST /bot/search words a visitor asks with', () => {
  it('finds the section on speed by "fast", which the pages never write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-synonyms-'));
    writeFileSync(
      join(dir, 'ranking.md'),
      '# How pages are ranked\n\nPages are found by their words.\n\n## Speed\n\nA query is ranked in about 0.3 ms at the median.\n',
    );
    writeFileSync(join(dir, 'cache.md'), '# Caching\n\nRepeated queries are answered from a cache.\n');
    const service = await startTestService({ config: configWith(), contentDir: dir });
    try {
      const { status, body } = await service.postJson('/bot/search', {
        apiKey: DEMO_KEY,
        query: 'how fast is it?',
        numDocs: 2,
      });
      assert.equal(status, 200);
      assert.equal(body[0]?.link, '/ranking');
      assert.equal(body[0]?.section?.link, '/ranking#speed');
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
