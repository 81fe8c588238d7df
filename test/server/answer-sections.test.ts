import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_KEY, type TestService, configWith, servedSite } from './service-harness.js';

/** Pages of several sections, each question answered by one of them. */
const PAGES: Record<string, string> = {
  'slash.md': [
    '---',
    'title: Slash Middleware',
    'description: Add or remove the slash at the end of a URL.',
    '---',
    '',
    '# Slash Middleware',
    '',
    'This middleware handles the trailing slash of a URL on a GET request. `addSlash` redirects the URL to the same URL with a slash added when the content was not found, and `dropSlash` removes it.',
    '',
    '## Import',
    '',
    '```ts',
    "import { addSlash, dropSlash } from 'example/slash'",
    '```',
    '',
    '## Usage',
    '',
    'Example of redirecting a GET request of `/about/me` to `/about/me/`.',
    '',
    '```ts',
    'const app = new App({ strict: true })',
    'app.use(addSlash())',
    '```',
    '',
    '## Options',
    '',
    '### always: boolean',
    '',
    'By default the middleware only redirects when the response status is 404. Set `always` to redirect every GET request.',
  ].join('\n'),
  'cloud.md': [
    '---',
    'title: Cloud Host',
    'description: Deploy an app to Cloud Host.',
    '---',
    '',
    '# Cloud Host',
    '',
    'Cloud Host is a serverless platform to deploy your app: Cloud Host runs your code in response to events and manages the servers for you.',
    '',
    'Cloud Host uses containers to run your service. This means you can use any runtime you like (Deno or Bun) by providing a Dockerfile. If no Dockerfile is provided, Cloud Host uses its default Node.js build.',
    '',
    '## 1. Install the CLI',
    '',
    'Install the `cloud` command with your package manager, then sign in.',
    '',
    '## 2. Deploy',
    '',
    'Run `cloud deploy my-app --source .` from the project folder to deploy it.',
    '',
    '## Changing runtimes',
    '',
    'If you want to deploy using Deno or Bun runtimes (or your own Node.js container), add a `Dockerfile` with the environment you want.',
  ].join('\n'),
  'panel.md': [
    '---',
    'title: Panel',
    'description: The panel element and how to style it.',
    '---',
    '',
    '# Panel',
    '',
    'The panel shows the results of a search under the input.',
    '',
    '## Styling',
    '',
    'The width of the panel is `--panel-width`.',
    '',
    'The text color is `--text-color`, the background color `--background-color`.',
    '',
    'Its corners follow `--panel-radius`.',
  ].join('\n'),
  'frameworks.md': [
    '---',
    'title: Frameworks and single-page apps',
    'description: Use the widgets in any framework.',
    '---',
    '',
    '# Frameworks',
    '',
    'The widgets are standard custom elements: use them in React, Vue, Svelte, Angular and every framework, and in pages with none.',
    '',
    '## Server-side rendering',
    '',
    "Importing the package is safe on the server. Register the tags in the browser only, in a client-only effect (a component marked `'use client'` in the App Router). Vue's plain binding writes rich values as text there, so with Vue, bind them as properties.",
    '',
    '## Vue',
    '',
    'Vue first looks for a Vue component of that name, and warns in development before it renders the element. Tell the Vue compiler which tags are custom elements, in `vite.config.ts`. In Vue templates, bind rich values with `.prop`.',
    '',
    '## Angular',
    '',
    'Angular refuses an unknown tag at compile time: to use the widgets, add `CUSTOM_ELEMENTS_SCHEMA` to the component, where Vue needs its compiler option.',
  ].join('\n'),
  'engine.md': [
    '---',
    'title: "The engine: overview and hosting"',
    'description: The engine indexes a folder of documents and answers questions about them.',
    '---',
    '',
    '# The engine',
    '',
    'The engine indexes a folder of documents and answers questions about the documents it holds.',
    '',
    '## Run the engine over your own documents',
    '',
    'Point the engine at the folder that holds your documents:',
    '',
    '```sh',
    'npx engine serve --content ./docs',
    '```',
    '',
    'It prints how many documents it indexed and the address it listens on.',
    '',
    '## Where it runs',
    '',
    'The engine needs Node 20 or later, on Linux, macOS or Windows: it reads the documents from disk.',
    '',
    '## Backups',
    '',
    'Copy the database file while the engine is stopped: the documents themselves are yours to keep.',
  ].join('\n'),
  'skins.md': [
    '---',
    'title: "Skins: colours, fonts and dark mode"',
    'description: Change how the widgets look with --w-* CSS custom properties; dark by prefers-color-scheme.',
    '---',
    '',
    '# Skins',
    '',
    'The widgets render in shadow DOM: you change their look with CSS custom properties.',
    '',
    '## Custom properties',
    '',
    'To change the colours or the font, set these properties on the widgets or on any ancestor:',
    '',
    '```css',
    'search-widget {',
    '  --w-color-accent: #0b7a53;',
    "  --w-font: 'Inter', sans-serif;",
    '}',
    '```',
    '',
    '## Dark mode',
    '',
    "The widgets follow the visitor's `prefers-color-scheme`. If your site has its own dark-mode switch, set the attribute from it:",
    '',
    '```js',
    "// Your theme switch, after it changes the page: the widgets take the page's scheme.",
    "const scheme = document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';",
    "for (const widget of document.querySelectorAll('search-widget')) widget.setAttribute('color-scheme', scheme);",
    '```',
  ].join('\n'),
  // Shaped as the demo's install page: its opening says both ways to install, a section below
  // repeats "install" the most, of the service that comes in the same package.
  'install.md': [
    '---',
    'title: Install Widgets',
    'description: Add the widgets to a site with npm or a script tag.',
    '---',
    '',
    '# Install',
    '',
    'Install the widgets in one of two ways: load one file with a script tag, with no build step and no bundler on your side, or add the package to an app that bundles its code. The engine they talk to comes in the same package.',
    '',
    '## With npm',
    '',
    '```sh',
    'npm install widgets',
    '```',
    '',
    '## The engine',
    '',
    'The same package contains the engine as a command: `npx widgets serve`. Its packages are installed by default; without them, the command says what to install.',
  ].join('\n'),
  'routing.md': [
    '---',
    'title: Routing',
    'description: Routes and paths.',
    '---',
    '',
    '# Routing',
    '',
    // The site writes "colours" too, so a question's "colours" is its own word, not read as "color".
    'Routes match a method and a path. The list of routes shows each method in its own colours.',
    '',
    '## Path parameters',
    '',
    "A path parameter such as `/user/:id` is read with `param('id')`.",
  ].join('\n'),
};

/** Asks `site` a question in Markdown, which it must answer. */
async function askSite(site: TestService, query: string) {
  const { status, body } = await site.postJson('/bot/askai', {
    apiKey: DEMO_KEY,
    query,
    conversationId: '',
    format: 'markdown',
  });
  assert.equal(status, 200);
  assert.equal(body.didAnswer, true, `answered: ${query}`);
  return body as { answer: string; context: { passages: { link: string }[] } };
}

describe('the section an answer quotes, through the service', () => {
  const site = servedSite('answer-sections-', PAGES, { config: configWith() });
  const ask = (query: string) => askSite(site(), query);

  it('shows the usage example for a how-to question naming a plural acronym ("URLs") the opening holds', async () => {
    // The tokenizer reads "URLs" as `url` and as the parts `ur` and `ls`: the opening, which
    // says URL, holds the name, and its usage example shows how.
    const answer = await ask('redirect URLs that end with a slash');
    assert.equal(answer.context.passages[0]?.link, '/slash#usage');
    assert.match(answer.answer, /app\.use\(addSlash\(\)\)/);
  });

  it('quotes the section whose sentence answers over the opening that search found about as relevant', async () => {
    // Search lists the opening first (the page's name is in it), its relevance about that of
    // `## Changing runtimes`; the opening's best sentence is about Node.js's default build, the
    // other section's says how.
    const answer = await ask('deploy to Cloud Host using Bun instead of Node');
    assert.equal(answer.context.passages[0]?.link, '/cloud#changing-runtimes');
    assert.match(answer.answer, /^If you want to deploy using Deno or Bun runtimes/);
  });

  it('quotes the section headed by the one word the question names, not one naming it in passing', async () => {
    // `## Server-side rendering` holds "app" and "use" in one sentence and "Vue" in passing, and
    // search prefers it; `## Vue` is about Vue, the one word of the question that tells the
    // page's sections apart ("use" is in most of them, "app" in the title).
    const answer = await ask('can i use it in a vue app');
    assert.equal(answer.context.passages[0]?.link, '/frameworks#vue');
    assert.match(answer.answer, /^Vue first looks for a Vue component/);
  });

  it('quotes the section whose heading is the whole question, words weighed or not, over one headed by one of its words', async () => {
    // "over" is no word the question's weighing keeps, but it is in the question as written:
    // `## Run the engine over your own documents` is the question, where `## Where it runs` holds
    // only "run" (the engine is the page's title, documents are in every section).
    const answer = await ask('How do I run the engine over my own documents?');
    assert.equal(answer.context.passages[0]?.link, '/engine#run-the-engine-over-your-own-documents');
    assert.match(answer.answer, /npx engine serve --content \.\/docs/);
  });

  it('quotes the sentence that says "color" for a question about "colours"', async () => {
    const answer = await ask('How do I change the colours of the panel?');
    assert.equal(answer.context.passages[0]?.link, '/panel#styling');
    assert.equal(
      answer.answer,
      'The text color is `--text-color`, the background color `--background-color`.',
    );
  });

  it('quotes the sentence that says how with its code over code that holds the words in a comment and a name', async () => {
    // `## Dark mode`'s script holds "change" in a comment and "color" in `color-scheme`, and
    // search finds it about as relevant; the sentence of `## Custom properties` says it, and is
    // quoted with its CSS, so it shows how as much as a script does.
    const answer = await ask('How do I change the colors?');
    assert.equal(answer.context.passages[0]?.link, '/skins#custom-properties');
    assert.match(answer.answer, /^To change the colours or the font, set these properties/);
    assert.match(answer.answer, /--w-color-accent: #0b7a53;/);
  });

  it("quotes the page's opening for a question that is only the page's name, not the section repeating it", async () => {
    // Every word of the question is a word of the title, so no sentence says more of it than
    // another: search preferred `## The engine` (saying "installed" and "install") for "install" and
    // `## With npm` for "Install widgets", where the opening says what the page is about.
    for (const question of ['install', 'Install widgets']) {
      const answer = await ask(question);
      assert.equal(answer.context.passages[0]?.link, '/install#install', question);
      assert.match(answer.answer, /^Install the widgets in one of two ways/, question);
    }
  });

  it("quotes the section headed with the question's words when the title lists them among others", async () => {
    // "Skins: colours, fonts and dark mode" names `## Dark mode`: "dark mode" asks for it.
    const answer = await ask('dark mode');
    assert.equal(answer.context.passages[0]?.link, '/skins#dark-mode');
  });
});

/** A page titled "Edge Workers", its opening and sections in `lines`. */
const edgeWorkers = (lines: string[]): string =>
  [
    '---',
    'title: Edge Workers',
    'description: Run an app on Edge Workers.',
    '---',
    '',
    '# Edge Workers',
    '',
    ...lines,
  ].join('\n');

/** A deploy step's text. */
const PUBLISH = ['With an account, publish the app with one command:', '', '```sh', 'npm run deploy', '```'];

/**
 * Pages whose sections a step's number, the page's title, a name written as code or the page's
 * opening told apart wrongly, each on a site of its own: a site's other pages change how search
 * ranks a page's passages.
 */
describe('the section an answer quotes: step numbers, title words, names in code, the opening', () => {
  // Search prefers `## Deploy from CI`, which says "deploy" three times; `## 3. Deploy` is headed
  // by the question's one word beside the page's title, once its step's number is not read as a
  // word the question lacks.
  const steps = servedSite(
    'answer-sections-steps-',
    {
      'workers.md': edgeWorkers([
        "Edge Workers runs your app on the network's edge.",
        '',
        '## 1. Setup',
        '',
        'Start your project with the `create` command, then move into it.',
        '',
        '## 2. Run',
        '',
        'Run the development server locally, then open `http://localhost:8787` in your browser.',
        '',
        '## 3. Deploy',
        '',
        ...PUBLISH,
        '',
        '## Deploy from CI',
        '',
        'Before deploying code from a CI pipeline, you need a token, kept as a secret of the repository: the workflow deploys on every push, and a failed deploy keeps the last one.',
      ]),
    },
    { config: configWith() },
  );
  // Search's three passages of the page are the sections headed "Deploy …" that say "Edge Workers";
  // of its other sections, five say "Edge Workers" (the title) and one is headed "Deploy".
  const title = servedSite(
    'answer-sections-title-',
    {
      'workers.md': edgeWorkers([
        "Edge Workers runs your app on the network's edge, close to your visitors.",
        '',
        '## Setup',
        '',
        'A starter for Edge Workers is available: the `create` command makes an Edge Workers project.',
        '',
        '## Hello World',
        '',
        "The Edge Workers runtime calls the app's `fetch` for each request that reaches Edge Workers.",
        '',
        '## Static files',
        '',
        'Edge Workers serves the files of the `public` folder; list it in the Edge Workers config.',
        '',
        '## Bindings',
        '',
        'An Edge Workers binding gives your app a store or a queue of Edge Workers.',
        '',
        '## Logs',
        '',
        'Edge Workers keeps the logs of your Edge Workers app for three days.',
        '',
        '## Deploy',
        '',
        ...PUBLISH,
        '',
        '## Deploy from CI',
        '',
        'Before deploying code to Edge Workers from a CI pipeline, you need a token, kept as a secret of the repository: the workflow deploys on every push.',
        '',
        '## Deploy previews',
        '',
        'Each pull request can deploy a preview to Edge Workers: the preview deploy gets its own address, and a new deploy replaces it.',
        '',
        '## Deploy hooks',
        '',
        'A deploy hook is a URL that starts a deploy to Edge Workers when called: use it to deploy when your content changes.',
      ]),
    },
    { config: configWith() },
  );
  const code = servedSite(
    'answer-sections-code-',
    {
      'feedback.md': [
        '---',
        'title: POST /feedback',
        'description: Rate an answer with a thumbs up or down.',
        '---',
        '',
        '# POST /feedback',
        '',
        'The buttons call it with the `insightId` of the answer they sit under.',
        '',
        '## Request',
        '',
        '| Field | Type | Required | Meaning |',
        '| --- | --- | --- | --- |',
        '| `insightId` | string | yes | The `insightId` of an answer from the ask endpoint. |',
        '| `helpful` | boolean | yes | Whether the answer helped. |',
        '',
        '## Changing a vote',
        '',
        'Sending feedback again for the same `insightId` replaces the earlier vote.',
        '',
        '## Unknown insight',
        '',
        'An `insightId` that no answer has gets `404`, with `success: false`:',
        '',
        '```json',
        '{ "success": false, "error": { "code": "insight_not_found", "field": "insightId" } }',
        '```',
      ].join('\n'),
    },
    { config: configWith() },
  );

  // The opening's sentence holds "RPC", "API" and "client"; `### Cookies`, which search prefers,
  // is headed by the question's "cookie", which the opening lacks.
  const opening = servedSite(
    'answer-sections-opening-',
    {
      'rpc.md': [
        '---',
        'title: RPC',
        "description: Share the API's types between the server and the client.",
        '---',
        '',
        '# RPC',
        '',
        'The RPC feature allows sharing of the API specifications between the server and the client.',
        '',
        'First, export the type of your app from the server. Then create a client with `hc`.',
        '',
        '## Server',
        '',
        'Write a validator and export the type of the route: the client reads it.',
        '',
        '## Client',
        '',
        'Call `client.{path}.{method}` and pass the data you wish to send to the server as an argument.',
        '',
        '### Headers',
        '',
        "You can append headers to the request: pass them to the client's options.",
        '',
        '### Cookies',
        '',
        "To make the client send cookies (a session cookie, say) with every request, add `{ init: { credentials: 'include' } }` to the options when you create the client.",
        '',
        '## Using RPC with larger applications',
        '',
        'Split your app into several apps and create the client from the type of the whole.',
      ].join('\n'),
    },
    { config: configWith() },
  );

  it("quotes the step headed by the question's word, its number read as no word of it", async () => {
    const answer = await askSite(steps(), 'deploy to edge workers');
    assert.equal(answer.context.passages[0]?.link, '/workers#3-deploy');
    assert.match(answer.answer, /^With an account, publish the app with one command:/);
    assert.match(answer.answer, /npm run deploy/);
  });

  it("weighs the page title's words little when choosing the page's other sections to quote from", async () => {
    const answer = await askSite(title(), 'deploy to edge workers');
    assert.equal(answer.context.passages[0]?.link, '/workers#deploy');
    assert.match(answer.answer, /npm run deploy/);
  });

  it("gives the page's opening no extra weight when another section is headed by a word of the question it lacks", async () => {
    const answer = await askSite(opening(), "the RPC client isn't sending my session cookie to the API");
    assert.equal(answer.context.passages[0]?.link, '/rpc#cookies');
    assert.match(answer.answer, /^To make the client send cookies/);
  });

  it('quotes the code that holds a name the question writes as code, whatever it asks', async () => {
    // `## Request` is headed by the question's "request"; the error's JSON under
    // `## Unknown insight` holds `insight_not_found`, though the question asks no how.
    const answer = await askSite(code(), 'feedback request fails with insight_not_found');
    assert.equal(answer.context.passages[0]?.link, '/feedback#unknown-insight');
    assert.match(answer.answer, /"code": "insight_not_found"/);
  });
});
