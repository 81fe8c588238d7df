import type { ComplexAttributeConverter } from 'lit';

/**
 * `include-tags="guides, api"` → `['guides', 'api']`: the tag attributes of
 * `<search-box>` and `<ask-chat>` (the property is not reflected back).
 */
export const tagListConverter: ComplexAttributeConverter<string[]> = {
  fromAttribute: (value) =>
    (value ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
};
