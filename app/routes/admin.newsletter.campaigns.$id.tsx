// /admin/newsletter/campaigns/:id: one campaign — its draft, preview, a test to yourself, sending
// to all confirmed subscribers, and progress while it goes out (ADR 036). Reading needs
// `newsletter.view`; saving, testing and sending need `newsletter.send` (admins).
import { loadAuditTrail } from '#app/features/admin/audit/audit-trail.server.ts';
import { CampaignPage } from '#app/features/admin/newsletter/campaign-page.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, idParam, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/admin.newsletter.campaigns.$id';

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'newsletter.view', url);
  const admin = context.services.newsletter.admin;
  const id = idParam(params.id, 'campaign');
  const campaign = await admin.campaign({ user, ip: context.clientIp }, { id });
  const [confirmedCount, auditTrail] = await Promise.all([
    context.services.newsletter.countSubscribers(),
    loadAuditTrail(context, user, 'newsletter_campaign', campaign.id),
  ]);
  return { campaign, confirmedCount, auditTrail, canSend: can(user.role, 'newsletter.send') };
});

export const action = formAction(async ({ form, url, params, context }: WithForm<Route.ActionArgs>) => {
  const user = await requirePermission(context, 'newsletter.send', url);
  const actor = { user, ip: context.clientIp };
  const values = formValues(await form());
  const here = `/admin/newsletter/campaigns/${params.id}`;
  const admin = context.services.newsletter.admin;
  switch (values.intent) {
    case 'save':
      await admin.updateCampaign(actor, { ...values, id: params.id });
      return redirectWithToast(here, { kind: 'success', message: 'Draft saved.' });
    case 'test': {
      const { to } = await admin.sendTest(actor, { id: params.id });
      return redirectWithToast(here, { kind: 'success', message: `A test copy is on its way to ${to}.` });
    }
    case 'send': {
      const { recipients } = await admin.startSending(actor, { id: params.id });
      return redirectWithToast(here, {
        kind: 'success',
        message: `Sending to ${recipients.toLocaleString('en-NG')} confirmed ${recipients === 1 ? 'subscriber' : 'subscribers'}.`,
      });
    }
    default:
      return redirectWithToast(here, {
        kind: 'error',
        message: 'Please use one of the buttons on this page.',
      });
  }
});

export const headers = formHeaders;

export function meta({ data }: Route.MetaArgs) {
  const sending = data?.campaign.status === 'sending';
  return [
    { title: `${data?.campaign.subject ?? 'Campaign'} | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
    // Progress without JavaScript: the page reloads itself until the campaign is sent.
    ...(sending ? [{ httpEquiv: 'refresh', content: '5' } as const] : []),
  ];
}

export default function AdminNewsletterCampaign({ loaderData, actionData }: Route.ComponentProps) {
  return <CampaignPage {...loaderData} answer={actionData && !actionData.ok ? actionData : null} />;
}
