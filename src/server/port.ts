/** The service's port: its default and how a written one is read (no dependency, for the CLI's flags). */
export const DEFAULT_PORT = 8787;

/** A port from text (`--port`, `$PORT`): digits from 0 to 65535, else an error naming `name`. */
export function parsePort(value: string, name: string): number {
  const port = Number(value);
  if (!/^\d{1,5}$/.test(value) || port > 65535) {
    throw new Error(`${name} must be a number from 0 to 65535, got "${value}"`);
  }
  return port;
}
