// SQL for "what has this account received?": the delivered order lines behind verified reviews.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { orderLines, orders } from '#server/db/schema/commerce.ts';

export interface ReceivedProductRow {
  productId: number;
  orderId: number;
  trackingNumber: string;
  productName: string;
  imageId: string | null;
  orderedAt: Date;
}

/** One row per product the account has received, from its most recent delivered order of it. */
export async function selectReceivedProducts(
  q: Queryable,
  userId: number,
  productId?: number,
): Promise<ReceivedProductRow[]> {
  const rows = await q
    .selectDistinctOn([orderLines.productId], {
      productId: orderLines.productId,
      orderId: orders.id,
      trackingNumber: orders.trackingNumber,
      productName: orderLines.productName,
      imageId: orderLines.imageId,
      orderedAt: orders.createdAt,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'delivered'),
        isNotNull(orderLines.productId),
        productId === undefined ? sql`true` : eq(orderLines.productId, productId),
      ),
    )
    .orderBy(orderLines.productId, desc(orders.createdAt));
  return rows.map((r) => ({ ...r, productId: r.productId! }));
}

export async function selectTrackingNumbers(q: Queryable, orderIds: number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await q
    .select({ id: orders.id, trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return new Map(rows.map((r) => [r.id, r.trackingNumber]));
}

export interface DeliveredLineRow {
  trackingNumber: string;
  productId: number;
  productName: string;
}

/** Every line of the account's delivered orders that names a product (for "Leave Review"). */
export async function selectDeliveredLines(q: Queryable, userId: number): Promise<DeliveredLineRow[]> {
  const rows = await q
    .select({
      trackingNumber: orders.trackingNumber,
      productId: orderLines.productId,
      productName: orderLines.productName,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'delivered'), isNotNull(orderLines.productId)));
  return rows.map((r) => ({ ...r, productId: r.productId! }));
}
