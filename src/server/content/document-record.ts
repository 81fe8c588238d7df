import { sectionPlainText } from './code-spans.js';
import type { DocumentSection, LinkMention, SourceDocument } from './document.js';
import { documentLink, folderTags, titleFromPath } from './document-link.js';
import { firstProseParagraph, summarise } from './summary.js';

/** What a reader found in a file; anything left undefined falls back to what the path and text give. */
export interface DocumentFields {
  title?: string;
  /**
   * The title for a page with neither a title nor a heading, as its generator names it from its
   * path (see `markdownPathTitle`); by default the file's name, made readable (`titleFromPath`).
   */
  pathTitle?: string;
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
  const firstHeading =
    sections.find((section) => section.level === 1)?.heading ??
    sections.find((section) => section.heading)?.heading;
  const title = fields.title ?? firstHeading ?? fields.pathTitle ?? titleFromPath(relativePath);
  // The page's text is read for a description only when its front matter gives none: every MDN
  // page gives one, and making each page's plain text whole to read nothing of it was a twentieth
  // of the reading thread's time at 10,000 pages, which the index waits for.
  const description =
    fields.description ?? summarise(firstProseParagraph(sections.map(sectionPlainText).join('\n\n')));
  return withTextOfSections({
    id: relativePath,
    title,
    description,
    tags: fields.tags ?? folderTags(relativePath),
    link: documentLink(relativePath, siteUrl, fields.link),
    assetType: fields.assetType ?? DEFAULT_ASSET_TYPE,
    sections,
    ...(fields.links && fields.links.length > 0 ? { links: fields.links } : {}),
    ...(fields.mentions && fields.mentions.length > 0 ? { mentions: fields.mentions } : {}),
  });
}

/** A document as read, but for its text, which its sections hold (see `withTextOfSections`). */
export type DocumentWithoutText = Omit<SourceDocument, 'text'>;

/**
 * The document with its `text` made from its sections when first read, and kept from then on.
 * Until a search returns a page's content or an answer reads its page whole, the text is not
 * made: at 10,000 MDN pages, that is a copy of every page's words (67 MB) that was made, handed
 * from a reading thread to the indexing one, and kept for nothing. The property is an own,
 * enumerable one, so a spread, `JSON.stringify` or a structured clone see it as any other; a
 * reading thread hands documents over `withoutText`.
 */
export function withTextOfSections(document: DocumentWithoutText): SourceDocument {
  // A new object, its fields in the order of `SourceDocument`, as a document built with its text
  // has them (`JSON.stringify` and `Object.keys` read them so). Each field is added in turn, the
  // text as an accessor: redefining a field as one would make V8 keep the object as a dictionary.
  const { id, title, description, tags, link, assetType, sections, links, mentions } = document;
  const withText = Object.defineProperty(
    { id, title, description, tags, link, assetType },
    'text',
    TEXT_OF_SECTIONS,
  ) as SourceDocument;
  withText.sections = sections;
  if (links) withText.links = links;
  if (mentions) withText.mentions = mentions;
  return withText;
}

/**
 * The texts made or set so far. One getter and one setter for every document, so that V8 gives
 * documents of the same fields one shape (a function of each document's own would give each a
 * shape of its own, and slowed indexing 10,000 pages by a twentieth).
 */
const texts = new WeakMap<DocumentWithoutText, string>();
const TEXT_OF_SECTIONS: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: DocumentWithoutText): string {
    let text = texts.get(this);
    if (text === undefined) texts.set(this, (text = documentText(this.sections)));
    return text;
  },
  set(this: DocumentWithoutText, text: string): void {
    texts.set(this, text);
  },
};

/** A copy of the document without its text, which `withTextOfSections` makes again from the sections. */
export function withoutText(document: SourceDocument): DocumentWithoutText {
  const { id, title, description, tags, link, assetType, sections, links, mentions } = document;
  return {
    id,
    title,
    description,
    tags,
    link,
    assetType,
    sections,
    ...(links ? { links } : {}),
    ...(mentions ? { mentions } : {}),
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
