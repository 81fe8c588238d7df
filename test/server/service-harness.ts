/**
 * Starts the real service (content loader, Orama index, extractive answerer, SQLite in memory)
 * on a random port of 127.0.0.1 and talks to it over HTTP, as a client would.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type ConfigFile, parseConfig } from '../../src/server/config.js';
import { quietLogger } from '../../src/server/logger.js';
import { type RunningService, type ServiceOptions, startService } from '../../src/server/main.js';

export const FIXTURE_CONTENT = fileURLToPath(new URL('./fixtures/content/', import.meta.url));

export const DEMO_KEY = 'demo-key';

export interface TestService extends RunningService {
  /** POSTs a JSON body (or a raw string) and returns the response. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** POSTs and parses the JSON answer. */
  postJson<T = any>(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; response: Response }>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
}

export async function startTestService(
  options: { config?: ConfigFile } & Omit<ServiceOptions, 'config'> = {},
): Promise<TestService> {
  const { config, ...rest } = options;
  const service = await startService({
    contentDir: FIXTURE_CONTENT,
    dbFile: ':memory:',
    port: 0,
    host: '127.0.0.1',
    logger: quietLogger,
    env: {},
    ...rest,
    config: config === undefined ? undefined : parseConfig(config, 'test config'),
  });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(service.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    ...service,
    post,
    async postJson(path, body, headers) {
      const response = await post(path, body, headers);
      return { status: response.status, body: await response.json(), response };
    },
    get: (path, headers = {}) => fetch(service.url + path, { headers }),
  };
}

/**
 * A service of two sites: "demo", with two agents ("docs", whose key is DEMO_KEY, and "support",
 * "support-key"), and "other", whose agent has the same id "docs" ("other-project-key").
 */
export function twoProjectsConfig(): ConfigFile {
  return configWith({
    projects: [
      {
        id: 'demo',
        agents: [
          { id: 'docs', apiKey: DEMO_KEY },
          { id: 'support', apiKey: 'support-key' },
        ],
      },
      { id: 'other', agents: [{ id: 'docs', apiKey: 'other-project-key' }] },
    ],
  });
}

/** Writes `pages` (path in the site: text) into the folder `dir`. */
export function writeSite(dir: string, pages: Record<string, string>): void {
  for (const [path, text] of Object.entries(pages)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** Serves `pages` from a folder of their own to the tests of the enclosing `describe`. */
export function servedSite(
  prefix: string,
  pages: Record<string, string>,
  options: Parameters<typeof startTestService>[0] = {},
): () => TestService {
  let dir: string;
  let service: TestService;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    writeSite(dir, pages);
    service = await startTestService({ ...options, contentDir: dir });
  });
  after(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => service;
}

/** A config with rate limits high enough that only the rate-limit test meets them. */
export function configWith(overrides: Partial<ConfigFile> = {}): ConfigFile {
  return {
    projects: [{ id: 'demo', agents: [{ id: 'docs', apiKey: DEMO_KEY }] }],
    rateLimit: { requestsPerSecond: 10_000, burst: 10_000, reportsPerSecond: 10_000, reportBurst: 10_000 },
    ...overrides,
  };
}

/** Opens a raw connection to the service at `port` and `host`, kept in `sockets` to be destroyed. */
export function openConnection(port: number, host: string, sockets: Socket[]): Promise<Socket> {
  return new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, host, () => resolve(socket)).once('error', reject);
    socket.on('error', () => {});
    sockets.push(socket);
  });
}

/** Whether a health request on the connection is answered 200 (false when the service closes it instead). */
export function servedOn(socket: Socket): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let head = '';
    socket.on('data', (chunk) => {
      head += chunk;
      if (head.includes('\r\n\r\n')) resolve(/^HTTP\/1\.1 200 /.test(head));
    });
    socket.once('close', () => resolve(false));
    if (socket.destroyed) resolve(false);
    else socket.write('GET /api/healthz HTTP/1.1\r\nHost: x\r\n\r\n');
  });
}
