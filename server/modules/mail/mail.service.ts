// Email through an outbox: callers write mail inside their own transaction; the outbox worker
// (outbox-worker.ts) delivers it after commit, with retries. Staff read the local mailbox here.
import type { Queryable } from '#server/db/client.ts';
import {
  getMailboxMessage,
  insertOutbox,
  listMailbox,
  type MailboxMessage,
  type MailboxSummary,
  type OutboxStatus,
  outboxStats,
} from './mail.repository.ts';

/** A rendered email (see templates.tsx), ready to be queued. */
export interface OutgoingMail {
  /** verify-email, password-reset, ...: what kind of mail it is, for logs and the admin. */
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Newsletter mailings: the one-click unsubscribe URL for the List-Unsubscribe header. */
  listUnsubscribe?: string;
}

export interface MailboxPage {
  items: MailboxSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export function createMailService(deps: {
  db: Queryable;
  /**
   * The sender of every message. The worker stamps it at delivery (so a change applies to mail
   * already queued); the service only tells it to the mailbox pages.
   */
  from: string;
  /** Called after a message is queued, to wake the worker (see OutboxWorker.wake). */
  onEnqueued?: () => void;
}) {
  const { db, from, onEnqueued } = deps;
  return {
    from,

    /**
     * Queues a message with `q`: pass the caller's transaction, so the message exists only if
     * that transaction commits. The worker may be woken before the commit; it then finds
     * nothing new and picks the message up on a later poll.
     */
    async enqueue(q: Queryable, mail: OutgoingMail): Promise<void> {
      await insertOutbox(q, {
        template: mail.template,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        listUnsubscribe: mail.listUnsubscribe ?? null,
      });
      onEnqueued?.();
    },

    /** The local mailbox, newest first; `page` counts from 1. */
    async listMailbox(options: { page: number; pageSize: number; to?: string }): Promise<MailboxPage> {
      const page = Number.isFinite(options.page) ? Math.max(1, Math.floor(options.page)) : 1;
      const pageSize = Number.isFinite(options.pageSize)
        ? Math.min(100, Math.max(1, Math.floor(options.pageSize)))
        : 20;
      const { items, total } = await listMailbox(db, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
        to: options.to?.trim() || undefined,
      });
      return { items, total, page, pageSize };
    },

    /** One delivered message with its bodies, or null. */
    getMailboxMessage(id: number): Promise<MailboxMessage | null> {
      // Ids outside the integer column's range would make PostgreSQL throw rather than miss.
      if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return Promise.resolve(null);
      return getMailboxMessage(db, id);
    },

    /** How many messages are waiting, delivered and given up on. */
    outboxStats(): Promise<Record<OutboxStatus, number>> {
      return outboxStats(db);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
