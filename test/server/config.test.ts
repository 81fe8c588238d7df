import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { z } from '@hono/zod-openapi';
import {
  ConfigError,
  ConfigFileSchema,
  defaultConfig,
  loadConfigFile,
  parseConfig,
} from '../../src/server/config.js';

/** The JSON blocks of the config page of the bundled documentation, in order. */
function documentedExamples(): unknown[] {
  const page = readFileSync(new URL('../../demo/content/service/config-file.md', import.meta.url), 'utf8');
  return [...page.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => JSON.parse(match[1]!));
}

describe('config file', () => {
  it('accepts the full example of the documentation', () => {
    const [example] = documentedExamples();
    const config = parseConfig(example, 'example', {
      ACME_DOCS_KEY: 'acme-docs-secret',
      ACME_ANALYTICS_KEY: 'acme-analytics-secret',
    });
    assert.equal(config.projects[0]!.analyticsKey, 'acme-analytics-secret');
    assert.equal(config.agents.length, 3);
    const [site, support, widget] = config.agents;
    assert.equal(site!.apiKey, 'acme-docs-secret');
    assert.deepEqual(site!.rateLimit, { requestsPerSecond: 30, burst: 90 });
    assert.deepEqual(support!.rateLimit, { requestsPerSecond: 20, burst: 60 });
    assert.deepEqual(support!.allowedOrigins, ['*']);
    assert.equal(widget!.public, true);
    assert.equal(widget!.apiKey, undefined);
    assert.equal(config.trustProxy, true);
    assert.equal(config.rateLimit.maxTrackedClients, 10_000);
    assert.equal(config.keepDays, 90);
    assert.deepEqual(config.synonyms, {
      groups: [
        ['signin', 'login'],
        ['kb', 'knowledge-base'],
      ],
      builtIn: true,
    });
  });

  it('documents the default config as it is', () => {
    const defaults = documentedExamples()[1];
    assert.deepEqual(parseConfig(defaults), defaultConfig());
    assert.equal(defaultConfig().agents[0]!.apiKey, 'demo-key');
    // Nothing is deleted unless the file says how long to keep it.
    assert.equal(defaultConfig().keepDays, undefined);
  });

  it('documents every field of the file in the tables of its pages, and no other', () => {
    const read = (name: string) =>
      readFileSync(new URL(`../../demo/content/service/${name}`, import.meta.url), 'utf8');
    /** The fields a page's section names in the first column of its tables (`| \`title\`, \`link\` |`). */
    const rows = (page: string, heading: string) => {
      const section = page.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? '';
      return [...section.matchAll(/^\| (`[^|]*`) \|/gm)]
        .flatMap((row) => [...row[1]!.matchAll(/`([\w.]+)`/g)].map((name) => name[1]!))
        .sort();
    };
    const keys = (schema: z.ZodObject) => Object.keys(schema.shape).sort();
    const file = ConfigFileSchema;
    const project = file.shape.projects.element;
    const agent = project.shape.agents.element;
    const serviceRateLimit = file.shape.rateLimit.unwrap() as z.ZodObject;
    const custom = agent.shape.custom.unwrap() as z.ZodObject;
    const parameter = (custom.shape.parameters as z.ZodDefault<z.ZodArray<z.ZodPipe<z.ZodObject>>>).unwrap()
      .element.in;

    const page = read('config-file.md');
    assert.deepEqual(rows(page, 'Projects'), keys(project), 'projects');
    assert.deepEqual(rows(page, 'Agents'), keys(agent), 'agents');
    assert.deepEqual(
      rows(page, 'Service-wide rate limit and proxy'),
      [...keys(serviceRateLimit).map((key) => `rateLimit.${key}`), 'recordSearches', 'trustProxy'].sort(),
      'the service-wide fields',
    );
    assert.deepEqual(rows(page, 'Retention'), ['keepDays']);
    assert.deepEqual(rows(page, 'Synonyms'), ['builtInSynonyms', 'synonyms']);
    assert.deepEqual(keys(file), [
      'builtInSynonyms',
      'keepDays',
      'projects',
      'rateLimit',
      'recordSearches',
      'synonyms',
      'trustProxy',
    ]);
    // The defaults the tables give as JSON (`| \`burst\` | \`60\` |`) are the schema's.
    const defaults = {
      ...agent.parse({ id: 'a', apiKey: 'abcdefgh' }),
      ...Object.fromEntries(
        Object.entries(serviceRateLimit.parse({})).map(([key, value]) => [`rateLimit.${key}`, value]),
      ),
      ...file.parse({ projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh' }] }] }),
    } as Record<string, unknown>;
    const written = [...page.matchAll(/^\| `([\w.]+)` \| `([^`]+)` \|/gm)];
    assert.ok(written.length >= 10, 'the tables give defaults');
    for (const [, field, value] of written)
      assert.deepEqual(JSON.parse(value!), defaults[field!], `the default of ${field} in config-file.md`);
    const customAgents = read('custom-agents.md');
    const customTables = rows(customAgents, 'In the config file');
    assert.deepEqual(customTables, [...keys(custom), ...keys(parameter)].sort(), 'custom and its parameters');
    const customDefaults = custom.parse({ url: 'https://example.com/api' }) as Record<string, unknown>;
    for (const [, field, value] of customAgents.matchAll(/^\| `([\w.]+)` \| `([^`]+)` \|/gm))
      assert.deepEqual(
        JSON.parse(value!),
        customDefaults[field!],
        `the default of ${field} in custom-agents.md`,
      );
  });

  it("defaults each field of a partial rate limit on its own, an agent's from the service-wide one", () => {
    const agents = [
      { id: 'a', apiKey: 'abcdefgh' },
      { id: 'b', apiKey: 'abcdefgi', rateLimit: { burst: 90 } },
      { id: 'c', apiKey: 'abcdefgj', rateLimit: { requestsPerSecond: 5 } },
    ];
    const config = parseConfig({ projects: [{ id: 'p', agents }], rateLimit: { maxTrackedClients: 5000 } });
    assert.deepEqual(config.rateLimit, {
      requestsPerSecond: 20,
      burst: 60,
      maxTrackedClients: 5000,
      connectionsPerAddress: 1000,
    });
    assert.deepEqual(config.reportLimit, { requestsPerSecond: 2, burst: 10 });
    assert.deepEqual(
      config.agents.map((agent) => agent.rateLimit),
      [
        { requestsPerSecond: 20, burst: 60 },
        { requestsPerSecond: 20, burst: 90 },
        { requestsPerSecond: 5, burst: 60 },
      ],
    );
    const sustained = parseConfig({ projects: [{ id: 'p', agents }], rateLimit: { requestsPerSecond: 2 } });
    assert.deepEqual(sustained.rateLimit, {
      requestsPerSecond: 2,
      burst: 60,
      maxTrackedClients: 10_000,
      connectionsPerAddress: 1000,
    });
    assert.deepEqual(sustained.agents[1]!.rateLimit, { requestsPerSecond: 2, burst: 90 });
  });

  const broken: [string, unknown, RegExp][] = [
    ['no projects', { projects: [] }, /projects: at least one project is required/],
    [
      'an unknown field',
      { projects: [{ id: 'p', agents: [{ id: 'a', apikey: 'abcdefgh' }] }] },
      /projects\.0\.agents\.0/,
    ],
    [
      'a short key',
      { projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'short' }] }] },
      /projects\.0\.agents\.0\.apiKey: must be at least 8/,
    ],
    [
      'no key on a private agent',
      { projects: [{ id: 'p', agents: [{ id: 'a' }] }] },
      /apiKey: is required unless the agent is public/,
    ],
    [
      'a key set twice',
      { projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh', apiKeyEnv: 'KEY' }] }] },
      /apiKeyEnv: give apiKey or apiKeyEnv, not both/,
    ],
    [
      'a missing key variable',
      { projects: [{ id: 'p', agents: [{ id: 'a', apiKeyEnv: 'NO_SUCH_VARIABLE' }] }] },
      // Said as unset, not as a key too short.
      /environment variable NO_SUCH_VARIABLE is not set: set it to the key/,
    ],
    [
      'an analytics key that pages carry',
      {
        projects: [
          { id: 'p', analyticsKey: 'abcdefgh12345678', agents: [{ id: 'a', apiKey: 'abcdefgh12345678' }] },
        ],
      },
      /projects\.0\.analyticsKey: the same key is already used by projects\.0\.agents\.0/,
    ],
    [
      'an analytics key with a space, which no Bearer header can carry',
      {
        projects: [
          { id: 'p', analyticsKey: 'shop analytics key 2026', agents: [{ id: 'a', apiKey: 'abcdefgh' }] },
        ],
      },
      /projects\.0\.analyticsKey: must not hold a space or a line break/,
    ],
    // fetch refuses a header character beyond Latin-1, curl sends UTF-8 the service reads as
    // Latin-1, no header carries a control character: a project whose analytics no one can read.
    ...(
      [
        ['in another script', 'аналитика-ключ-2026'],
        ['with an accented letter', 'clé-des-analyses-2026'],
        ['with an emoji', 'analytics-key-2026-🔑'],
        ['with a control character', 'analytics\u0000key-2026'],
      ] as const
    ).map(([what, analyticsKey]): [string, unknown, RegExp] => [
      `an analytics key ${what}, which an Authorization header cannot carry`,
      { projects: [{ id: 'p', analyticsKey, agents: [{ id: 'a', apiKey: 'abcdefgh' }] }] },
      /projects\.0\.analyticsKey: must be letters, digits and ASCII punctuation/,
    ]),
    [
      'an analytics key from the environment that an Authorization header cannot carry',
      {
        projects: [{ id: 'p', analyticsKeyEnv: 'NON_ASCII_KEY', agents: [{ id: 'a', apiKey: 'abcdefgh' }] }],
      },
      /analyticsKeyEnv: environment variable NON_ASCII_KEY must be letters, digits and ASCII punctuation/,
    ],
    [
      'a short analytics key',
      { projects: [{ id: 'p', analyticsKey: 'short-key', agents: [{ id: 'a', apiKey: 'abcdefgh' }] }] },
      /projects\.0\.analyticsKey: must be at least 16/,
    ],
    [
      'an origin with a path',
      {
        projects: [
          { id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh', allowedOrigins: ['https://a.example/docs'] }] },
        ],
      },
      /allowedOrigins\.0: must be "\*" or an origin/,
    ],
    [
      'a threshold over 100',
      { projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh', answerThreshold: 101 }] }] },
      /answerThreshold/,
    ],
    [
      'a bad id',
      { projects: [{ id: 'my project', agents: [{ id: 'a', apiKey: 'abcdefgh' }] }] },
      /projects\.0\.id: must be 1–64/,
    ],
    [
      'duplicate project ids',
      {
        projects: [
          { id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh' }] },
          { id: 'p', agents: [{ id: 'b', apiKey: 'abcdefgi' }] },
        ],
      },
      /projects\.1\.id: duplicate project id "p"/,
    ],
    [
      'duplicate agent ids',
      {
        projects: [
          {
            id: 'p',
            agents: [
              { id: 'a', apiKey: 'abcdefgh' },
              { id: 'a', apiKey: 'abcdefgi' },
            ],
          },
        ],
      },
      /projects\.0\.agents\.1\.id: duplicate agent id "a"/,
    ],
    [
      'a key shared by two agents',
      {
        projects: [
          {
            id: 'p',
            agents: [
              { id: 'a', apiKey: 'abcdefgh' },
              { id: 'b', apiKey: 'abcdefgh' },
            ],
          },
        ],
      },
      /projects\.0\.agents\.1\.apiKey: the same key is already used by projects\.0\.agents\.0/,
    ],
    [
      'two public agents',
      {
        projects: [
          {
            id: 'p',
            agents: [
              { id: 'a', public: true },
              { id: 'b', public: true },
            ],
          },
        ],
      },
      /projects\.0\.agents\.1\.public: only one agent can be public/,
    ],
    ...([0, -30, 1.5, 36_501, '90', null] as const).map((keepDays): [string, unknown, RegExp] => [
      `a keepDays of ${JSON.stringify(keepDays)}`,
      { projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh' }] }], keepDays },
      typeof keepDays === 'number'
        ? /^config file x\.json: keepDays: must be a whole number of days from 1 to 36500/
        : /^config file x\.json: keepDays: must be a number, got (a string|null)$/,
    ]),
    // Zod's "Unrecognized key" left the reader to find which field was meant.
    [
      'a keepDays misspelt',
      { projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh' }] }], keepdays: 90 },
      /^config file x\.json: \(root\): "keepdays" is no field: write it keepDays$/,
    ],
    [
      'an apiKey written api_key',
      { projects: [{ id: 'p', agents: [{ id: 'a', api_key: 'abcdefgh' }] }] },
      /^config file x\.json: projects\.0\.agents\.0: "api_key" is no field: write it apiKey$/,
    ],
    [
      'a field of no other name',
      { projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh', colour: 'red' }] }] },
      /^config file x\.json: projects\.0\.agents\.0: Unrecognized key: "colour"$/,
    ],
    ...(
      [
        [
          'a synonym of two words',
          [['login', 'sign in']],
          /synonyms\.0\.1: "sign in" is 2 words.*"signin" or "sign-in"/,
        ],
        ['a synonym group of one word', [['login']], /synonyms\.0: a group needs two words or more/],
        [
          'a word twice in a group',
          [
            ['kb', 'wiki'],
            ['Login', 'signin', 'login'],
          ],
          /synonyms\.1\.2: "login" is already the group's word 0/,
        ],
        [
          'a synonym with punctuation',
          [['cpp', 'c++']],
          /synonyms\.0\.1: "c\+\+" holds "\+", which search reads as a space/,
        ],
        [
          'a synonym ending in a hyphen',
          [['kb', 'knowledge-']],
          /synonyms\.0\.1: .*"-" or "\." at either end/,
        ],
        ['a synonym search leaves out', [['The', 'a']], /synonyms\.0\.0: "The" is a word search leaves out/],
        ['a synonym too long', [['kb', 'k'.repeat(41)]], /synonyms\.0\.1: .*longer than 40 characters/],
        [
          'a group too large',
          [Array.from({ length: 21 }, (_, i) => `word${i}`)],
          /synonyms\.0: a group holds at most 20 words/,
        ],
        [
          'too many groups',
          Array.from({ length: 5001 }, (_, i) => [`a${i}`, `b${i}`]),
          /synonyms: at most 5000 groups/,
        ],
        ['synonyms as an object', { groups: [['kb', 'wiki']] }, /synonyms: must be an array, got an object/],
      ] as const
    ).map(([name, synonyms, message]): [string, unknown, RegExp] => [
      name,
      { projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh' }] }], synonyms },
      message,
    ]),
    [
      'a zero rate',
      {
        projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh' }] }],
        rateLimit: { requestsPerSecond: 0, burst: 1 },
      },
      /rateLimit\.requestsPerSecond/,
    ],
    // Zod says "expected int, received number", though 1.5 is a number.
    [
      'a burst that is no whole number',
      {
        projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh' }] }],
        rateLimit: { burst: 1.5 },
      },
      /^config file x\.json: rateLimit\.burst: must be a whole number, got 1\.5$/,
    ],
    // JSON.parse reads 1e400 as Infinity: it was "must be a number, got a number".
    [
      'a rate beyond the range of a number',
      {
        projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh' }] }],
        rateLimit: { requestsPerSecond: JSON.parse('1e400') },
      },
      /^config file x\.json: rateLimit\.requestsPerSecond: must be a finite number, got Infinity$/,
    ],
    // Past 2^53 zod's int() said "expected int to be <=9007199254740991", not the field's bound.
    [
      'a burst far over its bound',
      {
        projects: [{ id: 'p', agents: [{ id: 'a', apiKey: 'abcdefgh' }] }],
        rateLimit: { burst: 1e20 },
      },
      /^config file x\.json: rateLimit\.burst: must be at most 10,000,000$/,
    ],
  ];
  for (const [name, input, message] of broken) {
    it(`refuses ${name}, naming the field`, () => {
      assert.throws(
        () => parseConfig(input, 'config file x.json', { NON_ASCII_KEY: 'аналитика-ключ-2026' }),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.match(error.message, /^config file x\.json: /);
          assert.match(error.message, message);
          return true;
        },
      );
    });
  }

  it('refuses a keepDays written twice, naming its line, where JSON.parse would keep the last', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ask-config-'));
    try {
      const file = join(dir, 'cfg.json');
      writeFileSync(
        file,
        '{\n  "projects": [{ "id": "p", "agents": [{ "id": "a", "apiKey": "abcdefgh" }] }],\n  "keepDays": 90,\n  "keepDays": 3650\n}\n',
      );
      assert.throws(
        () => loadConfigFile(file, {}),
        (error: Error) =>
          error instanceof ConfigError &&
          /^config file .*cfg\.json: keepDays: written twice \(line 4\): keep one$/.test(error.message),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a config file that is not JSON', () => {
  /** The message loadConfigFile refuses `contents` with, written as the file `cfg.json`. */
  function refusal(contents: string | Buffer): { message: string; file: string } {
    const dir = mkdtempSync(join(tmpdir(), 'ask-config-'));
    const file = join(dir, 'cfg.json');
    try {
      writeFileSync(file, contents);
      loadConfigFile(file, {});
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      return { message: error.message, file };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.fail('the file was loaded');
  }

  it('names the line and column of the mistake, which an editor goes to', () => {
    assert.match(
      refusal('{\n  "projects": [\n    { "id": "docs", },\n  ]\n}\n').message,
      /^config file .*cfg\.json: is not valid JSON \(.*line 3, column 21\): the comma before this \} ends nothing: remove it$/,
    );
  });

  // Node's "Unexpected token" messages name no position: with the quote of the file left out,
  // a value written as Python or JavaScript writes it left the reader to search the whole file.
  const tokens: [string, string, string][] = [
    ['a boolean written True', '"public": True', 'line 4, column 19'],
    ['a value in single quotes', '"apiKey": \'abcdefgh1\'', 'line 4, column 19'],
    ['undefined', '"answerThreshold": undefined', 'line 4, column 28'],
  ];
  for (const [name, field, at] of tokens) {
    it(`names the line and column of ${name}`, () => {
      const { message } = refusal(
        `{\n  "projects": [\n    { "id": "docs", "agents": [{ "id": "a",\n        ${field} }] }\n  ]\n}\n`,
      );
      assert.match(
        message,
        new RegExp(`^config file .*cfg\\.json: is not valid JSON \\(Unexpected token .*: ${at}\\)$`),
      );
    });
  }

  it('says a file that is not UTF-8 is not, and on which line, rather than read a key with U+FFFD in it', () => {
    // "clé-2026-abc" saved in Latin-1, as an old editor on Windows saves it.
    const latin1 = Buffer.from(
      '{\n  "projects": [{ "id": "p", "agents": [\n    { "id": "a", "apiKey": "cl\u00e9-2026-abc" }\n  ] }]\n}\n',
      'latin1',
    );
    assert.match(
      refusal(latin1).message,
      /^config file .*cfg\.json: is not UTF-8 \(line 3\): save it as UTF-8$/,
    );
    // Notepad's "Unicode" is UTF-16, with its byte order mark.
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"projects": []}', 'utf16le')]);
    assert.match(refusal(utf16).message, /^config file .*cfg\.json: is UTF-16: save it as UTF-8$/);
  });

  it('does not quote the file, which holds keys, in the message', () => {
    const { message, file } = refusal(
      '{"projects": [{"id": "docs", "agents": [{"id": "a", "apiKey": "secret-key-123456", "public": tru}]}]}\n',
    );
    assert.match(message, /is not valid JSON \(Unexpected token/);
    assert.doesNotMatch(message.replace(file, ''), /secret|blic|tru/);
  });
});
