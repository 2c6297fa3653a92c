// The product-list JSON (ADR 044) through HTTP: a listing the catalogue holds is answered from its
// raw query string with bytes made and compressed once, an ETag per encoding and 304 on
// revalidation — and it is never older than the catalogue: a sale, a change behind the services'
// back and an owner's edit show in the next answer, however the query is spelled.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '#tests/factories/catalog.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { addToCart, checkoutForm, placeOrder } from '#tests/helpers/shopping.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { usingPostgres } from '#tests/helpers/test-db.ts';

let shop: TestShop;
let wig: Awaited<ReturnType<typeof createProduct>>;
const url = '/api/v1/products?search=json%20list%20wig&category=wigs';
const sameQuerySpelledOtherwise = '/api/v1/products?category=wigs&search=json+list+wig';

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  wig = await createProduct(shop.database.db, {
    name: 'JSON List Wig',
    category: 'wigs',
    variants: [{ priceKobo: 7_000_000, stock: 7 }],
  });
});
afterAll(async () => {
  await shop.close();
});

const anonymous = () => new TestClient(shop.app);

interface Listed {
  items: { id: number; name: string; variants: { stock: number }[] }[];
  total: number;
}
const listed = async (path = url): Promise<Listed> => JSON.parse((await anonymous().get(path)).body);
const stockOf = (list: Listed) => list.items.find((p) => p.id === wig.id)?.variants[0]?.stock;

/** The next answer on PGlite; on PostgreSQL the notice arrives on the listening connection a moment later. */
async function eventually(check: () => Promise<boolean>) {
  if (!usingPostgres) return expect(await check()).toBe(true);
  await expect.poll(check, { timeout: 2_000, interval: 20 }).toBe(true);
}

describe('GET /api/v1/products', () => {
  it('answers the same bytes with an ETag per encoding, 304 when the client has them, and headers without a nonce', async () => {
    const first = await anonymous().get(url, { headers: { 'accept-encoding': 'identity' } });
    expect(first.statusCode).toBe(200);
    expect(JSON.parse(first.body).items.map((p: { id: number }) => p.id)).toEqual([wig.id]);
    const second = await anonymous().get(url, { headers: { 'accept-encoding': 'identity' } });
    expect(second.body).toBe(first.body);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(second.headers.etag).toBe(etag);
    expect(second.headers['cache-control']).toBe('public, max-age=30');
    expect(second.headers.vary).toBe('accept-encoding');

    const revalidated = await anonymous().get(url, {
      headers: { 'accept-encoding': 'identity', 'if-none-match': `W/"other", ${etag}` },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);

    const br = await anonymous().get(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag.replace(/"$/, '-br"'));
    // The identity's ETag does not validate the brotli bytes.
    const brAgain = await anonymous().get(url, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(brAgain.statusCode).toBe(200);
    expect(brAgain.rawPayload.equals(br.rawPayload)).toBe(true);

    // JSON renders no inline script: the policy names none, and it is the same for every answer.
    const csp = String(second.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('nonce');
    expect(br.headers['content-security-policy']).toBe(csp);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses a parameter that makes no sense every time, not only the first', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await anonymous().get('/api/v1/products?pageSize=500');
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).fieldErrors).toHaveProperty('pageSize');
    }
  });

  // Listings are forgotten on a sale when the product's stock is or was 5 or fewer (ADR 038's
  // trigger: the storefront's badges); above that a listing's stock figure may be up to 15 s old.
  it('shows a sale that reaches the low-stock badge in the next answer, however the query is spelled', async () => {
    expect(stockOf(await listed())).toBe(7);
    expect(stockOf(await listed(sameQuerySpelledOtherwise))).toBe(7);
    const before = (await anonymous().get(url)).headers.etag;
    const buyer = anonymous();
    await addToCart(buyer, wig.variants[0]!.id, 2);
    await placeOrder(buyer, checkoutForm({ paymentMethod: 'bank_transfer' }));
    await eventually(async () => stockOf(await listed()) === 5);
    await eventually(async () => stockOf(await listed(sameQuerySpelledOtherwise)) === 5);
    const after = await anonymous().get(url, { headers: { 'if-none-match': String(before) } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it('shows a stock change behind the services’ back (an expired hold) and an owner’s edit', async () => {
    await listed();
    await shop.database.db.execute(
      sql`UPDATE product_variants SET stock = 3 WHERE id = ${wig.variants[0]!.id}`,
    );
    await eventually(async () => stockOf(await listed()) === 3);

    // What every admin save does after its transaction: change, then invalidate the catalogue.
    await shop.database.db.execute(
      sql`UPDATE products SET name = 'JSON List Wig Renamed' WHERE id = ${wig.id}`,
    );
    shop.services.catalog.invalidate();
    const renamed = await listed();
    expect(renamed.items.find((p) => p.id === wig.id)?.name).toBe('JSON List Wig Renamed');
  });
});
