// SQL for the admin users screens: the filtered, paged list, the summary counts, and the count of
// active admins that keeps the shop from losing its last one.
import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { UserRole } from '#core/account.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import type { UserRow } from './accounts.repository.ts';

export interface UserListFilter {
  /** Matched against name and email (case-insensitive substring) and, when it is one, the phone. */
  text?: string;
  phone?: string;
  state?: 'active' | 'suspended';
  role?: UserRole;
  joinedFrom?: Date;
  /** Exclusive. */
  joinedBefore?: Date;
  sort: 'newest' | 'oldest' | 'name' | 'last-sign-in';
  limit: number;
  offset: number;
}

/** `%` and `_` typed by staff are matched literally. */
export function likeEscaped(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function conditions(filter: Omit<UserListFilter, 'sort' | 'limit' | 'offset'>): SQL | undefined {
  const text = filter.text ? likeEscaped(filter.text) : null;
  const search: SQL[] = [];
  if (text) search.push(ilike(users.name, text), ilike(users.email, text));
  if (filter.phone) search.push(eq(users.phone, filter.phone));
  return and(
    search.length ? or(...search) : undefined,
    filter.state ? eq(users.isActive, filter.state === 'active') : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.joinedFrom ? gte(users.createdAt, filter.joinedFrom) : undefined,
    filter.joinedBefore ? lt(users.createdAt, filter.joinedBefore) : undefined,
  );
}

const ORDER_BY = {
  newest: [desc(users.createdAt), desc(users.id)],
  oldest: [asc(users.createdAt), asc(users.id)],
  name: [asc(sql`lower(${users.name})`), asc(users.id)],
  'last-sign-in': [sql`${users.lastSignInAt} DESC NULLS LAST`, desc(users.id)],
} as const;

export async function listUsersPage(
  q: Queryable,
  filter: UserListFilter,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = conditions(filter);
  const [rows, [counted]] = await Promise.all([
    q
      .select()
      .from(users)
      .where(where)
      .orderBy(...ORDER_BY[filter.sort])
      .limit(filter.limit)
      .offset(filter.offset),
    q.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Customers, active customers, suspended accounts (any role), customers joined since `since`. */
export async function userSummary(
  q: Queryable,
  since: Date,
): Promise<{ customers: number; active: number; suspended: number; newSince: number }> {
  const [row] = await q
    .select({
      customers: sql<string>`count(*) filter (where ${users.role} = 'customer')`,
      active: sql<string>`count(*) filter (where ${users.role} = 'customer' and ${users.isActive})`,
      suspended: sql<string>`count(*) filter (where not ${users.isActive})`,
      newSince: sql<string>`count(*) filter (where ${users.role} = 'customer' and ${users.createdAt} >= ${since.toISOString()})`,
    })
    .from(users);
  return {
    customers: Number(row?.customers ?? 0),
    active: Number(row?.active ?? 0),
    suspended: Number(row?.suspended ?? 0),
    newSince: Number(row?.newSince ?? 0),
  };
}

/** The account, its row locked until the transaction ends (one admin change at a time). */
export async function lockUser(q: Queryable, id: number): Promise<UserRow | null> {
  const [row] = await q.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/**
 * Locks every active admin's row and counts them: two admins demoting each other at once
 * cannot both pass the "not the last admin" check.
 */
export async function lockActiveAdmins(q: Queryable): Promise<number[]> {
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}
