// Reviews from the shopper's side, over HTTP: only a buyer whose order was delivered can review a
// product, once (a second post edits it, and an edit waits for approval again); refusals say why,
// keep what was typed and store nothing; approved reviews show on the product page with the
// average, the star distribution, "verified purchase" and JSON-LD, and the listing card shows the
// average; the product's figures kept by the trigger always equal a count of the reviews.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
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
    expect(page).toMatch(/<a href="#reviews"[^>]*>[\s\S]*?Rated [\d.]+ out of 5/);
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
    const distribution =
      /<table[^>]*><caption[^>]*>How many reviews gave each number of stars<\/caption>.*?<\/table>/s.exec(
        page,
      )![0];
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

describe('review photos', () => {
  let photoBuyer: Awaited<ReturnType<typeof createUser>>;
  let photoClient: TestClient;
  let otherBuyerClient: TestClient;
  let lace: Awaited<ReturnType<typeof createProduct>>;
  const TEXT = 'The lace melted on my skin and the curls held after washing.';

  async function jpeg(background: string) {
    return sharp({ create: { width: 800, height: 600, channels: 3, background } })
      .jpeg()
      .toBuffer();
  }

  async function counts() {
    const [row] = await queryRows<{ media: number; photos: number; reviews: number }>(
      shop.database.db,
      sql`SELECT (SELECT count(*)::int FROM media) AS media,
                 (SELECT count(*)::int FROM review_photos) AS photos,
                 (SELECT count(*)::int FROM reviews WHERE product_id = ${lace.id}) AS reviews`,
    );
    return row!;
  }

  async function photoIds(userId: number) {
    const rows = await queryRows<{ media_id: string }>(
      shop.database.db,
      sql`SELECT p.media_id FROM review_photos p JOIN reviews r ON r.id = p.review_id
          WHERE r.user_id = ${userId} AND r.product_id = ${lace.id} ORDER BY p.position`,
    );
    return rows.map((r) => r.media_id);
  }

  beforeAll(async () => {
    const db = shop.database.db;
    photoBuyer = await createUser(db, { name: 'Chioma Eze' });
    const otherBuyer = await createUser(db, { name: 'Bola Ade' });
    lace = await createProduct(db, { name: 'Photo Test Lace Wig', category: 'wigs' });
    for (const account of [photoBuyer, otherBuyer]) {
      await createOrder(shop, { account, lines: [{ variantId: lace.variants[0]!.id }], status: 'delivered' });
    }
    photoClient = await signedInClient(shop, photoBuyer.email);
    otherBuyerClient = await signedInClient(shop, otherBuyer.email);
  });

  it('refuses a non-image and a fake image by name: nothing stored, the text kept', async () => {
    const before = await counts();
    const res = await photoClient.postMultipart('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(lace.id),
      rating: '5',
      comment: TEXT,
      photoFiles: [
        { file: await jpeg('#aa3355'), name: 'front.jpg', type: 'image/jpeg' },
        {
          file: Buffer.from('%PDF-1.4 a receipt, not a photo'),
          name: 'receipt.pdf',
          type: 'application/pdf',
        },
        { file: Buffer.from('not a picture at all'), name: 'fake.jpg', type: 'image/jpeg' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('receipt.pdf: That file is not a photo we can read.');
    expect(res.body).toContain('fake.jpg: That file is not a photo we can read.');
    expect(res.body).not.toContain('front.jpg:');
    expect(res.body).toContain('The lace melted on my skin');
    expect(await counts()).toEqual(before);
  });

  it('refuses a fourth photo by name and stores nothing', async () => {
    const before = await counts();
    const files = await Promise.all(['#111111', '#222222', '#333333', '#444444'].map(jpeg));
    const res = await photoClient.postMultipart('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(lace.id),
      rating: '5',
      comment: TEXT,
      photoFiles: files.map((file, i) => ({ file, name: `curls-${i + 1}.jpg`, type: 'image/jpeg' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('curls-4.jpg: a review can have up to 3 photos.');
    expect(res.body).not.toContain('curls-3.jpg:');
    expect(await counts()).toEqual(before);
  });

  it('stores the photos with the review, unaudited; they show in the dashboard, the admin and, once approved, on the page', async () => {
    const before = await counts();
    const res = await photoClient.postMultipart('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(lace.id),
      rating: '5',
      comment: TEXT,
      photoFiles: [
        { file: await jpeg('#aa3355'), name: 'front.jpg', type: 'image/jpeg' },
        { file: await jpeg('#3355aa'), name: 'back.jpg', type: 'image/jpeg' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('once we have checked it');
    const ids = await photoIds(photoBuyer.id);
    expect(ids).toHaveLength(2);
    expect(await counts()).toEqual({
      media: before.media + 2,
      photos: before.photos + 2,
      reviews: before.reviews + 1,
    });
    // A shopper's upload is not a staff action.
    const audited = await queryRows<{ n: number }>(
      shop.database.db,
      sql`SELECT count(*)::int AS n FROM audit_events WHERE subject_type = 'media'
          AND subject_id IN (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect(audited[0]!.n).toBe(0);

    const tab = await photoClient.get('/dashboard?tab=reviews');
    for (const id of ids) expect(tab.body).toContain(`/media/${id}/`);
    // Pending: not on the product page yet.
    expect(await productPage(lace)).not.toContain(`/media/${ids[0]}/`);

    const admin = await createUser(shop.database.db, { role: 'admin', name: 'Photo Admin' });
    const { client } = await signInAndEnrol(shop.app, admin);
    const list = await client.get(`/admin/reviews?q=${encodeURIComponent('Photo Test Lace')}`);
    expect(list.statusCode).toBe(200);
    for (const id of ids) expect(list.body).toContain(`/media/${id}/`);

    await approveAll();
    const page = await productPage(lace);
    const review = /<ul[^>]*aria-label="Photos from [^"]*&#x27;s review"[^>]*>.*?<\/li>\s*<\/ul>/s.exec(
      page,
    )![0];
    for (const id of ids) {
      // A lazy, sized thumbnail that opens the photo larger.
      expect(review).toContain(`href="/media/${id}/`);
      expect(review).toMatch(new RegExp(`<img src="/media/${id}/[^"]+"[^>]*width="800" height="600"`));
    }
    expect(review).toContain('loading="lazy"');
    expect(review).toContain('Photo 1 from Chioma E.&#x27;s review');
    const rendition = await shop.app.inject({ method: 'GET', url: `/media/${ids[0]}/160.jpg` });
    expect(rendition.statusCode).toBe(200);
    expect(rendition.headers['content-type']).toBe('image/jpeg');
  });

  it('lets the author take a photo off and add one; the edit goes back to pending; a fourth is still refused', async () => {
    const [first, second] = await photoIds(photoBuyer.id);
    const tooMany = await photoClient.postMultipart('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(lace.id),
      rating: '4',
      comment: TEXT,
      photoFiles: [
        { file: await jpeg('#55aa33'), name: 'side.jpg', type: 'image/jpeg' },
        { file: await jpeg('#aa5533'), name: 'top.jpg', type: 'image/jpeg' },
      ],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('top.jpg: a review can have up to 3 photos.');
    expect(await photoIds(photoBuyer.id)).toEqual([first, second]);

    // A refused edit keeps the photo ticked for removal, and removes nothing.
    const fake = await photoClient.postMultipart('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(lace.id),
      rating: '4',
      comment: TEXT,
      removePhotos: first!,
      photoFiles: [{ file: Buffer.from('GIF89a but not really'), name: 'odd.gif', type: 'image/gif' }],
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.body).toContain('odd.gif: ');
    expect(fake.body).toMatch(new RegExp(`name="removePhotos" checked="" value="${first}"`));
    expect(fake.body).toMatch(new RegExp(`name="removePhotos" value="${second}"`));
    expect(await photoIds(photoBuyer.id)).toEqual([first, second]);

    const edited = await photoClient.postMultipart('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(lace.id),
      rating: '4',
      comment: TEXT,
      removePhotos: first!,
      photoFiles: [
        { file: await jpeg('#55aa33'), name: 'side.jpg', type: 'image/jpeg' },
        { file: await jpeg('#aa5533'), name: 'top.jpg', type: 'image/jpeg' },
      ],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.body).toContain('Your review has been updated.');
    const now = await photoIds(photoBuyer.id);
    expect(now).toHaveLength(3);
    expect(now[0]).toBe(second);
    expect(now).not.toContain(first);
    const [row] = await queryRows<{ status: string; rating: number }>(
      shop.database.db,
      sql`SELECT status, rating FROM reviews WHERE user_id = ${photoBuyer.id} AND product_id = ${lace.id}`,
    );
    expect(row).toEqual({ status: 'pending', rating: 4 });
    expect(await productPage(lace)).not.toContain(`/media/${second}/`);
  });

  it('takes a phone-sized photo from a signed-in shopper; a stranger cannot send a large form', async () => {
    // A real phone photo is a few megabytes: more than the 1 MB other forms are held to.
    const noise = Buffer.alloc(1400 * 1400 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.byteLength).toBeGreaterThan(1024 * 1024);
    const fields = {
      intent: 'review',
      productId: String(lace.id),
      rating: '4',
      comment: TEXT,
      photoFiles: [{ file: big, name: 'phone.jpg', type: 'image/jpeg' }],
    };
    const anonymous = await new TestClient(shop.app).postMultipart('/dashboard?tab=reviews', fields);
    expect(anonymous.statusCode).toBe(413);
    const before = await photoIds(photoBuyer.id);
    const res = await photoClient.postMultipart('/dashboard?tab=reviews', {
      ...fields,
      removePhotos: before[0]!,
    });
    expect(res.statusCode).toBe(200);
    const after = await photoIds(photoBuyer.id);
    expect(after).toHaveLength(3);
    expect(after.slice(0, 2)).toEqual(before.slice(1));
  });

  it("cannot touch someone else's review: another buyer's post writes their own, a stranger is refused", async () => {
    const mine = await photoIds(photoBuyer.id);
    const [authorRow] = await queryRows<{ comment: string; rating: number }>(
      shop.database.db,
      sql`SELECT comment, rating FROM reviews WHERE user_id = ${photoBuyer.id} AND product_id = ${lace.id}`,
    );
    const stranger = await strangerClient.postMultipart('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(lace.id),
      rating: '1',
      comment: 'Trying to change a review that is not mine.',
      removePhotos: mine,
      photoFiles: [{ file: await jpeg('#000000'), name: 'mine.jpg', type: 'image/jpeg' }],
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).toContain('once it has been delivered to you');

    const other = await otherBuyerClient.postMultipart('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(lace.id),
      rating: '2',
      comment: 'My own review, and I tried to remove the other photos.',
      removePhotos: mine,
    });
    expect(other.statusCode).toBe(200);
    expect(await photoIds(photoBuyer.id)).toEqual(mine);
    const [after] = await queryRows<{ comment: string; rating: number }>(
      shop.database.db,
      sql`SELECT comment, rating FROM reviews WHERE user_id = ${photoBuyer.id} AND product_id = ${lace.id}`,
    );
    expect(after).toEqual(authorRow);
    expect((await counts()).reviews).toBe(2);
  });

  it('offers Leave Review on each delivered order line and on the product page, Edit your review once written', async () => {
    const db = shop.database.db;
    const fresh = await createUser(db, { name: 'Kemi Lawal' });
    await createOrder(shop, {
      account: fresh,
      lines: [{ variantId: lace.variants[0]!.id }, { variantId: wig.variants[0]!.id }],
      status: 'delivered',
    });
    await createOrder(shop, {
      account: fresh,
      lines: [{ variantId: bundle.variants[0]!.id }],
      status: 'shipped',
    });
    const client = await signedInClient(shop, fresh.email);
    const orders = await client.get('/dashboard?tab=orders');
    expect(orders.statusCode).toBe(200);
    const delivered = [...orders.body.matchAll(/aria-label="Products in this order">(.*?)<\/ul>/gs)]
      .map((m) => m[1])
      .join('');
    const lines = [...delivered.matchAll(/<li.*?<\/li>/gs)].map((m) => m[0]);
    expect(lines).toHaveLength(2);
    expect(lines.join('')).toContain(
      `href="/dashboard?tab=reviews&amp;product=${lace.id}#review-product-${lace.id}"`,
    );
    expect(lines.join('')).not.toContain('Review Test Bundle');
    expect(lines.every((l) => l.includes('>Leave Review<'))).toBe(true);

    const form = await client.get(`/dashboard?tab=reviews&product=${lace.id}`);
    expect(form.body).toContain(`id="review-product-${lace.id}"`);
    expect(form.body).toMatch(/enctype="multipart\/form-data"/i);
    expect(form.body).toContain('name="photoFiles"');

    const page = await client.get(productPath(lace));
    expect(
      /href="\/dashboard\?tab=reviews&amp;product=\d+#review-product-\d+"[^>]*>Leave Review</.test(page.body),
    ).toBe(true);
    const signedOut = await productPage(lace);
    expect(signedOut).toContain('Bought this? Write a review');

    await client.postMultipart('/dashboard?tab=reviews', {
      intent: 'review',
      productId: String(lace.id),
      rating: '5',
      comment: 'Lovely lace and quick delivery to Yaba.',
    });
    const after = await client.get('/dashboard?tab=orders');
    expect(after.body).toContain(`>Edit your review<`);
    const pageAfter = await client.get(productPath(lace));
    expect(
      /href="\/dashboard\?tab=reviews&amp;product=\d+#review-product-\d+"[^>]*>Edit your review</.test(
        pageAfter.body,
      ),
    ).toBe(true);
    expect(pageAfter.body).toContain('Your review is waiting for approval');
  });
});
