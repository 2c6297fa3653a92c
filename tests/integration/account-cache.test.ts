// A signed-in shopper's heart and review button on a kept product page come from per-account data
// kept in memory (ADR 053). Whoever changes that data — the shopper, staff in the admin, a hand
// edit in the database — the very next page shows the change: the database announces every change
// to an account's wishlist, reviews and orders (migration 0018) and the caches forget it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '#core/catalog.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import type { TestClient } from '#tests/helpers/client.ts';
import { signedInClient } from '#tests/helpers/role-clients.ts';
import { firstRow } from '#tests/helpers/rows.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;
let staff: TestClient;
beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const manager = await createUser(shop.database.db, { role: 'staff', name: 'Cache Staff' });
  staff = (await signInAndEnrol(shop.app, manager)).client;
});
afterAll(async () => {
  await shop.close();
});

/** The shopper's product page, served from the kept page with their parts filled in. */
async function productPage(browser: TestClient, url: string): Promise<string> {
  const page = await browser.get(url);
  expect(page.statusCode).toBe(200);
  expect(page.headers['x-page-cache']).toBe('personal');
  return page.body;
}

/** The author's note on the product page while their review waits. */
const OWN_REVIEW_PENDING = 'Your review is waiting for approval; it shows here once we have checked it.';
const reviewButton = (html: string) =>
  /href="\/dashboard\?tab=reviews&amp;product=\d+#review-product-\d+"[^>]*>([^<]+)</.exec(html)?.[1];
const saved = (html: string) => /aria-pressed="true"[^>]*aria-label="Remove from wishlist"/.test(html);

describe('a signed-in shopper’s kept data follows every change at once', () => {
  it('the review button follows staff moving the order, the shopper’s review and its approval', async () => {
    const db = shop.database.db;
    const wig = await createProduct(db, { name: 'Cache Wig', category: 'wigs', variants: [{ stock: 9 }] });
    const kemi = await createUser(db, { name: 'Kemi Cachetest' });
    const { trackingNumber } = await createOrder(shop, {
      account: kemi,
      lines: [{ variantId: wig.variants[0]!.id, quantity: 1 }],
      status: 'shipped',
    });
    const browser = await signedInClient(shop, kemi.email);
    const url = productPath(wig);
    await browser.get(url);
    // Twice: the second answer comes from what was kept for her.
    expect(reviewButton(await productPage(browser, url))).toBe('Bought this? Write a review');
    expect(reviewButton(await productPage(browser, url))).toBe('Bought this? Write a review');

    // Staff mark the order delivered in the admin: Leave Review on her very next page.
    const delivered = await staff.post(`/admin/orders/${trackingNumber}`, {
      intent: 'status',
      status: 'delivered',
    });
    expect(delivered.statusCode).toBe(302);
    expect(reviewButton(await productPage(browser, url))).toBe('Leave Review');

    // She reviews it: Edit your review, waiting for approval.
    const posted = await browser.post('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(wig.id),
      rating: '5',
      comment: 'Soft, full and exactly as pictured.',
    });
    expect(posted.statusCode).toBeLessThan(400);
    let html = await productPage(browser, url);
    expect(reviewButton(html)).toBe('Edit your review');
    expect(html).toContain(OWN_REVIEW_PENDING);

    // Staff approve it: the waiting note goes.
    const review = await firstRow<{ id: number }>(
      db,
      sql`SELECT id FROM reviews WHERE user_id = ${kemi.id} AND product_id = ${wig.id}`,
    );
    const approved = await staff.post('/admin/reviews', { intent: 'approve', id: String(review!.id) });
    expect(approved.statusCode).toBe(302);
    html = await productPage(browser, url);
    expect(reviewButton(html)).toBe('Edit your review');
    expect(html).not.toContain(OWN_REVIEW_PENDING);
  });

  it('the heart follows the shopper’s own saves and a change made straight in the database', async () => {
    const db = shop.database.db;
    const bundle = await createProduct(db, {
      name: 'Cache Bundle',
      category: 'bundles',
      variants: [{ stock: 5 }],
    });
    const femi = await createUser(db, { name: 'Femi Cachetest' });
    const browser = await signedInClient(shop, femi.email);
    const url = productPath(bundle);
    await browser.get(url);
    expect(saved(await productPage(browser, url))).toBe(false);

    await browser.post('/account/wishlist', { intent: 'add', productId: String(bundle.id) });
    expect(saved(await productPage(browser, url))).toBe(true);
    expect(saved(await productPage(browser, url))).toBe(true);

    // Not through the shop's services at all: the database's own notice still reaches the cache.
    // On PGlite it arrives with the commit's answer; PostgreSQL delivers it to the listening
    // connection a moment after the commit, so the page is asked again until then (the entry's
    // own lifetime is 10 minutes: without the notice this would time out).
    const pageShowsSaved = () =>
      expect.poll(async () => saved(await productPage(browser, url)), { timeout: 5_000, interval: 20 });
    await db.execute(sql`DELETE FROM wishlist_items WHERE user_id = ${femi.id}`);
    await pageShowsSaved().toBe(false);
    await db.execute(sql`INSERT INTO wishlist_items (user_id, product_id) VALUES (${femi.id}, ${bundle.id})`);
    await pageShowsSaved().toBe(true);
  });
});
