// Who must give a second factor, and what a session is worth until they have (ADR 019). One place
// decides. The demo admin's account exists only in demo mode (ADR 016: ending demo mode deletes it,
// a production shop refuses to start with it, admin:create and ADMIN_EMAIL refuse its address), so
// "is the demo admin" here means "is the demo admin of a demo shop".
import { STAFF_ROLES, type UserRole } from '#core/account.ts';
import type { SessionUser } from '#core/contract/account.ts';
import { DEMO_ADMIN } from '#core/demo.ts';
import type { SecondFactorState } from '#server/platform/auth/session.ts';

/**
 * Whether this account must sign in with a second factor: every staff and admin account except the
 * demo admin, which only exists on a demo shop and whose password is printed on the sign-in screen.
 */
export function requiresSecondFactor(user: Pick<SessionUser, 'role' | 'email'>): boolean {
  if (!STAFF_ROLES.includes(user.role)) return false;
  return !isSecondFactorExempt(user);
}

/** The demo admin (of a demo shop: see above) signs in without a second factor, and is told so. */
export function isSecondFactorExempt(user: Pick<SessionUser, 'email'>): boolean {
  return user.email === DEMO_ADMIN.email;
}

/**
 * The session as the rest of the shop sees it. Until the second factor is given, a staff or admin
 * account counts as a customer: it may shop, but no staff page or API opens. `accountRole` keeps
 * the stored role so guards can send the member on to the second-factor step.
 */
export function sessionAccess(
  user: SessionUser,
  secondFactorAt: Date | null,
): { user: SessionUser; accountRole: UserRole; secondFactor: SecondFactorState } {
  if (!requiresSecondFactor(user)) return { user, accountRole: user.role, secondFactor: 'not-required' };
  if (secondFactorAt) return { user, accountRole: user.role, secondFactor: 'done' };
  return { user: { ...user, role: 'customer' }, accountRole: user.role, secondFactor: 'required' };
}
