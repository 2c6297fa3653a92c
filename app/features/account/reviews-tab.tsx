// The dashboard's Reviews tab: products the shopper received and has not reviewed yet, each with a
// review form (stars and a comment), and the reviews they wrote with their state (awaiting
// approval or published) and an edit form. Plain forms: they post without JavaScript.
import { Star } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Form, Link } from 'react-router';
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import { Stars } from '#app/components/ui/stars.tsx';
import { ReviewPhotos } from '#app/features/product/review-photos.tsx';
import type { ImageRef } from '#core/contract/catalog.ts';
import {
  type AwaitingReview,
  type MyReview,
  REVIEW_COMMENT_MAX,
  REVIEW_PHOTO_FILES_FIELD,
  REVIEW_PHOTO_REMOVE_FIELD,
  REVIEW_PHOTOS_MAX,
} from '#core/contract/reviews.ts';
import { EmptyState } from './dashboard-tabs.tsx';
import { FieldNotes, FormMessage, SubmitButton } from './form-fields.tsx';

export interface ReviewAnswer {
  ok: boolean;
  message: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
}

const reviewDate = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'Africa/Lagos' });

export function ReviewsTab({
  mine,
  awaiting,
  focusProductId,
  answer,
}: {
  mine: MyReview[];
  awaiting: AwaitingReview[];
  /** ?product=: the product the shopper came to review (its form first and open). */
  focusProductId: number | null;
  answer: ReviewAnswer | null;
}) {
  const answeredProduct = answer?.values?.productId ? Number(answer.values.productId) : null;
  const ordered = [...awaiting].sort(
    (a, b) => Number(b.productId === focusProductId) - Number(a.productId === focusProductId),
  );
  const focusUnknown =
    focusProductId !== null &&
    !awaiting.some((a) => a.productId === focusProductId) &&
    !mine.some((m) => m.productId === focusProductId);
  if (mine.length === 0 && awaiting.length === 0) {
    return (
      <div className="space-y-4">
        {answer && !answer.ok ? <FormMessage tone="error">{answer.message}</FormMessage> : null}
        <EmptyState icon={Star} title="No reviews yet">
          <p>Once an order is delivered you can rate the hair and tell other shoppers what you think.</p>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="space-y-10">
      {answer && (answer.ok || answeredProduct === null) ? (
        <FormMessage tone={answer.ok ? 'success' : 'error'}>{answer.message}</FormMessage>
      ) : null}
      {focusUnknown ? (
        <FormMessage tone="info">
          You can review a product once an order of it has been delivered to you.
        </FormMessage>
      ) : null}
      {ordered.length > 0 ? (
        <section aria-labelledby="awaiting-title">
          <h3 id="awaiting-title" className="text-lg font-semibold">
            Waiting for your review
          </h3>
          <ul className="mt-4 space-y-4">
            {ordered.map((item) => (
              <li
                key={item.productId}
                id={`review-product-${item.productId}`}
                className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm"
              >
                <p className="font-semibold">
                  {item.productPath ? (
                    <Link to={item.productPath} className="hover:underline">
                      {item.productName}
                    </Link>
                  ) : (
                    item.productName
                  )}
                </p>
                <p className="text-xs text-muted">Delivered with order {item.trackingNumber}</p>
                <ReviewForm
                  productId={item.productId}
                  answer={answeredProduct === item.productId ? answer : null}
                  submitLabel="Submit review"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {mine.length > 0 ? (
        <section aria-labelledby="mine-title">
          <h3 id="mine-title" className="text-lg font-semibold">
            Your reviews
          </h3>
          <ul className="mt-4 space-y-4">
            {mine.map((review) => {
              const answered = answeredProduct === review.productId ? answer : null;
              return (
                <li
                  key={review.id}
                  id={`review-product-${review.productId}`}
                  className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div>
                      <p className="font-semibold">
                        {review.productPath ? (
                          <Link to={review.productPath} className="hover:underline">
                            {review.productName}
                          </Link>
                        ) : (
                          review.productName
                        )}
                      </p>
                      <p className="text-xs text-muted">{reviewDate.format(new Date(review.updatedAt))}</p>
                    </div>
                    <span
                      className={`rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide ${review.status === 'approved' ? 'bg-ok/10 text-ok' : 'bg-plum-50 text-plum-800'}`}
                    >
                      {review.status === 'approved' ? 'Published' : 'Awaiting approval'}
                    </span>
                  </div>
                  <p className="mt-2">
                    <Stars rating={review.rating} label={`You gave ${review.rating} out of 5 stars`} />
                  </p>
                  <p className="mt-2 whitespace-pre-line text-sm">{review.comment}</p>
                  <ReviewPhotos photos={review.photos} from="your review" size="sm" />
                  {review.reply ? (
                    <div className="mt-3 rounded-lg bg-plum-50 p-3 text-sm">
                      <p className="font-semibold">Reply from Crown Hair</p>
                      <p className="mt-1 whitespace-pre-line">{review.reply}</p>
                    </div>
                  ) : null}
                  <details
                    className="mt-3"
                    open={
                      (answered !== null && !answered.ok) || focusProductId === review.productId || undefined
                    }
                  >
                    <summary className="cursor-pointer text-sm font-semibold text-plum-800">
                      Edit your review
                    </summary>
                    <p className="mt-2 text-xs text-muted">
                      An edited review is checked again before it shows.
                    </p>
                    <ReviewForm
                      // A saved edit remounts the form: the file input and its previews start empty.
                      key={review.updatedAt}
                      productId={review.productId}
                      answer={answered}
                      initial={{ rating: review.rating, comment: review.comment, photos: review.photos }}
                      submitLabel="Save changes"
                    />
                  </details>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function ReviewForm({
  productId,
  answer,
  initial,
  submitLabel,
}: {
  productId: number;
  answer: ReviewAnswer | null;
  initial?: { rating: number; comment: string; photos: ImageRef[] };
  submitLabel: string;
}) {
  const id = useId();
  const failed = answer && !answer.ok ? answer : null;
  const errors = failed?.fieldErrors ?? {};
  const rating = Number(failed?.values?.rating ?? initial?.rating ?? 0);
  const comment = failed?.values?.comment ?? initial?.comment ?? '';
  const photos = initial?.photos ?? [];
  const removed = (failed?.values?.[REVIEW_PHOTO_REMOVE_FIELD] ?? '').split(',');
  const free = REVIEW_PHOTOS_MAX - photos.length;
  // With JavaScript: a small preview of the files chosen (the form works the same without it).
  const [chosen, setChosen] = useState<{ key: string; file: File }[]>([]);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-4 space-y-4"
      noValidate
      aria-label={`Review of product ${productId}`}
    >
      {failed ? <FormMessage tone="error">{failed.message}</FormMessage> : null}
      <input type="hidden" name="productId" value={productId} />
      <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="text-sm font-semibold">Your rating</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {[5, 4, 3, 2, 1].map((stars) => (
            <label
              key={stars}
              className="inline-flex cursor-pointer items-center gap-1 rounded-full border border-ink/20 px-3 py-1.5 text-sm has-[:checked]:border-plum-700 has-[:checked]:bg-plum-50"
            >
              <input type="radio" name="rating" value={stars} defaultChecked={rating === stars} required />
              {stars} {stars === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p
            id={`${id}-rating-error`}
            className="mt-1 text-sm font-medium text-sale"
            data-field-error="rating"
          >
            {errors.rating[0]}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-comment`} className="block text-sm font-semibold">
          Your review
        </label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          defaultValue={comment}
          required
          className="input mt-1"
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={`${id}-comment-hint${errors.comment ? ` ${id}-comment-error` : ''}`}
        />
        <FieldNotes
          id={`${id}-comment`}
          name="comment"
          hint="How was the hair: the texture, shedding, colour, how it arrived?"
          error={errors.comment?.[0]}
        />
      </div>
      {photos.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-semibold">Your photos</legend>
          <ul className="mt-2 flex flex-wrap gap-3">
            {photos.map((photo, index) => (
              <li key={photo.id} className="w-24">
                <span className="block h-16 w-16 overflow-hidden rounded-lg bg-sand">
                  <ResponsiveImage
                    image={photo}
                    sizes="64px"
                    maxWidth={80}
                    alt={`Photo ${index + 1} of your review`}
                    className="h-full w-full object-cover"
                  />
                </span>
                <label className="mt-1 flex items-center gap-1 text-xs">
                  <input
                    type="checkbox"
                    name={REVIEW_PHOTO_REMOVE_FIELD}
                    value={photo.id}
                    defaultChecked={removed.includes(photo.id)}
                  />
                  Remove photo {index + 1}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <div>
        <label htmlFor={`${id}-photos`} className="block text-sm font-semibold">
          Add photos <span className="font-normal text-muted">(optional)</span>
        </label>
        <input
          id={`${id}-photos`}
          type="file"
          onChange={(event) => setChosen(previewsOf(event))}
          name={REVIEW_PHOTO_FILES_FIELD}
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          multiple
          className="mt-1 block w-full max-w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-plum-50 file:px-4 file:py-2 file:font-semibold file:text-plum-800"
          aria-invalid={errors.photos ? true : undefined}
          aria-describedby={`${id}-photos-hint${errors.photos ? ` ${id}-photos-error` : ''}`}
        />
        <p id={`${id}-photos-hint`} className="mt-1 text-xs text-muted">
          Up to {REVIEW_PHOTOS_MAX} photos in all
          {photos.length > 0 ? ` (${Math.max(0, free)} more, or remove one above)` : ''}: JPEG, PNG or WebP,
          10 MB each. They show with your review once it is approved.
        </p>
        {chosen.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Photos chosen">
            {chosen.map((photo) => (
              <li key={photo.key} className="w-16 text-center text-xs">
                <ChosenPhoto file={photo.file} />
                <span className="mt-1 block truncate" title={photo.file.name}>
                  {photo.file.name}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {chosen.length > free ? (
          <p className="mt-1 text-sm font-medium text-sale" role="status">
            {chosen.length} photos chosen: only {Math.max(0, free)} more can be added to this review.
          </p>
        ) : null}
        {errors.photos ? (
          <ul
            id={`${id}-photos-error`}
            className="mt-1 space-y-1 text-sm font-medium text-sale"
            data-field-error="photos"
          >
            {errors.photos.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <SubmitButton intent="review" pendingText="Sending…" className="btn-primary">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

function previewsOf(event: ChangeEvent<HTMLInputElement>): { key: string; file: File }[] {
  return [...(event.currentTarget.files ?? [])].map((file, i) => ({
    key: `${i}-${file.name}-${file.size}`,
    file,
  }));
}

/** A chosen file's thumbnail, read in the browser (a data: URL, which the page's CSP allows). */
function ChosenPhoto({ file }: { file: File }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!file.type.startsWith('image/') || file.size > 10 * 1024 * 1024) return;
    const reader = new FileReader();
    reader.onload = () => setSrc(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return (
    <span className="block h-16 w-16 overflow-hidden rounded-lg bg-sand">
      {src ? <img src={src} alt="" className="h-full w-full object-cover" /> : null}
    </span>
  );
}
