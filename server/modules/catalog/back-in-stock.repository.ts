// SQL for back-in-stock requests (ADR 037): owned by the catalogue because what they wait for is a
// variant's stock, which only the catalogue's tables hold.
import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '#server/db/client.ts';

export interface RequestableVariant {
  variantId: number;
  productId: number;
  stock: number;
  status: string;
}

/** The variant and whether its product is on sale (only those take requests). */
export async function findRequestableVariant(
  q: Queryable,
  variantId: number,
): Promise<RequestableVariant | null> {
  const [row] = await queryRows<{ variant_id: number; product_id: number; stock: number; status: string }>(
    q,
    sql`SELECT v.id AS variant_id, v.product_id, v.stock, p.status
          FROM product_variants v JOIN products p ON p.id = v.product_id
         WHERE v.id = ${variantId}`,
  );
  return row
    ? { variantId: row.variant_id, productId: row.product_id, stock: Number(row.stock), status: row.status }
    : null;
}

/**
 * Stores a waiting request; one per variant and address (the unique key decides). A request that
 * was already answered (the variant sold out again since) waits again. False when this address was
 * already waiting: nothing changes.
 */
export async function upsertRequest(
  q: Queryable,
  values: { variantId: number; email: string; userId: number | null },
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    q,
    sql`INSERT INTO back_in_stock_requests (variant_id, email, user_id)
        VALUES (${values.variantId}, ${values.email}, ${values.userId})
        ON CONFLICT (variant_id, email) DO UPDATE
           SET created_at = now(), notified_at = NULL, outcome = NULL,
               user_id = COALESCE(EXCLUDED.user_id, back_in_stock_requests.user_id)
         WHERE back_in_stock_requests.notified_at IS NOT NULL
        RETURNING id`,
  );
  return rows.length > 0;
}

export interface DueRequest {
  id: number;
  email: string;
  userId: number | null;
  variantId: number;
  options: Record<string, string>;
  productId: number;
  productName: string;
  productSlug: string;
}

/**
 * Claims up to `limit` waiting requests whose variant is on sale with stock again: rows locked
 * (skipping any another process holds), so each is answered by exactly one transaction.
 */
export async function claimDueRequests(q: Queryable, limit: number): Promise<DueRequest[]> {
  const rows = await queryRows<{
    id: number;
    email: string;
    user_id: number | null;
    variant_id: number;
    options: Record<string, string>;
    product_id: number;
    name: string;
    slug: string;
  }>(
    q,
    sql`SELECT r.id, r.email, r.user_id, v.id AS variant_id, v.options, p.id AS product_id, p.name, p.slug
          FROM back_in_stock_requests r
          JOIN product_variants v ON v.id = r.variant_id
          JOIN products p ON p.id = v.product_id
         WHERE r.notified_at IS NULL AND v.stock > 0 AND p.status = 'active'
         ORDER BY r.id
         LIMIT ${limit}
           FOR UPDATE OF r SKIP LOCKED`,
  );
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    userId: r.user_id,
    variantId: r.variant_id,
    options: r.options ?? {},
    productId: r.product_id,
    productName: r.name,
    productSlug: r.slug,
  }));
}

export async function markAnswered(q: Queryable, ids: number[], outcome: 'sent' | 'skipped'): Promise<void> {
  if (ids.length === 0) return;
  await q.execute(
    sql`UPDATE back_in_stock_requests SET notified_at = now(), outcome = ${outcome}
         WHERE id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) AND notified_at IS NULL`,
  );
}

/** The variants (of these) that this address is waiting for. */
export async function waitingVariantsOf(
  q: Queryable,
  email: string,
  variantIds: number[],
): Promise<number[]> {
  if (variantIds.length === 0) return [];
  const rows = await queryRows<{ variant_id: number }>(
    q,
    sql`SELECT variant_id FROM back_in_stock_requests
         WHERE email = ${email} AND notified_at IS NULL
           AND variant_id IN (${sql.join(
             variantIds.map((id) => sql`${id}`),
             sql`, `,
           )})`,
  );
  return rows.map((r) => r.variant_id);
}
