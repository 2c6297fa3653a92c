// The newsletter's SQL: subscribers with double opt-in (a pending confirmation link, then
// confirmed), and unsubscribing by the token in every mailing's link.
import { and, asc, count, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { newsletterSubscribers } from '#server/db/schema/content.ts';

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

/** Confirmed from its inbox and not unsubscribed since. */
const subscribed = and(
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
