import { codeSpansIn, literalText } from './code-spans.js';
import { NotAPage, type SourceDocument } from './document.js';
import { documentRecord, type DocumentFields } from './document-record.js';
import type { AnchorStyle } from './heading-slug.js';
import {
  frontMatterString,
  frontMatterTags,
  headMetaDescription,
  homeLayoutParagraphs,
  splitFrontMatter,
} from './front-matter.js';
import { htmlDocument } from './html-document.js';
import { jekyllPostTags } from './jekyll-post.js';
import { inlineMarkdownToText, markdownLinks, withoutTemplateTags } from './markdown-inline.js';
import { markdownSections } from './markdown-sections.js';
import { SectionBuilder } from './section-builder.js';
import {
  assertPublished,
  assertRendered,
  markdownFolderTags,
  markdownPageLink,
  markdownPathTitle,
  type SourceConventions,
} from './source-path.js';

/**
 * A Markdown page (`.md`) as a document: front matter for its metadata, the body for its text;
 * linked where the site's generator publishes it (`conventions`, see `markdownPageLink`).
 */
export function markdownDocument(
  relativePath: string,
  source: string,
  siteUrl?: string,
  anchors?: AnchorStyle,
  conventions?: SourceConventions,
): SourceDocument {
  const { frontMatter, body } = splitFrontMatter(source);
  assertSourcePublished(relativePath, frontMatter, conventions);
  // MDX has no indented code, and Docusaurus reads its Markdown pages as MDX.
  const mdx = /\.mdx$/i.test(relativePath) || conventions?.generator === 'Docusaurus';
  let sections = markdownSections(mdx ? withTabLabels(body) : body, anchors, !mdx);
  const home = homeLayoutParagraphs(frontMatter);
  if (home.length > 0) {
    const builder = new SectionBuilder();
    for (const paragraph of home) builder.addParagraph(literalText(paragraph));
    sections = [...builder.finish(), ...sections];
  }
  const links = markdownLinks(body);
  return documentRecord(
    relativePath,
    {
      ...frontMatterFields(relativePath, frontMatter, conventions),
      sections,
      links: links.targets,
      mentions: links.mentions,
    },
    siteUrl,
  );
}

/**
 * Throws `NotAPage` for a source its generator publishes no page from (see `assertPublished`,
 * `assertRendered`), a draft, or a page its front matter sends elsewhere.
 */
function assertSourcePublished(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  conventions: SourceConventions | undefined,
): void {
  assertPublished(relativePath, conventions);
  assertRendered(frontMatter, conventions);
  // A draft is not on the published site: a link to it would be a dead one.
  if (isDraft(frontMatter)) throw new NotAPage('draft', 'a draft, not published (so its front matter says)');
  const redirect = redirectTarget(frontMatter);
  if (redirect !== undefined) throw new NotAPage('redirect', `a redirect to ${redirect}`);
}

/** A source's first line opening YAML front matter (`---`), which no built page starts with. */
const FRONT_MATTER_START = /^\uFEFF?---[ \t]*\r?\n/;

/** Liquid's and Nunjucks' outputs, `{{ page.title }}`: the generator writes their values in. */
const TEMPLATE_OUTPUT = /\{\{-?(?![<%])[^{}]*?-?\}\}/g;

/**
 * An HTML page (`.html`, `.htm`) as a document: a built page as `htmlDocument` reads it, or,
 * when it opens with front matter, a generator's source (a Jekyll or Eleventy site's
 * `index.html`, a Hugo content page written in HTML), read as its Markdown pages are: its front
 * matter for its title, description and tags, and its link where the generator publishes it; a
 * draft skipped; template tags left out of its text.
 */
export function htmlSourceDocument(
  relativePath: string,
  source: string,
  siteUrl?: string,
  _anchors?: AnchorStyle,
  conventions?: SourceConventions,
): SourceDocument {
  if (!FRONT_MATTER_START.test(source)) return htmlDocument(relativePath, source, siteUrl);
  const { frontMatter, body } = splitFrontMatter(source);
  assertSourcePublished(relativePath, frontMatter, conventions);
  // Hugo reads no template in a content page, only its shortcodes.
  const template = withoutTemplateTags(body);
  return htmlDocument(
    relativePath,
    conventions?.generator === 'Hugo' ? template : template.replace(TEMPLATE_OUTPUT, ''),
    siteUrl,
    frontMatterFields(relativePath, frontMatter, conventions),
  );
}

/**
 * What a generator's source says of its page, Markdown or HTML: its front matter's title,
 * description and asset type, its tags, and its link where the generator publishes it.
 */
function frontMatterFields(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  conventions: SourceConventions | undefined,
): Omit<DocumentFields, 'sections' | 'links' | 'mentions'> {
  const title = frontMatterString(frontMatter, 'title');
  const description =
    frontMatterString(frontMatter, 'description', 'summary', 'excerpt') ?? headMetaDescription(frontMatter);
  return {
    title: title === undefined ? undefined : frontMatterText(title),
    pathTitle: markdownPathTitle(relativePath, frontMatter, conventions),
    description: description === undefined ? undefined : frontMatterText(description),
    tags: sourceTags(relativePath, frontMatter, conventions),
    link: markdownPageLink(relativePath, frontMatter, conventions),
    assetType: frontMatterString(frontMatter, 'assetType', 'asset_type'),
  };
}

/**
 * A source's tags: a Jekyll post's categories and tags as Jekyll reads them (see
 * `jekyllPostTags`), else its front matter's, else its folders'.
 */
function sourceTags(
  relativePath: string,
  frontMatter: Record<string, unknown>,
  conventions: SourceConventions | undefined,
): string[] {
  return (
    jekyllPostTags(relativePath, frontMatter, conventions?.jekyll) ??
    frontMatterTags(frontMatter) ??
    markdownFolderTags(relativePath, frontMatter, conventions)
  );
}

/** Whether front matter marks a draft: `draft: true` (or "true"), or Jekyll's `published: false`. */
function isDraft(frontMatter: Record<string, unknown>): boolean {
  const { draft, published } = frontMatter;
  return draft === true || draft === 'true' || published === false || published === 'false';
}

/**
 * Where Jekyll's `redirect_to` (jekyll-redirect-from, on GitHub Pages) sends a visitor: the site
 * publishes a redirect in the page's place, its body never shown. A list's first address is the one used.
 */
function redirectTarget(frontMatter: Record<string, unknown>): string | undefined {
  const target = frontMatter['redirect_to'];
  return frontMatterString({ target: Array.isArray(target) ? target[0] : target }, 'target');
}

/**
 * A front matter value as text: its Markdown (`` `display` CSS property``) converted, but a tag
 * name written in it (`<ask-chat> attributes`) kept, since front matter is not HTML.
 */
function frontMatterText(value: string): string {
  return inlineMarkdownToText(value.replace(/</g, '\uE000')).replace(/\uE000/g, '<');
}

/**
 * A tab's opening tag on a line of its own, as Docusaurus writes them (`<TabItem value="npm"
 * label="npm" default>`): its indentation and attributes, an expression's braces among them
 * (`label={<b>npm</b>}`, `label={`Yarn ${version}`}`).
 */
const TAB_ITEM = /^([ \t]*)<TabItem\b((?:[^<>{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)>[ \t]*$/;

/** A tab's `label` or `value` written as a string: `label="npm"`, `label='npm'`, `label={"npm"}`. */
const TAB_NAME_ATTRIBUTE =
  /(?:^|\s)(label|value)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*(?:"([^"]*)"|'([^']*)'|`([^`$]*)`)\s*\})/g;

/** A `label` attribute, whatever its value: a string, or an expression (`{t('npm')}`). */
const LABEL_ATTRIBUTE = /(?:^|\s)label\s*=/;

/**
 * The name a tab's bar shows, from its tag's attributes: its `label`, else its `value`; '' when
 * its label is an expression (`{t('npm')}`, `{<b>npm</b>}`), whose words the page does not hold
 * (its value is an id the bar does not show).
 */
function tabName(attributes: string): string | undefined {
  const values = new Map<string, string>();
  for (const [, name, ...written] of attributes.matchAll(TAB_NAME_ATTRIBUTE))
    values.set(name as string, (written.find((value) => value !== undefined) ?? '').trim());
  if (!values.has('label') && LABEL_ATTRIBUTE.test(attributes)) return '';
  return values.get('label') || values.get('value') || undefined;
}

/**
 * What would start a Markdown block at a line's start (`# `, `- `, `1. `, `> `): escaped in a tab's
 * name (`\# Node.js`, `1\. First`), which is words.
 */
const BLOCK_MARKER = /^(?:[#>+*=|-]|\d+[.)])/;

/**
 * MDX with each tab's opening tag (`<TabItem value="yarn" label="Yarn">`) as the name its tab bar
 * shows, its `label` (else its `value`, as Docusaurus shows it), written as a lead-in to what the
 * tab holds (`Yarn:`), where the tag, as any other, left only the tab's content: "npm install"
 * and "yarn add" side by side without which is which. Not in code blocks.
 */
function withTabLabels(markdown: string): string {
  if (!markdown.includes('<TabItem')) return markdown;
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const fenceMark = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== undefined) {
        if (fenceMark !== undefined && fenceMark[0] === fence[0] && fenceMark.length >= fence.length)
          fence = undefined;
        return line;
      }
      if (fenceMark !== undefined) {
        fence = fenceMark;
        return line;
      }
      const tab = TAB_ITEM.exec(line);
      if (!tab) return line;
      const name = tabName(tab[2] as string);
      if (name === undefined) return line;
      // A label that is an expression: the tag goes, as any other, with no name in its place.
      if (name === '') return tab[1] as string;
      const words = BLOCK_MARKER.test(name) ? name.replace(/^\d+(?=[.)])|^/, '$&\\') : name;
      return `${tab[1]}${words}${/[.:!?]$/.test(name) ? '' : ':'}`;
    })
    .join('\n');
}

/**
 * What reads a source file into a document, given its path in the content folder and its text,
 * the site's URL, how it writes heading anchors and what its generator does with links: each
 * reader of `READERS` (load-folder.ts) is one.
 */
export type DocumentReader = typeof markdownDocument;

/**
 * An MDX page (`.mdx`, as Docusaurus, Nextra and Starlight sites write them) as a document: the
 * Markdown it is, without what MDX adds that no reader sees: its `import` and `export` statements
 * and its JSX comments. Its components' tags go as any HTML tag in Markdown does (`<Tabs>`
 * leaves the tabs' text), outside code blocks.
 */
export const mdxDocument: DocumentReader = (relativePath, source, ...options) =>
  markdownDocument(relativePath, withoutMdxStatements(source), ...options);

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
  /**
   * Lines where a comment opens that never closes, and whether the line starts inside an
   * earlier comment (that one closed): from there, the unclosed one is text.
   */
  const unclosed = new Map<number, boolean>();
  let fence: string | undefined;
  /** The statement being left out: the brackets it has open and where it started. */
  let statement: { depth: number; line: number; firstBlank?: number } | undefined;
  /** The JSX comment left open: the line it opened on, whether that line started in an earlier one, the lines kept before it. */
  let comment: { line: number; openAtStart: boolean; kept: number } | undefined;
  let blockStart = true;
  for (let index = 0; index <= lines.length; index++) {
    const open = statement ?? comment;
    if (index === lines.length || (open && index - open.line > MAX_OPEN_LINES)) {
      // The end of the file (or too long a way) with a statement or comment still open: read it
      // again as text, a statement from its first blank line (else its second line), a comment
      // from where it opened.
      if (statement) {
        const { firstBlank } = statement;
        const textAfterBlank =
          firstBlank !== undefined && lines.slice(firstBlank, index).some((rest) => rest.trim() !== '');
        index = (textAfterBlank ? firstBlank : statement.line + 1) - 1;
        kept.push('');
      } else if (comment) {
        unclosed.set(comment.line, comment.openAtStart);
        kept.length = comment.kept;
        index = comment.line - 1;
      } else break;
      statement = undefined;
      comment = undefined;
      fence = undefined;
      blockStart = true;
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
      const { text, open: stillOpen } = withoutJsxComments(line, true);
      if (!stillOpen) comment = undefined;
      else if (line.includes(JSX_COMMENT_END))
        // Closed, and another opened on the same line.
        comment = { line: index, openAtStart: true, kept: kept.length };
      // A line wholly inside the comment is no line of the page.
      else if (text === '') continue;
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
    const reread = unclosed.get(index);
    if (blockStart && reread === undefined && ESM_STATEMENT.test(line)) {
      statement = { depth: bracketBalance(line), line: index };
      continue;
    }
    const { text, open: opened } = withoutJsxComments(line, reread ?? false, reread !== undefined);
    if (opened) comment = { line: index, openAtStart: false, kept: kept.length };
    kept.push(text);
    // The front matter's closing line starts a block too.
    blockStart = blank || line.trim() === '---';
  }
  return kept.join('\n');
}

/**
 * Lines a statement or a comment may stay open: one open longer is taken as never closed, so
 * that a page of many unclosed ones is read in linear time.
 */
const MAX_OPEN_LINES = 500;

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
    const end = rest.indexOf(JSX_COMMENT_END);
    if (end < 0) return { text: '', open: true };
    rest = rest.slice(end + 3);
  }
  if (!rest.includes(JSX_COMMENT_START)) return { text: rest, open: false };
  const codeSpans = [...codeSpansIn(rest)];
  let offset = 0;
  for (;;) {
    let start = rest.indexOf(JSX_COMMENT_START, offset);
    while (start >= 0 && codeSpans.some((span) => start >= span.start && start < span.end))
      start = rest.indexOf(JSX_COMMENT_START, start + 1);
    if (start < 0) return { text: text + rest.slice(offset), open: false };
    const end = rest.indexOf(JSX_COMMENT_END, start + 3);
    if (end < 0) {
      if (keepOpenLast) return { text: text + rest.slice(offset), open: false };
      return { text: text + rest.slice(offset, start), open: true };
    }
    text += rest.slice(offset, start);
    offset = end + 3;
  }
}

const JSX_COMMENT_START = '{/*';
const JSX_COMMENT_END = '*/}';
