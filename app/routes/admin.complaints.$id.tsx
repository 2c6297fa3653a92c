// /admin/complaints/:id: one ticket — the whole thread with photos and internal notes, the
// customer's orders, status, assignment, a reply (saved and emailed) and staff-only notes, and
// the ticket's audit trail. `complaints.handle`; every form posts here, works without JavaScript.
import { loadAuditTrail } from '#app/features/admin/audit/audit-trail.server.ts';
import { ComplaintDetail } from '#app/features/admin/complaints/complaint-detail.tsx';
import { statusChangeMessage } from '#app/features/admin/complaints/status-message.ts';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, idParam, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { supportPhotoOf } from '#app/lib/support-photo.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import type { Route } from './+types/admin.complaints.$id';

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'complaints.handle', url);
  const id = idParam(params.id, 'ticket');
  const [ticket, auditTrail] = await Promise.all([
    context.services.support.admin.detail({ user, ip: context.clientIp }, id),
    loadAuditTrail(context, user, 'support_ticket', String(id)),
  ]);
  return { ticket, auditTrail };
});

export const action = formAction(async ({ form: read, url, params, context }: WithForm<Route.ActionArgs>) => {
  const user = await requirePermission(context, 'complaints.handle', url);
  const actor = { user, ip: context.clientIp };
  const form = await read();
  const values: Record<string, string> = { ...formValues(form), id: params.id };
  const here = url.pathname;
  const admin = context.services.support.admin;
  switch (values.intent) {
    case 'status': {
      const { changed } = await admin.setStatus(actor, values);
      return redirectWithToast(here, {
        kind: 'success',
        message: statusChangeMessage(changed, values.status),
      });
    }
    case 'reply': {
      await admin.reply(actor, values, { photo: await supportPhotoOf(form) });
      return redirectWithToast(here, {
        kind: 'success',
        message: 'Reply saved and emailed to the customer.',
      });
    }
    case 'update-reply': {
      await admin.reply(actor, values, { update: true });
      return redirectWithToast(here, {
        kind: 'success',
        message: 'Reply updated and emailed to the customer.',
      });
    }
    case 'note':
      await admin.note(actor, values);
      return redirectWithToast(here, { kind: 'success', message: 'Note saved (staff only).' });
    case 'assign': {
      const { assigneeName } = await admin.assign(actor, values);
      return redirectWithToast(here, {
        kind: 'success',
        message: assigneeName ? `Assigned to ${assigneeName}.` : 'Nobody is assigned now.',
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

export function meta({ data: loaded }: Route.MetaArgs) {
  const ref = loaded?.ticket?.reference ?? 'Ticket';
  return [
    { title: `${ref} | Complaints | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminComplaintDetail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ComplaintDetail
      ticket={loaderData.ticket}
      auditTrail={loaderData.auditTrail}
      answer={actionData && !actionData.ok ? actionData : null}
    />
  );
}
