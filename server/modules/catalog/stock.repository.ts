// The stock port's SQL (catalog.service.ts's `stock`): the units on sale live on the variant rows;
// orders and checkout lock, take and return them inside their own transaction, rows locked in id
// order and every take conditional on the units being there.
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '#server/db/client.ts';

export interface LockedVariant {
  id: number;
  productId: number;
  productName: string;
  categorySlug: string;
  isActive: boolean;
  sku: string;
  options: Record<string, string>;
  priceKobo: number;
  stock: number;
  imageId: string | null;
}

/** Today's price and stock of these variants, rows locked in id order (no deadlocks). */
export async function lockVariants(q: Queryable, variantIds: readonly number[]): Promise<LockedVariant[]> {
  if (variantIds.length === 0) return [];
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  const rows = await queryRows<{
    id: number;
    product_id: number;
    name: string;
    category_slug: string;
    is_active: boolean;
    sku: string;
    options: Record<string, string>;
    price_kobo: number;
    stock: number;
    image_id: string | null;
  }>(
    q,
    sql`SELECT v.id, v.product_id, p.name, p.category_slug, p.is_active, v.sku, v.options, v.price_kobo, v.stock,
               (SELECT pi.media_id FROM product_images pi WHERE pi.product_id = p.id ORDER BY pi.position, pi.id LIMIT 1) AS image_id
        FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY v.id
        FOR UPDATE OF v`,
  );
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    productName: r.name,
    categorySlug: r.category_slug,
    isActive: r.is_active,
    sku: r.sku,
    options: r.options,
    priceKobo: r.price_kobo,
    stock: r.stock,
    imageId: r.image_id,
  }));
}

/** Takes `quantity` from stock only if that many are there; false when not. */
export async function takeStock(q: Queryable, variantId: number, quantity: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    q,
    sql`UPDATE product_variants SET stock = stock - ${quantity} WHERE id = ${variantId} AND stock >= ${quantity} RETURNING id`,
  );
  return rows.length === 1;
}

/**
 * Takes every unit in one statement, each only if that many are there; returns the variant ids
 * taken (fewer than asked: the caller rolls back). The rows are locked first (`lockVariants`, id
 * order), so this one update adds no lock order of its own.
 */
export async function takeStockUnits(
  q: Queryable,
  units: readonly { variantId: number; quantity: number }[],
): Promise<number[]> {
  if (units.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    q,
    sql`UPDATE product_variants v SET stock = v.stock - w.quantity
        FROM (VALUES ${sql.join(
          units.map((u) => sql`(${u.variantId}::int, ${u.quantity}::int)`),
          sql`, `,
        )}) AS w(id, quantity)
        WHERE v.id = w.id AND v.stock >= w.quantity
        RETURNING v.id`,
  );
  return rows.map((r) => r.id);
}

/** Puts units back on sale (a variant deleted since is skipped). */
export async function returnStock(q: Queryable, variantId: number, quantity: number): Promise<void> {
  await q.execute(sql`UPDATE product_variants SET stock = stock + ${quantity} WHERE id = ${variantId}`);
}
