/**
 * The conversation of `<ask-chat persist>` in sessionStorage. The element imports this module
 * dynamically, only when a chat persists; a page without `persist` never downloads it.
 */
import type { AnswerFormat, AnswerRecord, FeedbackValue } from '../../wire/index.js';

/** One question and what became of it. */
export interface ChatTurn {
  id: string;
  query: string;
  /** Data URIs of the images sent with the question, allowed by the URL allow-list (checked where they come in). */
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
  /** Restored without the images it was sent with (see saveConversation): asked again, it would be another question. */
  imagesNotKept?: boolean;
}

export interface StoredConversation {
  conversationId: string;
  turns: ChatTurn[];
}

const PREFIX = 'ask-chat:';
const VERSION = 1;

/**
 * Restores a conversation saved under `key` in sessionStorage: it survives reloads of the tab,
 * not the tab itself. Anything unreadable (another version, edited by hand) counts as none. Its
 * images are only those `allowedImage` allows (the chat's URL allow-list, passed in so that this
 * chunk imports nothing).
 */
export function loadConversation(
  key: string,
  allowedImage: (dataUri: string) => boolean,
): StoredConversation | undefined {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(PREFIX + key);
  } catch (error) {
    return notKept(key, error);
  }
  try {
    if (raw === null) return undefined;
    const data = JSON.parse(raw) as { version?: unknown; conversationId?: unknown; turns?: unknown };
    if (data.version !== VERSION || typeof data.conversationId !== 'string' || !Array.isArray(data.turns))
      return undefined;
    // The images are checked here, once, as they are when attached: the chat draws them as they are.
    const turns = (data.turns as unknown[]).filter(isTurn).map((turn) => ({
      ...turn,
      images: turn.images.filter(allowedImage),
    }));
    return { conversationId: data.conversationId, turns };
  } catch {
    return undefined;
  }
}

/**
 * The most characters a saved conversation may take with its images. An origin's sessionStorage
 * holds about 5 million characters (Chromium; 5 MB in Firefox and Safari), shared with the site's
 * own data: one 3.4 MB screenshot, 4.75 million characters as a data URI, left the site no room.
 * The text alone takes about 1,500 characters a turn (4,300 when the passages' text was kept).
 */
const IMAGES_BUDGET = 1_000_000;

/**
 * Saves the conversation. A question still pending is saved as stopped, since its answer will
 * not survive the reload. Its text is always saved; images only while the whole stays within
 * `IMAGES_BUDGET`, the latest question's first (the one a visitor may retry), and a question
 * saved without its images says so (`imagesNotKept`). When even the text
 * does not fit (the site filled the storage), the latest turns that do: never a copy older than
 * what the visitor saw. Whether anything was written.
 */
export function saveConversation(key: string, conversation: StoredConversation): boolean {
  const text: ChatTurn[] = conversation.turns.map((turn) => ({
    ...turn,
    status: turn.status === 'pending' ? ('stopped' as const) : turn.status,
    images: [],
    // Said after the reload, unless its images fit below.
    ...(turn.images.length > 0 ? { imagesNotKept: true } : {}),
    ...(turn.record ? { record: drawnRecord(turn.record) } : {}),
  }));
  const write = (turns: ChatTurn[]) =>
    sessionStorage.setItem(
      PREFIX + key,
      JSON.stringify({ version: VERSION, conversationId: conversation.conversationId, turns }),
    );
  // The whole is measured only when there are images to fit in: a conversation is saved at each
  // question and answer, and stringifying it twice doubled the cost of a long one.
  let room = conversation.turns.some((turn) => turn.images.length > 0)
    ? IMAGES_BUDGET - JSON.stringify(text).length
    : 0;
  const withImages = [...text];
  for (let i = text.length - 1; i >= 0; i--) {
    const { images } = conversation.turns[i]!;
    const size = JSON.stringify(images).length - 2;
    if (size > 0 && size <= room) {
      withImages[i] = { ...text[i]!, images, imagesNotKept: undefined };
      room -= size;
    }
  }
  let error: unknown;
  const fits = (turns: ChatTurn[]): boolean => {
    try {
      write(turns);
      return true;
    } catch (refused) {
      error = refused;
      return false;
    }
  };
  if (fits(withImages) || fits(text)) return true;
  // Storage full or disabled (private mode, a sandboxed frame): the most of the latest turns that
  // fit, found by halving, then between the half that fits and the one that didn't (halving alone
  // kept 2 of 10 turns where 4 fitted). A refused write leaves the last one that fitted in place.
  let high = text.length;
  let low = 0;
  for (let n = high >> 1; n > 0 && !low; n >>= 1) {
    if (fits(text.slice(-n))) low = n;
    else high = n;
  }
  while (low && high - low > 1) {
    const n = (low + high) >> 1;
    if (fits(text.slice(-n))) low = n;
    else high = n;
  }
  if (!low) {
    // With nothing written, the copy saved before goes.
    clearConversation(key);
    notKept(key, error);
    return false;
  }
  warnOnce(
    `${key}\n`,
    `<ask-chat persist>: sessionStorage is full: of the conversation "${key}", only the latest ${low} of ${text.length} questions will survive a reload of the page (${String(error)})`,
  );
  return true;
}

/**
 * An answer record as saved: its passages keep what the chat draws of them (the title and link of
 * "See also"), not their text, which was most of a record (3,300 of the 4,800 characters of an
 * answer of the demo's service). Each question and each answer saves the whole conversation,
 * synchronously, before the browser paints: after 30 answers on a phone's CPU, this write made
 * most of the script run as a question was sent.
 */
function drawnRecord(record: AnswerRecord): AnswerRecord {
  const passages: unknown = record.context?.passages;
  if (!Array.isArray(passages)) return record;
  const linked = passages.map((passage: unknown) =>
    passage !== null && typeof passage === 'object'
      ? { title: (passage as { title?: unknown }).title, link: (passage as { link?: unknown }).link }
      : passage,
  );
  // Restored, a record's passages are read for their title and link only (answer-documents.ts).
  return {
    ...record,
    context: { ...record.context, passages: linked as AnswerRecord['context']['passages'] },
  };
}

/** The names whose conversation could not be kept, said once each. */
const warned = new Set<string>();

/**
 * The browser keeps nothing for this page (a sandboxed frame, site data blocked, the storage
 * full): the conversation lives as long as the page. The site owner, who set `persist`, learns
 * it in the console; the visitor's chat works as one without `persist` does.
 */
function notKept(key: string, error: unknown): undefined {
  warnOnce(
    key,
    `<ask-chat persist>: the conversation "${key}" cannot be kept in sessionStorage (${String(error)}); it will not survive a reload of the page`,
  );
}

/**
 * Tells the site owner, once for each `name`, what of a conversation will not survive a reload;
 * the visitor's chat works on.
 */
function warnOnce(name: string, message: string): undefined {
  if (warned.has(name)) return;
  warned.add(name);
  console.warn(message);
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
