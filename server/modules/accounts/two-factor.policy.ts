// Who must give a second factor, and what a session is worth until they have (ADR 019). One place
// decides. The one exemption is the demo admin (ADR 016, 062): the account demo mode made and
// marked (users.demo_admin), and only while the shop is in demo mode. The address
// admin@crownhair.ng decides nothing: outside demo mode it is an ordinary address, and an admin
// who has it enrols like every other.
import { STAFF_ROLES, type UserRole } from '#core/account.ts';
import type { SessionUser } from '#core/contract/account.ts';
import type { SecondFactorState } from '#server/platform/auth/session.ts';

/**
 * An account as the rule sees it. `exempt`: it is the marked demo admin and the shop is in demo
 * mode right now (`isDemoAdminNow`).
 */
export interface SecondFactorSubject {
  role: UserRole;
  exempt: boolean;
}

/**
 * Whether this account must sign in with a second factor: every staff and admin account except the
 * demo admin of a demo shop, whose password is printed on the sign-in screen.
 */
export function requiresSecondFactor(account: SecondFactorSubject): boolean {
  return STAFF_ROLES.includes(account.role) && !account.exempt;
}

/**
 * Whether an account is the demo admin of a shop in demo mode right now: marked, and demo mode on
 * (read through the settings cache; asked only for the marked account). No demo-mode port: never.
 */
export async function isDemoAdminNow(
  account: { demoAdmin: boolean },
  demoMode: (() => Promise<boolean>) | undefined,
): Promise<boolean> {
  return account.demoAdmin && demoMode !== undefined && (await demoMode());
}

/**
 * The session as the rest of the shop sees it. Until the second factor is given, a staff or admin
 * account counts as a customer: it may shop, but no staff page or API opens. `accountRole` keeps
 * the stored role so guards can send the member on to the second-factor step.
 */
export function sessionAccess(
  user: SessionUser,
  secondFactorAt: Date | null,
  exempt: boolean,
): { user: SessionUser; accountRole: UserRole; secondFactor: SecondFactorState } {
  if (!requiresSecondFactor({ role: user.role, exempt }))
    return { user, accountRole: user.role, secondFactor: 'not-required' };
  if (secondFactorAt) return { user, accountRole: user.role, secondFactor: 'done' };
  return { user: { ...user, role: 'customer' }, accountRole: user.role, secondFactor: 'required' };
}
