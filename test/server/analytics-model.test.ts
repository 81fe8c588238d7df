/**
 * The analytics reports against a model written from their documentation
 * (demo/content/service/api-analytics.md, api-ask.md, api-feedback.md, config-file.md), not from
 * the code: a seeded sequence of what visitors do (searches typed letter by letter, questions,
 * follow-ups, votes and changed votes, from two projects, three agents and several addresses, over
 * days whose midnights UTC it crosses, with restarts, the last with keepDays) goes both to the real
 * service over HTTP and to the model; then every report, asked with ranges in every documented date
 * form, sorts, filters and pages, is compared to what the model says it must hold.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, mock } from 'node:test';
import { type AnalyticsQuery, ApiError, createClient } from '../../src/client/index.js';
import { type Random, pick, seeded } from '../support/random-values.js';
import { DEMO_KEY, type TestService, configWith, startTestService } from './service-harness.js';

const DAY = 86_400_000;
/** 20:00 UTC on Friday 26 February 2027: the run crosses the end of a month that has no 29th. */
const START = Date.UTC(2027, 1, 26, 20, 0, 0);
const KEEP_DAYS = 3;
const OTHER_ANALYTICS_KEY = 'other-analytics-key-0123456789';

interface Agent {
  key: string;
  project: 'demo' | 'other';
  agentId: string;
}
const AGENTS: readonly Agent[] = [
  { key: DEMO_KEY, project: 'demo', agentId: 'docs' },
  { key: 'support-key', project: 'demo', agentId: 'support' },
  { key: 'other-project-key', project: 'other', agentId: 'docs' },
];
const ADDRESSES = ['203.0.113.7', '198.51.100.23', '192.0.2.99'];
/** The key that reads each project's reports: an agent key for demo, the analyticsKey for other. */
const REPORT_KEYS = { demo: [DEMO_KEY, 'support-key'], other: [OTHER_ANALYTICS_KEY] } as const;

/** Questions, some answered by the fixture's pages and some not; none differs from another only in what folding ignores. */
const QUESTIONS = [
  'How do I install ask-elements?',
  'How do I change the accent colour?',
  'What are the rate limits?',
  'How does the search box list pages?',
  'What was the population of medieval Byzantium?',
  'Can I pay with kubernetes credits?',
  'Does it work with C++',
  'Does it work with C#',
];
const FOLLOW_UPS = ['and on Windows?', 'how do I change it?', 'What about the script tag?'];
const SEARCHES = ['install', 'accent colour', 'rate limit', 'search-box', 'kubernetes', 'zzyzx', 'theming'];

/**
 * What may stand around a question or a search, as the documentation lists it: spaces, the
 * punctuation around it in any script, quotes, brackets and emoji (not "#" or "+": "C#", "C++").
 */
const MARK = String.raw`[\s?!.…:;,"'‽؟¿¡。？！()[\]{}«»“”‘’\p{Extended_Pictographic}]`;
const AROUND = new RegExp(`^${MARK}+|${MARK}+$`, 'gu');

/**
 * What the documentation says counts as one question or search: letter case, spacing, and the
 * punctuation, quotes, brackets and emoji around it (within it, they make another).
 */
function folded(text: string): string {
  const spaced = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return spaced.replace(AROUND, '') || spaced;
}

/**
 * A wording of `base`: another case, spacing, punctuation, quotes or emoji around it, all of which
 * fold into one; now and then a word in quotes or brackets, which makes another question.
 */
function wording(random: Random, base: string): string {
  let text = base;
  if (random() < 0.3) text = text.toLowerCase();
  if (random() < 0.15) text = text.toUpperCase();
  if (random() < 0.2) text = text.replace(/ /g, '  ');
  if (random() < 0.2) {
    const words = text.split(' ');
    const at = 1 + Math.floor(random() * (words.length - 2));
    if (!/[#+]/.test(words[at]!)) words[at] = random() < 0.5 ? `"${words[at]}"` : `(${words[at]})`;
    text = words.join(' ');
  }
  if (random() < 0.3) text = text.replace(/\?$/, '') + pick(random, ['', '?', '??', '!', ' ?', '؟', '…']);
  if (random() < 0.1) text = `¿${text}`;
  if (random() < 0.1) text = `“${text}”`;
  if (random() < 0.1) text = `${text} 🙏`;
  if (random() < 0.1) text = ` ${text} `;
  return text;
}

interface QuestionRecord {
  insightId: string;
  conversationId: string;
  agentId: string;
  query: string;
  answer: string;
  format: 'html' | 'markdown';
  didAnswer: boolean;
  relevanceScore: number;
  title: string;
  link: string;
  feedback: 1 | -1 | null;
  reason: string | null;
  comment: string | null;
  createdAt: string;
}
interface Question {
  project: string;
  at: number;
  record: QuestionRecord;
}
interface Search {
  project: string;
  agentId: string;
  query: string;
  found: boolean;
  at: number;
}

/** What the documentation says the service holds. */
class Model {
  questions: Question[] = [];
  searches: Search[] = [];
  /** Searches recorded, whether keepDays deleted them since. */
  recorded = 0;
  record(search: Search): void {
    this.searches.push(search);
    this.recorded++;
  }
  /** Per visitor (key and address), the search made last, recorded once 2 s pass without another. */
  held = new Map<string, Search>();

  searched(visitor: string, search: Search): void {
    const before = this.held.get(visitor);
    if (before && search.at - before.at >= 2000) this.record(before);
    this.held.set(visitor, search);
  }
  /** Stopping writes the searches held. */
  stopped(): void {
    for (const search of this.held.values()) this.record(search);
    this.held.clear();
  }
  /** keepDays: questions (with their votes) and searches older than that many days are deleted. */
  purge(now: number, days: number): void {
    const oldest = now - days * DAY;
    this.questions = this.questions.filter((question) => question.at >= oldest);
    this.searches = this.searches.filter((search) => search.at >= oldest);
  }
  conversation(id: string): Question | undefined {
    return this.questions.find((question) => question.record.conversationId === id);
  }
}

/** A date parameter and the instant the documentation says it stands for. */
interface DateParameter {
  text: string;
  instant: number;
}
const pad = (n: number) => String(n).padStart(2, '0');

/** `at` written as a date parameter in one of the documented forms. */
function dateParameter(random: Random, at: number, end: boolean): DateParameter {
  const second = Math.floor(at / 1000) * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();
  switch (Math.floor(random() * 6)) {
    case 0:
      return { text: String(at), instant: at };
    case 1: {
      // A date alone: the whole UTC day.
      const day = Math.floor(at / DAY) * DAY;
      return { text: iso(day).slice(0, 10), instant: end ? day + DAY - 1 : day };
    }
    case 2:
      return { text: iso(at), instant: at };
    case 3:
      // No offset: UTC whatever the server's time zone.
      return { text: iso(second).slice(0, 19), instant: second };
    default: {
      const minutes = pick(random, [120, -300, 330, 840, -600]);
      const local = iso(second + minutes * 60_000).slice(0, 19);
      const sign = minutes < 0 ? '-' : '+';
      const offset = `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
      return { text: local + offset, instant: second };
    }
  }
}

/** How a query parameter travels: `+` as `%2B`, or now and then left as it is (it arrives as a space). */
function encoded(random: Random, value: string): string {
  return random() < 0.2 ? value.replace(/:/g, '%3A') : encodeURIComponent(value);
}

type Report = 'analytics' | 'topquestions' | 'topsearches';
const SORTS: Record<Report, string[]> = {
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

interface Expected {
  /** Each item's identity and the item the report must hold. */
  items: Map<string, Record<string, unknown>>;
  /**
   * What each item is sorted by, by identity, each value in ascending order (negated when the
   * documentation says it goes down): the sort's field, then the ties' order it documents.
   */
  sortValue: Map<string, number[]>;
}

/** A sort's field, then the documented tie-breaks, each with its direction (-1 descending). */
function sortKeys(report: Report, sort: string): [string, 1 | -1][] {
  const field = sort.replace(/^-/, '');
  const direction = sort.startsWith('-') ? -1 : 1;
  if (report === 'analytics')
    return [[field, direction], ...(field === 'createdAt' ? [] : [['createdAt', -1] as [string, -1]])];
  // An average's ties are left out: two averages that are equal may differ in their last bit.
  if (field === 'relevanceScore') return [[field, direction]];
  if (field === 'count')
    return [
      [field, direction],
      ['createdAt', -1],
    ];
  if (field === 'createdAt')
    return [
      [field, direction],
      ['count', -1],
    ];
  return [
    [field, direction],
    ['count', -1],
    ['createdAt', -1],
  ];
}

const ordered = (values: Record<string, number>, keys: [string, 1 | -1][]) =>
  keys.map(([field, direction]) => values[field]! * direction);

function expectedReport(
  model: Model,
  report: Report,
  project: string,
  range: [number, number],
  agentId: string | undefined,
  filters: { didAnswer?: boolean; feedback?: 1 | -1 | 'none' },
  sort: string,
): Expected {
  const inRange = (at: number) => at >= range[0] && at <= range[1];
  const keys = sortKeys(report, sort);
  const items = new Map<string, Record<string, unknown>>();
  const sortValue = new Map<string, number[]>();
  if (report === 'topsearches') {
    const groups = new Map<string, Search[]>();
    for (const search of model.searches) {
      if (search.project !== project || !inRange(search.at)) continue;
      if (agentId !== undefined && search.agentId !== agentId) continue;
      const key = folded(search.query);
      groups.set(key, [...(groups.get(key) ?? []), search]);
    }
    for (const [key, searches] of groups) {
      const latest = searches.reduce((a, b) => (b.at > a.at ? b : a));
      const found = searches.filter((search) => search.found).length;
      items.set(key, {
        query: latest.query,
        count: searches.length,
        found,
        lastSearchedAt: new Date(latest.at).toISOString(),
      });
      const values = { count: searches.length, createdAt: latest.at, unfound: searches.length - found };
      sortValue.set(key, ordered(values, keys));
    }
    return { items, sortValue };
  }
  const questions = model.questions.filter(
    ({ project: of, at, record }) =>
      of === project && inRange(at) && (agentId === undefined || record.agentId === agentId),
  );
  if (report === 'analytics') {
    for (const { at, record } of questions) {
      if (filters.didAnswer !== undefined && record.didAnswer !== filters.didAnswer) continue;
      if (
        filters.feedback !== undefined &&
        record.feedback !== (filters.feedback === 'none' ? null : filters.feedback)
      )
        continue;
      items.set(record.insightId, { ...record });
      sortValue.set(
        record.insightId,
        ordered({ createdAt: at, relevanceScore: record.relevanceScore }, keys),
      );
    }
    return { items, sortValue };
  }
  const groups = new Map<string, Question[]>();
  for (const question of questions) {
    const key = folded(question.record.query);
    groups.set(key, [...(groups.get(key) ?? []), question]);
  }
  for (const [key, group] of groups) {
    const latest = group.reduce((a, b) => (b.at > a.at ? b : a));
    const count = group.length;
    const answered = group.filter(({ record }) => record.didAnswer).length;
    const negative = group.filter(({ record }) => record.feedback === -1).length;
    items.set(key, {
      question: latest.record.query,
      count,
      answered,
      positive: group.filter(({ record }) => record.feedback === 1).length,
      negative,
      lastAskedAt: new Date(latest.at).toISOString(),
    });
    const values = {
      count,
      createdAt: latest.at,
      relevanceScore: group.reduce((sum, { record }) => sum + record.relevanceScore, 0) / count,
      unanswered: count - answered,
      negative,
    };
    sortValue.set(key, ordered(values, keys));
  }
  return { items, sortValue };
}

describe('the analytics reports against a model of their documentation', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ask-analytics-model-'));
  const dbFile = join(folder, 'analytics.db');
  const config = configWith({
    projects: [
      {
        id: 'demo',
        agents: [
          { id: 'docs', apiKey: DEMO_KEY },
          { id: 'support', apiKey: 'support-key' },
        ],
      },
      {
        id: 'other',
        analyticsKey: OTHER_ANALYTICS_KEY,
        agents: [{ id: 'docs', apiKey: 'other-project-key' }],
      },
    ],
    trustProxy: true,
  });
  let service: TestService;
  let keepDays: number | undefined;
  let now = START;
  const advance = (ms: number) => {
    mock.timers.tick(ms);
    now += ms;
  };

  before(async () => {
    // The service's clock is the test's: every question and search happens at an instant the model knows.
    mock.timers.enable({ apis: ['Date'], now: START });
    service = await startTestService({ dbFile, config, indexThread: false });
  });
  after(async () => {
    await service.close();
    mock.timers.reset();
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    'reports what visitors did, as the documentation says, across midnights, restarts and keepDays',
    { timeout: 120_000 },
    async () => {
      const random = seeded(20270226);
      const model = new Model();
      /** The answers and conversations keepDays deleted. */
      const deleted: string[] = [];
      const deletedConversations = new Set<string>();
      let asked = 0;
      const disagreements: string[] = [];
      const disagree = (message: string) => {
        if (disagreements.length < 40) disagreements.push(message);
      };

      /** Stops the service (which writes the searches held) and starts it `pause` ms later. */
      const restart = async (pause: number, withKeepDays?: number) => {
        await service.close();
        model.stopped();
        advance(pause);
        keepDays = withKeepDays ?? keepDays;
        const before = model.questions;
        service = await startTestService({ dbFile, config, keepDays, indexThread: false });
        if (keepDays !== undefined) model.purge(now, keepDays);
        for (const question of before)
          if (!model.questions.includes(question)) {
            deleted.push(question.record.insightId);
            deletedConversations.add(question.record.conversationId);
          }
        for (const question of model.questions) deletedConversations.delete(question.record.conversationId);
      };

      const search = async (agent: Agent, address: string, query: string, options: object = {}) => {
        const response = await service.post(
          '/bot/search',
          { apiKey: agent.key, query, numDocs: 5, ...options },
          { 'x-forwarded-for': address },
        );
        assert.equal(response.status, 200, `search ${query}`);
        const results = (await response.json()) as unknown[];
        model.searched(`${agent.key} ${address}`, {
          project: agent.project,
          agentId: agent.agentId,
          query: query.trim(),
          found: results.length > 0,
          at: now,
        });
      };

      /** A visitor types a search letter by letter, pausing now and then, with a typo taken back. */
      const typeSearch = async (agent: Agent, address: string) => {
        const target = wording(random, pick(random, SEARCHES)).trim() + (random() < 0.1 ? ' ' : '');
        const letters = Array.from(target);
        for (let length = 3; length <= letters.length; length++) {
          const typed = letters.slice(0, length).join('');
          if (typed.trim().length < 3) continue;
          advance(random() < 0.06 ? 2500 + Math.floor(random() * 4000) : 60 + Math.floor(random() * 400));
          if (random() < 0.05) {
            await search(agent, address, `${typed}x`);
            advance(80 + Math.floor(random() * 300));
          }
          await search(agent, address, typed);
        }
      };

      const ask = async (agent: Agent, address: string, followUp: boolean) => {
        const live = model.questions.filter(
          ({ project, record }) => project === agent.project && record.agentId === agent.agentId,
        );
        let sent = '';
        let expectSame = false;
        if (followUp && deletedConversations.size > 0 && random() < 0.2) {
          // A conversation keepDays left empty starts anew.
          sent = pick(random, [...deletedConversations]);
        } else if (followUp && live.length > 0) {
          const roll = random();
          if (roll < 0.8) {
            sent = pick(random, live).record.conversationId;
            expectSame = true;
          } else if (roll < 0.9) sent = randomUUID();
          else {
            // Another agent's conversation is unknown to this one.
            const others = model.questions.filter(
              ({ record, project }) => project !== agent.project || record.agentId !== agent.agentId,
            );
            sent = others.length > 0 ? pick(random, others).record.conversationId : randomUUID();
          }
        }
        const query = wording(random, followUp ? pick(random, FOLLOW_UPS) : pick(random, QUESTIONS));
        const format = random() < 0.5 ? 'markdown' : 'html';
        const { status, body } = await service.postJson(
          '/bot/askai',
          { apiKey: agent.key, query, format, conversationId: sent },
          { 'x-forwarded-for': address },
        );
        assert.equal(status, 200, `ask ${query}`);
        if (expectSame && body.conversationId !== sent)
          disagree(`a follow-up in a known conversation was given a new one (${query})`);
        if (!expectSame && (body.conversationId === sent || model.conversation(body.conversationId)))
          disagree(`a question in an unknown conversation ${sent || '""'} continued ${body.conversationId}`);
        asked++;
        model.questions.push({
          project: agent.project,
          at: now,
          record: {
            insightId: body.insightId,
            conversationId: body.conversationId,
            agentId: agent.agentId,
            query: query.trim(),
            answer: body.answer,
            format,
            didAnswer: body.didAnswer,
            relevanceScore: body.relevanceScore,
            title: body.title,
            link: body.link,
            feedback: null,
            reason: null,
            comment: null,
            createdAt: new Date(now).toISOString(),
          },
        });
      };

      const vote = async (address: string) => {
        const roll = random();
        const feedback = random() < 0.5 ? 1 : -1;
        const reason = pick(random, [undefined, 'outdated', ' wrong ', '   ']);
        const comment = pick(random, [undefined, undefined, `comment ${Math.floor(random() * 1000)} `, '  ']);
        if (roll < 0.08 || model.questions.length === 0) {
          const insightId = deleted.length > 0 && random() < 0.5 ? pick(random, deleted) : randomUUID();
          const { status } = await service.postJson('/bot/feedback', {
            apiKey: DEMO_KEY,
            insightId,
            feedback,
          });
          if (status !== 404) disagree(`a vote on an unknown or deleted insight answered ${status}`);
          return;
        }
        const question = pick(random, model.questions);
        const ownProject = roll > 0.16;
        const key = pick(
          random,
          AGENTS.filter((agent) => (agent.project === question.project) === ownProject),
        ).key;
        const { status, body } = await service.postJson(
          '/bot/feedback',
          { apiKey: key, insightId: question.record.insightId, feedback, reason, comment },
          { 'x-forwarded-for': address },
        );
        if (!ownProject) {
          if (status !== 404) disagree(`another project's key voted on an answer: ${status}`);
          return;
        }
        if (status !== 200 || body.success !== true) {
          disagree(`a vote answered ${status} ${JSON.stringify(body)}`);
          return;
        }
        // A new vote replaces the old, with its reason and comment, without the spaces around them; blank is none.
        question.record.feedback = feedback;
        question.record.reason = reason?.trim() || null;
        question.record.comment = comment?.trim() || null;
      };

      const fetchReport = async (
        report: Report,
        key: string,
        project: string,
        parameters: string,
        pathShape: string,
      ): Promise<{ status: number; body: any }> => {
        const path = report === 'analytics' ? 'analytics' : `analytics/${report}`;
        const response = await service.get(`/api/projects/${project}/${path}${pathShape}?${parameters}`, {
          authorization: `Bearer ${key}`,
        });
        return { status: response.status, body: await response.json() };
      };

      const clientReport = async (
        report: Report,
        key: string,
        query: AnalyticsQuery,
      ): Promise<{ status: number; body: any }> => {
        const client = createClient({ baseUrl: service.url, apiKey: key, retries: 0 });
        const read = {
          analytics: client.analytics,
          topquestions: client.topQuestions,
          topsearches: client.topSearches,
        };
        try {
          return { status: 200, body: await read[report](query) };
        } catch (error) {
          return { status: error instanceof ApiError ? error.status : 0, body: String(error) };
        }
      };

      /** One report asked with a random range, agent, sort, filters and page size, every page read. */
      const checkReport = async (report: Report, project: 'demo' | 'other', whole = false) => {
        const instants = [
          ...model.questions.map((question) => question.at),
          ...model.searches.map((search) => search.at),
          ...Array.from({ length: 8 }, (_, day) => Math.floor(START / DAY) * DAY + day * DAY),
        ];
        const near = (at: number) =>
          at + pick(random, [0, 0, -1, 1, -999, 1000, -60_000, 3_600_000, -3_600_000]);
        let start: DateParameter;
        let end: DateParameter;
        do {
          start = dateParameter(random, near(pick(random, instants)), false);
          end = dateParameter(random, near(pick(random, instants)), true);
        } while (end.instant < start.instant);
        // Everything ever asked: from 1970 to a year after the run.
        if (whole) [start, end] = [{ text: '0', instant: 0 }, dateParameter(random, now + 365 * DAY, true)];
        const agentId =
          random() < 0.3
            ? pick(
                random,
                AGENTS.filter((agent) => agent.project === project),
              ).agentId
            : undefined;
        const sort = random() < 0.2 ? undefined : pick(random, SORTS[report]);
        const filters: { didAnswer?: boolean; feedback?: 1 | -1 | 'none' } = {};
        if (report === 'analytics' && random() < 0.3) filters.didAnswer = random() < 0.5;
        if (report === 'analytics' && random() < 0.3)
          filters.feedback = pick(random, [1, -1, 'none'] as const);
        const limit = pick(random, [1, 3, 7, 20, 100]);
        // The spec's path shape, a query string, or the typed client (client/analytics.md) given
        // a Date, epoch milliseconds or an ISO 8601 string.
        const via = pick(random, ['path', 'query', 'query', 'client'] as const);
        const usePath = via === 'path';
        // A string is ISO 8601 to the client: it takes epoch milliseconds as a number.
        const clientDate = (date: DateParameter) =>
          pick(random, [
            new Date(date.instant),
            date.instant,
            /^\d+$/.test(date.text) ? date.instant : date.text,
          ]);
        const clientDates = { startDate: clientDate(start), endDate: clientDate(end) };
        const dates = `startDate=${encoded(random, start.text)}&endDate=${encoded(random, end.text)}`;
        const rest = [
          agentId === undefined ? '' : `agentId=${agentId}`,
          sort === undefined ? '' : `sort=${sort}`,
          filters.didAnswer === undefined ? '' : `didAnswer=${filters.didAnswer}`,
          filters.feedback === undefined ? '' : `feedback=${filters.feedback}`,
          `limit=${limit}`,
        ].filter(Boolean);
        const key = pick(random, REPORT_KEYS[project]);
        const described = `${report} of ${project} ${dates}&${rest.join('&')}`;
        const expected = expectedReport(
          model,
          report,
          project,
          [start.instant, end.instant],
          agentId,
          filters,
          sort ?? SORTS[report][0]!,
        );
        const identity = (item: any): string =>
          report === 'analytics'
            ? item.insightId
            : folded(report === 'topquestions' ? item.question : item.query);
        const listed: any[] = [];
        for (let page = 1; ; page++) {
          const parameters = [...(usePath ? [] : [dates]), ...rest, `page=${page}`].join('&');
          const { status, body } =
            via === 'client'
              ? await clientReport(report, key, {
                  projectId: project,
                  ...clientDates,
                  agentId,
                  sort,
                  ...filters,
                  limit,
                  page,
                })
              : await fetchReport(report, key, project, parameters, usePath ? `/${dates}` : '');
          if (status !== 200) {
            disagree(`${described}: ${status} ${JSON.stringify(body)}`);
            return;
          }
          listed.push(...body);
          if (body.length < limit) break;
          if (page > 200) throw new Error(`${described}: more pages than items`);
        }
        const ids = listed.map(identity);
        if (new Set(ids).size !== ids.length)
          disagree(`${described}: an item listed twice across pages: ${ids.join(', ')}`);
        const missing = [...expected.items.keys()].filter((id) => !ids.includes(id));
        const extra = ids.filter((id) => !expected.items.has(id));
        if (missing.length > 0 || extra.length > 0)
          disagree(`${described}: missing ${JSON.stringify(missing)}, not expected ${JSON.stringify(extra)}`);
        for (const item of listed) {
          const want = expected.items.get(identity(item));
          if (want) {
            try {
              assert.deepEqual(item, want);
            } catch {
              disagree(`${described}: ${JSON.stringify(item)} where the model has ${JSON.stringify(want)}`);
            }
          }
        }
        const values = ids.map((id) => expected.sortValue.get(id)).filter((value) => value !== undefined);
        const before = (a: number[], b: number[]) => {
          const differs = a.findIndex((value, i) => Math.abs(value - b[i]!) > 1e-9);
          return differs >= 0 && a[differs]! < b[differs]!;
        };
        for (let i = 1; i < values.length; i++) {
          if (before(values[i]!, values[i - 1]!)) {
            disagree(`${described}: out of order at ${i}: ${JSON.stringify(values)}`);
            break;
          }
        }
        // One page of 100 lists them in the order the smaller pages did.
        if (limit !== 100) {
          const parameters = [dates, ...rest.filter((part) => !part.startsWith('limit=')), 'limit=100'].join(
            '&',
          );
          const { body } = await fetchReport(report, key, project, parameters, '');
          const whole = (body as any[]).map(identity);
          if (whole.join('\n') !== ids.slice(0, 100).join('\n'))
            disagree(
              `${described}: pages of ${limit} list ${ids.join(', ')}; one page of 100 lists ${whole.join(', ')}`,
            );
        }
      };

      const OPERATIONS = 240;
      const checkAll = async (searchesToo: boolean) => {
        for (let round = 0; round < 6; round++) {
          for (const project of ['demo', 'other'] as const) {
            await checkReport('analytics', project, round === 0);
            await checkReport('topquestions', project, round === 0);
            if (searchesToo) await checkReport('topsearches', project, round === 0);
          }
        }
      };

      /** The edges a random run seldom reaches, at `step`. */
      const edges = async (step: number) => {
        if (step === 100) {
          // A search followed by another 2 s later settled; 1,999 ms later it did not.
          const visitor = AGENTS[0]!;
          for (const [first, second, gap] of [
            ['theming', 'install', 2000],
            ['kubernetes', 'rate limit', 1999],
          ] as const) {
            await search(visitor, ADDRESSES[0]!, first);
            advance(gap);
            await search(visitor, ADDRESSES[0]!, second);
            advance(5000);
          }
          // Words the pages have, but a threshold or tags that leave the visitor nothing: found nothing.
          await search(visitor, ADDRESSES[0]!, 'install', { score: 0.99 });
          advance(5000);
          await search(visitor, ADDRESSES[0]!, 'theming', { includeTags: ['nowhere'] });
          advance(5000);
        }
        if (step === OPERATIONS - 70) {
          // Two questions a millisecond apart, the first of which keepDays deletes.
          await ask(AGENTS[1]!, ADDRESSES[1]!, false);
          advance(1);
          await ask(AGENTS[1]!, ADDRESSES[1]!, false);
          keepDaysCutoff = now;
        }
      };
      let keepDaysCutoff = 0;

      for (let step = 1; step <= OPERATIONS; step++) {
        const roll = random();
        const agent = pick(random, AGENTS);
        const address = pick(random, ADDRESSES);
        if (roll < 0.3) await typeSearch(agent, address);
        else if (roll < 0.6) await ask(agent, address, false);
        else if (roll < 0.72) await ask(agent, address, true);
        else await vote(address);
        await edges(step);
        // Mostly seconds to the next visitor; now and then hours, or to just before a midnight UTC.
        const next = random();
        if (next < 0.03) {
          const midnight = Math.ceil((now + 1) / DAY) * DAY;
          advance(Math.max(1, midnight - now - 1 - Math.floor(random() * 3000)));
        } else if (next < 0.08) advance(3_600_000 + Math.floor(random() * 2 * 3_600_000));
        else advance(1 + Math.floor(random() * 20_000));
        if (step % 80 === 40) {
          await checkAll(false);
        }
        if (step % 80 === 0 && step < OPERATIONS) {
          await restart(30_000 + Math.floor(random() * 60_000));
          await checkAll(true);
        }
      }
      // keepDays from the next start: it comes exactly KEEP_DAYS after the later of the two questions.
      const deletedBefore = deleted.length;
      assert.ok(
        keepDaysCutoff + KEEP_DAYS * DAY > now,
        'the run is shorter than keepDays after the two questions',
      );
      await restart(keepDaysCutoff + KEEP_DAYS * DAY - now, KEEP_DAYS);
      assert.ok(deleted.length > deletedBefore, 'keepDays deleted questions');
      await checkAll(true);
      // Then votes on deleted answers are refused, follow-ups in emptied conversations start anew,
      // and the reports still agree.
      for (let step = 0; step < 40; step++) {
        const roll = random();
        const agent = pick(random, AGENTS);
        const address = pick(random, ADDRESSES);
        if (roll < 0.3) await ask(agent, address, true);
        else if (roll < 0.5) await typeSearch(agent, address);
        else await vote(address);
        advance(1 + Math.floor(random() * 20_000));
      }
      await restart(1000);
      await checkAll(true);

      assert.ok(asked > 100 && model.recorded > 50, 'the run asked and searched');
      assert.deepEqual(disagreements, []);
    },
  );
});

describe('bad parameters of the analytics reports, as a site owner might write them', () => {
  let service: TestService;
  const report = (path: string, key = DEMO_KEY) =>
    service.get(`/api/projects/${path}`, { authorization: `Bearer ${key}` });
  before(async () => {
    service = await startTestService({
      config: configWith({
        projects: [
          { id: 'demo', agents: [{ id: 'docs', apiKey: DEMO_KEY }] },
          { id: 'other', agents: [{ id: 'docs', apiKey: 'other-project-key' }] },
        ],
      }),
    });
    const { status } = await service.postJson('/bot/askai', {
      apiKey: DEMO_KEY,
      query: 'How do I install it?',
    });
    assert.equal(status, 200);
  });
  after(() => service.close());

  const badParameters: [string, string, string, RegExp?][] = [
    ['30 February', 'startDate=2026-02-30&endDate=2026-03-01', 'startDate', /day of the calendar/],
    ['29 February of a common year', 'startDate=2027-02-01&endDate=2027-02-29', 'endDate'],
    ['an endDate a day before startDate', 'startDate=2026-03-02&endDate=2026-03-01', 'endDate'],
    [
      'an endDate a millisecond before startDate, in another offset',
      'startDate=2026-03-02T10:00:00Z&endDate=2026-03-02T11:59:59.999%2B02:00',
      'endDate',
    ],
    ['a month alone', 'startDate=2026-12&endDate=2026-12-31', 'startDate'],
    ['a minute 60', 'startDate=2026-12-01T23:60:00Z&endDate=2026-12-31', 'startDate'],
    ['an offset of 25 hours', 'startDate=2026-12-01T10:00:00%2B25:00&endDate=2026-12-31', 'startDate'],
    ['a date and a time apart', 'startDate=2026-12-01%2010:00:00Z&endDate=2026-12-31', 'startDate'],
    ['an epoch beyond any date', 'startDate=0&endDate=99999999999999999999', 'endDate'],
    ['an encoded slash after the endDate', 'startDate=2026-12-01&endDate=2026-12-31%2F', 'endDate'],
    ['an agent with a slash in its name', 'startDate=0&endDate=1&agentId=docs%2F..', 'agentId'],
    ['an empty limit', 'startDate=0&endDate=1&limit=', 'limit'],
  ];
  for (const [name, query, field, message] of badParameters) {
    it(`answers 400 naming ${field} for ${name}, in every report and shape`, async () => {
      for (const path of [
        `demo/analytics?${query}`,
        `demo/analytics/${query}`,
        `demo/analytics/topquestions?${query}`,
        `demo/analytics/topsearches?${query}`,
      ]) {
        const response = await report(path);
        assert.equal(response.status, 400, path);
        const { error } = await response.json();
        assert.equal(error.field, field, path);
        if (message) assert.match(error.message, message, path);
      }
    });
  }

  it('reads ten years at once', async () => {
    const response = await report('demo/analytics?startDate=2020-01-01&endDate=2029-12-31');
    assert.equal(response.status, 200);
    assert.deepEqual(
      (await response.json()).map((record: { query: string }) => record.query),
      ['How do I install it?'],
    );
  });

  it("answers 401 for another project's, an unknown or an encoded project, and 404 for an encoded report", async () => {
    for (const project of ['other', 'nobody', 'demo%2F..%2Fother', 'demo%2Fanalytics']) {
      const response = await report(`${project}/analytics?startDate=0&endDate=1`);
      assert.equal(response.status, 401, project);
      assert.equal((await response.json()).error.code, 'unauthorized', project);
    }
    const response = await report('demo/analytics%2Ftopquestions?startDate=0&endDate=1');
    assert.equal(response.status, 404);
    assert.equal((await response.json()).error.code, 'not_found');
  });
});
