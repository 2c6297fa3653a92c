// A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL (dropped again afterwards).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '#server/db/client.ts';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    await database.migrate();
    return database;
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
