// /admin/staff/:id/reset-two-factor: the confirmation step before an admin resets another staff
// member's second factor (ADR 019). The reset is recorded, ends their sessions and emails them.
import { data, Form, isRouteErrorResponse, Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { SubmitButton } from '#app/components/ui/form/submit-button.tsx';
import { requireRole } from '#app/lib/auth.server.ts';
import { formHeaders } from '#app/lib/forms.server.ts';
import { formAction, found, idParam, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { STAFF_ROLES } from '#core/account.ts';
import type { Route } from './+types/admin.staff.$id.reset-two-factor';

async function member(context: Route.LoaderArgs['context'], id: number) {
  const staff = await context.services.twoFactor.listStaff();
  return found(
    staff.find((m) => m.id === id),
    'No such staff member.',
  );
}

/** Staff see the admin, but only an admin resets a second factor. */
async function requireAdmin(context: Route.LoaderArgs['context'], url: URL) {
  const user = await requireRole(context, STAFF_ROLES, url);
  if (user.role !== 'admin')
    throw data({ message: 'Only an admin can reset two-factor sign-in.' }, { status: 403 });
  return user;
}

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const admin = await requireAdmin(context, url);
  const target = await member(context, idParam(params.id, 'staff member'));
  return { target, self: target.id === admin.id };
});

export const action = formAction(async ({ url, params, context }: WithForm<Route.ActionArgs>) => {
  const admin = await requireAdmin(context, url);
  const id = idParam(params.id, 'staff member');
  const done = await context.services.twoFactor.reset(admin, id, { ip: context.clientIp });
  context.log.info({ by: admin.id, target: id, sessionsEnded: done.sessionsEnded }, 'two-factor reset');
  return redirectWithToast(`/admin/staff?reset=${id}`, {
    kind: 'success',
    message: `Reset done for ${done.email}, and recorded in the audit log.`,
  });
});

export const headers = formHeaders;

export function meta() {
  return [{ title: 'Reset two-factor | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function ResetTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { target, self } = loaderData;
  return (
    <section className="max-w-xl">
      <h1 className="font-display text-3xl font-semibold">Reset two-factor sign-in</h1>
      {actionData ? (
        <div className="mt-4">
          <FormMessage tone="error">{actionData.message}</FormMessage>
        </div>
      ) : null}
      {self ? (
        <p className="mt-4">
          You cannot reset your own two-factor sign-in here. Use one of your recovery codes, or ask another
          admin.
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-4 rounded-xl bg-white p-5 shadow-sm">
          <p className="[overflow-wrap:anywhere]">
            Reset two-factor sign-in for <strong>{target.name}</strong> ({target.email}, {target.role})?
          </p>
          <ul className="list-disc pl-5 text-sm text-muted">
            <li>Their authenticator app and recovery codes stop working.</li>
            <li>They are signed out everywhere and emailed about it.</li>
            <li>At their next sign-in they set up two-factor sign-in again.</li>
            <li>The reset is recorded with your name.</li>
          </ul>
          <div className="flex flex-wrap gap-3">
            <SubmitButton pendingText="Resetting…" className="btn-primary">
              Yes, reset two-factor
            </SubmitButton>
            <Link to="/admin/staff" className="btn-outline">
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === 'string'
      ? error.data.message
      : 'Something went wrong. Please try again.';
  return (
    <section className="max-w-xl">
      <h1 className="font-display text-3xl font-semibold">Reset two-factor sign-in</h1>
      <p className="mt-4">{message}</p>
      <p className="mt-4">
        <Link to="/admin/staff" className="btn-outline">
          Back to staff
        </Link>
      </p>
    </section>
  );
}
