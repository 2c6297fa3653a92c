// The packing slip: what goes in the parcel and where it goes, styled for paper (no prices, no
// shop chrome). The print button needs JavaScript; without it, the browser's Print does the same.

import type { AdminOrderDetail } from '#core/contract/admin-orders.ts';
import { formatNigerianPhone } from '#core/nigeria.ts';
import { lagosTime } from './format.ts';

export function PackingSlip({ order }: { order: AdminOrderDetail }) {
  return (
    <main className="mx-auto max-w-2xl bg-white p-6 text-ink print:max-w-none print:p-0">
      <div className="mb-6 flex items-center justify-between gap-3 print:hidden">
        <a href={`/admin/orders/${order.trackingNumber}`} className="underline">
          ← Back to the order
        </a>
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-ink pb-4">
        <div>
          <p className="font-display text-2xl font-semibold">Crown Hair</p>
          <h1 className="text-sm">Packing slip</h1>
        </div>
        <div className="text-right text-sm">
          <p className="text-lg font-semibold">{order.trackingNumber}</p>
          <p>Ordered {lagosTime(order.createdAt)}</p>
        </div>
      </header>
      <section className="mt-4 text-sm">
        <h2 className="font-semibold uppercase">Deliver to</h2>
        <p className="text-base font-semibold">{order.shipName}</p>
        <p>{order.address}</p>
        <p>{formatNigerianPhone(order.shipPhone)}</p>
      </section>
      <table className="mt-6 w-full text-left text-sm">
        <thead className="border-b border-ink">
          <tr>
            <th scope="col" className="py-2">
              Item
            </th>
            <th scope="col" className="py-2">
              SKU
            </th>
            <th scope="col" className="py-2 text-right">
              Qty
            </th>
            <th scope="col" className="py-2 text-right">
              Packed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink/20">
          {order.lines.map((l) => (
            <tr key={`${l.sku}-${l.variantLabel}`}>
              <td className="py-2">
                {l.productName}
                {l.variantLabel ? <span className="block text-xs">{l.variantLabel}</span> : null}
              </td>
              <td className="py-2">{l.sku}</td>
              <td className="py-2 text-right font-semibold">{l.quantity}</td>
              <td className="py-2 text-right">☐</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6 text-sm">
        {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'} in all. Thank you for shopping with Crown
        Hair.
      </p>
    </main>
  );
}
