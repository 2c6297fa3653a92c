// /admin/products, /discounts, /reviews, /complaints, /banners, /settings until their screens are
// built: one honest "coming" page (status 200, noindex), guarded by the section's own permission.
import { data } from 'react-router';
import { comingSoonSection } from '#app/features/admin/shell/admin-nav.ts';
import { ComingSoon } from '#app/features/admin/shell/coming-soon.tsx';
import { requirePermission, requireRole } from '#app/lib/auth.server.ts';
import { STAFF_ROLES } from '#core/account.ts';
import type { Route } from './+types/admin.coming-soon';

export async function loader({ request, context }: Route.LoaderArgs) {
  const section = comingSoonSection(new URL(request.url).pathname);
  if (!section?.comingSoon) {
    await requireRole(context, STAFF_ROLES, request);
    throw data(null, { status: 404 });
  }
  if (section.permission) await requirePermission(context, section.permission, request);
  else await requireRole(context, STAFF_ROLES, request);
  return { label: section.label, description: section.comingSoon };
}

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `${data?.label ?? 'Admin'} | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminComingSoon({ loaderData }: Route.ComponentProps) {
  return <ComingSoon label={loaderData.label} description={loaderData.description} />;
}
