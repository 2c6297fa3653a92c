// The admin reviews screen (/admin/reviews): the moderation list (pending first), approve and
// unpublish, the shop's public reply, bulk approve and delete. Every change checks the permission
// table again (core/permissions.ts: `reviews.moderate`; deleting needs `delete.any`), runs in one
// transaction with its audit record, and tells the storefront's caches the product changed. The
// author's name and email come from the accounts module's directory, the order's tracking number
// from the orders module's purchases port.
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  type AdminReviewRow,
  type AdminReviewsPage,
  AdminReviewsQuery,
  BulkApproveInput,
  ReviewIdInput,
  ReviewReplyInput,
} from '#core/contract/admin-reviews.ts';
import type { ReviewStatus } from '#core/contract/reviews.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { CustomerDirectory } from '#server/modules/accounts/customer-directory.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { PurchasesPort } from '#server/modules/orders/orders.ports.ts';
import { NotFoundError } from '#server/platform/errors.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  deleteReview,
  listForStaff,
  lockReview,
  lockReviews,
  photosOf,
  type ReviewRow,
  setReviewReply,
  setReviewStatus,
  staffSummary,
} from './reviews.repository.ts';
import type { ProductPaths } from './reviews.service.ts';

export type ReviewActor = StaffActor;

/** What the audit log keeps of a review: enough to know what was published, or deleted. */
function recorded(row: ReviewRow) {
  return {
    status: row.status,
    rating: row.rating,
    comment: row.comment,
    reply: row.reply,
    productId: row.productId,
    productName: row.productName,
    userId: row.userId,
  };
}

export function createAdminReviewsService(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  directory: CustomerDirectory;
  purchases: PurchasesPort;
  productPaths: ProductPaths;
  /** A product's figures changed: cached pages must show it at once. */
  onProductChanged: (productId: number) => void;
}) {
  const { db, audit } = deps;

  async function record(
    tx: Queryable,
    actor: ReviewActor,
    action: string,
    row: ReviewRow,
    after: ReviewRow | null,
  ) {
    await audit.record(tx, {
      actorUserId: actor.user.id,
      action,
      subjectType: 'review',
      subjectId: row.id,
      ip: actor.ip ?? null,
      details: { before: recorded(row), after: after ? recorded(after) : null },
    });
  }

  /** Runs `change` on the locked review, records it, and tells the storefront. */
  async function change(
    actor: ReviewActor,
    id: number,
    action: string,
    apply: (tx: Queryable, row: ReviewRow) => Promise<ReviewRow | null>,
  ): Promise<ReviewRow> {
    const before = await db.transaction(async (tx) => {
      const row = await lockReview(tx, id);
      if (!row) throw new NotFoundError('That review no longer exists.');
      const after = await apply(tx, row);
      await record(tx, actor, action, row, after);
      return row;
    });
    deps.onProductChanged(before.productId);
    return before;
  }

  return {
    async list(actor: ReviewActor, query: unknown): Promise<AdminReviewsPage & { query: AdminReviewsQuery }> {
      assertCan(actor, 'reviews.moderate', 'You cannot moderate reviews.');
      const filter = parseInput(AdminReviewsQuery, query);
      const userIds = filter.q ? await deps.directory.idsMatching(filter.q) : undefined;
      const [{ rows, total }, summaryRows] = await Promise.all([
        listForStaff(db, {
          text: filter.q,
          userIds,
          rating: filter.rating,
          status: filter.status,
          limit: ADMIN_REVIEWS_PAGE_SIZE,
          offset: (filter.page - 1) * ADMIN_REVIEWS_PAGE_SIZE,
        }),
        staffSummary(db),
      ]);
      const [contacts, tracking, photos, paths] = await Promise.all([
        deps.directory.contactsOf(rows.map((r) => r.userId)),
        deps.purchases.trackingNumbersOf(
          db,
          rows.flatMap((r) => (r.orderId === null ? [] : [r.orderId])),
        ),
        photosOf(
          db,
          rows.map((r) => r.id),
        ),
        deps.productPaths([...new Set(rows.map((r) => r.productId))]),
      ]);
      const items: AdminReviewRow[] = rows.map((r) => ({
        id: r.id,
        productId: r.productId,
        productName: r.productName,
        productPath: paths.get(r.productId) ?? null,
        customerId: r.userId,
        customerName: contacts.get(r.userId)?.name ?? r.authorName,
        customerEmail: contacts.get(r.userId)?.email ?? '',
        trackingNumber: r.orderId === null ? null : (tracking.get(r.orderId) ?? null),
        rating: r.rating,
        comment: r.comment,
        status: r.status as ReviewStatus,
        reply: r.reply,
        photos: photos.get(r.id) ?? [],
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      }));
      let pending = 0;
      let approved = 0;
      let stars = 0;
      const byStars = new Map<number, number>();
      for (const s of summaryRows) {
        if (s.status === 'pending') pending += s.n;
        else {
          approved += s.n;
          stars += s.rating * s.n;
        }
        byStars.set(s.rating, (byStars.get(s.rating) ?? 0) + s.n);
      }
      return {
        query: filter,
        items,
        total,
        page: filter.page,
        pageCount: Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE)),
        summary: {
          pending,
          approved,
          average: approved > 0 ? Math.round((stars / approved) * 10) / 10 : null,
          distribution: [5, 4, 3, 2, 1].map((n) => ({ stars: n, count: byStars.get(n) ?? 0 })),
        },
      };
    },

    /** Publishes a review (or, with `pending`, takes it off the product page). */
    async setStatus(actor: ReviewActor, input: unknown, status: ReviewStatus): Promise<{ changed: boolean }> {
      assertCan(actor, 'reviews.moderate', 'You cannot moderate reviews.');
      const { id } = parseInput(ReviewIdInput, input);
      let changed = false;
      await change(
        actor,
        id,
        status === 'approved' ? 'review.approved' : 'review.unpublished',
        async (tx, row) => {
          changed = row.status !== status;
          if (changed) await setReviewStatus(tx, row.id, status);
          return { ...row, status };
        },
      );
      return { changed };
    },

    /** Approves every ticked review still pending; returns how many it published. */
    async bulkApprove(actor: ReviewActor, input: unknown): Promise<{ approved: number }> {
      assertCan(actor, 'reviews.moderate', 'You cannot moderate reviews.');
      const { ids } = parseInput(BulkApproveInput, input);
      const products = await db.transaction(async (tx) => {
        const rows = await lockReviews(tx, [...new Set(ids)]);
        const waiting = rows.filter((r) => r.status === 'pending');
        for (const row of waiting) {
          await setReviewStatus(tx, row.id, 'approved');
          await record(tx, actor, 'review.approved', row, { ...row, status: 'approved' });
        }
        return waiting.map((r) => r.productId);
      });
      for (const productId of new Set(products)) deps.onProductChanged(productId);
      return { approved: products.length };
    },

    /** The shop's public reply under the review (an empty reply takes it down). */
    async reply(actor: ReviewActor, input: unknown): Promise<{ removed: boolean }> {
      assertCan(actor, 'reviews.moderate', 'You cannot moderate reviews.');
      const { id, reply } = parseInput(ReviewReplyInput, input);
      await change(actor, id, reply ? 'review.replied' : 'review.reply_removed', async (tx, row) => {
        await setReviewReply(tx, row.id, reply || null, actor.user.id);
        return { ...row, reply: reply || null };
      });
      return { removed: !reply };
    },

    /** Deletes a review for good (admins); the audit log keeps its text. */
    async remove(actor: ReviewActor, input: unknown): Promise<void> {
      assertCan(actor, 'delete.any', 'Only an admin can delete a review.');
      const { id } = parseInput(ReviewIdInput, input);
      await change(actor, id, 'review.deleted', async (tx, row) => {
        await deleteReview(tx, row.id);
        return null;
      });
    },
  };
}
