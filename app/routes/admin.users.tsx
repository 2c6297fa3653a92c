// /admin/users: find customers and staff by name, email or phone, filter by state, role and when
// they joined; the filter lives in the address (app/features/admin/users/users-page.tsx).
import { UsersPage } from '#app/features/admin/users/users-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import type { Route } from './+types/admin.users';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'customers.view', url);
  const query = Object.fromEntries(url.searchParams);
  return context.services.adminUsers.list({ user, ip: context.clientIp }, query);
});

export function meta() {
  return [{ title: 'Users | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  return <UsersPage data={loaderData} />;
}
