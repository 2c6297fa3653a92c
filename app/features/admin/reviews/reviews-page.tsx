// /admin/reviews: the moderation queue. Summary (waiting, published, average, star distribution),
// the filter bar (search, stars, state — in the URL), and one card per review, pending first:
// stars, product, author (linked to their account), the order that verifies it, photos, Approve
// or Unpublish, a public reply, and Delete behind the spec's question (admins). Ticked pending
// reviews are approved together. Every form posts to the route's action: works without JavaScript.
import { Form, Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { Stars } from '#app/components/ui/stars.tsx';
import { ReviewPhotos } from '#app/features/shared/review-photos.tsx';
import {
  type AdminReviewRow,
  type AdminReviewsPage,
  type AdminReviewsQuery,
  adminReviewsQuery,
  REVIEW_REPLY_MAX,
} from '#core/contract/admin-reviews.ts';
import { REVIEW_STATUSES, type ReviewStatus } from '#core/contract/reviews.ts';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { countSet, FilterBar, FilterSearch, FilterSelect, optionsOf } from '../ui/filter-bar.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { PendingRegion, usePendingHere } from '../ui/pending-region.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';

const STATE_LABELS: Record<ReviewStatus, string> = { pending: 'Waiting for approval', approved: 'Published' };
const STAR_OPTIONS = ['5', '4', '3', '2', '1'] as const;
const STAR_LABELS: Record<(typeof STAR_OPTIONS)[number], string> = {
  '5': '5 stars',
  '4': '4 stars',
  '3': '3 stars',
  '2': '2 stars',
  '1': '1 star',
};
const BULK_FORM = 'bulk-approve';

const when = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });

export interface ReviewsAnswer {
  ok: false;
  message: string;
  values?: Record<string, string>;
}

export function ReviewsPage({
  data,
  canDelete,
  answer,
}: {
  data: AdminReviewsPage & { query: AdminReviewsQuery };
  /** Admins may delete; staff only moderate. */
  canDelete: boolean;
  answer: ReviewsAnswer | null;
}) {
  const { summary, items, total, page, pageCount, query } = data;
  const pending = usePendingHere();
  const filtered = Boolean(query.q || query.rating || query.status);
  const listHref = (change: Partial<AdminReviewsQuery>) => {
    const q = adminReviewsQuery({ page: 1 }, change);
    return `/admin/reviews${q ? `?${q}` : ''}`;
  };
  const waiting = items.filter((r) => r.status === 'pending');
  const answeredId = answer?.values?.id ? Number(answer.values.id) : null;
  return (
    <section className="min-w-0">
      <h1 className="font-display text-3xl font-semibold">Reviews</h1>
      <p className="mt-1 text-sm text-muted">
        Reviews come only from buyers whose order was delivered. Nothing shows on the shop until it is
        approved.
      </p>

      <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_2fr]">
        <Link
          to={listHref({ status: 'pending' })}
          className="block rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-plum-700/30"
        >
          <span className="block text-xs font-semibold uppercase text-muted">Waiting for approval</span>
          <span className="mt-1 block text-2xl font-semibold tabular-nums">{summary.pending}</span>
        </Link>
        <Link
          to={listHref({ status: 'approved' })}
          className="block rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-plum-700/30"
        >
          <span className="block text-xs font-semibold uppercase text-muted">Published</span>
          <span className="mt-1 block text-2xl font-semibold tabular-nums">{summary.approved}</span>
        </Link>
        <div className="rounded-xl bg-white p-4 shadow-sm">
          <span className="block text-xs font-semibold uppercase text-muted">Average (published)</span>
          <span className="mt-1 flex items-center gap-2 text-2xl font-semibold tabular-nums">
            {summary.average === null ? '–' : summary.average.toFixed(1)}
            {summary.average === null ? null : (
              <Stars rating={summary.average} label={`Average ${summary.average} out of 5`} />
            )}
          </span>
        </div>
        <table className="col-span-2 rounded-xl bg-white text-sm shadow-sm lg:col-span-1">
          <caption className="sr-only">All reviews by number of stars</caption>
          <tbody>
            {summary.distribution.map((d) => {
              const all = summary.pending + summary.approved;
              const share = all > 0 ? Math.round((d.count / all) * 100) : 0;
              return (
                <tr key={d.stars}>
                  <th scope="row" className="whitespace-nowrap px-3 py-0.5 text-left font-normal">
                    <Link to={listHref({ rating: d.stars })} className="underline-offset-2 hover:underline">
                      {d.stars} {d.stars === 1 ? 'star' : 'stars'}
                    </Link>
                  </th>
                  <td className="w-full py-0.5">
                    <span className="block h-2 rounded-full bg-sand" aria-hidden="true">
                      <span className="block h-2 rounded-full bg-gold-500" style={{ width: `${share}%` }} />
                    </span>
                  </td>
                  <td className="px-3 py-0.5 text-right tabular-nums">{d.count}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <div className="mt-6">
        {answer && answeredId === null ? (
          <div className="mb-4">
            <FormMessage tone="error">{answer.message}</FormMessage>
          </div>
        ) : null}
        <FilterBar
          label="Filter reviews"
          resetHref="/admin/reviews"
          filtered={filtered}
          active={countSet([query.rating ? String(query.rating) : undefined, query.status])}
          search={
            <FilterSearch
              id="reviews-q"
              defaultValue={query.q}
              placeholder="Product, words, customer name or email"
            />
          }
        >
          <FilterSelect
            label="Stars"
            id="reviews-rating"
            name="rating"
            defaultValue={query.rating ? String(query.rating) : undefined}
            any="Any"
            options={optionsOf(STAR_OPTIONS, STAR_LABELS)}
          />
          <FilterSelect
            label="State"
            id="reviews-status"
            name="status"
            defaultValue={query.status}
            any="Any"
            options={optionsOf(REVIEW_STATUSES, STATE_LABELS)}
          />
        </FilterBar>
      </div>

      <PendingRegion pending={pending} label="Loading reviews…">
        {total === 0 ? (
          <div className="mt-6">
            <EmptyState title={filtered ? 'No reviews match these filters' : 'No reviews yet'}>
              {filtered ? (
                <Link to="/admin/reviews" className="underline">
                  Show all reviews
                </Link>
              ) : (
                'When a delivered order’s buyer reviews the hair, it waits here for approval.'
              )}
            </EmptyState>
          </div>
        ) : (
          <>
            {waiting.length > 0 ? (
              <Form
                method="post"
                id={BULK_FORM}
                className="mt-6 flex flex-wrap items-center gap-3 rounded-xl bg-white p-4 shadow-sm"
                aria-label="Approve the selected reviews"
              >
                <input type="hidden" name="intent" value="bulk-approve" />
                <button type="submit" className="btn-primary">
                  Approve selected
                </button>
                <p className="text-xs text-muted">
                  Tick the reviews waiting for approval that you have read.
                </p>
              </Form>
            ) : null}
            <ul className="mt-4 space-y-4" aria-label="Reviews">
              {items.map((review) => (
                <ReviewCard
                  key={review.id}
                  review={review}
                  canDelete={canDelete}
                  answer={answeredId === review.id ? answer : null}
                />
              ))}
            </ul>
            <Pagination
              page={page}
              pageCount={pageCount}
              total={total}
              noun="reviews"
              hrefFor={(n) => `/admin/reviews?${adminReviewsQuery(query, { page: n })}`}
            />
          </>
        )}
      </PendingRegion>
    </section>
  );
}

function ReviewCard({
  review,
  canDelete,
  answer,
}: {
  review: AdminReviewRow;
  canDelete: boolean;
  answer: ReviewsAnswer | null;
}) {
  const replyFailed = answer?.values?.intent === 'reply';
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start gap-3">
        {review.status === 'pending' ? (
          <input
            type="checkbox"
            name="ids"
            value={review.id}
            form={BULK_FORM}
            aria-label={`Select the review of ${review.productName} by ${review.customerName}`}
            className="mt-1 h-5 w-5"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Stars rating={review.rating} label={`${review.rating} out of 5 stars`} />
            <StatusBadge tone={review.status === 'approved' ? 'success' : 'warning'}>
              {STATE_LABELS[review.status]}
            </StatusBadge>
            <span className="text-xs text-muted">{when.format(new Date(review.createdAt))}</span>
          </div>
          <p className="mt-1 font-semibold">
            {review.productPath ? (
              <Link
                to={review.productPath}
                target="_blank"
                className="text-plum-800 underline-offset-2 hover:underline"
              >
                {review.productName}
              </Link>
            ) : (
              review.productName
            )}
          </p>
          <p className="text-sm text-muted">
            By{' '}
            <Link to={`/admin/users/${review.customerId}`} className="font-semibold text-plum-800 underline">
              {review.customerName}
            </Link>{' '}
            <span className="break-all">{review.customerEmail}</span>
            {review.trackingNumber ? (
              <>
                {' '}
                · order{' '}
                <Link to={`/admin/orders/${review.trackingNumber}`} className="font-mono underline">
                  {review.trackingNumber}
                </Link>
              </>
            ) : null}
          </p>
          <p className="mt-2 whitespace-pre-line break-words">{review.comment}</p>
          <ReviewPhotos photos={review.photos} from={`${review.customerName}'s review`} size="sm" />
          {review.reply ? (
            <div className="mt-3 rounded-lg bg-plum-50 p-3 text-sm">
              <p className="font-semibold">Your public reply</p>
              <p className="mt-1 whitespace-pre-line">{review.reply}</p>
            </div>
          ) : null}
          {answer && !replyFailed ? (
            <div className="mt-3">
              <FormMessage tone="error">{answer.message}</FormMessage>
            </div>
          ) : null}
          <div className="mt-3 flex flex-wrap items-start gap-2">
            <Form method="post">
              <input type="hidden" name="id" value={review.id} />
              {review.status === 'pending' ? (
                <button type="submit" name="intent" value="approve" className="btn-primary">
                  Approve
                </button>
              ) : (
                <button type="submit" name="intent" value="unpublish" className="btn-outline">
                  Unpublish
                </button>
              )}
            </Form>
            <details className="rounded-lg border border-ink/15 bg-white" open={replyFailed || undefined}>
              <summary className="btn-outline cursor-pointer list-none">
                {review.reply ? 'Edit reply' : 'Reply publicly'}
              </summary>
              <Form method="post" className="space-y-2 p-3">
                <input type="hidden" name="id" value={review.id} />
                <label htmlFor={`reply-${review.id}`} className="block text-sm font-semibold">
                  Reply shown under the review
                </label>
                {replyFailed && answer ? <FormMessage tone="error">{answer.message}</FormMessage> : null}
                <textarea
                  id={`reply-${review.id}`}
                  name="reply"
                  rows={3}
                  maxLength={REVIEW_REPLY_MAX}
                  defaultValue={replyFailed ? (answer?.values?.reply ?? '') : (review.reply ?? '')}
                  className="input w-full"
                />
                <p className="text-xs text-muted">Leave it empty and save to take the reply down.</p>
                <button type="submit" name="intent" value="reply" className="btn-primary">
                  Save reply
                </button>
              </Form>
            </details>
            {canDelete ? (
              <ConfirmStep
                label="Delete"
                question="Are you sure you want to delete this review?"
                confirmLabel="Delete review"
                intent="delete"
              >
                <input type="hidden" name="id" value={review.id} />
              </ConfirmStep>
            ) : null}
          </div>
        </div>
      </div>
    </li>
  );
}
