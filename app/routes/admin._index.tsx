import { redirect } from 'react-router';
import { requireRole } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { STAFF_ROLES } from '#core/account.ts';
import type { Route } from './+types/admin._index';

// /admin: staff go to the dashboard; anyone else meets the sign-in form (the layout's boundary).
export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  await requireRole(context, STAFF_ROLES, url);
  throw redirect('/admin/dashboard');
});

export default function AdminIndex() {
  return null;
}
