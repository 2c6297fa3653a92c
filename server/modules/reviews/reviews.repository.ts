// The reviews module's SQL: a buyer's review (one per account and product), the approved ones a
// product page shows with their star distribution, and per-account counts for the admin.
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
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

/** The account's review of a product, or null. */
export async function findReviewOf(
  q: Queryable,
  userId: number,
  productId: number,
): Promise<ReviewRow | null> {
  const [row] = await q
    .select()
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  return row ?? null;
}

/** The media ids of a review's photos, in their order. */
export async function photoIdsOf(q: Queryable, reviewId: number): Promise<string[]> {
  const rows = await q
    .select({ mediaId: reviewPhotos.mediaId })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.reviewId, reviewId))
    .orderBy(asc(reviewPhotos.position));
  return rows.map((r) => r.mediaId);
}

/**
 * Sets a review's photos to exactly these media ids, in this order (the media rows stay: a photo
 * is named by its content and may be used elsewhere).
 */
export async function setReviewPhotos(q: Queryable, reviewId: number, mediaIds: string[]): Promise<void> {
  await q.delete(reviewPhotos).where(eq(reviewPhotos.reviewId, reviewId));
  if (mediaIds.length === 0) return;
  await q
    .insert(reviewPhotos)
    .values(mediaIds.map((mediaId, position) => ({ reviewId, mediaId, position })))
    .onConflictDoNothing();
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

// ── Staff: the moderation list and its changes ───────────────────────────────────────────────

export interface AdminReviewFilter {
  /** Matches the comment or the product's name… */
  text?: string;
  /** …or any review by these accounts (whose name or email matched). */
  userIds?: number[];
  rating?: number;
  status?: string;
  limit: number;
  offset: number;
}

function adminConditions(filter: Omit<AdminReviewFilter, 'limit' | 'offset'>) {
  const search = [];
  if (filter.text) {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    search.push(ilike(reviews.comment, pattern), ilike(reviews.productName, pattern));
    if (filter.userIds && filter.userIds.length > 0) search.push(inArray(reviews.userId, filter.userIds));
  }
  return and(
    search.length > 0 ? or(...search) : undefined,
    filter.rating ? eq(reviews.rating, filter.rating) : undefined,
    filter.status ? eq(reviews.status, filter.status) : undefined,
  );
}

/** One page of reviews for staff: pending first (oldest waiting first), then newest approved. */
export async function listForStaff(
  q: Queryable,
  filter: AdminReviewFilter,
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = adminConditions(filter);
  const [rows, [counted]] = await Promise.all([
    q
      .select()
      .from(reviews)
      .where(where)
      .orderBy(
        sql`CASE WHEN ${reviews.status} = 'pending' THEN 0 ELSE 1 END`,
        sql`CASE WHEN ${reviews.status} = 'pending' THEN ${reviews.updatedAt} END ASC`,
        desc(reviews.createdAt),
        desc(reviews.id),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    q.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Every review by state and stars (the screen's summary). */
export async function staffSummary(q: Queryable): Promise<{ status: string; rating: number; n: number }[]> {
  const rows = await q
    .select({ status: reviews.status, rating: reviews.rating, n: count() })
    .from(reviews)
    .groupBy(reviews.status, reviews.rating);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

export async function lockReview(q: Queryable, id: number): Promise<ReviewRow | null> {
  const [row] = await q.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row ?? null;
}

export async function lockReviews(q: Queryable, ids: number[]): Promise<ReviewRow[]> {
  if (ids.length === 0) return [];
  return q.select().from(reviews).where(inArray(reviews.id, ids)).orderBy(asc(reviews.id)).for('update');
}

export async function setReviewStatus(
  q: Queryable,
  id: number,
  status: 'pending' | 'approved',
): Promise<void> {
  await q
    .update(reviews)
    .set({ status, approvedAt: status === 'approved' ? sql`now()` : null })
    .where(eq(reviews.id, id));
}

export async function setReviewReply(
  q: Queryable,
  id: number,
  reply: string | null,
  staffId: number,
): Promise<void> {
  await q
    .update(reviews)
    .set({ reply, repliedAt: reply ? sql`now()` : null, repliedBy: reply ? staffId : null })
    .where(eq(reviews.id, id));
}

export async function deleteReview(q: Queryable, id: number): Promise<void> {
  await q.delete(reviews).where(eq(reviews.id, id));
}
