// Delivery over real SMTP (a local smtp-server): what arrives, and that nothing is lost or
// doubled when the server refuses mail for a while or is not there at all.
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createLogger } from '#server/platform/logger.ts';
import { createTestDatabase } from '#tests/helpers/test-db.ts';
import { getOutbox } from './mail.repository.ts';
import { createMailService, type MailService } from './mail.service.ts';
import { newsletterMailing } from './newsletter-templates.tsx';
import { createOutboxWorker, type OutboxWorker } from './outbox-worker.ts';
import { verifyEmailMail } from './templates.tsx';
import { createSmtpTransport } from './transports.ts';

const FROM = 'Crown Hair <hello@crownhair.ng>';
const log = createLogger({ level: 'silent' });

interface TestSmtpServer {
  port: number;
  /** Raw messages accepted, as received. */
  messages: string[];
  /** DATA commands seen, accepted or not. */
  deliveries: number;
  close(): Promise<void>;
}

/** An SMTP server on 127.0.0.1 that answers 451 to its first `rejectFirst` messages. */
async function startSmtpServer(
  options: { port?: number; rejectFirst?: number } = {},
): Promise<TestSmtpServer> {
  const messages: string[] = [];
  const state = { deliveries: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.deliveries += 1;
        if (state.deliveries <= (options.rejectFirst ?? 0)) {
          callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          return;
        }
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as net.AddressInfo;
  return {
    port: address.port,
    messages,
    get deliveries() {
      return state.deliveries;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (taken from the system, then released). */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a body in the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

let database: Database;
let mail: MailService;

beforeAll(async () => {
  database = await createTestDatabase();
  mail = createMailService({ db: database.db, from: FROM });
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`TRUNCATE mail_outbox, mailbox_messages RESTART IDENTITY`);
});

function smtpWorker(port: number): OutboxWorker {
  return createOutboxWorker({
    db: database.db,
    transport: createSmtpTransport(`smtp://127.0.0.1:${port}`, { connectionTimeout: 2000 }),
    from: FROM,
    log,
    pollMs: 1000,
    // Retries due at once: these tests are about what happens, not when.
    backoff: () => 0,
  });
}

const verification = () =>
  verifyEmailMail({ to: 'ada@example.ng', name: 'Ada Obi', url: 'https://crownhair.ng/verify?token=abc123' });

describe('SMTP delivery', () => {
  it('delivers a message with its recipient, subject, and text and HTML parts', async () => {
    const server = await startSmtpServer();
    const worker = smtpWorker(server.port);
    try {
      await mail.enqueue(database.db, verification());
      expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(server.messages).toHaveLength(1);
      const raw = server.messages[0]!;
      const body = decodeQuotedPrintable(raw);
      expect(raw).toMatch(/^To: ada@example\.ng\r?$/m);
      expect(raw).toMatch(/^From: Crown Hair <hello@crownhair\.ng>\r?$/m);
      expect(raw).toMatch(/^Subject: Confirm your email address for Crown Hair\r?$/m);
      expect(raw).toMatch(/^Content-Type: multipart\/alternative;/m);
      expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r?$/m);
      expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8\r?$/m);
      expect(body).toContain('Hi Ada Obi,');
      expect(body).toContain('href="https://crownhair.ng/verify?token=abc123"');
      expect(await getOutbox(database.db, 1)).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      await worker.stop();
      await server.close();
    }
  });

  it('sends a newsletter mailing with one-click List-Unsubscribe headers (RFC 8058); other mail without', async () => {
    const server = await startSmtpServer();
    const worker = smtpWorker(server.port);
    try {
      const url = 'https://crownhair.ng/newsletter/unsubscribe?token=unsub123';
      const { mail: mailing } = newsletterMailing({
        to: 'ada@example.ng',
        subject: 'New arrivals',
        preview: 'New arrivals',
        paragraphs: ['Fresh bundles are in.'],
        unsubscribeUrl: url,
      });
      await mail.enqueue(database.db, mailing);
      await mail.enqueue(database.db, verification());
      expect(await worker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
      // Long headers are folded onto the next line: unfold them to read.
      const [newsletter, other] = server.messages.map((m) => m.replace(/\r?\n[ \t]+/g, ' '));
      expect(newsletter).toMatch(
        /^List-Unsubscribe: <https:\/\/crownhair\.ng\/newsletter\/unsubscribe\?token=unsub123>\r?$/m,
      );
      expect(newsletter).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      expect(decodeQuotedPrintable(newsletter!)).toContain(`href="${url}"`);
      expect(other).not.toMatch(/^List-Unsubscribe/m);
    } finally {
      await worker.stop();
      await server.close();
    }
  });

  it('retries mail the server refuses for a while and delivers it exactly once', async () => {
    const server = await startSmtpServer({ rejectFirst: 3 });
    const worker = smtpWorker(server.port);
    try {
      await mail.enqueue(database.db, verification());
      for (let i = 0; i < 3; i++) {
        expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      }
      const waiting = await getOutbox(database.db, 1);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 3 });
      expect(waiting!.lastError).toContain('451');

      expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(server.deliveries).toBe(4);
      expect(server.messages).toHaveLength(1);
      expect(await getOutbox(database.db, 1)).toMatchObject({ status: 'sent', attempts: 4 });
    } finally {
      await worker.stop();
      await server.close();
    }
  });

  it('keeps mail while the server is down and delivers it once the server is back', async () => {
    const port = await closedPort();
    const worker = smtpWorker(port);
    let server: TestSmtpServer | undefined;
    try {
      await mail.enqueue(database.db, verification());
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const waiting = await getOutbox(database.db, 1);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 2, sentAt: null });
      expect(waiting!.lastError).toMatch(/ECONNREFUSED|connect/i);

      server = await startSmtpServer({ port });
      expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(server.messages).toHaveLength(1);
      expect(server.messages[0]).toMatch(/^To: ada@example\.ng\r?$/m);
      expect(await getOutbox(database.db, 1)).toMatchObject({ status: 'sent', attempts: 3 });
      expect(await mail.outboxStats()).toEqual({ pending: 0, sent: 1, failed: 0 });
    } finally {
      await worker.stop();
      await server?.close();
    }
  });
});
