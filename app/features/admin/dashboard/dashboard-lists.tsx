// The dashboard's lists below the chart: the recent orders (a short block each on a phone, a table
// from 640 px) and the best sellers by units and by revenue.
import { Link } from 'react-router';
import { formatPrice } from '#core/money.ts';
import { type OrderStatus, STATUS_LABELS } from '#core/order-status.ts';
import type { DashboardFigures } from '#server/modules/analytics/analytics.service.ts';
import { count } from './figure-cards.tsx';

const dateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

export function RecentOrders({ orders }: { orders: DashboardFigures['recentOrders'] }) {
  return (
    <section className="min-w-0 rounded-xl bg-white p-4 shadow-sm" aria-labelledby="recent-orders-title">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="recent-orders-title" className="font-display text-xl font-semibold">
          Recent orders
        </h2>
        <Link to="/admin/orders" className="text-sm font-semibold text-plum-800 underline">
          All orders
        </Link>
      </div>
      {orders.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          No orders yet. They appear here the moment a shopper checks out.
        </p>
      ) : (
        <>
          {/* A phone: each order a short block, every figure on screen (no table cut off). */}
          <ul className="mt-3 divide-y divide-ink/5 text-sm sm:hidden">
            {orders.map((o) => (
              <li key={o.trackingNumber} className="py-2">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <Link
                    to={`/admin/orders/${o.trackingNumber}`}
                    className="inline-flex min-h-11 items-center font-semibold text-plum-800 underline"
                  >
                    {o.trackingNumber}
                  </Link>
                  <span className="font-semibold">{formatPrice(o.totalKobo)}</span>
                </div>
                <p className="break-words">
                  {o.customer} · {o.items} {o.items === 1 ? 'item' : 'items'} ·{' '}
                  {STATUS_LABELS[o.status as OrderStatus] ?? o.status}
                </p>
                <p className="text-muted">{dateTime.format(new Date(o.createdAt))}</p>
              </li>
            ))}
          </ul>
          <div className="mt-3 hidden overflow-x-auto sm:block">
            <table className="w-full min-w-[560px] text-left text-sm">
              <thead className="text-xs uppercase tracking-wider text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Order
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Customer
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Items
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right">
                    Total
                  </th>
                  <th scope="col" className="py-2">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.trackingNumber} className="border-t border-ink/5">
                    <td className="py-2 pr-3">
                      <Link
                        to={`/admin/orders/${o.trackingNumber}`}
                        className="font-semibold text-plum-800 underline"
                      >
                        {o.trackingNumber}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap py-2 pr-3">{dateTime.format(new Date(o.createdAt))}</td>
                    <td className="py-2 pr-3">{o.customer}</td>
                    <td className="py-2 pr-3 text-right">{o.items}</td>
                    <td className="whitespace-nowrap py-2 pr-3 text-right">{formatPrice(o.totalKobo)}</td>
                    <td className="whitespace-nowrap py-2">
                      {STATUS_LABELS[o.status as OrderStatus] ?? o.status}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

export function TopProducts({
  title,
  rows,
  by,
}: {
  title: string;
  rows: DashboardFigures['topByUnits'];
  by: 'units' | 'revenue';
}) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm" aria-label={title}>
      <h2 className="font-display text-xl font-semibold">{title}</h2>
      <p className="text-xs text-muted">Paid orders in the period</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Nothing sold in this period yet.</p>
      ) : (
        <ol className="mt-3 space-y-2 text-sm">
          {rows.map((r, i) => (
            <li key={`${r.productId}-${r.name}`} className="flex items-baseline justify-between gap-3">
              <span className="min-w-0">
                <span className="mr-2 text-muted">{i + 1}.</span>
                {r.name}
              </span>
              <span className="whitespace-nowrap font-semibold">
                {by === 'units' ? `${count.format(r.units)} sold` : formatPrice(r.revenueKobo)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
