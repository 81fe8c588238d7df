import type { AnswerError, AnswerFormat, Passage } from '../../wire/index.js';
import type { ConversationTurn } from '../store/store.js';
import { renderAnswer } from './answer-format.js';

export interface AnswerInput {
  query: string;
  /** Earlier turns of the conversation, oldest first ([] for a new one). */
  history: ConversationTurn[];
  format: AnswerFormat;
  includeTags?: string[];
  excludeTags?: string[];
  /** The agent's answer threshold (0–100 on relevanceScore's scale). */
  threshold: number;
  meta?: Record<string, unknown>;
  attributes?: Record<string, unknown>;
  images?: string[];
}

/** An answer before the route gives it an insightId and conversationId. */
export interface DraftAnswer {
  /** Markdown, or an html fragment that is safe as it is. */
  answer: string;
  didAnswer: boolean;
  /** 0–100. */
  relevanceScore: number;
  /** The source document (empty strings when didAnswer is false). */
  title: string;
  link: string;
  description: string;
  assetType: string;
  passages: Passage[];
  /** The query actually searched (follow-ups resolved against the history). */
  resolvedQuery: string;
  /** More entries of the record's `context` (a custom agent's), stored with the insight too. */
  context?: Record<string, unknown>;
  /** The record's `error`: why there is no answer, when something failed on the way. */
  error?: AnswerError;
}

/**
 * The draft of a turn answered from no document: `text` alone ("couldn't find", a reply to small
 * talk, a custom agent's question), `didAnswer` false, no source and no passages.
 */
export function sourcelessAnswer(
  format: AnswerFormat,
  text: string,
  resolvedQuery: string,
  relevanceScore = 0,
): DraftAnswer {
  return {
    answer: renderAnswer(format, [{ kind: 'text', text }]),
    didAnswer: false,
    relevanceScore,
    title: '',
    link: '',
    description: '',
    assetType: '',
    passages: [],
    resolvedQuery,
  };
}

export interface Answerer {
  answer(input: AnswerInput, signal?: AbortSignal): Promise<DraftAnswer>;
  /**
   * The service is stopping: answers still waiting on a language model are given without it
   * (extractively, as when the model fails), and none asks it from now on, so that the stop
   * waits for no generation. Optional: an answerer that waits on nothing has none.
   */
  stopGenerating?(): void;
}
