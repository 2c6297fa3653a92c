// The product form's "Price and stock" part: the variant builder (values per option → "Build
// rows"), then one row for a simple product or the variant rows — one per combination with its own
// SKU, price and stock — and "Set for selected". Every row carries its id and the stock the form
// loaded, so a save keeps variants by id and refuses a stock figure changed meanwhile (ADR 030).
import { type DraftRow, field, type ProductDraft } from '#core/product-draft.ts';
import { BUILDER_HINTS, BUILDER_LABELS, BUILDER_OPTIONS, comboKey } from '#core/variant-builder.ts';
import { variantLabel } from '#core/variants.ts';
import { inputClass } from '../ui/filter-bar.tsx';
import { type Errors, Field, invalid, Text } from './product-fields.tsx';

export function PriceAndStock({ draft, errors }: { draft: ProductDraft; errors: Errors }) {
  const simple = draft.rows.length === 1 && Object.keys(draft.rows[0]!.options).length === 0;
  return (
    <>
      <fieldset className="rounded-lg border border-ink/10 p-3">
        <legend className="px-1 text-sm font-semibold">Options (variant builder)</legend>
        <p className="text-xs text-muted">
          Type the values a product comes in, separated by commas, then Build rows: one row per combination.
          Leave them all empty for a simple product with one price and stock.
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
        <button type="submit" name="intent" value="build" className="btn-outline mt-3">
          Build rows
        </button>
      </fieldset>
      <input type="hidden" name="rows" value={draft.rows.length} />
      {simple ? (
        <SimplePrice row={draft.rows[0]!} errors={errors} />
      ) : (
        <VariantRows rows={draft.rows} errors={errors} />
      )}
    </>
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
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
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
      <fieldset className="rounded-lg border border-ink/10 p-3">
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
        <table className="w-full min-w-[640px] text-left text-sm">
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
