// SQL for accounts: users, sessions, emailed single-use tokens and the signed-in wishlist.
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { UserRole } from '#core/account.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { authTokens, sessions, users, wishlistItems } from '#server/db/schema/accounts.ts';

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = 'verify_email' | 'reset_password';

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | null> {
  const [row] = await q.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findUserById(q: Queryable, id: number): Promise<UserRow | null> {
  const [row] = await q.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Inserts a user; null when the email is taken (the unique constraint decides, not a read first). */
export async function insertUser(
  q: Queryable,
  values: {
    email: string;
    name: string;
    passwordHash: string;
    role?: UserRole;
    emailVerifiedAt?: Date | null;
    /** The demo admin (ADR 062): only demo mode makes it. */
    demoAdmin?: boolean;
  },
): Promise<UserRow | null> {
  const [row] = await q.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row ?? null;
}

export async function updateUser(
  q: Queryable,
  id: number,
  patch: Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt'>>,
): Promise<UserRow | null> {
  const [row] = await q
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function setPasswordHash(q: Queryable, id: number, passwordHash: string): Promise<void> {
  await q
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function markEmailVerified(q: Queryable, id: number): Promise<void> {
  await q
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** The demo admin's account (ADR 062: the marked one, whatever its address), or null. */
export async function findDemoAdmin(q: Queryable): Promise<UserRow | null> {
  const [row] = await q.select().from(users).where(eq(users.demoAdmin, true));
  return row ?? null;
}

/**
 * Deletes the demo admin's account (the marked one only); its sessions, links and wishlist go with
 * it (orders keep their copy).
 */
export async function deleteDemoAdmin(q: Queryable): Promise<boolean> {
  const rows = await q.delete(users).where(eq(users.demoAdmin, true)).returning({ id: users.id });
  return rows.length > 0;
}

export async function adminExists(q: Queryable): Promise<boolean> {
  const rows = await q.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return rows.length > 0;
}

// ── Sessions ────────────────────────────────────────────────────────────────────────────────────

export async function insertSession(
  q: Queryable,
  values: {
    id: string;
    userId: number;
    remember: boolean;
    idleExpiresAt: Date;
    absoluteExpiresAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
    /** The session has given its second factor (ADR 019). */
    secondFactorDone?: boolean;
  },
): Promise<void> {
  const { secondFactorDone, ...row } = values;
  await q.insert(sessions).values({ ...row, ...(secondFactorDone ? { secondFactorAt: sql`now()` } : {}) });
}

export interface SessionWithUser {
  sessionId: string;
  remember: boolean;
  lastSeenAt: Date;
  absoluteExpiresAt: Date;
  secondFactorAt: Date | null;
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'emailVerifiedAt' | 'demoAdmin'>;
}

/** A live session (neither lifetime passed) of an active account, or null. */
export async function findLiveSession(q: Queryable, id: string): Promise<SessionWithUser | null> {
  const [row] = await q
    .select({
      sessionId: sessions.id,
      remember: sessions.remember,
      lastSeenAt: sessions.lastSeenAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      secondFactorAt: sessions.secondFactorAt,
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        emailVerifiedAt: users.emailVerifiedAt,
        demoAdmin: users.demoAdmin,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, id),
        sql`${sessions.idleExpiresAt} > now()`,
        sql`${sessions.absoluteExpiresAt} > now()`,
        eq(users.isActive, true),
      ),
    );
  return (row as SessionWithUser | undefined) ?? null;
}

/** Slides the idle lifetime forward, never past the absolute one. */
export async function touchSession(q: Queryable, id: string, idleMs: number): Promise<void> {
  await q
    .update(sessions)
    .set({
      lastSeenAt: sql`now()`,
      idleExpiresAt: sql`least(now() + make_interval(secs => ${idleMs / 1000}), ${sessions.absoluteExpiresAt})`,
    })
    .where(eq(sessions.id, id));
}

export async function deleteSession(q: Queryable, id: string): Promise<void> {
  await q.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of the account (but `exceptId`, when given). Returns how many ended. */
export async function deleteSessionsOf(q: Queryable, userId: number, exceptId?: string): Promise<number> {
  const rows = await q
    .delete(sessions)
    .where(
      exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

export async function deleteDeadSessions(q: Queryable): Promise<number> {
  const rows = await q
    .delete(sessions)
    .where(or(lt(sessions.idleExpiresAt, sql`now()`), lt(sessions.absoluteExpiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  return rows.length;
}

// ── Emailed single-use tokens ───────────────────────────────────────────────────────────────────

export async function insertAuthToken(
  q: Queryable,
  values: { tokenHash: string; userId: number; purpose: TokenPurpose; expiresAt: Date },
): Promise<void> {
  await q.insert(authTokens).values(values);
}

export async function findAuthToken(q: Queryable, tokenHash: string, purpose: TokenPurpose) {
  const [row] = await q
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose)));
  return row ?? null;
}

/**
 * Uses a token: succeeds for exactly one caller, only before it expires. Returns its user id,
 * or null when the token is unknown, used or expired.
 */
export async function consumeAuthToken(
  q: Queryable,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<number | null> {
  const [row] = await q
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        sql`${authTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}

/** Makes every unused token of this purpose useless (a newer link, or the password changed). */
export async function retireAuthTokens(q: Queryable, userId: number, purpose: TokenPurpose): Promise<void> {
  await q
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

export async function deleteOldAuthTokens(q: Queryable, before: Date): Promise<number> {
  const rows = await q
    .delete(authTokens)
    .where(lt(authTokens.expiresAt, before))
    .returning({ hash: authTokens.tokenHash });
  return rows.length;
}

// ── Wishlist ────────────────────────────────────────────────────────────────────────────────────

export async function listWishlistProductIds(q: Queryable, userId: number): Promise<number[]> {
  const rows = await q
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(wishlistItems.createdAt, wishlistItems.productId);
  return rows.map((r) => r.productId);
}

/** Adds products that exist and are on sale; ids already saved or unknown are skipped. */
export async function addWishlistProducts(q: Queryable, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await queryRows(
    q,
    sql`INSERT INTO wishlist_items (user_id, product_id)
        SELECT ${userId}, p.id FROM products p
        WHERE p.id IN (${sql.join(
          productIds.map((id) => sql`${id}`),
          sql`, `,
        )}) AND p.is_active
        ON CONFLICT DO NOTHING`,
  );
}

export async function removeWishlistProducts(
  q: Queryable,
  userId: number,
  productIds: number[],
): Promise<void> {
  if (productIds.length === 0) return;
  await q
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, productIds)));
}

/** The "promotional emails" setting of the account with this address, if any (ADR 036). */
export async function setNotifyPromotionsByEmail(q: Queryable, email: string, on: boolean): Promise<void> {
  await q
    .update(users)
    .set({ notifyPromotions: on, updatedAt: sql`now()` })
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}
