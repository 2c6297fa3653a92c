// Payments (the payments module): attempts, provider events, and the sandbox provider's ledger.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES, sqlPaymentStatusList } from '#core/payment-status.ts';
import { orders } from './orders.ts';

/** One attempt to pay an order (a new reference per attempt: providers refuse a reused one). */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** paystack | sandbox | bank_transfer | pay_on_delivery | store_credit (ADR 100) */
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
