import { defineConfig } from 'vitest/config';

// A developer's .env never changes a test's result (ADR 068): every process the tests start
// (the workers, the global setup's shops, the commands they spawn) inherits ENV_FILE=none.
process.env.ENV_FILE = 'none';

// Two test files at a time (ADR 096): many files mostly wait on a shop process, a socket or a
// timer, so a second worker uses the core the first leaves idle. TEST_WORKERS overrides it.
const workers = Number(process.env.TEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    include: [
      'core/**/*.test.ts',
      'server/**/*.test.ts',
      'app/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    // The run's migrated template databases (ADR 072): a test's database is a copy, not a migration.
    globalSetup: ['tests/setup/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
  },
});
