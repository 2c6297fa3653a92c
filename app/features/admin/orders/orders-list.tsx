// /admin/orders: the filter bar (a GET form: the filters live in the URL), the table of orders
// with a status selector per row offering only the allowed next steps, the bulk change for the
// rows ticked, pagination and the CSV export of exactly what the filter shows.
import { Download } from 'lucide-react';
import { Form, Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import {
  ADMIN_ORDER_SORT_LABELS,
  ADMIN_ORDER_SORTS,
  type AdminOrderFilters,
  type AdminOrderPage,
  adminOrderQuery,
  PAYMENT_STATE_LABELS,
  REFUND_FILTER_LABELS,
  REFUND_FILTERS,
} from '#core/contract/admin-orders.ts';
import { formatPrice } from '#core/money.ts';
import { formatNigerianPhone } from '#core/nigeria.ts';
import { ORDER_STATUSES, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, STATUS_LABELS } from '#core/order-status.ts';
import { DataTable, Td, Th } from '../ui/data-table.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import {
  countSet,
  FilterBar,
  FilterDate,
  FilterSearch,
  FilterSelect,
  inputClass,
  optionsOf,
} from '../ui/filter-bar.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { PendingRegion, usePendingHere } from '../ui/pending-region.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { lagosTime, PAYMENT_STATE_TONES, STATUS_TONES } from './format.ts';

const BULK_FORM = 'bulk-status';

export function OrdersList({
  page,
  filters,
  error,
}: {
  page: AdminOrderPage;
  filters: AdminOrderFilters;
  error: string | null;
}) {
  const query = adminOrderQuery(filters, { page: 1 });
  const filtered = query !== '' && query !== `sort=${filters.sort}`;
  const pending = usePendingHere();
  return (
    // min-w-0: the shell's grid must not grow to the table's width on a phone (it scrolls in its box).
    <section className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-display text-3xl font-semibold">Orders</h1>
        <a
          href={`/admin/orders.csv${query ? `?${query}` : ''}`}
          className="btn-outline inline-flex items-center gap-2"
          download
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
        </a>
      </div>
      <div className="mt-4">
        {error ? (
          <div className="mb-4">
            <FormMessage tone="error">{error}</FormMessage>
          </div>
        ) : null}
        <FilterBar
          resetHref="/admin/orders"
          label="Find orders"
          filtered={filtered}
          active={countSet([filters.method, filters.from, filters.to, filters.status, filters.refund])}
          search={
            <FilterSearch
              id="q"
              defaultValue={filters.q}
              placeholder="Tracking number, name, email or phone"
            />
          }
        >
          <FilterSelect
            label="Payment method"
            id="method"
            name="method"
            defaultValue={filters.method}
            any="Any"
            options={optionsOf(PAYMENT_METHODS, PAYMENT_METHOD_LABELS)}
          />
          <FilterSelect
            label="Refunds"
            id="refund"
            name="refund"
            defaultValue={filters.refund}
            any="Any"
            options={optionsOf(REFUND_FILTERS, REFUND_FILTER_LABELS)}
          />
          <FilterDate label="From (Lagos date)" id="from" name="from" defaultValue={filters.from} />
          <FilterDate label="To (Lagos date)" id="to" name="to" defaultValue={filters.to} />
          <FilterSelect
            label="Sort"
            id="sort"
            name="sort"
            defaultValue={filters.sort}
            options={optionsOf(ADMIN_ORDER_SORTS, ADMIN_ORDER_SORT_LABELS)}
          />
          <fieldset className="text-sm sm:col-span-2 lg:col-span-3">
            <legend className="font-semibold">Status</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {ORDER_STATUSES.map((s) => (
                <label key={s} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    name="status"
                    value={s}
                    defaultChecked={filters.status.includes(s)}
                  />
                  {STATUS_LABELS[s]}
                </label>
              ))}
            </div>
          </fieldset>
        </FilterBar>
      </div>

      <PendingRegion pending={pending} label="Loading orders…">
        {page.total === 0 ? (
          <div className="mt-6">
            <EmptyState title={filtered ? 'No orders match these filters' : 'No orders yet'}>
              {filtered ? (
                <Link to="/admin/orders" className="underline">
                  Show all orders
                </Link>
              ) : (
                'Orders appear here as soon as a shopper checks out.'
              )}
            </EmptyState>
          </div>
        ) : (
          <>
            <Form
              method="post"
              id={BULK_FORM}
              className="mt-6 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm"
              aria-label="Change the status of the selected orders"
            >
              <input type="hidden" name="intent" value="bulk" />
              <div className="flex flex-col gap-1 text-sm">
                <label htmlFor="bulk-status-select" className="font-semibold">
                  Move selected orders to
                </label>
                <select id="bulk-status-select" name="status" className={inputClass} required defaultValue="">
                  <option value="" disabled>
                    Choose a status
                  </option>
                  {ORDER_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {STATUS_LABELS[s]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn-primary">
                Apply to selected
              </button>
              <p className="text-xs text-muted">
                Each order moves only if that is an allowed next step for it.
              </p>
            </Form>
            <div className="mt-4">
              <DataTable caption="Orders">
                <thead className="border-b border-ink/10">
                  <tr>
                    <Th>
                      <span className="sr-only">Select</span>
                    </Th>
                    <Th>Order</Th>
                    <Th>Date</Th>
                    <Th>Customer</Th>
                    <Th className="text-right">Items</Th>
                    <Th className="text-right">Total</Th>
                    <Th className="text-right">Refunded</Th>
                    <Th>Payment</Th>
                    <Th>Status</Th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink/10">
                  {page.items.map((o) => (
                    <tr key={o.trackingNumber}>
                      <Td>
                        <input
                          type="checkbox"
                          name="trackingNumbers"
                          value={o.trackingNumber}
                          form={BULK_FORM}
                          aria-label={`Select order ${o.trackingNumber}`}
                          className="h-5 w-5"
                        />
                      </Td>
                      <Td>
                        <Link
                          to={`/admin/orders/${o.trackingNumber}`}
                          className="font-semibold text-plum-700 underline"
                        >
                          {o.trackingNumber}
                        </Link>
                      </Td>
                      <Td className="whitespace-nowrap">{lagosTime(o.createdAt)}</Td>
                      <Td>
                        <span className="block font-semibold">{o.customerName}</span>
                        <span className="block text-xs text-muted">{formatNigerianPhone(o.phone)}</span>
                      </Td>
                      <Td className="text-right">{o.itemCount}</Td>
                      <Td className="whitespace-nowrap text-right font-semibold">
                        {formatPrice(o.totalKobo)}
                      </Td>
                      <Td className="whitespace-nowrap text-right">
                        {o.refundedKobo > 0 ? formatPrice(o.refundedKobo) : ''}
                      </Td>
                      <Td>
                        <span className="block text-xs">{PAYMENT_METHOD_LABELS[o.paymentMethod]}</span>
                        <StatusBadge tone={PAYMENT_STATE_TONES[o.paymentState]}>
                          {PAYMENT_STATE_LABELS[o.paymentState]}
                        </StatusBadge>
                      </Td>
                      <Td>
                        <StatusBadge tone={STATUS_TONES[o.status]}>{STATUS_LABELS[o.status]}</StatusBadge>
                        {o.nextStatuses.length > 0 ? (
                          <Form method="post" className="mt-2 flex gap-1">
                            <input type="hidden" name="intent" value="status" />
                            <input type="hidden" name="trackingNumber" value={o.trackingNumber} />
                            <label htmlFor={`next-${o.trackingNumber}`} className="sr-only">
                              Next status for {o.trackingNumber}
                            </label>
                            <select
                              id={`next-${o.trackingNumber}`}
                              name="status"
                              className="min-h-11 rounded-lg border border-ink/20 bg-white px-2 text-sm"
                            >
                              {o.nextStatuses.map((s) => (
                                <option key={s} value={s}>
                                  {STATUS_LABELS[s]}
                                </option>
                              ))}
                            </select>
                            <button type="submit" className="btn-outline px-3">
                              Set
                            </button>
                          </Form>
                        ) : null}
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </div>
            <Pagination
              page={page.page}
              pageCount={page.pageCount}
              total={page.total}
              noun="orders"
              hrefFor={(n) => `/admin/orders?${adminOrderQuery(filters, { page: n })}`}
            />
          </>
        )}
      </PendingRegion>
    </section>
  );
}
