import { inArray } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { orderLines } from '#server/db/schema/commerce.ts';

/** Which of these variants appear on an order line (any order, any status). */
export async function selectOrderedVariants(q: Queryable, variantIds: number[]): Promise<number[]> {
  if (variantIds.length === 0) return [];
  const rows = await q
    .selectDistinct({ id: orderLines.variantId })
    .from(orderLines)
    .where(inArray(orderLines.variantId, variantIds));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}
