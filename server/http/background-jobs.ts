// The shop's timers: hourly pruning of what has expired, and every minute the end of unpaid (and
// unconfirmed pay-on-delivery) orders whose time ran out, which gives their stock back; every
// 30 seconds, newsletter campaigns still being sent.
//
// Every process of the shop runs these timers (ADR 051). The jobs whose rows are claimed FOR UPDATE
// SKIP LOCKED (campaign batches, back-in-stock requests, abandoned carts, like the mail outbox) may
// run in every process at once; the others — pruning and the end of expired holds — run through
// `runAlone`, a PostgreSQL advisory lock: one process per tick, the others skip it.
//
// On the embedded database, also its housekeeping (ADR 055): VACUUM (ANALYZE) two minutes after
// the start and every six hours, the work PostgreSQL's autovacuum does there.
import { HOUSEKEEPING_EVERY_MS, HOUSEKEEPING_FIRST_AFTER_MS } from '#server/db/housekeeping.ts';
import type { RunAlone } from '#server/db/process-locks.ts';
import type { Logger } from '#server/platform/logger.ts';
import type { Services } from '#server/services.ts';

/** How often waiting back-in-stock requests are checked against the stock. */
export const BACK_IN_STOCK_SWEEP_MS = 30_000;
/** How often carts are checked for a due abandoned-cart reminder. */
export const ABANDONED_CART_SWEEP_MS = 5 * 60_000;
/** How often Pay small-small plans are checked for reminders and defaults (ADR 099). */
export const LAYAWAY_SWEEP_MS = 10 * 60_000;

export interface BackgroundJobs {
  stop(): void;
}

export interface BackgroundJobOptions {
  /** Runs a job in one process at a time (server/db/process-locks.ts); the default runs it here. */
  runAlone?: RunAlone;
  /** Every job on this one interval instead of its own (drills and multi-process tests). */
  everyMs?: number;
  /** The database's housekeeping (server/db/housekeeping.ts): true when it ran. */
  tidyDatabase?: () => Promise<boolean>;
}

const runHere: RunAlone = async (_job, work) => ({ ran: true, result: await work() });

export function startBackgroundJobs(
  services: Services,
  log: Logger,
  options: BackgroundJobOptions = {},
): BackgroundJobs {
  const runAlone = options.runAlone ?? runHere;
  const every = (ms: number) => options.everyMs ?? ms;
  const maintenance = setInterval(
    () => {
      runAlone('prune', () =>
        Promise.all([
          services.accounts.pruneExpired(),
          services.limiter.prune(),
          services.cart.pruneStaleGuestCarts(),
          services.newsletter.pruneUnconfirmed(),
        ]),
      ).catch((error: unknown) => log.warn({ err: error }, 'pruning expired sessions failed'));
    },
    every(60 * 60_000),
  );
  maintenance.unref();

  let sweeping = false;
  const reservations = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    runAlone('expire-holds', () => services.payments.expireReservations())
      .then((run) => {
        const ended = run.ran ? run.result : 0;
        if (ended > 0) {
          log.info({ ended }, 'unpaid or unconfirmed orders ended; stock released');
          void services.backInStock.kick();
        }
      })
      .catch((error: unknown) => log.warn({ err: error }, 'expiring unpaid orders failed'))
      .finally(() => {
        sweeping = false;
      });
  }, every(60_000));
  reservations.unref();

  // Newsletter campaigns being sent (ADR 036): started by staff, carried on here after a restart
  // or a crash; every process may run it (batches claim the campaign row).
  const campaigns = setInterval(() => {
    services.newsletter.admin
      .drain()
      .catch((error: unknown) => log.warn({ err: error }, 'sending newsletter campaigns failed'));
  }, every(30_000));
  campaigns.unref();

  // Back-in-stock requests whose variant has stock again, however it came back (ADR 037): the
  // sweep claims them with FOR UPDATE SKIP LOCKED, so every process may run it.
  const backInStock = setInterval(() => {
    void services.backInStock.kick();
  }, every(BACK_IN_STOCK_SWEEP_MS));
  backInStock.unref();

  // Abandoned-cart reminders (ADR 037): carts claimed FOR UPDATE SKIP LOCKED, one email per state.
  let reminding = false;
  const reminders = setInterval(() => {
    if (reminding) return;
    reminding = true;
    services.abandonedCarts
      .sweep()
      .then((done) => {
        if (done.sent > 0) log.info(done, 'abandoned-cart reminders sent');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'abandoned-cart reminders failed'))
      .finally(() => {
        reminding = false;
      });
  }, every(ABANDONED_CART_SWEEP_MS));
  reminders.unref();

  // Card refunds whose webhook never came (ADR 097): asked about every five minutes; each outcome
  // is applied once under the order's lock, so every process may run it.
  let checkingRefunds = false;
  const refundChecks = setInterval(
    () => {
      if (checkingRefunds) return;
      checkingRefunds = true;
      services.refunds
        .checkWaiting()
        .then((settled) => {
          if (settled > 0) log.info({ settled }, 'refunds settled by a status check');
        })
        .catch((error: unknown) => log.warn({ err: error }, 'checking refunds failed'))
        .finally(() => {
          checkingRefunds = false;
        });
    },
    every(5 * 60_000),
  );
  refundChecks.unref();
  // Pay small-small (ADR 099): reminders and plans ended by their rule, claimed FOR UPDATE SKIP LOCKED.
  let planning = false;
  const layaway = setInterval(() => {
    if (planning) return;
    planning = true;
    Promise.all([services.layawayJobs.remindDue(), services.layawayJobs.endDefaulted()])
      .then(([reminded, ended]) => {
        if (reminded.before + reminded.due + ended > 0)
          log.info({ ...reminded, ended }, 'layaway plans swept');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'layaway sweep failed'))
      .finally(() => {
        planning = false;
      });
  }, every(LAYAWAY_SWEEP_MS));
  layaway.unref();

  const timers: ReturnType<typeof setTimeout>[] = [];
  const { tidyDatabase } = options;
  if (tidyDatabase) {
    let tidying = false;
    const tidy = () => {
      if (tidying) return;
      tidying = true;
      const started = Date.now();
      tidyDatabase()
        .then((ran) => {
          if (ran) log.info({ ms: Date.now() - started }, 'embedded database tidied (VACUUM ANALYZE)');
        })
        .catch((error: unknown) => log.warn({ err: error }, 'tidying the embedded database failed'))
        .finally(() => {
          tidying = false;
        });
    };
    // Its own times even when `everyMs` speeds the others up: a vacuum every few hundred
    // milliseconds would hold the embedded database for most of a drill.
    timers.push(setTimeout(tidy, HOUSEKEEPING_FIRST_AFTER_MS));
    timers.push(setInterval(tidy, HOUSEKEEPING_EVERY_MS));
    for (const timer of timers) timer.unref();
  }

  return {
    stop() {
      for (const timer of timers) clearTimeout(timer);
      clearInterval(campaigns);
      clearInterval(maintenance);
      clearInterval(reservations);
      clearInterval(backInStock);
      clearInterval(reminders);
      clearInterval(refundChecks);
      clearInterval(layaway);
    },
  };
}
