// The account dashboard's tabs (profile, orders, support, reviews, store credit, settings), chosen by ?tab=.
import { Bell, LifeBuoy, Package, Star, User, Wallet } from 'lucide-react';
import { Link } from 'react-router';

export const DASHBOARD_TABS = [
  { id: 'profile', label: 'Profile', icon: User },
  { id: 'orders', label: 'Orders', icon: Package },
  { id: 'support', label: 'Support', icon: LifeBuoy },
  { id: 'reviews', label: 'Reviews', icon: Star },
  { id: 'credit', label: 'Store credit', icon: Wallet },
  { id: 'settings', label: 'Settings', icon: Bell },
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number]['id'];

/** `?tab=` as written anywhere (the spec's payment pages link to ?tab=complaints). */
export function dashboardTab(value: string | null): DashboardTab {
  if (value === 'complaints') return 'support';
  return DASHBOARD_TABS.find((t) => t.id === value)?.id ?? 'profile';
}

export function DashboardTabNav({ current }: { current: DashboardTab }) {
  return (
    <nav aria-label="Account" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
      <ul className="flex gap-2 lg:flex-col">
        {DASHBOARD_TABS.map(({ id, label, icon: Icon }) => (
          <li key={id}>
            <Link
              to={`?tab=${id}`}
              preventScrollReset
              aria-current={current === id ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full px-4 text-sm font-semibold lg:w-full lg:rounded-lg ${
                current === id ? 'bg-plum-800 text-white' : 'bg-white text-ink hover:bg-plum-50'
              }`}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A tab with nothing in it yet: says why, and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof User;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-ink/15 bg-white px-6 py-12 text-center">
      <Icon className="mx-auto h-10 w-10 text-plum-700" aria-hidden="true" />
      <h3 className="mt-3 text-xl font-semibold">{title}</h3>
      <div className="mx-auto mt-2 max-w-md space-y-4 text-sm text-muted">{children}</div>
    </div>
  );
}
