// Test data builders: unique values by default, override what the test is about.
import { randomBytes } from 'node:crypto';
import type { CategorySlug } from '#core/catalog.ts';
import { slugify } from '#core/catalog.ts';
import type { Queryable } from '#server/db/client.ts';
import { productImages, products, productVariants, type VariantOptions } from '#server/db/schema/catalog.ts';
import { media } from '#server/db/schema/media.ts';

let sequence = 0;
const unique = () => `${++sequence}${randomBytes(3).toString('hex')}`;

export interface VariantOverrides {
  priceKobo?: number;
  compareAtPriceKobo?: number | null;
  stock?: number;
  options?: VariantOptions;
  sku?: string;
}

export interface ProductOverrides {
  name?: string;
  category?: CategorySlug;
  subcategory?: string;
  description?: string;
  isFlashSale?: boolean;
  /** Shorthand: false makes it archived. */
  isActive?: boolean;
  status?: 'draft' | 'active' | 'archived';
  salesCount?: number;
  createdAt?: Date;
  variants?: VariantOverrides[];
  withImage?: boolean;
}

export async function createMediaRow(db: Queryable, alt = 'Test image'): Promise<string> {
  const id = randomBytes(12).toString('hex');
  await db.insert(media).values({
    id,
    storageKey: `originals/${id}.png`,
    mimeType: 'image/png',
    width: 1200,
    height: 1500,
    bytes: 1000,
    alt,
  });
  return id;
}

export async function createProduct(db: Queryable, overrides: ProductOverrides = {}) {
  const name = overrides.name ?? `Test Hair ${unique()}`;
  const [row] = await db
    .insert(products)
    .values({
      name,
      slug: slugify(name),
      description: overrides.description ?? `${name}, made for tests.`,
      categorySlug: overrides.category ?? 'bundles',
      subcategory: overrides.subcategory ?? 'Body Wave',
      isFlashSale: overrides.isFlashSale ?? false,
      status: overrides.status ?? (overrides.isActive === false ? 'archived' : 'active'),
      salesCount: overrides.salesCount ?? 0,
      createdAt: overrides.createdAt ?? new Date(),
    })
    .returning();
  const product = row!;
  const variants = await db
    .insert(productVariants)
    .values(
      (overrides.variants ?? [{}]).map((v, position) => ({
        productId: product.id,
        sku: v.sku ?? `TST-${unique().toUpperCase()}`,
        options: v.options ?? { length: `${12 + position * 2}"` },
        position,
        priceKobo: v.priceKobo ?? 2_500_000,
        compareAtPriceKobo: v.compareAtPriceKobo ?? null,
        stock: v.stock ?? 10,
      })),
    )
    .returning();
  let imageId: string | null = null;
  if (overrides.withImage) {
    imageId = await createMediaRow(db, name);
    await db.insert(productImages).values({ productId: product.id, mediaId: imageId, position: 0 });
  }
  return { ...product, variants, imageId };
}
