// Signing up and in, sessions, email confirmation and passwords. The rules live here; SQL lives in
// accounts.repository.ts; emails are written to the outbox inside the transaction that causes them.

import { toRole, type UserRole } from '#core/account.ts';
import {
  ChangePasswordInput,
  EmailField,
  ForgotPasswordInput,
  NewPasswordField,
  ResetPasswordInput,
  type SessionUser,
  SignInInput,
  SignUpInput,
} from '#core/contract/account.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import {
  accountExistsMail,
  passwordChangedMail,
  passwordResetMail,
  verifyEmailMail,
} from '#server/modules/mail/templates.tsx';
import {
  hashPassword,
  passwordProblem,
  verifyAgainstNothing,
  verifyPassword,
} from '#server/platform/auth/password.ts';
import { hashToken, newToken } from '#server/platform/auth/tokens.ts';
import {
  EmailNotVerifiedError,
  ForbiddenError,
  InvalidCredentialsError,
  ValidationError,
} from '#server/platform/errors.ts';
import type { RateLimiter, RateLimitRule } from '#server/platform/rate-limit.ts';
import { parseInput } from '#server/platform/validation.ts';
import {
  adminExists,
  consumeAuthToken,
  deleteDeadSessions,
  deleteOldAuthTokens,
  deleteSession,
  deleteSessionsOf,
  deleteUserByEmail,
  findAuthToken,
  findLiveSession,
  findUserByEmail,
  findUserById,
  insertAuthToken,
  insertSession,
  insertUser,
  markEmailVerified,
  retireAuthTokens,
  setPasswordHash,
  type TokenPurpose,
  touchSession,
  type UserRow,
  updateUser,
} from './accounts.repository.ts';
import { checkConfirmation, confirmationLinkSpent, restartPendingSignUp } from './sign-up-confirmation.ts';
import { type SecondFactorState, sessionAccess } from './two-factor.policy.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long a session lives. "Remember me" keeps the shopper signed in on their own phone; without
 * it the cookie ends with the browser and the server ends the session soon after, whatever the
 * browser does.
 */
export const SESSION_LIFETIMES = {
  remembered: { idleMs: 14 * DAY, absoluteMs: 60 * DAY },
  browser: { idleMs: 2 * HOUR, absoluteMs: 12 * HOUR },
} as const;
/** Sliding the idle lifetime costs a write: do it at most this often per session. */
const TOUCH_AFTER_MS = MINUTE;

export const RESET_LINK_MINUTES = 30;
export const VERIFY_LINK_HOURS = 24;

/**
 * Per-address limits are generous: Nigerian mobile networks put many shoppers behind one address
 * (carrier-grade NAT). The per-account limits are what protect an account.
 */
export const RATE_LIMITS = {
  signInPerAddress: {
    name: 'sign-in:ip',
    limit: 50,
    windowMs: 15 * MINUTE,
    message: 'Too many sign-in attempts from your network. Please wait {wait} and try again.',
  },
  /** Counts attempts, taken before the password is judged; a successful sign-in clears it. */
  signInPerAccount: {
    name: 'sign-in:account',
    limit: 8,
    windowMs: 15 * MINUTE,
    message: 'Too many failed sign-in attempts for this account. Please wait {wait}, or reset your password.',
  },
  resetPerAddress: {
    name: 'reset:ip',
    limit: 20,
    windowMs: HOUR,
    message: 'Too many password reset requests from your network. Please wait {wait} and try again.',
  },
  resetPerAccount: {
    name: 'reset:account',
    limit: 3,
    windowMs: HOUR,
    message:
      'We have already sent several reset links to this address. Please check your inbox (and spam folder), or wait {wait}.',
  },
  signUpPerAddress: {
    name: 'sign-up:ip',
    limit: 20,
    windowMs: HOUR,
    message: 'Too many sign-ups from your network. Please wait {wait} and try again.',
  },
  signUpPerAccount: {
    name: 'sign-up:account',
    limit: 3,
    windowMs: HOUR,
    message: 'We have already sent several emails to this address. Please check your inbox, or wait {wait}.',
  },
  verifyPerAccount: {
    name: 'verify:account',
    limit: 3,
    windowMs: HOUR,
    message: 'We have already sent several confirmation links. Please check your inbox, or wait {wait}.',
  },
  passwordCheckPerAccount: {
    name: 'password-check:account',
    limit: 8,
    windowMs: 15 * MINUTE,
    message: 'Too many wrong passwords. Please wait {wait} and try again.',
  },
} satisfies Record<string, RateLimitRule>;

export interface ClientMeta {
  ip: string;
  userAgent?: string | null;
}

/** A new session: the token goes into the cookie, and nowhere else. */
export interface NewSession {
  token: string;
  user: SessionUser;
  remember: boolean;
  /** When the cookie should expire (remembered sessions); null for a browser-session cookie. */
  cookieExpires: Date | null;
}

export interface CurrentSession {
  sessionId: string;
  remember: boolean;
  /** As the shop should treat it: a staff account counts as a customer until its second factor. */
  user: SessionUser;
  /** The stored role, and whether this session still owes a second factor (ADR 019). */
  accountRole: UserRole;
  secondFactor: SecondFactorState;
}

export function toSessionUser(
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'emailVerifiedAt'>,
): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: toRole(user.role),
    emailVerified: user.emailVerifiedAt !== null,
  };
}

export function createAccountsService(deps: {
  db: Db;
  mail: MailService;
  limiter: RateLimiter;
  publicUrl: string;
  supportEmail: () => Promise<string>;
}) {
  const { db, mail, limiter, publicUrl } = deps;

  async function startSession(
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

  async function issueToken(
    q: Queryable,
    userId: number,
    purpose: TokenPurpose,
    lifetimeMs: number,
  ): Promise<string> {
    await retireAuthTokens(q, userId, purpose); // only the newest link works
    const { token, hash } = newToken();
    await insertAuthToken(q, {
      tokenHash: hash,
      userId,
      purpose,
      expiresAt: new Date(Date.now() + lifetimeMs),
    });
    return token;
  }

  function link(path: string, params: Record<string, string>): string {
    return `${publicUrl}${path}?${new URLSearchParams(params).toString()}`;
  }

  async function sendVerification(q: Queryable, user: UserRow, next?: string): Promise<void> {
    const token = await issueToken(q, user.id, 'verify_email', VERIFY_LINK_HOURS * HOUR);
    const url = link('/auth/verify-email', next ? { token, next } : { token });
    await mail.enqueue(q, verifyEmailMail({ to: user.email, name: user.name, url }));
  }

  /**
   * The password changes: every session and unused reset link of the account ends, and the owner
   * is told by email (in case it was not them).
   */
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

  /** Refuses a new password that is too common or made of the shopper's own details. */
  async function checkNewPassword(password: string, user: { email: string; name?: string }, field: string) {
    const problem = await passwordProblem(password, user);
    if (problem) throw new ValidationError(problem, { [field]: [problem] });
  }

  async function createAdmin(input: {
    email: string;
    password: string;
    name?: string;
  }): Promise<'created' | 'promoted'> {
    const email = parseInput(EmailField, input.email);
    const password = parseInput(NewPasswordField, input.password);
    await checkNewPassword(password, { email }, 'password');
    const passwordHash = await hashPassword(password);
    return db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        email,
        name: input.name?.trim() || 'Shop Admin',
        passwordHash,
        role: 'admin',
        emailVerifiedAt: new Date(),
      });
      if (created) return 'created';
      const existing = (await findUserByEmail(tx, email))!;
      await updateUser(tx, existing.id, { role: 'admin', isActive: true });
      await setPasswordHash(tx, existing.id, passwordHash);
      await markEmailVerified(tx, existing.id);
      await deleteSessionsOf(tx, existing.id);
      return 'promoted';
    });
  }

  return {
    /**
     * Creates an account and emails a link to confirm the address; the link signs the shopper in.
     * The answer is the same whether or not the address already has an account (the owner of an
     * existing one is told by email instead), so the form never reveals who shops here.
     */
    async signUp(input: unknown, meta: ClientMeta & { next?: string }): Promise<{ email: string }> {
      const form = parseInput(SignUpInput, input);
      await checkNewPassword(form.password, form, 'password');
      await limiter.consume(RATE_LIMITS.signUpPerAddress, meta.ip);
      await limiter.consume(RATE_LIMITS.signUpPerAccount, form.email); // each try may send a mail
      const passwordHash = await hashPassword(form.password);
      await db.transaction(async (tx) => {
        const created = await insertUser(tx, { email: form.email, name: form.name, passwordHash });
        if (created) {
          await sendVerification(tx, created, meta.next);
          return;
        }
        const existing = await findUserByEmail(tx, form.email);
        if (!existing) return;
        // Still waiting for confirmation: this sign-up replaces the pending one (see sign-up-confirmation.ts).
        const restarted = await restartPendingSignUp(tx, existing, { name: form.name, passwordHash });
        if (restarted) {
          await sendVerification(tx, restarted, meta.next);
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
     * Checks the password and starts a new session (a new id every time; the one the browser
     * held before is ended). `roles` limits who may sign in here (the admin portal).
     */
    async signIn(
      input: unknown,
      meta: ClientMeta & { previousToken?: string | null; roles?: readonly UserRole[] },
    ): Promise<NewSession> {
      const form = parseInput(SignInInput, input);
      await limiter.consume(RATE_LIMITS.signInPerAddress, meta.ip);
      // A slot is taken (one atomic statement) before the password is judged, so however many
      // guesses race, at most the limit are checked; a right password gives the slots back.
      await limiter.consume(RATE_LIMITS.signInPerAccount, form.email);
      const user = await findUserByEmail(db, form.email);
      const ok = user
        ? await verifyPassword(user.passwordHash, form.password)
        : await verifyAgainstNothing(form.password);
      if (!user || !ok) throw new InvalidCredentialsError();
      await limiter.reset(RATE_LIMITS.signInPerAccount, form.email);
      if (!user.isActive) {
        throw new ForbiddenError(
          'This account has been suspended. Please contact us if you think this is a mistake.',
        );
      }
      if (meta.roles && !meta.roles.includes(toRole(user.role))) {
        throw new ForbiddenError('This account does not have access to the admin portal.');
      }
      if (!user.emailVerifiedAt) {
        // The password was right: it is safe to say why, and to send a fresh link.
        try {
          await limiter.consume(RATE_LIMITS.verifyPerAccount, user.email);
          await db.transaction((tx) => sendVerification(tx, user));
        } catch {
          // Too many links already: the message below still tells them to look for one.
        }
        throw new EmailNotVerifiedError(
          `Please confirm your email address first: we have sent a link to ${user.email}.`,
        );
      }
      return db.transaction(async (tx) => {
        if (meta.previousToken) await deleteSession(tx, hashToken(meta.previousToken));
        return startSession(tx, user, form.remember, meta);
      });
    },

    async signOut(token: string | null | undefined): Promise<void> {
      if (token) await deleteSession(db, hashToken(token));
    },

    /** The shopper behind a session cookie, or null. Slides the idle lifetime forward. */
    async getSession(token: string | null | undefined): Promise<CurrentSession | null> {
      if (!token || token.length > 200) return null;
      const found = await findLiveSession(db, hashToken(token));
      if (!found) return null;
      if (Date.now() - found.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
        const lifetime = found.remember ? SESSION_LIFETIMES.remembered : SESSION_LIFETIMES.browser;
        await touchSession(db, found.sessionId, lifetime.idleMs);
      }
      return {
        sessionId: found.sessionId,
        remember: found.remember,
        ...sessionAccess(toSessionUser(found.user), found.secondFactorAt),
      };
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
        if (user?.isActive && !user.emailVerifiedAt) await sendVerification(tx, user);
      });
      return { email };
    },

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
            url: link('/auth/reset-password', { token }),
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
      return db.transaction(async (tx) => {
        const userId = await consumeAuthToken(tx, hashToken(form.token), 'reset_password');
        const user = userId === null ? null : await findUserById(tx, userId);
        if (!user) throw expired;
        await markEmailVerified(tx, user.id); // the link proved they read this mailbox
        await replacePassword(tx, user, passwordHash, supportEmail);
        return { email: user.email };
      });
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
      return db.transaction(async (tx) => {
        await replacePassword(tx, user, passwordHash, supportEmail);
        return startSession(tx, user, current.remember, meta);
      });
    },

    /**
     * Creates an admin, or makes an existing account an admin with this password (the command
     * line's `admin:create`). The email counts as confirmed.
     */
    createAdmin,

    /**
     * ADMIN_EMAIL / ADMIN_PASSWORD at start: creates that admin when the address has no account
     * yet. An existing account is left as it is (its password is not reset at every start).
     */
    async ensureAdmin(input: { email: string; password: string }): Promise<'created' | 'exists'> {
      if (await findUserByEmail(db, input.email.trim().toLowerCase())) return 'exists';
      await createAdmin(input);
      return 'created';
    },

    async hasAdmin(): Promise<boolean> {
      return adminExists(db);
    },

    /** The role of the account with this address, or null when it has none (read per request). */
    async roleOf(email: string): Promise<UserRole | null> {
      const user = await findUserByEmail(db, email.trim().toLowerCase());
      return user ? toRole(user.role) : null;
    },

    /** Deletes an account by address (the demo admin, when demo mode ends); its sessions end with it. */
    async removeAccount(email: string): Promise<boolean> {
      return deleteUserByEmail(db, email.trim().toLowerCase());
    },

    /** Whether this email and password would sign in (for the demo-credentials notice). */
    async passwordMatches(email: string, password: string): Promise<boolean> {
      const user = await findUserByEmail(db, email.toLowerCase());
      return Boolean(user?.isActive && (await verifyPassword(user.passwordHash, password)));
    },

    /** Removes sessions and links that can no longer be used. */
    async pruneExpired(): Promise<{ sessions: number; tokens: number }> {
      const sessions = await deleteDeadSessions(db);
      const tokens = await deleteOldAuthTokens(db, new Date(Date.now() - 7 * DAY));
      return { sessions, tokens };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
