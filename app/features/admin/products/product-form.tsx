// The product form (/admin/products/new, /admin/products/:id): the basics, the hair options, the
// photos, and prices and stock — one row for a simple product, or the variant builder: values per
// option → "Build rows" → one row per combination with its own SKU, price and stock, and "Set for
// selected". Every button posts the whole form to the route's action (works without JavaScript;
// with it, React Router submits in place), which answers with the form as typed.
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx';
import { PhotoManager } from '#app/features/admin/ui/photo-manager.tsx';
import { CATEGORY_NAMES, CATEGORY_SLUGS, productPath } from '#core/catalog.ts';
import type { ProductStatus } from '#core/contract/admin-products.ts';
import type { ImageRef } from '#core/contract/catalog.ts';
import { DETAIL_KEYS, DETAIL_LABELS, type DraftRow, field, type ProductDraft } from '#core/product-draft.ts';
import { BUILDER_HINTS, BUILDER_LABELS, BUILDER_OPTIONS, comboKey } from '#core/variant-builder.ts';
import { variantLabel } from '#core/variants.ts';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { inputClass } from '../ui/filter-bar.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { DELETE_QUESTION, STATUS_LABELS, STATUS_TONES } from './format.ts';

type Errors = Record<string, string[]>;

function ErrorText({ name, errors }: { name: string; errors: Errors }) {
  const list = errors[name];
  if (!list?.length) return null;
  return (
    <p id={`${name}-error`} className="mt-1 text-sm font-semibold text-sale">
      {list.join(' ')}
    </p>
  );
}

function invalid(name: string, errors: Errors) {
  return errors[name]?.length ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` } : {};
}

function Field({
  label,
  name,
  errors,
  children,
  hint,
}: {
  label: string;
  name: string;
  errors: Errors;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={name} className="font-semibold">
        {label}
      </label>
      {hint ? <span className="text-xs text-muted">{hint}</span> : null}
      {children}
      <ErrorText name={name} errors={errors} />
    </div>
  );
}

function Text({
  label,
  name,
  value,
  errors,
  hint,
  required,
}: {
  label: string;
  name: string;
  value: string;
  errors: Errors;
  hint?: string;
  required?: boolean;
}) {
  return (
    <Field label={label} name={name} errors={errors} hint={hint}>
      <input
        id={name}
        name={name}
        defaultValue={value}
        className={inputClass}
        required={required}
        {...invalid(name, errors)}
      />
    </Field>
  );
}

function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section
      className="rounded-xl bg-white p-4 shadow-sm"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <h2 id={`${testId}-title`} className="font-display text-xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-4">{children}</div>
    </section>
  );
}

function RowHidden({ row, i }: { row: DraftRow; i: number }) {
  return (
    <>
      <input type="hidden" name={field.row(i, 'id')} value={row.id} />
      <input type="hidden" name={field.row(i, 'loadedStock')} value={row.loadedStock} />
      {BUILDER_OPTIONS.map((key) =>
        row.options[key] ? (
          <input key={key} type="hidden" name={field.row(i, `opt-${key}`)} value={row.options[key]} />
        ) : null,
      )}
    </>
  );
}

function MoneyInput({
  name,
  value,
  label,
  errors,
}: {
  name: string;
  value: string;
  label: string;
  errors: Errors;
}) {
  return (
    <input
      id={name}
      name={name}
      defaultValue={value}
      inputMode="decimal"
      aria-label={label}
      placeholder="0"
      className={`${inputClass} min-w-24`}
      {...invalid(name, errors)}
    />
  );
}

function SimplePrice({ row, errors }: { row: DraftRow; errors: Errors }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="simple-price">
      <RowHidden row={row} i={0} />
      <Field label="Price (₦)" name={field.row(0, 'price')} errors={errors} hint="e.g. 45,000">
        <MoneyInput name={field.row(0, 'price')} value={row.price} label="Price (₦)" errors={errors} />
      </Field>
      <Field
        label="Original price (₦)"
        name={field.row(0, 'compareAt')}
        errors={errors}
        hint="Shown struck through; leave empty if not on sale"
      >
        <MoneyInput
          name={field.row(0, 'compareAt')}
          value={row.compareAt}
          label="Original price (₦)"
          errors={errors}
        />
      </Field>
      <Field label="Stock" name={field.row(0, 'stock')} errors={errors} hint="Units on the shelf">
        <input
          id={field.row(0, 'stock')}
          name={field.row(0, 'stock')}
          defaultValue={row.stock}
          inputMode="numeric"
          className={inputClass}
          {...invalid(field.row(0, 'stock'), errors)}
        />
      </Field>
      <Field label="SKU" name={field.row(0, 'sku')} errors={errors} hint="Made for you when left empty">
        <input
          id={field.row(0, 'sku')}
          name={field.row(0, 'sku')}
          defaultValue={row.sku}
          className={inputClass}
          {...invalid(field.row(0, 'sku'), errors)}
        />
      </Field>
    </div>
  );
}

function VariantRows({ rows, errors }: { rows: DraftRow[]; errors: Errors }) {
  return (
    <>
      <fieldset className="rounded-lg border border-ink/10 p-3" data-testid="bulk-edit">
        <legend className="px-1 text-sm font-semibold">
          Set for all selected rows (all rows if none is ticked)
        </legend>
        <div className="grid gap-3 sm:grid-cols-4">
          <Field label="Price (₦)" name="bulk-price" errors={errors}>
            <input id="bulk-price" name="bulk-price" inputMode="decimal" className={inputClass} />
          </Field>
          <Field label="Original price (₦)" name="bulk-compareAt" errors={errors}>
            <input id="bulk-compareAt" name="bulk-compareAt" inputMode="decimal" className={inputClass} />
          </Field>
          <Field label="Stock" name="bulk-stock" errors={errors}>
            <input id="bulk-stock" name="bulk-stock" inputMode="numeric" className={inputClass} />
          </Field>
          <div className="flex items-end">
            <button type="submit" name="intent" value="apply" className="btn-outline w-full">
              Set for selected
            </button>
          </div>
        </div>
      </fieldset>
      <section
        className="relative overflow-x-auto rounded-lg border border-ink/10"
        aria-label="Variants"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="w-full min-w-[640px] text-left text-sm" data-testid="variant-rows">
          <caption className="sr-only">Variants: one row per combination</caption>
          <thead>
            <tr className="text-xs uppercase text-muted">
              <th scope="col" className="px-2 py-2">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col" className="px-2 py-2">
                Variant
              </th>
              <th scope="col" className="px-2 py-2">
                SKU
              </th>
              <th scope="col" className="px-2 py-2">
                Price (₦)
              </th>
              <th scope="col" className="px-2 py-2">
                Original (₦)
              </th>
              <th scope="col" className="px-2 py-2">
                Stock
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const label = variantLabel(row.options) || 'Default';
              const rowErrors = (['sku', 'price', 'compareAt', 'stock', 'id'] as const).flatMap(
                (name) => errors[field.row(i, name)] ?? [],
              );
              return (
                <tr
                  key={comboKey(row.options) || 'default'}
                  className="border-t border-ink/10 align-top"
                  data-variant-row={label}
                >
                  <td className="px-2 py-2">
                    <RowHidden row={row} i={i} />
                    <input
                      type="checkbox"
                      name={field.row(i, 'selected')}
                      defaultChecked={row.selected}
                      aria-label={`Select ${label}`}
                      className="h-5 w-5"
                    />
                  </td>
                  <th scope="row" className="px-2 py-2 font-semibold">
                    {label}
                    {row.id ? null : <span className="block text-xs font-normal text-muted">new</span>}
                    {rowErrors.length > 0 ? (
                      <span
                        className="mt-1 block text-xs font-semibold text-sale"
                        id={`${field.row(i, 'price')}-error`}
                      >
                        {rowErrors.join(' ')}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-2 py-2">
                    <input
                      name={field.row(i, 'sku')}
                      defaultValue={row.sku}
                      aria-label={`SKU of ${label}`}
                      className={inputClass}
                      aria-invalid={errors[field.row(i, 'sku')] ? true : undefined}
                    />
                  </td>
                  <td className="px-2 py-2">
                    <input
                      name={field.row(i, 'price')}
                      defaultValue={row.price}
                      inputMode="decimal"
                      aria-label={`Price of ${label} (₦)`}
                      className={inputClass}
                      aria-invalid={errors[field.row(i, 'price')] ? true : undefined}
                    />
                  </td>
                  <td className="px-2 py-2">
                    <input
                      name={field.row(i, 'compareAt')}
                      defaultValue={row.compareAt}
                      inputMode="decimal"
                      aria-label={`Original price of ${label} (₦)`}
                      className={inputClass}
                      aria-invalid={errors[field.row(i, 'compareAt')] ? true : undefined}
                    />
                  </td>
                  <td className="px-2 py-2">
                    <input
                      name={field.row(i, 'stock')}
                      defaultValue={row.stock}
                      inputMode="numeric"
                      aria-label={`Stock of ${label}`}
                      className={inputClass}
                      aria-invalid={errors[field.row(i, 'stock')] ? true : undefined}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </>
  );
}

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
  const simple = draft.rows.length === 1 && Object.keys(draft.rows[0]!.options).length === 0;
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
            <fieldset className="rounded-lg border border-ink/10 p-3" data-testid="variant-builder">
              <legend className="px-1 text-sm font-semibold">Options (variant builder)</legend>
              <p className="text-xs text-muted">
                Type the values a product comes in, separated by commas, then Build rows: one row per
                combination. Leave them all empty for a simple product with one price and stock.
              </p>
              <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {BUILDER_OPTIONS.map((key) => (
                  <Text
                    key={key}
                    label={BUILDER_LABELS[key]}
                    name={field.option(key)}
                    value={draft.optionValues[key]}
                    errors={errors}
                    hint={BUILDER_HINTS[key]}
                  />
                ))}
              </div>
              <button
                type="submit"
                name="intent"
                value="build"
                className="btn-outline mt-3"
                data-testid="build-rows"
              >
                Build rows
              </button>
            </fieldset>
            <input type="hidden" name="rows" value={draft.rows.length} />
            {simple ? (
              <SimplePrice row={draft.rows[0]!} errors={errors} />
            ) : (
              <VariantRows rows={draft.rows} errors={errors} />
            )}
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
              testId="delete-product"
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
