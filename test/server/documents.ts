import type { SourceDocument } from '../../src/server/content/document.js';

/** A page with its own text, in one section under its title (and its code blocks, when given). */
export const pageWithText = (link: string, title: string, text: string, code?: string[]): SourceDocument => ({
  id: link,
  title,
  description: '',
  tags: [],
  link,
  assetType: 'webpage',
  text,
  sections: [{ heading: title, anchor: '', level: 1, text, ...(code ? { code } : {}) }],
  links: [],
});
