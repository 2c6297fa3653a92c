// The create/edit dialog of /admin/discounts: a native <dialog> the server renders open when the
// address says `?new=1` or `?edit=<id>` (or a save was refused). Without JavaScript it is an
// in-page panel over the list; with it, a modal (focus moved in, to the first refused field if
// any; Escape and Cancel close it and go back to the list; focus returns to what opened it).
// The value's label follows the type; the scope's picker shows only the chosen scope's targets.
import { useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { FieldNotes } from '#app/components/ui/form/field-notes.tsx';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import { TextField } from '#app/components/ui/form/text-field.tsx';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { CATEGORY_NAMES, CATEGORY_SLUGS } from '#core/catalog.ts';
import type { DiscountProductChoice } from '#core/contract/admin-discounts.ts';

export interface DiscountFailure {
  message: string;
  fieldErrors: Record<string, string[]>;
}

export interface DiscountModal {
  mode: 'new' | 'edit';
  id: number | null;
  usedCount: number;
  /** The form's text fields as typed (or as stored, when editing). */
  values: Record<string, string>;
  categories: string[];
  productIds: number[];
  failure?: DiscountFailure | null;
}

export interface ProductChoices {
  matches: DiscountProductChoice[];
  chosen: DiscountProductChoice[];
}

/** The id of the element focus goes back to when the dialog closes. */
export function openerId(modal: Pick<DiscountModal, 'id'>): string {
  return modal.id === null ? 'discount-new' : `discount-edit-${modal.id}`;
}

export function DiscountDialog({
  modal,
  products,
  closeHref,
  listQuery,
}: {
  modal: DiscountModal;
  products: ProductChoices | null;
  closeHref: string;
  listQuery: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const reopening = useRef(false);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const titleId = useId();
  const v = modal.values;
  const errors = modal.failure?.fieldErrors ?? {};
  const error = (name: string) => errors[name]?.[0];
  const [type, setType] = useState(v.type === 'fixed' ? 'fixed' : 'percentage');
  const [scope, setScope] = useState(v.scope === 'category' || v.scope === 'product' ? v.scope : 'global');
  const chosen = new Set(modal.productIds);
  const productList = [
    ...(products?.chosen ?? []),
    ...(products?.matches ?? []).filter((p) => !(products?.chosen ?? []).some((c) => c.id === p.id)),
  ];

  // Open as a modal once JavaScript runs (the server rendered it open, non-modal); once per
  // opening (the page gives each opening and each refused save its own key).
  useEffect(() => {
    const d = dialog.current;
    if (!d || typeof d.showModal !== 'function') return;
    if (!d.matches(':modal')) {
      if (d.open) {
        reopening.current = true;
        d.close();
      }
      d.showModal();
    }
    const invalid = d.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? d.querySelector<HTMLElement>('input[name="code"]'))?.focus();
  }, []);

  const title = modal.mode === 'new' ? 'New discount' : `Edit ${v.code ?? 'discount'}`;
  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby={titleId}
      className="inset-x-0 z-30 mx-auto my-4 w-[min(44rem,calc(100vw-1rem))] max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl bg-cream p-0 text-ink shadow-2xl"
      onClose={() => {
        if (reopening.current) {
          reopening.current = false;
          return;
        }
        navigate(closeHref, { preventScrollReset: true });
      }}
    >
      <Form
        method="post"
        action={`/admin/discounts${listQuery ? `?${listQuery}` : ''}`}
        className="space-y-5 p-5 sm:p-6"
        noValidate
        preventScrollReset
      >
        {/* Enter in any field saves (the first submit button is the form's default). */}
        <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
          Save
        </button>
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-display text-2xl font-semibold">
            {title}
          </h2>
          <Link to={closeHref} className="btn-outline" preventScrollReset>
            Close
          </Link>
        </div>
        {modal.failure ? <FormMessage tone="error">{modal.failure.message}</FormMessage> : null}
        {modal.id !== null ? <input type="hidden" name="id" value={modal.id} /> : null}
        <input type="hidden" name="_used" value={modal.usedCount} />

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="code"
            label="Code"
            defaultValue={v.code ?? ''}
            error={error('code')}
            hint="What shoppers type in the cart; stored in capitals."
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={30}
            className="[&_input]:uppercase"
          />
          <fieldset>
            <legend className="block text-sm font-semibold">Type</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {(
                [
                  ['percentage', 'Percentage (%)'],
                  ['fixed', 'Fixed amount (₦)'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="type"
                    value={value}
                    defaultChecked={type === value}
                    onChange={() => setType(value)}
                    className="h-5 w-5 accent-plum-800"
                  />
                  {label}
                </label>
              ))}
            </div>
            <FieldNotes id="discount-type" name="type" error={error('type')} />
          </fieldset>
          <TextField
            name="value"
            label={type === 'percentage' ? 'Percent off' : 'Naira off'}
            defaultValue={v.value ?? ''}
            error={error('value')}
            inputMode="decimal"
            autoComplete="off"
            hint={
              type === 'percentage'
                ? 'A whole number from 1 to 100, e.g. 10.'
                : 'Naira, e.g. 5,000 or 2500.50.'
            }
          />
          <TextField
            name="minOrder"
            label="Minimum order (₦)"
            defaultValue={v.minOrder ?? ''}
            error={error('minOrder')}
            inputMode="decimal"
            autoComplete="off"
            hint="Subtotal the cart needs; empty for none."
          />
        </div>

        <fieldset className="space-y-3">
          <legend className="block text-sm font-semibold">Applies to</legend>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ['global', 'Whole shop'],
                ['category', 'Categories'],
                ['product', 'Products'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="scope"
                  value={value}
                  defaultChecked={scope === value}
                  onChange={() => setScope(value)}
                  className="h-5 w-5 accent-plum-800"
                />
                {label}
              </label>
            ))}
          </div>
          <FieldNotes id="discount-scope" name="scope" error={error('scope')} />

          <fieldset
            hidden={hydrated && scope !== 'category'}
            className="rounded-lg border border-ink/10 bg-white p-3"
          >
            <legend className="px-1 text-sm font-semibold">Categories (when it applies to categories)</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {CATEGORY_SLUGS.map((slug) => (
                <label key={slug} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="categories"
                    value={slug}
                    defaultChecked={modal.categories.includes(slug)}
                    className="h-5 w-5 accent-plum-800"
                  />
                  {CATEGORY_NAMES[slug]}
                </label>
              ))}
            </div>
            <FieldNotes id="discount-categories" name="categories" error={error('categories')} />
          </fieldset>

          <fieldset
            hidden={hydrated && scope !== 'product'}
            className="space-y-2 rounded-lg border border-ink/10 bg-white p-3"
          >
            <legend className="px-1 text-sm font-semibold">Products (when it applies to products)</legend>
            <div className="flex flex-wrap items-end gap-2">
              <TextField
                name="productQuery"
                label="Find active products"
                type="search"
                defaultValue={v.productQuery ?? ''}
                autoComplete="off"
                className="min-w-0 flex-1"
              />
              <button
                type="submit"
                name="intent"
                value="find-products"
                className="btn-outline"
                formNoValidate
              >
                Search products
              </button>
            </div>
            {productList.length === 0 ? (
              <p className="text-sm text-muted">No active product matches that search.</p>
            ) : (
              <ul className="max-h-56 overflow-y-auto">
                {productList.map((p) => (
                  <li key={p.id}>
                    <label className="flex min-h-11 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="productIds"
                        value={p.id}
                        defaultChecked={chosen.has(p.id)}
                        className="h-5 w-5 shrink-0 accent-plum-800"
                      />
                      <span className="min-w-0 break-words">
                        {p.name}{' '}
                        <span className="text-muted">
                          ({CATEGORY_NAMES[p.category as keyof typeof CATEGORY_NAMES] ?? p.category})
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            <FieldNotes id="discount-products" name="productIds" error={error('productIds')} />
          </fieldset>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="usageLimit"
            label="Usage limit"
            defaultValue={v.usageLimit ?? ''}
            error={error('usageLimit')}
            inputMode="numeric"
            autoComplete="off"
            hint={`Orders in all; empty for no limit. Used so far: ${modal.usedCount}.`}
          />
          <TextField
            name="perCustomerLimit"
            label="Limit per customer"
            defaultValue={v.perCustomerLimit ?? ''}
            error={error('perCustomerLimit')}
            inputMode="numeric"
            autoComplete="off"
            hint="Orders per shopper; empty for no limit."
          />
          <TextField
            name="startsAt"
            label="Starts (Lagos time)"
            type="datetime-local"
            defaultValue={v.startsAt ?? ''}
            error={error('startsAt')}
            hint="Empty: from now."
          />
          <TextField
            name="expiresAt"
            label="Expires (Lagos time)"
            type="datetime-local"
            defaultValue={v.expiresAt ?? ''}
            error={error('expiresAt')}
            hint="Empty: never."
          />
        </div>

        <div className="space-y-2">
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              name="firstOrderOnly"
              defaultChecked={v.firstOrderOnly === 'on'}
              className="h-5 w-5 accent-plum-800"
            />
            Only for a shopper’s first order
          </label>
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              name="active"
              defaultChecked={v.active === 'on'}
              className="h-5 w-5 accent-plum-800"
            />
            Active (shoppers can use it while in date)
          </label>
        </div>

        <div className="flex flex-wrap justify-end gap-3 border-t border-ink/10 pt-4">
          <Link to={closeHref} className="btn-outline" preventScrollReset>
            Cancel
          </Link>
          <SubmitButton intent="save" pendingText="Saving…" className="btn-primary">
            {modal.mode === 'new' ? 'Create discount' : 'Save changes'}
          </SubmitButton>
        </div>
      </Form>
    </dialog>
  );
}
