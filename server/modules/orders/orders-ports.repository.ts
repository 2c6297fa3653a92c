// The orders module's SQL behind its ports (orders.ports.ts): the small questions other modules
// ask of orders, each answered here and nowhere else. Private to the module, like every repository.
import { and, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { orderLines, orders } from '#server/db/schema/orders.ts';

// ── customer orders ──
// SQL for "which orders are this customer's?" — asked by the support module (customer-orders.ts).
export interface CustomerOrderRow {
  id: number;
  trackingNumber: string;
  status: string;
  totalKobo: number;
  createdAt: Date;
}

const columns = {
  id: orders.id,
  trackingNumber: orders.trackingNumber,
  status: orders.status,
  totalKobo: orders.totalKobo,
  createdAt: orders.createdAt,
};

/** An account's orders, or (with no account) the guest orders placed with this email. */
function ownedBy(owner: { userId: number | null; email: string }) {
  const email = owner.email.toLowerCase();
  return owner.userId === null
    ? sql`(${orders.userId} IS NULL AND lower(${orders.email}) = ${email})`
    : sql`(${orders.userId} = ${owner.userId} OR (${orders.userId} IS NULL AND lower(${orders.email}) = ${email}))`;
}

export async function selectOwnedOrder(
  q: Queryable,
  trackingNumber: string,
  owner: { userId: number | null; email: string },
): Promise<CustomerOrderRow | null> {
  const [row] = await q
    .select(columns)
    .from(orders)
    .where(and(eq(orders.trackingNumber, trackingNumber), ownedBy(owner)))
    .limit(1);
  return row ?? null;
}

export async function selectOrdersOf(
  q: Queryable,
  owner: { userId: number | null; email: string },
  limit: number,
): Promise<CustomerOrderRow[]> {
  return q
    .select(columns)
    .from(orders)
    .where(ownedBy(owner))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function selectTrackingNumbersById(q: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: orders.id, trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, r.trackingNumber]));
}

// ── customer totals ──
// SQL for the admin users list: each account's orders and what it has spent, for one page of
// accounts in one query (orders_user_idx).
export interface CustomerTotalsRow {
  userId: number;
  orders: number;
  spentKobo: number;
}

export async function selectCustomerTotals(q: Queryable, userIds: number[]): Promise<CustomerTotalsRow[]> {
  if (userIds.length === 0) return [];
  const rows = await q
    .select({
      userId: orders.userId,
      orders: count(),
      spentKobo: sql<string>`coalesce(sum(${orders.totalKobo}) filter (where ${and(
        isNotNull(orders.paidAt),
        ne(orders.status, 'cancelled'),
      )}), 0)`,
    })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return rows.map((r) => ({ userId: r.userId!, orders: Number(r.orders), spentKobo: Number(r.spentKobo) }));
}

// ── guest orders ──
// SQL for guest orders joining the account that confirmed their address (ADR 065), and the
// delivery details of an account's latest order (offered to its empty profile).
/** Guest orders placed with this email (any case) become the account's; returns how many did. */
export async function joinGuestOrders(q: Queryable, userId: number, email: string): Promise<number> {
  const rows = await q
    .update(orders)
    .set({ userId })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = ${email.toLowerCase()}`))
    .returning({ id: orders.id });
  return rows.length;
}

export interface OrderContactRow {
  trackingNumber: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  landmark: string | null;
}

/** The phone and address of the account's latest order, or null when it has none. */
export async function selectLatestContact(q: Queryable, userId: number): Promise<OrderContactRow | null> {
  const [row] = await q
    .select({
      trackingNumber: orders.trackingNumber,
      phone: orders.shipPhone,
      street: orders.shipStreet,
      city: orders.shipCity,
      state: orders.shipState,
      landmark: orders.shipLandmark,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row ?? null;
}

// ── ordered variants ──
/** Which of these variants appear on an order line (any order, any status). */
export async function selectOrderedVariants(q: Queryable, variantIds: number[]): Promise<number[]> {
  if (variantIds.length === 0) return [];
  const rows = await q
    .selectDistinct({ id: orderLines.variantId })
    .from(orderLines)
    .where(inArray(orderLines.variantId, variantIds));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}

// ── purchases ──
// SQL for "what has this account received?": the delivered order lines behind verified reviews.
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

// ── recent orders ──
// SQL for the recent-orders port: has this shopper placed an order since a moment?
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
