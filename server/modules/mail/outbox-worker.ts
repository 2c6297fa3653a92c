// Delivers queued mail (mail_outbox) after the transactions that wrote it have committed. Every
// process runs one; they share the work through row claims (see claimDue), so any number of
// processes may run against one PostgreSQL.
//
// Delivery is at least once. A worker that crashes (or stalls) between claiming a row and
// recording the outcome leaves the row locked until locked_until; after that another worker
// takes it and sends it again. The local mailbox ignores the repeat (one message per outbox
// row); an SMTP recipient may, rarely, get the message twice — as when a server takes a message
// and the line drops before its "250" arrives — but both copies carry the row's one Message-ID
// (transports.ts), so the receiving side can fold them into one (ADR 050). Nothing is ever lost: a
// message that keeps failing is marked 'failed' and kept with its last error, and staff may send
// it again from /admin/mail (outbox-admin.service.ts).
import type { Db } from '#server/db/client.ts';
import type { Logger } from '#server/platform/logger.ts';
import { type ClaimedMail, claimDue, markFailed, markRetry, markSent } from './mail.repository.ts';
import type { MailTransport } from './transports.ts';

export interface OutboxRunResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface OutboxWorker {
  /** Polls every pollMs (and at once); the timers never keep the process alive. */
  start(): void;
  /** Stops polling, waits for the run in flight, then closes the transport. */
  stop(): Promise<void>;
  /** Asks for a run soon (mail was just queued). Calls close together share one run. */
  wake(): void;
  /** Claims one batch of due mail and tries to send each; runs never overlap. */
  runOnce(): Promise<OutboxRunResult>;
}

const MINUTE = 60_000;
/**
 * How long a claim holds a row. It must outlast a whole batch: sent in parallel over a pool of 3
 * SMTP connections whose timeouts (see transports.ts) bound each message to about a minute.
 */
const DEFAULT_LOCK_MS = 10 * MINUTE;
/** Roughly 12 hours of retries with the default backoff before a message is given up on. */
const DEFAULT_MAX_ATTEMPTS = 20;
const DEFAULT_BATCH_SIZE = 10;
/** A wake waits this long so a burst of queued mail is claimed in one run. */
const WAKE_DELAY_MS = 50;
const MAX_ERROR_LENGTH = 1000;

/** 15 s, 30 s, 1 min, ... doubling up to 1 h, plus up to 10% jitter so processes drift apart. */
export function defaultBackoff(attempts: number): number {
  const base = Math.min(15_000 * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);
  return Math.round(base * (1 + Math.random() * 0.1));
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

/** Logs name where mail went without naming who: the address is in the database. */
function recipientDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

export function createOutboxWorker(deps: {
  db: Db;
  transport: MailTransport;
  from: string;
  log: Logger;
  pollMs: number;
  batchSize?: number;
  maxAttempts?: number;
  /** Milliseconds to wait before the next try, given the attempts made so far. */
  backoff?: (attempts: number) => number;
  lockMs?: number;
}): OutboxWorker {
  const { db, transport, from, pollMs } = deps;
  const log = deps.log.child({ module: 'mail', transport: transport.kind });
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxAttempts = deps.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const backoff = deps.backoff ?? defaultBackoff;
  const lockMs = deps.lockMs ?? DEFAULT_LOCK_MS;

  async function deliver(mail: ClaimedMail): Promise<keyof OutboxRunResult> {
    const context = {
      outboxId: mail.id,
      template: mail.template,
      toDomain: recipientDomain(mail.toAddress),
      attempt: mail.attempts,
    };
    try {
      await transport.send({
        outboxId: mail.id,
        from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        listUnsubscribe: mail.listUnsubscribe,
      });
    } catch (sendError) {
      const error = errorText(sendError);
      if (mail.attempts >= maxAttempts) {
        await markFailed(db, mail.id, error);
        log.error({ ...context, error }, 'mail not delivered: giving up after the last attempt');
        return 'failed';
      }
      const nextAttemptAt = new Date(Date.now() + backoff(mail.attempts));
      await markRetry(db, mail.id, { error, nextAttemptAt });
      log.warn({ ...context, error, nextAttemptAt }, 'mail not delivered: will retry');
      return 'retried';
    }
    await markSent(db, mail.id);
    log.info(context, 'mail sent');
    return 'sent';
  }

  async function runBatch(): Promise<OutboxRunResult> {
    const claimed = await claimDue(db, { limit: batchSize, lockMs });
    const result: OutboxRunResult = { sent: 0, retried: 0, failed: 0 };
    const outcomes = await Promise.allSettled(claimed.map(deliver));
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') {
        result[outcome.value] += 1;
      } else {
        // The outcome could not be written (database trouble): the row stays claimed until its
        // lock runs out and is then tried again.
        log.error({ err: outcome.reason, outboxId: claimed[i]!.id }, 'could not record a mail delivery');
      }
    });
    return result;
  }

  let inFlight: Promise<OutboxRunResult> | null = null;

  function runOnce(): Promise<OutboxRunResult> {
    // Queue behind a run in flight rather than join it: mail queued since it claimed is wanted too.
    const previous = inFlight ?? Promise.resolve();
    const run = previous.then(runBatch, runBatch);
    inFlight = run;
    const clear = () => {
      if (inFlight === run) inFlight = null;
    };
    run.then(clear, clear);
    return run;
  }

  let started = false;
  let ticking = false;
  let wakeRequested = false;
  let timer: NodeJS.Timeout | undefined;
  let timerDueAt = 0;

  /** One timer at a time: an earlier request replaces a later one, never adds a second loop. */
  function schedule(ms: number) {
    if (!started || ticking) return;
    const dueAt = Date.now() + ms;
    if (timer && timerDueAt <= dueAt) return;
    clearTimeout(timer);
    timerDueAt = dueAt;
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  async function tick() {
    timer = undefined;
    ticking = true;
    wakeRequested = false;
    let more = false;
    try {
      const result = await runOnce();
      // A full batch suggests a backlog: go straight on rather than wait a whole poll.
      more = result.sent + result.retried + result.failed >= batchSize;
    } catch (error) {
      log.error({ err: error }, 'mail outbox run failed');
    } finally {
      ticking = false;
    }
    schedule(more || wakeRequested ? WAKE_DELAY_MS : pollMs);
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },

    wake() {
      if (ticking) wakeRequested = true;
      else schedule(WAKE_DELAY_MS);
    },

    runOnce,

    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await inFlight?.catch(() => {});
      await transport.close?.();
    },
  };
}
