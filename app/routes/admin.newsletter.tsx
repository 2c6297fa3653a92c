// /admin/newsletter: subscribers (filters in the URL, counts, CSV export) and campaigns. Staff
// and admins with `newsletter.view`; writing and sending campaigns needs `newsletter.send` (ADR 036).
import { NewsletterPage } from '#app/features/admin/newsletter/subscribers-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/admin.newsletter';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'newsletter.view', url);
  const actor = { user, ip: context.clientIp };
  const query = Object.fromEntries(url.searchParams);
  const admin = context.services.newsletter.admin;
  const [data, campaigns] = await Promise.all([
    admin.listSubscribers(actor, query),
    admin.listCampaigns(actor),
  ]);
  return { data, campaigns, canSend: can(user.role, 'newsletter.send') };
});

export function meta() {
  return [{ title: 'Newsletter | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  return <NewsletterPage {...loaderData} />;
}
