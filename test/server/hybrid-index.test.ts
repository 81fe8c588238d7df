/**
 * Hybrid (lexical + vector) search against a loopback server that speaks the OpenAI
 * `/embeddings` protocol. Its vectors come from a tiny hand-made concept space: words of one
 * concept ("remove", "delete", "erase") share a dimension, every other word is hashed into its
 * own, so a query can match a page by meaning while sharing none of its words.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import type { SourceDocument } from '../../src/server/content/document.js';
import type { Logger } from '../../src/server/logger.js';
import { startService } from '../../src/server/main.js';
import {
  createEmbeddingProviderFromEnv,
  HttpEmbeddingProvider,
} from '../../src/server/search/embedding-provider.js';
import { createExtractiveAnswerer } from '../../src/server/answer/extractive-answerer.js';
import { createHybridIndex, type HybridIndexOptions } from '../../src/server/search/hybrid-index.js';
import { createOramaIndex } from '../../src/server/search/orama-index.js';
import type {
  PassageHit,
  SearchHit,
  SearchIndex,
  SearchOptions,
} from '../../src/server/search/search-index.js';
import { closeWithConnections, listenAsModelApi } from '../support/model-api-server.js';

// ---------------------------------------------------------------------------------------------
// The concept space and the loopback provider

const DIMENSIONS = 64;
/** Word beginnings that mean the same thing, one dimension per concept. */
const CONCEPTS: string[][] = [
  ['remov', 'delet', 'eras', 'discard'],
  ['conversation', 'chat', 'thread', 'dialog'],
  ['colo', 'theme', 'theming', 'palette'],
  ['install', 'setup'],
  ['key', 'token', 'credential', 'secret'],
];
const IGNORED = new Set([
  'a',
  'an',
  'the',
  'and',
  'with',
  'to',
  'of',
  'it',
  'its',
  'is',
  'for',
  'how',
  'do',
  'i',
]);

function conceptOf(word: string): number | undefined {
  const index = CONCEPTS.findIndex((stems) => stems.some((stem) => word.startsWith(stem)));
  return index < 0 ? undefined : index;
}

/** A deterministic embedding: concept words weigh 3 on their concept, other words 1 on a hashed dimension. */
export function conceptVector(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    if (word === '' || IGNORED.has(word)) continue;
    const concept = conceptOf(word);
    if (concept !== undefined) {
      vector[concept] = (vector[concept] as number) + 3;
      continue;
    }
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
    const dimension = CONCEPTS.length + (hash % (DIMENSIONS - CONCEPTS.length));
    vector[dimension] = (vector[dimension] as number) + 1;
  }
  return vector;
}

interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: { model: string; input: string[]; dimensions?: number };
}

/** How the loopback provider behaves for the next requests. */
type Behaviour =
  'ok' | 'fail' | 'slow' | 'stall' | 'reversed' | 'echo-key-401' | 'echo-key-late' | 'long-error';

interface LoopbackProvider {
  baseUrl: string;
  requests: RecordedRequest[];
  behaviour: Behaviour;
  /** Delay of a `slow` answer. */
  slowMs: number;
  close(): Promise<void>;
}

/**
 * A `fetch` that answers with the loopback's headers, fetched beforehand, and a body that stalls
 * after its first bytes: a stall after the headers, however late they came. Fetched under the
 * caller's time limit, the headers could come after it on a loaded machine, and the call then
 * failed as one that "did not answer", before the answer began.
 */
async function stalledAnswerFetch(loopback: LoopbackProvider): Promise<typeof fetch> {
  loopback.behaviour = 'stall';
  const stalled = await fetch(`${loopback.baseUrl}/embeddings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'concept-64', input: ['delete'] }),
  });
  return async () => stalled;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (data += chunk));
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

async function startLoopbackProvider(): Promise<LoopbackProvider> {
  const provider: LoopbackProvider = {
    baseUrl: '',
    requests: [],
    behaviour: 'ok',
    slowMs: 2000,
    close: () => Promise.resolve(),
  };
  const server: Server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const body = JSON.parse(raw) as RecordedRequest['body'];
    provider.requests.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body,
    });
    const json = (status: number, value: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (request.method !== 'POST' || request.url !== '/v1/embeddings')
      return json(404, { error: { message: 'not found' } });
    if (provider.behaviour === 'fail') return json(500, { error: { message: 'model overloaded' } });
    if (provider.behaviour === 'echo-key-401')
      return json(401, {
        error: { message: `Incorrect API key provided: ${request.headers.authorization}` },
      });
    if (provider.behaviour === 'long-error')
      // What went wrong first, then the input echoed back: several kilobytes.
      return json(400, {
        error: { message: 'Input is too long: 9120 tokens, at most 8192.', input: 'delete '.repeat(800) },
      });
    if (provider.behaviour === 'echo-key-late') {
      // A gateway's pretty-printed error, the key it was given echoed where a 300-character
      // quote would cut it.
      response.writeHead(401, { 'content-type': 'application/json' });
      const message = `Authentication failed upstream; ${'the gateway rejected the request. '.repeat(6)}Key: ${request.headers.authorization}`;
      response.end(JSON.stringify({ error: { message } }, null, 2));
      return;
    }
    if (provider.behaviour === 'stall') {
      // Its headers and the start of its answer, then nothing (an overloaded server).
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.1,');
      return;
    }
    // Unref'd: a test may close the provider with an answer still waiting.
    if (provider.behaviour === 'slow')
      await new Promise((resolve) => setTimeout(resolve, provider.slowMs).unref());
    const data = body.input.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: conceptVector(text),
    }));
    // The protocol places each vector by `index`, not by its position in the list.
    if (provider.behaviour === 'reversed') data.reverse();
    json(200, { object: 'list', model: body.model, data, usage: { prompt_tokens: 0, total_tokens: 0 } });
  });
  provider.baseUrl = await listenAsModelApi(server);
  provider.close = () => closeWithConnections(server);
  return provider;
}

// ---------------------------------------------------------------------------------------------
// Documents, logging and a lexical index with fixed answers

function page(id: string, title: string, text: string, tags: string[]): SourceDocument {
  return {
    id,
    title,
    description: '',
    tags,
    link: `/${id}`,
    assetType: 'webpage',
    text: `${title}\n\n${text}`,
    sections: [{ heading: title, anchor: '', level: 1, text }],
  };
}

const DELETE_CONVERSATION = page(
  'api/delete-conversation',
  'Deleting conversations',
  'Call deleteConversation with its id to delete a conversation and everything stored with it.',
  ['api'],
);
const ERASE_HISTORY = page(
  'guides/erase-history',
  'Erasing the history',
  'Visitors can erase their chat history from the panel; it is gone for good.',
  ['guide'],
);
const THEMING = page(
  'guides/theming',
  'Theming',
  'Change the palette with CSS custom properties such as the accent variable.',
  ['guide'],
);
const INSTALLING = page(
  'guides/install',
  'Installing',
  'Install the package with npm and import the define module once.',
  ['guide'],
);
const API_KEYS = page(
  'api/keys',
  'API keys',
  'Each agent has its own key; send it as apiKey with every request.',
  ['api'],
);
const DOCUMENTS = [DELETE_CONVERSATION, ERASE_HISTORY, THEMING, INSTALLING, API_KEYS];

/** A query none of whose words occur in the documents, but whose concepts do. */
const MEANING_ONLY_QUERY = 'remove a thread';

interface RecordingLogger extends Logger {
  lines: { level: 'info' | 'warn' | 'error'; message: string; error?: unknown }[];
}

function recordingLogger(): RecordingLogger {
  const lines: RecordingLogger['lines'] = [];
  return {
    lines,
    info: (message) => lines.push({ level: 'info', message }),
    warn: (message) => lines.push({ level: 'warn', message }),
    error: (message, error) => lines.push({ level: 'error', message, error }),
  };
}

/** A lexical index whose answers the test sets, so that fusion can be checked to the number. */
class FixedLexicalIndex implements SearchIndex {
  documents: SourceDocument[] = [];
  pages: SearchHit[] = [];
  passages: PassageHit[] = [];
  readonly calls: SearchOptions[] = [];

  get documentCount(): number {
    return this.documents.length;
  }
  async load(documents: SourceDocument[]): Promise<void> {
    this.documents = documents;
  }
  async search(_query: string, options: SearchOptions): Promise<SearchHit[]> {
    this.calls.push(options);
    return this.pages.slice(0, options.limit);
  }
  async searchPassages(_query: string, options: SearchOptions): Promise<PassageHit[]> {
    this.calls.push(options);
    return this.passages.slice(0, options.limit);
  }
  async healthy(): Promise<boolean> {
    return true;
  }
  hasWord(word: string): boolean {
    return word === 'known';
  }
}

const links = (hits: { document: SourceDocument }[]): string[] => hits.map((hit) => hit.document.link);

// ---------------------------------------------------------------------------------------------

describe('embeddings provider (OpenAI-compatible /embeddings)', () => {
  let loopback: LoopbackProvider;
  before(async () => {
    loopback = await startLoopbackProvider();
  });
  after(() => loopback.close());
  beforeEach(() => {
    loopback.requests.length = 0;
    loopback.behaviour = 'ok';
  });

  it('is off unless configured, and names the missing or malformed variable', () => {
    assert.equal(createEmbeddingProviderFromEnv({}), undefined);
    assert.throws(
      () => createEmbeddingProviderFromEnv({ EMBEDDINGS_BASE_URL: loopback.baseUrl }),
      /EMBEDDINGS_MODEL/,
    );
    assert.throws(() => createEmbeddingProviderFromEnv({ EMBEDDINGS_MODEL: 'm' }), /EMBEDDINGS_BASE_URL/);
    assert.throws(
      () => createEmbeddingProviderFromEnv({ EMBEDDINGS_BASE_URL: 'not a url', EMBEDDINGS_MODEL: 'm' }),
      /EMBEDDINGS_BASE_URL is not a URL/,
    );
    // The endpoint's whole URL pasted as the base: every call would go to …/embeddings/embeddings.
    assert.throws(
      () =>
        createEmbeddingProviderFromEnv({
          EMBEDDINGS_BASE_URL: 'https://api.openai.com/v1/embeddings/',
          EMBEDDINGS_MODEL: 'm',
        }),
      /EMBEDDINGS_BASE_URL is the API's base URL, without \/embeddings \(the service adds it\): write "https:\/\/api\.openai\.com\/v1"/,
    );
    assert.throws(
      () =>
        createEmbeddingProviderFromEnv({
          EMBEDDINGS_BASE_URL: 'https://example.openai.azure.com/v1?api-version=1',
          EMBEDDINGS_MODEL: 'm',
        }),
      /EMBEDDINGS_BASE_URL must not hold a query string or fragment/,
    );
    // An empty one too: '…/v1?' had /embeddings written after its '?', a query, and every call went to …/v1.
    for (const written of ['https://api.openai.com/v1?', 'https://api.openai.com/v1/#'])
      assert.throws(
        () => createEmbeddingProviderFromEnv({ EMBEDDINGS_BASE_URL: written, EMBEDDINGS_MODEL: 'm' }),
        /EMBEDDINGS_BASE_URL must not hold a query string or fragment: the service adds \/embeddings to it\. Write "https:\/\/api\.openai\.com\/v1"/,
      );
    assert.throws(
      () =>
        createEmbeddingProviderFromEnv({
          EMBEDDINGS_BASE_URL: loopback.baseUrl,
          EMBEDDINGS_MODEL: 'm',
          EMBEDDINGS_BATCH: 'ten',
        }),
      /EMBEDDINGS_BATCH must be a positive integer/,
    );
  });

  it('posts the model and the inputs with the Bearer key, and reads data[i].embedding', async () => {
    const provider = createEmbeddingProviderFromEnv({
      EMBEDDINGS_BASE_URL: `${loopback.baseUrl}/`,
      EMBEDDINGS_MODEL: 'concept-64',
      EMBEDDINGS_API_KEY: 'sk-test-secret',
      EMBEDDINGS_DIMENSIONS: '64',
    });
    assert.ok(provider);
    assert.equal(provider.model, 'concept-64');
    const vectors = await provider.embed(['delete a chat', 'theming']);
    assert.equal(loopback.requests.length, 1);
    const [request] = loopback.requests;
    assert.equal(request?.path, '/v1/embeddings');
    assert.equal(request?.authorization, 'Bearer sk-test-secret');
    assert.equal(request?.contentType, 'application/json');
    assert.deepEqual(request?.body, {
      model: 'concept-64',
      input: ['delete a chat', 'theming'],
      dimensions: 64,
    });
    assert.equal(vectors.length, 2);
    assert.ok(vectors[0] instanceof Float32Array);
    assert.deepEqual([...(vectors[0] as Float32Array)], conceptVector('delete a chat'));
    assert.deepEqual([...(vectors[1] as Float32Array)], conceptVector('theming'));
  });

  it('sends no Authorization header without a key', async () => {
    const provider = new HttpEmbeddingProvider({ baseUrl: loopback.baseUrl, model: 'concept-64' });
    await provider.embed(['install']);
    assert.equal(loopback.requests[0]?.authorization, undefined);
  });

  it('splits many texts into batches and keeps their order', async () => {
    const provider = createEmbeddingProviderFromEnv({
      EMBEDDINGS_BASE_URL: loopback.baseUrl,
      EMBEDDINGS_MODEL: 'concept-64',
      EMBEDDINGS_BATCH: '2',
    });
    assert.ok(provider);
    const texts = ['delete', 'chat', 'theme', 'install', 'token'];
    const vectors = await provider.embed(texts);
    assert.deepEqual(loopback.requests.map((request) => request.body.input.length).sort(), [1, 2, 2]);
    assert.deepEqual(loopback.requests.flatMap((request) => request.body.input).sort(), [...texts].sort());
    vectors.forEach((vector, at) => assert.deepEqual([...vector], conceptVector(texts[at] as string)));
  });

  it('places embeddings by their index when the provider lists them out of order', async () => {
    loopback.behaviour = 'reversed';
    const provider = new HttpEmbeddingProvider({ baseUrl: loopback.baseUrl, model: 'concept-64' });
    const vectors = await provider.embed(['delete', 'theme', 'install']);
    assert.deepEqual([...(vectors[0] as Float32Array)], conceptVector('delete'));
    assert.deepEqual([...(vectors[2] as Float32Array)], conceptVector('install'));
  });

  it('reports an HTTP error with the status and a hint, never with the key', async () => {
    loopback.behaviour = 'echo-key-401';
    const provider = new HttpEmbeddingProvider({
      baseUrl: loopback.baseUrl,
      model: 'concept-64',
      apiKey: 'sk-test-secret',
    });
    await assert.rejects(provider.embed(['delete']), (error: Error) => {
      assert.match(error.message, /answered 401/);
      assert.match(error.message, /EMBEDDINGS_API_KEY/);
      assert.doesNotMatch(error.message, /sk-test-secret/);
      return true;
    });
  });

  it('quotes an error body on one line, without the part of a key the quote would cut', async () => {
    loopback.behaviour = 'echo-key-late';
    const apiKey = 'sk-proj-4f9aQzL2mX8vB1nC7dE3';
    const provider = new HttpEmbeddingProvider({ baseUrl: loopback.baseUrl, model: 'concept-64', apiKey });
    await assert.rejects(provider.embed(['delete']), (error: Error) => {
      assert.match(
        error.message,
        /answered 401 .*: \{ "error": \{ "message": "Authentication failed upstream;/,
      );
      assert.doesNotMatch(error.message, /\n/);
      assert.doesNotMatch(error.message, /sk-proj/);
      return true;
    });
  });

  it('quotes the start of an error body too long to read whole', async () => {
    loopback.behaviour = 'long-error';
    const provider = new HttpEmbeddingProvider({ baseUrl: loopback.baseUrl, model: 'concept-64' });
    await assert.rejects(
      provider.embed(['delete']),
      /answered 400 .*: \{"error":\{"message":"Input is too long: 9120 tokens/,
    );
  });

  it('says an endpoint that stalls mid-answer did not finish in time, not that its answer lacked data', async () => {
    const provider = new HttpEmbeddingProvider({
      baseUrl: loopback.baseUrl,
      model: 'concept-64',
      timeoutMs: 300,
      fetch: await stalledAnswerFetch(loopback),
    });
    await assert.rejects(provider.embed(['delete']), /\/embeddings did not finish its answer within 300 ms$/);
  });

  it('reports an endpoint that cannot be reached', async () => {
    const provider = new HttpEmbeddingProvider({ baseUrl: 'http://127.0.0.1:9/v1', model: 'concept-64' });
    await assert.rejects(provider.embed(['delete']), /could not be reached/);
  });
});

describe('hybrid index over the Orama index', () => {
  let loopback: LoopbackProvider;
  let logger: RecordingLogger;
  const provider = () => new HttpEmbeddingProvider({ baseUrl: loopback.baseUrl, model: 'concept-64' });
  const hybrid = async (options: HybridIndexOptions = {}) => {
    const index = createHybridIndex(createOramaIndex(), provider(), { logger, ...options });
    await index.load(DOCUMENTS);
    return index;
  };
  const lexical = async () => {
    const index = createOramaIndex();
    await index.load(DOCUMENTS);
    return index;
  };

  before(async () => {
    loopback = await startLoopbackProvider();
  });
  after(() => loopback.close());
  beforeEach(() => {
    loopback.requests.length = 0;
    loopback.behaviour = 'ok';
    logger = recordingLogger();
  });

  it('embeds every document and section at load, each distinct text once', async () => {
    const index = await hybrid();
    assert.equal(index.vectorsReady, true);
    assert.equal(index.documentCount, DOCUMENTS.length);
    const inputs = loopback.requests.flatMap((request) => request.body.input);
    // Five documents and their five sections.
    assert.equal(inputs.length, 10);
    assert.equal(new Set(inputs).size, inputs.length);
    assert.ok(
      inputs.some((text) => text.startsWith('Deleting conversations') && text.includes('deleteConversation')),
    );
    assert.ok(await index.healthy());
  });

  it('finds pages by meaning that the lexical index misses', async () => {
    assert.deepEqual(await (await lexical()).search(MEANING_ONLY_QUERY, { limit: 5 }), []);
    const hits = await (await hybrid()).search(MEANING_ONLY_QUERY, { limit: 5 });
    assert.deepEqual(links(hits).sort(), ['/api/delete-conversation', '/guides/erase-history']);
    for (const hit of hits) {
      // Meaning alone is real evidence, but never near-exact: relevance ≤ β = 0.6.
      assert.ok(hit.relevance > 0.3 && hit.relevance <= 0.6, String(hit.relevance));
    }
  });

  it('finds passages by meaning, with the coverage of the query words they hold', async () => {
    const hits = await (await hybrid()).searchPassages(MEANING_ONLY_QUERY, { limit: 5 });
    assert.deepEqual(links(hits).sort(), ['/api/delete-conversation', '/guides/erase-history']);
    for (const hit of hits) {
      assert.equal(hit.section, hit.document.sections[0]);
      // None of "remove" or "thread" is in them, so an extractive answer is still declined.
      assert.equal(hit.coverage, 0);
    }
  });

  it('finds nothing for a query unrelated to every page', async () => {
    const index = await hybrid();
    assert.deepEqual(await index.search('sourdough baking', { limit: 5 }), []);
    assert.deepEqual(await index.searchPassages('sourdough baking', { limit: 5 }), []);
  });

  it('applies tag filters to pages and passages found by meaning', async () => {
    const index = await hybrid();
    assert.deepEqual(links(await index.search(MEANING_ONLY_QUERY, { limit: 5, includeTags: ['guide'] })), [
      '/guides/erase-history',
    ]);
    assert.deepEqual(links(await index.search(MEANING_ONLY_QUERY, { limit: 5, excludeTags: ['GUIDE'] })), [
      '/api/delete-conversation',
    ]);
    assert.deepEqual(
      links(await index.searchPassages(MEANING_ONLY_QUERY, { limit: 5, includeTags: ['api'] })),
      ['/api/delete-conversation'],
    );
  });

  it('changes the lexical order when the meaning favours another page', async () => {
    // Lexically "delete history" matches one word of each page and the conversation page wins;
    // by meaning the history page is exactly it (erase ≈ delete, and "history").
    const query = 'delete history';
    const lexicalHits = await (await lexical()).search(query, { limit: 5 });
    const hybridHits = await (await hybrid()).search(query, { limit: 5 });
    assert.deepEqual(links(lexicalHits), ['/api/delete-conversation', '/guides/erase-history']);
    assert.deepEqual(links(hybridHits), ['/guides/erase-history', '/api/delete-conversation']);
    // Semantic evidence only adds to lexical relevance, and relevance stays within 0–1.
    for (const hit of lexicalHits) {
      const fused = hybridHits.find((other) => other.document.id === hit.document.id);
      assert.ok(fused && fused.relevance > hit.relevance && fused.relevance <= 1, hit.document.id);
    }
  });

  /**
   * The hybrid index's first hit for "answers kept a year" in a page on retention whose second
   * section, `heading`, holds `text`.
   */
  const retentionHit = async (heading: string, text: string) => {
    const retention: SourceDocument = {
      id: '/guides/retention',
      title: 'Retention',
      description: '',
      tags: [],
      link: '/guides/retention',
      assetType: 'webpage',
      text: `Conversations are kept.\n\n${text}`,
      sections: [
        { heading: 'Retention', anchor: '', level: 1, text: 'Conversations are kept.' },
        { heading, anchor: 'how-long', level: 2, text },
      ],
      links: [],
    };
    const index = createHybridIndex(createOramaIndex(), provider(), { logger });
    await index.load([retention]);
    const [hit] = await index.search('answers kept a year', { limit: 5 });
    return hit;
  };

  it('keeps the section under a heading in which the words of a page were found', async () => {
    const hit = await retentionHit('How long answers stay', 'Answers are kept for a year.');
    assert.equal(hit?.section?.anchor, 'how-long');
  });

  it("keeps where the section's prose holds the words, for the result's excerpt", async () => {
    const hit = await retentionHit(
      'How long things stay',
      'Drafts are dropped after a week.\n\nAnswers are kept for a year.',
    );
    assert.equal(hit?.section?.anchor, 'how-long');
    assert.deepEqual(hit?.matchedProse, { paragraph: 1, from: 0 });
  });

  it('delegates hasWord, pagesWithWord and hasTerm to the lexical index', async () => {
    const index = await hybrid();
    assert.equal(index.hasWord('conversation'), true);
    assert.equal(index.hasWord('sourdough'), false);
    assert.ok(index.pagesWithWord('conversation') >= 1);
    assert.equal(index.pagesWithWord('sourdough'), 0);
    assert.equal(index.hasTerm('sourdough'), false);
  });

  it('embeds a query once: cached, and shared by concurrent page and passage searches', async () => {
    const index = await hybrid();
    loopback.requests.length = 0;
    await Promise.all([
      index.search(MEANING_ONLY_QUERY, { limit: 3 }),
      index.searchPassages(MEANING_ONLY_QUERY, { limit: 3 }),
    ]);
    await index.search(MEANING_ONLY_QUERY, { limit: 3, includeTags: ['api'] });
    assert.equal(loopback.requests.length, 1);
    assert.deepEqual(loopback.requests[0]?.body.input, [MEANING_ONLY_QUERY]);
  });

  it('searches by the words alone when asked (wordsOnly), never embedding the query', async () => {
    const index = await hybrid();
    loopback.requests.length = 0;
    const words = await index.searchPassages('delete conversation', { limit: 3, wordsOnly: true });
    assert.deepEqual(
      links(words),
      links(await (await lexical()).searchPassages('delete conversation', { limit: 3 })),
    );
    assert.equal(loopback.requests.length, 0);
    // The extractive answerer checks a product named in several words so: one embedding per
    // question, whatever the names it holds.
    const answerer = createExtractiveAnswerer({ index });
    await answerer.retrieve({
      query: 'How do I delete a conversation with Bearer Auth and Basic Auth on Cloudflare Workers?',
      history: [],
      format: 'markdown',
      threshold: 0,
    });
    assert.ok(loopback.requests.length <= 1, String(loopback.requests.length));
  });

  it('serves the lexical results when the provider fails at query time, and logs once', async () => {
    const index = await hybrid({ retryAfterMs: 0 });
    const plain = await lexical();
    loopback.behaviour = 'fail';
    for (const query of ['delete a conversation', 'delete a conversation now', 'erase']) {
      assert.deepEqual(await index.search(query, { limit: 5 }), await plain.search(query, { limit: 5 }));
      assert.deepEqual(
        await index.searchPassages(query, { limit: 5 }),
        await plain.searchPassages(query, { limit: 5 }),
      );
    }
    const warnings = logger.lines.filter((line) => line.level === 'warn');
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]?.message ?? '', /answered 500.*serving lexical results/);

    loopback.behaviour = 'ok';
    assert.deepEqual(links(await index.search(MEANING_ONLY_QUERY, { limit: 5 })).length, 2);
    assert.ok(
      logger.lines.some((line) => line.level === 'info' && /hybrid search resumed/.test(line.message)),
    );
  });

  it('pauses the provider after a failure, so that the next keystrokes do not wait on it', async () => {
    const index = await hybrid({ retryAfterMs: 60_000 });
    loopback.behaviour = 'fail';
    loopback.requests.length = 0;
    await index.search('delete', { limit: 5 });
    loopback.behaviour = 'ok';
    await index.search('delete a', { limit: 5 });
    await index.search('delete a conv', { limit: 5 });
    assert.equal(loopback.requests.length, 1);
  });

  it('serves the lexical results when the query embedding is too slow', { timeout: 60_000 }, async () => {
    const index = await hybrid({ queryTimeoutMs: 150 });
    const plain = await lexical();
    loopback.behaviour = 'slow';
    // The embedding would come after the test has ended: a search that waited for it never ends.
    loopback.slowMs = 10 * 60_000;
    const hits = await index.search('delete a conversation', { limit: 5 });
    assert.deepEqual(hits, await plain.search('delete a conversation', { limit: 5 }));
    assert.match(logger.lines.find((line) => line.level === 'warn')?.message ?? '', /did not answer in time/);
  });

  it('says the query embedding was too slow when the endpoint stalls mid-answer', async () => {
    // The documents embedded over the loopback, the query answered with headers and a stalled body.
    const provided = { fetch };
    const stalling = new HttpEmbeddingProvider({
      baseUrl: loopback.baseUrl,
      model: 'concept-64',
      fetch: (input, init) => provided.fetch(input, init),
    });
    const index = createHybridIndex(createOramaIndex(), stalling, { logger, queryTimeoutMs: 150 });
    await index.load(DOCUMENTS);
    provided.fetch = await stalledAnswerFetch(loopback);
    await index.search('delete a conversation', { limit: 5 });
    assert.match(logger.lines.find((line) => line.level === 'warn')?.message ?? '', /did not answer in time/);
  });

  it('stays lexical only when embedding the documents fails at load', async () => {
    loopback.behaviour = 'fail';
    const index = await hybrid();
    const plain = await lexical();
    assert.equal(index.vectorsReady, false);
    assert.equal(index.documentCount, DOCUMENTS.length);
    const error = logger.lines.find((line) => line.level === 'error');
    assert.match(error?.message ?? '', /Embedding the documents .* failed; search is lexical only/);
    loopback.behaviour = 'ok';
    loopback.requests.length = 0;
    assert.deepEqual(await index.search(MEANING_ONLY_QUERY, { limit: 5 }), []);
    assert.deepEqual(
      await index.search('delete a conversation', { limit: 5 }),
      await plain.search('delete a conversation', { limit: 5 }),
    );
    // Without document vectors a query is not even embedded.
    assert.equal(loopback.requests.length, 0);
  });
});

describe('hybrid fusion', () => {
  let loopback: LoopbackProvider;
  let fixed: FixedLexicalIndex;
  let index: ReturnType<typeof createHybridIndex>;

  before(async () => {
    loopback = await startLoopbackProvider();
  });
  after(() => loopback.close());
  beforeEach(async () => {
    fixed = new FixedLexicalIndex();
    index = createHybridIndex(
      fixed,
      new HttpEmbeddingProvider({ baseUrl: loopback.baseUrl, model: 'concept-64' }),
      { logger: recordingLogger() },
    );
    await index.load(DOCUMENTS);
  });

  it('reorders by reciprocal rank fusion and reports 1 − (1 − lexical)(1 − 0.6·semantic)', async () => {
    // The lexical index prefers the theming page; the vectors know the query is about deleting.
    fixed.pages = [
      { document: THEMING, relevance: 0.8 },
      { document: DELETE_CONVERSATION, relevance: 0.5 },
    ];
    const hits = await index.search('delete a conversation', { limit: 5 });
    assert.deepEqual(links(hits).slice(0, 2), ['/api/delete-conversation', '/guides/theming']);
    const [deleting, theming] = hits;
    // The query is the page's own concepts: semantic 1 (above a baseline near 0).
    assert.ok(deleting && deleting.relevance > 0.5 + 0.5 * 0.6 * 0.9 && deleting.relevance <= 0.8);
    // No semantic evidence for the theming page: its lexical relevance, unchanged.
    assert.equal(theming?.relevance, 0.8);
    // The page that only the vectors found follows, with relevance from meaning alone.
    assert.equal(hits[2]?.document.id, ERASE_HISTORY.id);
    assert.ok((hits[2]?.relevance ?? 1) <= 0.6);
    // Asked for enough lexical candidates to fuse, with no threshold before fusion.
    assert.deepEqual(fixed.calls[0], { limit: 50, minRelevance: 0 });
  });

  it('applies minRelevance and the limit after fusion', async () => {
    fixed.pages = [
      { document: THEMING, relevance: 0.8 },
      { document: DELETE_CONVERSATION, relevance: 0.5 },
    ];
    const hits = await index.search('delete a conversation', { limit: 5, minRelevance: 0.7 });
    // 0.5 lexically, raised above 0.7 by its meaning; the vector-only page stays below.
    assert.deepEqual(links(hits), ['/api/delete-conversation', '/guides/theming']);
    assert.deepEqual(links(await index.search('delete a conversation', { limit: 1 })), [
      '/api/delete-conversation',
    ]);
  });

  it('fuses passages by section, keeping the lexical coverage', async () => {
    const themingSection = THEMING.sections[0] as PassageHit['section'];
    // The lexical index hands back a copy of a section when it splits a long one.
    const deletingPart = { ...(DELETE_CONVERSATION.sections[0] as PassageHit['section']) };
    fixed.passages = [
      { document: THEMING, section: themingSection, relevance: 0.7, coverage: 0.5 },
      { document: DELETE_CONVERSATION, section: deletingPart, relevance: 0.4, coverage: 0.75 },
    ];
    const hits = await index.searchPassages('delete a conversation', { limit: 5 });
    assert.equal(hits[0]?.section, deletingPart);
    assert.equal(hits[0]?.coverage, 0.75);
    assert.equal(hits[1]?.section, themingSection);
    assert.equal(hits[1]?.coverage, 0.5);
    // Meaning raised the relevance; the words' own is kept for the decision to answer.
    assert.ok((hits[0]?.relevance ?? 0) > 0.4);
    assert.equal(hits[0]?.lexicalRelevance, 0.4);
    assert.equal(hits[1]?.lexicalRelevance, 0.7);
    assert.ok(hits.slice(2).every((hit) => hit.lexicalRelevance === 0));
    // The deleting section was matched once, not again as a vector-only hit.
    assert.equal(hits.filter((hit) => hit.document.id === DELETE_CONVERSATION.id).length, 1);
    assert.ok(hits.every((hit) => hit.relevance >= 0 && hit.relevance <= 1));
  });

  it('delegates hasWord and health to the lexical index', async () => {
    assert.equal(index.hasWord('known'), true);
    assert.equal(index.hasWord('unknown'), false);
    assert.equal(await index.healthy(), true);
  });
});

describe('hybrid search through the HTTP service', () => {
  let loopback: LoopbackProvider;
  let contentDir: string;

  before(async () => {
    loopback = await startLoopbackProvider();
    contentDir = mkdtempSync(join(tmpdir(), 'ask-elements-hybrid-'));
    for (const document of DOCUMENTS) {
      const [folder, name] = document.id.split('/') as [string, string];
      mkdirSync(join(contentDir, folder), { recursive: true });
      writeFileSync(
        join(contentDir, folder, `${name}.md`),
        `---\ntitle: "${document.title}"\ntags: ${JSON.stringify(document.tags)}\n---\n\n# ${document.title}\n\n${document.sections[0]?.text}\n`,
      );
    }
  });
  after(async () => {
    await loopback.close();
    rmSync(contentDir, { recursive: true, force: true });
  });
  afterEach(() => {
    loopback.behaviour = 'ok';
  });

  const start = (env: NodeJS.ProcessEnv, logger: Logger) =>
    startService({ contentDir, dbFile: ':memory:', port: 0, host: '127.0.0.1', logger, env });

  const search = (url: string, body: Record<string, unknown>) =>
    fetch(`${url}/bot/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: 'demo-key', numDocs: 5, ...body }),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { link: string }[],
    }));

  it('answers POST /bot/search by meaning when EMBEDDINGS_* are set', async () => {
    const logger = recordingLogger();
    const service = await start(
      {
        EMBEDDINGS_BASE_URL: loopback.baseUrl,
        EMBEDDINGS_MODEL: 'concept-64',
        EMBEDDINGS_API_KEY: 'sk-service-secret',
      },
      logger,
    );
    try {
      const { status, body } = await search(service.url, { query: MEANING_ONLY_QUERY });
      assert.equal(status, 200);
      assert.deepEqual(body.map((item) => item.link).sort(), [
        '/api/delete-conversation',
        '/guides/erase-history',
      ]);
      const filtered = await search(service.url, { query: MEANING_ONLY_QUERY, includeTags: ['guide'] });
      assert.deepEqual(
        filtered.body.map((item) => item.link),
        ['/guides/erase-history'],
      );
      assert.ok(
        logger.lines.some((line) => /Hybrid search is on: embeddings by concept-64/.test(line.message)),
      );
      assert.ok(loopback.requests.every((request) => request.authorization === 'Bearer sk-service-secret'));
      assert.ok(logger.lines.every((line) => !line.message.includes('sk-service-secret')));
    } finally {
      await service.close();
    }
  });

  it('starts lexical only, and says so, when the provider fails at start-up', async () => {
    loopback.behaviour = 'fail';
    const logger = recordingLogger();
    const service = await start(
      { EMBEDDINGS_BASE_URL: loopback.baseUrl, EMBEDDINGS_MODEL: 'concept-64' },
      logger,
    );
    try {
      assert.ok(logger.lines.some((line) => line.level === 'error' && /lexical only/.test(line.message)));
      assert.deepEqual((await search(service.url, { query: MEANING_ONLY_QUERY })).body, []);
      const { body } = await search(service.url, { query: 'delete a conversation' });
      assert.equal(body[0]?.link, '/api/delete-conversation');
    } finally {
      await service.close();
    }
  });

  it('searches lexically without the variables', async () => {
    const service = await start({}, recordingLogger());
    try {
      assert.deepEqual((await search(service.url, { query: MEANING_ONLY_QUERY })).body, []);
    } finally {
      await service.close();
    }
  });
});
