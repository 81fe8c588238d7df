/**
 * A small HTTP server on loopback that misbehaves on purpose, for the client's fault tests. Each
 * path is a fault; every request is recorded so tests can count attempts and read what was sent.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export interface MisbehavingServer {
  url: string;
  requests: RecordedRequest[];
  /** Requests whose path starts with `prefix`. */
  requestsTo(prefix: string): RecordedRequest[];
  close(): Promise<void>;
}

type Fault = (request: RecordedRequest, response: ServerResponse, count: number) => void;

/** Answers with `body` as JSON. */
export const json = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

const answerRecord = {
  answer: 'Install it with npm.',
  title: 'Install',
  link: '/docs/install',
  description: 'How to install',
  relevanceScore: 87.5,
  assetType: 'webpage',
  didAnswer: true,
  context: { passages: [] },
  insightId: 'insight-1',
  error: null,
  conversationId: 'conversation-1',
};

const faults: Record<string, Fault> = {
  // Echoes what it received, as a valid answer of each endpoint.
  '/ok/bot/search': (_req, res) =>
    json(res, 200, [{ title: 'A', description: 'B', link: '/a', assetType: 'webpage' }]),
  '/ok/bot/askai': (_req, res) => json(res, 200, answerRecord),
  // The hosted service is also seen at these paths.
  '/ok/api/search': (_req, res) => json(res, 200, []),
  '/ok/api/askai': (_req, res) => json(res, 200, answerRecord),
  '/ok/bot/feedback': (_req, res) => json(res, 200, { success: true }),
  '/ok/api/healthz': (_req, res) => json(res, 200, { status: 'ok' }),
  '/ok/api/projects': (_req, res) => json(res, 200, []),
  // Answers only after 2 s.
  '/slow': (_req, res) => {
    const timer = setTimeout(() => json(res, 200, { status: 'ok' }), 2000);
    res.on('close', () => clearTimeout(timer));
  },
  '/error500': (_req, res) => json(res, 500, { error: { code: 'internal', message: 'Something broke.' } }),
  // Fails twice with 503, then succeeds.
  '/flaky': (_req, res, count) =>
    count <= 2
      ? json(res, 503, { error: { code: 'unavailable', message: 'Try later.' } })
      : json(res, 200, { success: true }),
  '/ratelimited': (_req, res, count) =>
    count === 1
      ? json(res, 429, { error: { code: 'rate_limited', message: 'Slow down.' } }, { 'retry-after': '1' })
      : json(res, 200, { status: 'ok' }),
  '/ratelimited-long': (_req, res) =>
    json(res, 429, { error: { code: 'rate_limited', message: 'Slow down.' } }, { 'retry-after': '30' }),
  '/html': (_req, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
  },
  '/html200': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Login</title>');
  },
  '/truncated': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[{"title":"A","descr');
  },
  '/empty': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end();
  },
  '/reset': (_req, res) => res.socket?.destroy(),
  '/invalid-field': (_req, res) =>
    json(res, 400, {
      error: { code: 'invalid_field', message: 'numDocs must be at most 100', field: 'numDocs' },
    }),
  '/answer-error': (_req, res) =>
    json(res, 200, {
      ...answerRecord,
      didAnswer: false,
      error: { code: 'llm_failed', message: 'The model failed.' },
    }),
  '/answer-error-text': (_req, res) =>
    json(res, 200, { ...answerRecord, didAnswer: false, error: 'The index is rebuilding.' }),
  '/answer-error-silent': (_req, res) => json(res, 200, { ...answerRecord, didAnswer: false, error: {} }),
};

/** A loopback server that records each request whole (body read), then lets `answer` reply. */
export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecordingServer(
  answer: (request: RecordedRequest, response: ServerResponse) => void,
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(recorded);
      answer(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startMisbehavingServer(): Promise<MisbehavingServer> {
  const counts = new Map<string, number>();
  const server = await startRecordingServer((recorded, res) => {
    const path = recorded.url.split('?')[0] ?? '';
    const prefix = Object.keys(faults)
      .filter((key) => path.startsWith(key))
      .sort((a, b) => b.length - a.length)[0];
    if (!prefix) return json(res, 404, { error: { code: 'not_found', message: 'No such fault.' } });
    const count = (counts.get(prefix) ?? 0) + 1;
    counts.set(prefix, count);
    faults[prefix]!(recorded, res, count);
  });
  return {
    ...server,
    requestsTo: (prefix) => server.requests.filter((r) => r.url.startsWith(prefix)),
  };
}
