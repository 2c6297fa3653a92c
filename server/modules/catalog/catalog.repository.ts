// The catalogue's SQL for the storefront: the product cards of listings, home sections and related
// products (filtered, searched and sorted in SQL), categories, a product's variants and images.
// The stock the modules move has its own file, stock.repository.ts.

import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { CATEGORY_SLUGS, type CategorySlug, isListingGroup, LISTING_GROUPS } from '#core/catalog.ts';
import type { Category, ProductListQuery, ProductSummary, Variant } from '#core/contract/catalog.ts';
import type { ImageRef } from '#core/media.ts';
import { nairaToKobo } from '#core/money.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { categories, productImages, products, productVariants } from '#server/db/schema/catalog.ts';
import { media } from '#server/db/schema/media.ts';

interface SummaryRow {
  id: number;
  slug: string;
  name: string;
  category_slug: CategorySlug;
  subcategory: string;
  price_kobo: number;
  compare_at_price_kobo: number | null;
  stock: number | string;
  variant_count: number | string;
  is_flash_sale: boolean;
  sales_count: number;
  rating_count: number;
  rating_total: number;
  created_at: Date | string;
  image_id: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
}

interface ImageColumns {
  image_id: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
}

function imageFromRow(row: ImageColumns): ImageRef | null {
  return row.image_id === null
    ? null
    : {
        id: row.image_id,
        alt: row.image_alt ?? '',
        width: row.image_width ?? 0,
        height: row.image_height ?? 0,
      };
}

/** The catalogue's rules that shape listing queries (owned by the service). */
export interface ListingRules {
  newArrivalDays: number;
  similarityThreshold: number;
}

function listingConditions(query: ProductListQuery, rules: ListingRules): SQL | undefined {
  const conditions: SQL[] = [];
  const { category } = query;
  if ((CATEGORY_SLUGS as readonly string[]).includes(category)) {
    conditions.push(sql`p.category_slug = ${category}`);
  } else if (isListingGroup(category)) {
    const slugs = LISTING_GROUPS[category].categories;
    conditions.push(
      sql`p.category_slug IN (${sql.join(
        slugs.map((slug) => sql`${slug}`),
        sql`, `,
      )})`,
    );
  } else if (category === 'new') {
    conditions.push(sql`p.created_at > now() - make_interval(days => ${rules.newArrivalDays})`);
  } else if (category === 'sale') {
    conditions.push(
      sql`(p.is_flash_sale OR EXISTS (SELECT 1 FROM product_variants pv WHERE pv.product_id = p.id AND pv.compare_at_price_kobo > pv.price_kobo))`,
    );
  }
  if (query.ids) {
    conditions.push(
      sql`p.id IN (${sql.join(
        query.ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (query.minPrice > 0) conditions.push(sql`p.min_price_kobo >= ${nairaToKobo(query.minPrice)}`);
  if (query.maxPrice !== undefined) conditions.push(sql`p.min_price_kobo <= ${nairaToKobo(query.maxPrice)}`);
  if (query.search) {
    conditions.push(
      sql`(p.search_vector @@ websearch_to_tsquery('english', ${query.search}) OR word_similarity(${query.search.toLowerCase()}, p.search_text) > ${rules.similarityThreshold})`,
    );
  }
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : undefined;
}

function listingOrder(query: ProductListQuery): SQL {
  switch (query.sort) {
    case 'popular':
      return sql`p.sales_count DESC, p.id DESC`;
    case 'price-asc':
      return sql`p.min_price_kobo ASC, p.id ASC`;
    case 'price-desc':
      return sql`p.min_price_kobo DESC, p.id DESC`;
    case 'newest':
      return sql`p.created_at DESC, p.id DESC`;
    default:
      // No sort chosen: best match first when searching, otherwise newest first.
      return query.search
        ? sql`(ts_rank(p.search_vector, websearch_to_tsquery('english', ${query.search})) * 2 + word_similarity(${query.search.toLowerCase()}, p.search_text)) DESC, p.sales_count DESC, p.id DESC`
        : sql`p.created_at DESC, p.id DESC`;
  }
}

/** Approved reviews' average (one decimal) and count; null before the first approved review. */
function ratingOf(count: number, total: number): ProductSummary['rating'] {
  return count > 0 ? { average: Math.round((total / count) * 10) / 10, count } : null;
}

function toSummary(row: SummaryRow): ProductSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category_slug,
    subcategory: row.subcategory,
    priceKobo: Number(row.price_kobo),
    compareAtPriceKobo: row.compare_at_price_kobo === null ? null : Number(row.compare_at_price_kobo),
    stock: Number(row.stock),
    variantCount: Number(row.variant_count),
    isFlashSale: row.is_flash_sale,
    salesCount: row.sales_count,
    rating: ratingOf(row.rating_count, row.rating_total),
    createdAt: new Date(row.created_at).toISOString(),
    image: imageFromRow(row),
  };
}

/**
 * Product cards: each active product with its cheapest variant's price, total stock and first image.
 * `where` and `orderBy` are SQL fragments over the alias `p` (products).
 */
async function listProductSummaries(
  db: Queryable,
  options: { where?: SQL; orderBy: SQL; limit: number; offset?: number },
): Promise<ProductSummary[]> {
  // Pick the page of products first, then decorate only those rows with price, stock and image.
  const rows = await queryRows<SummaryRow>(
    db,
    sql`
    WITH picked AS (
      SELECT p.* FROM products p
      WHERE p.is_active ${options.where ? sql`AND ${options.where}` : sql``}
      ORDER BY ${options.orderBy}
      LIMIT ${options.limit} OFFSET ${options.offset ?? 0}
    )
    SELECT p.id, p.slug, p.name, p.category_slug, p.subcategory, p.is_flash_sale, p.sales_count,
           p.rating_count, p.rating_total, p.created_at,
           v.price_kobo, v.compare_at_price_kobo, s.stock, s.variant_count,
           img.id AS image_id, img.alt AS image_alt, img.width AS image_width, img.height AS image_height
    FROM picked p
    JOIN LATERAL (
      SELECT pv.price_kobo, pv.compare_at_price_kobo FROM product_variants pv
      WHERE pv.product_id = p.id ORDER BY pv.price_kobo, pv.position, pv.id LIMIT 1
    ) v ON true
    JOIN LATERAL (
      SELECT COALESCE(SUM(pv.stock), 0) AS stock, COUNT(*) AS variant_count FROM product_variants pv
      WHERE pv.product_id = p.id
    ) s ON true
    LEFT JOIN LATERAL (
      SELECT m.id, COALESCE(pi.alt, m.alt) AS alt, m.width, m.height FROM product_images pi JOIN media m ON m.id = pi.media_id
      WHERE pi.product_id = p.id ORDER BY pi.position, pi.id LIMIT 1
    ) img ON true
    ORDER BY ${options.orderBy}
  `,
  );
  return rows.map(toSummary);
}

export async function listCategories(db: Queryable): Promise<Category[]> {
  const rows = await queryRows<{
    slug: CategorySlug;
    name: string;
    description: string;
    image_id: string | null;
    image_alt: string | null;
    image_width: number | null;
    image_height: number | null;
    product_count: number | string;
  }>(
    db,
    sql`
    SELECT c.slug, c.name, c.description, m.id AS image_id, m.alt AS image_alt, m.width AS image_width,
           m.height AS image_height,
           (SELECT COUNT(*) FROM products p WHERE p.category_slug = c.slug AND p.is_active) AS product_count
    FROM categories c LEFT JOIN media m ON m.id = c.image_id
    ORDER BY c.position, c.slug
  `,
  );
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    description: row.description,
    image: imageFromRow(row),
    productCount: Number(row.product_count),
  }));
}

async function countProducts(db: Queryable, where?: SQL): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT COUNT(*) AS n FROM products p WHERE p.is_active ${where ? sql`AND ${where}` : sql``}`,
  );
  return Number(row?.n ?? 0);
}

export async function listVariantsFor(db: Queryable, productIds: number[]): Promise<Map<number, Variant[]>> {
  const byProduct = new Map<number, Variant[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const r of rows) {
    const list = byProduct.get(r.productId) ?? [];
    list.push({
      id: r.id,
      sku: r.sku,
      options: r.options as Record<string, string>,
      priceKobo: r.priceKobo,
      compareAtPriceKobo: r.compareAtPriceKobo,
      stock: r.stock,
    });
    byProduct.set(r.productId, list);
  }
  return byProduct;
}

export async function listImagesFor(db: Queryable, productIds: number[]): Promise<Map<number, ImageRef[]>> {
  const byProduct = new Map<number, ImageRef[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productImages.productId,
      id: media.id,
      alt: sql<string>`COALESCE(${productImages.alt}, ${media.alt})`,
      width: media.width,
      height: media.height,
    })
    .from(productImages)
    .innerJoin(media, eq(media.id, productImages.mediaId))
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
  for (const { productId, ...image } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push(image);
    byProduct.set(productId, list);
  }
  return byProduct;
}

export async function findProductRow(db: Queryable, id: number) {
  const [row] = await db
    .select({ product: products, categoryName: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.categorySlug))
    .where(and(eq(products.id, id), eq(products.isActive, true)))
    .limit(1);
  return row ?? null;
}

/** A product's status whatever it is (null: no such product), to tell "archived" (410) from "never was" (404). */
export async function findProductStatus(db: Queryable, id: number): Promise<string | null> {
  const [row] = await db
    .select({ status: products.status })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row?.status ?? null;
}

export async function listActiveProductRefs(
  db: Queryable,
): Promise<{ id: number; slug: string; updatedAt: Date }[]> {
  return db
    .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(asc(products.id));
}

/** One page of the listing and the total that matches, filtered, searched and sorted in SQL. */
export async function listProductPage(
  db: Queryable,
  query: ProductListQuery,
  rules: ListingRules,
): Promise<{ items: ProductSummary[]; total: number }> {
  const where = listingConditions(query, rules);
  const [items, total] = await Promise.all([
    listProductSummaries(db, {
      where,
      orderBy: listingOrder(query),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    countProducts(db, where),
  ]);
  return { items, total };
}

export function listFlashSale(db: Queryable, limit: number): Promise<ProductSummary[]> {
  return listProductSummaries(db, {
    where: sql`p.is_flash_sale`,
    orderBy: sql`p.sales_count DESC, p.id`,
    limit,
  });
}

export function listBestSellers(db: Queryable, minSales: number, limit: number): Promise<ProductSummary[]> {
  return listProductSummaries(db, {
    where: sql`p.sales_count > ${minSales}`,
    orderBy: sql`p.sales_count DESC, p.id`,
    limit,
  });
}

export function listNewest(db: Queryable, limit: number): Promise<ProductSummary[]> {
  return listProductSummaries(db, { orderBy: sql`p.created_at DESC, p.id DESC`, limit });
}

/** Other products of the same category, best sellers first. */
export function listRelatedProducts(
  db: Queryable,
  product: { id: number; category: string },
  limit: number,
): Promise<ProductSummary[]> {
  return listProductSummaries(db, {
    where: sql`p.category_slug = ${product.category} AND p.id <> ${product.id}`,
    orderBy: sql`p.sales_count DESC, p.id`,
    limit,
  });
}

export async function findProductSummary(db: Queryable, id: number): Promise<ProductSummary | null> {
  const [summary] = await listProductSummaries(db, {
    where: sql`p.id = ${id}`,
    orderBy: sql`p.id`,
    limit: 1,
  });
  return summary ?? null;
}
