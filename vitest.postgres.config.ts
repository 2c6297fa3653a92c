import { defineConfig } from 'vitest/config';
import { ONCE_ON_PGLITE, POSTGRES_PASS_INCLUDE } from './tests/setup/postgres-pass.ts';
import base from './vitest.config.ts';

// The second pass of npm test, on the PostgreSQL server of TEST_DATABASE_URL (ADR 072): the server
// and integration tests, less the files tests/setup/postgres-pass.ts names as running once.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: POSTGRES_PASS_INCLUDE,
    exclude: ['**/node_modules/**', ...Object.keys(ONCE_ON_PGLITE)],
  },
});
