// The newsletter's SQL: subscribers with double opt-in (a pending confirmation link, then
// confirmed), unsubscribing by the token in every mailing's link, and the staff list. Campaigns
// and their deliveries (one per campaign and subscriber, ADR 036) are in campaigns.repository.ts.
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { newsletterSubscribers } from '#server/db/schema/content.ts';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/** Confirmed from its inbox and not unsubscribed since. */
export const subscribed = and(
  isNotNull(newsletterSubscribers.confirmedAt),
  isNull(newsletterSubscribers.unsubscribedAt),
);

export async function findSubscriber(q: Queryable, email: string): Promise<SubscriberRow | null> {
  const [row] = await q.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row ?? null;
}

/**
 * Records a sign-up waiting for confirmation: a new row, or a fresh link for an existing one (the
 * older link stops working). A confirmed, unsubscribed address stays unsubscribed until the new
 * link is used. The unsubscribe token is made once and then kept.
 */
export async function savePendingSubscriber(
  q: Queryable,
  values: { email: string; source: string; tokenHash: string; expiresAt: Date; unsubscribeToken: string },
): Promise<void> {
  await q
    .insert(newsletterSubscribers)
    .values({
      email: values.email,
      source: values.source,
      confirmTokenHash: values.tokenHash,
      confirmExpiresAt: values.expiresAt,
      unsubscribeToken: values.unsubscribeToken,
    })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        confirmTokenHash: values.tokenHash,
        confirmExpiresAt: values.expiresAt,
        unsubscribeToken: sql`coalesce(${newsletterSubscribers.unsubscribeToken}, excluded.unsubscribe_token)`,
      },
    });
}

/**
 * Uses a confirmation link: succeeds once, before it expires. Returns the confirmed email, or
 * null when the link is unknown, used, replaced or expired.
 */
export async function confirmByTokenHash(q: Queryable, tokenHash: string): Promise<string | null> {
  const [row] = await q
    .update(newsletterSubscribers)
    .set({
      confirmedAt: sql`now()`,
      unsubscribedAt: null,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, tokenHash),
        sql`${newsletterSubscribers.confirmExpiresAt} > now()`,
      ),
    )
    .returning({ email: newsletterSubscribers.email });
  return row?.email ?? null;
}

/**
 * Unsubscribes the address behind a mailing's link. Idempotent: an address already out stays
 * out (and keeps its first unsubscribe time). Returns the email, or null for an unknown token.
 * A pending confirmation link is cancelled too.
 */
export async function unsubscribeByToken(q: Queryable, token: string): Promise<string | null> {
  const [row] = await q
    .update(newsletterSubscribers)
    .set({
      unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    })
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .returning({ email: newsletterSubscribers.email });
  return row?.email ?? null;
}

export async function countSubscribed(q: Queryable): Promise<number> {
  const [row] = await q.select({ n: count() }).from(newsletterSubscribers).where(subscribed);
  return row?.n ?? 0;
}

/** Subscribed addresses with their unsubscribe tokens, oldest first (for a mailing). */
export async function listSubscribed(
  q: Queryable,
  options: { limit: number; afterId?: number },
): Promise<{ id: number; email: string; unsubscribeToken: string }[]> {
  const rows = await q
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      unsubscribeToken: newsletterSubscribers.unsubscribeToken,
    })
    .from(newsletterSubscribers)
    .where(and(subscribed, sql`${newsletterSubscribers.id} > ${options.afterId ?? 0}`))
    .orderBy(asc(newsletterSubscribers.id))
    .limit(options.limit);
  return rows.flatMap((r) => (r.unsubscribeToken ? [{ ...r, unsubscribeToken: r.unsubscribeToken }] : []));
}

/** Sign-ups never confirmed whose link ran out before `before`: the address never consented. */
export async function deleteUnconfirmed(q: Queryable, before: Date): Promise<number> {
  const rows = await q
    .delete(newsletterSubscribers)
    .where(and(isNull(newsletterSubscribers.confirmedAt), lt(newsletterSubscribers.confirmExpiresAt, before)))
    .returning({ id: newsletterSubscribers.id });
  return rows.length;
}

// ---- Accounts: the "promotional emails" setting is the subscription (ADR 036) ----

/**
 * Subscribes an address confirmed some other way (a signed-in shopper whose account email is
 * verified): confirmed now, any unsubscribe undone, a pending link cancelled. Returns the row.
 */
export async function saveConfirmedSubscriber(
  q: Queryable,
  values: { email: string; source: string; unsubscribeToken: string },
): Promise<SubscriberRow> {
  const [row] = await q
    .insert(newsletterSubscribers)
    .values({
      email: values.email,
      source: values.source,
      confirmedAt: sql`now()`,
      unsubscribeToken: values.unsubscribeToken,
    })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        confirmedAt: sql`now()`,
        unsubscribedAt: null,
        confirmTokenHash: null,
        confirmExpiresAt: null,
        unsubscribeToken: sql`coalesce(${newsletterSubscribers.unsubscribeToken}, excluded.unsubscribe_token)`,
      },
    })
    .returning();
  return row!;
}

/** Unsubscribes an address (and cancels a pending link); idempotent. Whether a row changed. */
export async function unsubscribeByEmail(q: Queryable, email: string): Promise<boolean> {
  const rows = await q
    .update(newsletterSubscribers)
    .set({
      unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    })
    .where(eq(newsletterSubscribers.email, email))
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}

// ---- Staff: the subscriber list and its CSV ----

export type SubscriberStatus = 'confirmed' | 'pending' | 'unsubscribed';

const statusSql = sql<SubscriberStatus>`CASE
  WHEN ${newsletterSubscribers.unsubscribedAt} IS NOT NULL THEN 'unsubscribed'
  WHEN ${newsletterSubscribers.confirmedAt} IS NOT NULL THEN 'confirmed'
  ELSE 'pending' END`;

export interface SubscriberFilter {
  text?: string;
  status?: SubscriberStatus;
  source?: string;
  /** Lagos days (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
}

function filterWhere(f: SubscriberFilter) {
  const escaped = f.text?.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    escaped ? sql`${newsletterSubscribers.email} LIKE ${`%${escaped}%`}` : undefined,
    f.status ? sql`${statusSql} = ${f.status}` : undefined,
    f.source ? eq(newsletterSubscribers.source, f.source) : undefined,
    f.from
      ? sql`${newsletterSubscribers.createdAt} >= ${`${f.from}T00:00:00+01:00`}::timestamptz`
      : undefined,
    f.to
      ? sql`${newsletterSubscribers.createdAt} < (${`${f.to}T00:00:00+01:00`}::timestamptz + interval '1 day')`
      : undefined,
  );
}

export interface StaffSubscriberRow {
  id: number;
  email: string;
  status: SubscriberStatus;
  source: string;
  createdAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

const staffColumns = {
  id: newsletterSubscribers.id,
  email: newsletterSubscribers.email,
  status: statusSql,
  source: newsletterSubscribers.source,
  createdAt: newsletterSubscribers.createdAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
};

/** A page of the list, newest sign-up first, and how many match. */
export async function listSubscribersForStaff(
  q: Queryable,
  filter: SubscriberFilter & { limit: number; offset: number },
): Promise<{ rows: StaffSubscriberRow[]; total: number }> {
  const where = filterWhere(filter);
  const [rows, [counted]] = await Promise.all([
    q
      .select(staffColumns)
      .from(newsletterSubscribers)
      .where(where)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(filter.limit)
      .offset(filter.offset),
    q.select({ n: count() }).from(newsletterSubscribers).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** The whole list by status, whatever the filter. */
export async function subscriberCounts(q: Queryable): Promise<Record<SubscriberStatus, number>> {
  const rows = await q
    .select({ status: statusSql, n: count() })
    .from(newsletterSubscribers)
    .groupBy(statusSql);
  const counts: Record<SubscriberStatus, number> = { confirmed: 0, pending: 0, unsubscribed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** The filtered list in keyset batches by id (for the CSV: memory holds one batch). */
export async function* subscriberBatches(
  q: Queryable,
  filter: SubscriberFilter,
  batchSize: number,
): AsyncGenerator<StaffSubscriberRow[]> {
  let afterId = 0;
  for (;;) {
    const rows = await q
      .select(staffColumns)
      .from(newsletterSubscribers)
      .where(and(filterWhere(filter), gt(newsletterSubscribers.id, afterId)))
      .orderBy(asc(newsletterSubscribers.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    afterId = rows[rows.length - 1]!.id;
    if (rows.length < batchSize) return;
  }
}

/** The active subscription of one address (for a test send's real unsubscribe link). */
export async function unsubscribeTokenOf(q: Queryable, email: string): Promise<string | null> {
  const [row] = await q
    .select({ token: newsletterSubscribers.unsubscribeToken })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.email, email), subscribed));
  return row?.token ?? null;
}
