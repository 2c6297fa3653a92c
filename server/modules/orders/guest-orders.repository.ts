// SQL for guest orders joining the account that confirmed their address (ADR 065), and the
// delivery details of an account's latest order (offered to its empty profile).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { orders } from '#server/db/schema/commerce.ts';

/** Guest orders placed with this email (any case) become the account's; returns how many did. */
export async function joinGuestOrders(q: Queryable, userId: number, email: string): Promise<number> {
  const rows = await q
    .update(orders)
    .set({ userId })
    .where(and(isNull(orders.userId), sql`lower(${orders.email}) = ${email.toLowerCase()}`))
    .returning({ id: orders.id });
  return rows.length;
}

export interface OrderContactRow {
  trackingNumber: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  landmark: string | null;
}

/** The phone and address of the account's latest order, or null when it has none. */
export async function selectLatestContact(q: Queryable, userId: number): Promise<OrderContactRow | null> {
  const [row] = await q
    .select({
      trackingNumber: orders.trackingNumber,
      phone: orders.shipPhone,
      street: orders.shipStreet,
      city: orders.shipCity,
      state: orders.shipState,
      landmark: orders.shipLandmark,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row ?? null;
}
