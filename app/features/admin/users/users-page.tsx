// /admin/users: summary cards, the filter form (a GET form: the filter lives in the address, so a
// view can be bookmarked or shared), the table, pages, and an empty state.
import { Form, Link, useNavigation } from 'react-router';
import { USER_ROLES } from '#core/account.ts';
import type { AdminUsersPage, AdminUsersQuery, UserPeriod } from '#core/contract/admin-users.ts';
import { ROLE_LABELS } from './format.ts';
import { UsersTable } from './users-table.tsx';

const PERIOD_LABELS: Record<UserPeriod, string> = {
  today: 'today',
  week: 'this week',
  month: 'this month',
  year: 'this year',
};

/** The query string of the current filter with `changes` applied (empty values left out). */
function withParams(query: AdminUsersQuery, changes: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...changes })) {
    if (value === undefined || value === '' || (key === 'page' && value === 1)) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '?';
}

export function UsersPage({ data }: { data: AdminUsersPage & { query: AdminUsersQuery } }) {
  const { summary, items, total, page, pageSize, query } = data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === '/admin/users';
  const filtered = Boolean(query.q || query.state || query.role || query.joinedFrom || query.joinedTo);
  const cards = [
    { label: 'Customers', value: summary.customers, to: withParams({ page: 1 }, { role: 'customer' }) },
    {
      label: 'Active customers',
      value: summary.active,
      to: withParams({ page: 1 }, { role: 'customer', state: 'active' }),
    },
    {
      label: 'Suspended accounts',
      value: summary.suspended,
      to: withParams({ page: 1 }, { state: 'suspended' }),
    },
    {
      label: `New ${PERIOD_LABELS[summary.period]}`,
      value: summary.newThisPeriod,
      to: withParams({ page: 1 }, { role: 'customer', joinedFrom: summary.since, period: summary.period }),
    },
  ];
  return (
    <section aria-busy={loading}>
      <h1 className="font-display text-3xl font-semibold">Users</h1>
      <p className="mt-1 text-sm text-muted">
        Customers and staff accounts: find one, read their orders, act on it.
      </p>

      <ul className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="users-summary">
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              to={card.to}
              className="block rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-plum-700/30"
            >
              <span className="block text-xs font-semibold uppercase text-muted">{card.label}</span>
              <span className="mt-1 block text-2xl font-semibold tabular-nums">
                {card.value.toLocaleString('en-NG')}
              </span>
            </Link>
          </li>
        ))}
      </ul>

      <nav aria-label="Period for new customers" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted">New customers:</span>
        {(Object.keys(PERIOD_LABELS) as UserPeriod[]).map((period) => (
          <Link
            key={period}
            to={withParams(query, { period, page: 1 })}
            aria-current={period === summary.period ? 'true' : undefined}
            className={`inline-flex min-h-11 items-center rounded-lg px-3 font-semibold ${
              period === summary.period ? 'bg-plum-800 text-white' : 'bg-white hover:bg-plum-50'
            }`}
          >
            {PERIOD_LABELS[period]}
          </Link>
        ))}
      </nav>

      <Form
        method="get"
        className="mt-6 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm lg:grid-cols-6"
        aria-label="Filter users"
      >
        <div className="col-span-2">
          <label htmlFor="users-q" className="block text-sm font-semibold">
            Search
          </label>
          <input
            id="users-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ''}
            placeholder="Name, email or phone"
            className="input mt-1 w-full"
          />
        </div>
        <div>
          <label htmlFor="users-state" className="block text-sm font-semibold">
            State
          </label>
          <select
            id="users-state"
            name="state"
            defaultValue={query.state ?? ''}
            className="input mt-1 w-full"
          >
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </select>
        </div>
        <div>
          <label htmlFor="users-role" className="block text-sm font-semibold">
            Role
          </label>
          <select id="users-role" name="role" defaultValue={query.role ?? ''} className="input mt-1 w-full">
            <option value="">Any</option>
            {USER_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="users-from" className="block text-sm font-semibold">
            Joined from
          </label>
          <input
            id="users-from"
            name="joinedFrom"
            type="date"
            defaultValue={query.joinedFrom ?? ''}
            className="input mt-1 w-full"
          />
        </div>
        <div>
          <label htmlFor="users-to" className="block text-sm font-semibold">
            Joined to
          </label>
          <input
            id="users-to"
            name="joinedTo"
            type="date"
            defaultValue={query.joinedTo ?? ''}
            className="input mt-1 w-full"
          />
        </div>
        <div>
          <label htmlFor="users-sort" className="block text-sm font-semibold">
            Sort
          </label>
          <select
            id="users-sort"
            name="sort"
            defaultValue={query.sort ?? 'newest'}
            className="input mt-1 w-full"
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
            <option value="name">Name</option>
            <option value="last-sign-in">Last sign-in</option>
          </select>
        </div>
        {query.period ? <input type="hidden" name="period" value={query.period} /> : null}
        <div className="col-span-2 flex items-end gap-2 lg:col-span-5">
          <button type="submit" className="btn-primary">
            Apply
          </button>
          {filtered ? (
            <Link to="/admin/users" className="btn-outline">
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

      <p className="mt-6 text-sm text-muted" role="status" data-testid="users-count">
        {loading ? 'Loading…' : `${total.toLocaleString('en-NG')} ${total === 1 ? 'account' : 'accounts'}`}
        {filtered && !loading ? (total === 1 ? ' matches this filter' : ' match this filter') : ''}
      </p>
      <div className={`mt-2 ${loading ? 'opacity-60' : ''}`}>
        {items.length === 0 ? (
          <div className="rounded-xl bg-white p-8 text-center shadow-sm" data-testid="users-empty">
            <p className="font-semibold">
              {filtered ? 'No account matches this filter.' : 'No accounts yet.'}
            </p>
            <p className="mt-1 text-sm text-muted">
              {filtered
                ? 'Try a shorter search, or clear the filter.'
                : 'Customers appear here once they sign up.'}
            </p>
          </div>
        ) : (
          <UsersTable users={items} />
        )}
      </div>

      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-3 text-sm">
          {page > 1 ? (
            <Link to={withParams(query, { page: page - 1 })} className="btn-outline" rel="prev">
              Previous
            </Link>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={withParams(query, { page: page + 1 })} className="btn-outline" rel="next">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
