// Many rows into one table in one statement: the rows travel as a single JSON parameter and
// json_to_recordset turns them back into typed columns. A few thousand rows go in far faster
// than a multi-row VALUES list (one parameter instead of thousands, one short statement to
// parse), on PGlite and on PostgreSQL alike. Typed by the drizzle table; for the seed and the
// benches (it bypasses defaults only for the columns the rows give).
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '#server/db/client.ts';

/**
 * Inserts `rows` into `table`. The first row's keys name the columns written (a key missing or
 * undefined in a later row writes NULL there, not the column's default). `skipConflicts` leaves
 * out rows that would break a unique constraint.
 */
export async function insertMany<T extends PgTable>(
  q: Queryable,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: { skipConflicts?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!).filter((k) => columns[k] !== undefined);
  const names = keys.map((k) => columns[k]!.name);
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(keys.map((k, i) => [names[i], (row as Record<string, unknown>)[k] ?? null])),
    ),
  );
  const record = keys.map((k, i) => `"${names[i]}" ${columns[k]!.getSQLType()}`).join(', ');
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  await q.execute(
    sql`INSERT INTO ${sql.identifier(getTableName(table))} (${list})
        SELECT ${list} FROM json_to_recordset(${json}::json) AS x(${sql.raw(record)})
        ${options.skipConflicts ? sql`ON CONFLICT DO NOTHING` : sql``}`,
  );
}
