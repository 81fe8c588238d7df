import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { answerQuestion } from '../../src/server/service/answer-question.js';
import { createSqliteStore } from '../../src/server/store/sqlite-store.js';
import {
  configWith,
  DEMO_KEY,
  type TestService,
  startTestService,
  twoProjectsConfig,
} from './service-harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A 1×1 PNG. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('POST /bot/askai', () => {
  let service: TestService;
  let dir: string;
  const ask = (body: Record<string, unknown>, apiKey = DEMO_KEY) =>
    service.postJson('/bot/askai', { apiKey, ...body });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ask-route-'));
    service = await startTestService({
      dbFile: join(dir, 'service.db'),
      config: twoProjectsConfig(),
    });
  });
  after(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers with the answer record of the spec, in html by default', async () => {
    const { status, body } = await ask({ query: 'How do I install ask-elements?', conversationId: '' });
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body).sort(), [
      'answer',
      'assetType',
      'context',
      'conversationId',
      'description',
      'didAnswer',
      'error',
      'insightId',
      'link',
      'relevanceScore',
      'title',
    ]);
    assert.equal(body.didAnswer, true);
    assert.equal(body.link, '/guides/install');
    assert.equal(body.error, null);
    assert.match(body.insightId, UUID);
    assert.match(body.conversationId, UUID);
    assert.ok(body.relevanceScore > 0 && body.relevanceScore <= 100);
    assert.match(body.answer, /^\s*</, 'an html fragment');
    assert.ok(Array.isArray(body.context.passages) && body.context.passages.length > 0);
    for (const key of ['documentId', 'title', 'link', 'text', 'score'])
      assert.ok(key in body.context.passages[0]);
  });

  it('answers in markdown when asked', async () => {
    const { status, body } = await ask({ query: 'How do I install ask-elements?', format: 'markdown' });
    assert.equal(status, 200);
    assert.doesNotMatch(body.answer, /<p>|<ul>|<a /);
    assert.ok(body.answer.length > 0);
  });

  it('gives every answer its own insightId', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++)
      ids.add((await ask({ query: 'How do I install ask-elements?' })).body.insightId);
    assert.equal(ids.size, 5);
  });

  it('says politely that it could not find an answer to an unrelated question', async () => {
    const { status, body } = await ask({ query: 'What was the population of medieval Byzantium?' });
    assert.equal(status, 200);
    assert.equal(body.didAnswer, false);
    assert.ok(body.answer.length > 0);
    assert.equal(body.error, null);
  });

  it('continues a known conversation, resolving a follow-up against the earlier turn', async () => {
    const first = await ask({ query: 'How do I change the accent colour?' });
    const followUp = await ask({ query: 'how do I change it?', conversationId: first.body.conversationId });
    assert.equal(followUp.status, 200);
    assert.equal(followUp.body.conversationId, first.body.conversationId);
    assert.equal(followUp.body.didAnswer, true);
    assert.equal(followUp.body.link, '/guides/theming');
    assert.match(followUp.body.context.resolvedQuery, /accent colou?r/);

    // The same words without the conversation have nothing to refer to.
    const alone = await ask({ query: 'how do I change it?' });
    assert.notEqual(alone.body.conversationId, first.body.conversationId);
    assert.doesNotMatch(alone.body.context.resolvedQuery, /accent/);

    const db = new Database(join(dir, 'service.db'), { readonly: true });
    const turns = db
      .prepare('SELECT query FROM insights WHERE conversation_id = ? ORDER BY created_at, rowid')
      .all(first.body.conversationId) as { query: string }[];
    db.close();
    assert.deepEqual(
      turns.map((turn) => turn.query),
      ['How do I change the accent colour?', 'how do I change it?'],
    );
  });

  it('answers a fragment ("and on the chat?") with the rest of the conversation it completes', async () => {
    const first = await ask({ query: 'How do I change the accent colour?' });
    const conversationId = first.body.conversationId;
    const second = await ask({ query: 'how do I set it on the search box?', conversationId });
    assert.match(second.body.context.resolvedQuery, /accent colou?r/);
    // "On the chat" replaces "on the search box"; the accent colour stays the topic.
    const third = await ask({ query: 'and on the chat?', conversationId });
    assert.equal(third.body.didAnswer, true);
    assert.match(third.body.context.resolvedQuery, /accent colou?r/);
    assert.doesNotMatch(third.body.context.resolvedQuery, /search box/);
    assert.equal(third.body.link, '/guides/theming');
  });

  it('carries what was done over to a follow-up that asks about it ("does it work on the chat?")', async () => {
    const first = await ask({ query: 'How do I style parts?' });
    const followUp = await ask({
      query: 'does it work on the chat?',
      conversationId: first.body.conversationId,
    });
    assert.match(followUp.body.context.resolvedQuery, /\bstyle\b/);
    assert.equal(followUp.body.didAnswer, true);
    assert.equal(followUp.body.link, '/guides/theming');
  });

  it('asks "show me an example" of the page the conversation is on, and a new subject as asked', async () => {
    const first = await ask({ query: 'How do I change the accent colour?' });
    assert.equal(first.body.link, '/guides/theming');
    const conversationId = first.body.conversationId;
    const example = await ask({ query: 'show me an example', conversationId });
    assert.match(example.body.context.resolvedQuery, /accent colou?r/);
    assert.equal(example.body.didAnswer, true);
    assert.equal(example.body.link, '/guides/theming');
    // A question on another page's subject is not dragged back to the theming page.
    const install = await ask({ query: 'How do I install ask-elements with npm?', conversationId });
    assert.equal(install.body.context.resolvedQuery, 'How do I install ask-elements with npm?');
    assert.equal(install.body.link, '/guides/install');
  });

  it('asks a new question of its own page when the last page only shares its nouns, not what it asks', async () => {
    // The theming page names the text field (its part), but says nothing of typing in it.
    const first = await ask({ query: 'How do I change the accent colour?' });
    assert.equal(first.body.link, '/guides/theming');
    const conversationId = first.body.conversationId;
    const typing = await ask({ query: 'How do I type in the text field?', conversationId });
    assert.equal(typing.body.context.resolvedQuery, 'How do I type in the text field?');
    assert.equal(typing.body.link, '/elements/search-box');
  });

  it('asks a new question as asked when the tagger read its subject as a verb ("How are results ranked?")', async () => {
    // "results" and "React" were tagged as verbs, so the question named no subject of its own
    // and was searched with the accent colour, and answered from the theming page.
    const first = await ask({ query: 'How do I change the accent colour?' });
    const conversationId = first.body.conversationId;
    for (const query of ['How are results ranked?', 'What does React need?']) {
      const next = await ask({ query, conversationId });
      assert.equal(next.body.context.resolvedQuery, query);
    }
  });

  it('reads "such a list" as the one spoken of', async () => {
    const first = await ask({ query: 'What does the search box list?' });
    const followUp = await ask({
      query: 'how do I move through such a list with the keyboard?',
      conversationId: first.body.conversationId,
    });
    assert.match(followUp.body.context.resolvedQuery, /search box/);
    assert.equal(followUp.body.link, '/elements/search-box');
  });

  it('answers a follow-up after a declined question as asked, carrying none of its words', async () => {
    const declined = await ask({ query: 'What is the capital of France?' });
    assert.equal(declined.body.didAnswer, false);
    const followUp = await ask({
      query: 'How do I install it with npm?',
      conversationId: declined.body.conversationId,
    });
    assert.equal(followUp.body.conversationId, declined.body.conversationId);
    assert.equal(followUp.body.context.resolvedQuery, 'How do I install it with npm?');
    assert.equal(followUp.body.didAnswer, true);
    assert.equal(followUp.body.link, '/guides/install');
    // The conversation's turns, read back from the database, say which was declined.
    const store = createSqliteStore(join(dir, 'service.db'));
    try {
      const turns = await store.conversationTurns(declined.body.conversationId, 6);
      assert.deepEqual(
        turns.map((turn) => [turn.query, turn.didAnswer]),
        [
          ['What is the capital of France?', false],
          ['How do I install it with npm?', true],
        ],
      );
    } finally {
      await store.close();
    }
  });

  it('stores no answer to a question the visitor stopped as it was composed', async () => {
    const agent = service.config.agents.find((known) => known.apiKey === DEMO_KEY)!;
    const deps = { store: service.store, answerer: service.answerer, customAgents: { logger: console } };
    const first = await answerQuestion(deps, agent, { query: 'How do I install ask-elements?' });
    // The visitor stops just as the index has composed the answer, before it is stored.
    const stop = new AbortController();
    const answerer = {
      ...service.answerer,
      answer: async (...asked: Parameters<typeof service.answerer.answer>) => {
        const draft = await service.answerer.answer(...asked);
        stop.abort();
        return draft;
      },
    };
    const stopped = answerQuestion(
      { ...deps, answerer },
      agent,
      { query: 'How do I theme the search box?', conversationId: first.conversationId },
      stop.signal,
    );
    await assert.rejects(stopped, { name: 'AbortError' });
    const turns = await service.store.conversationTurns(first.conversationId, 10);
    assert.deepEqual(
      turns.map((turn) => turn.query),
      ['How do I install ask-elements?'],
      'the stopped question is no turn a follow-up reads',
    );
  });

  it('starts a new conversation with a new id for an unknown conversationId', async () => {
    const { status, body } = await ask({
      query: 'How do I install ask-elements?',
      conversationId: 'no-such-conversation',
    });
    assert.equal(status, 200);
    assert.notEqual(body.conversationId, 'no-such-conversation');
    assert.match(body.conversationId, UUID);
    const next = await ask({
      query: 'Which Node version does the service need?',
      conversationId: body.conversationId,
    });
    assert.equal(next.body.conversationId, body.conversationId, 'the new id continues');
  });

  it("does not continue another agent's conversation", async () => {
    const docs = await ask({ query: 'How do I install ask-elements?' });
    const support = await ask(
      { query: 'How do I install ask-elements?', conversationId: docs.body.conversationId },
      'support-key',
    );
    assert.equal(support.status, 200);
    assert.notEqual(support.body.conversationId, docs.body.conversationId);
  });

  it("does not continue a conversation of another project's agent of the same id", async () => {
    const docs = await ask({ query: 'How do I install ask-elements?' });
    const other = await ask(
      { query: 'how do I change it?', conversationId: docs.body.conversationId },
      'other-project-key',
    );
    assert.equal(other.status, 200);
    assert.notEqual(other.body.conversationId, docs.body.conversationId);
    // Nothing of the first site's question carried into the other's follow-up.
    assert.equal(other.body.context.resolvedQuery, 'how do I change it?');
  });

  it('honours includeTags and excludeTags', async () => {
    const onlyElements = await ask({
      query: 'How do I change the accent colour?',
      includeTags: ['elements'],
    });
    assert.equal(onlyElements.status, 200);
    assert.ok(!onlyElements.body.link.startsWith('/guides/'), onlyElements.body.link);
    for (const passage of onlyElements.body.context.passages)
      assert.ok(passage.link.startsWith('/elements/'));

    const withoutGuides = await ask({ query: 'How do I change the accent colour?', excludeTags: ['guides'] });
    for (const passage of withoutGuides.body.context.passages)
      assert.ok(!passage.link.startsWith('/guides/'));
  });

  it('stores meta, attributes, tags and the image count with the insight', async () => {
    const meta = {
      title: 'Theming',
      origin: 'https://docs.example.com/theming',
      language: 'en',
      referrer: 'https://example.com/',
    };
    const attributes = { plan: 'pro', visits: 3 };
    const { body } = await ask({
      query: 'How do I change the accent colour?',
      meta,
      attributes,
      includeTags: ['guides'],
      base64Images: [PIXEL],
    });
    const db = new Database(join(dir, 'service.db'), { readonly: true });
    const row = db.prepare('SELECT context_json FROM insights WHERE insight_id = ?').get(body.insightId) as {
      context_json: string;
    };
    db.close();
    const stored = JSON.parse(row.context_json);
    assert.deepEqual(stored.meta, meta);
    assert.deepEqual(stored.attributes, attributes);
    assert.deepEqual(stored.includeTags, ['guides']);
    assert.equal(stored.imageCount, 1);
  });

  it('stores at most about 145 KB of a request, however it is written: meta keeps its four fields', async () => {
    // Each field at its limit, in the characters that take the most room stored: a control
    // character is six bytes of JSON, a CJK one three of UTF-8.
    const control = '\u0001';
    const tags = Array.from({ length: 50 }, (_, i) => `${control.repeat(98)}${String(i).padStart(2, '0')}`);
    const { status, body } = await ask({
      query: '中'.repeat(1000),
      meta: {
        title: control.repeat(1000),
        origin: control.repeat(2000),
        language: control.repeat(35),
        referrer: control.repeat(2000),
        extra: 'x'.repeat(100_000),
      },
      attributes: { a: '中'.repeat(16_370) },
      includeTags: tags,
      excludeTags: tags,
    });
    assert.equal(status, 200);
    const db = new Database(join(dir, 'service.db'), { readonly: true });
    const row = db
      .prepare(
        `SELECT length(CAST(query AS BLOB)) + length(CAST(question_key AS BLOB)) +
           length(CAST(context_json AS BLOB)) AS bytes, context_json FROM insights WHERE insight_id = ?`,
      )
      .get(body.insightId) as { bytes: number; context_json: string };
    db.close();
    assert.deepEqual(Object.keys(JSON.parse(row.context_json).meta), [
      'title',
      'origin',
      'language',
      'referrer',
    ]);
    assert.ok(row.bytes < 150_000, `${row.bytes} bytes`);
  });

  it('accepts up to four images', async () => {
    const { status } = await ask({
      query: 'What does this screenshot show?',
      base64Images: [PIXEL, PIXEL, PIXEL, PIXEL],
    });
    assert.equal(status, 200);
  });

  const bigImage = `data:image/png;base64,${'A'.repeat(Math.ceil(((5 * 1024 * 1024 + 3) * 4) / 3 / 4) * 4)}`;
  const badFields: [string, Record<string, unknown>, string][] = [
    ['a missing query', {}, 'query'],
    ['an empty query', { query: '' }, 'query'],
    ['an unknown format', { query: 'install', format: 'pdf' }, 'format'],
    ['a conversationId that is not a string', { query: 'install', conversationId: 12 }, 'conversationId'],
    ['meta that is not an object', { query: 'install', meta: 'home' }, 'meta'],
    ['a meta.origin that is not a string', { query: 'install', meta: { origin: 5 } }, 'meta.origin'],
    ['attributes that are not an object', { query: 'install', attributes: [1, 2] }, 'attributes'],
    ['attributes over 16 KiB', { query: 'install', attributes: { blob: 'x'.repeat(17_000) } }, 'attributes'],
    ['five images', { query: 'install', base64Images: [PIXEL, PIXEL, PIXEL, PIXEL, PIXEL] }, 'base64Images'],
    [
      'an image that is not a data URI',
      { query: 'install', base64Images: [PIXEL, PIXEL, 'https://example.com/a.png'] },
      'base64Images.2',
    ],
    [
      'a data URI that is not an image',
      { query: 'install', base64Images: ['data:text/plain;base64,aGVsbG8='] },
      'base64Images.0',
    ],
    [
      'an image that is not base64',
      { query: 'install', base64Images: [PIXEL, 'data:image/png;base64,@@@@'] },
      'base64Images.1',
    ],
    ['an image over 5 MiB decoded', { query: 'install', base64Images: [bigImage] }, 'base64Images.0'],
    ['includeTags not an array', { query: 'install', includeTags: 'guides' }, 'includeTags'],
  ];
  for (const [name, body, field] of badFields) {
    it(`answers 400 naming ${field} for ${name}`, async () => {
      const { status, body: error } = await ask(body);
      assert.equal(status, 400);
      assert.equal(error.error.field, field);
      assert.ok(error.error.message.length > 0);
    });
  }
});

describe('POST /bot/askai with a typo', () => {
  it('answers a short word with two neighbouring letters swapped as the word: "dark mdoe?"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ask-typo-'));
    writeFileSync(
      join(dir, 'theme.md'),
      [
        '# Theming',
        '',
        'The elements take their colours from custom properties.',
        '',
        '## Dark mode',
        '',
        'The elements follow the dark mode of the visitor unless `color-scheme` is set on them.',
        '',
        '## Light mode',
        '',
        'Set `color-scheme="light"` to keep the light mode on a page that is only light.',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'install.md'),
      '# Install\n\nLoad the script as a module, after the page has loaded.\n',
    );
    const service = await startTestService({ config: configWith(), contentDir: dir });
    try {
      const { status, body } = await service.postJson('/bot/askai', {
        apiKey: DEMO_KEY,
        query: 'dark mdoe?',
        conversationId: '',
        format: 'markdown',
      });
      assert.equal(status, 200);
      assert.equal(body.didAnswer, true);
      assert.equal(body.context.passages[0]?.link, '/theme#dark-mode');
    } finally {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
