import { decodeHTMLStrict } from 'entities';
import { codeSpan, codeSpansIn, literalText, nextCodeSpan, SectionTextBuilder } from './code-spans.js';
import type { LinkMention } from './document.js';

/**
 * Inline Markdown to plain text: what a reader sees of a line once the page is rendered.
 *
 * Handles CommonMark inline syntax (links, images, emphasis, code spans, autolinks, inline HTML),
 * the Vue components VitePress pages use in headings (`<Badge>`), and MDN's KumaScript macros
 * (`{{domxref("Request")}}` → `Request`; sidebars, `{{Compat}}` and the like dropped).
 */

/** KumaScript macros that render a cross-reference: their display text is kept. */
const XREF_MACROS = new Set([
  'domxref',
  'jsxref',
  'cssxref',
  'htmlelement',
  'svgelement',
  'mathmlelement',
  'svgattr',
  'htmlattrxref',
  'glossary',
  'httpheader',
  'httpmethod',
  'httpstatus',
  'event',
  'rfc',
  'jsxref2',
  'wasmxref',
  'webextapiref',
  'cssinfo',
]);

/** Element macros render as a tag name in angle brackets, as MDN shows them. */
const ELEMENT_MACROS = new Set(['htmlelement', 'svgelement', 'mathmlelement']);

const MACRO =
  /\{\{\s*([A-Za-z_][\w-]*)\s*(?:\(((?:[^()"']|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')*)\))?\s*\}\}/g;
const MACRO_ARGUMENT = /"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g;
/** `MACRO_ARGUMENT`'s first match, without the state of a global pattern. */
const FIRST_MACRO_ARGUMENT = new RegExp(MACRO_ARGUMENT.source);
const ANY_MUSTACHE = /\{\{[^{}]*\}\}/g;

function macroText(name: string, argumentList: string | undefined): string {
  const macro = name.toLowerCase();
  if (!XREF_MACROS.has(macro)) return '';
  const [target = '', display] = macroArguments(argumentList ?? '', 2);
  if (macro === 'rfc') return target ? `RFC ${target}` : '';
  if (ELEMENT_MACROS.has(macro)) return `<${target}>`;
  if (display && display.trim() !== '') return display;
  // `{{domxref("Window/fetch")}}` names a member by path; MDN shows it with a dot.
  return macro === 'domxref' ? target.replaceAll('/', '.') : target;
}

/**
 * The first `count` quoted arguments of a macro's argument list, their escapes undone. Read with
 * `exec`, not `matchAll`, which makes a copy of the pattern at each call: on MDN's pages, a
 * pattern copied and looked up in V8's cache for each of their hundreds of thousands of macros.
 */
function macroArguments(argumentList: string, count: number): string[] {
  const args: string[] = [];
  MACRO_ARGUMENT.lastIndex = 0;
  for (
    let match = MACRO_ARGUMENT.exec(argumentList);
    match !== null;
    match = MACRO_ARGUMENT.exec(argumentList)
  ) {
    const written = match[1] ?? match[2] ?? '';
    args.push(written.includes('\\') ? written.replace(/\\(.)/g, '$1') : written);
    if (args.length === count) break;
  }
  return args;
}

/**
 * Text without the template tags a static site generator fills in when it builds the page, which
 * no reader sees as written: Jekyll's Liquid tags (`{% include note.html %}`, a `{% comment %}`
 * and its content), Hugo's shortcodes (`{{< youtube >}}`, `{{% notice %}}`; a paired one's
 * content stays, a figure's caption too) and kramdown's attribute lists (`{: .note}`, `{:toc}`)
 * and comments. A link's tag gives its page: `{% link docs/install.md %}` (from the site's root),
 * `{{< ref "install.md" >}}`. Outputs (`{{ site.baseurl }}`) go with every `{{…}}` in
 * `replaceMacros`. Only Liquid's own tag names are taken for tags, so that prose writing `{%`
 * otherwise keeps it.
 */
export function withoutTemplateTags(text: string): string {
  let out = text;
  if (out.includes('{%')) out = out.replace(LIQUID_COMMENT, '').replace(LIQUID_TAG, liquidTagText);
  if (out.includes('{{<') || out.includes('{{%')) out = out.replace(HUGO_SHORTCODE, hugoShortcodeText);
  if (out.includes('{:')) out = out.replace(KRAMDOWN_COMMENT, '').replace(KRAMDOWN_ATTRIBUTES, '');
  return out;
}

function liquidTagText(_whole: string, name: string, rest: string): string {
  if (name !== 'link' && name !== 'post_url') return '';
  return `/${rest.trim().replace(/^\/+/, '')}`;
}

function hugoShortcodeText(whole: string, name: string, rest: string): string {
  // `{{</* x */>}}` is how a page shows a shortcode as it is written.
  if (rest.startsWith('*') || name === '*') return whole.replace(/\/\*\s?|\s?\*\//g, '');
  if (/^(?:rel)?ref$/.test(name)) return /["']([^"']+)["']/.exec(rest)?.[1] ?? '';
  if (name === 'figure') return /\bcaption=["']([^"']*)["']/.exec(rest)?.[1] ?? '';
  return '';
}

const LIQUID_COMMENT = /\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}/g;
/** Liquid's tags (Jekyll's among them), their arguments holding quoted strings or a `%`. */
const LIQUID_TAG =
  /\{%-?\s*(include|include_relative|link|post_url|highlight|endhighlight|raw|endraw|if|elsif|else|endif|unless|endunless|for|endfor|break|continue|assign|capture|endcapture|case|when|endcase|increment|decrement|cycle|comment|endcomment|seo|feed_meta|gist|youtube|tab|endtab|tabs|endtabs)(?![\w-])((?:"[^"]*"|'[^']*'|[^%"']|%(?!\}))*)%\}/g;
const HUGO_SHORTCODE = /\{\{[<%]\s*(?:\/\s*)?([\w-]+|\*)(?![\w-])([^}]*?)[>%]\}\}/g;
/** kramdown's attribute lists and options: `{: .note}`, `{:#id}`, `{:toc}`, `{::options …/}`. */
const KRAMDOWN_ATTRIBUTES = /\{:(?:\s*(?:[.#][\w-]|[\w-]+=)|toc\}|:)[^{}\n]*\}/g;
const KRAMDOWN_COMMENT = /\{::comment\}[\s\S]*?\{:\/comment\}/g;

/**
 * Markdown with the template tags in its links' destinations read as the pages they give:
 * `[guide]({{ site.baseurl }}/docs/guide)` links `/docs/guide`, `[setup]({% link setup.md %})`
 * `/setup.md`. Only there: elsewhere a tag says nothing of where the page links.
 */
function withTemplateLinksResolved(markdown: string): string {
  return markdown.replace(TEMPLATE_DESTINATION, (_whole, tag: string) =>
    tag.startsWith('{{') && !tag.startsWith('{{<') && !tag.startsWith('{{%')
      ? ']('
      : `](${withoutTemplateTags(tag)}`,
  );
}

const TEMPLATE_DESTINATION = /\]\(\s*(\{\{[^{}\n]*\}\}|\{%[^%\n]*%\})/g;

/** Replaces KumaScript macros by the text they render (cross-references) or by nothing. */
export function replaceMacros(text: string): string {
  if (!text.includes('{{')) return text;
  return text
    .replace(MACRO, (_all, name: string, args: string | undefined) => macroText(name, args))
    .replace(ANY_MUSTACHE, '');
}

/**
 * Decodes the character references of Markdown text, as CommonMark does: named (all of HTML's,
 * `&rsaquo;` and `&eacute;` as much as `&amp;`) and numeric, each ended by its `;`. Unlike a
 * browser reading HTML, not the legacy names without one: `?q=cats&region=eu` in a link is no
 * `®ion`.
 */
export function decodeEntities(text: string): string {
  return text.includes('&') ? decodeHTMLStrict(text) : text;
}

/*
 * A link's text may hold one level of brackets (`[see [1]](/notes)`), an image's alt none; neither
 * holds a `[` it does not close, so that the scan from each `[` stops at the next: `[` repeated
 * 200,000 times before one `](` was read in quadratic time (a minute).
 */
const IMAGE = /!\[([^[\]]*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+(?:"[^"]*"|'[^']*'))?\)/g;
const LINK = /\[((?:[^[\]]|\[[^[\]]*\])*)\]\((?:[^()\s]|\([^()]*\))*(?:\s+(?:"[^"]*"|'[^']*'))?\)/g;
const REFERENCE_LINK = /\[((?:[^[\]]|\[[^[\]]*\])*)\]\[[^[\]]*\]/g;
/** `[label]` not an image's, not followed by a destination, another label or a definition's colon. */
const SHORTCUT_REFERENCE = /(?<![!\]\\])\[([^[\]^][^[\]]*)\](?![([:])/g;
const AUTOLINK = /<((?:https?|mailto|ftp):[^>\s]+)>/gi;
const BADGE = /<Badge\b[^>]*\/?>(?:[^<]*<\/Badge>)?/g;
const HTML_COMMENT = /<!--[\s\S]*?-->/g;
/*
 * A tag's attributes start with one space (`\s`, not `\s+`: the attributes take the rest), so
 * that `<T` and 200,000 spaces with no `>` is read in linear time, where the two ways to share the
 * spaces out took quadratic (12 s).
 */
const HTML_TAG = /<\/?[A-Za-z][\w:-]*(?:\s[^<>]*?)?\/?>/g;
const STRONG = /(\*\*|__)(?=\S)([\s\S]*?\S)\1/g;
const EMPHASIS_STAR = /(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g;
const EMPHASIS_UNDERSCORE = /(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g;
const STRIKE = /~~(?=\S)([\s\S]*?\S)~~/g;
const ESCAPE = /\\([\\`*_{}[\]()#+\-.!|<>~])/g;
const HARD_BREAK = /(?<!\\)\\(?=\n)/g;

/** Converts the parts of a line that are not code spans; each rule runs only when its marker is there. */
function proseToText(text: string, references?: ReadonlySet<string>): string {
  let out = text;
  if (out.includes('<'))
    out = out.replace(HTML_COMMENT, '').replace(AUTOLINK, '$1').replace(BADGE, '').replace(HTML_TAG, '');
  // After the tags are gone, so that `{{HTMLElement("div")}}` can become `<div>`.
  // Before the macros, which take every `{{…}}` (a Hugo shortcode's too), and before links, since
  // a template tag may stand in one's destination (`({{ site.baseurl }}/x)`).
  if (out.includes('{')) out = withoutTemplateTags(out);
  out = replaceMacros(out);
  if (out.includes('](')) out = out.replace(IMAGE, '$1').replace(LINK, '$1');
  if (out.includes('][')) out = out.replace(REFERENCE_LINK, '$1');
  // A shortcut reference link (`[Vitest]` with `[Vitest]: https://…` below) is its text; a
  // bracket without a definition is what the page shows (`[optional]`).
  if (references && references.size > 0 && out.includes('['))
    out = out.replace(SHORTCUT_REFERENCE, (whole, label: string) =>
      references.has(referenceLabel(label)) ? label : whole,
    );
  if (out.includes('*') || out.includes('__')) out = out.replace(STRONG, '$2');
  if (out.includes('*')) out = out.replace(EMPHASIS_STAR, '$1$2');
  if (out.includes('_')) out = out.replace(EMPHASIS_UNDERSCORE, '$1$2');
  if (out.includes('~~')) out = out.replace(STRIKE, '$1');
  // A backslash ending a line is a hard line break (CommonMark), not text.
  if (out.includes('\\')) out = out.replace(HARD_BREAK, '').replace(ESCAPE, '$1');
  return decodeEntities(out);
}

/**
 * One line (or paragraph) of inline Markdown to plain text. Code spans keep their content
 * verbatim; everything around them loses its markup.
 */
export function inlineMarkdownToText(markdown: string, references?: ReadonlySet<string>): string {
  return inlineParts(markdown, references)
    .map((part) => part.text)
    .join('');
}

/**
 * One line (or paragraph) of inline Markdown to section text: plain text as
 * `inlineMarkdownToText` gives it, but with its code spans kept as code spans (see
 * `code-spans.ts`), so that an answer quoting it shows code as code.
 */
export function inlineMarkdownToSectionText(markdown: string, references?: ReadonlySet<string>): string {
  const text = new SectionTextBuilder();
  for (const part of inlineParts(markdown, references))
    text.append(part.code ? codeSpan(codeOnOneLine(part.text)) : literalText(part.text));
  return text.take();
}

/**
 * A code span's text as one line: a line break inside is a space (CommonMark), one at either end
 * nothing, as when a paragraph's lines are trimmed.
 */
function codeOnOneLine(code: string): string {
  if (!code.includes('\n')) return code;
  return code.replace(/^\s*\n|\n\s*$/g, '').replace(/[ \t]*\n[ \t]*/g, ' ');
}

/** Stands for a code span while the prose around it is converted: a private-use character. */
const CODE_PLACEHOLDER = '\uE001';

/** Inline Markdown as converted prose and code spans' content, in order. */
function inlineParts(markdown: string, references?: ReadonlySet<string>): { text: string; code: boolean }[] {
  if (!markdown.includes('`')) return [{ text: proseToText(markdown, references), code: false }];
  const spans: string[] = [];
  let source = markdown.includes(CODE_PLACEHOLDER) ? markdown.replaceAll(CODE_PLACEHOLDER, '') : markdown;
  // An HTML comment is hidden with the code spans in it, unless it starts inside a code span
  // (`` `<!-- -->` `` is code): whichever starts first wins, as in CommonMark.
  if (source.includes('<!--')) source = withoutHtmlComments(source);
  const proseParts: string[] = [];
  let end = 0;
  for (const span of codeSpansIn(source)) {
    proseParts.push(source.slice(end, span.start), CODE_PLACEHOLDER);
    spans.push(source.slice(span.contentStart, span.contentEnd).replace(/^ (.*) $/, '$1'));
    end = span.end;
  }
  proseParts.push(source.slice(end));
  const prose = proseParts.join('');
  // The prose is converted as one line, code spans standing by, so that emphasis or a link
  // around a code span (`**`x`**`, `[`fetch()`](/url)`) goes as it does around a word, and
  // nothing inside a code span is taken for markup.
  const pieces = proseToText(prose, references).split(CODE_PLACEHOLDER);
  // A code span inside markup that drops its content (an image's URL) can't be placed back:
  // then each piece of prose is converted apart.
  const converted =
    pieces.length === spans.length + 1
      ? pieces
      : prose.split(CODE_PLACEHOLDER).map((piece) => proseToText(piece, references));
  const parts: { text: string; code: boolean }[] = [];
  converted.forEach((piece, i) => {
    if (piece !== '') parts.push({ text: piece, code: false });
    const span = spans[i];
    if (span !== undefined && span !== '') parts.push({ text: span, code: true });
  });
  return parts;
}

/** Markdown without its HTML comments that start outside code spans. */
function withoutHtmlComments(markdown: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const comment = markdown.indexOf('<!--', at);
    if (comment < 0) return out + markdown.slice(at);
    // A code span starting before the comment is skipped whole, so that one holding `<!--` stays code.
    const span = markdown.lastIndexOf('`', comment) >= at ? nextCodeSpan(markdown, at) : undefined;
    if (span && span.start < comment) {
      out += markdown.slice(at, span.end);
      at = span.end;
      continue;
    }
    const end = markdown.indexOf('-->', comment + 4);
    out += markdown.slice(at, comment);
    if (end < 0) return out;
    at = end + 3;
  }
}

/** A fenced code block, however indented (see `FENCE_OPEN` in markdown-sections.ts). */
const FENCED_CODE = /^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?^[ \t]*\1[`~]*[ \t]*$/gm;
/**
 * An inline link's target: one pair of brackets inside it is kept, as CommonMark keeps balanced
 * ones (`](/wiki/Set_(mathematics))`); it was cut at the `(`, linking a page that isn't there.
 */
const INLINE_LINK_TARGET = /\]\(\s*<?((?:[^()\s>]|\([^()\s>]*\))+)/g;
const HREF = /\bhref\s*=\s*["']([^"']+)["']/gi;

/**
 * What a mention's words are not: link destinations and titles (with a pair of brackets inside,
 * `](/wiki/Set_(maths))`), HTML anchors' tags, entities. A destination holds no other `(`: the
 * scan for a `)` that never comes stops at the next `](`, so an unclosed one repeated over a long
 * line (`[a](` 50,000 times) is read in linear time, not quadratic; so is an anchor's tag, which
 * holds no `<` (`<a href="x"` repeated with no `>`).
 */
const LINK_MARKUP = /\]\((?:[^()]|\([^()]*\))*\)|<\/?a\b[^<>]*>|&#?\w+;/gi;

/**
 * A Markdown page's links, outside code blocks: their targets as written (inline links, reference
 * definitions, `href`s of inline HTML and MDN's cross-reference macros; not images, which link no
 * page), and the lines holding them (`SourceDocument.mentions`): a paragraph, a list item, a
 * table row. The sentences around a link say what it is for as often as its own ("Zebra stripes
 * help the eye follow a row. Use `:nth-child(odd)`…"), as an HTML page's paragraph does.
 */
export function markdownLinks(markdown: string): { targets: string[]; mentions: LinkMention[] } {
  const without = markdown.replace(FENCED_CODE, '');
  const prose =
    without.includes('](') && without.includes('{') ? withTemplateLinksResolved(without) : without;
  const links = linksOfProse(prose);
  const mentions: LinkMention[] = [];
  let line: LinkMention | undefined;
  let lineEnd = -1;
  for (const { target, at, inProse } of links) {
    if (!inProse) continue;
    if (at >= lineEnd || !line) {
      const lineStart = prose.lastIndexOf('\n', at) + 1;
      const end = prose.indexOf('\n', at);
      lineEnd = end < 0 ? prose.length : end;
      // A file with Windows line endings ends each line with `\r`, no part of its words.
      const text = prose.slice(lineStart, lineEnd).replace(/\r$/, '');
      line = { targets: [], text: replaceMacros(text.replace(LINK_MARKUP, ' ')) };
      mentions.push(line);
    }
    line.targets.push(target);
  }
  return { targets: links.map((link) => link.target), mentions };
}

/** A reference link's label as definitions match it: case and runs of spaces aside (CommonMark). */
export function referenceLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The reference definitions of Markdown (`[label]: /url`), outside code blocks: label → target. */
export function referenceDefinitions(markdown: string): Map<string, string> {
  return definitionsOfProse(markdown.replace(FENCED_CODE, ''));
}

/** The reference definitions of Markdown already without its code blocks. */
function definitionsOfProse(prose: string): Map<string, string> {
  const definitions = new Map<string, string>();
  for (const match of referenceDefinitionMatches(prose)) {
    const label = referenceLabel(match[1] as string);
    // The first definition of a label is the one that counts.
    if (!definitions.has(label)) definitions.set(label, match[2] as string);
  }
  return definitions;
}

/**
 * `[label]: /url` on a line of its own (a footnote's `[^1]:` is none): the label, the target. Tried
 * where a line starts (see `referenceDefinitionMatches`), hence sticky and without `^`.
 */
const REFERENCE_DEFINITION_AT = / {0,3}\[([^\]^][^\]]*)\]:\s*<?(\S+?)>?(?:\s|$)/my;

/**
 * The reference definitions of prose, in order: what `/^ {0,3}\[…/gm` matches, but tried only at
 * each `[` with at most three spaces between it and a line's start, rather than at every
 * character of every page (a sixteenth of the time over MDN's pages, which have few).
 */
function* referenceDefinitionMatches(prose: string): Generator<RegExpExecArray> {
  if (!prose.includes(']:')) return;
  let end = 0;
  for (let at = prose.indexOf('['); at >= 0;) {
    let start = at;
    while (start > end && at - start < 3 && prose.charCodeAt(start - 1) === 32) start--;
    if (start >= end && (start === 0 || isLineTerminator(prose.charCodeAt(start - 1)))) {
      REFERENCE_DEFINITION_AT.lastIndex = start;
      const match = REFERENCE_DEFINITION_AT.exec(prose);
      if (match) {
        yield match;
        end = REFERENCE_DEFINITION_AT.lastIndex;
        at = prose.indexOf('[', end);
        continue;
      }
    }
    at = prose.indexOf('[', at + 1);
  }
}

/** Whether a UTF-16 code unit ends a line for `^` in a multiline pattern: `\n`, `\r`, U+2028, U+2029. */
const isLineTerminator = (code: number): boolean =>
  code === 10 || code === 13 || code === 0x2028 || code === 0x2029;
/**
 * Markdown with its code spans blanked (each character a space, so that positions stay), paragraph
 * by paragraph: a blank line ends any code span.
 */
function withoutCodeSpans(markdown: string): string {
  if (!markdown.includes('`')) return markdown;
  return markdown
    .split(/(\n[ \t]*\n)/)
    .map((paragraph) => {
      let out = '';
      let end = 0;
      for (const span of codeSpansIn(paragraph)) {
        out += paragraph.slice(end, span.start) + ' '.repeat(span.end - span.start);
        end = span.end;
      }
      return out + paragraph.slice(end);
    })
    .join('');
}
/** A reference link's use: `[text][label]`, `[label][]` or `[label]`. */
const REFERENCE_USE = /(?<![!\]\\])\[([^[\]^][^[\]]*)\](?:\[([^[\]]*)\])?(?![(:])/g;

/**
 * The links of Markdown without code blocks, in the order written: each target, where it is, and
 * whether it sits in prose (a reference definition `[ref]: /url` is a line of its own; where a
 * reference link is used, it is in prose).
 */
function linksOfProse(prose: string): { target: string; at: number; inProse: boolean }[] {
  const links: { target: string; at: number; inProse: boolean }[] = [];
  const definitions = prose.includes(']:') ? definitionsOfProse(prose) : undefined;
  if (definitions && definitions.size > 0)
    // Not inside a code span (`` `arr[i]` ``): blanked, so that positions stay.
    for (const match of withoutCodeSpans(prose).matchAll(REFERENCE_USE)) {
      const target = definitions.get(referenceLabel(match[2] || (match[1] as string)));
      if (target !== undefined) links.push({ target, at: match.index, inProse: true });
    }
  // The `[` that opens each link's text is the last before its `](`, found by reading on from the
  // last link's, not back from each (`a](` repeated, with no `[`, was read in quadratic time).
  let opening = -1;
  let read = 0;
  for (const match of prose.matchAll(INLINE_LINK_TARGET)) {
    for (; read < match.index; read++) if (prose[read] === '[') opening = read;
    if (opening > 0 && prose[opening - 1] === '!') continue;
    links.push({ target: match[1] as string, at: match.index, inProse: true });
  }
  for (const match of referenceDefinitionMatches(prose))
    links.push({ target: match[2] as string, at: match.index, inProse: false });
  for (const match of prose.matchAll(HREF))
    links.push({ target: match[1] as string, at: match.index, inProse: true });
  if (prose.includes('{{'))
    for (const match of prose.matchAll(MACRO)) {
      const target = macroLinkTarget(match[1] as string, match[2]);
      if (target) links.push({ target, at: match.index, inProse: true });
    }
  return links.sort((a, b) => a.at - b.at);
}

/** Where MDN's cross-reference macros link, as MDN writes the URL (`/en-US/docs/Web/CSS/opacity`). */
const MACRO_LINK_FOLDERS: Record<string, string> = {
  domxref: 'Web/API',
  cssxref: 'Web/CSS',
  jsxref: 'Web/JavaScript/Reference/Global_Objects',
  htmlelement: 'Web/HTML/Element',
  svgelement: 'Web/SVG/Element',
  mathmlelement: 'Web/MathML/Element',
  svgattr: 'Web/SVG/Attribute',
  glossary: 'Glossary',
  httpheader: 'Web/HTTP/Headers',
  httpmethod: 'Web/HTTP/Methods',
  httpstatus: 'Web/HTTP/Status',
  wasmxref: 'WebAssembly/Reference',
};

/** The page a cross-reference macro links to (`{{jsxref("Array.prototype.map()")}}`), if any. */
function macroLinkTarget(name: string, argumentList: string | undefined): string | undefined {
  const macro = name.toLowerCase();
  const folder = MACRO_LINK_FOLDERS[macro];
  if (!folder || !argumentList) return undefined;
  const first = FIRST_MACRO_ARGUMENT.exec(argumentList);
  const target = (first?.[1] ?? first?.[2] ?? '').trim();
  if (target === '') return undefined;
  // `Array.prototype.map()` → `Array/map`, `Window.fetch` → `Window/fetch`, `Statements/for`.
  let path = (target.endsWith('()') ? target.slice(0, -2) : target).replace('.prototype.', '.');
  // A target written as a path (`Statements/for...of`) keeps its dots.
  if ((macro === 'domxref' || macro === 'jsxref') && !path.includes('/')) path = path.replaceAll('.', '/');
  // jsxref names statements and operators by their folder (`Statements/for`), not a global.
  const base =
    macro === 'jsxref' && /^(Statements|Operators|Functions|Classes|Errors|Lexical_grammar)\b/.test(path)
      ? 'Web/JavaScript/Reference'
      : folder;
  return `/en-US/docs/${base}/${path.replaceAll(' ', '_')}`;
}
