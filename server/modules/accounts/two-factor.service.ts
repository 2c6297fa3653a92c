// Two-factor sign-in for staff and admins (ADR 019): TOTP (RFC 6238) from any authenticator app,
// ten single-use recovery codes, enrolment at the first sign-in, and an admin's reset of another
// member's factor. Codes are rate-limited like passwords. SQL lives in two-factor.repository.ts.
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { SessionUser } from '#core/contract/account.ts';
import type { StaffMember } from '#core/contract/two-factor.ts';
import { isRowId } from '#core/ids.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { twoFactorResetMail } from '#server/modules/mail/two-factor-templates.tsx';
import type { ClientMeta, CurrentSession, NewSession } from '#server/platform/auth/session.ts';
import { hashToken, newToken } from '#server/platform/auth/tokens.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '#server/platform/errors.ts';
import type { RateLimiter, RateLimitRule } from '#server/platform/rate-limit.ts';
import { RATE_LIMITS, SESSION_LIFETIMES } from './accounts.policy.ts';
import { deleteSessionsOf, findUserByEmail, findUserById, insertSession } from './accounts.repository.ts';
import { isDemoAdminNow, requiresSecondFactor } from './two-factor.policy.ts';
import {
  acceptStep,
  consumeRecoveryCode,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  endSession,
  findTwoFactor,
  insertTwoFactor,
  listStaffAccounts,
  replaceRecoveryCodes,
} from './two-factor.repository.ts';

/** What every authenticator app understands: SHA-1, 6 digits, 30-second steps. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** A code from the step before or after is accepted too (clocks drift, people type slowly). */
const TOTP_WINDOW = 1;
/** 160-bit secrets (RFC 4226's recommendation): 32 base32 characters. */
const SECRET_BYTES = 20;
const SECRET_PATTERN = /^[A-Z2-7]{32}$/;
export const RECOVERY_CODE_COUNT = 10;
/** 80 random bits each: 16 base32 characters, shown as four groups of four. */
const RECOVERY_CODE_BYTES = 10;
const ISSUER = 'Crown Hair';

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

export interface Enrolment {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** otpauth:// address the QR code holds. */
  uri: string;
  /** The QR code as an SVG data: URL, for an <img>. */
  qrCode: string;
}

function totpFor(secret: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    ...TOTP_SETTINGS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** "123 456", "123-456" and "ABCD efgh …" as typed; spaces and dashes never matter. */
function normalizeCode(input: unknown): string {
  return typeof input === 'string' ? input.replace(/[\s-]/g, '').toLowerCase().slice(0, 64) : '';
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = new OTPAuth.Secret({ size: RECOVERY_CODE_BYTES }).base32.toLowerCase();
    return raw.match(/.{4}/g)!.join('-');
  });
}

/** Recovery codes are 80-bit random: SHA-256 is enough to keep them (as for session tokens). */
function hashRecoveryCode(code: string): string {
  return hashToken(`recovery:${normalizeCode(code)}`);
}

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
  const { db, mail, limiter, audit, publicUrl } = deps;
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

  /** The 30-second step a code belongs to, or null when it matches none within the window. */
  function matchingStep(secret: string, label: string, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const totp = totpFor(secret, label);
    const timestamp = now();
    const delta = totp.validate({ token: code, timestamp, window: TOTP_WINDOW });
    return delta === null ? null : totp.counter({ timestamp }) + delta;
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

  async function enrolmentFor(email: string, secret: string): Promise<Enrolment> {
    const uri = totpFor(secret, email).toString();
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
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
      const chosen =
        secret && SECRET_PATTERN.test(secret) ? secret : new OTPAuth.Secret({ size: SECRET_BYTES }).base32;
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

    /** Staff and admin accounts, with whether each has enrolled. */
    async listStaff(): Promise<StaffMember[]> {
      const [rows, demoMode] = await Promise.all([listStaffAccounts(db), deps.demoMode?.() ?? false]);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        role: r.role === 'admin' ? ('admin' as const) : ('staff' as const),
        isActive: r.isActive,
        twoFactorEnrolled: r.twoFactorEnrolledAt !== null,
        exempt: r.demoAdmin && demoMode,
      }));
    },

    /**
     * An admin resets another staff member's second factor (a lost phone): the authenticator and
     * recovery codes are removed, every session of theirs ends, they are emailed, and the reset is
     * recorded in the audit trail. They enrol again at their next sign-in.
     */
    async reset(
      actor: SessionUser,
      targetId: number,
      meta?: Pick<ClientMeta, 'ip'>,
    ): Promise<{ email: string; sessionsEnded: number }> {
      if (actor.role !== 'admin') throw new ForbiddenError('Only an admin can reset two-factor sign-in.');
      if (actor.id === targetId) {
        throw new ForbiddenError(
          'You cannot reset your own two-factor sign-in here. Ask another admin, or use your recovery codes.',
        );
      }
      const supportEmail = await deps.supportEmail();
      return db.transaction(async (tx) => {
        const target = isRowId(targetId) ? await findUserById(tx, targetId) : null;
        if (!target || (target.role !== 'staff' && target.role !== 'admin')) {
          throw new NotFoundError('No staff member with that id.');
        }
        const hadFactor = await deleteTwoFactor(tx, target.id);
        const sessionsEnded = await deleteSessionsOf(tx, target.id);
        await audit.record(tx, {
          actorUserId: actor.id,
          action: 'two_factor.reset',
          subjectType: 'user',
          subjectId: target.id,
          ip: meta?.ip,
          details: { email: target.email, role: target.role, hadFactor, sessionsEnded },
        });
        await mail.enqueue(
          tx,
          twoFactorResetMail({
            to: target.email,
            name: target.name,
            resetBy: `${actor.name} (an admin)`,
            when: new Date(now()),
            signInUrl: `${publicUrl}/admin/sign-in`,
            supportEmail,
          }),
        );
        return { email: target.email, sessionsEnded };
      });
    },

    /**
     * `npm run admin:create` on an existing account (someone with the server's shell, i.e. the
     * owner): a sole admin who lost both phone and recovery codes gets back in and enrols again.
     * Recorded with no actor.
     */
    async resetFromCommandLine(email: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email.trim().toLowerCase());
        if (!user) return false;
        const hadFactor = await deleteTwoFactor(tx, user.id);
        if (!hadFactor) return false;
        const sessionsEnded = await deleteSessionsOf(tx, user.id);
        await audit.record(tx, {
          actorUserId: null,
          action: 'two_factor.reset',
          subjectType: 'user',
          subjectId: user.id,
          details: { email: user.email, role: user.role, hadFactor, sessionsEnded, via: 'admin:create' },
        });
        return true;
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
