// The sample shop loads completely, once, with a picture for every product.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { categories, productImages, products, productVariants } from '#server/db/schema/catalog.ts';
import { heroSlides } from '#server/db/schema/content.ts';
import { createTestShop, type TestShop } from '#tests/helpers/test-app.ts';
import { seedProducts } from './catalogue.ts';
import { seedSampleData } from './seed.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
  const loaded = await seedSampleData({
    db: shop.database.db,
    media: shop.services.media,
    log: shop.log,
    promoCodes: true,
  });
  expect(loaded).toBe(true);
}, 180_000);
afterAll(async () => {
  await shop.close();
});

describe('sample data', () => {
  it('loads every product with its variants, in all four categories', async () => {
    const db = shop.database.db;
    const [productCount] = await db.select({ n: count() }).from(products);
    expect(productCount?.n).toBe(seedProducts.length);
    expect(seedProducts.length).toBeGreaterThanOrEqual(48);
    const [variantCount] = await db.select({ n: count() }).from(productVariants);
    expect(variantCount?.n).toBe(seedProducts.reduce((n, p) => n + p.variants.length, 0));
    const perCategory = await queryRows<{ category_slug: string; n: string }>(
      db,
      sql`SELECT category_slug, COUNT(*) AS n FROM products GROUP BY category_slug ORDER BY category_slug`,
    );
    expect(perCategory.map((r) => r.category_slug)).toEqual([
      'braiding-hair',
      'bundles',
      'lace-frontals',
      'wigs',
    ]);
  });

  it('gives every product and category a picture that renders', async () => {
    const db = shop.database.db;
    const withoutImage = await queryRows<{ id: number }>(
      db,
      sql`SELECT p.id FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id)`,
    );
    expect(withoutImage).toEqual([]);
    const [image] = await db.select().from(productImages).where(eq(productImages.position, 0)).limit(1);
    const res = await shop.app.inject({ method: 'GET', url: `/media/${image!.mediaId}/480.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.byteLength).toBeGreaterThan(2000);
    const cats = await db.select().from(categories);
    expect(cats.every((c) => c.imageId !== null)).toBe(true);
  });

  it('has the two hero slides of the spec', async () => {
    const slides = await shop.services.content.listHeroSlides();
    expect(slides.map((s) => s.ctaLink)).toEqual(['/collections', '/collections?category=wigs']);
    const [n] = await shop.database.db.select({ n: count() }).from(heroSlides);
    expect(n?.n).toBe(2);
  });

  it('brings the sample promo codes, which reference data alone does not (ADR 016)', async () => {
    expect(await shop.services.promotions.sampleCodesPresent()).toEqual(['NEWCUSTOMER', 'SAVE10', 'SAVE20']);
    const bare = await createTestShop();
    try {
      expect(await bare.services.promotions.sampleCodesPresent()).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('marks the shop as running on sample data and does not load twice', async () => {
    expect((await shop.services.content.getStoreInfo()).usesSampleData).toBe(true);
    const again = await seedSampleData({
      db: shop.database.db,
      media: shop.services.media,
      log: shop.log,
      promoCodes: true,
    });
    expect(again).toBe(false);
    const [productCount] = await shop.database.db.select({ n: count() }).from(products);
    expect(productCount?.n).toBe(seedProducts.length);
  });
});
