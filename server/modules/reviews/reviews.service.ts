// Reviews (issue 14): a buyer rates a product they received — one review per account and product,
// made only from a delivered order of theirs, so every review is a verified purchase. It enters
// pending and shows on the product page once staff approve it; the product's average and count
// are kept by a database trigger (migration 0012, ADR 034).
import type { SessionUser } from '#core/contract/account.ts';
import type { ImageRef } from '#core/contract/catalog.ts';
import {
  type AwaitingReview,
  type MyReview,
  type ProductReviews,
  type PublicReview,
  REVIEW_PHOTOS_MAX,
  type ReviewableLine,
  ReviewInput,
  type ReviewStatus,
  type ReviewViewer,
} from '#core/contract/reviews.ts';
import type { Queryable } from '#server/db/client.ts';
import type { CheckedPhoto } from '#server/modules/media/media.service.ts';
import type { PurchasesPort } from '#server/modules/orders/orders.ports.ts';
import { accountCacheKey, type TtlCache } from '#server/platform/cache.ts';
import { AppError, ForbiddenError, ValidationError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  approvedDistribution,
  countReviewsPerUser,
  findReviewOf,
  listApproved,
  listReviewsOfUser,
  photoIdsOf,
  photosOf,
  type ReviewRow,
  setReviewPhotos,
  upsertReview,
} from './reviews.repository.ts';

/** The media module's part in a review's photos: the content checks, then storing in our transaction. */
export interface ReviewPhotoStore {
  /** Throws a ValidationError saying why the file is not a photo we accept; stores nothing. */
  checkPhoto(input: Buffer): Promise<CheckedPhoto>;
  saveChecked(photo: CheckedPhoto, into: Queryable): Promise<ImageRef>;
}

/** Photos sent with a review: new files (by the name the shopper knows them by) and ones to take off. */
export interface ReviewPhotoChanges {
  files?: { name: string; data: Buffer }[];
  /** Media ids of the review's own photos to remove (others are ignored). */
  remove?: string[];
}

const tooMany = (name: string) =>
  `${name}: a review can have up to ${REVIEW_PHOTOS_MAX} photos. Remove one first, or choose fewer.`;

/** Approved reviews per page on a product page. */
export const REVIEWS_PAGE_SIZE = 5;
/** How long a product page's reviews are kept without any invalidation (the safety net, ADR 040). */
const REVIEWS_CACHE_MS = 15_000;
/** A shopper's review button for a product, kept at most this long (every change forgets it at once). */
const VIEWER_CACHE_MS = 10 * 60_000;

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
  /** Checks and stores review photos (the media service). */
  photos: ReviewPhotoStore;
  /** Call after a change that moves a product's figures, so cached pages show it at once. */
  onProductChanged?: (productId: number) => void;
  /**
   * Keeps a product page's approved reviews (ADR 040), under the product's own key prefix
   * (`catalog:product:<id>:`): whatever forgets the product — `onProductChanged`, an owner's edit,
   * a sale's notice, on the cache bus — forgets its reviews too. Absent: read every time.
   */
  cache?: TtlCache;
  /**
   * Per-account data on the cache bus (ADR 053): what a shopper may do about a product's reviews,
   * under 'account:<id>:', forgotten by the database's own notice whenever the account's reviews
   * or orders change (migration 0018). Absent: read every time.
   */
  accountCache?: TtlCache;
}) {
  const { db, purchases } = deps;
  const { cache, accountCache } = deps;
  async function loadViewer(userId: number, productId: number): Promise<ReviewViewer> {
    const [purchase, review] = await Promise.all([
      purchases.receivedOne(db, userId, productId),
      findReviewOf(db, userId, productId),
    ]);
    return {
      received: purchase !== null,
      review: review ? { id: review.id, status: review.status as ReviewStatus } : null,
    };
  }

  async function loadForProduct(productId: number, safePage: number): Promise<ProductReviews> {
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
  }

  function toMine(row: ReviewRow, paths: Map<number, string>, photos: Map<number, ImageRef[]>): MyReview {
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
      photos: photos.get(row.id) ?? [],
    };
  }

  /**
   * Checks every new photo before anything is written: the count (what the review keeps plus the
   * new ones) and each file's content. A refusal names the file; nothing is stored.
   */
  async function checkPhotos(kept: number, files: { name: string; data: Buffer }[]): Promise<CheckedPhoto[]> {
    const refused: string[] = [];
    const checked: CheckedPhoto[] = [];
    for (const [index, file] of files.entries()) {
      const name = file.name.trim() || `Photo ${index + 1}`;
      if (kept + index >= REVIEW_PHOTOS_MAX) {
        refused.push(tooMany(name));
        continue;
      }
      try {
        checked.push(await deps.photos.checkPhoto(file.data));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refused.push(`${name}: ${error.message}`);
      }
    }
    if (refused.length > 0) {
      throw new ValidationError(
        refused.length === 1
          ? `${refused[0]} Your review was not sent yet.`
          : `${refused.length} photos could not be used: ${refused.join(' ')} Your review was not sent yet.`,
        { photos: refused },
      );
    }
    return checked;
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
      const [paths, photos] = await Promise.all([
        deps.productPaths([
          ...new Set([...rows.map((r) => r.productId), ...received.map((r) => r.productId)]),
        ]),
        photosOf(
          db,
          rows.map((r) => r.id),
        ),
      ]);
      return {
        mine: rows.map((r) => toMine(r, paths, photos)),
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
     * A review from a buyer who received the product, or their edit of it (back to pending), with
     * up to three photos: new files are checked by content before anything is written, and the
     * author may take photos off. Refused (403) when the account never received the product; a
     * refused photo (not an image, or one too many) names the file and stores nothing. The form's
     * values are kept by the caller.
     */
    async submit(
      user: SessionUser,
      input: unknown,
      changes: ReviewPhotoChanges = {},
    ): Promise<{ review: MyReview; created: boolean }> {
      const parsed = parseInput(ReviewInput, input);
      const files = changes.files ?? [];
      // Who may write comes first: a stranger's photos are never decoded.
      const [purchase, existing] = await Promise.all([
        purchases.receivedOne(db, user.id, parsed.productId),
        findReviewOf(db, user.id, parsed.productId),
      ]);
      if (!purchase) throw new ForbiddenError('You can review a product once it has been delivered to you.');
      const remove = new Set(changes.remove ?? []);
      const keptBefore = existing ? (await photoIdsOf(db, existing.id)).filter((id) => !remove.has(id)) : [];
      const checked = await checkPhotos(keptBefore.length, files);

      const result = await db.transaction(async (tx) => {
        const received = await purchases.receivedOne(tx, user.id, parsed.productId);
        if (!received) {
          throw new ForbiddenError('You can review a product once it has been delivered to you.');
        }
        const written = await upsertReview(tx, {
          productId: parsed.productId,
          userId: user.id,
          orderId: received.orderId,
          productName: received.productName,
          authorName: publicAuthorName(user.name),
          rating: parsed.rating,
          comment: parsed.comment,
        });
        // The upsert holds the review's row lock, so the photo count below cannot race another post.
        const kept = (await photoIdsOf(tx, written.row.id)).filter((id) => !remove.has(id));
        if (kept.length + checked.length > REVIEW_PHOTOS_MAX) {
          throw new ValidationError(tooMany(files[REVIEW_PHOTOS_MAX - kept.length]?.name ?? 'That photo'), {
            photos: [tooMany('That photo')],
          });
        }
        const added: string[] = [];
        for (const photo of checked) added.push((await deps.photos.saveChecked(photo, tx)).id);
        const ids = [...new Set([...kept, ...added])];
        await setReviewPhotos(tx, written.row.id, ids);
        return written;
      });
      // An edit of an approved review takes it off the page until it is approved again.
      deps.onProductChanged?.(parsed.productId);
      accountCache?.forget(accountCacheKey(user.id));
      const [paths, photos] = await Promise.all([
        deps.productPaths([parsed.productId]),
        photosOf(db, [result.row.id]),
      ]);
      return { review: toMine(result.row, paths, photos), created: result.created };
    },

    /** The product page's offer to a signed-in shopper: review what they received, or edit theirs. */
    viewerOf(userId: number, productId: number): Promise<ReviewViewer> {
      if (!accountCache) return loadViewer(userId, productId);
      return accountCache.get(`${accountCacheKey(userId)}viewer:${productId}`, VIEWER_CACHE_MS, () =>
        loadViewer(userId, productId),
      );
    },

    /** Each line of the account's delivered orders, and whether its product is reviewed yet. */
    async reviewableLines(userId: number): Promise<ReviewableLine[]> {
      const [lines, rows] = await Promise.all([
        purchases.deliveredLines(db, userId),
        listReviewsOfUser(db, userId),
      ]);
      const reviewed = new Set(rows.map((r) => r.productId));
      return lines.map((l) => ({ ...l, reviewed: reviewed.has(l.productId) }));
    },

    /** A product page's approved reviews, newest first, with the average and star distribution. */
    forProduct(productId: number, page = 1): Promise<ProductReviews> {
      const safePage = Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
      if (!cache) return loadForProduct(productId, safePage);
      return cache.get(`catalog:product:${productId}:reviews:${safePage}`, REVIEWS_CACHE_MS, () =>
        loadForProduct(productId, safePage),
      );
    },

    /** The port the admin users list asks: reviews written per account (any state). */
    countsPerAccount(userIds: number[]): Promise<Map<number, number>> {
      return countReviewsPerUser(db, [...new Set(userIds)]);
    },
  };
}
