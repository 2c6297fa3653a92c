// The users list's table: one row per account with its order figures, on the shared data table
// (it scrolls inside its own box on a phone), with its reviews and complaints (support tickets).
import { Link } from 'react-router';
import type { AdminUserRow } from '#core/contract/admin-users.ts';
import { formatPrice } from '#core/money.ts';
import { formatNigerianPhone } from '#core/nigeria.ts';
import { DataTable, Td, Th } from '../ui/data-table.tsx';
import { StatusBadge } from '../ui/status-badge.tsx';
import { formatDay, formatWhen, ROLE_LABELS } from './format.ts';

export function UsersTable({ users }: { users: AdminUserRow[] }) {
  return (
    <DataTable caption="Accounts">
      <thead className="border-b border-ink/10">
        <tr>
          <Th>Name</Th>
          <Th>Role</Th>
          <Th>State</Th>
          <Th className="text-right">Orders</Th>
          <Th className="text-right">Total spent</Th>
          <Th className="text-right">Reviews</Th>
          <Th className="text-right">Complaints</Th>
          <Th>Last sign-in</Th>
          <Th>Joined</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink/10">
        {users.map((u) => (
          <tr key={u.id} data-user-email={u.email}>
            <Td>
              <Link
                to={`/admin/users/${u.id}`}
                className="font-semibold text-plum-800 underline-offset-2 hover:underline"
              >
                {u.name}
              </Link>
              <div className="text-xs text-muted">{u.email}</div>
              {u.phone ? <div className="text-xs text-muted">{formatNigerianPhone(u.phone)}</div> : null}
            </Td>
            <Td>{ROLE_LABELS[u.role]}</Td>
            <Td>
              {u.active ? (
                <StatusBadge tone="success">Active</StatusBadge>
              ) : (
                <StatusBadge tone="danger">Suspended</StatusBadge>
              )}
            </Td>
            <Td className="text-right tabular-nums">{u.orders}</Td>
            <Td className="whitespace-nowrap text-right tabular-nums">{formatPrice(u.spentKobo)}</Td>
            <Td className="text-right tabular-nums">{u.reviews}</Td>
            <Td className="text-right tabular-nums">{u.complaints}</Td>
            <Td className="whitespace-nowrap">{formatWhen(u.lastSignInAt)}</Td>
            <Td className="whitespace-nowrap">{formatDay(u.joinedAt)}</Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
