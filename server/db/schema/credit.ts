// Store credit (the credit module, ADR 100): a ledger of signed entries per customer, and one
// balance row per customer kept with each entry in the same transaction, under the row's lock.
// The balance can never go below zero: the CHECK refuses it, whatever races past the service.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';

export const CREDIT_KINDS = ['grant', 'spend', 'restore', 'adjust'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** A customer's store credit now: the sum of their entries, never below zero. */
export const storeCreditBalances = pgTable(
  'store_credit_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceKobo: integer('balance_kobo').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('store_credit_balance_not_negative', sql`${t.balanceKobo} >= 0`)],
);

/** Every change to a balance, append-only: what, why, for which order and by whom. */
export const storeCreditEntries = pgTable(
  'store_credit_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Signed: a grant or restore adds (> 0), a spend takes (< 0), an adjustment either way. */
    amountKobo: integer('amount_kobo').notNull(),
    kind: text('kind', { enum: CREDIT_KINDS }).notNull(),
    reason: text('reason').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The staff member who granted or adjusted it (null: the shop itself, a checkout). */
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('store_credit_kind_valid', sql`${t.kind} IN ('grant', 'spend', 'restore', 'adjust')`),
    check('store_credit_amount_not_zero', sql`${t.amountKobo} <> 0`),
    check(
      'store_credit_sign_fits_kind',
      sql`(${t.kind} IN ('grant', 'restore') AND ${t.amountKobo} > 0) OR (${t.kind} = 'spend' AND ${t.amountKobo} < 0) OR ${t.kind} = 'adjust'`,
    ),
    index('store_credit_entries_user_idx').on(t.userId, t.createdAt),
    index('store_credit_entries_order_idx').on(t.orderId),
  ],
);
