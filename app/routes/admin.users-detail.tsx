// /admin/users/:id: one account with its orders and activity, and the actions staff take on it
// (suspend, reactivate, email; change role for admins). Each posts here with an `intent`, is
// checked again by the service, and answers with a redirect back with a toast. The page ends with
// the account's audit trail.
import { data, isRouteErrorResponse, Link } from 'react-router';
import { loadAuditTrail } from '#app/features/admin/audit/audit-trail.server.ts';
import { UserDetail } from '#app/features/admin/users/user-detail.tsx';
import { requirePermission } from '#app/lib/auth.server.ts';
import { asAppError } from '#app/lib/errors.ts';
import { formFailure, formHeaders, formValues } from '#app/lib/forms.server.ts';
import { redirectWithToast } from '#app/lib/toast.server.ts';
import { can } from '#core/permissions.ts';
import type { Route } from './+types/admin.users-detail';

/** What each users action says once it has worked (as a toast on the next page). */
const USERS_DONE = {
  suspended: 'Account suspended. Every session it had has ended; it cannot sign in until reactivated.',
  reactivated: 'Account reactivated. They can sign in again.',
  'role-changed': 'Role changed. Their sessions ended, so the new role starts at their next sign-in.',
  emailed: 'Email queued. It is in the outbox and recorded in the audit trail below.',
} as const;

function userId(raw: string): number {
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id))
    throw data({ message: 'There is no account with that id.' }, { status: 404 });
  return id;
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(context, 'customers.view', url);
  const id = userId(params.id);
  const [found, auditTrail] = await Promise.all([
    context.services.adminUsers.detail({ user, ip: context.clientIp }, id).catch((error: unknown) => {
      const known = asAppError(error);
      // "No such account" (and any other refusal) is the page's answer, not a crash.
      if (known) throw data({ message: known.message }, { status: known.status });
      throw error;
    }),
    loadAuditTrail(context, user, 'user', id),
  ]);
  return {
    ...found,
    auditTrail,
    self: found.user.id === user.id,
    can: {
      // Staff and admin accounts are an admin's to suspend (the service says so too).
      suspend:
        can(user.role, 'customers.suspend') &&
        (found.user.role === 'customer' || can(user.role, 'staff.manage')),
      email: can(user.role, 'customers.email'),
      changeRole: can(user.role, 'users.change-role'),
    },
  };
}

const PERMISSION_OF = {
  suspend: 'customers.suspend',
  reactivate: 'customers.suspend',
  role: 'users.change-role',
  email: 'customers.email',
} as const;

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (!(intent in PERMISSION_OF)) throw data({ message: 'Unknown action.' }, { status: 400 });
  const known = intent as keyof typeof PERMISSION_OF;
  const user = await requirePermission(context, 'customers.view', url);
  const id = userId(params.id);
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
  try {
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
    await users.sendEmail(actor, id, values);
    return redirectWithToast(here, { kind: 'success', message: USERS_DONE.emailed });
  } catch (error) {
    const failure = formFailure(error, values);
    if (!failure) throw error;
    return data({ ...failure.data, intent: known }, failure.init ?? undefined);
  }
}

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
