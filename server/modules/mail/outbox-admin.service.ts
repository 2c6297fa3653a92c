// /admin/mail: what staff see of mail that is not getting out (ADR 050) — messages still waiting
// after a failed try, and messages given up on — and the one thing they may do about it: send a
// failed message again. The recipient is masked (staff need to recognise it, not copy it), and
// every retry is audited.
import type { Db } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { NotFoundError } from '#server/platform/errors.ts';
import { assertCan, type StaffActor } from '#server/platform/staff-actor.ts';
import { listOutboxTrouble, type OutboxStatus, outboxStats, requeueFailed } from './mail.repository.ts';

/** How many of each kind the page lists (the oldest waiting, the newest given up on). */
const LIST_LIMIT = 100;

export interface OutboxTroubleView {
  id: number;
  template: string;
  /** "ad•••@gmail.com" */
  to: string;
  attempts: number;
  /** The server's last answer, with any address in it masked. */
  lastError: string | null;
  /** When the worker tries again (waiting mail); null for mail given up on. */
  nextAttemptAt: string | null;
  createdAt: string;
}

export interface OutboxTroublePage {
  stats: Record<OutboxStatus, number>;
  failing: OutboxTroubleView[];
  failed: OutboxTroubleView[];
}

/** "ad•••@gmail.com": enough for staff to recognise a customer, not to copy their address. */
export function maskAddress(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, Math.min(2, at))}•••${email.slice(at)}`;
}

const ADDRESS_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

export function createOutboxAdmin(deps: { db: Db; audit: AuditService; wake?: () => void }) {
  const { db, audit } = deps;
  return {
    async trouble(actor: StaffActor): Promise<OutboxTroublePage> {
      assertCan(actor, 'mail.outbox', 'You cannot see the mail queue.');
      const [stats, { failing, failed }] = await Promise.all([
        outboxStats(db),
        listOutboxTrouble(db, LIST_LIMIT),
      ]);
      const view = (row: (typeof failing)[number]): OutboxTroubleView => ({
        id: row.id,
        template: row.template,
        to: maskAddress(row.toAddress),
        attempts: row.attempts,
        lastError: row.lastError?.replace(ADDRESS_IN_TEXT, maskAddress) ?? null,
        nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
        createdAt: row.createdAt.toISOString(),
      });
      return { stats, failing: failing.map(view), failed: failed.map(view) };
    },

    /**
     * Puts a failed message back in the queue for one more try now, and records who did it. A
     * message that is not (or no longer) failed is a 404: a second press is harmless.
     */
    async retry(actor: StaffActor, id: number): Promise<{ template: string; to: string }> {
      assertCan(actor, 'mail.outbox', 'You cannot send mail again.');
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
        throw new NotFoundError('There is no failed message with that number.');
      }
      const done = await db.transaction(async (tx) => {
        const row = await requeueFailed(tx, id);
        if (!row) throw new NotFoundError('That message is no longer waiting for a retry.');
        await audit.record(tx, {
          actorUserId: actor.user.id,
          action: 'mail.retry',
          subjectType: 'mail_outbox',
          subjectId: id,
          ip: actor.ip ?? null,
          details: {
            template: row.template,
            attempts: row.attempts,
            before: { status: 'failed' },
            after: { status: 'pending' },
          },
        });
        return row;
      });
      deps.wake?.();
      return { template: done.template, to: maskAddress(done.toAddress) };
    },
  };
}
