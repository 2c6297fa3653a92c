// The receipt (ADR 098): the shop, the receipt number and date, the order, its lines and totals,
// the payments and refunds, and the balance — on screen with a way back, Print and the PDF; on
// paper (A4) alone, without the shop's header and footer (`print-alone`, app/app.css).
import type { ReceiptView } from '#core/contract/receipts.ts';
import { formatPrice } from '#core/money.ts';
import { PAYMENT_METHOD_LABELS } from '#core/order-status.ts';
import { PrintButton } from './print-button.tsx';

const lagosDate = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});
const when = (iso: string) => lagosDate.format(new Date(iso));

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'text-base font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">{value}</dd>
    </div>
  );
}

function MoneyTable({
  caption,
  rows,
}: {
  caption: string;
  rows: { method: string; reference: string; at: string; amountKobo: number; note?: string }[];
}) {
  return (
    <table className="mt-2 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-ink/60 text-xs uppercase">
        <tr>
          <th scope="col" className="py-1 pr-2">
            Method
          </th>
          <th scope="col" className="py-1 pr-2">
            Reference
          </th>
          <th scope="col" className="hidden py-1 pr-2 sm:table-cell print:table-cell">
            Date
          </th>
          <th scope="col" className="py-1 text-right">
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink/15">
        {rows.map((r) => (
          <tr key={r.reference} className="align-top">
            <td className="py-1.5 pr-2">{r.method}</td>
            <td className="break-all py-1.5 pr-2 font-mono text-xs">
              {r.reference}
              {r.note ? <span className="block font-sans">{r.note}</span> : null}
              <span className="block font-sans sm:hidden print:hidden">{when(r.at)}</span>
            </td>
            <td className="hidden py-1.5 pr-2 sm:table-cell print:table-cell">{when(r.at)}</td>
            <td className="py-1.5 text-right tabular-nums">{formatPrice(r.amountKobo)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Receipt({
  receipt,
  backHref,
  backLabel,
  pdfHref,
}: {
  receipt: ReceiptView;
  backHref: string;
  backLabel: string;
  pdfHref: string;
}) {
  const { shop, order } = receipt;
  return (
    <article className="print-alone mx-auto w-full max-w-3xl bg-white px-4 py-6 text-ink sm:px-8 sm:py-10 print:max-w-none print:p-0">
      <nav aria-label="Receipt" className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <a href={backHref} className="mr-auto underline">
          ← {backLabel}
        </a>
        <a href={pdfHref} className="btn-outline" download>
          Download PDF
        </a>
        <PrintButton />
      </nav>

      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-ink pb-4">
        <div className="text-sm">
          <p className="font-display text-2xl font-semibold">{shop.name}</p>
          {shop.address ? <p className="whitespace-pre-line">{shop.address}</p> : null}
          <p>
            {[shop.phone, shop.whatsapp && shop.whatsapp !== shop.phone ? `WhatsApp ${shop.whatsapp}` : '']
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="break-all">{shop.email}</p>
        </div>
        <div className="text-sm sm:text-right">
          <h1 className="font-display text-2xl font-semibold">Receipt</h1>
          <p className="text-lg font-semibold tabular-nums">{receipt.number}</p>
          <p>Issued {when(receipt.issuedAt)}</p>
        </div>
      </header>

      <section className="mt-4 grid gap-4 text-sm sm:grid-cols-2" aria-label="Order">
        <div>
          <h2 className="text-xs font-semibold uppercase">Billed to</h2>
          <p className="text-base font-semibold">{order.customerName}</p>
          <p className="break-all">{order.email}</p>
          {order.phone ? <p>{order.phone}</p> : null}
          <p>{order.address}</p>
        </div>
        <dl className="sm:text-right">
          <div>
            <dt className="inline font-semibold">Order </dt>
            <dd className="inline tabular-nums">{order.trackingNumber}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Placed </dt>
            <dd className="inline">{when(order.placedAt)}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Payment method </dt>
            <dd className="inline">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</dd>
          </div>
        </dl>
      </section>

      <table className="mt-6 w-full text-left text-sm">
        <caption className="sr-only">Items</caption>
        <thead className="border-b border-ink/60 text-xs uppercase">
          <tr>
            <th scope="col" className="py-1 pr-2">
              Item
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Qty
            </th>
            <th scope="col" className="hidden py-1 pr-2 text-right sm:table-cell print:table-cell">
              Unit price
            </th>
            <th scope="col" className="py-1 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink/15">
          {receipt.lines.map((l) => (
            <tr key={`${l.sku}-${l.variantLabel}`} className="align-top">
              <td className="py-1.5 pr-2">
                {l.productName}
                <span className="block text-xs">
                  {[l.variantLabel, `SKU ${l.sku}`].filter(Boolean).join(' · ')}
                </span>
                <span className="block text-xs sm:hidden print:hidden">
                  {formatPrice(l.unitPriceKobo)} each
                </span>
              </td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{l.quantity}</td>
              <td className="hidden py-1.5 pr-2 text-right tabular-nums sm:table-cell print:table-cell">
                {formatPrice(l.unitPriceKobo)}
              </td>
              <td className="py-1.5 text-right tabular-nums">
                {formatPrice(l.totalKobo)}
                {l.discountKobo > 0 ? (
                  <span className="block text-xs">less {formatPrice(l.discountKobo)}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="ml-auto mt-3 max-w-xs border-t border-ink/60 pt-2 text-sm">
        <Row label="Subtotal" value={formatPrice(receipt.subtotalKobo)} />
        {receipt.discountKobo > 0 ? (
          <Row
            label={`Discount${receipt.promoCode ? ` (${receipt.promoCode})` : ''}`}
            value={`-${formatPrice(receipt.discountKobo)}`}
          />
        ) : null}
        <Row
          label="Delivery"
          value={receipt.deliveryFeeKobo > 0 ? formatPrice(receipt.deliveryFeeKobo) : 'Free'}
        />
        <Row label="Total" value={formatPrice(receipt.totalKobo)} strong />
      </dl>

      <section className="mt-6 break-inside-avoid" aria-labelledby="receipt-payments">
        <h2 id="receipt-payments" className="font-semibold">
          Payments
        </h2>
        {receipt.payments.length > 0 ? (
          <MoneyTable caption="Payments" rows={receipt.payments} />
        ) : (
          <p className="text-sm">No payment recorded.</p>
        )}
      </section>

      <section className="mt-6 break-inside-avoid" aria-labelledby="receipt-refunds">
        <h2 id="receipt-refunds" className="font-semibold">
          Refunds
        </h2>
        {receipt.refunds.length > 0 ? (
          <MoneyTable
            caption="Refunds"
            rows={receipt.refunds.map((r) => ({
              ...r,
              note: r.receiptNumber ? `Receipt ${r.receiptNumber}` : undefined,
            }))}
          />
        ) : (
          <p className="text-sm">No refunds.</p>
        )}
      </section>

      <dl className="ml-auto mt-4 max-w-xs border-t-2 border-ink pt-2 text-sm">
        <Row label="Paid" value={formatPrice(receipt.paidKobo)} />
        {receipt.refundedKobo > 0 ? (
          <Row label="Refunded" value={`-${formatPrice(receipt.refundedKobo)}`} />
        ) : null}
        <Row label="Balance due" value={formatPrice(receipt.balanceKobo)} strong />
      </dl>

      <p className="mt-8 text-center text-sm">Thank you for shopping with {shop.name}.</p>
    </article>
  );
}
