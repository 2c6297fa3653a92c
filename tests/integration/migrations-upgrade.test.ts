// Upgrading keeps the data (ADR 052): a database the previous release's migrations made, with a
// few products, accounts, orders and a cart (tests/fixtures/previous-release.sql, remade by
// `npm run fixture:previous-release`), gets this release's migrations; every row is still there
// with the same values, and the shop serves it — the product page, the customer's sign-in and
// orders, the owner's admin screens — and says it is ready.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, type Queryable, queryRows } from '#server/db/client.ts';
import { MIGRATIONS_DIR } from '#server/paths.ts';
import { FIXTURE_ACCOUNTS, previousReleaseSql } from '#tests/fixtures/previous-release.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { addToCart, checkoutForm, placeOrder, sandboxPay } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { createScratchDatabase, usingPostgres } from '#tests/helpers/test-db.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

const shipped = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

const cleanups: (() => Promise<void>)[] = [];

/** The fixture loaded into a fresh database of the kind under test, not yet migrated further. */
async function previousReleaseDatabase(): Promise<Database> {
  const fixture = previousReleaseSql();
  if (!usingPostgres) {
    const dir = mkdtempSync(path.join(tmpdir(), 'shop-upgrade-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const client = await PGlite.create(dir, { extensions: { pg_trgm } });
    await client.exec(fixture);
    await client.close();
    return openDatabase({ kind: 'pglite', dir });
  }
  const scratch = await createScratchDatabase('shop_upgrade');
  cleanups.push(scratch.drop);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  await client.query(fixture);
  await client.end();
  return openDatabase({ kind: 'postgres', url: scratch.url });
}

/** Every row the fixture put in, as the shop's tables hold them. */
async function fixtureRows(db: Queryable) {
  const rows = async (query: ReturnType<typeof sql>) => queryRows<Record<string, unknown>>(db, query);
  return {
    products: await rows(
      sql`SELECT id, name, slug, description, category_slug, grade, origin, texture, status, is_active, min_price_kobo
          FROM products WHERE id >= 9000 ORDER BY id`,
    ),
    variants: await rows(
      sql`SELECT id, product_id, sku, options, price_kobo, stock FROM product_variants WHERE id >= 9100 ORDER BY id`,
    ),
    users: await rows(
      sql`SELECT email, name, password_hash, role, email_verified_at, phone FROM users ORDER BY email`,
    ),
    orders: await rows(
      sql`SELECT tracking_number, user_id, email, status, payment_method, subtotal_kobo, delivery_fee_kobo,
                 total_kobo, ship_state, paid_at, created_at FROM orders ORDER BY tracking_number`,
    ),
    lines: await rows(
      sql`SELECT o.tracking_number, l.sku, l.unit_price_kobo, l.quantity, l.total_kobo
          FROM order_lines l JOIN orders o ON o.id = l.order_id ORDER BY o.tracking_number, l.sku`,
    ),
    history: await rows(sql`SELECT count(*)::int AS n FROM order_status_history`),
    cartLines: await rows(
      sql`SELECT variant_id, quantity, seen_price_kobo FROM cart_lines ORDER BY variant_id`,
    ),
  };
}

describe(`migrations from the previous release (${usingPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let database: Database;
  let before: Awaited<ReturnType<typeof fixtureRows>>;
  let shop: TestShop;

  beforeAll(async () => {
    database = await previousReleaseDatabase();
    before = await fixtureRows(database.db);
    await database.migrate();
    shop = await createTestShop({ database, pages: true });
  }, 120_000);

  afterAll(async () => {
    await shop?.close();
    await database?.close();
    for (const cleanup of cleanups) await cleanup();
  });

  it('starts from an older database and applies every migration this release ships', async () => {
    const [row] = await queryRows<{ applied: number }>(
      database.db,
      sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
    );
    expect(before.orders).toHaveLength(2);
    expect(before.users).toHaveLength(2);
    expect(row?.applied).toBe(shipped);
    expect(shipped).toBeGreaterThan(17);
    expect((await shop.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('keeps every row with the same values', async () => {
    expect(await fixtureRows(database.db)).toEqual(before);
  });

  it('serves the older products, accounts and orders', async () => {
    const product = await new TestClient(shop.app).get('/collections/upgrade-body-wave-wig-9001');
    expect(product.statusCode).toBe(200);
    expect(product.body).toContain('Upgrade Body Wave Wig');
    expect(product.body).toContain('185,000');

    const customer = new TestClient(shop.app);
    const signIn = await customer.post('/auth', {
      intent: 'signin',
      email: FIXTURE_ACCOUNTS.customer.email,
      password: FIXTURE_ACCOUNTS.customer.password,
    });
    expect(signIn.statusCode, signIn.body.slice(0, 300)).toBe(302);
    const orders = await customer.get('/dashboard?tab=orders');
    expect(orders.body).toContain('CH900000000001');
    expect(orders.body).not.toContain('CH900000000002');

    const { client: owner } = await signInAndEnrol(shop.app, FIXTURE_ACCOUNTS.admin);
    const guestOrder = await owner.get('/admin/orders/CH900000000002');
    expect(guestOrder.statusCode).toBe(200);
    expect(guestOrder.body).toContain('Guest Buyer');
  });

  it('takes a new order for an older product, and its stock moves', async () => {
    const shopper = new TestClient(shop.app);
    await addToCart(shopper, 9103, 2);
    const { reference } = await placeOrder(shopper, checkoutForm());
    await sandboxPay(shopper, reference);
    const [variant] = await queryRows<{ stock: number }>(
      database.db,
      sql`SELECT stock FROM product_variants WHERE id = 9103`,
    );
    expect(variant?.stock).toBe(10);
  });
});
