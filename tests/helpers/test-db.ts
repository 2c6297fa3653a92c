// A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
// PostgreSQL server named by TEST_DATABASE_URL (dropped again afterwards).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '#server/db/client.ts';

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

/** Creates an empty database named `<prefix>_<random>` on TEST_DATABASE_URL's server. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('createScratchDatabase needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin((admin) => admin.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
}

export async function createTestDatabase(): Promise<Database> {
  if (!usingPostgres) {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    await database.migrate();
    return database;
  }
  const scratch = await createScratchDatabase('shop_test');
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
