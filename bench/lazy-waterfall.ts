/**
 * `npx tsx bench/lazy-waterfall.ts [--runs N] [--base DIR] [--latency MS] [--kbps N] [--throttle R]
 * [--uncompressed]`: how the script-tag file's lazy chunks load on a slow network, as a visitor
 * who acts at once meets them. Needs `npm run build`. Prints numbers, asserts nothing.
 *
 * Each page is served with the built `dist/` files, gzipped as a web server or CDN sends them
 * (`--uncompressed`: as the reference service's `--static` sends them), the API by the reference
 * service started in this process. It opens in a fresh context of Debian's headless Chromium
 * (empty cache), the network slowed by CDP `Network.emulateNetworkConditions` (default 400 ms
 * latency, 400 kbit/s each way: slow 3G) and the CPU 4 times (`Emulation.setCPUThrottlingRate`):
 *
 * (a) a page with only `<search-box>`, `dist/ask-elements.js` by a script tag: a query typed as
 *     soon as the field is there, to its first results painted;
 * (b) the same with `variant="button"` (the demo has none): the button clicked as soon as it is
 *     there, to the dialog open with its field;
 * (c) a page with only `<ask-chat>`: a question typed and sent as soon as the field is there, to
 *     the first answer rendered;
 * (d) the built demo (`dist/demo/`, its own Vite build, which preloads a chunk's imports): the
 *     header's search, as (a), and then (e) its chat, as (c);
 * (f) the page of (c) once loaded: a question typed key by key (80 ms a key), from Enter to the
 *     answer rendered (what a visitor waits after sending, the page's parts fetched meanwhile).
 *
 * Times (but (f)'s) are from the navigation to the frame that shows the result (a `requestAnimationFrame`
 * poll), medians over the runs. For each page, the waterfall of its scripts and of its requests
 * to the service, medians too: when each starts and ends after the navigation, and what started
 * it (CDP's initiator); then who imports whom among `dist/*.js` (static `import … from`, dynamic
 * `import()`). `--base DIR` measures another checkout's `DIR/dist` in the same run, alternating
 * run by run, and prints this one's times as a ratio of its.
 */
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { quietLogger } from '../src/server/logger.js';
import { startService, type RunningService } from '../src/server/main.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/chromium.js';

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    base: { type: 'string' },
    latency: { type: 'string', default: '400' },
    kbps: { type: 'string', default: '400' },
    throttle: { type: 'string', default: '4' },
    uncompressed: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const LATENCY_MS = Number(values.latency);
const BYTES_PER_SECOND = (Number(values.kbps) * 1000) / 8;
const CPU_RATE = Number(values.throttle);

const QUERY = 'install';
const QUESTION = 'How do I install the elements?';

const page = (body: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>bench</title>
    <script type="module" src="./ask-elements.js"></script>
  </head>
  <body data-ask-api-key="demo-key">
    ${body}
  </body>
</html>
`;

interface Code {
  label: string;
  dist: string;
  service?: RunningService;
  /** Where the pages are opened: the gzip front, or the service itself with --uncompressed. */
  url?: string;
  front?: Server;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css' };

/**
 * The site's files gzipped (level 9), as a CDN or a web server serves them; any other request
 * (the API) passed to the service. The reference service's `--static` sends files as they are.
 */
async function gzipFront(site: string, service: string): Promise<Server> {
  const zipped = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = join(site, path.endsWith('/') ? `${path}index.html` : path);
    if (request.method === 'GET' && file.startsWith(site) && existsSync(file) && statSync(file).isFile()) {
      let body = zipped.get(file);
      if (!body) zipped.set(file, (body = gzipSync(readFileSync(file), { level: 9 })));
      response.writeHead(200, {
        'content-type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream',
        'content-encoding': 'gzip',
        'cache-control': 'no-cache',
      });
      response.end(body);
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
          headers.set(name, value);
      void fetch(service + (request.url ?? '/'), {
        method: request.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      }).then(async (answer) => {
        const headers: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
            headers[name] = value;
        });
        response.writeHead(answer.status, headers);
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}

/** A folder served at `/`: the script-tag file and its chunks, the three pages, the demo under `demo/`. */
function siteOf(dist: string): string {
  const site = mkdtempSync(join(tmpdir(), 'ask-waterfall-'));
  for (const file of readdirSync(dist))
    if (/^ask-elements.*\.js$/.test(file)) cpSync(join(dist, file), join(site, file));
  cpSync(join(dist, 'demo'), join(site, 'demo'), { recursive: true });
  writeFileSync(join(site, 'search.html'), page('<search-box></search-box>'));
  writeFileSync(join(site, 'dialog.html'), page('<search-box variant="button"></search-box>'));
  writeFileSync(join(site, 'chat.html'), page('<ask-chat format="markdown"></ask-chat>'));
  return site;
}

interface Fetch {
  file: string;
  start: number;
  end: number;
  by: string;
}

/** A page slowed as the visitor's, with a record of the scripts it fetches. */
async function slowedPage(
  browser: Browser,
): Promise<{ page: Page; fetches: () => Fetch[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: BYTES_PER_SECOND,
    uploadThroughput: BYTES_PER_SECOND,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  let origin: number | undefined;
  const started = new Map<string, { file: string; start: number; by: string }>();
  const done: Fetch[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.type === 'Document') origin ??= event.timestamp;
    const url = new URL(event.request.url);
    const api = /^\/(bot|api)\//.test(url.pathname);
    if (!url.pathname.endsWith('.js') && !api) return;
    const initiator = event.initiator;
    const by =
      initiator.url ??
      initiator.stack?.callFrames[0]?.url ??
      initiator.stack?.parent?.callFrames[0]?.url ??
      initiator.type;
    started.set(event.requestId, {
      file: api ? `${event.request.method} ${url.pathname}` : shortName(url.pathname),
      start: event.timestamp,
      // Chromium names a `<link rel="modulepreload">` (Vite's app builds) `about:client`.
      by: by === 'about:client' ? 'modulepreload' : shortName(by),
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const fetch = started.get(event.requestId);
    if (fetch && origin !== undefined)
      done.push({ ...fetch, start: (fetch.start - origin) * 1000, end: (event.timestamp - origin) * 1000 });
  });
  return { page, fetches: () => done, close: () => context.close() };
}

/** A chunk's name without its hash or folder: `chat-behaviour`. */
function shortName(path: string): string {
  const name = basename(new URL(path, 'http://x/').pathname).replace(/\.js$/, '');
  return name === 'ask-elements' ? name : name.replace(/^ask-elements-/, '').replace(/-[\w-]{8}$/, '');
}

/** Waits, frame by frame, until `found` holds in the page; the time of that frame since the navigation. */
async function frameWhen(page: Page, found: string): Promise<number> {
  const handle = await page.waitForFunction(`(${found}) && performance.now()`, undefined, {
    polling: 'raf',
    timeout: 60_000,
  });
  return (await handle.jsonValue()) as number;
}

const inShadow = (host: string, selector: string) =>
  `document.querySelector('${host}')?.shadowRoot?.querySelector('${selector}')`;

type Scenario = (page: Page, url: string) => Promise<number>;

const searchTyped =
  (host: string): Scenario =>
  async (page, url) => {
    await page.goto(url, { waitUntil: 'commit' });
    const input = page.locator(`${host} [part="input"]`);
    await input.waitFor();
    await input.focus();
    await input.pressSequentially(QUERY);
    return frameWhen(page, `${inShadow(host, '[role="option"]')}`);
  };

const dialogOpened: Scenario = async (page, url) => {
  await page.goto(url, { waitUntil: 'commit' });
  const button = page.locator('search-box [part="button"]');
  await button.waitFor();
  await button.click();
  return frameWhen(page, `${inShadow('search-box', 'dialog[open] [part="input"]')}?.checkVisibility()`);
};

const questionSent =
  (host: string): Scenario =>
  async (page, url) => {
    await page.goto(url, { waitUntil: 'commit' });
    const input = page.locator(`${host} textarea[part="input"]`);
    await input.waitFor();
    await input.fill(QUESTION);
    await input.press('Enter');
    return frameWhen(page, `${inShadow(host, '[part~="answer-body"]')}?.textContent.trim()`);
  };

/**
 * A visitor who waits for the page, then types the question key by key before sending it: the
 * time from Enter to the answer rendered.
 */
const questionTyped =
  (host: string): Scenario =>
  async (page, url) => {
    await page.goto(url, { waitUntil: 'load' });
    const input = page.locator(`${host} textarea[part="input"]`);
    await input.waitFor();
    await input.focus();
    await input.pressSequentially(QUESTION, { delay: 80 });
    const sent = (await page.evaluate('performance.now()')) as number;
    await input.press('Enter');
    return (await frameWhen(page, `${inShadow(host, '[part~="answer-body"]')}?.textContent.trim()`)) - sent;
  };

const SCENARIOS: { name: string; path: string; run: Scenario }[] = [
  {
    name: '(a) search-box: query typed at load to results painted',
    path: 'search.html',
    run: searchTyped('search-box'),
  },
  { name: '(b) variant="button": clicked at load to dialog open', path: 'dialog.html', run: dialogOpened },
  {
    name: '(c) ask-chat: question sent at load to answer rendered',
    path: 'chat.html',
    run: questionSent('ask-chat'),
  },
  { name: '(d) demo: query typed at load to results painted', path: 'demo/', run: searchTyped('search-box') },
  {
    name: '(e) demo: question sent at load to answer rendered',
    path: 'demo/',
    run: questionSent('ask-chat'),
  },
  {
    name: '(f) ask-chat: question typed after load, Enter to answer rendered',
    path: 'chat.html',
    run: questionTyped('ask-chat'),
  },
];

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Who imports whom among the script-tag file and its chunks. */
function importGraph(dist: string): string[] {
  const lines: string[] = [];
  for (const file of readdirSync(dist)
    .filter((name) => /^ask-elements.*\.js$/.test(name))
    .sort()) {
    const code = readFileSync(join(dist, file), 'utf8');
    const statics = [...code.matchAll(/from\s*["'`]\.\/([^"'`]+)["'`]/g)].map((m) => shortName(m[1]!));
    const dynamics = [...code.matchAll(/import\(\s*["'`]\.\/([^"'`]+)["'`]\s*\)/g)].map((m) =>
      shortName(m[1]!),
    );
    lines.push(
      `  ${shortName(file).padEnd(22)} imports ${statics.join(', ') || '—'}; import() ${dynamics.join(', ') || '—'}`,
    );
  }
  return lines;
}

const codes: Code[] = [{ label: 'this', dist: join(ROOT, 'dist') }];
if (values.base) codes.push({ label: 'base', dist: join(resolve(values.base), 'dist') });
const sites = codes.map((code) => siteOf(code.dist));
for (const [index, code] of codes.entries()) {
  const site = sites[index]!;
  code.service = await startService({ port: 0, dbFile: ':memory:', staticDir: site, logger: quietLogger });
  if (values.uncompressed) code.url = code.service.url;
  else {
    code.front = await gzipFront(site, code.service.url);
    code.url = `http://127.0.0.1:${(code.front.address() as AddressInfo).port}`;
  }
}

console.log(
  `Slow network: ${LATENCY_MS} ms latency, ${values.kbps} kbit/s each way; CPU slowed ${CPU_RATE}x; files ${values.uncompressed ? 'as the service sends them (uncompressed)' : 'gzipped'}; ${RUNS} runs, medians.`,
);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const scenario of SCENARIOS) {
    const times = codes.map(() => [] as number[]);
    const fetches = codes.map(() => new Map<string, { start: number[]; end: number[]; by: Set<string> }>());
    for (let run = 0; run < RUNS; run++)
      for (const [index, code] of codes.entries()) {
        const slowed = await slowedPage(browser);
        try {
          times[index]!.push(await scenario.run(slowed.page, `${code.url}/${scenario.path}`));
          for (const fetch of slowed.fetches()) {
            const seen = fetches[index]!.get(fetch.file) ?? { start: [], end: [], by: new Set() };
            seen.start.push(fetch.start);
            seen.end.push(fetch.end);
            seen.by.add(fetch.by);
            fetches[index]!.set(fetch.file, seen);
          }
        } finally {
          await slowed.close();
        }
      }
    console.log(`\n${scenario.name}`);
    for (const [index, code] of codes.entries()) {
      const ms = median(times[index]!);
      const ratio =
        index === 0 && codes.length > 1 ? ` (${((ms / median(times[1]!)) * 100).toFixed(0)}% of base)` : '';
      console.log(
        `  ${code.label}: ${ms.toFixed(0)} ms${ratio} [${times[index]!.map((t) => t.toFixed(0)).join(', ')}]`,
      );
      const rows = [...fetches[index]!].sort((a, b) => median(a[1].start) - median(b[1].start));
      for (const [file, seen] of rows)
        console.log(
          `    ${file.padEnd(22)} ${median(seen.start).toFixed(0).padStart(6)} → ${median(seen.end).toFixed(0).padStart(6)} ms  by ${[...seen.by].join(', ')}${seen.start.length !== RUNS ? ` (${seen.start.length} requests in ${RUNS} runs)` : ''}`,
        );
    }
  }
} finally {
  await browser.close();
  for (const code of codes) {
    code.front?.close();
    await code.service?.close();
  }
  for (const site of sites) rmSync(site, { recursive: true, force: true });
}
for (const code of codes)
  console.log(`\nImports among ${code.label}'s dist/*.js:\n${importGraph(code.dist).join('\n')}`);
