// Signing up and confirming the address: the account is created unconfirmed, an emailed link
// confirms it and signs the shopper in (ADR 011; who may confirm: sign-up-confirmation.ts).
import { ForgotPasswordInput, SignUpInput } from '#core/contract/account.ts';
import { DEMO_ADMIN, isDemoAdminEmail } from '#core/demo.ts';
import type { Queryable } from '#server/db/client.ts';
import { accountExistsMail, verifyEmailMail } from '#server/modules/mail/templates.tsx';
import { hashPassword } from '#server/platform/auth/password.ts';
import type { ClientMeta, NewSession } from '#server/platform/auth/session.ts';
import { hashToken } from '#server/platform/auth/tokens.ts';
import { ValidationError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import { accountLink, issueToken, startSession } from './account-tokens.ts';
import { checkNewPassword, HOUR, RATE_LIMITS, VERIFY_LINK_HOURS } from './accounts.policy.ts';
import {
  consumeAuthToken,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  type UserRow,
} from './accounts.repository.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { checkConfirmation, confirmationLinkSpent, restartPendingSignUp } from './sign-up-confirmation.ts';

/** Emails a link that confirms the address (and signs in); older links stop working. */
export async function sendVerification(
  deps: Pick<AccountsDeps, 'mail' | 'publicUrl'>,
  q: Queryable,
  user: UserRow,
  next?: string,
): Promise<void> {
  const token = await issueToken(q, user.id, 'verify_email', VERIFY_LINK_HOURS * HOUR);
  const url = accountLink(deps.publicUrl, '/auth/verify-email', next ? { token, next } : { token });
  await deps.mail.enqueue(q, verifyEmailMail({ to: user.email, name: user.name, url }));
}

/**
 * The address is confirmed (a sign-up's link, or a reset link that proved the inbox): the tickets
 * and orders it raised or placed as a guest now belong to the account (ADR 065). Only ever called
 * once the address is proven; an unconfirmed sign-up joins nothing.
 */
export async function joinGuestRecords(
  deps: Pick<AccountsDeps, 'guestTickets' | 'guestOrders'>,
  q: Queryable,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<void> {
  await deps.guestTickets?.join(q, user.id, user.email);
  await deps.guestOrders?.join(q, user.id, user.email);
}

export function createSignUpService(deps: AccountsDeps) {
  const { db, mail, limiter, publicUrl } = deps;
  return {
    /**
     * Creates an account and emails a link to confirm the address; the link signs the shopper in.
     * The answer is the same whether or not the address already has an account (the owner of an
     * existing one is told by email instead), so the form never reveals who shops here.
     */
    async signUp(input: unknown, meta: ClientMeta & { next?: string }): Promise<{ email: string }> {
      const form = parseInput(SignUpInput, input);
      if (isDemoAdminEmail(form.email) && (await deps.demoMode?.())) {
        // A demo shop's demo admin has this address (ADR 062); outside demo mode it is an ordinary one.
        const message = `${DEMO_ADMIN.email} is the demo admin's address on this demo shop. Please sign up with your own email address.`;
        throw new ValidationError(message, { email: [message] });
      }
      await checkNewPassword(form.password, form, 'password');
      await limiter.consume(RATE_LIMITS.signUpPerAddress, meta.ip);
      await limiter.consume(RATE_LIMITS.signUpPerAccount, form.email); // each try may send a mail
      const passwordHash = await hashPassword(form.password);
      await db.transaction(async (tx) => {
        const created = await insertUser(tx, { email: form.email, name: form.name, passwordHash });
        if (created) {
          await sendVerification(deps, tx, created, meta.next);
          return;
        }
        const existing = await findUserByEmail(tx, form.email);
        if (!existing) return;
        // Still waiting for confirmation: this sign-up replaces the pending one (see sign-up-confirmation.ts).
        const restarted = await restartPendingSignUp(tx, existing, { name: form.name, passwordHash });
        if (restarted) {
          await sendVerification(deps, tx, restarted, meta.next);
          return;
        }
        await mail.enqueue(
          tx,
          accountExistsMail({
            to: existing.email,
            name: existing.name,
            signInUrl: `${publicUrl}/auth`,
            resetUrl: `${publicUrl}/auth/forgot-password`,
          }),
        );
      });
      return { email: form.email };
    },

    /**
     * Confirms the address and signs the shopper in, given the link's token and the password
     * chosen at sign-up (a confirmation never makes someone else's password usable).
     */
    async verifyEmail(input: unknown, meta: ClientMeta): Promise<NewSession> {
      const checked = await checkConfirmation(
        { db, limiter, rule: RATE_LIMITS.passwordCheckPerAccount },
        input,
      );
      const session = await db.transaction(async (tx) => {
        const userId = await consumeAuthToken(tx, hashToken(checked.token), 'verify_email');
        const user = userId === null ? null : await findUserById(tx, userId);
        // A sign-up in between changed the password (and retired this link).
        if (!user?.isActive || user.passwordHash !== checked.user.passwordHash) throw confirmationLinkSpent();
        await markEmailVerified(tx, user.id);
        await joinGuestRecords(deps, tx, user);
        if (!user.emailVerifiedAt) await deps.onEmailVerified?.(tx, user);
        return startSession(
          tx,
          { ...user, emailVerifiedAt: user.emailVerifiedAt ?? new Date() },
          false,
          meta,
        );
      });
      await limiter.reset(RATE_LIMITS.passwordCheckPerAccount, checked.user.email);
      return session;
    },

    /** Sends a new confirmation link. Same answer whether or not the address has an account. */
    async resendVerification(input: unknown, meta: ClientMeta): Promise<{ email: string }> {
      const { email } = parseInput(ForgotPasswordInput, input);
      await limiter.consume(RATE_LIMITS.resetPerAddress, meta.ip);
      await limiter.consume(RATE_LIMITS.verifyPerAccount, email);
      await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (user?.isActive && !user.emailVerifiedAt) await sendVerification(deps, tx, user);
      });
      return { email };
    },
  };
}
