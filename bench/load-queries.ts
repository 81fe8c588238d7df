/**
 * The search queries of the load benchmarks (bench/service-load.ts over HTTP,
 * bench/search-throughput.ts in process), so that both measure the same work.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What visitors of a web-platform docs site type: APIs, CSS, HTTP, JS, how-tos. */
export const VISITOR_QUERIES = [
  'fetch api',
  'using fetch with json',
  'abort a fetch request',
  'array map',
  'array.prototype.reduce',
  'promise all',
  'async await',
  'css grid layout',
  'flexbox align items center',
  'position sticky',
  'media queries',
  'prefers color scheme dark mode',
  'local storage',
  'indexeddb',
  'service worker cache',
  'web workers',
  'websocket',
  'intersection observer',
  'resize observer',
  'mutation observer',
  'canvas draw image',
  'requestAnimationFrame',
  'addEventListener options passive',
  'custom elements',
  'shadow dom',
  'template element',
  'cors',
  'content security policy',
  'http caching',
  'cache-control header',
  'http 404 not found',
  'set-cookie samesite',
  'regular expressions',
  'string replaceAll',
  'date toLocaleDateString',
  'json parse',
  'json stringify',
  'destructuring assignment',
  'spread syntax',
  'optional chaining',
  'nullish coalescing',
  'class private fields',
  'modules import export',
  'dynamic import',
  'generator function',
  'aria-label',
  'aria live region',
  'keyboard accessible',
  'svg path',
  'svg viewBox',
  'webassembly instantiate',
  'clipboard api',
  'geolocation',
  'notifications api',
  'web audio',
  'getUserMedia camera',
  'webrtc',
  'form validation',
  'input type date',
  'dialog element',
  'details summary',
  'transition',
  'animation keyframes',
  'transform rotate',
  'z-index stacking context',
  'box-sizing',
  'font-face',
  'css variables custom properties',
  'calc',
  'clamp',
  'grid-template-areas',
  'object-fit',
  'history pushState',
  'url searchparams',
  'blob download',
  'file reader',
  'drag and drop',
  'pointer events',
  'touch events',
  'scrollIntoView',
  'getBoundingClientRect',
];

/** A query as typed: each prefix of 3+ characters of its last word, then the whole query. */
export function keystrokes(query: string): string[] {
  const out: string[] = [];
  for (let end = 3; end <= query.length; end++) {
    if (query[end - 1] !== ' ') out.push(query.slice(0, end));
  }
  return out;
}

/** Distinct queries from the corpus's own titles, so that no two requests are the same. */
export function titleQueries(dir: string, max: number): string[] {
  const titles: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (titles.length >= max) return;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) {
        const match = /^title: "(.*)"$/m.exec(readFileSync(path, 'utf8').slice(0, 600));
        if (match) titles.push(match[1]!.replace(/[`\\]/g, '').toLowerCase());
      }
    }
  };
  walk(dir);
  return titles;
}

/** Each title of the corpus and its first half: no two the same, as the load benchmark sends them. */
export function distinctTitleQueries(dir: string): string[] {
  return [
    ...new Set(
      titleQueries(dir, 20_000).flatMap((title) => [
        title,
        title.slice(0, Math.max(3, Math.ceil(title.length / 2))),
      ]),
    ),
  ];
}
