// Who may confirm a sign-up, and which password becomes usable. An account waiting for its email
// to be confirmed belongs to nobody yet: anyone can sign up with any address. So:
// - signing up again with an address still waiting for confirmation starts the sign-up over (the
//   new name and password replace the old ones, and only the new link works), with the same
//   answer as for a new address;
// - pressing "Confirm my email" also asks for the password chosen at sign-up, and only that
//   password (of the newest sign-up) confirms the address. Whoever reads the inbox therefore
//   never confirms, or signs into, an account with a password someone else chose: a stranger's
//   sign-up stays unconfirmed, and the inbox owner takes the address with a password reset.
import { ConfirmEmailInput } from '#core/contract/account.ts';
import type { Queryable } from '#server/db/client.ts';
import { verifyPassword } from '#server/platform/auth/password.ts';
import { hashToken } from '#server/platform/auth/tokens.ts';
import { ValidationError } from '#server/platform/errors.ts';
import type { RateLimiter, RateLimitRule } from '#server/platform/rate-limit.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  findAuthToken,
  findUserById,
  setPasswordHash,
  type UserRow,
  updateUser,
} from './accounts.repository.ts';

const LINK_SPENT = 'This confirmation link has expired or has already been used.';

export function confirmationLinkSpent(): ValidationError {
  return new ValidationError(LINK_SPENT, { token: [LINK_SPENT] });
}

/**
 * A repeated sign-up for an address still waiting for confirmation: the new name and password
 * replace the pending ones (the caller then sends a fresh link, which retires the older ones).
 * Returns false for a confirmed or suspended account, which must not change.
 */
export async function restartPendingSignUp(
  tx: Queryable,
  existing: UserRow,
  chosen: { name: string; passwordHash: string },
): Promise<UserRow | null> {
  if (existing.emailVerifiedAt || !existing.isActive) return null;
  await setPasswordHash(tx, existing.id, chosen.passwordHash);
  return updateUser(tx, existing.id, { name: chosen.name });
}

/**
 * Checks a confirmation before it is used: the link is live and the password typed is the one
 * chosen with the newest sign-up. Wrong passwords count against `rule` for the account. Returns
 * the account as checked; the caller consumes the link in a transaction and must refuse if the
 * password changed in between.
 */
export async function checkConfirmation(
  deps: { db: Queryable; limiter: RateLimiter; rule: RateLimitRule },
  input: unknown,
): Promise<{ token: string; user: UserRow }> {
  const form = parseInput(ConfirmEmailInput, input);
  const pending = await findAuthToken(deps.db, hashToken(form.token), 'verify_email');
  if (!pending || pending.usedAt || pending.expiresAt.getTime() <= Date.now()) throw confirmationLinkSpent();
  const user = await findUserById(deps.db, pending.userId);
  if (!user?.isActive) throw confirmationLinkSpent();
  await deps.limiter.check(deps.rule, user.email);
  if (!(await verifyPassword(user.passwordHash, form.password))) {
    await deps.limiter.consume(deps.rule, user.email);
    const message =
      'That is not the password chosen when this account was signed up. If you did not sign up, or have forgotten it, choose a new password instead.';
    throw new ValidationError(message, { password: [message] });
  }
  return { token: form.token, user };
}
