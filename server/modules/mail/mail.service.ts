// Email through an outbox: callers write mail inside their own transaction; the outbox worker
// (outbox-worker.ts) delivers it after commit, with retries. Staff read the local mailbox here.

import { isRowId, MAX_ROW_ID } from '#core/ids.ts';
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
import { maskBody } from './mailbox-masking.ts';

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

/** A delivered message as staff see it in the local mailbox (ADR 017). */
export interface StaffMailboxMessage extends MailboxMessage {
  /** Every link's token (and any bare token) is masked in both bodies. */
  masked: boolean;
}

/**
 * What the local mailbox rule needs to know at read time (ADR 017). Without it every message is
 * masked.
 */
export interface MailboxPolicy {
  /** Whether the shop is a demo shop right now (ADR 016). */
  demoMode: () => Promise<boolean>;
  /** Whether this address belongs to a staff or admin account right now. */
  isStaffAddress: (email: string) => Promise<boolean>;
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
  /** The local mailbox rule's questions; absent, every message is masked. */
  mailboxPolicy?: MailboxPolicy;
}) {
  const { db, from, onEnqueued } = deps;

  /**
   * The local mailbox rule (ADR 017): a message to a staff or admin account is always masked; a
   * message to anyone else is shown as sent only in demo mode (so a newcomer can follow every
   * shopper's link on one machine), and masked otherwise.
   */
  async function mustMask(toAddress: string): Promise<boolean> {
    const policy = deps.mailboxPolicy;
    if (!policy) return true;
    if (await policy.isStaffAddress(toAddress)) return true;
    return !(await policy.demoMode());
  }
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

    /**
     * The local mailbox, newest first; `page` counts from 1. A page past any the table could fill
     * (its ids stop at MAX_ROW_ID) is that last page, empty: never an offset the database refuses
     * (issue 29, ADR 060).
     */
    async listMailbox(options: { page: number; pageSize: number; to?: string }): Promise<MailboxPage> {
      const pageSize = Number.isFinite(options.pageSize)
        ? Math.min(100, Math.max(1, Math.floor(options.pageSize)))
        : 20;
      const lastPage = Math.ceil(MAX_ROW_ID / pageSize) + 1;
      const page = Number.isFinite(options.page)
        ? Math.min(lastPage, Math.max(1, Math.floor(options.page)))
        : options.page === Number.POSITIVE_INFINITY
          ? lastPage
          : 1;
      const { items, total } = await listMailbox(db, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
        to: options.to?.trim() || undefined,
      });
      return { items, total, page, pageSize };
    },

    /**
     * One delivered message with its bodies as staff may see them (masked by the local mailbox
     * rule, ADR 017), or null.
     */
    async getMailboxMessage(id: number): Promise<StaffMailboxMessage | null> {
      // Ids outside the integer column's range would make PostgreSQL throw rather than miss.
      if (!isRowId(id)) return null;
      const message = await getMailboxMessage(db, id);
      if (!message) return null;
      if (!(await mustMask(message.toAddress))) return { ...message, masked: false };
      return {
        ...message,
        textBody: maskBody(message.textBody),
        htmlBody: maskBody(message.htmlBody),
        masked: true,
      };
    },

    /** How many messages are waiting, delivered and given up on. */
    outboxStats(): Promise<Record<OutboxStatus, number>> {
      return outboxStats(db);
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
