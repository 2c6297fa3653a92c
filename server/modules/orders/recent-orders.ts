// The orders module's answer to "has this shopper ordered since then?" — the port the cart asks
// before it sends an abandoned-cart reminder (never after they ordered; ADR 037). Any order counts,
// paid or not, by the account or by the email typed at checkout.
import type { Queryable } from '#server/db/client.ts';
import { orderExistsSince } from './recent-orders.repository.ts';

export interface RecentOrdersPort {
  placedSince(
    q: Queryable,
    who: { userId: number | null; email: string | null },
    since: Date,
  ): Promise<boolean>;
}

export const recentOrders: RecentOrdersPort = {
  placedSince: (q, who, since) => orderExistsSince(q, who, since),
};
