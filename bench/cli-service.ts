/**
 * The reference service as a child process (the real CLI), for the benchmarks that load it over
 * HTTP (service-load.ts, adversarial-queries.ts): the load generator then doesn't share its event
 * loop. With what they read of it from /proc: its memory and the CPU it has used.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestSpec } from 'autocannon';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface CliService {
  process: ChildProcess;
  url: string;
  documents: number;
  indexMs: number;
  /** CPU seconds of the whole process once it listens: reading and indexing, mostly. */
  indexCpuSeconds: number;
}

/** The key of the agent `writeLoadConfig` configures, read from BENCH_KEY. */
export const LOAD_KEY = 'bench-key-0001';

/**
 * Writes a config file of one agent whose key is BENCH_KEY (`LOAD_KEY` is given in the service's
 * `env`), with the rate limit far above what one client address drives.
 */
export function writeLoadConfig(file: string): void {
  writeFileSync(
    file,
    JSON.stringify({
      projects: [{ id: 'bench', agents: [{ id: 'load', apiKeyEnv: 'BENCH_KEY' }] }],
      rateLimit: { requestsPerSecond: 1_000_000, burst: 10_000_000 },
    }),
  );
}

/** An autocannon request that searches `queries` in turn (numDocs 8), as the search box does. */
export function searchRequest(queries: string[]): RequestSpec {
  let next = 0;
  return {
    method: 'POST',
    path: '/bot/search',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request: RequestSpec): RequestSpec => ({
      ...request,
      body: JSON.stringify({ apiKey: LOAD_KEY, query: queries[next++ % queries.length], numDocs: 8 }),
    }),
  };
}

/**
 * Starts `ask-elements serve` over `contentDir` on a free port, quiet, with `env` added to this
 * process's; resolves once it has indexed and listens, rejects if it exits first. The CLI is
 * this checkout's, or that of the checkout at `root` (its own node_modules).
 */
export function startCliService(
  contentDir: string,
  dbFile: string,
  configFile: string,
  env: Record<string, string> = {},
  root = ROOT,
): Promise<CliService> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'src/server/cli.ts'),
      'serve',
      '--content',
      resolvePath(contentDir),
      '--db',
      dbFile,
      '--config',
      resolvePath(configFile),
      '--port',
      '0',
      '--quiet',
    ],
    // tsx is resolved from the checkout's own node_modules.
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
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
          indexCpuSeconds: cpuSeconds(child.pid!).total,
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`service exited with ${code}:\n${output}`)));
  });
}

/**
 * Stops the service and waits for it to end; one that has already died (a crash under load) is
 * not waited for, since its exit event has come and gone.
 */
export async function stopService(service: CliService): Promise<void> {
  const child = service.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.kill('SIGTERM');
  await exited;
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
