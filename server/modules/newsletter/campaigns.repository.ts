// The newsletter campaigns' SQL (ADR 036): drafts, the move to sending that fixes who a campaign
// goes to, the batches claimed by one process at a time, and the deliveries — one per campaign and
// subscriber, so no address gets a campaign twice. The subscribers themselves are in
// newsletter.repository.ts.
import { and, asc, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { newsletterSubscribers } from '#server/db/schema/content.ts';
import { newsletterCampaigns, newsletterDeliveries } from '#server/db/schema/newsletter.ts';
import { subscribed } from './newsletter.repository.ts';

export type CampaignRow = typeof newsletterCampaigns.$inferSelect;

export async function insertCampaign(
  q: Queryable,
  values: { subject: string; bodyMarkdown: string; createdBy: number },
): Promise<CampaignRow> {
  const [row] = await q.insert(newsletterCampaigns).values(values).returning();
  return row!;
}

export async function findCampaign(q: Queryable, id: number): Promise<CampaignRow | null> {
  const [row] = await q.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
  return row ?? null;
}

export async function lockCampaign(q: Queryable, id: number): Promise<CampaignRow | null> {
  const [row] = await q
    .select()
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, id))
    .for('update');
  return row ?? null;
}

export async function updateCampaignDraft(
  q: Queryable,
  id: number,
  values: { subject: string; bodyMarkdown: string },
): Promise<CampaignRow | null> {
  const [row] = await q
    .update(newsletterCampaigns)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'draft')))
    .returning();
  return row ?? null;
}

export async function listCampaigns(q: Queryable, limit: number): Promise<CampaignRow[]> {
  return q
    .select()
    .from(newsletterCampaigns)
    .orderBy(desc(newsletterCampaigns.createdAt), desc(newsletterCampaigns.id))
    .limit(limit);
}

/**
 * Draft → sending: fixes who it goes to (every address confirmed and subscribed now) and how
 * many. Null when the campaign is not a draft any more (someone pressed send first).
 */
export async function markCampaignSending(
  q: Queryable,
  id: number,
  sentBy: number,
): Promise<CampaignRow | null> {
  const [row] = await q
    .update(newsletterCampaigns)
    .set({
      status: 'sending',
      sentBy,
      sendStartedAt: sql`now()`,
      updatedAt: sql`now()`,
      recipientCount: sql`(SELECT count(*)::int FROM ${newsletterSubscribers} WHERE ${subscribed})`,
    })
    .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'draft')))
    .returning();
  return row ?? null;
}

/** Campaigns still being sent (after a restart too), oldest first. */
export async function campaignsSending(q: Queryable): Promise<number[]> {
  const rows = await q
    .select({ id: newsletterCampaigns.id })
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.status, 'sending'))
    .orderBy(asc(newsletterCampaigns.id));
  return rows.map((r) => r.id);
}

/**
 * Claims a sending campaign for one batch: the row lock is held until the batch's transaction
 * ends, and another process skips it rather than wait (it has other work, or none).
 */
export async function claimSendingCampaign(q: Queryable, id: number): Promise<CampaignRow | null> {
  const [row] = await q
    .select()
    .from(newsletterCampaigns)
    .where(and(eq(newsletterCampaigns.id, id), eq(newsletterCampaigns.status, 'sending')))
    .for('update', { skipLocked: true });
  return row ?? null;
}

/**
 * The next subscribers the campaign has not reached: confirmed before sending began, still
 * subscribed, no delivery yet; by id.
 */
export async function nextRecipients(
  q: Queryable,
  campaign: { id: number; sendStartedAt: Date },
  limit: number,
): Promise<{ id: number; email: string; unsubscribeToken: string }[]> {
  const rows = await q
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      unsubscribeToken: newsletterSubscribers.unsubscribeToken,
    })
    .from(newsletterSubscribers)
    .where(
      and(
        subscribed,
        isNotNull(newsletterSubscribers.unsubscribeToken),
        lte(newsletterSubscribers.confirmedAt, campaign.sendStartedAt),
        sql`NOT EXISTS (SELECT 1 FROM ${newsletterDeliveries} d WHERE d.campaign_id = ${campaign.id} AND d.subscriber_id = ${newsletterSubscribers.id})`,
      ),
    )
    .orderBy(asc(newsletterSubscribers.id))
    .limit(limit);
  return rows.flatMap((r) => (r.unsubscribeToken ? [{ ...r, unsubscribeToken: r.unsubscribeToken }] : []));
}

/** Records deliveries; returns the subscriber ids that were new (never an address twice). */
export async function insertDeliveries(
  q: Queryable,
  campaignId: number,
  recipients: readonly { id: number; email: string }[],
): Promise<Set<number>> {
  if (recipients.length === 0) return new Set();
  const rows = await q
    .insert(newsletterDeliveries)
    .values(recipients.map((r) => ({ campaignId, subscriberId: r.id, email: r.email })))
    .onConflictDoNothing()
    .returning({ subscriberId: newsletterDeliveries.subscriberId });
  return new Set(rows.map((r) => r.subscriberId));
}

/** Brings the progress up to date; `done` marks the campaign sent. */
export async function updateCampaignProgress(q: Queryable, id: number, done: boolean): Promise<void> {
  await q
    .update(newsletterCampaigns)
    .set({
      sentCount: sql`(SELECT count(*)::int FROM ${newsletterDeliveries} d WHERE d.campaign_id = ${id})`,
      ...(done ? { status: 'sent', sentAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(newsletterCampaigns.id, id));
}
