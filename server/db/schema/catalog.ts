import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ProductDetails } from '#core/contract/catalog.ts';
import type { OPTION_ORDER } from '#core/variants.ts';
import { media } from './media.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  slug: text('slug').primaryKey(), // wigs, bundles, braiding-hair, lace-frontals
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  imageId: text('image_id').references(() => media.id),
});

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The readable part of the URL; the page address is `${slug}-${id}`. */
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    categorySlug: text('category_slug')
      .notNull()
      .references(() => categories.slug),
    subcategory: text('subcategory').notNull().default(''),
    grade: text('grade'),
    origin: text('origin'),
    texture: text('texture'),
    details: jsonb('details').$type<ProductDetails>().notNull().default({}),
    isFlashSale: boolean('is_flash_sale').notNull().default(false),
    /** draft (not on the storefront yet), active (on sale), archived ("deleted": kept for orders and reviews). */
    status: text('status').$type<'draft' | 'active' | 'archived'>().notNull().default('active'),
    /** Derived from `status` by the database, for the storefront's queries (ADR 030). */
    isActive: boolean('is_active').notNull().generatedAlwaysAs(sql`status = 'active'`),
    salesCount: integer('sales_count').notNull().default(0),
    /** Written by the sample data's seed (ADR 070): `npm run sample:remove` deletes what carries it. */
    sample: boolean('sample').notNull().default(false),
    /** Maintained by triggers (migration 0003): name, category, hair details and variant options. */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('english', search_text)`),
    /** Maintained by triggers: the cheapest variant's price, for price filters and sorting. */
    minPriceKobo: integer('min_price_kobo').notNull().default(0),
    /** Maintained by triggers on `reviews` (migration 0012): approved reviews and their stars. */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_category_idx').on(t.categorySlug, t.createdAt),
    index('products_created_idx').on(t.createdAt),
    index('products_min_price_idx').on(t.minPriceKobo),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('products_sales_nonnegative', sql`${t.salesCount} >= 0`),
    check('products_status_known', sql`${t.status} IN ('draft', 'active', 'archived')`),
    index('products_status_idx').on(t.status, t.createdAt),
  ],
);

/** A variant's options, by the keys the product page knows (core/variants.ts OPTION_ORDER). */
export type VariantOptions = Partial<Record<(typeof OPTION_ORDER)[number], string>>;

export const productVariants = pgTable(
  'product_variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    options: jsonb('options').$type<VariantOptions>().notNull().default({}),
    position: integer('position').notNull().default(0),
    priceKobo: integer('price_kobo').notNull(),
    compareAtPriceKobo: integer('compare_at_price_kobo'),
    stock: integer('stock').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_variants_sku_key').on(t.sku),
    index('product_variants_product_idx').on(t.productId, t.position),
    check('product_variants_price_nonnegative', sql`${t.priceKobo} >= 0`),
    check(
      'product_variants_compare_at_valid',
      sql`${t.compareAtPriceKobo} IS NULL OR ${t.compareAtPriceKobo} >= 0`,
    ),
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id),
    position: integer('position').notNull().default(0),
    /** The photo's description on this product (null: the media's own alt text). */
    alt: text('alt'),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);
