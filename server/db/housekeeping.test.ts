// The embedded database tidied (ADR 055): the space of deleted rows is used again instead of the
// files growing, and the planner gets statistics PGlite would otherwise never gather.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryRows } from './client.ts';
import { tidyEmbeddedDatabase } from './housekeeping.ts';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dir: null });
  await database.db.execute(sql`CREATE TABLE churn (id serial PRIMARY KEY, note text NOT NULL)`);
});
afterAll(async () => {
  await database.close();
});

const size = async () =>
  Number((await queryRows<{ n: string }>(database.db, sql`SELECT pg_relation_size('churn') AS n`))[0]!.n);
const fill = (n: number) =>
  database.db.execute(
    sql`INSERT INTO churn (note) SELECT repeat('session ', 8) || g FROM generate_series(1, ${n}) g`,
  );

describe('the embedded database’s housekeeping', () => {
  it('gives the space of deleted rows back for new ones, and gathers the planner’s statistics', async () => {
    await fill(5000);
    const [before] = await queryRows<{ reltuples: number }>(
      database.db,
      sql`SELECT reltuples FROM pg_class WHERE relname = 'churn'`,
    );
    // Never analysed: the planner knows nothing of the table (PGlite has no autovacuum).
    expect(Number(before!.reltuples)).toBe(-1);

    // Without housekeeping, rows deleted and written again make the file grow…
    const full = await size();
    await database.db.execute(sql`DELETE FROM churn`);
    await fill(5000);
    expect(await size()).toBeGreaterThan(full * 1.8);

    // …with it, the next expired rows' space is reused.
    expect(await tidyEmbeddedDatabase(database)).toBe(true);
    const tidied = await size();
    await database.db.execute(sql`DELETE FROM churn WHERE id <= 5000`);
    expect(await tidyEmbeddedDatabase(database)).toBe(true);
    await fill(5000);
    expect(await size()).toBe(tidied);

    const [after] = await queryRows<{ reltuples: number }>(
      database.db,
      sql`SELECT reltuples FROM pg_class WHERE relname = 'churn'`,
    );
    expect(Number(after!.reltuples)).toBe(5000);
  });

  it('leaves PostgreSQL to its own autovacuum', async () => {
    expect(await tidyEmbeddedDatabase({ kind: 'postgres', db: database.db })).toBe(false);
  });
});
