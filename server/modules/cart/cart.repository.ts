// SQL for carts. Lines are read joined with today's variant, product and first picture, so the
// cart always shows current prices and stock (it reads catalogue tables, never writes them).
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ImageRef } from '#core/media.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { cartLines, carts } from '#server/db/schema/commerce.ts';

export type CartRow = typeof carts.$inferSelect;

export async function findCartByUser(q: Queryable, userId: number): Promise<CartRow | null> {
  const [row] = await q.select().from(carts).where(eq(carts.userId, userId));
  return row ?? null;
}

export async function findCartByGuestHash(q: Queryable, hash: string): Promise<CartRow | null> {
  const [row] = await q.select().from(carts).where(eq(carts.guestTokenHash, hash));
  return row ?? null;
}

/** The account's cart, created on first use (concurrent first uses share one). */
export async function ensureUserCart(q: Queryable, userId: number): Promise<CartRow> {
  await q.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  return (await findCartByUser(q, userId))!;
}

export async function createGuestCart(q: Queryable, guestTokenHash: string): Promise<CartRow> {
  const [row] = await q.insert(carts).values({ guestTokenHash }).returning();
  return row!;
}

export async function deleteCart(q: Queryable, id: number): Promise<void> {
  await q.delete(carts).where(eq(carts.id, id));
}

export async function setCartPromo(q: Queryable, id: number, code: string | null): Promise<void> {
  await q.update(carts).set({ promoCode: code, updatedAt: sql`now()` }).where(eq(carts.id, id));
}

export interface CartLineRow {
  variantId: number;
  quantity: number;
  seenPriceKobo: number;
  productId: number;
  productName: string;
  productSlug: string;
  categorySlug: string;
  isActive: boolean;
  sku: string;
  options: Record<string, string>;
  priceKobo: number;
  stock: number;
  image: ImageRef | null;
}

export async function listCartLines(q: Queryable, cartId: number): Promise<CartLineRow[]> {
  const rows = await queryRows<{
    variant_id: number;
    quantity: number;
    seen_price_kobo: number;
    product_id: number;
    name: string;
    slug: string;
    category_slug: string;
    is_active: boolean;
    sku: string;
    options: Record<string, string>;
    price_kobo: number;
    stock: number;
    image_id: string | null;
    image_alt: string | null;
    image_width: number | null;
    image_height: number | null;
  }>(
    q,
    sql`SELECT l.variant_id, l.quantity, l.seen_price_kobo, p.id AS product_id, p.name, p.slug,
               p.category_slug, p.is_active, v.sku, v.options, v.price_kobo, v.stock,
               m.id AS image_id, m.alt AS image_alt, m.width AS image_width, m.height AS image_height
        FROM cart_lines l
        JOIN product_variants v ON v.id = l.variant_id
        JOIN products p ON p.id = v.product_id
        LEFT JOIN LATERAL (
          SELECT pi.media_id FROM product_images pi WHERE pi.product_id = p.id
          ORDER BY pi.position, pi.id LIMIT 1
        ) first_image ON true
        LEFT JOIN media m ON m.id = first_image.media_id
        WHERE l.cart_id = ${cartId}
        ORDER BY l.added_at, l.variant_id`,
  );
  return rows.map((r) => ({
    variantId: r.variant_id,
    quantity: r.quantity,
    seenPriceKobo: r.seen_price_kobo,
    productId: r.product_id,
    productName: r.name,
    productSlug: r.slug,
    categorySlug: r.category_slug,
    isActive: r.is_active,
    sku: r.sku,
    options: r.options,
    priceKobo: r.price_kobo,
    stock: r.stock,
    image:
      r.image_id === null
        ? null
        : { id: r.image_id, alt: r.image_alt ?? '', width: r.image_width ?? 0, height: r.image_height ?? 0 },
  }));
}

/** A variant as the cart needs it, or null when unknown or its product is withdrawn. */
export async function findSellableVariant(
  q: Queryable,
  variantId: number,
): Promise<{ id: number; priceKobo: number; stock: number } | null> {
  const [row] = await queryRows<{ id: number; price_kobo: number; stock: number }>(
    q,
    sql`SELECT v.id, v.price_kobo, v.stock FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.id = ${variantId} AND p.is_active`,
  );
  return row ? { id: row.id, priceKobo: row.price_kobo, stock: row.stock } : null;
}

export async function findLine(q: Queryable, cartId: number, variantId: number) {
  const [row] = await q
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
  return row ?? null;
}

export async function putLine(
  q: Queryable,
  values: { cartId: number; variantId: number; quantity: number; seenPriceKobo: number },
): Promise<void> {
  await q
    .insert(cartLines)
    .values(values)
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.variantId],
      set: { quantity: values.quantity, seenPriceKobo: values.seenPriceKobo },
    });
  await q.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, values.cartId));
}

export async function deleteLine(q: Queryable, cartId: number, variantId: number): Promise<void> {
  await q.delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
  // A changed cart is a new state for the abandoned-cart reminder (ADR 037).
  await q.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
}

/** A guest's email typed at checkout (the shopper was active: the cart's clock starts again). */
export async function setCartEmail(q: Queryable, cartId: number, email: string): Promise<void> {
  await q.update(carts).set({ email, updatedAt: sql`now()` }).where(eq(carts.id, cartId));
}

export interface DueCartRow {
  id: number;
  userId: number | null;
  email: string | null;
  updatedAt: Date;
}

/**
 * Claims up to `limit` carts with lines, last changed between `oldest` and `newest`, someone to
 * write to, and no reminder yet for this state; rows locked, skipping those another process holds.
 */
export async function claimDueCarts(
  q: Queryable,
  window: { newest: Date; oldest: Date },
  limit: number,
): Promise<DueCartRow[]> {
  const rows = await queryRows<{
    id: number;
    user_id: number | null;
    email: string | null;
    updated_at: Date | string;
  }>(
    q,
    sql`SELECT c.id, c.user_id, c.email, c.updated_at FROM carts c
         WHERE c.updated_at <= ${window.newest.toISOString()} AND c.updated_at >= ${window.oldest.toISOString()}
           AND (c.reminded_for IS NULL OR c.reminded_for < c.updated_at)
           AND (c.user_id IS NOT NULL OR c.email IS NOT NULL)
           AND EXISTS (SELECT 1 FROM cart_lines l WHERE l.cart_id = c.id)
         ORDER BY c.id
         LIMIT ${limit}
           FOR UPDATE OF c SKIP LOCKED`,
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    email: r.email,
    updatedAt: new Date(r.updated_at),
  }));
}

/** This cart's current state has had its reminder (or was passed over): never again for it. */
export async function markReminded(q: Queryable, cartId: number): Promise<void> {
  await q.update(carts).set({ remindedFor: sql`updated_at` }).where(eq(carts.id, cartId));
}

export async function deleteLines(q: Queryable, cartId: number): Promise<void> {
  await q.delete(cartLines).where(eq(cartLines.cartId, cartId));
}

export async function countItems(q: Queryable, cartId: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(
    q,
    sql`SELECT sum(quantity) AS n FROM cart_lines WHERE cart_id = ${cartId}`,
  );
  return Number(row?.n ?? 0);
}

/** Units in an account's or a guest's cart (0 when there is none): the header badge, one query. */
export async function countItemsOf(
  q: Queryable,
  owner: { userId: number } | { guestTokenHash: string },
): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(
    q,
    'userId' in owner
      ? sql`SELECT sum(l.quantity) AS n FROM cart_lines l JOIN carts c ON c.id = l.cart_id WHERE c.user_id = ${owner.userId}`
      : sql`SELECT sum(l.quantity) AS n FROM cart_lines l JOIN carts c ON c.id = l.cart_id WHERE c.guest_token_hash = ${owner.guestTokenHash}`,
  );
  return Number(row?.n ?? 0);
}

/** Guest carts nobody has touched for this long are removed. */
export async function deleteStaleGuestCarts(q: Queryable, before: Date): Promise<number> {
  const rows = await q
    .delete(carts)
    .where(and(isNull(carts.userId), lt(carts.updatedAt, before)))
    .returning({ id: carts.id });
  return rows.length;
}
