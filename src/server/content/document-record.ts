import { sectionPlainText } from './code-spans.js';
import type { DocumentSection, LinkMention, SourceDocument } from './document.js';
import { documentLink, folderTags, titleFromPath } from './document-link.js';
import { firstProseParagraph, summarise } from './summary.js';

/** What a reader found in a file; anything left undefined falls back to what the path and text give. */
export interface DocumentFields {
  title?: string;
  description?: string;
  tags?: string[];
  link?: string;
  assetType?: string;
  sections: DocumentSection[];
  /** Link targets as written in the page. */
  links?: string[];
  /** The paragraphs holding them. */
  mentions?: LinkMention[];
}

export const DEFAULT_ASSET_TYPE = 'webpage';

/**
 * Builds the record the index sees, applying the fallbacks every format shares: title from the
 * first heading then the file name, description from the first prose paragraph, tags from the
 * folders, link from the path, assetType `webpage`.
 */
export function documentRecord(
  relativePath: string,
  fields: DocumentFields,
  siteUrl?: string,
): SourceDocument {
  const { sections } = fields;
  const plainTexts = sections.map(sectionPlainText);
  const text = documentText(sections, plainTexts);
  const firstHeading =
    sections.find((section) => section.level === 1)?.heading ??
    sections.find((section) => section.heading)?.heading;
  const title = fields.title ?? firstHeading ?? titleFromPath(relativePath);
  const bodyText = plainTexts.join('\n\n');
  const description = fields.description ?? summarise(firstProseParagraph(bodyText));
  return {
    id: relativePath,
    title,
    description,
    tags: fields.tags ?? folderTags(relativePath),
    link: documentLink(relativePath, siteUrl, fields.link),
    assetType: fields.assetType ?? DEFAULT_ASSET_TYPE,
    text,
    sections,
    ...(fields.links && fields.links.length > 0 ? { links: fields.links } : {}),
    ...(fields.mentions && fields.mentions.length > 0 ? { mentions: fields.mentions } : {}),
  };
}

/**
 * A document's plain text, each section's heading above its text, as the API describes `content`:
 * code spans' marks are for answers. `plainTexts` are the sections' plain texts when already made.
 */
export function documentText(
  sections: readonly DocumentSection[],
  plainTexts: readonly string[] = sections.map(sectionPlainText),
): string {
  return sections
    .map((section, index) => {
      const plain = plainTexts[index] as string;
      return section.heading && plain ? `${section.heading}\n\n${plain}` : section.heading || plain;
    })
    .filter((part) => part !== '')
    .join('\n\n');
}
