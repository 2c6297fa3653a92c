// The two kinds of token an account hands out: a session (its token goes into the cookie) and an
// emailed link (confirm the address, reset the password). Only hashes are stored.
import type { Queryable } from '#server/db/client.ts';
import type { ClientMeta, NewSession } from '#server/platform/auth/session.ts';
import { newToken } from '#server/platform/auth/tokens.ts';
import { SESSION_LIFETIMES, toSessionUser } from './accounts.policy.ts';
import {
  insertAuthToken,
  insertSession,
  retireAuthTokens,
  type TokenPurpose,
  type UserRow,
  updateUser,
} from './accounts.repository.ts';

/** Starts a session for a signed-in account (a new id every time) and notes the sign-in. */
export async function startSession(
  q: Queryable,
  user: UserRow,
  remember: boolean,
  meta: ClientMeta,
): Promise<NewSession> {
  const { token, hash } = newToken();
  const lifetime = remember ? SESSION_LIFETIMES.remembered : SESSION_LIFETIMES.browser;
  const now = Date.now();
  const absoluteExpiresAt = new Date(now + lifetime.absoluteMs);
  await insertSession(q, {
    id: hash,
    userId: user.id,
    remember,
    idleExpiresAt: new Date(now + lifetime.idleMs),
    absoluteExpiresAt,
    ipAddress: meta.ip || null,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
  });
  await updateUser(q, user.id, { lastSignInAt: new Date(now) });
  return { token, user: toSessionUser(user), remember, cookieExpires: remember ? absoluteExpiresAt : null };
}

/** A fresh single-use link token for `purpose`; only the newest link of that purpose works. */
export async function issueToken(
  q: Queryable,
  userId: number,
  purpose: TokenPurpose,
  lifetimeMs: number,
): Promise<string> {
  await retireAuthTokens(q, userId, purpose);
  const { token, hash } = newToken();
  await insertAuthToken(q, {
    tokenHash: hash,
    userId,
    purpose,
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  return token;
}

/** An absolute link into the shop for an email. */
export function accountLink(publicUrl: string, path: string, params: Record<string, string>): string {
  return `${publicUrl}${path}?${new URLSearchParams(params).toString()}`;
}
