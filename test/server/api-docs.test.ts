/**
 * The examples of the API pages (`demo/content/service/api-*.md`), which a developer reads as what
 * the service answers: each request, sent as written to the service over the demo's own
 * documentation, is answered as its page shows. When a change to the answers or the documents
 * moves them, the page is to be updated with what the service answers now. And the error codes the
 * pages give are the service's: `errors-and-limits.md` lists every code it answers, and no page
 * names one it doesn't; its table of limits gives the schemas' numbers.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  AnalyticsQuerySchema,
  AskMetaSchema,
  AskRequestSchema,
  FeedbackRequestSchema,
  LIMITS,
  SearchRequestSchema,
} from '../../src/wire/schemas.js';
import { ANALYTICS_DEFAULT_LIMIT } from '../../src/server/service/analytics-report.js';
import { type TestService, configWith, startTestService } from './service-harness.js';

const DEMO_CONTENT = fileURLToPath(new URL('../../demo/content/', import.meta.url));

const page = (name: string): string => readFileSync(join(DEMO_CONTENT, 'service', name), 'utf8');

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every file under `dir` (relative to the repository) whose name ends with `extension`. */
function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) =>
    statSync(join(ROOT, dir, name)).isDirectory()
      ? filesUnder(join(dir, name), extension)
      : name.endsWith(extension)
        ? [join(dir, name)]
        : [],
  );
}

/**
 * The error codes the service answers, as its code writes them: an `ApiError`'s, those of the
 * answers written before or outside the app (`main.ts`: an HTTP request Node refuses, `Expect`,
 * `CONNECT`), and the app's own (no route, a fault). `http_error` is left out: the app answers it
 * for an error Hono raises itself, which no route of the service lets through.
 */
function serviceErrorCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of filesUnder('src/server', '.ts')) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const patterns = [
      /new ApiError\(\s*\d{3},\s*'([a-z_]+)'/g,
      /error: \{ code: '([a-z_]+)'/g,
      /(?:jsonErrorBody|answerJsonError)\([^']*'([a-z_]+)'/g,
      /endWithJsonError\([^;]*?'([a-z]+_[a-z_]+)',?\s*\)/g,
      /^\s+code = '([a-z_]+)',?$/gm,
    ];
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) codes.add(match[1]!);
  }
  codes.delete('http_error');
  return codes;
}

/** The JSON body of a page's first ```http request, and the first ```json block after `## Response`. */
function example(name: string): { request: Record<string, unknown>; response: unknown; text: string } {
  const text = page(name);
  const http = /^```http\n[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)^```$/m.exec(text);
  const response = /^## Response\n[\s\S]*?^```json\n([\s\S]*?)^```$/m.exec(text);
  assert.ok(http && response, `${name} has a request and a response example`);
  return { request: JSON.parse(http[1]!), response: JSON.parse(response[1]!), text };
}

/** What a page abbreviates with " ...": the text before it is how the real one starts. */
function assertStartsAsShown(real: string, shown: string, what: string): void {
  const start = shown.split('...')[0]!.trimEnd();
  assert.ok(
    real.startsWith(start),
    `${what} starts ${JSON.stringify(start)}; the service sent ${JSON.stringify(real.slice(0, 200))}`,
  );
}

describe('the error codes of the documentation', () => {
  it("are the service's: errors-and-limits.md lists each code it answers, and no page names another", () => {
    const service = serviceErrorCodes();
    const listed = new Set<string>();
    const statusTable = page('errors-and-limits.md').split('## Status codes')[1]!.split('\n## ')[0]!;
    for (const row of statusTable.matchAll(/^\| [\d, ]+ \| `([a-z_]+)` \|/gm)) listed.add(row[1]!);
    assert.deepEqual([...listed].sort(), [...service].sort(), "errors-and-limits.md's table of status codes");

    // Anywhere in the pages and the README: a status and its code (`503 index_unavailable`, a
    // row `| 413 | \`body_too_large\` |`), or a JSON error body's `"code": "…"`. An answer
    // record's `error.code` is the custom agents' `agent_endpoint_failed`.
    const named = new Map<string, string>();
    for (const file of ['README.md', ...filesUnder('demo/content', '.md')]) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const patterns = [
        /\b[1-5]\d\d`? `([a-z]+_[a-z_]+)`/g,
        /`[1-5]\d\d ([a-z]+_[a-z_]+)`/g,
        /^\| [1-5]\d\d \| `([a-z_]+)`(?: \/ `([a-z_]+)`)? \|/gm,
        /"code": ?"([a-z_]+)"/g,
      ];
      for (const pattern of patterns)
        for (const match of text.matchAll(pattern))
          for (const code of match.slice(1)) if (code !== undefined) named.set(code, file);
    }
    const unknown = [...named].filter(([code]) => !service.has(code) && code !== 'agent_endpoint_failed');
    assert.deepEqual(unknown, [], 'codes the pages name that the service never answers');
    assert.ok(named.size >= 10, `the pages name the codes (${[...named.keys()].join(', ')})`);
  });
});

describe('the limits of the documentation', () => {
  it("errors-and-limits.md gives the limits the service's schemas enforce", () => {
    const search = SearchRequestSchema.shape;
    const ask = AskRequestSchema.shape;
    const feedback = FeedbackRequestSchema.shape;
    const meta = AskMetaSchema.shape;
    const tags = ask.includeTags.unwrap();
    const limit = AnalyticsQuerySchema.shape.limit.unwrap().out;
    assert.equal(LIMITS.feedbackBodyMaxBytes, LIMITS.searchBodyMaxBytes, 'one row gives both');
    assert.equal(feedback.insightId.maxLength, ask.conversationId.unwrap().maxLength, 'one row gives both');
    assert.deepEqual(search.includeTags.unwrap()._zod.def, tags._zod.def, 'one row gives both');
    /** Each row of the table, by its first cell: the numbers it gives, in order. */
    const expected: Record<string, (number | null)[]> = {
      'Body of `/bot/search` and `/bot/feedback`': [
        LIMITS.searchBodyMaxBytes / 1024,
        LIMITS.searchBodyMaxBytes,
      ],
      'Body of `/bot/askai`': [LIMITS.askBodyMaxBytes / 2 ** 20, LIMITS.askBodyMaxBytes],
      '`query`': [search.query.minLength, search.query.maxLength],
      '`numDocs`': [search.numDocs.minValue, search.numDocs.maxValue],
      '`score`': [search.score.unwrap().minValue, search.score.unwrap().maxValue],
      '`includeTags`, `excludeTags`': [
        (tags._zod.def.checks?.[0]?._zod.def as { maximum?: number } | undefined)?.maximum ?? null,
        tags.element.minLength,
        tags.element.maxLength,
      ],
      '`base64Images`': [LIMITS.imagesMax, LIMITS.imageMaxBytes / 2 ** 20, LIMITS.imageMaxBytes],
      '`attributes`': [LIMITS.attributesMaxChars, LIMITS.attributesMaxDepth],
      '`meta.title` / `meta.origin` / `meta.referrer` / `meta.language`': [
        meta.title.unwrap().maxLength,
        meta.origin.unwrap().maxLength,
        meta.referrer.unwrap().maxLength,
        meta.language.unwrap().maxLength,
      ],
      '`conversationId`, `insightId`': [feedback.insightId.maxLength],
      'feedback `reason` / `comment`': [
        feedback.reason.unwrap().maxLength,
        feedback.comment.unwrap().maxLength,
      ],
      'analytics `limit`': [limit.minValue, limit.maxValue, ANALYTICS_DEFAULT_LIMIT],
    };
    const table = page('errors-and-limits.md').split('\n## Limits\n')[1]!.split('\n## ')[0]!;
    const rows = [...table.matchAll(/^\| (.+?) \| (.+) \|$/gm)].slice(2);
    assert.deepEqual(rows.map((row) => row[1]).sort(), Object.keys(expected).sort(), 'the rows of the table');
    for (const [, what, limits] of rows) {
      // Numbers as written (`65,536`, `0.99`), not those inside a word (`base64`).
      const numbers = [...limits!.matchAll(/(?<![\w.])\d[\d,]*(?:\.\d+)?/g)].map((n) =>
        Number(n[0].replace(/,/g, '')),
      );
      assert.deepEqual(numbers, expected[what!], `${what}: ${limits}`);
    }
  });
});

describe('the examples of the API pages', () => {
  let service: TestService;

  before(async () => {
    service = await startTestService({ contentDir: DEMO_CONTENT, config: configWith() });
  });
  after(() => service.close());

  it('api-search.md: the request is answered with the items shown, and content as shown', async () => {
    const { request, response, text } = example('api-search.md');
    const { status, body } = await service.postJson('/bot/search', request);
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body, response, 'update the response of api-search.md to what the service answers');

    const content = /each item also has `"content": (".*?")`/.exec(text);
    assert.ok(content, 'api-search.md shows a content');
    const withContent = await service.postJson('/bot/search', { ...request, returnContent: true });
    assertStartsAsShown(withContent.body[0].content, JSON.parse(content[1]!), 'content');
  });

  it('api-ask.md: the request is answered with the record shown, in the format it asks for', async () => {
    const { request, response } = example('api-ask.md');
    const { status, body } = await service.postJson('/bot/askai', request);
    assert.equal(status, 200, JSON.stringify(body));
    const shown = response as Record<string, any>;
    assert.deepEqual(Object.keys(body), Object.keys(shown));
    for (const field of ['answer', 'title', 'link', 'description', 'assetType', 'didAnswer', 'error'])
      assert.deepEqual(body[field], shown[field], `${field} of api-ask.md's example`);
    assert.equal(typeof body.relevanceScore, 'number');
    assert.equal(body.context.resolvedQuery, shown.context.resolvedQuery);
    assert.equal(body.context.passages.length, shown.context.passages.length);
    shown.context.passages.forEach((passage: Record<string, any>, i: number) => {
      const real = body.context.passages[i];
      for (const field of ['documentId', 'title', 'heading', 'link'])
        assert.equal(real[field], passage[field], `context.passages.${i}.${field}`);
      assertStartsAsShown(real.text, passage.text, `context.passages.${i}.text`);
    });
  });
});
