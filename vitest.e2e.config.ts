import { defineConfig } from 'vitest/config';

// A developer's .env never changes a test's result (ADR 068): every process the tests start
// (the workers, the global setup's shops, the commands they spawn) inherits ENV_FILE=none.
process.env.ENV_FILE = 'none';

// Two test files at a time, each on a shop of its own (ADR 096): global-setup.ts starts one shop
// per worker, and a worker runs one file at a time, so no file shares its shop with another file
// while it runs. The browser tests mostly wait (hydration, the outbox's poll, a banner's delay),
// so two at a time on two cores take far less than twice one. E2E_WORKERS=1 runs them one by one.
const workers = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.spec.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: workers > 1,
    maxWorkers: workers,
    pool: 'forks',
  },
});
