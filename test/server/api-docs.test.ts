/**
 * The examples of the API pages (`demo/content/service/api-*.md`), which a developer reads as what
 * the service answers: each request, sent as written to the service over the demo's own
 * documentation, is answered as its page shows. When a change to the answers or the documents
 * moves them, the page is to be updated with what the service answers now.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type TestService, configWith, startTestService } from './service-harness.js';

const DEMO_CONTENT = fileURLToPath(new URL('../../demo/content/', import.meta.url));

const page = (name: string): string => readFileSync(join(DEMO_CONTENT, 'service', name), 'utf8');

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
