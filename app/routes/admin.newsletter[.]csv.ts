// GET /admin/newsletter.csv?<the list's filters>: the subscribers the list shows (all pages),
// streamed as CSV from the database (ADR 036, like the orders export of ADR 026). Staff with
// `newsletter.view`; every export is audited.
import { requirePermission } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/admin.newsletter[.]csv';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'newsletter.view', url);
  const query = Object.fromEntries(url.searchParams);
  const { stream, fileName } = await context.services.newsletter.admin.exportCsv(
    { user, ip: context.clientIp },
    query,
  );
  return new Response(stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'private, no-store',
    },
  });
});
