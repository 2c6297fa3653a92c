// /admin/mail: mail that is not getting out (ADR 050). Messages still waiting after a failed try
// (with the server's last answer and when the next try is due) and messages given up on, each
// with "Send again". Recipients are masked; every retry is checked on the server and audited.
import { Form } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import type { Route } from './+types/admin.mail';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'mail.outbox', url);
  return context.services.outboxAdmin.trouble({ user, ip: context.clientIp });
});

export const action = formAction(async ({ form: read, url, context }: WithForm<Route.ActionArgs>) => {
  const user = await requirePermission(context, 'mail.outbox', url);
  const values = formValues(await read());
  const done = await context.services.outboxAdmin.retry(
    { user, ip: context.clientIp },
    Number.parseInt(values.id ?? '', 10),
  );
  return redirectWithToast('/admin/mail', {
    kind: 'success',
    message: `The ${done.template} message to ${done.to} is queued to be sent again now.`,
  });
});

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Mail | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

const dateTime = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

type Row = Route.ComponentProps['loaderData']['failing'][number];

function MailTable({ rows, kind }: { rows: Row[]; kind: 'failing' | 'failed' }) {
  return (
    <div className="mt-3 overflow-x-auto rounded-xl bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="text-muted">
          <tr>
            <th className="px-3 py-2">To</th>
            <th className="px-3 py-2">Template</th>
            <th className="px-3 py-2">Attempts</th>
            <th className="px-3 py-2">Last error</th>
            <th className="px-3 py-2">{kind === 'failing' ? 'Next attempt' : 'Queued'}</th>
            {kind === 'failed' ? <th className="px-3 py-2">Action</th> : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink/10">
          {rows.map((m) => (
            <tr key={m.id} data-outbox-id={m.id}>
              <td className="px-3 py-2 [overflow-wrap:anywhere]">{m.to}</td>
              <td className="px-3 py-2">{m.template}</td>
              <td className="px-3 py-2">{m.attempts}</td>
              <td className="px-3 py-2 [overflow-wrap:anywhere]">{m.lastError ?? '—'}</td>
              <td className="px-3 py-2">
                {dateTime.format(
                  new Date(kind === 'failing' && m.nextAttemptAt ? m.nextAttemptAt : m.createdAt),
                )}
              </td>
              {kind === 'failed' ? (
                <td className="px-3 py-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={m.id} />
                    <button type="submit" className="btn-outline" aria-label={`Send message ${m.id} again`}>
                      Send again
                    </button>
                  </Form>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminMail({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, failing, failed } = loaderData;
  return (
    <section>
      <h1 className="font-display text-3xl font-semibold">Mail</h1>
      <p className="mt-1 text-sm text-muted">
        {stats.pending} waiting · {stats.sent} sent · {stats.failed} given up on. Mail that cannot be
        delivered is tried again with longer and longer waits (about 12 hours in all) before it is given up
        on.
      </p>
      {actionData ? (
        <div className="mt-4">
          <FormMessage tone="error">{actionData.message}</FormMessage>
        </div>
      ) : null}
      <h2 className="mt-6 text-xl font-semibold">Waiting to be tried again</h2>
      {failing.length === 0 ? (
        <p className="mt-2 text-muted">No mail is waiting after a failed try.</p>
      ) : (
        <MailTable rows={failing} kind="failing" />
      )}
      <h2 className="mt-6 text-xl font-semibold">Given up on</h2>
      {failed.length === 0 ? (
        <p className="mt-2 text-muted">No mail has been given up on.</p>
      ) : (
        <MailTable rows={failed} kind="failed" />
      )}
    </section>
  );
}
