import { defineConfig } from 'vitest/config';
import { ON_POSTGRES } from './tests/setup/postgres-pass.ts';
import base from './vitest.config.ts';

// The second pass of npm test, on the PostgreSQL server of TEST_DATABASE_URL (ADR 072, ADR 096):
// only the files tests/setup/postgres-pass.ts names as depending on the database engine.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: Object.keys(ON_POSTGRES),
    // One file at a time: this pass is the drills that time what they see (a drain, kill -9, a
    // cut connection), each already running several processes of its own.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
