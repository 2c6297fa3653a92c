// Carts, promo codes, delivery rates, orders and payments.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, sqlStatusList } from '#core/order-status.ts';
import { PAYMENT_STATUSES, sqlPaymentStatusList } from '#core/payment-status.ts';
import { users } from './accounts.ts';
import { products, productVariants } from './catalog.ts';

/** A shopper's cart: a guest's (by cookie token, stored hashed) or an account's (one each). */
export const carts = pgTable(
  'carts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    guestTokenHash: text('guest_token_hash').unique(),
    userId: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    promoCode: text('promo_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A guest's email, as typed on a checkout attempt that did not become an order (ADR 037). */
    email: text('email'),
    /** The cart state (its `updated_at`) the abandoned-cart reminder went out for: once per state. */
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
  },
  (t) => [
    check('carts_owner', sql`${t.guestTokenHash} IS NOT NULL OR ${t.userId} IS NOT NULL`),
    index('carts_updated_idx').on(t.updatedAt),
  ],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The price when the line was added (or last seen by the shopper): a change is pointed out. */
    seenPriceKobo: integer('seen_price_kobo').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.variantId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const discounts = pgTable(
  'discounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored upper-case; codes are matched without regard to case. */
    code: text('code').notNull().unique(),
    type: text('type').notNull(),
    /** Percent for percentage codes, kobo for fixed ones. */
    value: integer('value').notNull(),
    scope: text('scope').notNull().default('global'),
    categorySlugs: text('category_slugs').array().notNull().default(sql`'{}'::text[]`),
    productIds: integer('product_ids').array().notNull().default(sql`'{}'::integer[]`),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    perCustomerLimit: integer('per_customer_limit'),
    minSubtotalKobo: integer('min_subtotal_kobo').notNull().default(0),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('discounts_type_valid', sql`${t.type} IN ('percentage', 'fixed')`),
    check('discounts_scope_valid', sql`${t.scope} IN ('global', 'category', 'product')`),
    check('discounts_value_valid', sql`${t.value} > 0 AND (${t.type} <> 'percentage' OR ${t.value} <= 100)`),
    check('discounts_code_upper', sql`${t.code} = upper(${t.code})`),
    // The database itself refuses a use beyond the limit, whatever the code does.
    check('discounts_usage_within_limit', sql`${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit}`),
  ],
);

/** Delivery fee and pay-on-delivery per state (free everywhere by default, as the spec says). */
export const deliveryRates = pgTable('delivery_rates', {
  state: text('state').primaryKey(),
  feeKobo: integer('fee_kobo').notNull().default(0),
  payOnDelivery: boolean('pay_on_delivery').notNull().default(false),
  /** Working days, for the shopper's estimate. */
  etaDaysMin: integer('eta_days_min').notNull().default(2),
  etaDaysMax: integer('eta_days_max').notNull().default(5),
});

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
      sql`${t.paymentMethod} IN ('online', 'bank_transfer', 'pay_on_delivery')`,
    ),
    check(
      'orders_totals_add_up',
      sql`${t.totalKobo} = ${t.subtotalKobo} - ${t.discountKobo} + ${t.deliveryFeeKobo} AND ${t.totalKobo} >= 0`,
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

/** One attempt to pay an order (a new reference per attempt: providers refuse a reused one). */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** paystack | sandbox | bank_transfer | pay_on_delivery */
    provider: text('provider').notNull(),
    reference: text('reference').notNull().unique(),
    amountKobo: integer('amount_kobo').notNull(),
    currency: text('currency').notNull().default('NGN'),
    /** One of PAYMENT_STATUSES (core/payment-status.ts), moved only by the payments module's movePayment. */
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    authorizationUrl: text('authorization_url'),
    providerTransactionId: text('provider_transaction_id'),
    channel: text('channel'),
    message: text('message'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_status_valid', sql`${t.status} IN (${sql.raw(sqlPaymentStatusList())})`),
    index('payments_order_idx').on(t.orderId),
  ],
);

/** Webhook deliveries already applied (providers send at least once; no event ids from Paystack). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    reference: text('reference').notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_dedupe').on(t.provider, t.event, t.reference)],
);

/** The sandbox provider's own ledger: what a real provider would hold on its side. */
export const sandboxTransactions = pgTable('sandbox_transactions', {
  reference: text('reference').primaryKey(),
  email: text('email').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  currency: text('currency').notNull(),
  callbackUrl: text('callback_url').notNull(),
  status: text('status').notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});
