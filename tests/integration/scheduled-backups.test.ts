// Backups that run themselves (issue 30, ADR 069): `npm run db:backup` writes dated archives under
// DATA_DIR/backups and keeps the last BACKUP_KEEP; a running shop with BACKUP_EVERY_HOURS takes them
// itself while it serves (the embedded database through its own open instance, PostgreSQL through
// pg_dump); a failed one is recorded and the shop carries on. The restore drill: a shop taking
// checkouts is backed up in the middle of them, the archive is restored into an empty place, and
// every order committed before the backup started is there, in a database that passes the
// integrity checks.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { restoreShop, type ShopPlace } from '#server/db/backup.ts';
import { databaseConfigFromEnv, openDatabase, type Queryable, queryRows } from '#server/db/client.ts';
import { BACKUP_NAME, backupEveryHours, backupsDir, lastBackup } from '#server/db/scheduled-backups.ts';
import { loadEnv } from '#server/env.ts';
import { assembleShop } from '#server/http/assemble.ts';
import { PROJECT_ROOT } from '#server/paths.ts';
import { createLogger } from '#server/platform/logger.ts';
import { seedReferenceData } from '#server/seed/reference.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { checkIntegrity } from '#tests/helpers/integrity.ts';
import { addToCart, checkoutForm, placeOrder } from '#tests/helpers/shopping.ts';
import { createScratchDatabase, type ScratchDatabase, usingPostgres } from '#tests/helpers/test-db.ts';

const work = mkdtempSync(path.join(tmpdir(), 'shop-scheduled-backups-'));
const databases: ScratchDatabase[] = [];

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  for (const database of databases) await database.drop();
});

/** A fresh place for a shop (a DATA_DIR and, on PostgreSQL, a new empty database). */
async function freshPlace(label: string, extra: Record<string, string> = {}) {
  const dataDir = path.join(work, label);
  const vars: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '3000',
    ...extra,
  };
  if (usingPostgres) {
    const scratch = await createScratchDatabase(`shop_sched_${label.replace(/\W/g, '_')}`);
    databases.push(scratch);
    vars.DATABASE_URL = scratch.url;
  }
  const env = loadEnv(vars);
  const place: ShopPlace = {
    database: databaseConfigFromEnv(env),
    mediaDir: path.join(env.DATA_DIR, 'media'),
  };
  return { vars, env, place };
}

type Place = Awaited<ReturnType<typeof freshPlace>>;

/** Migrates the place and gives it one product with plenty of stock; answers its variant. */
async function prepare(where: Place): Promise<number> {
  const database = await openDatabase(where.place.database);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const product = await createProduct(database.db, { variants: [{ stock: 10_000, priceKobo: 1_500_000 }] });
    return product.variants[0]!.id;
  } finally {
    await database.close();
  }
}

async function startShop(where: Place) {
  const shop = await assembleShop({ env: where.env, log: createLogger({ level: 'silent' }), dev: false });
  await shop.app.ready();
  return {
    ...shop,
    stopAll: async () => {
      await shop.app.close();
      await shop.stop();
    },
  };
}

async function withDatabase<T>(where: Place, work: (db: Queryable) => Promise<T>): Promise<T> {
  const database = await openDatabase(where.place.database);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const orderEmails = async (db: Queryable) =>
  new Set((await queryRows<{ email: string }>(db, sql`SELECT email FROM orders`)).map((r) => r.email));

function dbCli(where: Place, ...args: string[]) {
  return spawnSync(path.join(PROJECT_ROOT, 'node_modules/.bin/tsx'), ['server/cli/db.ts', ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...where.vars, NODE_ENV: 'production' },
    encoding: 'utf8',
    timeout: 120_000,
  });
}

describe('how often a running shop backs itself up', () => {
  it('every 24 hours in a production shop, never in a demo shop, unless BACKUP_EVERY_HOURS says', () => {
    expect(backupEveryHours(loadEnv({ PUBLIC_URL: 'https://crownhair.ng' }))).toBe(24);
    expect(backupEveryHours(loadEnv({}))).toBe(0);
    expect(backupEveryHours(loadEnv({ PUBLIC_URL: 'https://crownhair.ng', BACKUP_EVERY_HOURS: '0' }))).toBe(
      0,
    );
    expect(backupEveryHours(loadEnv({ BACKUP_EVERY_HOURS: '6' }))).toBe(6);
    expect(loadEnv({}).BACKUP_KEEP).toBe(14);
    expect(() => loadEnv({ BACKUP_EVERY_HOURS: '-1' })).toThrow(/BACKUP_EVERY_HOURS/);
    expect(() => loadEnv({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });
});

describe(`backups that run themselves (${usingPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('db:backup writes a dated archive under DATA_DIR/backups and keeps the last BACKUP_KEEP', {
    timeout: 180_000,
  }, async () => {
    const where = await freshPlace('cli', { BACKUP_KEEP: '2' });
    await prepare(where);
    const dir = backupsDir(where.env.DATA_DIR);
    mkdirSync(dir, { recursive: true });
    // Two older archives of its own, and files it did not make (never pruned).
    writeFileSync(path.join(dir, 'crownhair-2026-01-01T000000Z.tar'), 'old');
    writeFileSync(path.join(dir, 'crownhair-2026-01-02T000000Z.tar'), 'old');
    writeFileSync(path.join(dir, 'my-own-copy.tar'), 'mine');
    const rootBefore = readdirSync(PROJECT_ROOT).sort();

    const run = dbCli(where, 'backup');
    expect(run.status, run.stderr).toBe(0);
    const files = readdirSync(dir).sort();
    const own = files.filter((f) => BACKUP_NAME.test(f));
    expect(own).toHaveLength(2);
    expect(own[0]).toBe('crownhair-2026-01-02T000000Z.tar');
    const fresh = own[1]!;
    expect(fresh).toMatch(/^crownhair-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar$/);
    expect(files).toContain('my-own-copy.tar');
    expect(run.stdout).toContain(path.join(dir, fresh));
    // Nothing was written into the project itself.
    expect(readdirSync(PROJECT_ROOT).sort()).toEqual(rootBefore);

    const last = await lastBackup(where.env.DATA_DIR);
    expect(last.newest?.path).toBe(path.join(dir, fresh));
    expect(last.newest?.bytes).toBeGreaterThan(1000);
    expect(Math.abs(Date.now() - last.newest!.at.getTime())).toBeLessThan(120_000);

    // --out still writes where it is told, and prunes nothing.
    const chosen = path.join(work, 'chosen.tar');
    const again = dbCli(where, 'backup', '--out', chosen);
    expect(again.status, again.stderr).toBe(0);
    expect(existsSync(chosen)).toBe(true);
    expect(readdirSync(dir).filter((f) => BACKUP_NAME.test(f))).toEqual(own);
  });

  it('a running shop with BACKUP_EVERY_HOURS takes its backup itself, and the folder shows it', {
    timeout: 120_000,
  }, async () => {
    // 0.0005 hours: every 1.8 seconds.
    const where = await freshPlace('scheduled', { BACKUP_EVERY_HOURS: '0.0005' });
    await prepare(where);
    const shop = await startShop(where);
    try {
      expect(shop.backups).not.toBeNull();
      const deadline = Date.now() + 60_000;
      let last = await lastBackup(where.env.DATA_DIR);
      while (!last.newest && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        last = await lastBackup(where.env.DATA_DIR);
      }
      expect(path.basename(last.newest?.path ?? '')).toMatch(BACKUP_NAME);
      expect(path.dirname(last.newest!.path)).toBe(backupsDir(where.env.DATA_DIR));
      expect(last.failure).toBeNull();
      // It went on serving.
      expect((await shop.app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      await shop.stopAll();
    }
  });

  it('a backup that fails is recorded and the shop goes on serving', { timeout: 120_000 }, async () => {
    const where = await freshPlace('failing', { BACKUP_EVERY_HOURS: '24' });
    await prepare(where);
    // The backups folder cannot be made: a file has its name.
    mkdirSync(where.env.DATA_DIR, { recursive: true });
    writeFileSync(backupsDir(where.env.DATA_DIR), 'not a folder');
    const shop = await startShop(where);
    try {
      expect(await shop.backups!.runNow()).toBeNull();
      const last = await lastBackup(where.env.DATA_DIR);
      expect(last.newest).toBeNull();
      expect(last.failure?.error).toBeTruthy();
      expect((await shop.app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      await shop.stopAll();
    }
  });

  it('restore drill: backed up while taking checkouts, restored into an empty place, no committed order lost', {
    timeout: 240_000,
  }, async () => {
    const where = await freshPlace('drill', { BACKUP_EVERY_HOURS: '24' });
    const variant = await prepare(where);
    const shop = await startShop(where);
    const committedBeforeBackup: string[] = [];
    let backupStarted = false;
    let placed = 0;
    let archive: string | null = null;
    try {
      const checkout = async (n: number) => {
        const client = new TestClient(shop.app);
        expect((await addToCart(client, variant)).statusCode).toBe(302);
        const email = `drill-${n}@example.ng`;
        await placeOrder(client, checkoutForm({ email }));
        placed += 1;
        if (!backupStarted) committedBeforeBackup.push(email);
      };
      // Orders before, then shoppers checking out while the backup is taken, then more after.
      for (let n = 0; n < 6; n += 1) await checkout(n);
      const shoppers = Promise.all(
        [0, 1, 2].map(async (lane) => {
          for (let i = 0; i < 6; i += 1) await checkout(100 + lane * 10 + i);
        }),
      );
      await new Promise((r) => setTimeout(r, 50));
      backupStarted = true;
      // Shoppers are still checking out while it is taken.
      expect(placed).toBeLessThan(24);
      const made = await shop.backups!.runNow();
      await shoppers;
      expect(made, JSON.stringify((await lastBackup(where.env.DATA_DIR)).failure)).not.toBeNull();
      archive = made!.path;
      expect(committedBeforeBackup.length).toBeGreaterThanOrEqual(6);
      expect(placed).toBe(24);
      expect((await shop.app.inject('/readyz')).statusCode).toBe(200);
    } finally {
      await shop.stopAll();
    }

    const target = await freshPlace('drill-restored');
    await restoreShop(target.place, archive!);
    await withDatabase(target, async (db) => {
      const restored = await orderEmails(db);
      for (const email of committedBeforeBackup) expect(restored.has(email), email).toBe(true);
      expect(await checkIntegrity(db)).toEqual([]);
    });
  });
});
