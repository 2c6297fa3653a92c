// /admin/orders/:trackingNumber/receipt.pdf: the receipt's PDF for staff with `orders.view`
// (ADR 098); a download, never kept by any cache.
import { requirePermission } from '#app/lib/auth.server.ts';
import { found, pageLoader } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/admin.orders.$trackingNumber.receipt[.]pdf';

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  await requirePermission(context, 'orders.view', url);
  const { receipts } = context.services.orders;
  const receipt = found(
    await receipts.forStaff(params.trackingNumber),
    'No receipt: there is no such order, or it is not paid yet.',
  );
  return new Response(new Uint8Array(await receipts.pdf(receipt)), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${receipts.fileName(receipt)}"`,
      'cache-control': 'private, no-store',
    },
  });
});
