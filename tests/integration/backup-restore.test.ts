// npm run db:backup / db:restore (ADR 052): a shop with orders, accounts and photos goes into one
// archive and comes back in a fresh place — the embedded database in a new DATA_DIR, or a new
// PostgreSQL database — where a shop started on it has the same orders, its accounts sign in and
// its photos are served byte for byte. Restore refuses a shop that has data unless forced, and
// anything that is not this shop's archive format.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '#core/demo.ts';
import { BackupError, backupShop, readManifest, restoreShop, type ShopPlace } from '#server/db/backup.ts';
import { databaseConfigFromEnv, openDatabase, queryRows } from '#server/db/client.ts';
import { loadEnv } from '#server/env.ts';
import { assembleShop } from '#server/http/assemble.ts';
import { createLogger } from '#server/platform/logger.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { addToCart, checkoutForm, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createScratchDatabase, type ScratchDatabase, usingPostgres } from '#tests/helpers/test-db.ts';

const work = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
const databases: ScratchDatabase[] = [];

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  for (const database of databases) await database.drop();
});

/** A fresh place for a shop: a DATA_DIR and, on PostgreSQL, a new empty database. */
async function freshPlace(label: string) {
  const dataDir = path.join(work, label);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_ON_START: 'true',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '3000',
  };
  if (usingPostgres) {
    const scratch = await createScratchDatabase(`shop_backup_${label}`);
    databases.push(scratch);
    env.DATABASE_URL = scratch.url;
  }
  const shopEnv = loadEnv(env);
  const place: ShopPlace = {
    database: databaseConfigFromEnv(shopEnv),
    mediaDir: path.join(shopEnv.DATA_DIR, 'media'),
  };
  return { env: shopEnv, place };
}

type Place = Awaited<ReturnType<typeof freshPlace>>;

/** The shop as `npm start` assembles it (database, migrations, sample data, pages), in this process. */
async function startShop(where: Place) {
  const shop = await assembleShop({ env: where.env, log: createLogger({ level: 'silent' }), dev: false });
  await shop.app.ready();
  return {
    app: shop.app,
    stop: async () => {
      await shop.app.close();
      await shop.stop();
    },
  };
}

/** Runs `work` on the place's database while no shop holds it. */
async function withDatabase<T>(where: Place, work: (db: Parameters<typeof queryRows>[0]) => Promise<T>) {
  const database = await openDatabase(where.place.database);
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const ordersOf = (db: Parameters<typeof queryRows>[0]) =>
  queryRows<{ tracking_number: string; total_kobo: number; status: string; email: string }>(
    db,
    sql`SELECT tracking_number, total_kobo, status, email FROM orders ORDER BY tracking_number`,
  );

/** Up to three picture addresses a page shows, and their bytes as served. */
async function photos(app: TestClient, urls?: string[]): Promise<Map<string, Buffer>> {
  if (!urls) {
    const home = await app.get('/');
    expect(home.statusCode).toBe(200);
    urls = [...new Set([...home.body.matchAll(/\/media\/[0-9a-f]{24}\/[\w.]+/g)].map((m) => m[0]))].slice(
      0,
      3,
    );
  }
  const served = new Map<string, Buffer>();
  for (const url of urls) {
    const res = await app.get(url);
    expect(res.statusCode, url).toBe(200);
    served.set(url, res.rawPayload);
  }
  return served;
}

async function signIn(client: TestClient, email: string, password: string, staff = false) {
  const res = staff
    ? await client.post('/admin/sign-in', { email, password })
    : await client.post('/auth', { intent: 'signin', email, password });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
}

describe(`backup and restore (${usingPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('brings back the orders, the accounts and the photos in a fresh place', {
    timeout: 240_000,
  }, async () => {
    // The first shop: sample data (orders, photos, the demo admin) and a customer's own order.
    const first = await freshPlace('first');
    const firstDb = await openDatabase(first.place.database);
    await firstDb.migrate();
    const customer = await createUser(firstDb.db, { name: 'Ngozi Restored' });
    await firstDb.close();

    const shopA = await startShop(first);
    const shopper = new TestClient(shopA.app);
    await signIn(shopper, customer.email, TEST_PASSWORD);
    const list = JSON.parse((await shopper.get('/api/v1/products')).body) as {
      items: { variants: { id: number; stock: number }[] }[];
    };
    const variant = list.items.flatMap((p) => p.variants).find((v) => v.stock > 0)!;
    await addToCart(shopper, variant.id);
    const { reference } = await placeOrder(shopper, checkoutForm({ email: customer.email }));
    await sandboxPay(shopper, reference);
    const photosBefore = await photos(new TestClient(shopA.app));
    expect(photosBefore.size).toBeGreaterThan(0);
    await shopA.stop();

    const ordersBefore = await withDatabase(first, ordersOf);
    expect(ordersBefore.some((o) => o.email === customer.email)).toBe(true);
    expect(ordersBefore.length).toBeGreaterThan(10);

    // Back up, then restore into a place that has never held a shop.
    const archive = path.join(work, 'shop.tar');
    const made = await backupShop(first.place, archive);
    expect(made.media.files).toBeGreaterThan(0);
    expect((await readManifest(archive)).database).toBe(usingPostgres ? 'postgres' : 'pglite');
    // The originals go in; renditions (remade on demand) stay out, though the first shop made some.
    expect(existsSync(path.join(first.place.mediaDir, 'renditions'))).toBe(true);
    const entries: string[] = [];
    await tar.list({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.filter((e) => e.startsWith('media/originals/') && !e.endsWith('/'))).toHaveLength(
      made.media.files,
    );
    expect(entries.some((e) => e.includes('renditions'))).toBe(false);

    const second = await freshPlace('second');
    await restoreShop(second.place, archive);
    expect(await withDatabase(second, ordersOf)).toEqual(ordersBefore);

    const shopB = await startShop(second);
    try {
      expect((await shopB.app.inject('/readyz')).statusCode).toBe(200);
      // The customer signs in with their password and finds their order.
      const back = new TestClient(shopB.app);
      await signIn(back, customer.email, TEST_PASSWORD);
      const mine = ordersBefore.find((o) => o.email === customer.email)!;
      const account = await back.get('/dashboard?tab=orders');
      expect(account.statusCode).toBe(200);
      expect(account.body).toContain(mine.tracking_number);
      // The demo admin signs in and sees every order.
      const admin = new TestClient(shopB.app);
      await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password, true);
      const adminOrder = await admin.get(`/admin/orders/${mine.tracking_number}`);
      expect(adminOrder.statusCode).toBe(200);
      expect(adminOrder.body).toContain(customer.email);
      // The photos are served with the same bytes (renditions are remade from the restored originals).
      const photosAfter = await photos(new TestClient(shopB.app), [...photosBefore.keys()]);
      for (const [url, bytes] of photosBefore) expect(photosAfter.get(url)?.equals(bytes), url).toBe(true);
    } finally {
      await shopB.stop();
    }

    // Restoring over the shop that now has data is refused, and nothing in it changes.
    await expect(restoreShop(second.place, archive)).rejects.toThrow(
      /Refusing to restore over a shop that has data/,
    );
    expect(await withDatabase(second, ordersOf)).toEqual(ordersBefore);
    // Told to, it replaces it: a change made since is gone.
    const nameOf = (db: Parameters<typeof queryRows>[0]) =>
      queryRows<{ name: string }>(db, sql`SELECT name FROM users WHERE email = ${customer.email}`);
    await withDatabase(second, (db) =>
      db.execute(sql`UPDATE users SET name = 'Changed' WHERE email = ${customer.email}`),
    );
    await restoreShop(second.place, archive, { force: true });
    expect(await withDatabase(second, nameOf)).toEqual([{ name: 'Ngozi Restored' }]);
    expect(await withDatabase(second, ordersOf)).toEqual(ordersBefore);
  });

  it('refuses what is not its own archive format', async () => {
    const where = await freshPlace('refusals');
    const notTar = path.join(work, 'not-a-backup.tar');
    writeFileSync(notTar, 'hello');
    await expect(restoreShop(where.place, notTar)).rejects.toThrow(BackupError);

    const dir = path.join(work, 'future');
    const future = path.join(work, 'future.tar');
    for (const [version, message] of [
      [99, /format version 99/],
      [1, /newer release/],
    ] as const) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        path.join(dir, 'manifest.json'),
        JSON.stringify({
          format: 'crown-hair-backup',
          version,
          database: usingPostgres ? 'postgres' : 'pglite',
          databaseFile: 'database',
          migrations: { applied: 1000, last: null },
          media: { files: 0, bytes: 0 },
        }),
      );
      await tar.create({ cwd: dir, file: future }, ['manifest.json']);
      await expect(restoreShop(where.place, future)).rejects.toThrow(message);
    }
    // Nothing was written into the place.
    expect(existsSync(where.env.DATA_DIR)).toBe(false);
  });
});
