import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalog.ts';
import { media } from './media.ts';
import { orders } from './orders.ts';

/**
 * What a buyer thought of a product they received (issue 14): one per account and product, made
 * only from a delivered order of that account, so every review is a verified purchase. It enters
 * pending; staff approve it before it shows. The product's approved count and star total are kept
 * on `products` by a trigger (migration beside this table), so listings read them for free.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivered order that makes it a verified purchase (null only if that order was erased). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** As the order line named it and as the shopper wrote it (kept if the product is renamed or archived). */
    productName: text('product_name').notNull(),
    /** How the product page names the author: first name and initial, fixed when written. */
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    /** pending until staff approve it; an edit by its author sends it back to pending. */
    status: text('status').notNull().default('pending'),
    /** Written by the sample data's seed (ADR 070): `npm run sample:remove` deletes what carries it. */
    sample: boolean('sample').notNull().default(false),
    /** The shop's public answer, shown under the review. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    index('reviews_product_status_idx').on(t.productId, t.status, t.createdAt),
    index('reviews_status_created_idx').on(t.status, t.createdAt),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_status_valid', sql`${t.status} IN ('pending', 'approved')`),
  ],
);

/** Up to three photos a reviewer adds, in their order. */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('review_photos_key').on(t.reviewId, t.mediaId)],
);
