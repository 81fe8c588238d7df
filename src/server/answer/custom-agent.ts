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
  isDotSegment,
  LLM_QUERY,
  type ParameterValue,
  type ParameterValues,
  parseValue,
  valuesInAttributes,
  valuesInText,
  writesWord,
} from './agent-parameters.js';
import { escapeMarkdown } from './answer-format.js';
import {
  type ChatMessage,
  chatCompletion,
  conversationMessages,
  type LanguageModelEndpoint,
} from './chat-completion.js';
import { type AnswerInput, type DraftAnswer, sourcelessAnswer } from './answerer.js';
import { markdownToSafeHtml, markdownToSafeMarkdown } from './markdown-to-html.js';

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
const MAX_WHOLE_REPLY_WORDS = 4;
/** A reply that starts like a question or a change of mind is a new question, not a value. */
const QUESTION_START =
  /^(actually|wait|sorry|what|how|why|when|where|who|which|whose|can|could|would|should|do|does|did|is|are|was|were|will|i want|i need|tell|show|help)\b/i;

/** `{name}` placeholders of a URL's path. */
const PLACEHOLDER = /\{([^{}]+)\}/g;
/** An HTTP header name (RFC 9110's token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

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
    timeoutMs: z.number().min(100).max(120_000).int().default(DEFAULT_CUSTOM_AGENT_TIMEOUT_MS),
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
    } else {
      // A value may fill a segment of the path, never the host, the query or the fragment.
      const marked = new URL(agent.url.replace(PLACEHOLDER, '__placeholder__'));
      if (/__placeholder__/i.test(marked.origin + marked.search + marked.hash))
        ctx.addIssue({
          code: 'custom',
          path: ['url'],
          message: 'a {placeholder} may only stand in the path',
        });
    }
    for (const name of Object.keys(agent.headers))
      if (!HEADER_NAME.test(name))
        ctx.addIssue({ code: 'custom', path: ['headers', name], message: 'is not a valid header name' });
    if (agent.link !== undefined && agent.link !== '' && !/^(https?:\/\/[^/]|\/(?!\/))/i.test(agent.link))
      ctx.addIssue({
        code: 'custom',
        path: ['link'],
        message: 'must be an http or https URL, or a path starting with /',
      });
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
): CustomAgent | { header: string; problem: string } {
  const headers: Record<string, string> = {};
  for (const [header, value] of Object.entries(written.headers)) {
    let unset: string | undefined;
    headers[header] = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => {
      const found = env[variable];
      if (found === undefined) unset ??= variable;
      return found ?? '';
    });
    if (unset !== undefined) return { header, problem: `environment variable ${unset} is not set` };
    // A line break would end the header and start another: refused, not sent.
    if (/[\r\n\0]/.test(headers[header] as string))
      return { header, problem: 'holds a line break or a NUL, which would end the header' };
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

/** What a conversation remembers of a call that failed, for the same message sent again. */
interface FailedQuestion {
  /** The visitor's message as sent (a reply, or the question itself). */
  query: string;
  question: string;
  values: ParameterValues;
}

/** What the last turn left for this one: a value asked for, or a call that failed. */
function lastTurnState(
  turn: ConversationTurn | undefined,
): { pending?: PendingQuestion; failed?: FailedQuestion } | undefined {
  if (!turn?.contextJson) return undefined;
  try {
    const state = (
      JSON.parse(turn.contextJson) as { customAgent?: { pending?: PendingQuestion; failed?: FailedQuestion } }
    ).customAgent;
    const pending = state?.pending;
    const failed = state?.failed;
    return {
      ...(pending && typeof pending.question === 'string' && Array.isArray(pending.missing)
        ? { pending }
        : {}),
      ...(failed && typeof failed.query === 'string' && typeof failed.question === 'string'
        ? { failed }
        : {}),
    };
  } catch {
    return undefined;
  }
}

/** The values without a Path parameter's `.` or `..`, which would move the URL's path: asked again. */
function withoutDotSegments(parameters: readonly AgentParameter[], found: ParameterValues): ParameterValues {
  const kept = { ...found };
  for (const parameter of parameters)
    if (parameter.parameterType === 'Path' && isDotSegment(kept[parameter.name])) delete kept[parameter.name];
  return kept;
}

/** A message that asks something itself ("what are your hours", "…ship?"): a new question, not a reply. */
function readsAsQuestion(message: string): boolean {
  const text = message.trim();
  return text.endsWith('?') || QUESTION_START.test(text);
}

/**
 * The values a reply to "what is X?" gives: X by the rules of `valuesInText`, or the whole reply
 * when it is short and reads as no question ("New York"); the other parameters without a value
 * only when written by name ("quantity: 3") or as an enum's word ("A-1234, via UPS"), since a lone
 * number or code answers what was asked.
 */
function valuesInReply(
  asked: AgentParameter,
  others: readonly AgentParameter[],
  reply: string,
): ParameterValues {
  const values = valuesInText([asked], reply);
  const text = reply.trim().replace(/[.!]+$/, '');
  const words = text.split(/\s+/);
  if (
    !(asked.name in values) &&
    text.length <= MAX_WHOLE_REPLY_CHARS &&
    words.length <= MAX_WHOLE_REPLY_WORDS
  ) {
    const whole = parseValue(asked, asked.type === 'String' || asked.type === 'Array' ? text : words[0]);
    if (whole !== undefined && (asked.type !== 'Boolean' || words.length === 1)) values[asked.name] = whole;
  }
  // A word of the value asked gives no other: "EUR", answering "What is from?", is not `to` too.
  const answer = asked.name in values ? String(values[asked.name]) : '';
  const besides = Object.entries(valuesInText(others, reply, { wordsOnly: true })).filter(
    ([, value]) => !writesWord(answer, value),
  );
  return { ...Object.fromEntries(besides), ...values };
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
  // Appended after the url's own query (SPEC 2.6: after a `?`, further ones after `&`), which
  // stays as written: `url.searchParams` would write all of it again form-encoded (`flag` as
  // `flag=`, `~` and `,` escaped), and a signed URL's signature would no longer match.
  const query = new URLSearchParams();
  if (hasBody) body[LLM_QUERY] = question;
  else if (!agent.url.includes(`{${LLM_QUERY}}`)) query.append(LLM_QUERY, question);
  for (const parameter of agent.parameters) {
    const value = values[parameter.name] ?? null;
    if (parameter.parameterType === 'Body') body[parameter.name] = value;
    else if (parameter.parameterType === 'Query' && value !== null)
      for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, String(item));
  }
  if (query.size > 0) url.search = url.search ? `${url.search}&${query}` : `${query}`;
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

/** The body's bytes, read until it ends or passes `MAX_RESPONSE_BYTES` (then refused, unread). */
async function limitedBytes(response: Response): Promise<Uint8Array> {
  const tooLarge = () => new EndpointFailure(`The agent's endpoint answered more than 1 MiB`);
  if (Number(response.headers.get('content-length')) > MAX_RESPONSE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  while (reader) {
    const chunk = await reader.read();
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks, size);
}

/** Text in the charset its Content-Type declares (UTF-8 when none, or one unknown). */
function decode(bytes: Uint8Array, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** What a custom agent answers when its endpoint's answer is empty. */
const EMPTY_ANSWER = 'The service answered without any details to show.';

/**
 * The endpoint's answer as Markdown: a JSON answer field, text as it is, other JSON as code; ''
 * for none (a 204 or 205, or a blank body, whatever its Content-Type says).
 */
async function answerMarkdown(response: Response): Promise<string> {
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  const text = decode(await limitedBytes(response), /charset="?([\w.:-]+)/.exec(type)?.[1]);
  if (response.status === 204 || response.status === 205 || text.trim() === '') return '';
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

/**
 * The endpoint's Markdown made as safe as a generated answer's: it may pass on what others wrote
 * (a product's notes, a ticket's comment), and sites calling the API render it as it is. Markdown
 * that can't be made safe is served as plain text, its `<` as an entity: a bare URL before it
 * would take the escaping backslash into its link and leave the tag.
 */
function safeMarkdown(markdown: string): string {
  try {
    return markdownToSafeMarkdown(markdown);
  } catch {
    return escapeMarkdown(markdown).replace(/\\</g, '&lt;');
  }
}

export interface CustomAgentDependencies {
  logger: Pick<Logger, 'error'>;
  fetch?: typeof fetch;
  /** When set, the model fills the values the page and the rules didn't give (SPEC 2.6). */
  languageModel?: LanguageModelEndpoint;
}

const EXTRACTION_PROMPT = [
  "You fill in the parameters of a request to a site's own API from a visitor's question and the conversation before it.",
  'Answer with one JSON object and nothing else: each parameter name mapped to its value, or to null when the question and the conversation do not say it.',
  'Never guess or invent a value, and never use an example from a description as a value.',
].join(' ');

/** Earlier turns given to the model, each answer cut to this many characters. */
const TURNS_FOR_VALUES = 4;
const TURN_CHARS = 500;

/**
 * The values the language model reads in the question and the conversation for the parameters
 * still without one (SPEC 2.6: the model fills them in), each parsed by its type and enum; a
 * value that doesn't parse is not taken. A model that fails or answers no JSON gives none, and the
 * failure is logged: the rules' values stand, and a required one missing is asked of the visitor.
 */
async function valuesFromModel(
  open: readonly AgentParameter[],
  question: string,
  history: readonly ConversationTurn[],
  deps: CustomAgentDependencies,
  signal?: AbortSignal,
): Promise<ParameterValues> {
  const model = deps.languageModel;
  if (!model || open.length === 0) return {};
  const described = open.map((parameter) => ({
    name: parameter.name,
    type: parameter.type,
    ...(parameter.description ? { description: parameter.description } : {}),
    ...(parameter.enum ? { enum: parameter.enum } : {}),
  }));
  const messages: ChatMessage[] = [
    { role: 'system', content: EXTRACTION_PROMPT },
    ...conversationMessages(history, TURNS_FOR_VALUES, TURN_CHARS),
  ];
  messages.push({
    role: 'user',
    content: `Parameters: ${JSON.stringify(described)}\n\nQuestion: ${question}`,
  });
  let reply: string;
  try {
    reply = await chatCompletion(model, messages, {
      signal,
      fetch: deps.fetch,
      temperature: 0,
      maxTokens: 300,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    deps.logger.error('The language model could not fill the custom agent parameters', error);
    return {};
  }
  const json = /\{[\s\S]*\}/.exec(reply)?.[0];
  let filled: unknown;
  try {
    filled = json === undefined ? undefined : JSON.parse(json);
  } catch {
    filled = undefined;
  }
  if (!filled || typeof filled !== 'object' || Array.isArray(filled)) return {};
  const values: ParameterValues = {};
  for (const parameter of open) {
    const raw = (filled as Record<string, unknown>)[parameter.name];
    if (raw === null || raw === undefined || !Object.hasOwn(filled, parameter.name)) continue;
    const value = parseValue(parameter, raw);
    if (value !== undefined) values[parameter.name] = value;
  }
  return values;
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
    ...sourcelessAnswer(input.format, text, question),
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
  const last = lastTurnState(input.history.at(-1));
  let question = input.query;
  let given: ParameterValues = {};
  if (last?.failed && last.failed.query === input.query) {
    // The same message sent again after the endpoint failed (the chat's Retry): the same question.
    question = last.failed.question;
    given = last.failed.values;
  } else if (last?.pending && !readsAsQuestion(input.query)) {
    const { pending } = last;
    const missing = pending.missing.flatMap((name) => agent.parameters.filter((p) => p.name === name));
    const [asked] = missing;
    // Besides the value asked, the reply may give any other still without one.
    const others = agent.parameters.filter((p) => p !== asked && !(p.name in pending.values));
    const reply = asked ? valuesInReply(asked, others, input.query) : {};
    if (Object.keys(reply).length > 0) {
      question = pending.question;
      given = { ...pending.values, ...reply };
    }
  }
  const byRules = {
    ...valuesInText(agent.parameters, question),
    ...valuesInAttributes(agent.parameters, input.attributes),
    ...given,
  };
  const open = agent.parameters.filter((parameter) => !(parameter.name in byRules));
  const found = withoutDotSegments(agent.parameters, {
    ...(await valuesFromModel(open, question, input.history, deps, signal)),
    ...byRules,
  });
  const { values, missing } = completeValues(agent.parameters, found);
  const [first] = missing;
  if (first) {
    const waiting: PendingQuestion = { question, values: found, missing: missing.map(({ name }) => name) };
    return unanswered(input, question, askFor(first), { missing: waiting.missing, pending: waiting });
  }

  // The question itself in the path (`{llm_query}`): `.` or `..` would move it, so it is no question.
  if (agent.url.includes(`{${LLM_QUERY}}`) && isDotSegment(question))
    return unanswered(input, question, 'Please ask a question in words.', {});
  const { url, init } = endpointRequest(agent, question, values);
  const sent = { [LLM_QUERY]: question, ...values };
  const timeout = AbortSignal.timeout(agent.timeoutMs);
  let markdown: string;
  try {
    let response: Response;
    try {
      // A redirect is not followed: it could lead anywhere, with the configured headers.
      response = await (deps.fetch ?? fetch)(url, {
        ...init,
        redirect: 'manual',
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
      throw new EndpointFailure(
        response.status >= 300 && response.status < 400
          ? `The agent's endpoint answered a redirect (${response.status}), which is not followed: configure the url it leads to`
          : `The agent's endpoint answered ${response.status}`,
      );
    }
    try {
      markdown = await answerMarkdown(response);
    } catch (error) {
      if (error instanceof EndpointFailure || signal?.aborted) throw error;
      throw new EndpointFailure(
        timeout.aborted
          ? `The agent's endpoint did not finish its answer within ${agent.timeoutMs / 1000} s`
          : `The agent's endpoint broke off its answer`,
      );
    }
  } catch (error) {
    if (!(error instanceof EndpointFailure)) throw error;
    deps.logger.error(`Custom agent ${init.method} ${url.origin}${url.pathname} failed: ${error.visible}`);
    return unanswered(
      input,
      question,
      "Sorry, the service that answers this didn't respond. Please try again in a moment.",
      { parameters: sent, failed: { query: input.query, question, values: found } satisfies FailedQuestion },
      { code: 'agent_endpoint_failed', message: error.visible },
    );
  }
  // A 204, or a blank answer: the call went through (an action, such as a cancellation, often
  // says nothing more), which the visitor is told rather than shown an empty answer.
  if (markdown.trim() === '') markdown = EMPTY_ANSWER;
  return {
    answer: input.format === 'markdown' ? safeMarkdown(markdown) : markdownToSafeHtml(markdown),
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
