// SQL for the dashboard's figures: aggregates over orders, users and the catalogue. Analytics READS
// other modules' tables here, the reporting exception of ADR 025 (read-only aggregates, never a
// write, never another module's repository). Whole Lagos days come from the daily roll-ups that
// triggers keep beside the orders (order_daily_totals, product_daily_sales; ADR 028), the
// part-days at a stretch's edges from the orders themselves.
import { sql } from 'drizzle-orm';
import {
  COUNTED_ORDER_STATUSES,
  type DaySplit,
  LAGOS_TIME_ZONE,
  NOT_REVENUE_STATUSES,
  PENDING_ACTION_STATUSES,
  wholeMonths,
} from '#core/periods.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { orderDailyTotals, productDailySales, productMonthlySales } from '#server/db/schema/analytics.ts';
import { products, productVariants } from '#server/db/schema/catalog.ts';
import { orderLines, orders } from '#server/db/schema/orders.ts';
import { refunds } from '#server/db/schema/refunds.ts';

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

/** Orders placed in one of the split's part-days (false when it has none). */
const inEdges = (split: DaySplit) =>
  split.edges.length === 0
    ? sql`false`
    : sql.join(
        split.edges.map((w) => sql`(${within(orders.createdAt, w)})`),
        sql` OR `,
      );

const inDays = (column: typeof orderDailyTotals.day | typeof productDailySales.day, split: DaySplit) =>
  sql`${column} >= ${split.fromDay}::date AND ${column} < ${split.toDay}::date`;

/** Revenue, orders and still-pending orders of a stretch: its whole days' roll-ups plus its edges. */
export async function orderFigures(q: Queryable, split: DaySplit): Promise<OrderFigures> {
  const [row] = await queryRows<{ revenue: string | number; orders: number; pending: number }>(
    q,
    sql`SELECT coalesce(sum(revenue), 0)::bigint AS revenue, coalesce(sum(counted), 0)::int AS orders,
      coalesce(sum(pending), 0)::int AS pending
    FROM (
      SELECT ${orderDailyTotals.revenueKobo} AS revenue, ${orderDailyTotals.orders} AS counted,
        ${orderDailyTotals.pendingOrders} AS pending
      FROM ${orderDailyTotals} WHERE ${inDays(orderDailyTotals.day, split)}
      UNION ALL
      SELECT CASE WHEN ${PAID} THEN ${orders.totalKobo} ELSE 0 END,
        CASE WHEN ${COUNTED} THEN 1 ELSE 0 END,
        CASE WHEN ${orders.status} IN (${list(PENDING_ACTION_STATUSES)}) THEN 1 ELSE 0 END
      FROM ${orders} WHERE ${inEdges(split)}
    ) figures`,
  );
  return { revenueKobo: Number(row!.revenue), orders: Number(row!.orders), pending: Number(row!.pending) };
}

/** Orders waiting for staff now, whenever they were placed (every day's roll-up). */
export async function pendingOrdersNow(q: Queryable): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    q,
    sql`SELECT coalesce(sum(${orderDailyTotals.pendingOrders}), 0)::int AS n FROM ${orderDailyTotals}`,
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
 * Revenue and paid orders per Lagos hour, day or month of a stretch (grouped on date_trunc,
 * formatted once per group). Hours come from the orders alone: split a stretch charted by the
 * hour with no whole days.
 */
export async function revenueByBucket(
  q: Queryable,
  split: DaySplit,
  unit: keyof typeof BUCKET_FORMATS,
): Promise<{ key: string; revenueKobo: number; orders: number }[]> {
  const days =
    unit === 'hour'
      ? sql``
      : sql`SELECT date_trunc(${unit}, ${orderDailyTotals.day}::timestamp) AS bucket,
          ${orderDailyTotals.revenueKobo} AS total, ${orderDailyTotals.paidOrders} AS paid
        FROM ${orderDailyTotals} WHERE ${inDays(orderDailyTotals.day, split)} AND ${orderDailyTotals.paidOrders} <> 0
        UNION ALL`;
  const rows = await queryRows<{ key: string; revenue: string | number; orders: number }>(
    q,
    sql`SELECT to_char(bucket, ${BUCKET_FORMATS[unit]}) AS key, sum(total)::bigint AS revenue, sum(paid)::int AS orders
    FROM (
      ${days}
      SELECT date_trunc(${unit}, ${orders.createdAt} AT TIME ZONE ${LAGOS_TIME_ZONE}) AS bucket, ${orders.totalKobo} AS total, 1 AS paid
      FROM ${orders}
      WHERE (${inEdges(split)}) AND ${PAID}
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
 * What each product sold in a stretch among paid orders (units and line totals): whole months
 * from the monthly roll-up, the other whole days from the daily one, part-days from the orders;
 * one row per product, which the service ranks by units and by revenue. A product's name is the least of the
 * names its lines carry (a deleted product's lines keep theirs); a roll-up row emptied by a
 * cancellation names nothing and sells nothing.
 */
export async function salesByProduct(q: Queryable, split: DaySplit): Promise<TopProductRow[]> {
  const months = wholeMonths(split);
  const rows = await queryRows<{
    product_id: number | null;
    name: string;
    units: number;
    revenue: string | number;
  }>(
    q,
    sql`SELECT product_id, min(name) FILTER (WHERE units > 0) AS name,
      sum(units)::int AS units, sum(revenue)::bigint AS revenue
    FROM (
      SELECT ${productMonthlySales.productId} AS product_id, ${productMonthlySales.productName} AS name,
        ${productMonthlySales.units} AS units, ${productMonthlySales.revenueKobo} AS revenue
      FROM ${productMonthlySales}
      WHERE ${productMonthlySales.month} >= ${months.fromMonth}::date AND ${productMonthlySales.month} < ${months.toMonth}::date
      UNION ALL
      SELECT ${productDailySales.productId}, ${productDailySales.productName}, ${productDailySales.units},
        ${productDailySales.revenueKobo}
      FROM ${productDailySales}
      WHERE ${inDays(productDailySales.day, split)}
        AND (${productDailySales.day} < ${months.fromMonth}::date OR ${productDailySales.day} >= ${months.toMonth}::date)
      UNION ALL
      SELECT ${orderLines.productId}, ${orderLines.productName}, ${orderLines.quantity}, ${orderLines.totalKobo}
      FROM ${orderLines} JOIN ${orders} ON ${orders.id} = ${orderLines.orderId}
      WHERE (${inEdges(split)}) AND ${PAID}
    ) sales
    GROUP BY product_id, CASE WHEN product_id IS NULL THEN name END
    HAVING sum(units) > 0`,
  );
  return rows.map((r) => ({
    productId: r.product_id === null ? null : Number(r.product_id),
    name: r.name,
    units: Number(r.units),
    revenueKobo: Number(r.revenue),
  }));
}

/** Orders of a stretch: placed on one of its whole Lagos days, or in one of its part-days. */
const placedIn = (split: DaySplit) =>
  sql`((${orders.createdAt} AT TIME ZONE ${LAGOS_TIME_ZONE})::date >= ${split.fromDay}::date
    AND (${orders.createdAt} AT TIME ZONE ${LAGOS_TIME_ZONE})::date < ${split.toDay}::date OR ${inEdges(split)})`;

/**
 * Processed refunds of the revenue-counted orders placed in a stretch, per Lagos hour, day or
 * month of the order (ADR 097): revenue is shown net of them, each taken from the bucket its
 * order's revenue is in, so the chart's figures still add up to the card's.
 */
export async function refundsByBucket(
  q: Queryable,
  split: DaySplit,
  unit: keyof typeof BUCKET_FORMATS,
): Promise<{ key: string; refundedKobo: number }[]> {
  const rows = await queryRows<{ key: string; refunded: string | number }>(
    q,
    sql`SELECT to_char(date_trunc(${unit}, ${orders.createdAt} AT TIME ZONE ${LAGOS_TIME_ZONE}), ${BUCKET_FORMATS[unit]}) AS key,
      sum(${refunds.amountKobo})::bigint AS refunded
    FROM ${refunds} JOIN ${orders} ON ${orders.id} = ${refunds.orderId}
    WHERE ${refunds.status} = 'processed' AND ${PAID} AND ${placedIn(split)}
    GROUP BY 1`,
  );
  return rows.map((r) => ({ key: r.key, refundedKobo: Number(r.refunded) }));
}
