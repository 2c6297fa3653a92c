// Where an order's money stands for refunds (ADR 097): what was paid, what every refund holds,
// each line's units not yet given back and what they are worth. Read under the order's lock when a
// refund is weighed, so two staff refunding at once see each other's refunds.
import type { RefundSummary, RefundView } from '#core/contract/refunds.ts';
import {
  lineRefundAmount,
  REFUNDS_HOLDING_MONEY,
  type RefundMethod,
  type RefundStatus,
  refundableLeft,
  refundStateOf,
} from '#core/refunds.ts';
import type { Queryable } from '#server/db/client.ts';
import type { Order } from '#server/modules/orders/orders.service.ts';
import type { OrderLineRow } from '#server/modules/orders/refund-port.ts';
import type { PaymentRow } from './payments.repository.ts';
import {
  listRefundLinesOf,
  listRefundsOf,
  paidPaymentOf,
  type RefundLineRow,
  type RefundRow,
  sumSucceededPayments,
} from './refunds.repository.ts';

export interface Ledger {
  order: Order;
  lines: OrderLineRow[];
  refunds: RefundRow[];
  refundLines: RefundLineRow[];
  /** The paid attempt a card refund gives back (null for offline orders and unpaid ones). */
  payment: PaymentRow | null;
  method: RefundMethod | null;
  paidKobo: number;
  processedKobo: number;
  heldKobo: number;
  leftKobo: number;
  /** Units of each line given back by refunds that hold money. */
  refundedUnits: Map<number, number>;
  deliveryFeeRefunded: boolean;
}

const holds = (status: string) => REFUNDS_HOLDING_MONEY.includes(status as RefundStatus);

export async function readLedger(q: Queryable, order: Order, lines: OrderLineRow[]): Promise<Ledger> {
  const refunds = await listRefundsOf(q, order.id);
  const refundLines = await listRefundLinesOf(
    q,
    refunds.map((r) => r.id),
  );
  const online = order.paymentMethod === 'online';
  const payment = online && order.paidAt !== null ? await paidPaymentOf(q, order.id) : null;
  // Money the shop holds for this order: the paid card attempt's amount, an offline order's total
  // once staff have seen it arrive (paid_at set), or what a Pay small-small plan's payments came to
  // so far (its deposit and instalments, several payments: given back as a recorded transfer, ADR 099).
  const paidKobo = online
    ? (payment?.amountKobo ?? 0)
    : order.paymentMethod === 'layaway'
      ? await sumSucceededPayments(q, order.id)
      : order.paidAt !== null
        ? order.totalKobo
        : 0;
  const holding = refunds.filter((r) => holds(r.status));
  const holdingIds = new Set(holding.map((r) => r.id));
  const refundedUnits = new Map<number, number>();
  for (const l of refundLines) {
    if (!holdingIds.has(l.refundId)) continue;
    refundedUnits.set(l.orderLineId, (refundedUnits.get(l.orderLineId) ?? 0) + l.quantity);
  }
  const processedKobo = refunds.filter((r) => r.status === 'processed').reduce((a, r) => a + r.amountKobo, 0);
  const heldKobo = holding.reduce((a, r) => a + r.amountKobo, 0);
  const method: RefundMethod | null = !online
    ? 'bank_transfer'
    : payment?.provider === 'paystack' || payment?.provider === 'sandbox'
      ? payment.provider
      : null;
  return {
    order,
    lines,
    refunds,
    refundLines,
    payment,
    method,
    paidKobo,
    processedKobo,
    heldKobo,
    leftKobo: refundableLeft(paidKobo, holding),
    refundedUnits,
    deliveryFeeRefunded: holding.some((r) => r.includesDeliveryFee),
  };
}

export function refundView(
  r: RefundRow,
  lines: RefundLineRow[],
  names: ReadonlyMap<number, string>,
): RefundView {
  return {
    id: r.id,
    status: r.status,
    method: r.provider,
    amountKobo: r.amountKobo,
    includesDeliveryFee: r.includesDeliveryFee,
    reason: r.reasonCode,
    reasonText: r.reasonText,
    note: r.note,
    failureMessage: r.failureMessage,
    requestedBy: r.requestedBy === null ? null : (names.get(r.requestedBy) ?? null),
    approvedBy: r.approvedBy === null ? null : (names.get(r.approvedBy) ?? null),
    lines: lines
      .filter((l) => l.refundId === r.id)
      .map((l) => ({
        lineId: l.orderLineId,
        quantity: l.quantity,
        restock: l.restock,
        amountKobo: l.amountKobo,
      })),
    createdAt: r.createdAt.toISOString(),
    processedAt: r.processedAt?.toISOString() ?? null,
  };
}

export function summaryOf(ledger: Ledger, names: ReadonlyMap<number, string>): RefundSummary {
  const { order } = ledger;
  return {
    trackingNumber: order.trackingNumber,
    paymentMethod: order.paymentMethod,
    method: ledger.method,
    paidKobo: ledger.paidKobo,
    refundedKobo: ledger.processedKobo,
    heldKobo: ledger.heldKobo,
    leftKobo: ledger.leftKobo,
    deliveryFeeKobo: order.deliveryFeeKobo,
    deliveryFeeRefunded: ledger.deliveryFeeRefunded,
    state: refundStateOf(ledger.paidKobo, ledger.processedKobo),
    lines: ledger.lines.map((l) => {
      const refunded = ledger.refundedUnits.get(l.id) ?? 0;
      return {
        lineId: l.id,
        sku: l.sku,
        productName: l.productName,
        variantLabel: l.variantLabel,
        quantityBought: l.quantity,
        quantityRefunded: refunded,
        unitPriceKobo: l.unitPriceKobo,
        totalKobo: l.totalKobo,
        refundableKobo: lineRefundAmount(l, refunded, l.quantity - refunded),
      };
    }),
    refunds: ledger.refunds.map((r) => refundView(r, ledger.refundLines, names)),
  };
}
