// SQL for carts. Lines are read joined with today's variant, product and first picture, so the
// cart always shows current prices and stock (it reads catalogue tables, never writes them).
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ImageRef } from '#core/media.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { cartLines, carts } from '#server/db/schema/cart.ts';

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

type CartLineSqlRow = {
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
};

function cartLineOf(r: CartLineSqlRow): CartLineRow {
  return {
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
  };
}

/** Whose cart: an account's, or a guest's by the hash of their cookie's token. */
export type CartKey = { userId: number } | { guestTokenHash: string };

const cartWhere = (key: CartKey) =>
  'userId' in key ? sql`c.user_id = ${key.userId}` : sql`c.guest_token_hash = ${key.guestTokenHash}`;

/**
 * The cart of `key` with its lines (today's price and stock of each) in one statement: what
 * checkout reads, once before its transaction and once inside it. Null when there is no cart.
 */
export async function findCartContents(
  q: Queryable,
  key: CartKey,
  /**
   * A guest's checkout email to keep on the cart in the same statement (ADR 037): only when it
   * differs does the cart change (the shopper was active: the cart's clock starts again). The
   * read sees the cart as it was before: the email is not part of it.
   */
  rememberEmail?: string,
): Promise<{ cartId: number; promoCode: string | null; rows: CartLineRow[] } | null> {
  const remember =
    rememberEmail !== undefined && 'guestTokenHash' in key
      ? sql`WITH remembered AS (
              UPDATE carts SET email = ${rememberEmail}, updated_at = now()
              WHERE guest_token_hash = ${key.guestTokenHash} AND email IS DISTINCT FROM ${rememberEmail}
              RETURNING id)
            `
      : sql``;
  const rows = await queryRows<
    { cart_id: number; promo_code: string | null } & { [K in keyof CartLineSqlRow]: CartLineSqlRow[K] | null }
  >(
    q,
    sql`${remember}SELECT c.id AS cart_id, c.promo_code, l.variant_id, l.quantity, l.seen_price_kobo,
               p.id AS product_id, p.name, p.slug, p.category_slug, p.is_active, v.sku, v.options,
               v.price_kobo, v.stock,
               m.id AS image_id, m.alt AS image_alt, m.width AS image_width, m.height AS image_height
        FROM carts c
        LEFT JOIN (cart_lines l
                   JOIN product_variants v ON v.id = l.variant_id
                   JOIN products p ON p.id = v.product_id) ON l.cart_id = c.id
        LEFT JOIN LATERAL (
          SELECT pi.media_id FROM product_images pi WHERE pi.product_id = p.id
          ORDER BY pi.position, pi.id LIMIT 1
        ) first_image ON true
        LEFT JOIN media m ON m.id = first_image.media_id
        WHERE ${cartWhere(key)}
        ORDER BY l.added_at, l.variant_id`,
  );
  const [first] = rows;
  if (!first) return null;
  return {
    cartId: first.cart_id,
    promoCode: first.promo_code,
    rows: rows.filter((r) => r.variant_id !== null).map((r) => cartLineOf(r as CartLineSqlRow)),
  };
}

/** Units in the cart of `key` (0 without one), in one statement. */
export async function countItemsOf(q: Queryable, key: CartKey): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(
    q,
    sql`SELECT sum(l.quantity) AS n FROM carts c JOIN cart_lines l ON l.cart_id = c.id WHERE ${cartWhere(key)}`,
  );
  return Number(row?.n ?? 0);
}

export async function listCartLines(q: Queryable, cartId: number): Promise<CartLineRow[]> {
  const rows = await queryRows<CartLineSqlRow>(
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
  return rows.map(cartLineOf);
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

/** Empties a cart and drops its promo code, in one statement (a data-modifying CTE). */
export async function clearCart(q: Queryable, cartId: number): Promise<void> {
  await q.execute(
    sql`WITH gone AS (DELETE FROM cart_lines WHERE cart_id = ${cartId})
        UPDATE carts SET promo_code = NULL, updated_at = now() WHERE id = ${cartId}`,
  );
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

/** Guest carts nobody has touched for this long are removed. */
export async function deleteStaleGuestCarts(q: Queryable, before: Date): Promise<number> {
  const rows = await q
    .delete(carts)
    .where(and(isNull(carts.userId), lt(carts.updatedAt, before)))
    .returning({ id: carts.id });
  return rows.length;
}
