// SQL for the admin orders screens: the filtered list (a page, or keyset batches for the CSV
// export so 50,000 orders never sit in memory at once), staff's internal notes and the history
// with who set each status.
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AdminOrderSort } from '#core/contract/admin-orders.ts';
import type { OrderStatus, PaymentMethod } from '#core/order-status.ts';
import type { Queryable } from '#server/db/client.ts';
import { orderNotes, orderStatusHistory, orders } from '#server/db/schema/orders.ts';

/** The filter as SQL needs it: the search already split into what it can be. */
export interface OrderListWhere {
  /** Free text: part of a tracking number, name or email. */
  text?: string;
  /** A phone number in E.164 (the orders' and the recipients' phone). */
  phone?: string;
  statuses?: readonly OrderStatus[];
  method?: PaymentMethod;
  /** Orders whose processed refunds gave back all of the total, or some of it (ADR 097). */
  refund?: 'refunded' | 'partly_refunded';
  /** Inclusive start and exclusive end. */
  from?: Date;
  until?: Date;
}

/**
 * What processed refunds gave back for the order (the payments module's `refunds`, read here as
 * the list's figure; ADR 097). Named by hand, as `itemCount` is.
 */
const REFUNDED = sql`(SELECT coalesce(sum(r.amount_kobo), 0)::int FROM refunds r WHERE r.order_id = "orders"."id" AND r.status = 'processed')`;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filter: OrderListWhere): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.text) {
    const pattern = likePattern(filter.text);
    parts.push(
      or(
        ilike(orders.trackingNumber, pattern),
        ilike(orders.shipName, pattern),
        ilike(orders.email, pattern),
      ),
    );
  }
  if (filter.phone) parts.push(or(eq(orders.phone, filter.phone), eq(orders.shipPhone, filter.phone)));
  if (filter.statuses && filter.statuses.length > 0) parts.push(inArray(orders.status, [...filter.statuses]));
  if (filter.method) parts.push(eq(orders.paymentMethod, filter.method));
  if (filter.refund === 'refunded') parts.push(sql`${REFUNDED} >= ${orders.totalKobo}`);
  if (filter.refund === 'partly_refunded') {
    parts.push(sql`${REFUNDED} > 0 AND ${REFUNDED} < ${orders.totalKobo}`);
  }
  if (filter.from) parts.push(gte(orders.createdAt, filter.from));
  if (filter.until) parts.push(lt(orders.createdAt, filter.until));
  return parts.length > 0 ? and(...parts) : undefined;
}

function orderByOf(sort: AdminOrderSort): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(orders.createdAt), asc(orders.id)];
    case 'total_desc':
      return [desc(orders.totalKobo), desc(orders.id)];
    case 'total_asc':
      return [asc(orders.totalKobo), asc(orders.id)];
    default:
      return [desc(orders.createdAt), desc(orders.id)];
  }
}

const listColumns = {
  id: orders.id,
  trackingNumber: orders.trackingNumber,
  createdAt: orders.createdAt,
  /** The exact timestamp as text (microseconds kept) for the keyset cursor. */
  createdAtText: sql<string>`${orders.createdAt}::text`,
  shipName: orders.shipName,
  email: orders.email,
  phone: orders.phone,
  shipPhone: orders.shipPhone,
  shipState: orders.shipState,
  shipCity: orders.shipCity,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  subtotalKobo: orders.subtotalKobo,
  discountKobo: orders.discountKobo,
  deliveryFeeKobo: orders.deliveryFeeKobo,
  storeCreditKobo: orders.storeCreditKobo,
  totalKobo: orders.totalKobo,
  promoCode: orders.promoCode,
  paidAt: orders.paidAt,
  // Table-qualified by hand: drizzle writes a one-table select's columns unqualified, and inside
  // the subquery a bare "id" would be the order line's.
  itemCount: sql<number>`(SELECT coalesce(sum(ol.quantity), 0)::int FROM order_lines ol WHERE ol.order_id = "orders"."id")`,
  refundedKobo: sql<number>`${REFUNDED}`,
};

export type OrderListRow = {
  [K in keyof typeof listColumns]: K extends 'createdAt'
    ? Date
    : K extends 'paidAt'
      ? Date | null
      : K extends 'promoCode'
        ? string | null
        : K extends 'itemCount' | 'id' | `${string}Kobo`
          ? number
          : string;
};

/** One page of the list and how many orders match in all. */
export async function listOrdersPage(
  q: Queryable,
  filter: OrderListWhere,
  sort: AdminOrderSort,
  page: { limit: number; offset: number },
): Promise<{ rows: OrderListRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [count]] = await Promise.all([
    q
      .select(listColumns)
      .from(orders)
      .where(where)
      .orderBy(...orderByOf(sort))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { rows: rows as OrderListRow[], total: Number(count?.n ?? 0) };
}

/** Where the previous batch ended (its last row). */
export interface OrderCursor {
  id: number;
  createdAtText: string;
  totalKobo: number;
}

function after(sort: AdminOrderSort, c: OrderCursor): SQL {
  switch (sort) {
    case 'oldest':
      return sql`(${orders.createdAt}, ${orders.id}) > (${c.createdAtText}::timestamptz, ${c.id})`;
    case 'total_desc':
      return sql`(${orders.totalKobo}, ${orders.id}) < (${c.totalKobo}, ${c.id})`;
    case 'total_asc':
      return sql`(${orders.totalKobo}, ${orders.id}) > (${c.totalKobo}, ${c.id})`;
    default:
      return sql`(${orders.createdAt}, ${orders.id}) < (${c.createdAtText}::timestamptz, ${c.id})`;
  }
}

/**
 * The next batch of matching orders after `cursor`, in the list's order (keyset pagination: each
 * batch is one indexed query, however deep into the result it is).
 */
export async function listOrdersBatch(
  q: Queryable,
  filter: OrderListWhere,
  sort: AdminOrderSort,
  cursor: OrderCursor | null,
  limit: number,
): Promise<OrderListRow[]> {
  const where = cursor ? and(whereOf(filter), after(sort, cursor)) : whereOf(filter);
  const rows = await q
    .select(listColumns)
    .from(orders)
    .where(where)
    .orderBy(...orderByOf(sort))
    .limit(limit);
  return rows as OrderListRow[];
}

export async function listHistoryWithActors(q: Queryable, orderId: number) {
  return q
    .select({
      status: orderStatusHistory.status,
      note: orderStatusHistory.note,
      createdAt: orderStatusHistory.createdAt,
      actorUserId: orderStatusHistory.actorUserId,
    })
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id));
}

export async function insertOrderNote(
  q: Queryable,
  values: { orderId: number; authorUserId: number; body: string },
) {
  const [row] = await q.insert(orderNotes).values(values).returning();
  return row!;
}

export async function listOrderNotes(q: Queryable, orderId: number) {
  return q
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
}

/** Records that the money for an offline order arrived (it stays in its status). */
export async function markOrderPaid(q: Queryable, orderId: number, paidAt: Date): Promise<void> {
  await q
    .update(orders)
    .set({ paidAt, reservedUntil: null, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}
