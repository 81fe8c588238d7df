import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { join, relative, sep } from 'node:path';
import type { SkippedFile, SourceDocument } from './document.js';
import { htmlDocument } from './html-document.js';
import { markdownDocument } from './markdown-document.js';
import { textDocument } from './text-document.js';

export interface LoadFolderOptions {
  /** Base URL of the published site; links are root-relative paths without it. */
  siteUrl?: string;
}

export interface LoadedContent {
  /** The documents, sorted by path. */
  documents: SourceDocument[];
  /** Files that could not be read or parsed, with the reason; loading goes on without them. */
  skipped: SkippedFile[];
}

type DocumentReader = (relativePath: string, source: string, siteUrl?: string) => SourceDocument;

const READERS: Record<string, DocumentReader> = {
  '.md': markdownDocument,
  '.markdown': markdownDocument,
  '.html': htmlDocument,
  '.htm': htmlDocument,
  '.txt': textDocument,
};

function readerFor(path: string): DocumentReader | undefined {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : READERS[path.slice(dot).toLowerCase()];
}

/** Every file under dir; hidden folders and node_modules are not content. Folders are listed in parallel. */
async function listFiles(dir: string, skipped: SkippedFile[], root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (dir === root) throw error;
    skipped.push({ path: relative(root, dir).split(sep).join('/'), reason: reasonOf(error) });
    return [];
  }
  const files: string[] = [];
  const folders: Promise<string[]>[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) folders.push(listFiles(path, skipped, root));
    else if (entry.isFile() || entry.isSymbolicLink()) files.push(path);
  }
  for (const nested of await Promise.all(folders)) files.push(...nested);
  return files;
}

function reasonOf(error: unknown): string {
  if (error instanceof Error)
    return (error as NodeJS.ErrnoException).code
      ? `${(error as NodeJS.ErrnoException).code}: ${error.message}`
      : error.message;
  return String(error);
}

/**
 * Files are read synchronously in small batches: on a docs-sized folder one synchronous read is
 * far cheaper than the four asynchronous calls behind `readFile`, and yielding between batches
 * keeps the process responsive while a large folder loads.
 */
const FILES_PER_TURN = 64;

/**
 * Reads every `.md`, `.html` and `.txt` file under `dir` (recursively) into documents. A file
 * that can't be read or parsed (unreadable, not UTF-8, broken front matter) is reported in
 * `skipped` and never stops the load; a missing `dir` rejects.
 */
export async function loadContentFolder(
  dir: string,
  options: LoadFolderOptions = {},
): Promise<LoadedContent> {
  const skipped: SkippedFile[] = [];
  const files = (await listFiles(dir, skipped, dir)).filter((file) => readerFor(file) !== undefined).sort();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const documents: SourceDocument[] = [];
  for (let i = 0; i < files.length; i++) {
    if (i > 0 && i % FILES_PER_TURN === 0) await nextTurn();
    const file = files[i] as string;
    const relativePath = relative(dir, file).split(sep).join('/');
    try {
      const source = decoder.decode(readFileSync(file));
      const reader = readerFor(file) as DocumentReader;
      documents.push(reader(relativePath, source, options.siteUrl));
    } catch (error) {
      skipped.push({ path: relativePath, reason: reasonOf(error) });
    }
  }
  skipped.sort((a, b) => a.path.localeCompare(b.path));
  return { documents, skipped };
}
