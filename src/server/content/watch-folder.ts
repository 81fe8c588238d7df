import { type FSWatcher, watch } from 'node:fs';

/** Quiet time after the last change before the folder is read again (an editor saves in bursts). */
const SETTLE_MS = 200;

export interface FolderWatch {
  close(): void;
}

/**
 * Calls `onChange` once a burst of changes anywhere under `dir` has settled. Calls never overlap:
 * a change during one schedules one more afterwards, so the last state of the folder is always
 * the one read last.
 */
export function watchFolder(
  dir: string,
  onChange: () => Promise<void>,
  onError: (error: unknown) => void,
): FolderWatch {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let pending = false;
  let closed = false;
  const run = (): void => {
    timer = undefined;
    if (closed) return;
    if (running) {
      pending = true;
      return;
    }
    running = onChange()
      .catch(onError)
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
  const watcher: FSWatcher = watch(dir, { recursive: true }, schedule);
  watcher.on('error', onError);
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      watcher.close();
    },
  };
}
