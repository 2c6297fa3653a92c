// /admin/users/:id: one account with its orders and activity, and the actions staff take on it
// (suspend, reactivate, email; change role and adjust store credit for admins). Each posts here with an `intent`, is
// checked again by the service, and answers with a redirect back with a toast. The page ends with
// the account's audit trail.
import { data, isRouteErrorResponse, Link } from 'react-router';
import { loadAuditTrail } from '#app/features/admin/audit/audit-trail.server.ts';
import { UserDetail } from '#app/features/admin/users/user-detail.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { formHeaders, formValues } from '#app/lib/forms.server.ts';
import { formAction, idParam, pageLoader, type WithForm } from '#app/lib/route-errors.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/admin.users.$id';

/** What each users action says once it has worked (as a toast on the next page). */
const USERS_DONE = {
  suspended: 'Account suspended. Every session it had has ended; it cannot sign in until reactivated.',
  reactivated: 'Account reactivated. They can sign in again.',
  'role-changed': 'Role changed. Their sessions ended, so the new role starts at their next sign-in.',
  emailed: 'Email queued. It is in the outbox and recorded in the audit trail below.',
  credit: 'Store credit adjusted. The customer sees it in their account; the audit trail below records it.',
} as const;

export const loader = pageLoader(async ({ url, params, context }: Route.LoaderArgs) => {
  const user = await requirePermission(context, 'customers.view', url);
  const id = idParam(params.id, 'account');
  const [found, auditTrail, credit] = await Promise.all([
    context.services.adminUsers.detail({ user, ip: context.clientIp }, id),
    loadAuditTrail(context, user, 'user', id),
    // The account's store credit and its history (ADR 100).
    context.services.credit.view(id, { staffView: true }),
  ]);
  return {
    ...found,
    auditTrail,
    credit,
    self: found.user.id === user.id,
    can: {
      // Staff and admin accounts are an admin's to suspend (the service says so too).
      suspend:
        can(user.role, 'customers.suspend') &&
        (found.user.role === 'customer' || can(user.role, 'staff.manage')),
      email: can(user.role, 'customers.email'),
      changeRole: can(user.role, 'users.change-role'),
      credit: can(user.role, 'customers.credit'),
    },
  };
});

const PERMISSION_OF = {
  suspend: 'customers.suspend',
  reactivate: 'customers.suspend',
  role: 'users.change-role',
  email: 'customers.email',
  credit: 'customers.credit',
} as const;

type Intent = keyof typeof PERMISSION_OF;

export const action = formAction(
  async ({ form: read, url, params, context }: WithForm<Route.ActionArgs>) => {
    const form = await read();
    const intent = String(form.get('intent') ?? '');
    if (!(intent in PERMISSION_OF)) throw data({ message: 'Unknown action.' }, { status: 400 });
    const known = intent as Intent;
    const user = await requirePermission(context, 'customers.view', url);
    const id = idParam(params.id, 'account');
    const actor = { user, ip: context.clientIp };
    const values = formValues(form);
    const here = `/admin/users/${id}`;
    if (!can(user.role, PERMISSION_OF[known])) {
      const message = 'Only an admin can do that: ask an admin of the shop.';
      return data(
        { ok: false as const, message, code: 'forbidden', fieldErrors: {}, values, intent: known },
        { status: 403 },
      );
    }
    const users = context.services.adminUsers;
    if (known === 'suspend') {
      await users.suspend(actor, id, values);
      return redirectWithToast(here, { kind: 'success', message: USERS_DONE.suspended });
    }
    if (known === 'reactivate') {
      await users.reactivate(actor, id);
      return redirectWithToast(here, { kind: 'success', message: USERS_DONE.reactivated });
    }
    if (known === 'role') {
      await users.changeRole(actor, id, values);
      return redirectWithToast(here, { kind: 'success', message: USERS_DONE['role-changed'] });
    }
    if (known === 'credit') {
      await context.services.adminUsers.detail(actor, id); // 404 for an account that is not there
      await context.services.credit.adjustFromForm(id, values, { id: user.id, ip: context.clientIp });
      return redirectWithToast(here, { kind: 'success', message: USERS_DONE.credit });
    }
    await users.sendEmail(actor, id, values);
    return redirectWithToast(here, { kind: 'success', message: USERS_DONE.emailed });
  },
  // Which of the page's forms was refused: the others stay as they were.
  { tag: (values) => ({ intent: values.intent as Intent }) },
);

export const headers = formHeaders;

export function meta({ data: loaded }: Route.MetaArgs) {
  return [
    { title: `${loaded?.user.name ?? 'User'} | Crown Hair Admin` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <UserDetail
      user={loaderData.user}
      orders={loaderData.orders}
      auditTrail={loaderData.auditTrail}
      credit={loaderData.credit}
      can={loaderData.can}
      self={loaderData.self}
      failure={actionData ?? null}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === 'string'
      ? error.data.message
      : 'Something went wrong. Please try again.';
  return (
    <section className="max-w-xl">
      <h1 className="font-display text-3xl font-semibold">User</h1>
      <p className="mt-4">{message}</p>
      <p className="mt-4">
        <Link to="/admin/users" className="btn-outline">
          Back to users
        </Link>
      </p>
    </section>
  );
}
