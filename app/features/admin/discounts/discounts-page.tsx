// /admin/discounts: the spec's table of promo codes — code, value, scope, usage (used / limit),
// minimum order, dates, state, an active toggle (a small form per row), edit and delete — with a
// search by code and a state filter in the address, an empty state, and the create/edit dialog.
import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import {
  type AdminDiscountRow,
  type AdminDiscountsPage,
  type AdminDiscountsQuery,
  DISCOUNT_STATES,
  type DiscountState,
} from '#core/contract/admin-discounts.ts';
import { formatPrice } from '#core/money.ts';
import { ConfirmStep } from '../ui/confirm-step.tsx';
import { DataTable, Td, Th } from '../ui/data-table.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { countSet, FilterBar, FilterSearch, FilterSelect, optionsOf } from '../ui/filter-bar.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { PendingRegion, usePendingHere } from '../ui/pending-region.tsx';
import { type BadgeTone, StatusBadge } from '../ui/status-badge.tsx';
import { DiscountDialog, type DiscountModal, openerId, type ProductChoices } from './discount-dialog.tsx';
import { formatScope, formatUsage, formatValue, formatWhen, STATE_LABELS } from './format.ts';

const FILTER_LABELS: Record<DiscountState, string> = {
  active: 'Active',
  inactive: 'Inactive',
  expired: 'Expired',
  scheduled: 'Scheduled',
};

const TONES: Record<AdminDiscountRow['state'], BadgeTone> = {
  active: 'success',
  inactive: 'neutral',
  expired: 'danger',
  scheduled: 'info',
  'used-up': 'warning',
};

/** The query string of the list with `changes` applied (empty values left out), without "?". */
function queryOf(
  query: AdminDiscountsQuery,
  changes: Record<string, string | number | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...changes })) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

function withQuery(query: AdminDiscountsQuery, changes: Record<string, string | number | undefined> = {}) {
  const text = queryOf(query, changes);
  return text ? `?${text}` : '?';
}

export function DiscountsPage({
  data,
  modal,
  products,
  closeHref,
  notice,
}: {
  data: AdminDiscountsPage & { query: AdminDiscountsQuery };
  modal: DiscountModal | null;
  products: ProductChoices | null;
  closeHref: string;
  /** A refused toggle or delete (the list stays as it was). */
  notice: string | null;
}) {
  const { items, total, page, pageSize, query } = data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pending = usePendingHere();
  const filtered = Boolean(query.q || query.state);
  const listQuery = queryOf(query);
  // Each opening, and each refused save, is a fresh dialog (it reopens with what was typed).
  const modalKey = modal
    ? `${modal.mode}-${modal.id}-${JSON.stringify(modal.failure ?? null)}-${JSON.stringify(modal.values)}`
    : '';
  const lastOpener = useRef<string | null>(null);
  // When the dialog closes (Escape, Cancel, Close, or a save that worked), focus goes back to the
  // button or link that opened it.
  useEffect(() => {
    if (modal) {
      lastOpener.current = openerId(modal);
      return;
    }
    if (lastOpener.current) {
      document.getElementById(lastOpener.current)?.focus();
      lastOpener.current = null;
    }
  }, [modal]);

  return (
    <section className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-semibold">Discounts</h1>
          <p className="mt-1 text-sm text-muted">
            Promo codes shoppers type in the cart. Changes apply to every cart at once.
          </p>
        </div>
        <Link
          id="discount-new"
          to={`${withQuery(query, { new: 1 })}`}
          className="btn-primary"
          preventScrollReset
          data-testid="discount-new"
        >
          New discount
        </Link>
      </div>

      {notice ? (
        <div className="mt-4">
          <FormMessage tone="error">{notice}</FormMessage>
        </div>
      ) : null}

      {modal ? (
        <DiscountDialog
          key={modalKey}
          modal={modal}
          products={products}
          closeHref={closeHref}
          listQuery={listQuery}
        />
      ) : null}

      <div className="mt-6">
        <FilterBar
          label="Filter discounts"
          resetHref="/admin/discounts"
          filtered={filtered}
          active={countSet([query.state])}
          search={<FilterSearch id="discounts-q" defaultValue={query.q} placeholder="Code, e.g. SAVE10" />}
        >
          <FilterSelect
            label="State"
            id="discounts-state"
            name="state"
            defaultValue={query.state}
            any="Any"
            options={optionsOf(DISCOUNT_STATES, FILTER_LABELS)}
          />
        </FilterBar>
      </div>

      <PendingRegion pending={pending} label="Loading discounts…" className="mt-6">
        <p className="text-sm text-muted" data-testid="discounts-count">
          {total.toLocaleString('en-NG')} {total === 1 ? 'code' : 'codes'}
          {filtered ? (total === 1 ? ' matches this filter' : ' match this filter') : ''}
        </p>
        <div className="mt-2">
          {items.length === 0 ? (
            <EmptyState title={filtered ? 'No code matches this filter.' : 'No discount codes yet.'}>
              {filtered ? (
                'Try a shorter search, or clear the filter.'
              ) : (
                <Link to={withQuery(query, { new: 1 })} className="font-semibold text-plum-800 underline">
                  Create the first code
                </Link>
              )}
            </EmptyState>
          ) : (
            <DiscountsTable items={items} listQuery={listQuery} query={query} />
          )}
        </div>
        <Pagination
          page={page}
          pageCount={pages}
          total={total}
          noun={total === 1 ? 'code' : 'codes'}
          hrefFor={(n) => withQuery(query, { page: n })}
        />
      </PendingRegion>
    </section>
  );
}

function DiscountsTable({
  items,
  listQuery,
  query,
}: {
  items: AdminDiscountRow[];
  listQuery: string;
  query: AdminDiscountsQuery;
}) {
  const action = `/admin/discounts${listQuery ? `?${listQuery}` : ''}`;
  return (
    <DataTable caption="Discount codes">
      <thead className="border-b border-ink/10">
        <tr>
          <Th>Code</Th>
          <Th>Value</Th>
          <Th>Applies to</Th>
          <Th className="text-right">Used / limit</Th>
          <Th className="text-right">Min. order</Th>
          <Th>Dates (Lagos)</Th>
          <Th>Active</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink/10">
        {items.map((d) => (
          <tr key={d.id} data-discount-code={d.code}>
            <Td>
              <span className="font-mono font-semibold">{d.code}</span>
              <div className="mt-1">
                <StatusBadge tone={TONES[d.state]}>{STATE_LABELS[d.state]}</StatusBadge>
              </div>
            </Td>
            <Td className="whitespace-nowrap">{formatValue(d)}</Td>
            <Td>
              {formatScope(d)}
              {d.firstOrderOnly ? <div className="text-xs text-muted">First order only</div> : null}
              {d.perCustomerLimit !== null ? (
                <div className="text-xs text-muted">{d.perCustomerLimit} per customer</div>
              ) : null}
            </Td>
            <Td className="whitespace-nowrap text-right tabular-nums">{formatUsage(d)}</Td>
            <Td className="whitespace-nowrap text-right tabular-nums">
              {d.minSubtotalKobo > 0 ? formatPrice(d.minSubtotalKobo) : '—'}
            </Td>
            <Td className="whitespace-nowrap text-xs">
              <div>From {formatWhen(d.startsAt, 'now')}</div>
              <div>Until {formatWhen(d.expiresAt, 'no end')}</div>
            </Td>
            <Td>
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="id" value={d.id} />
                <input type="hidden" name="active" value={d.isActive ? 'false' : 'true'} />
                <button
                  type="submit"
                  name="intent"
                  value="toggle"
                  role="switch"
                  aria-checked={d.isActive}
                  aria-label={`${d.code} active`}
                  className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold"
                  data-testid="discount-toggle"
                >
                  <span
                    aria-hidden="true"
                    className={`relative inline-block h-6 w-11 rounded-full transition-colors ${
                      d.isActive ? 'bg-ok' : 'bg-ink/25'
                    }`}
                  >
                    <span
                      className={`absolute top-0.5 h-5 w-5 rounded-full bg-white shadow transition-all ${
                        d.isActive ? 'left-[1.375rem]' : 'left-0.5'
                      }`}
                    />
                  </span>
                  <span aria-hidden="true">{d.isActive ? 'On' : 'Off'}</span>
                </button>
              </Form>
            </Td>
            <Td>
              <div className="flex flex-col items-start gap-2">
                <Link
                  id={`discount-edit-${d.id}`}
                  to={withQuery(query, { edit: d.id })}
                  preventScrollReset
                  className="btn-outline"
                  aria-label={`Edit ${d.code}`}
                >
                  Edit
                </Link>
                <ConfirmStep
                  label="Delete"
                  question="Are you sure you want to delete this discount?"
                  confirmLabel={`Delete ${d.code}`}
                  intent="delete"
                  action={action}
                >
                  <input type="hidden" name="id" value={d.id} />
                  {d.usedCount > 0 ? (
                    <p className="text-xs text-muted">
                      It has been used, so it will be deactivated instead: its orders keep it.
                    </p>
                  ) : null}
                </ConfirmStep>
              </div>
            </Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
