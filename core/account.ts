// Account rules the screens need too (no zod here, so pages do not ship the validation library).

export const USER_ROLES = ['customer', 'staff', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** A stored role as the closed set (anything unknown counts as a customer). */
export function toRole(role: string): UserRole {
  return (USER_ROLES as readonly string[]).includes(role) ? (role as UserRole) : 'customer';
}

/** Who may open the admin portal. */
export const STAFF_ROLES: readonly UserRole[] = ['staff', 'admin'];

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only keeps hashing cheap. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_RULES =
  'At least 8 characters (up to 128). Spaces and passphrases are welcome; very common passwords are refused.';

/** The account's own page after signing in. */
export const ACCOUNT_HOME = '/dashboard';
