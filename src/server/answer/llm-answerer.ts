import type { Logger } from '../logger.js';
import type { SearchIndex } from '../search/search-index.js';
import type { Answerer, AnswerInput, DraftAnswer } from './answerer.js';
import {
  contextPassages,
  ExtractiveAnswerer,
  notFoundAnswer,
  passageLink,
  type Retrieval,
} from './extractive-answerer.js';
import { markdownToSafeHtml } from './markdown-to-html.js';
import { type ChatMessage, chatCompletion, conversationMessages } from './chat-completion.js';

export interface LlmAnswererOptions {
  index: SearchIndex;
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** A generation that takes longer is abandoned for the extractive answer. Default 20 s. */
  timeoutMs?: number;
  logger: Pick<Logger, 'error'>;
  /** Passed to the extractive answerer that retrieves passages and stands in on failure. */
  minEvidence?: number;
  fetch?: typeof fetch;
}

/** Passages given to the model. */
const PASSAGES_IN_PROMPT = 5;
/** Earlier turns given to the model. */
const TURNS_IN_PROMPT = 4;
const TURN_ANSWER_CHARS = 1000;
export const DEFAULT_LLM_TIMEOUT_MS = 20_000;

const SYSTEM_PROMPT = [
  'You answer questions from visitors of a documentation site, using only the documentation passages given with each question.',
  'Answer in Markdown, briefly: a few sentences, and a short code example when the question asks how to do something and the passages show one.',
  'If the passages do not contain the answer, say that you could not find it in the documentation. Never invent APIs, options or links.',
].join(' ');

/**
 * Generates answers with an OpenAI-compatible `POST {baseUrl}/chat/completions` from the
 * retrieved passages and the conversation. Retrieval, the decision to answer and the source
 * document are the extractive answerer's; when the model fails or is too slow, its extractive
 * answer is served instead and the failure logged.
 */
export class LlmAnswerer implements Answerer {
  readonly #options: LlmAnswererOptions;
  readonly #extractive: ExtractiveAnswerer;
  readonly #fetch: typeof fetch;

  constructor(options: LlmAnswererOptions) {
    this.#options = options;
    this.#extractive = new ExtractiveAnswerer({ index: options.index, minEvidence: options.minEvidence });
    this.#fetch = options.fetch ?? fetch;
  }

  async answer(input: AnswerInput, signal?: AbortSignal): Promise<DraftAnswer> {
    const retrieval = await this.#extractive.retrieve(input);
    const best = retrieval.hits[0];
    // A question the documentation doesn't cover is not handed to the model to guess at.
    if (!retrieval.answerable || !best)
      return notFoundAnswer(input.format, retrieval.resolvedQuery, retrieval.relevanceScore);
    try {
      const markdown = await this.#generate(input, retrieval, signal);
      return {
        answer: input.format === 'markdown' ? markdown : markdownToSafeHtml(markdown),
        didAnswer: true,
        relevanceScore: retrieval.relevanceScore,
        title: best.document.title,
        link: best.document.link,
        description: best.document.description,
        assetType: best.document.assetType,
        passages: contextPassages(retrieval.hits),
        resolvedQuery: retrieval.resolvedQuery,
      };
    } catch (error) {
      if (signal?.aborted) throw error;
      this.#options.logger.error('LLM answer failed; serving the extractive answer', error);
      return this.#extractive.compose(input, retrieval);
    }
  }

  async #generate(input: AnswerInput, retrieval: Retrieval, signal?: AbortSignal): Promise<string> {
    const { baseUrl, model, apiKey, timeoutMs = DEFAULT_LLM_TIMEOUT_MS } = this.#options;
    const passages = retrieval.hits
      .slice(0, PASSAGES_IN_PROMPT)
      .map(
        (hit, i) =>
          `[${i + 1}] ${hit.document.title}${hit.section.heading ? ` › ${hit.section.heading}` : ''} (${passageLink(hit)})\n${hit.section.text}`,
      )
      .join('\n\n');
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      ...conversationMessages(input.history, TURNS_IN_PROMPT, TURN_ANSWER_CHARS),
    ];
    messages.push({
      role: 'user',
      content: `Documentation passages:\n\n${passages}\n\nQuestion: ${input.query}`,
    });

    return chatCompletion({ baseUrl, model, apiKey, timeoutMs }, messages, {
      signal,
      fetch: this.#fetch,
      temperature: 0.2,
      maxTokens: 700,
    });
  }
}

export function createLlmAnswerer(options: LlmAnswererOptions): LlmAnswerer {
  return new LlmAnswerer(options);
}
