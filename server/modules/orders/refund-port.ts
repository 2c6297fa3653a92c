// The port the payments module's refunds go through (ADR 097): the order locked while a refund is
// weighed against what is left, its lines, and the one line a refund writes in the order's history
// (through the state machine's `note`: a refund changes no status).
import type { Queryable } from '#server/db/client.ts';
import type { OrderMachine } from './order-machine.ts';
import {
  findOrderById,
  findOrderByTracking,
  listOrderLines,
  lockOrder,
  type OrderLineRow,
  type OrderRow,
} from './orders.repository.ts';
import { receiptNumbering } from './receipts.service.ts';

export type { OrderLineRow };

export interface RefundOrderPort {
  /** The order by tracking number (any case), unlocked: for reading. */
  find(q: Queryable, trackingNumber: string): Promise<OrderRow | null>;
  /** The order's row, locked FOR UPDATE until the caller's transaction ends. */
  lock(q: Queryable, orderId: number): Promise<OrderRow | null>;
  byId(q: Queryable, orderId: number): Promise<OrderRow | null>;
  lines(q: Queryable, orderId: number): Promise<OrderLineRow[]>;
  /** A line in the order's history beside its status ("Refunded ₦… in full to …"). */
  note(q: Queryable, order: OrderRow, text: string): Promise<void>;
  /** Numbers a processed refund's receipt, once, on the same counter as the paid orders' (ADR 098). */
  issueReceipt(q: Queryable, refund: { orderId: number; refundId: number }): Promise<void>;
}

export function createRefundOrderPort(machine: Pick<OrderMachine, 'note'>): RefundOrderPort {
  return {
    find: (q, trackingNumber) => findOrderByTracking(q, trackingNumber.trim().toUpperCase()),
    lock: lockOrder,
    byId: findOrderById,
    lines: (q, orderId) => listOrderLines(q, [orderId]),
    note: machine.note,
    issueReceipt: async (q, refund) => {
      await receiptNumbering.issueRefundReceipt(q, refund);
    },
  };
}
