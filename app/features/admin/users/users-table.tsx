// The users list's table: one row per account with its order figures. It scrolls inside its own
// box on a phone. (Complaints and reviews columns arrive with those tables, customer-care issue.)
import { Link } from 'react-router';
import type { AdminUserRow } from '#core/contract/admin-users.ts';
import { formatPrice } from '#core/money.ts';
import { formatNigerianPhone } from '#core/nigeria.ts';
import { formatDay, formatWhen, ROLE_LABELS } from './format.ts';

const TH = 'px-4 py-3 font-semibold';
const TD = 'px-4 py-3 align-top';

export function UsersTable({ users }: { users: AdminUserRow[] }) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
      <table className="w-full min-w-[760px] text-left text-sm" data-testid="users-table">
        <caption className="sr-only">Accounts</caption>
        <thead className="border-b border-ink/10 text-xs uppercase text-muted">
          <tr>
            <th scope="col" className={TH}>
              Name
            </th>
            <th scope="col" className={TH}>
              Role
            </th>
            <th scope="col" className={TH}>
              State
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Orders
            </th>
            <th scope="col" className={`${TH} text-right`}>
              Total spent
            </th>
            <th scope="col" className={TH}>
              Last sign-in
            </th>
            <th scope="col" className={TH}>
              Joined
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink/10">
          {users.map((u) => (
            <tr key={u.id} data-user-email={u.email}>
              <td className={TD}>
                <Link
                  to={`/admin/users/${u.id}`}
                  className="font-semibold text-plum-800 underline-offset-2 hover:underline"
                >
                  {u.name}
                </Link>
                <div className="text-xs text-muted">{u.email}</div>
                {u.phone ? <div className="text-xs text-muted">{formatNigerianPhone(u.phone)}</div> : null}
              </td>
              <td className={TD}>{ROLE_LABELS[u.role]}</td>
              <td className={TD}>
                {u.active ? (
                  <span className="rounded-full bg-ok/10 px-2 py-0.5 text-xs font-semibold text-ok">
                    Active
                  </span>
                ) : (
                  <span className="rounded-full bg-sale/10 px-2 py-0.5 text-xs font-semibold text-sale">
                    Suspended
                  </span>
                )}
              </td>
              <td className={`${TD} text-right tabular-nums`}>{u.orders}</td>
              <td className={`${TD} text-right tabular-nums`}>{formatPrice(u.spentKobo)}</td>
              <td className={`${TD} whitespace-nowrap`}>{formatWhen(u.lastSignInAt)}</td>
              <td className={`${TD} whitespace-nowrap`}>{formatDay(u.joinedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
