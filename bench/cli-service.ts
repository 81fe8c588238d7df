/**
 * The reference service as a child process (the real CLI), for the benchmarks that load it over
 * HTTP (service-load.ts, adversarial-queries.ts): the load generator then doesn't share its event
 * loop. With what they read of it from /proc: its memory and the CPU it has used.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface CliService {
  process: ChildProcess;
  url: string;
  documents: number;
  indexMs: number;
}

/**
 * Starts `ask-elements serve` over `contentDir` on a free port, quiet, with `env` added to this
 * process's; resolves once it has indexed and listens, rejects if it exits first.
 */
export function startCliService(
  contentDir: string,
  dbFile: string,
  configFile: string,
  env: Record<string, string> = {},
): Promise<CliService> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'src/server/cli.ts'),
      'serve',
      '--content',
      contentDir,
      '--db',
      dbFile,
      '--config',
      configFile,
      '--port',
      '0',
      '--quiet',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Listening on (\S+)/.exec(output);
      const indexed = /Indexed (\d+) documents? from .* in (\d+) ms/.exec(output);
      if (listening && indexed) {
        child.stdout!.off('data', onData);
        resolve({
          process: child,
          url: listening[1]!,
          documents: Number(indexed[1]),
          indexMs: Number(indexed[2]),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`service exited with ${code}:\n${output}`)));
  });
}

/** The resident memory of process `pid`, in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU seconds the process's main thread, and the whole process (every thread), have used so far. */
export function cpuSeconds(pid: number): { main: number; total: number } {
  const ticks = (path: string): number => {
    // After the command's closing parenthesis: utime and stime are the 12th and 13th fields.
    const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  return { main: ticks(`/proc/${pid}/task/${pid}/stat`), total: ticks(`/proc/${pid}/stat`) };
}
