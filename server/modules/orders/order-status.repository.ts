// SQL for the order state machine (order-machine.ts), and for nothing else: the one UPDATE that
// moves an order's status and the history row beside it. Only the machine imports this file
// (tests/integration/order-machine.test.ts checks that no other code writes orders.status).
import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '#core/order-status.ts';
import type { Queryable } from '#server/db/client.ts';
import { orderStatusHistory, orders } from '#server/db/schema/orders.ts';

type OrderRow = typeof orders.$inferSelect;

/** What else changes with the status: when it was paid, the hold's end, whether its stock is out. */
export type StatusPatch = Partial<Pick<OrderRow, 'paidAt' | 'reservedUntil' | 'stockReleasedAt'>>;

/**
 * Moves the order from `from` to `to` (only from `from`: the caller holds the row's lock, so this
 * is a guard, not a race), with the fields that change with it. Null when it was not in `from`.
 */
export async function writeOrderStatus(
  q: Queryable,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  patch: StatusPatch,
): Promise<OrderRow | null> {
  const [row] = await q
    .update(orders)
    .set({ status: to, ...patch, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, from)))
    .returning();
  return row ?? null;
}

/** A row of the order's history (the timeline and the admin page read it). */
export async function insertHistory(
  q: Queryable,
  orderId: number,
  status: OrderStatus,
  note: string,
  actorUserId: number | null,
): Promise<void> {
  await q.insert(orderStatusHistory).values({ orderId, status, note, actorUserId });
}
