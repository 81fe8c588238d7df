import { literalText } from './code-spans.js';
import type { SourceDocument } from './document.js';
import { documentRecord } from './document-record.js';
import { SectionBuilder } from './section-builder.js';

/**
 * A plain text file (`.txt`): one section of paragraphs. A short first line followed by a blank
 * line reads as the title, as in a README or an RFC.
 */
export function textDocument(relativePath: string, source: string, siteUrl?: string): SourceDocument {
  const paragraphs = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/);
  const first = paragraphs[0]?.trim() ?? '';
  const builder = new SectionBuilder();
  let title: string | undefined;
  if (first !== '' && !first.includes('\n') && first.length <= 120 && paragraphs.length > 1) {
    title = first;
    // A text file has no anchors to link to.
    builder.startSection(first, 1, null);
    paragraphs.shift();
  }
  for (const paragraph of paragraphs) builder.addParagraph(literalText(paragraph));
  return documentRecord(relativePath, { title, sections: builder.finish() }, siteUrl);
}
