/**
 * The conversation of `<ask-chat persist>` in sessionStorage. The element imports this module
 * dynamically, only when a chat persists; a page without `persist` never downloads it.
 */
import type { AnswerFormat, AnswerRecord, FeedbackValue } from '../../wire/index.js';

/** One question and what became of it. */
export interface ChatTurn {
  id: string;
  query: string;
  /** Data URIs of the images sent with the question. */
  images: string[];
  format: AnswerFormat;
  includeTags?: string[];
  excludeTags?: string[];
  status: 'pending' | 'answered' | 'error' | 'stopped';
  record?: AnswerRecord;
  /** The polite message shown when the question failed. */
  error?: string;
  /** A failure no retry mends (the service refuses the page's key or origin): no Retry button. */
  final?: boolean;
  /** The visitor's vote on the answer. */
  feedback?: FeedbackValue | null;
  /** The service had forgotten the conversation: this answer follows none of the questions before it. */
  forgotten?: boolean;
}

export interface StoredConversation {
  conversationId: string;
  turns: ChatTurn[];
}

const PREFIX = 'ask-chat:';
const VERSION = 1;

/**
 * Restores a conversation saved under `key` in sessionStorage: it survives reloads of the tab,
 * not the tab itself. Anything unreadable (another version, edited by hand) counts as none.
 */
export function loadConversation(key: string): StoredConversation | undefined {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    if (raw === null) return undefined;
    const data = JSON.parse(raw) as { version?: unknown; conversationId?: unknown; turns?: unknown };
    if (data.version !== VERSION || typeof data.conversationId !== 'string' || !Array.isArray(data.turns))
      return undefined;
    const turns = (data.turns as unknown[]).filter(isTurn);
    return { conversationId: data.conversationId, turns };
  } catch {
    return undefined;
  }
}

/**
 * Saves the conversation. A question still pending is saved as stopped, since its answer will
 * not survive the reload. When the images do not fit in the quota, they are dropped.
 */
export function saveConversation(key: string, conversation: StoredConversation): void {
  const turns = conversation.turns.map((turn) =>
    turn.status === 'pending' ? { ...turn, status: 'stopped' as const } : turn,
  );
  const write = (list: ChatTurn[]) =>
    sessionStorage.setItem(
      PREFIX + key,
      JSON.stringify({ version: VERSION, conversationId: conversation.conversationId, turns: list }),
    );
  try {
    write(turns);
  } catch {
    try {
      write(turns.map((turn) => ({ ...turn, images: [] })));
    } catch {
      // Storage full or disabled (private mode): the conversation lives as long as the page.
    }
  }
}

export function clearConversation(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Storage disabled: nothing was saved.
  }
}

function isTurn(value: unknown): value is ChatTurn {
  if (value === null || typeof value !== 'object') return false;
  const turn = value as Partial<ChatTurn>;
  return (
    typeof turn.id === 'string' &&
    typeof turn.query === 'string' &&
    Array.isArray(turn.images) &&
    (turn.format === 'markdown' || turn.format === 'html') &&
    ['answered', 'error', 'stopped'].includes(turn.status ?? '') &&
    (turn.status !== 'answered' || (typeof turn.record === 'object' && turn.record !== null))
  );
}
