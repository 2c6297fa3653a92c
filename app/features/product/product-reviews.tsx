// The product page's reviews: the average and count near the title, and a section with the star
// distribution, approved reviews newest first (paged by ?reviews=, so it works without
// JavaScript), photos, the "verified purchase" mark and the shop's public reply.
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { PersonalSlot } from '#app/components/personal-slot.tsx';
import { Stars } from '#app/components/ui/stars.tsx';
import type { ProductReviews, ReviewViewer } from '#core/contract/reviews.ts';
import { ReviewPhotos } from './review-photos.tsx';

const reviewDate = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });

function countLabel(count: number) {
  return `${count} ${count === 1 ? 'review' : 'reviews'}`;
}

/** Next to the title: "★★★★½ 4.6 · 12 reviews", a link down to the reviews. */
export function RatingSummary({ reviews }: { reviews: ProductReviews }) {
  if (reviews.count === 0 || reviews.average === null) return null;
  return (
    <a href="#reviews" className="mt-2 inline-flex items-center gap-2 text-sm hover:underline">
      <Stars rating={reviews.average} label={`Rated ${reviews.average} out of 5`} />
      <span className="font-semibold">{reviews.average.toFixed(1)}</span>
      <span className="text-muted">· {countLabel(reviews.count)}</span>
    </a>
  );
}

/**
 * The review button for this shopper: "Edit your review" for its author, "Leave Review" for a
 * signed-in buyer who received it, otherwise a link to the dashboard, which knows who is asking.
 */
export function ReviewButton({ productId, viewer }: { productId: number; viewer: ReviewViewer | null }) {
  const to = `/dashboard?tab=reviews&product=${productId}#review-product-${productId}`;
  if (viewer?.review) {
    return (
      <Link to={to} className="btn-outline" rel="nofollow">
        Edit your review
      </Link>
    );
  }
  if (viewer?.received) {
    return (
      <Link to={to} className="btn-primary" rel="nofollow">
        Leave Review
      </Link>
    );
  }
  return (
    <Link to={to} className="btn-outline" rel="nofollow">
      Bought this? Write a review
    </Link>
  );
}

/** The author's note while their review waits for approval. */
export function PendingReviewNote({ viewer }: { viewer: ReviewViewer | null }) {
  if (viewer?.review?.status !== 'pending') return null;
  return (
    <p className="mt-2 text-sm text-muted">
      Your review is waiting for approval; it shows here once we have checked it.
    </p>
  );
}

export function ReviewsSection({
  reviews,
  productId,
  viewer = null,
  pageHref,
}: {
  reviews: ProductReviews;
  productId: number;
  /** The signed-in shopper's part (null: signed out): decides which review button shows. */
  viewer?: ReviewViewer | null;
  /** The product page's address for another page of reviews. */
  pageHref: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(reviews.count / reviews.pageSize));
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="container-shop py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="reviews-title" className="section-title">
          Customer reviews
        </h2>
        <PersonalSlot name="review" data={{ product: productId }}>
          <ReviewButton productId={productId} viewer={viewer} />
        </PersonalSlot>
      </div>
      <PersonalSlot name="review-pending" data={{ product: productId }}>
        <PendingReviewNote viewer={viewer} />
      </PersonalSlot>
      {reviews.count === 0 || reviews.average === null ? (
        <p className="mt-4 text-muted">
          No reviews yet. Reviews come from shoppers whose order was delivered.
        </p>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[18rem_1fr]">
          <div>
            <p className="flex items-center gap-3">
              <span className="font-display text-4xl font-semibold">{reviews.average.toFixed(1)}</span>
              <span>
                <Stars rating={reviews.average} size="md" label={`Rated ${reviews.average} out of 5`} />
                <span className="block text-sm text-muted">{countLabel(reviews.count)}</span>
              </span>
            </p>
            <table className="mt-4 w-full text-sm">
              <caption className="sr-only">How many reviews gave each number of stars</caption>
              <tbody>
                {reviews.distribution.map((d) => {
                  const share = reviews.count > 0 ? Math.round((d.count / reviews.count) * 100) : 0;
                  return (
                    <tr key={d.stars}>
                      <th scope="row" className="w-16 py-1 text-left font-normal">
                        {d.stars} {d.stars === 1 ? 'star' : 'stars'}
                      </th>
                      <td className="py-1">
                        <span className="block h-2 rounded-full bg-sand" aria-hidden="true">
                          <span
                            className="block h-2 rounded-full bg-gold-500"
                            style={{ width: `${share}%` }}
                          />
                        </span>
                      </td>
                      <td className="w-10 py-1 text-right tabular-nums">{d.count}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div>
            <ul className="space-y-6">
              {reviews.items.map((r) => (
                <li key={r.id} className="border-b border-ink/10 pb-6">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <Stars rating={r.rating} />
                    <span className="font-semibold">{r.authorName}</span>
                    {r.verifiedPurchase ? (
                      <span className="inline-flex items-center gap-1 text-xs font-semibold text-ok">
                        <BadgeCheck className="h-4 w-4" aria-hidden="true" /> Verified purchase
                      </span>
                    ) : null}
                    <time dateTime={r.createdAt} className="text-xs text-muted">
                      {reviewDate.format(new Date(r.createdAt))}
                    </time>
                  </div>
                  <p className="mt-2 whitespace-pre-line leading-relaxed">{r.comment}</p>
                  <ReviewPhotos photos={r.photos} from={`${r.authorName}'s review`} />
                  {r.reply ? (
                    <div className="mt-3 rounded-lg bg-plum-50 p-3 text-sm">
                      <p className="font-semibold">Reply from Crown Hair</p>
                      <p className="mt-1 whitespace-pre-line">{r.reply}</p>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label="Pages of reviews" className="mt-6 flex items-center gap-3 text-sm">
                {reviews.page > 1 ? (
                  <Link to={pageHref(reviews.page - 1)} preventScrollReset className="btn-outline">
                    Newer reviews
                  </Link>
                ) : null}
                <span className="text-muted">
                  Page {reviews.page} of {pages}
                </span>
                {reviews.page < pages ? (
                  <Link to={pageHref(reviews.page + 1)} preventScrollReset className="btn-outline">
                    Older reviews
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </div>
        </div>
      )}
    </section>
  );
}
