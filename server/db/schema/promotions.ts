// Promo codes (the promotions module). Their uses, which point at orders, are in orders.ts.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
