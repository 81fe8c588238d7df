/**
 * The events of ask-elements, typed for `addEventListener`: with this map in the program,
 * `box.addEventListener('ask-select', (e) => e.detail.result.link)` type-checks without a cast.
 * Types only: importing it adds nothing to a bundle.
 */
import type { AnswerRecord } from '../../client/index.js';
import type { FeedbackDetail } from '../feedback-buttons/feedback-buttons.js';
import type {
  SearchBoxErrorDetail,
  SearchBoxHandoffDetail,
  SearchBoxSearchDetail,
  SearchBoxSelectDetail,
} from '../search-box/search-box.js';

/** Detail of `<ask-chat>`'s `ask-question`: a question about to be sent (cancelable). */
export interface AskChatQuestionDetail {
  query: string;
  /** The conversation it continues ('' for a new one). */
  conversationId: string;
  /** How many images go with it. */
  images: number;
}

/** Detail of `<ask-chat>`'s `ask-answer`: an answer arrived. */
export interface AskChatAnswerDetail {
  query: string;
  record: AnswerRecord;
}

/** Detail of `<ask-chat>`'s `ask-error`: a question failed. */
export interface AskChatErrorDetail {
  query: string;
  error: unknown;
  /** The polite sentence the chat shows. */
  message: string;
}

/** Detail of `<ask-chat>`'s `ask-source-click` (cancelable: cancel it to route the link yourself). */
export interface AskChatSourceClickDetail {
  record: AnswerRecord;
  link: string;
  title: string;
  /** Clicked with Ctrl, ⌘ or Shift: the visitor asked for a new tab or window, which a router should leave to the link (it opens a new tab whenever the event is not cancelled). */
  newTab: boolean;
}

/** Every event of the elements, by name, with its detail. */
export interface AskEventMap {
  'ask-search': CustomEvent<SearchBoxSearchDetail>;
  'ask-select': CustomEvent<SearchBoxSelectDetail>;
  'ask-handoff': CustomEvent<SearchBoxHandoffDetail>;
  /** From `<search-box>` (a search failed) or `<ask-chat>` (a question failed, with `message`). */
  'ask-error': CustomEvent<SearchBoxErrorDetail | AskChatErrorDetail>;
  'ask-question': CustomEvent<AskChatQuestionDetail>;
  'ask-answer': CustomEvent<AskChatAnswerDetail>;
  'ask-source-click': CustomEvent<AskChatSourceClickDetail>;
  'ask-feedback': CustomEvent<FeedbackDetail>;
  'ask-reset': CustomEvent<Record<string, never>>;
}

// The events bubble and cross shadow roots: a page listens on an element, the document or the window.
declare global {
  // Empty on purpose: each merges the events into the DOM's own map.
  /* eslint-disable @typescript-eslint/no-empty-object-type */
  interface HTMLElementEventMap extends AskEventMap {}
  interface DocumentEventMap extends AskEventMap {}
  interface WindowEventMap extends AskEventMap {}
  /* eslint-enable @typescript-eslint/no-empty-object-type */
}
