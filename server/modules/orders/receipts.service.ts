// Receipts (ADR 098): numbered CH-<year>-<six digits> without gaps per calendar year in Lagos
// time. A paid order's receipt is issued by the order machine in the transaction that makes it
// paid (the `ReceiptIssuer` port); a refund's by `issueRefundReceipt`, which the refunds code
// calls in the transaction that records the refund processed. The receipt page and PDF read a
// receipt through `view`, with the money that came in and went back from the payments (and,
// later, refunds) side through `ReceiptMoneyPort`.
import type { SessionUser } from '#core/contract/account.ts';
import { normalizeTrackingNumber } from '#core/contract/orders.ts';
import {
  type ReceiptPayment,
  type ReceiptRefund,
  type ReceiptView,
  receiptNumber,
} from '#core/contract/receipts.ts';
import type { Queryable } from '#server/db/client.ts';
import { ConflictError } from '#server/platform/errors.ts';
import { findOrderByTracking, listOrderLines, type OrderRow } from './orders.repository.ts';
import { firstName, fullAddress, maskEmail, methodOf, ownedBy } from './orders.tracking.ts';
import {
  findOrderReceipt,
  findRefundReceipt,
  insertReceipts,
  listOrderReceipts,
  type ReceiptRow,
  takeNumbers,
} from './receipts.repository.ts';

const lagosYear = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Africa/Lagos' });

/** The calendar year in Lagos of a moment: the year a receipt issued then is numbered in. */
export function receiptYear(at: Date): number {
  return Number(lagosYear.format(at));
}

/** What the order machine calls when an order becomes paid (on its transaction). */
export interface ReceiptIssuer {
  issueForOrder(q: Queryable, receipt: { orderId: number; at: Date }): Promise<ReceiptRow>;
}

/** A refund as the receipt lists it, from the refunds side (the refund's id names its receipt). */
export interface RefundForReceipt extends Omit<ReceiptRefund, 'receiptNumber'> {
  refundId: number;
}

/**
 * The money of an order, from the modules that hold it: `payments` (the payments module's
 * succeeded payments) and `refunds` (the refunds module's processed refunds; an empty list until
 * it lands — the lead plugs it in services.ts).
 */
export interface ReceiptMoneyPort {
  payments(q: Queryable, orderId: number): Promise<ReceiptPayment[]>;
  refunds(q: Queryable, orderId: number): Promise<RefundForReceipt[]>;
}

export interface ReceiptShop {
  name: string;
  address: string;
  email: string;
  phone: string;
  whatsapp: string;
}

async function issue(
  q: Queryable,
  row: { orderId: number; at: Date; kind: 'order' | 'refund'; refundId: number | null },
): Promise<ReceiptRow> {
  const year = receiptYear(row.at);
  const number = await takeNumbers(q, year);
  const [receipt] = await insertReceipts(q, [
    { year, number, kind: row.kind, orderId: row.orderId, refundId: row.refundId, issuedAt: row.at },
  ]);
  return receipt!;
}

/**
 * The numbering itself, with no other dependency: the machine's port, the refund's receipt and the
 * sample data's batch all take their numbers here, from the one counter per year.
 */
export const receiptNumbering = {
  /** The paid order's receipt, issued once (a second call answers the first receipt). */
  async issueForOrder(q: Queryable, receipt: { orderId: number; at: Date }): Promise<ReceiptRow> {
    return (
      (await findOrderReceipt(q, receipt.orderId)) ?? issue(q, { ...receipt, kind: 'order', refundId: null })
    );
  },

  /**
   * A processed refund's receipt, on the caller's transaction (the one that records the refund
   * processed), issued once per refund.
   */
  async issueRefundReceipt(
    q: Queryable,
    refund: { orderId: number; refundId: number; at?: Date },
  ): Promise<ReceiptRow> {
    const issued = await findRefundReceipt(q, refund.refundId);
    if (issued) {
      if (issued.orderId !== refund.orderId) {
        throw new ConflictError('This refund already has a receipt for another order.');
      }
      return issued;
    }
    return issue(q, {
      orderId: refund.orderId,
      refundId: refund.refundId,
      at: refund.at ?? new Date(),
      kind: 'refund',
    });
  },

  /**
   * Receipts for many paid orders at once (the sample data): in the order the money arrived, each
   * year's numbers taken from its counter in one step.
   */
  async issueForOrders(q: Queryable, paid: { orderId: number; at: Date }[]): Promise<number> {
    const byYear = new Map<number, { orderId: number; at: Date }[]>();
    const sorted = [...paid].sort((a, b) => a.at.getTime() - b.at.getTime() || a.orderId - b.orderId);
    for (const p of sorted) {
      const year = receiptYear(p.at);
      byYear.set(year, [...(byYear.get(year) ?? []), p]);
    }
    for (const [year, list] of [...byYear].sort((a, b) => a[0] - b[0])) {
      const last = await takeNumbers(q, year, list.length);
      const first = last - list.length + 1;
      for (let i = 0; i < list.length; i += 1_000) {
        await insertReceipts(
          q,
          list.slice(i, i + 1_000).map((p, n) => ({
            year,
            number: first + i + n,
            kind: 'order' as const,
            orderId: p.orderId,
            refundId: null,
            issuedAt: p.at,
          })),
        );
      }
    }
    return sorted.length;
  },
} satisfies ReceiptIssuer & Record<string, unknown>;

export function createReceipts(deps: {
  db: Queryable;
  money: ReceiptMoneyPort;
  shop: () => Promise<ReceiptShop>;
}) {
  const { db, money } = deps;

  async function build(order: OrderRow, masked: boolean): Promise<ReceiptView | null> {
    const receipts = await listOrderReceipts(db, order.id);
    const own = receipts.find((r) => r.kind === 'order');
    if (!own) return null;
    const [lines, payments, refunds, shop] = await Promise.all([
      listOrderLines(db, [order.id]),
      money.payments(db, order.id),
      money.refunds(db, order.id),
      deps.shop(),
    ]);
    const refundNumbers = new Map(
      receipts.flatMap((r) => (r.refundId === null ? [] : [[r.refundId, receiptNumber(r.year, r.number)]])),
    );
    const paidKobo = payments.reduce((a, p) => a + p.amountKobo, 0);
    const refundedKobo = refunds.reduce((a, r) => a + r.amountKobo, 0);
    return {
      number: receiptNumber(own.year, own.number),
      issuedAt: own.issuedAt.toISOString(),
      shop: {
        name: shop.name,
        address: shop.address,
        email: shop.email,
        phone: shop.phone,
        whatsapp: shop.whatsapp,
      },
      order: {
        trackingNumber: order.trackingNumber,
        placedAt: order.createdAt.toISOString(),
        paymentMethod: methodOf(order),
        masked,
        customerName: masked ? firstName(order.shipName) : order.shipName,
        email: masked ? maskEmail(order.email) : order.email,
        phone: masked ? null : order.shipPhone,
        address: masked ? `${order.shipCity}, ${order.shipState}` : fullAddress(order),
      },
      lines: lines.map((l) => ({
        productName: l.productName,
        variantLabel: l.variantLabel,
        sku: l.sku,
        quantity: l.quantity,
        unitPriceKobo: l.unitPriceKobo,
        discountKobo: l.discountKobo,
        totalKobo: l.totalKobo,
      })),
      subtotalKobo: order.subtotalKobo,
      discountKobo: order.discountKobo,
      promoCode: order.promoCode,
      deliveryFeeKobo: order.deliveryFeeKobo,
      totalKobo: order.totalKobo,
      payments,
      refunds: refunds.map(({ refundId, ...r }) => ({
        ...r,
        receiptNumber: refundNumbers.get(refundId) ?? null,
      })),
      paidKobo,
      refundedKobo,
      balanceKobo: Math.max(0, order.totalKobo - paidKobo),
    };
  }

  async function orderOf(trackingNumber: string): Promise<OrderRow | null> {
    const number = normalizeTrackingNumber(trackingNumber);
    if (!/^CH\d{6,20}$/.test(number)) return null;
    return findOrderByTracking(db, number);
  }

  return {
    /**
     * The receipt as a storefront visitor may see it — the tracking page's rule (ADR 080): the
     * signed-in owner sees it whole; anyone else holding the tracking number sees the public shape
     * (first name, masked email, city and state). Null — the same 404 as an unknown order — when
     * there is no such order or it has no receipt (not paid).
     */
    async forVisitor(trackingNumber: string, viewer: SessionUser | null): Promise<ReceiptView | null> {
      const order = await orderOf(trackingNumber);
      if (!order) return null;
      return build(order, !(viewer !== null && ownedBy(order, viewer)));
    },

    /** The whole receipt, for the admin portal (behind `orders.view`). */
    async forStaff(trackingNumber: string): Promise<ReceiptView | null> {
      const order = await orderOf(trackingNumber);
      return order ? build(order, false) : null;
    },

    /** The receipt number of an order, if it has one (for links). */
    async numberOf(orderId: number): Promise<string | null> {
      const r = await findOrderReceipt(db, orderId);
      return r ? receiptNumber(r.year, r.number) : null;
    },
  };
}
