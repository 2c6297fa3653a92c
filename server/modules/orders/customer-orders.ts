// The orders module's answer to "is this order the customer's own, and which are theirs?" — the
// port the support module asks when a ticket names an order (an account's orders, and guest
// orders placed with its email; a guest: orders placed with their email), and for the staff
// ticket page's list of the customer's orders. Support never reads the orders tables itself.
import type { Queryable } from '#server/db/client.ts';
import {
  type CustomerOrderRow,
  selectOrdersOf,
  selectOwnedOrder,
  selectTrackingNumbersById,
} from './customer-orders.repository.ts';

export type CustomerOrder = CustomerOrderRow;
export interface OrderOwner {
  userId: number | null;
  email: string;
}

export interface CustomerOrdersPort {
  /** The order with this tracking number if it belongs to the owner, else null (nothing told). */
  owned(q: Queryable, trackingNumber: string, owner: OrderOwner): Promise<CustomerOrder | null>;
  /** The owner's latest orders, newest first. */
  of(q: Queryable, owner: OrderOwner, limit?: number): Promise<CustomerOrder[]>;
  trackingNumbersOf(q: Queryable, orderIds: number[]): Promise<Map<number, string>>;
}

export const customerOrders: CustomerOrdersPort = {
  owned: (q, trackingNumber, owner) => selectOwnedOrder(q, trackingNumber, owner),
  of: (q, owner, limit = 20) => selectOrdersOf(q, owner, limit),
  trackingNumbersOf: (q, ids) => selectTrackingNumbersById(q, [...new Set(ids)]),
};
