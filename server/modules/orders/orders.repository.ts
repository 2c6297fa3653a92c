// SQL for orders: placing them (stock reserved by conditional updates in variant id order),
// their lines and history, and releasing the stock of unpaid ones.
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { OrderStatus } from '#core/order-status.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { deliveryRates, orderLines, orderStatusHistory, orders } from '#server/db/schema/commerce.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** Serialises work on one key for the rest of the transaction (both databases support it). */
export async function lockKey(q: Queryable, key: string): Promise<void> {
  await q.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
}

export interface LockedVariant {
  id: number;
  productId: number;
  productName: string;
  categorySlug: string;
  isActive: boolean;
  sku: string;
  options: Record<string, string>;
  priceKobo: number;
  stock: number;
  imageId: string | null;
}

/** Today's price and stock of these variants, rows locked in id order (no deadlocks). */
export async function lockVariants(q: Queryable, variantIds: number[]): Promise<LockedVariant[]> {
  if (variantIds.length === 0) return [];
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  const rows = await queryRows<{
    id: number;
    product_id: number;
    name: string;
    category_slug: string;
    is_active: boolean;
    sku: string;
    options: Record<string, string>;
    price_kobo: number;
    stock: number;
    image_id: string | null;
  }>(
    q,
    sql`SELECT v.id, v.product_id, p.name, p.category_slug, p.is_active, v.sku, v.options, v.price_kobo, v.stock,
               (SELECT pi.media_id FROM product_images pi WHERE pi.product_id = p.id ORDER BY pi.position, pi.id LIMIT 1) AS image_id
        FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY v.id
        FOR UPDATE OF v`,
  );
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    productName: r.name,
    categorySlug: r.category_slug,
    isActive: r.is_active,
    sku: r.sku,
    options: r.options,
    priceKobo: r.price_kobo,
    stock: r.stock,
    imageId: r.image_id,
  }));
}

/** Takes `quantity` from stock only if that many are there; false when not. */
export async function takeStock(q: Queryable, variantId: number, quantity: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    q,
    sql`UPDATE product_variants SET stock = stock - ${quantity} WHERE id = ${variantId} AND stock >= ${quantity} RETURNING id`,
  );
  return rows.length === 1;
}

export async function findDeliveryRate(q: Queryable, state: string) {
  const [row] = await q.select().from(deliveryRates).where(eq(deliveryRates.state, state));
  return row ?? null;
}

export async function listDeliveryRates(q: Queryable) {
  return q.select().from(deliveryRates).orderBy(asc(deliveryRates.state));
}

export async function findOrderByIdempotencyKey(q: Queryable, key: string): Promise<OrderRow | null> {
  const [row] = await q.select().from(orders).where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

/** Inserts the order; null when the tracking number is taken (the caller draws another). */
export async function insertOrder(q: Queryable, values: NewOrder): Promise<OrderRow | null> {
  const [row] = await q
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: orders.trackingNumber })
    .returning();
  return row ?? null;
}

export async function insertOrderLines(
  q: Queryable,
  lines: (typeof orderLines.$inferInsert)[],
): Promise<void> {
  if (lines.length > 0) await q.insert(orderLines).values(lines);
}

export async function insertStatus(
  q: Queryable,
  orderId: number,
  status: OrderStatus,
  note = '',
): Promise<void> {
  await q.insert(orderStatusHistory).values({ orderId, status, note });
}

/**
 * Moves an order to `status` only from one of `from` (so two workers, or a webhook and a
 * callback, cannot both do it). Returns the updated row, or null when it was not in `from`.
 */
export async function transitionOrder(
  q: Queryable,
  orderId: number,
  from: readonly OrderStatus[],
  status: OrderStatus,
  patch: Partial<Pick<NewOrder, 'paidAt' | 'reservedUntil' | 'stockReleasedAt'>> = {},
): Promise<OrderRow | null> {
  const [row] = await q
    .update(orders)
    .set({ status, ...patch, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning();
  return row ?? null;
}

/** Sets the status whatever it was (staff decide), with optional field changes. */
export async function forceOrderStatus(
  q: Queryable,
  orderId: number,
  status: OrderStatus,
  patch: Partial<Pick<NewOrder, 'paidAt' | 'reservedUntil'>> = {},
): Promise<OrderRow | null> {
  const [row] = await q
    .update(orders)
    .set({ status, ...patch, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  return row ?? null;
}

/**
 * Puts an order's units back on sale, once: only the call that marks it released returns true.
 */
export async function releaseOrderStock(q: Queryable, orderId: number): Promise<boolean> {
  const [marked] = await q
    .update(orders)
    .set({ stockReleasedAt: sql`now()`, reservedUntil: null })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id });
  if (!marked) return false;
  await q.execute(
    sql`UPDATE product_variants v SET stock = v.stock + l.qty
        FROM (SELECT variant_id, sum(quantity)::int AS qty FROM order_lines
              WHERE order_id = ${orderId} AND variant_id IS NOT NULL GROUP BY variant_id) l
        WHERE v.id = l.variant_id`,
  );
  return true;
}

/** What an order holds, per variant (to take it from stock again). */
export async function listOrderQuantities(
  q: Queryable,
  orderId: number,
): Promise<{ variantId: number; quantity: number }[]> {
  const rows = await queryRows<{ variant_id: number; qty: number }>(
    q,
    sql`SELECT variant_id, sum(quantity)::int AS qty FROM order_lines
        WHERE order_id = ${orderId} AND variant_id IS NOT NULL GROUP BY variant_id ORDER BY variant_id`,
  );
  return rows.map((r) => ({ variantId: r.variant_id, quantity: Number(r.qty) }));
}

export async function findOrderById(q: Queryable, id: number): Promise<OrderRow | null> {
  const [row] = await q.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

export async function lockOrder(q: Queryable, id: number): Promise<OrderRow | null> {
  const [row] = await queryRows<{ id: number }>(q, sql`SELECT id FROM orders WHERE id = ${id} FOR UPDATE`);
  return row ? findOrderById(q, id) : null;
}

export async function findOrderByTracking(q: Queryable, trackingNumber: string): Promise<OrderRow | null> {
  const [row] = await q.select().from(orders).where(eq(orders.trackingNumber, trackingNumber));
  return row ?? null;
}

export async function listOrderLines(q: Queryable, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return q
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
}

export async function listHistory(q: Queryable, orderId: number) {
  return q
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}

/** An account's orders, newest first (also the guest orders placed with its email). */
export async function listOrdersOfCustomer(q: Queryable, userId: number, email: string): Promise<OrderRow[]> {
  return q
    .select()
    .from(orders)
    .where(
      sql`${orders.userId} = ${userId} OR (${orders.userId} IS NULL AND lower(${orders.email}) = ${email.toLowerCase()})`,
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(100);
}

/**
 * Orders whose hold on their stock has run out: unpaid ones, and pay-on-delivery orders staff have
 * not confirmed (still `placed`).
 */
export async function listExpiredReservations(q: Queryable, limit = 50): Promise<OrderRow[]> {
  return q
    .select()
    .from(orders)
    .where(
      and(
        or(
          inArray(orders.status, ['pending_payment', 'awaiting_transfer']),
          and(eq(orders.status, 'placed'), eq(orders.paymentMethod, 'pay_on_delivery')),
        ),
        lt(orders.reservedUntil, sql`now()`),
        isNull(orders.stockReleasedAt),
      ),
    )
    .orderBy(asc(orders.reservedUntil))
    .limit(limit);
}
