import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  AnalyticsQuerySchema,
  AnalyticsRecordsQuerySchema,
  AnalyticsRecordSchema,
  TopQuestionSchema,
  TopSearchSchema,
} from '../../wire/schemas.js';
import type { AgentKeys } from '../http/agent-keys.js';
import { ApiError, invalidField } from '../http/api-error.js';
import type { AppEnv, ServiceApp } from '../http/app-env.js';
import { type BotGuardDependencies, limitRequest, spend } from '../http/bot-guard.js';
import { clientAddress } from '../http/client-address.js';
import {
  ANALYTICS_SORTS,
  type AnalyticsReport,
  analyticsFilter,
  analyticsParameters,
  analyticsReport,
} from '../service/analytics-report.js';
import type { Store } from '../store/store.js';
import { methodNotAllowed } from './method-not-allowed.js';
import { errorResponse } from './error-responses.js';

const projectParams = z.object({
  projectId: z.string().openapi({ param: { name: 'projectId', in: 'path' } }),
});

const analyticsErrors = {
  400: errorResponse('A parameter is invalid (`error.field` names it). The hosted service answers 500 here.'),
  401: errorResponse('The Bearer key is missing, unknown, or not a key of this project.'),
  429: errorResponse(
    'Too many reports, or refused keys, from this address; the Retry-After header says when to retry.',
  ),
  500: errorResponse('Listing failed: a fault in the service (the database failing, say).'),
  503: errorResponse(
    '`reports_busy`: 16 reports are being read or waiting already (they are read one at a time); the Retry-After header says when to retry.',
  ),
};

/**
 * Reports being read or waiting at once, whatever their project and address, beyond which one
 * more is refused (503 `reports_busy`). Reports are read one at a time (see `ReportReader`):
 * each address's rate limit kept one address from piling them up, but not many addresses with a
 * key (8 of them, each within its limit, over a year of 200,000 questions: a report asked 30 s in
 * was answered 118 s later, every dashboard waiting behind it, and the queue grew as long as they
 * asked). At 4 to 5 s for a year of a busy site, the 16th waits about a minute.
 */
export const MAX_REPORTS_IN_FLIGHT = 16;
/** Seconds a refused report is told to wait: a report over a year of a busy site takes 4 to 5. */
const REPORTS_BUSY_RETRY_AFTER_S = 5;

/**
 * A report's query as /openapi.json describes it: its schema, with the sorts that report takes
 * (validated by `analyticsFilter`; the schema's sort is any string, as each report takes its own).
 */
function reportQuerySchema<S extends typeof AnalyticsQuerySchema>(schema: S, report: AnalyticsReport): S {
  const sorts = ANALYTICS_SORTS[report];
  return schema.extend({
    sort: schema.shape.sort.openapi({
      enum: [...sorts],
      default: sorts[0],
      description: 'A field to sort by, ascending; with `-` in front, descending.',
    }),
  }) as S;
}

export const analyticsRoutes = [
  createRoute({
    method: 'get',
    path: '/api/projects/{projectId}/analytics',
    tags: ['analytics'],
    summary: 'Questions asked of a project',
    description:
      "Also reachable as `/api/projects/{projectId}/analytics/startDate=..&endDate=..` (the spec's path shape). " +
      'Dates are epoch milliseconds or ISO 8601; a date-only endDate includes that whole day (UTC). ' +
      "Parameter names are read whatever their case (`EndDate`, as the spec's parameter table spells it, is `endDate`).",
    security: [{ bearerAuth: [] }],
    request: { params: projectParams, query: reportQuerySchema(AnalyticsRecordsQuerySchema, 'analytics') },
    responses: {
      200: {
        description: 'One record per question asked, answered or not (didAnswer says which).',
        content: { 'application/json': { schema: z.array(AnalyticsRecordSchema) } },
      },
      ...analyticsErrors,
    },
  }),
  createRoute({
    method: 'get',
    path: '/api/projects/{projectId}/analytics/topquestions',
    tags: ['analytics'],
    summary: 'Most asked questions of a project',
    description:
      "Questions grouped case- and punctuation-insensitively. Also reachable in the spec's path shape.",
    security: [{ bearerAuth: [] }],
    request: { params: projectParams, query: reportQuerySchema(AnalyticsQuerySchema, 'topquestions') },
    responses: {
      200: {
        description: 'The top questions.',
        content: { 'application/json': { schema: z.array(TopQuestionSchema) } },
      },
      ...analyticsErrors,
    },
  }),
  createRoute({
    method: 'get',
    path: '/api/projects/{projectId}/analytics/topsearches',
    tags: ['analytics'],
    summary: 'Most frequent searches of a project (the reference service only)',
    description:
      'The searches visitors settled on (the last state of a query typed, once no other search of theirs ' +
      'followed within 2 s), grouped as questions are; `found` says how many found a document. ' +
      '`sort=-unfound` lists first those that found nothing: the content gaps. Sorts: -count (default), count, ' +
      '-createdAt, createdAt (by the latest search), -unfound, unfound. Nothing is recorded with ' +
      '`recordSearches: false` in the config file.',
    security: [{ bearerAuth: [] }],
    request: { params: projectParams, query: reportQuerySchema(AnalyticsQuerySchema, 'topsearches') },
    responses: {
      200: {
        description: 'The top searches.',
        content: { 'application/json': { schema: z.array(TopSearchSchema) } },
      },
      ...analyticsErrors,
    },
  }),
];

function unauthorized(message: string): ApiError {
  return new ApiError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

/**
 * Why the request may not read the project's analytics, if it may not: the
 * `Authorization: Bearer <key>` must be the project's analytics key, or, when it has none, the
 * key of one of its agents.
 */
function refusal(
  keys: AgentKeys,
  authorization: string | undefined,
  projectId: string,
): ApiError | undefined {
  // HTTP's white space: space and tab. JavaScript's \s holds U+00A0 too, which a header carries
  // (Latin-1) and an agent key may hold.
  const match = /^Bearer[ \t]+([^ \t]+)[ \t]*$/i.exec(authorization ?? '');
  if (match === null)
    return unauthorized(`Authorization: Bearer <API key> is required${bearerMissing(authorization)}`);
  if (!keys.readsAnalyticsOf(match[1]!, projectId)) {
    return unauthorized("The key is not this project's analytics key (or, without one, an agent key of it)");
  }
  return undefined;
}

/**
 * What a header sent without `Bearer ` lacks, as curl users write it (`-H "Authorization: KEY"`,
 * `Token KEY`, `Basic …`), which read as if no header had come; never the key itself.
 */
function bearerMissing(authorization: string | undefined): string {
  const words = (authorization ?? '').trim().split(/[ \t]+/);
  if (words[0] === '' || /^Bearer$/i.test(words[0]!)) return '';
  if (words.length === 1) return ': the header holds no "Bearer " before the key';
  return /^[A-Za-z][\w-]{0,19}$/.test(words[0]!) ? `, not ${words[0]}` : '';
}

/**
 * The spec's parameters as a path segment: `name=value` pairs joined by `&`, so at least one `=`
 * (or `%3D`, as a client that encodes the segment writes it). A segment without one
 * (`/analytics/topquestion`, a report's name mistyped) names no report and is a 404: taken as
 * parameters, it answered the analytics records, whose shape a dashboard then misread.
 */
const PATH_PARAMETERS = '[^/]*(?:=|%3[dD])[^/]*';

/**
 * The paths a report answers on: bare, and with the spec's parameters as one more segment
 * (`/analytics/startDate=..&endDate=..`). A trailing slash, which links and proxies often add,
 * is the app's to take (`strict: false`): a shape of its own here would take a second one too
 * (`/analytics//`), an empty segment, which no other endpoint takes.
 */
function reportPathShapes(path: string): string[] {
  return [path, `${path}/:pathParameters{${PATH_PARAMETERS}}`];
}

export function registerAnalyticsRoutes(
  app: ServiceApp,
  deps: { store: Store } & BotGuardDependencies,
): void {
  for (const route of analyticsRoutes) app.openAPIRegistry.registerPath(route);
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', { type: 'http', scheme: 'bearer' });

  let inFlight = 0;
  const handle = (report: AnalyticsReport) => async (c: Context<AppEnv>) => {
    const projectId = c.req.param('projectId')!;
    const refused = refusal(deps.keys, c.req.header('authorization'), projectId);
    if (refused !== undefined) {
      // Only refusals spend from the limit (the bot endpoints' bucket for requests without a valid
      // key), so keys can't be guessed here faster than there, and an owner's reports never wait.
      limitRequest(c, deps, undefined);
      throw refused;
    }
    const address = clientAddress(c, deps.config.trustProxy);
    spend(deps.limiter, `(reports) ${projectId} ${address}`, deps.config.reportLimit);
    const parameters = analyticsParameters(c.req.param('pathParameters'), new URL(c.req.url).searchParams);
    const filter = analyticsFilter(report, projectId, parameters);
    // A mistyped agent would report nothing, as if no one had asked it anything.
    const agents = deps.config.projects.find((project) => project.id === projectId)?.agents ?? [];
    if (filter.agentId !== undefined && !agents.some((agent) => agent.id === filter.agentId)) {
      throw invalidField(
        'agentId',
        `project "${projectId}" has no agent "${filter.agentId}"; its agents: ${agents.map((agent) => agent.id).join(', ')}`,
      );
    }
    if (inFlight >= MAX_REPORTS_IN_FLIGHT)
      throw new ApiError(
        503,
        'reports_busy',
        `${MAX_REPORTS_IN_FLIGHT} reports are being read or waiting to be read already (the service reads them one at a time): ask again in a few seconds`,
        { headers: { 'Retry-After': String(REPORTS_BUSY_RETRY_AFTER_S) } },
      );
    inFlight++;
    try {
      // A report holds what visitors typed, read with a key: no cache, a browser's or a proxy's,
      // keeps a copy of it, and a dashboard that polls never shows one out of date.
      c.header('Cache-Control', 'no-store');
      return c.json(await analyticsReport(deps.store, report, filter));
    } finally {
      inFlight--;
    }
  };
  // The named reports first: `/analytics/:pathParameters` would otherwise take "topquestions" as parameters.
  const reports = [
    ['topquestions', '/api/projects/:projectId/analytics/topquestions'],
    ['topsearches', '/api/projects/:projectId/analytics/topsearches'],
    ['analytics', '/api/projects/:projectId/analytics'],
  ] as const;
  // Reports are read-only: another method on their paths is told so, not "not found". Deeper
  // paths are no report's, and get the 404 of any unknown path.
  const readOnly = methodNotAllowed(['GET']);
  for (const [report, path] of reports) {
    const handler = handle(report);
    for (const shape of reportPathShapes(path)) app.get(shape, handler).all(shape, readOnly);
  }
}
