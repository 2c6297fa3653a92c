// The reviews module's SQL: a buyer's review (one per account and product), the approved ones a
// product page shows with their star distribution, and per-account counts for the admin.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ImageRef } from '#core/contract/catalog.ts';
import type { Queryable } from '#server/db/client.ts';
import { media } from '#server/db/schema/media.ts';
import { reviewPhotos, reviews } from '#server/db/schema/reviews.ts';

export type ReviewRow = typeof reviews.$inferSelect;

/**
 * Writes the account's review of a product: a new one, or their edit of the one they wrote (which
 * goes back to pending for staff to approve again). The unique key decides, so two posts at once
 * still leave one review.
 */
export async function upsertReview(
  q: Queryable,
  values: {
    productId: number;
    userId: number;
    orderId: number;
    productName: string;
    rating: number;
    comment: string;
    authorName: string;
  },
): Promise<{ row: ReviewRow; created: boolean }> {
  const [row] = await q
    .insert(reviews)
    .values(values)
    .onConflictDoUpdate({
      target: [reviews.productId, reviews.userId],
      set: {
        rating: values.rating,
        comment: values.comment,
        status: 'pending',
        approvedAt: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  // A fresh row was inserted when it was created and last changed at the same instant.
  return { row: row!, created: row!.createdAt.getTime() === row!.updatedAt.getTime() };
}

export async function listReviewsOfUser(q: Queryable, userId: number): Promise<ReviewRow[]> {
  return q.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(desc(reviews.updatedAt));
}

/** How many approved reviews gave each number of stars. */
export async function approvedDistribution(q: Queryable, productId: number): Promise<Map<number, number>> {
  const rows = await q
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
    .groupBy(reviews.rating);
  return new Map(rows.map((r) => [r.rating, Number(r.n)]));
}

/** One page of a product's approved reviews, newest first. */
export async function listApproved(
  q: Queryable,
  productId: number,
  limit: number,
  offset: number,
): Promise<ReviewRow[]> {
  return q
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

/** The photos of these reviews, in their order. */
export async function photosOf(q: Queryable, reviewIds: number[]): Promise<Map<number, ImageRef[]>> {
  const out = new Map<number, ImageRef[]>();
  if (reviewIds.length === 0) return out;
  const rows = await q
    .select({
      reviewId: reviewPhotos.reviewId,
      id: media.id,
      alt: media.alt,
      width: media.width,
      height: media.height,
    })
    .from(reviewPhotos)
    .innerJoin(media, eq(media.id, reviewPhotos.mediaId))
    .where(inArray(reviewPhotos.reviewId, reviewIds))
    .orderBy(asc(reviewPhotos.position));
  for (const { reviewId, ...image } of rows) {
    const list = out.get(reviewId) ?? [];
    list.push(image);
    out.set(reviewId, list);
  }
  return out;
}

/** Reviews written by each of these accounts (any state), for the admin users list. */
export async function countReviewsPerUser(q: Queryable, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await q
    .select({ userId: reviews.userId, n: count() })
    .from(reviews)
    .where(inArray(reviews.userId, userIds))
    .groupBy(reviews.userId);
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}
