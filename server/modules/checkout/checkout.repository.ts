// SQL for checkout: the delivery rates by state (the fee, and whether pay on delivery works
// there) and the advisory locks that serialise one checkout form and one shopper.
import { asc, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { deliveryRates } from '#server/db/schema/checkout.ts';

export type DeliveryRateRow = typeof deliveryRates.$inferSelect;

/**
 * Serialises work on each key for the rest of the transaction (both databases support advisory
 * locks). Several keys are taken in one round trip, in the order given (every caller names them in
 * the same order, so two transactions never wait on each other crosswise).
 */
export async function lockKeys(q: Queryable, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await q.execute(
    sql`SELECT ${sql.join(
      keys.map((key) => sql`pg_advisory_xact_lock(hashtext(${key}))`),
      sql`, `,
    )}`,
  );
}

export async function listDeliveryRates(q: Queryable): Promise<DeliveryRateRow[]> {
  return q.select().from(deliveryRates).orderBy(asc(deliveryRates.state));
}

/** Sets each state's delivery fee (a state without a row gets one, with the default estimate). */
export async function saveDeliveryFees(
  q: Queryable,
  fees: readonly { state: string; feeKobo: number }[],
): Promise<void> {
  for (const { state, feeKobo } of fees) {
    await q
      .insert(deliveryRates)
      .values({ state, feeKobo })
      .onConflictDoUpdate({ target: deliveryRates.state, set: { feeKobo } });
  }
}

/** Offers pay on delivery in exactly these states. */
export async function setPayOnDeliveryStates(
  q: Queryable,
  allStates: readonly string[],
  podStates: readonly string[],
): Promise<void> {
  for (const state of allStates) {
    const payOnDelivery = podStates.includes(state);
    await q
      .insert(deliveryRates)
      .values({ state, payOnDelivery })
      .onConflictDoUpdate({ target: deliveryRates.state, set: { payOnDelivery } });
  }
}
