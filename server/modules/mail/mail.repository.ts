// SQL for the mail outbox (email waiting to be delivered) and the local mailbox (where it is
// delivered when no SMTP server is configured).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { mailboxMessages, mailOutbox } from '#server/db/schema/mail.ts';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface NewOutboxMail {
  template: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  listUnsubscribe?: string | null;
}

/** A row a worker has claimed: it holds it until `lockedUntil`. */
export interface ClaimedMail extends NewOutboxMail {
  id: number;
  /** Including the attempt about to be made. */
  attempts: number;
}

export interface OutboxRow extends NewOutboxMail {
  id: number;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  lockedUntil: Date | null;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export interface NewMailboxMessage {
  outboxId: number | null;
  fromAddress: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}

export interface MailboxMessage extends NewMailboxMessage {
  id: number;
  createdAt: Date;
}

export type MailboxSummary = Omit<MailboxMessage, 'textBody' | 'htmlBody'>;

export async function insertOutbox(q: Queryable, mail: NewOutboxMail): Promise<number> {
  const [row] = await q.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
  return row!.id;
}

interface ClaimedRow {
  id: number;
  template: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  list_unsubscribe: string | null;
  attempts: number;
}

/**
 * Takes up to `limit` due rows for this worker and counts the attempt, in one statement.
 * SKIP LOCKED lets concurrent workers pass over rows another is claiming; a row claimed and
 * committed by another worker a moment earlier is re-checked under READ COMMITTED and dropped,
 * because its locked_until is then in the future. So no row goes to two workers at once.
 */
export async function claimDue(
  db: Queryable,
  options: { limit: number; lockMs: number },
): Promise<ClaimedMail[]> {
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`
    WITH due AS (
      SELECT id FROM mail_outbox
      WHERE status = 'pending' AND next_attempt_at <= now()
        AND (locked_until IS NULL OR locked_until < now())
      ORDER BY id
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE mail_outbox m
    SET locked_until = now() + make_interval(secs => ${options.lockMs / 1000}),
        attempts = m.attempts + 1
    FROM due
    WHERE m.id = due.id
    RETURNING m.id, m.template, m.to_address, m.subject, m.text_body, m.html_body, m.list_unsubscribe, m.attempts`,
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      template: r.template,
      toAddress: r.to_address,
      subject: r.subject,
      textBody: r.text_body,
      htmlBody: r.html_body,
      listUnsubscribe: r.list_unsubscribe,
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * Delivered: recorded whatever state the row is in, because the message did go out. last_error
 * is kept, to show what held the message up.
 */
export async function markSent(db: Queryable, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null })
    .where(eq(mailOutbox.id, id));
}

// Retry and failure only touch a pending row: if the lock expired and another worker has
// delivered the message meanwhile, its 'sent' must not be overwritten.
export async function markRetry(
  db: Queryable,
  id: number,
  retry: { error: string; nextAttemptAt: Date },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: retry.nextAttemptAt, lastError: retry.error, lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

export async function markFailed(db: Queryable, id: number, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: error, lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}

export async function getOutbox(db: Queryable, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ? { ...row, status: row.status as OutboxStatus } : null;
}

export async function outboxStats(db: Queryable): Promise<Record<OutboxStatus, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  const stats: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) stats[row.status as OutboxStatus] = Number(row.n);
  return stats;
}

/** Stores a delivered message once per outbox row: a retried delivery is a no-op. */
export async function insertMailboxMessage(q: Queryable, message: NewMailboxMessage): Promise<void> {
  await q.insert(mailboxMessages).values(message).onConflictDoNothing({ target: mailboxMessages.outboxId });
}

const mailboxSummaryColumns = {
  id: mailboxMessages.id,
  outboxId: mailboxMessages.outboxId,
  fromAddress: mailboxMessages.fromAddress,
  toAddress: mailboxMessages.toAddress,
  subject: mailboxMessages.subject,
  createdAt: mailboxMessages.createdAt,
};

/** Newest first (as written to the outbox); `to` matches the recipient without regard to case. */
export async function listMailbox(
  db: Queryable,
  options: { limit: number; offset: number; to?: string },
): Promise<{ items: MailboxSummary[]; total: number }> {
  const where = options.to
    ? sql`lower(${mailboxMessages.toAddress}) = ${options.to.toLowerCase()}`
    : undefined;
  const [items, [totalRow]] = await Promise.all([
    db
      .select(mailboxSummaryColumns)
      .from(mailboxMessages)
      .where(where)
      // Newest first in the order the mail was written (a batch is delivered in parallel, so the
      // delivery times of one batch can come out in any order).
      .orderBy(desc(sql`coalesce(${mailboxMessages.outboxId}, 0)`), desc(mailboxMessages.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(mailboxMessages).where(where),
  ]);
  return { items, total: Number(totalRow?.n ?? 0) };
}

export async function getMailboxMessage(db: Queryable, id: number): Promise<MailboxMessage | null> {
  const [row] = await db.select().from(mailboxMessages).where(eq(mailboxMessages.id, id));
  return row ?? null;
}

/** A message staff may need to look at: still waiting after a failed try, or given up on. */
export interface OutboxTrouble {
  id: number;
  template: string;
  toAddress: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
}

const troubleColumns = {
  id: mailOutbox.id,
  template: mailOutbox.template,
  toAddress: mailOutbox.toAddress,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  createdAt: mailOutbox.createdAt,
};

/** Pending mail that has failed at least once, and failed mail; oldest trouble first, at most `limit` of each. */
export async function listOutboxTrouble(
  db: Queryable,
  limit: number,
): Promise<{ failing: OutboxTrouble[]; failed: OutboxTrouble[] }> {
  const [failing, failed] = await Promise.all([
    db
      .select(troubleColumns)
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), sql`${mailOutbox.lastError} IS NOT NULL`))
      .orderBy(mailOutbox.id)
      .limit(limit),
    db
      .select(troubleColumns)
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'failed'))
      .orderBy(desc(mailOutbox.id))
      .limit(limit),
  ]);
  const typed = (rows: typeof failing) => rows.map((r) => ({ ...r, status: r.status as OutboxStatus }));
  return { failing: typed(failing), failed: typed(failed) };
}

/**
 * A failed message back in the queue, due now, for one more try (its attempts are kept, so a
 * message that fails again is given up on at once). Only a row still 'failed' moves: null when
 * there is none (already retried, or never failed).
 */
export async function requeueFailed(
  q: Queryable,
  id: number,
): Promise<{ template: string; toAddress: string; attempts: number } | null> {
  const [row] = await q
    .update(mailOutbox)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning({
      template: mailOutbox.template,
      toAddress: mailOutbox.toAddress,
      attempts: mailOutbox.attempts,
    });
  return row ?? null;
}
