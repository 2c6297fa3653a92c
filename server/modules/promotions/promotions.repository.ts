// SQL for promo codes and their uses.
import { and, count, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { customerEmailKey } from '#core/email-identity.ts';
import type { Discount } from '#core/promotions.ts';
import { type Queryable, queryRows } from '#server/db/client.ts';
import { discountRedemptions, orders } from '#server/db/schema/orders.ts';
import { discounts } from '#server/db/schema/promotions.ts';

export type DiscountRow = typeof discounts.$inferSelect;

export function toDiscount(row: DiscountRow): Discount & { id: number } {
  return {
    id: row.id,
    code: row.code,
    type: row.type === 'fixed' ? 'fixed' : 'percentage',
    value: row.value,
    scope: row.scope === 'category' || row.scope === 'product' ? row.scope : 'global',
    categorySlugs: row.categorySlugs,
    productIds: row.productIds,
    isActive: row.isActive,
    startsAt: row.startsAt,
    expiresAt: row.expiresAt,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    perCustomerLimit: row.perCustomerLimit,
    minSubtotalKobo: row.minSubtotalKobo,
    firstOrderOnly: row.firstOrderOnly,
  };
}

export async function findDiscountByCode(q: Queryable, code: string): Promise<DiscountRow | null> {
  const [row] = await q.select().from(discounts).where(eq(discounts.code, code));
  return row ?? null;
}

export interface Customer {
  userId: number | null;
  email: string | null;
}

/**
 * `customerEmailKey` (core/email-identity.ts) in SQL, for a column or value: lower case, the local
 * part up to its first "+", Gmail's dots dropped and googlemail.com read as gmail.com. Computed
 * per row, not indexed (no migration, ADR 063): the per-customer rules read a customer's few rows
 * among a small shop's orders; an expression index can come when the orders grow.
 */
export function emailKeySql(value: SQLWrapper): SQL {
  const lower = sql`lower(trim(${value}))`;
  const local = sql`substring(${lower} from '^(.*)@[^@]*$')`;
  const domain = sql`substring(${lower} from '@([^@]*)$')`;
  const untagged = sql`(CASE WHEN strpos(${local}, '+') > 1 THEN left(${local}, strpos(${local}, '+') - 1) ELSE ${local} END)`;
  return sql`(CASE
    WHEN ${domain} IS NULL OR ${local} = '' THEN ${lower}
    WHEN ${domain} IN ('gmail.com', 'googlemail.com')
      THEN coalesce(nullif(replace(${untagged}, '.', ''), ''), ${untagged}) || '@gmail.com'
    ELSE ${untagged} || '@' || ${domain}
  END)`;
}

function customerMatch(customer: Customer, userColumn: AnyPgColumn, emailColumn: AnyPgColumn) {
  const conditions = [];
  if (customer.userId !== null) conditions.push(eq(userColumn, customer.userId));
  // The same customer under a "+tag" or a dotted Gmail spelling (issue 29).
  if (customer.email) conditions.push(sql`${emailKeySql(emailColumn)} = ${customerEmailKey(customer.email)}`);
  return conditions.length > 0 ? or(...conditions) : undefined;
}

/** How many orders this customer (account or email) has used the code on. */
export async function countCustomerUses(
  q: Queryable,
  discountId: number,
  customer: Customer,
): Promise<number> {
  const match = customerMatch(customer, discountRedemptions.userId, discountRedemptions.email);
  if (!match) return 0;
  const [row] = await q
    .select({ n: count() })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountId, discountId), match));
  return Number(row?.n ?? 0);
}

/** Whether the customer has an order that went through (not cancelled or failed). */
export async function hasOrdered(q: Queryable, customer: Customer): Promise<boolean> {
  const match = customerMatch(customer, orders.userId, orders.email);
  if (!match) return false;
  const rows = await q
    .select({ id: orders.id })
    .from(orders)
    .where(and(match, sql`${orders.status} NOT IN ('cancelled', 'payment_failed')`))
    .limit(1);
  return rows.length > 0;
}

/**
 * Takes one use of a code, atomically: succeeds only while the code is active, in date and under
 * its limit, however many orders try at once (the row is locked for the update). False otherwise.
 */
export async function takeDiscountUse(q: Queryable, discountId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    q,
    sql`UPDATE discounts SET used_count = used_count + 1
        WHERE id = ${discountId} AND is_active
          AND (usage_limit IS NULL OR used_count < usage_limit)
          AND (starts_at IS NULL OR starts_at <= now())
          AND (expires_at IS NULL OR expires_at > now())
        RETURNING id`,
  );
  return rows.length === 1;
}

/** Gives a use back (the order it was taken for was cancelled before it went through). */
export async function returnDiscountUse(q: Queryable, discountId: number): Promise<void> {
  await q.execute(
    sql`UPDATE discounts SET used_count = used_count - 1 WHERE id = ${discountId} AND used_count > 0`,
  );
}

export async function recordRedemption(
  q: Queryable,
  values: { discountId: number; orderId: number; userId: number | null; email: string },
): Promise<void> {
  await q.insert(discountRedemptions).values(values);
}

/** Deletes the order's use of a code; whether there was one to delete. */
export async function deleteRedemption(q: Queryable, orderId: number): Promise<boolean> {
  const gone = await q
    .delete(discountRedemptions)
    .where(eq(discountRedemptions.orderId, orderId))
    .returning({ id: discountRedemptions.id });
  return gone.length > 0;
}

/** Which of these codes exist (in any state). */
export async function existingCodes(q: Queryable, codes: readonly string[]): Promise<string[]> {
  const rows = await q
    .select({ code: discounts.code })
    .from(discounts)
    .where(inArray(discounts.code, [...codes]));
  return rows.map((r) => r.code).sort();
}

/** Deletes these codes (their redemptions go with them; orders keep the code's text). */
export async function deleteCodes(q: Queryable, codes: readonly string[]): Promise<string[]> {
  const rows = await q
    .delete(discounts)
    .where(inArray(discounts.code, [...codes]))
    .returning({ code: discounts.code });
  return rows.map((r) => r.code).sort();
}
