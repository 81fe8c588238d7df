import { decodeHTML } from 'entities';
import { parse, NodeType, type HTMLElement, type Node } from 'node-html-parser';
import { codeSpan, literalText, SectionTextBuilder } from './code-spans.js';
import { type LinkMention, type ListItem, NotAPage, type SourceDocument } from './document.js';
import { type DocumentFields, documentRecord } from './document-record.js';
import { SectionBuilder, tableRowParagraph } from './section-builder.js';
import {
  codeBlockText,
  codeLanguage,
  headingText,
  isHidden,
  isInLeftOut,
  isLeftOut,
  tableCodeBlocks,
  tagOf,
} from './html-furniture.js';

/** Elements that end a paragraph of text. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'tr',
  'blockquote',
  'figure',
  'figcaption',
  'form',
  'fieldset',
  'details',
  'summary',
  'hr',
  'br',
  'address',
  'body',
  'html',
  'thead',
  'tbody',
  'tfoot',
  'caption',
  'nav',
  'header',
  'footer',
  'aside',
]);
const HEADING = /^h([1-6])$/;

/**
 * A `<meta>` tag's content; undefined for none, or for a template's empty value written out
 * (MkDocs 1.4's themes write `content="None"` on the home page of a site with no description).
 */
function metaContent(root: HTMLElement, name: string): string | undefined {
  const content = metaValue(root, name);
  return content && !TEMPLATE_EMPTY_VALUES.has(content) ? content : undefined;
}

/**
 * A `<meta>` tag's content as written, undefined for none. Robots' `None` is `none` (noindex,
 * nofollow) to the search engines, which read the directives in any case.
 */
function metaValue(root: HTMLElement, name: string): string | undefined {
  const meta =
    root.querySelector(`meta[name="${name}"]`) ?? root.querySelector(`meta[property="og:${name}"]`);
  // The parser has decoded the attribute's character references already.
  return meta?.getAttribute('content')?.trim() || undefined;
}

/** How templates write a value that isn't there: Jinja's None, JavaScript's undefined and null. */
const TEMPLATE_EMPTY_VALUES = new Set(['None', 'undefined', 'null']);

/**
 * The text of inline `<code>` as one line: what a code span shows (a line break or a block
 * inside it is a space).
 */
function inlineCodeText(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return decodeHTML(node.rawText).replace(/\n/g, ' ');
  if (node.nodeType !== NodeType.ELEMENT_NODE) return '';
  const element = node as HTMLElement;
  const tag = tagOf(element);
  if (isHidden(element, tag)) return '';
  const text = element.childNodes.map(inlineCodeText).join('');
  return BLOCKS.has(tag) ? ` ${text} ` : text;
}

/**
 * The text of a table cell on one line, as section text: its paragraphs, line breaks and the
 * cells of a table nested in it are spaces, its `<code>` code spans.
 */
function cellText(node: Node): string {
  if (node.nodeType === NodeType.TEXT_NODE) return literalText(decodeHTML(node.rawText));
  if (node.nodeType !== NodeType.ELEMENT_NODE) return '';
  const element = node as HTMLElement;
  const tag = tagOf(element);
  if (isHidden(element, tag)) return '';
  if (tag === 'code') return codeSpan(inlineCodeText(element));
  // A code block in a cell (read raw, see `codeBlockText`): its code as shown, as a code span.
  if (tag === 'pre') return codeSpan(codeBlockText(element).replace(/\s+/g, ' ').trim());
  const cell = new SectionTextBuilder();
  for (const child of element.childNodes) cell.append(cellText(child));
  const text = cell.take();
  return BLOCKS.has(tag) || CELLS.has(tag) ? ` ${text} ` : text;
}

const CELLS = new Set(['td', 'th']);
/** Most columns or rows one cell may span: a larger `colspan` or `rowspan` is a mistake, not a table. */
const MAX_SPAN = 50;

/** The element children of an element with one of these tags. */
const childrenTagged = (element: HTMLElement, tags: ReadonlySet<string>): HTMLElement[] =>
  element.childNodes.filter(
    (child): child is HTMLElement =>
      child.nodeType === NodeType.ELEMENT_NODE && tags.has(tagOf(child as HTMLElement)),
  );

/** A cell's `colspan` or `rowspan`: 1 unless it says a whole number from 2 to MAX_SPAN. */
function span(cell: HTMLElement, attribute: 'colspan' | 'rowspan'): number {
  const value = Number.parseInt(cell.getAttribute(attribute) ?? '', 10);
  return Number.isFinite(value) ? Math.min(Math.max(value, 1), MAX_SPAN) : 1;
}

/**
 * A table's rows as paragraphs of section text (see `tableRowParagraph`), in a grid: a cell
 * spanning columns stands in each of them, and one spanning rows in each of those rows of its
 * row group, so that every cell stays under its column's header. A row that is one cell across
 * the whole table (a label over the rows below) is written once. Rows of a table nested in a
 * cell are that cell's.
 */
function tableRows(table: HTMLElement): string[] {
  // Row groups in document order, each row as its cells; rows placed in the table itself form a
  // group of their own, as a browser puts them in a `<tbody>` of their own.
  const groups: HTMLElement[][][] = [];
  let looseRows: HTMLElement[][] | undefined;
  for (const child of childrenTagged(table, TABLE_PARTS)) {
    if (ROWS.has(tagOf(child))) {
      if (!looseRows) groups.push((looseRows = []));
      looseRows.push(childrenTagged(child, CELLS));
    } else {
      looseRows = undefined;
      groups.push(childrenTagged(child, ROWS).map((row) => childrenTagged(row, CELLS)));
    }
  }
  const width = Math.max(1, ...groups.flat().map((rowCells) => rowCells.length));
  return groups.flatMap((rows) => {
    /** By column: the text of a cell spanning rows below its own, and how many rows more. */
    const spanningDown: ({ text: string; rows: number } | undefined)[] = [];
    return rows.map((rowCells) => {
      const cells: string[] = [];
      const fillSpannedDown = (): void => {
        for (
          let down = spanningDown[cells.length];
          down && down.rows > 0;
          down = spanningDown[cells.length]
        ) {
          cells.push(down.text);
          down.rows--;
        }
      };
      for (const cell of rowCells) {
        fillSpannedDown();
        const text = cellText(cell).replace(/\s+/g, ' ').trim();
        const rowsDown = span(cell, 'rowspan') - 1;
        const columns = Math.min(span(cell, 'colspan'), Math.max(1, width - cells.length));
        if (rowCells.length === 1 && cells.length === 0 && columns >= width && rowsDown === 0) {
          cells.push(text);
          continue;
        }
        for (let column = columns; column > 0; column--) {
          spanningDown[cells.length] = rowsDown > 0 ? { text, rows: rowsDown } : undefined;
          cells.push(text);
        }
      }
      // Cells spanning down into columns this short row doesn't reach end here, in their columns.
      for (let column = cells.length; column < spanningDown.length; column++) {
        const down = spanningDown[column];
        if (!down || down.rows <= 0) continue;
        while (cells.length < column) cells.push('');
        cells.push(down.text);
        down.rows--;
      }
      return tableRowParagraph(cells);
    });
  });
}

const ROWS = new Set(['tr']);
const CAPTION = new Set(['caption']);
const TABLE_PARTS = new Set(['tr', 'thead', 'tbody', 'tfoot']);

/**
 * Walks the content in document order, feeding paragraphs (plain text with `<code>` as code
 * spans, see `code-spans.ts`), code blocks and headings to the builder.
 */
function collectSections(content: HTMLElement, builder: SectionBuilder, skipChrome: boolean): void {
  const paragraph = new SectionTextBuilder();
  /** Whether the last thing in the paragraph was a `<br>`. */
  let lineBroken = false;
  /** The list item whose first paragraph is being read, if one is (see `ListItem`). */
  let list: ListItem | undefined;
  const flush = (): void => {
    const text = paragraph.take();
    builder.addParagraph(text, list);
    // The item's further paragraphs are text under it.
    if (text.trim() !== '') list = undefined;
  };
  const visit = (node: Node): void => {
    if (node.nodeType === NodeType.TEXT_NODE) {
      const text = literalText(decodeHTML(node.rawText));
      if (/\S/.test(text)) lineBroken = false;
      paragraph.append(text);
      return;
    }
    if (node.nodeType !== NodeType.ELEMENT_NODE) return;
    const element = node as HTMLElement;
    const tag = tagOf(element);
    // The content itself is never left out: `<main class="has-sidebar">` is the page.
    if (element !== content && isLeftOut(element, tag, skipChrome)) return;
    // An image's alternative text is what it says, as a Markdown image's is.
    if (tag === 'img') {
      const alt = element.getAttribute('alt')?.trim();
      if (alt) paragraph.append(` ${literalText(alt)} `);
      return;
    }
    // A line break inside a paragraph ("<strong>Note:</strong><br>When using…").
    if (tag === 'br') {
      // Two in a row end the paragraph, as a hand-written page separates its paragraphs.
      if (lineBroken) flush();
      else paragraph.append('\n');
      lineBroken = true;
      return;
    }
    lineBroken = false;
    const heading = HEADING.exec(tag);
    if (heading) {
      flush();
      // Laid out over lines in the page's source: its text as shown, one space between words.
      builder.startSection(
        headingText(element).replace(/\s+/g, ' ').trim(),
        Number(heading[1]),
        headingAnchor(element),
        true,
      );
      return;
    }
    if (tag === 'pre') {
      flush();
      builder.addCode(codeBlockText(element), codeLanguage(element));
      return;
    }
    const listing = tag === 'table' ? tableCodeBlocks(element) : undefined;
    if (listing) {
      flush();
      for (const code of listing) builder.addCode(code);
      return;
    }
    if (tag === 'table') {
      flush();
      for (const caption of childrenTagged(element, CAPTION)) visit(caption);
      flush();
      for (const row of tableRows(element)) {
        paragraph.append(row);
        builder.addTableRow(paragraph.take());
      }
      return;
    }
    if (tag === 'code') {
      const code = inlineCodeText(element);
      // Whitespace alone is no code to show, but still separates the words around it.
      paragraph.append(code.trim() === '' ? code : codeSpan(code));
      return;
    }
    const block = BLOCKS.has(tag);
    if (block) flush();
    // A list's items are read as items; the paragraphs of a list nested in one, as its own items.
    const inList = tag === 'li' || tag === 'ul' || tag === 'ol';
    const outer = list;
    if (inList) list = tag === 'li' ? listItemOf(element) : undefined;
    for (const child of element.childNodes) visit(child);
    if (block) flush();
    if (inList) list = outer;
  };
  visit(content);
  flush();
}

/** An `<li>`: `'unordered'`, or its number in its `<ol>` (its `value`, else from the list's `start`). */
function listItemOf(item: HTMLElement): ListItem {
  const list = item.parentNode;
  if (!list || tagOf(list) !== 'ol') return 'unordered';
  const value = Number.parseInt(item.getAttribute('value') ?? '', 10);
  if (Number.isFinite(value)) return value;
  const start = Number.parseInt(list.getAttribute('start') ?? '', 10);
  const items = list.childNodes.filter(
    (child) => child.nodeType === NodeType.ELEMENT_NODE && tagOf(child as HTMLElement) === 'li',
  );
  return (Number.isFinite(start) ? start : 1) + items.indexOf(item);
}

/** The blocks whose text is what a page says where it links. */
const MENTION_BLOCKS = new Set(['p', 'li', 'dt', 'dd', 'td', 'th', 'blockquote', 'figcaption']);
/** Blocks inside a mention block that say something else (a nested list under a list item). */
const NESTED_BLOCKS = new Set(['ul', 'ol', 'dl', 'table']);

/**
 * The id a link to a heading can use: its own; else that of a link target inside it (`<h2><a
 * id="setup">` or `<a name>`, as older generators write), or of the `<section>` it opens. When
 * the page gives none, the slug of its text (`undefined`): what a script such as AnchorJS gives
 * it in the browser, and a link to no anchor opens the page at its top anyway.
 */
function headingAnchor(heading: HTMLElement): string | undefined {
  if (heading.id) return heading.id;
  const target = heading.querySelector('[id], a[name]');
  const inner = target?.id || target?.getAttribute('name');
  if (inner) return inner;
  const parent = heading.parentNode;
  if (parent?.tagName === 'SECTION' && parent.id && parent.childNodes.find(isElement) === heading)
    return parent.id;
  return undefined;
}

const isElement = (node: Node): node is HTMLElement => node.nodeType === NodeType.ELEMENT_NODE;

/** The anchor's nearest mention block inside the content, else the anchor itself. */
function mentionBlock(anchor: HTMLElement, content: HTMLElement): HTMLElement {
  for (let node: HTMLElement | null = anchor; node && node !== content; node = node.parentNode)
    if (MENTION_BLOCKS.has(node.rawTagName?.toLowerCase() ?? '')) return node;
  return anchor;
}

/** A block's words without those of the lists or tables nested in it, its parts apart. */
function blockText(block: HTMLElement): string {
  const parts: string[] = [];
  const visit = (node: Node): void => {
    if (node.nodeType === NodeType.TEXT_NODE) parts.push(node.text);
    else if (
      node.nodeType === NodeType.ELEMENT_NODE &&
      !NESTED_BLOCKS.has((node as HTMLElement).rawTagName?.toLowerCase() ?? '')
    )
      node.childNodes.forEach(visit);
  };
  visit(block);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** Seconds within which a `<meta http-equiv="refresh">` to another address is a redirect. */
const MAX_REDIRECT_DELAY = 5;

/**
 * Throws, so that the page is skipped with the reason, when it is no page to index: one that
 * asks search engines not to index it (`<meta name="robots" content="noindex">`, as a built
 * site's search, tag or 404 pages may), or a redirect to another page (a `<meta http-equiv=
 * "refresh">` left where a page used to be).
 */
function refuseUnindexable(root: HTMLElement): void {
  const robots = metaValue(root, 'robots');
  if (robots !== undefined && /\b(?:noindex|none)\b/i.test(robots))
    throw new NotAPage(
      'noindex',
      `the page asks not to be indexed (<meta name="robots" content="${robots}">)`,
    );
  const refresh = root
    .querySelectorAll('meta[http-equiv]')
    .find((meta) => meta.getAttribute('http-equiv')?.toLowerCase() === 'refresh');
  // "0; url=/new-page": at once, or within a few seconds; a page that reloads itself later is a page.
  const content = refresh?.getAttribute('content') ?? '';
  const target = /\burl\s*=\s*['"]?([^'"\s;]+)/i.exec(content)?.[1];
  if (target !== undefined && Number.parseFloat(content) <= MAX_REDIRECT_DELAY)
    throw new NotAPage('redirect', `a redirect to ${target}`);
}

/**
 * An HTML page (`.html`): `<title>`, `<meta name=description>` and `<meta name=keywords>` for
 * its metadata; the text of its content, split at `<h1>`–`<h6>`, whose `id` becomes the anchor
 * when present. The content is what Pagefind's `data-pagefind-body` marks, else `<main>`,
 * `role="main"` or `<article>`, else `<body>` without its chrome; an element marked
 * `data-pagefind-ignore` is left out, as Pagefind does.
 */
export function htmlDocument(
  relativePath: string,
  source: string,
  siteUrl?: string,
  /** What the page's front matter says, when it is a generator's source (see `htmlSourceDocument`). */
  given: Partial<DocumentFields> = {},
): SourceDocument {
  const root = parse(source, {
    comment: false,
    // A code block is read raw, since code may hold a `<` unescaped (see `codeBlockText`).
    blockTextElements: { script: true, style: true, noscript: true, pre: true },
  });
  refuseUnindexable(root);
  const title = root.querySelector('title')?.rawText.trim();
  const keywords = metaContent(root, 'keywords');
  // An <article> is the content when it is the page's only one (its comments may be articles in
  // it); several side by side are cards or a listing.
  const articles = root
    .querySelectorAll('article')
    .filter((article) => article.parentNode?.closest('article, aside, nav, footer, header') == null);
  const main =
    root.querySelector('[data-pagefind-body]') ??
    root.querySelector('main') ??
    root.querySelector('[role="main"]') ??
    (articles.length === 1 ? (articles[0] as HTMLElement) : null);
  const builder = new SectionBuilder();
  const content = main ?? root.querySelector('body') ?? root;
  collectSections(content, builder, main === null);
  // Links of the content only: navigation links every page alike.
  const anchors = content
    .querySelectorAll('a[href]')
    .filter((anchor) => !isInLeftOut(anchor, content, main === null))
    .map((anchor) => ({ anchor, href: anchor.getAttribute('href') ?? '' }))
    .filter(({ href }) => href !== '');
  // What the page says where it links: the block of the content holding the link (a paragraph, a
  // list item), one mention with the targets of all its links.
  const mentions = new Map<HTMLElement, LinkMention>();
  for (const { anchor, href } of anchors) {
    const block = mentionBlock(anchor, content);
    const mention = mentions.get(block);
    if (mention) mention.targets.push(href);
    else mentions.set(block, { targets: [href], text: blockText(block) });
  }
  const sections = builder.finish();
  return documentRecord(
    relativePath,
    {
      // Without the site's name, once all pages are read (see `withoutSiteWideMetadata`).
      title: given.title ?? (title ? decodeHTML(title) : undefined),
      pathTitle: given.pathTitle,
      description: given.description ?? metaContent(root, 'description'),
      tags:
        given.tags ??
        keywords
          ?.split(',')
          .map((keyword) => keyword.trim())
          .filter((keyword) => keyword !== ''),
      link: given.link,
      assetType: given.assetType,
      sections,
      links: anchors.map(({ href }) => href),
      mentions: [...mentions.values()],
    },
    siteUrl,
  );
}
