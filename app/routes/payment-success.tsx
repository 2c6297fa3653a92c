// /payment-success?reference=…: where the payment provider sends the shopper back. The payment is
// verified with the provider on the server before anything is shown as paid; only then is the
// cart emptied (by the payment itself). Pay-on-delivery and bank-transfer orders land here too.
import { data, Link, redirect } from 'react-router';
import { OrderConfirmation } from '#app/features/orders/order-confirmation.tsx';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/payment-success';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  // Paystack adds both ?trxref= and ?reference= to the return address.
  const reference = (url.searchParams.get('reference') ?? url.searchParams.get('trxref') ?? '').slice(0, 100);
  const { payments, orders, content } = context.services;
  const { outcome, payment } = await payments.confirm(reference);
  if (!payment) throw data({ reference }, { status: 404 });
  if (outcome === 'not_paid' || outcome === 'failed') {
    throw redirect(`/payment-canceled?reference=${encodeURIComponent(reference)}`);
  }
  const [order, store] = await Promise.all([
    orders.byId(payment.orderId, await context.auth.getUser()),
    content.getStoreInfo(),
  ]);
  if (!order) throw data({ reference }, { status: 404 });
  // Paid, but after the order had ended and its items could not be taken again: the money is
  // kept for staff to refund or fulfil, and the shopper must not read "confirmed" (ADR 050).
  const ended = order.status === 'payment_failed' || order.status === 'cancelled';
  return {
    outcome: outcome === 'paid' && ended ? ('paid_after_end' as const) : outcome,
    reference,
    order,
    support: { email: store.email, phone: store.phone },
    bank: {
      name: store.bankName,
      accountName: store.bankAccountName,
      accountNumber: store.bankAccountNumber,
    },
  };
});

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.outcome === 'paid' ? 'Payment Successful' : 'Order received';
  return [{ title: `${title} | Crown Hair` }, { name: 'robots', content: 'noindex' }];
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  return <OrderConfirmation {...loaderData} />;
}

export function ErrorBoundary() {
  return (
    <section className="container-shop max-w-xl py-16 text-center">
      <h1 className="font-display text-3xl font-semibold">We could not find that payment</h1>
      <p className="mt-3 text-muted">
        If you paid, don’t worry: your confirmation email has your order number, and you can track it any
        time.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/track-order" className="btn-primary">
          Track an order
        </Link>
        <Link to="/cart" className="btn-outline">
          Back to your cart
        </Link>
      </div>
    </section>
  );
}
