// /track-order/:trackingNumber/receipt.pdf: the receipt page's PDF, made on the server (ADR 098),
// for the same visitors by the same rule; a download, never kept by any cache.
import { found, pageLoader } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/track-order.$trackingNumber.receipt[.]pdf';

export const loader = pageLoader(async ({ params, context }: Route.LoaderArgs) => {
  await context.services.limits.enforce('track', context);
  const { receipts } = context.services.orders;
  const receipt = found(
    await receipts.forVisitor(params.trackingNumber, await context.auth.getUser()),
    'Order not found. Please check your tracking number.',
  );
  return new Response(new Uint8Array(await receipts.pdf(receipt)), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${receipts.fileName(receipt)}"`,
      'cache-control': 'private, no-store',
    },
  });
});
