// The cart through HTTP: kept on the server by cookie, priced from today's catalogue, promo codes
// checked on the server, merged into the account on sign-in.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleDiscounts } from '#server/db/seed/seed.ts';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  // The tests use the sample promo codes; a test shop has only the reference data (ADR 016).
  await seedSampleDiscounts(shop.database.db);
});
afterAll(async () => {
  await shop.close();
});

type CartJson = {
  cart: {
    lines: {
      variantId: number;
      quantity: number;
      unitPriceKobo: number;
      notice: string | null;
      problem: string | null;
    }[];
    itemCount: number;
    subtotalKobo: number;
    discountKobo: number;
    totalKobo: number;
    promo: { code: string; applied: boolean; message: string } | null;
    canCheckout: boolean;
  };
};

/** The cart as GET /api/v1/cart returns it for this browser's cookies. */
async function cartOf(client: TestClient): Promise<CartJson['cart']> {
  const res = await client.get('/api/v1/cart');
  expect(res.statusCode).toBe(200);
  return res.json() as CartJson['cart'];
}

async function add(
  client: TestClient,
  variantId: number,
  quantity: number,
  extra: Record<string, string> = {},
) {
  return client.post('/cart', {
    intent: 'add',
    variantId: String(variantId),
    quantity: String(quantity),
    ...extra,
  });
}

describe('adding to the cart', () => {
  it('keeps a guest cart behind an HttpOnly cookie and adds the chosen quantity', async () => {
    const product = await createProduct(shop.database.db, {
      variants: [{ priceKobo: 4_500_000, stock: 10 }],
    });
    const variant = product.variants[0]!;
    const client = new TestClient(shop.app);
    const res = await add(client, variant.id, 2);
    // Without JavaScript the shopper lands on the cart.
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/cart');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^ch_cart=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toMatch(/Max-Age=2592000/);

    await add(client, variant.id, 3); // an existing line goes up by the chosen quantity
    const cart = await cartOf(client);
    expect(cart.lines).toEqual([
      expect.objectContaining({ variantId: variant.id, quantity: 5, unitPriceKobo: 4_500_000 }),
    ]);
    expect(cart.subtotalKobo).toBe(22_500_000);

    const page = await client.get('/cart');
    expect(page.body).toContain(product.name);
    expect(page.body).toContain('₦225,000');
    expect(page.body).toContain('Checkout is secured by Paystack');
    // The header badge counts items on every page.
    const home = await client.get('/collections');
    expect(home.body).toMatch(/data-cart-count=""[^>]*>5</);
  });

  it('refuses more than is in stock, saying how many are left', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 3 }] });
    const client = new TestClient(shop.app);
    await add(client, product.variants[0]!.id, 2);
    const res = await add(client, product.variants[0]!.id, 2, { _js: '1' });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('only 3 are left in stock, and 2 already in your cart');
    expect((await cartOf(client)).lines[0]!.quantity).toBe(2);

    const soldOut = await createProduct(shop.database.db, { variants: [{ stock: 0 }] });
    const refused = await add(new TestClient(shop.app), soldOut.variants[0]!.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Sorry, this is sold out.');
  });

  it('ignores any price the browser sends', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 9_900_000 }] });
    const client = new TestClient(shop.app);
    await add(client, product.variants[0]!.id, 1, { priceKobo: '100', unitPriceKobo: '100', price: '1' });
    expect((await cartOf(client)).subtotalKobo).toBe(9_900_000);
  });

  it('refuses unknown or withdrawn items and bad quantities with a clear message', async () => {
    const withdrawn = await createProduct(shop.database.db, { isActive: false });
    const client = new TestClient(shop.app);
    expect((await add(client, withdrawn.variants[0]!.id, 1)).body).toContain('no longer available');
    const product = await createProduct(shop.database.db);
    const zero = await add(client, product.variants[0]!.id, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain('Please choose at least 1.');
    expect((await add(client, product.variants[0]!.id, Number.NaN)).statusCode).toBe(400);
  });
});

describe('changing the cart', () => {
  it('steps quantities, removes at zero, removes lines and clears', async () => {
    const a = await createProduct(shop.database.db, { variants: [{ stock: 4 }] });
    const b = await createProduct(shop.database.db);
    const client = new TestClient(shop.app);
    await add(client, a.variants[0]!.id, 1);
    await add(client, b.variants[0]!.id, 1);

    const set = (variantId: number, quantity: number) =>
      client.post('/cart', { intent: 'set', variantId: String(variantId), quantity: String(quantity) });
    expect((await set(a.variants[0]!.id, 4)).statusCode).toBe(200);
    const tooMany = await set(a.variants[0]!.id, 5);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.body).toContain('only 4 are left');
    await set(b.variants[0]!.id, 0);
    expect((await cartOf(client)).lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [a.variants[0]!.id, 4],
    ]);
    await set(a.variants[0]!.id, -2);
    expect((await cartOf(client)).lines).toEqual([]);

    await add(client, a.variants[0]!.id, 1);
    await client.post('/cart', { intent: 'remove', variantId: String(a.variants[0]!.id) });
    expect((await cartOf(client)).lines).toEqual([]);
    await add(client, b.variants[0]!.id, 2);
    await client.post('/cart', { intent: 'clear' });
    const empty = await client.get('/cart');
    expect(empty.body).toContain('Your cart is empty');
    expect(empty.body).toContain('Add some beautiful hair products to get started!');
  });

  it('points out a price change and a stock drop since the item was added', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ priceKobo: 5_000_000, stock: 5 }] });
    const id = product.variants[0]!.id;
    const client = new TestClient(shop.app);
    await add(client, id, 3);
    await shop.database.db.execute(
      sql`UPDATE product_variants SET price_kobo = 4200000, stock = 2 WHERE id = ${id}`,
    );
    const cart = await cartOf(client);
    expect(cart.lines[0]).toMatchObject({
      unitPriceKobo: 4_200_000,
      notice: 'The price has gone down from ₦50,000 to ₦42,000 since you added it.',
      problem: 'Only 2 left: please lower the quantity to check out.',
    });
    expect(cart.subtotalKobo).toBe(12_600_000);
    expect(cart.canCheckout).toBe(false);
    const page = await client.get('/cart');
    expect(page.body).toContain('Please fix the items marked above to check out.');
    expect(page.body).not.toContain('Proceed to Checkout');

    // Lowering the quantity shows today's price as seen.
    await client.post('/cart', { intent: 'set', variantId: String(id), quantity: '2' });
    expect((await cartOf(client)).lines[0]).toMatchObject({ notice: null, problem: null });
  });
});

describe('promo codes in the cart', () => {
  it('applies a code whatever its case, computed on the server; a later one replaces it', async () => {
    const product = await createProduct(shop.database.db, {
      variants: [{ priceKobo: 3_333_333, stock: 10 }],
    });
    const client = new TestClient(shop.app);
    await add(client, product.variants[0]!.id, 1);
    const applied = await client.post('/cart', { intent: 'promo', code: ' save10 ' });
    expect(applied.statusCode).toBe(200);
    let cart = await cartOf(client);
    expect(cart.promo).toMatchObject({ code: 'SAVE10', applied: true });
    expect(cart.discountKobo).toBe(333_333);
    expect(cart.totalKobo).toBe(3_000_000);

    await client.post('/cart', { intent: 'promo', code: 'SAVE20' });
    cart = await cartOf(client);
    expect(cart.promo?.code).toBe('SAVE20');
    expect(cart.discountKobo).toBe(666_667);

    const invalid = await client.post('/cart', { intent: 'promo', code: 'FREEHAIR' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Invalid promo code');
    expect((await cartOf(client)).promo?.code).toBe('SAVE20'); // the valid one stays

    await client.post('/cart', { intent: 'remove-promo' });
    expect((await cartOf(client)).promo).toBeNull();
  });

  it('says specifically why a code cannot be used', async () => {
    const db = shop.database.db;
    await db.execute(
      sql`INSERT INTO discounts (code, type, value, scope, expires_at) VALUES ('OLDNEWS', 'percentage', 5, 'global', now() - interval '1 day')`,
    );
    await db.execute(
      sql`INSERT INTO discounts (code, type, value, scope, is_active) VALUES ('SLEEPING', 'percentage', 5, 'global', false)`,
    );
    await db.execute(
      sql`INSERT INTO discounts (code, type, value, scope, usage_limit, used_count) VALUES ('ALLGONE', 'fixed', 100000, 'global', 3, 3)`,
    );
    await db.execute(
      sql`INSERT INTO discounts (code, type, value, scope, min_subtotal_kobo) VALUES ('BIGSPEND', 'percentage', 5, 'global', 100000000)`,
    );
    await db.execute(
      sql`INSERT INTO discounts (code, type, value, scope, category_slugs) VALUES ('BRAIDS5', 'percentage', 5, 'category', ARRAY['braiding-hair'])`,
    );
    const product = await createProduct(db, { category: 'wigs' });
    const client = new TestClient(shop.app);
    await add(client, product.variants[0]!.id, 1);
    const messages: Record<string, string> = {
      OLDNEWS: 'This promo code has expired.',
      SLEEPING: 'This promo code is not active.',
      ALLGONE: 'This promo code has been used up.',
      BIGSPEND: 'This promo code needs a subtotal of at least ₦1,000,000.',
      BRAIDS5: 'This promo code does not apply to the items in your cart.',
    };
    for (const [code, message] of Object.entries(messages)) {
      const res = await client.post('/cart', { intent: 'promo', code: code.toLowerCase() });
      expect(res.statusCode, code).toBe(400);
      expect(res.body, code).toContain(message);
    }
  });

  it('is refused on an empty cart', async () => {
    const res = await new TestClient(shop.app).post('/cart', { intent: 'promo', code: 'SAVE10' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Add something to your cart first.');
  });
});

describe('signing in with a guest cart', () => {
  it('merges it into the account cart (never beyond stock) and forgets the guest cart', async () => {
    const a = await createProduct(shop.database.db, { variants: [{ stock: 4 }] });
    const b = await createProduct(shop.database.db);
    const user = await createUser(shop.database.db);
    // The account already holds 3 of A.
    const phone = new TestClient(shop.app);
    await phone.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    await add(phone, a.variants[0]!.id, 3);

    const laptop = new TestClient(shop.app);
    await add(laptop, a.variants[0]!.id, 2);
    await add(laptop, b.variants[0]!.id, 1);
    await laptop.post('/cart', { intent: 'promo', code: 'SAVE10' });
    const guestToken = laptop.cookies.get('ch_cart');
    expect(guestToken).toBeDefined();
    const signIn = await laptop.post('/auth', {
      intent: 'signin',
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBe(302);
    expect(String(signIn.headers['set-cookie'])).toMatch(/ch_cart=;/);
    expect(laptop.cookies.has('ch_cart')).toBe(false);

    const cart = await cartOf(laptop);
    expect(cart.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [a.variants[0]!.id, 4],
      [b.variants[0]!.id, 1],
    ]);
    expect(cart.promo?.code).toBe('SAVE10');
    // The same cart on the other device.
    expect((await cartOf(phone)).itemCount).toBe(5);
    // The guest cart is gone: its old cookie now reaches nothing.
    const replay = new TestClient(shop.app);
    replay.cookies.set('ch_cart', guestToken!);
    expect((await cartOf(replay)).lines).toEqual([]);
  });
});
