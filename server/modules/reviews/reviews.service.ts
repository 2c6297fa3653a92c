// Reviews (issue 14): a buyer rates a product they received — one review per account and product,
// made only from a delivered order of theirs, so every review is a verified purchase. It enters
// pending and shows on the product page once staff approve it; the product's average and count
// are kept by a database trigger (migration 0012, ADR 034).
import type { SessionUser } from '#core/contract/account.ts';
import {
  type AwaitingReview,
  type MyReview,
  type ProductReviews,
  type PublicReview,
  ReviewInput,
  type ReviewStatus,
} from '#core/contract/reviews.ts';
import type { Queryable } from '#server/db/client.ts';
import type { PurchasesPort } from '#server/modules/orders/purchases.ts';
import { ForbiddenError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  approvedDistribution,
  countReviewsPerUser,
  listApproved,
  listReviewsOfUser,
  photosOf,
  type ReviewRow,
  upsertReview,
} from './reviews.repository.ts';

/** Approved reviews per page on a product page. */
export const REVIEWS_PAGE_SIZE = 5;

/** Where the product page lives, for the products these reviews are about (null: not on sale). */
export type ProductPaths = (productIds: number[]) => Promise<Map<number, string>>;

/** "Adaeze Okafor" → "Adaeze O.": what the product page shows of a reviewer. */
export function publicAuthorName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A shopper';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

export function createReviewsService(deps: {
  db: Queryable;
  purchases: PurchasesPort;
  productPaths: ProductPaths;
  /** Call after a change that moves a product's figures, so cached pages show it at once. */
  onProductChanged?: (productId: number) => void;
}) {
  const { db, purchases } = deps;

  function toMine(row: ReviewRow, paths: Map<number, string>): MyReview {
    return {
      id: row.id,
      productId: row.productId,
      productName: row.productName,
      productPath: paths.get(row.productId) ?? null,
      rating: row.rating,
      comment: row.comment,
      status: row.status as ReviewStatus,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      reply: row.reply,
    };
  }

  return {
    /**
     * The dashboard's Reviews tab: what the shopper has written (with its state) and the products
     * they received and have not reviewed yet.
     */
    async forAccount(userId: number): Promise<{ mine: MyReview[]; awaiting: AwaitingReview[] }> {
      const [rows, received] = await Promise.all([
        listReviewsOfUser(db, userId),
        purchases.received(db, userId),
      ]);
      const reviewed = new Set(rows.map((r) => r.productId));
      const paths = await deps.productPaths([
        ...new Set([...rows.map((r) => r.productId), ...received.map((r) => r.productId)]),
      ]);
      return {
        mine: rows.map((r) => toMine(r, paths)),
        awaiting: received
          .filter((r) => !reviewed.has(r.productId))
          .map((r) => ({
            productId: r.productId,
            productName: r.productName,
            productPath: paths.get(r.productId) ?? null,
            trackingNumber: r.trackingNumber,
            imageId: r.imageId,
          })),
      };
    },

    /**
     * A review from a buyer who received the product, or their edit of it (back to pending).
     * Refused (403) when the account never received it; the form's values are kept by the caller.
     */
    async submit(user: SessionUser, input: unknown): Promise<{ review: MyReview; created: boolean }> {
      const parsed = parseInput(ReviewInput, input);
      const result = await db.transaction(async (tx) => {
        const purchase = await purchases.receivedOne(tx, user.id, parsed.productId);
        if (!purchase) {
          throw new ForbiddenError('You can review a product once it has been delivered to you.');
        }
        return upsertReview(tx, {
          productId: parsed.productId,
          userId: user.id,
          orderId: purchase.orderId,
          productName: purchase.productName,
          authorName: publicAuthorName(user.name),
          rating: parsed.rating,
          comment: parsed.comment,
        });
      });
      // An edit of an approved review takes it off the page until it is approved again.
      deps.onProductChanged?.(parsed.productId);
      const paths = await deps.productPaths([parsed.productId]);
      return { review: toMine(result.row, paths), created: result.created };
    },

    /** A product page's approved reviews, newest first, with the average and star distribution. */
    async forProduct(productId: number, page = 1): Promise<ProductReviews> {
      const safePage = Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
      const [distribution, rows] = await Promise.all([
        approvedDistribution(db, productId),
        listApproved(db, productId, REVIEWS_PAGE_SIZE, (safePage - 1) * REVIEWS_PAGE_SIZE),
      ]);
      const photos = await photosOf(
        db,
        rows.map((r) => r.id),
      );
      let count = 0;
      let total = 0;
      for (const [stars, n] of distribution) {
        count += n;
        total += stars * n;
      }
      const items: PublicReview[] = rows.map((r) => ({
        id: r.id,
        rating: r.rating,
        comment: r.comment,
        authorName: r.authorName,
        verifiedPurchase: r.orderId !== null,
        createdAt: r.createdAt.toISOString(),
        reply: r.reply,
        repliedAt: r.repliedAt?.toISOString() ?? null,
        photos: photos.get(r.id) ?? [],
      }));
      return {
        average: count > 0 ? Math.round((total / count) * 10) / 10 : null,
        count,
        distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: distribution.get(stars) ?? 0 })),
        items,
        page: safePage,
        pageSize: REVIEWS_PAGE_SIZE,
      };
    },

    /** The port the admin users list asks: reviews written per account (any state). */
    countsPerAccount(userIds: number[]): Promise<Map<number, number>> {
      return countReviewsPerUser(db, [...new Set(userIds)]);
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
