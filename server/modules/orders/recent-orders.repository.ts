// SQL for the recent-orders port: has this shopper placed an order since a moment?
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '#server/db/client.ts';

export async function orderExistsSince(
  q: Queryable,
  who: { userId: number | null; email: string | null },
  since: Date,
): Promise<boolean> {
  if (who.userId === null && who.email === null) return false;
  const byUser = who.userId === null ? sql`false` : sql`user_id = ${who.userId}`;
  const byEmail = who.email === null ? sql`false` : sql`lower(email) = ${who.email.toLowerCase()}`;
  const rows = await queryRows<{ one: number }>(
    q,
    sql`SELECT 1 AS one FROM orders WHERE (${byUser} OR ${byEmail}) AND created_at >= ${since.toISOString()} LIMIT 1`,
  );
  return rows.length > 0;
}
