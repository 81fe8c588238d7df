/**
 * `ask-elements`: the element classes, the client and the wire types. Importing this module
 * defines no element and touches no `window` or `document`, so it is safe in SSR and Node;
 * import `ask-elements/define` to register the tags.
 */
export { SearchBox } from './elements/search-box/search-box.js';
export { AskChat } from './elements/ask-chat/ask-chat.js';
export { FeedbackButtons } from './elements/feedback-buttons/feedback-buttons.js';
export { setDefaultClient } from './elements/shared/connection.js';
export { EVENT_PREFIX } from './elements/shared/events.js';
export type {
  SearchBoxErrorDetail,
  SearchBoxHandoffDetail,
  SearchBoxSearchDetail,
  SearchBoxSelectDetail,
} from './elements/search-box/search-box.js';
export type { FeedbackDetail } from './elements/feedback-buttons/feedback-buttons.js';
// What the `strings` of each element and `askQuestion` take, for a site's typed translations.
export type { SearchBoxStrings, StringTemplate } from './elements/search-box/search-box.js';
export type { AskChatStrings } from './elements/ask-chat/chat-strings.js';
export type { AskQuestionOptions } from './elements/ask-chat/ask-chat.js';
export type { FeedbackStrings } from './elements/feedback-buttons/feedback-buttons.js';
// The event map declares every event's detail for addEventListener (types only).
export type {
  AskEventMap,
  AskChatAnswerDetail,
  AskChatErrorDetail,
  AskChatQuestionDetail,
  AskChatSourceClickDetail,
} from './elements/shared/event-map.js';
export * from './client/index.js';
