// Carts (the cart module): a guest's or an account's, and their lines.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { productVariants } from './catalog.ts';

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
