// Browser tests: TypeScript through esbuild, in Debian's headless Chromium (no browser download),
// against the reference service started in this process and proxied on the test origin.
import { existsSync } from 'node:fs';
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { summaryReporter } from './test/support/summary-reporter.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/support/chromium.ts';
import { forcedColorsPlugin } from './test/support/forced-colors-plugin.mjs';
import { referenceService } from './test/support/reference-service-plugin.mjs';
import { requestFaults } from './test/support/request-faults-plugin.mjs';
import { touchPlugin } from './test/support/touch-plugin.mjs';

const service = referenceService();
const faults = requestFaults();

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
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }),
    service.plugin,
    forcedColorsPlugin(),
    // The accessibility tree as a screen reader gets it: names and descriptions.
    a11ySnapshotPlugin(),
    // A touch screen (pointer: coarse), for the touch target sizes.
    touchPlugin(),
    // Requests of the page's files failed on demand (a part that cannot be fetched).
    faults.plugin,
  ],
  middleware: [faults.middleware, service.middleware],
  reporters: [defaultReporter({ reportTestResults: true, reportTestProgress: false }), summaryReporter()],
};
