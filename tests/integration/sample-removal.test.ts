// Sample data removed for good (issue 30, ADR 070). On a seeded sample shop, an owner's real rows
// made through HTTP — a customer who signs up and buys a sample product, a footer subscriber, a
// product made in admin with a sample photo — survive the removal; every sample row goes (status
// 0 of every kind), the sample product in the real order is archived with the order's lines
// intact, the files of deleted pictures leave the disk while a picture still shown stays, the
// dashboard counts only the real order, a campaign would reach only the real subscribers, and a
// second run changes nothing. Migration 0021 marks an already-seeded shop exactly as the seed
// marks it. `--keep-catalogue` keeps the products (a small sample shop without artwork, quicker),
// and `npm run sample:remove` does the same in a child process against a data folder, refusing
// while the shop holds it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field } from '#core/product-draft.ts';
import { type Database, openDatabase, type Queryable, queryRows } from '#server/db/client.ts';
import { lockEmbeddedDatabase } from '#server/db/data-folder-lock.ts';
import type { StaffActor } from '#server/platform/staff-actor.ts';
import { DiskStorage } from '#server/platform/storage.ts';
import { SAMPLE_KINDS, sampleDataStatus } from '#server/seed/sample-removal.ts';
import { seedSampleCustomersAndOrders } from '#server/seed/sample-shop.ts';
import { seedReferenceData, seedSampleData } from '#server/seed/seed.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { linkIn, TestClient } from '#tests/helpers/client.ts';
import { checkIntegrity } from '#tests/helpers/integrity.ts';
import { type RoleVisitors, visitorsPerRole } from '#tests/helpers/role-clients.ts';
import { productFormFields, startShopProcess } from '#tests/helpers/shop-process.ts';
import { addToCart, checkoutForm, placeOrder } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';

const root = path.resolve(import.meta.dirname, '../..');
const mediaDir = mkdtempSync(path.join(tmpdir(), 'sample-removal-media-'));
let shop: TestShop;
let visitors: RoleVisitors;
let actor: StaffActor;

const MARKED_TABLES = [
  'users',
  'orders',
  'products',
  'reviews',
  'support_tickets',
  'newsletter_subscribers',
  'hero_slides',
  'popup_banners',
  'media',
] as const;

beforeAll(async () => {
  shop = await createTestShop({ pages: true, storage: () => new DiskStorage(mediaDir) });
  const loaded = await seedSampleData({
    db: shop.database.db,
    media: shop.services.media,
    log: shop.log,
    promoCodes: true,
  });
  expect(loaded).toBe(true);
  visitors = await visitorsPerRole(shop, 'Owner');
  const admin = visitors.users.admin;
  actor = {
    user: { id: admin.id, name: admin.name, email: admin.email, role: admin.role, emailVerified: true },
    ip: '127.0.0.1',
  };
}, 240_000);
afterAll(async () => {
  await shop?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

const rows = <T>(query: ReturnType<typeof sql>, db: Queryable = shop.database.db) => queryRows<T>(db, query);
async function one<T>(query: ReturnType<typeof sql>, db: Queryable = shop.database.db): Promise<T> {
  const [row] = await rows<T>(query, db);
  return row!;
}

async function markedIds(db: Queryable): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of MARKED_TABLES)
    out[table] = (
      await rows<{ id: string }>(
        sql.raw(`SELECT id::text AS id FROM "${table}" WHERE sample ORDER BY id`),
        db,
      )
    ).map((r) => r.id);
  return out;
}

/** The data statements of migration 0021 (after its column additions). */
function markingStatements(): string[] {
  const file = readFileSync(path.join(root, 'server/db/migrations/0021_sample_marks.sql'), 'utf8');
  return file
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => !s.startsWith('ALTER TABLE'));
}

describe('the sample mark', () => {
  it('is on every row the seed wrote, and status counts them', async () => {
    const status = await sampleDataStatus(shop.database.db);
    expect(status.byKind.customers).toBe(36);
    expect(status.byKind.orders).toBeGreaterThan(200);
    expect(status.byKind.reviews).toBeGreaterThan(0);
    expect(status.byKind.tickets).toBeGreaterThan(0);
    expect(status.byKind.subscribers).toBeGreaterThan(0);
    expect(status.byKind.products).toBeGreaterThanOrEqual(48);
    expect(status.byKind.slides).toBeGreaterThan(0);
    expect(status.byKind.pictures).toBeGreaterThan(status.byKind.products);
    expect(status.remaining).toBe(Object.values(status.byKind).reduce((a, b) => a + b, 0));
    // The test's own accounts are not sample rows.
    const test = await one<{ sample: boolean }>(sql`SELECT sample FROM users WHERE id = ${actor.user.id}`);
    expect(test.sample).toBe(false);
  });

  it('is written by migration 0021 on a shop seeded before it, exactly as the seed writes it', async () => {
    const db = shop.database.db;
    const seeded = await markedIds(db);
    await db.transaction(async (tx) => {
      for (const table of MARKED_TABLES) await tx.execute(sql.raw(`UPDATE "${table}" SET sample = false`));
      expect((await sampleDataStatus(tx)).remaining).toBe(0);
      for (const statement of markingStatements()) await tx.execute(sql.raw(statement));
    });
    expect(await markedIds(db)).toEqual(seeded);
  });
});

describe('removing the sample data', () => {
  const realEmail = 'real-owner-customer@example.ng';
  const footerEmail = 'real-footer-fan@example.ng';
  let realOrder: { id: number; tracking_number: string; lines: number };
  let boughtProduct: number;
  let shownPicture: string;
  let gonePicture: { id: string; key: string };
  let realProduct: number;
  let sampleCustomerEmail: string;

  it('is refused while the shop is still a demo shop', async () => {
    await expect(shop.services.sampleData.remove({ keepCatalogue: false, actor })).rejects.toThrow(
      /still a demo shop: take it over first/,
    );
    expect((await sampleDataStatus(shop.database.db)).byKind.customers).toBe(36);
  });

  it('keeps what the owner made through the shop since the demo', async () => {
    // A real customer signs up, confirms the address (joining the newsletter, ADR 036) and buys a sample wig.
    const client = new TestClient(shop.app);
    const password = 'braids and bundles forever';
    const signUp = await client.post('/auth', {
      intent: 'signup',
      name: 'Real Owner Customer',
      email: realEmail,
      password,
      confirmPassword: password,
      acceptTerms: 'on',
    });
    expect(signUp.statusCode).toBe(200);
    const [verify] = await shop.mailTo(realEmail);
    const url = new URL(linkIn(verify!.textBody, 'http://shop.test/auth/verify-email?'));
    const confirmed = await client.post('/auth/verify-email', {
      intent: 'confirm',
      token: url.searchParams.get('token')!,
      password,
    });
    expect(confirmed.statusCode).toBe(302);
    const variant = await one<{ id: number; product_id: number }>(
      sql`SELECT v.id, v.product_id FROM product_variants v JOIN products p ON p.id = v.product_id
          WHERE p.sample AND p.status = 'active' AND v.stock > 2 ORDER BY v.id LIMIT 1`,
    );
    boughtProduct = variant.product_id;
    expect((await addToCart(client, variant.id, 2)).statusCode).toBe(302);
    await placeOrder(client, checkoutForm({ email: realEmail, paymentMethod: 'bank_transfer' }));
    realOrder = await one(
      sql`SELECT o.id, o.tracking_number, (SELECT count(*)::int FROM order_lines WHERE order_id = o.id) AS lines
          FROM orders o WHERE o.email = ${realEmail}`,
    );
    expect(realOrder.lines).toBe(1);

    // A visitor subscribes from the footer and confirms from the inbox.
    const subscribed = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter',
      payload: { email: footerEmail },
    });
    expect(subscribed.statusCode).toBe(202);
    const [confirmMail] = await shop.mailTo(footerEmail);
    const token = new URL(
      linkIn(confirmMail!.textBody, 'http://shop.test/newsletter/confirm?'),
    ).searchParams.get('token');
    const confirmedSub = await shop.app.inject({
      method: 'POST',
      url: '/api/v1/newsletter/confirm',
      payload: { token },
    });
    expect(confirmedSub.statusCode).toBe(200);

    // The owner makes a product in admin, with a photo of another sample product.
    const pictures = await rows<{ product_id: number; media_id: string; storage_key: string }>(
      sql`SELECT i.product_id, i.media_id, m.storage_key FROM product_images i
          JOIN products p ON p.id = i.product_id JOIN media m ON m.id = i.media_id
          WHERE p.sample AND p.id <> ${boughtProduct} AND i.position = 0 ORDER BY p.id LIMIT 2`,
    );
    shownPicture = pictures[0]!.media_id;
    gonePicture = { id: pictures[1]!.media_id, key: pictures[1]!.storage_key };
    const admin = visitors.clients.admin;
    const blank = productFormFields((await admin.get('/admin/products/new')).body);
    const saved = await admin.post('/admin/products/new', {
      ...blank,
      name: "The Owner's Own Bob Wig",
      category: 'wigs',
      description: 'Made in admin after the demo.',
      status: 'active',
      [field.row(0, 'sku')]: 'OWN-BOB-1',
      [field.row(0, 'price')]: '95,000',
      [field.row(0, 'stock')]: '3',
      photos: shownPicture,
      intent: 'save',
    });
    expect(saved.statusCode, saved.body.match(/role="alert"[^<]*>([^<]*)/)?.[1] ?? '').toBe(302);
    realProduct = Number(String(saved.headers.location).match(/\/admin\/products\/(\d+)/)?.[1]);

    // Renditions on disk for both pictures; mail in the mailbox to a sample customer.
    for (const id of [shownPicture, gonePicture.id])
      expect((await shop.app.inject({ method: 'GET', url: `/media/${id}/480.webp` })).statusCode).toBe(200);
    expect(existsSync(path.join(mediaDir, 'renditions', gonePicture.id, '480.webp'))).toBe(true);
    expect(existsSync(path.join(mediaDir, gonePicture.key))).toBe(true);
    sampleCustomerEmail = (
      await one<{ email: string }>(sql`SELECT email FROM users WHERE sample ORDER BY id LIMIT 1`)
    ).email;
    await shop.database.db.execute(
      sql`INSERT INTO mail_outbox (template, to_address, subject, text_body, html_body)
          VALUES ('customer-message', ${sampleCustomerEmail}, 'About your order', 'Hello', '<p>Hello</p>')`,
    );
    await shop.deliverMail();
    expect(await shop.mailTo(sampleCustomerEmail)).toHaveLength(1);

    // The owner takes the shop over: demo mode ends.
    await shop.services.demo.end('test');
  });

  it('removes every sample row in one go, and nothing real', async () => {
    const db = shop.database.db;
    const { removed } = await shop.services.sampleData.remove({ keepCatalogue: false, actor });
    expect(removed.customers).toBe(36);
    expect(removed.orders).toBeGreaterThan(200);
    expect(removed.productsArchived).toBe(1);
    expect(removed.mail).toBeGreaterThanOrEqual(1);
    expect(removed.files).toBeGreaterThan(0);

    const status = await sampleDataStatus(db);
    expect(status.remaining).toBe(0);
    for (const kind of SAMPLE_KINDS) expect(status.byKind[kind], kind).toBe(0);
    expect(await checkIntegrity(db)).toEqual([]);

    // The real customer, their order with its line, the sample wig in it archived.
    expect(await rows(sql`SELECT id FROM users WHERE email = ${realEmail}`)).toHaveLength(1);
    const order = await one<{ lines: number; product_id: number }>(
      sql`SELECT (SELECT count(*)::int FROM order_lines WHERE order_id = o.id) AS lines,
                 (SELECT product_id FROM order_lines WHERE order_id = o.id LIMIT 1) AS product_id
          FROM orders o WHERE o.id = ${realOrder.id}`,
    );
    expect(order).toEqual({ lines: 1, product_id: boughtProduct });
    const bought = await one<{ status: string }>(
      sql`SELECT status FROM products WHERE id = ${boughtProduct}`,
    );
    expect(bought.status).toBe('archived');
    const tracked = await shop.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${realOrder.tracking_number}`,
    });
    expect(tracked.statusCode).toBe(200);

    // The owner's product, with the sample photo it shows, kept on disk; the others' gone.
    const products = await rows<{ id: number; status: string }>(
      sql`SELECT id, status FROM products ORDER BY id`,
    );
    expect(products).toEqual([
      { id: boughtProduct, status: 'archived' },
      { id: realProduct, status: 'active' },
    ]);
    expect(await rows(sql`SELECT id FROM media WHERE id = ${shownPicture}`)).toHaveLength(1);
    expect(existsSync(path.join(mediaDir, 'renditions', shownPicture, '480.webp'))).toBe(true);
    expect(await rows(sql`SELECT id FROM media WHERE id = ${gonePicture.id}`)).toHaveLength(0);
    expect(existsSync(path.join(mediaDir, gonePicture.key))).toBe(false);
    expect(existsSync(path.join(mediaDir, 'renditions', gonePicture.id))).toBe(false);
    const listed = await shop.app.inject({ method: 'GET', url: '/api/v1/products' });
    expect(listed.json().items.map((p: { id: number }) => p.id)).toEqual([realProduct]);

    // A campaign reaches only the real subscribers; the sample customer's mail is gone, the real one's kept.
    const subscribers = await rows<{ email: string }>(
      sql`SELECT email FROM newsletter_subscribers WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL ORDER BY email`,
    );
    expect(subscribers.map((s) => s.email)).toEqual([footerEmail, realEmail]);
    expect(await shop.mailTo(sampleCustomerEmail)).toHaveLength(0);
    expect((await shop.mailTo(realEmail)).length).toBeGreaterThan(0);

    // The dashboard counts the one real order (unpaid: no revenue, no best seller).
    const dashboard = await shop.services.analytics.dashboard('year');
    expect(dashboard.orders.current + dashboard.orders.previous).toBe(1);
    expect(dashboard.revenue.current + dashboard.revenue.previous).toBe(0);
    expect(dashboard.topByUnits).toEqual([]);
    expect(dashboard.recentOrders.map((o) => o.trackingNumber)).toEqual([realOrder.tracking_number]);
    expect(await rows(sql`SELECT day FROM order_daily_totals`)).toHaveLength(1);

    // The shop no longer says it runs on sample data; the admin's removal is in the audit log.
    expect((await shop.services.content.getStoreInfo()).usesSampleData).toBe(false);
    const [entry] = await shop.services.audit.list({ subjectType: 'sample_data' });
    expect(entry).toMatchObject({ actorUserId: actor.user.id, action: 'sample_data.remove' });
    expect(entry!.details).toMatchObject({ keepCatalogue: false, removed: { customers: 36 } });
  });

  it('is harmless the second time', async () => {
    const before = await markedIds(shop.database.db);
    const [counts] = await rows<Record<string, number>>(
      sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM orders) AS orders,
                 (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM media) AS media`,
    );
    const again = await shop.services.sampleData.remove({ keepCatalogue: false, actor });
    expect(again.removed).toEqual({});
    expect(await markedIds(shop.database.db)).toEqual(before);
    expect(
      await rows(
        sql`SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM orders) AS orders,
                   (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM media) AS media`,
      ),
    ).toEqual([counts]);
    expect(await shop.services.audit.list({ subjectType: 'sample_data' })).toHaveLength(1);
  });

  it('is an admin’s to do', async () => {
    const staff = visitors.users.staff;
    await expect(
      shop.services.sampleData.remove({
        keepCatalogue: false,
        actor: {
          user: { id: staff.id, name: staff.name, email: staff.email, role: staff.role, emailVerified: true },
        },
      }),
    ).rejects.toThrow(/Only an admin/);
  });
});

/**
 * A small sample shop without the artwork (quicker): three marked products, then the seed's own
 * customers, orders, reviews, tickets and subscribers on them, the setting, and (unless
 * `demoOn`) demo mode ended.
 */
async function smallSampleShop(db: Database['db'], options: { demoOn?: boolean } = {}): Promise<number[]> {
  await seedReferenceData(db);
  const ids: number[] = [];
  for (const name of ['Sample Kinky Curly Wig', 'Sample Body Wave Bundle', 'Sample HD Frontal']) {
    const product = await createProduct(db, { name });
    ids.push(product.id);
  }
  await db.execute(sql`UPDATE products SET sample = true, sales_count = 120`);
  await db.transaction((tx) => seedSampleCustomersAndOrders(tx, new Date()));
  await db.execute(
    sql`INSERT INTO settings (key, value) VALUES ('store.usesSampleData', 'true')
        ON CONFLICT (key) DO UPDATE SET value = 'true'`,
  );
  if (!options.demoOn)
    await db.execute(sql`INSERT INTO settings (key, value) VALUES ('demo.endedAt', '{"reason":"test"}')`);
  return ids;
}

describe('keeping the catalogue', () => {
  let small: TestShop;
  beforeAll(async () => {
    small = await createTestShop();
  });
  afterAll(async () => {
    await small?.close();
  });

  it('says nothing remains in a shop that never had sample data, and removes nothing there', async () => {
    expect(await small.services.sampleData.status()).toEqual({
      remaining: 0,
      byKind: Object.fromEntries(SAMPLE_KINDS.map((k) => [k, 0])),
    });
    expect((await small.services.sampleData.remove({ keepCatalogue: false })).removed).toEqual({});
  });

  it('removes the customers and orders and keeps the products, as the owner’s', async () => {
    const db = small.database.db;
    const ids = await smallSampleShop(db);
    const before = await sampleDataStatus(db);
    expect(before.byKind.customers).toBe(36);
    expect(before.byKind.orders).toBeGreaterThan(0);
    const { removed } = await small.services.sampleData.remove({ keepCatalogue: true });
    expect(removed).toMatchObject({ customers: 36, productsKept: 3 });
    expect(await sampleDataStatus(db)).toMatchObject({ remaining: 0 });
    const kept = await rows<{ id: number; status: string; sales_count: number }>(
      sql`SELECT id, status, sales_count FROM products ORDER BY id`,
      db,
    );
    expect(kept).toEqual(ids.map((id) => ({ id, status: 'active', sales_count: 0 })));
    expect(await rows(sql`SELECT id FROM orders`, db)).toEqual([]);
    expect(await rows(sql`SELECT id FROM reviews`, db)).toEqual([]);
    expect(await checkIntegrity(db)).toEqual([]);
    // The audit log says the command line did it.
    const [entry] = await small.services.audit.list({ subjectType: 'sample_data' });
    expect(entry).toMatchObject({ actorUserId: null, details: { via: 'command line', keepCatalogue: true } });
  });
});

describe.skipIf(usingPostgres)('npm run sample:remove', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'sample-remove-cli-'));
  const dataDir = path.join(scratch, 'data');
  // The shop's settings as the owner keeps them, in its .env (ADR 068).
  const envFile = path.join(scratch, 'shop.env');
  writeFileSync(envFile, `DATA_DIR=${dataDir}\nLOG_LEVEL=warn\n`);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  function run(args: string[] = []): { status: number | null; output: string } {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/sample-remove.ts', ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ENV_FILE: envFile,
      },
      encoding: 'utf8',
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  }

  it('removes the sample data of a stopped shop, says what, and then that nothing is left', async () => {
    const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
    await database.migrate();
    await smallSampleShop(database.db);
    await database.close();

    // While the shop (here: this test) holds the data folder, it refuses and changes nothing.
    const lock = lockEmbeddedDatabase(path.join(dataDir, 'db'), { command: 'the shop (npm start)' });
    const refused = run();
    lock.release();
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/npm start/);

    const first = run(['--keep-catalogue']);
    expect(first.status, first.output).toBe(0);
    expect(first.output).toContain('Removed the sample data (your catalogue was kept):');
    expect(first.output).toContain('36 sample customers');
    expect(first.output).toContain('3 sample products kept as your catalogue');

    const second = run();
    expect(second.status, second.output).toBe(0);
    expect(second.output).toContain('There is no sample data left to remove.');

    const after = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
    try {
      expect((await sampleDataStatus(after.db)).remaining).toBe(0);
      expect(await rows(sql`SELECT id FROM products`, after.db)).toHaveLength(3);
    } finally {
      await after.close();
    }
  }, 120_000);

  it('leaves them gone for good: the next start of the shop does not load the samples again', async () => {
    // Everything removed, the catalogue too: the catalogue is empty, as a fresh database's is.
    const folder = path.join(scratch, 'restarted');
    const database = await openDatabase({ kind: 'pglite', dir: path.join(folder, 'db') });
    await database.migrate();
    await smallSampleShop(database.db);
    await database.close();
    const removal = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/sample-remove.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        ENV_FILE: 'none',
        DATA_DIR: folder,
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
    });
    expect(removal.status, `${removal.stdout}${removal.stderr}`).toBe(0);

    // The real start, with SEED_ON_START at its default (true).
    const shop = await startShopProcess({ name: 'shop after sample:remove', env: { DATA_DIR: folder } });
    try {
      const listing = (await (await fetch(`${shop.url}/api/v1/products?pageSize=1`)).json()) as {
        total: number;
      };
      expect(listing.total).toBe(0);
      expect(shop.output()).not.toContain('sample data loaded');
    } finally {
      await shop.stop();
    }
    const after = await openDatabase({ kind: 'pglite', dir: path.join(folder, 'db') });
    try {
      expect((await sampleDataStatus(after.db)).remaining).toBe(0);
      expect(await rows(sql`SELECT id FROM products`, after.db)).toEqual([]);
    } finally {
      await after.close();
    }
  }, 180_000);
});
