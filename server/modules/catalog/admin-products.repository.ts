// SQL of the admin products screens (catalog module, private): the list with its filters, one
// product as stored, and the writes of a save, an archive and a restore. Every write runs on the
// service's transaction handle; variant rows are locked in id order, as checkout locks them.
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { CategorySlug } from '#core/catalog.ts';
import type { AdminProductCard, AdminProductsQuery, ProductStatus } from '#core/contract/admin-products.ts';
import type { ProductDetails } from '#core/contract/catalog.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { productImages, products, productVariants } from '#server/db/schema/catalog.ts';
import { media } from '#server/db/schema/media.ts';

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listConditions(query: AdminProductsQuery, threshold: number): SQL {
  const conditions: SQL[] = [];
  conditions.push(query.status ? sql`p.status = ${query.status}` : sql`p.status <> 'archived'`);
  if (query.category) conditions.push(sql`p.category_slug = ${query.category}`);
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(
      sql`(p.name ILIKE ${pattern} OR p.search_text ILIKE ${pattern} OR c.name ILIKE ${pattern} OR p.subcategory ILIKE ${pattern})`,
    );
  }
  if (query.stock === 'out') conditions.push(sql`s.total_stock = 0`);
  if (query.stock === 'low') conditions.push(sql`s.total_stock > 0 AND s.min_stock <= ${threshold}`);
  if (query.stock === 'in') conditions.push(sql`s.min_stock > ${threshold}`);
  return sql.join(conditions, sql` AND `);
}

const LIST_FROM = sql`
  FROM products p
  JOIN categories c ON c.slug = p.category_slug
  JOIN LATERAL (
    SELECT COALESCE(MIN(pv.price_kobo), 0) AS min_price, COALESCE(MAX(pv.price_kobo), 0) AS max_price,
           COALESCE(SUM(pv.stock), 0) AS total_stock, COALESCE(MIN(pv.stock), 0) AS min_stock,
           COUNT(*) AS variant_count
    FROM product_variants pv WHERE pv.product_id = p.id
  ) s ON true`;

/** One page of the admin list, newest change first, and how many match. */
export async function listAdminProducts(
  db: Queryable,
  query: AdminProductsQuery,
  options: { threshold: number; limit: number; offset: number },
): Promise<{ items: AdminProductCard[]; total: number }> {
  const where = listConditions(query, options.threshold);
  const [rows, counted] = await Promise.all([
    queryRows<{
      id: number;
      slug: string;
      name: string;
      category_slug: CategorySlug;
      category_name: string;
      status: ProductStatus;
      min_price: number | string;
      max_price: number | string;
      total_stock: number | string;
      min_stock: number | string;
      variant_count: number | string;
      updated_at: Date | string;
      image_id: string | null;
      image_alt: string | null;
      image_width: number | null;
      image_height: number | null;
    }>(
      db,
      sql`SELECT p.id, p.slug, p.name, p.category_slug, c.name AS category_name, p.status, p.updated_at,
                 s.min_price, s.max_price, s.total_stock, s.min_stock, s.variant_count,
                 img.id AS image_id, img.alt AS image_alt, img.width AS image_width, img.height AS image_height
          ${LIST_FROM}
          LEFT JOIN LATERAL (
            SELECT m.id, COALESCE(pi.alt, m.alt) AS alt, m.width, m.height
            FROM product_images pi JOIN media m ON m.id = pi.media_id
            WHERE pi.product_id = p.id ORDER BY pi.position, pi.id LIMIT 1
          ) img ON true
          WHERE ${where}
          ORDER BY p.updated_at DESC, p.id DESC
          LIMIT ${options.limit} OFFSET ${options.offset}`,
    ),
    queryRows<{ n: number | string }>(db, sql`SELECT COUNT(*) AS n ${LIST_FROM} WHERE ${where}`),
  ]);
  return {
    total: Number(counted[0]?.n ?? 0),
    items: rows.map((r) => {
      const totalStock = Number(r.total_stock);
      const minStock = Number(r.min_stock);
      return {
        id: r.id,
        slug: r.slug,
        name: r.name,
        category: r.category_slug,
        categoryName: r.category_name,
        status: r.status,
        minPriceKobo: Number(r.min_price),
        maxPriceKobo: Number(r.max_price),
        totalStock,
        variantCount: Number(r.variant_count),
        stockLevel: totalStock === 0 ? 'out' : minStock <= options.threshold ? 'low' : 'in',
        image:
          r.image_id === null
            ? null
            : {
                id: r.image_id,
                alt: r.image_alt ?? '',
                width: r.image_width ?? 0,
                height: r.image_height ?? 0,
              },
        updatedAt: new Date(r.updated_at).toISOString(),
      };
    }),
  };
}

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

export async function findProduct(db: Queryable, id: number): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

/** The product row, locked for the rest of the transaction (saves of one product queue up). */
export async function lockProduct(db: Queryable, id: number): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function variantsOf(db: Queryable, productId: number): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/** The product's variant rows locked in id order (checkout locks them in the same order). */
export async function lockVariantsOf(db: Queryable, productId: number): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.id))
    .for('update');
}

export async function photosOf(
  db: Queryable,
  productId: number,
): Promise<{ mediaId: string; id: string; alt: string; width: number; height: number }[]> {
  const rows = await db
    .select({
      id: media.id,
      alt: sql<string>`COALESCE(${productImages.alt}, ${media.alt})`,
      width: media.width,
      height: media.height,
    })
    .from(productImages)
    .innerJoin(media, eq(media.id, productImages.mediaId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return rows.map((r) => ({ ...r, mediaId: r.id }));
}

/** Which of these media ids exist. */
export async function existingMedia(db: Queryable, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: media.id }).from(media).where(inArray(media.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** SKUs among these already used by another product's variants. */
export async function skusTakenElsewhere(db: Queryable, skus: string[], productId: number | null) {
  if (skus.length === 0) return new Set<string>();
  const rows = await db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      productId === null
        ? inArray(productVariants.sku, skus)
        : and(inArray(productVariants.sku, skus), sql`${productVariants.productId} <> ${productId}`),
    );
  return new Set(rows.map((r) => r.sku));
}

export interface ProductFields {
  name: string;
  slug: string;
  categorySlug: CategorySlug;
  subcategory: string;
  description: string;
  status: ProductStatus;
  isFlashSale: boolean;
  grade: string | null;
  origin: string | null;
  texture: string | null;
  details: ProductDetails;
}

export async function insertProduct(db: Queryable, fields: ProductFields): Promise<ProductRow> {
  const [row] = await db.insert(products).values(fields).returning();
  return row!;
}

export async function updateProduct(
  db: Queryable,
  id: number,
  fields: Partial<ProductFields>,
): Promise<void> {
  await db
    .update(products)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

export interface VariantFields {
  sku: string;
  options: Record<string, string>;
  position: number;
  priceKobo: number;
  compareAtPriceKobo: number | null;
}

export async function insertVariant(
  db: Queryable,
  productId: number,
  fields: VariantFields & { stock: number },
): Promise<number> {
  const [row] = await db
    .insert(productVariants)
    .values({ productId, ...fields })
    .returning({ id: productVariants.id });
  return row!.id;
}

/** Updates a variant; its stock only when `stock` is given (a conditional edit decided by the service). */
export async function updateVariant(
  db: Queryable,
  id: number,
  fields: VariantFields & { stock?: number },
): Promise<void> {
  await db.update(productVariants).set(fields).where(eq(productVariants.id, id));
}

export async function deleteVariants(db: Queryable, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(productVariants).where(inArray(productVariants.id, ids));
}

/** Moves SKUs out of the way (a swap of SKUs between two rows would trip the unique index). */
export async function parkSkus(db: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(productVariants)
    .set({ sku: sql`'~' || ${productVariants.id}::text || '-' || ${productVariants.sku}` })
    .where(inArray(productVariants.id, ids));
}

export async function replacePhotos(
  db: Queryable,
  productId: number,
  photos: { mediaId: string; alt: string }[],
): Promise<void> {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  if (photos.length === 0) return;
  await db
    .insert(productImages)
    .values(photos.map((p, position) => ({ productId, mediaId: p.mediaId, position, alt: p.alt || null })));
}

export async function setStatus(db: Queryable, id: number, status: ProductStatus): Promise<void> {
  await db.update(products).set({ status, updatedAt: sql`now()` }).where(eq(products.id, id));
}
