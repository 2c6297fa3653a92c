// SQL for the admin discounts screen: the filtered, paged list, one code locked for a change,
// insert, update and delete, and whether a code has ever been used (then it is kept, not deleted).
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DiscountState } from '#core/contract/admin-discounts.ts';
import type { Queryable } from '#server/db/client.ts';
import { discountRedemptions, orders } from '#server/db/schema/orders.ts';
import { discounts } from '#server/db/schema/promotions.ts';
import type { DiscountRow } from './promotions.repository.ts';

export type DiscountValues = Omit<typeof discounts.$inferInsert, 'id' | 'usedCount' | 'createdAt'>;

/** `%` and `_` typed by the owner are matched literally. */
function likeEscaped(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The state a shopper would meet now, as SQL (the list's filter). */
function stateIs(state: DiscountState): SQL {
  switch (state) {
    case 'inactive':
      return sql`NOT ${discounts.isActive}`;
    case 'expired':
      return sql`${discounts.expiresAt} IS NOT NULL AND ${discounts.expiresAt} <= now()`;
    case 'scheduled':
      return sql`${discounts.isActive} AND ${discounts.startsAt} IS NOT NULL AND ${discounts.startsAt} > now()
        AND (${discounts.expiresAt} IS NULL OR ${discounts.expiresAt} > now())`;
    case 'active':
      return sql`${discounts.isActive} AND (${discounts.startsAt} IS NULL OR ${discounts.startsAt} <= now())
        AND (${discounts.expiresAt} IS NULL OR ${discounts.expiresAt} > now())`;
  }
}

export async function listDiscountsPage(
  q: Queryable,
  filter: { text?: string; state?: DiscountState; limit: number; offset: number },
): Promise<{ rows: DiscountRow[]; total: number }> {
  const where = and(
    filter.text ? ilike(discounts.code, likeEscaped(filter.text)) : undefined,
    filter.state ? stateIs(filter.state) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    q
      .select()
      .from(discounts)
      .where(where)
      .orderBy(desc(discounts.createdAt), desc(discounts.id))
      .limit(filter.limit)
      .offset(filter.offset),
    q.select({ n: count() }).from(discounts).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findDiscountById(q: Queryable, id: number): Promise<DiscountRow | null> {
  const [row] = await q.select().from(discounts).where(eq(discounts.id, id));
  return row ?? null;
}

/** The code's row, locked until the transaction ends (a checkout taking a use waits, and vice versa). */
export async function lockDiscount(q: Queryable, id: number): Promise<DiscountRow | null> {
  const [row] = await q.select().from(discounts).where(eq(discounts.id, id)).for('update');
  return row ?? null;
}

/** Another code with this text, if any. */
export async function findOtherWithCode(
  q: Queryable,
  code: string,
  exceptId?: number,
): Promise<number | null> {
  const [row] = await q
    .select({ id: discounts.id })
    .from(discounts)
    .where(
      and(eq(discounts.code, code), exceptId === undefined ? undefined : sql`${discounts.id} <> ${exceptId}`),
    );
  return row?.id ?? null;
}

/** Inserts a code; null when another one took the same text meanwhile (the unique index said so). */
export async function insertDiscount(q: Queryable, values: DiscountValues): Promise<DiscountRow | null> {
  const [row] = await q
    .insert(discounts)
    .values(values)
    .onConflictDoNothing({ target: discounts.code })
    .returning();
  return row ?? null;
}

export async function updateDiscount(
  q: Queryable,
  id: number,
  values: Partial<DiscountValues>,
): Promise<DiscountRow> {
  const [row] = await q.update(discounts).set(values).where(eq(discounts.id, id)).returning();
  return row!;
}

export async function deleteDiscount(q: Queryable, id: number): Promise<void> {
  await q.delete(discounts).where(eq(discounts.id, id));
}

/** Whether any order ever carried the code (counted uses, redemptions, or orders pointing at it). */
export async function wasEverUsed(q: Queryable, discount: DiscountRow): Promise<boolean> {
  if (discount.usedCount > 0) return true;
  const [redeemed] = await q
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.discountId, discount.id))
    .limit(1);
  if (redeemed) return true;
  const [ordered] = await q
    .select({ id: orders.id })
    .from(orders)
    .where(or(eq(orders.discountId, discount.id), eq(orders.promoCode, discount.code)))
    .limit(1);
  return Boolean(ordered);
}
