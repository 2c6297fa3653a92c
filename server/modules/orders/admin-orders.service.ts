// The admin orders screens' work: the filtered list (a page, or every match in keyset batches for
// the CSV export), an order's detail for staff, internal notes, bulk status changes and resending
// the confirmation email — each change audited in its own transaction. Status changes and offline
// payments themselves go through the orders service (moveStatus, confirmOfflinePayment).
import {
  ADMIN_ORDERS_PAGE_SIZE,
  AddOrderNoteInput,
  type AdminOrderDetail,
  type AdminOrderFilters,
  type AdminOrderPage,
  type AdminOrderRow,
  BulkOrderStatusInput,
  type BulkStatusResult,
} from '#core/contract/admin-orders.ts';
import { normalizeTrackingNumber, type SetOrderStatusInput } from '#core/contract/orders.ts';
import { normalizeNigerianPhone } from '#core/nigeria.ts';
import {
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderStatusFrom,
  type PaymentMethod,
} from '#core/order-status.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import type { AuditService } from '#server/modules/audit/audit.service.ts';
import { AppError, NotFoundError } from '#server/platform/errors.ts';
import { parseInput } from '#server/platform/validation.ts';
import { csvFileName, ordersCsvStream } from './admin-orders.csv.ts';
import {
  insertOrderNote,
  listHistoryWithActors,
  listOrderNotes,
  listOrdersBatch,
  listOrdersPage,
  type OrderCursor,
  type OrderListRow,
  type OrderListWhere,
} from './admin-orders.repository.ts';
import type { StaffActor as Actor } from './order-machine.ts';
import { findOrderByTracking, listOrderLines, lockOrder, type OrderRow } from './orders.repository.ts';
import { fullAddress, orderLineView, paymentStateOf } from './orders.tracking.ts';
import type { StatusMove } from './staff-moves.ts';

/** Lagos is UTC+1 all year (no daylight saving). */
const LAGOS_OFFSET = '+01:00';
const DAY = 86_400_000;

/** Turns the URL's filters into what the SQL needs: the search split, the days as instants. */
export function orderListWhere(filters: AdminOrderFilters): OrderListWhere {
  const where: OrderListWhere = { statuses: filters.status, method: filters.method, refund: filters.refund };
  const q = filters.q.trim();
  if (q) {
    const phone = /^[+\d\s().-]{7,}$/.test(q) ? normalizeNigerianPhone(q) : null;
    if (phone) where.phone = phone;
    else where.text = /^ch\s*\d/i.test(q) ? normalizeTrackingNumber(q) : q;
  }
  if (filters.from) where.from = new Date(`${filters.from}T00:00:00${LAGOS_OFFSET}`);
  if (filters.to) where.until = new Date(new Date(`${filters.to}T00:00:00${LAGOS_OFFSET}`).getTime() + DAY);
  return where;
}

function statusOfRow(status: string): OrderStatus {
  return orderStatusFrom(status);
}

function methodOfRow(method: string): PaymentMethod {
  return method === 'bank_transfer' || method === 'pay_on_delivery' ? method : 'online';
}

function rowOf(r: OrderListRow | OrderRow, itemCount: number): AdminOrderRow {
  const status = statusOfRow(r.status);
  return {
    trackingNumber: r.trackingNumber,
    createdAt: r.createdAt.toISOString(),
    customerName: r.shipName,
    email: r.email,
    phone: r.phone,
    itemCount,
    totalKobo: r.totalKobo,
    refundedKobo: 'refundedKobo' in r ? Number(r.refundedKobo) : 0,
    paymentMethod: methodOfRow(r.paymentMethod),
    paymentState: paymentStateOf(r),
    status,
    nextStatuses: [...ORDER_TRANSITIONS[status]],
  };
}

/** One order as the CSV export writes it. */
export type OrderExportRow = OrderListRow;

export function createAdminOrders(deps: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  moveStatusTo: (trackingNumber: string, move: SetOrderStatusInput, actor: Actor) => Promise<StatusMove>;
  sendPlacedMail: (
    q: Queryable,
    order: OrderRow,
    options: { paid: boolean; paymentReference: string },
  ) => Promise<void>;
}) {
  const { db } = deps;

  async function lockByTracking(q: Queryable, trackingNumber: string): Promise<OrderRow> {
    const found = await findOrderByTracking(q, normalizeTrackingNumber(trackingNumber));
    const order = found ? await lockOrder(q, found.id) : null;
    if (!order) throw new NotFoundError('Order not found. Please check the tracking number.');
    return order;
  }

  const admin = {
    /** A page of the orders matching the filters. */
    async list(filters: AdminOrderFilters): Promise<AdminOrderPage> {
      const { rows, total } = await listOrdersPage(db, orderListWhere(filters), filters.sort, {
        limit: ADMIN_ORDERS_PAGE_SIZE,
        offset: (filters.page - 1) * ADMIN_ORDERS_PAGE_SIZE,
      });
      return {
        items: rows.map((r) => rowOf(r, Number(r.itemCount))),
        total,
        page: filters.page,
        pageCount: Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE)),
      };
    },

    /**
     * Every order matching the filters (the page ignored), in the list's order, in batches of
     * `batchSize` read one after another with a keyset cursor: memory holds one batch at a time.
     */
    async *exportBatches(filters: AdminOrderFilters, batchSize = 500): AsyncGenerator<OrderExportRow[]> {
      const where = orderListWhere(filters);
      let cursor: OrderCursor | null = null;
      for (;;) {
        const batch = await listOrdersBatch(db, where, filters.sort, cursor, batchSize);
        if (batch.length === 0) return;
        yield batch;
        if (batch.length < batchSize) return;
        const last = batch[batch.length - 1]!;
        cursor = { id: last.id, createdAtText: last.createdAtText, totalKobo: last.totalKobo };
      }
    },

    /** Every order matching the filters as a streamed CSV file (see admin-orders.csv.ts). */
    exportCsv(filters: AdminOrderFilters): { stream: ReadableStream<Uint8Array>; fileName: string } {
      return { stream: ordersCsvStream(admin, filters), fileName: csvFileName() };
    },

    /** An order as staff see it: everything, with the history's actors and the internal notes. */
    async detail(trackingNumber: string): Promise<AdminOrderDetail | null> {
      const order = await findOrderByTracking(db, normalizeTrackingNumber(trackingNumber));
      if (!order) return null;
      const [lines, history, notes] = await Promise.all([
        listOrderLines(db, [order.id]),
        listHistoryWithActors(db, order.id),
        listOrderNotes(db, order.id),
      ]);
      return {
        ...rowOf(
          order,
          lines.reduce((n, l) => n + l.quantity, 0),
        ),
        id: order.id,
        shipName: order.shipName,
        shipPhone: order.shipPhone,
        address: fullAddress(order),
        shipState: order.shipState,
        subtotalKobo: order.subtotalKobo,
        discountKobo: order.discountKobo,
        deliveryFeeKobo: order.deliveryFeeKobo,
        storeCreditKobo: order.storeCreditKobo,
        promoCode: order.promoCode,
        paidAt: order.paidAt?.toISOString() ?? null,
        stockReleased: order.stockReleasedAt !== null,
        lines: lines.map(orderLineView),
        history: history.map((h) => ({
          status: orderStatusFrom(h.status, `order ${order.trackingNumber}'s history`),
          note: h.note,
          at: h.createdAt.toISOString(),
          actorUserId: h.actorUserId,
        })),
        notes: notes.map((n) => ({
          id: n.id,
          body: n.body,
          at: n.createdAt.toISOString(),
          authorUserId: n.authorUserId,
        })),
      };
    },

    /** Staff write an internal note on an order (never shown to the shopper), audited. */
    async addNote(trackingNumber: string, input: unknown, actor: Actor): Promise<void> {
      const { body } = parseInput(AddOrderNoteInput, input);
      await db.transaction(async (tx) => {
        const order = await lockByTracking(tx, trackingNumber);
        const note = await insertOrderNote(tx, { orderId: order.id, authorUserId: actor.id, body });
        await deps.audit.record(tx, {
          actorUserId: actor.id,
          ip: actor.ip ?? null,
          action: 'order.note_added',
          subjectType: 'order',
          subjectId: order.trackingNumber,
          details: { before: {}, after: { noteId: note.id, note: body } },
        });
      });
    },

    /**
     * Moves several orders to one status, each only where its transitions allow (each in its own
     * transaction through moveStatusTo: audited, and confirming an offline payment where the move
     * says the money arrived); says which moved and why the others did not.
     */
    async bulkSetStatus(input: unknown, actor: Actor): Promise<BulkStatusResult> {
      const { trackingNumbers, status } = parseInput(BulkOrderStatusInput, input);
      const result: BulkStatusResult = { moved: [], refused: [] };
      for (const trackingNumber of [...new Set(trackingNumbers.map(normalizeTrackingNumber))]) {
        try {
          const moved = await deps.moveStatusTo(
            trackingNumber,
            { status, note: '', correction: false },
            actor,
          );
          if (moved.changed) result.moved.push(trackingNumber);
          else result.refused.push({ trackingNumber, reason: 'It already has this status.' });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          result.refused.push({ trackingNumber, reason: error.message });
        }
      }
      return result;
    },

    /** Sends the shopper the order confirmation again (through the outbox), audited. */
    async resendConfirmation(trackingNumber: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const order = await lockByTracking(tx, trackingNumber);
        await deps.sendPlacedMail(tx, order, { paid: order.paidAt !== null, paymentReference: '' });
        await deps.audit.record(tx, {
          actorUserId: actor.id,
          ip: actor.ip ?? null,
          action: 'order.confirmation_resent',
          subjectType: 'order',
          subjectId: order.trackingNumber,
          details: { to: order.email },
        });
      });
    },
  };
  return admin;
}
