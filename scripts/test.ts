// npm test: every test. Builds the storefront if needed, runs unit and integration tests on the
// embedded database, again on PostgreSQL when TEST_DATABASE_URL is set, then the browser tests
// in Chromium (skipped, loudly, when no Chromium is installed — unless REQUIRE_BROWSER=1).
// The PostgreSQL pass runs the files of vitest.postgres.config.ts (ADR 072). At the end it prints
// each pass's time and its ten slowest files, always.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from '../tests/e2e/chromium.ts';
import type { FileTime } from '../tests/setup/file-times-reporter.ts';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const reportDir = mkdtempSync(path.join(tmpdir(), 'shop-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps: string[] = [];
const failedTests: string[] = [];
/** Each vitest pass: its wall time and how long each of its files took (tests/setup/file-times-reporter.ts). */
const passes: { label: string; seconds: number; files: FileTime[] }[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`\n━━ ${label} ━━`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) failedSteps.push(label);
  return result.status === 0;
}

function vitest(label: string, config: string, extraArgs: string[], env: NodeJS.ProcessEnv): void {
  const report = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const timesFile = path.join(reportDir, `${label.replace(/\W+/g, '-')}.times.json`);
  const started = performance.now();
  run(
    label,
    bin('vitest'),
    [
      'run',
      '--config',
      config,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      '--reporter=./tests/setup/file-times-reporter.ts',
      ...extraArgs,
    ],
    { ...env, FILE_TIMES_JSON: timesFile },
  );
  passes.push({
    label,
    seconds: (performance.now() - started) / 1000,
    files: existsSync(timesFile) ? (JSON.parse(readFileSync(timesFile, 'utf8')) as FileTime[]) : [],
  });
  if (!existsSync(report)) return;
  const json = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults?: {
      name: string;
      assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
    }[];
  };
  for (const file of json.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const why = (test.failureMessages?.[0] ?? '').split('\n')[0]?.slice(0, 300) ?? '';
      failedTests.push(`${label}: ${path.relative(root, file.name)} › ${test.fullName}\n    ${why}`);
    }
  }
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  totals.skipped += json.numPendingTests + json.numTodoTests;
}

const { TEST_DATABASE_URL: _pg, ...withoutPg } = process.env;

if (!run('build the shop', 'npm', ['run', '--silent', 'build'])) {
  console.error('The storefront did not build; not running the tests.');
  process.exit(1);
}

vitest('unit and integration tests (embedded PGlite)', 'vitest.config.ts', [], withoutPg);

if (process.env.TEST_DATABASE_URL) {
  vitest('database tests again on PostgreSQL', 'vitest.postgres.config.ts', [], process.env);
} else {
  console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL pass is skipped (CI sets it).');
}

const chromium = findChromium();
if (chromium) {
  vitest('browser tests (Chromium)', 'vitest.e2e.config.ts', [], { ...withoutPg, CHROMIUM_PATH: chromium });
} else {
  const message = [
    '',
    '┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓',
    '┃  NO CHROMIUM FOUND: THE BROWSER TESTS WERE NOT RUN.                  ┃',
    '┃  Install it (Debian/Ubuntu):  sudo apt-get install -y chromium       ┃',
    '┃  or point CHROMIUM_PATH at a Chromium/Chrome binary, then re-run.    ┃',
    '┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛',
  ].join('\n');
  console.error(message);
  if (process.env.REQUIRE_BROWSER === '1') failedSteps.push('browser tests (Chromium required but missing)');
}

rmSync(reportDir, { recursive: true, force: true });
// Where the time goes, so a file that grows slow is seen the day it does (ADR 072).
for (const pass of passes) {
  console.log(`\n${pass.label}: ${pass.seconds.toFixed(0)} s; its ten slowest files:`);
  const slowest = [...pass.files].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
  for (const { file, seconds } of slowest) {
    console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${path.relative(root, file)}`);
  }
}
// Named again at the very end, so the tail of a long CI log says which tests failed and why.
for (const line of failedTests) console.error(`✗ ${line}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (failedSteps.length > 0) {
  console.error(`Failed: ${failedSteps.join('; ')}`);
  process.exit(1);
}
