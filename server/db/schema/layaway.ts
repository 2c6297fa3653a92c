// Layaway, "Pay small-small" (the layaway module, ADR 099): one plan per order bought on
// instalments, and its instalments (the deposit is sequence 0). Each payment towards a plan is
// its own row of `payments`; what it paid is spread over the instalments in order.
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

export const LAYAWAY_PLAN_STATUSES = ['active', 'completed', 'defaulted', 'cancelled'] as const;

export const layawayPlans = pgTable(
  'layaway_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's tracking number (it never changes): the dashboard and tracking page find plans by it. */
    trackingNumber: text('tracking_number').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where reminders and the default's email go (the order's address). */
    email: text('email').notNull(),
    totalKobo: integer('total_kobo').notNull(),
    depositKobo: integer('deposit_kobo').notNull(),
    paidKobo: integer('paid_kobo').notNull().default(0),
    /** How the deposit is paid: online | bank_transfer. */
    depositMethod: text('deposit_method').notNull(),
    /** The settings the shopper agreed to (default rule, fee, grace days), kept as they were. */
    rule: jsonb('rule').notNull(),
    status: text('status', { enum: LAYAWAY_PLAN_STATUSES }).notNull().default('active'),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * What the default rule did when the plan ended unpaid: store credit granted (or waiting for
     * the credit module), or the refund owed less the fee (for the refunds module to pay).
     */
    outcome: jsonb('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('layaway_plans_order_idx').on(t.orderId),
    index('layaway_plans_user_idx').on(t.userId),
    uniqueIndex('layaway_plans_tracking_idx').on(t.trackingNumber),
    check(
      'layaway_plans_status_valid',
      sql`${t.status} IN ('active', 'completed', 'defaulted', 'cancelled')`,
    ),
    check('layaway_plans_paid_within_total', sql`${t.paidKobo} >= 0 AND ${t.paidKobo} <= ${t.totalKobo}`),
    check('layaway_plans_deposit_method_valid', sql`${t.depositMethod} IN ('online', 'bank_transfer')`),
  ],
);

export const layawayInstalments = pgTable(
  'layaway_instalments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id')
      .notNull()
      .references(() => layawayPlans.id, { onDelete: 'cascade' }),
    /** 0 is the deposit. */
    sequence: integer('sequence').notNull(),
    /** Lagos calendar date. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    paidKobo: integer('paid_kobo').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The last reminder sent: 'before' (three days ahead) or 'due' (on the day). */
    reminded: text('reminded'),
    extendedBy: integer('extended_by').references(() => users.id, { onDelete: 'set null' }),
    extendedReason: text('extended_reason'),
  },
  (t) => [
    uniqueIndex('layaway_instalments_plan_seq_idx').on(t.planId, t.sequence),
    index('layaway_instalments_due_idx').on(t.dueDate),
    check(
      'layaway_instalments_paid_within_amount',
      sql`${t.amountKobo} >= 0 AND ${t.paidKobo} >= 0 AND ${t.paidKobo} <= ${t.amountKobo}`,
    ),
  ],
);
