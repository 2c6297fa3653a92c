// /admin/users: summary cards, the filter bar (a GET form: the filter lives in the address, so a
// view can be bookmarked or shared), the table, pages, and an empty state — on the admin list
// primitives (../ui) the orders screen uses too.
import { Link } from 'react-router';
import { USER_ROLES } from '#core/account.ts';
import {
  type AdminUsersPage,
  type AdminUsersQuery,
  USER_SORTS,
  USER_STATES,
  type UserPeriod,
  type UserSort,
  type UserState,
} from '#core/contract/admin-users.ts';
import { EmptyState } from '../ui/empty-state.tsx';
import { countSet, FilterBar, FilterDate, FilterSearch, FilterSelect, optionsOf } from '../ui/filter-bar.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { PendingRegion, usePendingHere } from '../ui/pending-region.tsx';
import { ROLE_LABELS } from './format.ts';
import { UsersTable } from './users-table.tsx';

const PERIOD_LABELS: Record<UserPeriod, string> = {
  today: 'today',
  week: 'this week',
  month: 'this month',
  year: 'this year',
};

const STATE_LABELS: Record<UserState, string> = { active: 'Active', suspended: 'Suspended' };

const SORT_LABELS: Record<UserSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name',
  'last-sign-in': 'Last sign-in',
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
  const pending = usePendingHere();
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
    // min-w-0: the shell's grid must not grow to the table's width on a phone (it scrolls in its box).
    <section className="min-w-0">
      <h1 className="font-display text-3xl font-semibold">Users</h1>
      <p className="mt-1 text-sm text-muted">
        Customers and staff accounts: find one, read their orders, act on it.
      </p>

      <ul
        className={`mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4 ${pending ? 'admin-pending' : ''}`}
        aria-busy={pending}
      >
        {cards.map((card) => (
          <li key={card.label}>
            <Link
              to={card.to}
              className="block h-full rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-plum-700/30"
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

      <div className="mt-6">
        <FilterBar
          label="Filter users"
          resetHref="/admin/users"
          filtered={filtered}
          active={countSet([query.state, query.role, query.joinedFrom, query.joinedTo])}
          search={<FilterSearch id="users-q" defaultValue={query.q} placeholder="Name, email or phone" />}
        >
          <FilterSelect
            label="State"
            id="users-state"
            name="state"
            defaultValue={query.state}
            any="Any"
            options={optionsOf(USER_STATES, STATE_LABELS)}
          />
          <FilterSelect
            label="Role"
            id="users-role"
            name="role"
            defaultValue={query.role}
            any="Any"
            options={optionsOf(USER_ROLES, ROLE_LABELS)}
          />
          <FilterDate label="Joined from" id="users-from" name="joinedFrom" defaultValue={query.joinedFrom} />
          <FilterDate label="Joined to" id="users-to" name="joinedTo" defaultValue={query.joinedTo} />
          <FilterSelect
            label="Sort"
            id="users-sort"
            name="sort"
            defaultValue={query.sort ?? 'newest'}
            options={optionsOf(USER_SORTS, SORT_LABELS)}
          />
          {query.period ? <input type="hidden" name="period" value={query.period} /> : null}
        </FilterBar>
      </div>

      <PendingRegion pending={pending} label="Loading accounts…" className="mt-6">
        <p className="text-sm text-muted">
          {total.toLocaleString('en-NG')} {total === 1 ? 'account' : 'accounts'}
          {filtered ? (total === 1 ? ' matches this filter' : ' match this filter') : ''}
        </p>
        <div className="mt-2">
          {items.length === 0 ? (
            <EmptyState title={filtered ? 'No account matches this filter.' : 'No accounts yet.'}>
              {filtered
                ? 'Try a shorter search, or clear the filter.'
                : 'Customers appear here once they sign up.'}
            </EmptyState>
          ) : (
            <UsersTable users={items} />
          )}
        </div>
        <Pagination
          page={page}
          pageCount={pages}
          total={total}
          noun={total === 1 ? 'account' : 'accounts'}
          hrefFor={(n) => withParams(query, { page: n })}
        />
      </PendingRegion>
    </section>
  );
}
