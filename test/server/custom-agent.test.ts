import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Marked } from 'marked';
import { ConfigError, parseConfig } from '../../src/server/config.js';
import { parseValue, valuesInText } from '../../src/server/answer/agent-parameters.js';
import { agentParameterSchema } from '../../src/server/answer/agent-parameters.js';
import type { CustomAgentConfigFile } from '../../src/server/answer/custom-agent.js';
import { DEMO_KEY, type TestService, configWith, startTestService } from './service-harness.js';
import { listenAsModelApi } from '../support/model-api-server.js';

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The query string as it arrived, `?` included. */
  search: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** The site owner's own API, on a loopback port: records each call, answers by path. */
async function startShopApi(): Promise<{ url: string; calls: Call[]; close(): Promise<void> }> {
  const calls: Call[] = [];
  let flakyCalls = 0;
  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    const url = new URL(request.url ?? '/', 'http://localhost');
    calls.push({
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      search: url.search,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    });
    if (url.pathname.startsWith('/orders/')) {
      const id = decodeURIComponent(url.pathname.slice('/orders/'.length));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answer: `Order **${id}** has shipped. <script>alert(1)</script>`, id }));
    } else if (url.pathname === '/stock') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ items: [{ sku: 'T-1', left: 3 }] }));
    } else if (url.pathname === '/status') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('All systems normal.');
    } else if (url.pathname === '/slow') {
      setTimeout(() => response.end('late'), 2000);
    } else if (url.pathname === '/redirect') {
      response.writeHead(302, { location: '/status' });
      response.end();
    } else if (url.pathname === '/trickle') {
      // Headers at once, the body too slowly.
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('Still ');
      setTimeout(() => response.end('here'), 2000);
    } else if (url.pathname === '/broken') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('Half an ans');
      setTimeout(() => response.socket?.destroy(), 50);
    } else if (url.pathname === '/huge') {
      // 2 MiB, chunked: no Content-Length says so in advance.
      response.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 32; i++) response.write('x'.repeat(64 * 1024));
      response.end();
    } else if (url.pathname === '/empty') {
      // As a JSON API often answers an action: its usual Content-Type, and no body.
      response.writeHead(204, { 'content-type': 'application/json' });
      response.end();
    } else if (url.pathname === '/blank') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end(' \n ');
    } else if (url.pathname === '/rich') {
      // An endpoint that passes on what others wrote (a product's notes, a ticket's comment).
      response.writeHead(200, { 'content-type': 'text/markdown' });
      response.end(
        'Shipped. <img src=x onerror=alert(1)> Track it [here](javascript:alert(2)) or [there][t].\n\n![map](https://maps.example/track.png)\n\n[t]: javascript:alert(3)',
      );
    } else if (url.pathname === '/tangled') {
      // Escaped, the tag would still be read as one (after a bare URL): served as plain text.
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('Track it at https://x.test<img src=x onerror=alert(1)> *now*');
    } else if (url.pathname === '/latin1') {
      response.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' });
      response.end(Buffer.from('Café ouvert', 'latin1'));
    } else if (url.pathname.startsWith('/flaky/')) {
      flakyCalls++;
      if (flakyCalls === 1) {
        response.writeHead(503);
        response.end();
      } else {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(`Order ${decodeURIComponent(url.pathname.slice('/flaky/'.length))} is on its way.`);
      }
    } else {
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end('down for maintenance');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('custom agents (SPEC 2.6): parameters filled from the question, asked for when missing', () => {
  let api: Awaited<ReturnType<typeof startShopApi>>;
  let service: TestService;
  const ask = (apiKey: string, body: Record<string, unknown>) =>
    service.postJson('/bot/askai', { apiKey, format: 'markdown', ...body });

  before(async () => {
    api = await startShopApi();
    process.env['SHOP_TOKEN_FOR_TEST'] = 'secret-token';
    const agent = (id: string, custom: CustomAgentConfigFile) => ({ id, apiKey: `${id}-key-0001`, custom });
    service = await startTestService({
      config: configWith({
        projects: [
          {
            id: 'shop',
            agents: [
              { id: 'docs', apiKey: DEMO_KEY },
              agent('orders', {
                url: `${api.url}/orders/{orderId}`,
                method: 'POST',
                headers: { authorization: 'Bearer ${SHOP_TOKEN_FOR_TEST}' },
                title: 'Order status',
                link: 'https://shop.example.com/account/orders',
                parameters: [
                  {
                    name: 'orderId',
                    type: 'String',
                    parameterType: 'Path',
                    description: 'The order number, like A-1234.',
                    required: 'True',
                  },
                  { name: 'carrier', type: 'String', parameterType: 'Query', enum: 'dhl, ups, royal-mail' },
                  { name: 'lang', type: 'String', parameterType: 'Body', default: 'en', required: true },
                  { name: 'notify', type: 'Boolean', parameterType: 'Body', required: false },
                ],
              }),
              agent('stock', {
                url: `${api.url}/stock`,
                parameters: [
                  { name: 'quantity', type: 'Integer', parameterType: 'Query', required: true },
                  { name: 'sizes', type: 'Array', parameterType: 'Query', enum: 'S,M,L', default: 'M' },
                  { name: 'customer', type: 'String', parameterType: 'Query' },
                ],
              }),
              agent('status', { url: `${api.url}/status` }),
              agent('rates', {
                url: `${api.url}/status`,
                parameters: [
                  {
                    name: 'from',
                    type: 'String',
                    parameterType: 'Query',
                    enum: 'EUR, USD, GBP',
                    required: true,
                  },
                  {
                    name: 'to',
                    type: 'String',
                    parameterType: 'Query',
                    enum: 'EUR, USD, GBP',
                    required: true,
                  },
                ],
              }),
              agent('signed', {
                url: `${api.url}/status?sig=a%2Fb~c&flag&fields=id,name`,
                parameters: [{ name: 'carrier', type: 'String', parameterType: 'Query', enum: 'dhl, ups' }],
              }),
              agent('down', { url: `${api.url}/down` }),
              agent('slow', { url: `${api.url}/slow`, timeoutMs: 300 }),
              agent('redirect', { url: `${api.url}/redirect`, headers: { 'x-api-key': 'secret' } }),
              agent('trickle', { url: `${api.url}/trickle`, timeoutMs: 500 }),
              agent('broken', { url: `${api.url}/broken` }),
              agent('huge', { url: `${api.url}/huge` }),
              agent('latin1', { url: `${api.url}/latin1` }),
              agent('rich', { url: `${api.url}/rich` }),
              agent('tangled', { url: `${api.url}/tangled` }),
              agent('empty', { url: `${api.url}/empty` }),
              agent('blank', { url: `${api.url}/blank` }),
              agent('faq', { url: `${api.url}/faq/{llm_query}` }),
              agent('flaky', {
                url: `${api.url}/flaky/{orderId}`,
                parameters: [
                  { name: 'orderId', type: 'String', parameterType: 'Path', required: true },
                  { name: 'quantity', type: 'Integer', parameterType: 'Query', required: true },
                  { name: 'language', type: 'String', parameterType: 'Query', default: 'en' },
                ],
              }),
            ],
          },
        ],
      }),
    });
  });
  after(async () => {
    await service.close();
    await api.close();
    delete process.env['SHOP_TOKEN_FOR_TEST'];
  });

  it('calls the endpoint with each parameter where it travels, and answers with its answer', async () => {
    const { status, body } = await ask('orders-key-0001', {
      query: 'Where is order A-1234? It went with UPS',
    });
    assert.equal(status, 200);
    const call = api.calls.at(-1)!;
    assert.equal(call.method, 'POST');
    assert.equal(call.path, '/orders/A-1234');
    assert.equal(call.query.get('carrier'), 'ups');
    assert.equal(call.headers.authorization, 'Bearer secret-token');
    // The question as llm_query; a default where none is given; null for an optional one (rules 1, 2).
    assert.deepEqual(call.body, {
      llm_query: 'Where is order A-1234? It went with UPS',
      lang: 'en',
      notify: null,
    });
    assert.equal(body.didAnswer, true);
    assert.equal(body.error, null);
    assert.match(body.answer, /Order \*\*A-1234\*\* has shipped/);
    assert.equal(body.title, 'Order status');
    assert.equal(body.link, 'https://shop.example.com/account/orders');
    assert.equal(body.relevanceScore, 100);
    assert.deepEqual(body.context.customAgent.parameters, {
      llm_query: 'Where is order A-1234? It went with UPS',
      orderId: 'A-1234',
      carrier: 'ups',
      lang: 'en',
      notify: null,
    });
  });

  it('renders the html format safely: raw HTML of the endpoint is shown as text', async () => {
    const { body } = await ask('orders-key-0001', { query: 'status of orderId: B-77', format: 'html' });
    assert.match(body.answer, /<strong>B-77<\/strong>/);
    assert.doesNotMatch(body.answer, /<script/);
    assert.match(body.answer, /&lt;script&gt;/);
  });

  it("serves the endpoint's Markdown safe as it is, as generated answers: no live HTML, no script link", async () => {
    const markdown = await ask('rich-key-0001', { query: 'Where is my parcel?' });
    assert.equal(markdown.body.didAnswer, true);
    // Rendered as a site that calls the API itself renders Markdown, with HTML allowed.
    const html = new Marked().parse(markdown.body.answer, { async: false }) as string;
    assert.doesNotMatch(html, /<(img|script)\b|href="(?!https?:|\/)/i, html);
    assert.match(html, /Shipped\. &lt;img src=x onerror=alert\(1\)&gt; Track it here or there\./);
    // An image is a link to it, which the visitor's browser loads only when followed.
    assert.match(html, /<a href="https:\/\/maps\.example\/track\.png">map<\/a>/);
    const fragment = (await ask('rich-key-0001', { query: 'Where is my parcel?', format: 'html' })).body
      .answer;
    assert.doesNotMatch(fragment, /<(img|script)\b|href="(?!https?:|\/)/i, fragment);
    const tangled = await ask('tangled-key-0001', { query: 'Where is my parcel?' });
    assert.equal(tangled.body.didAnswer, true);
    const plain = new Marked().parse(tangled.body.answer, { async: false }) as string;
    assert.doesNotMatch(plain, /<img\b/i, plain);
    assert.match(plain, /onerror=alert\(1\)&gt; \*now\*/, plain);
  });

  it('asks the visitor for a required value it cannot find, and the reply completes the question', async () => {
    const first = await ask('orders-key-0001', { query: 'Has my order shipped yet?' });
    assert.equal(first.body.didAnswer, false);
    assert.deepEqual(first.body.context.customAgent.missing, ['orderId']);
    assert.match(first.body.answer, /`orderId` \(The order number, like A-1234\)\. What is it\?/);
    const calls = api.calls.length;

    const reply = await ask('orders-key-0001', {
      query: 'It is C-5150',
      conversationId: first.body.conversationId,
    });
    assert.equal(reply.body.conversationId, first.body.conversationId);
    assert.equal(api.calls.length, calls + 1);
    const call = api.calls.at(-1)!;
    assert.equal(call.path, '/orders/C-5150');
    // The endpoint gets the question the reply completes, not the reply.
    assert.equal((call.body as { llm_query: string }).llm_query, 'Has my order shipped yet?');
    assert.equal(reply.body.didAnswer, true);
    assert.equal(reply.body.context.resolvedQuery, 'Has my order shipped yet?');

    // A reply that gives another value besides the one asked: an enum's word ("via UPS").
    const again = await ask('orders-key-0001', { query: 'Has my order shipped yet?' });
    const fuller = await ask('orders-key-0001', {
      query: 'A-1234 via UPS',
      conversationId: again.body.conversationId,
    });
    assert.equal(fuller.body.didAnswer, true);
    assert.equal(api.calls.at(-1)!.path, '/orders/A-1234');
    assert.equal(api.calls.at(-1)!.query.get('carrier'), 'ups');
  });

  it('takes the word that answers what was asked for that value alone, not for another with the same enum', async () => {
    // "EUR", answering "What is from?", is no answer to "to" as well: the agent asks for it.
    const first = await ask('rates-key-0001', { query: 'Show me an exchange rate' });
    assert.deepEqual(first.body.context.customAgent.missing, ['from', 'to']);
    const calls = api.calls.length;
    const reply = await ask('rates-key-0001', { query: 'EUR', conversationId: first.body.conversationId });
    assert.equal(api.calls.length, calls, 'no call with to=EUR');
    assert.equal(reply.body.didAnswer, false);
    assert.deepEqual(reply.body.context.customAgent.missing, ['to']);
    const last = await ask('rates-key-0001', { query: 'USD', conversationId: first.body.conversationId });
    assert.equal(last.body.didAnswer, true);
    assert.equal(api.calls.at(-1)!.query.get('from'), 'EUR');
    assert.equal(api.calls.at(-1)!.query.get('to'), 'USD');
    // Another value written besides the one asked is still taken.
    const again = await ask('rates-key-0001', { query: 'Show me an exchange rate' });
    const both = await ask('rates-key-0001', {
      query: 'from: EUR, to: GBP',
      conversationId: again.body.conversationId,
    });
    assert.equal(both.body.didAnswer, true);
    assert.equal(api.calls.at(-1)!.query.get('from'), 'EUR');
    assert.equal(api.calls.at(-1)!.query.get('to'), 'GBP');
  });

  it("takes a value from the page's attributes, and asks again for one not of its type", async () => {
    const fromPage = await ask('stock-key-0001', {
      query: 'Do you have the T-shirt in stock?',
      attributes: { quantity: '2', customer: 'cus_42' },
    });
    assert.equal(fromPage.body.didAnswer, true);
    let call = api.calls.at(-1)!;
    assert.equal(call.method, 'GET');
    assert.equal(call.query.get('llm_query'), 'Do you have the T-shirt in stock?');
    assert.equal(call.query.get('quantity'), '2');
    assert.deepEqual(call.query.getAll('sizes'), ['M']);
    assert.equal(call.query.get('customer'), 'cus_42');
    // JSON without an answer field is shown as code.
    assert.match(fromPage.body.answer, /^```json\n/);

    const notANumber = await ask('stock-key-0001', {
      query: 'any shirts left?',
      attributes: { quantity: 'many' },
    });
    assert.deepEqual(notANumber.body.context.customAgent.missing, ['quantity']);
    const reply = await ask('stock-key-0001', {
      query: '3 please, sizes: S, L',
      conversationId: notANumber.body.conversationId,
    });
    assert.equal(reply.body.didAnswer, true);
    call = api.calls.at(-1)!;
    assert.equal(call.query.get('quantity'), '3');
    assert.equal(call.query.get('llm_query'), 'any shirts left?');
  });

  it('answers text as it is, with no parameters but llm_query', async () => {
    const { body } = await ask('status-key-0001', { query: 'Is the shop up?' });
    assert.equal(body.didAnswer, true);
    assert.equal(body.answer, 'All systems normal.');
    assert.equal(body.title, 'status');
    assert.equal(body.link, '');
  });

  it("appends the Query parameters to the url's own query string, which it leaves as written (SPEC 2.6)", async () => {
    const { body } = await ask('signed-key-0001', { query: 'Sent with UPS' });
    assert.equal(body.didAnswer, true);
    // A signed URL's query, a flag without a value and a list stay byte for byte as configured.
    assert.equal(
      api.calls.at(-1)!.search,
      '?sig=a%2Fb~c&flag&fields=id,name&llm_query=Sent+with+UPS&carrier=ups',
    );
  });

  it('says the service answered without details when its answer is empty (204, or blank text), rather than nothing', async () => {
    for (const key of ['empty-key-0001', 'blank-key-0001']) {
      const { body } = await ask(key, { query: 'Cancel my order A-1234' });
      assert.equal(body.didAnswer, true, key);
      assert.equal(body.error, null);
      assert.equal(body.answer, 'The service answered without any details to show.');
    }
  });

  it("says politely when the endpoint fails or is too slow, with the record's error, and keeps the insight", async () => {
    for (const [key, message] of [
      ['down-key-0001', /answered 503/],
      ['slow-key-0001', /did not answer within 0\.3 s/],
    ] as const) {
      const { status, body } = await ask(key, { query: 'Is it working?' });
      assert.equal(status, 200);
      assert.equal(body.didAnswer, false);
      assert.equal(body.error.code, 'agent_endpoint_failed');
      assert.match(body.error.message, message);
      assert.match(body.answer, /didn't respond/);
      assert.ok(body.insightId);
      const feedback = await service.postJson('/bot/feedback', {
        apiKey: key,
        insightId: body.insightId,
        feedback: -1,
      });
      assert.equal(feedback.status, 200, 'the insight was stored');
    }
  });

  it('follows no redirect, reads a body only until its limit or the timeout, and in its charset', async () => {
    const failures: [string, RegExp][] = [
      ['redirect', /answered a redirect \(302\), which is not followed/],
      ['trickle', /did not finish its answer within 0\.5 s/],
      ['broken', /broke off its answer/],
      ['huge', /more than 1 MiB/],
    ];
    for (const [agent, message] of failures) {
      const calls = api.calls.length;
      const { status, body } = await ask(`${agent}-key-0001`, { query: 'Is it working?' });
      assert.equal(status, 200, agent);
      assert.equal(body.error?.code, 'agent_endpoint_failed', agent);
      assert.match(body.error.message, message);
      // The redirect's target was never called.
      assert.equal(api.calls.length, calls + 1, agent);
    }
    const { body } = await ask('latin1-key-0001', { query: 'Open today?' });
    assert.equal(body.answer, 'Café ouvert');
  });

  it('asks for each missing value in turn, keeps a default, and retries the question a failed reply completed', async () => {
    const flaky = (query: string, conversationId = '') => ask('flaky-key-0001', { query, conversationId });
    const first = await flaky('Has my lamp shipped?');
    assert.deepEqual(first.body.context.customAgent.missing, ['orderId', 'quantity']);
    const conversation = first.body.conversationId;
    // "5" answers what was asked (orderId), not quantity too.
    const second = await flaky('5', conversation);
    assert.deepEqual(second.body.context.customAgent.missing, ['quantity']);
    assert.match(second.body.answer, /`quantity`/);
    // A new question is no value, even without a question mark.
    const aside = await flaky('Actually, what are your opening hours', conversation);
    assert.equal(aside.body.context.resolvedQuery, 'Actually, what are your opening hours');
    // "H2" is no value of language, which keeps its default: only orderId was written.
    const again = await flaky('orderId: A-7, did the H2 lamp ship?', conversation);
    assert.deepEqual(again.body.context.customAgent.missing, ['quantity']);
    assert.deepEqual(again.body.context.customAgent.pending.values, { orderId: 'A-7' });
    const failed = await flaky('2', conversation);
    assert.equal(failed.body.error?.code, 'agent_endpoint_failed');
    // The chat's Retry sends "2" again: it still completes the question.
    const retried = await flaky('2', conversation);
    assert.equal(retried.body.didAnswer, true);
    assert.equal(retried.body.answer, 'Order A-7 is on its way.');
    const call = api.calls.at(-1)!;
    assert.equal(call.query.get('llm_query'), 'orderId: A-7, did the H2 lamp ship?');
    assert.equal(call.query.get('quantity'), '2');
    assert.equal(call.query.get('language'), 'en');
  });

  it('never lets the question move the path either, when the url holds {llm_query}', async () => {
    const calls = api.calls.length;
    for (const query of ['..', '.', '%2e%2E']) {
      const { body } = await ask('faq-key-0001', { query });
      assert.equal(body.didAnswer, false, query);
    }
    assert.equal(api.calls.length, calls);
    await ask('faq-key-0001', { query: 'opening hours' });
    assert.equal(api.calls.at(-1)!.path, '/faq/opening%20hours');
  });

  it('never lets a Path value move the path: . and .. are asked for again', async () => {
    const calls = api.calls.length;
    const { body } = await ask('orders-key-0001', { query: 'Where is it?', attributes: { orderId: '..' } });
    assert.deepEqual(body.context.customAgent.missing, ['orderId']);
    assert.equal(api.calls.length, calls);
  });

  it('leaves the documentation agents answering from the documents', async () => {
    const { body } = await ask(DEMO_KEY, { query: 'How do I install ask-elements?' });
    assert.equal(body.didAnswer, true);
    assert.equal(body.link, '/guides/install');
  });
});

describe('custom agents with a language model: it fills what the rules leave open', () => {
  it('takes the values the model reads in the question, by type and enum, and asks for the rest', async () => {
    const api = await startShopApi();
    const prompts: { messages: { role: string; content: string }[] }[] = [];
    const model = createServer(async (request, response) => {
      let text = '';
      for await (const chunk of request) text += chunk;
      const body = JSON.parse(text);
      prompts.push(body);
      const question: string = body.messages.at(-1).content;
      const content = question.includes('ninety-nine')
        ? '```json\n{"orderId": "A-99", "carrier": "UPS", "unknown": 1}\n```'
        : 'I cannot tell.';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
    const service = await startTestService({
      env: {
        LLM_BASE_URL: await listenAsModelApi(model),
        LLM_MODEL: 'test-model',
      },
      config: configWith({
        projects: [
          {
            id: 'shop',
            agents: [
              {
                id: 'orders',
                apiKey: 'orders-key-0001',
                custom: {
                  url: `${api.url}/orders/{orderId}`,
                  parameters: [
                    {
                      name: 'orderId',
                      type: 'String',
                      parameterType: 'Path',
                      description: 'The order number',
                      required: true,
                    },
                    { name: 'carrier', type: 'String', parameterType: 'Query', enum: 'dhl,ups' },
                  ],
                },
              },
            ],
          },
        ],
      }),
    });
    try {
      const asked = (query: string) =>
        service.postJson('/bot/askai', { apiKey: 'orders-key-0001', format: 'markdown', query });
      const { body } = await asked('Where is order ninety-nine, the one UPS took?');
      assert.equal(body.didAnswer, true);
      const call = api.calls.at(-1)!;
      assert.equal(call.path, '/orders/A-99');
      assert.equal(call.query.get('carrier'), 'ups');
      assert.equal(call.query.get('unknown'), null);
      const prompt = prompts.at(-1)!.messages.at(-1)!.content;
      assert.match(prompt, /"name":"orderId","type":"String","description":"The order number"/);
      // Only what the rules left open is asked of the model: "UPS" named the carrier already.
      assert.doesNotMatch(prompt, /carrier/);
      // The model can't tell: the required value is asked of the visitor.
      const unsure = await asked('Has my parcel left?');
      assert.deepEqual(unsure.body.context.customAgent.missing, ['orderId']);
    } finally {
      await service.close();
      await api.close();
      await new Promise((resolve) => model.close(resolve));
    }
  });
});

describe('custom agent parameters in the config file: the dialog rules, each failure naming the field', () => {
  const configOf = (custom: Record<string, unknown>) => ({
    projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh', custom }] }],
  });
  const parameter = (fields: Record<string, unknown>) => ({
    name: 'x',
    type: 'String',
    parameterType: 'Query',
    ...fields,
  });
  const cases: [string, Record<string, unknown>, RegExp][] = [
    [
      'llm_query defined',
      { url: 'https://a.example/q', parameters: [parameter({ name: 'llm_query' })] },
      /parameters\.0\.name: llm_query is present on every custom agent/,
    ],
    [
      'an unknown type',
      { url: 'https://a.example/q', parameters: [parameter({ type: 'Date' })] },
      /parameters\.0\.type: must be one of String, Integer, Number, Boolean, Array/,
    ],
    [
      'a default outside the enum',
      { url: 'https://a.example/q', parameters: [parameter({ enum: 'a,b', default: 'c' })] },
      /parameters\.0\.default: must be one of the enum's values \(a, b\)/,
    ],
    [
      'a default not of the type',
      { url: 'https://a.example/q', parameters: [parameter({ type: 'Integer', default: '1.5' })] },
      /parameters\.0\.default: must be a value of type Integer/,
    ],
    [
      'an enum value not of the type',
      { url: 'https://a.example/q', parameters: [parameter({ type: 'Number', enum: '1, two' })] },
      /parameters\.0\.enum\.1: must be a value of type Number/,
    ],
    [
      'a Path parameter missing from the url',
      { url: 'https://a.example/q', parameters: [parameter({ parameterType: 'Path', required: true })] },
      /parameters\.0\.parameterType: a Path parameter needs its placeholder \{x\}/,
    ],
    [
      'a placeholder no parameter fills',
      { url: 'https://a.example/{id}' },
      /url: \{id\} is no Path parameter/,
    ],
    [
      'an optional Path parameter without default',
      { url: 'https://a.example/{x}', parameters: [parameter({ parameterType: 'Path' })] },
      /parameters\.0\.required: a Path parameter must be required or have a default/,
    ],
    [
      'a GET with a Body parameter',
      { url: 'https://a.example/q', method: 'get', parameters: [parameter({ parameterType: 'Body' })] },
      /method: GET sends no body/,
    ],
    [
      'a name defined twice',
      { url: 'https://a.example/q', parameters: [parameter({}), parameter({})] },
      /parameters\.1\.name: "x" is defined twice/,
    ],
    ['a url that is not http', { url: 'ftp://a.example/q' }, /url: must be an http or https URL/],
    [
      'a placeholder in the host',
      {
        url: 'https://{host}/q',
        parameters: [parameter({ name: 'host', parameterType: 'Path', required: true })],
      },
      /url: a \{placeholder\} may only stand in the path/,
    ],
    [
      'a placeholder in the query string',
      {
        url: 'https://a.example/q?id={x}',
        parameters: [parameter({ parameterType: 'Path', required: true })],
      },
      /url: a \{placeholder\} may only stand in the path/,
    ],
    [
      'a bad header name',
      { url: 'https://a.example/q', headers: { 'bad header': 'x' } },
      /headers\.bad header: is not a valid header name/,
    ],
    [
      'a javascript: link',
      { url: 'https://a.example/q', link: 'javascript:alert(1)' },
      /link: must be an http or https URL, or a path/,
    ],
    [
      'a header naming an unset variable',
      { url: 'https://a.example/q', headers: { authorization: 'Bearer ${NO_SUCH_VARIABLE_X}' } },
      /custom\.headers\.authorization: environment variable NO_SUCH_VARIABLE_X is not set/,
    ],
    [
      'a header whose variable holds a line break',
      { url: 'https://a.example/q', headers: { authorization: 'Bearer ${TWO_LINES}' } },
      /custom\.headers\.authorization: holds a line break/,
    ],
  ];
  for (const [name, custom, message] of cases) {
    it(`refuses ${name}`, () => {
      assert.throws(
        () => parseConfig(configOf(custom), 'config', { TWO_LINES: 'a\r\nX-Injected: 1' }),
        (error: Error) => {
          assert.ok(error instanceof ConfigError);
          assert.match(error.message, message);
          return true;
        },
      );
    });
  }

  it('accepts the example of the custom agents page', () => {
    const page = readFileSync(
      new URL('../../demo/content/service/custom-agents.md', import.meta.url),
      'utf8',
    );
    const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(page)![1]!);
    const [agent] = parseConfig(example, 'example', { SHOP_API_TOKEN: 'token' }).agents;
    assert.equal(agent!.custom!.method, 'POST');
    assert.equal(agent!.custom!.headers['Authorization'], 'Bearer token');
    assert.deepEqual(agent!.custom!.parameters[1]!.enum, ['dhl', 'ups', 'royal-mail']);
  });

  it("accepts the dialog's spellings: True/False, comma-separated enums, any case of a dropdown", () => {
    const parsed = agentParameterSchema.parse({
      name: 'size',
      type: 'array',
      parameterType: 'QUERY',
      enum: 'S, M, L',
      default: 'm,l',
      required: 'False',
    });
    assert.deepEqual(
      {
        type: parsed.type,
        place: parsed.parameterType,
        enum: parsed.enum,
        default: parsed.default,
        required: parsed.required,
      },
      { type: 'Array', place: 'Query', enum: ['S', 'M', 'L'], default: ['M', 'L'], required: false },
    );
  });
});

describe('values a question gives', () => {
  const parameters = [
    agentParameterSchema.parse({ name: 'orderId', type: 'String', parameterType: 'Path', required: true }),
    agentParameterSchema.parse({ name: 'carrier', type: 'String', parameterType: 'Query', enum: 'dhl,ups' }),
    agentParameterSchema.parse({ name: 'count', type: 'Integer', parameterType: 'Query' }),
  ];
  it('by name, by an enum value, a lone number and a lone code-like word', () => {
    assert.deepEqual(valuesInText(parameters, 'order id = X9, count is 4'), { orderId: 'X9', count: 4 });
    assert.deepEqual(valuesInText(parameters, 'Where are my 2 parcels of order #1042 sent by DHL?'), {
      carrier: 'dhl',
      count: 2,
      orderId: '1042',
    });
    // A number written as an id is no count.
    assert.deepEqual(valuesInText(parameters, 'order #1042?'), { orderId: '1042' });
    // Two code-like words: which one is the order is not guessed.
    assert.deepEqual(valuesInText(parameters, 'is A-1 or B-2 mine?'), {});
  });

  it("reads a Number in time linear in its length: a page's attributes may give it 16,000 digits", () => {
    const amount = { type: 'Number', enum: undefined } as const;
    assert.equal(parseValue(amount, '-12.50'), -12.5);
    assert.equal(parseValue(amount, '.5e3'), 500);
    assert.equal(parseValue(amount, '7.'), 7);
    assert.equal(parseValue(amount, '1.2.3'), undefined);
    // Split between `\d+` and `\d*` every way before failing, 50,000 digits took 24 s; read
    // linearly, well under a millisecond. The bound is a guard against the quadratic pattern
    // coming back, not a speed target: 2 s leaves a busy machine room.
    const started = performance.now();
    assert.equal(parseValue(amount, `${'1'.repeat(50_000)}!`), undefined);
    assert.equal(parseValue(amount, `${'1'.repeat(50_000)}e`), undefined);
    assert.ok(performance.now() - started < 2000, `${performance.now() - started} ms`);
  });
});
