// Server assembly: from a checked configuration to a ready (not yet listening) shop — database,
// migrations, reference and sample data, services, demo or production mode, the mail worker, the
// background jobs and the Fastify app with its pages. Start-up and shutdown live in server.ts.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { createCacheBus } from '#server/db/cache-bus.ts';
import { databaseConfigFromEnv, openDatabase } from '#server/db/client.ts';
import { type DataFolderLock, lockEmbeddedDatabase } from '#server/db/data-folder-lock.ts';
import { tidyEmbeddedDatabase } from '#server/db/housekeeping.ts';
import { jobLocks, takeStartupLock } from '#server/db/process-locks.ts';
import { createReadiness, type Readiness } from '#server/db/readiness.ts';
import { type BackupSchedule, backupEveryHours, startBackupSchedule } from '#server/db/scheduled-backups.ts';
import type { Env } from '#server/env.ts';
import { createContentService } from '#server/modules/content/content.service.ts';
import { createOutboxWorker, type OutboxWorker } from '#server/modules/mail/outbox-worker.ts';
import { transportFromConfig } from '#server/modules/mail/transports.ts';
import { PROJECT_ROOT } from '#server/paths.ts';
import type { Logger } from '#server/platform/logger.ts';
import { DiskStorage } from '#server/platform/storage.ts';
import { maySeedSampleData, seedReferenceData } from '#server/seed/reference.ts';
import { createServices } from '#server/services.ts';
import { demoEligible } from '#server/shop-address.ts';
import { settleShopMode } from '#server/startup-checks.ts';
import { type AppOptions, buildApp } from './app.ts';
import { startBackgroundJobs } from './background-jobs.ts';

const ROOT = PROJECT_ROOT;

/** The pages: the built React Router app in production, Vite's dev server in development. */
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

export interface AssembledShop {
  app: FastifyInstance;
  shop: Awaited<ReturnType<typeof settleShopMode>>;
  /** What `/readyz` answers; server.ts drains it on a shutdown signal. */
  readiness: Readiness;
  /** The embedded database's lock (ADR 064); null on PostgreSQL. server.ts records the port. */
  dataFolderLock: DataFolderLock | null;
  /** The shop's own backups (ADR 069); null when BACKUP_EVERY_HOURS is 0 (a demo shop's default). */
  backups: BackupSchedule | null;
  /** After the app has closed: stops the worker and the timers, closes the database, unlocks it. */
  stop(): Promise<void>;
}

/**
 * Builds the shop. A StartupError (demo or production mode refused) is thrown after the database
 * has been closed again; a DataFolderInUse when another process has the embedded database.
 */
export async function assembleShop(options: { env: Env; log: Logger; dev: boolean }): Promise<AssembledShop> {
  const { env, log } = options;
  const config = databaseConfigFromEnv(env);
  // The embedded database belongs to one process at a time (ADR 064). The lock is let go in
  // stop(), or when the process exits however it does.
  const dataFolderLock =
    config.kind === 'pglite' && config.dir
      ? lockEmbeddedDatabase(config.dir, {
          command: options.dev ? 'the shop (npm run dev)' : 'the shop (npm start)',
          port: env.PORT || null,
        })
      : null;
  const database = await openDatabase(config);
  log.info(
    { database: database.kind, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR },
    'database open',
  );
  // Several processes may start together on one PostgreSQL: one at a time settles the database
  // (migrations, reference and sample data, the shop's mode) while the others wait (ADR 051).
  const startup = await takeStartupLock(database.db);
  await database.migrate();
  await seedReferenceData(database.db);

  const storage = new DiskStorage(path.join(env.DATA_DIR, 'media'));
  let mailWorker: OutboxWorker | undefined;
  const sandboxSecret = env.PAYSTACK_SECRET_KEY
    ? ''
    : await createContentService({ db: database.db }).ensureSecret('sandboxPayments', () =>
        randomBytes(32).toString('hex'),
      );
  // Cache invalidations reach the other processes on the same PostgreSQL (ADR 033).
  const cacheBus = createCacheBus(database.db, log);
  const services = createServices({
    db: database.db,
    storage,
    log,
    cacheBus,
    config: {
      publicUrl: env.PUBLIC_URL,
      mailFrom: env.MAIL_FROM,
      onMailEnqueued: () => mailWorker?.wake(),
      renditionsAhead: true,
      payments: {
        paystackSecretKey: env.PAYSTACK_SECRET_KEY,
        paystackBaseUrl: env.PAYSTACK_BASE_URL,
        sandboxSecret,
        staffOrderEmails: env.STAFF_ORDER_EMAILS,
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
      lowStockThreshold: env.LOW_STOCK_THRESHOLD,
      launch: {
        smtpUrl: env.SMTP_URL,
        dataDir: env.DATA_DIR,
        backupEveryHours: backupEveryHours(env),
        database: config.kind,
      },
    },
  });
  log.info(
    { provider: services.payments.providerName },
    env.PAYSTACK_SECRET_KEY
      ? 'payments: Paystack'
      : 'payments: sandbox (set PAYSTACK_SECRET_KEY for Paystack)',
  );
  if (env.SEED_ON_START && (await maySeedSampleData(database.db))) {
    // The sample catalogue and its artwork generator load only when there is a catalogue to seed.
    const { seedSampleData } = await import('#server/seed/seed.ts');
    const seeded = await seedSampleData({
      db: database.db,
      media: services.media,
      log,
      // The sample promo codes come only with a shop that may be a demo shop (ADR 016).
      promoCodes: demoEligible(env) && !(await services.content.isDemoEnded()),
    });
    if (seeded) log.info('empty database: sample data loaded');
  }
  let shop: AssembledShop['shop'];
  try {
    shop = await settleShopMode({ env, services, log });
  } catch (error) {
    await startup.release();
    await cacheBus.close();
    await database.close();
    dataFolderLock?.release();
    throw error;
  }

  await startup.release();

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
  const jobs = startBackgroundJobs(services, log, {
    runAlone: jobLocks(database.db),
    everyMs: env.BACKGROUND_JOBS_EVERY_MS,
    tidyDatabase: () => tidyEmbeddedDatabase(database),
  });
  const everyHours = backupEveryHours(env);
  const backups =
    everyHours > 0
      ? startBackupSchedule({
          place: { database: config, mediaDir: path.join(env.DATA_DIR, 'media') },
          dataDir: env.DATA_DIR,
          keep: env.BACKUP_KEEP,
          everyHours,
          database,
          runAlone: jobLocks(database.db),
          log,
        })
      : null;
  // The home page's largest picture is the hero's: its renditions are made now, in the
  // background, rather than for the first shopper (ADR 054). Already made: only read.
  services.content
    .listHeroSlides()
    .then((slides) => services.media.makeAhead(slides.map((s) => s.image.id)))
    .catch((error: unknown) => log.warn({ err: error }, 'making the hero renditions ahead failed'));

  const readiness = createReadiness(database.db);
  const app = await buildApp({
    env,
    services,
    log,
    readiness,
    pages: await pagesFor(options.dev ? 'development' : 'production'),
  });
  return {
    app,
    shop,
    readiness,
    dataFolderLock,
    backups,
    async stop() {
      jobs.stop();
      await backups?.stop();
      await services.media.stopAhead();
      await worker.stop();
      await cacheBus.close();
      await database.close();
      dataFolderLock?.release();
    },
  };
}
