// The mail module's answer to "does mail go out?" — the port the launch checklist asks (ADR 071):
// the newest delivery attempt (sent, or the server's error), and the newest message of one kind.
import type { Queryable } from '#server/db/client.ts';
import { type DeliveryAttemptRow, newestAttempt, newestOfTemplate } from './last-delivery.repository.ts';

export interface DeliveryAttempt {
  template: string;
  to: string;
  /** sent; failed (given up); retrying (an attempt failed, another is due); waiting (not tried yet). */
  outcome: 'sent' | 'failed' | 'retrying' | 'waiting';
  /** The server's last error, when an attempt failed (kept after a later success). */
  error: string | null;
  /** When it was sent, or queued when it was not. */
  at: Date;
}

function attemptOf(row: DeliveryAttemptRow): DeliveryAttempt {
  const outcome =
    row.status === 'sent'
      ? 'sent'
      : row.status === 'failed'
        ? 'failed'
        : row.attempts > 0
          ? 'retrying'
          : 'waiting';
  return {
    template: row.template,
    to: row.toAddress,
    outcome,
    error: outcome === 'sent' ? null : row.lastError,
    at: row.sentAt ?? row.createdAt,
  };
}

export interface DeliveriesPort {
  /** The newest message the outbox worker has tried to deliver, or null. */
  lastAttempt(q: Queryable): Promise<DeliveryAttempt | null>;
  /** The newest message queued with this template, tried or not, or null. */
  lastOf(q: Queryable, template: string): Promise<DeliveryAttempt | null>;
}

export const deliveries: DeliveriesPort = {
  lastAttempt: async (q) => {
    const row = await newestAttempt(q);
    return row ? attemptOf(row) : null;
  },
  lastOf: async (q, template) => {
    const row = await newestOfTemplate(q, template);
    return row ? attemptOf(row) : null;
  },
};
