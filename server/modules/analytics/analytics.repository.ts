// SQL for the dashboard's figures: aggregates over orders, users and the catalogue. Analytics owns
// no table; it READS other modules' tables here, the reporting exception of ADR 025 (read-only
// aggregates, never a write, never another module's repository).
import { sql } from 'drizzle-orm';
import {
  COUNTED_ORDER_STATUSES,
  LAGOS_TIME_ZONE,
  NOT_REVENUE_STATUSES,
  PENDING_ACTION_STATUSES,
} from '#core/periods.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { products, productVariants } from '#server/db/schema/catalog.ts';
import { orderLines, orders } from '#server/db/schema/commerce.ts';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Revenue: the money is in — paid (card, transfer confirmed, or a payment staff confirmed), or a
 * pay-on-delivery order delivered — and the order was not cancelled or failed (refunded money is
 * a cancelled order's).
 */
const PAID = sql`(${orders.status} NOT IN (${list(NOT_REVENUE_STATUSES)}) AND (${orders.paidAt} IS NOT NULL OR (${orders.paymentMethod} = 'pay_on_delivery' AND ${orders.status} = 'delivered')))`;
const COUNTED = sql`${orders.status} IN (${list(COUNTED_ORDER_STATUSES)})`;

export interface Window {
  start: Date;
  end: Date;
}

const within = (column: typeof orders.createdAt | typeof users.createdAt, w: Window) =>
  sql`${column} >= ${w.start.toISOString()}::timestamptz AND ${column} < ${w.end.toISOString()}::timestamptz`;

export interface OrderFigures {
  revenueKobo: number;
  orders: number;
  /** Orders of the window that still wait for staff. */
  pending: number;
}

/** Revenue, orders and still-pending orders of the current and the previous window, in one pass. */
export async function orderFigures(
  q: Queryable,
  current: Window,
  previous: Window,
): Promise<{ current: OrderFigures; previous: OrderFigures }> {
  const [row] = await queryRows<Record<string, string | number | null>>(
    q,
    sql`SELECT
      coalesce(sum(${orders.totalKobo}) FILTER (WHERE ${within(orders.createdAt, current)} AND ${PAID}), 0)::bigint AS revenue,
      count(*) FILTER (WHERE ${within(orders.createdAt, current)} AND ${COUNTED})::int AS orders,
      count(*) FILTER (WHERE ${within(orders.createdAt, current)} AND ${orders.status} IN (${list(PENDING_ACTION_STATUSES)}))::int AS pending,
      coalesce(sum(${orders.totalKobo}) FILTER (WHERE ${within(orders.createdAt, previous)} AND ${PAID}), 0)::bigint AS prev_revenue,
      count(*) FILTER (WHERE ${within(orders.createdAt, previous)} AND ${COUNTED})::int AS prev_orders,
      count(*) FILTER (WHERE ${within(orders.createdAt, previous)} AND ${orders.status} IN (${list(PENDING_ACTION_STATUSES)}))::int AS prev_pending
    FROM ${orders}
    WHERE (${within(orders.createdAt, current)}) OR (${within(orders.createdAt, previous)})`,
  );
  return {
    current: {
      revenueKobo: Number(row!.revenue),
      orders: Number(row!.orders),
      pending: Number(row!.pending),
    },
    previous: {
      revenueKobo: Number(row!.prev_revenue),
      orders: Number(row!.prev_orders),
      pending: Number(row!.prev_pending),
    },
  };
}

/** Orders waiting for staff now, whenever they were placed. */
export async function pendingOrdersNow(q: Queryable): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    q,
    sql`SELECT count(*)::int AS n FROM ${orders} WHERE ${orders.status} IN (${list(PENDING_ACTION_STATUSES)})`,
  );
  return Number(row!.n);
}

/** Customer accounts opened in each window. */
export async function newCustomers(
  q: Queryable,
  current: Window,
  previous: Window,
): Promise<{ current: number; previous: number }> {
  const [row] = await queryRows<{ cur: number; prev: number }>(
    q,
    sql`SELECT
      count(*) FILTER (WHERE ${within(users.createdAt, current)})::int AS cur,
      count(*) FILTER (WHERE ${within(users.createdAt, previous)})::int AS prev
    FROM ${users}
    WHERE ${users.role} = 'customer' AND ${users.createdAt} >= ${previous.start.toISOString()}::timestamptz`,
  );
  return { current: Number(row!.cur), previous: Number(row!.prev) };
}

/** Products on sale now, and how many of them were already there when the period began. */
export async function activeProducts(
  q: Queryable,
  periodStart: Date,
): Promise<{ now: number; before: number }> {
  const [row] = await queryRows<{ now: number; before: number }>(
    q,
    sql`SELECT count(*)::int AS now,
      count(*) FILTER (WHERE ${products.createdAt} < ${periodStart.toISOString()}::timestamptz)::int AS before
    FROM ${products} WHERE ${products.isActive}`,
  );
  return { now: Number(row!.now), before: Number(row!.before) };
}

/** Variants of products on sale with `threshold` units or fewer left. */
export async function lowStockVariants(q: Queryable, threshold: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    q,
    sql`SELECT count(*)::int AS n FROM ${productVariants}
      JOIN ${products} ON ${products.id} = ${productVariants.productId}
      WHERE ${products.isActive} AND ${productVariants.stock} <= ${threshold}`,
  );
  return Number(row!.n);
}

const BUCKET_FORMATS = { hour: 'YYYY-MM-DD"T"HH24', day: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;

/**
 * Revenue and paid orders per Lagos hour, day or month of the window (grouped on date_trunc,
 * formatted once per group).
 */
export async function revenueByBucket(
  q: Queryable,
  w: Window,
  unit: keyof typeof BUCKET_FORMATS,
): Promise<{ key: string; revenueKobo: number; orders: number }[]> {
  const rows = await queryRows<{ key: string; revenue: string | number; orders: number }>(
    q,
    sql`SELECT to_char(bucket, ${BUCKET_FORMATS[unit]}) AS key, sum(total)::bigint AS revenue, count(*)::int AS orders
    FROM (
      SELECT date_trunc(${unit}, ${orders.createdAt} AT TIME ZONE ${LAGOS_TIME_ZONE}) AS bucket, ${orders.totalKobo} AS total
      FROM ${orders}
      WHERE ${within(orders.createdAt, w)} AND ${PAID}
    ) paid
    GROUP BY bucket ORDER BY bucket`,
  );
  return rows.map((r) => ({ key: r.key, revenueKobo: Number(r.revenue), orders: Number(r.orders) }));
}

export interface RecentOrderRow {
  trackingNumber: string;
  createdAt: Date;
  customer: string;
  items: number;
  totalKobo: number;
  status: string;
  paymentMethod: string;
}

/** The newest orders, whatever their status. */
export async function recentOrders(q: Queryable, limit: number): Promise<RecentOrderRow[]> {
  const rows = await queryRows<{
    tracking_number: string;
    created_at: string | Date;
    ship_name: string;
    items: number;
    total_kobo: number;
    status: string;
    payment_method: string;
  }>(
    q,
    sql`SELECT o.tracking_number, o.created_at, o.ship_name, o.total_kobo, o.status, o.payment_method,
      (SELECT coalesce(sum(l.quantity), 0)::int FROM ${orderLines} l WHERE l.order_id = o.id) AS items
    FROM ${orders} o
    ORDER BY o.created_at DESC, o.id DESC
    LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    trackingNumber: r.tracking_number,
    createdAt: new Date(r.created_at),
    customer: r.ship_name,
    items: Number(r.items),
    totalKobo: Number(r.total_kobo),
    status: r.status,
    paymentMethod: r.payment_method,
  }));
}

export interface TopProductRow {
  productId: number | null;
  name: string;
  units: number;
  revenueKobo: number;
}

/**
 * What each product sold in the window among paid orders (units and line totals): one pass,
 * one row per product, which the service ranks by units and by revenue.
 */
export async function salesByProduct(q: Queryable, w: Window): Promise<TopProductRow[]> {
  const rows = await queryRows<{
    product_id: number | null;
    name: string;
    units: number;
    revenue: string | number;
  }>(
    q,
    sql`SELECT ${orderLines.productId} AS product_id, min(${orderLines.productName}) AS name,
      sum(${orderLines.quantity})::int AS units, sum(${orderLines.totalKobo})::bigint AS revenue
    FROM ${orderLines} JOIN ${orders} ON ${orders.id} = ${orderLines.orderId}
    WHERE ${within(orders.createdAt, w)} AND ${PAID}
    GROUP BY ${orderLines.productId}, CASE WHEN ${orderLines.productId} IS NULL THEN ${orderLines.productName} END`,
  );
  return rows.map((r) => ({
    productId: r.product_id === null ? null : Number(r.product_id),
    name: r.name,
    units: Number(r.units),
    revenueKobo: Number(r.revenue),
  }));
}
