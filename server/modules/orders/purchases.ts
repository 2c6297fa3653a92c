// The orders module's answer to "has this account received this product?" — the port the reviews
// module asks before it takes a review (every review is a verified purchase), for the list of
// products waiting for one, and for the order behind a review on the staff screen. Reviews never
// read the orders tables itself.
import type { Queryable } from '#server/db/client.ts';
import {
  type DeliveredLineRow,
  type ReceivedProductRow,
  selectDeliveredLines,
  selectReceivedProducts,
  selectTrackingNumbers,
} from './purchases.repository.ts';

export type ReceivedProduct = ReceivedProductRow;

export interface PurchasesPort {
  /** Every product the account has received (a delivered order), the latest order of each. */
  received(q: Queryable, userId: number): Promise<ReceivedProduct[]>;
  /** The latest delivered order of this product for the account, or null if it never received it. */
  receivedOne(q: Queryable, userId: number, productId: number): Promise<ReceivedProduct | null>;
  /** The tracking numbers of these orders (staff screens link the order behind a review). */
  trackingNumbersOf(q: Queryable, orderIds: number[]): Promise<Map<number, string>>;
  /** Each line of the account's delivered orders (the order history's "Leave Review" buttons). */
  deliveredLines(q: Queryable, userId: number): Promise<DeliveredLineRow[]>;
}

export const purchases: PurchasesPort = {
  received: (q, userId) => selectReceivedProducts(q, userId),
  async receivedOne(q, userId, productId) {
    const [row] = await selectReceivedProducts(q, userId, productId);
    return row ?? null;
  },
  trackingNumbersOf: (q, orderIds) => selectTrackingNumbers(q, [...new Set(orderIds)]),
  deliveredLines: (q, userId) => selectDeliveredLines(q, userId),
};
