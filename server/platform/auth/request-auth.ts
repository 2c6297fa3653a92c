// Who is asking: the session behind this request's cookie, looked up at most once per request,
// and the Set-Cookie values that start or end a session. Pages (through the load context) and the
// JSON API (through guards) share it.
import { parseCookie, stringifySetCookie } from 'cookie';
import type { SessionUser } from '#core/contract/account.ts';
import type { ClientMeta, CurrentSession, NewSession, SessionLookup } from './session.ts';

export const SESSION_COOKIE = 'ch_session';
/**
 * Over https the session cookie carries the `__Host-` prefix: the browser then only accepts it
 * with Secure, Path=/ and no Domain, set by this very host over https, so neither a sibling
 * sub-domain nor a plain-http attacker can plant or overwrite it (ADR 018).
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** The session cookie's name: prefixed over https, plain over http (local development, tests). */
export function sessionCookieName(secure: boolean): string {
  return secure ? HOST_SESSION_COOKIE : SESSION_COOKIE;
}

export interface RequestAuth {
  /** The raw token from the cookie (never logged). */
  readonly token: string | null;
  readonly client: ClientMeta;
  getSession(): Promise<CurrentSession | null>;
  getUser(): Promise<SessionUser | null>;
  /** Set-Cookie for a new session: a browser-session cookie unless "remember me" was ticked. */
  sessionCookie(session: NewSession): string;
  /** Set-Cookie that removes the session cookie. */
  clearSessionCookie(): string;
}

/** The session token from a Cookie header; over https only the prefixed cookie counts. */
export function readSessionToken(cookieHeader: string | null | undefined, secure = false): string | null {
  if (!cookieHeader) return null;
  const value = parseCookie(cookieHeader)[sessionCookieName(secure)];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

export function createRequestAuth(options: {
  /** Whoever keeps sessions: the accounts service, through the port in session.ts. */
  accounts: SessionLookup;
  cookieHeader: string | null | undefined;
  client: ClientMeta;
  /** Secure cookies when the shop is served over https. */
  secure: boolean;
}): RequestAuth {
  const token = readSessionToken(options.cookieHeader, options.secure);
  let session: Promise<CurrentSession | null> | undefined;
  const base = {
    name: sessionCookieName(options.secure),
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secure,
  };
  return {
    token,
    client: options.client,
    getSession() {
      session ??= options.accounts.getSession(token);
      return session;
    },
    async getUser() {
      return (await this.getSession())?.user ?? null;
    },
    sessionCookie(newSession) {
      return stringifySetCookie({
        ...base,
        value: newSession.token,
        ...(newSession.cookieExpires
          ? {
              expires: newSession.cookieExpires,
              maxAge: Math.floor((newSession.cookieExpires.getTime() - Date.now()) / 1000),
            }
          : {}),
      });
    },
    clearSessionCookie() {
      return stringifySetCookie({ ...base, value: '', maxAge: 0, expires: new Date(0) });
    },
  };
}
