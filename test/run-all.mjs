#!/usr/bin/env node
/**
 * `npm test`: lint, format check, type check, the build, the Node suite and the browser suite,
 * in that order, each run even when an earlier one failed so that one run shows everything. Ends with
 * one plain line, `N passed, N failed` (lint, format, types and the build count as one check each), which
 * CI reads; exits 1 if anything failed.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(
    `No Chromium at ${chrome}: install it with "apt-get install -y chromium" or set CHROME_PATH.`,
  );
  process.exit(1);
}

const testFiles = readdirSync('test', { recursive: true })
  .map((file) => `test/${file}`)
  .sort();
const nodeTests = testFiles.filter((file) => file.endsWith('.test.ts') && !file.endsWith('.browser.test.ts'));

const steps = [
  { name: 'eslint', command: ['npx', 'eslint', '--max-warnings=0', '.'] },
  { name: 'prettier', command: ['npx', 'prettier', '--check', '.'] },
  { name: 'types', command: ['npx', 'tsc', '--noEmit', '-p', '.'] },
  // The browser suite loads the built script-tag file and demo page.
  { name: 'build', command: ['npm', 'run', 'build'] },
  {
    name: 'node tests',
    command: ['node', '--import', 'tsx', '--test', '--test-reporter=spec', ...nodeTests],
    counts: nodeCounts,
  },
  {
    name: 'browser tests',
    command: [
      'node',
      '--import',
      'tsx',
      'node_modules/@web/test-runner/dist/bin.js',
      '--config',
      'web-test-runner.config.mjs',
    ],
    counts: summaryLineCounts,
  },
];

let passed = 0;
let failed = 0;
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const { code, output } = await run(step.command);
  if (step.counts) {
    const counts = step.counts(output);
    // A runner that crashed before counting anything is one failure, not zero.
    const stepFailed = counts ? counts.failed + (code !== 0 && counts.failed === 0 ? 1 : 0) : 1;
    passed += counts?.passed ?? 0;
    failed += stepFailed;
    console.log(`▷ ${step.name}: ${counts?.passed ?? 0} passed, ${stepFailed} failed`);
  } else if (code === 0) {
    passed++;
  } else {
    failed++;
    console.log(`▷ ${step.name} failed`);
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Node's spec reporter ends with `ℹ pass N` and `ℹ fail N` lines. */
function nodeCounts(output) {
  const pass = /^ℹ pass (\d+)$/m.exec(output);
  const fail = /^ℹ fail (\d+)$/m.exec(output);
  const cancelled = /^ℹ cancelled (\d+)$/m.exec(output);
  return pass && fail
    ? { passed: Number(pass[1]), failed: Number(fail[1]) + Number(cancelled?.[1] ?? 0) }
    : undefined;
}

/** The browser suite's reporter prints `N passed, N failed` (test/support/summary-reporter.mjs). */
function summaryLineCounts(output) {
  const match = [...output.matchAll(/^(\d+) passed, (\d+) failed$/gm)].at(-1);
  return match ? { passed: Number(match[1]), failed: Number(match[2]) } : undefined;
}
