// The admin newsletter screen (/admin/newsletter, ADR 036): the subscriber list with its filters,
// counts and CSV export (`newsletter.view`), and campaigns (`newsletter.send`): a draft with a
// subject and a Markdown body, a preview in the shop's email frame, a test copy to the staff
// member, then sending to every confirmed subscriber through the outbox in batches.
//
// Sending is at most once per address: each batch runs in one transaction that claims the
// campaign row (FOR UPDATE SKIP LOCKED: a second process skips it), picks the next subscribers
// without a delivery, writes their delivery rows (primary key campaign × subscriber, ON CONFLICT
// DO NOTHING) and queues a mail only for the rows it wrote. A crash rolls the batch back whole;
// the next run (the background job, every process) carries on where the last commit left off.
import {
  ADMIN_SUBSCRIBERS_PAGE_SIZE,
  type AdminSubscribersPage,
  AdminSubscribersQuery,
  type CampaignDetail,
  CampaignIdInput,
  CampaignInput,
  type CampaignStatus,
  type CampaignSummary,
} from '#core/contract/admin-newsletter.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { renderMarkdown } from '#server/modules/content/markdown.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { campaignMail } from '#server/modules/mail/newsletter-templates.tsx';
import { ConflictError, NotFoundError } from '#server/platform/errors.ts';
import type { Logger } from '#server/platform/logger.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import { parseInput } from '#server/platform/validation.ts';
import { subscribersCsvFileName, subscribersCsvStream } from './admin-newsletter.csv.ts';
import {
  type CampaignRow,
  campaignsSending,
  claimSendingCampaign,
  findCampaign,
  insertCampaign,
  insertDeliveries,
  listCampaigns,
  lockCampaign,
  markCampaignSending,
  nextRecipients,
  updateCampaignDraft,
  updateCampaignProgress,
} from './campaigns.repository.ts';
import {
  listSubscribersForStaff,
  subscriberBatches,
  subscriberCounts,
  unsubscribeTokenOf,
} from './newsletter.repository.ts';

/** Subscribers queued per transaction. */
export const CAMPAIGN_BATCH_SIZE = 200;

export function createAdminNewsletterService(deps: {
  db: Db;
  mail: MailService;
  audit: Pick<AuditService, 'record'>;
  /** Staff members' names by id (who wrote a campaign). */
  staffNames: (ids: number[]) => Promise<Map<number, string>>;
  unsubscribeUrl: (token: string) => string;
  publicUrl: string;
  batchSize?: number;
  log?: Logger;
}) {
  const { db, mail, audit, publicUrl } = deps;
  const batchSize = deps.batchSize ?? CAMPAIGN_BATCH_SIZE;

  /** The owner's Markdown as safe HTML; a link to a path of the shop becomes a full address. */
  function bodyHtml(markdown: string): string {
    return renderMarkdown(markdown).replace(/href="\/(?!\/)/g, `href="${publicUrl}/`);
  }

  function mailFor(
    c: Pick<CampaignRow, 'subject' | 'bodyMarkdown'>,
    to: string,
    token: string,
    test = false,
  ) {
    return campaignMail({
      to,
      subject: c.subject,
      bodyHtml: bodyHtml(c.bodyMarkdown),
      bodyText: c.bodyMarkdown,
      unsubscribeUrl: deps.unsubscribeUrl(token),
      test,
    });
  }

  async function record(
    tx: Queryable,
    actor: StaffActor,
    action: string,
    id: number,
    details: Record<string, unknown>,
  ) {
    await audit.record(tx, {
      actorUserId: actor.user.id,
      action,
      subjectType: 'newsletter_campaign',
      subjectId: id,
      ip: actor.ip ?? null,
      details,
    });
  }

  async function summaries(rows: CampaignRow[]): Promise<CampaignSummary[]> {
    const names = await deps.staffNames([
      ...new Set(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy]))),
    ]);
    return rows.map((r) => ({
      id: r.id,
      subject: r.subject,
      status: r.status as CampaignStatus,
      recipientCount: r.recipientCount,
      sentCount: r.sentCount,
      createdByName: r.createdBy === null ? null : (names.get(r.createdBy) ?? null),
      createdAt: r.createdAt.toISOString(),
      sendStartedAt: r.sendStartedAt?.toISOString() ?? null,
      sentAt: r.sentAt?.toISOString() ?? null,
    }));
  }

  async function requireCampaign(q: Queryable, input: unknown, lock = false): Promise<CampaignRow> {
    const { id } = parseInput(CampaignIdInput, input);
    const row = lock ? await lockCampaign(q, id) : await findCampaign(q, id);
    if (!row) throw new NotFoundError('That campaign does not exist.');
    return row;
  }

  /** One batch of one campaign, in one transaction. */
  async function sendBatch(id: number): Promise<'more' | 'done' | 'busy'> {
    return db.transaction(async (tx) => {
      const campaign = await claimSendingCampaign(tx, id);
      if (!campaign?.sendStartedAt) return 'busy';
      const recipients = await nextRecipients(tx, { id, sendStartedAt: campaign.sendStartedAt }, batchSize);
      const fresh = await insertDeliveries(tx, id, recipients);
      for (const r of recipients) {
        if (fresh.has(r.id)) await mail.enqueue(tx, mailFor(campaign, r.email, r.unsubscribeToken));
      }
      const done = recipients.length < batchSize;
      await updateCampaignProgress(tx, id, done);
      return done ? 'done' : 'more';
    });
  }

  let draining: Promise<number> | null = null;
  let again = false;

  /** Sends every campaign in "sending" to the end (batches committed one by one). */
  async function drainAll(): Promise<number> {
    let batches = 0;
    do {
      again = false;
      for (const id of await campaignsSending(db)) {
        for (;;) {
          const outcome = await sendBatch(id);
          if (outcome === 'busy') break;
          batches += 1;
          if (outcome === 'done') break;
        }
      }
    } while (again);
    return batches;
  }

  /**
   * Runs every campaign that is being sent to the end. Calls while a run is in flight join it
   * (and make it look again), so awaiting this waits for everything started so far.
   */
  function drain(): Promise<number> {
    if (draining) {
      again = true;
      return draining;
    }
    const run = drainAll().finally(() => {
      draining = null;
    });
    draining = run;
    return run;
  }

  return {
    async listSubscribers(
      actor: StaffActor,
      query: unknown,
    ): Promise<AdminSubscribersPage & { query: AdminSubscribersQuery }> {
      assertCan(actor, 'newsletter.view', 'You cannot see the newsletter subscribers.');
      const filter = AdminSubscribersQuery.parse(query ?? {});
      const [{ rows, total }, counts] = await Promise.all([
        listSubscribersForStaff(db, {
          text: filter.q,
          status: filter.status,
          source: filter.source,
          from: filter.from,
          to: filter.to,
          limit: ADMIN_SUBSCRIBERS_PAGE_SIZE,
          offset: (filter.page - 1) * ADMIN_SUBSCRIBERS_PAGE_SIZE,
        }),
        subscriberCounts(db),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          email: r.email,
          status: r.status,
          source: r.source,
          createdAt: r.createdAt.toISOString(),
          confirmedAt: r.confirmedAt?.toISOString() ?? null,
          unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null,
        })),
        total,
        page: filter.page,
        pageCount: Math.max(1, Math.ceil(total / ADMIN_SUBSCRIBERS_PAGE_SIZE)),
        counts,
        query: filter,
      };
    },

    /** The filtered list, every page, as a CSV stream; the export is audited. */
    async exportCsv(actor: StaffActor, query: unknown) {
      assertCan(actor, 'newsletter.view', 'You cannot export the newsletter subscribers.');
      const filter = AdminSubscribersQuery.parse(query ?? {});
      const { page: _page, ...filters } = filter;
      await db.transaction((tx) =>
        audit.record(tx, {
          actorUserId: actor.user.id,
          action: 'newsletter.export',
          subjectType: 'newsletter',
          subjectId: 'subscribers',
          ip: actor.ip ?? null,
          details: { filters },
        }),
      );
      const batches = (size: number) =>
        subscriberBatches(
          db,
          { text: filter.q, status: filter.status, source: filter.source, from: filter.from, to: filter.to },
          size,
        );
      return { stream: subscribersCsvStream(batches), fileName: subscribersCsvFileName() };
    },

    async listCampaigns(actor: StaffActor): Promise<CampaignSummary[]> {
      assertCan(actor, 'newsletter.view', 'You cannot see the newsletter.');
      return summaries(await listCampaigns(db, 50));
    },

    async campaign(actor: StaffActor, input: unknown): Promise<CampaignDetail> {
      assertCan(actor, 'newsletter.view', 'You cannot see the newsletter.');
      const row = await requireCampaign(db, input);
      const [summary] = await summaries([row]);
      const preview = mailFor(row, actor.user.email, 'preview');
      return {
        ...summary!,
        body: row.bodyMarkdown,
        previewHtml: preview.html,
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    async createCampaign(actor: StaffActor, input: unknown): Promise<{ id: number }> {
      assertCan(actor, 'newsletter.send', 'Only admins write newsletter campaigns.');
      const values = parseInput(CampaignInput, input);
      return db.transaction(async (tx) => {
        const row = await insertCampaign(tx, {
          subject: values.subject,
          bodyMarkdown: values.body,
          createdBy: actor.user.id,
        });
        await record(tx, actor, 'newsletter_campaign.create', row.id, { subject: row.subject });
        return { id: row.id };
      });
    },

    async updateCampaign(actor: StaffActor, input: unknown): Promise<void> {
      assertCan(actor, 'newsletter.send', 'Only admins write newsletter campaigns.');
      const values = parseInput(CampaignInput, input);
      await db.transaction(async (tx) => {
        const before = await requireCampaign(tx, input, true);
        if (before.status !== 'draft')
          throw new ConflictError('This campaign has been sent and can no longer be changed.');
        await updateCampaignDraft(tx, before.id, { subject: values.subject, bodyMarkdown: values.body });
        await record(tx, actor, 'newsletter_campaign.update', before.id, {
          before: { subject: before.subject, body: before.bodyMarkdown },
          after: { subject: values.subject, body: values.body },
        });
      });
    },

    /** A copy to the staff member's own address, through the outbox, marked [Test]. */
    async sendTest(actor: StaffActor, input: unknown): Promise<{ to: string }> {
      assertCan(actor, 'newsletter.send', 'Only admins send newsletter campaigns.');
      const to = actor.user.email;
      await db.transaction(async (tx) => {
        const row = await requireCampaign(tx, input);
        // Their own unsubscribe link when they subscribe; otherwise a link that unsubscribes nobody.
        const token = (await unsubscribeTokenOf(tx, to)) ?? 'test-copy';
        await mail.enqueue(tx, mailFor(row, to, token, true));
        await record(tx, actor, 'newsletter_campaign.test', row.id, { to });
      });
      return { to };
    },

    /**
     * Starts sending a draft to every confirmed subscriber (once: a second press, or a campaign
     * already sent, is refused). The batches run in the background; the page shows progress.
     */
    async startSending(actor: StaffActor, input: unknown): Promise<{ recipients: number }> {
      assertCan(actor, 'newsletter.send', 'Only admins send newsletter campaigns.');
      const started = await db.transaction(async (tx) => {
        const before = await requireCampaign(tx, input, true);
        const row = await markCampaignSending(tx, before.id, actor.user.id);
        if (!row) throw new ConflictError('This campaign has already been sent.');
        await record(tx, actor, 'newsletter_campaign.send', row.id, {
          subject: row.subject,
          recipients: row.recipientCount,
        });
        return row;
      });
      drain().catch((error: unknown) =>
        deps.log?.error({ err: error, campaignId: started.id }, 'sending a newsletter campaign failed'),
      );
      return { recipients: started.recipientCount };
    },

    drain,
  };
}
