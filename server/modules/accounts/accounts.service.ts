// The accounts module's public face: one service composed of its parts, each a seam a reader can
// take in one sitting. SQL lives in accounts.repository.ts; emails are written to the outbox inside
// the transaction that causes them.
//   sign-up.service.ts    signing up, confirming the address (ADR 011)
//   sessions.service.ts   signing in and out, the session behind a cookie (the SessionLookup port)
//   passwords.service.ts  forgotten and changed passwords
//   admins.service.ts     admin:create, ADMIN_EMAIL, an account's role
//   accounts.policy.ts    lifetimes, rate limits, new-password rules
// Profiles (profile.service.ts) and two-factor sign-in (two-factor.service.ts) stand beside it.
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import type { RateLimiter } from '#server/platform/rate-limit.ts';
import { createAdminsService } from './admins.service.ts';
import { createPasswordsService } from './passwords.service.ts';
import { createSessionsService } from './sessions.service.ts';
import { createSignUpService } from './sign-up.service.ts';

export { RATE_LIMITS, SIGN_IN_DELAY } from './accounts.policy.ts';

export interface AccountsDeps {
  db: Db;
  mail: MailService;
  limiter: RateLimiter;
  /** Staff sign-ins are recorded (ADR 024). */
  audit: Pick<AuditService, 'record'>;
  publicUrl: string;
  supportEmail: () => Promise<string>;
  /**
   * The support module's port: a confirmed address's guest tickets join the account, inside the
   * confirmation's transaction (absent: nothing joins).
   */
  guestTickets?: { join(q: Queryable, userId: number, email: string): Promise<number> };
  /**
   * The orders module's port: a confirmed address's guest orders join the account, inside the
   * confirmation's transaction (ADR 065; absent: nothing joins).
   */
  guestOrders?: { join(q: Queryable, userId: number, email: string): Promise<number> };
  /**
   * An account's address was verified for the first time, in that transaction (ADR 036: with
   * "promotional emails" on, as it starts, the address joins the newsletter).
   */
  onEmailVerified?: (q: Queryable, user: { email: string; notifyPromotions: boolean }) => Promise<void>;
  /**
   * Whether the shop is a demo shop right now (ADR 016; the demo-mode service answers it). The
   * demo admin is exempt from the second factor only then, and sign-up refuses its address only
   * then (ADR 062). Absent: never a demo shop.
   */
  demoMode?: () => Promise<boolean>;
}

export function createAccountsService(deps: AccountsDeps) {
  return {
    ...createSignUpService(deps),
    ...createSessionsService(deps),
    ...createPasswordsService(deps),
    ...createAdminsService(deps),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
