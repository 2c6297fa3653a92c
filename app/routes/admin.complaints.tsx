// /admin/complaints: customers' support tickets — search, status filter, a status selector per
// row and the reply dialog (`?reply=<id>`) that saves the reply and emails it (a ticket with a
// reply offers "Update Reply", which edits it and emails the update). Staff and admins with
// `complaints.handle`. Every form posts here and works without JavaScript.
import { ComplaintsPage } from '#app/features/admin/complaints/complaints-page.tsx';
import { statusChangeMessage } from '#app/features/admin/complaints/status-message.ts';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import type { Route } from './+types/admin.complaints';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'complaints.handle', url);
  const params = url.searchParams;
  const query = Object.fromEntries(params);
  const result = await context.services.support.admin.list({ user, ip: context.clientIp }, query);
  const replyId = Number(params.get('reply'));
  const replying = result.items.find((t) => t.id === replyId) ?? null;
  return { data: result, replying };
});

/** The list's address without the dialog (where a save or a cancel goes back to). */
function listAddress(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('reply');
  const rest = params.toString();
  return `${url.pathname}${rest ? `?${rest}` : ''}`;
}

export const action = formAction(async ({ form: read, url, context }: WithForm<Route.ActionArgs>) => {
  const user = await requirePermission(context, 'complaints.handle', url);
  const actor = { user, ip: context.clientIp };
  const form = await read();
  const values = formValues(form);
  const here = listAddress(url);
  const admin = context.services.support.admin;
  switch (values.intent) {
    case 'status': {
      const { changed } = await admin.setStatus(actor, values);
      return redirectWithToast(here, {
        kind: 'success',
        message: statusChangeMessage(changed, values.status),
      });
    }
    case 'reply':
    case 'update-reply': {
      const { updated } = await admin.reply(actor, values, { update: values.intent === 'update-reply' });
      return redirectWithToast(here, {
        kind: 'success',
        message: updated
          ? 'Reply updated and emailed to the customer.'
          : 'Reply saved and emailed to the customer.',
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

export function meta() {
  return [{ title: 'Complaints | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminComplaints({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ComplaintsPage
      data={loaderData.data}
      replying={loaderData.replying}
      answer={actionData && !actionData.ok ? actionData : null}
    />
  );
}
