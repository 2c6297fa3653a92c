// Where the outbox worker hands messages: an SMTP server, or the local mailbox in the database
// when none is configured (the embedded, zero-settings mode; staff read it at /admin/mailbox).
import { createHash } from 'node:crypto';
import { createTransport, type SMTPPoolOptions } from 'nodemailer';
import type { Queryable } from '#server/db/client.ts';
import { insertMailboxMessage } from './mail.repository.ts';

export interface TransportMessage {
  /** The outbox row: lets a transport make a retried delivery harmless. */
  outboxId: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Newsletter mailings: a one-click unsubscribe URL (List-Unsubscribe, RFC 8058). */
  listUnsubscribe?: string | null;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  /** Resolves once the message is accepted; throws when it should be tried again later. */
  send(message: TransportMessage): Promise<void>;
  close?(): Promise<void>;
}

/**
 * The Message-ID of an outbox row: the same on every try (ADR 050). Delivery is at least once — a
 * server may take a message and the connection drop before its "250 OK" reaches the worker, which
 * then tries again — so a repeat carries the first one's Message-ID and a receiving server or mail
 * client can recognise it (Gmail shows one). The hash keeps ids apart across databases.
 */
export function outboxMessageId(
  message: Pick<TransportMessage, 'outboxId' | 'from' | 'to' | 'subject'>,
): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(message.from)?.[1] ?? 'crownhair.invalid';
  const hash = createHash('sha256')
    .update(`${message.outboxId}\n${message.to}\n${message.subject}`)
    .digest('hex')
    .slice(0, 16);
  return `<outbox-${message.outboxId}.${hash}@${domain}>`;
}

/** Connection settings the URL cannot carry (tests use `ignoreTLS`); the URL wins over them. */
export type SmtpOptions = Omit<SMTPPoolOptions, 'url' | 'pool'>;

/**
 * SMTP through a small connection pool. Timeouts are far below nodemailer's defaults (up to
 * 10 minutes) so a hung server cannot hold a claimed row past its lock.
 */
export function createSmtpTransport(url: string, options: SmtpOptions = {}): MailTransport {
  const transporter = createTransport({
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    maxConnections: 3,
    ...options,
    pool: true,
    url,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        messageId: outboxMessageId(message),
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.listUnsubscribe
          ? {
              list: { unsubscribe: message.listUnsubscribe },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
    },
    async close() {
      transporter.close();
    },
  };
}

export function createMailboxTransport(db: Queryable): MailTransport {
  return {
    kind: 'mailbox',
    async send(message) {
      await insertMailboxMessage(db, {
        outboxId: message.outboxId,
        fromAddress: message.from,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
    },
  };
}

export function transportFromConfig(config: { smtpUrl?: string; db: Queryable }): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createMailboxTransport(config.db);
}
