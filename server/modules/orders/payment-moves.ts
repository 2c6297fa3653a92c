// What the payment (and the shop's own clock) does to an order, each through the state machine:
// the money arrives (the order is placed, or reopened if it had ended), the payment is declined or
// abandoned or its time runs out (the order ends), a retried payment reopens it, a newer checkout
// from the same cart replaces it (ADR 049). The payments module calls these on its transaction.
import { AWAITING_PAYMENT, ENDED, type OrderStatus } from '#core/order-status.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { StockPort } from '#server/modules/catalog/catalog.service.ts';
import { ConflictError } from '#server/platform/errors.ts';
import { type OrderMachine, OrderMoveRefusedError, type StaffActor } from './order-machine.ts';
import {
  findOrderById,
  listExpiredReservations,
  listOrderQuantities,
  lockCartHolds,
  lockKey,
  lockOrder,
  type OrderRow,
} from './orders.repository.ts';

/**
 * The advisory lock that serialises a cart's checkouts and retried payments (ADR 049): checkout
 * takes it with its other locks, in one statement; a retried payment before touching the order.
 */
export function cartLockKey(cartId: number): string {
  return `cart:${cartId}`;
}

/** The history's (and the shopper's email's) word for an unpaid order a new checkout replaced. */
export const REPLACED_NOTE =
  'You checked out again from the same cart: this unpaid order was replaced by the new one and its items went back on sale. Nothing was charged for it.';

/** The history's word when money arrives for an order that had ended and its items were still there. */
export const LATE_PAID_NOTE = 'Paid after the order had ended; the items were still available.';

export function createPaymentMoves(deps: { db: Db; machine: OrderMachine; stock: StockPort }) {
  const { db, machine, stock } = deps;

  async function locked(q: Queryable, orderId: number): Promise<OrderRow> {
    const order = await lockOrder(q, orderId);
    if (!order) throw new ConflictError('This order no longer exists.');
    return order;
  }

  /**
   * One cart holds at most one unpaid order (ADR 049): a new checkout from the cart (or a retried
   * payment of one of its orders, `exceptId`) cancels the cart's other unpaid card orders that
   * still hold stock, through the state machine as any unpaid order's end. The caller holds the
   * cart's advisory lock. One locking read when there are none (the usual case); otherwise the
   * variant rows of theirs and of `alsoLock` (what the caller is about to take) are locked in id
   * order first, so this transaction takes every row it needs in one order.
   */
  async function endCartHolds(
    q: Queryable,
    cartId: number,
    options: { exceptId?: number; alsoLock?: readonly number[] } = {},
  ): Promise<OrderRow[]> {
    const holds = await lockCartHolds(q, cartId, options.exceptId ?? null);
    if (holds.length === 0) return [];
    const held: { variantId: number }[] = [];
    for (const order of holds) held.push(...(await listOrderQuantities(q, order.id)));
    const ids = [...new Set([...(options.alsoLock ?? []), ...held.map((h) => h.variantId)])].sort(
      (a, b) => a - b,
    );
    await stock.lock(q, ids);
    const ended: OrderRow[] = [];
    for (const order of holds) {
      ended.push(
        await machine.transition(q, order, 'cancelled', {
          mover: 'shop',
          note: REPLACED_NOTE,
          email: 'status',
        }),
      );
    }
    return ended;
  }

  return {
    endCartHolds,

    /**
     * The money arrived: an unpaid order becomes "placed" (`note` says how), and one that had
     * ended is reopened to "placed" if its items are still there (LATE_PAID_NOTE); the shopper
     * gets the paid receipt. Any other order cannot take it: the state machine refuses the move
     * (OrderMoveRefusedError), as out-of-stock or a used-up code refuse a reopening; the caller
     * keeps the money on record for staff (noteLatePayment).
     */
    async markPaid(q: Queryable, orderId: number, note: string, paymentReference: string): Promise<OrderRow> {
      const order = await locked(q, orderId);
      const ended = ENDED.includes(order.status);
      if (ended && order.stockReleasedAt === null) {
        throw new ConflictError('This order can no longer be paid. Please check out again from your cart.');
      }
      return machine.transition(q, order, 'placed', {
        mover: 'payment',
        note: ended ? LATE_PAID_NOTE : note,
        paidAt: new Date(),
        reservedUntil: null,
        email: 'placed',
        paymentReference,
      });
    },

    /**
     * A verified payment towards a layaway plan (ADR 099), after the plan has counted it: the
     * deposit moves an unpaid order onto the plan ("On layaway", no hold clock: the plan's dates
     * rule), the payment that completes the plan confirms it (paid), and one in between is a line
     * in the history. An order that can no longer take it is refused by the state machine (the
     * caller keeps the money on record for staff, as for any late payment).
     */
    async layawayPaid(
      q: Queryable,
      orderId: number,
      paid: { complete: boolean; note: string; paymentReference: string },
    ): Promise<OrderRow> {
      let order = await locked(q, orderId);
      if (order.status === 'pending_payment' || order.status === 'awaiting_transfer') {
        order = await machine.transition(q, order, 'on_layaway', {
          mover: order.status === 'pending_payment' ? 'payment' : 'staff',
          note: `${paid.note} Your items are held for you while you pay small-small.`,
          reservedUntil: null,
          email: paid.complete ? 'none' : 'status',
        });
      } else if (order.status === 'on_layaway' && !paid.complete) {
        await machine.note(q, order, paid.note);
      }
      if (paid.complete) {
        return machine.transition(q, order, 'confirmed', {
          mover: 'payment',
          note: `${paid.note} Paid in full: your order goes ahead.`,
          paidAt: new Date(),
          reservedUntil: null,
          email: 'status',
          paymentReference: paid.paymentReference,
        });
      }
      if (order.status !== 'on_layaway') throw new OrderMoveRefusedError(order.status, 'on_layaway');
      return order;
    },

    /** A layaway order on its plan (Pay now starts a payment towards it), or null. */
    async layawayOrder(orderId: number): Promise<OrderRow | null> {
      const order = await findOrderById(db, orderId);
      return order?.paymentMethod === 'layaway' && order.status === 'on_layaway' ? order : null;
    },

    /**
     * The order if its online payment can be tried again: still waiting (items held), or failed
     * with nothing paid, or cancelled by the shopper on the payment page (`cancelledByShopper`, the
     * payments module's to say) with nothing paid; their items are taken again on retry. Null
     * otherwise (an order staff or a newer checkout cancelled is not reopened).
     */
    async retryableOrder(orderId: number, cancelledByShopper = false): Promise<OrderRow | null> {
      const order = await findOrderById(db, orderId);
      if (order?.paymentMethod !== 'online') return null;
      if (order.status === 'pending_payment' && order.stockReleasedAt === null) return order;
      const ended = order.status === 'payment_failed' || (cancelledByShopper && order.status === 'cancelled');
      return ended && order.paidAt === null ? order : null;
    },

    /**
     * Orders whose hold ran out: unpaid ones, and pay-on-delivery orders staff did not confirm
     * in time (the payments sweep ends them).
     */
    listExpiredReservations(): Promise<OrderRow[]> {
      return listExpiredReservations(db);
    },

    /**
     * Money arrived for an order that can no longer take it (it ended and its items are gone, or
     * it moved on): staff must refund it or re-confirm the order by hand. The history says so.
     */
    async noteLatePayment(q: Queryable, orderId: number, reference: string): Promise<void> {
      const order = await findOrderById(q, orderId);
      if (!order) return;
      await machine.note(
        q,
        order,
        `Payment ${reference} arrived after the order ended: refund it or re-confirm the order.`,
      );
    },

    /**
     * A retried payment: the ended order takes its items (and its promo use) again and waits for
     * payment until `reservedUntil`. Refused by the state machine for an order that has not ended
     * (OrderMoveRefusedError); OutOfStockError (or a ValidationError for the code) when its items
     * are gone.
     */
    async reopen(q: Queryable, orderId: number, note: string, reservedUntil: Date): Promise<OrderRow> {
      // Waiting for payment again makes it its cart's unpaid order: the cart's lock first (the
      // one checkout takes), then any other unpaid order of the cart ends (ADR 049).
      const cartId = (await findOrderById(q, orderId))?.cartId ?? null;
      if (cartId !== null) await lockKey(q, cartLockKey(cartId));
      const order = await locked(q, orderId);
      if (ENDED.includes(order.status) && order.stockReleasedAt === null) {
        throw new ConflictError('This order can no longer be paid. Please check out again from your cart.');
      }
      if (cartId !== null && ENDED.includes(order.status)) {
        const wanted = await listOrderQuantities(q, order.id);
        await endCartHolds(q, cartId, { exceptId: order.id, alsoLock: wanted.map((w) => w.variantId) });
      }
      return machine.transition(q, order, 'pending_payment', {
        mover: 'payment',
        note,
        reservedUntil,
        email: 'none',
      });
    },

    /**
     * An unpaid order ends (payment failed, cancelled or timed out; `mover` says whether the
     * payment or the shop's clock ended it): its stock goes back on sale once, its history and
     * the shopper hear why. Null when it was no longer in `from` (paid or ended meanwhile).
     */
    async endUnpaid(
      q: Queryable,
      orderId: number,
      status: 'payment_failed' | 'cancelled',
      note: string,
      options: {
        mover: 'payment' | 'shop' | 'staff';
        from?: readonly OrderStatus[];
        /** A staff member ending it (a layaway plan cancelled by its rule): audited by the machine. */
        actor?: StaffActor;
      },
    ): Promise<OrderRow | null> {
      const order = await lockOrder(q, orderId);
      if (!order || !(options.from ?? AWAITING_PAYMENT).includes(order.status)) return null;
      return machine.transition(q, order, status, {
        mover: options.mover,
        note,
        email: 'status',
        actor: options.actor,
      });
    },
  };
}
