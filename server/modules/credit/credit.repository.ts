// SQL for store credit (ADR 100): the balance row changed by one conditional statement (its row
// lock taken by the UPDATE itself), and the ledger row written beside it in the same transaction.
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { type CreditKind, storeCreditBalances, storeCreditEntries } from '#server/db/schema/credit.ts';
import { orders } from '#server/db/schema/orders.ts';

export type { CreditKind };
export type CreditEntryRow = typeof storeCreditEntries.$inferSelect;

/** Adds `amountKobo` (> 0) to the balance, creating the row on the first grant. Returns the new balance. */
export async function addToBalance(q: Queryable, userId: number, amountKobo: number): Promise<number> {
  const [row] = await q
    .insert(storeCreditBalances)
    .values({ userId, balanceKobo: amountKobo })
    .onConflictDoUpdate({
      target: storeCreditBalances.userId,
      set: {
        balanceKobo: sql`${storeCreditBalances.balanceKobo} + ${amountKobo}`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ balanceKobo: storeCreditBalances.balanceKobo });
  return row!.balanceKobo;
}

/**
 * Takes `amountKobo` (> 0) off the balance only when it is there: one conditional UPDATE, so a
 * racing spend waits for the row and is checked again against what the first one left. Returns
 * the new balance, or null when the balance was short (nothing changed).
 */
export async function takeFromBalance(
  q: Queryable,
  userId: number,
  amountKobo: number,
): Promise<number | null> {
  const [row] = await q
    .update(storeCreditBalances)
    .set({ balanceKobo: sql`${storeCreditBalances.balanceKobo} - ${amountKobo}`, updatedAt: sql`now()` })
    .where(
      and(eq(storeCreditBalances.userId, userId), sql`${storeCreditBalances.balanceKobo} >= ${amountKobo}`),
    )
    .returning({ balanceKobo: storeCreditBalances.balanceKobo });
  return row?.balanceKobo ?? null;
}

/** Locks a customer's balance row (restores are decided under it), creating it when missing. */
export async function lockBalance(q: Queryable, userId: number): Promise<number> {
  await q.insert(storeCreditBalances).values({ userId, balanceKobo: 0 }).onConflictDoNothing();
  const [row] = await q
    .select({ balanceKobo: storeCreditBalances.balanceKobo })
    .from(storeCreditBalances)
    .where(eq(storeCreditBalances.userId, userId))
    .for('update');
  return row!.balanceKobo;
}

export async function readBalance(q: Queryable, userId: number): Promise<number> {
  const [row] = await q
    .select({ balanceKobo: storeCreditBalances.balanceKobo })
    .from(storeCreditBalances)
    .where(eq(storeCreditBalances.userId, userId));
  return row?.balanceKobo ?? 0;
}

export async function insertEntry(
  q: Queryable,
  values: {
    userId: number;
    amountKobo: number;
    kind: CreditKind;
    reason: string;
    orderId?: number | null;
    actorUserId?: number | null;
  },
): Promise<CreditEntryRow> {
  const [row] = await q.insert(storeCreditEntries).values(values).returning();
  return row!;
}

/** Who spent credit on an order, and how much of it is still out (spent less restored). */
export async function creditOutOnOrder(
  q: Queryable,
  orderId: number,
): Promise<{ userId: number; outKobo: number } | null> {
  const [row] = await queryRows<{ user_id: number; out: number | string }>(
    q,
    sql`SELECT user_id, -sum(amount_kobo) AS out FROM ${storeCreditEntries}
        WHERE order_id = ${orderId} AND kind IN ('spend', 'restore') GROUP BY user_id`,
  );
  return row ? { userId: row.user_id, outKobo: Number(row.out) } : null;
}

/** A customer's entries, newest first, with the tracking number of the order each concerns. */
export async function listEntries(q: Queryable, userId: number, limit: number) {
  return q
    .select({
      id: storeCreditEntries.id,
      amountKobo: storeCreditEntries.amountKobo,
      kind: storeCreditEntries.kind,
      reason: storeCreditEntries.reason,
      trackingNumber: orders.trackingNumber,
      actorUserId: storeCreditEntries.actorUserId,
      createdAt: storeCreditEntries.createdAt,
    })
    .from(storeCreditEntries)
    .leftJoin(orders, eq(orders.id, storeCreditEntries.orderId))
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(desc(storeCreditEntries.createdAt), desc(storeCreditEntries.id))
    .limit(limit);
}
