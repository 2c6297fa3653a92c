// The outbox: mail exists only if its transaction commits, is delivered after commit with
// retries, is never lost, and is delivered once even with several workers.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createLogger } from '#server/platform/logger.ts';
import { createTestDatabase } from '#tests/helpers/test-db.ts';
import { getOutbox } from './mail.repository.ts';
import { createMailService, type MailService, type OutgoingMail } from './mail.service.ts';
import { createOutboxWorker, defaultBackoff } from './outbox-worker.ts';
import { createMailboxTransport, type MailTransport, type TransportMessage } from './transports.ts';

const FROM = 'Crown Hair <hello@crownhair.ng>';
const log = createLogger({ level: 'silent' });

let database: Database;
let mail: MailService;

beforeAll(async () => {
  database = await createTestDatabase();
  mail = createMailService({ db: database.db, from: FROM });
});
afterAll(async () => {
  await database.close();
});
// Each test starts with an empty outbox and mailbox, so counts are its own.
beforeEach(async () => {
  await database.db.execute(sql`TRUNCATE mail_outbox, mailbox_messages RESTART IDENTITY`);
});

let serial = 0;
function message(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  serial += 1;
  return {
    template: 'test',
    to: `customer${serial}@example.ng`,
    subject: `Message ${serial}`,
    text: `Plain body ${serial}`,
    html: `<p>HTML body ${serial}</p>`,
    ...overrides,
  };
}

/** Test-only time travel: makes every waiting retry due now. */
async function makeRetriesDue() {
  await database.db.execute(sql`UPDATE mail_outbox SET next_attempt_at = now() - interval '1 second'`);
}

/** A transport that fails its first `failures` sends, then hands over to the mailbox. */
function flakyTransport(failures: number): MailTransport & { calls: number } {
  const mailbox = createMailboxTransport(database.db);
  const transport = {
    kind: 'mailbox' as const,
    calls: 0,
    async send(m: TransportMessage) {
      transport.calls += 1;
      if (transport.calls <= failures) throw new Error(`451 try again later (${transport.calls})`);
      await mailbox.send(m);
    },
  };
  return transport;
}

describe('mail outbox', () => {
  it('sends nothing for a transaction that rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await mail.enqueue(tx, message());
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');

    const worker = createOutboxWorker({
      db: database.db,
      transport: createMailboxTransport(database.db),
      from: FROM,
      log,
      pollMs: 1000,
    });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await mail.outboxStats()).toEqual({ pending: 0, sent: 0, failed: 0 });
    expect((await mail.listMailbox({ page: 1, pageSize: 10 })).total).toBe(0);
  });

  it('delivers mail from a committed transaction to the local mailbox, once', async () => {
    let woken = 0;
    const service = createMailService({ db: database.db, from: FROM, onEnqueued: () => woken++ });
    const queued = message({ to: 'ada@example.ng', subject: 'Confirm your email address' });
    await database.db.transaction(async (tx) => {
      await service.enqueue(tx, queued);
    });
    expect(woken).toBe(1);

    const worker = createOutboxWorker({
      db: database.db,
      transport: createMailboxTransport(database.db),
      from: FROM,
      log,
      pollMs: 1000,
    });
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await mail.outboxStats()).toEqual({ pending: 0, sent: 1, failed: 0 });

    const page = await mail.listMailbox({ page: 1, pageSize: 10, to: 'ADA@example.ng' });
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(page.items[0]).toMatchObject({
      fromAddress: FROM,
      toAddress: 'ada@example.ng',
      subject: 'Confirm your email address',
    });
    const full = await mail.getMailboxMessage(page.items[0]!.id);
    expect(full).toMatchObject({ textBody: queued.text, htmlBody: queued.html });
    expect(await mail.getMailboxMessage(999_999)).toBeNull();
    expect(await mail.getMailboxMessage(2 ** 40)).toBeNull();
    expect((await mail.listMailbox({ page: 1, pageSize: 10, to: 'someone@else.ng' })).total).toBe(0);
  });

  it('lists the mailbox newest first, a page at a time', async () => {
    for (let i = 0; i < 5; i++) await mail.enqueue(database.db, message({ subject: `Letter ${i}` }));
    const worker = createOutboxWorker({
      db: database.db,
      transport: createMailboxTransport(database.db),
      from: FROM,
      log,
      pollMs: 1000,
      // One at a time, so the mailbox's order is the queue's (a batch is sent in parallel).
      batchSize: 1,
    });
    for (let i = 0; i < 5; i++) await worker.runOnce();
    const first = await mail.listMailbox({ page: 1, pageSize: 2 });
    const last = await mail.listMailbox({ page: 3, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.items.map((m) => m.subject)).toEqual(['Letter 4', 'Letter 3']);
    expect(last.items.map((m) => m.subject)).toEqual(['Letter 0']);
    // Nonsense paging from a query string falls back to something sensible.
    expect(await mail.listMailbox({ page: Number.NaN, pageSize: 1000 })).toMatchObject({
      page: 1,
      pageSize: 100,
    });
  });

  it('retries a failing delivery later and later, then sends it exactly once', async () => {
    await mail.enqueue(database.db, message());
    const transport = flakyTransport(3);
    const worker = createOutboxWorker({ db: database.db, transport, from: FROM, log, pollMs: 1000 });

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const before = Date.now();
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const row = (await getOutbox(database.db, 1))!;
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, lockedUntil: null });
      expect(row.lastError).toContain(`451 try again later (${attempt})`);
      waits.push(row.nextAttemptAt.getTime() - before);
      // Not due yet: a run now leaves it alone.
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      await makeRetriesDue();
    }
    // 15 s, 30 s, 60 s (plus jitter): each wait longer than the one before.
    expect(waits[0]).toBeGreaterThanOrEqual(14_000);
    expect(waits[1]!).toBeGreaterThan(waits[0]!);
    expect(waits[2]!).toBeGreaterThan(waits[1]!);

    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(transport.calls).toBe(4);
    expect(await getOutbox(database.db, 1)).toMatchObject({ status: 'sent', attempts: 4 });
    expect((await mail.listMailbox({ page: 1, pageSize: 10 })).total).toBe(1);
  });

  it('gives up after the last attempt but keeps the message and its error', async () => {
    await mail.enqueue(database.db, message());
    const transport = flakyTransport(Number.POSITIVE_INFINITY);
    const worker = createOutboxWorker({
      db: database.db,
      transport,
      from: FROM,
      log,
      pollMs: 1000,
      maxAttempts: 3,
      backoff: () => 0,
    });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const row = await getOutbox(database.db, 1);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lockedUntil: null, sentAt: null });
    expect(row!.lastError).toContain('451 try again later (3)');
    expect(row!.textBody).toBeTruthy();
    expect(await mail.outboxStats()).toEqual({ pending: 0, sent: 0, failed: 1 });
  });

  it('truncates a very long error', async () => {
    await mail.enqueue(database.db, message());
    const transport: MailTransport = {
      kind: 'smtp',
      send: () => Promise.reject(new Error('x'.repeat(10_000))),
    };
    const worker = createOutboxWorker({ db: database.db, transport, from: FROM, log, pollMs: 1000 });
    await worker.runOnce();
    expect((await getOutbox(database.db, 1))!.lastError!.length).toBeLessThanOrEqual(1000);
  });

  it('leaves a claimed row alone until its lock runs out, then another worker takes it', async () => {
    await mail.enqueue(database.db, message());
    // A worker that "crashes" mid-send: it claims the row and never records an outcome.
    const stuck = createOutboxWorker({
      db: database.db,
      transport: { kind: 'smtp', send: () => new Promise(() => {}) },
      from: FROM,
      log,
      pollMs: 1000,
      lockMs: 60_000,
    });
    void stuck.runOnce();
    await expect.poll(async () => (await getOutbox(database.db, 1))!.attempts).toBe(1);

    const other = createOutboxWorker({
      db: database.db,
      transport: createMailboxTransport(database.db),
      from: FROM,
      log,
      pollMs: 1000,
    });
    expect(await other.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await database.db.execute(sql`UPDATE mail_outbox SET locked_until = now() - interval '1 second'`);
    expect(await other.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await getOutbox(database.db, 1)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('delivers each message exactly once with two workers running at the same time', async () => {
    const total = 30;
    for (let i = 0; i < total; i++) await mail.enqueue(database.db, message());
    const deliveries: number[] = [];
    function countingTransport(): MailTransport {
      const mailbox = createMailboxTransport(database.db);
      return {
        kind: 'mailbox',
        async send(m) {
          deliveries.push(m.outboxId);
          await mailbox.send(m);
        },
      };
    }
    const workers = [1, 2].map(() =>
      createOutboxWorker({
        db: database.db,
        transport: countingTransport(),
        from: FROM,
        log,
        pollMs: 1000,
        batchSize: 4,
      }),
    );
    // Each worker keeps claiming until it finds nothing more to do.
    const drain = async (worker: (typeof workers)[number]) => {
      let sent = 0;
      for (;;) {
        const result = await worker.runOnce();
        if (result.sent === 0) return sent;
        sent += result.sent;
      }
    };
    const sentByWorker = await Promise.all(workers.map(drain));

    expect(sentByWorker[0]! + sentByWorker[1]!).toBe(total);
    expect(deliveries).toHaveLength(total);
    expect(new Set(deliveries).size).toBe(total);
    expect(await mail.outboxStats()).toEqual({ pending: 0, sent: total, failed: 0 });
    expect((await mail.listMailbox({ page: 1, pageSize: 1 })).total).toBe(total);
  });

  it('delivers in the background once started, woken when mail is queued, and stops cleanly', async () => {
    let worker: ReturnType<typeof createOutboxWorker> | undefined;
    const service = createMailService({ db: database.db, from: FROM, onEnqueued: () => worker?.wake() });
    let closed = false;
    const mailbox = createMailboxTransport(database.db);
    worker = createOutboxWorker({
      db: database.db,
      transport: {
        kind: 'mailbox',
        send: (m) => mailbox.send(m),
        close: async () => {
          closed = true;
        },
      },
      from: FROM,
      log,
      // Far longer than the test: only a wake can deliver in time.
      pollMs: 600_000,
    });
    worker.start();
    await expect.poll(() => service.outboxStats()).toEqual({ pending: 0, sent: 0, failed: 0 });

    await service.enqueue(database.db, message());
    await expect
      .poll(() => service.outboxStats(), { timeout: 5000 })
      .toEqual({ pending: 0, sent: 1, failed: 0 });

    await worker.stop();
    expect(closed).toBe(true);
    // Stopped: a wake no longer delivers.
    await service.enqueue(database.db, message());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await service.outboxStats()).toEqual({ pending: 1, sent: 1, failed: 0 });
  });
});

describe('defaultBackoff', () => {
  it('doubles from 15 seconds up to an hour, with a little jitter', () => {
    expect(defaultBackoff(1)).toBeGreaterThanOrEqual(15_000);
    expect(defaultBackoff(1)).toBeLessThanOrEqual(16_500);
    expect(defaultBackoff(3)).toBeGreaterThanOrEqual(60_000);
    expect(defaultBackoff(3)).toBeLessThanOrEqual(66_000);
    expect(defaultBackoff(30)).toBeGreaterThanOrEqual(3_600_000);
    expect(defaultBackoff(30)).toBeLessThanOrEqual(3_960_000);
  });
});
