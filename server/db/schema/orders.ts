// Orders (the orders module): the order, its lines, its status history and notes; and the promo
// code uses, which promotions writes but which point at an order (kept here so the schema files
// point one way, orders → promotions, never back; ADR 094).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, sqlStatusList } from '#core/order-status.ts';
import { users } from './accounts.ts';
import { carts } from './cart.ts';
import { products, productVariants } from './catalog.ts';
import { discounts } from './promotions.ts';

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** "CH" and 12 random digits; what the shopper tracks the order by. */
    trackingNumber: text('tracking_number').notNull().unique(),
    /** One order per checkout submission, however often it is sent. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** Written by the sample data's seed (ADR 070): `npm run sample:remove` deletes what carries it. */
    sample: boolean('sample').notNull().default(false),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The cart it was placed from: emptied once the payment is confirmed. */
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** One of ORDER_STATUSES (core/order-status.ts), moved only by the orders module's state machine. */
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    subtotalKobo: integer('subtotal_kobo').notNull(),
    discountKobo: integer('discount_kobo').notNull().default(0),
    deliveryFeeKobo: integer('delivery_fee_kobo').notNull().default(0),
    /** Store credit spent on it (ADR 100): taken off after discount and delivery. */
    storeCreditKobo: integer('store_credit_kobo').notNull().default(0),
    totalKobo: integer('total_kobo').notNull(),
    promoCode: text('promo_code'),
    discountId: integer('discount_id').references(() => discounts.id, { onDelete: 'set null' }),
    shipName: text('ship_name').notNull(),
    shipPhone: text('ship_phone').notNull(),
    shipState: text('ship_state').notNull(),
    shipCity: text('ship_city').notNull(),
    shipStreet: text('ship_street').notNull(),
    shipLandmark: text('ship_landmark'),
    /** Until then the stock is held: an unpaid order, or a pay-on-delivery order staff have not confirmed. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** The stock of its lines has gone back on sale (cancelled, failed or expired). */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Built from the one list: a new status changes it, and drizzle-kit writes the migration.
    check('orders_status_valid', sql`${t.status} IN (${sql.raw(sqlStatusList())})`),
    check(
      'orders_payment_method_valid',
      sql`${t.paymentMethod} IN ('online', 'bank_transfer', 'pay_on_delivery', 'layaway')`,
    ),
    check(
      'orders_totals_add_up',
      sql`${t.totalKobo} = ${t.subtotalKobo} - ${t.discountKobo} + ${t.deliveryFeeKobo} - ${t.storeCreditKobo} AND ${t.totalKobo} >= 0 AND ${t.storeCreditKobo} >= 0`,
    ),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_email_idx').on(t.email),
    index('orders_reserved_idx').on(t.status, t.reservedUntil),
    // The dashboard's periods and the admin orders list (newest first; ADRs 025, 026), and the phone search.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_phone_idx').on(t.phone),
    // A cart's unpaid card order, which its next checkout replaces (ADR 049): a few rows at most.
    index('orders_cart_hold_idx')
      .on(t.cartId)
      .where(sql`${t.status} = 'pending_payment' AND ${t.stockReleasedAt} IS NULL`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    variantLabel: text('variant_label').notNull().default(''),
    sku: text('sku').notNull(),
    imageId: text('image_id'),
    unitPriceKobo: integer('unit_price_kobo').notNull(),
    quantity: integer('quantity').notNull(),
    discountKobo: integer('discount_kobo').notNull().default(0),
    totalKobo: integer('total_kobo').notNull(),
  },
  (t) => [
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_lines_total_adds_up',
      sql`${t.totalKobo} = ${t.unitPriceKobo} * ${t.quantity} - ${t.discountKobo}`,
    ),
    index('order_lines_order_idx').on(t.orderId),
  ],
);

/** Every status an order has been in, when and why: the tracking timeline reads it. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note').notNull().default(''),
    /** The staff member who set it (null: the shopper, the payment provider or the shop itself). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/** Staff's internal notes on an order: never shown to the shopper. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/** Who used which promo code on which order (per-customer limits and first-order checks). */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discount_redemptions_customer_idx').on(t.discountId, t.email)],
);

/**
 * The last receipt number given in each calendar year (Lagos time): one row per year, taken under
 * its row lock (INSERT … ON CONFLICT DO UPDATE) in the transaction that makes the order paid or the
 * refund processed, so a rolled-back payment gives its number back and two at once never share one
 * (ADR 098).
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    year: integer('year').primaryKey(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [check('receipt_counters_positive', sql`${t.lastNumber} > 0`)],
);

/**
 * Receipts: CH-<year>-<number, six digits>, numbered without gaps per year. One for every paid
 * order (kind `order`) and one for every processed refund (kind `refund`, `refund_id` names it;
 * the refunds table gains its foreign key when it lands).
 */
export const receipts = pgTable(
  'receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    kind: text('kind', { enum: ['order', 'refund'] }).notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    refundId: integer('refund_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('receipts_year_number_unique').on(t.year, t.number),
    check('receipts_kind_valid', sql`${t.kind} IN ('order', 'refund')`),
    check('receipts_refund_named', sql`(${t.kind} = 'refund') = (${t.refundId} IS NOT NULL)`),
    // One receipt per paid order, one per refund.
    uniqueIndex('receipts_order_once').on(t.orderId).where(sql`${t.kind} = 'order'`),
    uniqueIndex('receipts_refund_once').on(t.refundId).where(sql`${t.refundId} IS NOT NULL`),
    index('receipts_order_idx').on(t.orderId),
  ],
);
