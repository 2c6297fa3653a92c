// "Email me when it's back" requests (the catalogue module's; their own file, since they point at
// accounts, which point at the catalogue for wishlists).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { productVariants } from './catalog.ts';

/**
 * "Email me when it's back" (issue 14, ADR 037): one request per email address and sold-out
 * variant, owned by the catalogue (it watches the variant's stock). A guest's request carries only
 * the email; a signed-in shopper's carries the account too, whose back-in-stock setting decides at
 * sending time. The job that sends claims waiting requests whose variant has stock again
 * (FOR UPDATE SKIP LOCKED), queues the email and stamps `notified_at` in one transaction: one
 * email per request, ever. `outcome` says what happened: 'sent', or 'skipped' when the account
 * had turned back-in-stock emails off (or the product was no longer on sale).
 */
export const backInStockRequests = pgTable(
  'back_in_stock_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    /** Stored lower-case, so one address asks once per variant. */
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    outcome: text('outcome'),
  },
  (t) => [
    uniqueIndex('back_in_stock_requests_variant_email_key').on(t.variantId, t.email),
    index('back_in_stock_requests_waiting_idx').on(t.variantId).where(sql`${t.notifiedAt} IS NULL`),
  ],
);
