// Signing in and out, and the session behind a cookie (the SessionLookup port of
// server/platform/auth/session.ts). A staff session owes a second factor (ADR 019).
import { STAFF_ROLES, toRole, type UserRole } from '#core/account.ts';
import { SignInInput } from '#core/contract/account.ts';
import { DEMO_ADMIN_LOOPBACK_ONLY } from '#core/demo.ts';
import { verifyAgainstNothing, verifyPassword } from '#server/platform/auth/password.ts';
import type { ClientMeta, CurrentSession, NewSession } from '#server/platform/auth/session.ts';
import { hashToken } from '#server/platform/auth/tokens.ts';
import { EmailNotVerifiedError, ForbiddenError, InvalidCredentialsError } from '#server/platform/errors.ts';
import { isLoopbackAddress } from '#server/platform/loopback.ts';
import { parseInput } from '#server/platform/validation.ts';
import { startSession } from './account-tokens.ts';
import {
  DAY,
  RATE_LIMITS,
  SESSION_LIFETIMES,
  SIGN_IN_DELAY,
  TOUCH_AFTER_MS,
  toSessionUser,
} from './accounts.policy.ts';
import {
  deleteDeadSessions,
  deleteOldAuthTokens,
  deleteSession,
  findLiveSession,
  findUserByEmail,
  touchSession,
} from './accounts.repository.ts';
import type { AccountsDeps } from './accounts.service.ts';
import { sendVerification } from './sign-up.service.ts';
import { isDemoAdminNow, requiresSecondFactor, sessionAccess } from './two-factor.policy.ts';

export function createSessionsService(deps: AccountsDeps) {
  const { db, limiter } = deps;
  return {
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
      // The account's turn (ADR 049): counted as a failure in one atomic statement before the
      // password is judged, so racing guesses each take their own turn and none is judged while
      // the account waits; refused with how long to wait past the free attempts.
      await limiter.takeTurn(SIGN_IN_DELAY, form.email);
      const user = await findUserByEmail(db, form.email);
      const ok = user
        ? await verifyPassword(user.passwordHash, form.password)
        : await verifyAgainstNothing(form.password);
      if (!user || !ok) throw new InvalidCredentialsError();
      await limiter.reset(SIGN_IN_DELAY, form.email);
      if (!user.isActive) {
        // Suspended by staff (admin-users.service.ts); every session ended then too.
        throw new ForbiddenError(
          `This account is suspended. Contact ${await deps.supportEmail()} if you think this is a mistake.`,
        );
      }
      // The demo admin's password is published (ADR 062): it signs in from this machine only, by
      // the client address the rate limits count (request.ip, after TRUST_PROXY).
      if (user.demoAdmin && !isLoopbackAddress(meta.ip)) throw new ForbiddenError(DEMO_ADMIN_LOOPBACK_ONLY);
      if (meta.roles && !meta.roles.includes(toRole(user.role))) {
        throw new ForbiddenError('This account does not have access to the admin portal.');
      }
      if (!user.emailVerifiedAt) {
        // The password was right: it is safe to say why, and to send a fresh link.
        try {
          await limiter.consume(RATE_LIMITS.verifyPerAccount, user.email);
          await db.transaction((tx) => sendVerification(deps, tx, user));
        } catch {
          // Too many links already: the message below still tells them to look for one.
        }
        throw new EmailNotVerifiedError(
          `Please confirm your email address first: we have sent a link to ${user.email}.`,
        );
      }
      const exempt = await isDemoAdminNow(user, deps.demoMode);
      return db.transaction(async (tx) => {
        if (meta.previousToken) await deleteSession(tx, hashToken(meta.previousToken));
        const session = await startSession(tx, user, form.remember, meta);
        // Staff sign-ins are recorded (ADR 024); the second factor, when owed, is recorded apart.
        const role = toRole(user.role);
        if (STAFF_ROLES.includes(role)) {
          await deps.audit.record(tx, {
            actorUserId: user.id,
            action: 'session.sign_in',
            subjectType: 'user',
            subjectId: user.id,
            ip: meta.ip,
            details: {
              role,
              secondFactor: requiresSecondFactor({ role, exempt }) ? 'owed' : 'not required',
            },
          });
        }
        return session;
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
        ...sessionAccess(
          toSessionUser(found.user),
          found.secondFactorAt,
          await isDemoAdminNow(found.user, deps.demoMode),
        ),
      };
    },

    /** Removes sessions and links that can no longer be used. */
    async pruneExpired(): Promise<{ sessions: number; tokens: number }> {
      const sessions = await deleteDeadSessions(db);
      const tokens = await deleteOldAuthTokens(db, new Date(Date.now() - 7 * DAY));
      return { sessions, tokens };
    },
  };
}
