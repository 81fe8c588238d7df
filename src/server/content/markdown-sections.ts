import type { DocumentSection, ListItem } from './document.js';
import {
  inlineMarkdownToSectionText,
  inlineMarkdownToText,
  referenceDefinitions,
} from './markdown-inline.js';
import type { AnchorStyle } from './heading-slug.js';
import { SectionBuilder, tableRowParagraph } from './section-builder.js';

/**
 * A code fence's opening line, however indented: under a list item (MkDocs' four spaces, a
 * numbered step's) or inside an MDX component (`<TabItem>`, where MDX has no indented code) it is
 * a fence, and its lines lose its indentation (CommonMark's rule).
 */
const FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})\s*([^`\s]*)(.*)$/;
const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const CONTAINER = /^ {0,3}:{3,}\s*(\S*)\s*(.*)$/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:\s+\S+/;
const HIDDEN_HTML_BLOCK = /^\s*<(script|style|template)\b/i;
const CALLOUT_MARKER = /^\[!(NOTE|TIP|WARNING|CAUTION|IMPORTANT|CALLOUT)\]\s*/i;
/** Containers whose first word is a layout, not a title a reader sees. */
const UNTITLED_CONTAINERS = new Set(['code-group', 'details', 'raw', 'v-pre']);

/**
 * Twoslash fences (`ts twoslash`) show only the code after `// ---cut---`, and their `// ^?` and
 * `// @errors` lines are instructions to the type checker, not code a reader sees; nor is Shiki's
 * notation for highlighting a line (`// [!code ++]`).
 */
function visibleCode(lines: string[], info: string): string {
  let visible = lines;
  if (/\btwoslash\b/.test(info)) {
    const cut = visible.findIndex((line) => /^\s*\/\/\s*-{3}cut(-before)?-{3}\s*$/.test(line));
    if (cut >= 0) visible = visible.slice(cut + 1);
    const cutAfter = visible.findIndex((line) => /^\s*\/\/\s*-{3}cut-after-{3}\s*$/.test(line));
    if (cutAfter >= 0) visible = visible.slice(0, cutAfter);
  }
  return (
    visible
      .filter((line) => !/^\s*\/\/\s*(\^[?|!]|@\w+|-{3}cut)/.test(line))
      // Liquid's `{% raw %}` around code that shows `{{ … }}` as it is.
      .map((line) => (line.includes('raw') ? line.replace(LIQUID_RAW, '') : line))
      .flatMap((line) => {
        if (!line.includes('[!code')) return [line];
        // Shiki's notation (`// [!code ++]`, `# [!code focus]`) marks a line for highlighting;
        // a line marked removed (`// [!code --]`) is the code before a change, not code to copy.
        if (REMOVED_LINE.test(line)) return [];
        const code = withoutShikiNotation(line);
        return code.trim() === '' ? [] : [code];
      })
      .join('\n')
  );
}

/**
 * The language a fence names: the first word of its info string (`ts` of `ts twoslash`, `js` of
 * `js [app.js]`, `python` of `{.python}`), lower-cased; '' for none.
 */
function fenceLanguage(info: string): string {
  return /^\{?\.?([\w+#-]+)/.exec(info)?.[1]?.toLowerCase() ?? '';
}

/** The first line from `from` on that matches, else -1. */
function nextLineMatching(lines: readonly string[], from: number, pattern: RegExp): number {
  for (let at = from; at < lines.length; at++) if (pattern.test(lines[at] as string)) return at;
  return -1;
}

/** A code block's first line in Jekyll (`{% highlight ruby %}`) or Hugo (`{{< highlight go >}}`). */
const HIGHLIGHT_START = /^\s*(?:\{%-?\s*highlight\b[^%]*%\}|\{\{[<%]\s*highlight\b[^}]*[>%]\}\})\s*$/;
const HIGHLIGHT_END = /\{%-?\s*endhighlight\s*-?%\}|\{\{[<%]\s*\/\s*highlight\s*[>%]\}\}/;
const LIQUID_COMMENT_START = /\{%-?\s*comment\s*-?%\}/;
const LIQUID_COMMENT_END = /\{%-?\s*endcomment\s*-?%\}/;

const LIQUID_RAW = /\{%-?\s*(?:end)?raw\s*-?%\}/g;

/** The start of an HTML comment block: `<!--` at a line's start, indented three spaces at most. */
const COMMENT_BLOCK_START = /^ {0,3}<!--/;

/**
 * A line of code without Shiki's notation comment at its end (`// [!code ++]`, `<!-- [!code hl]
 * -->`). Found from the notation back, so that a long line is read once.
 */
function withoutShikiNotation(line: string): string {
  const at = line.lastIndexOf('[!code');
  if (!SHIKI_NOTATION.test(line.slice(at))) return line;
  const before = line.slice(0, at).trimEnd();
  const marker = /(?:\/\/|#|--|<!--|\/\*)$/.exec(before);
  return marker ? before.slice(0, marker.index).trimEnd() : line;
}

const SHIKI_NOTATION = /^\[!code\s[^\]]*\]\s*(?:(?:-->|\*\/)\s*)?$/;
/** A line of an indented code block: four spaces (or a tab) of indentation. */
const INDENTED_CODE_LINE = /^(?: {4}| {0,3}\t)/;
/** A list item's first line; a numbered one's number. */
const LIST_ITEM = /^\s*(?:[-*+]|(\d{1,9})[.)])\s/;
const REMOVED_LINE = /\[!code\s+--\]\s*(?:(?:-->|\*\/)\s*)?$/;

/** MDN's definition of the list item before it: `  - : description`. */
const DEFINITION_MARKER = /^\s*[-*+]\s+:\s/;

/** A quote marker at the start of a line, indented as Markdown allows a block (at most 3 spaces). */
const QUOTE_MARKER = /^\s{0,3}>\s?/;
/**
 * A quote marker indented deeper, as inside a list item (MDN's `    > [!NOTE]` under a
 * definition): taken for one only where a quote can start (see `stripBlockMarkers`) and followed
 * by a space, a callout or nothing, since MDN's wrapped inline HTML also starts lines with an
 * indented `>` (`<a href="…"` then `          >OpenGL ES</a`).
 */
const INDENTED_QUOTE_MARKER = /^\s*>(?:\s|(?=\[!)|$)\s?/;
/** A callout's first line however indented (`      > [!NOTE]`): wrapped HTML never looks like it. */
const INDENTED_CALLOUT = /^\s*>\s?\[!(NOTE|TIP|WARNING|CAUTION|IMPORTANT|CALLOUT)\]\s*$/i;

/**
 * Strips the block markers of a line (quotes, list bullets, MDN definition markers). An indented
 * quote marker counts only where a quote may start: at the start of a paragraph, in a quote, under
 * a list item, or on a callout's first line.
 */
function stripBlockMarkers(line: string, quoteMayStart: boolean): { text: string; quoted: boolean } {
  let text = line;
  let quoted = false;
  for (;;) {
    const marker =
      QUOTE_MARKER.exec(text) ??
      (quoteMayStart || INDENTED_CALLOUT.test(text) ? INDENTED_QUOTE_MARKER.exec(text) : null);
    if (!marker) break;
    text = text.slice(marker[0].length);
    quoted = true;
  }
  text = text.replace(CALLOUT_MARKER, '');
  // MDN definition lists: `- term` then `  - : definition`.
  text = text.replace(/^\s*[-*+]\s+:\s+/, '');
  text = text.replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+(\[[ xX]\]\s+)?/, '');
  return { text, quoted };
}

function tableRowText(line: string, references?: ReadonlySet<string>): string {
  const cells = line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
  // The line under the header (`| --- | :-: |`) is no row.
  if (cells.every((cell) => /^:?-+:?$/.test(cell))) return '';
  // An escaped pipe is a pipe in the cell, inside a code span too (GFM).
  return tableRowParagraph(
    cells.map((cell) => inlineMarkdownToSectionText(cell.replace(/\\\|/g, '|'), references)),
  );
}

/**
 * The body of a Markdown page as sections of plain text with its code spans kept (see
 * `code-spans.ts`), split at its ATX and setext headings, whose text is plain. VitePress
 * containers (`::: tip`) keep only a custom title, fences keep their visible code.
 */
export function markdownSections(
  body: string,
  anchors?: AnchorStyle,
  /**
   * Whether a block indented four spaces is code (CommonMark's indented code block); MDX has none
   * (Docusaurus reads its `.md` pages as MDX too).
   */
  indentedCode = true,
): DocumentSection[] {
  // The labels of its reference links, so that `[Vitest]` reads as the link it is.
  const references = body.includes(']:') ? new Set(referenceDefinitions(body).keys()) : undefined;
  const lines = body.split(/\r?\n/);
  // MkDocs numbers repeated headings past the anchors a page sets itself, wherever they are.
  const builder = new SectionBuilder(anchors, anchors === 'mkdocs' ? explicitAnchors(lines) : []);
  let paragraph: string[] = [];
  /** Whether the line before was quoted: a quote goes on, however deep its marker is indented. */
  let inQuote = false;
  /** Whether the line before was a list item, which a quote indented under it may follow at once. */
  let afterListItem = false;
  /** Whether a list is open: what is indented under it is its items' (MDN's descriptions). */
  let inList = false;
  /** The kind of list the paragraph being read is an item of, if it is one. */
  let paragraphList: ListItem | undefined;
  /** Whether that item is MDN's description of the item before it (`  - : description`). */
  let paragraphDefines = false;
  const flushParagraph = (): void => {
    const list = paragraphList;
    const defines = paragraphDefines;
    paragraphList = undefined;
    paragraphDefines = false;
    if (paragraph.length === 0) return;
    builder.addParagraph(inlineMarkdownToSectionText(paragraph.join('\n'), references), list, defines);
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';

    // Jekyll's code block: `{% highlight ruby %}` to `{% endhighlight %}`.
    // Hugo's: `{{< highlight go >}}` to `{{< /highlight >}}`. One never closed is no block.
    const highlightEnd = HIGHLIGHT_START.test(line) ? nextLineMatching(lines, i + 1, HIGHLIGHT_END) : -1;
    if (highlightEnd > i) {
      flushParagraph();
      builder.addCode(visibleCode(lines.slice(i + 1, highlightEnd), ''));
      i = highlightEnd;
      continue;
    }
    // A Liquid comment (`{% comment %}` to `{% endcomment %}`) over several lines: hidden, the
    // text before it on its first line and after it on its last kept.
    const commentStart = LIQUID_COMMENT_START.exec(line);
    if (commentStart && !LIQUID_COMMENT_END.test(line.slice(commentStart.index))) {
      const end = nextLineMatching(lines, i + 1, LIQUID_COMMENT_END);
      if (end > i) {
        const before = line.slice(0, commentStart.index);
        const endLine = lines[end] ?? '';
        const endTag = LIQUID_COMMENT_END.exec(endLine);
        const after = endTag ? endLine.slice(endTag.index + endTag[0].length) : endLine;
        if (before.trim() !== '') paragraph.push(before);
        if (after.trim() !== '') paragraph.push(after);
        else if (before.trim() === '') flushParagraph();
        i = end;
        continue;
      }
    }

    const fence = FENCE_OPEN.exec(line);
    if (fence) {
      flushParagraph();
      const indent = (fence[1] ?? '').length;
      const marker = fence[2] ?? '```';
      const info = `${fence[3] ?? ''} ${fence[4] ?? ''}`;
      const code: string[] = [];
      // Closed by a fence at most three spaces deeper than it opened, as CommonMark closes one
      // (a block showing Markdown keeps the deeper fences it shows).
      const closing = new RegExp(
        `^[ \\t]{0,${indent + 3}}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`,
      );
      const outdent = new RegExp(`^[ \\t]{0,${indent}}`);
      for (i++; i < lines.length && !closing.test(lines[i] ?? ''); i++)
        code.push(indent === 0 ? (lines[i] ?? '') : (lines[i] ?? '').replace(outdent, ''));
      builder.addCode(visibleCode(code, info), fenceLanguage(fence[3] ?? ''));
      continue;
    }

    // An HTML comment starting a line hides the lines to the one where it ends (CommonMark's
    // HTML block): an author's note, or a paragraph left out for now.
    if (COMMENT_BLOCK_START.test(line) && !line.includes('-->')) {
      flushParagraph();
      while (i < lines.length && !(lines[i] ?? '').includes('-->')) i++;
      continue;
    }

    const hidden = HIDDEN_HTML_BLOCK.exec(line);
    if (hidden) {
      flushParagraph();
      const close = new RegExp(`</${hidden[1]}\\s*>`, 'i');
      while (i < lines.length && !close.test(lines[i] ?? '')) i++;
      continue;
    }

    if (line.trim() === '') {
      flushParagraph();
      continue;
    }

    // An indented code block (CommonMark): lines indented four spaces after a blank line (or a
    // heading, or at the top), not under a list item, up to the next line indented less (blank
    // lines inside it kept). Not after a block such as an HTML table's row, whose lines go on.
    const previous = i === 0 ? '' : (lines[i - 1] ?? '');
    if (
      indentedCode &&
      !inList &&
      paragraph.length === 0 &&
      INDENTED_CODE_LINE.test(line) &&
      (previous.trim() === '' || ATX_HEADING.test(previous))
    ) {
      const code: string[] = [];
      let end = i;
      for (let at = i; at < lines.length; at++) {
        const next = lines[at] ?? '';
        if (next.trim() === '') continue;
        if (!INDENTED_CODE_LINE.test(next)) break;
        end = at;
      }
      for (let at = i; at <= end; at++) code.push((lines[at] ?? '').replace(INDENTED_CODE_LINE, ''));
      builder.addCode(visibleCode(code, ''));
      i = end;
      continue;
    }
    // A line that starts at the margin, and is no list item, nor the line after one's text, ends the list.
    if (!/^\s/.test(line) && !LIST_ITEM.test(line) && paragraph.length === 0) inList = false;

    const heading = ATX_HEADING.exec(line);
    if (heading) {
      flushParagraph();
      const { text, id } = headingAttributes(heading[2] ?? '');
      builder.startSection(inlineMarkdownToText(text, references), heading[1]?.length ?? 1, id);
      continue;
    }

    // (A list item's text is no heading: the `-` under it is the next, empty, item.)
    const underline = SETEXT_UNDERLINE.exec(line);
    if (underline && paragraph.length === 1 && paragraphList === undefined) {
      const text = paragraph[0] ?? '';
      paragraph = [];
      const { text: headingText, id } = headingAttributes(text);
      builder.startSection(
        inlineMarkdownToText(headingText, references),
        underline[1]?.[0] === '=' ? 1 : 2,
        id,
      );
      continue;
    }

    if (THEMATIC_BREAK.test(line) || TABLE_DELIMITER.test(line) || LINK_DEFINITION.test(line)) {
      flushParagraph();
      continue;
    }

    const container = CONTAINER.exec(line);
    if (container) {
      flushParagraph();
      const kind = container[1] ?? '';
      const title = (container[2] ?? '').replace(/\{[^}]*\}\s*$/, '').trim();
      if (title !== '' && !UNTITLED_CONTAINERS.has(kind))
        builder.addParagraph(inlineMarkdownToSectionText(title, references));
      continue;
    }

    // A list item is its own line of text, not the continuation of the line before.
    const item = LIST_ITEM.exec(line);
    const listItem = item !== null;
    if (item) {
      inList = true;
      flushParagraph();
      paragraphList = item[1] === undefined ? 'unordered' : Number(item[1]);
      paragraphDefines = DEFINITION_MARKER.test(line);
    }
    const { text: stripped, quoted } = stripBlockMarkers(
      line,
      paragraph.length === 0 || inQuote || afterListItem,
    );
    inQuote = quoted;
    afterListItem = listItem;
    if (/^\s*\|.*\|\s*$/.test(line)) {
      // Each row is a line of its own, converted cell by cell so that its pipes don't read as text.
      flushParagraph();
      builder.addTableRow(tableRowText(line, references));
      continue;
    }
    if (stripped.trim() !== '') paragraph.push(stripped);
    else flushParagraph();
  }
  flushParagraph();
  return builder.finish();
}

/**
 * An attribute list closing a heading: `{#custom-id}`, `{ #id .lead }`, kramdown's `{: #id}`
 * (VitePress, MkDocs, kramdown, Pandoc): each of its words an `#id`, a `.class` or a `key=value`.
 */
const HEADING_ATTRIBUTES =
  /[ \t]*\{:?[ \t]*((?:(?:#[\w-]+|\.[\w-]+|[\w-]+=(?:"[^"]*"|'[^']*'|[^\s"'}]+))[ \t]*)+)\}[ \t]*$/;

/** A heading's text without the attribute list it may end with, and the anchor that list sets. */
export function headingAttributes(heading: string): { text: string; id?: string } {
  const list = HEADING_ATTRIBUTES.exec(heading);
  if (!list) return { text: heading };
  const id = /(?:^|\s)#([\w-]+)/.exec(list[1] ?? '')?.[1];
  const text = heading.slice(0, list.index);
  return id === undefined ? { text } : { text, id };
}

/** The anchors a page's headings set themselves (`## Setup {#setup}`), anywhere on it. */
function explicitAnchors(lines: readonly string[]): string[] {
  const anchors: string[] = [];
  lines.forEach((line, at) => {
    if (!line.includes('{')) return;
    const id = headingAttributes(line).id;
    const heading = ATX_HEADING.test(line) || SETEXT_UNDERLINE.test(lines[at + 1] ?? '');
    if (id !== undefined && heading) anchors.push(id);
  });
  return anchors;
}
