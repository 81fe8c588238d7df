/**
 * The files an object of the service was read from or writes (a config loaded with
 * `loadConfigFile`, a store made by `createSqliteStore`), by the object: `createApp` never serves
 * them from `staticDir`, however the host put the app together (the CLI, `startService` with a
 * config object, `createApp` itself).
 */
import { resolve } from 'node:path';

const privateFiles = new WeakMap<object, readonly string[]>();

/** Records `files` as `owner`'s, as absolute paths (a later change of directory moves none). */
export function keepPrivate(owner: object, files: readonly string[]): void {
  privateFiles.set(
    owner,
    files.map((file) => resolve(file)),
  );
}

/** The files recorded for any of `owners`. */
export function privateFilesOf(...owners: object[]): string[] {
  return owners.flatMap((owner) => privateFiles.get(owner) ?? []);
}
