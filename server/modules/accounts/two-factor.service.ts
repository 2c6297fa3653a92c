// Two-factor sign-in for staff and admins (ADR 019): TOTP (RFC 6238) from any authenticator app,
// ten single-use recovery codes, enrolment at the first sign-in, and an admin's reset of another
// member's factor. Codes are rate-limited like passwords. The codes themselves (TOTP, QR, recovery
// codes) are in two-factor-codes.ts, the staff list and the resets in two-factor-staff.ts; SQL
// lives in two-factor.repository.ts.
import type { SessionUser } from '#core/contract/account.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { ClientMeta, CurrentSession, NewSession } from '#server/platform/auth/session.ts';
import { newToken } from '#server/platform/auth/tokens.ts';
import {
  ConflictError,
  ForbiddenError,
  UnauthorizedError,
  ValidationError,
} from '#server/platform/errors.ts';
import type { RateLimiter, RateLimitRule } from '#server/platform/rate-limit.ts';
import { RATE_LIMITS, SESSION_LIFETIMES } from './accounts.policy.ts';
import { findUserById, insertSession } from './accounts.repository.ts';
import { isDemoAdminNow, requiresSecondFactor } from './two-factor.policy.ts';
import {
  acceptStep,
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  endSession,
  findTwoFactor,
  insertTwoFactor,
  replaceRecoveryCodes,
} from './two-factor.repository.ts';
import {
  type Enrolment,
  enrolmentFor,
  hashRecoveryCode,
  newRecoveryCodes,
  newSecret,
  normalizeCode,
  SECRET_PATTERN,
  stepOfCode,
} from './two-factor-codes.ts';
import { createStaffTwoFactor } from './two-factor-staff.ts';

/** The same limits as passwords (ADR 013), on their own counters. */
export const TWO_FACTOR_LIMITS = {
  perAddress: {
    ...RATE_LIMITS.signInPerAddress,
    name: 'two-factor:ip',
    message: 'Too many codes tried from your network. Please wait {wait} and try again.',
  },
  /** Counts every code tried until a right one clears it. */
  perAccount: {
    name: 'two-factor:account',
    limit: 8,
    windowMs: 15 * 60_000,
    message: 'Too many wrong codes for this account. Please wait {wait} and try again.',
  },
} satisfies Record<string, RateLimitRule>;

function wrongCode(
  message = 'That code is not right. Check the time on your phone and try the newest code.',
) {
  return new ValidationError(message, { code: [message] });
}

export function createTwoFactorService(deps: {
  db: Db;
  mail: MailService;
  limiter: RateLimiter;
  audit: AuditService;
  publicUrl: string;
  supportEmail: () => Promise<string>;
  /** Whether the shop is a demo shop right now (the demo admin's exemption; ADR 062). Absent: never. */
  demoMode?: () => Promise<boolean>;
  now?: () => number;
}) {
  const { db, limiter, audit } = deps;
  const now = deps.now ?? Date.now;

  /** The session this request holds must still owe its second factor. */
  function owing(session: CurrentSession | null): CurrentSession {
    if (!session) throw new UnauthorizedError();
    if (session.secondFactor !== 'required') {
      throw new ForbiddenError('This session does not need a second factor.');
    }
    return session;
  }

  /** The account as it really is (the session shows staff as customers until the second factor). */
  function accountOf(session: CurrentSession): SessionUser {
    return { ...session.user, role: session.accountRole };
  }

  /** The 30-second step a code belongs to now, or null when it matches none within the window. */
  function matchingStep(secret: string, label: string, code: string): number | null {
    return stepOfCode(secret, label, code, now());
  }

  /**
   * Counts a try like a password try: per address always; per account a slot is taken (one atomic
   * statement) before the code is judged, so however many tries race, at most the limit are
   * checked; a right code gives the slots back. The same calls sign-in makes.
   */
  async function limited<T>(
    account: { id: number; email: string },
    meta: ClientMeta & { purpose: 'enrol' | 'sign-in' | 'recovery-codes' },
    attempt: () => Promise<T | null | 'replayed'>,
  ): Promise<T> {
    await limiter.consume(TWO_FACTOR_LIMITS.perAddress, meta.ip);
    await limiter.consume(TWO_FACTOR_LIMITS.perAccount, account.email);
    const result = await attempt();
    if (result === null || result === 'replayed') {
      // A failed second factor is recorded (ADR 024); there is no change to share a transaction with.
      await audit.record(db, {
        actorUserId: account.id,
        action: 'session.second_factor_failed',
        subjectType: 'user',
        subjectId: account.id,
        ip: meta.ip,
        details: { purpose: meta.purpose, reason: result === null ? 'wrong code' : 'code already used' },
      });
      throw result === 'replayed'
        ? wrongCode('That code has already been used. Please wait for the next code in your app.')
        : wrongCode();
    }
    await limiter.reset(TWO_FACTOR_LIMITS.perAccount, account.email);
    return result;
  }

  /** Replaces the session with a new one (a new id) that has given its second factor. */
  async function verifiedSession(
    tx: Queryable,
    session: CurrentSession,
    meta: ClientMeta,
    method: 'enrolment' | 'authenticator' | 'recovery code',
  ): Promise<NewSession> {
    // The half-signed-in session must still exist: an admin's reset or a sign-out in the meantime
    // ends it, and then this code opens nothing (the transaction rolls back).
    if (!(await endSession(tx, session.sessionId))) throw new UnauthorizedError('Please sign in again.');
    await audit.record(tx, {
      actorUserId: session.user.id,
      action: 'session.second_factor',
      subjectType: 'user',
      subjectId: session.user.id,
      ip: meta.ip,
      details: { method },
    });
    const { token, hash } = newToken();
    const lifetime = session.remember ? SESSION_LIFETIMES.remembered : SESSION_LIFETIMES.browser;
    const at = now();
    const absoluteExpiresAt = new Date(at + lifetime.absoluteMs);
    await insertSession(tx, {
      id: hash,
      userId: session.user.id,
      remember: session.remember,
      idleExpiresAt: new Date(at + lifetime.idleMs),
      absoluteExpiresAt,
      ipAddress: meta.ip || null,
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      secondFactorDone: true,
    });
    return {
      token,
      user: accountOf(session),
      remember: session.remember,
      cookieExpires: session.remember ? absoluteExpiresAt : null,
    };
  }

  async function storeRecoveryCodes(tx: Queryable, userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
    return codes;
  }

  async function isExempt(user: Pick<SessionUser, 'id'>): Promise<boolean> {
    // Outside demo mode nobody is exempt, and no account is read.
    if (!deps.demoMode || !(await deps.demoMode())) return false;
    const account = await findUserById(db, user.id);
    return account !== null && (await isDemoAdminNow(account, deps.demoMode));
  }

  return {
    /** Whether this account must give a second factor (every staff and admin but the demo admin). */
    async isRequiredFor(user: Pick<SessionUser, 'id' | 'role'>): Promise<boolean> {
      return requiresSecondFactor({ role: user.role, exempt: await isExempt(user) });
    },

    /**
     * The demo admin of a demo shop: signs in without a second factor (and the admin portal says
     * so). The marked account only, only while demo mode lasts (ADR 062).
     */
    isExempt,

    /** Whether the account has an authenticator, and how many recovery codes it has left. */
    async status(userId: number): Promise<{ enrolled: boolean; recoveryCodesLeft: number }> {
      const factor = await findTwoFactor(db, userId);
      return {
        enrolled: factor !== null,
        recoveryCodesLeft: factor ? await countUnusedRecoveryCodes(db, userId) : 0,
      };
    },

    /**
     * A new secret to enrol (shown as a QR code and as text). Nothing is stored until a code from
     * it is accepted: the form sends the secret back with the code (`secret` re-shows it then).
     */
    async newEnrolment(sessionOrNull: CurrentSession | null, secret?: string): Promise<Enrolment> {
      const session = owing(sessionOrNull);
      if (await findTwoFactor(db, session.user.id)) {
        throw new ConflictError('Two-factor sign-in is already set up for this account.');
      }
      const chosen = secret && SECRET_PATTERN.test(secret) ? secret : newSecret();
      return enrolmentFor(session.user.email, chosen);
    },

    /**
     * Finishes enrolment with a code from the new secret: the account is enrolled, gets ten
     * recovery codes (returned once, stored hashed) and this session becomes a signed-in one.
     */
    async enrol(
      sessionOrNull: CurrentSession | null,
      input: { secret?: unknown; code?: unknown },
      meta: ClientMeta,
    ): Promise<{ session: NewSession; recoveryCodes: string[] }> {
      const session = owing(sessionOrNull);
      const secret = typeof input.secret === 'string' ? input.secret : '';
      if (!SECRET_PATTERN.test(secret)) throw new ValidationError('Please start the set-up again.');
      if (await findTwoFactor(db, session.user.id)) {
        throw new ConflictError('Two-factor sign-in is already set up for this account.');
      }
      const code = normalizeCode(input.code);
      const step = await limited(session.user, { ...meta, purpose: 'enrol' }, async () =>
        matchingStep(secret, session.user.email, code),
      );
      return db.transaction(async (tx) => {
        if (!(await insertTwoFactor(tx, { userId: session.user.id, secret, lastUsedStep: step }))) {
          throw new ConflictError('Two-factor sign-in is already set up for this account.');
        }
        const recoveryCodes = await storeRecoveryCodes(tx, session.user.id);
        return { session: await verifiedSession(tx, session, meta, 'enrolment'), recoveryCodes };
      });
    },

    /**
     * The second step of signing in: a code from the authenticator app (each code once), or one of
     * the recovery codes (each once). This session becomes a fully signed-in one.
     */
    async verify(
      sessionOrNull: CurrentSession | null,
      input: { code?: unknown },
      meta: ClientMeta,
    ): Promise<{ session: NewSession; usedRecoveryCode: boolean; recoveryCodesLeft: number }> {
      const session = owing(sessionOrNull);
      const factor = await findTwoFactor(db, session.user.id);
      if (!factor) throw new ConflictError('Please set up two-factor sign-in first.');
      const code = normalizeCode(input.code);
      const userId = session.user.id;
      const usedRecoveryCode = await limited(session.user, { ...meta, purpose: 'sign-in' }, async () => {
        const step = matchingStep(factor.secret, session.user.email, code);
        if (step !== null) return (await acceptStep(db, userId, step)) ? false : 'replayed';
        if (code.length === 16 && (await consumeRecoveryCode(db, userId, hashRecoveryCode(code))))
          return true;
        return null;
      });
      const newSession = await db.transaction((tx) =>
        verifiedSession(tx, session, meta, usedRecoveryCode ? 'recovery code' : 'authenticator'),
      );
      return {
        session: newSession,
        usedRecoveryCode,
        recoveryCodesLeft: await countUnusedRecoveryCodes(db, userId),
      };
    },

    /** New recovery codes (the old ones stop working), for a signed-in member with a current code. */
    async regenerateRecoveryCodes(
      session: CurrentSession | null,
      input: { code?: unknown },
      meta: ClientMeta,
    ): Promise<string[]> {
      if (!session) throw new UnauthorizedError();
      if (session.secondFactor !== 'done') throw new ForbiddenError();
      const factor = await findTwoFactor(db, session.user.id);
      if (!factor) throw new ConflictError('Please set up two-factor sign-in first.');
      const code = normalizeCode(input.code);
      await limited(session.user, { ...meta, purpose: 'recovery-codes' }, async () => {
        const step = matchingStep(factor.secret, session.user.email, code);
        if (step === null) return null;
        return (await acceptStep(db, session.user.id, step)) ? true : 'replayed';
      });
      return db.transaction((tx) => storeRecoveryCodes(tx, session.user.id));
    },

    ...createStaffTwoFactor({ ...deps, now }),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
