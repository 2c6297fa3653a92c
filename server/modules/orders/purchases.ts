// The orders module's answer to "has this account received this product?" — the port the reviews
// module asks before it takes a review (every review is a verified purchase), and for the list of
// products waiting for one. Reviews never read the orders tables itself.
import type { Queryable } from '#server/db/client.ts';
import { type ReceivedProductRow, selectReceivedProducts } from './purchases.repository.ts';

export type ReceivedProduct = ReceivedProductRow;

export interface PurchasesPort {
  /** Every product the account has received (a delivered order), the latest order of each. */
  received(q: Queryable, userId: number): Promise<ReceivedProduct[]>;
  /** The latest delivered order of this product for the account, or null if it never received it. */
  receivedOne(q: Queryable, userId: number, productId: number): Promise<ReceivedProduct | null>;
}

export const purchases: PurchasesPort = {
  received: (q, userId) => selectReceivedProducts(q, userId),
  async receivedOne(q, userId, productId) {
    const [row] = await selectReceivedProducts(q, userId, productId);
    return row ?? null;
  },
};
