// GET /admin/orders.csv?<the list's filters>: the orders the list shows (all pages), streamed as
// CSV from the database (ADR 026). Staff with `orders.view`.
import { requirePermission } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { adminOrderFiltersFrom } from '#core/contract/admin-orders.ts';
import type { Route } from './+types/admin.orders[.]csv';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'orders.view', url);
  const filters = adminOrderFiltersFrom(url.searchParams);
  const { stream, fileName } = context.services.orders.admin.exportCsv(filters);
  context.log.info({ by: user.id, filters }, 'orders exported as CSV');
  return new Response(stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
});
