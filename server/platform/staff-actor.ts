// Who is acting in a staff screen, and from where (the audit record's address), and the one check
// every admin service makes again on the server before it changes anything (core/permissions.ts).
import type { SessionUser } from '#core/contract/account.ts';
import { can, type Permission } from '#core/permissions.ts';
import { ForbiddenError } from './errors.ts';

export interface StaffActor {
  user: SessionUser;
  ip?: string | null;
}

/** Throws a 403 with `message` unless the actor's role holds `permission`. */
export function assertCan(actor: StaffActor, permission: Permission, message: string): void {
  if (!can(actor.user.role, permission)) throw new ForbiddenError(message);
}
