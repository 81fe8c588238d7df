import { literalText } from './code-spans.js';
import type { SourceDocument } from './document.js';
import { documentRecord } from './document-record.js';
import {
  frontMatterString,
  frontMatterTags,
  headMetaDescription,
  homeLayoutParagraphs,
  splitFrontMatter,
} from './front-matter.js';
import { inlineMarkdownToText, markdownLinks } from './markdown-inline.js';
import { markdownSections } from './markdown-sections.js';
import { SectionBuilder } from './section-builder.js';

/** A Markdown page (`.md`) as a document: front matter for its metadata, the body for its text. */
export function markdownDocument(relativePath: string, source: string, siteUrl?: string): SourceDocument {
  const { frontMatter, body } = splitFrontMatter(source);
  let sections = markdownSections(body);
  const home = homeLayoutParagraphs(frontMatter);
  if (home.length > 0) {
    const builder = new SectionBuilder();
    for (const paragraph of home) builder.addParagraph(literalText(paragraph));
    sections = [...builder.finish(), ...sections];
  }
  const title = frontMatterString(frontMatter, 'title');
  const description =
    frontMatterString(frontMatter, 'description', 'summary', 'excerpt') ?? headMetaDescription(frontMatter);
  const links = markdownLinks(body);
  return documentRecord(
    relativePath,
    {
      title: title === undefined ? undefined : frontMatterText(title),
      description: description === undefined ? undefined : frontMatterText(description),
      tags: frontMatterTags(frontMatter),
      link: frontMatterString(frontMatter, 'link', 'url', 'permalink'),
      assetType: frontMatterString(frontMatter, 'assetType', 'asset_type'),
      sections,
      links: links.targets,
      mentions: links.mentions,
    },
    siteUrl,
  );
}

/**
 * A front matter value as text: its Markdown (`` `display` CSS property``) converted, but a tag
 * name written in it (`<ask-chat> attributes`) kept, since front matter is not HTML.
 */
function frontMatterText(value: string): string {
  return inlineMarkdownToText(value.replace(/</g, '\uE000')).replace(/\uE000/g, '<');
}

/**
 * An MDX page (`.mdx`, as Docusaurus, Nextra and Starlight sites write them) as a document: the
 * Markdown it is, without what MDX adds that no reader sees: its `import` and `export` statements
 * and its JSX comments. Its components' tags go as any HTML tag in Markdown does (`<Tabs>`
 * leaves the tabs' text), outside code blocks.
 */
export function mdxDocument(relativePath: string, source: string, siteUrl?: string): SourceDocument {
  return markdownDocument(relativePath, withoutMdxStatements(source), siteUrl);
}

/** Top-level `import`/`export` statements (each up to a blank line) and JSX comments, outside fences. */
function withoutMdxStatements(source: string): string {
  const kept: string[] = [];
  let fence: string | undefined;
  let inStatement = false;
  for (const line of source.split('\n')) {
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      if (fenceMark !== undefined && fenceMark[0] === fence[0] && fenceMark.length >= fence.length)
        fence = undefined;
      kept.push(line);
      continue;
    }
    if (fenceMark !== undefined) {
      fence = fenceMark;
      inStatement = false;
      kept.push(line);
      continue;
    }
    if (inStatement) {
      if (line.trim() === '') inStatement = false;
      continue;
    }
    if (/^(?:import|export)\s/.test(line)) {
      inStatement = true;
      continue;
    }
    kept.push(line);
  }
  return kept.join('\n').replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g, '');
}
