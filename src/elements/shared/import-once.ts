/**
 * The loader of a lazily imported part. `load` is `() => import('./part.js')` and nothing more (a
 * dynamic `import()` of a literal, so that bundlers still split the part off and write the name
 * of its chunk there), and `base` is `import.meta.url` of the module that writes it. The first
 * call imports the part, later calls share it, and a failed import is forgotten, so that the next
 * call tries again, should the network have come back. While the device is offline, a failed
 * import is not tried again: each call (a key pressed) would cost a request and an error in the
 * console for nothing; the first call once the device is back online tries again.
 *
 * Chromium fetches a part again then. Safari, Firefox and older Chromium keep a module whose fetch
 * failed in the page's module map, and reject every later `import()` of it at once, without a
 * request, until a reload. So after a failure, when `load` fails again, the part is imported from
 * the URL `load` names (the chunk's name as the bundler wrote it there:
 * `import("./ask-elements-part-1a2b3c.js")`), resolved against `base`, with a query that changes
 * each time, which they take for another module. The first load is the bundler's own `import()`.
 * A bundler that writes no name there (webpack's `__webpack_require__.e`) fetches its chunks
 * itself, and again after a failure.
 */
export function importOnce<T>(load: () => Promise<T>, base: string): () => Promise<T> {
  let loading: Promise<T> | undefined;
  /** The last import started: offline, a failed one stands, since another would fail at once. */
  let last: Promise<T> | undefined;
  let failures = 0;
  return () =>
    (globalThis.navigator?.onLine === false && last) ||
    (loading ??= last =
      load()
        .catch((error: unknown) => {
          const specifier = failures && /import\(.(.+?)["'`]\)/.exec(`${load}`)?.[1];
          if (!specifier) throw error;
          return import(
            /* @vite-ignore */ /* webpackIgnore: true */ new URL(`${specifier}?retry=${failures}`, base).href
          ) as Promise<T>;
        })
        .catch((error: unknown) => {
          loading = undefined;
          failures++;
          throw error;
        }));
}

/**
 * What a promise whose failure is told elsewhere does with it: nothing. A fetch made ahead of
 * need, say: the need that follows tries again and tells the visitor.
 */
export function ignore(): void {}
