import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Marked } from 'marked';
import { createAnswererFromEnv, languageModelFromEnv } from '../../src/server/answer/answerer-from-env.js';
import type { AnswerInput } from '../../src/server/answer/answerer.js';
import {
  createExtractiveAnswerer,
  defaultMinEvidence,
  defaultMinKnown,
  NOT_FOUND_ANSWER,
} from '../../src/server/answer/extractive-answerer.js';
import { namesOfSeveralWords } from '../../src/server/answer/answer-evidence.js';
import { createLlmAnswerer } from '../../src/server/answer/llm-answerer.js';
import type { SourceDocument } from '../../src/server/content/document.js';
import { loadContentFolder } from '../../src/server/content/load-folder.js';
import type { Logger } from '../../src/server/logger.js';
import { createOramaIndex } from '../../src/server/search/orama-index.js';
import type { SearchIndex } from '../../src/server/search/search-index.js';
import type { ConversationTurn } from '../../src/server/store/store.js';
import { definiteFollowUp, resolveFollowUp } from '../../src/server/answer/follow-up.js';
import { pageWithText } from './documents.js';
import { closeWithConnections, listenAsModelApi } from '../support/model-api-server.js';

const HONO = new URL('../fixtures/corpora/hono/', import.meta.url).pathname;

const ask = (query: string, extra: Partial<AnswerInput> = {}): AnswerInput => ({
  query,
  history: [],
  format: 'markdown',
  threshold: 0,
  ...extra,
});

/** Every tag in an HTML fragment, by name. */
const tagNames = (html: string): string[] =>
  [...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((match) => (match[1] as string).toLowerCase());

function recordingLogger(): Logger & { errors: string[]; infos: string[] } {
  const errors: string[] = [];
  const infos: string[] = [];
  return {
    errors,
    infos,
    info: (message) => infos.push(message),
    warn: () => {},
    error: (message) => errors.push(message),
  };
}

/** Asks the questions in turn, as one conversation: its turns, as the store gives them back. */
async function conversation(
  answerer: ReturnType<typeof createExtractiveAnswerer>,
  queries: string[],
): Promise<ConversationTurn[]> {
  const history: ConversationTurn[] = [];
  for (const query of queries) {
    const answer = await answerer.answer(ask(query, { history: [...history] }));
    history.push({ ...answer, query });
  }
  return history;
}

describe('extractive answerer over the Hono docs', () => {
  let index: SearchIndex;

  before(async () => {
    const { documents } = await loadContentFolder(HONO);
    index = createOramaIndex();
    await index.load(documents);
  });

  it('answers "the port" after a question about Node.js about the Node.js server\'s port', async () => {
    const answerer = createExtractiveAnswerer({ index });
    const turnOf = async (query: string, history: ConversationTurn[] = []) => {
      const answer = await answerer.answer(ask(query, { history }));
      return {
        answer,
        history: [
          ...history,
          {
            query,
            resolvedQuery: answer.resolvedQuery,
            answer: answer.answer,
            link: answer.link,
            title: answer.title,
          },
        ],
      };
    };
    const node = await turnOf('How do I run Hono on Node.js?');
    const port = await turnOf('How do I change the port?', node.history);
    assert.equal(port.answer.link, '/docs/getting-started/nodejs');
    assert.match(port.answer.answer, /port/);
    // A subject that names a page of its own is that page's, whatever came before; and so is one
    // the earlier topic's page doesn't hold.
    const cors = await turnOf('How do I enable CORS?');
    const cookie = await turnOf('How do I set the cookie?', cors.history);
    assert.equal(cookie.answer.resolvedQuery, 'How do I set the cookie?');
    assert.equal(cookie.answer.link, '/docs/helpers/cookie');
    const workers = await turnOf('How do I deploy to Cloudflare Workers?');
    const body = await turnOf('How do I read the request body?', workers.history);
    assert.equal(body.answer.resolvedQuery, 'How do I read the request body?');
    // A topic that only adds its name to a search that finds the answer elsewhere changes nothing.
    const vercel = await turnOf('How do I deploy to Vercel?');
    const status = await turnOf('How do I change the status code?', vercel.history);
    assert.equal(status.answer.link, '/docs/api/context');
  });

  it("answers a question naming a section in code from that section, not the page's opening", async () => {
    // The context reference opens by saying a handler sets "headers and a status code"; its
    // `## status()` says how.
    const answer = await createExtractiveAnswerer({ index }).answer(
      ask('How can I change the response status code?'),
    );
    assert.equal(answer.passages[0]?.link, '/docs/api/context#status');
    assert.match(answer.answer, /^You can set an HTTP status code with `c\.status\(\)`/);
    // Even when another section's example holds more of the question's other words: the example
    // of `## render() / setRenderer()` says "page" and "pages" four times.
    const redirect = await createExtractiveAnswerer({ index }).answer(
      ask('How do I redirect the user to another page?'),
    );
    assert.equal(redirect.passages[0]?.link, '/docs/api/context#redirect');
    // `## json()` is terse too; `### ContextVariableMap`'s example returns `c.json(…)` from a handler.
    const json = await createExtractiveAnswerer({ index }).answer(
      ask('How do I return JSON from a handler?'),
    );
    assert.equal(json.passages[0]?.link, '/docs/api/context#json');
    assert.match(
      redirect.answer,
      /^Redirect, default status code is `302`\.\n\n```ts\napp\.get\('\/redirect'/,
    );
    // Named as the question writes it: "streaming" is not `## stream()`, and the opening says
    // what the helper is for.
    const streaming = await createExtractiveAnswerer({ index }).answer(
      ask('What is the Streaming Helper used for?'),
    );
    assert.match(streaming.answer, /^The Streaming Helper provides methods for streaming responses\./);
    // Its passage comes first among the passages too, before the opening's.
    const [first] = await index.searchPassages('How can I change the response status code?', { limit: 3 });
    assert.equal(first?.section.heading, 'status()');
  });

  it("shows how with the page's usage example when its opening only says what the subject does", async () => {
    // The ETag page opens "Using this middleware, you can add ETag headers easily." (no code);
    // its `## Usage` shows how, after an `## Import` of one line.
    const answer = await createExtractiveAnswerer({ index }).answer(
      ask('How do I add an ETag to responses?'),
    );
    assert.match(answer.answer, /^Using this middleware, you can add ETag headers easily\.\n\n```ts\n/);
    assert.match(answer.answer, /app\.use\('\/etag\/\*', etag\(\)\)/);
    assert.equal(answer.passages[0]?.link, '/docs/middleware/builtin/etag#usage');
    assert.ok(
      answer.passages.some((passage) => passage.link === '/docs/middleware/builtin/etag#etag-middleware'),
    );
    // "request" and "id" are the title's words: `### Set Request ID`, a client's header, is no
    // sub-section the question names; the usage example is `## Usage`'s.
    const id = await createExtractiveAnswerer({ index }).answer(
      ask('How can I give each request a unique id?'),
    );
    assert.equal(id.passages[0]?.link, '/docs/middleware/builtin/request-id#usage');
    assert.match(id.answer, /app\.use\('\*', requestId\(\)\)/);
    // A question that asks what, not how, is answered by the opening alone.
    const what = await createExtractiveAnswerer({ index }).answer(ask('What does the ETag middleware do?'));
    assert.doesNotMatch(what.answer, /```/);
  });

  it('quotes a list asked for whole when its items are short, though it has more than ten', async () => {
    // "what helpers are available" was answered "- Accepts": the first of the twelve items that
    // make up `## Available Helpers`, a list too long to be quoted whole.
    for (const format of ['markdown', 'html'] as const) {
      const answer = await createExtractiveAnswerer({ index }).answer(
        ask('what helpers are available', { format }),
      );
      assert.equal(answer.link, '/docs/guides/helpers');
      if (format === 'markdown')
        assert.equal(
          answer.answer,
          [
            'Accepts',
            'Adapter',
            'Cookie',
            'css',
            'Dev',
            'Factory',
            'html',
            'JWT',
            'SSG',
            'Streaming',
            'Testing',
            'WebSocket',
          ]
            .map((helper) => `- ${helper}`)
            .join('\n'),
        );
      else assert.equal(answer.answer.match(/<li>/g)?.length, 12);
    }
  });

  it('shows the code a quoted sentence promises "as follows", with the sentence between them', async () => {
    // "…you can use `app.route()` as follows." then "Pass the value returned from…", then the code:
    // the answer ended on the second sentence, the code it promised left out.
    const answer = await createExtractiveAnswerer({ index }).answer(ask('What does app.route() do?'));
    assert.equal(answer.link, '/examples/grouping-routes-rpc');
    assert.match(answer.answer, /as follows\.\n\nPass the value returned/);
    assert.match(
      answer.answer,
      /\n\n```ts\nimport \{ Hono \} from 'hono'\n[\s\S]*\.route\('\/authors', authorsApp\)[\s\S]*\n```$/,
    );
  });

  it('quotes the entry of the one option a question names, not a neighbour that mentions it', async () => {
    const answerer = createExtractiveAnswerer({ index });
    // Search ranks `allowMethods`, which says "allowed methods based on the origin", first: its
    // "The default is ['GET', …]" read as the default origin.
    const origin = await answerer.answer(ask('What is the default allowed origin for the CORS middleware?'));
    assert.match(origin.passages[0]?.link ?? '', /^\/docs\/middleware\/builtin\/cors#-origin-/);
    assert.match(origin.answer, /The default is `\*`\.$/);
    const cookie = await answerer.answer(ask('Does the JWT middleware read the token from a cookie?'));
    assert.match(cookie.answer, /^If this value is set, then the value is retrieved from the cookie header/);
    // Two options named ("username", "password"): the question is about neither entry alone.
    const login = await answerer.answer(ask('how do I protect some routes with a username and password'));
    assert.doesNotMatch(login.passages[0]?.link ?? '', /#-(username|password)-/);
  });

  it('quotes no sentence that was only a link\'s text, "Read more."', async () => {
    // The note ends "[Read more.](https://github.com/honojs/hono/issues/2270…)": without its link
    // the sentence pointed nowhere.
    const answer = await createExtractiveAnswerer({ index }).answer(ask('Why are my RPC types any?'));
    assert.equal(answer.link, '/docs/guides/rpc');
    assert.match(answer.answer, /set `"strict": true` in `compilerOptions`\.$/);
  });

  it("quotes the page's best passage, not a section elsewhere whose one sentence holds more of the words", async () => {
    const answerer = createExtractiveAnswerer({ index });
    // `### encrypted http2` is only code: it was passed over for "2. Hello World", whose sentence
    // about shutting down the server holds "server" and "Node.js".
    const http2 = await answerer.answer(ask('run my Node.js server over encrypted HTTP/2'));
    assert.equal(http2.passages[0]?.link, '/docs/getting-started/nodejs#encrypted-http2');
    assert.match(http2.answer, /createServer: createSecureServer/);
    // Not a question code answers, whose name (Bun) the best passage, only code, lacks: the
    // usage example's `bodyLimit({ maxSize… })` was the whole answer.
    const bun = await answerer.answer(
      ask('Is there a size limit for uploads on Bun when I raise bodyLimit?'),
    );
    assert.equal(
      bun.passages[0]?.link,
      '/docs/middleware/builtin/body-limit#usage-with-bun-for-large-requests',
    );
    assert.match(bun.answer, /`Bun\.serve`'s default request body limit is 128MiB/);
    // `### Including slashes`, not `## Path Parameter`.
    const slashes = await answerer.answer(
      ask('route parameter that captures a whole file path including the slashes'),
    );
    assert.equal(slashes.passages[0]?.link, '/docs/api/routing#including-slashes');
  });

  it('answers "What is c.var?" from the context reference\'s `## var`, not an example using it', async () => {
    // The inferdi example page ranks first ("Context variable key used for `c.var[key]`").
    const answer = await createExtractiveAnswerer({ index }).answer(ask('What is c.var?'));
    assert.equal(answer.link, '/docs/api/context');
    assert.match(answer.answer, /^You can also access the value of a variable with `c\.var`\./);
  });

  it("answers a question about a page's subject from its opening, and one its heading asks from that section", async () => {
    const answerer = createExtractiveAnswerer({ index });
    // The best passages of these pages are an import line and `## Manual validator`.
    const csrf = await answerer.answer(ask('What is CSRF Protection?'));
    assert.match(csrf.answer, /^This middleware protects against CSRF attacks/);
    const validation = await answerer.answer(ask('What is Validation?'));
    assert.match(validation.answer, /^Hono provides only a very thin Validator\./);
    // `## Which preset should I use?` is the question, but for the site's name.
    const preset = await answerer.answer(ask('Which Hono preset should I use?'));
    assert.equal(preset.passages[0]?.link, '/docs/api/presets#which-preset-should-i-use');
    assert.match(preset.answer, /\| `hono\/tiny` \|/);
    // With no sentence of the page ranking, still its opening, not its best passage (`npm install`).
    const betterAuth = await answerer.answer(ask('What is Better Auth?'));
    assert.equal(betterAuth.passages[0]?.link, '/examples/better-auth#better-auth');
    // A how-to question about the subject asks how: a section's code shows it, not the opening.
    const validate = await answerer.answer(ask('How do I validate?'));
    assert.equal(validate.passages[0]?.link, '/docs/guides/validation#manual-validator');
    // A section named in code by the question comes before an opening that only names its words.
    const sign = await answerer.answer(ask('how do I sign a JSON web token'));
    assert.equal(sign.passages[0]?.link, '/docs/helpers/jwt#sign');
  });

  it('answers from the exact source page, with a link to the section', async () => {
    const answer = await createExtractiveAnswerer({ index }).answer(ask('How can I set a cookie?'));
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, '/docs/helpers/cookie');
    assert.equal(answer.title, 'Cookie Helper');
    assert.equal(answer.assetType, 'webpage');
    assert.ok(answer.relevanceScore > 50 && answer.relevanceScore <= 100);
    assert.match(answer.answer, /setCookie/);
    // The source is in the record (and shown by <ask-chat>), not repeated in the text.
    assert.doesNotMatch(answer.answer, /Source:/);
    assert.equal(answer.passages[0]?.documentId, 'docs/helpers/cookie.md');
    assert.match(answer.passages[0]?.link ?? '', /^\/docs\/helpers\/cookie#[\w-]+$/);
    assert.equal(answer.resolvedQuery, 'How can I set a cookie?');
  });

  it('lists the best passage of each other page before a second passage of any, as pages to see also', async () => {
    const answerer = createExtractiveAnswerer({ index });
    // A third page, listed where the second page's second passage had been (for the first, the
    // page that answers).
    for (const [question, seeAlso] of [
      [
        'My frontend on another domain gets blocked calling my API, how do I allow it?',
        '/docs/middleware/builtin/cors',
      ],
      ['How can I read a cookie that the browser sent?', '/docs/middleware/builtin/jwk'],
    ] as const) {
      const answer = await answerer.answer(ask(question));
      const pages = answer.passages.map((passage) => passage.link.split('#')[0]);
      assert.equal(new Set(pages).size, 3, `${question}: ${pages.join(', ')}`);
      assert.ok(pages.includes(seeAlso), `${question}: ${pages.join(', ')}`);
    }
  });

  it('answers alike from documents a host keeps as JSON, their code languages and list items as objects', async () => {
    const { documents } = await loadContentFolder(HONO);
    const asJson = JSON.parse(
      JSON.stringify(documents, (_key, value: unknown) =>
        value instanceof Map ? Object.fromEntries(value) : value,
      ),
    ) as SourceDocument[];
    const fromJson = createOramaIndex();
    await fromJson.load(asJson);
    for (const question of ['How can I set a cookie?', 'How do I add an ETag to responses?']) {
      const expected = await createExtractiveAnswerer({ index }).answer(ask(question));
      const answer = await createExtractiveAnswerer({ index: fromJson }).answer(ask(question));
      assert.match(expected.answer, /```ts\n/, question);
      assert.equal(answer.answer, expected.answer, question);
    }
  });

  it("says politely that it couldn't find an answer the site doesn't have", async () => {
    const answerer = createExtractiveAnswerer({ index });
    for (const question of [
      'What is the capital of France?',
      'How do I connect to a MongoDB replica set?',
      'What is the best pizza topping?',
    ]) {
      const answer = await answerer.answer(ask(question));
      assert.equal(answer.didAnswer, false, question);
      assert.equal(answer.answer, NOT_FOUND_ANSWER);
      assert.equal(answer.title, '');
      assert.equal(answer.link, '');
      assert.equal(answer.description, '');
      assert.deepEqual(answer.passages, []);
    }
  });

  it('takes its source from the page that search ranks first', async () => {
    const question = 'How do I limit the size of request bodies?';
    const [top] = await index.search(question, { limit: 1, prefixLastTerm: false });
    const answer = await createExtractiveAnswerer({ index }).answer(ask(question));
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, top?.document.link);
    assert.equal(answer.link, '/docs/middleware/builtin/body-limit');
  });

  it('declines a near miss: a topic next to the site that its pages only mention', async () => {
    const answerer = createExtractiveAnswerer({ index });
    const retrieval = await answerer.retrieve(ask('How do I connect Hono to a MongoDB replica set?'));
    assert.equal(retrieval.answerable, false);
    // The evidence is reported: the outline share is part of the decision.
    assert.ok(retrieval.outline >= 0 && retrieval.outline <= 1);
    assert.equal((await answerer.answer(ask('How do I use WebGPU in Hono?'))).didAnswer, false);
  });

  it('declines a question naming something the site never names, however well the rest matches', async () => {
    const answerer = createExtractiveAnswerer({ index });
    for (const question of [
      'Does Hono support SOAP web services?',
      'How do I upload files to Google Drive from a Hono handler?',
    ]) {
      const retrieval = await answerer.retrieve(ask(question));
      assert.ok(retrieval.known >= 0.8, `${question}: most of its words are the site's`);
      assert.equal(retrieval.answerable, false, question);
    }
    // Names the site uses are asked about freely, and a question in capitals is not all names.
    const answer = await answerer.answer(ask('How do I deploy my Hono app to Cloudflare Workers?'));
    assert.equal(answer.didAnswer, true);
    assert.equal((await answerer.answer(ask('HOW DO I SET A COOKIE?'))).didAnswer, true);
    // A unit after its number is no name: "MB" of "2MB" is not a product the docs lack.
    for (const size of ['2MB', '2 MB']) {
      const limit = await answerer.answer(ask(`How do I reject request bodies larger than ${size}?`));
      assert.equal(limit.didAnswer, true, size);
      assert.equal(limit.link, '/docs/middleware/builtin/body-limit');
    }
    // A hyphenated name is judged by its words: a header the visitor names, the docs don't.
    // Its whole, which no passage holds, doesn't count against a passage holding its words.
    const header = await answerer.retrieve(ask('clients send their token in an X-Auth-Token header'));
    assert.equal(header.known, 1);
    assert.ok(header.coverage > 0.85, String(header.coverage));
    assert.equal(header.answerable, true);
  });

  it('declines a short question about a product the site never names, written in lower case', async () => {
    const answerer = createExtractiveAnswerer({ index });
    // "gatsby", "nuxt" and "sequelize": no word of Hono's docs, nor of the English lexicon.
    for (const question of [
      'run hono inside a gatsby project',
      'nuxt server routes with hono',
      'sequelize models with hono',
    ]) {
      const retrieval = await answerer.retrieve(ask(question));
      assert.equal(retrieval.answerable, false, question);
    }
    // A product named with a dot, whose parts the site uses ("socket", "io", "fly"): its whole it never writes.
    for (const question of ['socket.io server with hono', 'host hono on fly.io']) {
      const retrieval = await answerer.retrieve(ask(question));
      assert.ok(retrieval.known < 0.7, `${question}: ${retrieval.known}`);
      assert.equal(retrieval.answerable, false, question);
    }
    // One the site writes is known, and a domain of the visitor's is a value, not a name: its
    // word the site lacks ("mysite") counts once, as any word the site lacks.
    const param = await answerer.retrieve(ask('How do I get the value of c.req.param in a handler?'));
    assert.equal(param.known, 1);
    const domain = await answerer.retrieve(ask('redirect every request for mysite.com to the www address'));
    assert.ok(domain.known > 0.75, String(domain.known));
    // A longer question holds one such word of the trade among enough of the site's own.
    const query = 'send the streamed reply of my chatbot to the browser chunk by chunk as plain text';
    const answer = await answerer.answer(ask(query));
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, '/docs/helpers/streaming');
    // A follow-up carries the topic's words over, "chatbot" among them: they were judged with the
    // question they were asked in, and weigh as any word the site lacks in the few of the follow-up.
    const { answer: text, link, title, resolvedQuery } = answer;
    const followUp = await answerer.answer(
      ask('does it work on deno?', { history: [{ query, resolvedQuery, answer: text, link, title }] }),
    );
    assert.notEqual(followUp.resolvedQuery, 'does it work on deno?');
    assert.equal(followUp.didAnswer, true);
    // A short typo of the site's word, a letter missing or two swapped, is no name.
    const typo = await answerer.answer(ask('how do I read the josn body of a request'));
    assert.equal(typo.didAnswer, true);
    assert.equal(typo.link, '/docs/api/request');
  });

  it('declines a product named in several words that no passage holds together, though the site uses each word', async () => {
    const answerer = createExtractiveAnswerer({ index });
    // The docs cover Azure Functions, AWS Lambda and Google Cloud Run, and use "static", "web",
    // "apps", "app", "runner" and "functions" elsewhere.
    for (const question of [
      'deploy a Hono API to Azure Static Web Apps',
      'deploy my Hono container to AWS App Runner',
      'run Hono on Google Cloud Functions instead of Cloud Run',
    ]) {
      const retrieval = await answerer.retrieve(ask(question));
      assert.ok(retrieval.known >= 0.8, `${question}: most of its words are the site's`);
      assert.equal(retrieval.answerable, false, question);
    }
    // A second sentence changes nothing.
    const twoSentences = 'I want to deploy a Hono API to Azure Static Web Apps. Is that possible?';
    assert.equal((await answerer.retrieve(ask(twoSentences))).answerable, false);
    // The products the docs cover, named alike, are answered, a dash or a sign-off line after them too.
    for (const question of [
      'deploy a Hono API to Azure Functions',
      'deploy my Hono app to AWS Lambda',
      'deploy my Hono app to AWS Lambda - Help',
      'How do I use Hono with Cloudflare Workers\nThanks Bob',
    ]) {
      const answer = await answerer.answer(ask(question));
      assert.equal(answer.didAnswer, true, question);
    }
  });

  it('answers a follow-up as asked when the words carried over from the turn before leave it unanswered', async () => {
    const answerer = createExtractiveAnswerer({ index });
    const history = await conversation(answerer, ['how to write unit tests for my routes']);
    assert.equal(history[0]?.didAnswer, true);
    const followUp = await answerer.answer(ask('How do I test it?', { history }));
    assert.equal(followUp.didAnswer, true);
    assert.equal(followUp.link, '/docs/guides/testing');
    assert.equal(followUp.resolvedQuery, 'How do I test it?');
  });

  it('takes the topic past a declined follow-up from the turn that follow-up carried it from', async () => {
    const answerer = createExtractiveAnswerer({ index });
    const history = await conversation(answerer, [
      'How do I enable CORS?',
      'Does it work with WebSockets over QUIC?',
    ]);
    assert.equal(history[0]?.didAnswer, true);
    assert.equal(history[1]?.didAnswer, false);
    const third = await answerer.answer(ask('How do I configure it?', { history }));
    assert.match(third.resolvedQuery, /CORS/);
    assert.equal(third.link, '/docs/middleware/builtin/cors');
  });

  it('carries no word over from a declined turn', async () => {
    const answerer = createExtractiveAnswerer({ index });
    const history = await conversation(answerer, ['What is the capital of France?']);
    assert.equal(history[0]?.didAnswer, false);
    assert.equal(resolveFollowUp('How do I deploy it?', history), 'How do I deploy it?');
    assert.equal(definiteFollowUp('How do I change the port?', history), undefined);
    // Answered, the same turn's words are carried.
    assert.notEqual(
      resolveFollowUp('How do I deploy it?', [{ ...history[0]!, didAnswer: true }]),
      'How do I deploy it?',
    );
  });

  /** An answered earlier turn of a conversation, as the store gives it back. */
  const turn = (query: string): ConversationTurn => ({
    query,
    resolvedQuery: query,
    answer: '',
    link: '/x',
    title: 'x',
  });

  it('carries over a subject the tagger reads as a verb ("map" of "What does map() do?")', () => {
    // "map" stands between two auxiliaries, where a subject stands; "array" is the follow-up's own.
    assert.equal(
      resolveFollowUp('does it change the original array?', [turn('What does map() do on an array?')]),
      'does it change the original array? (map)',
    );
    assert.equal(
      resolveFollowUp('does it run in parallel?', [turn('What does React need?')]),
      'does it run in parallel? (React)',
    );
    // A dotted name in code is carried whole, not as the parts the tagger splits it into.
    assert.equal(
      resolveFollowUp('how do I give it types?', [turn('What does c.set() do?')]),
      'how do I give it types? (c.set)',
    );
    assert.equal(
      resolveFollowUp('and on Deno?', [turn('How do I read c.req.param in a handler?')]),
      'and on Deno? (c.req.param read)',
    );
    // What a question does something with: "fetch" of "… using fetch?".
    assert.equal(
      resolveFollowUp('how do I cancel it?', [turn('How do I post JSON using fetch?')]),
      'how do I cancel it? (JSON fetch)',
    );
  });

  it('carries the earlier circumstances into a continuation with a verb of its own, and the whole question into a "what if"', () => {
    assert.equal(
      resolveFollowUp('and how do I change the port?', [turn('How do I run Hono on Deno?')]),
      'and how do I change the port? (run Deno)',
    );
    assert.equal(
      resolveFollowUp('what if the same key appears several times?', [
        turn('How do I read query parameters from the URL?'),
      ]),
      'what if the same key appears several times? (query parameters URL read)',
    );
    // A verb's particle opens no circumstance: what was set up is the earlier subject, which a
    // question of another subject leaves behind.
    assert.equal(
      resolveFollowUp('and how do I add a search box?', [turn('How do I set up the chat in React?')]),
      'and how do I add a search box? (set React)',
    );
    assert.equal(
      resolveFollowUp('and how do I enable compression?', [turn('How do I turn off the cache in Express?')]),
      'and how do I enable compression? (turn Express)',
    );
  });

  it('reads a "one" that stands for a thing as pointing back, not one that counts', () => {
    const history = [turn('How do I use CSS variables?')];
    for (const question of [
      'how do I change one from JavaScript?',
      'which one is the fastest?',
      'what happens when one is missing?',
    ])
      assert.equal(resolveFollowUp(question, history), `${question} (CSS variables)`, question);
    // A "one" is one of what the earlier question asked about, names or not.
    assert.equal(
      resolveFollowUp('which one is the fastest?', [turn('What routers does Hono come with?')]),
      'which one is the fastest? (routers Hono)',
    );
    // A "one" that counts something, or counts in passing, points at nothing.
    for (const question of [
      'How do I upload files one at a time?',
      'How do I add one more column to a grid?',
    ])
      assert.equal(resolveFollowUp(question, history), question, question);
  });

  it("answers a question holding an everyday word a small site doesn't use", async () => {
    // "tamper-proof" is no word of Hono's docs; the cookie helper's signed cookies answer it.
    const answer = await createExtractiveAnswerer({ index }).answer(
      ask('make cookies tamper-proof by signing them with a secret'),
    );
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, '/docs/helpers/cookie');
    // A language asked for is a value, not the subject: Hono's docs never say "Finnish".
    const language = await createExtractiveAnswerer({ index }).retrieve(
      ask('How do I pick the Finnish language for a request from its cookie?'),
    );
    assert.equal(language.known, 1);
    assert.equal(language.answerable, true);
    // So is one the site should work for ("for Arabic").
    const support = await createExtractiveAnswerer({ index }).retrieve(
      ask('does the language middleware detect it from a cookie for Arabic?'),
    );
    assert.equal(support.known, 1);
    // A language that is what the question is about is judged as any word.
    for (const question of ['How do I learn Spanish quickly?', 'How do I say hello in a Korean accent?'])
      assert.equal(
        (await createExtractiveAnswerer({ index }).retrieve(ask(question))).answerable,
        false,
        question,
      );
    // The share of known words asked for grows with the site: 0.7 up to 1,000 pages, 0.8 from 5,000.
    assert.equal(defaultMinKnown(113), 0.7);
    assert.equal(defaultMinKnown(5000), 0.8);
    assert.equal(defaultMinKnown(10_000), 0.8);
    assert.ok(defaultMinKnown(2000) > 0.7 && defaultMinKnown(2000) < 0.8);
  });

  it('asks less of a passage on a small site, where a visitor words things their own way', async () => {
    // The streaming helper says "stream" and "text", not "chat", "answer" or "browser".
    const question = ask('stream a chat answer to the browser as plain text');
    const answer = await createExtractiveAnswerer({ index }).answer(question);
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, '/docs/helpers/streaming');
    // As much as a site of 5,000 pages asks would decline it.
    assert.equal(defaultMinEvidence(113), 1.15);
    assert.equal(defaultMinEvidence(5000), 1.35);
    assert.ok(defaultMinEvidence(2000) > 1.15 && defaultMinEvidence(2000) < 1.35);
    const strict = createExtractiveAnswerer({ index, minEvidence: defaultMinEvidence(5000) });
    // The option's former name, on the former scale, is refused rather than read as the new one.
    assert.throws(
      () =>
        createExtractiveAnswerer({ index, minCoverage: 0.7 } as Parameters<
          typeof createExtractiveAnswerer
        >[0]),
      /minCoverage is now minEvidence/,
    );
    assert.equal((await strict.answer(question)).didAnswer, false);
  });

  it('answers a question worded further from the page still, on a small site', async () => {
    // The JSX renderer middleware says "layout", "header" and "menu", never "wrap", "pages" or "shared".
    const question = ask('wrap all my pages in a shared layout with the same header and menu');
    const answer = await createExtractiveAnswerer({ index }).answer(question);
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, '/docs/middleware/builtin/jsx-renderer');
    // 1.5 declines it.
    const stricter = createExtractiveAnswerer({ index, minEvidence: 1.5 });
    assert.equal((await stricter.answer(question)).didAnswer, false);
  });

  it('answers on a page titled with the subject when the question words the rest its own way', async () => {
    const answerer = createExtractiveAnswerer({ index });
    // The cookie page never says "browser" or "sent"; its title names the subject.
    const question = ask('How do I read the cookies the browser sent?');
    const retrieval = await answerer.retrieve(question);
    assert.ok(retrieval.title > 0 && retrieval.title <= 1);
    const answer = answerer.compose(question, retrieval);
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, '/docs/helpers/cookie');
  });

  it("doesn't answer below the agent's threshold", async () => {
    const answer = await createExtractiveAnswerer({ index }).answer(
      ask('How can I set a cookie?', { threshold: 100 }),
    );
    assert.equal(answer.didAnswer, false);
  });

  it('resolves a follow-up against the earlier question', async () => {
    const answerer = createExtractiveAnswerer({ index });
    const first = await answerer.answer(ask('How do I enable CORS?'));
    assert.equal(first.link, '/docs/middleware/builtin/cors');
    const history: ConversationTurn[] = [
      {
        query: 'How do I enable CORS?',
        resolvedQuery: first.resolvedQuery,
        answer: first.answer,
        link: first.link,
        title: first.title,
      },
    ];
    const followUp = await answerer.answer(ask('how do I change its allowed origins?', { history }));
    assert.match(followUp.resolvedQuery, /CORS/);
    assert.equal(followUp.didAnswer, true);
    assert.equal(followUp.link, '/docs/middleware/builtin/cors');
    // One that points back with a subject of its own keeps the earlier subject when the earlier
    // question also names the framework: its cookie, not Hono's.
    const cookie = await answerer.answer(ask('How do I set a cookie in Hono?'));
    assert.equal(cookie.link, '/docs/helpers/cookie');
    const maxAge = await answerer.answer(
      ask('what is its maximum age?', {
        history: [
          {
            query: 'How do I set a cookie in Hono?',
            resolvedQuery: cookie.resolvedQuery,
            answer: cookie.answer,
            link: cookie.link,
            title: cookie.title,
          },
        ],
      }),
    );
    assert.match(maxAge.resolvedQuery, /cookie/);
    assert.equal(maxAge.link, '/docs/helpers/cookie');
    // A question that names its own subject is searched as asked.
    const standalone = await answerer.answer(ask('How can I set a cookie?', { history }));
    assert.equal(standalone.resolvedQuery, 'How can I set a cookie?');
    assert.equal(standalone.link, '/docs/helpers/cookie');
  });

  it('honours tag filters', async () => {
    const answer = await createExtractiveAnswerer({ index }).answer(
      ask('How can I set a cookie?', { excludeTags: ['helpers'] }),
    );
    assert.notEqual(answer.link, '/docs/helpers/cookie');
  });
});

describe("extractive answerer over a shop's few pages", () => {
  /** A page titled in its front matter, with no heading of its own at the top. */
  const titledInFrontMatter = (link: string, title: string, text: string): SourceDocument => {
    const page = pageWithText(link, title, text);
    return { ...page, sections: page.sections.map((section) => ({ ...section, heading: '' })) };
  };
  const pages: SourceDocument[] = [
    titledInFrontMatter(
      '/returns',
      'Returns policy',
      'You can return any item within 30 days of delivery for a full refund. Photograph any damage and email support.',
    ),
    titledInFrontMatter(
      '/add-ons',
      'Add-ons',
      'Add a dessert for two to any box for £4.99. Adding a card is free.\n\nYour next box can hold up to three add-ons.',
    ),
    titledInFrontMatter(
      '/notes',
      'Notes',
      'Adding a note for the driver is free. Notes show on your next box.',
    ),
    // Its text never says "shipping".
    titledInFrontMatter(
      '/shipping',
      'Shipping',
      'Orders leave our warehouse on weekdays and arrive in two to five days.',
    ),
    {
      ...pageWithText('/account', 'Your account', ''),
      sections: [
        {
          heading: 'Reset your password',
          anchor: 'reset',
          level: 2,
          text: 'Click "Forgot password" on the sign-in page and follow the link we email you.',
        },
        {
          heading: 'Change your password',
          anchor: 'change',
          level: 2,
          text: 'Open Settings, then Security, and type the new password twice.',
        },
      ],
    },
  ];
  let index: SearchIndex;

  before(async () => {
    index = createOramaIndex();
    await index.load(pages);
  });

  it('answers "how long" from a page titled in its front matter: the measure asked is no word it needs', async () => {
    const answerer = createExtractiveAnswerer({ index });
    for (const [question, link] of [
      ['How long do I have to return something?', '/returns'],
      ['how long does shipping take?', '/shipping'],
    ]) {
      const answer = await answerer.answer(ask(question as string));
      assert.equal(answer.didAnswer, true, question);
      assert.equal(answer.link, link, question);
    }
    // The question's subject is still judged: the shop never mentions gift cards.
    assert.equal((await answerer.answer(ask('How long is a gift card valid?'))).didAnswer, false);
  });

  it('answers a question in a word the site never uses, by its synonym the site does use', async () => {
    const answer = await createExtractiveAnswerer({ index }).answer(ask('can I add a pudding to my order?'));
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, '/add-ons');
  });

  it('answers a question with a typo of a word the site uses, as search reads it', async () => {
    const answer = await createExtractiveAnswerer({ index }).answer(ask('forgot my pasword'));
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, '/account');
    // Search reads "padding" as the shop's "adding", and "nuxt" as its "next"; the answerer
    // doesn't. "padding" is an English word, and a word of four letters is as likely a name.
    assert.equal(index.standInFor?.('padding')?.term, 'ad');
    assert.equal(index.standInFor?.('nuxt')?.term, 'next');
    for (const question of ['padding in the box?', 'a box for nuxt?']) {
      const retrieval = await createExtractiveAnswerer({ index }).retrieve(ask(question));
      assert.ok(retrieval.known < 1, `${question}: ${retrieval.known}`);
    }
  });
});

describe("extractive answerer: words held only in a code example's data", () => {
  const prompt = [
    'const session = await LanguageModel.create();',
    'const reply = await session.prompt("What is the capital of France?");',
    'console.log(reply);',
  ].join('\n');
  const footer = ['<footer>', '  <p>Football world cup results, 2018</p>', '</footer>'].join('\n');
  // An image's address: its file's name says nothing of what the page is about.
  const transition = [
    'startViewTransition(() => setLarge(true))',
    "return <img src='https://example.com/images/logo.png' />",
  ].join('\n');
  // A comment's apostrophes and an arrow function before JSX are code, not quoted data.
  const handler = [
    "app.get('/card', (c) => {",
    "  // don't fetch the avatar twice, it's cached",
    '  return c.render(<Card size="large" />)',
    '})',
  ].join('\n');
  const pages: SourceDocument[] = [
    pageWithText('/card', 'Card route', `A route of its own for the card.\n\n${handler}`, [handler]),
    pageWithText(
      '/prompt',
      'Prompt API',
      `Create a session with the language model, then send it your text with the prompt method. The promise resolves with the model's reply.\n\n${prompt}`,
      [prompt],
    ),
    pageWithText(
      '/footer',
      'The footer element',
      `A footer holds information about its section: its author, copyright or related links.\n\n${footer}`,
      [footer],
    ),
    pageWithText(
      '/transitions',
      'Transitions',
      `Animate a change of state with a view transition: wrap the update in startViewTransition.\n\n${transition}`,
      [transition],
    ),
    pageWithText(
      '/console',
      'Console',
      "Log messages while you debug, and read them in the browser's tools.",
    ),
  ];
  let index: SearchIndex;

  before(async () => {
    index = createOramaIndex();
    await index.load(pages);
  });

  it("declines a question whose words a passage holds only in its code's strings, an HTML example's text or an address", async () => {
    const answerer = createExtractiveAnswerer({ index });
    for (const question of [
      'What is the capital of France?',
      'Who won the football world cup in 2018?',
      'is there a logo',
    ]) {
      const retrieval = await answerer.retrieve(ask(question));
      assert.ok(
        retrieval.coverage >= 0.8,
        `${question}: the example holds its words (${retrieval.coverage})`,
      );
      assert.equal(retrieval.answerable, false, question);
    }
    // Questions about what those passages say, or their code does, are answered from them.
    for (const [question, link] of [
      ['How do I send a prompt to the language model?', '/prompt'],
      ['what does a footer hold?', '/footer'],
      ['should I fetch the avatar twice?', '/card'],
      ['how do I animate with a view transition?', '/transitions'],
    ]) {
      const answer = await answerer.answer(ask(question as string));
      assert.equal(answer.didAnswer, true, question);
      assert.equal(answer.link, link, question);
    }
  });
});

describe('extractive answerer on hostile text', () => {
  const hostile: SourceDocument = {
    id: 'xss.md',
    title: 'Widget <img src=x onerror=alert(1)> setup',
    description: 'Hostile',
    tags: [],
    link: 'javascript:alert(1)',
    assetType: 'webpage',
    text: '',
    sections: [
      {
        heading: 'Configure the widget',
        anchor: 'configure',
        level: 2,
        text: 'To configure the widget, add <script>alert("x")</script> to the page & set **bold** [link](http://evil). More widget text: see https://example.com<img src=x onerror=alert(1)> and www.example.com<img src=y onerror=alert(2)>.\n\nconst widget = "<b>configure</b>";',
        code: ['const widget = "<b>configure</b>";'],
      },
    ],
  };
  let index: SearchIndex;

  before(async () => {
    index = createOramaIndex();
    await index.load([hostile]);
  });

  it('escapes every text in html and writes only its own tags', async () => {
    const answer = await createExtractiveAnswerer({ index }).answer(
      ask('How do I configure the widget?', { format: 'html' }),
    );
    assert.equal(answer.didAnswer, true);
    assert.match(answer.answer, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;/);
    assert.match(answer.answer, /&amp; set/);
    assert.match(
      answer.answer,
      /<pre><code>const widget = &quot;&lt;b&gt;configure&lt;\/b&gt;&quot;;<\/code><\/pre>/,
    );
    for (const tag of tagNames(answer.answer)) assert.ok(['p', 'pre', 'code', 'a'].includes(tag), tag);
    // The page's link is not a web URL, so no link is written at all.
    assert.doesNotMatch(answer.answer, /javascript:|href/);
  });

  it('escapes Markdown so quoted text renders as written', async () => {
    const answer = await createExtractiveAnswerer({ index }).answer(ask('How do I configure the widget?'));
    assert.match(answer.answer, /add \\<script\\>alert\("x"\)\\<\/script\\>/);
    assert.match(answer.answer, /\\\*\\\*bold\\\*\\\* \\\[link\\\]\(http:\/\/evil\)/);
    assert.match(answer.answer, /```\nconst widget = "<b>configure<\/b>";\n```/);
  });

  it('writes no Markdown in which a bare URL takes the escape of the tag after it', async () => {
    const answer = await createExtractiveAnswerer({ index }).answer(ask('How do I configure the widget?'));
    assert.match(answer.answer, /example\.com/);
    // A GFM autolink runs up to a `<` and took its escaping backslash: a site rendering the
    // Markdown with HTML allowed got a live <img onerror>.
    const rendered = await new Marked({ gfm: true }).parse(answer.answer);
    assert.doesNotMatch(rendered, /<img|<script/, rendered);
  });
});

/** A loopback server speaking OpenAI's chat completions protocol, with a switchable behaviour. */
class FakeChatServer {
  mode: 'ok' | 'error' | 'slow' | 'huge' | 'redirect' = 'ok';
  /** The status and headers of an 'error' answer. */
  error: { status: number; headers?: Record<string, string>; body?: string } = { status: 500 };
  reply = 'Use **setCookie** from `hono/cookie`.';
  requests: {
    path: string;
    authorization?: string;
    body: { model: string; messages: { role: string; content: string }[] };
  }[] = [];
  // A request whose client went away before its body came (an answerer that gave up) is dropped.
  #server: Server = createServer((request, response) => void this.#handle(request, response).catch(() => {}));

  start(): Promise<string> {
    return listenAsModelApi(this.#server);
  }

  stop(): Promise<void> {
    return closeWithConnections(this.#server);
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    this.requests.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body: JSON.parse(raw),
    });
    if (this.mode === 'error') {
      const { status, headers = {}, body = '{"error":{"message":"boom"}}' } = this.error;
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
      return;
    }
    if (this.mode === 'redirect') {
      response.writeHead(307, { location: '/elsewhere/chat/completions' }).end();
      return;
    }
    if (this.mode === 'huge') {
      // A body far beyond what max_tokens asks for, sent as it is made.
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"choices":[{"message":{"role":"assistant","content":"');
      const chunk = 'lorem ipsum '.repeat(10_000);
      for (let i = 0; i < 200 && !response.destroyed; i++) response.write(chunk);
      response.end('"}}]}');
      return;
    }
    // Long after any test has ended (unref'd: the server may close first).
    if (this.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 10 * 60_000).unref());
    if (response.destroyed) return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: this.reply }, finish_reason: 'stop' }],
      }),
    );
  }
}

describe('LLM answerer against a loopback chat completions server', () => {
  let index: SearchIndex;
  const server = new FakeChatServer();
  let baseUrl: string;

  before(async () => {
    const { documents } = await loadContentFolder(HONO);
    index = createOramaIndex();
    await index.load(documents);
    baseUrl = await server.start();
  });

  after(async () => {
    await server.stop();
  });

  it('generates the answer from the retrieved passages and the conversation', async () => {
    server.mode = 'ok';
    server.requests = [];
    const logger = recordingLogger();
    const answerer = createLlmAnswerer({ index, baseUrl, model: 'test-model', apiKey: 'sk-test', logger });
    const history: ConversationTurn[] = [
      {
        query: 'What is Hono?',
        resolvedQuery: 'What is Hono?',
        answer: '<p>A web framework.</p>',
        link: '/docs/',
        title: 'Hono',
      },
    ];
    const answer = await answerer.answer(ask('How can I set a cookie?', { history }));
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, '/docs/helpers/cookie');
    assert.match(answer.answer, /^Use \*\*setCookie\*\* from `hono\/cookie`\./);
    assert.equal(answer.answer, 'Use **setCookie** from `hono/cookie`.');
    const [request] = server.requests;
    assert.equal(request?.path, '/v1/chat/completions');
    assert.equal(request?.authorization, 'Bearer sk-test');
    assert.equal(request?.body.model, 'test-model');
    const roles = request?.body.messages.map((message) => message.role);
    assert.deepEqual(roles, ['system', 'user', 'assistant', 'user']);
    assert.equal(request?.body.messages[2]?.content, 'A web framework.');
    assert.match(
      request?.body.messages[3]?.content ?? '',
      /Cookie Helper[\s\S]*Question: How can I set a cookie\?/,
    );
    assert.deepEqual(logger.errors, []);
  });

  it('renders generated Markdown as safe html', async () => {
    server.mode = 'ok';
    server.reply =
      'Call `setCookie()`.\n\n<script>alert(1)</script> [bad](javascript:alert(1)) <img src=x onerror=alert(1)> [away](/\\evil.test) [tab](/\t/evil.test)';
    const answerer = createLlmAnswerer({ index, baseUrl, model: 'test-model', logger: recordingLogger() });
    const answer = await answerer.answer(ask('How can I set a cookie?', { format: 'html' }));
    assert.match(answer.answer, /<code>setCookie\(\)<\/code>/);
    assert.match(answer.answer, /&lt;script&gt;/);
    assert.doesNotMatch(answer.answer, /<script|<img|href="javascript:|evil\.test"/);
    for (const tag of tagNames(answer.answer))
      assert.ok(['p', 'code', 'a', 'strong', 'em', 'pre', 'ul', 'ol', 'li'].includes(tag), tag);
  });

  it('makes generated Markdown as safe as quoted Markdown: raw HTML shown as text, unsafe links as text', async () => {
    server.mode = 'ok';
    server.reply =
      'Call `setCookie()` <b>now</b>.\n\n<script>alert(1)</script>\n\n[bad](javascript:alert(1)) [away](/\\evil.test) [ok](/docs/helpers/cookie) <img src=x onerror=alert(1)>\n\n```html\n<div>kept as code</div>\n```';
    const answerer = createLlmAnswerer({ index, baseUrl, model: 'test-model', logger: recordingLogger() });
    const answer = await answerer.answer(ask('How can I set a cookie?', { format: 'markdown' }));
    assert.equal(
      answer.answer,
      'Call `setCookie()` \\<b\\>now\\</b\\>.\n\n\\<script\\>alert(1)\\</script\\>\n\nbad away [ok](/docs/helpers/cookie) \\<img src=x onerror=alert(1)\\>\n\n```html\n<div>kept as code</div>\n```',
    );
  });

  it('falls back to the extractive answer and logs when the server fails', async () => {
    server.mode = 'error';
    const logger = recordingLogger();
    const answerer = createLlmAnswerer({ index, baseUrl, model: 'test-model', logger });
    const answer = await answerer.answer(ask('How can I set a cookie?'));
    assert.equal(answer.didAnswer, true);
    assert.equal(answer.link, '/docs/helpers/cookie');
    assert.match(answer.answer, /setCookie/);
    assert.equal(logger.errors.length, 1);
  });

  it('falls back to the extractive answer when the server is too slow', { timeout: 60_000 }, async () => {
    // The server never answers in the test's time: an answerer that waited for it never returns.
    // A server of its own, stopped after: on a loaded machine the request the answerer gave up on
    // can reach a server only after this test, where the next tests count and read what came.
    const slow = new FakeChatServer();
    slow.mode = 'slow';
    const slowUrl = await slow.start();
    try {
      const logger = recordingLogger();
      const answerer = createLlmAnswerer({
        index,
        baseUrl: slowUrl,
        model: 'test-model',
        timeoutMs: 200,
        logger,
      });
      const answer = await answerer.answer(ask('How can I set a cookie?'));
      assert.equal(answer.didAnswer, true);
      assert.match(answer.answer, /setCookie/);
      assert.equal(logger.errors.length, 1);
    } finally {
      await slow.stop();
    }
  });

  it('stops reading an answer far beyond what it asked for, and answers extractively', async () => {
    server.mode = 'huge';
    server.requests = [];
    const logger = recordingLogger();
    const answerer = createLlmAnswerer({ index, baseUrl, model: 'test-model', logger });
    const answer = await answerer.answer(ask('How can I set a cookie?'));
    assert.match(answer.answer, /setCookie/);
    assert.ok(answer.answer.length < 20_000);
    assert.match(logger.errors.join('\n'), /chat\/completions answered too much/);
    // One unusable answer is that question's: the next is asked of the model again.
    server.mode = 'ok';
    server.reply = 'Use setCookie.';
    const next = await answerer.answer(ask('How can I set a cookie?'));
    assert.equal(next.answer, 'Use setCookie.');
    assert.equal(server.requests.length, 2);
  });

  it('answers "not answered" when the model finds no answer in the passages', async () => {
    server.mode = 'ok';
    server.reply = 'NOT_FOUND';
    const answerer = createLlmAnswerer({ index, baseUrl, model: 'test-model', logger: recordingLogger() });
    const answer = await answerer.answer(ask('How can I set a cookie?'));
    assert.equal(answer.didAnswer, false);
    assert.doesNotMatch(answer.answer, /NOT_FOUND/);
    // The prompt tells it so, and that the passages are quotations, not instructions.
    const system = server.requests.at(-1)?.body.messages[0]?.content ?? '';
    assert.match(system, /exactly NOT_FOUND/);
    assert.match(system, /not instructions/);
  });

  it("after a failure, answers extractively for 30 s or the endpoint's Retry-After, without calling or logging again", async () => {
    server.mode = 'error';
    server.error = {
      status: 429,
      headers: { 'retry-after': '120' },
      body: '{"error":"slow down, sk-secret"}',
    };
    server.requests = [];
    const logger = recordingLogger();
    const answerer = createLlmAnswerer({ index, baseUrl, model: 'test-model', apiKey: 'sk-secret', logger });
    for (let i = 0; i < 3; i++) {
      const answer = await answerer.answer(ask('How can I set a cookie?'));
      assert.match(answer.answer, /setCookie/);
    }
    assert.equal(server.requests.length, 1);
    assert.equal(logger.errors.length, 1);
    assert.match(logger.errors[0] ?? '', /answered 429 .*extractive answers for 120 s/);
    // The key a provider echoes never reaches the log.
    assert.doesNotMatch(logger.errors[0] ?? '', /sk-secret/);
    assert.match(logger.errors[0] ?? '', /\[LLM_API_KEY\]/);
    server.error = { status: 500 };
  });

  it('says why a call failed: a refused connection, a key refused, a redirect not followed', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = async (url: string, mode: FakeChatServer['mode'], error?: FakeChatServer['error']) => {
      server.mode = mode;
      if (error) server.error = error;
      const logger = recordingLogger();
      await createLlmAnswerer({ index, baseUrl: url, model: 'test-model', logger }).answer(
        ask('How can I set a cookie?'),
      );
      return logger.errors.join('\n');
    };
    assert.match(
      await failure(`http://127.0.0.1:${closedPort}/v1`, 'ok'),
      /could not be reached: ECONNREFUSED/,
    );
    assert.match(await failure(baseUrl, 'error', { status: 401 }), /answered 401 .*\(check LLM_API_KEY\)/);
    server.requests = [];
    assert.match(await failure(baseUrl, 'redirect'), /could not be reached/);
    // The passages went to the configured endpoint only.
    assert.deepEqual(
      server.requests.map((request) => request.path),
      ['/v1/chat/completions'],
    );
    server.error = { status: 500 };
  });

  it('gives the model each passage cut to a size, and earlier html answers as their text', async () => {
    const long = createOramaIndex();
    await long.load([
      {
        id: 'streams.md',
        title: 'Streams',
        description: 'Streaming responses.',
        tags: [],
        link: '/streams',
        assetType: 'webpage',
        text: '',
        sections: [
          {
            heading: 'Streaming responses',
            anchor: 'streaming',
            level: 2,
            text: `Stream a response with the stream helper. ${'The chunk is written to the socket. '.repeat(2000)}`,
          },
        ],
      },
    ]);
    server.mode = 'ok';
    server.reply = 'Use the stream helper.';
    server.requests = [];
    const answerer = createLlmAnswerer({
      index: long,
      baseUrl,
      model: 'test-model',
      logger: recordingLogger(),
    });
    const history: ConversationTurn[] = [
      {
        query: 'What is JSX?',
        resolvedQuery: 'What is JSX?',
        answer: '<p>Write <code>&lt;b&gt;bold&lt;/b&gt;</code> &amp; more.</p>',
        link: '/jsx',
        title: 'JSX',
      },
    ];
    const answer = await answerer.answer(
      ask('How do I stream a response with the stream helper?', { history }),
    );
    assert.equal(answer.didAnswer, true);
    const messages = server.requests[0]?.body.messages ?? [];
    assert.equal(messages[2]?.content, 'Write <b>bold</b> & more.');
    const prompt = messages.at(-1)?.content ?? '';
    assert.ok(prompt.length < 6000, `${prompt.length} characters`);
  });

  it("doesn't ask the model about questions the site doesn't cover", async () => {
    server.mode = 'ok';
    server.requests = [];
    const answerer = createLlmAnswerer({ index, baseUrl, model: 'test-model', logger: recordingLogger() });
    const answer = await answerer.answer(ask('What is the capital of France?'));
    assert.equal(answer.didAnswer, false);
    assert.equal(server.requests.length, 0);
  });

  it('names the variable of a configuration that would leave it off or failing', () => {
    assert.equal(languageModelFromEnv({}), undefined);
    assert.throws(() => languageModelFromEnv({ LLM_BASE_URL: baseUrl }), /LLM_MODEL must be set/);
    assert.throws(() => languageModelFromEnv({ LLM_MODEL: 'm' }), /LLM_BASE_URL must be set/);
    assert.throws(
      () => languageModelFromEnv({ LLM_BASE_URL: '127.0.0.1:9901', LLM_MODEL: 'm' }),
      /LLM_BASE_URL is not a URL/,
    );
    assert.throws(
      () => languageModelFromEnv({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'm', LLM_TIMEOUT_MS: '5s' }),
      /LLM_TIMEOUT_MS must be a whole number of milliseconds from 1 to 600000 \(10 minutes\), got "5s"/,
    );
    // Beyond what a timer can hold, every call would fail at once.
    assert.throws(
      () => languageModelFromEnv({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'm', LLM_TIMEOUT_MS: '3000000000' }),
      /LLM_TIMEOUT_MS/,
    );
    assert.equal(
      languageModelFromEnv({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'm', LLM_TIMEOUT_MS: '5000' })?.timeoutMs,
      5000,
    );
    // The endpoint's whole URL pasted as the base: every answer would go to …/chat/completions/chat/completions.
    assert.throws(
      () =>
        languageModelFromEnv({ LLM_BASE_URL: 'https://api.openai.com/v1/chat/completions/', LLM_MODEL: 'm' }),
      /LLM_BASE_URL is the API's base URL, without \/chat\/completions \(the service adds it\): write "https:\/\/api\.openai\.com\/v1"/,
    );
    // A query string would have /chat/completions written after it; it may hold a key: not shown.
    assert.throws(
      () =>
        languageModelFromEnv({ LLM_BASE_URL: 'https://llm.example/v1?api-key=sk-in-query', LLM_MODEL: 'm' }),
      (error: Error) =>
        /LLM_BASE_URL must not hold a query string.*Write "https:\/\/llm\.example\/v1"/.test(error.message) &&
        !error.message.includes('sk-in-query'),
    );
    // With or without a trailing slash, the base URL is taken as written.
    for (const written of [
      'https://api.openai.com/v1',
      'https://api.openai.com/v1/',
      'http://localhost:11434/v1/',
    ])
      assert.ok(languageModelFromEnv({ LLM_BASE_URL: written, LLM_MODEL: 'm' }));
  });

  it('refuses credentials written into LLM_BASE_URL, and never logs them', async () => {
    const withCredentials = baseUrl.replace('http://', 'http://user:sk-in-url@');
    assert.throws(
      () => languageModelFromEnv({ LLM_BASE_URL: withCredentials, LLM_MODEL: 'm' }),
      (error: Error) => /give the key as LLM_API_KEY/.test(error.message) && !/sk-in-url/.test(error.message),
    );
    // Given to the answerer directly, fetch refuses the URL: the failure says so without them.
    const logger = recordingLogger();
    await createLlmAnswerer({ index, baseUrl: withCredentials, model: 'm', logger }).answer(
      ask('How can I set a cookie?'),
    );
    assert.match(logger.errors.join('\n'), /could not be reached/);
    assert.doesNotMatch(logger.errors.join('\n'), /sk-in-url/);
  });

  it('is chosen by createAnswererFromEnv when LLM_BASE_URL and LLM_MODEL are set', async () => {
    server.mode = 'ok';
    server.reply = 'Generated.';
    const logger = recordingLogger();
    const generated = await createAnswererFromEnv({
      index,
      env: { LLM_BASE_URL: baseUrl, LLM_MODEL: 'm' },
      logger,
    }).answer(ask('How can I set a cookie?'));
    assert.match(generated.answer, /^Generated\./);
    const extractive = await createAnswererFromEnv({ index, env: {}, logger }).answer(
      ask('How can I set a cookie?'),
    );
    assert.doesNotMatch(extractive.answer, /Generated/);
  });
});

describe("extractive answerer over the project's own docs", () => {
  it('reads a long section whole: the sentence that answers may be in another of its passages', async () => {
    const { documents } = await loadContentFolder(new URL('../../demo/content/', import.meta.url).pathname);
    const index = createOramaIndex();
    await index.load(documents);
    const answer = await createExtractiveAnswerer({ index }).answer(ask('What does didAnswer false mean?'));
    assert.equal(answer.link, '/service/answers');
    // `## When didAnswer is false` opens with a table of the tests; the meaning comes after it.
    assert.match(answer.answer, /^When any of them fails, `didAnswer` is `false`/);
    // Two passages of that long section share its link: it is listed once.
    const local = await createExtractiveAnswerer({ index }).answer(
      ask('use a local llama model to write the answers'),
    );
    const links = local.passages.map((passage) => passage.link);
    assert.equal(links.length, 3);
    assert.deepEqual(links, [...new Set(links)]);
  });

  it('lists the names of a table once each, none a placeholder, and only for a question asking for several', async () => {
    // "Status: 400, 400, 400, 408, 431, 400, 400, 400, 401, …" answered both questions: the status
    // table lists 400 for several errors (and "400, 408, 431" in one cell), and "which status
    // for…" read as a plural.
    const { documents } = await loadContentFolder(new URL('../../demo/content/', import.meta.url).pathname);
    const index = createOramaIndex();
    await index.load(documents);
    const answerer = createExtractiveAnswerer({ index });
    const codes = await answerer.answer(ask('Which status codes can the service return?'));
    assert.equal(codes.link, '/service/errors-and-limits');
    const listed = /^Status: (.*)$/.exec(codes.answer)?.[1]?.split(', ') ?? [];
    assert.ok(listed.includes('413') && listed.includes('503'), codes.answer);
    assert.deepEqual(listed, [...new Set(listed)]);
    // A placeholder in the first column names nothing: "attribute: —, `base-url`, …".
    const attributes = await answerer.answer(ask('Which attributes does ask-chat have?'));
    assert.match(attributes.answer, /^attribute: `base-url`, `api-key`, /m);
    const one = await answerer.answer(ask('which status for a body too large or a bad encoding'));
    assert.doesNotMatch(one.answer, /^Status: /);
    assert.match(one.answer, /\| 415 \| `unsupported_encoding` \|/);
  });

  it('quotes the list a sentence announces with a colon, even when its items run to several sentences', async () => {
    // "…check a request in this order and answer the first failure:" was the whole answer: the
    // list it announces has items of several sentences, and none was quoted.
    const { documents } = await loadContentFolder(new URL('../../demo/content/', import.meta.url).pathname);
    const index = createOramaIndex();
    await index.load(documents);
    for (const format of ['markdown', 'html'] as const) {
      const answer = await createExtractiveAnswerer({ index }).answer(
        ask('In what order does the service check requests?', { format }),
      );
      assert.equal(answer.link, '/service/errors-and-limits');
      assert.doesNotMatch(answer.answer, /:(<\/p>)?$/, 'ends on the colon that announces the list');
      if (format === 'markdown') {
        assert.match(
          answer.answer,
          /in this order and answer the first failure:\n\n1\. The address's own rate limit/,
        );
        assert.match(
          answer.answer,
          /\n8\. Fields: each field is checked; the first wrong one is `400` naming it\.$/,
        );
      } else
        assert.match(
          answer.answer,
          /failure:<\/p>\n<ol><li>The address&#39;s own rate limit[^]*<li>Fields: [^<]*<code>400<\/code> naming it\.<\/li><\/ol>$/,
        );
    }
  });
});

describe('extractive answerer: the passages listed with an answer', () => {
  it('lists the quoted passage first, scored as the answer is, each text at most 1,200 characters', async () => {
    const long = Array.from(
      { length: 60 },
      (_, i) => `Rule ${i} of the garden: water the tomato plants in the morning, never at noon.`,
    ).join(' ');
    const pages = [
      pageWithText('/tomatoes', 'Watering tomato plants', long),
      pageWithText('/roses', 'Roses', 'Water the roses in the morning; tomato plants nearby like it too.'),
      pageWithText('/beans', 'Beans', 'Beans need little water once the plants flower in the morning sun.'),
    ];
    const index = createOramaIndex();
    await index.load(pages);
    const answer = await createExtractiveAnswerer({ index }).answer(
      ask('When should I water tomato plants?'),
    );
    assert.equal(answer.didAnswer, true);
    const [quoted, ...others] = answer.passages;
    assert.ok(quoted && others.length > 0);
    assert.equal(answer.link, quoted.link.split('#')[0]);
    assert.equal(answer.relevanceScore, Math.round(quoted.score * 1000) / 10);
    assert.equal(quoted.text.length, 1200);
    assert.ok(quoted.text.endsWith('…'));
    for (const passage of answer.passages) assert.ok(passage.text.length <= 1200, `${passage.text.length}`);
  });
});

describe('extractive answerer on a page titled with the whole question', () => {
  it('quotes the opening under the title, not a later section that repeats one of its words', async () => {
    const index = createOramaIndex();
    const opening =
      'If you forgot your password, click “Forgot password” on the sign-in page. We email you a link where you choose a new one.';
    await index.load([
      {
        ...pageWithText('/account/password', 'Reset your password', opening),
        sections: [
          { heading: 'Reset your password', anchor: '', level: 1, text: opening },
          {
            heading: 'Secure passwords',
            anchor: 'secure-passwords',
            level: 2,
            text: 'A secure password has at least twelve characters, with digits and symbols.',
          },
        ],
      },
      pageWithText(
        '/account/payment',
        'Change the payment method',
        'Under Settings › Billing you can replace your card.',
      ),
    ]);
    const answer = await createExtractiveAnswerer({ index }).answer(ask('How can I reset my password?'));
    assert.equal(answer.didAnswer, true);
    assert.match(answer.answer, /Forgot password/);
    assert.doesNotMatch(answer.answer, /twelve characters/);
  });
});

describe('names of several words in a question', () => {
  it('reads capitalised words in a row as one name, not at the start of a sentence', () => {
    assert.deepEqual(namesOfSeveralWords('deploy a Hono API to Azure Static Web Apps'), [
      'Hono API',
      'Azure Static Web Apps',
    ]);
    assert.deepEqual(namesOfSeveralWords('It fails. Then it crashes on Cloudflare Workers, every time'), [
      'Cloudflare Workers',
    ]);
    assert.deepEqual(namesOfSeveralWords('Vercel Edge Config: read feature flags at the edge'), [
      'Edge Config',
    ]);
    assert.deepEqual(namesOfSeveralWords('use the "Google Cloud Functions" runtime'), [
      'Google Cloud Functions',
    ]);
    // A dash, an emoji or a line break ends a name; a sentence after it doesn't make title case.
    assert.deepEqual(namesOfSeveralWords('deploy my Hono app to AWS Lambda - Help'), ['AWS Lambda']);
    assert.deepEqual(namesOfSeveralWords('use Hono with Cloudflare Workers\nThanks Bob'), [
      'Cloudflare Workers',
    ]);
    assert.deepEqual(namesOfSeveralWords('deploy to AWS Lambda 🙏 Thanks'), ['AWS Lambda']);
    assert.deepEqual(namesOfSeveralWords('deploy a Hono API to Azure Static Web Apps. Is that possible?'), [
      'Hono API',
      'Azure Static Web Apps',
    ]);
  });

  it('finds none in a reason phrase, a possessive, code, title case or capitals', () => {
    for (const question of [
      'bearerAuth keeps answering 400 Bad Request even though the token is right',
      'POST to the same app gives 405 Method Not Allowed',
      "how does Hono's CSRF protection decide",
      'why is c.Set Value undefined',
      'How Do I Deploy To Azure',
      'HOW DO I USE AWS APP RUNNER',
      'can I use Redis here',
      'one Extremely Long Run Capitalised Words here',
    ])
      assert.deepEqual(namesOfSeveralWords(question), [], question);
  });
});
