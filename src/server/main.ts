/**
 * Starts the service: loads the content, builds the index, opens the store and listens.
 * `cli.ts` only turns flags into these options; tests and `npm start` call `startService`.
 */
import { existsSync, statSync } from 'node:fs';
import {
  createServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, type Socket, createServer as createNetServer } from 'node:net';
import { availableParallelism } from 'node:os';
import type { Duplex } from 'node:stream';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RequestError, getRequestListener, serve, type ServerType } from '@hono/node-server';
import type { Answerer } from './answer/answerer.js';
import { createAnswererFromEnv, languageModelFromEnv } from './answer/answerer-from-env.js';
import { SERVICE_TITLE, createApp } from './app.js';
import { ConfigError, type ServiceConfig, configWarnings, defaultConfig, loadConfigFile } from './config.js';
import type { AnchorStyle } from './content/heading-slug.js';
import { mayChangeContent, readContentFolder } from './content/load-folder.js';
import { privateFilesOf } from './private-files.js';
import {
  basePathOf,
  type SiteGenerator,
  siteConfigFilesAbove,
  siteGeneratorOf,
} from './content/site-generator.js';
import { watchFailure, watchFolder } from './content/watch-folder.js';
import type { NotAPageKind, SkippedFile } from './content/document.js';
import type { ServiceApp } from './http/app-env.js';
import { addressOwner } from './http/client-address.js';
import { Tally } from './http/tally.js';
import { type Logger, createConsoleLogger } from './logger.js';
import { DEFAULT_PORT, parsePort } from './port.js';
import { createEmbeddingProviderFromEnv } from './search/embedding-provider.js';
import { createIndexFromEnv, type IndexFromEnv } from './search/index-from-env.js';
import { IndexThread } from './search/index-thread.js';
import { indexLanguage } from './search/orama-index.js';
import { type Language, languageName, loadLanguage } from './search/languages.js';
import type { SearchIndex } from './search/search-index.js';
import type { SiteSynonyms } from './search/synonyms.js';
import { TextAnalyser } from './search/text-analyser.js';
import { KEEP_DAYS_RULE, Retention, isKeepDays } from './service/retention.js';
import { SettledSearches } from './service/settled-searches.js';
import { createSqliteStore } from './store/sqlite-store.js';
import type { Store } from './store/store.js';

// The parts `startService` puts together, for a host that puts them together its own way: the app
// served by another server or runtime, over another store or index (see service/overview.md).
export { createApp, type AppOptions } from './app.js';
export { createExtractiveAnswerer } from './answer/extractive-answerer.js';
export type { Answerer } from './answer/answerer.js';
export { defaultConfig, loadConfigFile, type ServiceConfig } from './config.js';
export { readContentFolder } from './content/load-folder.js';
export { createOramaIndex } from './search/orama-index.js';
export { IndexThread, type IndexThreadOptions } from './search/index-thread.js';
export type { SearchIndex } from './search/search-index.js';
export { Retention, type RetentionOptions } from './service/retention.js';
export { SettledSearches } from './service/settled-searches.js';
export { createSqliteStore } from './store/sqlite-store.js';
export type { DeletedRows, Store } from './store/store.js';

/** The package root: two levels up from `src/server/main.ts` and from `dist/server/main.js`. */
export const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The bundled documentation the demo answers from. */
export const DEMO_CONTENT_DIR = resolve(PACKAGE_ROOT, 'demo', 'content');

export { DEFAULT_PORT, parsePort } from './port.js';
export const DEFAULT_HOST = '127.0.0.1';

/** The address a server bound to every interface has, and the loopback address to open it at. */
const EVERY_INTERFACE_LOOPBACK = new Map([
  ['0.0.0.0', '127.0.0.1'],
  ['::', '[::1]'],
]);

/** `options.port`, else $PORT (an empty PORT counts as unset, as a shell's `PORT=` means), else 8787. */
function requestedPort(port: number | undefined, env: NodeJS.ProcessEnv): number {
  if (port !== undefined) return parsePort(String(port), 'port');
  return env.PORT === undefined || env.PORT === '' ? DEFAULT_PORT : parsePort(env.PORT, 'PORT');
}

export interface ServiceOptions {
  /** Folder of .md/.markdown/.mdx/.html/.htm/.txt documents; the bundled demo/content/ when absent. */
  contentDir?: string;
  /** Base URL of the published documents; links are root-relative paths without it. */
  siteUrl?: string;
  /**
   * How the site's generator writes a Markdown heading's anchor, for `link#anchor`; by default,
   * that of the generator recognised beside the content folder (see `siteGeneratorOf`).
   */
  anchors?: AnchorStyle;
  /**
   * The language the documents are written in (`en`, `de`, `ja`…: see `LANGUAGE_CODES`), for
   * their stop words, stemming and word segmentation. Default `auto`: told from the text of the
   * first pages each time the folder is indexed.
   */
  language?: string;
  /** Port to listen on; 0 picks a free one. Default: $PORT (unless empty), else 8787. */
  port?: number;
  /** Interface to listen on. Default: $HOST (unless empty), else 127.0.0.1 (use 0.0.0.0 to accept remote clients). */
  host?: string;
  /** SQLite file for conversations, insights and feedback; `:memory:` (the default here) keeps nothing. */
  dbFile?: string;
  /** A config file path or an already resolved config; the default config (demo / docs / demo-key) when absent. */
  config?: string | ServiceConfig;
  /** A folder served at `/` (the built demo page). */
  staticDir?: string;
  /**
   * Days questions (with their feedback and conversations) and searches are kept: older ones are
   * deleted at start and every hour. Default: the config's `keepDays`, else everything is kept.
   */
  keepDays?: number;
  logger?: Logger;
  /** Environment for the optional LLM and embedding settings. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /**
   * Re-index the content folder whenever a file in it changes (added, edited, removed), while
   * serving: search and answers use the old index until the new one is built.
   */
  watch?: boolean;
  /**
   * Keep the index, the documents and the answerer that reads them in a worker thread of their
   * own (`IndexThread`), so that searches are ranked on another core than the HTTP work. Default:
   * when the machine has more than one core (`availableParallelism()`); false keeps everything in
   * this thread.
   */
  indexThread?: boolean;
  /**
   * Milliseconds an answer being written may wait for its client to take more of it before the
   * connection is closed (cut within twice this, as Node checks). Default 20,000.
   */
  responseStallMs?: number;
}

export interface RunningService {
  /** Base URL, e.g. http://127.0.0.1:8787 */
  url: string;
  port: number;
  app: ServiceApp;
  config: ServiceConfig;
  store: Store;
  /** The index: an `IndexThread` (also the answerer) when `indexThread` is on. */
  index: SearchIndex;
  answerer: Answerer;
  /** Deletes what is older than `keepDays`, when set: `retention.lastPurge` is the latest purge. */
  retention: Retention | undefined;
  documentCount: number;
  skipped: SkippedFile[];
  /** Milliseconds spent reading the content and building the index (the first time). */
  indexMs: number;
  /** With `watch`: resolves after the next re-index following a change. */
  reindexed?: () => Promise<number>;
  /** Stops accepting connections, lets requests in flight finish, closes the store. */
  close(): Promise<void>;
}

/** Listening's errors for a host that is no address of this machine (or no name at all). */
const NO_SUCH_HOST = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EADDRNOTAVAIL']);

/**
 * Throws the error listening would (EADDRINUSE, EACCES) when `port` can't be listened on now, and
 * one naming `--host` or `HOST` (`hostSource`) when `host` is no address of this machine; port 0
 * (any free one) is tried for the host alone. Checked before the content is indexed.
 */
async function assertPortFree(port: number, host: string, hostSource: string): Promise<void> {
  const error = await new Promise<NodeJS.ErrnoException | undefined>((resolveTried) => {
    const probe = createNetServer();
    probe.once('error', resolveTried);
    probe.listen(port, host, () => probe.close(() => resolveTried(undefined)));
  });
  if (error === undefined) return;
  if (error.code === 'EADDRINUSE') {
    // Most often this service itself, started before and still running: in another terminal, or
    // under npx, whose stop never reaches it. Said so, since "another program" sent the owner
    // looking for one.
    const ours = await askElementsAnswersAt(
      `http://${EVERY_INTERFACE_LOOPBACK.get(host) ?? urlHostOf(host)}:${port}`,
    );
    throw new Error(
      ours
        ? `port ${port} on ${host} is in use by an ask-elements service already running (one started with npx keeps running when npx is stopped): stop that one, or give another port with --port or PORT`
        : `port ${port} on ${host} is in use by another program: give another with --port or PORT`,
    );
  }
  if (!NO_SUCH_HOST.has(error.code ?? '')) throw error;
  throw new Error(
    `${hostSource} ${host} is no address this machine can listen on (${error.code}): ${hostMistake(host, hostSource) ?? 'give one of its addresses, 127.0.0.1, or 0.0.0.0 for all'}`,
  );
}

/** A host as a URL writes it: an IPv6 address in brackets. */
const urlHostOf = (host: string): string => (host.includes(':') ? `[${host}]` : host);

/** Whether an ask-elements service answers at `url`: its API description names it, within a second. */
async function askElementsAnswersAt(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/openapi.json`, { signal: AbortSignal.timeout(1000) });
    const description = (await response.json()) as { info?: { title?: unknown } };
    return description.info?.title === SERVICE_TITLE;
  } catch {
    return false;
  }
}

/**
 * What to write for a host given as a URL or with its port (`http://localhost`,
 * `localhost:8080`), which is no host name: the address alone, and the port on its own.
 */
function hostMistake(host: string, hostSource: string): string | undefined {
  const written = /^(?:[a-z][a-z\d+.-]*:\/\/)?(\[[^\]]*\]|[^:/[\]]+)(?::(\d+))?\/?$/i.exec(host);
  if (written === null || (written[2] === undefined && !host.includes('://'))) return undefined;
  const address = written[1]!.replace(/^\[(.*)\]$/, '$1');
  const [hostIs, portIs] = hostSource === 'HOST' ? ['HOST=', 'PORT='] : ['--host ', '--port '];
  const port = written[2] === undefined ? '' : `, and the port with ${portIs}${written[2]}`;
  return `give the address alone, ${hostIs}${address}${port}`;
}

/**
 * How long a client may take: its headers within 20 s, the whole request (an ask carrying 32 MB
 * of images on a slow line) within 120 s. Node's own 60 s and 300 s let slow clients hold
 * connections five times as long.
 */
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 120_000;
/**
 * How often Node looks for connections past those limits: its default, 30 s, let a request that
 * never finished its headers hold its connection up to 50 s.
 */
const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;
/**
 * How long an answer being written may wait for its client to take any more of it, as nginx's
 * `send_timeout`: a client that asked for a large file (or 100 documents' content) and read none
 * of it held its connection, an open file and the answer's bytes for good, each address up to its
 * `connectionsPerAddress`, and with no limit behind a trusted proxy. Node looks at a socket's
 * progress each time it has been idle this long, so a stalled answer is cut within twice this.
 */
const RESPONSE_STALL_MS = 20_000;

/**
 * Closes a response's connection once its client has taken none of the answer for `stallMs`.
 * A client reading slowly makes progress, and an answer still being prepared (a custom agent's
 * endpoint may take 120 s) has sent nothing yet: neither is cut. Set per request, so that a
 * connection before its first request keeps Node's own limits (the 408).
 */
function closeWhenStalled(response: ServerResponse, stallMs: number): void {
  response.setTimeout(stallMs, () => {
    if (response.headersSent) response.destroy();
  });
}

/** Closes a connection beyond the `limit` an address may hold open at once. */
function capConnectionsPerAddress(http: HttpServer, limit: number): void {
  const open = new Tally();
  http.on('connection', (socket: Socket) => {
    const address = addressOwner(socket.remoteAddress ?? '');
    if (open.get(address) >= limit) {
      socket.destroy();
      return;
    }
    open.add(address, 1);
    socket.once('close', () => open.remove(address, 1));
  });
}

/**
 * The answers being written, each told to close its connection once the service stops. Kept
 * alive, a connection busy when the stop began held the process until its client let it go (a
 * proxy's pool: the 10 s limit), and took the client's next requests meanwhile, to be cut then.
 */
class Answering {
  readonly #responses = new Set<ServerResponse>();
  #stopping = false;

  /** A response begun: it closes its connection when done if the service is stopping by then. */
  add(response: ServerResponse): void {
    if (this.#stopping) {
      response.setHeader('Connection', 'close');
      return;
    }
    this.#responses.add(response);
    response.once('close', () => this.#responses.delete(response));
  }

  /** The service stops: the answers not yet begun close their connection when done. */
  stop(): void {
    this.#stopping = true;
    for (const response of this.#responses)
      if (!response.headersSent) response.setHeader('Connection', 'close');
  }
}

function listen(
  app: ServiceApp,
  port: number,
  host: string,
  config: ServiceConfig,
  responseStallMs: number,
): Promise<{ server: ServerType; answering: Answering; port: number; address: string }> {
  const answering = new Answering();
  // A request Node parsed but no URL can be made of (no Host, `Host: a b`, a backslash in the
  // path) is answered in the service's JSON, where @hono/node-server's own answer has no body.
  const listener = getRequestListener(app.fetch, {
    hostname: host,
    errorHandler: (error) =>
      new Response(
        error instanceof RequestError
          ? jsonErrorBody('bad_request', `The request is not valid HTTP: ${error.message}`)
          : jsonErrorBody('internal_error', 'Internal server error'),
        {
          status: error instanceof RequestError ? 400 : 500,
          headers: { 'Content-Type': 'application/json', ...NO_SNIFF, Connection: 'close' },
        },
      ),
  });
  return new Promise((resolveListen, reject) => {
    const server = serve(
      {
        fetch: app.fetch,
        port,
        hostname: host,
        createServer: ((options: ServerOptions) =>
          createServer(
            { ...options, connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
            (request, response) => {
              answering.add(response);
              closeWhenStalled(response, responseStallMs);
              if (ORIGIN_OR_ABSOLUTE_FORM.test(request.url ?? '')) void listener(request, response);
              else
                answerJsonError(
                  response,
                  400,
                  'bad_request',
                  'The request target is not a path: this service has no `*`',
                );
            },
          )) as typeof createServer,
      },
      (info: AddressInfo) => resolveListen({ server, answering, port: info.port, address: info.address }),
    );
    server.once('error', reject);
    const http = server as HttpServer;
    http.headersTimeout = HEADERS_TIMEOUT_MS;
    http.requestTimeout = REQUEST_TIMEOUT_MS;
    // Behind a proxy every connection comes from its address: the proxy caps its own clients.
    if (!config.trustProxy) capConnectionsPerAddress(http, config.rateLimit.connectionsPerAddress);
    http.on('clientError', answerClientError);
    // What Node answers itself, with no body, unless told: an `Expect` it doesn't know (417)
    // and a CONNECT, a proxy's method (Node would close the connection without a word).
    http.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) =>
      answerJsonError(
        response,
        417,
        'expectation_failed',
        'The Expect header asks for what this service does not do: send without it',
      ),
    );
    http.on('connect', (_request: IncomingMessage, socket: Duplex) =>
      endWithJsonError(
        socket,
        405,
        'Method Not Allowed',
        'CONNECT is not allowed: this service is no proxy',
        'method_not_allowed',
      ),
    );
  });
}

/** A request target the app can route: a path (`/bot/search`) or an absolute URL, not `*`. */
const ORIGIN_OR_ABSOLUTE_FORM = /^(\/|https?:\/\/)/i;

/** Said of every answer, as the app says it of its own (see `createApp`): JSON is read as JSON. */
const NO_SNIFF = { 'X-Content-Type-Options': 'nosniff' };

/** The service's JSON error body, for what is answered before (or outside) the app. */
const jsonErrorBody = (code: string, message: string): string => JSON.stringify({ error: { code, message } });

function answerJsonError(response: ServerResponse, status: number, code: string, message: string): void {
  const body = jsonErrorBody(code, message);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    ...NO_SNIFF,
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}

/** The JSON error body written straight to a socket that has no response object, then closed. */
function endWithJsonError(
  socket: Duplex,
  status: number,
  reason: string,
  message: string,
  code = 'bad_request',
): void {
  const body = jsonErrorBody(code, message);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** What Node's HTTP parser refuses before the app sees a request, by its error code. */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
};

/**
 * A request the HTTP parser refuses (a made-up method, headers over 16 KB) gets the JSON error
 * body too, as every other error does, where Node would answer with no body at all.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'The request is not valid HTTP',
  ];
  endWithJsonError(socket, status, reason, message);
}

function closeServer(server: ServerType, answering: Answering): Promise<void> {
  answering.stop();
  return new Promise((resolveClose) => {
    // Idle keep-alive connections would hold close() open; requests in flight get 10 s.
    const force = setTimeout(() => 'closeAllConnections' in server && server.closeAllConnections(), 10_000);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolveClose();
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  });
}

/** Pages that aren't pages of one kind beyond this many are told in one line, the first few by name. */
const NOT_A_PAGE_LINES = 3;
const NOT_A_PAGE_NAMES: Record<NotAPageKind, string> = {
  noindex: 'pages that ask not to be indexed',
  redirect: 'redirects to other pages',
  draft: 'drafts',
  notFound: 'pages for addresses the site does not have (404)',
  partial: 'partials, which other pages show',
  unpublished: "files the site's generator publishes no page from",
};

/** Throws, naming the folder, when `dir` is missing or a file: `kind` folder, `give` what to give instead. */
function requireFolder(kind: string, dir: string, give: string): void {
  if (!existsSync(dir)) throw new Error(`${kind} folder ${dir} does not exist`);
  if (!statSync(dir).isDirectory()) throw new Error(`${kind} folder ${dir} is a file: give ${give}`);
}

/**
 * Logs the files left out: each that could not be read as a warning, with its reason; those read
 * and found to be no page of the site (see `NotAPage`) as information, one line for each kind
 * when there are many (a built site's hundreds of redirects and tag pages).
 */
function logSkipped(skipped: SkippedFile[], logger: Pick<Logger, 'info' | 'warn'>): void {
  const notPages = new Map<NotAPageKind, SkippedFile[]>();
  for (const file of skipped) {
    if (file.notAPage === undefined) logger.warn(`Skipped ${file.path}: ${file.reason}`);
    else notPages.set(file.notAPage, [...(notPages.get(file.notAPage) ?? []), file]);
  }
  for (const [kind, files] of notPages) {
    if (files.length <= NOT_A_PAGE_LINES) {
      for (const file of files) logger.info(`Skipped ${file.path}: ${file.reason}`);
      continue;
    }
    const named = files.slice(0, NOT_A_PAGE_LINES).map((file) => file.path);
    logger.info(
      `Skipped ${files.length} ${NOT_A_PAGE_NAMES[kind]}: ${named.join(', ')} and ${files.length - named.length} more`,
    );
  }
}

function describeKeys(config: ServiceConfig, isDefault: boolean): string[] {
  const agents = config.agents.map((agent) => {
    const who = `project "${agent.projectId}", agent "${agent.id}"`;
    if (agent.apiKey === undefined) return `Agent: ${who} (public, no key)`;
    // Only the well-known demo key is printed; keys from a config file stay out of logs.
    return isDefault
      ? `API key: ${agent.apiKey} (${who})`
      : `Agent: ${who}${agent.public ? ' (public)' : ''}`;
  });
  // Agent keys travel in pages: a site owner should know they read the analytics too.
  const withoutKey = config.projects.filter((project) => project.analyticsKey === undefined);
  const readsWith = (project: (typeof withoutKey)[number]) =>
    config.agents.some((agent) => agent.projectId === project.id && agent.apiKey !== undefined);
  /** `project "a"`, or `projects "a", "b"`: one line says it of them all. */
  const named = (projects: typeof withoutKey) =>
    `project${projects.length > 1 ? 's' : ''} ${projects.map(({ id }) => `"${id}"`).join(', ')}`;
  const open = withoutKey.filter(readsWith);
  if (open.length > 0 && !isDefault)
    agents.push(
      `Analytics of ${named(open)} are read with any of ${open.length > 1 ? 'their' : 'its'} agent keys; set analyticsKey to keep them from the keys pages carry`,
    );
  // A project whose one agent is public without a key: nothing reads what its visitors ask. One
  // at most, as one agent at most is public.
  const closed = withoutKey.filter((project) => !readsWith(project));
  if (closed.length > 0)
    agents.push(
      `Analytics of ${named(closed)} can't be read: no analyticsKey, and no agent of it has a key; set analyticsKey to read them`,
    );
  return agents;
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const logger = options.logger ?? createConsoleLogger();
  const env = options.env ?? process.env;
  // Checked first, so that a bad port stops the start before the content is indexed.
  const port = requestedPort(options.port, env);
  const isDefaultConfig = options.config === undefined;
  const config =
    options.config === undefined
      ? defaultConfig()
      : typeof options.config === 'string'
        ? loadConfigFile(options.config, env)
        : options.config;
  for (const warning of configWarnings(config)) logger.warn(warning);
  const keepDays = options.keepDays ?? config.keepDays;
  // Checked here too (Retention does), so that a bad one stops the start before the content is read.
  if (keepDays !== undefined && !isKeepDays(keepDays))
    throw new Error(`keepDays ${KEEP_DAYS_RULE}, got ${keepDays}`);
  const contentDir = resolve(options.contentDir ?? DEMO_CONTENT_DIR);
  requireFolder('content', contentDir, 'the folder that holds the documents');
  if (options.staticDir !== undefined) requireFolder('static', options.staticDir, 'the folder to serve at /');

  // The bundled documentation is published by scripts/render-demo-docs.ts, in GitHub's style,
  // wherever the package is installed.
  let generator: SiteGenerator =
    options.contentDir === undefined ? { anchors: 'github' } : siteGeneratorOf(contentDir);
  // The language, the embeddings' and the model's variables are checked before the content is
  // read: a typo is told at once. Vector search is optional: the EMBEDDINGS_* variables turn it on.
  const languageCode = indexLanguage(options.language);
  // The config file refuses English stop words in synonym groups; those of the site's language,
  // given, are refused here (told from the pages, they are warned of once it is known, below).
  if (languageCode !== 'auto' && languageCode !== 'en' && config.synonyms?.groups.length) {
    const problem = synonymStopWordProblem(config.synonyms, await loadLanguage(languageCode));
    if (problem !== undefined)
      throw new ConfigError(
        `${typeof options.config === 'string' ? `config file ${options.config}` : 'config'}: ${problem}`,
      );
  }
  createEmbeddingProviderFromEnv(env);
  const languageModel = languageModelFromEnv(env);
  // The database and the port are tried before the content is read: a mistake in either is
  // reported at once, not after minutes of indexing a large folder.
  // An empty HOST is unset, as an empty PORT is (a shell's `HOST=`): never every interface.
  const host = options.host || env.HOST || DEFAULT_HOST;
  /** Where the host came from, as messages name it. */
  const hostSource = options.host ? '--host' : 'HOST';
  await assertPortFree(port, host, hostSource);
  const dbFile = options.dbFile ?? ':memory:';
  const store = createSqliteStore(dbFile);
  // The file's pages are checked (in the reports' thread) while the content is indexed: a file
  // damaged past its header opened, and every question then failed while health said ok.
  const checking = store.quickCheck?.().then(
    (fault) => ({ fault }),
    (error: unknown) => ({ error }),
  );
  // The index in a thread of its own (the default on more than one core) reads the folder and
  // holds the documents there; else it is built here, from the folder read in worker threads.
  const thread =
    (options.indexThread ?? availableParallelism() > 1)
      ? new IndexThread({ language: options.language, env, logger, dbFile, synonyms: config.synonyms })
      : undefined;
  const inThisThread = thread
    ? undefined
    : createIndexFromEnv({ env, language: options.language, logger, dbFile, synonyms: config.synonyms });
  const index: SearchIndex = thread ?? (inThisThread as IndexFromEnv).index;
  /** The embeddings model and endpoint, once the documents are embedded (hybrid search is on). */
  let embedded: { model: string; endpoint: string } | undefined;
  /**
   * The files skipped by the last index, with why: a re-index tells only those skipped anew or for
   * another reason, so that the page a save just broke is not lost among every file told before.
   */
  let toldSkipped = new Map<string, string>();
  /** The config file and the database, never indexed whatever link in the folder leads to them. */
  const privateFiles = privateFilesOf(store, config);
  /** Reads the content folder into the index (at start, and on change with `watch`). */
  const indexContent = async (): Promise<{ skipped: SkippedFile[]; ms: number; documents: string }> => {
    const started = performance.now();
    // Looked for at each read: with `watch`, the generator's configuration may have come, changed or gone.
    const found = options.contentDir === undefined ? generator : siteGeneratorOf(contentDir);
    if (found.evidence !== generator.evidence)
      logger.info(
        found.name === undefined
          ? `No site generator found beside ${contentDir} any more: its pages are linked by their paths`
          : `Reading ${contentDir} as ${found.name} publishes it (found ${found.evidence})`,
      );
    generator = found;
    const anchors = options.anchors ?? generator.anchors;
    let skipped: SkippedFile[];
    if (thread) {
      const loaded = await thread.loadFolder(contentDir, { siteUrl: options.siteUrl, anchors, privateFiles });
      skipped = loaded.skipped;
      embedded = loaded.embeddings;
    } else {
      // The index is built as the files are read (in worker threads, for a large folder).
      const content = readContentFolder(contentDir, { siteUrl: options.siteUrl, anchors, privateFiles });
      await index.load(content.documents);
      skipped = content.skipped;
      embedded = inThisThread?.embedded();
    }
    logSkipped(
      skipped.filter((file) => toldSkipped.get(file.path) !== file.reason),
      logger,
    );
    toldSkipped = new Map(skipped.map((file) => [file.path, file.reason]));
    const count = index.documentCount;
    return {
      skipped,
      ms: performance.now() - started,
      documents: `${count} document${count === 1 ? '' : 's'}`,
    };
  };
  let indexed: Awaited<ReturnType<typeof indexContent>>;
  try {
    indexed = await indexContent();
  } catch (error) {
    await Promise.all([store.close(), thread?.close(), inThisThread?.close()]);
    throw error;
  }
  const checked = await checking;
  if (checked && 'error' in checked)
    logger.warn(`Could not check database ${dbFile}: ${String(checked.error)}`);
  else if (checked?.fault !== undefined) {
    await Promise.all([store.close(), thread?.close(), inThisThread?.close()]);
    throw new Error(
      `database ${dbFile} is damaged (SQLite's quick check: ${checked.fault}): restore it from a backup, or recover what it holds into a new file with sqlite3's .recover`,
    );
  }
  // When embedding the documents failed, the hybrid index has logged that search is lexical only.
  if (embedded) logger.info(`Hybrid search is on: embeddings by ${embedded.model} at ${embedded.endpoint}`);
  logger.info(`Indexed ${indexed.documents} from ${contentDir} in ${Math.round(indexed.ms)} ms`);
  // Not fatal (with --watch, pages may come), but no success either: a folder of the wrong level,
  // or a build not run yet, answered every visitor that nothing was found, and the log said none.
  if (index.documentCount === 0)
    logger.warn(
      `No document was indexed from ${contentDir}: search will find nothing and every answer will say it found none. --content takes the folder of the .md, .mdx, .html or .txt pages${indexed.skipped.length > 0 ? ' (those skipped are listed above)' : ''}`,
    );
  const language = index.language?.code ?? 'en';
  const told = (options.language ?? 'auto') === 'auto';
  if (language !== 'en' || !told)
    logger.info(
      `Text read as ${languageName(language)} (${told ? 'told from the first pages; --language sets it' : 'as configured'})`,
    );
  const warnOfStopWords = () => {
    const problem = index.language && synonymStopWordProblem(config.synonyms, index.language);
    if (problem)
      logger.warn(`${problem} (the text is read as ${languageName(index.language?.code ?? 'en')})`);
  };
  if (told) warnOfStopWords();
  if (generator.name !== undefined && options.anchors === undefined)
    logger.info(`Heading anchors as ${generator.name} writes them (found ${generator.evidence})`);
  const basePath = options.siteUrl ? undefined : basePathOf(generator);
  if (basePath !== undefined)
    logger.info(
      `Pages linked under ${basePath}/, the path ${generator.name}'s configuration publishes them under (found ${generator.evidence}); --site-url gives the whole URL`,
    );

  // The thread answers questions from its documents itself.
  const answerer = thread ?? createAnswererFromEnv({ index, env, logger });
  const searches = config.recordSearches ? new SettledSearches(store, { logger }) : undefined;
  const retention = keepDays === undefined ? undefined : new Retention(store, { keepDays, logger });
  const app = createApp({
    store,
    index,
    answerer,
    config,
    logger,
    staticDir: options.staticDir,
    languageModel,
    searches,
  });

  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    listening = await listen(app, port, host, config, options.responseStallMs ?? RESPONSE_STALL_MS);
  } catch (error) {
    await Promise.all([store.close(), thread?.close(), inThisThread?.close()]);
    throw error;
  }
  // On every interface (`0.0.0.0`, `::`, or another spelling of them: `0`, `::0`, told by the
  // address bound), the URL is this machine's loopback: `http://[::]:…` is no address to connect
  // to (Windows refuses it), as `http://0.0.0.0:…` is none.
  const loopback = EVERY_INTERFACE_LOOPBACK.get(listening.address);
  const everyInterface = loopback !== undefined;
  const urlHost = loopback ?? urlHostOf(host);
  const url = `http://${urlHost}:${listening.port}`;
  logger.info(
    `Database: ${dbFile === ':memory:' ? 'in memory (nothing is kept after exit)' : resolve(dbFile)}`,
  );
  for (const line of describeKeys(config, isDefaultConfig)) logger.info(line);
  // On every interface the URL printed is this machine's own; say that others reach it too, so
  // that `--host 0.0.0.0` doesn't read as if it had been ignored.
  logger.info(
    `Listening on ${url}${everyInterface ? `, and on every address of this machine (${hostSource} ${host})` : ''}`,
  );
  if (options.staticDir !== undefined) logger.info(`Serving ${resolve(options.staticDir)} at ${url}/`);
  if (retention !== undefined) {
    const days = retention.keepDays;
    logger.info(
      `Keeping questions, feedback and searches for ${days} day${days === 1 ? '' : 's'}: older ones are deleted now and every hour`,
    );
    retention.start();
  }

  // Re-indexing on change: the index swaps in its new state when built, so requests meanwhile
  // are answered from the old one.
  const waiting: ((count: number) => void)[] = [];
  let closing: Promise<void> | undefined;
  const watcher =
    options.watch === true
      ? watchFolder(
          contentDir,
          async () => {
            const before = index.language?.code ?? 'en';
            const reindexed = await indexContent();
            logger.info(`Re-indexed ${reindexed.documents} in ${Math.round(reindexed.ms)} ms`);
            // The first pages may now be in another language (told again each time): say so.
            const now = index.language?.code ?? 'en';
            if (now !== before)
              logger.warn(
                `Text now read as ${languageName(now)}, not ${languageName(before)} (told from the first pages; --language sets it)`,
              );
            if (now !== before) warnOfStopWords();
            for (const resolveWait of waiting.splice(0)) resolveWait(index.documentCount);
          },
          (error, during) => {
            // A re-index under way when the service stops ends with its index thread: no fault.
            if (closing !== undefined) return;
            logger.error(
              during === 'watch'
                ? watchFailure(contentDir, error)
                : `Re-indexing ${contentDir} failed: ${String(error)}`,
            );
          },
          {
            onFolderGone: () =>
              logger.warn(`${contentDir} is gone: still serving what it held, until it is back`),
            onFolderBack: () => logger.info(`${contentDir} is back: re-indexing it`),
            // The database may sit among the pages (its default is the working folder's): its
            // writes, at every answer, are no change of content.
            counts: (path) => mayChangeContent(contentDir, path),
            // A generator's configuration above the folder (docusaurus.config.js, hugo.toml)
            // decides how its pages are linked.
            ...(options.contentDir === undefined ? {} : { files: siteConfigFilesAbove(contentDir) }),
          },
        )
      : undefined;
  if (watcher) logger.info(`Watching ${contentDir} for changes`);

  return {
    url,
    port: listening.port,
    app,
    config,
    store,
    index,
    answerer,
    retention,
    documentCount: index.documentCount,
    skipped: indexed.skipped,
    indexMs: indexed.ms,
    ...(watcher ? { reindexed: () => new Promise<number>((resolveWait) => waiting.push(resolveWait)) } : {}),
    close: () => {
      watcher?.close();
      // Answers waiting on a language model are given extractively now: the model may take longer
      // than the stop waits for requests in flight (10 s), which then cut them without an answer.
      answerer.stopGenerating?.();
      // The searches still held are written before the store closes: the visitors stopped there.
      // Retention stops after its batch: no purge runs on into a closed store.
      closing ??= Promise.all([closeServer(listening.server, listening.answering), retention?.close()])
        .then(() => searches?.close())
        .then(() => Promise.all([store.close(), thread?.close(), inThisThread?.close()]))
        .then(() => undefined);
      return closing;
    },
  };
}

/**
 * Where the site's synonym groups hold a word search leaves out in `language` (`le` in French),
 * which never matches, and what to do (`synonyms.0.1: "le" is…`); undefined when none does.
 */
function synonymStopWordProblem(synonyms: SiteSynonyms | undefined, language: Language): string | undefined {
  const analyser = new TextAnalyser(language);
  for (const [at, group] of (synonyms?.groups ?? []).entries()) {
    const word = group.findIndex((one) => analyser.isStopWord(one));
    if (word !== -1)
      return `synonyms.${at}.${word}: ${JSON.stringify(group[word])} is a word search leaves out in ${languageName(language.code)} (too common to tell pages apart): leave it out`;
  }
  return undefined;
}
