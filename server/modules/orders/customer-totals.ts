// The orders module's answer to "how much has each of these accounts bought?" (the admin users
// list and detail). A port: accounts asks it, and never reads the orders tables itself.
import type { Queryable } from '#server/db/client.ts';
import { selectCustomerTotals } from './customer-totals.repository.ts';

export interface CustomerTotals {
  /** Orders placed while signed in to the account, in any status. */
  orders: number;
  /** The totals of its paid orders, cancelled ones excluded (kobo). */
  spentKobo: number;
}

export type CustomerTotalsPort = (userIds: number[]) => Promise<Map<number, CustomerTotals>>;

/** Per-account totals for a page of accounts: one query; an account without orders is absent. */
export function createCustomerTotals(deps: { db: Queryable }): CustomerTotalsPort {
  return async (userIds) => {
    const rows = await selectCustomerTotals(deps.db, [...new Set(userIds)]);
    return new Map(rows.map((r) => [r.userId, { orders: r.orders, spentKobo: r.spentKobo }]));
  };
}
