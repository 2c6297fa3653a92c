// The orders module's ports: the small questions other modules ask of orders, each an object of
// functions on the caller's transaction handle, so no other module reads the orders tables (ADR
// 022). Support asks whose an order is, the admin users list the totals per customer, accounts
// joins guest orders, the catalogue asks which variants were ordered, reviews asks what an account
// received, and the abandoned-cart reminder whether someone ordered since. Their SQL is in
// orders-ports.repository.ts.
import type { Queryable } from '#server/db/client.ts';
import {
  type CustomerOrderRow,
  type DeliveredLineRow,
  joinGuestOrders,
  type OrderContactRow,
  orderExistsSince,
  type ReceivedProductRow,
  selectCustomerTotals,
  selectDeliveredLines,
  selectLatestContact,
  selectOrderedVariants,
  selectOrdersOf,
  selectOwnedOrder,
  selectReceivedProducts,
  selectTrackingNumbers,
  selectTrackingNumbersById,
} from './orders-ports.repository.ts';

// ── customer orders ──
// The orders module's answer to "is this order the customer's own, and which are theirs?" — the
// port the support module asks when a ticket names an order (an account's orders, and guest
// orders placed with its email; a guest: orders placed with their email), and for the staff
// ticket page's list of the customer's orders. Support never reads the orders tables itself.
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

// ── customer totals ──
// The orders module's answer to "how much has each of these accounts bought?" (the admin users
// list and detail). A port: accounts asks it, and never reads the orders tables itself.
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

// ── guest orders ──
// The orders module's answer to "this account has confirmed its address": guest orders placed
// with that address join it (ADR 065), so they are its own everywhere an account's orders count
// (order history, reviews, the admin's orders and total spent). Accounts calls `join` inside the
// confirmation's transaction, as it does the support module's guest tickets; `latestContact` is
// what the profile is offered when it has no phone or address yet. Accounts never reads the
// orders tables itself.
export type OrderContact = OrderContactRow;

export interface GuestOrdersPort {
  /** Guest orders placed with this (confirmed) email join the account; returns how many did. */
  join(q: Queryable, userId: number, email: string): Promise<number>;
  /** The phone and delivery address of the account's latest order, or null. */
  latestContact(q: Queryable, userId: number): Promise<OrderContact | null>;
}

export const guestOrders: GuestOrdersPort = {
  join: (q, userId, email) => joinGuestOrders(q, userId, email),
  latestContact: (q, userId) => selectLatestContact(q, userId),
};

// ── ordered variants ──
// The orders module's answer to "have these variants been ordered?" (a port: the catalogue asks it
// before removing a variant, so an order never loses the variant it points at; ADR 030).
export type OrderedVariantsPort = (q: Queryable, variantIds: number[]) => Promise<Set<number>>;

export const orderedVariants: OrderedVariantsPort = async (q, variantIds) =>
  new Set(await selectOrderedVariants(q, [...new Set(variantIds)]));

// ── purchases ──
// The orders module's answer to "has this account received this product?" — the port the reviews
// module asks before it takes a review (every review is a verified purchase), for the list of
// products waiting for one, and for the order behind a review on the staff screen. Reviews never
// read the orders tables itself.
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

// ── recent orders ──
// The orders module's answer to "has this shopper ordered since then?" — the port the cart asks
// before it sends an abandoned-cart reminder (never after they ordered; ADR 037). Any order counts,
// paid or not, by the account or by the email typed at checkout.
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
