// The dashboard's roll-ups (ADR 028): per Lagos calendar day, what the orders of that day add to
// the dashboard's figures, and what each product sold among them. Kept exactly right by database
// triggers on orders and order_lines (migration 0009), in the transaction of every change; read
// only by the analytics module.
import { bigint, date, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';

/** One row per Lagos day on which orders were placed. */
export const orderDailyTotals = pgTable('order_daily_totals', {
  /** The Lagos calendar date the orders were placed on. */
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Totals of the day's paid orders (revenue: core/periods.ts), kobo. */
  revenueKobo: bigint('revenue_kobo', { mode: 'number' }).notNull().default(0),
  /** How many of the day's orders are paid. */
  paidOrders: integer('paid_orders').notNull().default(0),
  /** The day's orders in COUNTED_ORDER_STATUSES. */
  orders: integer('orders').notNull().default(0),
  /** The day's orders in PENDING_ACTION_STATUSES. */
  pendingOrders: integer('pending_orders').notNull().default(0),
});

/** Units and line totals of paid orders, per Lagos day, product and the name the lines carry. */
export const productDailySales = pgTable(
  'product_daily_sales',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** Null once the product is deleted (order lines keep their name). */
    productId: integer('product_id'),
    productName: text('product_name').notNull(),
    units: integer('units').notNull().default(0),
    revenueKobo: bigint('revenue_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('product_daily_sales_key').on(t.day, t.productId, t.productName).nullsNotDistinct()],
);

/**
 * The same by Lagos calendar month (`month` is its first day), so a year's best sellers read
 * twelve rows per product rather than a row per day.
 */
export const productMonthlySales = pgTable(
  'product_monthly_sales',
  {
    month: date('month', { mode: 'string' }).notNull(),
    productId: integer('product_id'),
    productName: text('product_name').notNull(),
    units: integer('units').notNull().default(0),
    revenueKobo: bigint('revenue_kobo', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('product_monthly_sales_key').on(t.month, t.productId, t.productName).nullsNotDistinct()],
);
