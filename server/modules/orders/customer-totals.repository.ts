// SQL for the admin users list: each account's orders and what it has spent, for one page of
// accounts in one query (orders_user_idx).
import { and, count, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { orders } from '#server/db/schema/commerce.ts';

export interface CustomerTotalsRow {
  userId: number;
  orders: number;
  spentKobo: number;
}

export async function selectCustomerTotals(q: Queryable, userIds: number[]): Promise<CustomerTotalsRow[]> {
  if (userIds.length === 0) return [];
  const rows = await q
    .select({
      userId: orders.userId,
      orders: count(),
      spentKobo: sql<string>`coalesce(sum(${orders.totalKobo}) filter (where ${and(
        isNotNull(orders.paidAt),
        ne(orders.status, 'cancelled'),
      )}), 0)`,
    })
    .from(orders)
    .where(inArray(orders.userId, userIds))
    .groupBy(orders.userId);
  return rows.map((r) => ({ userId: r.userId!, orders: Number(r.orders), spentKobo: Number(r.spentKobo) }));
}
