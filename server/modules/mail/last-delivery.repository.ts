// SQL for the launch checklist's question about mail (read-only): the newest delivery attempt.
import { and, desc, eq, gt, isNotNull, or } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';

export interface DeliveryAttemptRow {
  id: number;
  template: string;
  toAddress: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  nextAttemptAt: Date;
}

/** What the checklist reads of a message. */
const ATTEMPT_COLUMNS = {
  id: mailOutbox.id,
  template: mailOutbox.template,
  toAddress: mailOutbox.toAddress,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
};

/** The newest message the worker has tried to deliver (sent, failed, or waiting to retry). */
export async function newestAttempt(q: Queryable, template?: string): Promise<DeliveryAttemptRow | null> {
  const tried = or(gt(mailOutbox.attempts, 0), isNotNull(mailOutbox.sentAt));
  const [row] = await q
    .select(ATTEMPT_COLUMNS)
    .from(mailOutbox)
    .where(template ? and(tried, eqTemplate(template)) : tried)
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row ?? null;
}

/** The newest message of a kind, tried or not (the checklist's test email while it waits). */
export async function newestOfTemplate(q: Queryable, template: string): Promise<DeliveryAttemptRow | null> {
  const [row] = await q
    .select(ATTEMPT_COLUMNS)
    .from(mailOutbox)
    .where(eqTemplate(template))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row ?? null;
}

function eqTemplate(template: string) {
  return eq(mailOutbox.template, template);
}
