// /track-order/:trackingNumber/receipt: the paid order's receipt, for whoever the tracking page
// shows the order to, by the same rule (ADR 080, ADR 098): the signed-in owner sees it whole;
// anyone else holding the tracking number sees the public shape (first name, masked email, city).
// An unknown number and an order with no receipt (not paid) are the same 404. Personal: never
// kept by any cache (`private, no-store`).
import { data } from 'react-router';
import { Receipt } from '#app/features/receipts/receipt.tsx';
import { formHeaders } from '#app/lib/forms.server.ts';
import { found, pageLoader } from '#app/lib/route-errors.server.ts';
import { NO_STORE } from '#app/lib/toast.server.ts';
import type { Route } from './+types/track-order.$trackingNumber.receipt';

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  await context.services.limits.enforce('track', context);
  const receipt = found(
    await context.services.orders.receipts.forVisitor(params.trackingNumber, await context.auth.getUser()),
    'Order not found. Please check your tracking number.',
  );
  return data({ receipt }, { headers: { 'cache-control': NO_STORE } });
});

export const headers = formHeaders;

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: `Receipt ${loaderData?.receipt.number ?? ''} | Crown Hair` },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  const tracking = receipt.order.trackingNumber;
  return (
    <Receipt
      receipt={receipt}
      backHref={`/track-order?id=${tracking}`}
      backLabel="Back to your order"
      pdfHref={`/track-order/${tracking}/receipt.pdf`}
    />
  );
}
