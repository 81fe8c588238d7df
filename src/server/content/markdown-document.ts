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
 * A statement whose brackets never close ends at its first blank line, and a comment never
 * closed is no comment: a typo in one line never costs the rest of the page.
 */
function withoutMdxStatements(source: string): string {
  const lines = source.split('\n');
  const kept: string[] = [];
  /** Lines where a comment opens that never closes: there, it is text. */
  const unclosed = new Set<number>();
  let fence: string | undefined;
  /** The statement being left out: the brackets it has open and where it started. */
  let statement: { depth: number; firstBlank?: number } | undefined;
  /** The JSX comment left open by an earlier line: the line it started on and the text kept. */
  let comment: { line: number; kept: number } | undefined;
  let blockStart = true;
  for (let index = 0; index <= lines.length; index++) {
    if (index === lines.length) {
      // The end of the file with a statement or comment still open: read it again from where
      // it can end, as text.
      const restart = statement ? statement.firstBlank : comment?.line;
      if (restart === undefined) break;
      if (statement) kept.push('');
      else if (comment) {
        kept.length = comment.kept;
        unclosed.add(restart);
      }
      statement = undefined;
      comment = undefined;
      fence = undefined;
      blockStart = true;
      index = restart - 1;
      continue;
    }
    const line = lines[index] as string;
    const blank = line.trim() === '';
    if (statement) {
      if (blank) statement.firstBlank ??= index + 1;
      if (blank && statement.depth <= 0) {
        statement = undefined;
        kept.push(line);
        blockStart = true;
      } else statement.depth += bracketBalance(line);
      continue;
    }
    if (comment) {
      // A comment's text, fences included, until it closes.
      const { text, open } = withoutJsxComments(line, true);
      if (!open) comment = undefined;
      // A line wholly inside the comment is no line of the page.
      if (open && text === '') continue;
      kept.push(text);
      blockStart = blank;
      continue;
    }
    const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
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
    if (blockStart && !unclosed.has(index) && ESM_STATEMENT.test(line)) {
      statement = { depth: bracketBalance(line) };
      continue;
    }
    const { text, open } = withoutJsxComments(line, false, unclosed.has(index));
    if (open) comment = { line: index, kept: kept.length };
    kept.push(text);
    // The front matter's closing line starts a block too.
    blockStart = blank || line.trim() === '---';
  }
  return kept.join('\n');
}

/** The first line of an ES module statement, as MDX reads one. */
const ESM_STATEMENT =
  /^(?:import\s*(?:['"{*]|[\w$][\w$]*\s*(?:,|\bfrom\b))|export\s+(?:const|let|var|function|class|default|async|\{|\*)[\s{(*]?)/;

/** Brackets a line opens less those it closes, outside its quoted strings. */
function bracketBalance(line: string): number {
  let balance = 0;
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const character = line[index] as string;
    if (quote !== undefined) {
      if (character === '\\') index++;
      else if (character === quote) quote = undefined;
    } else if (character === "'" || character === '"' || character === '`') quote = character;
    else if (character === '(' || character === '[' || character === '{') balance++;
    else if (character === ')' || character === ']' || character === '}') balance--;
  }
  return balance;
}

/**
 * A line without its JSX comments (from `{/*` to the next star, slash and closing brace), which may
 * open on one line and close on a later one (`open` says whether one is open at the line's start,
 * and at its end). One inside a code span (from a run of backticks to the next run as long) is
 * the span's text. With `keepOpenLast`, a comment that doesn't close on the line is text (one
 * never closed in the file).
 */
function withoutJsxComments(
  line: string,
  open: boolean,
  keepOpenLast = false,
): { text: string; open: boolean } {
  let text = '';
  let rest = line;
  if (open) {
    const end = rest.indexOf('*/}');
    if (end < 0) return { text: '', open: true };
    rest = rest.slice(end + 3);
  }
  const codeSpans = codeSpanRanges(rest);
  let offset = 0;
  for (;;) {
    let start = rest.indexOf('{/*', offset);
    while (start >= 0 && codeSpans.some(([from, to]) => start >= from && start < to))
      start = rest.indexOf('{/*', start + 1);
    if (start < 0) return { text: text + rest.slice(offset), open: false };
    const end = rest.indexOf('*/}', start + 3);
    if (end < 0) {
      if (keepOpenLast) return { text: text + rest.slice(offset), open: false };
      return { text: text + rest.slice(offset, start), open: true };
    }
    text += rest.slice(offset, start);
    offset = end + 3;
  }
}

/** Where a line's code spans are: from a run of backticks to the next run of as many. */
function codeSpanRanges(line: string): [number, number][] {
  const ranges: [number, number][] = [];
  const runs = [...line.matchAll(/`+/g)];
  for (let index = 0; index < runs.length; index++) {
    const opening = runs[index] as RegExpExecArray;
    const closing = runs.findIndex((run, at) => at > index && run[0].length === opening[0].length);
    if (closing < 0) continue;
    const closingRun = runs[closing] as RegExpExecArray;
    ranges.push([opening.index, closingRun.index + closingRun[0].length]);
    index = closing;
  }
  return ranges;
}
