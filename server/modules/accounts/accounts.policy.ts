// The numbers and small rules every part of the accounts module shares: how long sessions and
// emailed links live, the abuse limits (ADR 013), what a new password must not be, and the account
// as a session shows it.
import { toRole } from '#core/account.ts';
import type { SessionUser } from '#core/contract/account.ts';
import { passwordProblem } from '#server/platform/auth/password.ts';
import { ValidationError } from '#server/platform/errors.ts';
import type { DelayRule, RateLimitRule } from '#server/platform/rate-limit.ts';
import type { UserRow } from './accounts.repository.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

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
export const TOUCH_AFTER_MS = 1 * MINUTE;

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

/**
 * Wrong passwords slow an account's sign-in down instead of locking it (ADR 049): five go through
 * at once; then each next attempt waits 30 seconds after the last one, doubling with every further
 * failure up to 15 minutes (30 s, 1, 2, 4, 8, 15, 15 … minutes). Attempts made while waiting are
 * refused without being counted or judged, so a flood does not lengthen the wait, and the right
 * password works as soon as it has passed; a success, a password reset or change clears it.
 * Failures a day old are forgotten. Each attempt is counted before its password is judged, in one
 * statement, so racing guesses cannot get more through than one at a time.
 */
export const SIGN_IN_DELAY = {
  name: 'sign-in:account',
  free: 5,
  firstWaitMs: 30_000,
  longestWaitMs: 15 * MINUTE,
  forgetAfterMs: DAY,
  message:
    'Too many failed sign-in attempts for this account. Please wait {wait} and try again, or reset your password.',
} satisfies DelayRule;

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

/** Refuses a new password that is too common or made of the shopper's own details. */
export async function checkNewPassword(
  password: string,
  user: { email: string; name?: string },
  field: string,
): Promise<void> {
  const problem = await passwordProblem(password, user);
  if (problem) throw new ValidationError(problem, { [field]: [problem] });
}
