// The shop's timers: hourly pruning of what has expired, and every minute the end of unpaid (and
// unconfirmed pay-on-delivery) orders whose time ran out, which gives their stock back; every
// 30 seconds, newsletter campaigns still being sent.
import type { Logger } from '#server/platform/logger.ts';
import type { Services } from '#server/services.ts';

export interface BackgroundJobs {
  stop(): void;
}

export function startBackgroundJobs(services: Services, log: Logger): BackgroundJobs {
  const maintenance = setInterval(() => {
    Promise.all([
      services.accounts.pruneExpired(),
      services.limiter.prune(),
      services.cart.pruneStaleGuestCarts(),
      services.newsletter.pruneUnconfirmed(),
    ]).catch((error: unknown) => log.warn({ err: error }, 'pruning expired sessions failed'));
  }, 60 * 60_000);
  maintenance.unref();

  let sweeping = false;
  const reservations = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    services.payments
      .expireReservations()
      .then((ended) => {
        if (ended > 0) log.info({ ended }, 'unpaid or unconfirmed orders ended; stock released');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'expiring unpaid orders failed'))
      .finally(() => {
        sweeping = false;
      });
  }, 60_000);
  reservations.unref();

  // Newsletter campaigns being sent (ADR 036): started by staff, carried on here after a restart
  // or a crash; every process may run it (batches claim the campaign row).
  const campaigns = setInterval(() => {
    services.newsletter.admin
      .drain()
      .catch((error: unknown) => log.warn({ err: error }, 'sending newsletter campaigns failed'));
  }, 30_000);
  campaigns.unref();

  return {
    stop() {
      clearInterval(campaigns);
      clearInterval(maintenance);
      clearInterval(reservations);
    },
  };
}
