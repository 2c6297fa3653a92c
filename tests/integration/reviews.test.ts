// Reviews from the shopper's side, over HTTP: only a buyer whose order was delivered can review a
// product, once (a second post edits it, and an edit waits for approval again); refusals say why,
// keep what was typed and store nothing; approved reviews show on the product page with the
// average, the star distribution, "verified purchase" and JSON-LD, and the listing card shows the
// average; the product's figures kept by the trigger always equal a count of the reviews.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '#core/catalog.ts';
import { queryRows } from '#server/db/client.ts';
import { createUser } from '#tests/factories/accounts.ts';
import { createProduct } from '#tests/factories/catalog.ts';
import { createOrder } from '#tests/factories/orders.ts';
import { TestClient } from '#tests/helpers/client.ts';
import { signedInClient } from '#tests/helpers/role-clients.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { signInAndEnrol } from '#tests/helpers/two-factor.ts';

let shop: TestShop;
let buyer: Awaited<ReturnType<typeof createUser>>;
let buyerClient: TestClient;
let strangerClient: TestClient;
let wig: Awaited<ReturnType<typeof createProduct>>;
let bundle: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  shop = await createTestShop({ pages: true });
  const db = shop.database.db;
  buyer = await createUser(db, { name: 'Adaeze Okafor' });
  const stranger = await createUser(db, { name: 'Tunde Bakare' });
  wig = await createProduct(db, { name: 'Review Test Wig', category: 'wigs' });
  bundle = await createProduct(db, { name: 'Review Test Bundle' });
  // The wig was delivered to the buyer; the bundle is still on its way.
  await createOrder(shop, {
    account: buyer,
    lines: [{ variantId: wig.variants[0]!.id }],
    status: 'delivered',
  });
  await createOrder(shop, {
    account: buyer,
    lines: [{ variantId: bundle.variants[0]!.id }],
    status: 'shipped',
  });
  buyerClient = await signedInClient(shop, buyer.email);
  strangerClient = await signedInClient(shop, stranger.email);
});
afterAll(async () => {
  await shop.close();
});

async function reviewRows() {
  return queryRows<{ user_id: number; product_id: number; rating: number; status: string; comment: string }>(
    shop.database.db,
    sql`SELECT user_id, product_id, rating, status, comment FROM reviews ORDER BY id`,
  );
}

/** Staff approval (the admin screen's step), then the storefront's caches forget the product. */
async function approveAll() {
  await shop.database.db.execute(sql`UPDATE reviews SET status = 'approved', approved_at = now()`);
  shop.services.catalog.invalidate();
}

async function productPage(product: { id: number; slug: string }, query = '') {
  const res = await new TestClient(shop.app).get(`${productPath(product)}${query}`);
  expect(res.statusCode).toBe(200);
  return res.body;
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  const match = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(html);
  return JSON.parse(match![1]!) as Array<Record<string, unknown>>;
}

const COMMENT = 'Full, soft and no shedding after three washes. Worth every naira.';

describe('a buyer reviews what was delivered', () => {
  it('lists the delivered product as waiting for a review, not the one still on its way', async () => {
    const res = await buyerClient.get('/dashboard?tab=reviews');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Waiting for your review');
    expect(res.body).toContain('Review Test Wig');
    expect(res.body).not.toContain('Review Test Bundle');
  });

  it('refuses a stranger, a product not yet delivered and a rating out of range, keeping what was typed', async () => {
    const stranger = await strangerClient.post('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(wig.id),
      rating: '5',
      comment: 'I never bought this but here is my opinion anyway.',
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).toContain('once it has been delivered to you');

    const notYet = await buyerClient.post('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(bundle.id),
      rating: '4',
      comment: 'Looks lovely in the pictures, cannot wait.',
    });
    expect(notYet.statusCode).toBe(403);

    const badRating = await buyerClient.post('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(wig.id),
      rating: '7',
      comment: COMMENT,
    });
    expect(badRating.statusCode).toBe(400);
    expect(badRating.body).toContain('Please choose from 1 to 5 stars.');
    // The comment typed is still in the form.
    expect(badRating.body).toContain('Worth every naira.');

    const tooShort = await buyerClient.post('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(wig.id),
      rating: '5',
      comment: 'Nice',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('at least a sentence');
    expect(await reviewRows()).toEqual([]);
  });

  it('takes the review as pending: the buyer sees it awaiting approval, the product page does not show it', async () => {
    const res = await buyerClient.post('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(wig.id),
      rating: '4',
      comment: COMMENT,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('once we have checked it');
    const tab = await buyerClient.get('/dashboard?tab=reviews');
    expect(tab.body).toContain('Awaiting approval');
    expect(tab.body).not.toContain('Waiting for your review');
    const page = await productPage(wig);
    expect(page).toContain('No reviews yet');
    expect(page).not.toContain(COMMENT);
    expect(await reviewRows()).toEqual([
      { user_id: buyer.id, product_id: wig.id, rating: 4, status: 'pending', comment: COMMENT },
    ]);
  });

  it('shows an approved review with the average, distribution, verified mark and JSON-LD; the card shows the average', async () => {
    await approveAll();
    const page = await productPage(wig);
    expect(page).toContain(COMMENT);
    expect(page).toContain('Adaeze O.');
    expect(page).not.toContain('Okafor');
    expect(page).toContain('Verified purchase');
    expect(page).toContain('data-testid="rating-summary"');
    expect(page).toContain('Rated 4 out of 5');
    const product = jsonLd(page).find((d) => d['@type'] === 'Product')!;
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(product.review).toEqual([
      expect.objectContaining({ reviewBody: COMMENT, author: { '@type': 'Person', name: 'Adaeze O.' } }),
    ]);

    const listing = await new TestClient(shop.app).get('/collections?category=wigs');
    expect(listing.body).toContain('Rated 4 out of 5');
    const api = await shop.app.inject({ method: 'GET', url: `/api/v1/products/${wig.id}` });
    expect(api.json()).toMatchObject({ rating: { average: 4, count: 1 } });
  });

  it('takes a second post as an edit, which goes back to pending and leaves the page at once', async () => {
    const [first, second] = await Promise.all(
      ['5', '3'].map((rating) =>
        buyerClient.post('/dashboard?tab=reviews', {
          intent: 'review',
          productId: String(wig.id),
          rating,
          comment: `${COMMENT} Edited.`,
        }),
      ),
    );
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 200]);
    const rows = await reviewRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('pending');
    const page = await productPage(wig);
    expect(page).toContain('No reviews yet');
    const api = await shop.app.inject({ method: 'GET', url: `/api/v1/products/${wig.id}` });
    expect(api.json().rating).toBeNull();
  });

  it("keeps the product's figures equal to a count of its approved reviews", async () => {
    const db = shop.database.db;
    // More reviewers of the wig, approved and pending, then ratings changed and one deleted.
    for (const [i, rating] of [5, 5, 2].entries()) {
      const user = await createUser(db, { name: `Reviewer ${i}` });
      await createOrder(shop, {
        account: user,
        lines: [{ variantId: wig.variants[0]!.id }],
        status: 'delivered',
      });
      await shop.services.reviews.submit(
        { id: user.id, name: user.name, email: user.email, role: 'customer', emailVerified: true },
        { productId: wig.id, rating, comment: 'Good hair, fast delivery to Ikeja.' },
      );
    }
    await approveAll();
    await db.execute(sql`UPDATE reviews SET rating = 1 WHERE rating = 2`);
    await db.execute(sql`DELETE FROM reviews WHERE id = (SELECT max(id) FROM reviews WHERE rating = 5)`);
    await db.execute(sql`UPDATE reviews SET status = 'pending' WHERE user_id = ${buyer.id}`);
    const [kept] = await queryRows<{ rating_count: number; rating_total: number }>(
      db,
      sql`SELECT rating_count, rating_total FROM products WHERE id = ${wig.id}`,
    );
    const [counted] = await queryRows<{ n: number; total: number }>(
      db,
      sql`SELECT count(*)::int AS n, coalesce(sum(rating), 0)::int AS total FROM reviews
          WHERE product_id = ${wig.id} AND status = 'approved'`,
    );
    expect(kept).toEqual({ rating_count: counted!.n, rating_total: counted!.total });
    expect(counted).toEqual({ n: 2, total: 6 });

    shop.services.catalog.invalidate();
    const page = await productPage(wig);
    const distribution = /data-testid="star-distribution".*?<\/table>/s.exec(page)![0];
    // One five-star and one one-star review: a 3.0 average.
    expect(page).toContain('Rated 3 out of 5');
    expect(distribution.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')).toContain(
      '5 stars 1 4 stars 0 3 stars 0 2 stars 0 1 star 1',
    );
  });

  it("counts each account's reviews on the admin users list", async () => {
    const admin = await createUser(shop.database.db, { role: 'admin', name: 'Review Admin' });
    const { client } = await signInAndEnrol(shop.app, admin);
    const res = await client.get(`/admin/users?q=${encodeURIComponent(buyer.email)}`);
    expect(res.statusCode).toBe(200);
    const row = new RegExp(`data-user-email="${buyer.email}".*?</tr>`, 's').exec(res.body)![0];
    const cells = [...row.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map((m) =>
      m[1]!.replace(/<[^>]+>/g, '').trim(),
    );
    // Name, role, state, orders, total spent, reviews, …
    expect(cells[3]).toBe('2');
    expect(cells[5]).toBe('1');
  });
});
