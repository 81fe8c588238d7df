/**
 * Writes each page of the demo's documents (`demo/content/`) into the built demo as a page of
 * its own, at the link the service gives it (`guides/theming.md` → `dist/demo/guides/theming.html`,
 * served at `/guides/theming` as static hosts serve a page's `.html` file, with no redirect to a
 * folder's slash on the way; a folder's page, `guides/index.md` at `/guides/`, as
 * `dist/demo/guides/index.html`), so that a search result or an answer's source opens
 * the page it names instead of a 404. Each page is the built demo page with the document in
 * place of the demo's text: the same header and search box, and the chat beside it, whose
 * conversation carries on from page to page.
 *
 *   tsx scripts/render-demo-docs.ts [CONTENT_DIR] [DEMO_DIR]    (npm run build runs it)
 *
 * The documents are the project's own, so their HTML is written as the markdown gives it. Heading
 * ids are the anchors the service gives sections (`headingSlug`), so `link#anchor` lands.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../src/server/answer/answer-format.js';
import { publishedPath } from '../src/server/content/document-link.js';
import { frontMatterString, splitFrontMatter } from '../src/server/content/front-matter.js';
import { HeadingSlugger } from '../src/server/content/heading-slug.js';
import { inlineMarkdownToText } from '../src/server/content/markdown-inline.js';
import { headingAttributes } from '../src/server/content/markdown-sections.js';

/** Replaces the one match of `pattern` in `text`, or throws: the template is the demo page we build. */
function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`the demo page has no ${pattern}`);
  return text.replace(pattern, () => replacement);
}

/** The longest inline code kept on one line: at 16px, 14 characters take half a 320px screen. */
const SHORT_CODE_CHARS = 14;

/** The markdown of a document as HTML, its headings with the anchors the service gives them. */
export function documentHtml(markdown: string): string {
  const slugger = new HeadingSlugger();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading): string {
        const attributes = headingAttributes(text);
        const id =
          attributes.id === undefined
            ? slugger.slug(inlineMarkdownToText(text))
            : slugger.take(attributes.id);
        const inner =
          attributes.text === text
            ? this.parser.parseInline(tokens)
            : escapeHtml(inlineMarkdownToText(attributes.text));
        return `<h${depth}${id ? ` id="${escapeHtml(id)}"` : ''}>${inner}</h${depth}>\n`;
      },
      // A short name (a flag, an attribute) is kept on one line (demo.css): `--content` broke
      // after its first hyphen, and read as "-" at a line's end and "-content" under it. Longer
      // ones still break, so that none runs past a phone's screen.
      codespan({ text }: Tokens.Codespan): string | false {
        return text.length <= SHORT_CODE_CHARS && !/\s/.test(text)
          ? `<code class="word">${escapeHtml(text)}</code>`
          : false;
      },
    },
  });
  // Code blocks and tables scroll sideways when wide (demo.css): Tab reaches them, so the arrow
  // keys can scroll them, as in the chat's answers.
  return marked.parse(markdown, { async: false }).replace(/<(pre|table)>/g, '<$1 tabindex="0">');
}

/**
 * A document's page from the built demo page (`template`): its title and description, asset
 * and page links made root-relative (the page sits in a folder of its own), and its text in place
 * of the demo's introduction, the chat kept beside it (on a phone, below it, and a link at the
 * document's top goes there).
 */
export function documentPage(template: string, source: string, toChat = true): string {
  const { frontMatter, body } = splitFrontMatter(source);
  const title = frontMatterString(frontMatter, 'title') ?? /^#\s+(.+)$/m.exec(body)?.[1] ?? 'ask-elements';
  const description = frontMatterString(frontMatter, 'description') ?? '';
  let page = replaceOnce(
    template,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(title)} · ask-elements</title>`,
  );
  page = replaceOnce(
    page,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(description)}" />`,
  );
  // `./assets/…`, `./demo.css`, `./` (home) and `#try` are relative to the demo page at `/`.
  page = page.replace(/(href|src)="\.\/([^"]*)"/g, '$1="/$2"').replace(/href="#/g, 'href="/#');
  return replaceOnce(
    page,
    /<section class="intro"[\s\S]*?<\/section>/,
    `<article class="document">\n${toChat ? '<p class="to-chat"><a href="#chat">Ask about this page<span aria-hidden="true"> ↓</span></a></p>\n' : ''}${documentHtml(body)}</article>`,
  );
}

/** What the demo's `404.html` says, over the same header and search box, the chat beside it. */
const NOT_FOUND_SOURCE = `---
title: Page not found
description: There is no page at this address.
---

# Page not found

There is no page at this address: it may have moved, or the link that led here may be mistyped.
Search the documentation with the box at the top of the page, ask the assistant, or start from the
[home page](/).
`;

/**
 * The demo's `404.html`, which the service shows a browser for an address the built demo has no
 * page for (see `pageNotFound`): the demo's header, search box and chat, and a word on what happened.
 */
export function notFoundPage(template: string): string {
  return documentPage(template, NOT_FOUND_SOURCE, false);
}

/**
 * What the home page's list of documents calls each folder of `demo/content/`, in its order; `''`
 * is the folder's root (the overview).
 */
const FOLDERS: [string, string][] = [
  ['', 'Start here'],
  ['guides', 'Guides'],
  ['elements', 'The elements'],
  ['client', 'The client'],
  ['service', 'The service'],
];

/**
 * A title's place in the index: its name, before a colon that describes it ("<ask-chat>: a
 * conversation…"), then the rest, so that a page opens the pages named after it ("<ask-chat>
 * events"), where a colon sorts after a space and put the element's own page last of its pages.
 */
const indexOrder = (a: { title: string }, b: { title: string }): number => {
  const name = (title: string) => title.split(': ')[0]!;
  return name(a.title).localeCompare(name(b.title)) || a.title.localeCompare(b.title);
};

/**
 * The home page's list of every document, by folder (known folders first, in FOLDERS' order,
 * then the others), each by its title, alphabetically (see indexOrder): a visitor can browse what
 * search and the chat answer from.
 */
export function documentsIndex(pages: { path: string; title: string }[]): string {
  const groups = new Map<string, { path: string; title: string }[]>();
  for (const page of pages) {
    const segments = page.path.split('/');
    const folder = segments.length > 2 ? segments[1] : '';
    groups.set(folder, [...(groups.get(folder) ?? []), page]);
  }
  const known = new Map(FOLDERS);
  const order = [
    ...FOLDERS.map(([folder]) => folder),
    ...[...groups.keys()].filter((f) => !known.has(f)).sort(),
  ];
  return order
    .filter((folder) => groups.has(folder))
    .map((folder) => {
      const label = known.get(folder) ?? folder;
      const items = (groups.get(folder) ?? [])
        .sort(indexOrder)
        .map(({ path, title }) => `<li><a href="${escapeHtml(path)}">${escapeHtml(title)}</a></li>`)
        .join('');
      return `<section><h3>${escapeHtml(label)}</h3><ul>${items}</ul></section>`;
    })
    .join('\n');
}

/** A document's title: its front matter's, else its first heading, as plain text. */
function documentTitle(source: string): string {
  const { frontMatter, body } = splitFrontMatter(source);
  return (
    frontMatterString(frontMatter, 'title') ??
    inlineMarkdownToText(/^#\s+(.+)$/m.exec(body)?.[1] ?? 'Untitled')
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const contentDir = process.argv[2] ?? 'demo/content';
  const demoDir = process.argv[3] ?? 'dist/demo';
  const template = readFileSync(join(demoDir, 'index.html'), 'utf8');
  const pages = readdirSync(contentDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.md$/i.test(file))
    .map((file) => {
      const source = readFileSync(join(contentDir, file), 'utf8');
      return { path: publishedPath(file.split(sep).join('/')), source, title: documentTitle(source) };
    })
    // The home page is the demo page itself.
    .filter(({ path }) => path !== '/');
  for (const { path, source } of pages) {
    // A folder's page (`guides/index.md`, linked `/guides/`) is its folder's index.html: a
    // `guides.html` is served at `/guides`, which goes to `/guides/` where the folder is.
    const parts = path.split('/').filter(Boolean);
    const out = path.endsWith('/')
      ? join(demoDir, ...parts, 'index.html')
      : `${join(demoDir, ...parts)}.html`;
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, documentPage(template, source));
  }
  writeFileSync(join(demoDir, '404.html'), notFoundPage(template));
  writeFileSync(
    join(demoDir, 'index.html'),
    replaceOnce(template, /<!-- documents -->/, documentsIndex(pages)),
  );
  console.log(`Wrote ${pages.length} document pages and a 404 page into ${demoDir}, listed on its home page`);
}
