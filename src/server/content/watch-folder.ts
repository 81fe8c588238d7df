import { type FSWatcher, statSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';

/** Quiet time after the last change before the folder is read again (an editor saves in bursts). */
const SETTLE_MS = 200;
/**
 * How often the folder itself is looked at: a build that deletes its output folder and writes a
 * new one (or moves a new one in its place) leaves a watcher on a folder that no longer exists,
 * which reports nothing more.
 */
const FOLDER_CHECK_MS = 1000;

export interface FolderWatch {
  close(): void;
}

export interface FolderWatchOptions {
  /** Told once when the folder goes away (the index in use stays), and once when it is back. */
  onFolderGone?: () => void;
  onFolderBack?: () => void;
  /** How often the folder itself is looked at, in milliseconds (see `FOLDER_CHECK_MS`). */
  checkMs?: number;
  /**
   * Whether a change at this path (relative to the folder, as `fs.watch` names it) may change what
   * is read; a change it turns down schedules nothing. Default: every change counts. A change the
   * system reports without a name always counts.
   */
  counts?: (path: string) => boolean;
  /**
   * Files outside the folder whose change counts as one of the folder's: a site generator's
   * configuration above it (see `siteConfigFilesAbove`). Looked at when the folder itself is
   * (every `checkMs`): one made, edited or removed schedules a read.
   */
  files?: readonly string[];
  /** Node's `fs.watch`, or a stand-in (tests). */
  watch?: typeof watch;
  /**
   * Throws when the system has no file watch left (see `probeWatches`), asked once a watch has
   * started; a stand-in in tests.
   */
  probe?: () => void;
}

/**
 * Throws ENOSPC when the system has no file watch left for one more folder. On Linux, Node 20's
 * recursive watch takes one per file and folder and, when they run out while it starts, keeps
 * the error to itself (it is emitted before anyone can listen): the watch starts on part of the
 * folder, and changes in the rest go unseen without a word. One more watch, of a folder the
 * watch does not hold, tells.
 */
function probeWatches(): void {
  if (process.platform !== 'linux') return;
  try {
    watch(tmpdir()).close();
  } catch (error) {
    // Its message names the folder probed, not the one watched.
    if ((error as { code?: unknown }).code === 'ENOSPC')
      throw Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), {
        code: 'ENOSPC',
      });
  }
}

/** The folder as the file system knows it (device and inode), or undefined when it isn't there. */
function folderIdentity(dir: string): string | undefined {
  try {
    const stats = statSync(dir);
    // With its birth time: a folder deleted and made again often gets the same inode number.
    return stats.isDirectory() ? `${stats.dev}:${stats.ino}:${stats.birthtimeMs}` : undefined;
  } catch {
    return undefined;
  }
}

/** What the file system says of these files (each one's inode, size and time of change, or none), to tell a change. */
function filesState(files: readonly string[]): string {
  return files
    .map((file) => {
      try {
        const stats = statSync(file);
        return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
      } catch {
        return '';
      }
    })
    .join('|');
}

/**
 * Calls `onChange` once a burst of changes anywhere under `dir` (or to one of `options.files`) has settled. Calls never overlap:
 * a change during one schedules one more afterwards, so the last state of the folder is always
 * the one read last. The folder deleted and made again, or another moved in its place, is
 * watched again and read as a change; while it is missing nothing is read.
 */
export function watchFolder(
  dir: string,
  onChange: () => Promise<void>,
  onError: (error: unknown, during: 'watch' | 'read') => void,
  options: FolderWatchOptions = {},
): FolderWatch {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let pending = false;
  let closed = false;
  let identity = folderIdentity(dir);
  const files = options.files ?? [];
  let filesSeen = filesState(files);
  let watcher: FSWatcher | undefined;
  // A watch that keeps failing is told once, until one works again.
  let failing = false;
  const fail = (error: unknown): void => {
    if (failing || folderIdentity(dir) === undefined) return;
    failing = true;
    onError(error, 'watch');
  };
  const watchFn = options.watch ?? watch;
  const run = (): void => {
    timer = undefined;
    if (closed) return;
    // Deleted (a build clearing its output): the index in use stays until the folder is back.
    if (folderIdentity(dir) === undefined) return;
    if (running) {
      pending = true;
      return;
    }
    running = onChange()
      .catch((error: unknown) => onError(error, 'read'))
      .finally(() => {
        running = undefined;
        if (pending && !closed) {
          pending = false;
          schedule();
        }
      });
  };
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  };
  const startWatching = (): void => {
    watcher?.close();
    watcher = undefined;
    try {
      const started = watchFn(dir, { recursive: true }, (_event, name) => {
        failing = false;
        if (name !== null && options.counts?.(name.toString()) === false) return;
        schedule();
      });
      watcher = started;
      // A watched folder deleted is an error on some systems, and the system's watches can run
      // out (ENOSPC): told, and watched again by the next check.
      started.on('error', (error) => {
        started.close();
        if (watcher === started) watcher = undefined;
        fail(error);
      });
      try {
        (options.probe ?? probeWatches)();
      } catch (error) {
        // Out of watches as it started: the part it holds is kept (watching it again would take
        // as long, the event loop held for 0.4 s for MDN's 20,001, and get no further).
        if ((error as { code?: unknown }).code === 'ENOSPC') fail(error);
      }
    } catch (error) {
      // Gone between the check and the watch, or no watch to be had: the next check tries again.
      fail(error);
    }
  };
  startWatching();
  const check = setInterval(() => {
    if (files.length > 0) {
      const state = filesState(files);
      if (state !== filesSeen) {
        filesSeen = state;
        schedule();
      }
    }
    const now = folderIdentity(dir);
    if (now === identity) {
      // Its watcher failed: watched again, and read, since a change may have gone unseen.
      if (now !== undefined && watcher === undefined && !closed) {
        startWatching();
        if (watcher !== undefined) schedule();
      }
      return;
    }
    const wasThere = identity !== undefined;
    identity = now;
    if (now === undefined) {
      watcher?.close();
      watcher = undefined;
      options.onFolderGone?.();
      return;
    }
    if (!wasThere) options.onFolderBack?.();
    startWatching();
    schedule();
  }, options.checkMs ?? FOLDER_CHECK_MS);
  check.unref();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      clearInterval(check);
      watcher?.close();
    },
  };
}

/**
 * What an operator reads when watching `dir` failed (`during` "watch" in `watchFolder`'s
 * `onError`): the watch, not the re-indexing, and for the system's limit of watches (Linux's
 * recursive watch takes one per file and folder: 20,001 for MDN's 10,000 pages) what raises it.
 */
export function watchFailure(dir: string, error: unknown): string {
  const limit =
    (error as { code?: unknown } | undefined)?.code === 'ENOSPC'
      ? ": the system's limit of file watches is reached (one per file and folder), and changes in part of the folder go unseen; raise it, as root: sysctl fs.inotify.max_user_watches=524288, then restart the service"
      : '';
  return limit
    ? `Watching ${dir} for changes failed (${String(error)})${limit}`
    : `Watching ${dir} for changes failed (${String(error)}). Watched again every second: once it works, the folder is read again`;
}
