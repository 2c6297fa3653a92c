// A fresh, migrated database for one test: in-memory PGlite, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL (dropped again afterwards). Both start from the
// run's one migrated template (tests/setup/database-templates.ts, ADR 072) when there is one:
// the same tables as migrating afresh, without paying for initdb and every migration each time.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '#server/db/client.ts';
import type { DatabaseTemplates } from '#tests/setup/database-templates.ts';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** An empty database of its own on the PostgreSQL server of TEST_DATABASE_URL. */
export interface ScratchDatabase {
  name: string;
  /** Its address (the server's, with this database's name). */
  url: string;
  /** Drops it, connections and all (safe to call twice). */
  drop(): Promise<void>;
}

async function asAdmin(work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Creates an empty database named `<prefix>_<random>` on TEST_DATABASE_URL's server (or, with
 * `template`, a copy of that database).
 */
export async function createScratchDatabase(prefix: string, template?: string): Promise<ScratchDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('createScratchDatabase needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin((admin) =>
    admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

/** The run's templates, or undefined outside vitest.config.ts (then every database migrates). */
function templates(): DatabaseTemplates | undefined {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
}

let pgliteTemplate: Promise<Blob | undefined> | undefined;

/** The run's migrated embedded database, as a tarball to start from (read once per file). */
function migratedPglite(): Promise<Blob | undefined> {
  pgliteTemplate ??= (async () => {
    const file = templates()?.pgliteFile;
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return pgliteTemplate;
}

export async function createTestDatabase(): Promise<Database> {
  if (!usingPostgres) {
    const from = await migratedPglite();
    const database = await openDatabase({ kind: 'pglite', dir: null, ...(from ? { from } : {}) });
    // Nothing left to do on the template's copy (drizzle checks its journal).
    await database.migrate();
    return database;
  }
  const scratch = await createScratchDatabase('shop_test', templates()?.postgres ?? undefined);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 20 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
