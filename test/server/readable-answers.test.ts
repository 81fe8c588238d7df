/**
 * Answers as a visitor reads them in the chat: over the real service, in Markdown (what
 * `<ask-chat>` asks for, rendered with marked) and in HTML. Each page is small but written like the
 * documentation the defects were seen on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { marked } from 'marked';
import { DEMO_KEY, servedSite } from './service-harness.js';

interface AnswerRecord {
  answer: string;
  didAnswer: boolean;
}

const askOf =
  (service: ReturnType<typeof servedSite>) =>
  async (query: string, format: 'markdown' | 'html'): Promise<AnswerRecord> => {
    const { status, body } = await service().postJson<AnswerRecord>('/bot/askai', {
      apiKey: DEMO_KEY,
      query,
      format,
    });
    assert.equal(status, 200);
    assert.equal(body.didAnswer, true, `${query} is answered`);
    return body;
  };

/** The list elements of an HTML fragment, each as its items' count. */
const listsIn = (html: string): number[] =>
  [...html.matchAll(/<(ol|ul)\b[^>]*>([\s\S]*?)<\/\1>/g)].map(
    (match) => (match[2] as string).match(/<li>/g)?.length ?? 0,
  );

/**
 * A page whose section goes on in sentences starting with "And", each introducing a short block
 * of code, the third block beyond the first two.
 */
const ZOD_VALIDATOR_PAGE = `# Validation

Otter provides only a very thin validator, which you can use with a third-party validator.

## Zod Validator Middleware

You can use the Zod Validator Middleware to make it even easier.

\`\`\`sh
npm i @otter/zod-validator
\`\`\`

And import \`zValidator\`.

\`\`\`ts
import { zValidator } from '@otter/zod-validator'
\`\`\`

And write as follows.

\`\`\`ts
const route = app.post(
  '/posts',
  zValidator('form', z.object({ body: z.string() })),
  (c) => {
    const validated = c.req.valid('form')
    return c.json(validated)
  }
)
\`\`\`
`;

/** A page beside the one that answers, which a question about it must not be drawn to. */
const ROUTING_PAGE = `# Routing

Routes match a request's method and path.

## Basic

\`\`\`ts
app.get('/', (c) => c.text('GET /'))
\`\`\`
`;

describe('two lists quoted one after the other', () => {
  // A Docusaurus page whose tabs hold one numbered list each: the tabs' labels are markup, so the
  // section's text has the two lists side by side.
  const service = servedSite('readable-lists-', {
    'connect-email.mdx': `---
title: Connect an email account
description: Bring a Google or Microsoft 365 mailbox into a shared inbox.
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

Each shared inbox is linked to one email address. Only Owners and Admins can connect accounts.

## Connect the account

Go to **Settings → Inboxes**, select the inbox and open the **Email account** tab.

<Tabs groupId="provider">
  <TabItem value="google" label="Google" default>

1. Click **Connect Google account**.
2. Sign in as the shared mailbox (for example \`support@example.com\`), not as your personal account.
3. Allow the app to read and send email.
4. Choose how much history to import and click **Finish**.

If your company restricts third-party apps, a Google Workspace admin must allow the app first.

  </TabItem>
  <TabItem value="microsoft" label="Microsoft 365">

1. Click **Connect Microsoft account**.
2. Sign in as the shared mailbox. For a Microsoft 365 shared mailbox without its own licence, sign in with a user who has **Full Access** permission.
3. If you see *"Need admin approval"*, your Microsoft 365 administrator must grant consent once.
4. Choose how much history to import and click **Finish**.

  </TabItem>
</Tabs>

## Disconnecting an account

Click **Disconnect** on the **Email account** tab. Existing conversations stay; new email stops arriving.
`,
  });
  const ask = askOf(service);

  it('stay two lists in Markdown, as they are in HTML, not one list of eight steps', async () => {
    const question = 'how do I sign in as the shared mailbox';
    const html = (await ask(question, 'html')).answer;
    assert.deepEqual(listsIn(html), [4, 4]);
    const markdown = (await ask(question, 'markdown')).answer;
    const rendered = marked.parse(markdown, { async: false });
    assert.deepEqual(listsIn(rendered), [4, 4], rendered);
    // Each list still counts from 1, and an item reads as the page wrote it.
    assert.deepEqual(
      [...rendered.matchAll(/<ol(?: start="(\d+)")?>/g)].map((m) => m[1] ?? '1'),
      ['1', '1'],
    );
    assert.match(rendered, /<li>Click Connect Microsoft account\.<\/li>/);
  });
});

describe('a quoted sentence pointing back', () => {
  const service = servedSite('readable-referents-', {
    'service.md': `---
title: The reference service
description: What the reference service is, where it runs and what it keeps.
---

# The reference service

The reference service is the HTTP API that the search box and the chat talk to. It runs as one Node process with nothing else to install, and keeps conversations and feedback in a SQLite file.

It is the widgets' backend, and you host it yourself, on your own server, virtual machine or container: there is no cloud of ours to sign up for, no account and no fee.

## Where it runs

Any machine with Node 20 or later: a laptop, a virtual machine, a container. It listens on port 8787 unless told otherwise.

## What it keeps

Questions, answers and votes are kept in the database file for as long as the retention setting says.
`,
    'view-transitions.md': `---
title: "ViewTransition: waitUntil() method"
description: The waitUntil() method of the ViewTransition interface delays the finish of the view transition until a promise resolves.
---

# ViewTransition: waitUntil() method

The \`waitUntil()\` method of the \`ViewTransition\` interface delays the finish of the view transition until the given promise is resolved.

## Description

When a same-document view transition starts, the browser builds a tree of pseudo-elements to animate the outgoing and incoming states. The tree is destroyed when the animations of all its pseudo-elements reach their finished state.

This works well for most transitions, but some need the pseudo-element tree to persist beyond the finished state. Calling \`waitUntil()\` with a promise keeps the tree until the promise is resolved. At this point, the \`finished\` promise also resolves.

## Return value

None (\`undefined\`).
`,
  });
  const ask = askOf(service);

  it('comes with the paragraph it points back at, when it opens its own', async () => {
    for (const format of ['markdown', 'html'] as const) {
      const { answer } = await ask('do I host the backend myself, on my own server?', format);
      assert.match(answer, /^(<p>)?The reference service is the HTTP API/, answer);
      assert.match(answer, /It is the widgets(?:'|&#39;) backend, and you host it yourself/);
    }
    const { answer } = await ask('does the tree persist beyond the finished state', 'markdown');
    assert.match(
      answer,
      /^The tree is destroyed when the animations[^\n]*\n\nThis works well for most transitions/,
    );
  });

  // "myself" asks about no topic, as "yourself" doesn't: counted as a word no page holds, it
  // left "host" alone with half the question, and the demo declined "can I host it myself".
  it('answers a question whose only other word is "myself"', async () => {
    const { answer } = await ask('can I host it myself', 'markdown');
    assert.match(answer, /you host it yourself/);
  });

  it('comes with the sentence before it when it starts "At this point"', async () => {
    const { answer } = await ask('what happens to the finished promise', 'markdown');
    assert.equal(
      answer,
      'Calling `waitUntil()` with a promise keeps the tree until the promise is resolved. At this point, the `finished` promise also resolves.',
    );
  });
});

describe('a quoted sentence announcing code with "do the following."', () => {
  const service = servedSite('readable-announced-', {
    'testing.md': `---
title: Testing
description: Test your application by sending it requests and checking the responses.
---

# Testing

Testing is important. Tests check that your routes answer as they should.

## Request and response

All you need to do is create a Request and pass it to the application to check the Response, with the \`app.request\` method.

To make a request to \`POST /posts\` with \`JSON\` data, do the following.

\`\`\`ts
test('POST /posts', async () => {
  const res = await app.request('/posts', {
    method: 'POST',
    body: JSON.stringify({ message: 'hello' }),
    headers: new Headers({ 'Content-Type': 'application/json' }),
  })
  expect(res.status).toBe(201)
})
\`\`\`

To make a request to \`POST /posts\` with \`multipart/form-data\` data, do the following.

\`\`\`ts
test('POST /posts', async () => {
  const formData = new FormData()
  formData.append('message', 'hello')
  const res = await app.request('/posts', { method: 'POST', body: formData })
  expect(res.status).toBe(201)
})
\`\`\`

## Env

To set \`c.env\` for testing, pass it as the third parameter of \`app.request\`.
`,
  });
  const ask = askOf(service);

  it("comes with the code it announces, not as the answer's last words", async () => {
    const question = 'in a vitest test, post a FormData body to my app and check that it answers 201';
    const markdown = (await ask(question, 'markdown')).answer;
    assert.match(
      markdown,
      /with `multipart\/form-data` data, do the following\.\n\n```ts\ntest\('POST \/posts'[^`]*new FormData\(\)[^`]*```$/,
      markdown,
    );
    const html = (await ask(question, 'html')).answer;
    assert.match(
      html,
      /do the following\.<\/p>\n<pre><code class="language-ts">[^<]*new FormData\(\)[^<]*<\/code><\/pre>$/,
    );
  });
});

describe('a point of a list quoted beside the sentence that answers', () => {
  const service = servedSite('readable-points-', {
    'timing.md': `---
title: Server-Timing Middleware
description: Add Server-Timing headers to your responses, for the browser's performance tools.
---

# Server-Timing Middleware

The Server-Timing middleware measures the time spent in your handlers and sends it in the \`Server-Timing\` header of the response.

## Options

### total: boolean

Show the total response time. The default is \`true\`.

### crossOrigin: boolean | string

The origin this timings header should be readable from.

- If false, only from the current origin.
- If true, from any origin.
- If a string, from these domains, separated with a comma.
`,
    'invite-teammates.md': `---
title: Invite teammates
description: Add people to your workspace, resend or revoke invitations.
---

# Invite teammates

Owners and Admins can invite people by email from **Settings → Members**.

## Sending invitations

Click **Invite**, enter one or more email addresses and choose a role. Each person receives an email with a **Join workspace** button. Invitations **expire after 7 days**.

## Pending invitations

Under **Settings → Members → Pending** you can see everyone who hasn't accepted yet.

- **Resend** sends a fresh email and restarts the 7-day window.
- **Revoke** cancels the invitation; the link stops working immediately.
- **Change role** lets you correct the role before they join.

If someone tells you their link says *"This invitation has expired or was revoked"*, resend it from this page.

## Removing a member

Open the member's menu and click **Remove**. Their conversations stay assigned until you reassign them.
`,
  });
  const ask = askOf(service);

  it('comes with the other points of its short list, not alone', async () => {
    const markdown = (await ask("my teammate's invitation link expired", 'markdown')).answer;
    assert.equal(
      markdown,
      [
        '- Resend sends a fresh email and restarts the 7-day window.',
        '- Revoke cancels the invitation; the link stops working immediately.',
        '- Change role lets you correct the role before they join.',
        '',
        'If someone tells you their link says "This invitation has expired or was revoked", resend it from this page.',
      ].join('\n'),
    );
  });

  it('keeps the name of the option it describes before the sentence, the list after it', async () => {
    const question = 'timings header readable from the current origin only or from other domains';
    const markdown = (await ask(question, 'markdown')).answer;
    assert.equal(
      markdown,
      [
        '`crossOrigin: boolean | string` — The origin this timings header should be readable from.',
        '',
        '- If false, only from the current origin.',
        '- If true, from any origin.',
        '- If a string, from these domains, separated with a comma.',
      ].join('\n'),
    );
  });
});

describe('a sentence too long to quote whole', () => {
  // One sentence of 5,600 characters, its clauses run on with commas: the reader cuts it into
  // pieces of 2,000, which were quoted whole, stopping or starting in the middle of a clause.
  const clauses = Array.from(
    { length: 40 },
    (_, i) =>
      `the ${['conversations', 'feedback votes', 'search logs', 'analytics events'][i % 4]} of project number ${i} are stored in the database file beside the others and trimmed by the retention setting when it runs`,
  );
  const sentence = `Retention works as follows: ${clauses.slice(0, 20).join(', ')}; and ${clauses.slice(20).join(', ')}.`;
  const service = servedSite('readable-long-sentence-', {
    'retention.md': `# Retention\n\nThe service keeps data for a while.\n\n## How retention works\n\n${sentence}\n\nSet keepDays to change it.\n`,
  });
  const ask = askOf(service);

  it('is quoted to the end of a clause within 600 characters, then an ellipsis; a piece cut from its middle starts at a clause', async () => {
    for (const format of ['markdown', 'html'] as const) {
      const opening = (await ask('How does retention work?', format)).answer;
      const text = format === 'html' ? opening.replace(/<[^>]+>/g, '') : opening;
      assert.ok(text.length <= 600 + 2, `${text.length}: ${text}`);
      assert.ok(text.startsWith('Retention works as follows: the conversations of project number 0'), text);
      assert.ok(text.endsWith('when it runs …'), text);
    }
    const middle = (await ask('Where are the search logs of project number 30 stored?', 'markdown')).answer;
    assert.ok(middle.length <= 600 + 4, `${middle.length}: ${middle}`);
    assert.match(middle, /^… the [a-z ]+ of project number \d+ are stored in the database file/);
    assert.ok(middle.endsWith('when it runs …'), middle);
  });
});

/** Whether `text` holds half of a character outside the BMP: a surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('a sentence too long to quote whole, in Chinese', () => {
  // Chinese runs its words together and marks its clauses with full-width commas (，): with no
  // space nor ASCII comma, the sentence was cut at exactly 600 UTF-16 units, mid-clause, and at
  // the second half of a character outside the BMP (𠮷, an emoji), which reached the visitor as
  // a lone surrogate.
  const clauses = Array.from(
    { length: 40 },
    (_, i) => `第${i}个项目的对话记录📦和搜索日志保存在数据库文件中并由保留设置定期清理𠮷`,
  );
  const sentence = `${clauses.join('，')}。`;
  const service = servedSite('readable-long-cjk-', {
    'retention.md': `# 数据保留\n\n服务会保存数据一段时间。\n\n## 保留设置\n\n${sentence}\n\n设置 keepDays 可以修改。\n`,
    // No clause mark at all: cut at the limit, which falls inside an emoji (5 + 2 × 300 units).
    'reactions.md': `# 表情回应\n\n## 回应列表\n\n表情回应有${'😀'.repeat(400)}。\n`,
  });
  const ask = askOf(service);

  it('is quoted to the end of a clause (a full-width comma) within 600 characters, whole characters only', async () => {
    const { answer } = await ask('保留设置 数据库文件 对话记录', 'markdown');
    assert.ok(answer.length <= 600 + 2, `${answer.length}: ${answer}`);
    assert.ok(answer.startsWith(clauses[0] as string), answer);
    assert.ok(answer.includes(clauses[5] as string), answer);
    assert.ok(!LONE_SURROGATE.test(answer), `a lone surrogate in: ${JSON.stringify(answer.slice(-8))}`);
    // Cut where a clause ends: the last words quoted are a whole clause's.
    assert.match(answer, /定期清理𠮷 ?…$/u, answer.slice(-20));
    const reactions = (await ask('表情回应有哪些', 'markdown')).answer;
    assert.ok(reactions.startsWith('表情回应有😀'), reactions);
    assert.ok(reactions.length <= 600 + 2, `${reactions.length}`);
    assert.ok(!LONE_SURROGATE.test(reactions), `a lone surrogate in: ${JSON.stringify(reactions.slice(-8))}`);
  });
});

describe('a long sentence that starts with a lower-case word', () => {
  // "npm, yarn and pnpm …" starts a sentence: its first clause is the sentence's, not the end of
  // one the reader cut (a lower-case start was taken for that, and "npm" was dropped).
  const managers = Array.from(
    { length: 12 },
    (_, i) =>
      `the lockfile of workspace number ${i} is written beside its package.json when the install ends`,
  );
  const sentence = `npm, yarn and pnpm install the otter toolkit alike: ${managers.join(', ')}.`;
  const service = servedSite('readable-lower-case-', {
    'install.md': `# Install\n\nThe toolkit installs with any package manager.\n\n## Package managers\n\nPick the one your project uses.\n\n${sentence}\n`,
  });
  const ask = askOf(service);

  it('is quoted from its first word', async () => {
    const { answer } = await ask('Which package managers install the otter toolkit?', 'markdown');
    assert.ok(sentence.length > 600, `${sentence.length}`);
    assert.match(answer, /(^|\n)npm, yarn and pnpm install the otter toolkit alike/, answer);
    assert.doesNotMatch(answer, /… yarn and pnpm/, answer);
  });
});

describe('code quoted from a section of code alone', () => {
  // A helper's page whose usage examples are code under headings, and a guide whose subsections
  // of code stand under a section that says what they do.
  const service = servedSite('readable-code-alone-', {
    'cookie.md': `# Cookie Helper

The Cookie Helper provides an easy interface to manage cookies, enabling developers to set, parse, and delete cookies seamlessly.

## Import

\`\`\`ts
import { getCookie, setCookie, deleteCookie } from 'hono/cookie'
\`\`\`

## Usage

### Regular cookies

\`\`\`ts
app.get('/cookie', (c) => {
  setCookie(c, 'cookie_name', 'cookie_value')
  const yummyCookie = getCookie(c, 'cookie_name')
  deleteCookie(c, 'cookie_name')
})
\`\`\`

### Signed cookies

Setting and retrieving signed cookies returns a Promise, since the WebCrypto API signs them.
`,
    'node.md': `# Node.js

Node.js is an open-source, cross-platform JavaScript runtime environment.

## Change the port

You can specify the port number with the \`port\` option.

## HTTP2

You can run the application on a Node.js http2 server.

### Unencrypted HTTP2

\`\`\`ts
import { createServer } from 'node:http2'

const server = serve({ fetch: app.fetch, createServer })
\`\`\`

### Encrypted HTTP2

\`\`\`ts
import { createSecureServer } from 'node:http2'

const server = serve({
  fetch: app.fetch,
  createServer: createSecureServer,
  serverOptions: { key: readFileSync('key.pem'), cert: readFileSync('cert.pem') },
})
\`\`\`
`,
  });
  const ask = askOf(service);

  it("comes after the page's first sentence, which says what it is about, when its sections above say nothing", async () => {
    const question = 'How do I set a cookie and read it back?';
    const markdown = (await ask(question, 'markdown')).answer;
    assert.match(
      markdown,
      /^The Cookie Helper provides an easy interface to manage cookies, enabling developers to set, parse, and delete cookies seamlessly\.\n\n```ts\napp\.get\('\/cookie'/,
      markdown,
    );
    const html = (await ask(question, 'html')).answer;
    assert.match(
      html,
      /^<p>The Cookie Helper provides[^<]*<\/p>\n<pre><code class="language-ts">app\.get/,
      html,
    );
  });

  it('comes after the first sentence of the section above it that says more than the title', async () => {
    const markdown = (await ask('How do I serve encrypted http2 with my key and cert files?', 'markdown'))
      .answer;
    assert.match(
      markdown,
      /^You can run the application on a Node\.js http2 server\.\n\n```ts\nimport \{ createSecureServer \}/,
      markdown,
    );
  });
});

describe('a quoted sentence starting with "And" or "Or"', () => {
  const service = servedSite('readable-and-or-', {
    'validation.md': ZOD_VALIDATOR_PAGE,
  });
  const ask = askOf(service);

  it('comes with the sentence it goes on from, not as the first words of the answer', async () => {
    const question = 'Can I use zod to check the body of a POST?';
    const markdown = (await ask(question, 'markdown')).answer;
    assert.match(
      markdown,
      /^You can use the Zod Validator Middleware to make it even easier\.\n\n/,
      markdown,
    );
    assert.match(markdown, /And write as follows\.\n\n```ts\nconst route = app\.post/, markdown);
    const html = (await ask(question, 'html')).answer;
    assert.match(html, /^<p>You can use the Zod Validator Middleware/, html);
  });
});

describe('a how-to question answered by a section whose code is in its subsections', () => {
  const service = servedSite('readable-code-below-', {
    'exception.md': `# HTTPException

When a fatal error occurs, the framework may throw an \`HTTPException\`, an \`Error\` that simplifies returning error responses.

## Throwing HTTPExceptions

You can throw your own HTTPExceptions by specifying a status code, and either a message or a custom response.

### Custom message

For basic text responses, just set the error message.

\`\`\`ts
throw new HTTPException(401, { message: 'Unauthorized' })
\`\`\`

### Custom response

For other response types, or to set response headers, use the \`res\` option.

\`\`\`ts
const errorResponse = new Response('Unauthorized', { headers: { Authenticate: 'error="invalid_token"' } })
throw new HTTPException(401, { res: errorResponse })
\`\`\`

## Handling HTTPExceptions

You can handle thrown HTTPExceptions with \`app.onError\`.
`,
    'popover.md': `# Popover API

The Popover API lets a page show content on top of other content.

## Showing a popover

You can show a popover from a button, without any script, with the popover attributes.

### HTML

\`\`\`html
<button popovertarget="mypopover">Show the popover</button>
<div id="mypopover" popover>Popover content</div>
\`\`\`
`,
  });
  const ask = askOf(service);

  it('shows the first example of its subsections that holds the question, after its sentence', async () => {
    const question = 'how do I throw an error with a specific http status';
    const markdown = (await ask(question, 'markdown')).answer;
    assert.equal(
      markdown,
      "You can throw your own HTTPExceptions by specifying a status code, and either a message or a custom response.\n\n```ts\nthrow new HTTPException(401, { message: 'Unauthorized' })\n```",
    );
    const html = (await ask(question, 'html')).answer;
    assert.match(
      html,
      /<\/p>\n<pre><code class="language-ts">throw new HTTPException\(401, \{ message: /,
      html,
    );
  });

  it("shows no demo's markup from them: only a sentence pointing at it makes it an example", async () => {
    const markdown = (await ask('how do I show a popover from a button', 'markdown')).answer;
    assert.equal(
      markdown,
      'You can show a popover from a button, without any script, with the popover attributes.',
    );
  });
});

describe('a how-to question answered by a section of imports alone', () => {
  // A middleware reference as many sites write it: `## Import`, then `## Usage`. The import lines
  // name the middleware as the question does, but only the usage shows how to turn it on.
  const service = servedSite('readable-imports-', {
    'compress.md': `# Compress Middleware

This middleware compresses the response body, according to the \`Accept-Encoding\` request header.

## Import

\`\`\`ts
import { Otter } from 'otter'
import { compress } from 'otter/compress'
\`\`\`

## Usage

\`\`\`ts
const app = new Otter()

app.use(compress())
\`\`\`

## Options

### threshold: \`number\`

The minimum size in bytes to compress. Defaults to 1024 bytes.
`,
    'cors.md': `# CORS Middleware

Calling an API from a front-end on another origin needs CORS headers, which this middleware adds.

## Import

\`\`\`ts
import { Otter } from 'otter'
import { cors } from 'otter/cors'
\`\`\`

## Usage

\`\`\`ts
const app = new Otter()

app.use('/api/*', cors())
app.use('/api2/*', cors({ origin: 'https://example.com', maxAge: 600 }))
\`\`\`
`,
    'routing.md': `# Routing

Routes match a request's method and path.

## Basic

\`\`\`ts
app.get('/', (c) => c.text('GET /'))
app.post('/', (c) => c.text('POST /'))
\`\`\`
`,
  });
  const ask = askOf(service);

  for (const [question, usage] of [
    ['How do I compress responses in Otter?', 'app.use(compress())'],
    ['How do I enable CORS in Otter?', "app.use('/api/*', cors())"],
  ] as const)
    it(`shows the page's usage, not only what to import: ${question}`, async () => {
      const markdown = (await ask(question, 'markdown')).answer;
      assert.ok(markdown.includes(usage), markdown);
      const html = (await ask(question, 'html')).answer;
      assert.ok(html.includes(usage.replaceAll("'", '&#39;')), html);
    });
});

describe('a follow-up continuing a how-to question', () => {
  const service = servedSite('readable-continued-how-', {
    'streaming.md': `# Streaming Helper

The Streaming Helper provides methods for streaming responses.

## stream()

It returns a simple streaming response as a \`Response\` object.

\`\`\`ts
app.get('/stream', (c) => {
  return stream(c, async (stream) => {
    await stream.write(new Uint8Array([0x48, 0x65, 0x6c, 0x6c, 0x6f]))
  })
})
\`\`\`

## Aborted streams

A stream is aborted when the client goes away. Nothing more can be written to it then.

Its \`onAbort\` callback runs once, and \`stream.aborted\` turns true.

The demo page shows a log of messages.

\`\`\`html
<p id="log">Aborted streams are logged here</p>
\`\`\`

## streamSSE()

It allows you to stream Server-Sent Events (SSE) seamlessly.

\`\`\`ts
app.get('/sse', async (c) => {
  return streamSSE(c, async (stream) => {
    await stream.writeSSE({ data: 'It is noon', event: 'time-update' })
  })
})
\`\`\`
`,
    'routing.md': ROUTING_PAGE,
  });

  /** Asks `query` in `format`, continuing the conversation `conversationId` ('' starts one). */
  const askIn = (format: 'markdown' | 'html') => (query: string, conversationId: string) =>
    service().postJson<AnswerRecord & { conversationId: string }>('/bot/askai', {
      apiKey: DEMO_KEY,
      query,
      format,
      conversationId,
    });

  it('is not shown a block of the section that no quoted sentence introduces', async () => {
    const ask = askIn('markdown');
    const first = await ask('How do I stream a response?', '');
    assert.equal(first.body.didAnswer, true);
    const { body } = await ask('what about aborted streams?', first.body.conversationId);
    assert.equal(body.didAnswer, true);
    assert.match(body.answer, /aborted/, body.answer);
    assert.doesNotMatch(body.answer, /```/, body.answer);
  });

  for (const format of ['markdown', 'html'] as const)
    it(`asks how too, and is shown the code (${format})`, async () => {
      const ask = askIn(format);
      const first = await ask('How do I stream a response?', '');
      assert.equal(first.body.didAnswer, true);
      assert.ok(first.body.answer.includes('stream.write('), first.body.answer);
      const { body } = await ask('what about server-sent events?', first.body.conversationId);
      assert.equal(body.didAnswer, true);
      assert.match(body.answer, /Server-Sent Events/, body.answer);
      assert.ok(body.answer.includes('streamSSE(c, async (stream)'), body.answer);
    });
});

describe('a short block of code right after a quoted sentence, beyond two blocks', () => {
  const service = servedSite('readable-short-code-', {
    'validation.md': ZOD_VALIDATOR_PAGE,
    'routing.md': ROUTING_PAGE,
  });
  const ask = askOf(service);

  it('is shown: the sentence is not left without the code it introduces', async () => {
    const question = 'Can I use zod to check the body of a POST?';
    const markdown = (await ask(question, 'markdown')).answer;
    assert.match(
      markdown,
      /And import `zValidator`\.\n\n```ts\nimport \{ zValidator \} from '@otter\/zod-validator'\n```/,
      markdown,
    );
    assert.match(markdown, /And write as follows\.\n\n```ts\nconst route = app\.post\(/, markdown);
    const html = (await ask(question, 'html')).answer;
    assert.match(
      html,
      /And import <code>zValidator<\/code>\.<\/p>\n<pre><code class="language-ts">import \{ zValidator \}/,
      html,
    );
  });
});

describe('a page whose usage section starts with what to import', () => {
  const service = servedSite('readable-usage-imports-', {
    'etag.md': `# ETag Middleware

Using this middleware, you can add ETag headers easily.

## Usage

\`\`\`ts
import { Otter } from 'otter'
import { etag } from 'otter/etag'
\`\`\`

Then turn it on for the routes:

\`\`\`ts
const app = new Otter()
app.use('/etag/*', etag())
\`\`\`

## Options

### weak

Define using or not using a weak validation. Default false.
`,
    'cors.md': `# CORS Middleware

There are many use cases of Cloudflare Workers as Web APIs.

## Usage

\`\`\`ts
import { cors } from 'otter/cors'
app.use('/api/*', cors())
\`\`\`

To turn CORS on in a file of its own, import the middleware there:

\`\`\`ts
import { cors } from 'otter/cors'
\`\`\`
`,
  });
  const ask = askOf(service);
  const codeBlocks = (markdown: string): string[] =>
    [...markdown.matchAll(/```\w*\n([\s\S]*?)```/g)].map((match) => match[1] as string);

  it('does not add the imports alone to an answer from the page opening', async () => {
    // The opening says what the middleware does, not how: the usage example is added to it, but
    // not a block that only says where the middleware comes from.
    const markdown = (await ask('How do I use the ETag middleware?', 'markdown')).answer;
    assert.match(markdown, /you can add ETag headers easily/, markdown);
    for (const code of codeBlocks(markdown))
      assert.match(code, /^(?!\s*import\b).+$/m, `a block of imports alone:\n${markdown}`);
  });

  it('does not show the imports twice when the quoted section is the usage section', async () => {
    const markdown = (await ask('How do I turn CORS on in a file of its own?', 'markdown')).answer;
    assert.match(markdown, /import the middleware there:/, markdown);
    assert.equal(markdown.split("import { cors } from 'otter/cors'").length - 1, 1, markdown);
  });
});

describe('a quoted sentence that speaks of what the page said before it', () => {
  // Pages written as MDN's glossary and Learn pages are, where the defects were seen.
  const service = servedSite('readable-before-it-', {
    'glossary/idempotent.md': `---
title: Idempotent
description: An HTTP method is idempotent if one request has the same intended effect as several identical ones.
---

An HTTP method is **idempotent** if the intended effect on the server of making a single request is the same as the effect of making several identical requests.

The HTTP specification defines several HTTP methods and their semantics, which includes whether they are idempotent or not. All safe methods are idempotent, as well as PUT and DELETE; POST and PATCH are not guaranteed to be.

A client can safely retry a request that uses an idempotent method, for example when it is unsure whether the request reached the server.

> [!NOTE]
> The specification does not mandate it. Nothing prevents a server from exposing a non-idempotent endpoint under an idempotent HTTP method, although clients may be surprised.

Also, bear in mind:

- A request with an idempotent method does not necessarily mean that the request has no side effects on the server: the server may log the time each request is received.
- The response returned by each request may differ: the first DELETE returns 200, the next ones 404.

## Examples

\`GET /pageX HTTP/1.1\` is idempotent, because it is a safe (read-only) method.

\`POST /add_row HTTP/1.1\` is not idempotent; if it is called several times, it adds several rows.
`,
    'learn/responsive-design.md': `---
title: Responsive web design
description: Layouts that adapt to the size of the screen.
---

# Responsive web design

Responsive design makes a page work on every screen size.

## The viewport meta tag

If you look at the HTML source of a responsive page, you will usually see the following tag in the head of the document.

\`\`\`html
<meta name="viewport" content="width=device-width,initial-scale=1" />
\`\`\`

Why is this needed? Because mobile browsers tend to lie about their viewport width.

This meta tag exists because when smartphones first arrived, most sites were not mobile optimized. The mobile browser would, therefore, set the viewport width to 980 pixels and show a zoomed-out version of the desktop layout.
`,
    'learn/publishing.md': `---
title: Publishing your website
description: Put the files of your website on a server, so that anyone can visit it.
---

# Publishing your website

Once your site is written, you need to put it on a web server.

## Using an online tool

Some tools let you publish your website online:

- GitHub Pages serves the website code of a GitHub repository live on the web.
- Netlify hosts static websites directly from your GitHub repository.
- Fly.io deploys applications and databases close to your users.

These options are generally free, with a limited feature-set.

## Getting hosting and a domain name

Hosting companies rent you space on a web server, and registrars sell domain names.
`,
  });
  const ask = askOf(service);

  it('quotes the definition, not an aside repeating "mean", for "what does X mean"', async () => {
    for (const format of ['markdown', 'html'] as const) {
      const { answer } = await ask('what does idempotent mean for HTTP methods', format);
      assert.match(answer, /^(<p>)?An HTTP method is idempotent/, answer);
    }
  });

  it('comes with the question it answers and the sentence its "therefore" draws on', async () => {
    const { answer } = await ask('why do mobile browsers show a zoomed-out page', 'markdown');
    assert.match(answer, /Why is this needed\? Because mobile browsers tend to lie/, answer);
    assert.doesNotMatch(answer, /^Because/, answer);
    assert.match(answer, /This meta tag exists because[^\n]*The mobile browser would, therefore/, answer);
  });

  it('comes with the list it speaks of, when it opens the paragraph after it', async () => {
    for (const format of ['markdown', 'html'] as const) {
      const { answer } = await ask('how do I publish my website for free', format);
      assert.match(answer, /Some tools let you publish your website online:/, answer);
      assert.match(
        answer,
        /GitHub Pages[\s\S]*Netlify[\s\S]*Fly\.io[\s\S]*These options are generally free/,
        answer,
      );
    }
  });
});

describe('a quoted list item that needs what its list is of', () => {
  const service = servedSite('readable-list-context-', {
    'helpers/cookie.md': `# Cookie Helper

The Cookie Helper provides an easy interface to manage cookies.

## Usage

\`\`\`ts
app.get('/cookie', (c) => {
  setCookie(c, 'delicious_cookie', 'macha')
  deleteCookie(c, 'delicious_cookie')
  return c.text('Cookie')
})
\`\`\`

## Options

### \`setCookie\`

- domain: \`string\`
- expires: \`Date\`
- httpOnly: \`boolean\`
- maxAge: \`number\`
- path: \`string\`
- secure: \`boolean\`

### \`deleteCookie\`

- path: \`string\`
- secure: \`boolean\`
- domain: \`string\`

Example:

\`\`\`ts
deleteCookie(c, 'banana', { path: '/', secure: true, domain: 'example.com' })
\`\`\`
`,
    'learn/web-fonts.md': `---
title: Web fonts
description: Download fonts with your page and use them in your CSS.
---

# Web fonts

Web fonts let you use a font that the visitor's computer doesn't have.

## @font-face in more detail

Let's explore the \`@font-face\` syntax that a font generator writes for you. The rulesets will look something like this:

\`\`\`css
@font-face {
  font-family: "zantrokeregular";
  src: url("zantroke-webfont.woff2") format("woff2");
  font-display: swap;
}
\`\`\`

Let's go through it to see what it does:

- \`font-family\`: This line specifies the name you want to refer to the font as. This can be anything you like as long as you use it consistently throughout your CSS.
- \`src\`: These lines specify the paths to the font files to be imported into your CSS, and the format of each font file. The latter part in each case is optional, but it is useful to declare because it allows browsers to determine which font they can use more quickly. Multiple declarations can be listed, separated by commas. Because the browser searches through them in order, it's best to state your preferred formats, like WOFF2, first.
- \`font-weight\`/\`font-style\`: These lines specify what weight the font has and whether it is italic or not. If you are importing multiple weights of the same font, you can specify what their weight and style is and then use different values of \`font-weight\` and \`font-style\` to choose between them, rather than having to give all the members of the font family different names. A tip on defining font-weight and font-style to keep your CSS simple shows what to do in more detail.
- \`font-display\`: This line specifies how the font is displayed while it is loading.

## Summary

Now you know how to add your own fonts to a page.
`,
  });
  const ask = askOf(service);

  it("opens with its section's heading when the list opens the section", async () => {
    const markdown = (await ask('how do I delete a cookie again', 'markdown')).answer;
    assert.match(markdown, /^`deleteCookie`:\n\n- path: `string`\n- secure: `boolean`/, markdown);
    const html = (await ask('how do I delete a cookie again', 'html')).answer;
    assert.match(html, /^<p><code>deleteCookie<\/code>:<\/p>\s*<ul><li>path: <code>string<\/code>/, html);
  });

  it('opens with the short sentence announcing the list when the item is not its first', async () => {
    for (const format of ['markdown', 'html'] as const) {
      const { answer } = await ask('what does font-display do', format);
      assert.match(answer, /^(<p>)?Let(?:'|&#39;)s go through it to see what it does:/, answer);
    }
  });
});
