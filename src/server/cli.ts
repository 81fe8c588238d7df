#!/usr/bin/env node
/**
 * `ask-elements serve`: parses flags and starts the service (main.ts does the work).
 */
import { readFileSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { parseArgs } from 'node:util';
import { ANCHOR_STYLES, type AnchorStyle } from './content/heading-slug.js';
import { LANGUAGE_CODES, languageCode } from './search/languages.js';
import { createConsoleLogger } from './logger.js';
import type { RunningService, ServiceOptions } from './main.js';
import type { IndexThread } from './search/index-thread.js';
import { DEFAULT_PORT, parsePort } from './port.js';
import { withinEditDistance } from './search/edit-distance.js';
import { KEEP_DAYS_RULE, isKeepDays } from './service/retention.js';

const USAGE = `Usage: ask-elements serve [options]

Serves search and answers over a folder of .md, .markdown, .mdx, .html, .htm and .txt documents.

Options:
  --content DIR    folder of documents (default: the bundled demo documentation)
  --site-url URL   base URL of the published documents, for absolute links
  --anchors STYLE  how the site writes heading anchors: github, vitepress or mkdocs
                   (default: as the generator found beside --content writes them,
                   else github)
  --language CODE  the language the documents are written in: en, de, fr, ja…
                   (default: told from the text of the first pages)
  --port N         port to listen on, 0 for any free port
                   (default: $PORT unless empty, else ${DEFAULT_PORT})
  --host HOST      interface to listen on, 0.0.0.0 for all
                   (default: $HOST unless empty, else 127.0.0.1)
  --db FILE        SQLite file for conversations, insights, feedback and searches
                   (default: ask-elements.db; ":memory:" keeps nothing)
  --config FILE    JSON config: projects, agents, keys, thresholds, origins, rate limits,
                   retention, synonyms
                   (default: project "demo", agent "docs", key "demo-key")
  --keep-days N    delete questions, feedback and searches older than N days (1–36500),
                   at start and every hour (default: the config's keepDays, else keep all)
  --static DIR     also serve this folder at / (e.g. the built demo page)
  --watch          re-index the content folder when a file in it changes
  --quiet          do not log one line per request
  -h, --help       show this help
  -v, --version    print the version
`;

function fail(message: string, code: number): never {
  console.error(`ask-elements: ${message}`);
  process.exit(code);
}

function portFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  try {
    return parsePort(value, '--port');
  } catch (error) {
    fail((error as Error).message, 2);
  }
}

/**
 * The site URL as every link starts: serialised, so that a space or an accent in its path is
 * percent-encoded as the pages' paths are. One with a query or a fragment (a bare `?` or `#`
 * too, which `URL` reads as none) would take every page's path into it, and a user name or
 * password would be shown to every visitor: refused.
 */
function parseSiteUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    // A host written alone (`docs.example.com`, `hono.dev/docs`, `localhost:3000`): the URL it
    // stands for, said.
    const host = /^(localhost|[\w-]+(?:\.[\w-]+)+)(?::\d+)?(?:\/\S*)?$/.exec(value)?.[1];
    const scheme = host === 'localhost' ? 'http' : 'https';
    fail(
      `--site-url must be an http(s) URL, got "${value}"${host === undefined ? '' : `: write ${scheme}://${value}`}`,
      2,
    );
  }
  if (/[?#]/.test(value))
    fail(
      `--site-url must not hold a query ('?') or a fragment ('#'): every link adds the page's path to it, got "${value}"`,
      2,
    );
  if (url.username !== '' || url.password !== '')
    fail('--site-url must not hold a user name or password: every visitor sees it in the links', 2);
  return url.href;
}

function parseAnchors(value: string | undefined): AnchorStyle | undefined {
  if (value === undefined) return undefined;
  // In any case, as a generator's name is written (`--anchors VitePress`), and as --language is.
  const style = value.toLowerCase();
  if (!(ANCHOR_STYLES as readonly string[]).includes(style))
    fail(`--anchors must be one of ${ANCHOR_STYLES.join(', ')}, got "${value}"`, 2);
  return style as AnchorStyle;
}

/**
 * The service's code, imported only to serve: its packages (SQLite, the index, the NLP model) are
 * optional dependencies, which an install with `--omit=optional`, or a failed SQLite build, leaves out.
 * Without them, a sentence saying what to install rather than a module resolution error.
 */
async function loadService(): Promise<{
  startService: (options: ServiceOptions) => Promise<RunningService>;
}> {
  try {
    return await import('./main.js');
  } catch (error) {
    const missing = /Cannot find (?:package|module) '([^']+)'/.exec((error as Error).message)?.[1];
    if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && missing)
      fail(
        `the service needs its optional dependencies, and ${missing} is not installed: run npm install ask-elements --include=optional (and allow better-sqlite3's install script)`,
        1,
      );
    throw error;
  }
}

function parseKeepDays(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const days = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!isKeepDays(days))
    fail(`--keep-days ${KEEP_DAYS_RULE}, got "${value}" (leave it out to keep everything)`, 2);
  return days;
}

function parseLanguage(value: string | undefined): string | undefined {
  if (value === undefined) return value;
  // Read in any case, as the codes are (`--language EN`).
  if (value.toLowerCase() === 'auto') return 'auto';
  const code = languageCode(value);
  if (code === undefined)
    fail(`--language must be auto or one of ${LANGUAGE_CODES.join(', ')}, got "${value}"`, 2);
  return code;
}

/** The flags of `serve`, as parseArgs reads them. */
const OPTIONS = {
  content: { type: 'string' },
  'site-url': { type: 'string' },
  anchors: { type: 'string' },
  language: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  db: { type: 'string' },
  config: { type: 'string' },
  'keep-days': { type: 'string' },
  static: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  watch: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'v', default: false },
} as const;

/** The letters of the short flags (`-h`, `-v`). */
const SHORT_FLAG_LETTERS: string[] = Object.values(OPTIONS).flatMap((option) =>
  'short' in option ? [option.short] : [],
);

/**
 * The flags whose values are checked, by their checks, which refuse a value as they refuse it
 * written with "=": a value that begins with a dash (`--keep-days -3`) is refused for what it is,
 * where "write --keep-days=-3" sent the user to a second refusal.
 */
const VALUE_CHECKS: Partial<Record<string, (value: string) => unknown>> = {
  '--site-url': parseSiteUrl,
  '--anchors': parseAnchors,
  '--language': parseLanguage,
  '--port': portFlag,
  '--keep-days': parseKeepDays,
};

/**
 * What parseArgs refused, said as this command says it. Node's own words for an unknown flag
 * ("To specify a positional argument starting with a '-', place it at the end of the command
 * after '--'") suit a command that takes arguments, which `serve` doesn't; a flag mistyped gets
 * the one it is near (`--contnet`: did you mean `--content`?).
 */
function commandLineMistake(error: Error, argv: string[]): string {
  const code = (error as NodeJS.ErrnoException).code;
  // A flag's value left out (`--db` last, or `--content --db x`) or one given to a switch
  // (`--quiet=1`): Node's words name the flag as `'--db <value>'`, over three lines for the second.
  const valueOf = /^Option '(?:-\w, )?(--[\w-]+)/.exec(error.message)?.[1];
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && valueOf !== undefined) {
    if (error.message.includes('does not take an argument')) return `${valueOf} takes no value`;
    // A value that begins with one dash (`--port -1`, `--db -old.db`), which Node reads as a flag
    // unless written `--db=-old.db`: said with the value given, as for any other bad value; a
    // checked one is refused by its check, which exits as for `--port=-1`. Short flags of this
    // command (`--content -h`) are no such value: the value was left out.
    const at = argv.findIndex((arg, i) => arg === valueOf && /^-(?!-)/.test(argv[i + 1] ?? ''));
    const given = argv[at + 1] ?? '';
    if (at !== -1 && ![...given.slice(1)].every((letter) => SHORT_FLAG_LETTERS.includes(letter))) {
      VALUE_CHECKS[valueOf]?.(given);
      return `${valueOf} ${given}: a value that begins with "-" is written ${valueOf}=${given}`;
    }
    const placeholder = new RegExp(`^  ${valueOf} (\\S+)`, 'm').exec(USAGE)?.[1] ?? 'VALUE';
    return `${valueOf} needs a value: ${valueOf} ${placeholder}`;
  }
  const unknown = /^Unknown option '([^']+)'/.exec(error.message)?.[1];
  if (code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || unknown === undefined) return error.message;
  // Letters after one dash are short flags run together (`-hv`): Node names the letter it did not
  // know, `-=` for `-h=1`. Said as typed, as the long flags are: `-h=1` as `--quiet=1` is.
  // The first argument that holds the letter: `-x` itself in `-x -vx`.
  const cluster = unknown.startsWith('--')
    ? undefined
    : argv.find((arg) => /^-[^-]/.test(arg) && arg.includes(unknown[1]!, 1));
  if (cluster !== undefined && SHORT_FLAG_LETTERS.some((letter) => cluster.startsWith(`-${letter}=`)))
    return `${cluster.slice(0, 2)} takes no value`;
  const typed = unknown.replace(/^-+/, '').toLowerCase();
  const flags = Object.keys(OPTIONS);
  // One letter (`-p`) is the flags it begins (`-c`: --content or --config); a word, the flags it
  // is fewest typos from, within one or two (`--post`: --port or --host, a typo each).
  const typosFrom = (flag: string): number => {
    if (flag.replace('-', '') === typed) return 0;
    const most = flag.length > 4 ? 2 : 1;
    for (let typos = 1; typos <= most; typos++) if (withinEditDistance(typed, flag, typos)) return typos;
    return Infinity;
  };
  const typos = new Map(flags.map((flag) => [flag, typosFrom(flag)]));
  const fewest = Math.min(...typos.values());
  const near =
    typed.length === 1
      ? flags.filter((flag) => flag.startsWith(typed))
      : flags.filter((flag) => fewest !== Infinity && typos.get(flag) === fewest);
  return `unknown option ${cluster ?? unknown}${near.length === 0 ? '' : `: did you mean ${near.map((flag) => `--${flag}`).join(' or ')}?`}`;
}

/** An argument a shell reads as written, so a message can give it to be typed again. */
const SHELL_WORD = /^[\w@%+=:,./\\-]+$/;

async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: OPTIONS,
    });
  } catch (error) {
    fail(`${commandLineMistake(error as Error, argv)}\n\n${USAGE}`, 2);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (values.version) {
    // The same path from src/server/ and from dist/server/.
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    process.stdout.write(`${String(manifest.version)}\n`);
    return;
  }
  if (positionals[0] === 'serve' && positionals.length > 1) {
    // `ask-elements serve ./docs`: the folder is a flag's value, not an argument. Named as it can
    // be typed again (`"My docs"`, which the shell gave as one argument); several arguments (a
    // glob, `docs/*.md`) are no one folder to name.
    const extra = positionals.slice(1);
    const folder = extra.length > 1 ? 'FOLDER' : SHELL_WORD.test(extra[0]!) ? extra[0] : `"${extra[0]}"`;
    fail(
      `serve takes no argument, got "${extra.join(' ')}"${values.content === undefined ? `: the documents' folder is given as --content ${folder}` : ''}\n\n${USAGE}`,
      2,
    );
  }
  if (positionals.length !== 1 || positionals[0] !== 'serve') {
    fail(
      positionals.length === 0
        ? `a command is required${argv.length > 0 && argv.every((arg) => SHELL_WORD.test(arg)) ? `: ask-elements serve ${argv.join(' ')}` : ''}\n\n${USAGE}`
        : `unknown command "${positionals.join(' ')}"\n\n${USAGE}`,
      2,
    );
  }

  // An empty value is a variable left unset (`--content "$DOCS"`), not a choice: the folder or
  // file resolved from it would be the working folder (indexed, or served, whole: under systemd,
  // /) or, for --db, a temporary database SQLite deletes at exit; an empty --host would listen on
  // 127.0.0.1 alone, where `--host "$BIND"` meant other machines to reach it.
  const emptyFlagWants = {
    content: 'a folder',
    db: 'a file',
    config: 'a file',
    static: 'a folder',
    host: 'an address, 0.0.0.0 for all',
  } as const;
  for (const [flag, wanted] of Object.entries(emptyFlagWants))
    if (values[flag as keyof typeof emptyFlagWants] === '')
      fail(`--${flag} is empty: give ${wanted} (is the variable it was given unset?)`, 2);

  const keepDays = parseKeepDays(values['keep-days']);

  // Handlers go in before the start, so a signal during start-up still ends the process cleanly.
  let service: RunningService | undefined;
  let stopping = false;
  /** Finishes the requests in flight, closes the database and exits with `code`. */
  const stop = (code: number) => {
    stopping = true;
    if (service === undefined) process.exit(code);
    service.close().then(
      () => process.exit(code),
      (error: unknown) => fail(`shutdown failed: ${(error as Error).message}`, 1),
    );
  };
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal (Ctrl+C again) stops at once, as its default would: what was answered
      // is on disk already, and the requests cut get no answer, so none is lost.
      console.log(`${signal} again: stopping now, without the requests still in flight`);
      process.exit(128 + osConstants.signals[signal]);
    }
    if (service !== undefined)
      console.log(`${signal}: finishing requests in flight and closing the database`);
    stop(0);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    const { startService } = await loadService();
    service = await startService({
      contentDir: values.content,
      siteUrl: parseSiteUrl(values['site-url']),
      anchors: parseAnchors(values.anchors),
      language: parseLanguage(values.language),
      port: portFlag(values.port),
      host: values.host,
      dbFile: values.db ?? 'ask-elements.db',
      config: values.config,
      keepDays,
      staticDir: values.static,
      watch: values.watch,
      logger: createConsoleLogger({ requests: !values.quiet }),
    });
  } catch (error) {
    fail((error as Error).message, 1);
  }

  // The index's thread stopped by a fault (out of memory, an uncaught error): searches and
  // questions fail with 503 from then on, and a process manager (systemd, PM2, a container's
  // restart policy) starts the service again only once the process has exited. It stops as on
  // SIGTERM, with exit code 1.
  void (service.index as Partial<Pick<IndexThread, 'stopped'>>).stopped?.then(() => {
    if (stopping) return;
    console.error(
      'ask-elements: the index thread stopped: finishing requests in flight, closing the database and exiting with code 1, to be restarted',
    );
    stop(1);
  });
}

await main(process.argv.slice(2));
