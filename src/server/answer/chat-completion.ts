/**
 * One call to an OpenAI-compatible `POST {baseUrl}/chat/completions`: what the LLM answerer and
 * a custom agent's parameter filling share. `LLM_BASE_URL`, `LLM_MODEL`, `LLM_API_KEY` and
 * `LLM_TIMEOUT_MS` configure it (see answerer-from-env.ts).
 */
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
    const text = turn.answer
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const answer = text.length > answerChars ? `${text.slice(0, answerChars)}…` : text;
    return [
      { role: 'user', content: turn.query },
      { role: 'assistant', content: answer },
    ];
  });
}

/** The model's message for `messages`; throws when the call fails or answers no content. */
export async function chatCompletion(
  endpoint: LanguageModelEndpoint,
  messages: ChatMessage[],
  options: { signal?: AbortSignal; fetch?: typeof fetch; maxTokens: number; temperature: number },
): Promise<string> {
  const timeout = AbortSignal.timeout(endpoint.timeoutMs);
  const response = await (options.fetch ?? fetch)(
    `${endpoint.baseUrl.replace(/\/+$/, '')}/chat/completions`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: endpoint.model,
        messages,
        temperature: options.temperature,
        max_tokens: options.maxTokens,
      }),
      signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
    },
  );
  if (!response.ok) throw new Error(`chat/completions answered ${response.status} ${response.statusText}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '')
    throw new Error('chat/completions answered no message content');
  return content.trim();
}
