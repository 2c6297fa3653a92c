// The page a shopper lands on after placing an order (/payment-success): paid, still being
// confirmed, or waiting for a transfer or the rider, with the order's summary and what comes next.
import { CheckCircle2, Clock, Mail, Package, Phone, Truck } from 'lucide-react';
import { Link } from 'react-router';
import type { BankDetails } from '#app/features/shared/bank-details.ts';
import type { TrackedOrder } from '#core/contract/orders.ts';
import { formatPrice } from '#core/money.ts';
import { telHref } from '#core/nigeria.ts';
import { OrderLineList } from './order-line-list.tsx';

const STEPS = [
  { icon: Mail, title: 'Email confirmation', body: 'We have emailed your order details and receipt.' },
  { icon: Package, title: 'Packaging', body: 'We pack your order within 1–2 business days.' },
  {
    icon: Truck,
    title: 'Shipping',
    body: 'We send it with tracking details so you can follow it to your door.',
  },
];

/** How the payment stands when the shopper comes back (see payments.confirm). */
export type PaymentOutcome = 'paid' | 'pending' | 'offline' | 'unknown' | 'paid_after_end';

/**
 * The order-received page: paid, still confirming (refreshes itself), or placed to pay by
 * transfer or on delivery; the order's summary, what happens next and how to reach the shop.
 */
export function OrderConfirmation({
  order,
  outcome,
  support,
  bank,
  reference,
}: {
  order: TrackedOrder;
  outcome: PaymentOutcome;
  support: { email: string; phone: string };
  bank: BankDetails;
  reference: string;
}) {
  const pending = outcome === 'pending';
  const bankTransfer = order.paymentMethod === 'bank_transfer';
  const late = outcome === 'paid_after_end';
  const title = pending
    ? 'Confirming your payment…'
    : late
      ? 'Payment received after your order ended'
      : outcome === 'paid'
        ? 'Payment Successful!'
        : bankTransfer
          ? 'Order reserved: complete your transfer'
          : 'Order placed!';
  return (
    <section className="container-shop max-w-3xl py-10 sm:py-14">
      {pending ? <meta httpEquiv="refresh" content="4" /> : null}
      <div className="text-center">
        {pending || late ? (
          <Clock className="mx-auto h-14 w-14 text-gold-500" aria-hidden="true" />
        ) : (
          <CheckCircle2 className="mx-auto h-14 w-14 text-ok" aria-hidden="true" />
        )}
        <h1 className="mt-4 font-display text-3xl font-semibold sm:text-4xl">{title}</h1>
        <p className="mt-2 text-muted">
          {pending
            ? 'Your bank is still confirming the payment. This page refreshes by itself; you will also get an email.'
            : late
              ? 'Your money arrived after the time to pay had run out, and the items have been sold meanwhile. It is safe: our team has been told and will contact you to refund it or to send your items when they are back.'
              : outcome === 'paid'
                ? 'Thank you for shopping with us. We have received your payment and your order is placed. Our team confirms it next, then packs it and sends it on its way.'
                : bankTransfer
                  ? 'Your items are held for you while we wait for your transfer.'
                  : 'Pay the rider when your hair arrives.'}
        </p>
      </div>

      {bankTransfer && outcome === 'offline' ? (
        <div className="mt-6 rounded-2xl border-2 border-plum-800 bg-white p-5 text-sm">
          <p className="font-semibold">Transfer {formatPrice(order.totalKobo)} to:</p>
          <p className="mt-1">
            {bank.name} · {bank.accountName} · <strong className="text-base">{bank.accountNumber}</strong>
          </p>
          <p className="mt-1">
            Put <strong className="font-mono">{reference}</strong> in the transfer narration. We confirm it as
            soon as the money arrives.
          </p>
        </div>
      ) : null}

      <div className="mt-8 rounded-2xl bg-white p-5 shadow-sm sm:p-6">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">Order ID</dt>
            <dd className="font-mono text-base font-semibold">{order.trackingNumber}</dd>
          </div>
          <div>
            <dt className="text-muted">{outcome === 'paid' || late ? 'Total paid' : 'Total to pay'}</dt>
            <dd className="text-base font-semibold">{formatPrice(order.totalKobo)}</dd>
          </div>
          <div>
            <dt className="text-muted">Estimated delivery</dt>
            <dd className="font-semibold">{order.estimatedDelivery}</dd>
          </div>
        </dl>
        <OrderLineList
          lines={order.lines}
          className="mt-5 divide-y divide-ink/10 border-t border-ink/10 text-sm"
          itemClassName="flex justify-between gap-3 py-3"
          label="Items in this order"
        />
        {order.discountKobo > 0 ? (
          <p className="text-sm text-ok">
            You saved {formatPrice(order.discountKobo)} with {order.promoCode}.
          </p>
        ) : null}
        {order.storeCreditKobo > 0 ? (
          <p className="text-sm text-ok">{`Store credit used: ${formatPrice(order.storeCreditKobo)}.`}</p>
        ) : null}
      </div>

      <h2 className="mt-10 text-xl font-semibold">What happens next</h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {STEPS.map((s, i) => (
          <li key={s.title} className="rounded-2xl bg-white p-4 shadow-sm">
            <s.icon className="h-6 w-6 text-plum-700" aria-hidden="true" />
            <p className="mt-2 font-semibold">
              {i + 1}. {s.title}
            </p>
            <p className="mt-1 text-sm text-muted">{s.body}</p>
          </li>
        ))}
      </ol>

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={`/track-order?id=${order.trackingNumber}`} className="btn-primary">
          Track Your Order
        </Link>
        <Link to="/collections" className="btn-outline">
          Continue Shopping
        </Link>
        <Link to="/dashboard?tab=orders" className="btn-outline">
          Order History
        </Link>
        {order.paidAt ? (
          <a href={`/track-order/${order.trackingNumber}/receipt`} className="btn-outline">
            View Receipt
          </a>
        ) : null}
      </div>

      <div className="mt-10 rounded-2xl bg-sand p-5 text-center text-sm">
        <p className="font-semibold">Questions about your order?</p>
        <p className="mt-2 flex flex-wrap items-center justify-center gap-4">
          <a
            href={`mailto:${support.email}`}
            className="inline-flex items-center gap-1 font-semibold text-plum-800 underline"
          >
            <Mail className="h-4 w-4" aria-hidden="true" /> {support.email}
          </a>
          <a
            href={telHref(support.phone)}
            className="inline-flex items-center gap-1 font-semibold text-plum-800 underline"
          >
            <Phone className="h-4 w-4" aria-hidden="true" /> {support.phone}
          </a>
        </p>
      </div>
    </section>
  );
}
