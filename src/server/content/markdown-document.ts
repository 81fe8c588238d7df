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

/**
 * The source without its `import` and `export` statements and its JSX comments, outside code
 * blocks and code spans. A statement is ESM (`import … from '…'`, `import '…'`, `export const`,
 * `export default` …) at the start of a block, the file's or after a blank line, so that prose
 * wrapped onto a line starting "export your contacts" is kept; it ends at the first blank line
 * where its brackets are closed, so that a component exported over several paragraphs goes whole.
 */
function withoutMdxStatements(source: string): string {
  const kept: string[] = [];
  let fence: string | undefined;
  /** The brackets a statement being left out has open, else undefined. */
  let statementDepth: number | undefined;
  let inComment = false;
  let blockStart = true;
  for (const line of source.split('\n')) {
    const blank = line.trim() === '';
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (statementDepth !== undefined) {
      if (blank && statementDepth <= 0) {
        statementDepth = undefined;
        kept.push(line);
        blockStart = true;
      } else statementDepth += bracketBalance(line);
      continue;
    }
    if (fence !== undefined) {
      if (fenceMark !== undefined && fenceMark[0] === fence[0] && fenceMark.length >= fence.length)
        fence = undefined;
      kept.push(line);
      blockStart = false;
      continue;
    }
    if (fenceMark !== undefined) {
      fence = fenceMark;
      kept.push(line);
      blockStart = false;
      continue;
    }
    if (blockStart && ESM_STATEMENT.test(line)) {
      statementDepth = bracketBalance(line);
      continue;
    }
    const { text, open } = withoutJsxComments(line, inComment);
    inComment = open;
    kept.push(text);
    // The front matter's closing line starts a block too.
    blockStart = blank || line.trim() === '---';
  }
  return kept.join('\n');
}

/** The first line of an ES module statement, as MDX reads one. */
const ESM_STATEMENT =
  /^(?:import\s*(?:['"{*]|[\w$][\w$]*\s*(?:,|\bfrom\b))|export\s+(?:const|let|var|function|class|default|async|\{|\*)[\s{(*]?)/;

/** Brackets a line opens less those it closes. */
function bracketBalance(line: string): number {
  let balance = 0;
  for (const character of line)
    if (character === '(' || character === '[' || character === '{') balance++;
    else if (character === ')' || character === ']' || character === '}') balance--;
  return balance;
}

/**
 * A line without its JSX comments (from `{/*` to the next star, slash and closing brace), which may
 * open on one line and close on a later one (`open` says whether one is open at the line's start,
 * and at its end). One inside a code
 * span (an odd number of backticks before it) is the span's text.
 */
function withoutJsxComments(line: string, open: boolean): { text: string; open: boolean } {
  let text = '';
  let rest = line;
  let inComment = open;
  while (rest !== '') {
    if (inComment) {
      const end = rest.indexOf('*/}');
      if (end < 0) return { text, open: true };
      rest = rest.slice(end + 3);
      inComment = false;
      continue;
    }
    const start = rest.indexOf('{/*');
    if (start < 0) return { text: text + rest, open: false };
    const before = rest.slice(0, start);
    const inCodeSpan = ((text + before).match(/`/g)?.length ?? 0) % 2 === 1;
    text += inCodeSpan ? rest.slice(0, start + 3) : before;
    rest = rest.slice(start + 3);
    inComment = !inCodeSpan;
  }
  return { text, open: inComment };
}
