import { assetTypeLabels } from '../shared/strings.js';
import { shellStrings, type AskChatStrings } from './chat-strings.js';

/** Every default text of `<ask-chat>`: the first render's, and those of questions and answers. */
export const defaultChatStrings: AskChatStrings = {
  ...shellStrings,
  stop: 'Stop',
  newConversation: 'New conversation',
  removeImage: 'Remove {name}',
  attachmentsLabel: 'Attached images',
  imagesAttached: 'Attached: {names}.',
  imageRemoved: '{name} removed.',
  conversationStarted: 'New conversation started.',
  conversationSwitched: 'The page switched the chat to another conversation.',
  conversationForgotten:
    'The earlier questions are no longer remembered: this answer is to the question alone.',
  imagesNotKept:
    'The images sent with this question were not kept when the page reloaded: attach them again to ask it again.',
  imageTooLarge: '{name} is larger than {max} MB and was not attached.',
  notAnImage: '{name} is not a PNG, JPEG, GIF, WebP or AVIF image and was not attached.',
  tooManyImages: 'You can attach up to {max} images: {names} not attached.',
  imagesNotRead:
    '{names} could not be attached: part of the chat did not load. Check your connection, then attach them again.',
  imageName: 'image {n}',
  you: 'You',
  answer: 'Answer',
  thinking: 'Thinking…',
  newAnswer: 'New answer',
  answerReady: 'Answer ready.',
  stopped: 'Stopped before the answer arrived.',
  stillAnswering: 'An answer is still on its way: wait for it, or stop it to ask this now.',
  questionForImages: 'Please type a question about the attached images: they are sent with it.',
  tooLong:
    'Your question is {count} characters long, and {max} is the most that can be sent: shorten it, then send it.',
  retry: 'Retry',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy the answer.',
  copyCode: 'Copy code',
  codeCopied: 'Code copied',
  codeCopyFailed: 'Could not copy the code',
  codeBlock: 'Code',
  codeBlockLanguage: 'Code: {language}',
  source: 'Source',
  related: 'See also',
  assetTypes: assetTypeLabels,
  confidenceHigh: 'High confidence ({score}%)',
  confidenceMedium: 'Medium confidence ({score}%)',
  confidenceLow: 'Low confidence ({score}%)',
  notSure: 'I am not sure about this answer. These documents may help:',
  showAnyway: 'Show the answer anyway',
  notFound: 'I could not find an answer to that in the documentation.',
  answerEmptied: 'Nothing of this answer could be shown safely.',
  notShown:
    'The answer arrived but could not be shown: part of the chat did not load. Check your connection, then retry.',
  notRestored:
    'Your earlier conversation could not be shown: part of the chat did not load. Check your connection; it comes back with your next question.',
  searchInstead: 'Search the documentation for “{query}”',
  offline: 'You are offline. Retry once the connection is back.',
  timeout: 'The answer took too long to arrive. Please retry.',
  serverError: 'Something went wrong on the service. Please retry in a moment.',
  rejected: 'The question was not accepted: {message}',
  rejectedField: 'Your question {message}.',
  rateLimited: (seconds) =>
    `Too many questions at once. Please retry in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  rateLimitedSoon: 'Too many questions at once. Please retry in a moment.',
  unavailable: 'The assistant is not available on this page right now.',
  answerError: 'The service could not answer: {message}',
};
