// The admin portal's shell (/admin/*): staff and admins only. Every admin loader and action checks
// the role itself (requireRole); anyone else gets this layout's error boundary, which is the admin
// sign-in form, with status 401 (signed out) or 403 (signed in without the role).
import { ExternalLink, Inbox, LayoutDashboard, LogOut, ShieldCheck, Users } from 'lucide-react';
import { Form, isRouteErrorResponse, Link, NavLink, Outlet, useLocation } from 'react-router';
import { AdminSignIn } from '#app/features/admin/admin-sign-in.tsx';
import { requireRole } from '#app/lib/auth.server.ts';
import { STAFF_ROLES } from '#core/account.ts';
import { DEMO_ADMIN_SECOND_FACTOR_NOTICE } from '#core/two-factor.ts';
import type { Route } from './+types/admin';

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRole(context, STAFF_ROLES, request);
  return {
    user: { name: user.name, role: user.role },
    demoMode: await context.services.demo.isOn(),
    secondFactorExempt: context.services.twoFactor.isExempt(user),
  };
}

export function meta() {
  return [{ title: 'Admin | Crown Hair' }, { name: 'robots', content: 'noindex, nofollow' }];
}

const NAV = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/admin/mailbox', label: 'Mailbox', icon: Inbox },
  { to: '/admin/staff', label: 'Staff', icon: Users },
  { to: '/admin/two-factor', label: 'Two-factor', icon: ShieldCheck },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // The demo admin has no second factor to manage.
  const nav = loaderData.secondFactorExempt ? NAV.filter((item) => item.to !== '/admin/two-factor') : NAV;
  return (
    <div className="min-h-dvh bg-sand/40">
      <header className="sticky top-0 z-20 border-b border-ink/10 bg-plum-900 text-cream">
        <div className="flex h-14 items-center gap-1 whitespace-nowrap px-3 sm:gap-3 sm:px-4">
          <Link to="/admin/dashboard" className="font-display text-base font-semibold sm:text-lg">
            Crown Hair <span className="text-gold-300">Admin</span>
          </Link>
          <span className="ml-auto hidden text-sm text-cream/80 sm:inline">
            {loaderData.user.name} · {loaderData.user.role}
          </span>
          <a
            href="/"
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-11 items-center gap-1 rounded px-2 text-sm font-semibold hover:text-gold-300"
          >
            View Store <ExternalLink className="h-4 w-4" aria-hidden="true" />
          </a>
          <Form method="post" action="/auth/sign-out">
            <button
              type="submit"
              className="inline-flex min-h-11 items-center gap-1 rounded px-2 text-sm font-semibold hover:text-gold-300"
            >
              <LogOut className="h-4 w-4" aria-hidden="true" /> Logout
            </button>
          </Form>
        </div>
      </header>
      {loaderData.demoMode ? (
        <p
          role="status"
          className="border-b border-gold-400 bg-gold-300 px-4 py-2 text-sm text-ink"
          data-testid="demo-shop-notice"
        >
          <strong>Demo shop.</strong> Sample data, a demo admin whose password is published, sandbox payments.
          Never use it for real orders. To take the shop over, create your own admin with{' '}
          <code>npm run admin:create</code> (or ADMIN_EMAIL and ADMIN_PASSWORD): demo mode then ends for good.
        </p>
      ) : null}
      <div className="grid gap-6 px-4 py-6 md:grid-cols-[200px_1fr]">
        <nav aria-label="Admin">
          <ul className="flex gap-2 overflow-x-auto md:flex-col">
            {nav.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  className={({ isActive }) =>
                    `inline-flex min-h-11 w-full items-center gap-2 whitespace-nowrap rounded-lg px-3 text-sm font-semibold ${
                      isActive ? 'bg-plum-800 text-white' : 'bg-white hover:bg-plum-50'
                    }`
                  }
                >
                  <Icon className="h-4 w-4" aria-hidden="true" /> {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          {loaderData.secondFactorExempt ? (
            <p
              className="mb-4 rounded-lg bg-gold-300 px-4 py-3 text-sm text-ink"
              data-testid="demo-admin-second-factor"
            >
              {DEMO_ADMIN_SECOND_FACTOR_NOTICE}
            </p>
          ) : null}
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
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
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="font-display text-3xl font-semibold">
        {notFound ? 'Page not found' : 'Something went wrong'}
      </h1>
      <p className="text-muted">
        {notFound
          ? 'There is no admin page at this address.'
          : 'Please try again in a moment; nothing was lost.'}
      </p>
      <Link to="/admin/dashboard" className="btn-primary">
        Admin dashboard
      </Link>
    </div>
  );
}
