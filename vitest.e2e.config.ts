import { defineConfig } from 'vitest/config';

// A developer's .env never changes a test's result (ADR 068): every process the tests start
// (the workers, the global setup's shops, the commands they spawn) inherits ENV_FILE=none.
process.env.ENV_FILE = 'none';

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
