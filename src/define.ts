/**
 * `ask-elements/define`: registers `<search-box>`, `<ask-chat>` and `<feedback-buttons>`.
 * Safe to import more than once, or beside the script-tag file: a tag already defined is left
 * as it is.
 */
import { AskChat } from './elements/ask-chat/ask-chat.js';
import { FeedbackButtons } from './elements/feedback-buttons/feedback-buttons.js';
import { SearchBox } from './elements/search-box/search-box.js';

const elements: ReadonlyArray<readonly [string, CustomElementConstructor]> = [
  ['search-box', SearchBox],
  ['ask-chat', AskChat],
  ['feedback-buttons', FeedbackButtons],
];

for (const [tag, element] of elements) {
  if (!customElements.get(tag)) customElements.define(tag, element);
}

export { AskChat, FeedbackButtons, SearchBox };
// A page that imports only this entry gets the typed events too (types only).
export type { AskEventMap } from './elements/shared/event-map.js';
