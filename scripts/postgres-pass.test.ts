// The PostgreSQL pass's file list stays true (ADR 072): every file it names as running once
// exists, none of them shows a sign of depending on the database engine, and no test that builds
// a database lives where the PostgreSQL pass does not look.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_SIGNS, ONCE_ON_PGLITE, POSTGRES_PASS_INCLUDE } from '#tests/setup/postgres-pass.ts';
import postgresConfig from '../vitest.postgres.config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')));
}

describe('the PostgreSQL pass', () => {
  it('names only files that exist as running once', () => {
    const missing = Object.keys(ONCE_ON_PGLITE).filter((f) => !existsSync(path.join(ROOT, f)));
    expect(missing).toEqual([]);
  });

  it('runs again every named-once file that shows a sign of depending on the database engine', () => {
    const refused: string[] = [];
    for (const file of Object.keys(ONCE_ON_PGLITE)) {
      if (!existsSync(path.join(ROOT, file))) continue;
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const { sign, why } of ENGINE_SIGNS) if (sign.test(text)) refused.push(`${file}: ${why}`);
    }
    expect(refused).toEqual([]);
  });

  it('looks everywhere a test builds a database', () => {
    expect(POSTGRES_PASS_INCLUDE).toEqual(['server/**/*.test.ts', 'tests/integration/**/*.test.ts']);
    const elsewhere = [...testFiles('core'), ...testFiles('app'), ...testFiles('scripts')].filter((file) =>
      /createTestShop|createTestDatabase|openDatabase|TEST_DATABASE_URL/.test(
        readFileSync(path.join(ROOT, file), 'utf8'),
      ),
    );
    // This file names them only to look for them.
    expect(elsewhere.filter((f) => f !== 'scripts/postgres-pass.test.ts')).toEqual([]);
  });

  it('is the config npm test runs on PostgreSQL, with the named-once files left out', () => {
    expect(postgresConfig.test?.include).toEqual(POSTGRES_PASS_INCLUDE);
    expect(postgresConfig.test?.exclude).toEqual(expect.arrayContaining(Object.keys(ONCE_ON_PGLITE)));
    const script = readFileSync(path.join(ROOT, 'scripts/test.ts'), 'utf8');
    expect(script).toContain("'vitest.postgres.config.ts'");
  });

  it('still runs the races, locks, outage, processes and migrations on PostgreSQL', () => {
    const once = new Set(Object.keys(ONCE_ON_PGLITE));
    for (const file of [
      'tests/integration/purchase-races.test.ts',
      'tests/integration/one-hold-per-cart.test.ts',
      'tests/integration/database-outage.test.ts',
      'tests/integration/two-processes.test.ts',
      'tests/integration/production-topology.test.ts',
      'tests/integration/migrations-upgrade.test.ts',
      'tests/integration/backup-restore.test.ts',
      'tests/integration/scheduled-backups.test.ts',
      'tests/integration/page-cache.test.ts',
      'server/db/process-locks.test.ts',
      'server/modules/mail/outbox.test.ts',
    ]) {
      expect(existsSync(path.join(ROOT, file)), file).toBe(true);
      expect(once.has(file), file).toBe(false);
    }
  });
});
