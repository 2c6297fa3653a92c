// The whole shop in-process for integration tests: a fresh database, real services, the real
// Fastify app and, when the storefront has been built, the real server-rendered pages.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { createCacheBus } from '#server/db/cache-bus.ts';
import type { Database } from '#server/db/client.ts';
import { createReadiness, type Readiness } from '#server/db/readiness.ts';
import type { TrustProxy } from '#server/env.ts';
import { buildApp, type ServerTimeouts } from '#server/http/app.ts';
import { getMailboxMessage, type MailboxMessage } from '#server/modules/mail/mail.repository.ts';
import { createOutboxWorker } from '#server/modules/mail/outbox-worker.ts';
import { createMailboxTransport } from '#server/modules/mail/transports.ts';
import { createLogger, type Logger } from '#server/platform/logger.ts';
import { type BlobStorage, MemoryStorage } from '#server/platform/storage.ts';
import { seedReferenceData } from '#server/seed/seed.ts';
import { createServices, defaultServiceConfig, type ServiceConfig, type Services } from '#server/services.ts';
import { createTestDatabase } from './test-db.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD = path.join(ROOT, 'build/server/index.js');

export interface TestShop {
  app: FastifyInstance;
  /** Delivers queued mail to the local mailbox, as the worker does after commit. */
  deliverMail(): Promise<void>;
  /** Messages delivered to `to`, newest first, with their bodies. */
  mailTo(to: string): Promise<MailboxMessage[]>;
  database: Database;
  services: Services;
  storage: MemoryStorage;
  log: Logger;
  /** What /readyz answers (drain it as a shutdown would). */
  readiness: Readiness;
  close(): Promise<void>;
}

export async function loadServerBuild(): Promise<ServerBuild> {
  if (!existsSync(BUILD)) {
    throw new Error('The storefront is not built: run `npm run build` (npm test does it for you).');
  }
  return (await import(pathToFileURL(BUILD).href)) as ServerBuild;
}

/** Collects what the shop logs, so tests can assert on it. */
export class LogCapture {
  readonly lines: Record<string, unknown>[] = [];
  write(chunk: string) {
    this.lines.push(JSON.parse(chunk) as Record<string, unknown>);
  }
}

export const TEST_PUBLIC_URL = 'http://shop.test';
export const TEST_MAIL_FROM = 'Crown Hair <hello@crownhair.ng>';

export async function createTestShop(
  options: {
    pages?: boolean;
    logs?: LogCapture;
    trustProxy?: TrustProxy;
    config?: Partial<ServiceConfig>;
    /** The shop's public address (default TEST_PUBLIC_URL, plain http); an https one tests secure cookies. */
    publicUrl?: string;
    /**
     * Another shop's database: a second process of the same shop (ADR 033). Left open on close;
     * the shop that made it closes it.
     */
    database?: Database;
    /**
     * The blob storage the shop uses, made around the test's in-memory one (a storage that fails at
     * the far side, ADR 050); `storage` in the result stays the in-memory one.
     */
    storage?: (memory: MemoryStorage) => BlobStorage;
    /** Client time limits, shorter than the shop's for tests of slow clients. */
    timeouts?: Partial<ServerTimeouts>;
    /** NODE_ENV as the app sees it (default 'test'); 'production' turns on the canonical host (ADR 061). */
    nodeEnv?: 'production' | 'test';
  } = {},
): Promise<TestShop> {
  const publicUrl = options.publicUrl ?? TEST_PUBLIC_URL;
  const database = options.database ?? (await createTestDatabase());
  await seedReferenceData(database.db);
  const storage = new MemoryStorage();
  const shopStorage = options.storage ? options.storage(storage) : storage;
  const log = options.logs
    ? createLogger({ level: 'info', destination: options.logs })
    : createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const cacheBus = createCacheBus(database.db, log);
  await cacheBus.ready();
  const services = createServices({
    db: database.db,
    storage: shopStorage,
    cacheBus,
    config: defaultServiceConfig({
      publicUrl,
      mailFrom: TEST_MAIL_FROM,
      ...options.config,
    }),
    log,
  });
  const readiness = createReadiness(database.db);
  const app = await buildApp({
    env: {
      TRUST_PROXY: options.trustProxy ?? false,
      PUBLIC_URL: publicUrl,
      NODE_ENV: options.nodeEnv ?? 'test',
    },
    services,
    log,
    readiness,
    timeouts: options.timeouts,
    pages: options.pages
      ? { mode: 'production', build: await loadServerBuild(), clientDir: path.join(ROOT, 'build/client') }
      : undefined,
  });
  await app.ready();
  const worker = createOutboxWorker({
    db: database.db,
    transport: createMailboxTransport(database.db),
    from: TEST_MAIL_FROM,
    log,
    pollMs: 60_000,
  });
  async function deliverMail() {
    while ((await worker.runOnce()).sent > 0) {}
  }
  return {
    app,
    deliverMail,
    async mailTo(to: string) {
      await deliverMail();
      const page = await services.mail.listMailbox({ page: 1, pageSize: 100, to });
      // As the recipient reads them in their own inbox (staff see them masked: ADR 017).
      const messages = await Promise.all(page.items.map((m) => getMailboxMessage(database.db, m.id)));
      return messages.filter((m): m is MailboxMessage => m !== null);
    },
    database,
    services,
    storage,
    log,
    readiness,
    close: async () => {
      await app.close();
      await cacheBus.close();
      if (!options.database) await database.close();
    },
  };
}
