/** Where the service writes what it does. Keys and request bodies are never passed to it. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** One line per request (method, path, status, duration); absent to log no requests. */
  request?(line: { method: string; path: string; status: number; ms: number }): void;
}

/** Logs to the console: start-up and problems, plus one line per request when `requests`. */
export function createConsoleLogger(options: { requests?: boolean } = {}): Logger {
  const logger: Logger = {
    info: (message) => console.log(message),
    warn: (message) => console.warn(message),
    error: (message, error) =>
      console.error(message, error instanceof Error ? (error.stack ?? error.message) : (error ?? '')),
  };
  if (options.requests) {
    logger.request = ({ method, path, status, ms }) =>
      console.log(`${method} ${path} ${status} ${ms.toFixed(1)}ms`);
  }
  return logger;
}

/** Logs nothing but errors (tests, benchmarks). */
export const quietLogger: Logger = {
  info: () => {},
  warn: () => {},
  error: (message, error) => console.error(message, error),
};
