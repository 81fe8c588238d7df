// Browser tests: TypeScript through esbuild, in Debian's headless Chromium (no browser download),
// against the reference service started in this process and proxied on the test origin.
import { existsSync } from 'node:fs';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { summaryReporter } from './test/support/summary-reporter.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/support/chromium.ts';
import { accessibleNamesPlugin } from './test/support/accessible-names-plugin.mjs';
import { forcedColorsPlugin } from './test/support/forced-colors-plugin.mjs';
import { referenceService } from './test/support/reference-service-plugin.mjs';
import { requestFaults } from './test/support/request-faults-plugin.mjs';
import { specServicePlugin } from './test/support/spec-service-plugin.mjs';
import { touchPlugin } from './test/support/touch-plugin.mjs';
import { dropPlugin } from './test/support/drop-plugin.mjs';
import { drawnPixelsPlugin } from './test/support/drawn-pixels-plugin.mjs';

/**
 * Chromium refetches a module whose fetch failed at the next import() of it (the HTML change
 * "don't cache HTTP errors in the module map"); Safari, Firefox and older Chromium keep the
 * failure for the page's life, and every later import() of that URL rejects without a request.
 * These files, which fail a lazily loaded part's fetch and let it through again, also run in a
 * Chromium that keeps the failure, as those browsers do.
 */
const FAILURE_KEPT_FILES = [
  'test/elements/lazy-refetch-*.browser.test.ts',
  'test/elements/renderer-unreachable-*.browser.test.ts',
];
const isFailureKeptFile = (file) =>
  /^test\/elements\/(?:lazy-refetch|renderer-unreachable)-[^/]*\.browser\.test\.ts$/.test(file);
const FAILURE_KEPT_ARGS = [...CHROMIUM_ARGS, '--disable-features=ModuleMapDoNotCacheFailedFetch'];

/** The files named after --files, for the group to run only those of them that are its own. */
function cliFiles() {
  const at = process.argv.indexOf('--files');
  if (at === -1) return undefined;
  const files = [];
  for (const arg of process.argv.slice(at + 1)) {
    if (arg.startsWith('--')) break;
    files.push(arg.replace(/^\.\//, ''));
  }
  return files;
}
const keptFiles = cliFiles()?.filter(isFailureKeptFile) ?? FAILURE_KEPT_FILES;

const service = referenceService();
const faults = requestFaults();
const specService = specServicePlugin();

if (!existsSync(CHROMIUM_PATH)) {
  console.error(
    `No Chromium at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" or set CHROME_PATH.`,
  );
  process.exit(1);
}

export default {
  files: ['test/**/*.browser.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  rootDir: '.',
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 300000,
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      },
    }),
  ],
  groups:
    keptFiles.length > 0
      ? [
          {
            name: 'failed-fetch-kept',
            files: keptFiles,
            browsers: [
              chromeLauncher({
                launchOptions: { executablePath: CHROMIUM_PATH, headless: true, args: FAILURE_KEPT_ARGS },
              }),
            ],
          },
        ]
      : [],
  // One browser at a time: the request-faults commands fail or hold requests for every page.
  concurrentBrowsers: 1,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }),
    service.plugin,
    forcedColorsPlugin(),
    // The accessibility tree as a screen reader gets it: names and descriptions.
    a11ySnapshotPlugin(),
    // Every node of one role's name, options in a listbox included.
    accessibleNamesPlugin(),
    // A touch screen (pointer: coarse), for the touch target sizes.
    touchPlugin(),
    // Text or a file dropped from outside the page, as the browser drops them.
    dropPlugin(),
    // What the page draws in a rectangle, for what the DOM does not say (a background's shadow).
    drawnPixelsPlugin(),
    // Requests of the page's files failed on demand (a part that cannot be fetched).
    faults.plugin,
    // A stand-in for SPEC's hosted service: records with only the fields SPEC shows.
    specService.plugin,
  ],
  middleware: [faults.middleware, service.middleware, specService.middleware],
  reporters: [defaultReporter({ reportTestResults: true, reportTestProgress: false }), summaryReporter()],
};
