// /admin/newsletter/campaigns/new: write a campaign's first draft (ADR 036). Admins
// (`newsletter.send`); saving leads to the campaign's page (preview, test, send).
import { NewCampaignPage } from '#app/features/admin/newsletter/campaign-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import type { Route } from './+types/admin.newsletter.campaigns.new';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  await requirePermission(context, 'newsletter.send', url);
  return null;
});

export const action = formAction(async ({ form: read, url, context }: WithForm<Route.ActionArgs>) => {
  const user = await requirePermission(context, 'newsletter.send', url);
  const values = formValues(await read());
  const { id } = await context.services.newsletter.admin.createCampaign(
    { user, ip: context.clientIp },
    values,
  );
  return redirectWithToast(`/admin/newsletter/campaigns/${id}`, {
    kind: 'success',
    message: 'Draft saved. Preview it, send yourself a test, then send it.',
  });
});

export const headers = formHeaders;

export function meta() {
  return [{ title: 'New campaign | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminNewsletterCampaignNew({ actionData }: Route.ComponentProps) {
  return <NewCampaignPage answer={actionData && !actionData.ok ? actionData : null} />;
}
