// SQL for orders: writing them with their lines and history, moving their status, and marking
// the stock of ended ones released (the units themselves live in the catalogue: its stock port).
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { OrderStatus } from '#core/order-status.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { orderLines, orderStatusHistory, orders } from '#server/db/schema/orders.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = typeof orderLines.$inferInsert;

export async function findOrderByIdempotencyKey(q: Queryable, key: string): Promise<OrderRow | null> {
  const [row] = await q.select().from(orders).where(eq(orders.idempotencyKey, key));
  return row ?? null;
}

/**
 * An unpaid card order still holding its stock: the partial index `orders_cart_hold_idx`'s
 * condition, written as literals so the planner can use that index whatever the plan.
 */
const UNPAID_HOLD = sql`${orders.status} = 'pending_payment' AND ${orders.stockReleasedAt} IS NULL`;

/**
 * The order this checkout form already placed, and any unpaid card order of the cart still holding
 * its stock, in one statement (a refused checkout's one lookup, ADR 049).
 */
export async function findByKeyOrCartHold(
  q: Queryable,
  key: string,
  cartId: number | null,
): Promise<OrderRow[]> {
  return q
    .select()
    .from(orders)
    .where(
      cartId === null
        ? eq(orders.idempotencyKey, key)
        : or(eq(orders.idempotencyKey, key), and(eq(orders.cartId, cartId), UNPAID_HOLD)),
    );
}

/**
 * The cart's unpaid card orders that still hold their stock (but `exceptId`), locked for this
 * transaction (the partial index `orders_cart_hold_idx` finds them): a newer checkout from the
 * cart ends them through the state machine. An order paid or ended meanwhile is not among them.
 */
export async function lockCartHolds(
  q: Queryable,
  cartId: number,
  exceptId: number | null = null,
): Promise<OrderRow[]> {
  return q
    .select()
    .from(orders)
    .where(
      and(eq(orders.cartId, cartId), UNPAID_HOLD, exceptId === null ? undefined : ne(orders.id, exceptId)),
    )
    .for('update');
}

/** The advisory lock checkout takes on `key` too (checkout.repository's lockKeys), for this transaction. */
export async function lockKey(q: Queryable, key: string): Promise<void> {
  await q.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
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

/**
 * A new order's lines and its first status in one statement (a data-modifying CTE): one round
 * trip inside the placing transaction instead of two. Returns the lines as stored.
 */
export async function insertLinesAndFirstStatus(
  q: Queryable,
  lines: NewOrderLine[],
  first: { orderId: number; status: OrderStatus; note: string },
): Promise<OrderLineRow[]> {
  const status = q.insert(orderStatusHistory).values({
    orderId: first.orderId,
    status: first.status,
    note: first.note,
    actorUserId: null,
  });
  if (lines.length === 0) {
    await status;
    return [];
  }
  // drizzle builds each INSERT (columns, defaults, types); they run as one statement.
  const statusSql = (status as unknown as { getSQL(): SQL }).getSQL();
  const linesSql = (q.insert(orderLines).values(lines).returning() as unknown as { getSQL(): SQL }).getSQL();
  const rows = await queryRows<{
    id: number;
    order_id: number;
    product_id: number | null;
    variant_id: number | null;
    product_name: string;
    variant_label: string;
    sku: string;
    image_id: string | null;
    unit_price_kobo: number;
    quantity: number;
    discount_kobo: number;
    total_kobo: number;
  }>(q, sql`WITH first_status AS (${statusSql}) ${linesSql}`);
  return rows
    .map((r) => ({
      id: r.id,
      orderId: r.order_id,
      productId: r.product_id,
      variantId: r.variant_id,
      productName: r.product_name,
      variantLabel: r.variant_label,
      sku: r.sku,
      imageId: r.image_id,
      unitPriceKobo: r.unit_price_kobo,
      quantity: r.quantity,
      discountKobo: r.discount_kobo,
      totalKobo: r.total_kobo,
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Marks an order's units as back on sale, once: only the call that marks it returns true (that
 * caller puts the units back on the shelf through the catalogue's stock port).
 */
export async function markStockReleased(q: Queryable, orderId: number): Promise<boolean> {
  const [marked] = await q
    .update(orders)
    .set({ stockReleasedAt: sql`now()`, reservedUntil: null })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id });
  return Boolean(marked);
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
/** An account's orders, and (given its confirmed email) guest orders placed with that email. */
export async function listOrdersOfCustomer(
  q: Queryable,
  userId: number,
  confirmedEmail: string | null,
): Promise<OrderRow[]> {
  return q
    .select()
    .from(orders)
    .where(
      confirmedEmail === null
        ? eq(orders.userId, userId)
        : sql`${orders.userId} = ${userId} OR (${orders.userId} IS NULL AND lower(${orders.email}) = ${confirmedEmail.toLowerCase()})`,
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
