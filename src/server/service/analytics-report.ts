import type { AnalyticsRecord, TopQuestion, TopSearch } from '../../wire/index.js';
import { ISO_DATE, ISO_DATE_TIME } from '../../wire/dates.js';
import { AnalyticsRecordsQuerySchema } from '../../wire/schemas.js';
import { ApiError, invalidField } from '../http/api-error.js';
import { parseFields } from '../http/request-validation.js';
import type { AnalyticsFilter, Store } from '../store/store.js';

export type AnalyticsReport = 'analytics' | 'topquestions' | 'topsearches';

/** Sort values each report accepts; the first is the default. */
export const ANALYTICS_SORTS: Record<AnalyticsReport, readonly AnalyticsFilter['sort'][]> = {
  analytics: ['-createdAt', 'createdAt', '-relevanceScore', 'relevanceScore'],
  topquestions: [
    '-count',
    'count',
    '-createdAt',
    'createdAt',
    '-relevanceScore',
    'relevanceScore',
    '-unanswered',
    'unanswered',
    '-negative',
    'negative',
  ],
  topsearches: ['-count', 'count', '-createdAt', 'createdAt', '-unfound', 'unfound'],
};

export const ANALYTICS_DEFAULT_LIMIT = 20;

const DAY_MS = 86_400_000;
/**
 * A positive offset whose `+` a query string or the path shape read as a space
 * (`…T09:30:00 02:00`): form encoding writes a space as `+`, so an unencoded `+` arrives as one.
 */
const OFFSET_PLUS_AS_SPACE = / (\d{2}:?\d{2})$/;
/** A date-time with no offset: read as UTC, as a date alone is, whatever the server's time zone. */
const NO_OFFSET = /T[\d:.]+$/;

/** Whether the `YYYY-MM-DD` a value starts with is a day of the calendar: not 2026-02-31. */
function isCalendarDay(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return daysInMonth !== undefined && day >= 1 && day <= daysInMonth;
}

/**
 * Epoch milliseconds that are surely epoch seconds: ten digits, 1e9 to 1e10, read as seconds 2001
 * to 2286, as milliseconds 12 January to 26 April 1970. `0` (from the start) and small numbers
 * stay valid.
 */
const SECONDS_LIKE = { from: 1e9, to: 1e10 };

/**
 * A date parameter as epoch milliseconds: digits are epoch milliseconds; otherwise ISO 8601.
 * A date without a time is that whole UTC day: its start for startDate, its end for endDate.
 */
function parseDate(field: 'startDate' | 'endDate', written: string): number {
  const value = written.replace(OFFSET_PLUS_AS_SPACE, '+$1');
  let ms = Number.NaN;
  const dateOnly = ISO_DATE.test(value);
  const digits = /^\d{1,15}$/.test(value);
  if (digits) ms = Number(value);
  else if (dateOnly || ISO_DATE_TIME.test(value)) {
    // Date.parse rolls an impossible day over (2026-02-31 is 3 March), which no one means.
    if (!isCalendarDay(value)) {
      throw invalidField(field, `${field} must be a day of the calendar, got "${value}"`);
    }
    ms = dateOnly
      ? Date.parse(`${value}T00:00:00Z`) + (field === 'endDate' ? DAY_MS - 1 : 0)
      : Date.parse(NO_OFFSET.test(value) ? `${value}Z` : value);
  }
  if (!Number.isFinite(ms)) {
    throw invalidField(field, `${field} must be epoch milliseconds or an ISO 8601 date, got "${written}"`);
  }
  // Epoch seconds, as many APIs write dates, read as milliseconds fall in the first months of
  // 1970 (nobody's analytics): told, rather than answered with an empty report.
  if (digits && ms >= SECONDS_LIKE.from && ms < SECONDS_LIKE.to) {
    throw invalidField(
      field,
      `${field} ${value} reads as ${new Date(ms).toISOString()} in epoch milliseconds: send milliseconds (${value}000) or an ISO 8601 date`,
    );
  }
  // A day in ISO 8601's basic form (20261130, as `date +%Y%m%d` writes it) read as milliseconds
  // is 5 to 8 in the morning of 1 January 1970: an empty report that reads as no one asking.
  const day = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}`;
  if (digits && value.length === 8 && value >= '1970' && isCalendarDay(day)) {
    throw invalidField(
      field,
      `${field} ${value} reads as ${new Date(ms).toISOString()} in epoch milliseconds: write the day as ${day}`,
    );
  }
  // A year alone (2026, as ISO 8601 also writes one) read as milliseconds is 2 seconds into 1970:
  // as a startDate, a report of every year before it too, which reads as that year's.
  if (digits && value.length === 4 && value >= '1970') {
    const day = field === 'startDate' ? `its first day as ${value}-01-01` : `its last day as ${value}-12-31`;
    throw invalidField(
      field,
      `${field} ${value} reads as ${new Date(ms).toISOString()} in epoch milliseconds: for the year, write ${day}`,
    );
  }
  return ms;
}

/** The parameters' names by their lower case, each as the schema writes it. */
const PARAMETER_NAMES = new Map(
  Object.keys(AnalyticsRecordsQuerySchema.shape).map((name) => [name.toLowerCase(), name]),
);

/** The parameters only the analytics records take: filters of records, which no count has. */
const RECORD_FILTERS = ['didAnswer', 'feedback'] as const;

/**
 * The analytics parameters, from the query string and from the spec's path shape
 * (`/analytics/startDate=..&endDate=..`), the query string winning. A name is read whatever its
 * case: SPEC 4.5's table spells `EndDate`, and other names are ignored, so `agentID` or `Limit`
 * would answer a report other than the one asked for (every agent's, 20 a page) as if it were it.
 * One given twice in the same place with two values (`limit=5&limit=50`, `endDate` beside
 * `EndDate`) is a 400 naming it: the last was read without a word, a report other than the one
 * meant, or a range error naming the other date.
 */
export function analyticsParameters(
  pathParameters: string | undefined,
  query: URLSearchParams,
): Record<string, string> {
  const merged: Record<string, string> = Object.create(null);
  const sources = [new URLSearchParams(pathParameters ?? ''), query];
  for (const source of sources) {
    const given: Record<string, string> = Object.create(null);
    for (const [written, value] of source) {
      const known = PARAMETER_NAMES.get(written.toLowerCase());
      const name = known ?? written;
      const earlier = given[name];
      // A name that is none of the parameters is ignored, however often it comes.
      if (known !== undefined && earlier !== undefined && earlier !== value)
        throw invalidField(name, `${name} is given twice ("${earlier}" and "${value}"): give it once`);
      given[name] = value;
      merged[name] = value;
    }
  }
  return merged;
}

/** Validates the parameters into a store filter; each bad one is a 400 naming it. */
export function analyticsFilter(
  report: AnalyticsReport,
  projectId: string,
  parameters: Record<string, string>,
): AnalyticsFilter {
  if (report !== 'analytics') {
    // Ignored, they would answer every question's counts as if only the filtered ones were counted.
    const filter = RECORD_FILTERS.find((name) => parameters[name] !== undefined);
    if (filter !== undefined)
      throw invalidField(
        filter,
        `${filter} filters the analytics records only, not ${report}` +
          (report === 'topquestions'
            ? ': top questions count the unanswered and the voted down (sort=-unanswered, sort=-negative)'
            : ''),
      );
  }
  const query = parseFields(AnalyticsRecordsQuerySchema, parameters);
  const startMs = parseDate('startDate', query.startDate);
  const endMs = parseDate('endDate', query.endDate);
  if (endMs < startMs) throw invalidField('endDate', 'endDate must not be before startDate');
  const sorts = ANALYTICS_SORTS[report];
  const sort = (query.sort ?? sorts[0]) as AnalyticsFilter['sort'];
  if (!sorts.includes(sort)) {
    throw invalidField('sort', `sort must be one of ${sorts.join(', ')}`);
  }
  return {
    projectId,
    agentId: query.agentId,
    startMs,
    endMs,
    sort,
    page: query.page ?? 1,
    limit: query.limit ?? ANALYTICS_DEFAULT_LIMIT,
    ...(query.didAnswer === undefined ? {} : { didAnswer: query.didAnswer === 'true' }),
    ...(query.feedback === undefined
      ? {}
      : { feedback: query.feedback === 'none' ? 'none' : (Number(query.feedback) as 1 | -1) }),
  };
}

/** `GET /api/projects/{projectId}/analytics[/topquestions|/topsearches]`. */
export async function analyticsReport(
  store: Store,
  report: AnalyticsReport,
  filter: AnalyticsFilter,
): Promise<AnalyticsRecord[] | TopQuestion[] | TopSearch[]> {
  if (report === 'topsearches') {
    if (!store.topSearches)
      throw new ApiError(501, 'not_implemented', "This service's store keeps no searches");
    return store.topSearches(filter);
  }
  if (report !== 'analytics') return store.topQuestions(filter);
  const records = await store.analytics(filter);
  // A host's own store written before these filters (a PostgreSQL one) answers every record: read
  // as filtered, every answer would be listed as voted down. Told, rather than passed on.
  const { didAnswer, feedback } = filter;
  const unfiltered = records.some(
    (record) =>
      (didAnswer !== undefined && record.didAnswer !== didAnswer) ||
      (feedback !== undefined && (record.feedback ?? 'none') !== feedback),
  );
  if (unfiltered)
    throw new ApiError(
      501,
      'not_implemented',
      "This service's store does not filter the analytics records by didAnswer or feedback",
    );
  return records;
}
