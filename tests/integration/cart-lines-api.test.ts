// POST /api/v1/cart/lines through HTTP: the product page's Add to Cart when JavaScript runs (ADR 039).
// The same service call, caps, cookie and rate limit as the /cart page's "add" action, answered
// in JSON with the cart's count; errors in the one error shape; cross-site posts refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;

// A small per-cart limit, so the test can reach it (the first add, without a cookie, is counted
// by address only).
const CART_SESSION_LIMIT = 6;

beforeAll(async () => {
  shop = await createTestShop({
    pages: true,
    config: { rateLimits: { 'cart:session': { limit: CART_SESSION_LIMIT } } },
  });
});
afterAll(async () => {
  await shop.close();
});

const SAME_ORIGIN = { origin: 'http://shop.test', 'sec-fetch-site': 'same-origin' };

/** What the island sends: JSON from the shop's own page. */
async function addLine(
  client: TestClient,
  body: unknown,
  headers: Record<string, string> = SAME_ORIGIN,
  cookies = true,
) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await shop.app.inject({
    method: 'POST',
    url: '/api/v1/cart/lines',
    payload: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      ...headers,
      ...(cookies && cookie ? { cookie } : {}),
    },
  });
  for (const c of res.cookies as { name: string; value: string }[]) client.cookies.set(c.name, c.value);
  return res;
}

async function cartOf(client: TestClient) {
  const res = await client.get('/api/v1/cart');
  expect(res.statusCode).toBe(200);
  return res.json() as { lines: { variantId: number; quantity: number }[]; itemCount: number };
}

describe('POST /api/v1/cart/lines', () => {
  it('gives a first-time guest the cart cookie, adds the quantity and answers the count', async () => {
    const product = await createProduct(shop.database.db, {
      variants: [{ priceKobo: 4_500_000, stock: 10 }, { stock: 10 }],
    });
    const [a, b] = product.variants;
    const client = new TestClient(shop.app);
    const first = await addLine(client, { variantId: a!.id, quantity: 2 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ count: 2, quantity: 2, message: 'Added to your cart.' });
    expect(first.headers['cache-control']).toBe('private, no-store');
    // The same cookie the /cart form gives a first-time guest.
    const cookie = String(first.headers['set-cookie']);
    expect(cookie).toMatch(/^ch_cart=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toMatch(/Max-Age=2592000/);

    // With the cookie: the same cart, no new cookie; the count is the cart's units.
    const again = await addLine(client, { variantId: a!.id, quantity: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.json()).toMatchObject({ count: 3, quantity: 3 });
    const other = await addLine(client, { variantId: String(b!.id), quantity: '1' });
    expect(other.json()).toMatchObject({ count: 4, quantity: 1 });
    const cart = await cartOf(client);
    expect(cart.itemCount).toBe(4);
    expect(cart.lines.map((l) => [l.variantId, l.quantity])).toEqual(
      expect.arrayContaining([
        [a!.id, 3],
        [b!.id, 1],
      ]),
    );
    // Pages see it: the header badge counts the units.
    const page = await client.get('/cart');
    expect(page.body).toMatch(/data-cart-count=""[^>]*>4</);
  });

  it('adds one when no quantity is given, and to a signed-in shopper’s own cart', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const user = await createUser(shop.database.db);
    const client = new TestClient(shop.app);
    await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    const res = await addLine(client, { variantId: product.variants[0]!.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ count: 1, quantity: 1 });
    expect(res.headers['set-cookie']).toBeUndefined(); // the account's cart needs no guest cookie
    // On another device the account's cart holds it.
    const phone = new TestClient(shop.app);
    await phone.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    expect((await cartOf(phone)).lines).toEqual([
      expect.objectContaining({ variantId: product.variants[0]!.id, quantity: 1 }),
    ]);
  });

  it('refuses a sold-out variant and more than is left with 409, in the one error shape', async () => {
    const soldOut = await createProduct(shop.database.db, { variants: [{ stock: 0 }] });
    const guest = new TestClient(shop.app);
    const refused = await addLine(guest, { variantId: soldOut.variants[0]!.id, quantity: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'out_of_stock',
      message: 'Sorry, this is sold out.',
      requestId: expect.any(String),
    });
    // Nothing made: no cart, no cookie.
    expect(refused.headers['set-cookie']).toBeUndefined();

    const few = await createProduct(shop.database.db, { variants: [{ stock: 3 }] });
    const client = new TestClient(shop.app);
    expect((await addLine(client, { variantId: few.variants[0]!.id, quantity: 2 })).statusCode).toBe(200);
    const tooMany = await addLine(client, { variantId: few.variants[0]!.id, quantity: 2 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      error: 'out_of_stock',
      message: 'Sorry, only 3 are left in stock, and 2 already in your cart.',
    });
    expect((await cartOf(client)).lines[0]!.quantity).toBe(2);
  });

  it('refuses more than one line may take, bad quantities and unknown variants with 400', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 50 }] });
    const id = product.variants[0]!.id;
    const max = shop.services.cart.caps.maxQuantityPerLine;
    const client = new TestClient(shop.app);
    const overCap = await addLine(client, { variantId: id, quantity: max + 1 });
    expect(overCap.statusCode).toBe(400);
    expect(overCap.json()).toMatchObject({
      error: 'validation_failed',
      message: `You can buy up to ${max} of one item in one order. For a bigger order, please contact us.`,
      fieldErrors: { quantity: [expect.stringContaining(`up to ${max}`)] },
    });
    // Up to the cap goes in; one more on top of it is refused, saying what is there.
    expect((await addLine(client, { variantId: id, quantity: max })).statusCode).toBe(200);
    const onTop = await addLine(client, { variantId: id, quantity: 1 });
    expect(onTop.statusCode).toBe(400);
    expect(onTop.json().message).toContain(`You already have ${max} in your cart.`);

    const zero = await addLine(client, { variantId: id, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({
      error: 'validation_failed',
      fieldErrors: { quantity: ['Please choose at least 1.'] },
    });
    expect((await addLine(client, { variantId: id, quantity: 1.5 })).statusCode).toBe(400);
    expect((await addLine(client, { quantity: 1 })).statusCode).toBe(400);
    const withdrawn = await createProduct(shop.database.db, { isActive: false });
    const gone = await addLine(client, { variantId: withdrawn.variants[0]!.id, quantity: 1 });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe('This item is no longer available.');
    expect((await cartOf(client)).lines).toEqual([expect.objectContaining({ variantId: id, quantity: max })]);
  });

  it('refuses a post from another website before anything happens', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 5 }] });
    const victim = new TestClient(shop.app);
    await addLine(victim, { variantId: product.variants[0]!.id, quantity: 1 });
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'http://blog.shop.test' },
    ];
    for (const headers of crossSite) {
      const res = await addLine(victim, { variantId: product.variants[0]!.id, quantity: 1 }, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ error: 'cross_site_request' });
    }
    expect((await cartOf(victim)).lines[0]!.quantity).toBe(1);
  });

  it('counts against the same per-cart limit as the /cart page', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 500 }] });
    const id = product.variants[0]!.id;
    const client = new TestClient(shop.app);
    // The first add makes the cart (counted by address); the next ones count against the cart,
    // through the page's form and the API alike.
    expect((await addLine(client, { variantId: id, quantity: 1 })).statusCode).toBe(200);
    for (let i = 0; i < CART_SESSION_LIMIT / 2; i++) {
      expect((await addLine(client, { variantId: id, quantity: 1 })).statusCode).toBe(200);
      await client.post('/cart', { intent: 'set', variantId: String(id), quantity: '1' });
    }
    const limited = await addLine(client, { variantId: id, quantity: 1 });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      error: 'rate_limited',
      message: expect.stringContaining('Too many changes to the cart'),
    });
  });
});

describe('the product page', () => {
  it('is served without React in the browser: the islands script only, and Add to Cart posts to /cart', async () => {
    const product = await createProduct(shop.database.db, { variants: [{ stock: 4 }, { stock: 0 }] });
    const res = await shop.app.inject(`/collections/${product.slug}-${product.id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.filter((s) => /\bsrc=/.test(s))).toEqual([
      expect.stringMatching(/^<script type="module" src="\/assets\/islands-[\w-]+\.js"/),
    ]);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('__reactRouter');
    // Without JavaScript the form posts to /cart; the island finds it by its data attributes.
    const forms = [...html.matchAll(/<form\b[^>]*>/g)].map((m) => m[0]);
    const addToCart = forms.find((f) => f.includes('data-add-to-cart'));
    expect(addToCart).toMatch(/action="\/cart" method="post"/);
    // The Quantity field, labelled.
    expect(html).toMatch(/<label for="add-quantity"[^>]*>Quantity<\/label>/);
    expect(html).toMatch(/<input id="add-quantity" type="number"[^>]*name="quantity"/);
    // The share button waits for the island; the WhatsApp link works without it.
    expect(html).toMatch(/<button[^>]*hidden=""[^>]*data-share-button/);
    expect(html).toContain('Share on WhatsApp');
    // The wishlist heart is a form to the account's wishlist (the island keeps a guest's locally).
    const heart = forms.find((f) => f.includes('data-wishlist'));
    expect(heart).toMatch(/action="\/account\/wishlist" method="post"/);
  });

  it('answers a signed-in shopper’s wishlist post from a script in JSON', async () => {
    const product = await createProduct(shop.database.db);
    const user = await createUser(shop.database.db);
    const client = new TestClient(shop.app);
    await client.post('/auth', { intent: 'signin', email: user.email, password: TEST_PASSWORD });
    const res = await client.post(
      '/account/wishlist',
      { intent: 'add', productId: String(product.id) },
      { headers: { ...SAME_ORIGIN, accept: 'application/json' } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ ok: true, productIds: [product.id] });
  });
});
