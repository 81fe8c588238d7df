/**
 * The loader of a lazily imported part: the first call starts `load` (a dynamic `import()`, so
 * that bundlers still split the module off), later calls share it, and a failed load is
 * forgotten, so that the next call asks again should the network come back.
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
