/** Where the service writes what it does. Keys and request bodies are never passed to it. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** One line per request (method, path, status, duration); absent to log no requests. */
  request?(line: { method: string; path: string; status: number; ms: number }): void;
}

/**
 * Characters a log line must not hold as they are: line breaks and other controls (C0, DEL, C1,
 * U+2028, U+2029). A request's path is decoded (`%0a` is a line break), and a file's name may hold
 * any (`evil\nWARN ….md` in a content folder): either could write lines of its own into the log,
 * or a terminal's escape sequences.
 */
// eslint-disable-next-line no-control-regex -- the controls are what is matched
export const UNLOGGABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A message as one line: each control written as its escape (`\n`, `\u001b`), as a string literal writes it. */
export function oneLine(message: string): string {
  return message.replace(
    UNLOGGABLE,
    (control) => ESCAPES[control] ?? `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Logs to the console, a line a message: start-up and problems, plus one line per request when `requests`. */
export function createConsoleLogger(options: { requests?: boolean } = {}): Logger {
  const logger: Logger = {
    info: (message) => console.log(oneLine(message)),
    warn: (message) => console.warn(oneLine(message)),
    // The message on one line; the error's stack after it, as it is.
    error: (message, error) =>
      console.error(
        oneLine(message),
        error instanceof Error ? (error.stack ?? error.message) : (error ?? ''),
      ),
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
