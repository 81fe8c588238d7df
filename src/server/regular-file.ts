/**
 * Reading the files of a folder the service is pointed at (`--content`, `--static`) when links in
 * it may lead anywhere: a docs repository's checkout holds what a contributor committed, links
 * too, and a link is followed wherever it leads.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';

/**
 * The largest file read from those folders: a page indexed (MDN's largest is 0.1 MiB), a site
 * generator's configuration, the `404.html` shown.
 */
export const MAX_FILE_BYTES = 2 ** 20;

/**
 * A file as the disk knows it, whatever its names: the same file through a link has the same. Read
 * as bigints: a file's ID on Windows (NTFS, ReFS) may pass 2^53, where two numbers read from
 * different IDs can be equal.
 */
export interface FileIdentity {
  dev: bigint;
  ino: bigint;
}

/** The identity of the file at `path` (a link followed); undefined when there is none to stat. */
export function identityOf(path: string): FileIdentity | undefined {
  try {
    const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
    return stats === undefined ? undefined : { dev: stats.dev, ino: stats.ino };
  } catch {
    return undefined;
  }
}

/** Whether two identities are of one file. */
export function isSameFile(one: FileIdentity, other: FileIdentity): boolean {
  return one.dev === other.dev && one.ino === other.ino;
}

/** The identities of those of `paths` that are there (a database's journal comes and goes). */
export function identitiesOf(paths: readonly string[]): FileIdentity[] {
  return paths.flatMap((path) => identityOf(path) ?? []);
}

/**
 * The bytes of the regular file at `path` (a link followed), at most `maxBytes`; throws for a
 * device, a pipe or a socket, a larger file, naming it `what` ("a page"), or one of `refused`
 * (the service's config file and database, whatever link leads to them). The file is opened
 * without waiting (a pipe would hold the thread until written to) and read for the size the
 * file system gives it: a pseudo-file of `/proc`, which gives none (`/proc/self/environ`, the
 * process's environment, its keys with it), reads as empty.
 */
export function readRegularFile(
  path: string,
  maxBytes: number,
  what: string,
  refused: readonly FileIdentity[] = [],
): Buffer {
  // No O_NONBLOCK on Windows, which has no pipes in the file system to wait on.
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = fstatSync(fd, { bigint: true });
    if (!stats.isFile()) throw new Error('not a file (a device, a pipe or a socket)');
    if (refused.some((file) => isSameFile(file, stats)))
      throw new Error(
        "the service's own config file or database (its keys, visitors' questions): never read",
      );
    if (stats.size > BigInt(maxBytes))
      throw new Error(
        // In bytes: "1.0 MiB; at most 1 MiB" read as no excess at all for a file just over.
        `too large to be ${what} (${stats.size.toLocaleString('en-US')} bytes; at most ${maxBytes.toLocaleString('en-US')}, ${maxBytes / 2 ** 20} MiB)`,
      );
    const bytes = Buffer.allocUnsafe(Number(stats.size));
    let read = 0;
    while (read < bytes.length) {
      const count = readSync(fd, bytes, read, bytes.length - read, read);
      if (count === 0) break;
      read += count;
    }
    return bytes.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether `path`, once its links are followed, is a hidden file (`.env`) or in a hidden folder
 * (`.git/`, `~/.ssh/`), seen from the real path of the folder `root` it is in: a link
 * `faq.md -> ../.env` is no way around the rule that hidden names are never read or served.
 * `isHidden` says which names are (`--static` serves `.well-known`); names above `root` (a site
 * kept in `~/.local/`) are not looked at. False for a path that can't be resolved.
 */
export function leadsToHidden(root: string, path: string, isHidden: (name: string) => boolean): boolean {
  let names: string[];
  try {
    names = relative(realpathSync.native(root), realpathSync.native(path)).split(sep);
  } catch {
    return false;
  }
  return names.some((name) => name !== '..' && isHidden(name));
}
