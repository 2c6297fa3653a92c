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
import { createAdminOrders } from './admin-orders.service.ts';
import { createOrderPlacement } from './orders.placement.ts';
import {
  findOrderById,
  findOrderByTracking,
  forceOrderStatus,
  insertStatus,
  listExpiredReservations,
  listOrderQuantities,
  lockOrder,
  markStockReleased,
  type OrderRow,
  transitionOrder,
} from './orders.repository.ts';
import { createOrderTracking, statusOf } from './orders.tracking.ts';

/** An order as the orders module hands it to other modules (its row; read-only to them). */
export type Order = OrderRow;
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
  /** The catalogue's stock: units go back on sale (and are taken again) through it. */
  stock: StockPort;
  publicUrl: string;
}) {
  const { db, mail, publicUrl, stock } = deps;
  const trackUrl = (order: OrderRow) => `${publicUrl}/track-order?id=${order.trackingNumber}`;
  const tracking = createOrderTracking({ db });
  const placement = createOrderPlacement({ mail, trackUrl });
  const { tracked } = tracking;
  const { sendPlacedMail } = placement;

  /** Puts an ended order's units back on sale, once (only the call that marks it does). */
  async function releaseStock(q: Queryable, orderId: number): Promise<void> {
    if (await markStockReleased(q, orderId)) await stock.putBack(q, await listOrderQuantities(q, orderId));
  }

  const service = {
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
     * with nothing paid (its items are taken again on retry). Null otherwise.
     */
    async retryableOrder(orderId: number): Promise<OrderRow | null> {
      const order = await findOrderById(db, orderId);
      if (order?.paymentMethod !== 'online') return null;
      if (order.status === 'pending_payment' && order.stockReleasedAt === null) return order;
      return order.status === 'payment_failed' && order.paidAt === null ? order : null;
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
      const order = await lockOrder(q, orderId);
      if (
        !order ||
        order.stockReleasedAt === null ||
        !(['payment_failed', 'cancelled'] as string[]).includes(order.status)
      ) {
        throw new ConflictError('This order can no longer be paid. Please check out again from your cart.');
      }
      const wanted = await listOrderQuantities(q, order.id);
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
     * row, an audit record (who, from what, to what, why) and an email to the shopper. An admin
     * may correct a mistake outside the table with `correction` and a reason. Cancelling gives
     * held stock and the promo use back, once; an order whose stock went back on sale cannot be
     * reopened (a new order must be placed).
     */
    async setStatus(
      trackingNumber: string,
      input: unknown,
      actor: Pick<SessionUser, 'id' | 'role'>,
    ): Promise<TrackedOrder> {
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
      const notify = existing.userId === null || (await deps.wantsOrderUpdates(existing.userId));
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, existing.id);
        if (!order || order.status === status) return;
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
        if (ending) {
          await releaseStock(tx, order.id);
          if (order.discountId !== null) await deps.promotions.release(tx, order.discountId, order.id);
        }
        // Moving a bank transfer on means the money arrived.
        const paid = order.status === 'awaiting_transfer' && !ending ? { paidAt: new Date() } : {};
        // The hold's clock runs only while the order waits (for money, or for staff to confirm a
        // pay-on-delivery order): confirming it stops the clock for good.
        const stillWaiting =
          AWAITING_PAYMENT.includes(status) ||
          (status === 'placed' && order.paymentMethod === 'pay_on_delivery');
        await forceOrderStatus(tx, order.id, status, {
          ...paid,
          reservedUntil: stillWaiting ? order.reservedUntil : null,
        });
        await insertStatus(tx, order.id, status, note, actor.id);
        await deps.audit.record(tx, {
          actorUserId: actor.id,
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
        if (notify) {
          await mail.enqueue(
            tx,
            orderStatusMail({
              to: order.email,
              name: order.shipName,
              trackingNumber: order.trackingNumber,
              status,
              note: note || undefined,
              trackUrl: trackUrl(order),
            }),
          );
        }
      });
      const updated = await findOrderById(db, existing.id);
      return tracked(updated!, 'staff'); // only staff set a status
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
      await releaseStock(q, orderId);
      if (order.discountId !== null) await deps.promotions.release(q, order.discountId, orderId);
      await insertStatus(q, orderId, status, note);
      await mail.enqueue(
        q,
        orderStatusMail({
          to: order.email,
          name: order.shipName,
          trackingNumber: order.trackingNumber,
          status,
          note,
          trackUrl: trackUrl(order),
        }),
      );
      return order;
    },
  };

  /** The admin screens' work: list, detail, notes, bulk moves, offline payments, resends. */
  const admin = createAdminOrders({
    db,
    mail,
    audit: deps.audit,
    setStatus: service.setStatus,
    sendPlacedMail,
    trackUrl,
  });
  return { ...service, admin };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
