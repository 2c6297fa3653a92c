// The shop's abuse limits in one place: what a client may do how often, per client address and
// per session (the signed-in account, else this browser's cart cookie). Every rule can be tuned by
// its name with RATE_LIMITS (see parseRateLimitOverrides) without touching its caller.
//
// Per-address limits are generous: Nigerian mobile networks put many shoppers behind one address
// (carrier-grade NAT). Per-session limits are tighter: they are what slow one script down.
// A script that drops its cookies has no session to count, so the address limit is its ceiling.
import type { RateLimiter, RateLimitOverrides, RateLimitRule } from './rate-limit.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface ActionRules {
  address: RateLimitRule;
  session: RateLimitRule;
}

function rules(
  name: string,
  windowMs: number,
  limits: { address: number; session: number },
  message: string,
): ActionRules {
  return {
    address: {
      name: `${name}:ip`,
      limit: limits.address,
      windowMs,
      message: `${message} from your network. Please wait {wait} and try again.`,
    },
    session: {
      name: `${name}:session`,
      limit: limits.session,
      windowMs,
      message: `${message}. Please wait {wait} and try again.`,
    },
  };
}

/**
 * Everything that writes or reveals, and how often one client may do it. Sign-in, sign-up,
 * password reset and email confirmation have their own per-account rules in
 * server/modules/accounts/accounts.policy.ts (RATE_LIMITS); the same RATE_LIMITS setting tunes them.
 */
export const ABUSE_LIMITS = {
  /** Placing an order (each one holds stock until it is paid, confirmed or expires). */
  checkout: rules('checkout', HOUR, { address: 40, session: 10 }, 'Too many orders placed'),
  /** Trying promo codes on the cart (codes can be guessed). */
  promo: rules('promo', 15 * MINUTE, { address: 60, session: 10 }, 'Too many promo codes tried'),
  /** Looking an order up by tracking number (page and API). */
  track: rules('track', 15 * MINUTE, { address: 120, session: 30 }, 'Too many order lookups'),
  /** Adding, changing and removing cart lines (generous: shoppers click a lot). */
  cart: rules('cart', 15 * MINUTE, { address: 600, session: 120 }, 'Too many changes to the cart'),
  /** Adding and removing wishlist items. */
  wishlist: rules('wishlist', 15 * MINUTE, { address: 300, session: 120 }, 'Too many wishlist changes'),
  /** Saving the account's profile and email preferences. */
  profile: rules('profile', 15 * MINUTE, { address: 120, session: 30 }, 'Too many profile changes'),
  /** Writing and editing reviews (and, with them, support messages). */
  review: rules('review', HOUR, { address: 60, session: 20 }, 'Too many reviews sent'),
  /** Opening support tickets and adding messages to them (account, guest or private link). */
  support: rules('support', HOUR, { address: 60, session: 15 }, 'Too many support messages sent'),
  /** Trying an unpaid card order's payment again (each try holds its stock again). */
  paymentRetry: rules('payment-retry', HOUR, { address: 60, session: 10 }, 'Too many payment attempts'),
  /** "Email me when it's back" on sold-out products (each stores an address to write to once). */
  backInStock: rules('back-in-stock', HOUR, { address: 60, session: 20 }, 'Too many back-in-stock requests'),
  /** Photo uploads: an admin's (a big catalogue day is a few hundred photos) and each review photo. */
  upload: rules('upload', HOUR, { address: 1000, session: 500 }, 'Too many photos uploaded'),
} satisfies Record<string, ActionRules>;

export type LimitedAction = keyof typeof ABUSE_LIMITS;

/** Who is asking, as the limits count them. */
export interface LimitedClient {
  ip: string;
  /**
   * The session: "user:<id>" when signed in, else "cart:<guest token>", else null (a client with
   * no cookie yet is counted by address only). Hashed before it is stored.
   */
  session: string | null;
}

/** What the limits need of a request: Fastify's request and a page's load context both fit. */
export interface LimitedRequest {
  auth: { client: { ip: string }; getUser(): Promise<{ id: number } | null> };
  cart: { guestToken: string | null };
}

/** The request's client, from its auth and cart. */
export async function limitedClient(request: LimitedRequest): Promise<LimitedClient> {
  const user = await request.auth.getUser();
  const session = user
    ? `user:${user.id}`
    : request.cart.guestToken
      ? `cart:${request.cart.guestToken}`
      : null;
  return { ip: request.auth.client.ip, session };
}

export function createAbuseLimits(deps: { limiter: RateLimiter }) {
  const { limiter } = deps;
  return {
    /**
     * Counts one `action` by the client behind this request (its address, then its session) and
     * throws RateLimitError (429, with Retry-After) once either limit is passed. Call it first in
     * a route or action: `await services.limits.enforce('checkout', context)` (pages) or
     * `(…, request)` (Fastify).
     */
    async enforce(action: LimitedAction, request: LimitedRequest): Promise<void> {
      const rule = ABUSE_LIMITS[action];
      const client = await limitedClient(request);
      // Both counters in one round trip; the session's is counted only when the address's let it through.
      await limiter.consumeInOrder([
        { rule: rule.address, subject: client.ip },
        ...(client.session ? [{ rule: rule.session, subject: client.session }] : []),
      ]);
    },
  };
}

export type AbuseLimits = ReturnType<typeof createAbuseLimits>;

const UNITS: Record<string, number> = { s: 1000, m: MINUTE, h: HOUR, d: 24 * HOUR };

/**
 * RATE_LIMITS: comma-separated `name=limit` or `name=limit/window` (window `30s`, `15m`, `1h`,
 * `1d`), e.g. `checkout:ip=100/1h,track:session=50`. Throws with a readable message.
 */
export function parseRateLimitOverrides(text: string): RateLimitOverrides {
  const overrides: RateLimitOverrides = {};
  for (const entry of text.split(',').map((e) => e.trim())) {
    if (!entry) continue;
    const match = /^([a-z][a-z-]*:[a-z][a-z-]*)=(\d{1,7})(?:\/(\d{1,5})([smhd]))?$/.exec(entry);
    if (!match) {
      throw new Error(`"${entry}" should look like name=limit or name=limit/window, e.g. checkout:ip=100/1h`);
    }
    const [, name, limit, amount, unit] = match;
    const windowMs = amount && unit ? Number(amount) * UNITS[unit]! : undefined;
    if (Number(limit) < 1) throw new Error(`"${entry}": the limit must be at least 1`);
    if (windowMs !== undefined && windowMs < 1000)
      throw new Error(`"${entry}": the window must be at least 1s`);
    overrides[name!] = { limit: Number(limit), windowMs };
  }
  return overrides;
}

/** Names in `overrides` that no rule has (a typo would otherwise be ignored silently). */
export function unknownRuleNames(
  overrides: RateLimitOverrides,
  known: readonly { name: string }[],
): string[] {
  const names = new Set([
    ...known.map((r) => r.name),
    ...Object.values(ABUSE_LIMITS).flatMap((r) => [r.address.name, r.session.name]),
  ]);
  return Object.keys(overrides).filter((name) => !names.has(name));
}
