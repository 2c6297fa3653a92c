// /admin/orders/:trackingNumber/receipt: the order's receipt, whole, for staff with `orders.view`
// (ADR 098); outside the admin shell so only the receipt reaches the paper.
import { data, isRouteErrorResponse, Link } from 'react-router';
import { Receipt } from '#app/features/receipts/receipt.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders } from '#app/lib/forms.server.ts';
import { found, pageLoader } from '#app/lib/route-errors.server.ts';
import { NO_STORE } from '#app/lib/toast.server.ts';
import type { Route } from './+types/admin.orders.$trackingNumber.receipt';

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  await requirePermission(context, 'orders.view', url);
  const receipt = found(
    await context.services.orders.receipts.forStaff(params.trackingNumber),
    'No receipt: there is no such order, or it is not paid yet.',
  );
  return data({ receipt }, { headers: { 'cache-control': NO_STORE } });
});

export const headers = formHeaders;

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: `Receipt for ${params.trackingNumber} | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  const tracking = receipt.order.trackingNumber;
  return (
    <Receipt
      receipt={receipt}
      backHref={`/admin/orders/${tracking}`}
      backLabel="Back to the order"
      pdfHref={`/admin/orders/${tracking}/receipt.pdf`}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <div className="mx-auto max-w-xl p-6">
      <h1 className="font-display text-2xl font-semibold">
        {status === 404
          ? 'No receipt'
          : status === 401 || status === 403
            ? 'Staff only'
            : 'Something went wrong'}
      </h1>
      <p className="mt-2">
        {status === 404 ? (
          'There is no such order, or it is not paid yet.'
        ) : (
          <Link to="/admin/sign-in" className="underline">
            Sign in to the admin portal
          </Link>
        )}
      </p>
    </div>
  );
}
