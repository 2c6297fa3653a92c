// The PostgreSQL pass's file lists stay true (ADR 072, ADR 096): every test file that can build a
// database is classified — run again on PostgreSQL or once on PGlite, each with its reason — the
// named files exist, a run-once file showing a sign of depending on the database engine says why
// it does not, and no test that builds a database lives where neither list looks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_TEST_FOLDERS,
  ENGINE_SIGNS,
  ON_POSTGRES,
  ONCE_ON_PGLITE,
  SIGNS_ANSWERED,
} from '#tests/setup/postgres-pass.ts';
import postgresConfig from '../vitest.postgres.config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')));
}

const signsOf = (file: string) => {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return ENGINE_SIGNS.filter(({ sign }) => sign.test(text)).map(({ why }) => why);
};

describe('the PostgreSQL pass', () => {
  it('classifies every test file that can build a database, each once, with a reason', () => {
    const classified = [...Object.keys(ON_POSTGRES), ...Object.keys(ONCE_ON_PGLITE)];
    const files = DATABASE_TEST_FOLDERS.flatMap(testFiles).sort();
    const unclassified = files.filter((f) => !classified.includes(f));
    expect(
      unclassified,
      'put each new file in ON_POSTGRES or ONCE_ON_PGLITE (tests/setup/postgres-pass.ts)',
    ).toEqual([]);
    expect(classified.filter((f) => f in ON_POSTGRES && f in ONCE_ON_PGLITE)).toEqual([]);
    expect(classified.filter((f) => !existsSync(path.join(ROOT, f)))).toEqual([]);
    const reasons = [...Object.values(ON_POSTGRES), ...Object.values(ONCE_ON_PGLITE)];
    expect(reasons.filter((why) => why.trim().length < 10)).toEqual([]);
  });

  it('runs on PGlite only no file that shows an unanswered sign of depending on the engine', () => {
    const refused: string[] = [];
    for (const file of Object.keys(ONCE_ON_PGLITE)) {
      if (file in SIGNS_ANSWERED) continue;
      for (const why of signsOf(file)) refused.push(`${file}: ${why}`);
    }
    expect(refused).toEqual([]);
  });

  it('answers only signs a run-once file shows', () => {
    for (const file of Object.keys(SIGNS_ANSWERED)) {
      expect(file in ONCE_ON_PGLITE, file).toBe(true);
      expect(signsOf(file), file).not.toEqual([]);
    }
  });

  it('finds the signs it looks for (each one, in a file it runs again)', () => {
    const shown = new Set(Object.keys(ON_POSTGRES).flatMap(signsOf));
    expect([...shown].sort()).toEqual(ENGINE_SIGNS.map(({ why }) => why).sort());
  });

  it('looks everywhere a test builds a database', () => {
    expect(DATABASE_TEST_FOLDERS).toEqual(['server', 'tests/integration']);
    const elsewhere = [...testFiles('core'), ...testFiles('app'), ...testFiles('scripts')].filter((file) =>
      /createTestShop|createTestDatabase|openDatabase|TEST_DATABASE_URL/.test(
        readFileSync(path.join(ROOT, file), 'utf8'),
      ),
    );
    // This file names them only to look for them.
    expect(elsewhere.filter((f) => f !== 'scripts/postgres-pass.test.ts')).toEqual([]);
  });

  it('is the config npm test runs on PostgreSQL: exactly the files named to run again', () => {
    expect(postgresConfig.test?.include).toEqual(Object.keys(ON_POSTGRES));
    const script = readFileSync(path.join(ROOT, 'scripts/test.ts'), 'utf8');
    expect(script).toContain("'vitest.postgres.config.ts'");
  });

  it('still runs the races, locks, outage, processes, topology, migrations and backups on PostgreSQL', () => {
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
      expect(file in ON_POSTGRES, file).toBe(true);
    }
  });
});
