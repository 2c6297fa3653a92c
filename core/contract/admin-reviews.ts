// The admin reviews screen (/admin/reviews): the filter as the URL carries it, the forms staff
// send (approve, unpublish, reply, bulk approve, delete) and what the page shows. Browser code
// imports only types and the zod-free helpers from here (ADR 009).
import { z } from 'zod';
import { MAX_ROW_ID } from '../ids.ts';
import type { ImageRef } from './catalog.ts';
import { REVIEW_STATUSES, type ReviewStatus } from './reviews.ts';

export const ADMIN_REVIEWS_PAGE_SIZE = 20;
export const REVIEW_REPLY_MAX = 1000;

const blankIsAbsent = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The list's filter (bookmarkable; unknown values fall back to "any"). Pending ones come first. */
export const AdminReviewsQuery = z.object({
  q: z.preprocess(blankIsAbsent, z.string().trim().max(100).optional()).catch(undefined),
  rating: z.preprocess(blankIsAbsent, z.coerce.number().int().min(1).max(5).optional()).catch(undefined),
  status: z.preprocess(blankIsAbsent, z.enum(REVIEW_STATUSES).optional()).catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type AdminReviewsQuery = z.infer<typeof AdminReviewsQuery>;

export const ReviewIdInput = z.object({
  id: z.coerce
    .number({ error: 'Choose a review.' })
    .int()
    .positive('Choose a review.')
    .max(MAX_ROW_ID, 'Choose a review.'),
});

export const ReviewReplyInput = ReviewIdInput.extend({
  /** Empty: take the reply down. */
  reply: z
    .string()
    .trim()
    .max(REVIEW_REPLY_MAX, `Keep the reply under ${REVIEW_REPLY_MAX} characters.`)
    .default(''),
});

export const BulkApproveInput = z.object({
  ids: z
    .array(z.coerce.number().int().positive().max(MAX_ROW_ID))
    .min(1, 'Tick the reviews to approve first.')
    .max(ADMIN_REVIEWS_PAGE_SIZE * 5, 'Approve at most 100 reviews at once.'),
});

export interface AdminReviewRow {
  id: number;
  productId: number;
  productName: string;
  /** The storefront page, or null when the product is not on sale. */
  productPath: string | null;
  customerId: number;
  customerName: string;
  customerEmail: string;
  /** The delivered order that verifies it (null if that order was erased). */
  trackingNumber: string | null;
  rating: number;
  comment: string;
  status: ReviewStatus;
  reply: string | null;
  photos: ImageRef[];
  createdAt: string;
  updatedAt: string;
}

export interface AdminReviewsPage {
  items: AdminReviewRow[];
  total: number;
  page: number;
  pageCount: number;
  /** Over every review, whatever the filter: the screen's summary. */
  summary: {
    pending: number;
    approved: number;
    /** Approved reviews' average stars (one decimal), null before the first. */
    average: number | null;
    /** All reviews by stars, 5 down to 1. */
    distribution: { stars: number; count: number }[];
  };
}

/** The list's query string for these filters (empty values left out), e.g. for pagination links. */
export function adminReviewsQuery(
  filters: AdminReviewsQuery,
  change: Partial<AdminReviewsQuery> = {},
): string {
  const merged = { ...filters, ...change };
  const params = new URLSearchParams();
  if (merged.q) params.set('q', merged.q);
  if (merged.rating) params.set('rating', String(merged.rating));
  if (merged.status) params.set('status', merged.status);
  if (merged.page && merged.page > 1) params.set('page', String(merged.page));
  return params.toString();
}
