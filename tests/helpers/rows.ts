// Reading rows straight from the test database, for assertions about what a request left behind.
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '#server/db/client.ts';

/** The first row of `query` (undefined when there is none). */
export async function firstRow<T>(db: Queryable, query: SQL): Promise<T | undefined> {
  const [row] = await queryRows<T>(db, query);
  return row;
}

/** A variant's stock as the database has it now. */
export async function variantStock(db: Queryable, variantId: number): Promise<number> {
  const row = await firstRow<{ stock: number }>(
    db,
    sql`SELECT stock FROM product_variants WHERE id = ${variantId}`,
  );
  return row!.stock;
}
