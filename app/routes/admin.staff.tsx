// /admin/staff: the shop's staff and admin accounts and whether each has set up two-factor sign-in
// (ADR 019). Admins can reset another member's second factor (behind a confirmation step).
import { Link } from 'react-router';
import { FormMessage } from '#app/components/ui/form/form-message.tsx';
import { requireRole } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { STAFF_ROLES } from '#core/account.ts';
import type { Route } from './+types/admin.staff';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requireRole(context, STAFF_ROLES, url);
  const staff = await context.services.twoFactor.listStaff();
  const reset = url.searchParams.get('reset');
  const resetMember = reset ? (staff.find((m) => String(m.id) === reset) ?? null) : null;
  return { staff, me: user.id, isAdmin: user.role === 'admin', resetMember };
});

export function meta() {
  return [{ title: 'Staff | Crown Hair Admin' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { staff, me, isAdmin, resetMember } = loaderData;
  return (
    <section>
      <h1 className="font-display text-3xl font-semibold">Staff</h1>
      <p className="mt-1 text-sm text-muted">
        Staff and admin accounts sign in with a password and a code from an authenticator app.
      </p>
      {resetMember ? (
        <div className="mt-4">
          <FormMessage tone="success">
            {`Two-factor sign-in was reset for ${resetMember.name} (${resetMember.email}). They were signed out everywhere, emailed, and will set it up again at their next sign-in.`}
          </FormMessage>
        </div>
      ) : null}
      <section
        className="relative mt-6 overflow-x-auto rounded-xl bg-white shadow-sm"
        aria-label="Staff accounts"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="w-full text-left text-sm">
          <thead className="border-b border-ink/10 text-xs uppercase text-muted">
            <tr>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
              <th scope="col" className="px-4 py-3">
                Two-factor
              </th>
              {isAdmin ? (
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink/10">
            {staff.map((m) => (
              <tr key={m.id} data-staff-email={m.email}>
                <td className="px-4 py-3 font-semibold">
                  {m.name}
                  {m.isActive ? null : <span className="ml-2 text-xs text-sale">suspended</span>}
                </td>
                <td className="px-4 py-3">{m.email}</td>
                <td className="px-4 py-3">{m.role}</td>
                <td className="px-4 py-3">
                  {m.exempt ? 'Not needed (demo admin)' : m.twoFactorEnrolled ? 'Yes' : 'No'}
                </td>
                {isAdmin ? (
                  <td className="px-4 py-3 text-right">
                    {m.id !== me && m.twoFactorEnrolled ? (
                      <Link
                        to={`/admin/staff/${m.id}/reset-two-factor`}
                        className="btn-outline whitespace-nowrap"
                      >
                        Reset two-factor
                      </Link>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
