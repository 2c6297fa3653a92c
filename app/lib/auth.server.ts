// Guards for loaders and actions: every protected one starts with requireUser or requireRole.
import { type AppLoadContext, data, redirect } from 'react-router';
import { STAFF_ROLES, type UserRole } from '#core/account.ts';
import type { SessionUser } from '#core/contract/account.ts';
import { can, type Permission } from '#core/permissions.ts';
import { secondFactorPath } from '#core/two-factor.ts';

/**
 * Where a signed-out shopper goes to sign in, coming back here afterwards. `url` is the page's
 * address as React Router gives it to a loader or action (the `url` argument: without `.data` and
 * its own parameters, ADR 058), never `request.url`.
 */
export function signInPath(url: URL): string {
  return `/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The signed-in shopper; a signed-out one is sent to sign in (and brought back afterwards). */
export async function requireUser(context: AppLoadContext, url: URL): Promise<SessionUser> {
  const user = await context.auth.getUser();
  if (!user) throw redirect(signInPath(url));
  return user;
}

export interface AccessRefusal {
  reason: 'signed-out' | 'forbidden';
}

/**
 * A user with one of `roles`. Anyone else gets 401 (signed out) or 403 (signed in without the
 * role); the admin layout's error boundary shows its sign-in form for both.
 */
export async function requireRole(
  context: AppLoadContext,
  roles: readonly UserRole[],
  url?: URL,
): Promise<SessionUser> {
  const session = await context.auth.getSession();
  if (!session) throw data<AccessRefusal>({ reason: 'signed-out' }, { status: 401 });
  const { user } = session;
  if (!roles.includes(user.role)) {
    // A staff account that has not given its second factor in this session (ADR 019).
    if (session.secondFactor === 'required' && roles.includes(session.accountRole)) {
      throw redirect(secondFactorPath(url ? url.pathname + url.search : null));
    }
    throw data<AccessRefusal>({ reason: 'forbidden' }, { status: 403 });
  }
  return user;
}

/**
 * A staff member or admin whose role holds `permission` (core/permissions.ts). Signed out: 401;
 * a customer: 403; staff without the permission: 403 with reason `forbidden` (the admin layout
 * says they need an admin).
 */
export async function requirePermission(
  context: AppLoadContext,
  permission: Permission,
  url?: URL,
): Promise<SessionUser> {
  const user = await requireRole(context, STAFF_ROLES, url);
  if (!can(user.role, permission)) throw data<AccessRefusal>({ reason: 'forbidden' }, { status: 403 });
  return user;
}

/**
 * The answer to a successful sign-in: the new session's cookie, the guest cart of this browser
 * merged into the account (and its cookie cleared), then on to `to`.
 */
export async function signedInRedirect(
  context: AppLoadContext,
  session: Parameters<AppLoadContext['auth']['sessionCookie']>[0],
  to: string,
): Promise<Response> {
  const headers = new Headers();
  headers.append('set-cookie', context.auth.sessionCookie(session));
  const guestToken = context.cart.guestToken;
  if (guestToken) {
    await context.services.cart.mergeGuestCart(guestToken, {
      userId: session.user.id,
      email: session.user.email,
    });
    headers.append('set-cookie', context.cart.clearCookie());
  }
  return redirect(to, { headers });
}

/**
 * Where a staff member goes once their password is right: the second-factor step first (enrol or
 * give a code), unless the account needs none (ADR 019).
 */
export async function afterPassword(context: AppLoadContext, user: SessionUser, to: string): Promise<string> {
  return (await context.services.twoFactor.isRequiredFor(user)) ? secondFactorPath(to) : to;
}

export { secondFactorPath };
