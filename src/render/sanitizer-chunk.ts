/**
 * The heavy half of the answer renderer: marked and DOMPurify. `answer-renderer.ts` loads this
 * module with a dynamic `import()` on the first answer, so the build writes it as its own chunk
 * and a page that never asks never downloads it. Nothing but `answer-renderer.ts` imports it.
 */
// marked first: bundlers write the modules in import order, and DOMPurify just before this
// module's configuration (its option names, tag and attribute names) makes the chunk 240-275 B
// smaller gzipped than with marked's 50 KB between them.
import { Marked } from 'marked';
import DOMPurify, { type Config } from 'dompurify';
// Only the type: `answer-renderer.ts` hands the function over, so that this chunk shares no module
// with the main file (bundlers would split a shared one into a third file that every page loads).
import type { isAllowedUrl as IsAllowedUrl } from '../elements/shared/safe-url.js';
import type { AnswerFormat } from '../wire/index.js';
import { decodeEntities } from '../wire/html-entities.js';

/**
 * A DOMPurify of our own, not the module's shared default: a page that bundles DOMPurify too gets
 * that same default, and once it calls `setConfig`, DOMPurify ignores the configuration passed to
 * `sanitize` (a page's `RETURN_DOM_FRAGMENT` alone let `<style>` and forms through).
 */
const purify = DOMPurify(window);

/**
 * Longer answers, and markup nested deeper, are shown as plain text: parsing them froze the page
 * for seconds (a 26 KB run of unclosed `<span><video>`, 3.6 s; 2,000 nested `>` made marked
 * overflow its stack). A real answer is a few kilobytes, nested a few levels.
 */
const MAX_ANSWER_CHARS = 200_000;
const MAX_NESTING = 256;
/** A markdown line that opens more than MAX_NESTING quotes, or is indented as deep. */
const DEEP_MARKDOWN_LINE = new RegExp(`^(?:[ \\t]*>){${MAX_NESTING},}|^[ \\t]{${MAX_NESTING * 2},}`, 'm');
/**
 * Elements that don't nest in another of their kind: void ones, which hold nothing, and those
 * whose end tag HTML lets an answer leave out (a list of `<li>` without `</li>` is a flat list).
 */
const FLAT_TAGS = new Set(
  'area base br col embed hr img input link meta source track wbr li p td th tr dd dt option optgroup thead tbody tfoot colgroup caption rt rp'.split(
    ' ',
  ),
);
const TAG_NAME = /^(\/?)([a-zA-Z][\w:-]*)/;

/**
 * Calls `onTag` for each tag of markup (`name` lower-cased) and `onText` for the text between
 * them, in one pass: each `>` is looked for once, so markup with no `>` costs no more than text.
 */
function scanTags(
  html: string,
  onTag: (name: string, closing: boolean, selfClosing: boolean) => void,
  onText: (text: string) => void = () => {},
): void {
  let at = 0;
  let end = -1;
  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', open + 1)) {
    if (end < open) end = html.indexOf('>', open);
    if (end === -1) break;
    const tag = TAG_NAME.exec(html.slice(open + 1, Math.min(end, open + 65)));
    if (!tag) continue;
    onText(html.slice(at, open));
    onTag((tag[2] as string).toLowerCase(), tag[1] === '/', html[end - 1] === '/');
    at = end + 1;
    open = end;
  }
  onText(html.slice(at));
}

/** How deeply the tags of markup nest (closing tags that close nothing open are ignored). */
function nestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  scanTags(html, (name, closing, selfClosing) => {
    if (FLAT_TAGS.has(name) || selfClosing) return;
    if (closing) depth = Math.max(0, depth - 1);
    else deepest = Math.max(deepest, ++depth);
  });
  return deepest;
}

/** Elements whose content is no text to read: dropped with them, as DOMPurify drops it. */
const UNREAD_CONTENT = new Set(
  'script style template noscript textarea title xmp iframe noembed noframes svg math'.split(' '),
);
/** Elements that start a new paragraph of the plain text. */
const BLOCK_TAGS = new Set(
  'p br li div h1 h2 h3 h4 h5 h6 blockquote ul ol dl dt dd table tr hr figure figcaption details summary'.split(
    ' ',
  ),
);
/** A comment (to the end of the markup when unclosed, as a browser reads it), a doctype, an XML declaration. */
const NO_TEXT = /<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/g;

/**
 * The answer as plain text, nothing parsed: markdown as written, a paragraph per
 * blank-line-separated block; markup as its text, a paragraph per block element, its code blocks
 * in `<pre>`, without its tags nor what scripts and styles hold (a payload is no text to read).
 */
function plainTextFragment(text: string, format: AnswerFormat): DocumentFragment {
  const fragment = new DocumentFragment();
  const addProse = (prose: string) => {
    for (const block of prose.split(/\n[ \t]*\n/)) {
      if (block.trim() === '') continue;
      const paragraph = document.createElement('p');
      paragraph.textContent = block.trim();
      fragment.append(paragraph);
    }
  };
  if (format !== 'html') {
    addProse(text);
    return fragment;
  }
  let prose = '';
  let code: string | undefined;
  let unread: string | undefined;
  scanTags(
    text.replace(NO_TEXT, ''),
    (name, closing) => {
      if (unread !== undefined) {
        if (closing && name === unread) unread = undefined;
      } else if (UNREAD_CONTENT.has(name)) {
        if (!closing) unread = name;
      } else if (name === 'pre') {
        if (!closing && code === undefined) {
          addProse(prose);
          prose = '';
          code = '';
        } else if (closing && code !== undefined) {
          const block = document.createElement('pre');
          block.textContent = code.replace(/\n$/, '');
          block.setAttribute('tabindex', '0');
          fragment.append(block);
          code = undefined;
        }
      } else if (code === undefined && BLOCK_TAGS.has(name)) prose += '\n\n';
    },
    (between) => {
      if (unread !== undefined) return;
      if (code === undefined) prose += decodeEntities(between);
      else code += decodeEntities(between);
    },
  );
  addProse(prose + (code ?? ''));
  return fragment;
}

// GitHub-flavoured markdown, synchronous: no extension, no renderer override, no raw-HTML escape.
// Raw HTML in markdown is allowed through marked because DOMPurify below is what makes it safe.
const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * What an answer may contain: prose, lists, code, tables, quotes, images and links. Everything
 * else is dropped with its content for the forbidden tags, or unwrapped to its text otherwise.
 */
const ALLOWED_TAGS =
  'a abbr b blockquote br caption code dd del details div dl dt em figcaption figure h1 h2 h3 h4 h5 h6 hr i img input ins kbd li mark ol p pre q s samp small span strong sub summary sup table tbody td tfoot th thead tr u ul var'.split(
    ' ',
  );

/** Named on top of the allow-list so that a future edit of it cannot let them back in. */
const FORBIDDEN_TAGS =
  'script style iframe frame frameset object embed applet base meta link form button select textarea option template noscript svg math portal fencedframe slot video audio source track picture'.split(
    ' ',
  );

// No `id`/`name` (clobbering), no `style` (overlay and UI spoofing), no `on*`, no form actions.
const ALLOWED_ATTR =
  'href title src srcset alt width height start reversed type checked disabled colspan rowspan scope align lang dir open datetime class'.split(
    ' ',
  );

const FORBIDDEN_ATTR = 'style action formaction id name srcdoc xlink:href ping'.split(' ');

/** The explicit DOMPurify configuration of every answer (documented in guides/security.md). */
const PURIFY_CONFIG = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: FORBIDDEN_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  // DOMPurify's first filter on URL-like values; the allow-list below is the one that decides.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  WHOLE_DOCUMENT: false,
  // A DOM fragment, never a string: no code of ours assigns HTML, so Trusted Types hold.
  RETURN_DOM_FRAGMENT: true,
} satisfies Config;

/** Every attribute that holds a URL in some element of HTML, SVG or MathML. */
const URL_ATTRIBUTES =
  'href src srcset xlink:href action formaction poster background cite longdesc ping data codebase manifest lowsrc dynsrc usemap profile classid archive icon'.split(
    ' ',
  );

/**
 * Where `align` aligns text (marked's table columns, `<p align=center>`). On an image or a table
 * it floats them, and the source line and actions beside the float shrank to nothing, a letter
 * per line: an answer could hide its own source.
 */
const TEXT_ALIGNED = new Set('td th tr thead tbody tfoot caption p div h1 h2 h3 h4 h5 h6'.split(' '));

let parses: boolean | undefined;

/**
 * Whether DOMPurify parses markup on this page, tried on the first answer. It does not when the
 * page requires Trusted Types and another DOMPurify made the one policy named `dompurify` first (a
 * CSP that lists `trusted-types dompurify` without 'allow-duplicates'): ours warns that its policy
 * could not be created, then every parse fails and every answer came out empty, with no word of
 * why. Answers are then shown as plain text, and the site owner told the fix.
 */
function parsesMarkup(): boolean {
  if (parses === undefined) {
    const probe = purify.sanitize('<b>a</b>', PURIFY_CONFIG) as DocumentFragment | null;
    parses = probe?.textContent === 'a';
    if (!parses)
      console.warn(
        "<ask-chat>: answers are shown as plain text: DOMPurify cannot parse them on this page, where it could not create its Trusted Types policy 'dompurify' (another DOMPurify made it first). Add 'allow-duplicates' to the CSP's trusted-types directive.",
      );
  }
  return parses;
}

/**
 * Turns untrusted answer text into a clean fragment: markdown through marked (when the format
 * is markdown), DOMPurify with PURIFY_CONFIG, then the URL allow-list over every URL attribute.
 */
export function sanitizeAnswer(
  text: string,
  format: AnswerFormat,
  isAllowedUrl: typeof IsAllowedUrl,
): DocumentFragment {
  if (text.length > MAX_ANSWER_CHARS || (format === 'markdown' && DEEP_MARKDOWN_LINE.test(text)))
    return plainTextFragment(text, format);
  let html: string;
  try {
    html = format === 'markdown' ? markdown.parse(text, { async: false }) : text;
  } catch {
    // marked gives up on some hostile input (a stack overflow): the text is still shown.
    return plainTextFragment(text, format);
  }
  if (nestingDepth(html) > MAX_NESTING) return plainTextFragment(text, format);
  // Markup this DOMPurify cannot parse would be sanitized to nothing: its text is shown instead.
  if (!parsesMarkup()) return plainTextFragment(html, 'html');
  // Null when the markup has no body to keep (a `<frameset>` document): nothing survives.
  const fragment =
    (purify.sanitize(renameEventHandlers(html), PURIFY_CONFIG) as DocumentFragment | null) ??
    new DocumentFragment();
  enforceUrlPolicy(fragment, isAllowedUrl);
  // Code blocks and tables scroll sideways when wide: Tab reaches them, so the arrow keys can scroll.
  for (const scroller of fragment.querySelectorAll('pre, table')) scroller.setAttribute('tabindex', '0');
  return fragment;
}

/**
 * Renames `on*` attributes in start tags (`onerror=` → `data-x-onerror=`) before the markup is
 * parsed. Not a defence: DOMPurify removes them either way, and nothing here needs to be exact.
 * It exists because Chromium reports a `script-src-attr` CSP violation as soon as it parses an
 * inline handler, even in an inert document, so a page with a report-uri would be told of
 * every hostile answer that was in fact stopped.
 */
function renameEventHandlers(html: string): string {
  let out = '';
  let i = 0;
  const length = html.length;
  const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
  while (i < length) {
    const open = html.indexOf('<', i);
    if (open === -1) return out + html.slice(i);
    out += html.slice(i, open + 1);
    i = open + 1;
    if (!/[a-z]/i.test(html[i] ?? '')) continue;
    while (i < length && !/[\s/>]/.test(html[i]!)) out += html[i++];
    // Attributes, up to the `>` that ends the tag (left to the text copy above).
    while (i < length && html[i] !== '>') {
      if (isSpace(html[i]) || html[i] === '/') {
        out += html[i++];
        continue;
      }
      let end = i + 1;
      while (end < length && !/[\s/>=]/.test(html[end]!)) end++;
      const name = html.slice(i, end);
      out += /^on/i.test(name) ? `data-x-${name}` : name;
      i = end;
      let next = i;
      while (isSpace(html[next])) next++;
      if (html[next] !== '=') continue;
      next++;
      while (isSpace(html[next])) next++;
      const quote = html[next];
      let valueEnd = next;
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, next + 1);
        valueEnd = close === -1 ? length : close + 1;
      } else {
        while (valueEnd < length && !/[\s>]/.test(html[valueEnd]!)) valueEnd++;
      }
      out += html.slice(i, valueEnd);
      i = valueEnd;
    }
  }
  return out;
}

/** Applied after DOMPurify, element by element, on nodes that are not yet in the page. */
function enforceUrlPolicy(fragment: DocumentFragment, isAllowedUrl: typeof IsAllowedUrl): void {
  for (const element of fragment.querySelectorAll('*')) {
    const tag = element.localName;
    for (const { name } of Array.from(element.attributes)) {
      const lower = name.toLowerCase();
      if (lower.startsWith('on') || lower === 'style' || lower === 'action' || lower === 'formaction')
        element.removeAttribute(name);
    }
    for (const name of URL_ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      const allowed =
        tag === 'img' && name === 'src'
          ? isAllowedUrl(value, { allowMailto: false, allowDataImage: true })
          : tag === 'img' && name === 'srcset'
            ? (srcsetUrls(value)?.every((url) => isAllowedUrl(url, { allowDataImage: true })) ?? false)
            : tag === 'a' && name === 'href' && isAllowedUrl(value, { allowMailto: true });
      if (!allowed) element.removeAttribute(name);
    }
    if (tag === 'a') {
      // A link whose URL was rejected (or that had none) reads as its text, not as a dead link.
      if (!element.hasAttribute('href')) unwrap(element);
      else {
        element.setAttribute('rel', 'noopener noreferrer');
        element.setAttribute('target', '_blank');
      }
    } else if (tag === 'img') {
      if (!element.hasAttribute('src')) {
        element.replaceWith(element.getAttribute('alt') ?? '');
        continue;
      }
      // Answers may point at third-party images: do not tell them which page asked.
      element.setAttribute('referrerpolicy', 'no-referrer');
      element.setAttribute('loading', 'lazy');
    } else if (tag === 'input') {
      // Only the read-only check boxes of GitHub task lists.
      if (element.getAttribute('type') !== 'checkbox') element.remove();
      else element.setAttribute('disabled', '');
    }
    if (!TEXT_ALIGNED.has(tag)) element.removeAttribute('align');
    // A size on a table or a rule (`<table width="3000">`) widened the chat past its column, its
    // composer off-screen; an image, kept in by `max-inline-size`, is the one that needs one.
    if (tag !== 'img') {
      element.removeAttribute('width');
      element.removeAttribute('height');
    }
    const classes = element.getAttribute('class');
    if (classes !== null) {
      // Keep marked's `language-*` on code; other classes could dress an answer as our own UI.
      const kept = classes.split(/\s+/).filter((name) => /^language-[\w+#-]+$/.test(name));
      if (kept.length > 0) element.setAttribute('class', kept.join(' '));
      else element.removeAttribute('class');
    }
  }
}

/**
 * The URLs of a `srcset` value (comma-separated candidates: a URL, then a descriptor), or null
 * when the value does not parse, which rejects it. A data: URI has a comma of its own.
 */
function srcsetUrls(value: string): string[] | null {
  const urls: string[] = [];
  const candidate = /\s*(data:\S+|[^\s,]+)(?:\s+[^,]*)?(?:,|$)/y;
  while (candidate.lastIndex < value.trimEnd().length) {
    const match = candidate.exec(value);
    if (match === null || match[0] === '') return null;
    urls.push(match[1]!);
  }
  return urls.length > 0 ? urls : null;
}

function unwrap(element: Element): void {
  element.replaceWith(...element.childNodes);
}
