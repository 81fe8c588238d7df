/**
 * The reason chips `<feedback-buttons>` offers after a thumbs-down, unless `reasons` gives others.
 * A module of their own: the feedback buttons, on the chat's first load, need them, and not the
 * helpers of `strings.ts`, which only the chat's behaviour and the search box use.
 */
export const defaultFeedbackReasons: readonly string[] = [
  'Incorrect',
  'Incomplete',
  'Off topic',
  'Outdated',
  'Hard to follow',
];
