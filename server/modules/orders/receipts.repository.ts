// SQL for receipts (receipts.service.ts): the per-year counter taken under its row lock, the
// receipt rows, and reading an order's receipts.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { receiptCounters, receipts } from '#server/db/schema/orders.ts';

export type ReceiptRow = typeof receipts.$inferSelect;

/**
 * The next number of `year`: the year's counter row is created or moved on by one and stays
 * locked until the caller's transaction ends — a second payment waits for it, and a rollback
 * gives the number back.
 */
export async function takeNumbers(q: Queryable, year: number, count = 1): Promise<number> {
  const [row] = await q
    .insert(receiptCounters)
    .values({ year, lastNumber: count })
    .onConflictDoUpdate({
      target: receiptCounters.year,
      set: { lastNumber: sql`${receiptCounters.lastNumber} + ${count}` },
    })
    .returning({ last: receiptCounters.lastNumber });
  return row!.last;
}

export async function insertReceipts(
  q: Queryable,
  rows: (typeof receipts.$inferInsert)[],
): Promise<ReceiptRow[]> {
  if (rows.length === 0) return [];
  return q.insert(receipts).values(rows).returning();
}

export async function findOrderReceipt(q: Queryable, orderId: number): Promise<ReceiptRow | null> {
  const [row] = await q
    .select()
    .from(receipts)
    .where(and(eq(receipts.orderId, orderId), eq(receipts.kind, 'order')));
  return row ?? null;
}

export async function findRefundReceipt(q: Queryable, refundId: number): Promise<ReceiptRow | null> {
  const [row] = await q.select().from(receipts).where(eq(receipts.refundId, refundId));
  return row ?? null;
}

export async function listOrderReceipts(q: Queryable, orderId: number): Promise<ReceiptRow[]> {
  return q
    .select()
    .from(receipts)
    .where(eq(receipts.orderId, orderId))
    .orderBy(asc(receipts.year), asc(receipts.number));
}
