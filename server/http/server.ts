// The shop's process (started through server/main.ts): configuration, database, migrations, sample data, HTTP, graceful shutdown.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { databaseConfigFromEnv, openDatabase } from '#server/db/client.ts';
import { isCatalogueEmpty, seedReferenceData } from '#server/db/seed/reference.ts';
import { EnvError, loadEnv } from '#server/env.ts';
import { createContentService } from '#server/modules/content/content.service.ts';
import { createOutboxWorker, type OutboxWorker } from '#server/modules/mail/outbox-worker.ts';
import { transportFromConfig } from '#server/modules/mail/transports.ts';
import { PROJECT_ROOT } from '#server/paths.ts';
import { createLogger } from '#server/platform/logger.ts';
import { DiskStorage } from '#server/platform/storage.ts';
import { createServices } from '#server/services.ts';
import {
  assertNoProblems,
  configurationProblems,
  demoBanner,
  demoEligible,
  isProductionShop,
  StartupError,
  settleShopMode,
} from '#server/startup-checks.ts';
import { type AppOptions, buildApp } from './app.ts';

const ROOT = PROJECT_ROOT;
const dev = process.argv.includes('--dev');

async function pagesFor(mode: 'production' | 'development'): Promise<NonNullable<AppOptions['pages']>> {
  if (mode === 'production') {
    const buildFile = path.join(ROOT, 'build/server/index.js');
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    return { mode, build, clientDir: path.join(ROOT, 'build/client') };
  }
  const { createServer } = await import('vite');
  let vite: Awaited<ReturnType<typeof createServer>> | undefined;
  return {
    mode,
    loadBuild: () => vite!.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    register: async (app: FastifyInstance) => {
      vite = await createServer({
        root: ROOT,
        server: { middlewareMode: true, hmr: { server: app.server } },
        appType: 'custom',
      });
      await app.register((await import('@fastify/middie')).default);
      app.use(vite.middlewares);
      app.addHook('onClose', () => vite!.close());
    },
  };
}

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv(process.env);
    // A production shop (public PUBLIC_URL) needs real payments and mail (ADR 016).
    assertNoProblems(configurationProblems(env));
  } catch (error) {
    console.error(error instanceof EnvError || error instanceof StartupError ? error.message : error);
    process.exit(1);
  }
  const log = createLogger({ level: env.LOG_LEVEL, pretty: env.NODE_ENV === 'development' });
  const started = Date.now();

  const database = await openDatabase(databaseConfigFromEnv(env));
  log.info(
    { database: database.kind, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR },
    'database open',
  );
  await database.migrate();
  await seedReferenceData(database.db);

  const storage = new DiskStorage(path.join(env.DATA_DIR, 'media'));
  let mailWorker: OutboxWorker | undefined;
  const sandboxSecret = env.PAYSTACK_SECRET_KEY
    ? ''
    : await createContentService({ db: database.db }).ensureSecret('sandboxPayments', () =>
        randomBytes(32).toString('hex'),
      );
  const services = createServices({
    db: database.db,
    storage,
    log,
    config: {
      publicUrl: env.PUBLIC_URL,
      mailFrom: env.MAIL_FROM,
      onMailEnqueued: () => mailWorker?.wake(),
      payments: {
        paystackSecretKey: env.PAYSTACK_SECRET_KEY,
        paystackBaseUrl: env.PAYSTACK_BASE_URL,
        sandboxSecret,
      },
      checkout: {
        reservationMinutes: env.PAYMENT_RESERVATION_MINUTES,
        bankTransferHours: env.BANK_TRANSFER_RESERVATION_HOURS,
        podConfirmationHours: env.POD_CONFIRMATION_HOURS,
        maxQuantityPerLine: env.MAX_QUANTITY_PER_LINE,
        maxItemsPerOrder: env.MAX_ITEMS_PER_ORDER,
      },
      demo: { eligible: demoEligible(env) },
      rateLimits: env.RATE_LIMITS,
    },
  });
  log.info(
    { provider: services.payments.providerName },
    env.PAYSTACK_SECRET_KEY
      ? 'payments: Paystack'
      : 'payments: sandbox (set PAYSTACK_SECRET_KEY for Paystack)',
  );
  if (env.SEED_ON_START && (await isCatalogueEmpty(database.db))) {
    // The sample catalogue and its artwork generator load only when there is a catalogue to seed.
    const { seedSampleData } = await import('#server/db/seed/seed.ts');
    const seeded = await seedSampleData({
      db: database.db,
      media: services.media,
      log,
      // The sample promo codes come only with a shop that may be a demo shop (ADR 016).
      promoCodes: demoEligible(env) && !(await services.content.isDemoEnded()),
    });
    if (seeded) log.info('empty database: sample data loaded');
  }
  let shop: Awaited<ReturnType<typeof settleShopMode>>;
  try {
    shop = await settleShopMode({ env, services, log });
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    console.error(error.message);
    await database.close();
    process.exit(1);
  }

  const transport = transportFromConfig({ smtpUrl: env.SMTP_URL, db: database.db });
  const worker = createOutboxWorker({
    db: database.db,
    transport,
    from: env.MAIL_FROM,
    log,
    pollMs: env.MAIL_POLL_MS,
  });
  mailWorker = worker;
  worker.start();
  log.info(
    { transport: transport.kind },
    transport.kind === 'smtp' ? 'mail: SMTP' : 'mail: local mailbox at /admin/mailbox',
  );
  const maintenance = setInterval(() => {
    Promise.all([
      services.accounts.pruneExpired(),
      services.limiter.prune(),
      services.cart.pruneStaleGuestCarts(),
      services.newsletter.pruneUnconfirmed(),
    ]).catch((error: unknown) => log.warn({ err: error }, 'pruning expired sessions failed'));
  }, 60 * 60_000);
  maintenance.unref();
  // Unpaid (and unconfirmed pay-on-delivery) orders whose time ran out give their stock back.
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

  const app = await buildApp({
    env,
    services,
    log,
    pages: await pagesFor(dev ? 'development' : 'production'),
  });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    // Keep-alive connections that go idle after their last response must not hold the close up.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
      clearInterval(sweep);
      clearInterval(maintenance);
      clearInterval(reservations);
      await worker.stop();
      await database.close();
      log.info('shut down cleanly');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  }
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  log.info({ ms: Date.now() - started }, 'ready');
  console.log(`\n  Crown Hair is open at http://localhost:${port}\n`);
  if (shop.demoMode) {
    log.warn('DEMO SHOP: demo admin with a published password; take the shop over before real use');
    console.log(demoBanner(shop, `http://localhost:${port}/admin`));
  }
  if (isProductionShop(env) && env.ALLOW_SANDBOX_PAYMENTS && !env.PAYSTACK_SECRET_KEY)
    log.warn('ALLOW_SANDBOX_PAYMENTS=1: this production shop takes sandbox payments (no real money)');
  if (isProductionShop(env) && env.ALLOW_LOCAL_MAILBOX && !env.SMTP_URL)
    log.warn('ALLOW_LOCAL_MAILBOX=1: this production shop keeps its mail in the local mailbox');
  if (!env.PAYSTACK_SECRET_KEY) {
    // Anyone can "pay" on the sandbox's page: fine for trying the shop, never for real orders.
    console.log(
      '  Payments: SANDBOX (no real money moves). Set PAYSTACK_SECRET_KEY before taking real orders.\n',
    );
  }
}

main().catch((error) => {
  console.error('The shop could not start:', error);
  process.exit(1);
});
