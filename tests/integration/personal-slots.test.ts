// A kept page served to a guest with a cart or a signed-in shopper (ADR 043): only its personal
// parts are rendered again, for them. What they get must be exactly the page a full render would
// have given them — name, Logout, cart count, saved heart, review button, back-in-stock answer —
// and nothing of theirs may reach anyone else.
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '#core/catalog.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { signedInClient } from '#tests/helpers/role-clients.ts';
import { addToCart } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ pages: true });
});
afterAll(async () => {
  await shop.close();
});

const anonymous = () => new TestClient(shop.app);
/**
 * The page as a browser reads it, less the response's own nonce (a kept page carries none), one
 * tag a line so a difference shows as the line that differs.
 */
const withoutNonce = (html: string) => html.replace(/ nonce="[^"]*"/g, '').split('><');

/** A full render for `visitor` (the page is not kept yet), then the kept page with their slots. */
async function bothWays(visitor: TestClient, url: string) {
  const full = await visitor.get(url);
  expect(full.statusCode).toBe(200);
  expect(full.headers['x-page-cache']).toBeUndefined();
  expect((await anonymous().get(url)).headers['x-page-cache']).toBe('miss');
  const filled = await visitor.get(url);
  expect(filled.statusCode).toBe(200);
  expect(filled.headers['x-page-cache']).toBe('personal');
  return { full: withoutNonce(full.body), filled: filled.body.split('><'), headers: filled.headers };
}

describe('a kept page with its personal parts filled', () => {
  it('is exactly the signed-in shopper’s full page: name, Logout, cart, saved heart, review button', async () => {
    const db = shop.database.db;
    const wig = await createProduct(db, { name: 'Slot Wig', category: 'wigs', variants: [{ stock: 9 }] });
    const ngozi = await createUser(db, { name: 'Ngozi Slotfill' });
    // She received the wig (Leave Review), saved it, and has two in her cart.
    await createOrder(shop, {
      account: ngozi,
      lines: [{ variantId: wig.variants[0]!.id, quantity: 1 }],
      status: 'delivered',
    });
    const browser = await signedInClient(shop, ngozi.email);
    await browser.post('/account/wishlist', { intent: 'add', productId: String(wig.id) });
    await addToCart(browser, wig.variants[0]!.id, 2);

    const product = await bothWays(browser, productPath(wig));
    expect(product.filled).toEqual(product.full);
    expect(product.filled.join('><')).toContain('Ngozi');
    expect(product.filled.join('><')).toContain('Cart, 2 items');
    expect(product.filled.join('><')).toMatch(/aria-pressed="true"[^>]*aria-label="Remove from wishlist"/);
    expect(product.filled.join('><')).toMatch(
      /href="\/dashboard\?tab=reviews&amp;product=\d+#review-product-\d+"[^>]*>Leave Review</,
    );
    // Hers alone: never kept by anyone, and the next stranger still gets the anonymous page.
    expect(product.headers['cache-control']).toBe('private, no-cache');
    const stranger = await anonymous().get(productPath(wig));
    expect(stranger.headers['x-page-cache']).toBe('hit');
    expect(stranger.body).not.toContain('Ngozi');
    expect(stranger.body).not.toContain('Cart, 2 items');
    expect(stranger.body).toMatch(/aria-pressed="false"/);

    for (const url of ['/', '/collections?category=wigs', '/pages/shipping']) {
      const page = await bothWays(browser, url);
      expect(page.filled, url).toEqual(page.full);
      expect(page.filled.join('><')).toContain('Ngozi');
    }
  });

  it('shows a signed-in shopper waiting for a sold-out variant that they are on the list', async () => {
    const db = shop.database.db;
    const gone = await createProduct(db, { name: 'Slot Sold Out', variants: [{ stock: 0 }] });
    const tobi = await createUser(db, { name: 'Tobi Waiting' });
    const browser = await signedInClient(shop, tobi.email);
    const url = `${productPath(gone)}?variant=${gone.variants[0]!.id}`;
    const asked = await browser.post(url, {
      intent: 'back-in-stock',
      variantId: String(gone.variants[0]!.id),
    });
    expect(asked.statusCode).toBe(200);

    const page = await bothWays(browser, productPath(gone));
    expect(page.filled).toEqual(page.full);
    expect(page.filled.join('><')).toContain(`we'll email ${tobi.email} once`.replace("'", '&#x27;'));
  });

  it('is exactly a guest’s full page with their cart count, and two guests see only their own', async () => {
    const db = shop.database.db;
    const bundle = await createProduct(db, {
      name: 'Slot Bundle',
      category: 'bundles',
      variants: [{ stock: 30 }],
    });
    const first = anonymous();
    await addToCart(first, bundle.variants[0]!.id, 3);
    const second = anonymous();
    await addToCart(second, bundle.variants[0]!.id, 1);

    const page = await bothWays(first, productPath(bundle));
    expect(page.filled).toEqual(page.full);
    expect(page.filled.join('><')).toContain('Cart, 3 items');
    // Compressed as gzip spliced from the kept page's pieces and theirs: the same page, whole.
    const compressed = await first.get(productPath(bundle), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString('utf8').split('><')).toEqual(page.filled);
    // A client that takes no compression gets the page as it is.
    const plain = await first.get(productPath(bundle), { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.split('><')).toEqual(page.filled);
    const other = await second.get(productPath(bundle));
    expect(other.headers['x-page-cache']).toBe('personal');
    expect(other.body).toContain('Cart, 1 item"');
    expect(other.body).not.toContain('Cart, 3 items');
  });

  it('is kept again from a shopper’s own visit, and shows a sale at once', async () => {
    const db = shop.database.db;
    const wig = await createProduct(db, { name: 'Slot Rekept Wig', variants: [{ stock: 9 }] });
    const shopper = anonymous();
    await addToCart(shopper, wig.variants[0]!.id, 1);
    // No anonymous visitor has asked for it: the first view is rendered for her, the next filled.
    expect((await shopper.get(productPath(wig))).headers['x-page-cache']).toBeUndefined();
    const second = await shopper.get(productPath(wig));
    expect(second.headers['x-page-cache']).toBe('personal');
    expect(second.body).toContain('9 available');

    // A sale elsewhere leaves 3: the page is forgotten, and her next view is rendered anew, kept
    // for strangers and filled for her. (PostgreSQL delivers the database's notice a moment later.)
    await db.execute(sql`UPDATE product_variants SET stock = 3 WHERE id = ${wig.variants[0]!.id}`);
    let mine = await shopper.get(productPath(wig));
    for (let i = 0; i < 40 && !mine.body.includes('3 available'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mine = await shopper.get(productPath(wig));
    }
    expect(mine.headers['x-page-cache']).toBe('personal');
    expect(mine.body).toContain('3 available');
    expect(mine.body).toContain('Cart, 1 item"');
    const stranger = await anonymous().get(productPath(wig));
    expect(stranger.headers['x-page-cache']).toBe('hit');
    expect(stranger.body).toContain('3 available');
    expect(stranger.body).not.toContain('Cart, 1 item"');
  });

  it('is not used for a visitor with a one-time message: that page is rendered in full', async () => {
    const db = shop.database.db;
    const wig = await createProduct(db, { name: 'Slot Toast Wig', variants: [{ stock: 5 }] });
    await anonymous().get(productPath(wig));
    const visitor = anonymous();
    const res = await visitor.get(productPath(wig), { headers: { cookie: 'ch_flash=anything' } });
    expect(res.headers['x-page-cache']).toBeUndefined();
  });
});
