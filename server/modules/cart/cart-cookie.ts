// The guest cart's cookie: a random token (stored hashed), HttpOnly, kept for 30 days.
import { parseCookie, stringifySetCookie } from 'cookie';
import type { CartOwner, CartReadMemo } from './cart.service.ts';
import { GUEST_CART_DAYS } from './cart.service.ts';

export const CART_COOKIE = 'ch_cart';
/** Over https the guest cart's cookie is `__Host-` prefixed, as the session's is (ADR 018). */
export const HOST_CART_COOKIE = `__Host-${CART_COOKIE}`;

export interface RequestCart {
  /** The guest cart token from the cookie, if any (never logged). */
  readonly guestToken: string | null;
  /** The signed-in account's cart, else this browser's guest cart, else null. */
  owner(): Promise<CartOwner | null>;
  /** The cart as this request already read it (a refused checkout's read), for its page (ADR 045). */
  readonly memo: CartReadMemo;
  /** Set-Cookie for a new guest cart. */
  cookie(guestToken: string): string;
  clearCookie(): string;
}

export function createRequestCart(options: {
  cookieHeader: string | null | undefined;
  user: () => Promise<{ id: number; email: string } | null>;
  secure: boolean;
}): RequestCart {
  const name = options.secure ? HOST_CART_COOKIE : CART_COOKIE;
  const raw = options.cookieHeader ? parseCookie(options.cookieHeader)[name] : undefined;
  const guestToken = raw && /^[A-Za-z0-9_-]{20,100}$/.test(raw) ? raw : null;
  const base = {
    name,
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: options.secure,
  };
  return {
    guestToken,
    memo: { contents: null },
    async owner() {
      const user = await options.user();
      if (user) return { userId: user.id, email: user.email };
      return guestToken ? { guestToken } : null;
    },
    cookie(token) {
      const maxAge = GUEST_CART_DAYS * 86_400;
      return stringifySetCookie({
        ...base,
        value: token,
        maxAge,
        expires: new Date(Date.now() + maxAge * 1000),
      });
    },
    clearCookie() {
      return stringifySetCookie({ ...base, value: '', maxAge: 0, expires: new Date(0) });
    },
  };
}
