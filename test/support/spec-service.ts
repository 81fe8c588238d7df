/**
 * A stand-in for the hosted service of SPEC.md: it answers each endpoint with records holding
 * only the fields SPEC's tables show (SPEC gives no literal example responses, so these are its
 * tables filled in), or, under `/hosted/`, those fields and extra ones a hosted service may add.
 * The client's Node tests serve it on loopback; the browser tests reach it on the test origin
 * at `/spec-service/` (test/support/spec-service-plugin.mjs). Every request is recorded.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Search result items (SPEC 2.1): title, description, link, assetType, nothing else. */
export const SPEC_SEARCH_ITEMS = [
  {
    title: 'Install the widget',
    description: 'Add the script tag to every page.',
    link: 'https://docs.example.com/install',
    assetType: 'webpage',
  },
  {
    title: 'Pricing',
    description: 'Plans and what each includes.',
    link: 'https://docs.example.com/pricing',
    assetType: 'pdf',
  },
];

/**
 * An answer record (SPEC 2.2): the answer in the requested format, its source, a relevance on
 * the 0 to 100 scale with decimals, a context whose inner structure SPEC does not show (here
 * empty: no `passages`), `error` null on success.
 */
export function specAnswer(format: string, insightId: string, conversationId: string) {
  return {
    answer:
      format === 'markdown'
        ? 'Add the **script tag** to every page.'
        : '<p>Add the <strong>script tag</strong> to every page.</p>',
    title: 'Install the widget',
    link: 'https://docs.example.com/install',
    description: 'Add the script tag to every page.',
    relevanceScore: 87.25,
    assetType: 'webpage',
    didAnswer: true,
    context: {},
    insightId,
    error: null,
    conversationId,
  };
}

/** The answer record of a question the service could not answer (`didAnswer: false`). */
export function specDeclined(insightId: string, conversationId: string) {
  return {
    answer: 'Sorry, I could not find an answer to that.',
    title: '',
    link: '',
    description: '',
    relevanceScore: 0,
    assetType: '',
    didAnswer: false,
    context: {},
    insightId,
    error: null,
    conversationId,
  };
}

/** Fields a hosted service may add beyond SPEC's, to each record. */
const HOSTED_EXTRAS = {
  searchItem: { id: 'doc-17', score: 0.92, tags: ['guides'], updatedAt: '2026-03-01T10:00:00Z' },
  answer: {
    context: { chunks: [{ text: 'Add the script tag.', url: 'https://docs.example.com/install' }] },
    followUpQuestions: ['Where do I find my key?'],
    model: 'hosted-model-2',
    usage: { promptTokens: 812, completionTokens: 41 },
  },
  feedback: { message: 'Feedback recorded.' },
  health: { version: '4.2.0', uptime: 86400 },
};

/** An error status and its body. */
class SpecError {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export interface SpecRequest {
  method: string;
  /** The path and query string, without the `/spec` or `/hosted` prefix. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface SpecService {
  /** Every request received, oldest first. */
  requests: SpecRequest[];
  /** Answers a request whose URL starts with `/spec/` or `/hosted/` (after any prefix stripped). */
  handle(request: IncomingMessage, response: ServerResponse, url: string): void;
}

const jsonOf = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The stand-in's answers; `requests` keeps what each call sent. */
export function specService(): SpecService {
  const requests: SpecRequest[] = [];
  let insights = 0;
  const answer = (request: SpecRequest, hosted: boolean): unknown => {
    const path = request.url.split('?')[0]!;
    const body = jsonOf(request.body);
    const extra = <T extends object>(record: T, extras: object): T =>
      hosted ? { ...record, ...extras } : record;
    if (path === '/api/healthz') return extra({ status: 'ok' }, HOSTED_EXTRAS.health);
    if (path === '/bot/search') {
      // SPEC 7 shows no shape of an error body: here a plain message, as many services write it.
      if (body['numDocs'] === undefined) return new SpecError(400, { message: 'numDocs is required' });
      const count = typeof body['numDocs'] === 'number' ? body['numDocs'] : SPEC_SEARCH_ITEMS.length;
      return SPEC_SEARCH_ITEMS.slice(0, count).map((item) => extra(item, HOSTED_EXTRAS.searchItem));
    }
    if (path === '/bot/askai') {
      const insightId = `insight-${++insights}`;
      const conversationId = String(body['conversationId'] || `conversation-${insights}`);
      const query = String(body['query'] ?? '');
      const record = /nothing/i.test(query)
        ? specDeclined(insightId, conversationId)
        : specAnswer(String(body['format'] ?? 'html'), insightId, conversationId);
      return extra(record, HOSTED_EXTRAS.answer);
    }
    if (path === '/bot/feedback') return extra({ success: true }, HOSTED_EXTRAS.feedback);
    // SPEC 2.5: analytics and top-question records are a JSON list whose fields are not shown.
    if (path.startsWith('/api/projects/')) return [{ label: 'a record whose fields SPEC does not show' }];
    return undefined;
  };
  return {
    requests,
    handle(request, response, url) {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const hosted = url.startsWith('/hosted/');
        const recorded: SpecRequest = {
          method: request.method ?? 'GET',
          url: url.replace(/^\/(spec|hosted)/, ''),
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        requests.push(recorded);
        const answered = answer(recorded, hosted) ?? new SpecError(404, { message: 'not found' });
        const [status, body] =
          answered instanceof SpecError ? [answered.status, answered.body] : [200, answered];
        response.writeHead(status, {
          'content-type': 'application/json',
          // The browser tests' pages are on this origin; a cross-origin caller needs no more here.
          'cache-control': 'no-store',
        });
        response.end(JSON.stringify(body));
      });
    },
  };
}

/** The stand-in served on a loopback port, for Node tests. */
export async function startSpecService(): Promise<SpecService & { url: string; close(): Promise<void> }> {
  const service = specService();
  const server = createServer((request, response) => service.handle(request, response, request.url ?? '/'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...service,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
