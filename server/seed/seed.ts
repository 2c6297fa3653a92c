// Loads the sample shop: categories, the catalogue with variants and generated artwork, hero
// slides, display currencies, the store's settings, (demo shops only) the sample promo codes, and
// a year of sample customers and orders for the admin screens (sample-shop.ts).
// Runs in one transaction, only into an empty catalogue that never had them: removed samples
// (ADR 070) never come back (an advisory lock keeps two starting processes from both seeding).

import { inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { slugify } from '#core/catalog.ts';
import type { SAMPLE_PROMO_CODES } from '#core/demo.ts';
import { LAYAWAY_DEFAULTS } from '#core/layaway.ts';
import { DEFAULT_CURRENCIES } from '#core/money.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { categories, productImages, products, productVariants } from '#server/db/schema/catalog.ts';
import { currencies, heroSlides, settings } from '#server/db/schema/content.ts';
import { media as mediaTable } from '#server/db/schema/media.ts';
import { discounts } from '#server/db/schema/promotions.ts';
import type { MediaRecord, MediaService } from '#server/modules/media/media.service.ts';
import type { Logger } from '#server/platform/logger.ts';
import { heroArtworkSvg, productArtworkSvg } from './artwork.ts';
import { seedHeroSlides, seedProducts } from './catalogue.ts';
import { categoryRows, maySeedSampleData, SAMPLE_DATA_SETTING } from './reference.ts';
import { seedSampleCustomersAndOrders } from './sample-shop.ts';

// Reference data is loaded at every start (reference.ts); this module, with its artwork, only when seeding.
export { seedReferenceData } from './reference.ts';

const SEED_LOCK_ID = 7_310_001;

async function svgToPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 2 }).toBuffer();
}

/** Runs `fn` over `items` with at most `limit` at once (sharp already uses threads inside). */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * The sample data's promo codes (ADR 016): they come only with the sample data, only while the
 * shop may be a demo shop, and go when the owner takes it over. Never re-created once removed.
 */
export const SEED_DISCOUNTS = [
  { code: 'SAVE10', type: 'percentage', value: 10, scope: 'global' },
  { code: 'SAVE20', type: 'percentage', value: 20, scope: 'global' },
  {
    code: 'NEWCUSTOMER',
    type: 'percentage',
    value: 15,
    scope: 'global',
    firstOrderOnly: true,
    perCustomerLimit: 1,
  },
] as const satisfies readonly (typeof discounts.$inferInsert & {
  code: (typeof SAMPLE_PROMO_CODES)[number];
})[];

/** Adds the sample promo codes (tests that are about promo codes call it too). */
export async function seedSampleDiscounts(q: Queryable): Promise<void> {
  await q
    .insert(discounts)
    .values(SEED_DISCOUNTS.map((d) => ({ ...d })))
    .onConflictDoNothing({ target: discounts.code });
}

export async function seedSampleData(deps: {
  db: Db;
  media: MediaService;
  log: Logger;
  /** Load the sample promo codes too: only when the shop may be a demo shop (ADR 016). */
  promoCodes: boolean;
  /** The moment the sample orders are dated back from (default now; tests fix it). */
  now?: Date;
}): Promise<boolean> {
  const { db, media, log } = deps;
  if (!(await maySeedSampleData(db))) return false;

  const started = Date.now();
  // Render every picture before the transaction: it is the slow part, and the blobs are
  // content-addressed, so a run that fails later leaves nothing that matters behind.
  const productMedia = await mapLimit(seedProducts, 4, (product, i) =>
    Promise.all(
      product.images.map(async (art, j) =>
        media.storeOriginal(
          await svgToPng(productArtworkSvg(art, i * 31 + j * 7 + 1)),
          j === 0 ? product.name : `${product.name}, view ${j + 1}`,
        ),
      ),
    ),
  );
  const heroMedia = await mapLimit(seedHeroSlides, 2, async (slide, i) =>
    media.storeOriginal(await svgToPng(heroArtworkSvg(slide.art.palette, i + 1)), slide.title),
  );
  log.info(
    { ms: Date.now() - started, images: productMedia.flat().length + heroMedia.length },
    'sample artwork rendered',
  );

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (!(await maySeedSampleData(tx))) return false;

    const allMedia: MediaRecord[] = [...productMedia.flat(), ...heroMedia];
    for (const record of allMedia) await media.recordMedia(record, tx);
    // Every row the seed writes carries the sample mark (ADR 070): sample-removal.ts deletes by it.
    await tx
      .update(mediaTable)
      .set({ sample: true })
      .where(inArray(mediaTable.id, [...new Set(allMedia.map((m) => m.id))]));

    const firstImageOf = new Map<string, string>();
    seedProducts.forEach((p, i) => {
      if (!firstImageOf.has(p.category) && p.sales > 80)
        firstImageOf.set(p.category, productMedia[i]![0]!.id);
    });
    seedProducts.forEach((p, i) => {
      if (!firstImageOf.has(p.category)) firstImageOf.set(p.category, productMedia[i]![0]!.id);
    });

    await tx
      .insert(categories)
      .values(categoryRows().map((row) => ({ ...row, imageId: firstImageOf.get(row.slug) ?? null })))
      .onConflictDoUpdate({ target: categories.slug, set: { imageId: sql`excluded.image_id` } });

    const now = (deps.now ?? new Date()).getTime();
    for (const [i, p] of seedProducts.entries()) {
      const [row] = await tx
        .insert(products)
        .values({
          name: p.name,
          slug: slugify(p.name),
          description: p.description,
          categorySlug: p.category,
          subcategory: p.subcategory,
          grade: p.details.grade ?? null,
          origin: p.details.origin ?? null,
          texture: p.details.texture ?? null,
          details: {
            laceType: p.details.laceType,
            capSize: p.details.capSize,
            weight: p.details.weight,
            density: p.details.density,
            care: p.details.care,
            returns: p.details.returns,
          },
          isFlashSale: p.isFlashSale,
          salesCount: p.sales,
          sample: true,
          createdAt: new Date(now - p.createdDaysAgo * 86_400_000),
        })
        .returning({ id: products.id });
      const productId = row!.id;
      await tx.insert(productVariants).values(
        p.variants.map((v, position) => ({
          productId,
          sku: v.sku,
          options: v.options,
          position,
          priceKobo: v.priceKobo,
          compareAtPriceKobo: v.compareAtPriceKobo,
          stock: v.stock,
        })),
      );
      await tx
        .insert(productImages)
        .values(productMedia[i]!.map((m, position) => ({ productId, mediaId: m.id, position })));
    }

    await tx.insert(heroSlides).values(
      seedHeroSlides.map((s, position) => ({
        title: s.title,
        subtitle: s.subtitle,
        ctaText: s.ctaText,
        ctaLink: s.ctaLink,
        mediaId: heroMedia[position]!.id,
        position,
        sample: true,
      })),
    );
    await tx
      .insert(currencies)
      .values(
        DEFAULT_CURRENCIES.map((c, position) => ({ code: c.code, symbol: c.symbol, rate: c.rate, position })),
      )
      .onConflictDoNothing();
    await tx
      .insert(settings)
      .values({ key: SAMPLE_DATA_SETTING, value: 'true' })
      .onConflictDoUpdate({ target: settings.key, set: { value: 'true' } });
    // Pay small-small is on in the sample shop (off in a new one until the owner turns it on; ADR 099).
    await tx
      .insert(settings)
      .values({ key: 'layaway.settings', value: JSON.stringify({ ...LAYAWAY_DEFAULTS, enabled: true }) })
      .onConflictDoNothing();
    if (deps.promoCodes) await seedSampleDiscounts(tx);
    const ordersStarted = Date.now();
    const sample = await seedSampleCustomersAndOrders(tx, new Date(now));
    log.info({ ...sample, ms: Date.now() - ordersStarted }, 'sample customers and orders loaded');

    log.info({ products: seedProducts.length, ms: Date.now() - started }, 'sample data loaded');
    return true;
  });
}
