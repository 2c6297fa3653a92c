// Named prepared statements on PGlite (ADR 056): the same answers as PGlite's own `query`, its
// errors, its locks, and a bounded number of statements kept.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparedStatements } from './pglite-statements.ts';

describe('prepared statements on the embedded database', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL UNIQUE, price int, tags text[],
        added timestamptz NOT NULL DEFAULT now(), details jsonb);
      INSERT INTO items (name, price, tags, details) VALUES ('wig', 1000, '{lace,long}', '{"colour":"1B"}'), ('bundle', NULL, '{}', NULL);
    `);
  });
  afterAll(async () => {
    await client.close();
  });

  const SELECT = 'SELECT id, name, price, tags, added, details FROM items WHERE name = $1';

  it('answers every run exactly as PGlite itself does, parameters and types included', async () => {
    const statements = new PreparedStatements(client);
    const expected = await client.query(SELECT, ['wig']);
    // More than five runs: PostgreSQL moves to its generic plan after five.
    for (let i = 0; i < 8; i++) {
      const got = await statements.query(SELECT, ['wig']);
      expect(got.rows).toEqual(expected.rows);
      expect(got.fields).toEqual(expected.fields);
    }
    expect((await statements.query(SELECT, ['bundle'])).rows).toEqual(
      (await client.query(SELECT, ['bundle'])).rows,
    );
    expect((await statements.query(SELECT, ['none'])).rows).toEqual([]);
    const arrays = await statements.query<unknown[]>(SELECT, ['wig'], { rowMode: 'array' });
    expect(arrays.rows).toEqual((await client.query(SELECT, ['wig'], { rowMode: 'array' })).rows);
    // Parameters serialised for their types: arrays, JSON, nulls, dates.
    const since = new Date(Date.now() - 60_000);
    const typed = await statements.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM items WHERE added > $1 AND tags @> $2 AND details = $3 AND price IS DISTINCT FROM $4',
      [since, ['lace'], { colour: '1B' }, null],
    );
    expect(typed.rows).toEqual([{ n: 1 }]);
    expect(statements.size).toBe(2);
  });

  it('reports the rows a write changed and what it returned', async () => {
    const statements = new PreparedStatements(client);
    const update = await statements.query('UPDATE items SET price = price + $1 WHERE price IS NOT NULL', [1]);
    expect(update.affectedRows).toBe(1);
    expect(update.rows).toEqual([]);
    const inserted = await statements.query<{ name: string }>(
      'INSERT INTO items (name) VALUES ($1) RETURNING name',
      ['frontal'],
    );
    expect(inserted.rows).toEqual([{ name: 'frontal' }]);
    expect(inserted.affectedRows).toBe(1);
  });

  it("raises PostgreSQL's error and stays usable; a statement that does not parse is not kept", async () => {
    const statements = new PreparedStatements(client);
    const insert = 'INSERT INTO items (name) VALUES ($1)';
    await statements.query(insert, ['closure']);
    await expect(statements.query(insert, ['closure'])).rejects.toMatchObject({ code: '23505' });
    await statements.query(insert, ['braids']);
    expect((await client.query('SELECT 1 FROM items WHERE name = $1', ['braids'])).rows).toHaveLength(1);
    await expect(statements.query('SELEC nonsense', [])).rejects.toMatchObject({ code: '42601' });
    expect(statements.size).toBe(1);
  });

  it('runs inside a transaction under its lock, and its statements outlive a rollback', async () => {
    const statements = new PreparedStatements(client);
    const count = 'SELECT count(*)::int AS n FROM items WHERE name LIKE $1';
    const before = (await statements.query<{ n: number }>(count, ['kinky%'])).rows[0]!.n;
    await expect(
      client.transaction(async () => {
        await statements.inTransaction('INSERT INTO items (name) VALUES ($1)', ['kinky straight']);
        expect((await statements.inTransaction<{ n: number }>(count, ['kinky%'])).rows[0]!.n).toBe(
          before + 1,
        );
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await statements.query<{ n: number }>(count, ['kinky%'])).rows[0]!.n).toBe(before);
    // The insert prepared inside the rolled-back transaction still runs.
    await statements.query('INSERT INTO items (name) VALUES ($1)', ['kinky straight']);
    // A query outside waits for a running transaction instead of slipping into it.
    let inside = false;
    const running = client.transaction(async (tx) => {
      inside = true;
      await tx.query("INSERT INTO items (name) VALUES ('water wave')");
      await new Promise((resolve) => setTimeout(resolve, 50));
      inside = false;
    });
    while (!inside) await new Promise((resolve) => setTimeout(resolve, 1));
    const outside = await statements.query<{ n: number }>(count, ['water%']);
    expect(inside).toBe(false);
    expect(outside.rows[0]!.n).toBe(1);
    await running;
  });

  it('keeps at most the statements it is allowed, closing the least recently used', async () => {
    const statements = new PreparedStatements(client, 2);
    const named = async () =>
      (
        await client.query<{ name: string }>(
          "SELECT name FROM pg_prepared_statements WHERE name LIKE 'crown_%'",
        )
      ).rows.length;
    const before = await named();
    await statements.query('SELECT 1 AS a', []);
    await statements.query('SELECT 2 AS b', []);
    await statements.query('SELECT 1 AS a', []); // used again: now the newest
    await statements.query('SELECT 3 AS c', []); // closes "SELECT 2"
    expect(statements.size).toBe(2);
    expect(await named()).toBe(before + 2);
    expect((await statements.query('SELECT 2 AS b', [])).rows).toEqual([{ b: 2 }]);
    expect(await named()).toBe(before + 2);
  });
});
