// The session as the rest of the shop sees it: the port between the HTTP edge and whoever keeps
// sessions. Platform declares it; the accounts module implements it (ADR 022: platform never
// imports a module, so the types it needs live here and the module imports them).
import type { UserRole } from '#core/account.ts';
import type { SessionUser } from '#core/contract/account.ts';

/** Who is asking, as far as the network tells. */
export interface ClientMeta {
  ip: string;
  userAgent?: string | null;
}

/**
 * `not-required`: a customer (or the demo admin); `required`: a staff or admin account whose
 * session has not given the second factor yet; `done`: it has (ADR 019).
 */
export type SecondFactorState = 'not-required' | 'required' | 'done';

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

/** The port: finds the live session behind a cookie's token (the accounts service implements it). */
export interface SessionLookup {
  getSession(token: string | null | undefined): Promise<CurrentSession | null>;
}
