// /admin/audit: the audit log (filters in the URL). Read-only: this route has no action, and no
// route anywhere edits or deletes an entry.
import { AuditLogPage } from '#app/features/admin/audit/audit-log-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/admin.audit';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  await requirePermission(context, 'audit.view', url);
  const query = Object.fromEntries(url.searchParams);
  const { audit, twoFactor } = context.services;
  const [{ filter, ...page }, vocabulary, staff] = await Promise.all([
    audit.search(query),
    audit.vocabulary(),
    twoFactor.listStaff(),
  ]);
  return {
    page,
    filter,
    people: staff.map((m) => ({ id: m.id, name: `${m.name} (${m.role})` })),
    ...vocabulary,
  };
});

export function meta() {
  return [{ title: 'Audit log | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return <AuditLogPage {...loaderData} />;
}
