/**
 * `ask-elements/define`: registers `<search-box>`, `<ask-chat>` and `<feedback-buttons>`.
 * Safe to import more than once, or beside the script-tag file: a tag already defined is left
 * as it is (with a console warning when another copy or library defined it).
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
  const defined = customElements.get(tag);
  if (!defined) customElements.define(tag, element);
  // Another copy (the script tag beside a bundle, another version) or another library has the
  // tag: its elements are that one's (the default client is the page's, shared by every copy).
  else if (defined !== element)
    console.warn(
      `ask-elements: <${tag}> was already defined by another script (another copy of ask-elements, or another library); that definition is kept.`,
    );
}

export { AskChat, FeedbackButtons, SearchBox };
// A page that imports only this entry gets the typed events too (types only).
export type { AskEventMap } from './elements/shared/event-map.js';
