// Refunds (the payments module; ADR 097): money given back for an order, beside its status; the
// lines and units each gives back; and the sandbox provider's ledger of refunds. This file points
// at orders, payments and accounts; none of them points back.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { REFUND_STATUSES, sqlRefundStatusList } from '#core/refunds.ts';
import { users } from './accounts.ts';
import { orderLines, orders } from './orders.ts';
import { payments } from './payments.ts';

export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The payment it gives back (null for an offline order refunded by transfer). */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** paystack | sandbox | bank_transfer */
    provider: text('provider').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    includesDeliveryFee: boolean('includes_delivery_fee').notNull().default(false),
    reasonCode: text('reason_code').notNull(),
    reasonText: text('reason_text'),
    note: text('note'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    providerRefundId: text('provider_refund_id'),
    failureMessage: text('failure_message'),
    bankName: text('bank_name'),
    accountNumber: text('account_number'),
    accountName: text('account_name'),
    transferReference: text('transfer_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_status_valid', sql`${t.status} IN (${sql.raw(sqlRefundStatusList())})`),
    check('refunds_amount_positive', sql`${t.amountKobo} > 0`),
    check('refunds_provider_valid', sql`${t.provider} IN ('paystack', 'sandbox', 'bank_transfer')`),
    check(
      'refunds_transfer_recorded',
      sql`${t.provider} <> 'bank_transfer' OR ${t.status} IN ('requested', 'rejected') OR (${t.accountNumber} ~ '^[0-9]{10}$' AND ${t.transferReference} IS NOT NULL)`,
    ),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_provider_refund_idx').on(t.providerRefundId),
  ],
);

export const refundLines = pgTable(
  'refund_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    restock: boolean('restock').notNull().default(false),
    amountKobo: integer('amount_kobo').notNull(),
  },
  (t) => [
    check('refund_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('refund_lines_amount_not_negative', sql`${t.amountKobo} >= 0`),
    index('refund_lines_refund_idx').on(t.refundId),
    index('refund_lines_line_idx').on(t.orderLineId),
  ],
);

/** The sandbox provider's own ledger of refunds: what Paystack would hold on its side. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  transactionReference: text('transaction_reference').notNull(),
  amountKobo: integer('amount_kobo').notNull(),
  status: text('status').notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
