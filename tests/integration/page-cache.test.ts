// The page cache (ADR 038) through HTTP: anonymous pages come from memory until what they show
// changes — a sale's stock change, an owner's edit — and never carry anything personal; a kept
// page still gets a policy no other response can reuse (its inline scripts allowed by hash).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { signedInClient } from '#tests/helpers/role-clients.ts';
import { addToCart, checkoutForm, placeOrder } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';

let shop: TestShop;
let wig: Awaited<ReturnType<typeof createProduct>>;
let bundle: Awaited<ReturnType<typeof createProduct>>;
const wigPath = () => `/collections/cache-test-wig-${wig.id}`;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  wig = await createProduct(shop.database.db, {
    name: 'Cache Test Wig',
    category: 'wigs',
    variants: [{ priceKobo: 9_000_000, stock: 7 }],
  });
  bundle = await createProduct(shop.database.db, {
    name: 'Cache Test Bundle',
    category: 'bundles',
    variants: [{ priceKobo: 4_000_000, stock: 20 }],
  });
});
afterAll(async () => {
  await shop.close();
});

const anonymous = () => new TestClient(shop.app);

describe('anonymous pages', () => {
  it('are rendered once, then served from memory with their own policy, ETag and compression', async () => {
    const first = await anonymous().get(wigPath());
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    const second = await anonymous().get(wigPath(), { headers: { 'accept-encoding': 'identity' } });
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+/);

    // No nonce in the page or the policy: each inline script is allowed by its own hash.
    const csp = String(second.headers['content-security-policy']);
    expect(csp).not.toContain("'nonce-");
    expect(second.body).not.toMatch(/ nonce="/);
    const inline = [...second.body.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, content] of inline) {
      const hash = createHash('sha256')
        .update(content ?? '')
        .digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }

    const notModified = await anonymous().get(wigPath(), {
      headers: { 'if-none-match': String(second.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    const compressed = await anonymous().get(wigPath(), { headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.headers['content-encoding']).toBe('br');
  });

  it('show a sale at once: the stock badge changes with the stock, whatever changed it', async () => {
    expect((await anonymous().get(wigPath())).body).not.toContain('left</span>');
    // A shopper buys two: 5 left, the low-stock line appears for the next visitor.
    const buyer = anonymous();
    await addToCart(buyer, wig.variants[0]!.id, 2);
    await placeOrder(buyer, checkoutForm({ paymentMethod: 'bank_transfer' }));
    // The database announces the sale at commit; PGlite delivers it before the order's answer, a
    // PostgreSQL server on the listening connection a moment later (milliseconds, ADR 038).
    const fresh = async (url: string, text: string) => {
      if (!usingPostgres) return (await anonymous().get(url)).body.includes(text);
      let seen = false;
      await expect.poll(async () => (seen = (await anonymous().get(url)).body.includes(text))).toBe(true);
      return seen;
    };
    expect(await fresh(wigPath(), 'Only 5 left')).toBe(true);
    // And on the listing's card.
    expect(await fresh('/collections?category=wigs', '5 left')).toBe(true);

    // A change behind the services' back (an expired hold returning stock is one) is heard too.
    await shop.database.db.execute(
      sql`UPDATE product_variants SET stock = 0 WHERE id = ${wig.variants[0]!.id}`,
    );
    await expect
      .poll(async () => (await anonymous().get(wigPath())).body.includes('Out of stock'))
      .toBe(true);
  });

  it('keep other products’ pages through a sale that does not touch them', async () => {
    await anonymous().get(`/collections/cache-test-bundle-${bundle.id}`);
    const buyer = anonymous();
    await addToCart(buyer, bundle.variants[0]!.id, 1);
    // The bundle's own sale forgets the bundle's page; the home page and wig page stay.
    await anonymous().get('/');
    expect((await anonymous().get('/')).headers['x-page-cache']).toBe('hit');
    await placeOrder(buyer, checkoutForm({ paymentMethod: 'bank_transfer' }));
    expect((await anonymous().get(`/collections/cache-test-bundle-${bundle.id}`)).body).toContain(
      'Cache Test Bundle',
    );
    // 20 → 19 changes no badge: the listings and home page are kept.
    expect((await anonymous().get('/')).headers['x-page-cache']).toBe('hit');
  });
});

describe('personal pages', () => {
  // A kept page may serve them with their own parts filled in (ADR 043, personal-slots.test.ts),
  // never as it was kept, and nothing of theirs is ever kept.
  it('never come from the cache as kept, nor go into it: two visitors see only their own', async () => {
    const amaka = await createUser(shop.database.db, { name: 'Amaka Cached' });
    const signedIn = await signedInClient(shop, amaka.email);
    const mine = await signedIn.get('/');
    expect(['personal', undefined]).toContain(mine.headers['x-page-cache']);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.body).toContain('Amaka');
    const stranger = await anonymous().get('/');
    expect(stranger.body).not.toContain('Amaka');

    // A guest with a cart sees their own count; a visitor without one never does.
    const carrier = anonymous();
    await addToCart(carrier, bundle.variants[0]!.id, 3);
    const withCart = await carrier.get('/');
    expect(withCart.headers['x-page-cache']).toBe('personal');
    expect(withCart.body).toContain('Cart, 3 items');
    expect(withCart.headers['cache-control']).not.toMatch(/public/);
    const fresh = await anonymous().get('/');
    expect(fresh.headers['x-page-cache']).toBe('hit');
    expect(fresh.body).not.toContain('Cart, 3 items');
  });

  it('are never kept from an answer that sets a cookie', async () => {
    // Choosing a currency sets a cookie; the page it redirects to is keyed by that currency.
    const visitor = anonymous();
    await visitor.post('/currency', { currency: 'USD', redirectTo: wigPath() });
    const inUsd = await visitor.get(wigPath());
    expect(inUsd.body).toContain('$');
    expect((await anonymous().get(wigPath())).body).toContain('₦');
  });
});

describe.skipIf(!usingPostgres)('two processes on one PostgreSQL', () => {
  it('a sale through one forgets the page in the other at once', async () => {
    const other = await createTestShop({ pages: true, database: shop.database });
    try {
      const product = await createProduct(shop.database.db, {
        name: 'Two Process Wig',
        variants: [{ priceKobo: 5_000_000, stock: 6 }],
      });
      const path = `/collections/two-process-wig-${product.id}`;
      await new TestClient(other.app).get(path);
      expect((await new TestClient(other.app).get(path)).headers['x-page-cache']).toBe('hit');
      const buyer = new TestClient(shop.app);
      await addToCart(buyer, product.variants[0]!.id, 1);
      await placeOrder(buyer, checkoutForm({ paymentMethod: 'bank_transfer' }));
      await expect
        .poll(async () => (await new TestClient(other.app).get(path)).body.includes('Only 5 left'), {
          timeout: 2_000,
          interval: 20,
        })
        .toBe(true);
    } finally {
      await other.close();
    }
  });
});
