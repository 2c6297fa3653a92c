// Orders after checkout: status changes with their history rows, audit records and emails, and
// what happens when payment arrives or doesn't (holds end, stock goes back once, orders reopen).
// Reading orders lives in orders.tracking.ts; writing a new one in orders.placement.ts (the port
// checkout places orders through). This file puts the three together as the orders service.
import type { SessionUser } from '#core/contract/account.ts';
import { normalizeTrackingNumber, SetOrderStatusInput, type TrackedOrder } from '#core/contract/orders.ts';
import {
  AWAITING_PAYMENT,
  canTransition,
  isOrderStatus,
  moveMeansPaid,
  ORDER_TRANSITIONS,
  type OrderStatus,
  STATUS_LABELS,
} from '#core/order-status.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { StockPort } from '#server/modules/catalog/catalog.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { orderStatusMail } from '#server/modules/mail/order-templates.tsx';
import type { PromotionsService } from '#server/modules/promotions/promotions.service.ts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OutOfStockError,
  ValidationError,
} from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import { markOrderPaid } from './admin-orders.repository.ts';
import { createAdminOrders } from './admin-orders.service.ts';
import { createOrderPlacement } from './orders.placement.ts';
import {
  cancelCartHolds,
  findOrderById,
  findOrderByTracking,
  forceOrderStatus,
  insertStatus,
  listExpiredReservations,
  listOrderQuantities,
  lockKey,
  lockOrder,
  markStockReleased,
  type OrderRow,
  transitionOrder,
} from './orders.repository.ts';
import { createOrderTracking, type DeliveryDaysPort, methodOf, statusOf } from './orders.tracking.ts';

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

/** An order as the orders module hands it to other modules (its row; read-only to them). */
export type Order = OrderRow;

/** A staff member acting on an order, and the address they act from (the audit record's). */
export type StaffActor = Pick<SessionUser, 'id' | 'role'> & { ip?: string | null };

/**
 * The payments module's half of money staff saw arrive for an offline order, on the caller's
 * transaction: the payment record verified (when, by whom) and staff told of a new paid order.
 */
export type OfflinePaymentPort = (q: Queryable, order: OrderRow, actor: StaffActor) => Promise<void>;

/** What a staff status change did (an order already in that status is left alone). */
export interface StatusMove {
  trackingNumber: string;
  changed: boolean;
  /** The move said the money arrived, so the payment was confirmed with it. */
  paymentConfirmed: boolean;
  /** The shopper was emailed (guests always; accounts that want order updates). */
  emailed: boolean;
}
export type { AdminOrders, OrderExportRow } from './admin-orders.service.ts';
export type { BankAccount, NewPlacedLine, NewPlacedOrder, OrderPlacement } from './orders.placement.ts';
export { estimatedDelivery, firstName, maskEmail } from './orders.tracking.ts';

export function createOrdersService(deps: {
  db: Db;
  mail: MailService;
  promotions: Pick<PromotionsService, 'release' | 'redeem'>;
  /** Whether an account wants order-update emails (guests always get them). */
  wantsOrderUpdates: (userId: number) => Promise<boolean>;
  /** Records who changed an order's status, from what to what and why. */
  audit: Pick<AuditService, 'record'>;
  /** Verifies an offline payment's record and tells staff (the payments module). */
  offlinePaymentReceived: OfflinePaymentPort;
  /** The catalogue's stock: units go back on sale (and are taken again) through it. */
  stock: StockPort;
  publicUrl: string;
  /** Each state's promised delivery in working days, for the estimated delivery (ADR 065). */
  deliveryDays?: DeliveryDaysPort;
}) {
  const { db, mail, publicUrl, stock, deliveryDays } = deps;
  const trackUrl = (order: OrderRow) => `${publicUrl}/track-order?id=${order.trackingNumber}`;
  const tracking = createOrderTracking({ db, deliveryDays });
  const placement = createOrderPlacement({ mail, trackUrl, deliveryDays });
  const { tracked } = tracking;
  const { sendPlacedMail } = placement;

  /** Puts an ended order's units back on sale, once (only the call that marks it does). */
  async function releaseStock(q: Queryable, orderId: number): Promise<void> {
    if (await markStockReleased(q, orderId)) await stock.putBack(q, await listOrderQuantities(q, orderId));
  }

  /**
   * What follows an unpaid order's end (its status already moved by a conditional update): its
   * stock back on sale once, its promo use given back, a history row and the shopper's email.
   */
  async function afterUnpaidEnded(q: Queryable, order: OrderRow, status: OrderStatus, note: string) {
    await releaseStock(q, order.id);
    if (order.discountId !== null) await deps.promotions.release(q, order.discountId, order.id);
    await insertStatus(q, order.id, status, note);
    await mailStatus(q, order, status, note);
  }

  /**
   * One cart holds at most one unpaid order (ADR 049): a new checkout from the cart (or a retried
   * payment of one of its orders, `exceptId`) cancels the cart's other unpaid card orders that
   * still hold stock, through the same steps as any unpaid order's end. The caller holds the
   * cart's advisory lock. One conditional update when there are none (the usual case); otherwise
   * the variant rows of theirs and of `alsoLock` (what the caller is about to take) are locked
   * in id order first, so this transaction takes every row it needs in one order.
   */
  async function endCartHolds(
    q: Queryable,
    cartId: number,
    options: { exceptId?: number; alsoLock?: readonly number[] } = {},
  ): Promise<OrderRow[]> {
    const ended = await cancelCartHolds(q, cartId, options.exceptId ?? null);
    if (ended.length === 0) return [];
    const held: { variantId: number }[] = [];
    for (const order of ended) held.push(...(await listOrderQuantities(q, order.id)));
    const ids = [...new Set([...(options.alsoLock ?? []), ...held.map((h) => h.variantId)])].sort(
      (a, b) => a - b,
    );
    await stock.lock(q, ids);
    for (const order of ended) await afterUnpaidEnded(q, order, 'cancelled', REPLACED_NOTE);
    return ended;
  }

  /**
   * Status updates (confirmed, shipped, delivered, a staff cancellation …): guests always hear of
   * their order; an account when it wants order updates. Receipts, payment confirmations and an
   * unpaid order's end are about the shopper's money and always go (ADR 037).
   */
  async function wantsMail(order: OrderRow): Promise<boolean> {
    return order.userId === null || (await deps.wantsOrderUpdates(order.userId));
  }

  async function mailStatus(q: Queryable, order: OrderRow, status: OrderStatus, note: string): Promise<void> {
    await mail.enqueue(
      q,
      orderStatusMail({
        to: order.email,
        name: order.shipName,
        trackingNumber: order.trackingNumber,
        status,
        note: note || undefined,
        trackUrl: trackUrl(order),
        paid: order.paidAt !== null,
      }),
    );
  }

  /**
   * The one path for money staff saw arrive for an unpaid offline order (`order` locked by the
   * caller): "confirm payment", and a status move that says so. The order is marked paid (its hold
   * ends) and moved to `to` when that is a new status, with a history row and the shopper's email;
   * the payments module verifies the payment record and tells staff; one audit entry says who,
   * from where, before and after. Inside the caller's transaction, so all of it happens once.
   */
  async function receiveOfflinePayment(
    q: Queryable,
    order: OrderRow,
    actor: StaffActor,
    move: { to: OrderStatus; note: string; correction: boolean },
  ): Promise<StatusMove> {
    const paidAt = new Date();
    const moving = move.to !== order.status;
    // The history (and the shopper's email) say why the order moved when staff did not.
    const note =
      move.note ||
      (order.paymentMethod === 'bank_transfer'
        ? 'Bank transfer received.'
        : 'Payment collected on delivery.');
    let paid: OrderRow = { ...order, paidAt, reservedUntil: null };
    if (moving) {
      paid = (await forceOrderStatus(q, order.id, move.to, { paidAt, reservedUntil: null })) ?? paid;
      await insertStatus(q, order.id, move.to, note, actor.id);
      // A payment confirmation: sent whatever the order-updates setting says (ADR 037).
      await mailStatus(q, order, move.to, note);
    } else {
      await markOrderPaid(q, order.id, paidAt);
    }
    await deps.offlinePaymentReceived(q, paid, actor);
    await deps.audit.record(q, {
      actorUserId: actor.id,
      ip: actor.ip ?? null,
      action: 'order.payment_confirmed',
      subjectType: 'order',
      subjectId: order.trackingNumber,
      details: moving
        ? {
            method: order.paymentMethod,
            from: order.status,
            to: move.to,
            note,
            correction: move.correction,
            before: { status: order.status, paidAt: null },
            after: { status: move.to, paidAt: paidAt.toISOString() },
          }
        : {
            method: order.paymentMethod,
            before: { paidAt: null },
            after: { paidAt: paidAt.toISOString() },
          },
    });
    return {
      trackingNumber: order.trackingNumber,
      changed: true,
      paymentConfirmed: true,
      emailed: moving,
    };
  }

  const service = {
    endCartHolds,
    track: tracking.track,
    byId: tracking.byId,
    listForCustomer: tracking.listForCustomer,

    /** The port checkout writes a new order through (inside its transaction). */
    placement,

    sendPlacedMail,

    /**
     * The money arrived for an unpaid order: it becomes "placed". Only the first caller moves it
     * (webhook and callback may race); returns the order when this call did.
     */
    async markPaid(
      q: Queryable,
      orderId: number,
      note: string,
      paymentReference: string,
    ): Promise<OrderRow | null> {
      const order = await transitionOrder(q, orderId, AWAITING_PAYMENT, 'placed', {
        paidAt: new Date(),
        reservedUntil: null,
      });
      if (!order) return null;
      await insertStatus(q, orderId, 'placed', note);
      await sendPlacedMail(q, order, { paid: true, paymentReference });
      return order;
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
     * Money arrived for an order that had already ended (its reservation ran out): staff must
     * refund it or re-confirm the order by hand. The history says so.
     */
    async noteLatePayment(q: Queryable, orderId: number, reference: string): Promise<void> {
      const order = await findOrderById(q, orderId);
      if (!order) return;
      await insertStatus(
        q,
        orderId,
        statusOf(order),
        `Payment ${reference} arrived after the order ended: refund it or re-confirm the order.`,
      );
    },

    /**
     * Takes an ended order's items (and its promo use) again, so it can be paid after all: back
     * to `pending_payment` for another try, or straight to `placed` when late money arrived.
     * Throws OutOfStockError (or a ValidationError for the code) when that is no longer possible.
     */
    async reopen(
      q: Queryable,
      orderId: number,
      target: 'pending_payment' | 'placed',
      note: string,
      options: { reservedUntil?: Date; paymentReference?: string } = {},
    ): Promise<OrderRow> {
      // Waiting for payment again makes it its cart's unpaid order: the cart's lock first (the
      // one checkout takes), then any other unpaid order of the cart ends (ADR 049).
      const cartId =
        target === 'pending_payment' ? ((await findOrderById(q, orderId))?.cartId ?? null) : null;
      if (cartId !== null) await lockKey(q, cartLockKey(cartId));
      const order = await lockOrder(q, orderId);
      if (
        !order ||
        order.stockReleasedAt === null ||
        !(['payment_failed', 'cancelled'] as string[]).includes(order.status)
      ) {
        throw new ConflictError('This order can no longer be paid. Please check out again from your cart.');
      }
      const wanted = await listOrderQuantities(q, order.id);
      if (cartId !== null) {
        await endCartHolds(q, cartId, { exceptId: order.id, alsoLock: wanted.map((w) => w.variantId) });
      }
      await stock.lock(
        q,
        wanted.map((w) => w.variantId),
      );
      for (const w of wanted) {
        if (!(await stock.take(q, w.variantId, w.quantity))) {
          throw new OutOfStockError(
            'Some items in this order have sold out since. Please check out again from your cart.',
          );
        }
      }
      if (order.discountId !== null && !(await deps.promotions.redeem(q, order.discountId, order))) {
        throw new ValidationError(
          `The promo code ${order.promoCode} has been used up since. Please check out again from your cart.`,
        );
      }
      const reopened = await transitionOrder(q, order.id, ['payment_failed', 'cancelled'], target, {
        stockReleasedAt: null,
        reservedUntil: target === 'pending_payment' ? (options.reservedUntil ?? null) : null,
        ...(target === 'placed' ? { paidAt: new Date() } : {}),
      });
      await insertStatus(q, order.id, target, note);
      if (target === 'placed') {
        await sendPlacedMail(q, reopened!, { paid: true, paymentReference: options.paymentReference ?? '' });
      }
      return reopened!;
    },

    /**
     * Staff move an order on along the allowed transitions (ORDER_TRANSITIONS), with a history
     * row, an audit record (who, from where, from what, to what, why) and an email to the shopper.
     * An admin may correct a mistake outside the table with `correction` and a reason. Cancelling
     * gives held stock and the promo use back, once; an order whose stock went back on sale cannot
     * be reopened (a new order must be placed). A move that says an offline order's money arrived
     * (moveMeansPaid: a bank transfer going ahead, pay on delivery delivered) confirms its payment
     * on the way, exactly as "confirm payment" does. The order row is locked, so two staff moving
     * it at once change it once: the second finds it moved and changes nothing.
     */
    async moveStatus(trackingNumber: string, input: unknown, actor: StaffActor): Promise<StatusMove> {
      const { status, note, correction } = parseInput(SetOrderStatusInput, input);
      if (correction && actor.role !== 'admin') {
        throw new ForbiddenError('Only an admin can correct an order outside its usual steps.');
      }
      if (correction && note === '') {
        throw new ValidationError('Say why this correction is needed.', {
          note: ['Say why this correction is needed.'],
        });
      }
      const number = normalizeTrackingNumber(trackingNumber);
      const existing = await findOrderByTracking(db, number);
      if (!existing) throw new NotFoundError('Order not found. Please check your tracking number.');
      const notify = await wantsMail(existing);
      return db.transaction(async (tx): Promise<StatusMove> => {
        const order = await lockOrder(tx, existing.id);
        const unchanged = {
          trackingNumber: existing.trackingNumber,
          changed: false,
          paymentConfirmed: false,
          emailed: false,
        };
        if (!order || order.status === status) return unchanged;
        const from = isOrderStatus(order.status) ? order.status : null;
        if (!correction && (from === null || !canTransition(from, status))) {
          const next = from === null ? [] : ORDER_TRANSITIONS[from].map((s) => STATUS_LABELS[s]);
          throw new ConflictError(
            `An order that is ${from === null ? order.status : STATUS_LABELS[from].toLowerCase()} cannot become ${STATUS_LABELS[status].toLowerCase()}. ` +
              (next.length > 0 ? `It can become: ${next.join(', ')}.` : 'It cannot change any more.') +
              (actor.role === 'admin'
                ? ' To correct a mistake, give a reason and mark it a correction.'
                : ''),
          );
        }
        const ending = status === 'cancelled' || status === 'payment_failed';
        if (order.stockReleasedAt !== null && !ending) {
          throw new ConflictError(
            'This order was cancelled and its items went back on sale: it cannot be reopened. Place a new order instead.',
          );
        }
        if (order.paidAt === null && !ending && moveMeansPaid(methodOf(order), status)) {
          return receiveOfflinePayment(tx, order, actor, { to: status, note, correction });
        }
        // Once: an ended order corrected to the other ending (cancelled ↔ payment failed) has
        // already given its stock and its promo use back; a second release would take another
        // order's use of the code (ADR 048).
        if (ending && order.stockReleasedAt === null) {
          await releaseStock(tx, order.id);
          if (order.discountId !== null) await deps.promotions.release(tx, order.discountId, order.id);
        }
        // The hold's clock runs only while the order waits (for money, or for staff to confirm a
        // pay-on-delivery order): confirming it stops the clock for good.
        const stillWaiting =
          AWAITING_PAYMENT.includes(status) ||
          (status === 'placed' && order.paymentMethod === 'pay_on_delivery');
        await forceOrderStatus(tx, order.id, status, {
          reservedUntil: stillWaiting ? order.reservedUntil : null,
        });
        await insertStatus(tx, order.id, status, note, actor.id);
        await deps.audit.record(tx, {
          actorUserId: actor.id,
          ip: actor.ip ?? null,
          action: correction ? 'order.status_corrected' : 'order.status_changed',
          subjectType: 'order',
          subjectId: order.trackingNumber,
          details: {
            from: order.status,
            to: status,
            note,
            correction,
            before: { status: order.status },
            after: { status },
          },
        });
        if (notify) await mailStatus(tx, order, status, note);
        return { ...unchanged, changed: true, emailed: notify };
      });
    },

    /** `moveStatus`, answering with the order as it is now (the API's answer). */
    async setStatus(trackingNumber: string, input: unknown, actor: StaffActor): Promise<TrackedOrder> {
      const moved = await service.moveStatus(trackingNumber, input, actor);
      const updated = await findOrderByTracking(db, moved.trackingNumber);
      return tracked(updated!, 'staff'); // only staff set a status
    },

    /**
     * Staff record that the money for a bank transfer or pay-on-delivery order arrived: a bank
     * transfer waiting for it becomes confirmed; any other open offline order is marked paid
     * where it stands. Refused (409) for card orders, an order already paid, or one that ended.
     */
    async confirmOfflinePayment(trackingNumber: string, actor: StaffActor): Promise<StatusMove> {
      const existing = await findOrderByTracking(db, normalizeTrackingNumber(trackingNumber));
      if (!existing) throw new NotFoundError('Order not found. Please check the tracking number.');
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, existing.id);
        if (!order) throw new NotFoundError('Order not found. Please check the tracking number.');
        const status = statusOf(order);
        if (methodOf(order) === 'online') {
          throw new ConflictError('Card, bank and USSD payments are confirmed by the payment provider.');
        }
        if (order.paidAt) throw new ConflictError('This order is already recorded as paid.');
        if (status === 'cancelled' || status === 'payment_failed' || order.stockReleasedAt !== null) {
          throw new ConflictError('This order has ended: its payment cannot be confirmed.');
        }
        const to: OrderStatus = status === 'awaiting_transfer' ? 'confirmed' : status;
        return receiveOfflinePayment(tx, order, actor, { to, note: '', correction: false });
      });
    },

    /**
     * An unpaid order ends (payment failed, cancelled or timed out): its stock goes back on sale
     * once, its history and the shopper hear why. Returns false when it was no longer unpaid.
     */
    async endUnpaid(
      q: Queryable,
      orderId: number,
      status: 'payment_failed' | 'cancelled',
      note: string,
      from: readonly OrderStatus[] = AWAITING_PAYMENT,
    ): Promise<OrderRow | null> {
      const order = await transitionOrder(q, orderId, from, status);
      if (!order) return null;
      await afterUnpaidEnded(q, order, status, note);
      return order;
    },
  };

  /** The admin screens' work: list, detail, notes, bulk moves, offline payments, resends. */
  const admin = createAdminOrders({
    db,
    audit: deps.audit,
    moveStatus: service.moveStatus,
    sendPlacedMail,
  });
  return { ...service, admin };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
