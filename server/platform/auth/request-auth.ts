// Who is asking: the session behind this request's cookie, looked up at most once per request,
// and the Set-Cookie values that start or end a session. Pages (through the load context) and the
// JSON API (through guards) share it.
import { parseCookie, stringifySetCookie } from 'cookie';
import type { SessionUser } from '#core/contract/account.ts';
import type {
  AccountsService,
  ClientMeta,
  CurrentSession,
  NewSession,
} from '#server/modules/accounts/accounts.service.ts';

export const SESSION_COOKIE = 'ch_session';

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

export function readSessionToken(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  const value = parseCookie(cookieHeader)[SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

export function createRequestAuth(options: {
  accounts: Pick<AccountsService, 'getSession'>;
  cookieHeader: string | null | undefined;
  client: ClientMeta;
  /** Secure cookies when the shop is served over https. */
  secure: boolean;
}): RequestAuth {
  const token = readSessionToken(options.cookieHeader);
  let session: Promise<CurrentSession | null> | undefined;
  const base = {
    name: SESSION_COOKIE,
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
