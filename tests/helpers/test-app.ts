// The whole shop in-process for integration tests: a fresh database, real services, the real
// Fastify app and, when the storefront has been built, the real server-rendered pages.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { Database } from '#server/db/client.ts';
import { seedReferenceData } from '#server/db/seed/seed.ts';
import { buildApp } from '#server/http/app.ts';
import { createLogger, type Logger } from '#server/platform/logger.ts';
import { MemoryStorage } from '#server/platform/storage.ts';
import { createServices, type Services } from '#server/services.ts';
import { createTestDatabase } from './test-db.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILD = path.join(ROOT, 'build/server/index.js');

export interface TestShop {
  app: FastifyInstance;
  database: Database;
  services: Services;
  storage: MemoryStorage;
  log: Logger;
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

export async function createTestShop(
  options: { pages?: boolean; logs?: LogCapture } = {},
): Promise<TestShop> {
  const database = await createTestDatabase();
  await seedReferenceData(database.db);
  const storage = new MemoryStorage();
  const services = createServices({ db: database.db, storage });
  const log = options.logs
    ? createLogger({ level: 'info', destination: options.logs })
    : createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const app = await buildApp({
    env: { TRUST_PROXY: false, PUBLIC_URL: 'http://shop.test', NODE_ENV: 'test' },
    services,
    log,
    pages: options.pages
      ? { mode: 'production', build: await loadServerBuild(), clientDir: path.join(ROOT, 'build/client') }
      : undefined,
  });
  await app.ready();
  return {
    app,
    database,
    services,
    storage,
    log,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
