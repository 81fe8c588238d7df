/**
 * The folder `--static` serves at `/` (the built demo page, a site's own pages): files as
 * @hono/node-server's serveStatic reads them (no `..`, no encoded slashes), without what a
 * folder holds beside a site that is no part of it.
 */
import { type Stats, statSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import { escapeHtml } from '../answer/answer-format.js';
import { identityOf, isSameFile, leadsToHidden, MAX_FILE_BYTES, readRegularFile } from '../regular-file.js';
import { ApiError } from './api-error.js';
import type { AppEnv } from './app-env.js';
import type { EmbeddingOrigins } from './embedding-origins.js';

/**
 * A dotfile or dot-folder (`.env`, `.git/config`), never served, as Express's serve-static
 * ignores them by default; `.well-known` is the one that is meant to be.
 */
const HIDDEN = /(?:^|\/)\.(?!well-known(?:\/|$))/;
/**
 * A build's asset named by its content's hash (`assets/main-Bx3kQ9aZ.js`, as Vite writes it): its
 * content never changes. The hash has a digit or a capital; `ask-elements.js` has no hash.
 */
const HASHED =
  /\/assets\/(?:[^/]+\/)*[^/]+-(?=[\w-]{0,7}[A-Z0-9])[\w-]{8}\.(?:js|mjs|css|woff2?|png|jpe?g|webp|avif|svg)$/;

/** What a page on another origin loads as a module or a font, which the browser asks CORS for. */
const LOADED_CROSS_ORIGIN = /\.(?:m?js|css|woff2?)$/;

/** A file's stats, following links; undefined when there is none. */
function statsOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** The file a path serves (a folder's index.html), with its stats (links followed); undefined for none. */
function servedFile(root: string, path: string): { file: string; stats: Stats } | undefined {
  let file = join(root, path);
  let stats = statsOf(file);
  if (stats?.isDirectory()) {
    file = join(file, 'index.html');
    stats = statsOf(file);
  }
  return stats === undefined ? undefined : { file, stats };
}

/**
 * Whether the file at `file` (the one a path serves) is one of `privateFiles`, compared as files
 * (device and inode, see `isSameFile`), not as names: a link to it, or another case of its name on
 * a case-insensitive disk, is the same file.
 */
function isPrivateFile(file: string | undefined, privateFiles: readonly string[]): boolean {
  const served = file === undefined ? undefined : identityOf(file);
  if (served === undefined) return false;
  return privateFiles.some((privateFile) => {
    const kept = identityOf(privateFile);
    return kept !== undefined && isSameFile(kept, served);
  });
}

/** A name never served: a hidden file or folder (`.env`, `.git`), `.well-known` aside. */
const isHiddenName = (name: string): boolean => HIDDEN.test(name);

/**
 * The file a path names, as static hosts (GitHub Pages, Netlify, Cloudflare Pages) find it: the
 * path itself, else, when nothing is there, the page of that name with `.html` added (`/about`
 * for `about.html`). Built sites that name their pages so (VitePress without `cleanUrls`, MkDocs
 * without `use_directory_urls`, Sphinx, Jekyll, Hugo's `uglyURLs`) are linked by search without
 * the extension, as those hosts serve them.
 */
function withHtmlExtension(root: string, path: string): string {
  if (path.endsWith('/') || statsOf(join(root, path)) !== undefined) return path;
  return statsOf(join(root, `${path}.html`))?.isFile() ? `${path}.html` : path;
}

/**
 * Where an address naming a folder without its trailing slash (`/guides` for `guides/index.html`)
 * is sent: to the same path with the slash and the query kept, as static hosts answer it (301),
 * so the page's relative links and assets resolve under `/guides/` rather than `/`. Only for a
 * folder serveStatic would serve (a GET or HEAD, an index.html there, a path it takes: no `//`,
 * which would also make `//host/` a redirect off the site, no `%` left once decoded, as `%2F`
 * is); else undefined.
 */
function folderWithoutSlash(root: string, method: string, path: string, url: URL): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  if (url.pathname.endsWith('/') || url.pathname.includes('//') || path.includes('%')) return undefined;
  if (!statsOf(join(root, path))?.isDirectory() || !statsOf(join(root, path, 'index.html'))?.isFile())
    return undefined;
  return `${url.pathname}/${url.search}`;
}

/**
 * Serves `root`. A script, stylesheet or font carries `Access-Control-Allow-Origin` for the
 * origins the agents allow: a site that loads `ask-elements.js` from the service (a module script,
 * and its lazy chunks) needs it, as it does for the bot endpoints. Pages carry none.
 *
 * `privateFiles` (the service's database and its journals, its config file) are never served,
 * should the folder hold them: `--static .` in the folder the service runs in served
 * `ask-elements.db`, every question, answer and comment, and a config file with its keys.
 */
export function staticFiles(
  root: string,
  origins: EmbeddingOrigins,
  privateFiles: readonly string[] = [],
): MiddlewareHandler<AppEnv> {
  const serve = serveStatic({ root, rewriteRequestPath: (path) => withHtmlExtension(root, path) });
  return async (c, next) => {
    // The app takes a trailing slash as the same route (`strict: false`), and `c.req.path` comes
    // without it: a file is no folder (`/style.css/`, whose page's relative links would miss),
    // nor is `/docs//` a folder's URL, as they were not before and are on no other server.
    if (c.req.path !== '/' && new URL(c.req.url).pathname.endsWith('/')) {
      if (c.req.path.endsWith('/') || !statsOf(join(root, c.req.path))?.isDirectory()) return next();
    }
    if (HIDDEN.test(c.req.path)) return next();
    const path = withHtmlExtension(root, c.req.path);
    const served = servedFile(root, path);
    if (served !== undefined && !served.stats.isDirectory()) {
      // No file: a device never ends (`/dev/zero`, sent for ever), and a pipe holds one of the
      // few threads every file read shares until written to (four requests stopped them all).
      if (!served.stats.isFile()) return next();
      // A link to a hidden file (`env.txt -> .env`, `~/.ssh/id_rsa`) is as hidden as the file.
      if (leadsToHidden(root, served.file, isHiddenName)) return next();
    }
    if (privateFiles.length > 0 && isPrivateFile(served?.file, privateFiles)) return next();
    const redirect = folderWithoutSlash(root, c.req.method, c.req.path, new URL(c.req.url));
    if (redirect !== undefined) {
      c.header('Cache-Control', 'no-cache');
      return c.redirect(redirect, 301);
    }
    let response = await serve(c, next);
    // A file that says it has no bytes is sent with none: a pseudo-file of `/proc` says so, and
    // holds more (`/proc/self/environ`: the process's environment, keys and all).
    if (
      response instanceof Response &&
      response.status === 200 &&
      served?.stats.size === 0 &&
      response.body
    ) {
      await response.body.cancel();
      response = new Response(null, { status: 200, headers: response.headers });
    }
    // A Range beyond the file (a download resumed after the file was replaced by a shorter one)
    // gets the JSON error body every other error has, where serveStatic's 416 had no body and
    // was labelled with the file's type.
    if (response instanceof Response && response.status === 416) {
      const contentRange = response.headers.get('Content-Range') ?? '';
      const size = /\/(\d+)$/.exec(contentRange)?.[1];
      throw new ApiError(
        416,
        'range_not_satisfiable',
        `The Range asks for no byte of the file${size === undefined ? '' : `, which has ${size} bytes`}`,
        { headers: { 'Content-Range': contentRange } },
      );
    }
    if (response instanceof Response && (response.status === 200 || response.status === 206)) {
      // A file is what its extension says: a browser never sniffs an .svg or a .txt into a page
      // that runs script on the service's origin.
      response.headers.set('X-Content-Type-Options', 'nosniff');
      // Hashed assets are kept for good; other files are checked again each time (no ETag:
      // a page changed by a new build is never served stale).
      response.headers.set(
        'Cache-Control',
        HASHED.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      if (LOADED_CROSS_ORIGIN.test(c.req.path)) {
        const allowed = origins.allowOriginFor(c.req.header('origin'));
        if (allowed) response.headers.set('Access-Control-Allow-Origin', allowed);
        if (!origins.any) response.headers.append('Vary', 'Origin');
      }
    }
    return response;
  };
}

/** The service's own paths, whose clients read the JSON error whatever they accept. */
const API_PATH = /^\/(?:bot|api)(?:\/|$)|^\/openapi\.json$/;

/**
 * What a browser gets for an address `root` has no file for: the site's own `404.html`, as static
 * hosts (GitHub Pages, Netlify, Cloudflare Pages) serve it, else a short page naming the address,
 * with status 404 either way, where it had the API's JSON error as text. Only for a page a browser
 * opens (a GET whose Accept names `text/html`) and off the service's paths: a script, a `fetch`
 * and every API client still get the JSON error. A `404.html` that is one of `privateFiles` (a
 * link to the database or the config file) is never shown: the short page is.
 */
export function pageNotFound(
  root: string,
  request: Request,
  privateFiles: readonly string[] = [],
): Response | undefined {
  const path = new URL(request.url).pathname;
  if (
    (request.method !== 'GET' && request.method !== 'HEAD') ||
    !(request.headers.get('accept') ?? '').includes('text/html') ||
    API_PATH.test(path)
  )
    return undefined;
  const file = join(root, '404.html');
  let page: string | undefined;
  try {
    // A small file only, read at each address missed on the thread every request shares: a pipe
    // held it until written to, 300 MB stalled the service 21 s a visit, and a link to
    // `/proc/self/environ` showed the service's environment, keys and all, as the page.
    if (!isPrivateFile(file, privateFiles) && !leadsToHidden(root, file, isHiddenName))
      page = readRegularFile(file, MAX_FILE_BYTES, 'a page').toString('utf8') || undefined;
  } catch {
    // None, unreadable, or no small file: the short page.
  }
  if (page === undefined) {
    let shown = path;
    try {
      shown = decodeURIComponent(path);
    } catch {
      // An address that is no valid UTF-8 once decoded is shown as it came.
    }
    page =
      '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
      `<title>Page not found</title><h1>Page not found</h1><p>There is no page at ${escapeHtml(shown)}.</p>` +
      '<p><a href="/">Go to the home page</a></p></html>';
  }
  return new Response(page, {
    status: 404,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
