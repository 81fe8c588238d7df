/**
 * Every text `<ask-chat>` shows or announces, in English. A site replaces any of them through the
 * `strings` property; `{name}` placeholders are filled in when shown.
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
  /** `{name}`, `{max}` (MB). */
  imageTooLarge: string;
  /** `{name}`. */
  notAnImage: string;
  /** `{max}`. */
  tooManyImages: string;
  you: string;
  answer: string;
  thinking: string;
  answerReady: string;
  stopped: string;
  retry: string;
  copy: string;
  copied: string;
  copyFailed: string;
  source: string;
  /** `{score}`: the relevance on a 0–100 scale. */
  confidenceHigh: string;
  confidenceMedium: string;
  confidenceLow: string;
  notSure: string;
  showAnyway: string;
  notFound: string;
  /** `{query}`. */
  searchInstead: string;
  networkError: string;
  timeout: string;
  serverError: string;
  /** `{message}` from the service. */
  rejected: string;
  /** `{message}`, `{field}`. */
  rejectedField: string;
  /** `{seconds}`. */
  rateLimited: string;
  /** `{message}` from the answer record's `error`. */
  answerError: string;
}

export const defaultChatStrings: AskChatStrings = {
  transcriptLabel: 'Conversation',
  empty: 'Ask a question about the documentation.',
  suggestionsLabel: 'Suggested questions',
  inputLabel: 'Your question',
  placeholder: 'Ask a question…',
  send: 'Send',
  stop: 'Stop',
  newConversation: 'New conversation',
  attach: 'Attach images',
  removeImage: 'Remove {name}',
  attachmentsLabel: 'Attached images',
  imageTooLarge: '{name} is larger than {max} MB and was not attached.',
  notAnImage: '{name} is not a PNG, JPEG, GIF, WebP or AVIF image and was not attached.',
  tooManyImages: 'You can attach up to {max} images.',
  you: 'You',
  answer: 'Answer',
  thinking: 'Thinking…',
  answerReady: 'Answer ready.',
  stopped: 'Stopped before the answer arrived.',
  retry: 'Retry',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy the answer.',
  source: 'Source',
  confidenceHigh: 'High confidence ({score}%)',
  confidenceMedium: 'Medium confidence ({score}%)',
  confidenceLow: 'Low confidence ({score}%)',
  notSure: 'I am not sure about this answer. These documents may help:',
  showAnyway: 'Show the answer anyway',
  notFound: 'I could not find an answer to that in the documentation.',
  searchInstead: 'Search the documentation for “{query}”',
  networkError: 'The service could not be reached. Check your connection, then retry.',
  timeout: 'The answer took too long to arrive. Please retry.',
  serverError: 'Something went wrong on the service. Please retry in a moment.',
  rejected: 'The question was not accepted: {message}',
  rejectedField: 'The question was not accepted ({field}): {message}',
  rateLimited: 'Too many questions at once. Please retry in {seconds} seconds.',
  answerError: 'The service could not answer: {message}',
};
