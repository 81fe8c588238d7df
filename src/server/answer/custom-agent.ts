/**
 * A custom agent (SPEC 1, 2.6): an agent that answers by calling the site owner's own HTTP
 * endpoint (an order lookup, a status page) instead of the documents. The endpoint receives the
 * visitor's question as `llm_query` and the agent's parameters where each is configured to
 * travel: the query string, a `{placeholder}` of the URL's path, or the JSON body. A required
 * parameter the question doesn't give is asked of the visitor, and the reply completes the
 * question. The endpoint's answer, JSON or text, becomes the answer record's `answer`.
 */
import { z } from '@hono/zod-openapi';
import type { AnswerError } from '../../wire/index.js';
import type { Logger } from '../logger.js';
import type { ConversationTurn } from '../store/store.js';
import {
  type AgentParameter,
  agentParameterSchema,
  completeValues,
  LLM_QUERY,
  type ParameterValue,
  type ParameterValues,
  parseValue,
  valuesInAttributes,
  valuesInText,
} from './agent-parameters.js';
import { renderAnswer } from './answer-format.js';
import type { AnswerInput, DraftAnswer } from './answerer.js';
import { markdownToSafeHtml } from './markdown-to-html.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Methods that carry no body: `llm_query` and the Query parameters go in the URL. */
const BODILESS = new Set(['GET', 'DELETE']);
export const DEFAULT_CUSTOM_AGENT_TIMEOUT_MS = 10_000;
/** An endpoint's answer over this is refused rather than read into memory. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
/** JSON without an answer field is shown as code, cut at this many characters. */
const MAX_JSON_CHARS = 4000;
/** A reply this short, not a question, may be the asked value whole ("New York"). */
const MAX_WHOLE_REPLY_CHARS = 80;

/** `{name}` placeholders of a URL's path. */
const PLACEHOLDER = /\{([^{}]+)\}/g;

/** A custom agent's endpoint and parameters as the config file writes them (`custom`). */
export const customAgentSchema = z
  .object({
    /** `https://shop.example.com/api/orders/{orderId}`: each `{name}` a Path parameter. */
    url: z.string().min(1),
    /** Default: POST when a parameter travels in the body, else GET. */
    method: z
      .string()
      .transform((method) => method.toUpperCase())
      .pipe(z.enum(METHODS))
      .optional(),
    /** Sent with every call; `${NAME}` in a value is the environment variable NAME. */
    headers: z.record(z.string(), z.string()).default({}),
    timeoutMs: z.number().int().min(100).max(120_000).default(DEFAULT_CUSTOM_AGENT_TIMEOUT_MS),
    /** The answer record's `title` (default: the agent's name) and `link` (default: none). */
    title: z.string().max(500).optional(),
    link: z.string().max(2000).optional(),
    parameters: z.array(agentParameterSchema).max(50).default([]),
  })
  .strict()
  .superRefine((agent, ctx) => {
    let url: URL | undefined;
    try {
      url = new URL(agent.url.replace(PLACEHOLDER, 'x'));
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'must be an http or https URL' });
    }
    const names = new Set<string>();
    agent.parameters.forEach((parameter, i) => {
      if (names.has(parameter.name))
        ctx.addIssue({
          code: 'custom',
          path: ['parameters', i, 'name'],
          message: `"${parameter.name}" is defined twice`,
        });
      names.add(parameter.name);
      if (parameter.parameterType === 'Path' && !agent.url.includes(`{${parameter.name}}`))
        ctx.addIssue({
          code: 'custom',
          path: ['parameters', i, 'parameterType'],
          message: `a Path parameter needs its placeholder {${parameter.name}} in the url`,
        });
    });
    for (const [, name] of agent.url.matchAll(PLACEHOLDER)) {
      const parameter = agent.parameters.find((candidate) => candidate.name === name);
      if (name !== LLM_QUERY && parameter?.parameterType !== 'Path')
        ctx.addIssue({
          code: 'custom',
          path: ['url'],
          message: `{${name}} is no Path parameter of this agent`,
        });
    }
    // Without a method, a Body parameter makes it POST.
    const method = agent.method;
    if (
      method !== undefined &&
      BODILESS.has(method) &&
      agent.parameters.some((parameter) => parameter.parameterType === 'Body')
    )
      ctx.addIssue({
        code: 'custom',
        path: ['method'],
        message: `${method} sends no body, but a parameter travels in it`,
      });
  });

export type CustomAgentConfigFile = z.input<typeof customAgentSchema>;

/** A custom agent, resolved: its headers' variables read from the environment. */
export interface CustomAgent {
  url: string;
  method: (typeof METHODS)[number];
  headers: Record<string, string>;
  timeoutMs: number;
  title: string;
  link: string;
  parameters: AgentParameter[];
}

/** Resolves a parsed `custom` block; a header naming an unset variable is an error naming it. */
export function resolveCustomAgent(
  written: z.output<typeof customAgentSchema>,
  agentName: string,
  env: NodeJS.ProcessEnv,
): CustomAgent | { header: string; variable: string } {
  const headers: Record<string, string> = {};
  for (const [header, value] of Object.entries(written.headers)) {
    let unset: string | undefined;
    headers[header] = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => {
      const found = env[variable];
      if (found === undefined) unset ??= variable;
      return found ?? '';
    });
    if (unset !== undefined) return { header, variable: unset };
  }
  const hasBody = written.parameters.some((parameter) => parameter.parameterType === 'Body');
  return {
    url: written.url,
    method: written.method ?? (hasBody ? 'POST' : 'GET'),
    headers,
    timeoutMs: written.timeoutMs,
    title: written.title ?? agentName,
    link: written.link ?? '',
    parameters: written.parameters,
  };
}

/** What a conversation remembers while it waits for a value the visitor was asked for. */
interface PendingQuestion {
  question: string;
  values: ParameterValues;
  missing: string[];
}

/** The question the last turn asked the visitor a value for, if it did. */
function pendingIn(turn: ConversationTurn | undefined): PendingQuestion | undefined {
  if (!turn?.contextJson) return undefined;
  try {
    const pending = (JSON.parse(turn.contextJson) as { customAgent?: { pending?: PendingQuestion } })
      .customAgent?.pending;
    return pending && typeof pending.question === 'string' && Array.isArray(pending.missing)
      ? pending
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The values a reply to "what is X?" gives: by the rules of `valuesInText` for the parameters
 * asked, or, for a String asked, the whole reply when it is short and no question ("New York").
 */
function valuesInReply(asked: readonly AgentParameter[], reply: string): ParameterValues {
  const values = valuesInText(asked, reply);
  const [first] = asked;
  const text = reply.trim().replace(/[.!]+$/, '');
  if (first && !(first.name in values) && text.length <= MAX_WHOLE_REPLY_CHARS && !text.endsWith('?')) {
    const whole = parseValue(
      first,
      first.type === 'String' || first.type === 'Array' ? text : text.split(/\s+/)[0],
    );
    if (whole !== undefined && (first.type !== 'Boolean' || text.split(/\s+/).length === 1))
      values[first.name] = whole;
  }
  return values;
}

/** How a value reads in a URL: an Array's items joined by commas. */
function urlText(value: ParameterValue | undefined): string {
  return Array.isArray(value) ? value.join(',') : String(value ?? '');
}

/** The request to the endpoint for a question and its parameters' values. */
function endpointRequest(
  agent: CustomAgent,
  question: string,
  values: ParameterValues,
): { url: URL; init: RequestInit } {
  const url = new URL(
    agent.url.replace(PLACEHOLDER, (_, name: string) =>
      encodeURIComponent(urlText(name === LLM_QUERY ? question : values[name])),
    ),
  );
  const hasBody = !BODILESS.has(agent.method);
  const body: Record<string, ParameterValue> = {};
  if (hasBody) body[LLM_QUERY] = question;
  else if (!agent.url.includes(`{${LLM_QUERY}}`)) url.searchParams.append(LLM_QUERY, question);
  for (const parameter of agent.parameters) {
    const value = values[parameter.name] ?? null;
    if (parameter.parameterType === 'Body') body[parameter.name] = value;
    else if (parameter.parameterType === 'Query' && value !== null)
      for (const item of Array.isArray(value) ? value : [value])
        url.searchParams.append(parameter.name, String(item));
  }
  const headers: Record<string, string> = {
    accept: 'application/json, text/markdown, text/plain',
    ...agent.headers,
  };
  if (hasBody) headers['content-type'] = 'application/json';
  return { url, init: { method: agent.method, headers, ...(hasBody ? { body: JSON.stringify(body) } : {}) } };
}

/** A failure of the endpoint, told to the visitor politely and to the log in full. */
class EndpointFailure extends Error {
  constructor(readonly visible: string) {
    super(visible);
  }
}

/** The endpoint's answer as Markdown: a JSON answer field, text as it is, other JSON as code. */
async function answerMarkdown(response: Response): Promise<string> {
  const length = Number(response.headers.get('content-length'));
  if (length > MAX_RESPONSE_BYTES) throw new EndpointFailure(`The agent's endpoint answered more than 1 MiB`);
  const bytes = await response.arrayBuffer();
  if (bytes.byteLength > MAX_RESPONSE_BYTES)
    throw new EndpointFailure(`The agent's endpoint answered more than 1 MiB`);
  const text = new TextDecoder().decode(bytes);
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('json')) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new EndpointFailure(`The agent's endpoint answered JSON that doesn't parse`);
    }
    if (typeof body === 'string') return body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const field of ['answer', 'text', 'message', 'result', 'output']) {
        const value = (body as Record<string, unknown>)[field];
        if (typeof value === 'string' && value.trim() !== '') return value;
      }
    }
    const json = JSON.stringify(body, null, 2);
    return `\`\`\`json\n${json.length > MAX_JSON_CHARS ? `${json.slice(0, MAX_JSON_CHARS)}\n…` : json}\n\`\`\``;
  }
  if (type.startsWith('text/plain') || type.startsWith('text/markdown') || type === '') return text;
  throw new EndpointFailure(`The agent's endpoint answered ${type.split(';')[0]}, not JSON or text`);
}

export interface CustomAgentDependencies {
  logger: Pick<Logger, 'error'>;
  fetch?: typeof fetch;
}

/** The draft of a turn that is no answer: a value asked for, or the endpoint's failure. */
function unanswered(
  input: AnswerInput,
  question: string,
  text: string,
  context: Record<string, unknown>,
  error?: AnswerError,
): DraftAnswer {
  return {
    answer: renderAnswer(input.format, [{ kind: 'text', text }]),
    didAnswer: false,
    relevanceScore: 0,
    title: '',
    link: '',
    description: '',
    assetType: '',
    passages: [],
    resolvedQuery: question,
    context: { customAgent: context },
    ...(error ? { error } : {}),
  };
}

/** "To answer that, I need `orderId` (the order number). What is it?" */
function askFor(parameter: AgentParameter): string {
  const description = parameter.description.trim().replace(/[.!]+$/, '');
  const choices = parameter.enum
    ? ` It is one of: ${parameter.enum.map((value) => `\`${value}\``).join(', ')}.`
    : '';
  return `To answer that, I need \`${parameter.name}\`${description ? ` (${description})` : ''}.${choices} What is it?`;
}

/**
 * Answers a question with a custom agent's endpoint. The values: the reply to a value asked for
 * in the last turn, the page's `attributes`, then what the question says; a required parameter
 * still without one is asked for (`didAnswer: false`, `context.customAgent.missing`). The call
 * that fails (an error status, a timeout, an answer that isn't JSON or text) is answered politely
 * with `error` set, and logged.
 */
export async function answerWithCustomAgent(
  agent: CustomAgent,
  input: AnswerInput,
  deps: CustomAgentDependencies,
  signal?: AbortSignal,
): Promise<DraftAnswer> {
  const pending = pendingIn(input.history.at(-1));
  let question = input.query;
  let given: ParameterValues = {};
  if (pending) {
    const asked = agent.parameters.filter((parameter) => pending.missing.includes(parameter.name));
    const reply = valuesInReply(asked, input.query);
    if (Object.keys(reply).length > 0) {
      question = pending.question;
      given = { ...pending.values, ...reply };
    }
  }
  const found = {
    ...valuesInText(agent.parameters, question),
    ...valuesInAttributes(agent.parameters, input.attributes),
    ...given,
  };
  const { values, missing } = completeValues(agent.parameters, found);
  const [first] = missing;
  if (first) {
    const waiting: PendingQuestion = { question, values: found, missing: missing.map(({ name }) => name) };
    return unanswered(input, question, askFor(first), { missing: waiting.missing, pending: waiting });
  }

  const { url, init } = endpointRequest(agent, question, values);
  const sent = { [LLM_QUERY]: question, ...values };
  const timeout = AbortSignal.timeout(agent.timeoutMs);
  let markdown: string;
  try {
    let response: Response;
    try {
      response = await (deps.fetch ?? fetch)(url, {
        ...init,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new EndpointFailure(
        timeout.aborted
          ? `The agent's endpoint did not answer within ${agent.timeoutMs / 1000} s`
          : `The agent's endpoint could not be reached`,
      );
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new EndpointFailure(`The agent's endpoint answered ${response.status}`);
    }
    markdown = await answerMarkdown(response);
  } catch (error) {
    if (!(error instanceof EndpointFailure)) throw error;
    deps.logger.error(`Custom agent ${init.method} ${url.origin}${url.pathname} failed: ${error.visible}`);
    return unanswered(
      input,
      question,
      "Sorry, the service that answers this didn't respond. Please try again in a moment.",
      { parameters: sent },
      { code: 'agent_endpoint_failed', message: error.visible },
    );
  }
  return {
    answer: input.format === 'markdown' ? markdown : markdownToSafeHtml(markdown),
    didAnswer: true,
    relevanceScore: 100,
    title: agent.title,
    link: agent.link,
    description: '',
    assetType: 'api',
    passages: [],
    resolvedQuery: question,
    context: { customAgent: { parameters: sent } },
  };
}
