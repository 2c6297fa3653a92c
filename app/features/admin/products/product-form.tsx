// The product form (/admin/products/new, /admin/products/:id): the basics, the hair options, the
// photos, and prices and stock — one row for a simple product, or the variant builder: values per
// option → "Build rows" → one row per combination with its own SKU, price and stock, and "Set for
// selected". Every button posts the whole form to the route's action (works without JavaScript;
// with it, React Router submits in place), which answers with the form as typed.
import { Form, Link } from 'react-router';
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import { PhotoManager } from '#app/features/admin/ui/photo-manager.tsx';
import { CATEGORY_NAMES, CATEGORY_SLUGS, productPath } from '#core/catalog.ts';
import type { ProductStatus } from '#core/contract/admin-products.ts';
import type { ImageRef } from '#core/contract/catalog.ts';
import { DETAIL_KEYS, DETAIL_LABELS, field, type ProductDraft } from '#core/product-draft.ts';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { inputClass } from '../ui/filter-bar.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { DELETE_QUESTION, STATUS_LABELS, STATUS_TONES } from './format.ts';
import { PriceAndStock } from './price-and-stock.tsx';
import { Card, type Errors, ErrorText, Field, invalid, Text } from './product-fields.tsx';

export interface ProductFormProps {
  draft: ProductDraft;
  revision: string;
  message: string;
  ok: boolean;
  fieldErrors: Errors;
  /** Staff read the form; only admins change it (ADR 030). */
  readOnly: boolean;
  product: { id: number; slug: string; status: ProductStatus } | null;
  /** The product's current photos, first = main (their sizes for the photo manager's previews). */
  photos: (ImageRef & { mediaId: string })[];
  canDelete: boolean;
}

export function ProductForm(props: ProductFormProps) {
  const { draft, fieldErrors: errors, message, ok, readOnly, product, photos } = props;
  const title = product ? draft.name || 'Product' : 'Add product';
  const archived = product?.status === 'archived';
  return (
    <section className="min-w-0 max-w-5xl">
      <p>
        <Link to="/admin/products" className="text-sm font-semibold text-plum-800 underline">
          ← Products
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="break-words font-display text-3xl font-semibold">{title}</h1>
        {product ? (
          <StatusBadge tone={STATUS_TONES[product.status]}>{STATUS_LABELS[product.status]}</StatusBadge>
        ) : null}
        {product && product.status === 'active' ? (
          <Link to={productPath(product)} className="text-sm font-semibold text-plum-800 underline">
            See it on the shop
          </Link>
        ) : null}
      </div>
      {readOnly ? (
        <p className="mt-3 rounded-lg bg-plum-50 p-3 text-sm" data-testid="read-only">
          {archived
            ? 'This product is archived: it is not on the storefront. An admin can restore it.'
            : 'You can read this product; only an admin can change it.'}
        </p>
      ) : null}
      {message ? (
        <div
          role={ok ? 'status' : 'alert'}
          className={`mt-4 rounded-lg p-3 text-sm font-semibold ${ok ? 'bg-ok/10' : 'bg-sale/10 text-sale'}`}
          data-testid="form-message"
        >
          {message}
          {errors.rows ? <span className="block font-normal">{errors.rows.join(' ')}</span> : null}
        </div>
      ) : null}

      <Form
        method="post"
        encType="multipart/form-data"
        key={props.revision}
        className="mt-6 space-y-6"
        data-testid="product-form"
        noValidate
      >
        <fieldset disabled={readOnly} className="min-w-0 space-y-6">
          {/* Enter in a field saves (the first submit button is the form's default). */}
          <button
            type="submit"
            name="intent"
            value="save"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
          >
            Save
          </button>
          <Card title="Product" testId="basics">
            <Text label="Name" name="name" value={draft.name} errors={errors} required />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Category" name="category" errors={errors}>
                <select id="category" name="category" defaultValue={draft.category} className={inputClass}>
                  {CATEGORY_SLUGS.map((slug) => (
                    <option key={slug} value={slug}>
                      {CATEGORY_NAMES[slug]}
                    </option>
                  ))}
                </select>
              </Field>
              <Text
                label="Subcategory"
                name="subcategory"
                value={draft.subcategory}
                errors={errors}
                hint="e.g. Bob wigs, Frontal wigs"
              />
            </div>
            <Field label="Description" name="description" errors={errors}>
              <textarea
                id="description"
                name="description"
                defaultValue={draft.description}
                rows={5}
                className={inputClass}
                {...invalid('description', errors)}
              />
            </Field>
            <fieldset>
              <legend className="text-sm font-semibold">Status</legend>
              <div className="mt-1 flex flex-wrap gap-4 text-sm">
                {(['draft', 'active'] as const).map((s) => (
                  <label key={s} className="inline-flex min-h-11 items-center gap-2">
                    <input
                      type="radio"
                      name="status"
                      value={s}
                      defaultChecked={draft.status === s}
                      className="h-5 w-5"
                    />
                    {s === 'draft' ? 'Draft (not on the shop yet)' : 'Active (on sale)'}
                  </label>
                ))}
              </div>
              <ErrorText name="status" errors={errors} />
            </fieldset>
            <label className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="isFlashSale"
                defaultChecked={draft.isFlashSale}
                className="h-5 w-5"
              />
              Flash sale (shown in the home page’s flash sale; give the original price below)
            </label>
          </Card>

          <Card title="Hair" testId="hair">
            <div className="grid gap-4 sm:grid-cols-3">
              <Text label="Grade" name="grade" value={draft.grade} errors={errors} hint="e.g. 12A" />
              <Text label="Origin" name="origin" value={draft.origin} errors={errors} hint="e.g. Brazilian" />
              <Text
                label="Texture"
                name="texture"
                value={draft.texture}
                errors={errors}
                hint="e.g. Body Wave"
              />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {DETAIL_KEYS.map((key) => (
                <Text
                  key={key}
                  label={DETAIL_LABELS[key]}
                  name={field.detail(key)}
                  value={draft.details[key]}
                  errors={errors}
                />
              ))}
            </div>
          </Card>

          <Card title="Photos" testId="photos">
            {readOnly ? (
              draft.photos.length === 0 ? (
                <p className="text-sm text-muted">No photos yet.</p>
              ) : (
                <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="current-photos">
                  {draft.photos.map((p, index) => {
                    const image = photos.find((ph) => ph.mediaId === p.mediaId);
                    return (
                      <li key={p.mediaId} className="text-xs">
                        {image ? (
                          <ResponsiveImage
                            image={{ ...image, alt: p.alt }}
                            sizes="160px"
                            maxWidth={160}
                            className="aspect-[4/5] w-full rounded-lg object-cover"
                          />
                        ) : null}
                        <span className="mt-1 block">
                          {index === 0 ? 'Main photo' : `Photo ${index + 1}`}
                        </span>
                      </li>
                    );
                  })}
                </ol>
              )
            ) : (
              <PhotoManager
                label="Add photos"
                initial={draft.photos.map((p) => {
                  const image = photos.find((ph) => ph.mediaId === p.mediaId);
                  return { id: p.mediaId, alt: p.alt, width: image?.width, height: image?.height };
                })}
              />
            )}
            <ErrorText name="photos" errors={errors} />
          </Card>

          <Card title="Price and stock" testId="pricing">
            <PriceAndStock draft={draft} errors={errors} />
          </Card>

          {readOnly ? null : (
            <div className="flex flex-wrap gap-3">
              <button
                type="submit"
                name="intent"
                value="save"
                className="btn-primary"
                data-testid="save-product"
              >
                {product ? 'Save product' : 'Add product'}
              </button>
              <Link to="/admin/products" className="btn-outline">
                Cancel
              </Link>
            </div>
          )}
        </fieldset>
      </Form>

      {product && props.canDelete ? (
        <div className="mt-8 max-w-md">
          {archived ? (
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="restore"
                className="btn-primary"
                data-testid="restore-product"
              >
                Restore product
              </button>
            </Form>
          ) : (
            <ConfirmStep
              label="Delete product"
              question={DELETE_QUESTION}
              confirmLabel="Yes, delete"
              intent="archive"
            >
              <p className="text-xs text-muted">
                It leaves the storefront at once; past orders, reviews and the audit log keep it. An admin can
                restore it.
              </p>
            </ConfirmStep>
          )}
        </div>
      ) : null}
    </section>
  );
}
