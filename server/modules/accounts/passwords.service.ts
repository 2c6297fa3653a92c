// Forgotten and changed passwords. A new password ends every session and unused reset link of
// the account, and the owner is told by email (in case it was not them).
import { ChangePasswordInput, ForgotPasswordInput, ResetPasswordInput } from '#core/contract/account.ts';
import type { Queryable } from '#server/db/client.ts';
import { passwordChangedMail, passwordResetMail } from '#server/modules/mail/templates.tsx';
import { hashPassword, verifyPassword } from '#server/platform/auth/password.ts';
import type { ClientMeta, CurrentSession, NewSession } from '#server/platform/auth/session.ts';
import { hashToken } from '#server/platform/auth/tokens.ts';
import { InvalidCredentialsError, ValidationError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import { accountLink, issueToken, startSession } from './account-tokens.ts';
import {
  checkNewPassword,
  MINUTE,
  RATE_LIMITS,
  RESET_LINK_MINUTES,
  SIGN_IN_DELAY,
} from './accounts.policy.ts';
import {
  consumeAuthToken,
  deleteSessionsOf,
  findAuthToken,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  retireAuthTokens,
  setPasswordHash,
  type UserRow,
} from './accounts.repository.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { joinGuestRecords } from './sign-up.service.ts';

export function createPasswordsService(deps: AccountsDeps) {
  const { db, mail, limiter, publicUrl } = deps;

  /** The password changes: sessions and reset links end, and the owner is told. */
  async function replacePassword(tx: Queryable, user: UserRow, passwordHash: string, supportEmail: string) {
    await setPasswordHash(tx, user.id, passwordHash);
    await retireAuthTokens(tx, user.id, 'reset_password');
    await deleteSessionsOf(tx, user.id);
    await mail.enqueue(
      tx,
      passwordChangedMail({
        to: user.email,
        name: user.name,
        when: new Date(),
        supportEmail,
        resetUrl: `${publicUrl}/auth/forgot-password`,
      }),
    );
  }

  return {
    /** Emails a single-use reset link. Same answer whether or not the address has an account. */
    async requestPasswordReset(input: unknown, meta: ClientMeta): Promise<{ email: string }> {
      const { email } = parseInput(ForgotPasswordInput, input);
      await limiter.consume(RATE_LIMITS.resetPerAddress, meta.ip);
      await limiter.consume(RATE_LIMITS.resetPerAccount, email);
      await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (!user?.isActive) return;
        const token = await issueToken(tx, user.id, 'reset_password', RESET_LINK_MINUTES * MINUTE);
        await mail.enqueue(
          tx,
          passwordResetMail({
            to: user.email,
            name: user.name,
            url: accountLink(publicUrl, '/auth/reset-password', { token }),
            expiresInMinutes: RESET_LINK_MINUTES,
          }),
        );
      });
      return { email };
    },

    /** Whether a reset link can still be used (the page says so before the shopper types). */
    async isResetTokenUsable(token: string): Promise<boolean> {
      if (!token || token.length > 200) return false;
      const row = await findAuthToken(db, hashToken(token), 'reset_password');
      return Boolean(row && !row.usedAt && row.expiresAt.getTime() > Date.now());
    },

    /** Sets a new password from an emailed link; every session of the account ends. */
    async resetPassword(input: unknown): Promise<{ email: string }> {
      const form = parseInput(ResetPasswordInput, input);
      const expired = new ValidationError(
        'This reset link has expired or has already been used. Please ask for a new one.',
        { token: ['This reset link has expired or has already been used.'] },
      );
      const pending = await findAuthToken(db, hashToken(form.token), 'reset_password');
      const owner = pending ? await findUserById(db, pending.userId) : null;
      if (!pending || !owner) throw expired;
      await checkNewPassword(form.password, owner, 'password');
      const passwordHash = await hashPassword(form.password);
      const supportEmail = await deps.supportEmail();
      const reset = await db.transaction(async (tx) => {
        const userId = await consumeAuthToken(tx, hashToken(form.token), 'reset_password');
        const user = userId === null ? null : await findUserById(tx, userId);
        if (!user) throw expired;
        await markEmailVerified(tx, user.id); // the link proved they read this mailbox
        await joinGuestRecords(deps, tx, user);
        if (!user.emailVerifiedAt) await deps.onEmailVerified?.(tx, user);
        await replacePassword(tx, user, passwordHash, supportEmail);
        return { email: user.email };
      });
      // Whoever guessed at the old password does not know this one: no wait before using it.
      await limiter.reset(SIGN_IN_DELAY, reset.email);
      return reset;
    },

    /**
     * Changes the password of a signed-in shopper. Every session of the account ends, this one
     * included; the new session returned replaces it in this browser.
     */
    async changePassword(current: CurrentSession, input: unknown, meta: ClientMeta): Promise<NewSession> {
      const form = parseInput(ChangePasswordInput, input);
      const user = await findUserById(db, current.user.id);
      if (!user) throw new InvalidCredentialsError('Please sign in again.');
      await limiter.consume(RATE_LIMITS.passwordCheckPerAccount, user.email); // a slot first, as in signIn
      if (!(await verifyPassword(user.passwordHash, form.currentPassword))) {
        throw new ValidationError('Your current password is not correct.', {
          currentPassword: ['Your current password is not correct.'],
        });
      }
      await limiter.reset(RATE_LIMITS.passwordCheckPerAccount, user.email);
      await checkNewPassword(form.newPassword, user, 'newPassword');
      const passwordHash = await hashPassword(form.newPassword);
      const supportEmail = await deps.supportEmail();
      const session = await db.transaction(async (tx) => {
        await replacePassword(tx, user, passwordHash, supportEmail);
        return startSession(tx, user, current.remember, meta);
      });
      await limiter.reset(SIGN_IN_DELAY, user.email);
      return session;
    },
  };
}
