import { statSync } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join, relative, sep } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { NotAPage, type SkippedFile, type SourceDocument } from './document.js';
import { linkUnderBasePath, titleFromPath } from './document-link.js';
import { documentText } from './document-record.js';
import { type DocumentOnWire, transferredDocument } from './document-transfer.js';
import { fileText } from './file-text.js';
import type { AnchorStyle } from './heading-slug.js';
import {
  type DocumentReader,
  htmlSourceDocument,
  markdownDocument,
  mdxDocument,
} from './markdown-document.js';
import { textDocument } from './text-document.js';
import { isPost } from './jekyll-post.js';
import {
  basePathOf,
  hugoSettings,
  isSiteConfigFile,
  jekyllPostSettings,
  jekyllSettings,
  pageUrlStyleOf,
  siteGeneratorOf,
} from './site-generator.js';
import { markdownPathTitle, type SourceConventions, sourceConventionsOf } from './source-path.js';
import { withoutSiteWideMetadata } from './site-wide-metadata.js';
import {
  type FileIdentity,
  identitiesOf,
  leadsToHidden,
  MAX_FILE_BYTES,
  readRegularFile,
} from '../regular-file.js';
import { INDEXING_THREAD_LIMITS, startWorkerModule } from '../worker-module.js';

const HTML_PAGE = /\.html?$/i;

export interface LoadFolderOptions {
  /** Base URL of the published site; links are root-relative paths without it. */
  siteUrl?: string;
  /**
   * How the site's generator writes a Markdown heading's anchor (see `heading-slug.ts`); by
   * default, that of the generator recognised beside the folder (`siteGeneratorOf`).
   */
  anchors?: AnchorStyle;
  /**
   * The paths of files never read as pages, whatever link in the folder leads to them: the
   * service's config file (its keys) and database (every question asked). A link `keys.md ->
   * ../ask-elements.json` committed to a docs repository had the config file indexed, and its keys
   * quoted in answers. Paths, as `createApp`'s `privateFiles` are; read as identities when the
   * folder is (`Reading.privateFileIdentities`).
   */
  privateFiles?: readonly string[];
}

export interface LoadedContent {
  /** The documents, in path order but HTML pages after the others (see `readContentFolder`). */
  documents: SourceDocument[];
  /** Files that could not be read or parsed, with the reason; loading goes on without them. */
  skipped: SkippedFile[];
}

const READERS: Record<string, DocumentReader> = {
  '.md': markdownDocument,
  '.markdown': markdownDocument,
  '.mdx': mdxDocument,
  '.html': htmlSourceDocument,
  '.htm': htmlSourceDocument,
  '.txt': textDocument,
};

/**
 * Text files a site publishes for machines, not readers, at its root: crawlers' (`robots.txt`,
 * `ads.txt`), and language models' (`llms.txt`, an index of the pages, and `llms-full.txt`,
 * every page again in one file, as VitePress's and Docusaurus's plugins write them). A file of
 * that name deeper in the docs (`guides/robots.txt`) is a page.
 */
const MACHINE_FILES = new Set([
  'robots.txt',
  'humans.txt',
  'ads.txt',
  'app-ads.txt',
  'llms.txt',
  'llms-full.txt',
]);

function readerFor(path: string): DocumentReader | undefined {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : READERS[path.slice(dot).toLowerCase()];
}

/** Whether a path relative to the content folder is one of its `MACHINE_FILES`. */
const isMachineFile = (relativePath: string): boolean =>
  !/[\\/]/.test(relativePath) && MACHINE_FILES.has(relativePath.toLowerCase());

/**
 * Folders of a Jekyll or Eleventy site's sources that its generator publishes no page from: the
 * built site (`_site`, every page again as HTML), templates and data, and Jekyll's drafts of
 * posts not yet published. Only these names: MDN writes `_colon_hover` for `:hover`, content.
 */
const GENERATOR_FOLDERS = new Set([
  '_drafts',
  '_site',
  '_layouts',
  '_includes',
  '_sass',
  '_data',
  '_plugins',
]);

/**
 * A folder that holds no content: hidden, node_modules, a generator's own (`GENERATOR_FOLDERS`),
 * or the gems Bundler installs in `vendor/bundle` (as Jekyll's CI guides do; Jekyll leaves it
 * out), given the folder it is in (`parent`).
 */
const notContent = (name: string, parent?: string): boolean =>
  name.startsWith('.') ||
  name === 'node_modules' ||
  GENERATOR_FOLDERS.has(name) ||
  (name === 'bundle' && parent === 'vendor');

/** A Docusaurus category's metadata, whose presence makes a folder's docs Docusaurus's (see `sourceConventionsOf`). */
const DOCUSAURUS_CATEGORY = /^_category_\.(?:json|ya?ml)$/;

/**
 * Whether a change at `path` (relative to the content folder `root`) may change what the folder
 * holds, for a watch: a generator's configuration in it (`_config.yml`, a Docusaurus
 * `_category_.json`, `docs/.vitepress`; see `isSiteConfigFile`), which decides how its pages are
 * linked, but not one in a folder that holds no content, nor a file that is there and reads as no
 * document (the service's database and its `-wal` file beside the pages, an image). A name that
 * is gone counts: it may have been a folder of pages.
 */
export function mayChangeContent(root: string, path: string): boolean {
  const names = path.split(/[\\/]/);
  if (isSiteConfigFile(names.join('/'))) return true;
  if (names.some((name, index) => notContent(name, names[index - 1]))) return false;
  if (DOCUSAURUS_CATEGORY.test(names.at(-1) as string)) return true;
  if (readerFor(path) !== undefined) return !isMachineFile(path);
  try {
    return !statSync(join(root, path)).isFile();
  } catch {
    return true;
  }
}

/**
 * Every file under dir; hidden folders, node_modules and a generator's own (see `notContent`) are not content.
 * Folders are listed in parallel.
 */
async function listFiles(
  dir: string,
  skipped: SkippedFile[],
  root: string,
  // The folders from the root down to this one, as reached: a link back up to one is a loop.
  above: readonly string[] = [],
): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (dir === root) throw error;
    skipped.push({ path: pathIn(root, dir), reason: reasonOf(error) });
    return [];
  }
  // Their real paths are asked for only when a link is followed: a site's folders are rarely
  // links, and MDN's 10,000 folders took 0.3 s more to list with the real path of each.
  const path = [...above, dir];
  const files: string[] = [];
  const folders: Promise<string[]>[] = [];
  const folder = dir === root ? undefined : basename(dir);
  for (const entry of entries) {
    if (notContent(entry.name, folder)) continue;
    const entryPath = join(dir, entry.name);
    if (entry.isDirectory()) folders.push(listFiles(entryPath, skipped, root, path));
    else if (entry.isSymbolicLink()) folders.push(followLink(entryPath, skipped, root, path));
    else if (entry.isFile()) files.push(entryPath);
  }
  for (const nested of await Promise.all(folders)) files.push(...nested);
  return files;
}

/**
 * A symbolic link's files: the file it points to, or every file under the folder it points to,
 * as if it were there (a docs folder linked into the content folder). A link to a folder it is
 * in, or one that holds the content folder (a loop), is reported and skipped, as is a link to a
 * hidden file or into a hidden folder (see `leadsToHidden`); a link to nothing is left to fail
 * when read, by name.
 */
async function followLink(
  path: string,
  skipped: SkippedFile[],
  root: string,
  above: readonly string[],
): Promise<string[]> {
  const target = await stat(path).catch(() => undefined);
  // A page linked to a hidden file (`faq.md -> ../.env`) would quote it in answers.
  if (target !== undefined && leadsToHidden(root, path, (name) => name.startsWith('.'))) {
    skipped.push({ path: pathIn(root, path), reason: 'a link to a hidden file or folder: never read' });
    return [];
  }
  if (!target?.isDirectory()) return [path];
  const real = await realpath(path);
  const folders = await Promise.all(above.map((folder) => realpath(folder).catch(() => folder)));
  if (folders.some((folder) => folder === real || folder.startsWith(real + sep))) {
    skipped.push({
      path: pathIn(root, path),
      reason: 'a link up to a folder it is in (a loop)',
    });
    return [];
  }
  return listFiles(path, skipped, root, above);
}

/**
 * A page with nothing to show or quote: no text, no description, and no title of its own (a file
 * not written yet), but the one its path gives it (`conventions`: its generator's, as
 * `markdownPathTitle` names it). A page with a title alone (a section's landing page) is still found by it.
 */
function isEmptyPage(document: SourceDocument, conventions?: SourceConventions): boolean {
  return (
    document.description === '' &&
    (document.title === titleFromPath(document.id) ||
      document.title === markdownPathTitle(document.id, {}, conventions)) &&
    // Read from the sections, not `text`, which a read document makes on first use and then keeps.
    documentText(document.sections).trim() === ''
  );
}

/** Where `path` is under `root`, with `/` separators on every system: a document's id, a skipped file's path. */
function pathIn(root: string, path: string): string {
  return relative(root, path).split(sep).join('/');
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Node's own messages start with their code already ("EACCES: permission denied, open …").
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.startsWith(code) ? `${code}: ${error.message}` : error.message;
}

/**
 * Files are read synchronously in batches: on a docs-sized folder one synchronous read is far
 * cheaper than the four asynchronous calls behind `readFile`, and yielding between batches
 * keeps the process responsive while a large folder loads.
 */
const FILES_PER_BATCH = 64;

/**
 * Folders of this many files or more are read in worker threads, one per CPU but the one this
 * thread needs to index what they have read (on 2 cores, a second reader made 10,000 MDN pages
 * take 18.3 s against 14.7 s, medians of 4 alternating runs: three busy threads took turns on
 * two cores, and this thread's indexing waited); a smaller folder is read sooner than workers
 * would start.
 */
const FILES_FOR_WORKERS = 500;

export interface ReadFolderOptions extends LoadFolderOptions {
  /** Worker threads reading the files: by default one per CPU but one (at least one) for a large folder, else none. */
  workers?: number;
}

/** A content folder being read. */
export interface ContentStream {
  /**
   * The documents, in path order, each as soon as it has been read, but HTML pages after the
   * others, once all are read. Read once.
   */
  documents: AsyncIterable<SourceDocument>;
  /** Files that could not be read or parsed, sorted by path: all of them once `documents` has ended. */
  skipped: SkippedFile[];
}

/**
 * The page a site shows for an address it does not have: `404.html` at the root of a built site
 * (where GitHub Pages, Netlify, Cloudflare Pages and others look for it) or of a language's folder
 * (`fr/404.html`, `pt-BR/404.html`, `es-419/404.html`, `zh-Hant/404.html`, as Docusaurus and Hugo
 * build a translated site), and its source (Jekyll's `404.md`). It asks for no `noindex`
 * (VitePress, Docusaurus and MkDocs write none), yet a search for "not found" would offer it. A
 * `404` page deeper in the site, or in a folder named for no language (`js/404.md`, `go/404.md`),
 * is about the status code, and is a page.
 */
function isNotFoundPage(relativePath: string): boolean {
  const page = NOT_FOUND_PAGE.exec(relativePath);
  return page !== null && (page[1] === undefined || isLanguageFolder(page[1]));
}

const NOT_FOUND_PAGE = /^(?:([^/]+)\/)?404\.(?:html?|mdx?|markdown)$/i;

/**
 * A language tag as translated sites name their folders: a language (two or three letters), then
 * a script (`Hant`) and a region (`BR`, `419`), joined by `-` or `_`.
 */
const LANGUAGE_TAG = /^([a-z]{2,3})(?:[-_][a-z]{4})?(?:[-_](?:[a-z]{2}|\d{3}))?$/i;

/** Names of languages, to tell a language's code (`fr`, `fil`) from a word shaped like one (`js`, `api`). */
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** Whether a folder's name is a language tag, as a translated site names the folder of a language's pages. */
function isLanguageFolder(name: string): boolean {
  const language = LANGUAGE_TAG.exec(name)?.[1];
  return language !== undefined && LANGUAGE_NAMES.of(language.toLowerCase()) !== undefined;
}

/**
 * Reads these files (under `dir`) into documents, in order; one that fails is skipped, with the
 * reason. `conventions` are those of the folder's sources (see `sourceConventionsOf`): without a
 * site URL, their base path leads each page's link and the root-relative links written in it.
 */
export function readContentFiles(
  dir: string,
  files: string[],
  siteUrl?: string,
  anchors?: AnchorStyle,
  conventions?: SourceConventions,
  privateFileIdentities: readonly FileIdentity[] = [],
): LoadedContent {
  const documents: SourceDocument[] = [];
  const skipped: SkippedFile[] = [];
  const basePath = siteUrl ? undefined : conventions?.basePath;
  for (const file of files) {
    const relativePath = pathIn(dir, file);
    try {
      if (isNotFoundPage(relativePath))
        throw new NotAPage('notFound', 'the page the site shows for an address it does not have (404)');
      // Through a link, a device (/dev/zero never ends) or a pipe (waits for a writer) is no page,
      // nor is a log or a data dump in the folder, which would cost memory to read and time at
      // every question that reaches it: refused before reading.
      const source = fileText(
        readRegularFile(file, MAX_FILE_BYTES, 'a page', privateFileIdentities),
        HTML_PAGE.test(file),
      );
      const reader = readerFor(file) as DocumentReader;
      const read = reader(relativePath, source, siteUrl || basePath, anchors, conventions);
      const document = basePath === undefined ? read : withLinksUnderBasePath(read, basePath);
      if (isEmptyPage(document, conventions)) throw new Error('empty: no text to index');
      documents.push(document);
    } catch (error) {
      skipped.push({
        path: relativePath,
        reason: reasonOf(error),
        ...(error instanceof NotAPage ? { notAPage: error.kind } : {}),
      });
    }
  }
  return { documents, skipped };
}

/**
 * A page of a site published under `basePath` with the links written in it as the site publishes
 * them (see `linkUnderBasePath`): `/guides/setup` and `/acme/guides/setup` are the same page.
 */
function withLinksUnderBasePath(document: SourceDocument, basePath: string): SourceDocument {
  const under = (written: string): string => linkUnderBasePath(written, basePath);
  // Set on the page just read, not spread into a copy, which would make its text (see `withTextOfSections`).
  if (document.links) document.links = document.links.map(under);
  if (document.mentions)
    document.mentions = document.mentions.map((mention) => ({
      ...mention,
      targets: mention.targets.map(under),
    }));
  return document;
}

/**
 * Reads every document file under `dir` (`.md`, `.markdown`, `.mdx`, `.html`, `.htm`, `.txt`,
 * see `READERS`) (recursively) into documents, handed
 * over as they are read, so that they can be indexed meanwhile. A file that can't be read or
 * parsed (unreadable, not UTF-8, broken front matter) is reported in `skipped` and never stops
 * the load; a missing `dir` fails the stream.
 */
export function readContentFolder(dir: string, options: ReadFolderOptions = {}): ContentStream {
  const skipped: SkippedFile[] = [];
  async function* documents(): AsyncGenerator<SourceDocument> {
    const listed = await listFiles(dir, skipped, dir);
    const files = listed
      .filter((file) => readerFor(file) !== undefined && !isMachineFile(relative(dir, file)))
      .sort();
    const batches: string[][] = [];
    for (let i = 0; i < files.length; i += FILES_PER_BATCH) batches.push(files.slice(i, i + FILES_PER_BATCH));
    const workers =
      options.workers ?? (files.length >= FILES_FOR_WORKERS ? Math.max(1, availableParallelism() - 1) : 0);
    const generator = siteGeneratorOf(dir);
    const paths = listed.map((file) => pathIn(dir, file));
    const reading: Reading = {
      siteUrl: options.siteUrl,
      anchors: options.anchors ?? generator.anchors,
      // As they are now: a database's journals come and go between reads of a watched folder.
      privateFileIdentities: identitiesOf(options.privateFiles ?? []),
      conventions: sourceConventionsOf(paths, {
        generator: generator.name,
        pageUrls: pageUrlStyleOf(generator),
        ...(options.siteUrl ? {} : { basePath: basePathOf(generator) }),
        ...(generator.name === 'Jekyll'
          ? { jekyll: jekyllSettings(generator.evidence) }
          : paths.some(isPost)
            ? { jekyll: jekyllPostSettings(dir) }
            : {}),
        ...(generator.name === 'Hugo' && generator.evidence !== undefined
          ? { hugo: hugoSettings(generator.evidence, dir) }
          : {}),
      }),
    };
    const read =
      workers > 0 ? readInWorkers(dir, batches, workers, reading) : readHere(dir, batches, reading);
    // HTML pages last, once all are read: what they share is the site's (`withoutSiteWideMetadata`).
    const htmlPages: SourceDocument[] = [];
    for await (const content of read) {
      skipped.push(...content.skipped);
      for (const document of content.documents)
        if (HTML_PAGE.test(document.id)) htmlPages.push(document);
        else yield document;
    }
    for (const page of withoutSiteWideMetadata(htmlPages))
      if (isEmptyPage(page))
        skipped.push({ path: page.id, reason: 'empty: nothing but what most pages repeat' });
      else yield page;
    skipped.sort((a, b) => a.path.localeCompare(b.path));
  }
  return { documents: documents(), skipped };
}

/** How the files of a folder are read: its site's URL, anchor style and generator's conventions. */
interface Reading extends Pick<LoadFolderOptions, 'siteUrl' | 'anchors'> {
  conventions?: SourceConventions;
  /** The identities (device and inode) of the files never read, `LoadFolderOptions.privateFiles` as they are now. */
  privateFileIdentities?: FileIdentity[];
}

async function* readHere(dir: string, batches: string[][], reading: Reading): AsyncGenerator<LoadedContent> {
  for (const [i, files] of batches.entries()) {
    if (i > 0) await nextTurn();
    yield readContentFiles(
      dir,
      files,
      reading.siteUrl,
      reading.anchors,
      reading.conventions,
      reading.privateFileIdentities,
    );
  }
}

/** What a worker is asked to read (see `load-worker.ts`), and its answer. */
export interface ReadRequest extends Reading {
  batch: number;
  dir: string;
  files: string[];
}
export interface ReadResult {
  batch: number;
  content: { documents: DocumentOnWire[]; skipped: SkippedFile[] };
}

/** Reads the batches in `count` workers (batch i in worker i % count), giving their contents in order. */
async function* readInWorkers(
  dir: string,
  batches: string[][],
  count: number,
  reading: Reading,
): AsyncGenerator<LoadedContent> {
  const workers = Array.from({ length: Math.min(count, batches.length) }, () =>
    startWorkerModule(import.meta.url, 'load-worker', { resourceLimits: INDEXING_THREAD_LIMITS }),
  );
  const read = new Map<number, LoadedContent>();
  let failure: unknown;
  let wake: (() => void) | undefined;
  for (const worker of workers) {
    // A worker never keeps the process alive, should the documents be left unread.
    worker.unref();
    worker.on('message', ({ batch, content }: ReadResult) => {
      read.set(batch, { ...content, documents: content.documents.map(transferredDocument) });
      wake?.();
    });
    worker.on('error', (error) => {
      failure = error;
      wake?.();
    });
    // A worker only stops when told to, below: one that stops before has failed.
    worker.on('exit', (code) => {
      failure ??= new Error(`a worker reading ${dir} stopped with exit code ${code}`);
      wake?.();
    });
  }
  batches.forEach((files, batch) => {
    const request: ReadRequest = { batch, dir, files, ...reading };
    workers[batch % workers.length]?.postMessage(request);
  });
  try {
    for (let batch = 0; batch < batches.length; batch++) {
      let content = read.get(batch);
      while (content === undefined) {
        if (failure !== undefined) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        content = read.get(batch);
      }
      read.delete(batch);
      yield content;
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/**
 * Reads every document file under `dir` (`.md`, `.markdown`, `.mdx`, `.html`, `.htm`, `.txt`,
 * see `READERS`) (recursively) into documents (see
 * `readContentFolder`); a missing `dir` rejects.
 */
export async function loadContentFolder(
  dir: string,
  options: ReadFolderOptions = {},
): Promise<LoadedContent> {
  const content = readContentFolder(dir, options);
  const documents: SourceDocument[] = [];
  for await (const document of content.documents) documents.push(document);
  return { documents, skipped: content.skipped };
}
