import { data } from 'react-router';
import { requireRole } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { STAFF_ROLES } from '#core/account.ts';
import type { Route } from './+types/admin.$';

// Any other /admin/* address: the sign-in form for outsiders, "not found" for staff.
export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  await requireRole(context, STAFF_ROLES);
  context.log.info({ path: url.pathname }, 'admin page not found');
  throw data(null, { status: 404 });
});

export default function AdminNotFound() {
  return null;
}
