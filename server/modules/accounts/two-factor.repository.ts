// SQL for two-factor sign-in: authenticator secrets, hashed recovery codes, the sessions that have
// given their second factor, and the staff list.
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { sessions, users } from '#server/db/schema/accounts.ts';
import { recoveryCodes, twoFactorSecrets } from '#server/db/schema/two-factor.ts';

export type TwoFactorRow = typeof twoFactorSecrets.$inferSelect;

export async function findTwoFactor(q: Queryable, userId: number): Promise<TwoFactorRow | null> {
  const [row] = await q.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  return row ?? null;
}

/** Enrols the account; false when it already has a secret (another enrolment finished first). */
export async function insertTwoFactor(
  q: Queryable,
  values: { userId: number; secret: string; lastUsedStep: number },
): Promise<boolean> {
  const rows = await q
    .insert(twoFactorSecrets)
    .values(values)
    .onConflictDoNothing({ target: twoFactorSecrets.userId })
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length > 0;
}

/**
 * Accepts a code's time step: succeeds only when it is later than the last accepted one, in one
 * statement, so the same code (or an older one) is never accepted twice, however many try at once.
 */
export async function acceptStep(q: Queryable, userId: number, step: number): Promise<boolean> {
  const rows = await q
    .update(twoFactorSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        or(isNull(twoFactorSecrets.lastUsedStep), lt(twoFactorSecrets.lastUsedStep, step)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length > 0;
}

/** Removes the authenticator and every recovery code of the account. */
export async function deleteTwoFactor(q: Queryable, userId: number): Promise<boolean> {
  await q.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const rows = await q
    .delete(twoFactorSecrets)
    .where(eq(twoFactorSecrets.userId, userId))
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length > 0;
}

/** Replaces the account's recovery codes (only their hashes are given). */
export async function replaceRecoveryCodes(q: Queryable, userId: number, hashes: string[]): Promise<void> {
  await q.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await q.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code: succeeds for exactly one caller. */
export async function consumeRecoveryCode(q: Queryable, userId: number, codeHash: string): Promise<boolean> {
  const rows = await q
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(q: Queryable, userId: number): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Ends a session; false when it had already ended (signed out, or reset by an admin). */
export async function endSession(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
  return rows.length > 0;
}

export interface StaffRow {
  id: number;
  name: string;
  email: string;
  role: string;
  isActive: boolean;
  /** The demo admin (ADR 062). */
  demoAdmin: boolean;
  twoFactorEnrolledAt: Date | null;
}

/** Every staff and admin account, admins first, then by name. */
export async function listStaffAccounts(q: Queryable): Promise<StaffRow[]> {
  return q
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
      demoAdmin: users.demoAdmin,
      twoFactorEnrolledAt: twoFactorSecrets.enrolledAt,
    })
    .from(users)
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, users.id))
    .where(inArray(users.role, ['staff', 'admin']))
    .orderBy(asc(users.role), asc(users.name), asc(users.id));
}
