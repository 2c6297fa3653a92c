// Who may call a JSON API route: every protected route starts with one of these guards.
import type { FastifyRequest } from 'fastify';
import type { UserRole } from '#core/account.ts';
import type { SessionUser } from '#core/contract/account.ts';
import type { RequestCart } from '#server/modules/cart/cart-cookie.ts';
import type { RequestAuth } from '#server/platform/auth/request-auth.ts';
import { ForbiddenError, SecondFactorRequiredError, UnauthorizedError } from '#server/platform/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session behind the request's cookie (looked up on first use). Set in app.ts. */
    auth: RequestAuth;
    /** Whose cart this request reaches (account or guest cookie). Set in app.ts. */
    cart: RequestCart;
  }
}

/** The signed-in shopper, or 401. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.auth.getUser();
  if (!user) throw new UnauthorizedError();
  return user;
}

/**
 * A signed-in user with one of `roles`: 401 when signed out, 403 when signed in without the role.
 * A staff or admin account that has not given its second factor in this session is refused with
 * 403 `second_factor_required` (ADR 019).
 */
export async function requireRole(request: FastifyRequest, roles: readonly UserRole[]): Promise<SessionUser> {
  const session = await request.auth.getSession();
  if (!session) throw new UnauthorizedError();
  const { user } = session;
  if (!roles.includes(user.role)) {
    if (session.secondFactor === 'required' && roles.includes(session.accountRole)) {
      throw new SecondFactorRequiredError();
    }
    throw new ForbiddenError();
  }
  return user;
}
