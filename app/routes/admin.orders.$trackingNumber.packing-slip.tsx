// /admin/orders/:trackingNumber/packing-slip: a print-styled page, outside the admin shell so
// only the slip reaches the paper. Staff with `orders.view`.
import { isRouteErrorResponse, Link } from 'react-router';
import { PackingSlip } from '#app/features/admin/orders/packing-slip.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { found, pageLoader } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/admin.orders.$trackingNumber.packing-slip';

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  await requirePermission(context, 'orders.view', url);
  return {
    order: found(await context.services.orders.admin.detail(params.trackingNumber), 'Order not found.'),
  };
});

export function meta({ params }: Route.MetaArgs) {
  return [
    { title: `Packing slip ${params.trackingNumber} | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function PackingSlipPage({ loaderData }: Route.ComponentProps) {
  return <PackingSlip order={loaderData.order} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="font-display text-2xl font-semibold">
        {status === 404
          ? 'Order not found'
          : status === 401 || status === 403
            ? 'Staff only'
            : 'Something went wrong'}
      </h1>
      <p className="mt-2">
        <Link to="/admin/sign-in" className="underline">
          Sign in to the admin portal
        </Link>
      </p>
    </main>
  );
}
