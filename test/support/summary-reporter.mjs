/**
 * A web-test-runner reporter that ends the run with one plain line, `N passed, N failed`, which
 * CI reads (the default reporter's summary carries a progress bar and escape codes). A file that
 * failed to load counts as one failure.
 */
export function summaryReporter() {
  return {
    stop({ sessions }) {
      let passed = 0;
      let failed = 0;
      const count = (suite) => {
        for (const test of suite.tests) {
          if (test.skipped) continue;
          if (test.passed) passed++;
          else failed++;
        }
        for (const child of suite.suites) count(child);
      };
      for (const session of sessions) {
        if (session.testResults) count(session.testResults);
        if (session.errors.length > 0 || (!session.passed && !session.testResults)) failed++;
      }
      process.stdout.write(`${passed} passed, ${failed} failed\n`);
    },
  };
}
