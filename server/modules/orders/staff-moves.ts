// What staff do to an order's status, each through the state machine: move it on along the table
// (or, an admin, correct a mistake with a reason), and say that an offline order's money arrived —
// by "confirm payment" or by a move that means it (ADR 029). Each in one transaction on the order
// row locked, so two staff clicking at once change it once.
import { normalizeTrackingNumber, SetOrderStatusInput } from '#core/contract/orders.ts';
import { ENDED, moveMeansPaid, type OrderStatus } from '#core/order-status.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import type { OrderMachine, StaffActor } from './order-machine.ts';
import { findOrderByTracking, lockOrder, type OrderRow } from './orders.repository.ts';
import { methodOf, statusOf } from './orders.tracking.ts';

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

export function createStaffMoves(deps: {
  db: Db;
  machine: OrderMachine;
  /** Whether the shopper wants status emails (guests always; accounts that want order updates). */
  wantsMail: (order: OrderRow) => Promise<boolean>;
  offlinePaymentReceived: OfflinePaymentPort;
  audit: Pick<AuditService, 'record'>;
}) {
  const { db, machine } = deps;

  /**
   * The one path for money staff saw arrive for an unpaid offline order (`order` locked by the
   * caller): "confirm payment", and a status move that says so. The order is marked paid (its hold
   * ends) and moved to `to` through the state machine when that is a new status, with a history
   * row and the shopper's email (a payment confirmation: sent whatever the order-updates setting
   * says, ADR 037); the payments module verifies the payment record and tells staff; one audit
   * entry says who, from where, before and after.
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
    const audit = {
      action: 'order.payment_confirmed',
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
        : { method: order.paymentMethod, before: { paidAt: null }, after: { paidAt: paidAt.toISOString() } },
    };
    if (moving) {
      paid = await machine.transition(q, order, move.to, {
        mover: 'staff',
        actor,
        note,
        correction: move.correction,
        paidAt,
        reservedUntil: null,
        email: 'status',
        audit,
      });
    } else {
      // Paid where it stands: the status does not change, so the machine has nothing to move.
      await machine.paidWhereItStands(q, order, paidAt);
      await deps.audit.record(q, {
        actorUserId: actor.id,
        ip: actor.ip ?? null,
        subjectType: 'order',
        subjectId: order.trackingNumber,
        ...audit,
      });
    }
    await deps.offlinePaymentReceived(q, paid, actor);
    return { trackingNumber: order.trackingNumber, changed: true, paymentConfirmed: true, emailed: moving };
  }

  /**
   * Staff move an order on along the table (ORDER_MOVES' staff moves), with a history row, an
   * audit record (who, from where, from what, to what, why) and an email to the shopper. An admin
   * may correct a mistake outside the table with `correction` and a reason. A move that says an
   * offline order's money arrived (moveMeansPaid: a bank transfer going ahead, pay on delivery
   * delivered) confirms its payment on the way, exactly as "confirm payment" does. The order row
   * is locked: a second staff member moving it at once finds it moved and changes nothing.
   * The move arrives parsed (the JSON route's body, or moveStatus's form).
   */
  const LAYAWAY_THROUGH_PLAN =
    'This is a Pay small-small order: record its payments on the plan, which moves it on when fully paid.';

  async function moveStatusTo(
    trackingNumber: string,
    { status, note, correction }: SetOrderStatusInput,
    actor: StaffActor,
  ): Promise<StatusMove> {
    if (correction && actor.role !== 'admin') {
      throw new ForbiddenError('Only an admin can correct an order outside its usual steps.');
    }
    if (correction && note === '') {
      throw new ValidationError('Say why this correction is needed.', {
        note: ['Say why this correction is needed.'],
      });
    }
    const existing = await findOrderByTracking(db, normalizeTrackingNumber(trackingNumber));
    if (!existing) throw new NotFoundError('Order not found. Please check your tracking number.');
    const notify = await deps.wantsMail(existing);
    return db.transaction(async (tx): Promise<StatusMove> => {
      const order = await lockOrder(tx, existing.id);
      const unchanged = {
        trackingNumber: existing.trackingNumber,
        changed: false,
        paymentConfirmed: false,
        emailed: false,
      };
      if (!order || order.status === status) return unchanged;
      // A Pay small-small order goes ahead only through its plan's payments (ADR 099).
      if (
        order.paymentMethod === 'layaway' &&
        order.paidAt === null &&
        !ENDED.includes(status) &&
        !correction
      ) {
        throw new ConflictError(LAYAWAY_THROUGH_PLAN);
      }
      if (order.paidAt === null && !ENDED.includes(status) && moveMeansPaid(methodOf(order), status)) {
        return receiveOfflinePayment(tx, order, actor, { to: status, note, correction });
      }
      await machine.transition(tx, order, status, {
        mover: 'staff',
        actor,
        note,
        correction,
        email: notify ? 'status' : 'none',
      });
      return { ...unchanged, changed: true, emailed: notify };
    });
  }

  /** The order page's status form: parses the form's fields once, then moveStatusTo. */
  function moveStatus(trackingNumber: string, input: unknown, actor: StaffActor): Promise<StatusMove> {
    return moveStatusTo(trackingNumber, parseInput(SetOrderStatusInput, input), actor);
  }

  /**
   * Staff record that the money for a bank transfer or pay-on-delivery order arrived: a bank
   * transfer waiting for it becomes confirmed; any other open offline order is marked paid
   * where it stands. Refused (409) for card orders, an order already paid, or one that ended.
   */
  async function confirmOfflinePayment(trackingNumber: string, actor: StaffActor): Promise<StatusMove> {
    const existing = await findOrderByTracking(db, normalizeTrackingNumber(trackingNumber));
    if (!existing) throw new NotFoundError('Order not found. Please check the tracking number.');
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, existing.id);
      if (!order) throw new NotFoundError('Order not found. Please check the tracking number.');
      const status = statusOf(order);
      if (order.paymentMethod === 'layaway') throw new ConflictError(LAYAWAY_THROUGH_PLAN);
      if (methodOf(order) === 'online') {
        throw new ConflictError('Card, bank and USSD payments are confirmed by the payment provider.');
      }
      if (order.paidAt) throw new ConflictError('This order is already recorded as paid.');
      if (ENDED.includes(status) || order.stockReleasedAt !== null) {
        throw new ConflictError('This order has ended: its payment cannot be confirmed.');
      }
      const to: OrderStatus = status === 'awaiting_transfer' ? 'confirmed' : status;
      return receiveOfflinePayment(tx, order, actor, { to, note: '', correction: false });
    });
  }

  return { moveStatus, moveStatusTo, confirmOfflinePayment };
}
