// SQL for "which orders are this customer's?" — asked by the support module (customer-orders.ts).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { orders } from '#server/db/schema/commerce.ts';

export interface CustomerOrderRow {
  id: number;
  trackingNumber: string;
  status: string;
  totalKobo: number;
  createdAt: Date;
}

const columns = {
  id: orders.id,
  trackingNumber: orders.trackingNumber,
  status: orders.status,
  totalKobo: orders.totalKobo,
  createdAt: orders.createdAt,
};

/** An account's orders, or (with no account) the guest orders placed with this email. */
function ownedBy(owner: { userId: number | null; email: string }) {
  const email = owner.email.toLowerCase();
  return owner.userId === null
    ? sql`(${orders.userId} IS NULL AND lower(${orders.email}) = ${email})`
    : sql`(${orders.userId} = ${owner.userId} OR (${orders.userId} IS NULL AND lower(${orders.email}) = ${email}))`;
}

export async function selectOwnedOrder(
  q: Queryable,
  trackingNumber: string,
  owner: { userId: number | null; email: string },
): Promise<CustomerOrderRow | null> {
  const [row] = await q
    .select(columns)
    .from(orders)
    .where(and(eq(orders.trackingNumber, trackingNumber), ownedBy(owner)))
    .limit(1);
  return row ?? null;
}

export async function selectOrdersOf(
  q: Queryable,
  owner: { userId: number | null; email: string },
  limit: number,
): Promise<CustomerOrderRow[]> {
  return q
    .select(columns)
    .from(orders)
    .where(ownedBy(owner))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function selectTrackingNumbersById(q: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: orders.id, trackingNumber: orders.trackingNumber })
    .from(orders)
    .where(inArray(orders.id, ids));
  return new Map(rows.map((r) => [r.id, r.trackingNumber]));
}
