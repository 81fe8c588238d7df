import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient } from '../../src/client/index.js';
import type { ConfigFile } from '../../src/server/config.js';
import {
  DEMO_KEY,
  type TestService,
  configWith,
  startTestService,
  twoProjectsConfig,
} from './service-harness.js';

describe('analytics endpoints', () => {
  let service: TestService;
  let started: number;
  const insights: string[] = [];
  const analytics = (path: string, key = DEMO_KEY) =>
    service.get(`/api/projects/demo/${path}`, key ? { authorization: `Bearer ${key}` } : {});
  const range = () => `startDate=${started}&endDate=${Date.now()}`;

  before(async () => {
    service = await startTestService({
      config: twoProjectsConfig(),
    });
    started = Date.now();
    const questions: [string, string][] = [
      ['How do I install ask-elements?', DEMO_KEY],
      ['how do I install ask-elements', DEMO_KEY],
      ['How do I change the accent colour?', DEMO_KEY],
      ['How do I install ask-elements?', 'support-key'],
      ['What was the population of medieval Byzantium?', DEMO_KEY],
    ];
    for (const [query, apiKey] of questions) {
      const { body } = await service.postJson('/bot/askai', { apiKey, query });
      insights.push(body.insightId);
    }
    await service.postJson('/bot/feedback', { apiKey: DEMO_KEY, insightId: insights[0], feedback: 1 });
    await service.postJson('/bot/feedback', {
      apiKey: DEMO_KEY,
      insightId: insights[1],
      feedback: -1,
      reason: 'wrong',
    });
    // Another project's questions never show in this project's analytics.
    await service.postJson('/bot/askai', {
      apiKey: 'other-project-key',
      query: 'How do I install ask-elements?',
    });
  });
  after(() => service.close());

  it('lists the answered questions of the project, newest first, with their feedback', async () => {
    const response = await analytics(`analytics?${range()}`);
    assert.equal(response.status, 200);
    const records = await response.json();
    assert.deepEqual(
      records.map((record: { insightId: string }) => record.insightId),
      [...insights].reverse(),
    );
    const first = records.at(-1);
    assert.equal(first.query, 'How do I install ask-elements?');
    // The answer as asked for: html by default, with the format saying so.
    assert.equal(first.format, 'html');
    assert.match(first.answer, /^</);
    assert.equal(first.feedback, 1);
    assert.equal(first.agentId, 'docs');
    assert.equal(first.didAnswer, true);
    assert.equal(first.link, '/guides/install');
    assert.ok(!Number.isNaN(Date.parse(first.createdAt)));
    assert.equal(records.at(-2).reason, 'wrong');
    assert.equal(records[0].didAnswer, false);
  });

  it("accepts the spec's path shape, and EndDate as the spec's table spells it", async () => {
    const viaQuery = await (await analytics(`analytics?${range()}`)).json();
    const viaPath = await (await analytics(`analytics/${range()}`)).json();
    assert.deepEqual(viaPath, viaQuery);
    // The segment as a client that encodes it writes it.
    const encoded = await (await analytics(`analytics/${encodeURIComponent(range())}`)).json();
    assert.deepEqual(encoded, viaQuery);
    const capitalised = await (
      await analytics(`analytics/startDate=${started}&EndDate=${Date.now()}`)
    ).json();
    assert.equal(capitalised.length, viaQuery.length);
  });

  it('reads a parameter whatever the case of its name, not as another report', async () => {
    // agentID and Limit, ignored, answered every agent's questions, 20 a page, as if asked for.
    const support = await (await analytics(`analytics?${range()}&agentID=support&LIMIT=1`)).json();
    assert.deepEqual(
      support.map((record: { agentId: string }) => record.agentId),
      ['support'],
    );
    const sorted = await (
      await analytics(`analytics/topquestions/StartDate=${started}&ENDDATE=${Date.now()}&Sort=count`)
    ).json();
    assert.equal(sorted.at(-1).question, 'How do I install ask-elements?');
  });

  it('refuses a parameter given twice with two values, naming it, where the last one was read without a word', async () => {
    // `limit=5&limit=50`, or `endDate` beside `EndDate`: which one was meant, the service can't tell.
    const twice: [string, string][] = [
      [`analytics?${range()}&limit=5&limit=50`, 'limit'],
      [`analytics?startDate=${started}&endDate=${Date.now()}&EndDate=2000-01-01`, 'endDate'],
      [`analytics/${range()}&startDate=2000-01-01`, 'startDate'],
      [`analytics/topquestions?${range()}&sort=count&Sort=-count`, 'sort'],
    ];
    for (const [path, field] of twice) {
      const response = await analytics(path);
      assert.equal(response.status, 400, path);
      const { error } = await response.json();
      assert.equal(error.field, field, path);
      assert.match(
        error.message,
        new RegExp(`^${field} is given twice \\(".+" and ".+"\\): give it once$`),
        path,
      );
    }
    // The same value twice is no doubt; nor is the query string beside the path shape, whose
    // value wins as documented.
    assert.equal((await analytics(`analytics?${range()}&limit=5&LIMIT=5`)).status, 200);
    assert.equal((await analytics(`analytics?${range()}&utm_source=a&utm_source=b`)).status, 200);
    const overridden = await analytics(`analytics/startDate=0&endDate=1?${range()}`);
    assert.equal(overridden.status, 200);
    assert.ok((await overridden.json()).length > 0);
  });

  it('tells a parameter written with _ or - how it is written, where it was ignored', async () => {
    // start_date was told "startDate is required"; agent_id, ignored, reported every agent.
    const written: [string, string, string][] = [
      [`analytics?start_date=${started}&endDate=${Date.now()}`, 'startDate', 'start_date'],
      [`analytics?${range()}&agent_id=support`, 'agentId', 'agent_id'],
    ];
    for (const [path, field, sent] of written) {
      const response = await analytics(path);
      assert.equal(response.status, 400, path);
      const { error } = await response.json();
      assert.equal(error.field, field);
      assert.equal(error.message, `${field}: sent as "${sent}", which is no field: write it ${field}`);
    }
  });

  it('accepts 29 February of a leap year', async () => {
    for (const leapDay of ['2024-02-29', '2000-02-29T12:00:00Z']) {
      const response = await analytics(`analytics?startDate=${leapDay}&endDate=${leapDay}`);
      assert.equal(response.status, 200, leapDay);
    }
  });

  it('accepts ISO 8601 dates; a date-only endDate includes that whole day', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const records = await (await analytics(`analytics?startDate=${today}&endDate=${today}`)).json();
    assert.equal(records.length, insights.length);
    const none = await (
      await analytics('analytics?startDate=2001-01-01T00:00:00Z&endDate=2001-12-31')
    ).json();
    assert.deepEqual(none, []);
  });

  it('reads a positive offset whose + arrived as a space, and a time without offset as UTC', async () => {
    const utc = (ms: number) => new Date(ms).toISOString().slice(0, 19);
    // The same instants, two hours ahead: +02:00 encoded, left as it is (read as a space), and in the path shape.
    const ahead = (ms: number) => `${utc(ms + 7_200_000)}+02:00`;
    const start = started - 60_000;
    const end = Date.now() + 60_000;
    for (const [path, plus] of [
      ['analytics?', '%2B'],
      ['analytics?', '+'],
      ['analytics/', '%2B'],
      ['analytics/', '+'],
    ] as const) {
      const dates = `startDate=${ahead(start).replace('+', plus)}&endDate=${ahead(end).replace('+', plus)}`;
      const response = await analytics(`${path}${dates}`);
      assert.equal(response.status, 200, `${path}${dates}: ${await response.clone().text()}`);
      assert.equal((await response.json()).length, insights.length, `${path}${dates}`);
    }
    const zone = process.env['TZ'];
    process.env['TZ'] = 'Asia/Tokyo';
    try {
      const records = await (await analytics(`analytics?startDate=${utc(start)}&endDate=${utc(end)}`)).json();
      assert.equal(records.length, insights.length);
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  it('pages, sorts and filters by agent', async () => {
    const page1 = await (await analytics(`analytics?${range()}&limit=2&page=1&sort=createdAt`)).json();
    const page2 = await (await analytics(`analytics?${range()}&limit=2&page=2&sort=createdAt`)).json();
    const page3 = await (await analytics(`analytics?${range()}&limit=2&page=3&sort=createdAt`)).json();
    assert.deepEqual(
      [...page1, ...page2, ...page3].map((record: { insightId: string }) => record.insightId),
      insights,
    );
    const byScore = await (await analytics(`analytics?${range()}&sort=-relevanceScore`)).json();
    const scores = byScore.map((record: { relevanceScore: number }) => record.relevanceScore);
    assert.deepEqual(
      scores,
      [...scores].sort((a, b) => b - a),
    );
    const support = await (await analytics(`analytics?${range()}&agentId=support`)).json();
    assert.deepEqual(
      support.map((record: { insightId: string }) => record.insightId),
      [insights[3]],
    );
    // A mistyped agent is named, not answered with an empty list.
    for (const report of ['analytics', 'analytics/topquestions']) {
      const typo = await analytics(`${report}?${range()}&agentId=suport`);
      assert.equal(typo.status, 400);
      const { error } = await typo.json();
      assert.equal(error.field, 'agentId');
      assert.match(error.message, /no agent "suport".*docs.*support/);
    }
  });

  it('filters the records to read a content gap: answered or not, voted up, down or not at all', async () => {
    const ids = async (query: string) => {
      const response = await analytics(`analytics?${range()}&${query}`);
      assert.equal(response.status, 200, `${query}: ${await response.clone().text()}`);
      return (await response.json()).map((record: { insightId: string }) => record.insightId);
    };
    const [up, down, colour, support, byzantium] = insights;
    // Before, each filter was ignored: every record of the range, to page through.
    assert.deepEqual(await ids('didAnswer=false'), [byzantium]);
    assert.deepEqual(await ids('didAnswer=true'), [support, colour, down, up]);
    assert.deepEqual(await ids('feedback=-1'), [down]);
    assert.deepEqual(await ids('feedback=1'), [up]);
    assert.deepEqual(await ids('feedback=none'), [byzantium, support, colour]);
    const [voted] = await (await analytics(`analytics?${range()}&feedback=-1`)).json();
    assert.deepEqual([voted.feedback, voted.reason], [-1, 'wrong']);
    // With each other, the agent and the sort; page and limit count the records kept.
    assert.deepEqual(await ids('didAnswer=true&feedback=none'), [support, colour]);
    assert.deepEqual(await ids('feedback=none&agentId=support'), [support]);
    assert.deepEqual(await ids('didAnswer=false&feedback=1'), []);
    assert.deepEqual(await ids('feedback=none&sort=createdAt&limit=2&page=1'), [colour, support]);
    assert.deepEqual(await ids('feedback=none&sort=createdAt&limit=2&page=2'), [byzantium]);
    // Names in any case, and in the spec's path shape.
    assert.deepEqual(await ids('DidAnswer=false'), [byzantium]);
    assert.deepEqual(await ids('FEEDBACK=-1'), [down]);
    const viaPath = await (await analytics(`analytics/${range()}&didanswer=true&feedback=1`)).json();
    assert.deepEqual(
      viaPath.map((record: { insightId: string }) => record.insightId),
      [up],
    );
  });

  it('refuses the record filters on top questions and top searches, rather than count as if filtered', async () => {
    for (const report of ['topquestions', 'topsearches'])
      for (const filter of ['didAnswer=false', 'feedback=-1']) {
        const response = await analytics(`analytics/${report}?${range()}&${filter}`);
        assert.equal(response.status, 400, `${report} ${filter}`);
        const { error } = await response.json();
        assert.equal(error.field, filter.split('=')[0]);
        assert.match(error.message, /analytics records only/);
      }
  });

  it('describes in /openapi.json the sorts each report takes, the bounds of page and limit, and the filters', async () => {
    const doc = await (await service.get('/openapi.json')).json();
    const parameters = (path: string) =>
      Object.fromEntries(
        doc.paths[`/api/projects/{projectId}/analytics${path}`].get.parameters.map(
          (parameter: { name: string; schema: object }) => [parameter.name, parameter.schema],
        ),
      );
    const records = parameters('');
    assert.deepEqual(records.sort.enum, ['-createdAt', 'createdAt', '-relevanceScore', 'relevanceScore']);
    assert.equal(records.sort.default, '-createdAt');
    assert.deepEqual([records.page.minimum, records.page.maximum], [1, 999_999_999]);
    assert.deepEqual([records.limit.minimum, records.limit.maximum, records.limit.default], [1, 100, 20]);
    assert.deepEqual(records.didAnswer.enum, ['true', 'false']);
    assert.deepEqual(records.feedback.enum, ['1', '-1', 'none']);
    const top = parameters('/topquestions');
    assert.ok(top.sort.enum.includes('-unanswered') && top.sort.enum.includes('-negative'));
    assert.equal(top.sort.default, '-count');
    assert.deepEqual([top.limit.minimum, top.limit.maximum], [1, 100]);
    assert.ok(!('didAnswer' in top) && !('feedback' in top));
    assert.deepEqual(parameters('/topsearches').sort.enum, [
      '-count',
      'count',
      '-createdAt',
      'createdAt',
      '-unfound',
      'unfound',
    ]);
  });

  it('lists top questions, grouping rewordings that differ in case and punctuation', async () => {
    const response = await analytics(`analytics/topquestions?${range()}`);
    assert.equal(response.status, 200);
    const top = await response.json();
    assert.equal(top[0].count, 3);
    assert.match(top[0].question, /install ask-elements/i);
    assert.equal(top[0].answered, 3);
    assert.equal(top[0].positive, 1);
    assert.equal(top[0].negative, 1);
    assert.ok(!Number.isNaN(Date.parse(top[0].lastAskedAt)));
    assert.equal(top.length, 3);
    const viaPath = await (await analytics(`analytics/topquestions/${range()}`)).json();
    assert.deepEqual(viaPath, top);
  });

  it('orders top questions as a content gap queue: the unanswered, then the disliked, first', async () => {
    const unanswered = await (await analytics(`analytics/topquestions?${range()}&sort=-unanswered`)).json();
    assert.match(unanswered[0].question, /Byzantium/);
    assert.equal(unanswered[0].count - unanswered[0].answered, 1);
    const disliked = await (await analytics(`analytics/topquestions?${range()}&sort=-negative`)).json();
    assert.match(disliked[0].question, /install ask-elements/i);
    assert.equal(disliked[0].negative, 1);
    // Ascending puts them last; ties go to the most asked.
    const answeredFirst = await (await analytics(`analytics/topquestions?${range()}&sort=unanswered`)).json();
    assert.match(answeredFirst.at(-1).question, /Byzantium/);
    assert.match(answeredFirst[0].question, /install ask-elements/i);
    // A count of one question's answers, meaningless for the list of answers itself.
    const records = await analytics(`analytics?${range()}&sort=-unanswered`);
    assert.equal(records.status, 400);
    assert.equal((await records.json()).error.field, 'sort');
  });

  it('serves the same report with a trailing slash', async () => {
    const paths: [string, string][] = [
      [`analytics?${range()}`, `analytics/?${range()}`],
      [`analytics?${range()}`, `analytics/${range()}/`],
      [`analytics/topquestions?${range()}`, `analytics/topquestions/?${range()}`],
      [`analytics/topquestions?${range()}`, `analytics/topquestions/${range()}/`],
    ];
    for (const [bare, slashed] of paths) {
      const response = await analytics(slashed);
      assert.equal(response.status, 200, slashed);
      assert.deepEqual(await response.json(), await (await analytics(bare)).json(), slashed);
    }
  });

  it('answers 404 JSON for a path under a report that is none, whatever the method', async () => {
    for (const path of [
      'analytics/a/b',
      'analytics/topquestions/a/b',
      `analytics/${range()}/extra`,
      // An empty segment is no trailing slash: 404, as `/bot/search//` and `/api/healthz//` are.
      `analytics//?${range()}`,
      `analytics/topquestions//?${range()}`,
      `analytics/${range()}//`,
      // A report's name mistyped is no report: not the analytics records, read as if the name
      // were the spec's parameters, nor "startDate is required".
      `analytics/topquestion?${range()}`,
      `analytics/topQuestions?${range()}`,
      `analytics/top-searches?${range()}`,
      'analytics/records',
    ]) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${service.url}/api/projects/demo/${path}`, {
          method,
          headers: { authorization: `Bearer ${DEMO_KEY}` },
        });
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.equal((await response.json()).error.code, 'not_found');
      }
    }
  });

  it('answers another method on a report path, slashed or not, with 405 and Allow: GET', async () => {
    for (const path of [
      'analytics/',
      'analytics/topquestions/',
      `analytics/${range()}`,
      `analytics/${range()}/`,
    ]) {
      const response = await fetch(`${service.url}/api/projects/demo/${path}`, { method: 'DELETE' });
      assert.equal(response.status, 405, path);
      assert.equal(response.headers.get('allow'), 'GET');
      assert.equal((await response.json()).error.message, 'DELETE is not allowed here; use GET');
    }
  });

  it('answers 401 without a Bearer key of the project', async () => {
    for (const key of ['', 'not-a-key-1', 'other-project-key']) {
      const response = await analytics(`analytics?${range()}`, key);
      assert.equal(response.status, 401, key);
      assert.equal(response.headers.get('www-authenticate'), 'Bearer');
      assert.equal((await response.json()).error.code, 'unauthorized');
    }
    const wrongScheme = await service.get(`/api/projects/demo/analytics?${range()}`, {
      authorization: `Basic ${DEMO_KEY}`,
    });
    assert.equal(wrongScheme.status, 401);
    // Any agent's key of the project will do.
    assert.equal((await analytics(`analytics?${range()}`, 'support-key')).status, 200);
  });

  const badParameters: [string, string, string][] = [
    ['a missing startDate', `endDate=${Date.now()}`, 'startDate'],
    ['a missing endDate', 'startDate=0', 'endDate'],
    ['a startDate that is no date', 'startDate=yesterday&endDate=1', 'startDate'],
    ['an endDate that is no date', 'startDate=0&endDate=2024-13-45', 'endDate'],
    ['a startDate of 31 February', 'startDate=2026-02-31&endDate=2026-03-31', 'startDate'],
    ['an endDate of 31 April, with a time', 'startDate=0&endDate=2026-04-31T10:00:00Z', 'endDate'],
    ['an endDate of 29 February in a common year', 'startDate=0&endDate=2100-02-29', 'endDate'],
    ['an endDate before startDate', 'startDate=2026-03-02&endDate=2026-03-01', 'endDate'],
    ['an endDate a millisecond before startDate', 'startDate=1000&endDate=999', 'endDate'],
    // Epoch seconds: read as milliseconds, January 1970.
    ['a startDate in epoch seconds', `startDate=1764460800&endDate=${Date.now()}`, 'startDate'],
    ['an endDate in epoch seconds', 'startDate=0&endDate=1764547200', 'endDate'],
    // ISO 8601's basic form, as `date +%Y%m%d` writes it: as milliseconds, a morning of 1970.
    ['a startDate written as YYYYMMDD', 'startDate=20261123&endDate=2026-11-30', 'startDate'],
    ['an endDate written as YYYYMMDD', 'startDate=0&endDate=20261130', 'endDate'],
    // A year alone, as ISO 8601 writes one: as milliseconds, 2 seconds into 1970.
    ['a startDate that is a year', 'startDate=2026&endDate=2026-12-31', 'startDate'],
    ['an endDate that is a year', 'startDate=2026-01-01&endDate=2026', 'endDate'],
    ['an unknown sort', 'startDate=0&endDate=1&sort=title', 'sort'],
    ['page 0', 'startDate=0&endDate=1&page=0', 'page'],
    ['a page that is no number', 'startDate=0&endDate=1&page=two', 'page'],
    ['limit 101', 'startDate=0&endDate=1&limit=101', 'limit'],
    // Number() reads these; a page number is written in digits.
    ['a limit in hexadecimal', 'startDate=0&endDate=1&limit=0x10', 'limit'],
    ['a limit with an exponent', 'startDate=0&endDate=1&limit=1e1', 'limit'],
    ['a page with a space before it', 'startDate=0&endDate=1&page=%201', 'page'],
    ['a didAnswer that is no true or false', 'startDate=0&endDate=1&didAnswer=yes', 'didAnswer'],
    ['an empty didAnswer', 'startDate=0&endDate=1&didAnswer=', 'didAnswer'],
    ['feedback 0', 'startDate=0&endDate=1&feedback=0', 'feedback'],
    ['feedback written as a word', 'startDate=0&endDate=1&feedback=down', 'feedback'],
  ];
  for (const [name, query, field] of badParameters) {
    it(`answers 400 naming ${field} for ${name}`, async () => {
      for (const path of [`analytics?${query}`, `analytics/${query}`, `analytics/topquestions?${query}`]) {
        const response = await analytics(path);
        assert.equal(response.status, 400, path);
        assert.equal((await response.json()).error.field, field, path);
      }
    });
  }

  it('tells a day written as YYYYMMDD how to write it, and still reads small milliseconds', async () => {
    const response = await analytics('analytics?startDate=20261123&endDate=20261130');
    assert.equal(response.status, 400);
    assert.match((await response.json()).error.message, /write the day as 2026-11-23/);
    // Eight digits that are no day of the calendar are milliseconds, as any other digits.
    assert.equal((await analytics('analytics?startDate=0&endDate=20261340')).status, 200);
  });

  it("tells a year alone how to write the year's first or last day, and still reads small milliseconds", async () => {
    for (const [query, day] of [
      ['startDate=2026&endDate=2026-12-31', /startDate 2026 reads as 1970-01-01T00:00:02\.026Z.*2026-01-01/],
      ['startDate=2026-01-01&endDate=2026', /endDate 2026 reads as .*2026-12-31/],
    ] as const) {
      const response = await analytics(`analytics?${query}`);
      assert.equal(response.status, 400, query);
      assert.match((await response.json()).error.message, day, query);
    }
    // Four digits below 1970 are no year anyone's analytics hold: milliseconds, as any other digits.
    assert.equal((await analytics('analytics?startDate=1000&endDate=1969')).status, 200);
  });

  it('tells a page or limit of ten digits or more as too big, not as no whole number', async () => {
    for (const [parameter, largest] of [
      ['page=1000000000', '999999999'],
      // Beyond 2^53, and beyond a double's range (Infinity, as Number() reads it).
      [`page=${'9'.repeat(20)}`, '999999999'],
      [`page=${'9'.repeat(400)}`, '999999999'],
      ['limit=10000000000', '100'],
    ]) {
      const response = await analytics(`analytics?${range()}&${parameter}`);
      assert.equal(response.status, 400, parameter);
      const { error } = await response.json();
      assert.equal(error.field, parameter.split('=')[0], parameter);
      assert.doesNotMatch(error.message, /whole number/, parameter);
      assert.match(
        error.message,
        new RegExp(`must be at most ${Number(largest).toLocaleString('en-US')}$`),
        parameter,
      );
    }
  });

  it('sorts top questions only by what they have', async () => {
    const response = await analytics(`analytics/topquestions?${range()}&sort=count`);
    const top = await response.json();
    assert.equal(top.at(-1).count, 3);
    const bad = await analytics(`analytics?${range()}&sort=count`);
    assert.equal(bad.status, 400);
  });

  it('sends every report with Cache-Control: no-store, as it holds what visitors typed', async () => {
    for (const report of ['analytics', 'analytics/topquestions', 'analytics/topsearches']) {
      const response = await analytics(`${report}?${range()}`);
      assert.equal(response.status, 200, report);
      assert.equal(response.headers.get('cache-control'), 'no-store', report);
    }
  });
});

describe('a project whose only agent is public, without a key', () => {
  /** A service over these projects, with the lines it logged at start. */
  async function startLogging(projects: ConfigFile['projects']) {
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    const service = await startTestService({
      config: configWith({ projects }),
      logger: { info: log, warn: log, error: log },
    });
    return { lines, service };
  }

  it('is said at start to have analytics no key reads, not to be read with its agent keys', async () => {
    const { lines, service } = await startLogging([
      { id: 'open', agents: [{ id: 'widget', public: true }] },
      { id: 'keyed', agents: [{ id: 'docs', apiKey: DEMO_KEY }] },
    ]);
    try {
      const { body } = await service.postJson('/bot/askai', { query: 'How do I install ask-elements?' });
      assert.equal(typeof body.insightId, 'string');
      assert.ok(
        lines.includes(
          `Analytics of project "open" can't be read: no analyticsKey, and no agent of it has a key; set analyticsKey to read them`,
        ),
        lines.join('\n'),
      );
      assert.ok(
        lines.includes(
          'Analytics of project "keyed" are read with any of its agent keys; set analyticsKey to keep them from the keys pages carry',
        ),
        lines.join('\n'),
      );
    } finally {
      await service.close();
    }
  });

  it('names several such projects in one line, as projects', async () => {
    const { lines, service } = await startLogging([
      { id: 'open', agents: [{ id: 'widget', public: true }] },
      { id: 'keyed', agents: [{ id: 'docs', apiKey: DEMO_KEY }] },
      { id: 'handed', agents: [{ id: 'docs', apiKey: 'another-key-2' }] },
    ]);
    try {
      assert.ok(
        lines.includes(
          'Analytics of projects "keyed", "handed" are read with any of their agent keys; set analyticsKey to keep them from the keys pages carry',
        ),
        lines.join('\n'),
      );
    } finally {
      await service.close();
    }
  });
});

describe('a project with an analytics key', () => {
  it('reads its analytics with that key only, not with the agent keys pages carry', async () => {
    const analyticsKey = 'analytics-only-key-0001';
    const service = await startTestService({
      config: configWith({
        projects: [{ id: 'demo', analyticsKey, agents: [{ id: 'docs', apiKey: DEMO_KEY }] }],
      }),
    });
    try {
      await service.postJson('/bot/askai', { apiKey: DEMO_KEY, query: 'How do I install ask-elements?' });
      const read = (key: string) =>
        service.get('/api/projects/demo/analytics?startDate=0&endDate=9999999999999', {
          authorization: `Bearer ${key}`,
        });
      const withAgentKey = await read(DEMO_KEY);
      assert.equal(withAgentKey.status, 401);
      assert.equal((await withAgentKey.json()).error.code, 'unauthorized');
      const withAnalyticsKey = await read(analyticsKey);
      assert.equal(withAnalyticsKey.status, 200);
      assert.equal((await withAnalyticsKey.json()).length, 1);
      // The analytics key is no agent's: it answers no question.
      const asked = await service.postJson('/bot/askai', { apiKey: analyticsKey, query: 'install' });
      assert.equal(asked.response.status, 401);
    } finally {
      await service.close();
    }
  });
});

describe('an Authorization header without Bearer', () => {
  it('is told what it lacks, without the key, as curl users write it', async () => {
    // `-H "Authorization: KEY"` and `Token KEY` were "Authorization: Bearer <API key> is
    // required", as if no header had come.
    const service = await startTestService();
    try {
      for (const [header, message] of [
        [undefined, 'Authorization: Bearer <API key> is required'],
        [
          DEMO_KEY,
          'Authorization: Bearer <API key> is required: the header holds no "Bearer " before the key',
        ],
        [`Token ${DEMO_KEY}`, 'Authorization: Bearer <API key> is required, not Token'],
        [
          `Basic ${Buffer.from(`me:${DEMO_KEY}`).toString('base64')}`,
          'Authorization: Bearer <API key> is required, not Basic',
        ],
      ] as const) {
        const response = await service.get(
          '/api/projects/demo/analytics?startDate=0&endDate=1',
          header === undefined ? {} : { authorization: header },
        );
        assert.equal(response.status, 401);
        assert.equal(response.headers.get('www-authenticate'), 'Bearer');
        assert.deepEqual(await response.json(), { error: { code: 'unauthorized', message } });
      }
      const answered = await service.get('/api/projects/demo/analytics?startDate=0&endDate=1', {
        authorization: `Bearer ${DEMO_KEY}`,
      });
      assert.equal(answered.status, 200);
    } finally {
      await service.close();
    }
  });
});

describe('an agent key beyond ASCII', () => {
  it('reads analytics with an agent key a header carries, a no-break space in it too', async () => {
    // Latin-1 travels in a header byte for byte; HTTP's white space is space and tab only, and
    // U+00A0 (JavaScript's \s) split the key: 401 "Authorization: Bearer <API key> is required".
    const keys = ['clé-latin1-0001', 'no\u00a0break-space-0001'];
    const service = await startTestService({
      config: configWith({
        projects: [{ id: 'demo', agents: keys.map((apiKey, i) => ({ id: `agent-${i}`, apiKey })) }],
      }),
    });
    try {
      for (const apiKey of keys) {
        const client = createClient({ baseUrl: service.url, apiKey, retries: 0 });
        await client.ask({ query: 'How do I install ask-elements?', format: 'html', conversationId: '' });
        const records = await client.analytics({ projectId: 'demo', startDate: 0, endDate: Date.now() });
        assert.ok(records.length >= 1, JSON.stringify(apiKey));
      }
      // Still no key with a space or a tab in it, nor anything after one.
      for (const header of [
        'Bearer clé-latin1-0001 x',
        'Bearer clé-latin1-0001\tx',
        'Bearerclé-latin1-0001',
      ]) {
        const response = await service.get('/api/projects/demo/analytics?startDate=0&endDate=1', {
          authorization: header,
        });
        assert.equal(response.status, 401, header);
      }
    } finally {
      await service.close();
    }
  });
});

describe('analytics counting, read through the client', () => {
  it('counts a question with an emoji around it with the same question without', async () => {
    const service = await startTestService({ config: configWith() });
    try {
      const client = createClient({ baseUrl: service.url, apiKey: DEMO_KEY });
      const started = Date.now();
      for (const query of [
        'How do I install ask-elements? 🙏🏽',
        '🤔 how do I install ask-elements',
        'How do I install ask-elements?',
      ])
        await client.ask({ query, format: 'markdown', conversationId: '' });
      const top = await client.topQuestions({ projectId: 'demo', startDate: started, endDate: Date.now() });
      assert.deepEqual(
        top.map((question) => question.count),
        [3],
      );
    } finally {
      await service.close();
    }
  });

  it('counts a changed vote once, a follow-up under its own wording, and no search', async () => {
    const service = await startTestService({ config: configWith() });
    try {
      const client = createClient({ baseUrl: service.url, apiKey: DEMO_KEY });
      const started = Date.now();
      const first = await client.ask({
        query: 'How do I install ask-elements?',
        format: 'markdown',
        conversationId: '',
      });
      const followUp = await client.ask({
        query: 'and how do I configure it?',
        format: 'markdown',
        conversationId: first.conversationId,
      });
      const again = await client.ask({
        query: 'how do i install ask-elements',
        format: 'html',
        conversationId: '',
      });
      // Up, then down: one vote, the latest. The same vote twice is one too.
      await client.feedback({ insightId: first.insightId, feedback: 1 });
      await client.feedback({ insightId: first.insightId, feedback: -1 });
      await client.feedback({ insightId: again.insightId, feedback: 1 });
      await client.feedback({ insightId: again.insightId, feedback: 1 });
      await client.search({ query: 'install', numDocs: 3 });
      const range = { projectId: 'demo', startDate: started, endDate: Date.now() };

      const records = await client.analytics({ ...range, sort: 'createdAt' });
      assert.deepEqual(
        records.map((record) => [record.query, record.conversationId, record.feedback]),
        [
          ['How do I install ask-elements?', first.conversationId, -1],
          ['and how do I configure it?', first.conversationId, null],
          ['how do i install ask-elements', again.conversationId, 1],
        ],
      );
      assert.equal(records[1]!.insightId, followUp.insightId);
      const top = await client.topQuestions(range);
      assert.deepEqual(
        top.map(({ question, count, answered, positive, negative }) => [
          question,
          count,
          answered,
          positive,
          negative,
        ]),
        [
          ['how do i install ask-elements', 2, 2, 1, 1],
          ['and how do I configure it?', 1, 1, 0, 0],
        ],
      );
      // A range that holds none of it, and a page beyond the last, are empty lists.
      assert.deepEqual(
        await client.analytics({ ...range, startDate: '2001-01-01', endDate: '2001-01-31' }),
        [],
      );
      assert.deepEqual(await client.topQuestions({ ...range, page: 2 }), []);
      // The records of a content gap: those voted down, and those without a vote.
      const votedDown = await client.analytics({ ...range, feedback: -1, didAnswer: true });
      assert.deepEqual(
        votedDown.map((record) => record.insightId),
        [first.insightId],
      );
      const unvoted = await client.analytics({ ...range, feedback: 'none' });
      assert.deepEqual(
        unvoted.map((record) => record.insightId),
        [followUp.insightId],
      );
    } finally {
      await service.close();
    }
  });
});

describe('reports waiting to be read', () => {
  it(
    'answers 503 reports_busy, naming the limit, beyond 16 reports in flight, and reads the next once they are done',
    { timeout: 20_000 },
    async () => {
      const service = await startTestService({ config: configWith() });
      try {
        // Reports that take long (a year of a busy site: 4 to 5 s each, read one at a time): many
        // addresses, each within its own rate limit, piled them up without end, every dashboard
        // waiting behind them (a report asked 30 s in was answered 118 s later).
        let release!: () => void;
        const gate = new Promise<void>((resolve) => (release = resolve));
        let reading = 0;
        const topQuestions = service.store.topQuestions.bind(service.store);
        service.store.topQuestions = async (filter) => {
          reading++;
          await gate;
          return topQuestions(filter);
        };
        const report = () =>
          service.get(`/api/projects/demo/analytics/topquestions?startDate=0&endDate=${Date.now()}`, {
            authorization: `Bearer ${DEMO_KEY}`,
          });
        const waiting = Array.from({ length: 16 }, report);
        while (reading < 16) await new Promise((resolve) => setTimeout(resolve, 10));
        const refused = await report();
        assert.equal(refused.status, 503);
        assert.ok(Number(refused.headers.get('retry-after')) > 0);
        const body = await refused.json();
        assert.equal(body.error.code, 'reports_busy');
        assert.match(body.error.message, /16 reports/);
        release();
        for (const response of await Promise.all(waiting)) assert.equal(response.status, 200);
        assert.equal((await report()).status, 200);
        assert.equal(reading, 17);
      } finally {
        await service.close();
      }
    },
  );
});
