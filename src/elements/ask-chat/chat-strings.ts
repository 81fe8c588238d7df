import type { StringTemplate } from '../search-box/search-box.strings.js';

/**
 * Every text `<ask-chat>` shows or announces, in English. A site replaces any of them through the
 * `strings` property; `{name}` placeholders are filled in when shown. The texts of the first
 * render are here; those of questions and answers come with the chat's behaviour
 * (`answer-strings.ts`).
 */
export interface AskChatStrings {
  transcriptLabel: string;
  empty: string;
  suggestionsLabel: string;
  inputLabel: string;
  placeholder: string;
  send: string;
  stop: string;
  newConversation: string;
  attach: string;
  /** `{name}`: the file name. */
  removeImage: string;
  attachmentsLabel: string;
  imagesAttached: string;
  imageRemoved: string;
  conversationStarted: string;
  /** Said when another connection or `storage-key` set by the page clears the transcript or shows another conversation. */
  conversationSwitched: string;
  conversationForgotten: string;
  /** Above the answer to a restored question whose images were not kept with the conversation. */
  imagesNotKept: string;
  /** `{name}`, `{max}` (MB). */
  imageTooLarge: string;
  /** `{name}`. */
  notAnImage: string;
  /** `{max}`, and `{names}`: the images not attached. */
  tooManyImages: string;
  /** `{names}`: images not attached, the part of the chat that reads them not having loaded. */
  imagesNotRead: string;
  /** `{n}`: the name of the nth image of a failed question, attached again to ask it again. */
  imageName: string;
  you: string;
  answer: string;
  thinking: string;
  /** The button at the bottom of the transcript when an answer came while the visitor read further up. */
  newAnswer: string;
  /** Under a question sent before the chat's behaviour has arrived (a slow network), until it has. */
  sending: string;
  answerReady: string;
  stopped: string;
  /** Sent while an answer is on its way. */
  stillAnswering: string;
  /** Sent with images attached and no question: the images stay, waiting for one. */
  questionForImages: string;
  /** Sent longer than the service takes, and kept in the input: `{count}` characters, `{max}` at most. */
  tooLong: string;
  retry: string;
  copy: string;
  copied: string;
  copyFailed: string;
  /** The button on each code block of an answer, and what it says once pressed. */
  copyCode: string;
  codeCopied: string;
  codeCopyFailed: string;
  /**
   * The name of an answer's code block, which Tab reaches so that the arrow keys scroll it: a
   * screen reader says it rather than the whole code. `codeBlockLanguage` when the fence names
   * the language (`{language}`: as written after the backticks, such as `ts`).
   */
  codeBlock: string;
  codeBlockLanguage: string;
  source: string;
  /** Before the other pages an answer was drawn from. */
  related: string;
  /** Labels of the source's asset type (`webpage`…); a type missing here shows as sent. */
  assetTypes: Record<string, string>;
  /** `{score}`: the relevance on a 0–100 scale. */
  confidenceHigh: string;
  confidenceMedium: string;
  confidenceLow: string;
  notSure: string;
  showAnyway: string;
  notFound: string;
  /** In place of an answer that arrived but could not be drawn: part of the chat could not be fetched. */
  notShown: string;
  /** In place of an answer whose text the sanitizer removed whole (markup that could not be shown safely). */
  answerEmptied: string;
  /** The conversation saved by `persist` could not be read: part of the chat could not be fetched. */
  notRestored: string;
  /** `{query}`. */
  searchInstead: string;
  networkError: string;
  /**
   * In place of `networkError` while the device is offline (`navigator.onLine` false). A page that
   * gives `networkError` but not this shows its `networkError`.
   */
  offline: string;
  timeout: string;
  serverError: string;
  /** `{message}` from the service. */
  rejected: string;
  /**
   * The question's text refused: `{message}` is the service's reason after the field's name
   * (`must not be empty`), `{field}` that name (`query`). Other fields refused are `rejected`.
   */
  rejectedField: string;
  /** `{seconds}` to wait; a function of them for the grammar of "1 second" and its plural. */
  rateLimited: StringTemplate<number>;
  /** The same, when the service's answer gives no wait the page can read (no `Retry-After`, or one not exposed). */
  rateLimitedSoon: string;
  /** The service refused the page's key or origin (401, 403), or has no such endpoint (404, 405): the site's to fix, not the visitor's. */
  unavailable: string;
  /** `{message}` from the answer record's `error`. */
  answerError: string;
}

/** The texts the chat shows before its behaviour has arrived (networkError: when it cannot). */
export const shellStrings = {
  transcriptLabel: 'Conversation',
  empty: 'Ask a question about the documentation.',
  suggestionsLabel: 'Suggested questions',
  inputLabel: 'Your question',
  placeholder: 'Ask a question…',
  send: 'Send',
  sending: 'Sending…',
  attach: 'Attach images',
  networkError: 'The service could not be reached. Check your connection, then retry.',
} satisfies Partial<AskChatStrings>;
