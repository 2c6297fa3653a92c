// The order state machine (ADR 073): the one function that moves an order's status. It checks the
// move against ORDER_MOVES (core/order-status.ts) for who is moving it, runs what entering the new
// status means (stock and promo use given back when an order ends, taken again when the payment
// reopens it, and so its store credit; paid, and the hold's clock), writes the status and its history row, records the
// audit entry of a staff move and queues the shopper's email — all on the caller's transaction.
// Every path that changes a status calls `transition`; nothing else writes orders.status.
import type { SessionUser } from '#core/contract/account.ts';
import {
  AWAITING_PAYMENT,
  canMove,
  ENDED,
  ORDER_TRANSITIONS,
  type OrderMover,
  type OrderStatus,
  STATUS_LABELS,
} from '#core/order-status.ts';
import type { Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import type { StockPort } from '#server/modules/catalog/catalog.service.ts';
import type { StoreCreditPort } from '#server/modules/credit/credit.service.ts';
import type { MailService } from '#server/modules/mail/mail.service.ts';
import { orderStatusMail } from '#server/modules/mail/order-templates.tsx';
import type { PromotionsService } from '#server/modules/promotions/promotions.service.ts';
import { ConflictError, ForbiddenError, OutOfStockError, ValidationError } from '#server/platform/errors.ts';
import { markOrderPaid } from './admin-orders.repository.ts';
import { insertHistory, type StatusPatch, writeOrderStatus } from './order-status.repository.ts';
import {
  listOrderLines,
  listOrderQuantities,
  markStockReleased,
  type OrderRow,
} from './orders.repository.ts';
import { statusOf } from './orders.tracking.ts';
import type { ReceiptIssuer } from './receipts.service.ts';

/** A staff member acting on an order, and the address they act from (the audit record's). */
export type StaffActor = Pick<SessionUser, 'id' | 'role'> & { ip?: string | null };

/**
 * A move the table does not allow for whoever asked: the same error (409, the same words) from
 * every path — a staff move, a payment arriving, a retried payment, an offline payment confirmed.
 */
export class OrderMoveRefusedError extends ConflictError {
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    const next = ORDER_TRANSITIONS[from].map((s) => STATUS_LABELS[s]);
    super(
      `An order that is ${STATUS_LABELS[from].toLowerCase()} cannot become ${STATUS_LABELS[to].toLowerCase()}. ` +
        (next.length > 0 ? `It can become: ${next.join(', ')}.` : 'It cannot change any more.'),
    );
  }
}

export interface Move {
  /** Who moves it (ORDER_MOVES says who may make which move). */
  mover: OrderMover;
  /** Why: the history row's note and the shopper's email's. */
  note: string;
  /** The staff member making a staff move (history, audit). */
  actor?: StaffActor;
  /** An admin correcting a mistake outside the table (the caller has the reason in `note`). */
  correction?: boolean;
  /** The money arrived at this moment: the order is paid. */
  paidAt?: Date;
  /** The hold's new end (default: kept while the order still waits for money, else none). */
  reservedUntil?: Date | null;
  /** The shopper's email: a status update, the order-placed receipt (paid), or none. */
  email: 'status' | 'placed' | 'none';
  /** The payment's reference, for the receipt. */
  paymentReference?: string;
  /** A staff move's audit entry, when it is not the plain status change (defaults for staff). */
  audit?: { action: string; details: Record<string, unknown> };
}

/** The port refunds fill: units their approvals put back on the shelf, per order line. */
export type RestockedUnits = (
  q: Queryable,
  orderId: number,
) => Promise<{ orderLineId: number; quantity: number }[]>;

export function createOrderMachine(deps: {
  mail: Pick<MailService, 'enqueue'>;
  audit: Pick<AuditService, 'record'>;
  stock: StockPort;
  promotions: Pick<PromotionsService, 'release' | 'redeem'>;
  /** Store credit an ended order spent comes back once; a reopened order spends it again (ADR 100). */
  credit?: Pick<StoreCreditPort, 'restore' | 'spend'>;
  /** Numbers the receipt of an order the moment it becomes paid, on the same transaction (ADR 098). */
  receipts: ReceiptIssuer;
  /** Units approved refunds already put back, per order line: not put back again (ADR 097). */
  restockedByRefunds?: RestockedUnits;
  trackUrl: (order: OrderRow) => string;
  sendPlacedMail: (
    q: Queryable,
    order: OrderRow,
    options: { paid: boolean; paymentReference: string },
  ) => Promise<void>;
}) {
  const { stock, promotions } = deps;

  /** The order's units, less those its approved refunds have already put back on the shelf. */
  async function unitsStillOut(q: Queryable, orderId: number) {
    const units = await listOrderQuantities(q, orderId);
    const restocked = deps.restockedByRefunds ? await deps.restockedByRefunds(q, orderId) : [];
    if (restocked.length === 0) return units;
    const variantOf = new Map((await listOrderLines(q, [orderId])).map((l) => [l.id, l.variantId]));
    const back = new Map<number, number>();
    for (const r of restocked) {
      const variantId = variantOf.get(r.orderLineId);
      if (variantId != null) back.set(variantId, (back.get(variantId) ?? 0) + r.quantity);
    }
    return units
      .map((u) => ({ variantId: u.variantId, quantity: u.quantity - (back.get(u.variantId) ?? 0) }))
      .filter((u) => u.quantity > 0);
  }

  /** Puts an ended order's units back on sale and its promo use back, once. */
  async function giveBack(q: Queryable, order: OrderRow): Promise<void> {
    if (await markStockReleased(q, order.id)) {
      await stock.putBack(q, await unitsStillOut(q, order.id));
    }
    if (order.discountId !== null) await promotions.release(q, order.discountId, order.id);
    if (order.storeCreditKobo > 0) await deps.credit?.restore(q, { orderId: order.id });
  }

  /**
   * Takes an ended order's items (and its promo use) again, so it can go on after all. Throws
   * OutOfStockError (or a ValidationError for the code) when that is no longer possible.
   */
  async function takeAgain(q: Queryable, order: OrderRow): Promise<void> {
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
    if (order.discountId !== null && !(await promotions.redeem(q, order.discountId, order))) {
      throw new ValidationError(
        `The promo code ${order.promoCode} has been used up since. Please check out again from your cart.`,
      );
    }
    if (order.storeCreditKobo > 0 && deps.credit) {
      if (order.userId === null) {
        throw new ValidationError(
          'The store credit on this order is no longer there. Please check out again from your cart.',
        );
      }
      await deps.credit.spend(q, {
        userId: order.userId,
        amountKobo: order.storeCreditKobo,
        orderId: order.id,
      });
    }
  }

  /**
   * Moves `order` (its row locked by the caller, as read under that lock) to `to`. Refuses a move
   * ORDER_MOVES does not give `move.mover` (OrderMoveRefusedError), unless an admin corrects it.
   * Returns the order as it now is.
   */
  async function transition(q: Queryable, order: OrderRow, to: OrderStatus, move: Move): Promise<OrderRow> {
    const from = statusOf(order);
    if (move.correction) {
      if (move.mover !== 'staff' || move.actor?.role !== 'admin') {
        throw new ForbiddenError('Only an admin can correct an order outside its usual steps.');
      }
    } else if (!canMove(from, to, move.mover)) {
      throw new OrderMoveRefusedError(from, to);
    }

    // On entering: an ended order gives its stock and promo use back, once (an ended order
    // corrected to the other ending has already: a second release would take another order's
    // use of the code, ADR 048); an order going on again takes them back — only the payment
    // reopens one (staff place a new order instead).
    const patch: StatusPatch = {};
    const ending = ENDED.includes(to);
    if (ending && order.stockReleasedAt === null) {
      await giveBack(q, order);
    } else if (!ending && order.stockReleasedAt !== null) {
      if (move.mover !== 'payment') {
        throw new ConflictError(
          'This order was cancelled and its items went back on sale: it cannot be reopened. Place a new order instead.',
        );
      }
      await takeAgain(q, order);
      patch.stockReleasedAt = null;
    }
    if (move.paidAt) patch.paidAt = move.paidAt;
    // The hold's clock runs only while the order waits (for money, or for staff to confirm an
    // unpaid pay-on-delivery order): anything else stops it for good.
    const paid = move.paidAt !== undefined || order.paidAt !== null;
    const stillWaiting =
      AWAITING_PAYMENT.includes(to) ||
      (to === 'placed' && order.paymentMethod === 'pay_on_delivery' && !paid);
    patch.reservedUntil =
      move.reservedUntil !== undefined ? move.reservedUntil : stillWaiting ? order.reservedUntil : null;

    const moved = await writeOrderStatus(q, order.id, from, to, patch);
    if (!moved) throw new Error(`Order ${order.trackingNumber} moved while locked (expected ${from}).`);
    await insertHistory(q, order.id, to, move.note, move.actor?.id ?? null);
    // Paid now: its receipt takes the year's next number in this transaction (a rollback gives
    // the number back).
    if (move.paidAt && order.paidAt === null) {
      await deps.receipts.issueForOrder(q, { orderId: order.id, at: move.paidAt });
    }

    if (move.actor) {
      await deps.audit.record(q, {
        actorUserId: move.actor.id,
        ip: move.actor.ip ?? null,
        subjectType: 'order',
        subjectId: order.trackingNumber,
        ...(move.audit ?? {
          action: move.correction ? 'order.status_corrected' : 'order.status_changed',
          details: {
            from,
            to,
            note: move.note,
            correction: move.correction ?? false,
            before: { status: from },
            after: { status: to },
          },
        }),
      });
    }

    if (move.email === 'placed') {
      await deps.sendPlacedMail(q, moved, { paid: true, paymentReference: move.paymentReference ?? '' });
    } else if (move.email === 'status') {
      await deps.mail.enqueue(
        q,
        orderStatusMail({
          to: moved.email,
          name: moved.shipName,
          trackingNumber: moved.trackingNumber,
          status: to,
          note: move.note || undefined,
          trackUrl: deps.trackUrl(moved),
          paid: moved.paidAt !== null,
        }),
      );
    }
    return moved;
  }

  /**
   * A line in the order's history that changes nothing (money that arrived for an order that can
   * no longer take it): written beside the current status, as the machine writes every row.
   */
  async function note(q: Queryable, order: OrderRow, text: string): Promise<void> {
    await insertHistory(q, order.id, statusOf(order), text, null);
  }

  /**
   * Money staff saw arrive for an order whose status stays where it is (`order` locked by the
   * caller, not yet paid): it is marked paid and its receipt issued, as `transition` does.
   */
  async function paidWhereItStands(q: Queryable, order: OrderRow, paidAt: Date): Promise<void> {
    await markOrderPaid(q, order.id, paidAt);
    if (order.paidAt === null) await deps.receipts.issueForOrder(q, { orderId: order.id, at: paidAt });
  }

  return { transition, note, paidWhereItStands };
}

export type OrderMachine = ReturnType<typeof createOrderMachine>;
