// Two-factor sign-in for staff (the accounts module's; its own file beside accounts.ts).
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A staff or admin account's TOTP authenticator (RFC 6238, ADR 019). A row exists only once a code
 * from the new secret has been accepted: no row, not enrolled.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, as the authenticator app holds it (needed in the clear to check codes). */
  secret: text('secret').notNull(),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
  /** The 30-second step of the last accepted code: a code is never accepted twice. */
  lastUsedStep: integer('last_used_step'),
});

/** Single-use recovery codes: only their SHA-256 is kept (they are 80-bit random). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);
