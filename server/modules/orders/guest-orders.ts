// The orders module's answer to "this account has confirmed its address": guest orders placed
// with that address join it (ADR 065), so they are its own everywhere an account's orders count
// (order history, reviews, the admin's orders and total spent). Accounts calls `join` inside the
// confirmation's transaction, as it does the support module's guest tickets; `latestContact` is
// what the profile is offered when it has no phone or address yet. Accounts never reads the
// orders tables itself.
import type { Queryable } from '#server/db/client.ts';
import { joinGuestOrders, type OrderContactRow, selectLatestContact } from './guest-orders.repository.ts';

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
