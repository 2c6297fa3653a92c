// SQL for checkout: the delivery rates by state (the fee, and whether pay on delivery works
// there) and the advisory locks that serialise one checkout form and one shopper.
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { deliveryRates } from '#server/db/schema/commerce.ts';

export type DeliveryRateRow = typeof deliveryRates.$inferSelect;

/** Serialises work on one key for the rest of the transaction (both databases support it). */
export async function lockKey(q: Queryable, key: string): Promise<void> {
  await q.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

export async function findDeliveryRate(q: Queryable, state: string): Promise<DeliveryRateRow | null> {
  const [row] = await q.select().from(deliveryRates).where(eq(deliveryRates.state, state));
  return row ?? null;
}

export async function listDeliveryRates(q: Queryable): Promise<DeliveryRateRow[]> {
  return q.select().from(deliveryRates).orderBy(asc(deliveryRates.state));
}
