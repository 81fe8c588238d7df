/**
 * The service's configuration file: projects, their agents, each agent's API key, answer
 * threshold, public flag, allowed origins and rate limit; the site's own synonyms. Validated
 * with zod; a bad file fails start-up with a message naming the field.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from '@hono/zod-openapi';
import { type CustomAgent, customAgentSchema, resolveCustomAgent } from './answer/custom-agent.js';
import { plainIssueMessages, valueAt } from './http/request-validation.js';
import { keepPrivate } from './private-files.js';
import { KEEP_DAYS_RULE, MAX_KEEP_DAYS } from './service/retention.js';
import {
  MAX_SYNONYM_GROUP_WORDS,
  MAX_SYNONYM_GROUPS,
  type SiteSynonyms,
  synonymWordProblem,
} from './search/synonyms.js';

/** The default answer threshold (0–100, relevanceScore's scale) of an agent that sets none. */
export const DEFAULT_ANSWER_THRESHOLD = 0;

/** 20 requests per second sustained with bursts of 60: as-you-type search by one visitor fits. */
export const DEFAULT_RATE_LIMIT = { requestsPerSecond: 20, burst: 60 } as const;
/**
 * The analytics reports an address may read of a project with a key that reads them: a
 * dashboard's few at a time, not a loop. A report reads every question of its range (300,000
 * take 0.6 s of the one thread every request shares), and without an analyticsKey the agent key
 * a page carries reads them.
 */
export const DEFAULT_REPORT_LIMIT = { requestsPerSecond: 2, burst: 10 } as const;

/**
 * Open connections one address may hold (not behind a trusted proxy, whose address all share):
 * idle connections cost a rate limit nothing, and 21,000 from one address used up the process's
 * files. A browser opens six; an office behind one NAT, a few hundred.
 */
export const DEFAULT_CONNECTIONS_PER_ADDRESS = 1000;

/** How many (agent, address) buckets the rate limiter tracks before evicting idle ones. */
export const DEFAULT_MAX_TRACKED_CLIENTS = 10_000;

/**
 * What an `Authorization: Bearer` header carries as written, from any client: visible ASCII. A
 * browser's or Node's fetch refuses a character beyond Latin-1 (a TypeError, nothing sent), curl
 * sends UTF-8 bytes the service reads back as Latin-1, and no header holds a control character.
 */
const BEARER_TOKEN = /^[!-~]+$/;
const BEARER_TOKEN_RULE =
  'must be letters, digits and ASCII punctuation (no accented letter, other script, emoji or control character): it is sent as Authorization: Bearer <key>, which carries no other';

const idSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/,
    'must be 1–64 letters, digits, "_", "-" or "." and start with a letter or digit',
  );

const originSchema = z.string().refine((origin) => {
  if (origin === '*') return true;
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
}, 'must be "*" or an origin such as "https://docs.example.com" (scheme, host and port; no path or trailing slash)');

const requestsPerSecondSchema = z.number().positive().max(1_000_000);
// Each whole number's bounds before int(): 1e20 is told as over its bound, not over int's range.
const burstSchema = z.number().min(1).max(10_000_000).int();

/** An agent's own rate limit: a field it leaves out is the service-wide limit's. */
const agentRateLimitSchema = z
  .object({ requestsPerSecond: requestsPerSecondSchema.optional(), burst: burstSchema.optional() })
  .strict();

/** The service-wide rate limit: each field defaults on its own, as the docs list them. */
const serviceRateLimitSchema = z
  .object({
    requestsPerSecond: requestsPerSecondSchema.default(DEFAULT_RATE_LIMIT.requestsPerSecond),
    burst: burstSchema.default(DEFAULT_RATE_LIMIT.burst),
    maxTrackedClients: z.number().min(100).max(10_000_000).int().default(DEFAULT_MAX_TRACKED_CLIENTS),
    reportsPerSecond: requestsPerSecondSchema.default(DEFAULT_REPORT_LIMIT.requestsPerSecond),
    reportBurst: burstSchema.default(DEFAULT_REPORT_LIMIT.burst),
    connectionsPerAddress: z.number().min(10).max(1_000_000).int().default(DEFAULT_CONNECTIONS_PER_ADDRESS),
  })
  .strict()
  // prefault, not default: an absent rateLimit is parsed as `{}`, so the field defaults apply.
  .prefault({});

const agentSchema = z
  .object({
    id: idSchema,
    name: z.string().optional(),
    /** The key clients send as `apiKey` (bot endpoints) or `Authorization: Bearer` (analytics). */
    apiKey: z
      .string()
      .min(8, 'must be at least 8 characters')
      .max(500)
      .refine((key) => key === key.trim(), 'must not start or end with a space or line break')
      .optional(),
    /** The name of an environment variable holding the key, to keep secrets out of the file. */
    apiKeyEnv: z.string().min(1).optional(),
    /** A public agent answers bot requests that carry no apiKey. */
    public: z.boolean().default(false),
    /** relevanceScore (0–100) an answer must reach to count as answered. */
    answerThreshold: z.number().min(0).max(100).default(DEFAULT_ANSWER_THRESHOLD),
    /** Origins allowed to call the bot endpoints from a browser; "*" allows any. */
    allowedOrigins: z.array(originSchema).min(1).default(['*']),
    /** Overrides the service-wide rate limit for this agent's clients. */
    rateLimit: agentRateLimitSchema.optional(),
    /** A custom agent: answers from this endpoint of the site's own, with these parameters. */
    custom: customAgentSchema.optional(),
  })
  .strict()
  .superRefine((agent, ctx) => {
    if (agent.apiKey !== undefined && agent.apiKeyEnv !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['apiKeyEnv'], message: 'give apiKey or apiKeyEnv, not both' });
    }
    if (agent.apiKey === undefined && agent.apiKeyEnv === undefined && !agent.public) {
      ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'is required unless the agent is public' });
    }
  });

const projectSchema = z
  .object({
    id: idSchema,
    name: z.string().optional(),
    agents: z.array(agentSchema).min(1, 'a project needs at least one agent'),
    /**
     * The only key that reads the project's analytics, when set: agent keys travel in pages, so
     * without it any visitor holding one could read every question and comment.
     */
    analyticsKey: z
      .string()
      .min(16, 'must be at least 16 characters')
      .max(500)
      .regex(/^\S+$/, 'must not hold a space or a line break: it is sent as Authorization: Bearer <key>')
      .regex(BEARER_TOKEN, BEARER_TOKEN_RULE)
      .optional(),
    /** The name of an environment variable holding the analytics key. */
    analyticsKeyEnv: z.string().min(1).optional(),
  })
  .strict()
  .superRefine((project, ctx) => {
    if (project.analyticsKey !== undefined && project.analyticsKeyEnv !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['analyticsKeyEnv'],
        message: 'give analyticsKey or analyticsKeyEnv, not both',
      });
    }
  });

/** A word of a synonym group, as search reads words: one word, lower-cased. */
const synonymWordSchema = z
  .string()
  .superRefine((word, ctx) => {
    const problem = synonymWordProblem(word);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((word) => word.normalize('NFC').toLowerCase());

/** Words that stand for each other: each a synonym of every other. */
const synonymGroupSchema = z
  .array(synonymWordSchema)
  .min(2, 'a group needs two words or more, each standing for the others')
  .max(
    MAX_SYNONYM_GROUP_WORDS,
    `a group holds at most ${MAX_SYNONYM_GROUP_WORDS} words: make groups of the words for one thing each`,
  )
  .superRefine((group, ctx) =>
    group.forEach((word, at) => {
      const first = group.indexOf(word);
      if (first < at)
        ctx.addIssue({
          code: 'custom',
          path: [at],
          message: `"${word}" is already the group's word ${first} (case doesn't count): leave one out`,
        });
    }),
  );

export const ConfigFileSchema = z
  .object({
    projects: z.array(projectSchema).min(1, 'at least one project is required'),
    rateLimit: serviceRateLimitSchema,
    /** Take the client address from X-Forwarded-For (only behind a proxy you control). */
    trustProxy: z.boolean().default(false),
    /**
     * Record the searches visitors settle on (the query and how many documents it found, no
     * address), for the top searches report and its searches that found nothing.
     */
    recordSearches: z.boolean().default(true),
    /**
     * Days the questions (with their feedback and conversations) and the searches are kept; older
     * ones are deleted at start and every hour. Absent: everything is kept.
     */
    keepDays: z
      .number()
      .int(KEEP_DAYS_RULE)
      .min(1, `${KEEP_DAYS_RULE} (leave it out to keep everything)`)
      .max(MAX_KEEP_DAYS, KEEP_DAYS_RULE)
      .optional(),
    /** Groups of words visitors and pages use for one thing, added to the built-in synonyms. */
    synonyms: z
      .array(synonymGroupSchema)
      .max(MAX_SYNONYM_GROUPS, `at most ${MAX_SYNONYM_GROUPS} groups`)
      .default([]),
    /** Whether the built-in synonyms (general English and web words) count besides the site's. */
    builtInSynonyms: z.boolean().default(true),
  })
  .strict();

export type ConfigFile = z.input<typeof ConfigFileSchema>;

export interface RateLimit {
  requestsPerSecond: number;
  burst: number;
}

/** One agent, resolved: its key read from the environment if so configured. */
export interface AgentConfig {
  projectId: string;
  id: string;
  name: string;
  /** Undefined only for a public agent without a key. */
  apiKey: string | undefined;
  public: boolean;
  answerThreshold: number;
  allowedOrigins: string[];
  rateLimit: RateLimit;
  /** Set for a custom agent, which answers from its endpoint instead of the documents. */
  custom: CustomAgent | undefined;
}

export interface ProjectConfig {
  id: string;
  name: string;
  agents: AgentConfig[];
  /** The only key that reads the analytics, when set; else any of the project's agent keys does. */
  analyticsKey: string | undefined;
}

export interface ServiceConfig {
  projects: ProjectConfig[];
  /** Every agent of every project. */
  agents: AgentConfig[];
  rateLimit: RateLimit & { maxTrackedClients: number; connectionsPerAddress: number };
  /** The analytics reports an address may read of one project (see DEFAULT_REPORT_LIMIT). */
  reportLimit: RateLimit;
  trustProxy: boolean;
  recordSearches: boolean;
  /** Days questions and searches are kept (see `Retention`); undefined keeps everything. */
  keepDays?: number;
  /** The site's own synonyms, and whether the built-in ones count; undefined: the built-in ones alone. */
  synonyms?: SiteSynonyms;
}

/** A configuration that cannot be used; the message names the file and the field. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * What a configuration that starts may still hold by mistake, one line each: an answer threshold
 * between 0 and 1, written on a 0–1 scale where relevanceScore's is 0–100 (0.5 declines almost
 * nothing, where 50 was meant).
 */
export function configWarnings(config: ServiceConfig): string[] {
  return config.agents
    .filter((agent) => agent.answerThreshold > 0 && agent.answerThreshold < 1)
    .map((agent) => {
      // As a percentage, its decimals kept: 0.004 is 0.4%, not the 0 rounding made it.
      const percent = Number((agent.answerThreshold * 100).toPrecision(12));
      return `Agent ${agent.id} of project ${agent.projectId}: answerThreshold ${agent.answerThreshold} is on relevanceScore's 0–100 scale, so it declines almost nothing; for ${percent}%, write ${percent}`;
    });
}

/** The configuration used without `--config`: project `demo`, agent `docs`, key `demo-key`. */
export const DEFAULT_CONFIG: ConfigFile = {
  projects: [
    {
      id: 'demo',
      name: 'Demo',
      agents: [{ id: 'docs', name: 'Documentation', apiKey: 'demo-key', allowedOrigins: ['*'] }],
    },
  ],
};

function fieldPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(root)' : path.map(String).join('.');
}

/**
 * Validates a parsed configuration and resolves it. `source` names where it came from in
 * error messages; `env` supplies keys named by `apiKeyEnv`.
 */
export function parseConfig(
  input: unknown,
  source = 'config',
  env: NodeJS.ProcessEnv = process.env,
): ServiceConfig {
  const result = ConfigFileSchema.safeParse(input, { error: plainIssueMessages });
  if (!result.success) {
    const issues = result.error.issues;
    const first = issues[0]!;
    // A required field left out (`projects: … got nothing`) because it was misspelt (`project`,
    // `Projects`): the misspelling, told with the field meant, is the mistake to correct.
    const misspelt =
      first.code === 'invalid_type' && valueAt(input, first.path) === undefined
        ? issues.find(
            (issue) =>
              issue.code === 'unrecognized_keys' &&
              fieldPath(issue.path) === fieldPath(first.path.slice(0, -1)) &&
              issue.message.endsWith(`write it ${String(first.path.at(-1))}`),
          )
        : undefined;
    const issue = misspelt ?? first;
    throw new ConfigError(`${source}: ${fieldPath(issue.path)}: ${issue.message}`);
  }
  const file = result.data;
  const defaultRateLimit = {
    requestsPerSecond: file.rateLimit.requestsPerSecond,
    burst: file.rateLimit.burst,
  };

  const projectIds = new Set<string>();
  const keyOwners = new Map<string, string>();
  /** The key written at `field`, or the one its `${field}Env` variable holds, checked as written ones are. */
  const keyOf = (
    written: string | undefined,
    variable: string | undefined,
    field: string,
    /** `bearer`: the key travels in an Authorization header (an analytics key), not in JSON. */
    rule: { minLength: number; bearer: boolean },
  ): string | undefined => {
    if (variable === undefined) return written;
    const key = env[variable];
    if (key === undefined)
      throw new ConfigError(
        `${source}: ${field}Env: environment variable ${variable} is not set: set it to the key`,
      );
    if (key.length < rule.minLength || (rule.bearer && /\s/.test(key))) {
      throw new ConfigError(
        `${source}: ${field}Env: environment variable ${variable} must hold a key of at least ${rule.minLength} characters${rule.bearer ? ', with no space or line break' : ''}`,
      );
    }
    // A key file's last line break, which a Kubernetes or Docker secret made from the file keeps:
    // the key the pages send has none, and every request would be refused as a wrong key.
    if (key !== key.trim()) {
      throw new ConfigError(
        `${source}: ${field}Env: environment variable ${variable} starts or ends with a space or line break (left from the file it was made from?): remove it`,
      );
    }
    if (rule.bearer && !BEARER_TOKEN.test(key)) {
      throw new ConfigError(`${source}: ${field}Env: environment variable ${variable} ${BEARER_TOKEN_RULE}`);
    }
    return key;
  };
  /** Gives a key to the owner at `field`: one key has one owner in the whole file. */
  const claimKey = (key: string | undefined, field: string, owner: string, why = ''): void => {
    if (key === undefined) return;
    const earlier = keyOwners.get(key);
    if (earlier !== undefined) {
      throw new ConfigError(`${source}: ${field}: the same key is already used by ${earlier}${why}`);
    }
    keyOwners.set(key, owner);
  };
  let publicAgent: string | undefined;
  const projects = file.projects.map((project, p): ProjectConfig => {
    if (projectIds.has(project.id)) {
      throw new ConfigError(`${source}: projects.${p}.id: duplicate project id "${project.id}"`);
    }
    projectIds.add(project.id);
    const agentIds = new Set<string>();
    const agents = project.agents.map((agent, a): AgentConfig => {
      const at = `projects.${p}.agents.${a}`;
      if (agentIds.has(agent.id)) {
        throw new ConfigError(
          `${source}: ${at}.id: duplicate agent id "${agent.id}" in project "${project.id}"`,
        );
      }
      agentIds.add(agent.id);
      const apiKey = keyOf(agent.apiKey, agent.apiKeyEnv, `${at}.apiKey`, { minLength: 8, bearer: false });
      claimKey(apiKey, `${at}.apiKey`, at);
      if (agent.public) {
        // A keyless request must map to exactly one agent.
        if (publicAgent !== undefined) {
          throw new ConfigError(
            `${source}: ${at}.public: only one agent can be public (${publicAgent} already is)`,
          );
        }
        publicAgent = at;
      }
      const custom = agent.custom && resolveCustomAgent(agent.custom, agent.name ?? agent.id, env);
      if (custom && 'problem' in custom) {
        throw new ConfigError(`${source}: ${at}.custom.headers.${custom.header}: ${custom.problem}`);
      }
      return {
        projectId: project.id,
        id: agent.id,
        name: agent.name ?? agent.id,
        custom,
        apiKey,
        public: agent.public,
        answerThreshold: agent.answerThreshold,
        allowedOrigins: agent.allowedOrigins,
        rateLimit: {
          requestsPerSecond: agent.rateLimit?.requestsPerSecond ?? defaultRateLimit.requestsPerSecond,
          burst: agent.rateLimit?.burst ?? defaultRateLimit.burst,
        },
      };
    });
    const field = `projects.${p}.analyticsKey`;
    const analyticsKey = keyOf(project.analyticsKey, project.analyticsKeyEnv, field, {
      minLength: 16,
      bearer: true,
    });
    claimKey(analyticsKey, field, field, '; an analytics key must not be one that pages carry');
    return { id: project.id, name: project.name ?? project.id, agents, analyticsKey };
  });

  return {
    projects,
    agents: projects.flatMap((project) => project.agents),
    rateLimit: {
      ...defaultRateLimit,
      maxTrackedClients: file.rateLimit.maxTrackedClients,
      connectionsPerAddress: file.rateLimit.connectionsPerAddress,
    },
    reportLimit: { requestsPerSecond: file.rateLimit.reportsPerSecond, burst: file.rateLimit.reportBurst },
    trustProxy: file.trustProxy,
    recordSearches: file.recordSearches,
    keepDays: file.keepDays,
    synonyms: { groups: file.synonyms, builtIn: file.builtInSynonyms },
  };
}

/** Reads and validates a JSON configuration file (which `staticDir` then never serves: see `createApp`). */
export function loadConfigFile(path: string, env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Node's words ("ENOENT: no such file or directory, open './x.json'") for the two mistakes a
    // site owner makes: a path that leads nowhere (said with where it was looked for), a folder.
    if (code === 'ENOENT')
      throw new ConfigError(`config file ${path}: does not exist (looked for ${resolve(path)})`);
    if (code === 'EISDIR')
      throw new ConfigError(
        `config file ${path}: is a folder: give the JSON file, such as ${join(path, 'ask-elements.json')}`,
      );
    throw new ConfigError(`config file ${path}: cannot be read (${(error as Error).message})`);
  }
  const text = utf8Text(bytes, `config file ${path}`);
  // Editors on Windows may save UTF-8 with a byte order mark, which JSON.parse refuses.
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (source.trim() === '')
    throw new ConfigError(`config file ${path}: is empty: write its projects, each with its agents and keys`);
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    throw new ConfigError(`config file ${path}: is not valid JSON ${jsonErrorAt(source, error as Error)}`);
  }
  // JSON.parse keeps the last of a key written twice without a word: an agent copied and edited
  // would silently lose its `public`, its key or its origins to the line below.
  const duplicate = duplicateKey(text);
  if (duplicate !== undefined)
    throw new ConfigError(
      `config file ${path}: ${duplicate.path}: written twice (line ${duplicate.line}): keep one`,
    );
  const config = parseConfig(json, `config file ${path}`, env);
  keepPrivate(config, [path]);
  return config;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's text, refusing bytes that are not UTF-8: read as U+FFFD, a key saved in Latin-1
 * ("clé") became one no client sends, refused as invalid at every request with nothing said at
 * the start.
 */
function utf8Text(bytes: Buffer, source: string): string {
  // Notepad's "Unicode" is UTF-16, which opens with its byte order mark.
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new ConfigError(`${source}: is UTF-16: save it as UTF-8`);
  try {
    return strictUtf8.decode(bytes);
  } catch {
    let line = 1;
    for (let start = 0; start < bytes.length; line++) {
      const end = bytes.indexOf(0x0a, start);
      const next = end === -1 ? bytes.length : end + 1;
      try {
        strictUtf8.decode(bytes.subarray(start, next));
      } catch {
        break;
      }
      start = next;
    }
    throw new ConfigError(`${source}: is not UTF-8 (line ${line}): save it as UTF-8`);
  }
}

/**
 * Where JSON.parse stopped in `text`, when its message doesn't say (Node's "Unexpected token"
 * messages name no position): the longest start of the text that could still begin a JSON value
 * ends there. A start can, when it parses, or fails only at its end (a string, a number or an
 * escape cut off).
 */
function unexpectedTokenPosition(text: string): number {
  const couldBegin = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length));
      return true;
    } catch (error) {
      const message = (error as Error).message;
      const at = /at position (\d+)/.exec(message)?.[1];
      return message === 'Unexpected end of JSON input' || (at !== undefined && Number(at) >= length);
    }
  };
  let valid = 0;
  let invalid = text.length;
  while (invalid - valid > 1) {
    const middle = (valid + invalid) >>> 1;
    if (couldBegin(middle)) valid = middle;
    else invalid = middle;
  }
  return valid;
}

/**
 * JSON.parse's message in brackets, with the line and column of the position it names (Node 20
 * gives only the position, "at position 312", which nobody counts to in an editor), without the
 * part of the file it may quote, and what to do when the mistake is a comment or a trailing comma.
 */
function jsonErrorAt(text: string, error: Error): string {
  // Node 20's "Unexpected token" messages quote the file around the mistake, which may hold a
  // key: the quote is left out (the token it names stays).
  const message = error.message.replace(/, (?:\.\.\.)?"[\s\S]*"(?:\.\.\.)? is not valid JSON$/, '');
  const written = /at position (\d+)/.exec(message)?.[1];
  let position: number;
  if (written !== undefined) position = Number(written);
  else if (message.startsWith('Unexpected token')) position = unexpectedTokenPosition(text);
  else if (message === 'Unexpected end of JSON input') position = text.length;
  else return `(${message})`;
  const before = text.slice(0, position).split('\n');
  const at = /\bline\b/.test(message)
    ? message
    : `${message}: line ${before.length}, column ${(before.at(-1) ?? '').length + 1}`;
  // What JSON refuses that a config written by hand holds most often, as JavaScript allows it.
  const rest = text.slice(position);
  if (/^\/[/*]/.test(rest)) return `(${at}): JSON holds no comments: remove them`;
  if (/^[\]}]/.test(rest) && /,\s*$/.test(text.slice(0, position)))
    return `(${at}): the comma before this ${rest[0]} ends nothing: remove it`;
  return `(${at})`;
}

/**
 * The first key written twice in one object of `json` (text JSON.parse has read), as a field path
 * (`projects.0.agents.1.apiKey`), with the line of its second writing; undefined when none is.
 * Keys compare as JSON reads them (`"\u0061"` is `"a"`).
 */
export function duplicateKey(json: string): { path: string; line: number } | undefined {
  // What is open: an object (the keys it has, the one being read) or an array (the item's index).
  const open: { keys?: Set<string>; key: string | number }[] = [];
  const at = (key: string) => [...open.slice(0, -1).map((frame) => frame.key), key].join('.');
  let expectKey = false;
  for (let i = 0; i < json.length; i++) {
    const char = json[i];
    if (char === '"') {
      const start = i;
      for (i++; json[i] !== '"'; i++) if (json[i] === '\\') i++;
      const frame = open.at(-1);
      if (!expectKey || frame?.keys === undefined) continue;
      const key = JSON.parse(json.slice(start, i + 1)) as string;
      if (frame.keys.has(key)) return { path: at(key), line: json.slice(0, start).split('\n').length };
      frame.keys.add(key);
      frame.key = key;
      expectKey = false;
    } else if (char === '{') {
      open.push({ keys: new Set(), key: '' });
      expectKey = true;
    } else if (char === '[') open.push({ key: 0 });
    else if (char === '}' || char === ']') open.pop();
    else if (char === ',') {
      const frame = open.at(-1);
      if (frame?.keys !== undefined) expectKey = true;
      else if (frame !== undefined) frame.key = (frame.key as number) + 1;
    }
  }
  return undefined;
}

/** The default configuration, resolved. */
export function defaultConfig(): ServiceConfig {
  return parseConfig(DEFAULT_CONFIG, 'default config');
}
