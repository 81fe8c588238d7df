/**
 * One call to an OpenAI-compatible `POST {baseUrl}/chat/completions`: what the LLM answerer and
 * a custom agent's parameter filling share. `LLM_BASE_URL`, `LLM_MODEL`, `LLM_API_KEY` and
 * `LLM_TIMEOUT_MS` configure it (see answerer-from-env.ts).
 */
import {
  bodyText,
  ERROR_BODY_BYTES,
  quotedErrorBody,
  fetchFailure,
  redacted,
  statusHint,
  TooLargeError,
  withoutCredentials,
} from '../http/outbound.js';
import { decodeEntities } from '../../wire/html-entities.js';

export interface LanguageModelEndpoint {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** A call that takes longer is abandoned. */
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** `text` cut at `chars` characters, with an ellipsis when cut. */
export const cut = (text: string, chars: number): string =>
  text.length > chars ? `${text.slice(0, chars)}…` : text;

/**
 * The last `turns` turns of a conversation as messages: each question as asked, each answer
 * (HTML or Markdown) as plain text cut at `answerChars`.
 */
export function conversationMessages(
  history: readonly { query: string; answer: string }[],
  turns: number,
  answerChars: number,
): ChatMessage[] {
  return history.slice(-turns).flatMap((turn): ChatMessage[] => {
    const text = decodeEntities(turn.answer.replace(/<[^>]*>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim();
    const answer = cut(text, answerChars);
    return [
      { role: 'user', content: turn.query },
      { role: 'assistant', content: answer },
    ];
  });
}

/** Bytes of a response read at most: the content asked for is a few KB. */
const MAX_RESPONSE_BYTES = 1 << 20;
/**
 * Characters of content per token asked for (`max_tokens`) beyond which a model is taken to
 * ignore the limit: a token is about 4 characters of English, 1 of Chinese.
 */
const MAX_CHARS_PER_TOKEN = 16;
/**
 * Endpoints and models (`{base} {model}`) that refused `max_tokens` or `temperature`, as OpenAI's
 * reasoning models (o1, o3, o4-mini, gpt-5) do with a 400: asked with `max_completion_tokens` and
 * the model's own temperature.
 */
const ASKED_THE_NEWER_WAY = new Set<string>();
/**
 * Tokens added to `max_completion_tokens` for a model asked that way: its reasoning counts in
 * them, and with the answer's tokens alone it would often think its way to no answer at all.
 */
const REASONING_TOKENS = 4000;

/**
 * Whether an error response says the passages, the conversation and the tokens asked for are
 * more than the model's context holds (OpenAI's `context_length_exceeded`; vLLM's "'max_tokens'
 * or 'max_completion_tokens' is too large: 700. This model's maximum context length is 4096
 * tokens…"): this question's, not the endpoint's.
 */
function exceedsContext(status: number, text: string): boolean {
  return (
    (status === 400 || status === 413) &&
    /context[ _]length|maximum context|context window|too many tokens|prompt is too long/i.test(text)
  );
}

/** Whether an error response is a provider's refusal of `max_tokens` or of `temperature`. */
function refusesOlderParameters(status: number, text: string): boolean {
  return (
    status === 400 &&
    // vLLM names both parameters when the question is too long for the model: asked for 4,700
    // tokens the newer way, it would refuse every later question.
    !exceedsContext(status, text) &&
    /\b(max_tokens|temperature)\b/.test(text) &&
    /unsupported|not supported|does not support|max_completion_tokens/i.test(text)
  );
}

/**
 * A call to the model that failed: `outage` when the endpoint is down or refusing (unreachable,
 * too slow, an error status), not when one answer was unusable or one question too long for the
 * model's context; `retryAfterMs` when it said when
 * to call again (429, 503).
 */
export class CompletionError extends Error {
  constructor(
    message: string,
    readonly outage: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'CompletionError';
  }
}

/** A `Retry-After` header (seconds, or an HTTP date) in milliseconds from now. */
function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

/**
 * The model's message for `messages`; throws a `CompletionError` saying what went wrong when the
 * call fails, takes longer than the endpoint's timeout, answers more than it was asked for, stops
 * at its token limit (`finish_reason: "length"`), or answers no content. Redirects are not followed: the passages and the conversation go to the
 * configured endpoint only. The key never appears in an error.
 */
export async function chatCompletion(
  endpoint: LanguageModelEndpoint,
  messages: ChatMessage[],
  options: { signal?: AbortSignal; fetch?: typeof fetch; maxTokens: number; temperature: number },
): Promise<string> {
  const base = endpoint.baseUrl.replace(/\/+$/, '');
  const where = `${endpointName(base)}/chat/completions`;
  // A key may be echoed by the provider, and credentials written into the URL by fetch's errors.
  const redact = (text: string) =>
    redacted(text, endpoint.apiKey, 'LLM_API_KEY').replace(/\/\/[^/@\s]*@/g, '//');
  const timeout = AbortSignal.timeout(endpoint.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const failed = (error: unknown): never => {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted)
      throw new CompletionError(`${where} did not answer within ${endpoint.timeoutMs} ms`, true);
    if (error instanceof TooLargeError)
      throw new CompletionError(`${where} answered too much: ${error.message}`, false);
    throw new CompletionError(`${where} could not be reached: ${redact(fetchFailure(error))}`, true);
  };
  const model = `${base} ${endpoint.model}`;
  let newer = ASKED_THE_NEWER_WAY.has(model);
  const limit = () => (newer ? options.maxTokens + REASONING_TOKENS : options.maxTokens);
  let response: Response;
  let text: string;
  for (;;) {
    try {
      response = await (options.fetch ?? fetch)(`${base}/chat/completions`, {
        method: 'POST',
        redirect: 'error',
        headers: {
          'content-type': 'application/json',
          ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: endpoint.model,
          messages,
          ...(newer
            ? { max_completion_tokens: limit() }
            : { temperature: options.temperature, max_tokens: limit() }),
        }),
        signal,
      });
      // An error body's start is enough to say what went wrong (and whether it is this question's).
      text = await (response.ok
        ? bodyText(response, MAX_RESPONSE_BYTES, signal)
        : bodyText(response, ERROR_BODY_BYTES, signal, true));
    } catch (error) {
      return failed(error);
    }
    // Asked once more, at once, the way the model takes, and so from then on.
    if (newer || !refusesOlderParameters(response.status, text)) break;
    ASKED_THE_NEWER_WAY.add(model);
    newer = true;
  }
  if (!response.ok) {
    const hint = statusHint(response.status, 'LLM');
    const detail = quotedErrorBody(text, redact);
    throw new CompletionError(
      `${where} answered ${response.status} ${response.statusText}${hint}${detail ? `: ${detail}` : ''}`,
      !exceedsContext(response.status, text),
      retryAfterMs(response.headers.get('retry-after')),
    );
  }
  let body: { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new CompletionError(`${where} answered no JSON`, false);
  }
  // Cut off mid-sentence, or mid-command in a code block: not served as if whole.
  if (body?.choices?.[0]?.finish_reason === 'length')
    throw new CompletionError(
      `${where} stopped at its limit of ${limit()} tokens${newer ? ' (its reasoning included)' : ''} (finish_reason "length") before the end of its answer`,
      false,
    );
  const content = body?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '')
    throw new CompletionError(`${where} answered no message content`, false);
  if (content.length > options.maxTokens * MAX_CHARS_PER_TOKEN)
    throw new CompletionError(
      `${where} answered ${content.length} characters, more than ${options.maxTokens} tokens can hold`,
      false,
    );
  const reply = withoutReasoning(content);
  if (reply === undefined)
    throw new CompletionError(
      `${where} answered its reasoning only (a <think> block), no answer after it`,
      false,
    );
  return reply;
}

/**
 * A reply without the reasoning that models such as DeepSeek-R1 and QwQ write before it, in the
 * content, when served by Ollama, vLLM or a provider that doesn't set it apart: a leading
 * `<think>…</think>` block, or everything up to `</think>` when the model's template opened the
 * block itself. Undefined when the block never closes (the tokens ran out while thinking).
 */
function withoutReasoning(content: string): string | undefined {
  const opened = /^\s*<think>/i.exec(content);
  const close = /<\/think>/i.exec(content);
  if (!opened && !close) return content.trim();
  if (!close) return undefined;
  // A `</think>` after other text with no `<think>` before it ends a block the template opened.
  if (!opened && /<think>/i.test(content.slice(0, close.index))) return content.trim();
  const reply = content.slice(close.index + close[0].length).trim();
  return reply === '' ? undefined : reply;
}

/** The endpoint's URL as it may be logged (no credentials), or as written when it is no URL. */
function endpointName(base: string): string {
  try {
    return withoutCredentials(new URL(base));
  } catch {
    return base.replace(/\/\/[^/@\s]*@/, '//');
  }
}
