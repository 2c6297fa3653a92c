import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { newsletterSubscribers } from './content.ts';

/**
 * A newsletter campaign (issue 14, ADR 036): a subject and a Markdown body, written as a draft,
 * then sent once to every address confirmed when sending began. `recipient_count` is fixed when
 * sending starts; `sent_count` counts the deliveries queued so far (the progress staff see).
 */
export const newsletterCampaigns = pgTable(
  'newsletter_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').notNull(),
    bodyMarkdown: text('body_markdown').notNull(),
    /** draft → sending → sent; only a draft can be edited, only once can it be sent. */
    status: text('status').notNull().default('draft'),
    recipientCount: integer('recipient_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When "send" was pressed: only addresses confirmed by then receive it. */
    sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('newsletter_campaigns_status_idx').on(t.status, t.createdAt),
    check('newsletter_campaigns_status_valid', sql`${t.status} IN ('draft', 'sending', 'sent')`),
  ],
);

/**
 * One campaign queued for one subscriber. The primary key is what makes a campaign reach an
 * address at most once, however many processes send it and however often it is resumed: a
 * delivery row and its outbox mail are written in the same transaction.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    /** The address it went to (kept if the subscriber row is later removed). */
    email: text('email').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.subscriberId] })],
);
