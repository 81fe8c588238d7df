/** Runs the real CLI (`src/server/cli.ts serve ...`) as a child process, as a user would. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../src/server/cli.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliProcess {
  child: ChildProcess;
  url: string;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal) once the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { child: ChildProcess; output(): string; exited: CliProcess['exited'] } {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, PORT: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Starts `ask-elements serve` and waits until it prints the URL it listens on. */
export async function startCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliProcess> {
  const run = runCli(['serve', '--port', '0', ...args], env);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed in 30 s:\n${run.output()}`)), 30_000);
    const check = () => {
      const match = /Listening on (http:\/\/\S+)/.exec(run.output());
      if (match) {
        clearTimeout(timer);
        run.child.stdout!.off('data', check);
        resolve(match[1]!);
      }
    };
    run.child.stdout!.on('data', check);
    run.exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the CLI exited with ${code} before listening:\n${run.output()}`));
    });
  });
  return { ...run, url };
}
