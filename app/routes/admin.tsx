// The admin portal's shell (/admin/*; markup in app/features/admin/shell/): staff and admins only. Every admin loader and action checks
// the role itself (requireRole); anyone else gets this layout's error boundary, which is the admin
// sign-in form, with status 401 (signed out) or 403 (signed in without the role).
import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteLoaderData } from 'react-router';
import { AdminSignIn } from '#app/features/admin/admin-sign-in.tsx';
import { AdminShell, type SectionBadge } from '#app/features/admin/shell/admin-shell.tsx';
import { requireRole } from '#app/lib/auth.server.ts';
import { pageLoader } from '#app/lib/route-errors.server.ts';
import { STAFF_ROLES } from '#core/account.ts';
import type { TicketCounts } from '#core/contract/support.ts';
import { DEMO_ADMIN_SECOND_FACTOR_NOTICE } from '#core/two-factor.ts';
import type { Route } from './+types/admin';

export const loader = pageLoader(async ({ url, context }: Route.LoaderArgs) => {
  const user = await requireRole(context, STAFF_ROLES, url);
  return {
    user: { name: user.name, role: user.role },
    demoMode: await context.services.demo.isOn(),
    secondFactorExempt: await context.services.twoFactor.isExempt(user),
    // Complaints by status beside the sidebar's Complaints (null without complaints.handle).
    complaints: await context.services.support.admin.sidebarCounts({ user }),
  };
});

function complaintBadges(counts: TicketCounts | null): Record<string, SectionBadge> | undefined {
  if (!counts) return undefined;
  const pills: SectionBadge['pills'] = [];
  if (counts.pending > 0) pills.push({ text: `${counts.pending} new`, tone: 'warning' });
  if (counts['in-progress'] > 0) pills.push({ text: `${counts['in-progress']} open`, tone: 'info' });
  return {
    '/admin/complaints': {
      pills,
      label: `${counts.pending} pending, ${counts['in-progress']} in progress, ${counts.resolved} resolved`,
    },
  };
}

export function meta() {
  return [{ title: 'Admin | Crown Hair' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell
      user={loaderData.user}
      secondFactorExempt={loaderData.secondFactorExempt}
      badges={complaintBadges(loaderData.complaints)}
      notice={
        loaderData.demoMode ? (
          <p role="status" className="border-b border-gold-400 bg-gold-300 px-4 py-2 text-sm text-ink">
            <strong>Demo shop.</strong> Sample data, a demo admin whose password is published, sandbox
            payments. Never use it for real orders. To take the shop over, create your own admin with{' '}
            <code>npm run admin:create</code> (or ADMIN_EMAIL and ADMIN_PASSWORD): demo mode then ends for
            good.
          </p>
        ) : null
      }
    >
      {loaderData.secondFactorExempt ? (
        <p className="mb-4 rounded-lg bg-gold-300 px-4 py-3 text-sm text-ink">
          {DEMO_ADMIN_SECOND_FACTOR_NOTICE}
        </p>
      ) : null}
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  // Set when this layout's own loader worked and a page inside it refused or failed (ADR 074).
  const shell = useRouteLoaderData<typeof loader>('routes/admin');
  if (isRouteErrorResponse(error) && (error.status === 401 || error.status === 403)) {
    return (
      <AdminSignIn
        redirectTo={location.pathname + location.search}
        notice={
          error.status === 403
            ? 'This account does not have access to the admin portal. Sign in with a staff account.'
            : null
        }
      />
    );
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A refusal's own message (a bad id, a missing row) when the page gave one (app/lib/route-errors.server.ts).
  const refusal =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data?.message === 'string'
      ? (error.data.message as string)
      : null;
  const content = (
    <div
      className="flex flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      data-admin-error={isRouteErrorResponse(error) ? error.status : 500}
    >
      <h1 className="font-display text-3xl font-semibold">
        {notFound ? 'Page not found' : refusal ? 'That did not work' : 'Something went wrong'}
      </h1>
      <p className="text-muted">
        {refusal ??
          (notFound
            ? 'There is no admin page at this address.'
            : 'Please try again in a moment; nothing was lost.')}
      </p>
      <Link to="/admin/dashboard" className="btn-primary">
        Admin dashboard
      </Link>
    </div>
  );
  if (!shell) return <div className="flex min-h-dvh flex-col">{content}</div>;
  return (
    <AdminShell
      user={shell.user}
      secondFactorExempt={shell.secondFactorExempt}
      badges={complaintBadges(shell.complaints)}
    >
      {content}
    </AdminShell>
  );
}
