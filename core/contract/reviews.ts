// Reviews as the forms, screens and JSON API see them (issue 14). Types are inferred from these.
import { z } from 'zod';
import { MAX_ROW_ID } from '../ids.ts';
import { type ImageRef, ImageRefSchema } from './catalog.ts';

export const REVIEW_COMMENT_MAX = 2000;
/** Photos a review may carry (each checked by content as a product photo is). */
export const REVIEW_PHOTOS_MAX = 3;
/** The review form's fields for photos: new files, and ids of the review's photos to take off. */
export const REVIEW_PHOTO_FILES_FIELD = 'photoFiles';
export const REVIEW_PHOTO_REMOVE_FIELD = 'removePhotos';
export const REVIEW_STATUSES = ['pending', 'approved'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What a buyer sends: the product, 1–5 stars and a comment (a new review or an edit of theirs). */
export const ReviewInput = z.object({
  productId: z.coerce
    .number({ error: 'Please choose the product you are reviewing.' })
    .int('Please choose the product you are reviewing.')
    .positive('Please choose the product you are reviewing.')
    .max(MAX_ROW_ID, 'Please choose the product you are reviewing.'),
  rating: z.coerce
    .number({ error: 'Please choose from 1 to 5 stars.' })
    .int('Please choose from 1 to 5 stars.')
    .min(1, 'Please choose from 1 to 5 stars.')
    .max(5, 'Please choose from 1 to 5 stars.'),
  comment: z
    .string({ error: 'Please tell other shoppers what you thought.' })
    .trim()
    .min(10, 'Please write at least a sentence (10 characters or more).')
    .max(REVIEW_COMMENT_MAX, `Please keep your review under ${REVIEW_COMMENT_MAX} characters.`),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

/** A review as the product page shows it: approved, with the shop's reply if any. */
export const PublicReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string(),
  /** As it was when written, e.g. "Adaeze O." (first name and initial only). */
  authorName: z.string(),
  /** Every review comes from a delivered order of the author's. */
  verifiedPurchase: z.boolean(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  photos: z.array(ImageRefSchema),
});
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export const ProductReviewsSchema = z.object({
  /** Average stars to one decimal; null before the first approved review. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** How many approved reviews gave 5, 4, 3, 2 and 1 stars (in that order). */
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
  items: z.array(PublicReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductReviews = z.infer<typeof ProductReviewsSchema>;

/** The author's own review, as the dashboard's Reviews tab lists it. */
export interface MyReview {
  id: number;
  productId: number;
  productName: string;
  productPath: string | null;
  rating: number;
  comment: string;
  status: ReviewStatus;
  createdAt: string;
  updatedAt: string;
  reply: string | null;
  photos: ImageRef[];
}

/** A line of a delivered order in the order history: its product and whether it is reviewed. */
export interface ReviewableLine {
  trackingNumber: string;
  productId: number;
  productName: string;
  reviewed: boolean;
}

/** What the product page offers a signed-in shopper: to review it (received) or edit theirs. */
export interface ReviewViewer {
  received: boolean;
  review: { id: number; status: ReviewStatus } | null;
}

/** A product the shopper received and has not reviewed yet. */
export interface AwaitingReview {
  productId: number;
  productName: string;
  productPath: string | null;
  trackingNumber: string;
  imageId: string | null;
}
