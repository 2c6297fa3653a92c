// The accounts module's answer to "who are the staff?" for the modules that name or ask about
// them: the audit log's and the newsletter's actors, support's assignees, the local mailbox rule
// (is this address staff's?). A port read from the database alone, so those modules are made
// before the accounts services, which use them (ADR 094). Other modules never read `users`.
import { STAFF_ROLES, toRole } from '#core/account.ts';
import type { Queryable } from '#server/db/client.ts';
import { findUserByEmail } from './accounts.repository.ts';
import { listStaffAccounts } from './two-factor.repository.ts';

export interface StaffDirectory {
  /** The names of those of these accounts that are staff or admins. */
  namesOf(ids: readonly number[]): Promise<Map<number, string>>;
  /** Active staff and admins, admins first, then by name. */
  active(): Promise<{ id: number; name: string }[]>;
  /** Whether this address is a staff or admin account's. */
  isStaffAddress(email: string): Promise<boolean>;
}

export function createStaffDirectory(deps: { db: Queryable }): StaffDirectory {
  const { db } = deps;
  return {
    async namesOf(ids) {
      const staff = await listStaffAccounts(db);
      return new Map(staff.filter((m) => ids.includes(m.id)).map((m) => [m.id, m.name]));
    },
    async active() {
      return (await listStaffAccounts(db)).filter((m) => m.isActive).map((m) => ({ id: m.id, name: m.name }));
    },
    async isStaffAddress(email) {
      const user = await findUserByEmail(db, email.trim().toLowerCase());
      return user !== null && STAFF_ROLES.includes(toRole(user.role));
    },
  };
}
