import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Email waiting to be sent. Rows are written inside the transaction that causes them and
 * delivered after commit by the outbox worker (claimed with FOR UPDATE SKIP LOCKED).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** verify-email, password-reset, password-changed, ... */
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Newsletter mailings: the one-click unsubscribe URL, sent as List-Unsubscribe (RFC 8058). */
    listUnsubscribe: text('list_unsubscribe'),
    /** pending → sent, or failed after the last retry (kept, never deleted). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the row until then; after it, another worker may take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_outbox_status_valid', sql`${t.status} IN ('pending', 'sent', 'failed')`),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** The local mailbox: where mail is delivered when no SMTP server is configured. Staff read it. */
export const mailboxMessages = pgTable(
  'mailbox_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** One delivery per outbox row, even if a worker retries after a crash. */
    outboxId: integer('outbox_id').unique(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mailbox_messages_to_idx').on(t.toAddress, t.createdAt)],
);
