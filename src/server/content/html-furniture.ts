import { decodeHTML } from 'entities';
import { parse, NodeType, type HTMLElement, type Node } from 'node-html-parser';

/**
 * What of an HTML page is not what its author wrote: hidden elements, the site's chrome, and the
 * furniture docs generators (Sphinx, MkDocs, Docusaurus, VitePress, Hugo) put inside the content.
 * And a code block's text as it shows, through its highlighting.
 */

export const tagOf = (element: HTMLElement): string => element.rawTagName?.toLowerCase() ?? '';

/**
 * An attribute's value, read only when the element's attributes mention it: the parser reads an
 * element's attributes whole at the first `getAttribute`, which most elements never need.
 */
const attribute = (element: HTMLElement, name: string): string | undefined =>
  element.rawAttrs.includes(name) ? element.getAttribute(name) : undefined;

/** An element's classes, as the parser has them already. */
const classesOf = (element: HTMLElement | null): string[] => element?.classList.value ?? [];

/** Elements that are never page text. */
export const HIDDEN = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'iframe',
  'head',
  'button',
  'select',
]);

/**
 * Whether an element is hidden: never page text, wherever it stands. A tab panel hidden until its
 * tab is chosen (sphinx-tabs, Docusaurus and Starlight write the panels but the first `hidden`)
 * is text of the page, as the Markdown's tabs are.
 */
export function isHidden(element: HTMLElement, tag: string): boolean {
  if (HIDDEN.has(tag)) return true;
  if (element.rawAttrs === '' || !/hidden|pagefind/.test(element.rawAttrs)) return false;
  return (
    (element.getAttribute('hidden') !== undefined && element.getAttribute('role') !== 'tabpanel') ||
    element.getAttribute('aria-hidden') === 'true' ||
    element.getAttribute('data-pagefind-ignore') !== undefined
  );
}

/** Site chrome around the content, left out when the page has no `<main>` or `<article>`. */
const CHROME = new Set(['nav', 'header', 'footer', 'aside']);
/** ARIA roles of site chrome, as generators mark a `<div>` that is a sidebar or a footer. */
const CHROME_ROLES = new Set(['banner', 'contentinfo', 'complementary']);

/**
 * The class names docs generators give the furniture they put inside a page's content: sidebars,
 * tables of contents, breadcrumbs, links to the previous and next page, "edit this page", a
 * heading's permalink, code line numbers. Whole names only: `sidebar` alone is Sphinx's sidebar
 * directive, which an author writes.
 */
const FURNITURE_CLASSES = new Set([
  // Sphinx
  'sphinxsidebar',
  'sphinxsidebarwrapper',
  'headerlink',
  'linenos',
  // MkDocs Material
  'md-sidebar',
  'md-nav',
  'md-content__button',
  'md-source-file',
  // Starlight
  'pagination-links',
  'sl-anchor-link',
  // Docusaurus
  'theme-doc-sidebar-container',
  'theme-doc-toc-desktop',
  'theme-doc-toc-mobile',
  'theme-doc-breadcrumbs',
  'theme-doc-footer',
  'theme-edit-this-page',
  'pagination-nav',
  'hash-link',
  // VitePress
  'vpsidebar',
  'vpdocaside',
  'vpdocfooter',
  'vplocalnav',
  'header-anchor',
  'line-numbers-wrapper',
  // Hugo (Docsy, Chroma line numbers)
  'td-sidebar',
  'td-sidebar-toc',
  'td-toc',
  'td-page-meta',
  'ln',
  'lnt',
  // Any generator
  'toc',
  'table-of-contents',
  'breadcrumb',
  'breadcrumbs',
  'edit-this-page',
]);
/**
 * A Docusaurus CSS module's class for its table of contents (`tableOfContents_bqdL`) or a code
 * block's title (its file name or tab label, which the Markdown's fence holds as no text).
 */
const FURNITURE_CLASS_MODULE = /^(?:tableOfContents|tocCollapsible|codeBlockTitle)_/;

/** A link to edit the page's source: "Edit this page" to a repository's edit or blob view. */
const EDIT_LINK_TEXT = /\bedit\b/i;
const EDIT_LINK_HREF = /\/(?:edit|blob)\/|[?&]action=edit\b/;

/**
 * Whether an element is a generator's furniture inside the content: by its class, a tab bar, a
 * callout's title that only names its kind, a code block's title bar or language label
 * (VitePress's `<span class="lang">ts</span>`), a skip link, or a link to edit the page.
 */
export function isFurniture(element: HTMLElement, tag: string): boolean {
  // A tab bar (the tabs' names run together: "npmyarnpnpmbun").
  if (attribute(element, 'role') === 'tablist') return true;
  const classes = classesOf(element);
  if (classes.some((name) => FURNITURE_CLASSES.has(name.toLowerCase()) || FURNITURE_CLASS_MODULE.test(name)))
    return true;
  const parentClasses = classesOf(element.parentNode);
  // VitePress's tab bar over a group of code blocks.
  if (classes.includes('tabs') && parentClasses.includes('vp-code-group')) return true;
  // A callout's title that only names its kind ("INFO", "Note"), where the author gave none.
  if (
    classes.some((name) => CALLOUT_TITLE_CLASSES.has(name) || name.startsWith('admonitionHeading_')) &&
    CALLOUT_KINDS.test(element.textContent.trim())
  )
    return true;
  // A tab's name in tabs made of radio buttons (MkDocs Material's, sphinx-inline-tabs'): the
  // label of a radio button beside it. A task list's checkbox label is the author's text.
  if (tag === 'label' && isRadioLabel(element)) return true;
  // A code block's title in the block's own wrapper (MkDocs Material's file name, Sphinx's caption).
  if ((tag === 'span' || tag === 'div') && isCodeTitle(element)) return true;
  // Expressive Code's (Starlight's) title bar over a code block: its file name, "Terminal window".
  if (tag === 'figcaption' && parentClasses.includes('frame') && element.parentNode?.querySelector('pre'))
    return true;
  // A link to skip the site's menus ("Skip to content").
  if (
    tag === 'a' &&
    (element.getAttribute('href') ?? '').startsWith('#') &&
    /^skip to\b/i.test(element.textContent.trim())
  )
    return true;
  if (
    tag === 'a' &&
    EDIT_LINK_HREF.test(element.getAttribute('href') ?? '') &&
    EDIT_LINK_TEXT.test(element.getAttribute('title') ?? element.textContent)
  )
    return true;
  return classes.includes('lang') && parentClasses.some((name) => name.startsWith('language-'));
}

/**
 * Whether a `<span>` or `<div>` is a code block's title: one line, first of the two elements of
 * a `<div>` whose other is the code block (or holds it alone). Words before a code block in a
 * list item or a paragraph of their own are the author's.
 */
function isCodeTitle(element: HTMLElement): boolean {
  const wrapper = element.parentNode;
  if (!wrapper || tagOf(wrapper) !== 'div') return false;
  const children: HTMLElement[] = [];
  for (const child of wrapper.childNodes) {
    // Words of the wrapper's own: the span is a word of their sentence ("Install the <span>hono</span> package:").
    if (child.nodeType === NodeType.TEXT_NODE && child.rawText.trim() !== '') return false;
    if (child.nodeType !== NodeType.ELEMENT_NODE) continue;
    children.push(child as HTMLElement);
    if (children.length > 2) return false;
  }
  const [first, code] = children;
  if (first !== element || !code || element.querySelector('pre')) return false;
  const title = element.textContent.trim();
  // A line ending in a colon ("Run:", "Install it with npm:") leads into the code: the author's.
  if (title === '' || title.length > MAX_CODE_TITLE || title.includes('\n') || title.endsWith(':'))
    return false;
  return holdsOnlyCode(code);
}

/** Whether an element is a code block, or a `<div>` holding one alone (hidden controls aside). */
function holdsOnlyCode(element: HTMLElement): boolean {
  for (let node: HTMLElement | undefined = element; node;) {
    const tag = tagOf(node);
    if (tag === 'pre') return true;
    if (tag !== 'div') return false;
    const inside = node.childNodes.filter(
      (child) =>
        (child.nodeType === NodeType.ELEMENT_NODE &&
          !isHidden(child as HTMLElement, tagOf(child as HTMLElement))) ||
        (child.nodeType === NodeType.TEXT_NODE && child.rawText.trim() !== ''),
    );
    if (inside.length !== 1 || inside[0]?.nodeType !== NodeType.ELEMENT_NODE) return false;
    node = inside[0] as HTMLElement;
  }
  return false;
}

/** Most characters of a code block's title: a file's path, a tab's name. */
const MAX_CODE_TITLE = 100;

/** Whether a `<label>` names a radio button next to it or to its parent (by the button's id). */
function isRadioLabel(label: HTMLElement): boolean {
  const id = attribute(label, 'for');
  const near = label.parentNode?.parentNode;
  if (!id || !near) return false;
  return near
    .querySelectorAll('input')
    .some((input) => input.id === id && input.getAttribute('type')?.toLowerCase() === 'radio');
}

/** Classes of a callout's title: VitePress's, MkDocs' and Sphinx's. */
const CALLOUT_TITLE_CLASSES = new Set(['custom-block-title', 'admonition-title']);
/** The kinds of callout, as their titles name them when the author gave none. */
const CALLOUT_KINDS =
  /^(?:note|info|tip|hint|warning|caution|danger|important|attention|error|success|details|example|seealso|see also)$/i;

/**
 * Whether an element of the content is left out of the page's text: hidden, navigation (a `<nav>`
 * or `role="navigation"` block holds menus, breadcrumbs or the next page's link wherever it
 * stands), an article's own `<footer>` (its tags, its edit link), furniture, and with
 * `skipChrome` (a page without `<main>`) the site's header, footer and sidebars.
 */
export function isLeftOut(element: HTMLElement, tag: string, skipChrome: boolean): boolean {
  if (isHidden(element, tag) || tag === 'nav') return true;
  const role = attribute(element, 'role');
  if (role === 'navigation' || role === 'search') return true;
  if (skipChrome && (CHROME.has(tag) || (role !== undefined && CHROME_ROLES.has(role)))) return true;
  if (tag === 'footer' && ARTICLES.has(tagOf(element.parentNode ?? element))) return true;
  return isFurniture(element, tag);
}

const ARTICLES = new Set(['article', 'main']);

/** Whether an element inside `content` is in a part of it left out (see `isLeftOut`). */
export function isInLeftOut(element: HTMLElement, content: HTMLElement, skipChrome: boolean): boolean {
  for (let node: HTMLElement | null = element; node && node !== content; node = node.parentNode)
    if (isLeftOut(node, tagOf(node), skipChrome)) return true;
  return false;
}

/**
 * The text of a heading: without its permalink (`¶`, `#`, a link icon: a link to the heading
 * itself that says no word, or furniture), unless that is all it says (`<a href="#x">??</a>`).
 */
export function headingText(heading: HTMLElement): string {
  const text = (node: Node, withPermalinks: boolean): string => {
    if (node.nodeType === NodeType.TEXT_NODE) return decodeHTML(node.rawText);
    if (node.nodeType !== NodeType.ELEMENT_NODE) return '';
    const element = node as HTMLElement;
    const tag = tagOf(element);
    if (isHidden(element, tag)) return '';
    const inner = element.childNodes.map((child) => text(child, withPermalinks)).join('');
    if (withPermalinks) return inner;
    const permalink =
      (tag === 'a' && (element.getAttribute('href') ?? '').startsWith('#') && !/[\p{L}\p{N}]/u.test(inner)) ||
      isFurniture(element, tag);
    return permalink ? '' : inner;
  };
  const withoutPermalinks = text(heading, false).trim();
  return withoutPermalinks === '' ? text(heading, true).trim() : withoutPermalinks;
}

/**
 * Tags a highlighter writes inside a code block. A `<pre>` holding only these is highlighted
 * code; one holding any other (`#include <stdio.h>`, `List<String>`) is code written unescaped.
 */
const HIGHLIGHT_TAGS = new Set([
  'span',
  'code',
  'a',
  'b',
  'i',
  'u',
  's',
  'em',
  'strong',
  'mark',
  'del',
  'ins',
  'small',
  'sub',
  'sup',
  'kbd',
  'samp',
  'var',
  'font',
  'br',
  'div',
  'button',
  'svg',
  'path',
]);

/**
 * The language a code block names: a `language-*` or `lang-*` class on the `<pre>` or on the
 * `<code>` it opens with (Prism, highlight.js, most generators), `data-language`, or MDN's
 * `brush: js`; '' for none. A `<pre>` is parsed as raw text, so its `<code>` tag is read as written.
 */
export function codeLanguage(pre: HTMLElement): string {
  const opening = /^\s*<code\b([^>]*)>/i.exec(pre.rawText)?.[1] ?? '';
  for (const attributes of [pre.rawAttrs, opening]) {
    const named = /\bdata-lang(?:uage)?\s*=\s*["']?([\w+#-]+)/i.exec(attributes)?.[1];
    if (named) return named.toLowerCase();
    const classes = /\bclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    const names = classes?.[1] ?? classes?.[2] ?? classes?.[3] ?? '';
    const language =
      /(?:^|\s)(?:language|lang)-([\w+#-]+)/i.exec(names) ?? /\bbrush:\s*([\w+#-]+)/i.exec(names);
    if (language?.[1] && language[1].toLowerCase() !== 'none') return language[1].toLowerCase();
  }
  return '';
}

/**
 * The text of a code block (a `<pre>`, read raw) as it shows: a highlighter's spans are its
 * text, a `<br>` a line break, line numbers, language labels and copy buttons left out.
 */
export function codeBlockText(pre: HTMLElement): string {
  const raw = pre.rawText;
  const tags = [...raw.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((match) => (match[1] as string).toLowerCase());
  if (tags.length === 0 || !tags.every((tag) => HIGHLIGHT_TAGS.has(tag))) return decodeHTML(raw);
  const text = (node: Node): string => {
    if (node.nodeType === NodeType.TEXT_NODE) return decodeHTML(node.rawText);
    if (node.nodeType !== NodeType.ELEMENT_NODE) return '';
    const element = node as HTMLElement;
    const tag = tagOf(element);
    if (tag === 'br') return '\n';
    if (isHidden(element, tag) || isFurniture(element, tag)) return '';
    // A block inside the code (Expressive Code's `<div class="ec-line">` for each line) starts
    // on a line of its own, and what follows it too, as a browser shows it.
    let inner = '';
    let afterBlock = false;
    for (const child of element.childNodes) {
      const childText = text(child);
      const block = child.nodeType === NodeType.ELEMENT_NODE && tagOf(child as HTMLElement) === 'div';
      const breaks = block || (afterBlock && childText !== '' && !/^[ \t]*\n/.test(childText));
      if (breaks && inner !== '' && !endsWithLineBreak(inner)) inner += '\n';
      inner += childText;
      if (block) afterBlock = true;
      else if (childText !== '') afterBlock = false;
    }
    return inner;
  };
  return text(parse(raw, { comment: false })).replace(/\n$/, '');
}

/** Whether text ends with a line break, spaces after it aside (read from the end, however long the text). */
function endsWithLineBreak(text: string): boolean {
  let at = text.length - 1;
  while (at >= 0 && (text[at] === ' ' || text[at] === '\t')) at--;
  return text[at] === '\n';
}

/**
 * The code blocks of a table laid out as a code listing (Sphinx's `highlighttable`, Hugo's
 * `lntable`: line numbers in one cell, the code in the next, maybe under a row with the code's
 * title), else undefined for a table of data.
 */
export function tableCodeBlocks(table: HTMLElement): string[] | undefined {
  const blocks = table.querySelectorAll('pre');
  if (blocks.length === 0) return undefined;
  // One row of code, maybe under one header cell with no code (MkDocs Material's file name). A
  // table whose other rows are cells of text (steps around a command) is the author's text.
  const rows = table.querySelectorAll('tr');
  const [first, code] = rows.length === 2 ? rows : [undefined, rows[0]];
  const titleRow = (row: HTMLElement) => {
    const cells = row.childNodes.filter((cell) => cell.nodeType === NodeType.ELEMENT_NODE);
    return cells.length === 1 && tagOf(cells[0] as HTMLElement) === 'th' && !row.querySelector('pre');
  };
  if (rows.length > 2 || !code?.querySelector('pre') || (first && !titleRow(first))) return undefined;
  return blocks
    .filter((pre) => !isInLeftOut(pre, table, false))
    .map(codeBlockText)
    .filter((text) => /\S/.test(text) && !/^[\d\s]+$/.test(text));
}
